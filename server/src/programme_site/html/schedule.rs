//! `/schedule`: one day's sessions, filtered by track, kind and level (all kept in the address). The server writes
//! one list; wide screens place it as a grid of rooms by time, phones read it as a list by time.

use std::collections::HashMap;
use std::fmt::Write;

use time::macros::format_description;
use time::{Date, OffsetDateTime};

use super::parts::{CardOptions, GridPlace, kind_label, session_card, short_day};
use crate::domain::escape_html as e;
use crate::programme::SessionKind;
use crate::programme_site::view::{Listed, View};

/// What the visitor asked to see; values the programme does not have are ignored.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Filters {
    /// None when the programme has no sessions.
    pub day: Option<Date>,
    /// A track's source id.
    pub track: Option<String>,
    pub kind: Option<SessionKind>,
    pub level: Option<String>,
}

impl Filters {
    /// From the query's `day`, `track`, `kind` and `level`; without a known day, `today` during the event, else the
    /// first day.
    pub fn parse(view: &View, query: &HashMap<String, String>, today: Date) -> Self {
        let asked = |name: &str| query.get(name).map(String::as_str).filter(|value| !value.is_empty());
        let day = asked("day")
            .and_then(|day| Date::parse(day, format_description!("[year]-[month]-[day]")).ok())
            .filter(|day| view.days.contains(day))
            .or_else(|| view.days.contains(&today).then_some(today))
            .or_else(|| view.days.first().copied());
        let track = asked("track")
            .filter(|track| view.track(Some(*track)).is_some())
            .map(str::to_owned);
        let kind = asked("kind").and_then(SessionKind::parse);
        let level = asked("level")
            .filter(|level| levels(view).contains(level))
            .map(str::to_owned);
        Self {
            day,
            track,
            kind,
            level,
        }
    }

    fn keeps(&self, listed: &Listed) -> bool {
        let session = &listed.session;
        (self.track.is_none() || session.track == self.track)
            && self.kind.is_none_or(|kind| session.kind == kind)
            && (self.level.is_none() || session.level == self.level)
    }

    /// The query for `day` with these filters.
    fn query(&self, day: Date) -> String {
        let mut query = format!("?day={day}");
        for (name, value) in [
            ("track", self.track.as_deref()),
            ("kind", self.kind.map(SessionKind::as_str)),
            ("level", self.level.as_deref()),
        ] {
            if let Some(value) = value {
                let _ = write!(query, "&{name}={}", encode(value));
            }
        }
        query
    }
}

/// The levels sessions have, in the order they first appear.
fn levels(view: &View) -> Vec<&str> {
    let mut levels: Vec<&str> = Vec::new();
    for level in view.listed.iter().filter_map(|listed| listed.session.level.as_deref()) {
        if !levels.contains(&level) {
            levels.push(level);
        }
    }
    levels
}

/// A query value, percent-encoded but for unreserved characters.
fn encode(value: &str) -> String {
    let mut encoded = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.~".contains(&byte) {
            encoded.push(char::from(byte));
        } else {
            let _ = write!(encoded, "%{byte:02X}");
        }
    }
    encoded
}

pub fn page(view: &View, filters: &Filters) -> String {
    let mut html = String::with_capacity(16 * 1024);
    let _ = write!(
        html,
        "<div class=\"mx-auto max-w-7xl space-y-6 px-4 py-10\"><header class=\"space-y-2\">\
         <h1 class=\"text-3xl font-bold tracking-tight md:text-4xl\">Schedule</h1>\
         <p class=\"text-muted-foreground\">Times are {} ({}). <a class=\"text-primary underline\" \
         href=\"/my-schedule\">My schedule</a> · <a class=\"text-primary underline\" href=\"/speakers\">Speakers</a> · \
         <a class=\"text-primary underline\" href=\"/schedule/changes\">Changes</a></p></header>\
         <div data-now-next hidden class=\"rounded-xl border bg-card p-4 text-sm\"></div>",
        e(&view.zone_label),
        e(&view.timezone)
    );
    day_tabs(&mut html, view, filters);
    filters_form(&mut html, view, filters);
    match filters.day {
        Some(day) => day_grid(&mut html, view, filters, day),
        None => html.push_str("<p class=\"text-muted-foreground\">The programme has no sessions yet.</p>"),
    }
    html.push_str("</div>");
    html
}

fn day_tabs(html: &mut String, view: &View, filters: &Filters) {
    html.push_str("<nav aria-label=\"Days\"><ul class=\"flex flex-wrap gap-2\">");
    for &day in &view.days {
        let (current, look) = if Some(day) == filters.day {
            (" aria-current=\"page\"", "bg-primary text-primary-foreground")
        } else {
            ("", "bg-card hover:bg-muted")
        };
        let _ = write!(
            html,
            "<li><a href=\"/schedule{}\"{current} class=\"block rounded-full border px-4 py-2 text-sm font-medium \
             {look}\">{}</a></li>",
            e(&filters.query(day)),
            short_day(day)
        );
    }
    html.push_str("</ul></nav>");
}

fn filters_form(html: &mut String, view: &View, filters: &Filters) {
    html.push_str(
        // Two columns on a phone, so the button the enhancer hides shares the last row with a select: the form keeps
        // its height and the schedule under it does not move.
        "<form data-filters method=\"get\" action=\"/schedule\" class=\"grid grid-cols-2 items-end gap-3 rounded-xl \
         border bg-card p-4 md:flex md:flex-wrap\">",
    );
    if let Some(day) = filters.day {
        let _ = write!(html, "<input type=\"hidden\" name=\"day\" value=\"{day}\">");
    }
    let tracks: Vec<(&str, &str)> = (view.programme.tracks.iter())
        .map(|track| (track.source_id.as_str(), track.name.as_str()))
        .collect();
    select(html, "track", "Track", "All tracks", &tracks, filters.track.as_deref());
    let mut kinds: Vec<SessionKind> = view.listed.iter().map(|listed| listed.session.kind).collect();
    kinds.sort();
    kinds.dedup();
    let kinds: Vec<(&str, &str)> = kinds.iter().map(|&kind| (kind.as_str(), kind_label(kind))).collect();
    select(
        html,
        "kind",
        "Kind",
        "All kinds",
        &kinds,
        filters.kind.map(SessionKind::as_str),
    );
    let levels: Vec<(&str, &str)> = levels(view).into_iter().map(|level| (level, level)).collect();
    select(html, "level", "Level", "All levels", &levels, filters.level.as_deref());
    html.push_str(
        "<button type=\"submit\" data-filters-apply class=\"rounded-md bg-primary px-4 py-2 text-sm font-medium \
         text-primary-foreground\">Apply filters</button></form>",
    );
}

/// A `<select>` of `(value, label)` options with an "all" option first.
fn select(html: &mut String, name: &str, label: &str, all: &str, options: &[(&str, &str)], chosen: Option<&str>) {
    let _ = write!(
        html,
        "<label class=\"flex min-w-0 flex-col gap-1 text-sm font-medium\">{label}<select name=\"{name}\" \
         class=\"w-full rounded-md border bg-background px-3 py-2\"><option value=\"\">{all}</option>"
    );
    for (value, text) in options {
        let selected = if chosen == Some(*value) { " selected" } else { "" };
        let _ = write!(html, "<option value=\"{}\"{selected}>{}</option>", e(value), e(text));
    }
    html.push_str("</select></label>");
}

fn day_grid(html: &mut String, view: &View, filters: &Filters, day: Date) {
    let sessions: Vec<&Listed> = (view.listed.iter())
        .filter(|listed| view.day_of(&listed.session) == day && filters.keeps(listed))
        .collect();
    let _ = write!(html, "<section aria-label=\"{}\">", short_day(day));
    if sessions.is_empty() {
        let _ = write!(
            html,
            "<p class=\"text-muted-foreground\">No sessions on this day match these filters. <a class=\"text-primary \
             underline\" href=\"/schedule?day={day}\">Show them all</a></p></section>"
        );
        return;
    }
    // The columns: the rooms these sessions are in, in the programme's order.
    let columns: Vec<&str> = (view.programme.rooms.iter())
        .map(|room| room.source_id.as_str())
        .filter(|room| {
            sessions
                .iter()
                .any(|listed| listed.session.room.as_deref() == Some(*room))
        })
        .collect();
    // The rows: every instant a session starts or ends, after a row of room names.
    let mut instants: Vec<_> = (sessions.iter())
        .flat_map(|listed| [listed.session.start, listed.session.end])
        .collect();
    instants.sort();
    instants.dedup();
    let line = |at: OffsetDateTime| instants.binary_search(&at).unwrap_or_default() + 2;
    let _ = write!(
        html,
        "<ol class=\"grid gap-3 md:auto-rows-[minmax(2.5rem,auto)] \
         md:grid-cols-[repeat(var(--rooms),minmax(10rem,1fr))]\" style=\"--rooms:{}\">",
        columns.len().max(1)
    );
    for (position, room) in columns.iter().enumerate() {
        if let Some(room) = view.room(Some(*room)) {
            let _ = write!(
                html,
                "<li aria-hidden=\"true\" style=\"--col:{};--row:1\" class=\"hidden font-semibold md:block \
                 md:[grid-column:var(--col)] md:[grid-row:var(--row)]\">{}</li>",
                position + 1,
                e(&room.name)
            );
        }
    }
    for listed in sessions {
        let session = &listed.session;
        let room_column = (session.room.as_deref())
            .and_then(|room| columns.iter().position(|column| *column == room))
            .filter(|_| session.kind != SessionKind::Break);
        let column = room_column.map_or_else(|| "1 / -1".to_owned(), |position| (position + 1).to_string());
        let (from, to) = (line(session.start), line(session.end));
        let place = GridPlace {
            column,
            row: format!("{from} / {}", to.max(from + 1)),
        };
        session_card(
            html,
            view,
            listed,
            &CardOptions {
                anchor: true,
                place: Some(place),
                extra: "",
            },
        );
    }
    html.push_str("</ol></section>");
}

#[cfg(test)]
mod tests {
    use super::encode;

    #[test]
    fn query_values_are_percent_encoded() {
        assert_eq!(encode("web-dev_1.x~"), "web-dev_1.x~");
        assert_eq!(encode("a b&c=d"), "a%20b%26c%3Dd");
    }
}
