//! What the exports say about this site's event: the event file's name, time zone and dates, and the site's address.

use time::OffsetDateTime;

use super::ExportInfo;
use crate::event::Event;

impl ExportInfo {
    /// Version `number` of the event's programme, published at `published_at`.
    pub fn for_event(event: &Event, public_url: &str, number: i64, published_at: OffsetDateTime) -> Self {
        let venue = event.starts_at.offset();
        Self {
            title: event.name.clone(),
            acronym: acronym(&event.short_name, event.starts_at.year()),
            version: format!("v{number}"),
            timezone_name: event.timezone.clone(),
            public_url: public_url.trim_end_matches('/').to_owned(),
            venue,
            first_day: event.starts_at.date(),
            last_day: event.ends_at.to_offset(venue).date(),
            published_at,
        }
    }
}

/// The short name's letters and digits, lower-case, with the edition's year, e.g. `codewave2026`: what the c3voc
/// schema allows, and at least four characters long as it asks.
fn acronym(short_name: &str, year: i32) -> String {
    let mut acronym: String = short_name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let year = format!("{year:04}");
    if !acronym.ends_with(&year) {
        acronym.push_str(&year);
    }
    acronym
}

#[cfg(test)]
mod tests {
    use super::acronym;

    #[test]
    fn the_acronym_is_the_short_name_and_year_in_the_schemas_letters() {
        assert_eq!(acronym("CodeWave", 2026), "codewave2026");
        assert_eq!(acronym("Rust Nation UK 2026", 2026), "rustnationuk2026");
        assert_eq!(acronym("Fête", 2027), "fte2027");
        assert_eq!(acronym("", 2026), "2026");
    }
}
