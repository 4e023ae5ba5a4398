//! `/merchandise/purchase.html`: the merchandise sold at a special price, made from the event
//! file when the server starts, so its items, prices and dates are always the current ones.
//! It works without JavaScript; `purchase.js` narrows it to the offer a link names.

use minijinja::{AutoEscape, Environment, context};
use serde::Serialize;

use crate::domain::Money;
use crate::event::{Event, SpecialOffer};
use crate::precompressed::Precompressed;

const TEMPLATE: &str = include_str!("templates/special_pricing.html");

#[derive(Serialize)]
struct Offer {
    /// The `?type=` that names it.
    key: SpecialOffer,
    id: u32,
    name: String,
    description: String,
    image: String,
    price: String,
    regular_price: Option<String>,
    saving: Option<String>,
    sizes: Option<String>,
    colors: Option<String>,
}

pub fn page(event: &Event, public_url: &str) -> Result<Precompressed, minijinja::Error> {
    let offers: Vec<Offer> = event
        .merchandise
        .iter()
        .filter_map(|item| {
            let key = item.special_offer?;
            let regular = item.regular_price.filter(|regular| *regular > item.price);
            Some(Offer {
                key,
                id: item.id,
                name: item.name.clone(),
                description: item.description.clone(),
                image: item.image.clone(),
                price: item.price.to_string(),
                regular_price: regular.map(|regular| regular.to_string()),
                saving: regular.map(|regular| Money::from_cents(regular.cents() - item.price.cents()).to_string()),
                sizes: (!item.sizes.is_empty()).then(|| item.sizes.join(", ")),
                colors: (!item.colors.is_empty()).then(|| item.colors.join(", ")),
            })
        })
        .collect();
    let description = if offers.is_empty() {
        format!(
            "Merchandise for {}, pre-ordered online and picked up at the conference.",
            event.name
        )
    } else {
        let list: Vec<String> = offers
            .iter()
            .map(|offer| format!("the {} ({})", offer.name, offer.price))
            .collect();
        format!(
            "Special prices on {}, pre-ordered online and picked up at {}.",
            list.join(" and "),
            event.name
        )
    };
    let mut environment = Environment::new();
    environment.set_auto_escape_callback(|_| AutoEscape::Html);
    environment.add_template("special_pricing.html", TEMPLATE)?;
    let html = environment.get_template("special_pricing.html")?.render(context! {
        event => context! {
            name => event.name,
            area => event.venue.area,
            date_label => event.date_label(),
        },
        public_url,
        description,
        offers,
    })?;
    Ok(Precompressed::compress(html, "text/html; charset=utf-8", "no-cache"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn html(event: &Event) -> String {
        String::from_utf8(page(event, "https://codewave.example").unwrap().identity().to_vec()).unwrap()
    }

    fn shipped() -> Event {
        Event::load(std::path::Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../conference.toml"
        )))
        .unwrap()
    }

    #[test]
    fn lists_the_special_offers_of_the_event_file_with_their_prices() {
        let html = html(&shipped());
        assert!(
            html.contains("<title>Special Pricing | CodeWave Miami 2026</title>"),
            "{html}"
        );
        assert!(html.contains("data-offer=\"tshirt\""));
        assert!(html.contains("data-offer=\"cap\""));
        assert!(!html.contains("Hackathon Tee"), "only items with a special offer");
        assert!(html.contains("Special price </span>$5.00"));
        assert!(html.contains("Regular price </span>$29.99"));
        assert!(html.contains("You save $24.99"));
        assert!(html.contains("href=\"/merchandise-checkout/3\""));
        assert!(html.contains("<strong>Size:</strong> one size."));
        assert!(html.contains("in South Beach, Miami, May 18-22, 2026."));
    }

    #[test]
    fn follows_an_edited_event_file() {
        let mut event = shipped();
        let shirt = event.merchandise.iter_mut().find(|item| item.id == 1).unwrap();
        shirt.price = Money::from_cents(700);
        shirt.name = "Wave Tee".into();
        let html = html(&event);
        assert!(html.contains("Special price </span>$7.00"));
        assert!(html.contains("Pre-order the Wave Tee"));
        assert!(!html.contains("$5.00"));
    }

    #[test]
    fn says_so_when_nothing_is_on_special_offer() {
        let mut event = shipped();
        for item in &mut event.merchandise {
            item.special_offer = None;
        }
        let html = html(&event);
        assert!(html.contains("No special offers at the moment"));
        assert!(!html.contains("data-offer="));
    }
}
