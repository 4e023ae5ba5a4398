//! Each programme page's head: title, description, canonical link and share card, written as
//! web/scripts/prerender.mjs writes them, and its schema.org JSON-LD (an `Event` with its sessions as `subEvent`s on
//! the schedule, an `Event` on a session's page, a `Person` on a speaker's).

use pulldown_cmark::{Event as Markdown, Parser, TagEnd};
use serde_json::{Value, json};

use super::view::{Listed, SpeakerView, View};
use crate::domain::escape_html as e;
use crate::event::Event;

/// Search engines show about this many characters of a description.
const DESCRIPTION_LENGTH: usize = 160;

pub struct Head {
    /// The page's own part of the title: "<page> | <event>".
    pub title: String,
    pub description: String,
    /// `/sessions/…`, made absolute with PUBLIC_URL.
    pub path: String,
    pub structured_data: Option<Value>,
}

impl Head {
    pub fn tags(&self, event: &Event, public_url: &str) -> String {
        let title = e(&format!("{} | {}", self.title, event.name));
        let description = e(&self.description);
        let url = e(&format!("{public_url}{}", self.path));
        let image = e(&format!("{public_url}/share-image.png"));
        let alt = e(&format!("{}, {}", event.name, event.venue.area));
        let site = e(&event.name);
        let mut tags = [
            format!("<title>{title}</title>"),
            format!("<meta name=\"description\" content=\"{description}\" />"),
            format!("<link rel=\"canonical\" href=\"{url}\" />"),
            "<meta property=\"og:type\" content=\"website\" />".to_owned(),
            format!("<meta property=\"og:site_name\" content=\"{site}\" />"),
            format!("<meta property=\"og:title\" content=\"{title}\" />"),
            format!("<meta property=\"og:description\" content=\"{description}\" />"),
            format!("<meta property=\"og:url\" content=\"{url}\" />"),
            format!("<meta property=\"og:image\" content=\"{image}\" />"),
            "<meta property=\"og:image:width\" content=\"1200\" />".to_owned(),
            "<meta property=\"og:image:height\" content=\"630\" />".to_owned(),
            format!("<meta property=\"og:image:alt\" content=\"{alt}\" />"),
            "<meta name=\"twitter:card\" content=\"summary_large_image\" />".to_owned(),
            format!("<meta name=\"twitter:title\" content=\"{title}\" />"),
            format!("<meta name=\"twitter:description\" content=\"{description}\" />"),
            format!("<meta name=\"twitter:image\" content=\"{image}\" />"),
        ]
        .join("\n    ");
        if let Some(data) = &self.structured_data {
            // Nothing in the data may end the script element.
            let json = data.to_string().replace('<', "\\u003c");
            tags.push_str(&format!("\n    <script type=\"application/ld+json\">{json}</script>"));
        }
        tags
    }
}

/// The text of Markdown, on one line, cut at a word to fit a description.
pub fn plain_text(markdown: &str) -> String {
    let mut text = String::new();
    for event in Parser::new(markdown) {
        match event {
            // Raw HTML is text to a reader: the description is escaped where it is written.
            Markdown::Text(part) | Markdown::Code(part) | Markdown::Html(part) | Markdown::InlineHtml(part) => {
                text.push_str(&part);
            }
            Markdown::SoftBreak
            | Markdown::HardBreak
            | Markdown::End(TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::Item) => text.push(' '),
            _ => {}
        }
    }
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() <= DESCRIPTION_LENGTH {
        return text;
    }
    let cut: String = text.chars().take(DESCRIPTION_LENGTH - 1).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(words, _)| words);
    format!("{cut}…")
}

/// The event with every session on the programme as a `subEvent`.
pub fn schedule_data(view: &View, event: &Event, public_url: &str) -> Value {
    let sessions: Vec<Value> = (view.listed.iter())
        .filter(|listed| !listed.cancelled)
        .map(|listed| session_event(view, listed, public_url))
        .collect();
    json!({
        "@context": "https://schema.org",
        "@type": "Event",
        "name": event.name,
        "description": event.description,
        "startDate": super::html::parts::rfc3339(view, event.starts_at),
        "endDate": super::html::parts::rfc3339(view, event.ends_at),
        "eventAttendanceMode": "https://schema.org/OfflineEventAttendanceMode",
        "location": { "@type": "Place", "name": event.venue.name, "address": event.venue.address },
        "url": format!("{public_url}/schedule"),
        "subEvent": sessions,
    })
}

pub fn session_data(view: &View, listed: &Listed, event: &Event, public_url: &str) -> Value {
    let mut data = session_event(view, listed, public_url);
    data["@context"] = json!("https://schema.org");
    data["superEvent"] = json!({ "@type": "Event", "name": event.name, "url": format!("{public_url}/") });
    if data.get("location").is_none() {
        data["location"] = json!({ "@type": "Place", "name": event.venue.name, "address": event.venue.address });
    }
    data
}

fn session_event(view: &View, listed: &Listed, public_url: &str) -> Value {
    let session = &listed.session;
    let mut data = json!({
        "@type": "Event",
        "name": session.title,
        "startDate": super::html::parts::rfc3339(view, session.start),
        "endDate": super::html::parts::rfc3339(view, session.end),
        "url": format!("{public_url}/sessions/{}", session.slug),
        "eventStatus": if listed.cancelled {
            "https://schema.org/EventCancelled"
        } else if view.moved(&session.slug).is_some() {
            "https://schema.org/EventRescheduled"
        } else {
            "https://schema.org/EventScheduled"
        },
    });
    if let Some(room) = view.room(session.room.as_deref()) {
        data["location"] = json!({ "@type": "Place", "name": room.name });
    }
    let performers: Vec<Value> = (view.speakers_of(session))
        .map(|speaker| {
            json!({
                "@type": "Person",
                "name": speaker.speaker.name,
                "url": format!("{public_url}/speakers/{}", speaker.speaker.slug),
            })
        })
        .collect();
    if !performers.is_empty() {
        data["performer"] = json!(performers);
    }
    if let Some(text) = &session.abstract_text {
        data["description"] = json!(plain_text(text));
    }
    data
}

pub fn person_data(speaker: &SpeakerView, public_url: &str) -> Value {
    let person = &speaker.speaker;
    let mut data = json!({
        "@context": "https://schema.org",
        "@type": "Person",
        "name": person.name,
        "url": format!("{public_url}/speakers/{}", person.slug),
    });
    if let Some(tagline) = &person.tagline {
        data["jobTitle"] = json!(tagline);
    }
    if let Some(biography) = &person.biography {
        data["description"] = json!(plain_text(biography));
    }
    if let Some(photo) = &speaker.photo {
        data["image"] = json!(format!("{public_url}{photo}"));
    }
    let links: Vec<&str> = person.links.iter().map(|link| link.url.as_str()).collect();
    if !links.is_empty() {
        data["sameAs"] = json!(links);
    }
    data
}

#[cfg(test)]
mod tests {
    use super::plain_text;

    #[test]
    fn descriptions_are_the_markdowns_text_cut_at_a_word() {
        assert_eq!(
            plain_text("Some **bold**\ntext [link](https://x.test)."),
            "Some bold text link."
        );
        assert_eq!(plain_text("<script>x</script>"), "<script>x</script>");
        let long = "word ".repeat(60);
        let cut = plain_text(&long);
        assert!(cut.ends_with("word…"), "{cut}");
        assert!(cut.chars().count() <= 160, "{cut}");
    }
}
