//! The `.ics` file attached to a ticket receipt (RFC 5545), so the event lands in the
//! attendee's calendar with one tap.

use time::{OffsetDateTime, UtcOffset};

pub(super) const CONTENT_TYPE: &str = "text/calendar; charset=utf-8; method=PUBLISH";

pub(super) struct CalendarEvent<'a> {
    /// Stable for the order, so importing the file twice updates one entry instead of adding two.
    pub uid: &'a str,
    pub stamp: OffsetDateTime,
    pub starts_at: OffsetDateTime,
    pub ends_at: OffsetDateTime,
    pub summary: &'a str,
    pub location: &'a str,
    pub description: &'a str,
    pub url: &'a str,
    pub product: &'a str,
}

/// A VCALENDAR with one VEVENT, lines ending in CRLF and folded at 75 octets.
pub(super) fn ics(event: &CalendarEvent<'_>) -> String {
    let lines = [
        "BEGIN:VCALENDAR".to_owned(),
        "VERSION:2.0".to_owned(),
        format!("PRODID:-//{}//Conference website//EN", text(event.product)),
        "CALSCALE:GREGORIAN".to_owned(),
        "METHOD:PUBLISH".to_owned(),
        "BEGIN:VEVENT".to_owned(),
        format!("UID:{}", text(event.uid)),
        format!("DTSTAMP:{}", utc(event.stamp)),
        format!("DTSTART:{}", utc(event.starts_at)),
        format!("DTEND:{}", utc(event.ends_at)),
        format!("SUMMARY:{}", text(event.summary)),
        format!("LOCATION:{}", text(event.location)),
        format!("DESCRIPTION:{}", text(event.description)),
        format!("URL:{}", uri(event.url)),
        "STATUS:CONFIRMED".to_owned(),
        "END:VEVENT".to_owned(),
        "END:VCALENDAR".to_owned(),
    ];
    lines.iter().map(|line| fold(line)).collect()
}

/// A file name from the event's name: "CodeWave Miami 2026" → "codewave-miami-2026.ics".
pub(super) fn filename(event_name: &str) -> String {
    let slug = event_name
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_ascii_lowercase)
        .collect::<Vec<_>>()
        .join("-");
    if slug.is_empty() {
        "event.ics".to_owned()
    } else {
        format!("{slug}.ics")
    }
}

/// The host of the site's address, which makes the UID globally unique (RFC 5545 §3.8.4.7).
pub(super) fn uid_host(site_url: &str) -> &str {
    let after_scheme = site_url.split_once("://").map_or(site_url, |(_, rest)| rest);
    let authority = after_scheme.split(['/', '?', '#']).next().unwrap_or_default();
    let host = authority.rsplit('@').next().unwrap_or_default();
    let host = host.split(':').next().unwrap_or_default();
    if host.is_empty() { "localhost" } else { host }
}

/// Form #2 of RFC 5545 §3.3.5: UTC, marked with Z.
fn utc(instant: OffsetDateTime) -> String {
    let instant = instant.to_offset(UtcOffset::UTC);
    format!(
        "{:04}{:02}{:02}T{:02}{:02}{:02}Z",
        instant.year(),
        u8::from(instant.month()),
        instant.day(),
        instant.hour(),
        instant.minute(),
        instant.second()
    )
}

/// A TEXT value (RFC 5545 §3.3.11); control characters, which the format forbids, are dropped.
fn text(value: &str) -> String {
    let mut escaped = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => escaped.push_str("\\\\"),
            ';' => escaped.push_str("\\;"),
            ',' => escaped.push_str("\\,"),
            '\n' => escaped.push_str("\\n"),
            '\t' => escaped.push(' '),
            c if c.is_control() => {}
            c => escaped.push(c),
        }
    }
    escaped
}

/// A URI value is not escaped, but must stay on its one logical line.
fn uri(value: &str) -> String {
    value.chars().filter(|c| !c.is_control()).collect()
}

/// Folds a content line so no physical line exceeds 75 octets, never inside a UTF-8 sequence
/// nor, for the sake of lenient parsers, inside a backslash escape.
fn fold(line: &str) -> String {
    const LIMIT: usize = 75;
    let mut folded = String::with_capacity(line.len() + line.len() / LIMIT * 3 + 2);
    let mut octets = 0;
    let mut chars = line.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        let end = match (c, chars.peek()) {
            ('\\', Some(&(next, escaped))) => {
                chars.next();
                next + escaped.len_utf8()
            }
            _ => start + c.len_utf8(),
        };
        let unit = &line[start..end];
        if octets + unit.len() > LIMIT {
            folded.push_str("\r\n ");
            octets = 1;
        }
        folded.push_str(unit);
        octets += unit.len();
    }
    folded.push_str("\r\n");
    folded
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_fold_at_75_octets_without_splitting_characters() {
        let line = format!("DESCRIPTION:{}", "Café ☀ ".repeat(30));

        let folded = fold(&line);

        assert!(folded.ends_with("\r\n"));
        let physical: Vec<&str> = folded.trim_end_matches("\r\n").split("\r\n").collect();
        assert!(physical.len() > 3, "{physical:?}");
        assert!(physical.iter().all(|part| part.len() <= 75), "{physical:?}");
        assert!(physical[1..].iter().all(|part| part.starts_with(' ')));
        let unfolded: String = physical
            .iter()
            .enumerate()
            .map(|(index, part)| if index == 0 { *part } else { &part[1..] })
            .collect();
        assert_eq!(unfolded, line);
    }

    #[test]
    fn folds_never_split_an_escape() {
        for padding in 0..4 {
            let line = format!("LOCATION:{}{}", "x".repeat(60 + padding), text("a, b; c\\d, e, f"));

            let folded = fold(&line);

            let physical: Vec<&str> = folded.trim_end_matches("\r\n").split("\r\n").collect();
            assert_eq!(physical.len(), 2, "{physical:?}");
            assert!(physical.iter().all(|part| part.len() <= 75));
            let trailing_backslashes = physical[0].chars().rev().take_while(|&c| c == '\\').count();
            assert!(
                trailing_backslashes % 2 == 0,
                "an escape split across lines: {physical:?}"
            );
            assert_eq!(format!("{}{}", physical[0], &physical[1][1..]), line);
        }
    }

    #[test]
    fn text_values_escape_the_characters_rfc_5545_reserves() {
        assert_eq!(
            text("Hall A; Room 2, back\\side\nline two\r"),
            "Hall A\\; Room 2\\, back\\\\side\\nline two"
        );
    }

    #[test]
    fn file_names_and_uid_hosts_come_from_the_event_and_site() {
        assert_eq!(filename("CodeWave Miami 2026"), "codewave-miami-2026.ics");
        assert_eq!(filename("  ¡!  "), "event.ics");
        assert_eq!(uid_host("https://codewave.events/"), "codewave.events");
        assert_eq!(uid_host("http://user@localhost:8080/path"), "localhost");
        assert_eq!(uid_host(""), "localhost");
    }
}
