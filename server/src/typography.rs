//! Measuring text set in a font, for what the server draws itself: the share image and
//! the invoices.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};

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

/// Words in lines no wider than `width`; a word wider than a line gets a line of its own.
pub fn wrap(font: &FontRef<'_>, scale: PxScale, text: &str, width: f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if text_width(font, scale, &format!("{line} {word}")) <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}
