//! DejaVu Sans as the PDFs (invoices, badges, certificates) embed it: the outlines, metrics and
//! shaping tables as shipped, without two things a PDF never needs that krilla would subset and
//! deflate into every document.
//! - The ten-kilobyte licence text in the `name` table. The copyright line and the licence's
//!   address stay, as Ghostscript's subsets drop the whole table; the licence ships with the
//!   `dejavu` crate.
//! - The TrueType hinting: the programs (`fpgm`, `prep`), the control values (`cvt `), the
//!   tables sized for them (`gasp`, `hdmx`, `LTSH`, `VDMX`) and each glyph's instructions. They
//!   snap outlines to a screen's pixel grid; PDF readers scale the outlines themselves, and
//!   print them unchanged. They were six of every ten bytes of each subset, and deflating the
//!   subsets was a seventh of the server's work for a purchase.

use std::sync::OnceLock;

use write_fonts::FontBuilder;
use write_fonts::read::tables::glyf::Glyph;
use write_fonts::read::tables::name::Name;
use write_fonts::read::{FontRef, TableProvider};
use write_fonts::types::{GlyphId, Tag};

/// The `name` record holding the licence's full text ("License Description").
const LICENSE_DESCRIPTION: u16 = 13;

/// Tables that serve only the hinting.
const HINTING_TABLES: [&[u8; 4]; 7] = [b"fpgm", b"prep", b"cvt ", b"gasp", b"hdmx", b"LTSH", b"VDMX"];

/// The regular weight, for krilla; `None` only if the bundled font could not be read.
pub fn regular() -> Option<&'static [u8]> {
    static REGULAR: OnceLock<Option<Vec<u8>>> = OnceLock::new();
    REGULAR.get_or_init(|| embeddable(dejavu::sans::regular())).as_deref()
}

/// The bold weight, for krilla.
pub fn bold() -> Option<&'static [u8]> {
    static BOLD: OnceLock<Option<Vec<u8>>> = OnceLock::new();
    BOLD.get_or_init(|| embeddable(dejavu::sans::bold())).as_deref()
}

/// `face` with every table as it was but `name`, which keeps all its records except the
/// licence description, `glyf` and `loca`, whose glyphs keep their outlines without their
/// instructions, and the hinting tables, which go. Glyph ids, metrics and outlines are
/// untouched, so text shaped with the original face draws the same with this one.
fn embeddable(face: &[u8]) -> Option<Vec<u8>> {
    let font = FontRef::new(face).ok()?;
    let name = trimmed_name(&font.name().ok()?)?;
    let (glyf, loca) = without_instructions(&font)?;
    let mut builder = FontBuilder::new();
    builder
        .add_raw(Tag::new(b"name"), name)
        .add_raw(Tag::new(b"glyf"), glyf)
        .add_raw(Tag::new(b"loca"), loca);
    for record in font.table_directory().table_records() {
        let tag = record.tag();
        if !builder.contains(tag) && !HINTING_TABLES.iter().any(|hinting| Tag::new(hinting) == tag) {
            builder.add_raw(tag, font.data_for_tag(tag)?.as_bytes());
        }
    }
    Some(builder.build())
}

/// `font`'s `glyf` and `loca` (in the same offset format, which `head` names) with each glyph's
/// instructions left out and everything else of it, its outline or components, copied byte for byte.
fn without_instructions(font: &FontRef<'_>) -> Option<(Vec<u8>, Vec<u8>)> {
    let long_offsets = font.head().ok()?.index_to_loc_format() == 1;
    let (glyf, loca) = (font.glyf().ok()?, font.loca(long_offsets).ok()?);
    let mut new_glyf = Vec::with_capacity(glyf.offset_data().len());
    let mut new_loca = Vec::new();
    let push_offset = |loca: &mut Vec<u8>, at: usize| -> Option<()> {
        if long_offsets {
            loca.extend(u32::try_from(at).ok()?.to_be_bytes());
        } else {
            loca.extend(u16::try_from(at / 2).ok()?.to_be_bytes());
        }
        Some(())
    };
    for id in 0..font.maxp().ok()?.num_glyphs() {
        push_offset(&mut new_loca, new_glyf.len())?;
        if let Some(glyph) = loca.get_glyf(GlyphId::new(id.into()), &glyf).ok()? {
            append_without_instructions(&glyph, &mut new_glyf)?;
            // Offsets stay even, as the short format requires, and long ones four-byte aligned.
            let align = if long_offsets { 4 } else { 2 };
            new_glyf.resize(new_glyf.len().next_multiple_of(align), 0);
        }
    }
    push_offset(&mut new_loca, new_glyf.len())?;
    Some((new_glyf, new_loca))
}

/// Appends `glyph`'s bytes to `out` with an instruction count of zero in place of its instructions.
fn append_without_instructions(glyph: &Glyph<'_>, out: &mut Vec<u8>) -> Option<()> {
    match glyph {
        Glyph::Simple(simple) => {
            let bytes = simple.offset_data().as_bytes();
            out.extend_from_slice(bytes.get(..simple.instruction_length_byte_range().start)?);
            out.extend(0u16.to_be_bytes());
            out.extend_from_slice(bytes.get(simple.instructions_byte_range().end..)?);
        }
        Glyph::Composite(composite) => {
            let bytes = composite.offset_data().as_bytes();
            match composite.instructions() {
                // They follow the last component, after their count; that component's flag still says
                // instructions follow, and a count of zero does.
                Some(instructions) => {
                    let start = instructions.as_ptr().addr() - bytes.as_ptr().addr();
                    out.extend_from_slice(bytes.get(..start.checked_sub(2)?)?);
                    out.extend(0u16.to_be_bytes());
                }
                None => out.extend_from_slice(bytes),
            }
        }
    }
    Some(())
}

/// A format 0 `name` table with the same records, in the same order, minus the licence
/// description; each kept string copied as stored.
fn trimmed_name(name: &Name<'_>) -> Option<Vec<u8>> {
    const HEADER: usize = 6;
    const RECORD: usize = 12;
    let storage = name.string_data();
    let kept: Vec<_> = name
        .name_record()
        .iter()
        .filter(|record| record.name_id().to_u16() != LICENSE_DESCRIPTION)
        .collect();
    let count = u16::try_from(kept.len()).ok()?;
    let mut table = Vec::with_capacity(HEADER + RECORD * kept.len());
    table.extend(0u16.to_be_bytes());
    table.extend(count.to_be_bytes());
    table.extend(u16::try_from(HEADER + RECORD * kept.len()).ok()?.to_be_bytes());
    let mut strings = Vec::new();
    for record in kept {
        let start = usize::try_from(record.string_offset().to_u32()).ok()?;
        let text = storage.as_bytes().get(start..start + usize::from(record.length()))?;
        for field in [
            record.platform_id(),
            record.encoding_id(),
            record.language_id(),
            record.name_id().to_u16(),
            record.length(),
            u16::try_from(strings.len()).ok()?,
        ] {
            table.extend(field.to_be_bytes());
        }
        strings.extend_from_slice(text);
    }
    table.extend(strings);
    Some(table)
}

#[cfg(test)]
mod tests {
    use write_fonts::read::{FontRef, TableProvider};

    use super::*;

    fn names(face: &[u8]) -> Vec<(u16, Option<String>)> {
        let font = FontRef::new(face).unwrap();
        let name = font.name().unwrap();
        name.name_record()
            .iter()
            .map(|record| {
                let text = record
                    .string(name.string_data())
                    .ok()
                    .map(|text| text.chars().collect());
                (record.name_id().to_u16(), text)
            })
            .collect()
    }

    #[test]
    fn the_embedded_faces_lose_only_the_licence_text() {
        for (original, embedded) in [
            (dejavu::sans::regular(), regular().unwrap()),
            (dejavu::sans::bold(), bold().unwrap()),
        ] {
            let before = names(original);
            assert!(before.iter().any(|(id, _)| *id == LICENSE_DESCRIPTION));
            let expected: Vec<_> = before
                .into_iter()
                .filter(|(id, _)| *id != LICENSE_DESCRIPTION)
                .collect();
            let after = names(embedded);
            assert_eq!(after, expected);
            assert!(
                after
                    .iter()
                    .any(|(id, text)| *id == 0 && text.as_deref().is_some_and(|text| text.contains("Bitstream")))
            );
            let (original, embedded) = (FontRef::new(original).unwrap(), FontRef::new(embedded).unwrap());
            assert!(
                bytes_of(&embedded, b"name").len() + 9_000 < bytes_of(&original, b"name").len(),
                "the licence text is over nine kilobytes"
            );
        }
    }

    fn bytes_of(font: &FontRef<'_>, tag: &[u8; 4]) -> Vec<u8> {
        let tag = Tag::new(tag);
        let mut bytes = font.data_for_tag(tag).unwrap().as_bytes().to_vec();
        if tag == Tag::new(b"head") {
            // The whole font's checksum adjustment, which a changed table changes.
            bytes[8..12].fill(0);
        }
        bytes
    }

    #[test]
    fn the_embedded_faces_keep_every_outline_and_lose_the_hinting() {
        for (original, embedded) in [
            (dejavu::sans::regular(), regular().unwrap()),
            (dejavu::sans::bold(), bold().unwrap()),
        ] {
            let (original, embedded) = (FontRef::new(original).unwrap(), FontRef::new(embedded).unwrap());
            for tag in [
                b"hmtx", b"hhea", b"maxp", b"cmap", b"post", b"GSUB", b"GPOS", b"GDEF", b"kern", b"OS/2", b"head",
            ] {
                assert_eq!(bytes_of(&original, tag), bytes_of(&embedded, tag), "{}", Tag::new(tag));
            }
            for tag in HINTING_TABLES {
                assert!(embedded.data_for_tag(Tag::new(tag)).is_none(), "{}", Tag::new(tag));
            }
            assert!(original.data_for_tag(Tag::new(b"fpgm")).is_some());

            fn glyphs<'a>(font: &FontRef<'a>) -> Vec<Option<Glyph<'a>>> {
                let (glyf, loca) = (font.glyf().unwrap(), font.loca(None).unwrap());
                let count = font.maxp().unwrap().num_glyphs();
                (0..count)
                    .map(|id| loca.get_glyf(GlyphId::new(id.into()), &glyf).unwrap())
                    .collect()
            }
            let (before, after) = (glyphs(&original), glyphs(&embedded));
            assert_eq!(before.len(), after.len());
            let (mut simple, mut composite, mut instructed) = (0, 0, 0);
            for (id, (before, after)) in before.iter().zip(&after).enumerate() {
                match (before, after) {
                    (None, None) => {}
                    (Some(Glyph::Simple(before)), Some(Glyph::Simple(after))) => {
                        simple += 1;
                        instructed += usize::from(!before.instructions().is_empty());
                        assert!(after.instructions().is_empty(), "glyph {id}");
                        assert_eq!(
                            (before.x_min(), before.y_min(), before.x_max(), before.y_max()),
                            (after.x_min(), after.y_min(), after.x_max(), after.y_max()),
                            "glyph {id}"
                        );
                        assert_eq!(before.end_pts_of_contours(), after.end_pts_of_contours(), "glyph {id}");
                        assert!(before.points().eq(after.points()), "glyph {id}");
                    }
                    (Some(Glyph::Composite(before)), Some(Glyph::Composite(after))) => {
                        composite += 1;
                        assert!(after.instructions().is_none_or(<[u8]>::is_empty), "glyph {id}");
                        let parts = |glyph: &write_fonts::read::tables::glyf::CompositeGlyph<'_>| {
                            glyph
                                .components()
                                .map(|part| (part.glyph, part.anchor, part.transform))
                                .collect::<Vec<_>>()
                        };
                        assert_eq!(parts(before), parts(after), "glyph {id}");
                    }
                    _ => panic!("glyph {id} changed kind"),
                }
            }
            assert!(
                simple > 3_000 && composite > 2_000 && instructed > 300,
                "{simple} {composite} {instructed}"
            );
        }
    }
}
