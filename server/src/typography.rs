//! Measuring text set in a font, for what the server draws itself: the share image and
//! the invoices.

use std::sync::OnceLock;

use ab_glyph::{Font, FontRef, GlyphId, PxScale, PxScaleFont, ScaleFont};
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
    Measured::default().then(&font.as_scaled(scale), text).width
}

/// A line measured so far as `text_width` measures it, glyph after glyph, so that text added to
/// it is measured without measuring the line again (to the same float, the sums being the same).
#[derive(Clone, Copy, Default)]
struct Measured {
    width: f32,
    last: Option<GlyphId>,
}

impl Measured {
    /// The line with `text` after it.
    fn then(mut self, font: &PxScaleFont<&FontRef<'_>>, text: &str) -> Self {
        for character in text.chars() {
            let glyph = font.glyph_id(character);
            if let Some(previous) = self.last {
                self.width += font.kern(previous, glyph);
            }
            self.width += font.h_advance(glyph);
            self.last = Some(glyph);
        }
        self
    }
}

/// Words in lines no wider than `width`. A word wider than a line (a long address, a web
/// address) starts a line of its own and is broken where the line is full, never between a
/// letter and the accents on it.
pub fn wrap(font: &FontRef<'_>, scale: PxScale, text: &str, width: f32) -> Vec<String> {
    let scaled = font.as_scaled(scale);
    let mut lines: Vec<String> = Vec::new();
    // The last line, measured.
    let mut last = Measured::default();
    for word in text.split_whitespace() {
        if let Some(line) = lines.last_mut() {
            let longer = last.then(&scaled, " ").then(&scaled, word);
            if longer.width <= width {
                line.push(' ');
                line.push_str(word);
                last = longer;
                continue;
            }
        }
        let alone = Measured::default().then(&scaled, word);
        if alone.width <= width {
            lines.push(word.to_owned());
            last = alone;
        } else {
            lines.extend(break_word(&scaled, word, width));
            last = Measured::default().then(&scaled, lines.last().map_or("", String::as_str));
        }
    }
    lines
}

/// `word` in pieces no wider than `width`, each as long as fits; a single letter wider than
/// the line is a piece of its own.
fn break_word(font: &PxScaleFont<&FontRef<'_>>, word: &str, width: f32) -> Vec<String> {
    let mut pieces: Vec<String> = Vec::new();
    let mut piece = String::new();
    let mut measured = Measured::default();
    for cluster in clusters(word) {
        let longer = measured.then(font, cluster);
        if piece.is_empty() || longer.width <= width {
            piece.push_str(cluster);
            measured = longer;
        } else {
            pieces.push(std::mem::replace(&mut piece, cluster.to_owned()));
            measured = Measured::default().then(font, cluster);
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

    /// The lines the wrapping gave before it measured lines as they grew: each candidate line
    /// measured whole.
    fn wrap_measuring_whole_lines(font: &FontRef<'_>, scale: PxScale, text: &str, width: f32) -> Vec<String> {
        let mut lines: Vec<String> = Vec::new();
        for word in text.split_whitespace() {
            match lines.last_mut() {
                Some(line) if text_width(font, scale, &format!("{line} {word}")) <= width => {
                    line.push(' ');
                    line.push_str(word);
                }
                _ if text_width(font, scale, word) <= width => lines.push(word.to_owned()),
                _ => {
                    let mut piece = String::new();
                    for cluster in clusters(word) {
                        let longer = format!("{piece}{cluster}");
                        if piece.is_empty() || text_width(font, scale, &longer) <= width {
                            piece = longer;
                        } else {
                            lines.push(std::mem::replace(&mut piece, cluster.to_owned()));
                        }
                    }
                    lines.push(piece);
                }
            }
        }
        lines
    }

    #[test]
    fn lines_measured_as_they_grow_wrap_exactly_as_lines_measured_whole() {
        let texts = [
            "Paid in full by card; nothing is due. Questions about this invoice: hello@codewave.events",
            "Zoë Ångström-Łukasiewicz, Straße 12, 1010 Wien, Österreich",
            "Acme https://example.com/a/very/long/address/that/cannot/fit/on/one/line Inc. AV To Wa",
            "1901 Convention Center Drive, Miami Beach, FL 33139, United States",
        ];
        for size in [8.0, 9.5, 10.0, 12.0] {
            let scale = PxScale::from(size);
            for width in [40.0, 90.5, 150.0, 233.3, 504.0] {
                for text in texts {
                    assert_eq!(
                        wrap(regular(), scale, text, width),
                        wrap_measuring_whole_lines(regular(), scale, text, width),
                        "{text:?} at {size} in {width}"
                    );
                }
            }
        }
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
