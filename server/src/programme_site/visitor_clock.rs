//! Whether the visitor's clock reads the venue's, known before the page is first painted. The browser app writes
//! the visitor's own times beside the venue's once it runs; a line kept for them from the first paint stops that
//! from moving the page. The decision needs the visitor's clock, so it is a script, run inline in the head (where
//! nothing is painted yet) and allowed by its hash in the Content-Security-Policy, the one inline script the site has.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use sha2::{Digest, Sha256};

/// Marks `<html data-visitor-clock="other">` when the visitor's offset at the venue's time in
/// `<meta name="venue-time">` (`2026-05-18T09:00:00-04:00`, or `…Z`) is not the venue's.
pub const SCRIPT: &str = "(function(){var m=document.querySelector('meta[name=\"venue-time\"]');if(!m)return;\
var t=m.content,z=t.slice(19),o=z==='Z'?0:(z.charAt(0)==='-'?-1:1)*(60*z.slice(1,3)+1*z.slice(4,6));\
if(-new Date(t).getTimezoneOffset()!==o)document.documentElement.setAttribute('data-visitor-clock','other')})()";

/// The head tags that run [`SCRIPT`] for a programme whose sessions start at `venue_time`.
pub fn head_tags(venue_time: &str) -> String {
    format!(
        "<meta name=\"venue-time\" content=\"{}\" />\n    <script>{SCRIPT}</script>",
        crate::domain::escape_html(venue_time)
    )
}

/// The script's CSP source, `'sha256-…'`.
pub fn csp_source() -> String {
    format!("'sha256-{}'", STANDARD.encode(Sha256::digest(SCRIPT.as_bytes())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_in_the_page_is_byte_for_byte_the_one_hashed() {
        let tags = head_tags("2026-05-18T09:00:00-04:00");
        let inline = (tags.split("<script>").nth(1))
            .and_then(|rest| rest.split("</script>").next())
            .expect("script");
        assert_eq!(inline, SCRIPT);
    }

    #[test]
    fn the_venue_time_is_escaped_into_its_attribute() {
        assert!(head_tags("\"><script>").contains("content=\"&quot;&gt;&lt;script&gt;\""));
    }
}
