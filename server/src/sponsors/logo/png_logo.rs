//! PNG logos: the file's chunks are checked, its pixels decoded within fixed limits, and a new PNG is
//! written from those pixels alone, so nothing else an upload carries (text chunks, colour profiles, other
//! chunks, an animation, bytes a decoder would skip) is ever served.

use super::checks::{LogoError, MAX_DECODED_BYTES, MIN_LONGER_SIDE, check_size};

/// On each side.
const PNG_MAX_SIDE: u32 = 8000;
const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

/// A PNG written afresh from the upload's pixels, and its size.
pub struct RebuiltPng {
    pub bytes: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

/// Checks the chunks and the size the header claims, decodes the pixels within the limits above,
/// and encodes them again.
pub fn rebuild_png(bytes: &[u8]) -> Result<RebuiltPng, LogoError> {
    check_chunks(bytes)?;
    let mut decoder = png::Decoder::new_with_limits(
        bytes,
        png::Limits {
            bytes: MAX_DECODED_BYTES,
        },
    );
    // Palettes, transparency and low bit depths become plain 8-bit channels, which is what is written back.
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let header = decoder
        .read_header_info()
        .map_err(|_| LogoError::DamagedPng("its header is not valid"))?;
    let (width, height) = (header.width, header.height);
    check_size(width.into(), height.into(), MIN_LONGER_SIDE, PNG_MAX_SIDE)?;
    let mut reader = decoder.read_info().map_err(undecodable)?;
    // The decoder's limits leave out the buffer the image is decoded into: it is checked here, before it exists.
    let decoded_bytes = reader.output_buffer_size();
    if decoded_bytes > MAX_DECODED_BYTES {
        return Err(LogoError::TooManyPixels { width, height });
    }
    let mut pixels = vec![0; decoded_bytes];
    reader.next_frame(&mut pixels).map_err(undecodable)?;
    let (color, _) = reader.output_color_type();
    Ok(RebuiltPng {
        bytes: encode(&pixels, width, height, color)?,
        width,
        height,
    })
}

fn undecodable(_: png::DecodingError) -> LogoError {
    LogoError::DamagedPng("its image data cannot be decoded")
}

fn encode(pixels: &[u8], width: u32, height: u32, color: png::ColorType) -> Result<Vec<u8>, png::EncodingError> {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(color);
    encoder.set_depth(png::BitDepth::Eight);
    // Logos are flat colour and sharp edges, which per-row filter choice compresses best.
    encoder.set_adaptive_filter(png::AdaptiveFilterType::Adaptive);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(pixels)?;
    writer.finish()?;
    Ok(bytes)
}

/// The file's structure, with the messages a sponsor can act on: a header first, checksums that match,
/// image data, and nothing after the end.
fn check_chunks(bytes: &[u8]) -> Result<(), LogoError> {
    let mut rest = bytes.strip_prefix(PNG_SIGNATURE.as_slice()).ok_or(LogoError::NotPng)?;
    let (mut header, mut has_data) = (false, false);
    loop {
        let (kind, data) = next_chunk(&mut rest)?;
        match (kind, header) {
            (b"IHDR", false) if data.len() == 13 => header = true,
            (b"IHDR", false) => return Err(LogoError::DamagedPng("its header has the wrong length")),
            (_, false) => return Err(LogoError::DamagedPng("it does not start with a header")),
            (b"IHDR", true) => return Err(LogoError::DamagedPng("it has two headers")),
            (b"IDAT", true) => has_data = true,
            (b"IEND", true) if !rest.is_empty() => return Err(LogoError::DamagedPng("data follows its end")),
            (b"IEND", true) if !has_data => return Err(LogoError::DamagedPng("it has no image data")),
            (b"IEND", true) => return Ok(()),
            _ => {}
        }
    }
}

/// Takes one chunk off the front of `bytes`, checksum verified: its type and its data.
fn next_chunk<'a>(bytes: &mut &'a [u8]) -> Result<(&'a [u8; 4], &'a [u8]), LogoError> {
    let cut = || LogoError::DamagedPng("it is cut short");
    let (len, rest) = bytes.split_first_chunk::<4>().ok_or_else(cut)?;
    let (kind, rest) = rest.split_first_chunk::<4>().ok_or_else(cut)?;
    let len = usize::try_from(u32::from_be_bytes(*len)).map_err(|_| cut())?;
    let (data, rest) = rest.split_at_checked(len).ok_or_else(cut)?;
    let (crc, rest) = rest.split_first_chunk::<4>().ok_or_else(cut)?;
    if crc32(&[kind.as_slice(), data]) != u32::from_be_bytes(*crc) {
        return Err(LogoError::DamagedPng("a checksum does not match"));
    }
    *bytes = rest;
    Ok((kind, data))
}

/// CRC-32 as PNG uses it (ISO 3309, reflected polynomial 0xEDB88320), over several slices in turn.
fn crc32(parts: &[&[u8]]) -> u32 {
    let mut crc = !0u32;
    for &byte in parts.iter().copied().flatten() {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xEDB8_8320 & (crc & 1).wrapping_neg());
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sponsors::{LogoFormat, inspect};

    #[test]
    fn crc32_check_value() {
        assert_eq!(crc32(&[b"1234", b"56789"]), 0xCBF4_3926);
    }

    fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
        let len = u32::try_from(data.len()).expect("small test chunk").to_be_bytes();
        [&len[..], kind, data, &crc32(&[kind, data]).to_be_bytes()].concat()
    }

    /// A whole PNG of `width` × `height` in `color`, each pixel's channels counting up; `extra` chunks after
    /// the header.
    fn png_with(width: u32, height: u32, color: png::ColorType, extra: &[([u8; 4], &[u8])]) -> Vec<u8> {
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, width, height);
        encoder.set_color(color);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().unwrap();
        for (kind, data) in extra {
            writer.write_chunk(png::chunk::ChunkType(*kind), data).unwrap();
        }
        let samples = width as usize * height as usize * color.samples();
        let pixels: Vec<u8> = (0..samples).map(|at| (at % 251) as u8).collect();
        writer.write_image_data(&pixels).unwrap();
        writer.finish().unwrap();
        bytes
    }

    fn png(width: u32, height: u32) -> Vec<u8> {
        png_with(width, height, png::ColorType::Rgba, &[])
    }

    /// A PNG whose header claims `width` × `height` 8-bit `color_type` and whose image data is no image: what is
    /// refused from the header alone shows it was refused before any decoding.
    fn claimed(width: u32, height: u32, color_type: u8) -> Vec<u8> {
        let ihdr = [
            &width.to_be_bytes()[..],
            &height.to_be_bytes(),
            &[8, color_type, 0, 0, 0],
        ]
        .concat();
        [
            &PNG_SIGNATURE[..],
            &chunk(b"IHDR", &ihdr),
            &chunk(b"IDAT", b"pixels"),
            &chunk(b"IEND", b""),
        ]
        .concat()
    }

    fn png_error(bytes: &[u8]) -> String {
        inspect(LogoFormat::Png, bytes).expect_err("a refused PNG").to_string()
    }

    /// The pixels of a PNG, 8-bit channels, and their colour type.
    fn pixels(bytes: &[u8]) -> (png::ColorType, Vec<u8>) {
        let mut reader = png::Decoder::new(bytes).read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size()];
        let frame = reader.next_frame(&mut pixels).unwrap();
        (frame.color_type, pixels)
    }

    #[test]
    fn a_png_is_written_again_from_its_pixels_alone() {
        let uploaded = png_with(
            600,
            200,
            png::ColorType::Rgba,
            &[
                (*b"tEXt", b"Comment\0<script>alert(1)</script>"),
                (*b"prVt", b"private data"),
            ],
        );

        let logo = inspect(LogoFormat::Png, &uploaded).expect("a valid PNG");

        assert_eq!((logo.width, logo.height), (600, 200));
        assert_eq!(pixels(&logo.bytes), pixels(&uploaded));
        let text = String::from_utf8_lossy(&logo.bytes);
        assert!(
            !text.contains("script") && !text.contains("prVt") && !text.contains("private"),
            "{text}"
        );
    }

    #[test]
    fn a_palette_png_comes_back_as_its_colours() {
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, 400, 200);
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(vec![255, 0, 0, 0, 0, 255]);
        let mut writer = encoder.write_header().unwrap();
        writer.write_image_data(&[0, 1].repeat(400 * 100)).unwrap();
        writer.finish().unwrap();

        let logo = inspect(LogoFormat::Png, &bytes).expect("a valid PNG");

        let (color, rebuilt) = pixels(&logo.bytes);
        assert_eq!(color, png::ColorType::Rgb);
        assert_eq!(&rebuilt[..6], [255, 0, 0, 0, 0, 255]);
    }

    #[test]
    fn png_structure_is_verified() {
        let good = png(600, 200);
        assert_eq!(png_error(b"GIF89a"), "This is not a PNG image.");
        let mut bad_crc = good.clone();
        bad_crc[20] ^= 1; // inside IHDR's width
        assert!(png_error(&bad_crc).contains("checksum"));
        assert!(png_error(&[&good[..], b"trailing"].concat()).contains("data follows its end"));
        let no_header = [&PNG_SIGNATURE[..], &chunk(b"IDAT", b"x"), &chunk(b"IEND", b"")].concat();
        assert!(png_error(&no_header).contains("does not start with a header"));
        let no_data = [&good[..33], &chunk(b"IEND", b"")].concat();
        assert!(png_error(&no_data).contains("no image data"));
        // Every truncation is refused, none panics, including one that cuts off IEND exactly.
        for len in 0..good.len() {
            assert!(inspect(LogoFormat::Png, &good[..len]).is_err(), "accepted {len} bytes");
        }
        assert!(png_error(&good[..good.len() - 12]).contains("cut short"));
    }

    #[test]
    fn a_header_no_decoder_accepts_or_image_data_that_is_no_image_is_refused() {
        let mut bad_depth = claimed(600, 200, 6);
        bad_depth[24] = 3; // a bit depth PNG does not have
        let crc = crc32(&[&bad_depth[12..29]]).to_be_bytes();
        bad_depth[29..33].copy_from_slice(&crc);
        assert_eq!(
            png_error(&bad_depth),
            "The PNG file is damaged (its header is not valid). Please export it again."
        );
        assert_eq!(
            png_error(&claimed(600, 200, 6)),
            "The PNG file is damaged (its image data cannot be decoded). Please export it again."
        );
        let good = png(600, 200);
        let data_at = 33 + 8;
        let mut scrambled = good.clone();
        let data_len = u32::from_be_bytes(good[33..37].try_into().unwrap()) as usize;
        for byte in &mut scrambled[data_at + 2..data_at + data_len] {
            *byte = !*byte;
        }
        let crc = crc32(&[&scrambled[37..data_at + data_len]]).to_be_bytes();
        scrambled[data_at + data_len..data_at + data_len + 4].copy_from_slice(&crc);
        assert!(png_error(&scrambled).contains("cannot be decoded"));
    }

    #[test]
    fn png_dimensions_are_read_from_the_header_before_decoding() {
        let error = |w, h| png_error(&claimed(w, h, 6));
        assert_eq!(
            error(120, 40),
            "The logo must be at least 300 pixels on its longer side (this one is 120 × 40)."
        );
        assert!(error(9000, 3000).contains("at most 8000 pixels"));
        assert!(error(8001, 8001).contains("at most 8000 pixels"));
        assert!(error(3100, 500).starts_with("The logo's proportions must be between 1:2 (tall) and 6:1 (wide)"));
        assert!(error(300, 601).contains("proportions"));
        assert!(inspect(LogoFormat::Png, &claimed(0, 400, 6)).is_err());
        for (w, h) in [(300, 600), (1800, 300)] {
            assert!(inspect(LogoFormat::Png, &png(w, h)).is_ok(), "{w} × {h}");
        }
    }

    #[test]
    fn more_pixels_than_the_limit_are_refused_before_any_is_decoded() {
        // 8,000 × 8,000 with colour and transparency is 256 MB; greyscale, the same size is 64,000,000 bytes.
        assert_eq!(
            png_error(&claimed(8000, 8000, 6)),
            "The logo has too many pixels to take in (8000 × 8000: over 64 MB once decoded). Please send a smaller \
             image."
        );
        assert!(png_error(&claimed(4097, 4096, 6)).contains("too many pixels"));
        assert!(
            png_error(&claimed(8000, 8000, 0)).contains("cannot be decoded"),
            "within the limit, decoded"
        );
    }
}
