//! The two weights of DejaVu Sans as an invoice embeds them. Each face is parsed, and its shaping planned, once; its
//! subsets are made and compressed once and kept, so an invoice whose glyphs a kept subset holds embeds that
//! subset's bytes as they are. krilla, which wrote the invoices before, subset and deflated both faces anew for every
//! PDF: a tenth of a purchase's server CPU, for the same few kilobytes each time.
//!
//! Every subset holds the glyphs of printable ASCII and of the Latin-1 letters and signs, which most invoices draw
//! nothing beyond (their accented letters are composites of a few bytes each), and those of whatever else an invoice
//! draws: an invoice to Łódź gets a subset with Ł and ź, kept for the next one that needs them. The price is size:
//! the common subsets are 11 KB a weight where an invoice's own glyphs took 5, so an invoice is about 29 KB, not 15.

use std::collections::BTreeSet;
use std::hash::{Hash, Hasher};
use std::io::Write as _;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use flate2::Compression;
use flate2::write::ZlibEncoder;
use rustybuzz::ttf_parser::{self, GlyphId};
use subsetter::GlyphRemapper;

use super::shaping::Shaper;
use crate::embedded_fonts;

/// How many subsets beyond the common one a face keeps, the most recently used first.
const KEPT: usize = 16;

/// What besides printable ASCII and Latin-1 every subset holds: the punctuation and signs of typeset text.
const COMMON_SIGNS: &str = "–—‘’‚“”„•…‰€™−×÷";

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Weight {
    Regular,
    Bold,
}

/// The two weights of DejaVu Sans the invoices embed.
pub(super) struct Typeface {
    regular: Face,
    bold: Face,
}

impl Typeface {
    pub(super) fn face(&self, weight: Weight) -> &Face {
        match weight {
            Weight::Regular => &self.regular,
            Weight::Bold => &self.bold,
        }
    }
}

/// The typeface, read the first time; `None` only if the bundled font could not be.
pub(super) fn typeface() -> Option<&'static Typeface> {
    static TYPEFACE: OnceLock<Option<Typeface>> = OnceLock::new();
    TYPEFACE
        .get_or_init(|| {
            // Shaped with the faces as shipped, embedded without their licence text and hinting: the same glyphs.
            Some(Typeface {
                regular: Face::new(dejavu::sans::regular(), embedded_fonts::regular()?, "DejaVuSans")?,
                bold: Face::new(dejavu::sans::bold(), embedded_fonts::bold()?, "DejaVuSans-Bold")?,
            })
        })
        .as_ref()
}

/// One weight of the face.
pub(super) struct Face {
    pub(super) shaper: Shaper,
    /// Its PostScript name, which the PDF names its subsets by.
    pub(super) name: &'static str,
    pub(super) metrics: Metrics,
    /// The font program embedded (see `embedded_fonts`), subset for each document.
    program: &'static [u8],
    /// Advance widths, in thousandths of an em, by glyph id.
    advances: Vec<f32>,
    common: Arc<Subset>,
    kept: Mutex<Vec<Arc<Subset>>>,
}

/// The face's measures for the PDF's font descriptor, in thousandths of an em.
pub(super) struct Metrics {
    pub(super) ascent: f32,
    pub(super) descent: f32,
    pub(super) cap_height: f32,
    /// Left, bottom, right, top.
    pub(super) bounds: [f32; 4],
    pub(super) stem_v: f32,
}

/// A subset of a face: some of its glyphs, renumbered from 0, as a compressed font program.
pub(super) struct Subset {
    glyphs: GlyphRemapper,
    /// Six capital letters that tell this subset from the face's others, as a PDF's font names say.
    pub(super) tag: String,
    /// The TrueType program, deflated.
    pub(super) program: Vec<u8>,
    /// Advance widths, in thousandths of an em, by the subset's glyph id.
    pub(super) widths: Vec<f32>,
}

impl Subset {
    /// The subset's id for the face's glyph `glyph`, if it holds it.
    pub(super) fn glyph(&self, glyph: u16) -> Option<u16> {
        self.glyphs.get(glyph)
    }

    fn holds(&self, glyphs: &BTreeSet<u16>) -> bool {
        glyphs.iter().all(|glyph| self.glyphs.get(*glyph).is_some())
    }
}

impl Face {
    /// The weight in `shaped` (the face as shipped, which shaping reads) embedded as `program` (the same glyphs and
    /// metrics); none when either cannot be read.
    fn new(shaped: &'static [u8], program: &'static [u8], name: &'static str) -> Option<Self> {
        let face = ttf_parser::Face::parse(program, 0).ok()?;
        let per_em = f32::from(face.units_per_em());
        let thousandths = |units: f32| units * 1000.0 / per_em;
        let advances: Vec<f32> = (0..face.number_of_glyphs())
            .map(|glyph| thousandths(f32::from(face.glyph_hor_advance(GlyphId(glyph)).unwrap_or(0))))
            .collect();
        let ascent = thousandths(f32::from(face.ascender()));
        let bounds = face.global_bounding_box();
        let metrics = Metrics {
            ascent,
            descent: thousandths(f32::from(face.descender())),
            cap_height: face
                .capital_height()
                .map_or(ascent, |height| thousandths(f32::from(height))),
            bounds: [bounds.x_min, bounds.y_min, bounds.x_max, bounds.y_max].map(|at| thousandths(f32::from(at))),
            stem_v: 10.0 + 0.244 * (f32::from(face.weight().to_number()) - 50.0),
        };
        let common: BTreeSet<u16> = (' '..='~')
            .chain('\u{a0}'..='\u{ff}')
            .chain(COMMON_SIGNS.chars())
            .filter_map(|character| face.glyph_index(character))
            .map(|glyph| glyph.0)
            .collect();
        let common = Arc::new(subset_of(program, &advances, common)?);
        Some(Self {
            shaper: Shaper::new(shaped, per_em)?,
            name,
            metrics,
            program,
            advances,
            common,
            kept: Mutex::new(Vec::with_capacity(KEPT)),
        })
    }

    /// A subset that holds every glyph of `used`: the common one, or one kept, or one made now (and kept); `None` if
    /// the font cannot be subset.
    pub(super) fn subset(&self, used: &BTreeSet<u16>) -> Option<Arc<Subset>> {
        if self.common.holds(used) {
            return Some(self.common.clone());
        }
        {
            let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(at) = kept.iter().position(|subset| subset.holds(used)) {
                let subset = kept.remove(at);
                kept.insert(0, subset.clone());
                return Some(subset);
            }
        }
        let more = used.iter().filter(|glyph| self.common.glyph(**glyph).is_none());
        let glyphs = self.common.glyphs.remapped_gids().chain(more.copied());
        let subset = Arc::new(subset_of(self.program, &self.advances, glyphs)?);
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.insert(0, subset.clone());
        kept.truncate(KEPT);
        Some(subset)
    }
}

/// `bytes` deflated at `level`, as a PDF stream's FlateDecode filter reads them; `None` only if the encoder fails.
pub(super) fn deflate(bytes: &[u8], level: Compression) -> Option<Vec<u8>> {
    let mut deflated = ZlibEncoder::new(Vec::with_capacity(bytes.len() / 2), level);
    deflated.write_all(bytes).ok()?;
    deflated.finish().ok()
}

/// The glyphs `glyphs` of the font `program`, whose advance widths are `advances`, as a subset.
fn subset_of(program: &[u8], advances: &[f32], glyphs: impl IntoIterator<Item = u16>) -> Option<Subset> {
    let mut remapper = GlyphRemapper::new();
    for glyph in glyphs {
        remapper.remap(glyph);
    }
    let program = subsetter::subset(program, 0, &remapper).ok()?;
    // Made once and kept: worth the strongest compression.
    let program = deflate(&program, Compression::best())?;
    let widths = remapper
        .remapped_gids()
        .map(|glyph| advances.get(usize::from(glyph)).copied().unwrap_or(0.0))
        .collect();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    remapper.remapped_gids().collect::<Vec<_>>().hash(&mut hasher);
    let mut hash = hasher.finish();
    let tag = (0..6)
        .map(|_| {
            let letter = char::from(b'A' + (hash % 26) as u8);
            hash /= 26;
            letter
        })
        .collect();
    Some(Subset {
        glyphs: remapper,
        tag,
        program,
        widths,
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::sync::Arc;

    use super::Face;
    use crate::embedded_fonts;

    fn regular() -> Face {
        Face::new(
            dejavu::sans::regular(),
            embedded_fonts::regular().unwrap(),
            "DejaVuSans",
        )
        .unwrap()
    }

    fn glyphs(face: &Face, text: &str) -> BTreeSet<u16> {
        face.shaper.shape(text).iter().map(|glyph| glyph.id).collect()
    }

    #[test]
    fn latin_text_is_drawn_from_the_common_subset_and_other_letters_from_one_kept_for_them() {
        let face = regular();
        let latin = face
            .subset(&glyphs(&face, "Zoë Müller, 12 Rue de l’Église — €1,299.00"))
            .unwrap();
        assert!(Arc::ptr_eq(&latin, &face.common));

        let polish = glyphs(&face, "Łódź, ulica Żółta 5");
        let kept = face.subset(&polish).unwrap();
        assert!(!Arc::ptr_eq(&kept, &face.common));
        assert!(polish.iter().all(|glyph| kept.glyph(*glyph).is_some()));
        assert_ne!(kept.tag, latin.tag);
        assert!(Arc::ptr_eq(&face.subset(&glyphs(&face, "Żółta")).unwrap(), &kept));

        let greek = face.subset(&glyphs(&face, "Αθήνα")).unwrap();
        assert!(!Arc::ptr_eq(&greek, &kept));
        assert!(Arc::ptr_eq(&face.subset(&polish).unwrap(), &kept), "both are kept");
    }

    #[test]
    fn a_subsets_widths_are_its_glyphs_advances() {
        let face = regular();
        let used = glyphs(&face, "Wi");
        let subset = face.subset(&used).unwrap();
        for glyph in used {
            let width = subset.widths[usize::from(subset.glyph(glyph).unwrap())];
            assert_eq!(width, face.advances[usize::from(glyph)]);
            assert!(width > 0.0);
        }
        assert!(subset.widths.len() > 190, "ASCII and Latin-1: {}", subset.widths.len());
    }
}
