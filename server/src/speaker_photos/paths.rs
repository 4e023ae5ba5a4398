//! The photos' public addresses: `/media/speakers/{slug}-{side}-{hash}.jpg`. The hash changes with the photo, so
//! an address always names the same bytes and may be cached for good.

use super::encode::{LARGE_SIDE, SMALL_SIDE};

/// Where the photos are served.
pub const PREFIX: &str = "/media/speakers/";

/// A speaker's photo's addresses on this site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhotoUrls {
    /// 96 × 96 pixels.
    pub small: String,
    /// 400 × 400 pixels.
    pub large: String,
}

impl PhotoUrls {
    pub fn new(slug: &str, hash: &str) -> Self {
        Self {
            small: path(slug, PhotoSize::Small, hash),
            large: path(slug, PhotoSize::Large, hash),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhotoSize {
    Small,
    Large,
}

impl PhotoSize {
    pub fn side(self) -> u32 {
        match self {
            Self::Small => SMALL_SIDE,
            Self::Large => LARGE_SIDE,
        }
    }
}

/// What a photo's file name names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhotoFile {
    pub slug: String,
    pub size: PhotoSize,
    pub hash: String,
}

fn path(slug: &str, size: PhotoSize, hash: &str) -> String {
    format!("{PREFIX}{slug}-{}-{hash}.jpg", size.side())
}

/// Reads a file name (the part after `/media/speakers/`); `None` for anything this site never makes.
pub fn parse(file: &str) -> Option<PhotoFile> {
    let stem = file.strip_suffix(".jpg")?;
    // The slug may hold hyphens; the side and the hash never do.
    let mut parts = stem.rsplitn(3, '-');
    let hash = parts.next()?;
    let side = parts.next()?;
    let slug = parts.next().filter(|slug| !slug.is_empty())?;
    let size = [PhotoSize::Small, PhotoSize::Large]
        .into_iter()
        .find(|size| side == size.side().to_string())?;
    let is_hash = hash.len() == 16 && hash.bytes().all(|byte| matches!(byte, b'0'..=b'9' | b'a'..=b'f'));
    is_hash.then(|| PhotoFile {
        slug: slug.to_owned(),
        size,
        hash: hash.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_reads_back_as_what_it_names() {
        let urls = PhotoUrls::new("ada-lovelace", "0123456789abcdef");
        assert_eq!(urls.small, "/media/speakers/ada-lovelace-96-0123456789abcdef.jpg");
        assert_eq!(urls.large, "/media/speakers/ada-lovelace-400-0123456789abcdef.jpg");
        let file = parse(urls.large.strip_prefix(PREFIX).unwrap()).unwrap();
        assert_eq!(
            file,
            PhotoFile {
                slug: "ada-lovelace".into(),
                size: PhotoSize::Large,
                hash: "0123456789abcdef".into()
            }
        );
        assert_eq!(parse("x-96-0123456789abcdef.jpg").unwrap().size, PhotoSize::Small);
    }

    #[test]
    fn names_this_site_never_makes_are_refused() {
        for file in [
            "ada-96-0123456789abcdef.png",
            "ada-97-0123456789abcdef.jpg",
            "ada-96-0123456789ABCDEF.jpg",
            "ada-96-0123456789abcde.jpg",
            "-96-0123456789abcdef.jpg",
            "96-0123456789abcdef.jpg",
            "ada.jpg",
            "",
        ] {
            assert_eq!(parse(file), None, "{file}");
        }
    }
}
