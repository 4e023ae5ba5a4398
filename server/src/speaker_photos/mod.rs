//! Speakers' photos: fetched by the programme's import from the address the source names, or uploaded by the
//! organizer; checked to be an image, re-encoded at two sizes and served from the site, so the pages' CSP stays
//! `img-src 'self'` and no visitor's browser asks the source's server for anything.
//!
//! The pure parts (which addresses may be fetched, the image's re-encoding, the photos' public paths) are apart from
//! the fetch itself and from the refresh an applied import runs.

pub mod address;
pub mod encode;
pub mod fetch;
pub mod paths;
pub mod refresh;

pub use encode::{MAX_PHOTO_BYTES, Photo, PhotoError, prepare};
pub use fetch::{FetchError, FetchPolicy};
pub use paths::{PhotoSize, PhotoUrls};
pub use refresh::{FailedPhoto, PhotoReport, fetch_missing};
