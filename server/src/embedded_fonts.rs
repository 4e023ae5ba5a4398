//! DejaVu Sans as the PDFs (invoices, badges, certificates) embed it: the font without the
//! ten-kilobyte licence text in its `name` table. krilla embeds a subset of the face in every
//! PDF it makes and deflates it each time; the licence text was half of what was deflated
//! for each receipt's invoice. The copyright line and the licence's address stay in the
//! subset, as Ghostscript's subsets drop the whole table; the licence ships with the
//! `dejavu` crate.

use std::sync::OnceLock;

use write_fonts::FontBuilder;
use write_fonts::read::tables::name::Name;
use write_fonts::read::{FontRef, TableProvider};
use write_fonts::types::Tag;

/// The `name` record holding the licence's full text ("License Description").
const LICENSE_DESCRIPTION: u16 = 13;

/// The regular weight, for krilla; `None` only if the bundled font could not be read.
pub fn regular() -> Option<&'static [u8]> {
    static REGULAR: OnceLock<Option<Vec<u8>>> = OnceLock::new();
    REGULAR
        .get_or_init(|| without_license_text(dejavu::sans::regular()))
        .as_deref()
}

/// The bold weight, for krilla.
pub fn bold() -> Option<&'static [u8]> {
    static BOLD: OnceLock<Option<Vec<u8>>> = OnceLock::new();
    BOLD.get_or_init(|| without_license_text(dejavu::sans::bold()))
        .as_deref()
}

/// `face` with every table as it was but `name`, which keeps all its records except the
/// licence description. Glyph ids, metrics and outlines are untouched, so text shaped with
/// the original face draws the same with this one.
fn without_license_text(face: &[u8]) -> Option<Vec<u8>> {
    let font = FontRef::new(face).ok()?;
    let name = trimmed_name(&font.name().ok()?)?;
    Some(
        FontBuilder::new()
            .add_raw(Tag::new(b"name"), name)
            .copy_missing_tables(font)
            .build(),
    )
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
            assert!(
                embedded.len() + 9_000 < original.len(),
                "{} vs {}",
                embedded.len(),
                original.len()
            );

            let (original, embedded) = (FontRef::new(original).unwrap(), FontRef::new(embedded).unwrap());
            for tag in [
                b"glyf", b"loca", b"hmtx", b"hhea", b"maxp", b"cmap", b"post", b"cvt ", b"fpgm", b"prep", b"GSUB",
                b"GPOS", b"GDEF", b"kern", b"OS/2", b"head",
            ] {
                let tag = Tag::new(tag);
                let bytes = |font: &FontRef<'_>| {
                    let mut bytes = font.data_for_tag(tag).unwrap().as_bytes().to_vec();
                    if tag == Tag::new(b"head") {
                        // The whole font's checksum adjustment, which a changed table changes.
                        bytes[8..12].fill(0);
                    }
                    bytes
                };
                assert_eq!(bytes(&original), bytes(&embedded), "{tag}");
            }
        }
    }
}
