//! The landing page's schema.org `Event`, with an `Offer` per ticket whose price and
//! availability follow the price phase, the sales window and the stock, so search engines
//! show what is really on sale, and the approved sponsors.

use serde_json::{Value, json};
use time::format_description::well_known::Rfc3339;

use crate::catalogue::{SalesView, TicketView};
use crate::event::Event;
use crate::sponsors::WallSponsor;

/// JSON-LD for a `<script type="application/ld+json">` element.
pub fn event(event: &Event, public_url: &str, tickets: &[TicketView], sponsors: &[WallSponsor]) -> String {
    let instant = |at: time::OffsetDateTime| at.format(&Rfc3339).unwrap_or_default();
    let offers: Vec<Value> = tickets
        .iter()
        .map(|ticket| {
            let cents = ticket.price.cents();
            json!({
                "@type": "Offer",
                "name": ticket.name,
                "price": format!("{}.{:02}", cents / 100, cents % 100),
                "priceCurrency": "USD",
                "availability": match ticket.sales.sales {
                    SalesView::Open => "https://schema.org/InStock",
                    SalesView::NotYet => "https://schema.org/PreSale",
                    SalesView::Closed => "https://schema.org/Discontinued",
                    SalesView::SoldOut => "https://schema.org/SoldOut",
                },
                "url": format!("{public_url}/checkout/{}", ticket.ticket_type),
            })
        })
        .collect();
    let data = json!({
        "@context": "https://schema.org",
        "@type": "Event",
        "name": event.name,
        "description": event.description,
        "startDate": instant(event.starts_at),
        "endDate": instant(event.ends_at),
        "eventStatus": "https://schema.org/EventScheduled",
        "eventAttendanceMode": "https://schema.org/OfflineEventAttendanceMode",
        "location": {
            "@type": "Place",
            "name": event.venue.name,
            "address": event.venue.address,
        },
        "image": [format!("{public_url}/share-image.png")],
        "url": format!("{public_url}/"),
        "organizer": {
            "@type": "Organization",
            "name": event.short_name,
            "url": format!("{public_url}/"),
            "email": event.contact_email,
        },
        "offers": offers,
        "sponsor": sponsors
            .iter()
            .map(|sponsor| {
                let mut organization = json!({
                    "@type": "Organization",
                    "name": sponsor.name,
                    "logo": format!("{public_url}{}", sponsor.logo_url),
                });
                if let Some(website) = &sponsor.website {
                    organization["url"] = json!(website);
                }
                organization
            })
            .collect::<Vec<Value>>(),
    });
    // Nothing in the data may end the script element.
    data.to_string().replace('<', "\\u003c")
}
