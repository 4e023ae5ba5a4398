//! QR codes as PNG images, drawn from the code's module matrix so the server needs no
//! image library.

use qrcode::{Color, QrCode};

use super::error::RenderError;

/// Pixels per module: large enough for a phone camera held over a printed page.
pub(super) const MODULE_PIXELS: usize = 8;
/// The blank border scanners need, in modules (ISO/IEC 18004 asks for four).
pub(super) const QUIET_ZONE: usize = 4;

/// A 1-bit grayscale PNG of the QR code for `text`, dark modules black.
pub fn qr_png(text: &str) -> Result<Vec<u8>, RenderError> {
    let code = QrCode::new(text.as_bytes()).map_err(|source| RenderError::QrCode {
        text: text.to_owned(),
        source,
    })?;
    let width = code.width();
    let colors = code.to_colors();
    let dark = |x: usize, y: usize| {
        let inside = (QUIET_ZONE..QUIET_ZONE + width).contains(&x) && (QUIET_ZONE..QUIET_ZONE + width).contains(&y);
        inside && colors[(y - QUIET_ZONE) * width + (x - QUIET_ZONE)] == Color::Dark
    };

    let side = (width + 2 * QUIET_ZONE) * MODULE_PIXELS;
    let row_bytes = side.div_ceil(8);
    let mut pixels = vec![0u8; row_bytes * side];
    // A row of modules is MODULE_PIXELS identical rows of pixels: drawn once, then copied.
    for (y, band) in pixels.chunks_exact_mut(row_bytes * MODULE_PIXELS).enumerate() {
        let (row, copies) = band.split_at_mut(row_bytes);
        for x in 0..side {
            // In 1-bit grayscale a set bit is white.
            if !dark(x / MODULE_PIXELS, y) {
                row[x / 8] |= 0x80 >> (x % 8);
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
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&pixels)?;
    writer.finish()?;
    Ok(png)
}

#[cfg(test)]
pub(super) mod tests {
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
}
