//! `/sessions/{slug}`: what, when, where and who, the description, a calendar entry, what runs in parallel and what
//! comes next in the same room; a cancelled or moved session says so.

use std::fmt::Write;

use super::parts::{
    CardOptions, kind_label, long_day, rfc3339, session_card, short_day, slot, speaker_link, time_range,
};
use crate::domain::escape_html as e;
use crate::domain::markdown::to_html;
use crate::programme::Session;
use crate::programme_site::view::{Listed, View};

pub fn page(view: &View, listed: &Listed) -> String {
    let session = &listed.session;
    let slug = e(&session.slug);
    let day = view.day_of(session);
    let track = view.track(session.track.as_deref());
    let room = view.room(session.room.as_deref());
    let mut html = String::with_capacity(8 * 1024);
    let _ = write!(
        html,
        "<article data-session=\"{slug}\" data-start=\"{}\" data-end=\"{}\" class=\"mx-auto max-w-3xl space-y-6 \
         px-4 py-10\"><p><a class=\"text-sm text-primary underline\" href=\"/schedule?day={day}\">← {}</a></p>\
         <header class=\"space-y-2\"><p class=\"text-sm font-medium text-primary\">{}</p>\
         <div class=\"flex items-start justify-between gap-4\"><h1 class=\"text-3xl font-bold tracking-tight\">{}</h1>\
         <button type=\"button\" data-star=\"{slug}\" aria-pressed=\"false\" aria-label=\"Star {}\" hidden \
         class=\"text-2xl leading-none text-muted-foreground aria-pressed:text-primary\">★</button></div>",
        rfc3339(view, session.start),
        rfc3339(view, session.end),
        e(&format!("Schedule for {}", short_day(day))),
        kind_label(session.kind),
        e(&session.title),
        e(&session.title)
    );
    if let Some(subtitle) = &session.subtitle {
        let _ = write!(html, "<p class=\"text-lg text-muted-foreground\">{}</p>", e(subtitle));
    }
    html.push_str("</header>");
    if listed.cancelled {
        html.push_str(
            "<p class=\"rounded-xl border border-destructive p-4 font-semibold text-destructive\">This session was \
             cancelled.</p>",
        );
    } else if let Some(moved) = view.moved(&session.slug) {
        let _ = write!(
            html,
            "<p class=\"rounded-xl border bg-muted p-4 font-medium\">Moved from {} to {}.</p>",
            slot(view, &moved.from),
            slot(view, &moved.to)
        );
    }
    facts(&mut html, view, session, track.map(|track| track.name.as_str()));
    if !listed.cancelled {
        let _ = write!(
            html,
            "<p><a href=\"/schedule.ics?sessions={slug}\" download class=\"inline-block rounded-md bg-primary px-4 \
             py-2 text-sm font-medium text-primary-foreground\">Add to calendar</a></p>"
        );
    }
    let speakers: Vec<_> = view.speakers_of(session).collect();
    if !speakers.is_empty() {
        html.push_str("<section class=\"space-y-2\"><h2 class=\"text-xl font-semibold\">Speakers</h2><ul>");
        for speaker in speakers {
            html.push_str("<li>");
            speaker_link(&mut html, speaker, 48);
            html.push_str("</li>");
        }
        html.push_str("</ul></section>");
    }
    let texts: Vec<&String> = [&session.abstract_text, &session.description]
        .into_iter()
        .flatten()
        .collect();
    if !texts.is_empty() {
        html.push_str("<section class=\"space-y-3 leading-relaxed [&_a]:text-primary [&_a]:underline\">");
        for text in texts {
            html.push_str(&to_html(text));
        }
        html.push_str("</section>");
    }
    let parallel: Vec<&Listed> = (view.listed.iter())
        .filter(|other| {
            !other.cancelled
                && other.session.slug != session.slug
                && other.session.room != session.room
                && other.session.start < session.end
                && session.start < other.session.end
        })
        .collect();
    related(&mut html, view, "In parallel", &parallel);
    if let Some(room) = room {
        let next: Vec<&Listed> = (view.listed.iter())
            .filter(|other| {
                !other.cancelled && other.session.room == session.room && other.session.start >= session.end
            })
            .take(1)
            .collect();
        related(&mut html, view, &format!("Next in {}", room.name), &next);
    }
    html.push_str("</article>");
    html
}

fn facts(html: &mut String, view: &View, session: &Session, track: Option<&str>) {
    html.push_str("<dl class=\"grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl border bg-card p-4 text-sm\">");
    let mut fact = |term: &str, value: String| {
        let _ = write!(html, "<dt class=\"text-muted-foreground\">{term}</dt><dd>{value}</dd>");
    };
    fact("Day", long_day(view.day_of(session)));
    fact(
        "Time",
        format!(
            // The visitor's own time goes on the line kept below, so the page does not move when it is written.
            "{} <span class=\"text-muted-foreground\">{}</span><span data-local-slot></span>",
            time_range(view, session),
            e(&view.zone_label)
        ),
    );
    if let Some(room) = view.room(session.room.as_deref()) {
        fact("Room", e(&room.name));
    }
    if let Some(track) = track {
        fact("Track", e(track));
    }
    if let Some(level) = &session.level {
        fact("Level", e(level));
    }
    if let Some(language) = &session.language {
        fact("Language", e(language));
    }
    if view.signups.contains_key(&session.slug) {
        let slug = e(&session.slug);
        // The browser fills the seats left and shows the button; the block keeps its height meanwhile.
        fact(
            "Seats",
            format!(
                "<div data-seat-panel=\"{slug}\" class=\"flex min-h-9 flex-wrap items-center gap-3\">\
                 <p data-seats=\"{slug}\" class=\"min-h-5 font-medium\"></p><button type=\"button\" \
                 data-reserve=\"{slug}\" hidden class=\"rounded-md bg-primary px-3 py-1.5 text-sm font-medium \
                 text-primary-foreground hover:bg-primary/90\">Reserve a seat</button></div>"
            ),
        );
    }
    html.push_str("</dl>");
}

fn related(html: &mut String, view: &View, heading: &str, sessions: &[&Listed]) {
    if sessions.is_empty() {
        return;
    }
    let _ = write!(
        html,
        "<section class=\"space-y-2\"><h2 class=\"text-xl font-semibold\">{}</h2><ul class=\"grid gap-3\">",
        e(heading)
    );
    for listed in sessions {
        session_card(
            html,
            view,
            listed,
            &CardOptions {
                anchor: false,
                place: None,
                extra: "",
            },
        );
    }
    html.push_str("</ul></section>");
}
