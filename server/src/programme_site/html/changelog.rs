//! `/schedule/changes`: every version of the programme, newest first, as "v3: 2 sessions moved, 1 added", with
//! what moved from where to where.

use std::fmt::Write;

use time::macros::format_description;

use super::parts::slot;
use crate::domain::escape_html as e;
use crate::programme::Changes;
use crate::programme_site::view::View;

pub fn page(view: &View) -> String {
    let mut html = String::with_capacity(4 * 1024);
    html.push_str(
        "<div class=\"mx-auto max-w-3xl space-y-6 px-4 py-10\"><h1 class=\"text-3xl font-bold tracking-tight\">\
         Schedule changes</h1><p class=\"text-muted-foreground\">Each import of the programme is a version; the \
         newest comes first. <a class=\"text-primary underline\" href=\"/schedule\">Back to the schedule</a></p>\
         <ol class=\"space-y-4\">",
    );
    for version in &view.versions {
        let applied = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(version.applied_at) * 1_000_000)
            .unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
            .to_offset(view.venue);
        let _ = write!(
            html,
            "<li id=\"v{number}\" class=\"space-y-2 rounded-xl border bg-card p-4\"><h2 class=\"font-semibold\">v{number}: \
             {}</h2><p class=\"text-sm text-muted-foreground\">Published {}</p>",
            summary(&version.changes),
            applied
                .format(format_description!(
                    "[day padding:none] [month repr:long] [year], [hour]:[minute]"
                ))
                .unwrap_or_default(),
            number = version.number,
        );
        if !version.changes.moved.is_empty() {
            html.push_str("<ul class=\"list-disc space-y-1 pl-5 text-sm\">");
            for moved in &version.changes.moved {
                let title =
                    (view.session(&moved.session)).map_or(moved.session.as_str(), |listed| &listed.session.title);
                let _ = write!(
                    html,
                    "<li><a class=\"text-primary underline\" href=\"/sessions/{}\">{}</a> moved from {} to {}</li>",
                    e(&moved.session),
                    e(title),
                    slot(view, &moved.from),
                    slot(view, &moved.to)
                );
            }
            html.push_str("</ul>");
        }
        html.push_str("</li>");
    }
    html.push_str("</ol></div>");
    html
}

/// "2 sessions moved, 1 added; 1 speaker added".
fn summary(changes: &Changes) -> String {
    let moved = u32::try_from(changes.moved.len()).unwrap_or(u32::MAX);
    let sessions = counts(
        "session",
        &[
            (moved, "moved"),
            (changes.sessions_added, "added"),
            (changes.sessions_changed.saturating_sub(moved), "changed"),
            (changes.sessions_removed, "cancelled"),
        ],
    );
    let speakers = counts(
        "speaker",
        &[
            (changes.speakers_added, "added"),
            (changes.speakers_changed, "changed"),
            (changes.speakers_removed, "removed"),
        ],
    );
    let parts: Vec<String> = [sessions, speakers].into_iter().flatten().collect();
    if parts.is_empty() {
        "rooms or tracks updated".to_owned()
    } else {
        parts.join("; ")
    }
}

/// "2 sessions moved, 1 added": the noun once, with the first count.
fn counts(noun: &str, counts: &[(u32, &str)]) -> Option<String> {
    let parts: Vec<String> = (counts.iter())
        .filter(|(count, _)| *count > 0)
        .enumerate()
        .map(|(position, (count, what))| match (position, count) {
            (0, 1) => format!("1 {noun} {what}"),
            (0, _) => format!("{count} {noun}s {what}"),
            _ => format!("{count} {what}"),
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::summary;
    use crate::programme::{Changes, Moved, Slot};

    #[test]
    fn the_summary_counts_what_changed_naming_each_kind_once() {
        let at = time::macros::datetime!(2026-05-18 14:30 -4);
        let slot = Slot {
            start: at,
            end: at,
            room: None,
        };
        let moved = Moved {
            session: "a".into(),
            from: slot.clone(),
            to: slot,
        };
        let changes = Changes {
            sessions_added: 1,
            sessions_changed: 2,
            speakers_added: 1,
            moved: vec![moved.clone(), moved],
            ..Changes::default()
        };
        assert_eq!(summary(&changes), "2 sessions moved, 1 added; 1 speaker added");
        assert_eq!(summary(&Changes::default()), "rooms or tracks updated");
    }
}
