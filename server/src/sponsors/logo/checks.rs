//! What every logo must be, whatever its format (its size and proportions), and the error an upload is
//! refused with, with the limits its messages quote.

pub(super) const MIN_LONGER_SIDE: u32 = 300;
pub(super) const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// The decoded pixels, 8 bits a channel: an 8,000 × 8,000 greyscale logo, a 4,096 × 4,096 one with colour
/// and transparency. A 249 KB file may decode to 256 MB; it is refused before anything is decoded.
pub(super) const MAX_DECODED_BYTES: usize = 64 * 1024 * 1024;

#[derive(Debug, thiserror::Error)]
pub enum LogoError {
    #[error("This is not a PNG image.")]
    NotPng,
    #[error("The PNG file is damaged ({0}). Please export it again.")]
    DamagedPng(&'static str),
    #[error("The SVG could not be read: {0}.")]
    UnreadableSvg(String),
    #[error("This is not an SVG image: its root element must be <svg> with xmlns=\"{SVG_NS}\".")]
    NotSvg,
    #[error(
        "The SVG uses an external entity (<!ENTITY … SYSTEM/PUBLIC …>), which is never loaded. \
         Remove the DOCTYPE and upload it again."
    )]
    ExternalEntity,
    #[error("The SVG's DOCTYPE declares entities that expand too much. Remove the DOCTYPE and upload it again.")]
    EntityExpansion,
    #[error("The SVG is too complex to check (too many elements, attributes or namespaces). Please simplify it.")]
    TooComplex,
    #[error(
        "The SVG's size is unknown: give its <svg> element a viewBox such as viewBox=\"0 0 600 200\" \
         (a missing or percentage width and height is not enough)."
    )]
    NoSize,
    #[error("The logo must be at least {MIN_LONGER_SIDE} pixels on its longer side (this one is {width} × {height}).")]
    TooSmall { width: u32, height: u32 },
    #[error("The logo may be at most {max} pixels on each side (this one is {width} × {height}).")]
    TooLarge { width: u32, height: u32, max: u32 },
    #[error("The logo's proportions must be between 1:2 (tall) and 6:1 (wide); this one is {width} × {height}.")]
    Proportions { width: u32, height: u32 },
    #[error(
        "The logo has too many pixels to take in ({width} × {height}: over {} MB once decoded). Please send a \
         smaller image.",
        MAX_DECODED_BYTES / (1024 * 1024)
    )]
    TooManyPixels { width: u32, height: u32 },
    /// Writing the decoded pixels again failed: the server's fault, not the sponsor's.
    #[error("the PNG could not be written again")]
    Encoding(#[from] png::EncodingError),
}

pub(super) fn check_size(width: f64, height: f64, min_longer: u32, max: u32) -> Result<(u32, u32), LogoError> {
    // `as` saturates (NaN becomes 0), so this cannot wrap whatever the document claims.
    let (w, h) = (width.round() as u32, height.round() as u32);
    if width.max(height) < f64::from(min_longer) {
        return Err(LogoError::TooSmall { width: w, height: h });
    }
    if width.max(height) > f64::from(max) {
        return Err(LogoError::TooLarge {
            width: w,
            height: h,
            max,
        });
    }
    if !(0.5..=6.0).contains(&(width / height)) {
        return Err(LogoError::Proportions { width: w, height: h });
    }
    Ok((w.max(1), h.max(1)))
}
