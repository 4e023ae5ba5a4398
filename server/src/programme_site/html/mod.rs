//! The programme's pages as HTML for `#programme-page`, with their heads: every text escaped, Markdown rendered
//! inert by `domain::markdown`.

mod changelog;
pub mod live;
pub mod parts;
mod personal;
pub mod schedule;
mod session;
mod speakers;

use super::address::PageKey;
use super::head::{Head, person_data, plain_text, schedule_data, session_data};
use super::view::View;
use super::visitor_clock;
use crate::event::Event;

/// A page's head tags and its content.
pub struct Rendered {
    pub head: String,
    pub body: String,
}

/// The page `key` names; none for a session or speaker the programme does not have.
pub fn render(view: &View, key: &PageKey, event: &Event, public_url: &str) -> Option<Rendered> {
    let (head, body) = match key {
        PageKey::Schedule(filters) => (
            Head {
                title: "Schedule".to_owned(),
                description: format!("The schedule of {}: every session, room and time.", event.name),
                path: "/schedule".to_owned(),
                structured_data: Some(schedule_data(view, event, public_url)),
            },
            schedule::page(view, filters),
        ),
        PageKey::Changes => (
            Head {
                title: "Schedule changes".to_owned(),
                description: format!(
                    "Every version of the schedule of {}, and what each changed.",
                    event.name
                ),
                path: "/schedule/changes".to_owned(),
                structured_data: None,
            },
            changelog::page(view),
        ),
        PageKey::Session(slug) => {
            let listed = view.session(slug)?;
            let session = &listed.session;
            let description = [&session.abstract_text, &session.description]
                .into_iter()
                .flatten()
                .map(|text| plain_text(text))
                .find(|text| !text.is_empty())
                .unwrap_or_else(|| format!("{} at {}", session.title, event.name));
            (
                Head {
                    title: session.title.clone(),
                    description,
                    path: format!("/sessions/{}", session.slug),
                    structured_data: Some(session_data(view, listed, event, public_url)),
                },
                session::page(view, listed),
            )
        }
        PageKey::Speakers => (
            Head {
                title: "Speakers".to_owned(),
                description: format!("The speakers of {}.", event.name),
                path: "/speakers".to_owned(),
                structured_data: None,
            },
            speakers::index(view),
        ),
        PageKey::Speaker(slug) => {
            let speaker = view.speaker(slug)?;
            let person = &speaker.speaker;
            let description = (person.biography.as_deref())
                .map(plain_text)
                .filter(|text| !text.is_empty())
                .or_else(|| person.tagline.clone())
                .unwrap_or_else(|| format!("{} speaks at {}.", person.name, event.name));
            (
                Head {
                    title: person.name.clone(),
                    description,
                    path: format!("/speakers/{}", person.slug),
                    structured_data: Some(person_data(speaker, public_url)),
                },
                speakers::page(view, speaker),
            )
        }
        PageKey::MySchedule => (
            Head {
                title: "My schedule".to_owned(),
                description: format!("The sessions of {} you starred.", event.name),
                path: "/my-schedule".to_owned(),
                structured_data: None,
            },
            personal::page(view),
        ),
    };
    let mut head = head.tags(event, public_url);
    if let Some(first) = view.listed.iter().map(|listed| listed.session.start).min() {
        head.push_str("\n    ");
        head.push_str(&visitor_clock::head_tags(&parts::rfc3339(view, first)));
    }
    Some(Rendered { head, body })
}
