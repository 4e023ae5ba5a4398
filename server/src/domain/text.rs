//! Text people type that other people will read.

use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Whether `character` is never meant as visible text: a control character, an invisible
/// format character (a text-direction override, a zero-width joiner, a soft hyphen), or a
/// non-character (U+FDD0 to U+FDEF, and the last two code points of every plane).
pub fn is_hidden(character: char) -> bool {
    let code = u32::from(character);
    matches!(
        character.general_category(),
        GeneralCategory::Control | GeneralCategory::Format
    ) || (0xFDD0..=0xFDEF).contains(&code)
        || code & 0xFFFE == 0xFFFE
}

/// Why text cannot be printed on an invoice as it was typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unprintable {
    /// A control character: a tab, an escape.
    Control,
    /// A format character or a non-character, which would print as nothing, or reorder the
    /// text around it (a right-to-left override).
    Invisible,
    /// A character the invoices' font has no glyph for: it would print as an empty box.
    NoGlyph(char),
}

impl Unprintable {
    /// The field's message, `what` naming the field in a sentence: "The company name".
    pub fn message(self, what: &str) -> String {
        match self {
            Self::Control => format!("{what} cannot contain control characters."),
            Self::Invisible => format!(
                "{what} cannot contain invisible characters, such as text-direction marks or zero-width spaces."
            ),
            Self::NoGlyph(character) => format!(
                "{what} cannot contain “{character}”: invoices are printed in a font that does not \
                 have it. Please leave it out."
            ),
        }
    }
}

/// The first reason `text` cannot be printed on an invoice as typed, if any.
pub fn unprintable(text: &str) -> Option<Unprintable> {
    text.chars().find_map(|character| {
        if character.is_control() {
            Some(Unprintable::Control)
        } else if is_hidden(character) {
            Some(Unprintable::Invisible)
        } else if !crate::typography::can_draw(character) {
            Some(Unprintable::NoGlyph(character))
        } else {
            None
        }
    })
}

/// Whether mail clients could turn part of `text` into a link: a scheme, an address,
/// a path, or a word with a dot inside it ("example.com", "bit.ly/x").
pub fn could_carry_a_link(text: &str) -> bool {
    let lowered = text.to_lowercase();
    lowered.contains("www")
        || lowered.chars().any(|c| matches!(c, ':' | '/' | '\\' | '@' | '<' | '>'))
        || lowered.split_whitespace().any(|word| {
            let word = word.trim_end_matches(|c: char| !c.is_alphanumeric());
            word.split_once('.')
                .is_some_and(|(_, after)| after.chars().any(char::is_alphanumeric))
                && word.split('.').skip(1).any(|part| part.chars().count() >= 2)
        })
}

#[cfg(test)]
mod tests {
    use super::{Unprintable, could_carry_a_link, is_hidden, unprintable};

    #[test]
    fn what_an_invoice_cannot_print_is_named() {
        for printable in [
            "Acme Widgets Inc.",
            "Müller & Söhne GmbH",
            "Ткань ООО",
            "שלום",
            "José\u{301}",
            "№ 5 – €",
        ] {
            assert_eq!(unprintable(printable), None, "{printable}");
        }
        assert_eq!(unprintable("Acme\tInc."), Some(Unprintable::Control));
        for invisible in [
            "Acme\u{202e}cnI",
            "Ac\u{200b}me",
            "Acme\u{2066}",
            "Ac\u{ad}me",
            "Acme\u{feff}",
            "Acme\u{fdd0}",
            "Acme\u{fffe}",
            "Acme\u{1fffF}",
            "Acme\u{e0041}",
        ] {
            assert_eq!(unprintable(invisible), Some(Unprintable::Invisible), "{invisible:?}");
        }
        assert_eq!(unprintable("Acme 🚀 Inc."), Some(Unprintable::NoGlyph('🚀')));
        assert_eq!(unprintable("北京公司"), Some(Unprintable::NoGlyph('北')));
        assert_eq!(unprintable("Acme \u{e000}"), Some(Unprintable::NoGlyph('\u{e000}')));
        assert!(is_hidden('\u{0}') && is_hidden('\u{200d}') && !is_hidden('a') && !is_hidden('\u{301}'));
    }

    #[test]
    fn names_that_could_become_links_are_recognised() {
        for name in [
            "Ana Diaz",
            "J. R. R. Tolkien",
            "Ana-María O'Neil",
            "Dr. Bo Lee",
            "J.R.R. Tolkien",
        ] {
            assert!(!could_carry_a_link(name), "{name}");
        }
        for name in [
            "Win at evil.com",
            "visit https://x",
            "bit.ly/abc",
            "WWW dot evil",
            "mail me@evil.io",
            "Ana evil.COM.",
            "<b>Ana</b>",
        ] {
            assert!(could_carry_a_link(name), "{name}");
        }
    }
}
