//! Measuring text set in a font, for what the server draws itself: the share image and
//! the invoices.

use std::sync::OnceLock;

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

/// DejaVu Sans, the face of the invoices, in the two weights they use.
pub struct Sans {
    pub regular: FontRef<'static>,
    pub bold: FontRef<'static>,
}

/// DejaVu Sans as the invoices embed it; `None` only if the bundled font could not be read.
pub fn sans() -> Option<&'static Sans> {
    static SANS: OnceLock<Option<Sans>> = OnceLock::new();
    SANS.get_or_init(|| {
        Some(Sans {
            regular: FontRef::try_from_slice(dejavu::sans::regular()).ok()?,
            bold: FontRef::try_from_slice(dejavu::sans::bold()).ok()?,
        })
    })
    .as_ref()
}

/// Whether both weights of DejaVu Sans have a glyph for `character`: one they lack would
/// print as an empty box (an emoji, a Chinese character).
pub fn can_draw(character: char) -> bool {
    sans().is_some_and(|sans| {
        [&sans.regular, &sans.bold]
            .iter()
            .all(|face| face.glyph_id(character).0 != 0)
    })
}

/// The width of `text` in `font` at `scale`, kerned.
pub fn text_width(font: &FontRef<'_>, scale: PxScale, text: &str) -> f32 {
    let font = font.as_scaled(scale);
    let mut previous = None;
    let mut width = 0.0;
    for character in text.chars() {
        let glyph = font.glyph_id(character);
        if let Some(previous) = previous {
            width += font.kern(previous, glyph);
        }
        width += font.h_advance(glyph);
        previous = Some(glyph);
    }
    width
}

/// Words in lines no wider than `width`. A word wider than a line (a long address, a web
/// address) starts a line of its own and is broken where the line is full, never between a
/// letter and the accents on it.
pub fn wrap(font: &FontRef<'_>, scale: PxScale, text: &str, width: f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if text_width(font, scale, &format!("{line} {word}")) <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ if text_width(font, scale, word) <= width => lines.push(word.to_owned()),
            _ => lines.extend(break_word(font, scale, word, width)),
        }
    }
    lines
}

/// `word` in pieces no wider than `width`, each as long as fits; a single letter wider than
/// the line is a piece of its own.
fn break_word(font: &FontRef<'_>, scale: PxScale, word: &str, width: f32) -> Vec<String> {
    let mut pieces: Vec<String> = Vec::new();
    let mut piece = String::new();
    for cluster in clusters(word) {
        let longer = format!("{piece}{cluster}");
        if piece.is_empty() || text_width(font, scale, &longer) <= width {
            piece = longer;
        } else {
            pieces.push(std::mem::replace(&mut piece, cluster.to_owned()));
        }
    }
    pieces.push(piece);
    pieces
}

/// `word` as letters with the combining marks that follow them.
fn clusters(word: &str) -> impl Iterator<Item = &str> {
    let mut rest = word;
    std::iter::from_fn(move || {
        let mut chars = rest.char_indices();
        chars.next()?;
        let end = chars
            .find(|(_, character)| character.general_category_group() != GeneralCategoryGroup::Mark)
            .map_or(rest.len(), |(at, _)| at);
        let (cluster, after) = rest.split_at(end);
        rest = after;
        Some(cluster)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regular() -> &'static FontRef<'static> {
        &sans().expect("the bundled font").regular
    }

    #[test]
    fn words_wrap_at_spaces_and_a_word_wider_than_a_line_is_broken() {
        let scale = PxScale::from(10.0);
        let width = text_width(regular(), scale, "Brickell Avenue");

        assert_eq!(
            wrap(regular(), scale, "500 Brickell Avenue Miami", width),
            ["500 Brickell", "Avenue Miami"]
        );
        let run = "W".repeat(60);
        let lines = wrap(regular(), scale, &format!("Acme {run} Inc."), width);
        assert_eq!(lines[0], "Acme");
        assert!(lines.len() > 3, "{lines:?}");
        assert!(
            lines.iter().all(|line| text_width(regular(), scale, line) <= width),
            "{lines:?}"
        );
        assert_eq!(lines.concat(), format!("Acme{run} Inc."), "no letter lost");
    }

    #[test]
    fn a_broken_word_keeps_each_letter_with_its_accents() {
        let scale = PxScale::from(10.0);
        let word = "e\u{301}".repeat(40);
        let width = text_width(regular(), scale, &"e\u{301}".repeat(7));

        let lines = wrap(regular(), scale, &word, width);

        assert!(lines.len() > 1);
        assert!(
            lines
                .iter()
                .all(|line| line.starts_with('e') && line.ends_with('\u{301}')),
            "{lines:?}"
        );
    }

    #[test]
    fn the_font_draws_the_worlds_alphabets_and_a_few_symbols_but_most_emoji_not() {
        for character in ['A', 'é', 'ß', 'Ж', 'Ω', 'א', 'ب', '€', '№', '\u{301}', '☺', '😀'] {
            assert!(can_draw(character), "{character}");
        }
        for character in ['🚀', '🏢', '中', '\u{e000}', '\u{10ffff}'] {
            assert!(!can_draw(character), "{character:?}");
        }
    }
}
