//! Where the emails of the waiting list for what sold out, the presale and the draw send
//! people. The queue itself, its offers and the units it holds live in `store::waiting_list`.

use crate::api::email_page::url_component;
use crate::domain::OrderKind;
use crate::store::WaitingListEntry;

/// The checkout of the entry's item with the offer's code filled in. Ticket types and tiers
/// are slugs and codes are letters, digits, `-` and `_`: nothing in them needs escaping.
pub fn checkout_url(site_url: &str, entry: &WaitingListEntry, code: &str) -> String {
    let option = |key: &str| {
        entry
            .options
            .get(key)
            .and_then(|value| value.as_str())
            .unwrap_or_default()
    };
    match entry.kind {
        OrderKind::Ticket => format!("{site_url}/checkout/{}?code={code}", option("ticketType")),
        OrderKind::Merchandise => {
            let id = entry.sku.trim_start_matches("merchandise:");
            // The size and colour waited for, chosen already on the checkout.
            let variant: String = ["size", "color"]
                .iter()
                .filter_map(|key| Some(format!("&{key}={}", url_component(entry.options.get(key)?.as_str()?))))
                .collect();
            format!("{site_url}/merchandise-checkout/{id}?code={code}{variant}")
        }
        OrderKind::Sponsorship => format!("{site_url}/sponsor-payment?tier={}&code={code}", option("tier")),
    }
}

/// The checkout of the ticket whose stock key is `sku`, with `code` filled in; `None` for
/// what is not a ticket.
pub fn ticket_checkout_url(site_url: &str, sku: &str, code: &str) -> Option<String> {
    let ticket_type = sku.strip_prefix("ticket:")?;
    Some(format!("{site_url}/checkout/{ticket_type}?code={code}"))
}

/// The "No thanks" page of an offer, which passes its units to the next entry.
pub fn decline_url(site_url: &str, token: &str) -> String {
    format!("{site_url}/waiting-list/decline?token={token}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::EntryState;

    #[test]
    fn a_merchandise_offer_links_to_its_checkout_in_the_size_and_colour_waited_for() {
        let entry = WaitingListEntry {
            id: "entry-1".into(),
            kind: OrderKind::Merchandise,
            sku: "merchandise:1".into(),
            variant_sku: Some("merchandise:1:XXL:Ocean Blue".into()),
            item_name: "Conference T-Shirt".into(),
            options: serde_json::json!({ "merchandiseId": 1, "size": "XXL", "color": "Ocean Blue" }),
            name: "Wanda Waiting".into(),
            email: "wanda@example.com".into(),
            quantity: 1,
            state: EntryState::Offered,
            code: None,
            offered_at: None,
            offer_expires_at: None,
            passed_over_at: None,
            created_at: 0,
        };
        assert_eq!(
            checkout_url("https://codewave.events", &entry, "WAIT-7K3P9QXM"),
            "https://codewave.events/merchandise-checkout/1?code=WAIT-7K3P9QXM&size=XXL&color=Ocean%20Blue"
        );
        let ticket = WaitingListEntry {
            kind: OrderKind::Ticket,
            sku: "ticket:vip".into(),
            variant_sku: None,
            options: serde_json::json!({ "ticketType": "vip" }),
            ..entry
        };
        assert_eq!(
            checkout_url("https://codewave.events", &ticket, "WAIT-7K3P9QXM"),
            "https://codewave.events/checkout/vip?code=WAIT-7K3P9QXM"
        );
    }
}
