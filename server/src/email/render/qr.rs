//! QR codes as PNG images, drawn from the code's module matrix so the server needs no
//! image library.

use qrcode::canvas::{Canvas, MaskPattern};
use qrcode::types::QrError;
use qrcode::{Color, EcLevel, Version};

use super::error::RenderError;

/// Pixels per module: large enough for a phone camera held over a printed page, and one byte of a 1-bit row.
pub(super) const MODULE_PIXELS: usize = 8;
const _: () = assert!(MODULE_PIXELS == 8, "qr_png writes a module as one byte of a 1-bit row");
/// The blank border scanners need, in modules (ISO/IEC 18004 asks for four).
pub(super) const QUIET_ZONE: usize = 4;

/// A 1-bit grayscale PNG of the QR code for `text`, dark modules black.
pub fn qr_png(text: &str) -> Result<Vec<u8>, RenderError> {
    let (width, modules) = modules(text).map_err(|source| RenderError::QrCode {
        text: text.to_owned(),
        source,
    })?;
    let side = (width + 2 * QUIET_ZONE) * MODULE_PIXELS;
    // A module is eight pixels wide, so one byte of a row: white (all bits set, in 1-bit grayscale) or black.
    let row_bytes = width + 2 * QUIET_ZONE;
    let mut pixels = vec![0xFFu8; row_bytes * side];
    // A row of modules is MODULE_PIXELS identical rows of pixels: drawn once, then copied.
    for (line, band) in modules
        .chunks_exact(width)
        .zip(pixels.chunks_exact_mut(row_bytes * MODULE_PIXELS).skip(QUIET_ZONE))
    {
        let (row, copies) = band.split_at_mut(row_bytes);
        for (byte, dark) in row[QUIET_ZONE..].iter_mut().zip(line) {
            if *dark {
                *byte = 0;
            }
        }
        for copy in copies.chunks_exact_mut(row_bytes) {
            copy.copy_from_slice(row);
        }
    }

    // The largest QR code (version 40) is 177 modules wide: (177 + 8) * 8 pixels fits easily.
    let side = side as u32;
    let mut png = Vec::new();
    let mut encoder = png::Encoder::new(&mut png, side, side);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::One);
    // Each row against the one above: seven rows in eight are then zeros, which the fast compressor packs as runs.
    encoder.set_filter(png::FilterType::Up);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&pixels)?;
    writer.finish()?;
    Ok(png)
}

/// The eight masks of a QR code, in the order `qrcode` tries them: the first of equal scores wins.
const MASKS: [MaskPattern; 8] = [
    MaskPattern::Checkerboard,
    MaskPattern::HorizontalLines,
    MaskPattern::VerticalLines,
    MaskPattern::DiagonalLines,
    MaskPattern::LargeCheckerboard,
    MaskPattern::Fields,
    MaskPattern::Diamonds,
    MaskPattern::Meadow,
];

/// The QR code of `text` exactly as `QrCode::new` makes it (level M, the smallest version,
/// the mask with the lowest penalty): its width and its modules row by row, true for dark.
/// The crate scores the eight masked candidates by reading them module by module through
/// bounds-checked accessors, which was most of the CPU a receipt's QR code took; here the
/// same scores are computed over a plain grid.
fn modules(text: &str) -> Result<(usize, Vec<bool>), QrError> {
    let bits = qrcode::bits::encode_auto(text.as_bytes(), EcLevel::M)?;
    let version = bits.version();
    let (data, error_correction) = qrcode::ec::construct_codewords(&bits.into_bytes(), version, EcLevel::M)?;
    let mut canvas = Canvas::new(version, EcLevel::M);
    canvas.draw_all_functional_patterns();
    canvas.draw_data(&data, &error_correction);
    // `encode_auto` makes full-size codes only, never Micro QR, whose penalty differs.
    let Version::Normal(_) = version else {
        return Err(QrError::InvalidVersion);
    };
    let width = usize::try_from(version.width()).map_err(|_| QrError::InvalidVersion)?;
    let mut best: Option<(u16, Vec<bool>)> = None;
    for mask in MASKS {
        let mut candidate = canvas.clone();
        candidate.apply_mask(mask);
        let dark: Vec<bool> = candidate
            .into_colors()
            .into_iter()
            .map(|color| color == Color::Dark)
            .collect();
        let score = penalty(&dark, width);
        if best.as_ref().is_none_or(|(lowest, _)| score < *lowest) {
            best = Some((score, dark));
        }
    }
    best.map(|(_, dark)| (width, dark)).ok_or(QrError::InvalidVersion)
}

/// `qrcode`'s penalty score of a masked code (its `compute_total_penalty_scores`), with its
/// arithmetic: `u16`, wrapping as its release build does. Scored without branches on the modules'
/// colours, which are as good as random: branching on them was most of the time a QR code took.
fn penalty(dark: &[bool], width: usize) -> u16 {
    // The columns as rows, so that both directions are scored along contiguous slices.
    let mut columns = vec![false; dark.len()];
    for (y, row) in dark.chunks_exact(width).enumerate() {
        for (x, module) in row.iter().enumerate() {
            columns[x * width + y] = *module;
        }
    }
    let mut score = 0u16;
    for lines in [dark, &columns] {
        for line in lines.chunks_exact(width) {
            score = score
                .wrapping_add(runs_penalty(line))
                .wrapping_add(finder_penalty(line));
        }
        // The three finder patterns score 360 in each direction by themselves.
        score = score.wrapping_sub(360);
    }
    // Every 2×2 block of one colour: 3.
    let mut blocks = 0u16;
    for (row, next) in dark.chunks_exact(width).zip(dark.chunks_exact(width).skip(1)) {
        for (top, bottom) in row.windows(2).zip(next.windows(2)) {
            let alike = (top[0] == top[1]) & (top[0] == bottom[0]) & (top[0] == bottom[1]);
            blocks = blocks.wrapping_add(u16::from(alike));
        }
    }
    score = score.wrapping_add(blocks.wrapping_mul(3));
    let dark_modules = dark.iter().filter(|module| **module).count();
    let ratio = dark_modules * 200 / dark.len();
    let balance = ratio.abs_diff(100);
    score.wrapping_add(u16::try_from(balance).unwrap_or(u16::MAX))
}

/// Runs of five or more alike along a line: length − 2 each.
fn runs_penalty(line: &[bool]) -> u16 {
    let mut score = 0u16;
    let mut run = 1u16;
    for pair in line.windows(2) {
        let ends = pair[0] != pair[1];
        let counted = if ends && run >= 5 { run - 2 } else { 0 };
        score = score.wrapping_add(counted);
        run = if ends { 1 } else { run + 1 };
    }
    if run >= 5 {
        score = score.wrapping_add(run - 2);
    }
    score
}

/// Dark-light-dark-dark-dark-light-dark along a line without a dark module among the four on
/// one side or the other (beyond the line's ends all is light): 40 each.
fn finder_penalty(line: &[bool]) -> u16 {
    const FINDER: u32 = 0b101_1101;
    const LIGHT_AROUND: [bool; 4] = [false; 4];
    let mut score = 0u16;
    // The last fifteen modules read, the latest in the lowest bit: four, the seven of a pattern, four.
    let mut window = 0u32;
    let padded = LIGHT_AROUND.iter().chain(line).chain(&LIGHT_AROUND);
    for (read, module) in padded.enumerate() {
        window = ((window << 1) | u32::from(*module)) & 0x7FFF;
        let pattern = (window >> 4) & 0x7F == FINDER;
        let light_side = window >> 11 == 0 || window & 0xF == 0;
        let counted = read >= 14 && pattern && light_side;
        score = score.wrapping_add(if counted { 40 } else { 0 });
    }
    score
}

#[cfg(test)]
pub(super) mod tests {
    use qrcode::QrCode;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::*;

    /// The PNG's side in pixels and its modules (true = dark), read at each module's centre.
    pub(in crate::email::render) fn decode_modules(png_bytes: &[u8]) -> (u32, Vec<Vec<bool>>) {
        let mut decoder = png::Decoder::new(png_bytes);
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut buffer = vec![0; reader.output_buffer_size()];
        let frame = reader.next_frame(&mut buffer).expect("PNG image data");
        assert_eq!(frame.color_type, png::ColorType::Grayscale);
        assert_eq!(frame.bit_depth, png::BitDepth::Eight);
        assert_eq!(frame.width, frame.height, "a QR code is square");
        let side = frame.width as usize;
        let modules = side / MODULE_PIXELS;
        let rows = (0..modules)
            .map(|my| {
                (0..modules)
                    .map(|mx| {
                        let (x, y) = (
                            mx * MODULE_PIXELS + MODULE_PIXELS / 2,
                            my * MODULE_PIXELS + MODULE_PIXELS / 2,
                        );
                        buffer[y * frame.line_size + x] < 128
                    })
                    .collect()
            })
            .collect();
        (frame.width, rows)
    }

    /// The matrix qrcode computes for `text`, with the quiet zone around it.
    pub(in crate::email::render) fn expected_modules(text: &str) -> Vec<Vec<bool>> {
        let code = QrCode::new(text.as_bytes()).expect("a QR code");
        let width = code.width();
        let colors = code.to_colors();
        let side = width + 2 * QUIET_ZONE;
        (0..side)
            .map(|y| {
                (0..side)
                    .map(|x| {
                        x >= QUIET_ZONE
                            && y >= QUIET_ZONE
                            && x < QUIET_ZONE + width
                            && y < QUIET_ZONE + width
                            && colors[(y - QUIET_ZONE) * width + (x - QUIET_ZONE)] == Color::Dark
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn the_png_shows_the_codes_modules_with_a_quiet_zone_at_eight_pixels_each() {
        let png_bytes = qr_png("CW-7K3P9QXM").unwrap();

        let (side, modules) = decode_modules(&png_bytes);

        let width = QrCode::new("CW-7K3P9QXM").unwrap().width();
        assert_eq!(side as usize, (width + 2 * QUIET_ZONE) * MODULE_PIXELS);
        assert_eq!(modules, expected_modules("CW-7K3P9QXM"));
        assert_ne!(
            modules,
            expected_modules("CW-7K3P9QXN"),
            "the matrix depends on the text"
        );
    }

    #[test]
    fn every_pixel_of_a_module_has_the_modules_colour() {
        let png_bytes = qr_png("PU-4F7K2Q").unwrap();
        let mut decoder = png::Decoder::new(png_bytes.as_slice());
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().unwrap();
        let mut buffer = vec![0; reader.output_buffer_size()];
        let frame = reader.next_frame(&mut buffer).unwrap();

        let expected = expected_modules("PU-4F7K2Q");
        for y in 0..frame.height as usize {
            for x in 0..frame.width as usize {
                let dark = buffer[y * frame.line_size + x] == 0;
                assert_eq!(dark, expected[y / MODULE_PIXELS][x / MODULE_PIXELS], "pixel ({x}, {y})");
            }
        }
    }

    #[test]
    fn the_modules_are_those_the_qrcode_crate_makes_with_the_same_mask() {
        let mut random = StdRng::seed_from_u64(20261128);
        let alphabets: [&[u8]; 3] = [
            b"0123456789",
            b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 $%*+-./:",
            b"abcdefghijklmnopqrstuvwxyz0123456789-_~!?&=ABCDEFGHIJKLMNOPQRSTUVWXYZ",
        ];
        let mut texts = vec![
            "CW-7K3P9QXM".to_owned(),
            "PU-4F7K2Q".to_owned(),
            crate::tickets::new_ticket_code(),
        ];
        for length in (1..=120).chain([200, 400, 900]) {
            for alphabet in alphabets {
                texts.push(
                    (0..length)
                        .map(|_| char::from(alphabet[random.gen_range(0..alphabet.len())]))
                        .collect(),
                );
            }
        }
        let mut masks_seen = std::collections::HashSet::new();
        for text in &texts {
            let code = QrCode::new(text.as_bytes()).unwrap();
            let expected: Vec<bool> = code.to_colors().into_iter().map(|color| color == Color::Dark).collect();
            assert_eq!(modules(text).unwrap(), (code.width(), expected.clone()), "{text}");
            // The format bits next to the top-left finder name the mask: many masks are chosen.
            masks_seen.insert((0..6).map(|x| expected[8 * code.width() + x]).collect::<Vec<_>>());
        }
        assert!(masks_seen.len() >= 6, "only {} masks chosen", masks_seen.len());
    }
}
