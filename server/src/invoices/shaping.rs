//! Text shaped for the invoices with each face parsed once and its shaping plans kept (krilla's `draw_text`, which
//! drew them once, parsed the font's tables and planned the shaping anew for every line). It shapes exactly as
//! krilla does (rustybuzz, no features, the direction and script guessed from the text), as a test shows.
//!
//! Most of an invoice's lines are the same on every invoice (the seller, the headings, the item, the terms), so each
//! line's glyphs are kept: only the buyer's own lines are shaped anew.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex, PoisonError};

use rustybuzz::{Direction, Face, Script, ShapePlan, UnicodeBuffer, script};

/// A glyph of a shaped line, in the order it is drawn, with its advance and offsets in ems.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Glyph {
    pub(super) id: u16,
    pub(super) x_advance: f32,
    pub(super) x_offset: f32,
    pub(super) y_offset: f32,
    /// Where in the line's text the characters it draws are (its cluster's, shared by a cluster's glyphs).
    pub(super) text: Range<usize>,
}

/// How many shaped lines a face keeps; when full it starts over, so a run of buyers' own lines cannot grow it.
const KEPT_LINES: usize = 2048;
/// Longer lines are not kept: they are a buyer's own text (an address, a note), seldom seen twice.
const KEPT_LINE_BYTES: usize = 160;

/// One font's parsed face, the plans made for it so far (one per direction and script), and the lines shaped lately.
pub(super) struct Shaper {
    face: Face<'static>,
    units_per_em: f32,
    plans: Mutex<Vec<(Direction, Script, Arc<ShapePlan>)>>,
    lines: Mutex<HashMap<String, Arc<[Glyph]>>>,
}

impl Shaper {
    /// The shaper of the font in `data` (its first face), whose em is `units_per_em`; none when the font cannot be
    /// read.
    pub(super) fn new(data: &'static [u8], units_per_em: f32) -> Option<Self> {
        let face = Face::from_slice(data, 0)?;
        Some(Self {
            face,
            units_per_em,
            plans: Mutex::new(Vec::new()),
            lines: Mutex::new(HashMap::new()),
        })
    }

    /// `text` as one line of glyphs, as krilla's `draw_text` with `TextDirection::Auto` lays it out.
    pub(super) fn shape(&self, text: &str) -> Arc<[Glyph]> {
        if text.len() > KEPT_LINE_BYTES {
            return self.shape_anew(text).into();
        }
        if let Some(glyphs) = self.lines.lock().unwrap_or_else(PoisonError::into_inner).get(text) {
            return glyphs.clone();
        }
        let glyphs: Arc<[Glyph]> = self.shape_anew(text).into();
        let mut lines = self.lines.lock().unwrap_or_else(PoisonError::into_inner);
        if lines.len() >= KEPT_LINES {
            lines.clear();
        }
        lines.insert(text.to_owned(), glyphs.clone());
        glyphs
    }

    fn shape_anew(&self, text: &str) -> Vec<Glyph> {
        let mut buffer = UnicodeBuffer::new();
        buffer.push_str(text);
        buffer.guess_segment_properties();
        let direction = buffer.direction();
        let plan = self.plan(direction, buffer.script());
        let output = rustybuzz::shape_with_plan(&self.face, &plan, buffer);
        let (positions, infos) = (output.glyph_positions(), output.glyph_infos());
        let forward = matches!(direction, Direction::LeftToRight | Direction::TopToBottom);
        (0..output.len())
            .map(|index| {
                let (position, info) = (positions[index], infos[index]);
                let start = info.cluster as usize;
                // The cluster ends where the next cluster in reading order starts.
                let end = if forward {
                    infos[index + 1..]
                        .iter()
                        .find(|next| next.cluster != info.cluster)
                        .map_or(text.len(), |next| next.cluster as usize)
                } else {
                    infos[..index]
                        .iter()
                        .rev()
                        .find(|next| next.cluster != info.cluster)
                        .map_or(text.len(), |next| next.cluster as usize)
                };
                Glyph {
                    // rustybuzz's glyph ids are a font's, which has at most 65,536 of them.
                    id: info.glyph_id as u16,
                    x_advance: position.x_advance as f32 / self.units_per_em,
                    x_offset: position.x_offset as f32 / self.units_per_em,
                    y_offset: position.y_offset as f32 / self.units_per_em,
                    text: start..end,
                }
            })
            .collect()
    }

    /// The plan for text in `direction` and `script` (`UNKNOWN`: none guessed), made the first time.
    fn plan(&self, direction: Direction, script: Script) -> Arc<ShapePlan> {
        let mut plans = self.plans.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((.., plan)) = plans
            .iter()
            .find(|(planned, planned_script, _)| *planned == direction && *planned_script == script)
        {
            return plan.clone();
        }
        let guessed = (script != script::UNKNOWN).then_some(script);
        let plan = Arc::new(ShapePlan::new(&self.face, direction, guessed, None, &[]));
        plans.push((direction, script, plan.clone()));
        plan
    }
}

#[cfg(test)]
mod tests {
    use krilla::geom::Point;
    use krilla::page::PageSettings;
    use krilla::text::{Font, GlyphId, KrillaGlyph, TextDirection};
    use krilla::{Data, Document};

    use super::{KEPT_LINE_BYTES, KEPT_LINES, Shaper};

    /// `text` shaped by `shaper`, as krilla's glyphs.
    fn shaped(shaper: &Shaper, text: &str) -> Vec<KrillaGlyph> {
        let glyphs = shaper.shape(text);
        glyphs
            .iter()
            .map(|glyph| {
                let id = GlyphId::new(u32::from(glyph.id));
                KrillaGlyph::new(
                    id,
                    glyph.x_advance,
                    glyph.x_offset,
                    glyph.y_offset,
                    0.0,
                    glyph.text.clone(),
                    None,
                )
            })
            .collect()
    }

    /// One page with `text` drawn at a few sizes, by krilla's own shaping or by `shaper`'s.
    fn page(font: &Font, text: &str, shaper: Option<&Shaper>) -> Vec<u8> {
        let mut pdf = Document::new();
        let mut page = pdf.start_page_with(PageSettings::from_wh(612.0, 792.0).unwrap());
        let mut surface = page.surface();
        for (line, size) in [8.0, 10.5, 22.0].into_iter().enumerate() {
            let at = Point::from_xy(54.0, 60.0 + 40.0 * line as f32);
            match shaper {
                Some(shaper) => surface.draw_glyphs(at, &shaped(shaper, text), font.clone(), text, size, false),
                None => surface.draw_text(at, font.clone(), size, text, false, TextDirection::Auto),
            }
        }
        surface.finish();
        page.finish();
        pdf.finish().unwrap()
    }

    #[test]
    fn text_is_drawn_byte_for_byte_as_krillas_own_shaping_draws_it() {
        for data in [dejavu::sans::regular(), dejavu::sans::bold()] {
            let font = Font::new(Data::from(data), 0).unwrap();
            let shaper = Shaper::new(data, font.units_per_em()).unwrap();
            for text in [
                "Invoice CW2026-00042",
                "VIP Pass × 2 — $2,598.00, fi ffl AV To Wa",
                "Zoë Ångström-Łukasiewicz, Straße 12, 1010 Wien",
                "Ελληνικά και Кириллица",
                "مرحبا بالعالم",
                "שלום עולם",
                "日本語のテキスト",
                "",
                "  spaced   out  ",
            ] {
                assert_eq!(page(&font, text, Some(&shaper)), page(&font, text, None), "{text:?}");
            }
            // Plans and lines are kept and reused: the same text again comes out the same.
            assert_eq!(
                page(&font, "Paid in full", Some(&shaper)),
                page(&font, "Paid in full", None)
            );
            assert_eq!(
                page(&font, "Paid in full", Some(&shaper)),
                page(&font, "Paid in full", None)
            );
        }
    }

    #[test]
    fn the_lines_kept_are_bounded_and_a_long_line_is_shaped_each_time() {
        let data = dejavu::sans::regular();
        let shaper = Shaper::new(data, Font::new(Data::from(data), 0).unwrap().units_per_em()).unwrap();
        let first = shaper.shape("Invoice CW2026-00001");
        for number in 2..=KEPT_LINES + 10 {
            shaper.shape(&format!("Invoice CW2026-{number:05}"));
        }
        let kept = shaper.lines.lock().unwrap().len();
        assert!((1..=KEPT_LINES).contains(&kept), "{kept} lines kept");
        assert_eq!(shaper.shape("Invoice CW2026-00001"), first);

        let long = "Straße ".repeat(KEPT_LINE_BYTES);
        assert_eq!(shaper.shape(&long), shaper.shape(&long));
        assert!(!shaper.lines.lock().unwrap().contains_key(&long));
    }
}
