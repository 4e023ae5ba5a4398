//! The budgets' bookkeeping: what each budget allows, and when each caller's is full again.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::http::Method;

use crate::domain::ClientAddress;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Budget {
    /// `POST /api/register-waitlist` and `POST /api/waiting-list`: every accepted call may send an email.
    Waitlist,
    /// The three `create-*` calls: each holds stock while its buyer pays.
    PaymentCreation,
    /// Stripe's deliveries come from few addresses in bursts; a forged one costs an HMAC.
    Webhook,
    /// `POST /api/admin/session`, per address: each try costs a password hash, and a crew may sign
    /// in together from the venue's address. Wrong passwords are slowed per account and address
    /// by `admin::sign_in_guard`.
    AdminSignIn,
    /// `POST /api/admin/invitations/{token}`, per address: each costs a password hash; apart from
    /// signing in, so a crew setting its passwords never stops anyone signing in.
    Invitation,
    /// Looking a code up (`?code=` on the catalogue's lists, a quote with a code): each answer
    /// says something of whether the code exists, so guessing codes is slowed to a crawl.
    CodeLookup,
    /// Back-office calls of a signed-in organizer or the admin token, per session or token:
    /// a scanner at the door checks in about one ticket a second, in bursts as a queue forms.
    Staff,
    /// `GET /api/admin/check-in/search`, per session or token: someone at the desk looks up
    /// a person who lost their QR code now and then, never the whole list of names.
    AttendeeSearch,
    /// Every other call that writes.
    Other,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quota {
    pub burst: u32,
    pub every: Duration,
}

impl Budget {
    pub const fn quota(self) -> Quota {
        match self {
            Self::Waitlist => Quota {
                burst: 5,
                every: Duration::from_secs(30),
            },
            Self::PaymentCreation => Quota {
                burst: 10,
                every: Duration::from_secs(10),
            },
            Self::Webhook => Quota {
                burst: 500,
                every: Duration::from_millis(10),
            },
            Self::AdminSignIn => Quota {
                burst: 30,
                every: Duration::from_secs(2),
            },
            Self::Invitation => Quota {
                burst: 20,
                every: Duration::from_secs(6),
            },
            Self::CodeLookup => Quota {
                burst: 20,
                every: Duration::from_secs(3),
            },
            Self::Staff => Quota {
                burst: 60,
                every: Duration::from_secs(1),
            },
            Self::AttendeeSearch => Quota {
                burst: 20,
                every: Duration::from_secs(5),
            },
            Self::Other => Quota {
                burst: 30,
                every: Duration::from_secs(1),
            },
        }
    }

    /// The budget a request draws on, or `None` for calls that are not limited.
    pub(super) fn of(method: &Method, path: &str) -> Option<Self> {
        if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
            return (path == "/api/admin/check-in/search").then_some(Self::AttendeeSearch);
        }
        let call = path.strip_prefix("/api/")?;
        Some(match call {
            "register-waitlist" | "waiting-list" => Self::Waitlist,
            "create-payment-intent" | "create-merchandise-payment" | "create-sponsorship-payment" => {
                Self::PaymentCreation
            }
            "webhooks/stripe" => Self::Webhook,
            "admin/session" if *method == Method::POST => Self::AdminSignIn,
            call if call.starts_with("admin/invitations/") => Self::Invitation,
            _ => Self::Other,
        })
    }

    /// The budget a back-office call draws on once its session or token is known: the name
    /// search keeps its own, every other call shares the staff budget.
    pub(super) fn for_staff(self) -> Self {
        match self {
            Self::AttendeeSearch => Self::AttendeeSearch,
            _ => Self::Staff,
        }
    }
}

/// Whose budget a call draws on.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Caller {
    /// Anyone, by their address.
    Address(ClientAddress),
    /// Staff, by their session (the digest of its token) or the admin token.
    Staff(String),
}

/// Entries kept before expired ones are swept out.
const SWEEP_ABOVE: usize = 10_000;

#[derive(Debug, Default)]
pub struct RateLimiter {
    /// The time at which each caller's budget would be full again, were it to stop now.
    full_at: Mutex<HashMap<(Budget, Caller), Instant>>,
}

impl RateLimiter {
    /// Takes one call from the caller's budget, or answers how long until one is free.
    pub fn take(&self, budget: Budget, caller: Caller, now: Instant) -> Result<(), Duration> {
        let Quota { burst, every } = budget.quota();
        let tolerance = every * burst.saturating_sub(1);
        let mut full_at = self.full_at.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if full_at.len() > SWEEP_ABOVE {
            full_at.retain(|_, at| *at > now);
        }
        let at = full_at
            .get(&(budget, caller.clone()))
            .copied()
            .filter(|at| *at > now)
            .unwrap_or(now);
        let ahead = at.duration_since(now);
        if ahead > tolerance {
            return Err(ahead - tolerance);
        }
        full_at.insert((budget, caller), at + every);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(last: u8) -> Caller {
        Caller::Address(ClientAddress::new(std::net::IpAddr::from([198, 51, 100, last])))
    }

    #[test]
    fn a_client_gets_its_burst_then_one_call_per_interval() {
        let limiter = RateLimiter::default();
        let start = Instant::now();
        let Quota { burst, every } = Budget::Waitlist.quota();
        for _ in 0..burst {
            assert_eq!(limiter.take(Budget::Waitlist, client(1), start), Ok(()));
        }
        let wait = limiter.take(Budget::Waitlist, client(1), start).unwrap_err();
        assert_eq!(wait, every);
        assert!(limiter.take(Budget::Waitlist, client(1), start + every / 2).is_err());
        assert_eq!(limiter.take(Budget::Waitlist, client(1), start + every), Ok(()));
    }

    #[test]
    fn clients_and_budgets_are_counted_apart() {
        let limiter = RateLimiter::default();
        let now = Instant::now();
        for _ in 0..Budget::Waitlist.quota().burst {
            limiter.take(Budget::Waitlist, client(1), now).unwrap();
        }
        assert!(limiter.take(Budget::Waitlist, client(1), now).is_err());
        assert_eq!(limiter.take(Budget::Waitlist, client(2), now), Ok(()));
        assert_eq!(limiter.take(Budget::PaymentCreation, client(1), now), Ok(()));
    }

    #[test]
    fn a_scanner_gets_sixty_at_once_then_one_a_second() {
        let limiter = RateLimiter::default();
        let now = Instant::now();
        let door = || Caller::Staff("session-digest".into());
        for _ in 0..60 {
            assert_eq!(limiter.take(Budget::Staff, door(), now), Ok(()));
        }
        assert!(limiter.take(Budget::Staff, door(), now).is_err());
        assert_eq!(
            limiter.take(Budget::Staff, door(), now + Duration::from_secs(1)),
            Ok(())
        );
        assert_eq!(
            limiter.take(Budget::Other, client(1), now),
            Ok(()),
            "the address's own budget is untouched"
        );
    }

    #[test]
    fn code_lookups_get_twenty_at_once_then_one_every_three_seconds() {
        let limiter = RateLimiter::default();
        let now = Instant::now();
        for _ in 0..20 {
            assert_eq!(limiter.take(Budget::CodeLookup, client(1), now), Ok(()));
        }
        assert_eq!(
            limiter.take(Budget::CodeLookup, client(1), now),
            Err(Duration::from_secs(3))
        );
        assert_eq!(
            limiter.take(Budget::Other, client(1), now),
            Ok(()),
            "the address's other calls go on"
        );
    }

    #[test]
    fn only_writes_under_the_api_and_the_name_search_draw_on_a_budget() {
        assert_eq!(Budget::of(&Method::GET, "/api/tickets"), None);
        assert_eq!(Budget::of(&Method::GET, "/api/admin/check-in/list"), None);
        assert_eq!(
            Budget::of(&Method::GET, "/api/admin/check-in/search"),
            Some(Budget::AttendeeSearch)
        );
        assert_eq!(Budget::AttendeeSearch.for_staff(), Budget::AttendeeSearch);
        assert_eq!(Budget::Other.for_staff(), Budget::Staff);
        assert_eq!(Budget::of(&Method::POST, "/unsubscribe"), None);
        assert_eq!(
            Budget::of(&Method::POST, "/api/register-waitlist"),
            Some(Budget::Waitlist)
        );
        assert_eq!(
            Budget::of(&Method::POST, "/api/create-sponsorship-payment"),
            Some(Budget::PaymentCreation)
        );
        assert_eq!(Budget::of(&Method::POST, "/api/confirm-purchase"), Some(Budget::Other));
        assert_eq!(
            Budget::of(&Method::POST, "/api/admin/session"),
            Some(Budget::AdminSignIn)
        );
        assert_eq!(
            Budget::of(&Method::POST, "/api/admin/invitations/abc"),
            Some(Budget::Invitation)
        );
        assert_eq!(Budget::of(&Method::DELETE, "/api/anything"), Some(Budget::Other));
    }
}
