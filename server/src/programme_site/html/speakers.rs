//! `/speakers` (keynote speakers first, then by name) and `/speakers/{slug}` (biography, links, sessions).

use std::fmt::Write;

use super::parts::{CardOptions, avatar, session_card, speaker_link};
use crate::domain::escape_html as e;
use crate::domain::markdown::to_html;
use crate::programme_site::view::{SpeakerView, View};

pub fn index(view: &View) -> String {
    let mut html = String::with_capacity(8 * 1024);
    html.push_str(
        "<div class=\"mx-auto max-w-6xl space-y-6 px-4 py-10\"><h1 class=\"text-3xl font-bold tracking-tight \
         md:text-4xl\">Speakers</h1><ul class=\"grid gap-3 sm:grid-cols-2 lg:grid-cols-3\">",
    );
    for speaker in view.speakers_in_order() {
        html.push_str("<li class=\"rounded-xl border bg-card\">");
        speaker_link(&mut html, speaker, 64);
        html.push_str("</li>");
    }
    html.push_str("</ul></div>");
    html
}

pub fn page(view: &View, speaker: &SpeakerView) -> String {
    let person = &speaker.speaker;
    let mut html = String::with_capacity(8 * 1024);
    let _ = write!(
        html,
        "<article class=\"mx-auto max-w-3xl space-y-6 px-4 py-10\"><p><a class=\"text-sm text-primary underline\" \
         href=\"/speakers\">← All speakers</a></p><header class=\"flex items-center gap-4\">{}<div>\
         <h1 class=\"text-3xl font-bold tracking-tight\">{}</h1>",
        avatar(speaker, 96),
        e(&person.name)
    );
    if let Some(tagline) = &person.tagline {
        let _ = write!(html, "<p class=\"text-muted-foreground\">{}</p>", e(tagline));
    }
    html.push_str("</div></header>");
    if let Some(biography) = &person.biography {
        let _ = write!(
            html,
            "<section class=\"space-y-3 leading-relaxed [&_a]:text-primary [&_a]:underline\">{}</section>",
            to_html(biography)
        );
    }
    let links: Vec<_> = (person.links.iter())
        .filter(|link| {
            let url = link.url.to_ascii_lowercase();
            url.starts_with("https://") || url.starts_with("http://")
        })
        .collect();
    if !links.is_empty() {
        html.push_str("<ul class=\"flex flex-wrap gap-3 text-sm\">");
        for link in links {
            let title = if link.title.is_empty() { &link.url } else { &link.title };
            let _ = write!(
                html,
                "<li><a class=\"text-primary underline\" href=\"{}\" rel=\"nofollow noopener\">{}</a></li>",
                e(&link.url),
                e(title)
            );
        }
        html.push_str("</ul>");
    }
    let sessions: Vec<_> = view.sessions_of(person).collect();
    if !sessions.is_empty() {
        html.push_str(
            "<section class=\"space-y-2\"><h2 class=\"text-xl font-semibold\">Sessions</h2><ul class=\"grid gap-3\">",
        );
        for listed in sessions {
            session_card(
                &mut html,
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
    html.push_str("</article>");
    html
}
