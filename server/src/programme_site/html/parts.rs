//! What several pages show alike: a session as a card, a speaker's photo or initials, times in the venue's zone.

use std::fmt::Write;

use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use time::{Date, OffsetDateTime};

use super::super::view::{Listed, SpeakerView, View};
use crate::domain::escape_html as e;
use crate::programme::{Session, SessionKind, Slot};

/// `2026-05-18T14:30:00-04:00`.
pub fn rfc3339(view: &View, at: OffsetDateTime) -> String {
    at.to_offset(view.venue).format(&Rfc3339).unwrap_or_default()
}

/// `<time datetime="…">14:30</time>`, in the venue's time.
pub fn time_tag(view: &View, at: OffsetDateTime) -> String {
    let clock = (at.to_offset(view.venue))
        .format(format_description!("[hour]:[minute]"))
        .unwrap_or_default();
    format!("<time datetime=\"{}\">{clock}</time>", rfc3339(view, at))
}

/// `<time>09:00</time>–<time>10:00</time>`.
pub fn time_range(view: &View, session: &Session) -> String {
    format!("{}–{}", time_tag(view, session.start), time_tag(view, session.end))
}

/// `Mon 18 May`.
pub fn short_day(day: Date) -> String {
    day.format(format_description!(
        "[weekday repr:short] [day padding:none] [month repr:short]"
    ))
    .unwrap_or_default()
}

/// `Monday 18 May 2026`.
pub fn long_day(day: Date) -> String {
    day.format(format_description!(
        "[weekday] [day padding:none] [month repr:long] [year]"
    ))
    .unwrap_or_default()
}

pub fn kind_label(kind: SessionKind) -> &'static str {
    match kind {
        SessionKind::Keynote => "Keynote",
        SessionKind::Talk => "Talk",
        SessionKind::Workshop => "Workshop",
        SessionKind::Panel => "Panel",
        SessionKind::Break => "Break",
        SessionKind::Hackathon => "Hackathon",
        SessionKind::Other => "Other",
    }
}

/// `Mon 18 May 14:30, Ocean Hall`: where a moved session was or is.
pub fn slot(view: &View, slot: &Slot) -> String {
    let day = short_day(slot.start.to_offset(view.venue).date());
    match &slot.room {
        Some(room) => format!("{day} {}, {}", time_tag(view, slot.start), e(room)),
        None => format!("{day} {}", time_tag(view, slot.start)),
    }
}

/// Where a session is in the schedule's grid on wide screens; on phones the list ignores it.
pub struct GridPlace {
    pub column: String,
    pub row: String,
}

pub struct CardOptions<'a> {
    /// `id="session-<slug>"`: the schedule's anchors for "Jump to now".
    pub anchor: bool,
    pub place: Option<GridPlace>,
    /// The list element's extra attributes, e.g. `hidden`.
    pub extra: &'a str,
}

/// A session as a list item: the star, its time and room, title, speakers, kind and level, its track's colour.
pub fn session_card(html: &mut String, view: &View, listed: &Listed, options: &CardOptions<'_>) {
    let session = &listed.session;
    let slug = e(&session.slug);
    let title = e(&session.title);
    let track = view.track(session.track.as_deref());
    let mut style = String::new();
    if let Some(colour) = track.and_then(|track| track.colour.as_deref()) {
        let _ = write!(style, "border-left-color:{}", e(colour));
    }
    if let Some(place) = &options.place {
        let _ = write!(style, ";--col:{};--row:{}", place.column, place.row);
    }
    let style = style.trim_start_matches(';');
    let background = if session.kind == SessionKind::Break {
        "bg-muted"
    } else {
        "bg-card"
    };
    let _ = write!(
        html,
        "<li data-session=\"{slug}\" data-start=\"{}\" data-end=\"{}\"",
        rfc3339(view, session.start),
        rfc3339(view, session.end)
    );
    if options.anchor {
        let _ = write!(html, " id=\"session-{slug}\"");
    }
    if !style.is_empty() {
        let _ = write!(html, " style=\"{style}\"");
    }
    let _ = write!(
        html,
        " class=\"{background} rounded-xl border border-l-4 p-3 text-sm shadow-sm md:[grid-column:var(--col)] \
         md:[grid-row:var(--row)]\"{}>",
        options.extra
    );
    let _ = write!(
        html,
        "<div class=\"flex items-start justify-between gap-2\"><p class=\"text-muted-foreground\">{}",
        time_range(view, session)
    );
    if let Some(room) = view.room(session.room.as_deref()) {
        let _ = write!(html, " · {}", e(&room.name));
    }
    let _ = write!(
        html,
        "<span data-local-slot></span></p><button type=\"button\" data-star=\"{slug}\" aria-pressed=\"false\" aria-label=\"Star {title}\" hidden \
         class=\"shrink-0 text-lg leading-none text-muted-foreground aria-pressed:text-primary\">★</button></div>"
    );
    let strike = if listed.cancelled { " line-through" } else { "" };
    let _ = write!(
        html,
        "<p class=\"mt-1 font-semibold{strike}\"><a class=\"hover:text-primary hover:underline\" \
         href=\"/sessions/{slug}\">{title}</a></p>"
    );
    if listed.cancelled {
        html.push_str("<p class=\"font-semibold text-destructive\">Cancelled</p>");
    }
    let names: Vec<String> = (view.speakers_of(session))
        .map(|speaker| e(&speaker.speaker.name))
        .collect();
    if !names.is_empty() {
        let _ = write!(html, "<p>{}</p>", names.join(", "));
    }
    if !listed.cancelled && view.signups.contains_key(&session.slug) {
        // A line kept for the seats left, which the browser fills without moving the card.
        let _ = write!(
            html,
            "<p data-seats=\"{slug}\" class=\"mt-1 min-h-5 text-xs font-medium\"></p>"
        );
    }
    let mut facts = vec![kind_label(session.kind).to_owned()];
    facts.extend(session.level.as_deref().map(e));
    if let Some(track) = track {
        facts.push(e(&track.name));
    }
    let _ = write!(
        html,
        "<p class=\"text-xs text-muted-foreground\">{}</p></li>",
        facts.join(" · ")
    );
}

/// The speaker's photo, or their initials on a coloured disc; `size` is in pixels.
pub fn avatar(speaker: &SpeakerView, size: u32) -> String {
    match (&speaker.photo, &speaker.photo_large) {
        (Some(photo), large) => {
            // The 96-px photo is sharp up to its size on a plain screen; dense screens take the 400-px one.
            let srcset = large
                .as_ref()
                .map(|large| format!(" srcset=\"{} 96w, {} 400w\" sizes=\"{size}px\"", e(photo), e(large)))
                .unwrap_or_default();
            format!(
                "<img src=\"{}\"{srcset} alt=\"\" width=\"{size}\" height=\"{size}\" loading=\"lazy\" \
                 class=\"shrink-0 rounded-full object-cover\">",
                e(photo)
            )
        }
        (None, _) => format!(
            "<span aria-hidden=\"true\" style=\"width:{size}px;height:{size}px\" class=\"flex shrink-0 items-center \
             justify-center rounded-full bg-accent font-semibold text-accent-foreground\">{}</span>",
            e(&initials(&speaker.speaker.name))
        ),
    }
}

/// The first letters of the first and last words of a name: "Ada Lovelace" → "AL".
pub fn initials(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    let first = |word: Option<&&str>| word.and_then(|word| word.chars().next());
    let mut initials = String::new();
    initials.extend(first(words.first()).into_iter().flat_map(char::to_uppercase));
    if words.len() > 1 {
        initials.extend(first(words.last()).into_iter().flat_map(char::to_uppercase));
    }
    initials
}

/// A link to a speaker's page with their photo or initials, name and tagline.
pub fn speaker_link(html: &mut String, speaker: &SpeakerView, size: u32) {
    let _ = write!(
        html,
        "<a href=\"/speakers/{}\" class=\"flex items-center gap-3 rounded-xl p-2 hover:bg-muted\">{}\
         <span><span class=\"block font-semibold\">{}</span>",
        e(&speaker.speaker.slug),
        avatar(speaker, size),
        e(&speaker.speaker.name)
    );
    if let Some(tagline) = &speaker.speaker.tagline {
        let _ = write!(
            html,
            "<span class=\"block text-sm text-muted-foreground\">{}</span>",
            e(tagline)
        );
    }
    html.push_str("</span></a>");
}

#[cfg(test)]
mod tests {
    use super::initials;

    #[test]
    fn initials_take_the_first_and_last_names() {
        assert_eq!(initials("Ada Lovelace"), "AL");
        assert_eq!(initials("Grace Brewster Hopper"), "GH");
        assert_eq!(initials("élodie"), "É");
        assert_eq!(initials(""), "");
    }
}
