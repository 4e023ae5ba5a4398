//! A photo as the site serves it: the bytes must be a PNG, JPEG or WebP image by their content (whatever a header
//! claims), and are decoded and re-encoded, so nothing of the file sent (metadata, a polyglot's other half, a
//! decoder exploit aimed at browsers) reaches a visitor. Both sizes are square (the centre of the image), as the
//! pages show photos in circles.
//!
//! JPEG, not WebP: the `image` crate's WebP encoder is lossless only, which makes a 400-pixel photo several times
//! the size of a JPEG of the same look; every browser shows JPEG, and a photo has no transparency to keep.

use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use image::{DynamicImage, ImageFormat, ImageReader, Limits, RgbImage};
use sha2::{Digest, Sha256};

/// The largest file a photo may be, fetched or uploaded.
pub const MAX_PHOTO_BYTES: usize = 2 * 1024 * 1024;
/// What both sizes are served as.
pub const CONTENT_TYPE: &str = "image/jpeg";
/// A side longer than this is refused before decoding: a small file can claim a huge image.
const MAX_SIDE: u32 = 8_000;
/// What decoding may allocate: an 8000 × 4000 RGBA image, with room to spare.
const MAX_DECODE_BYTES: u64 = 160 * 1024 * 1024;
const JPEG_QUALITY: u8 = 82;
/// The small size's side in pixels: lists and cards (shown at up to 48 CSS pixels, twice that on dense screens).
pub const SMALL_SIDE: u32 = 96;
/// The large size's side: a speaker's own page (shown at up to 200 CSS pixels).
pub const LARGE_SIDE: u32 = 400;

/// A photo ready to serve: both sizes' bytes and the digest that names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Photo {
    pub small: Vec<u8>,
    pub large: Vec<u8>,
    /// Sixteen hex digits of the SHA-256 of both sizes: the photo's public addresses change with it.
    pub hash: String,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PhotoError {
    #[error("it is not a PNG, JPEG or WebP image")]
    NotAnImage,
    #[error("it is over 2 MB")]
    TooLarge,
    #[error("the image cannot be read: {0}")]
    Unreadable(String),
}

/// Which of the three formats `bytes` are, by their signature.
pub fn sniff(bytes: &[u8]) -> Option<ImageFormat> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(ImageFormat::Png)
    } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
        Some(ImageFormat::Jpeg)
    } else if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
        Some(ImageFormat::WebP)
    } else {
        None
    }
}

/// Checks `bytes` are an image of the three formats and makes both sizes of it. Takes a while on a large image:
/// call it off the threads that answer requests.
pub fn prepare(bytes: &[u8]) -> Result<Photo, PhotoError> {
    if bytes.len() > MAX_PHOTO_BYTES {
        return Err(PhotoError::TooLarge);
    }
    let format = sniff(bytes).ok_or(PhotoError::NotAnImage)?;
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits);
    let image = reader
        .decode()
        .map_err(|error| PhotoError::Unreadable(error.to_string()))?;
    let large = image.resize_to_fill(LARGE_SIDE, LARGE_SIDE, FilterType::CatmullRom);
    let small = large.resize_to_fill(SMALL_SIDE, SMALL_SIDE, FilterType::CatmullRom);
    let large = jpeg(&large)?;
    let small = jpeg(&small)?;
    let mut digest = Sha256::new();
    digest.update(&large);
    digest.update(&small);
    let hash = digest
        .finalize()
        .iter()
        .take(8)
        .map(|byte| format!("{byte:02x}"))
        .collect();
    Ok(Photo { small, large, hash })
}

fn jpeg(image: &DynamicImage) -> Result<Vec<u8>, PhotoError> {
    let mut bytes = Vec::new();
    JpegEncoder::new_with_quality(&mut bytes, JPEG_QUALITY)
        .encode_image(&on_white(image))
        .map_err(|error| PhotoError::Unreadable(error.to_string()))?;
    Ok(bytes)
}

/// The image on a white background: JPEG has no transparency, and a transparent pixel's colour is often black.
fn on_white(image: &DynamicImage) -> RgbImage {
    let rgba = image.to_rgba8();
    RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [red, green, blue, alpha] = rgba.get_pixel(x, y).0;
        let blend = |channel: u8| {
            let (channel, alpha) = (u16::from(channel), u16::from(alpha));
            u8::try_from((channel * alpha + 255 * (255 - alpha) + 127) / 255).unwrap_or(u8::MAX)
        };
        image::Rgb([blend(red), blend(green), blend(blue)])
    })
}

#[cfg(test)]
mod tests {
    use image::{ImageFormat, Rgba, RgbaImage};

    use super::*;

    fn encoded(width: u32, height: u32, format: ImageFormat) -> Vec<u8> {
        let image = RgbaImage::from_fn(width, height, |x, _| {
            if x < width / 2 {
                Rgba([200, 30, 30, 255])
            } else {
                Rgba([0, 0, 0, 0])
            }
        });
        let mut bytes = Cursor::new(Vec::new());
        let written = if format == ImageFormat::Jpeg {
            // JPEG has no alpha channel to write.
            DynamicImage::ImageRgba8(image).to_rgb8().write_to(&mut bytes, format)
        } else {
            image.write_to(&mut bytes, format)
        };
        written.expect("encodes");
        bytes.into_inner()
    }

    fn dimensions(jpeg: &[u8]) -> (u32, u32) {
        let image = image::load_from_memory_with_format(jpeg, ImageFormat::Jpeg).expect("a JPEG");
        (image.width(), image.height())
    }

    #[test]
    fn a_png_becomes_two_square_jpegs() {
        let photo = prepare(&encoded(640, 480, ImageFormat::Png)).expect("a photo");
        assert_eq!(dimensions(&photo.large), (400, 400));
        assert_eq!(dimensions(&photo.small), (96, 96));
        assert_eq!(sniff(&photo.large), Some(ImageFormat::Jpeg));
        assert_eq!(photo.hash.len(), 16);
        let large = image::load_from_memory(&photo.large).unwrap().to_rgb8();
        let transparent_half = large.get_pixel(390, 200).0;
        assert!(
            transparent_half.iter().all(|&channel| channel > 240),
            "white, not black: {transparent_half:?}"
        );
    }

    #[test]
    fn jpeg_and_webp_are_read_and_a_small_image_is_enlarged() {
        for format in [ImageFormat::Jpeg, ImageFormat::WebP] {
            let photo = prepare(&encoded(50, 80, format)).expect("a photo");
            assert_eq!(dimensions(&photo.large), (400, 400), "{format:?}");
            assert_eq!(dimensions(&photo.small), (96, 96), "{format:?}");
        }
    }

    #[test]
    fn the_same_image_has_the_same_hash_and_another_another() {
        let first = prepare(&encoded(120, 120, ImageFormat::Png)).unwrap();
        let again = prepare(&encoded(120, 120, ImageFormat::Png)).unwrap();
        let other = prepare(&encoded(121, 120, ImageFormat::Png)).unwrap();
        assert_eq!(first.hash, again.hash);
        assert_ne!(first.hash, other.hash);
    }

    #[test]
    fn what_is_not_one_of_the_three_formats_is_refused_by_its_content() {
        assert_eq!(
            prepare(b"<!doctype html><title>Not found</title>"),
            Err(PhotoError::NotAnImage)
        );
        assert_eq!(prepare(b""), Err(PhotoError::NotAnImage));
        assert_eq!(
            prepare(b"GIF89a\x01\x00\x01\x00\x00\x00\x00;"),
            Err(PhotoError::NotAnImage)
        );
        let svg = br#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#;
        assert_eq!(prepare(svg), Err(PhotoError::NotAnImage));
    }

    #[test]
    fn a_truncated_image_and_an_oversize_file_are_refused() {
        let png = encoded(300, 300, ImageFormat::Png);
        assert!(matches!(prepare(&png[..png.len() / 2]), Err(PhotoError::Unreadable(_))));
        let mut huge = png.clone();
        huge.resize(MAX_PHOTO_BYTES + 1, 0);
        assert_eq!(prepare(&huge), Err(PhotoError::TooLarge));
    }

    #[test]
    fn an_image_claiming_enormous_sides_is_refused_before_it_is_decoded() {
        // A PNG header for 100 000 × 100 000 pixels: the rest of the file is never read.
        let mut png = encoded(1, 1, ImageFormat::Png);
        png[16..20].copy_from_slice(&100_000u32.to_be_bytes());
        png[20..24].copy_from_slice(&100_000u32.to_be_bytes());
        // The header's checksum made right, so the sides are what refuses it.
        let mut crc = flate2::Crc::new();
        crc.update(&png[12..29]);
        png[29..33].copy_from_slice(&crc.sum().to_be_bytes());
        assert!(matches!(prepare(&png), Err(PhotoError::Unreadable(_))));
    }
}
