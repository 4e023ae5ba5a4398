//! QR codes as PNG images, drawn from the code's module matrix so the server needs no
//! image library.

use std::sync::OnceLock;

use qrcode::canvas::{Canvas, MaskPattern, Module};
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

/// The widest QR code (version 40) is 177 modules: a line of modules fits in three words.
const LINE_WORDS: usize = 3;

/// One row or column of a code, a bit per module (the first module in the lowest bit), light beyond its end.
#[derive(Clone, Copy, Default)]
struct Line([u64; LINE_WORDS]);

impl Line {
    /// The first `count` modules dark.
    fn first(count: usize) -> Self {
        let mut line = Self::default();
        for (index, word) in line.0.iter_mut().enumerate() {
            let bits = count.saturating_sub(index * 64).min(64);
            *word = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
        }
        line
    }

    fn set(&mut self, module: usize) {
        self.0[module / 64] |= 1 << (module % 64);
    }

    fn get(self, module: usize) -> bool {
        self.0[module / 64] >> (module % 64) & 1 == 1
    }

    /// Module `x` of the result is module `x + by` of this line.
    fn ahead(self, by: u32) -> Self {
        let mut shifted = Self::default();
        for index in 0..LINE_WORDS {
            let next = self.0.get(index + 1).copied().unwrap_or(0);
            shifted.0[index] = (self.0[index] >> by) | if by == 0 { 0 } else { next << (64 - by) };
        }
        shifted
    }

    /// Module `x` of the result is module `x - by` of this line (light before its start).
    fn behind(self, by: u32) -> Self {
        let mut shifted = Self::default();
        for index in 0..LINE_WORDS {
            let previous = index.checked_sub(1).map_or(0, |previous| self.0[previous]);
            shifted.0[index] = (self.0[index] << by) | if by == 0 { 0 } else { previous >> (64 - by) };
        }
        shifted
    }

    fn count(self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }
}

impl std::ops::BitAnd for Line {
    type Output = Self;
    fn bitand(self, other: Self) -> Self {
        Self(std::array::from_fn(|index| self.0[index] & other.0[index]))
    }
}

impl std::ops::BitOr for Line {
    type Output = Self;
    fn bitor(self, other: Self) -> Self {
        Self(std::array::from_fn(|index| self.0[index] | other.0[index]))
    }
}

impl std::ops::BitXor for Line {
    type Output = Self;
    fn bitxor(self, other: Self) -> Self {
        Self(std::array::from_fn(|index| self.0[index] ^ other.0[index]))
    }
}

impl std::ops::Not for Line {
    type Output = Self;
    fn not(self) -> Self {
        Self(self.0.map(|word| !word))
    }
}

/// A code's modules as lines both ways: its rows, and its columns (column `x` as a line from the top).
struct Lines {
    rows: Vec<Line>,
    columns: Vec<Line>,
}

impl Lines {
    fn new(width: usize) -> Self {
        Self {
            rows: vec![Line::default(); width],
            columns: vec![Line::default(); width],
        }
    }

    fn set(&mut self, x: usize, y: usize) {
        self.rows[y].set(x);
        self.columns[x].set(y);
    }

    fn xor(&self, other: &Self) -> Self {
        let xor = |ours: &[Line], theirs: &[Line]| ours.iter().zip(theirs).map(|(a, b)| *a ^ *b).collect();
        Self {
            rows: xor(&self.rows, &other.rows),
            columns: xor(&self.columns, &other.columns),
        }
    }
}

/// What every code of one version shares: its functional patterns, and for each mask, those patterns with the
/// mask's format information and the mask itself over the data area. A masked code is its mask's template with
/// its dark data modules flipped.
struct Layout {
    width: usize,
    /// Only the functional patterns drawn, ready for a code's data.
    blank: Canvas,
    templates: [Lines; 8],
}

impl Layout {
    fn of(version: Version) -> Result<&'static Self, QrError> {
        static LAYOUTS: [OnceLock<Layout>; 40] = [const { OnceLock::new() }; 40];
        // `encode_auto` makes full-size codes only, never Micro QR, whose penalty differs.
        let Version::Normal(number @ 1..=40) = version else {
            return Err(QrError::InvalidVersion);
        };
        let index = usize::try_from(number - 1).map_err(|_| QrError::InvalidVersion)?;
        Ok(LAYOUTS[index].get_or_init(|| Self::new(version)))
    }

    fn new(version: Version) -> Self {
        let side = version.width();
        let width = usize::try_from(side).unwrap_or(0);
        let mut blank = Canvas::new(version, EcLevel::M);
        blank.draw_all_functional_patterns();
        let templates = MASKS.map(|mask| {
            let mut masked = blank.clone();
            masked.apply_mask(mask);
            dark_lines(&masked, width, |module| module.is_dark())
        });
        Self {
            width,
            blank,
            templates,
        }
    }
}

/// The modules of `canvas` for which `dark` holds, as lines.
fn dark_lines(canvas: &Canvas, width: usize, dark: impl Fn(Module) -> bool) -> Lines {
    let mut lines = Lines::new(width);
    for y in 0..width {
        for x in 0..width {
            // A version's width is at most 177: the coordinates fit.
            if dark(canvas.get(x as i16, y as i16)) {
                lines.set(x, y);
            }
        }
    }
    lines
}

/// The QR code of `text` exactly as `QrCode::new` makes it (level M, the smallest version,
/// the mask with the lowest penalty): its width and its modules row by row, true for dark.
/// The crate masks a copy of the code eight times and scores each module by module; here the
/// masked codes are a version's templates with the data flipped, scored a line of bits at a time.
fn modules(text: &str) -> Result<(usize, Vec<bool>), QrError> {
    let bits = qrcode::bits::encode_auto(text.as_bytes(), EcLevel::M)?;
    let version = bits.version();
    let (data, error_correction) = qrcode::ec::construct_codewords(&bits.into_bytes(), version, EcLevel::M)?;
    let layout = Layout::of(version)?;
    let mut canvas = layout.blank.clone();
    canvas.draw_data(&data, &error_correction);
    // Masking flips a data module where the mask is dark: the template has the mask there, so the masked module
    // is the template's flipped where the data is dark.
    let data = dark_lines(&canvas, layout.width, |module| module == Module::Unmasked(Color::Dark));
    let mut best: Option<(u16, Lines)> = None;
    for template in &layout.templates {
        let masked = template.xor(&data);
        let score = penalty(&masked, layout.width);
        if best.as_ref().is_none_or(|(lowest, _)| score < *lowest) {
            best = Some((score, masked));
        }
    }
    let (_, best) = best.ok_or(QrError::InvalidVersion)?;
    let width = layout.width;
    let modules = best
        .rows
        .iter()
        .flat_map(|row| (0..width).map(|x| row.get(x)))
        .collect();
    Ok((width, modules))
}

/// `qrcode`'s penalty score of a masked code (its `compute_total_penalty_scores`), with its
/// arithmetic: `u16`, wrapping as its release build does (every step adds or subtracts, so the
/// exact sum taken modulo 2¹⁶ is the same).
fn penalty(code: &Lines, width: usize) -> u16 {
    let inside = Line::first(width);
    let mut score = 0i64;
    for lines in [&code.rows, &code.columns] {
        for line in lines {
            score += i64::from(runs_penalty(*line, inside)) + i64::from(finder_penalty(*line));
        }
        // The three finder patterns score 360 in each direction by themselves.
        score -= 360;
    }
    // Every 2×2 block of one colour: 3.
    let pairs = Line::first(width.saturating_sub(1));
    let blocks: u32 = code
        .rows
        .windows(2)
        .map(|pair| {
            let (top, bottom) = (pair[0], pair[1]);
            let alike = !(top ^ bottom) & !(top ^ top.ahead(1)) & !(bottom ^ bottom.ahead(1));
            (alike & pairs).count()
        })
        .sum();
    score += 3 * i64::from(blocks);
    let dark = code.rows.iter().map(|row| u64::from(row.count())).sum::<u64>();
    let modules = u64::try_from(width * width).unwrap_or(u64::MAX).max(1);
    let ratio = dark * 200 / modules;
    score += i64::try_from(ratio.abs_diff(100)).unwrap_or(i64::MAX / 2);
    u16::try_from(score.rem_euclid(1 << 16)).unwrap_or(u16::MAX)
}

/// Runs of five or more alike along a line: length − 2 each. A run of `n` holds `n − 4` stretches of five, and
/// starts once: `n − 2` is the stretches plus two per start.
fn runs_penalty(dark: Line, inside: Line) -> u32 {
    [dark, !dark & inside]
        .into_iter()
        .map(|alike| {
            let fives = alike & alike.ahead(1) & alike.ahead(2) & alike.ahead(3) & alike.ahead(4);
            let starts = fives & !fives.behind(1);
            fives.count() + 2 * starts.count()
        })
        .sum()
}

/// Dark-light-dark-dark-dark-light-dark along a line without a dark module among the four on
/// one side or the other (beyond the line's ends all is light): 40 each.
fn finder_penalty(dark: Line) -> u32 {
    let light = !dark;
    let pattern =
        dark & light.ahead(1) & dark.ahead(2) & dark.ahead(3) & dark.ahead(4) & light.ahead(5) & dark.ahead(6);
    let light_before = !(dark.behind(1) | dark.behind(2) | dark.behind(3) | dark.behind(4));
    let light_after = !(dark.ahead(7) | dark.ahead(8) | dark.ahead(9) | dark.ahead(10));
    40 * (pattern & (light_before | light_after)).count()
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
        for length in (1..=120).chain([200, 400, 900, 1500, 2300]) {
            for alphabet in alphabets {
                texts.push(
                    (0..length)
                        .map(|_| char::from(alphabet[random.gen_range(0..alphabet.len())]))
                        .collect(),
                );
            }
        }
        let mut masks_seen = std::collections::HashSet::new();
        let mut widths = std::collections::BTreeSet::new();
        for text in &texts {
            let code = QrCode::new(text.as_bytes()).unwrap();
            widths.insert(code.width());
            let expected: Vec<bool> = code.to_colors().into_iter().map(|color| color == Color::Dark).collect();
            assert_eq!(modules(text).unwrap(), (code.width(), expected.clone()), "{text}");
            // The format bits next to the top-left finder name the mask: many masks are chosen.
            masks_seen.insert((0..6).map(|x| expected[8 * code.width() + x]).collect::<Vec<_>>());
        }
        assert!(masks_seen.len() >= 6, "only {} masks chosen", masks_seen.len());
        // Lines of one, two and three words.
        for words in 1..=3 {
            assert!(
                widths.iter().any(|width| width.div_ceil(64) == words),
                "no code {words} words wide among {widths:?}"
            );
        }
    }
}
