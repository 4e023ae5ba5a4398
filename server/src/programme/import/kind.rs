//! A session's kind from the label its source gives it (pretalx's submission type, a Sessionize format category).

use crate::programme::model::SessionKind;

/// Case-insensitive and by the words in the label, since every conference names its types its own way
/// ("Hands-on workshop", "Lightning talk", "Lunch break").
pub(super) fn from_label(label: Option<&str>, has_speakers: bool) -> SessionKind {
    let label = label.unwrap_or_default().to_lowercase();
    if let Some(kind) = SessionKind::parse(label.trim()) {
        return kind;
    }
    // Whole words, so that a "Breakout session" is not a break.
    let words: Vec<&str> = label.split(|c: char| !c.is_alphanumeric()).collect();
    let has = |wanted: &[&str]| wanted.iter().any(|word| words.contains(word));
    if has(&["keynote", "keynotes"]) {
        SessionKind::Keynote
    } else if has(&["workshop", "workshops", "hands", "tutorial"]) {
        SessionKind::Workshop
    } else if has(&["panel", "panels"]) {
        SessionKind::Panel
    } else if has(&["hackathon"]) {
        SessionKind::Hackathon
    } else if has(&["break", "lunch", "coffee", "breakfast", "dinner"]) {
        SessionKind::Break
    } else if has_speakers {
        SessionKind::Talk
    } else {
        SessionKind::Other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_map_onto_kinds_whatever_their_case_and_wording() {
        for label in ["Workshop", "workshop", "Hands-on workshop"] {
            assert_eq!(from_label(Some(label), true), SessionKind::Workshop, "{label}");
        }
        assert_eq!(from_label(Some("Opening Keynote"), true), SessionKind::Keynote);
        assert_eq!(from_label(Some("Lunch"), false), SessionKind::Break);
        assert_eq!(from_label(Some("Panel discussion"), true), SessionKind::Panel);
        assert_eq!(from_label(Some("Hackathon"), false), SessionKind::Hackathon);
    }

    #[test]
    fn an_unknown_label_is_a_talk_with_speakers_and_other_without() {
        assert_eq!(from_label(Some("Lightning"), true), SessionKind::Talk);
        assert_eq!(from_label(None, true), SessionKind::Talk);
        assert_eq!(from_label(Some("Meetup"), false), SessionKind::Other);
        assert_eq!(from_label(Some("Breakout session"), true), SessionKind::Talk);
    }
}
