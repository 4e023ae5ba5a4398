//! The built app's files (web/dist), read into memory at start-up with the brotli and gzip
//! copies the build made beside them, so serving one is a lookup.

use std::collections::HashMap;
use std::io;
use std::path::Path;

use bytes::Bytes;

use crate::precompressed::Precompressed;

/// Vite puts a content hash in every name under /assets/: they never change.
const HASHED: &str = "public, max-age=31536000, immutable";
/// Everything else may change with a new build: browsers check (a 304 when it did not).
const UNHASHED: &str = "no-cache";

#[derive(Default)]
pub struct Assets {
    files: HashMap<String, Precompressed>,
}

impl Assets {
    /// Every file under `web_dir` but the pages, which `Pages` serves.
    pub fn load(web_dir: &Path) -> io::Result<Self> {
        let mut files = HashMap::new();
        load_directory(web_dir, web_dir, &mut files)?;
        Ok(Self { files })
    }

    /// The file at a URL path, such as `/assets/index-1234.js`.
    pub fn get(&self, path: &str) -> Option<&Precompressed> {
        self.files.get(path)
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }
}

fn load_directory(root: &Path, directory: &Path, files: &mut HashMap<String, Precompressed>) -> io::Result<()> {
    for entry in std::fs::read_dir(directory)? {
        let entry = entry?;
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        // Dot folders (Vite's manifest) and the prerendered pages are the build's, not the visitors'.
        if name.starts_with('.') || (directory == root && (name == "prerendered" || name == "index.html")) {
            continue;
        }
        if entry.file_type()?.is_dir() {
            load_directory(root, &path, files)?;
            continue;
        }
        if name.ends_with(".gz") || name.ends_with(".br") {
            continue;
        }
        let Some(relative) = path.strip_prefix(root).ok().and_then(Path::to_str) else {
            continue;
        };
        let url = format!("/{}", relative.replace(std::path::MAIN_SEPARATOR, "/"));
        let sibling = |suffix: &str| {
            std::fs::read(format!("{}.{suffix}", path.display()))
                .ok()
                .map(Bytes::from)
        };
        let cache_control = if url.starts_with("/assets/") { HASHED } else { UNHASHED };
        let file = Precompressed::from_encodings(
            Bytes::from(std::fs::read(&path)?),
            sibling("gz"),
            sibling("br"),
            content_type(&name),
            cache_control,
        );
        files.insert(url, file);
    }
    Ok(())
}

fn content_type(name: &str) -> &'static str {
    match name.rsplit_once('.').map(|(_, extension)| extension) {
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("html") => "text/html; charset=utf-8",
        Some("json") => "application/json",
        Some("webmanifest") => "application/manifest+json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("webp") => "image/webp",
        Some("avif") => "image/avif",
        Some("ico") => "image/x-icon",
        Some("woff2") => "font/woff2",
        Some("txt") => "text/plain; charset=utf-8",
        Some("xml") => "application/xml",
        _ => "application/octet-stream",
    }
}
