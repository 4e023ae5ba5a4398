//! What the programme puts into other pages: the home page's featured speakers (`#featured-speakers`) and the
//! `/sitemap` page's links (`#sitemap-programme`).

use std::fmt::Write;

use super::parts::speaker_link;
use crate::domain::escape_html as e;
use crate::programme_site::view::View;

/// How many speakers the home page shows.
const FEATURED: usize = 8;

/// Keynote speakers, then the others, at most eight, and a link to all.
pub fn featured_speakers(view: &View) -> String {
    let mut speakers: Vec<_> = view.speakers.iter().collect();
    speakers.sort_by_key(|speaker| !speaker.featured);
    let mut html = String::from("<ul class=\"grid gap-3 sm:grid-cols-2 lg:grid-cols-4\">");
    for speaker in speakers.into_iter().take(FEATURED) {
        html.push_str("<li class=\"rounded-xl border bg-card\">");
        speaker_link(&mut html, speaker, 64);
        html.push_str("</li>");
    }
    html.push_str(
        "</ul><p class=\"mt-6\"><a class=\"font-medium text-primary underline\" href=\"/speakers\">All speakers</a></p>",
    );
    html
}

/// The schedule, the speakers, and every session's and speaker's page.
pub fn sitemap(view: &View) -> String {
    let mut html = String::from(
        "<ul class=\"space-y-1\"><li><a class=\"text-primary underline\" href=\"/schedule\">Schedule</a></li>\
         <li><a class=\"text-primary underline\" href=\"/speakers\">Speakers</a></li></ul>\
         <h3 class=\"mt-4 font-semibold\">Sessions</h3><ul class=\"space-y-1\">",
    );
    for listed in view.listed.iter().filter(|listed| !listed.cancelled) {
        let _ = write!(
            html,
            "<li><a class=\"text-primary underline\" href=\"/sessions/{}\">{}</a></li>",
            e(&listed.session.slug),
            e(&listed.session.title)
        );
    }
    html.push_str("</ul><h3 class=\"mt-4 font-semibold\">Speakers</h3><ul class=\"space-y-1\">");
    for speaker in &view.speakers {
        let _ = write!(
            html,
            "<li><a class=\"text-primary underline\" href=\"/speakers/{}\">{}</a></li>",
            e(&speaker.speaker.slug),
            e(&speaker.speaker.name)
        );
    }
    html.push_str("</ul>");
    html
}
