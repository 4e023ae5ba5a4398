//! A response body prepared once in every encoding a browser may accept, so answering it is
//! a lookup: no file read, no compression, no serialization per request.

use std::io::Write;

use axum::body::Body;
use axum::http::header::{ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, ETAG, IF_NONE_MATCH, VARY};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::Response;
use bytes::Bytes;
use sha2::{Digest, Sha256};

/// Bodies smaller than this go out as they are: compressing them saves less than it costs.
const WORTH_COMPRESSING: usize = 512;

#[derive(Debug, Clone)]
pub struct Precompressed {
    content_type: HeaderValue,
    cache_control: HeaderValue,
    /// A strong validator of the content; each encoding adds its own suffix.
    tag: String,
    /// The ETag of each encoding, by `Encoding as usize`, made once.
    etags: [HeaderValue; 3],
    identity: Bytes,
    gzip: Option<Bytes>,
    brotli: Option<Bytes>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Encoding {
    Identity,
    Gzip,
    Brotli,
}

impl Precompressed {
    /// Compresses `body` now: for bodies made at start-up or when their content changes.
    pub fn compress(body: impl Into<Bytes>, content_type: &'static str, cache_control: &'static str) -> Self {
        let identity = body.into();
        let (gzip, brotli) = if identity.len() >= WORTH_COMPRESSING {
            (Some(gzip(&identity)), Some(brotli(&identity)))
        } else {
            (None, None)
        };
        Self::from_encodings(identity, gzip, brotli, content_type, cache_control)
    }

    /// A body with the encodings made ahead of time (the front-end build's `.gz` and `.br` files).
    pub fn from_encodings(
        identity: Bytes,
        gzip: Option<Bytes>,
        brotli: Option<Bytes>,
        content_type: &'static str,
        cache_control: &'static str,
    ) -> Self {
        let smaller = |encoded: Option<Bytes>| encoded.filter(|encoded| encoded.len() < identity.len());
        let tag = content_tag(&identity);
        // Hex digits and quotes: always a valid header value.
        let etag = |suffix: &str| HeaderValue::from_str(&format!("\"{tag}{suffix}\"")).expect("a hex ETag");
        Self {
            content_type: HeaderValue::from_static(content_type),
            cache_control: HeaderValue::from_static(cache_control),
            etags: [etag(""), etag("-gz"), etag("-br")],
            tag,
            gzip: smaller(gzip),
            brotli: smaller(brotli),
            identity,
        }
    }

    /// The body as sent without an encoding.
    pub fn identity(&self) -> &Bytes {
        &self.identity
    }

    /// A 200 (or 304 when the client's copy is current) in the best encoding the request accepts.
    pub fn respond(&self, request: &HeaderMap) -> Response {
        self.respond_with(StatusCode::OK, request)
    }

    pub fn respond_with(&self, status: StatusCode, request: &HeaderMap) -> Response {
        let encoding = self.encoding_for(request);
        let mut response = if status == StatusCode::OK && self.client_has(request) {
            let mut response = Response::new(Body::empty());
            *response.status_mut() = StatusCode::NOT_MODIFIED;
            response
        } else {
            let (body, content_encoding) = match encoding {
                Encoding::Brotli => (self.brotli.clone(), Some("br")),
                Encoding::Gzip => (self.gzip.clone(), Some("gzip")),
                Encoding::Identity => (None, None),
            };
            let mut response = Response::new(Body::from(body.unwrap_or_else(|| self.identity.clone())));
            *response.status_mut() = status;
            response.headers_mut().insert(CONTENT_TYPE, self.content_type.clone());
            if let Some(content_encoding) = content_encoding {
                response
                    .headers_mut()
                    .insert(CONTENT_ENCODING, HeaderValue::from_static(content_encoding));
            }
            response
        };
        let headers = response.headers_mut();
        // Room for these and the security headers every answer gets: no regrowth on the way out.
        headers.reserve(12);
        headers.insert(CACHE_CONTROL, self.cache_control.clone());
        headers.insert(ETAG, self.etags[encoding as usize].clone());
        if self.gzip.is_some() || self.brotli.is_some() {
            headers.insert(VARY, HeaderValue::from_static("accept-encoding"));
        }
        response
    }

    fn encoding_for(&self, request: &HeaderMap) -> Encoding {
        if self.brotli.is_some() && accepts(request, "br") {
            Encoding::Brotli
        } else if self.gzip.is_some() && accepts(request, "gzip") {
            Encoding::Gzip
        } else {
            Encoding::Identity
        }
    }

    /// If-None-Match names this content (in any of its encodings).
    fn client_has(&self, request: &HeaderMap) -> bool {
        request
            .get_all(IF_NONE_MATCH)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .map(|tag| tag.trim().trim_start_matches("W/").trim_matches('"'))
            .any(|tag| tag == "*" || tag.split('-').next() == Some(self.tag.as_str()))
    }
}

/// Whether Accept-Encoding allows `coding` (named, or by `*`, with a q-value above zero).
fn accepts(request: &HeaderMap, coding: &str) -> bool {
    let mut named = None;
    let mut any = None;
    for item in request
        .get_all(ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
    {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or_default().trim();
        let quality = parts
            .find_map(|parameter| parameter.trim().strip_prefix("q="))
            .and_then(|quality| quality.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        if name.eq_ignore_ascii_case(coding) {
            named = Some(quality);
        } else if name == "*" {
            any = Some(quality);
        }
    }
    named.or(any).is_some_and(|quality| quality > 0.0)
}

fn content_tag(body: &[u8]) -> String {
    Sha256::digest(body)
        .iter()
        .take(12)
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

fn gzip(body: &[u8]) -> Bytes {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(body);
    Bytes::from(encoder.finish().unwrap_or_default())
}

fn brotli(body: &[u8]) -> Bytes {
    let mut output = Vec::new();
    {
        // Quality 9 of 11: nearly the smallest, in milliseconds for pages and answers this size.
        let mut writer = brotli::CompressorWriter::new(&mut output, 4096, 9, 22);
        let _ = writer.write_all(body);
    }
    Bytes::from(output)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(headers: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in headers {
            map.append(*name, HeaderValue::from_static(value));
        }
        map
    }

    fn body() -> Precompressed {
        Precompressed::compress("a catalogue answer ".repeat(100), "application/json", "no-cache")
    }

    #[test]
    fn answers_in_the_best_encoding_the_client_takes() {
        let body = body();
        let encoding = |accept| {
            body.respond(&request(&[("accept-encoding", accept)]))
                .headers()
                .get(CONTENT_ENCODING)
                .map(|value| value.to_str().unwrap().to_owned())
        };
        assert_eq!(encoding("gzip, deflate, br").as_deref(), Some("br"));
        assert_eq!(encoding("gzip").as_deref(), Some("gzip"));
        assert_eq!(encoding("br;q=0, gzip;q=0.5").as_deref(), Some("gzip"));
        assert_eq!(encoding("*").as_deref(), Some("br"));
        assert_eq!(encoding("identity").as_deref(), None);
        assert_eq!(body.respond(&HeaderMap::new()).headers().get(CONTENT_ENCODING), None);
    }

    #[test]
    fn a_current_copy_gets_not_modified_in_any_encoding() {
        let body = body();
        let first = body.respond(&request(&[("accept-encoding", "br")]));
        let etag = first.headers().get(ETAG).unwrap().to_str().unwrap().to_owned();
        assert!(etag.ends_with("-br\""));
        let mut again = request(&[("accept-encoding", "gzip")]);
        again.insert(IF_NONE_MATCH, HeaderValue::from_str(&etag).unwrap());
        assert_eq!(body.respond(&again).status(), StatusCode::NOT_MODIFIED);
        let other = request(&[("if-none-match", "\"0123\"")]);
        assert_eq!(body.respond(&other).status(), StatusCode::OK);
    }

    #[test]
    fn small_bodies_are_not_compressed() {
        let small = Precompressed::compress("[]", "application/json", "no-cache");
        let response = small.respond(&request(&[("accept-encoding", "br, gzip")]));
        assert_eq!(response.headers().get(CONTENT_ENCODING), None);
        assert_eq!(response.headers().get(VARY), None);
    }
}
