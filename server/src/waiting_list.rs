//! Where the emails of the waiting list for what sold out, the presale and the draw send
//! people. The queue itself, its offers and the units it holds live in `store::waiting_list`.

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
            format!("{site_url}/merchandise-checkout/{id}?code={code}")
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
