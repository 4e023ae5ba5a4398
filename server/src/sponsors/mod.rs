//! What sponsors get besides their passes: a logo that is safe to serve, and a place on the
//! wall of approved sponsors, which the landing and sponsorship pages show as HTML the
//! server fills in, and `/api/sponsors` and the structured data list.

mod logo;

pub use logo::{Logo, LogoError, LogoFormat, inspect};

use serde::Serialize;

use crate::domain::escape_html;
use crate::event::Event;
use crate::store::WallEntry;

/// The largest logo a sponsor may send.
pub const MAX_LOGO_BYTES: usize = 1024 * 1024;

impl LogoFormat {
    /// As the database keeps it.
    pub fn stored(self) -> &'static str {
        self.extension()
    }

    pub fn from_stored(value: &str) -> Option<Self> {
        match value {
            "svg" => Some(Self::Svg),
            "png" => Some(Self::Png),
            _ => None,
        }
    }
}

/// The sponsor's private page; the secret stays in the fragment, which no server logs.
pub fn sponsor_page_url(site_url: &str, token: &str) -> String {
    format!("{}/sponsor#{token}", site_url.trim_end_matches('/'))
}

/// Where the public fetches an approved logo.
pub fn public_logo_path(logo_id: &str) -> String {
    format!("/api/sponsors/logos/{logo_id}")
}

/// One approved sponsor, as `GET /api/sponsors` lists them.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = WallSponsor)]
pub struct WallSponsor {
    /// The tier's value, such as "gold".
    pub tier: String,
    pub tier_label: String,
    pub name: String,
    #[schema(required = true)]
    pub website: Option<String>,
    /// The approved logo, on this site.
    #[schema(example = "/api/sponsors/logos/0f8fad5b-d9cb-469f-a165-70867728950e")]
    pub logo_url: String,
    #[schema(required = true)]
    pub description: Option<String>,
}

/// The wall: approved sponsors of paid sponsorships, highest tiers first, each tier in the
/// order its sponsors paid.
pub fn wall(event: &Event, entries: Vec<WallEntry>) -> Vec<WallSponsor> {
    let mut entries: Vec<(usize, WallEntry)> = entries
        .into_iter()
        .map(|entry| (tier_rank(event, &entry.tier), entry))
        .collect();
    entries.sort_by_key(|(rank, entry)| (*rank, entry.paid_at));
    entries
        .into_iter()
        .map(|(_, entry)| WallSponsor {
            tier_label: event
                .sponsorship_tiers
                .iter()
                .find(|tier| tier.value == entry.tier)
                .map_or_else(|| entry.tier.clone(), |tier| tier.label.clone()),
            tier: entry.tier,
            name: entry.profile.name,
            website: entry.profile.website,
            logo_url: public_logo_path(&entry.profile.logo.id),
            description: entry.profile.description,
        })
        .collect()
}

/// 0 for the dearest tier; tiers the event no longer lists come last.
fn tier_rank(event: &Event, tier: &str) -> usize {
    let Some(amount) = event
        .sponsorship_tiers
        .iter()
        .find(|candidate| candidate.value == tier)
        .map(|tier| tier.amount)
    else {
        return usize::MAX;
    };
    event
        .sponsorship_tiers
        .iter()
        .filter(|other| other.amount > amount)
        .map(|other| other.amount)
        .collect::<std::collections::BTreeSet<_>>()
        .len()
}

/// Each size's logo box, in CSS pixels, and its classes: the first tier on the wall gets the
/// largest, the next the second, and so on. The box is fixed, whatever the logo's
/// proportions, so nothing moves when logos load. The browser app's copy of the wall
/// (web/src/features/sponsors) uses the same boxes.
const LOGO_BOXES: [(&str, u32, u32); 4] = [
    ("h-24 w-60", 240, 96),
    ("h-20 w-48", 192, 80),
    ("h-16 w-40", 160, 64),
    ("h-12 w-32", 128, 48),
];

/// The wall as HTML, for the element `#sponsor-wall` of the pages that show it. The
/// browser app renders the same markup (web/src/features/sponsors) when it has to
/// fetch the wall itself.
pub fn wall_html(sponsors: &[WallSponsor]) -> String {
    if sponsors.is_empty() {
        return "<p class=\"text-center text-muted-foreground\">Your logo could be here. \
                <a href=\"/sponsorship\" class=\"font-semibold text-primary underline underline-offset-4\">\
                Become a sponsor</a></p>"
            .to_owned();
    }
    let mut html = String::from("<div class=\"space-y-12\">");
    let mut start = 0;
    let mut group = 0;
    while start < sponsors.len() {
        let tier = &sponsors[start].tier;
        let end = sponsors[start..]
            .iter()
            .position(|sponsor| &sponsor.tier != tier)
            .map_or(sponsors.len(), |offset| start + offset);
        let (classes, width, height) = LOGO_BOXES[group.min(LOGO_BOXES.len() - 1)];
        group += 1;
        html.push_str(&format!(
            "<div><h3 class=\"mb-6 text-center text-sm font-semibold tracking-widest text-muted-foreground uppercase\">{}</h3>\
             <ul class=\"flex flex-wrap items-start justify-center gap-x-10 gap-y-8\">",
            escape_html(&sponsors[start].tier_label)
        ));
        for sponsor in &sponsors[start..end] {
            let image = format!(
                "<img src=\"{}\" alt=\"{}\" width=\"{width}\" height=\"{height}\" loading=\"lazy\" decoding=\"async\" \
                 class=\"{classes} object-contain\">",
                escape_html(&sponsor.logo_url),
                escape_html(&sponsor.name),
            );
            html.push_str("<li class=\"flex max-w-60 flex-col items-center text-center\">");
            match &sponsor.website {
                Some(website) => html.push_str(&format!(
                    "<a href=\"{}\" rel=\"sponsored noopener\" class=\"rounded-lg p-2 transition-opacity hover:opacity-80\">{image}</a>",
                    escape_html(website)
                )),
                None => html.push_str(&format!("<span class=\"p-2\">{image}</span>")),
            }
            if let Some(description) = &sponsor.description {
                html.push_str(&format!(
                    "<p class=\"mt-2 line-clamp-3 text-sm text-muted-foreground\">{}</p>",
                    escape_html(description)
                ));
            }
            html.push_str("</li>");
        }
        html.push_str("</ul></div>");
        start = end;
    }
    html.push_str("</div>");
    html
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{ApprovedProfile, LogoInfo};

    fn event() -> Event {
        Event::load(std::path::Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../conference.toml"
        )))
        .unwrap()
    }

    fn entry(tier: &str, name: &str, paid_at: i64, website: Option<&str>) -> WallEntry {
        WallEntry {
            order_id: format!("order-{name}"),
            tier: tier.into(),
            paid_at,
            profile: ApprovedProfile {
                name: name.into(),
                website: website.map(Into::into),
                description: Some(format!("{name} <makes> \"things\"")),
                logo: LogoInfo {
                    id: format!("logo-{name}"),
                    format: LogoFormat::Png,
                    width: 600,
                    height: 200,
                },
            },
        }
    }

    #[test]
    fn the_wall_puts_dearer_tiers_first_and_each_tier_in_the_order_it_paid() {
        let event = event();
        let sponsors = wall(
            &event,
            vec![
                entry("silver", "Late Silver", 3, None),
                entry("gold", "Gold", 2, None),
                entry("silver", "Early Silver", 1, None),
                entry("platinum", "Platinum", 4, None),
            ],
        );
        let names: Vec<&str> = sponsors.iter().map(|sponsor| sponsor.name.as_str()).collect();
        assert_eq!(names, ["Platinum", "Gold", "Early Silver", "Late Silver"]);
        assert_eq!(sponsors[1].tier_label, "Gold");
        assert_eq!(sponsors[1].logo_url, "/api/sponsors/logos/logo-Gold");
    }

    #[test]
    fn the_wall_html_links_sponsored_escapes_text_and_sizes_logos_by_tier() {
        let event = event();
        let sponsors = wall(
            &event,
            vec![
                entry("platinum", "Acme & Co", 1, Some("https://acme.dev/?a=1&b=\"2\"")),
                entry("silver", "Bolt", 2, None),
            ],
        );
        let html = wall_html(&sponsors);
        assert!(
            html.contains(r#"<a href="https://acme.dev/?a=1&amp;b=&quot;2&quot;" rel="sponsored noopener""#),
            "{html}"
        );
        assert!(
            html.contains(r#"alt="Acme &amp; Co" width="240" height="96""#),
            "{html}"
        );
        assert!(html.contains(r#"alt="Bolt" width="192" height="80""#), "{html}");
        assert!(
            html.contains("Acme &amp; Co &lt;makes&gt; &quot;things&quot;"),
            "{html}"
        );
        assert!(html.find(">Platinum</h3>") < html.find(">Silver</h3>"), "{html}");
        assert!(!html.contains("<makes>"));
    }

    #[test]
    fn an_empty_wall_invites_sponsors() {
        assert!(wall_html(&[]).contains("href=\"/sponsorship\""));
    }
}
