//! Who may make which back-office call: the four roles and the one table of calls.
//!
//! Every admin call is looked up here by its method and route before its handler runs
//! (`AdminActor`); a call missing from the table is refused to everyone, and a test walks
//! every route of the admin router against it, so a new call cannot be left open.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Everything, and people.
    Owner,
    /// Orders, refunds, exports, codes, sponsors, invoices, emails and the programme.
    Manager,
    /// Reads orders, resends emails, writes notes; no refunds, no exports.
    Support,
    /// Check-in and the pickup desk only.
    Door,
}

impl Role {
    pub const ALL: [Self; 4] = [Self::Owner, Self::Manager, Self::Support, Self::Door];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Owner => "owner",
            Self::Manager => "manager",
            Self::Support => "support",
            Self::Door => "door",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|role| role.as_str() == value)
    }

    /// Whether this role sees buyers' emails and the money of orders (the door does not).
    pub fn sees_buyers(self) -> bool {
        self != Self::Door
    }
}

/// Who may make a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// No sign-in: signing in and out, accepting an invitation.
    Public,
    /// Signed-in staff of these roles.
    Roles(&'static [Role]),
}

impl Access {
    pub fn admits(self, role: Role) -> bool {
        match self {
            Self::Public => true,
            Self::Roles(roles) => roles.contains(&role),
        }
    }
}

const EVERYONE: Access = Access::Roles(&Role::ALL);
const OWNER: Access = Access::Roles(&[Role::Owner]);
const MANAGERS: Access = Access::Roles(&[Role::Owner, Role::Manager]);
const ORDER_DESK: Access = Access::Roles(&[Role::Owner, Role::Manager, Role::Support]);
const DOOR: Access = Access::Roles(&[Role::Owner, Role::Manager, Role::Door]);
const SEATS_DESK: Access = Access::Roles(&Role::ALL);

/// Every back-office call by method and route (as the router names it), and who may make it.
pub const CALLS: &[(&str, &str, Access)] = &[
    ("GET", "/api/admin/session", EVERYONE),
    ("POST", "/api/admin/session", Access::Public),
    ("DELETE", "/api/admin/session", Access::Public),
    ("POST", "/api/admin/invitations/{token}", Access::Public),
    ("GET", "/api/admin/staff", OWNER),
    ("POST", "/api/admin/staff", OWNER),
    ("PATCH", "/api/admin/staff/{id}", OWNER),
    ("GET", "/api/admin/dashboard", ORDER_DESK),
    ("GET", "/api/admin/orders", ORDER_DESK),
    ("GET", "/api/admin/orders/{id}", ORDER_DESK),
    ("GET", "/api/admin/questions/totals", ORDER_DESK),
    ("POST", "/api/admin/orders/{id}/notes", ORDER_DESK),
    ("POST", "/api/admin/orders/{id}/resend-confirmation", ORDER_DESK),
    ("POST", "/api/admin/orders/{id}/refund", MANAGERS),
    ("GET", "/api/admin/emails", ORDER_DESK),
    ("POST", "/api/admin/emails/{id}/retry", ORDER_DESK),
    ("GET", "/api/admin/waitlist", MANAGERS),
    ("GET", "/api/admin/waiting-list", MANAGERS),
    ("POST", "/api/admin/waiting-list/{id}/move-up", MANAGERS),
    ("POST", "/api/admin/waiting-list/{id}/offer", MANAGERS),
    ("DELETE", "/api/admin/waiting-list/{id}", MANAGERS),
    ("GET", "/api/admin/presales", MANAGERS),
    ("POST", "/api/admin/presales", MANAGERS),
    ("GET", "/api/admin/draws", MANAGERS),
    ("POST", "/api/admin/draws", MANAGERS),
    ("POST", "/api/admin/draws/{id}/draw", MANAGERS),
    ("GET", "/api/admin/sponsorships", MANAGERS),
    ("POST", "/api/admin/sponsorships/{order_id}/review", MANAGERS),
    ("GET", "/api/admin/sponsorships/{order_id}/logo", MANAGERS),
    ("GET", "/api/admin/sponsorships/logos.zip", MANAGERS),
    ("POST", "/api/admin/sponsorships/{order_id}/page-link", MANAGERS),
    ("GET", "/api/admin/exports/{name}", MANAGERS),
    ("GET", "/api/admin/codes", MANAGERS),
    ("POST", "/api/admin/codes", MANAGERS),
    ("PATCH", "/api/admin/codes/{id}", MANAGERS),
    ("POST", "/api/admin/codes/import", MANAGERS),
    ("GET", "/api/admin/invoices", MANAGERS),
    ("GET", "/api/admin/invoices/ledger.csv", MANAGERS),
    ("GET", "/api/admin/invoices/pdfs.zip", MANAGERS),
    ("GET", "/api/admin/invoices/{number}", MANAGERS),
    ("POST", "/api/admin/programme/import", MANAGERS),
    ("PUT", "/api/admin/programme/speakers/{slug}/photo", MANAGERS),
    ("DELETE", "/api/admin/programme/speakers/{slug}/photo", MANAGERS),
    ("GET", "/api/admin/programme/versions", ORDER_DESK),
    ("GET", "/api/admin/sessions", SEATS_DESK),
    ("GET", "/api/admin/sessions/{slug}", SEATS_DESK),
    ("GET", "/api/admin/sessions/{slug}/roster.csv", ORDER_DESK),
    ("PATCH", "/api/admin/sessions/{slug}", MANAGERS),
    ("POST", "/api/admin/sessions/{slug}/message", MANAGERS),
    ("POST", "/api/admin/messages/preview", MANAGERS),
    ("POST", "/api/admin/messages", MANAGERS),
    ("GET", "/api/admin/messages", ORDER_DESK),
    ("POST", "/api/admin/messages/{id}/cancel", MANAGERS),
    ("GET", "/api/admin/privacy", ORDER_DESK),
    ("POST", "/api/admin/privacy/erase", OWNER),
    ("POST", "/api/admin/check-in", DOOR),
    ("POST", "/api/admin/check-in/batch", DOOR),
    ("GET", "/api/admin/check-in/list", DOOR),
    ("GET", "/api/admin/check-in/search", DOOR),
    ("GET", "/api/admin/pickups", DOOR),
    ("POST", "/api/admin/pickups", DOOR),
    ("GET", "/api/admin/pick-list", DOOR),
    ("GET", "/api/admin/badges.pdf", DOOR),
];

/// Who may make the call `method route`; `None` for a call the table does not know,
/// which is refused to everyone.
pub fn access(method: &str, route: &str) -> Option<Access> {
    CALLS
        .iter()
        .find(|(known_method, known_route, _)| *known_method == method && *known_route == route)
        .map(|(_, _, access)| *access)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_door_checks_in_and_nothing_about_money() {
        assert!(access("POST", "/api/admin/check-in").unwrap().admits(Role::Door));
        assert!(
            !access("POST", "/api/admin/orders/{id}/refund")
                .unwrap()
                .admits(Role::Door)
        );
        assert!(
            !access("POST", "/api/admin/orders/{id}/refund")
                .unwrap()
                .admits(Role::Support)
        );
        assert!(
            !access("GET", "/api/admin/exports/{name}")
                .unwrap()
                .admits(Role::Support)
        );
        assert!(access("GET", "/api/admin/orders/{id}").unwrap().admits(Role::Support));
        assert_eq!(access("GET", "/api/admin/unknown"), None);
    }

    #[test]
    fn the_door_sees_workshop_sessions_but_changes_and_exports_none() {
        assert!(access("GET", "/api/admin/sessions/{slug}").unwrap().admits(Role::Door));
        assert!(
            !access("GET", "/api/admin/sessions/{slug}/roster.csv")
                .unwrap()
                .admits(Role::Door)
        );
        assert!(
            !access("PATCH", "/api/admin/sessions/{slug}")
                .unwrap()
                .admits(Role::Support)
        );
        assert!(
            !access("POST", "/api/admin/sessions/{slug}/message")
                .unwrap()
                .admits(Role::Support)
        );
    }

    #[test]
    fn the_answers_totals_are_for_the_order_desk_not_the_door() {
        let totals = access("GET", "/api/admin/questions/totals").unwrap();
        assert!(totals.admits(Role::Support) && totals.admits(Role::Manager) && totals.admits(Role::Owner));
        assert!(!totals.admits(Role::Door));
    }

    #[test]
    fn each_call_is_listed_once() {
        let mut seen = std::collections::HashSet::new();
        for (method, route, _) in CALLS {
            assert!(seen.insert((method, route)), "{method} {route} is listed twice");
        }
    }

    #[test]
    fn roles_read_back_from_their_names() {
        for role in Role::ALL {
            assert_eq!(Role::parse(role.as_str()), Some(role));
        }
        assert_eq!(Role::parse("admin"), None);
    }
}
