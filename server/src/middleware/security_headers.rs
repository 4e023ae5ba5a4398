//! Headers browsers enforce: a Content-Security-Policy on every HTML page, HSTS on a
//! live site, and the usual anti-sniffing, framing and referrer rules.

use axum::http::{HeaderMap, HeaderName, HeaderValue, header};
use axum::response::Response;

use crate::programme_site::visitor_clock;
use crate::settings::Settings;

/// What Stripe.js and its frames load from, when the stripe gateway is in use.
const STRIPE_SCRIPTS: &str = "https://js.stripe.com https://*.js.stripe.com";
const STRIPE_FRAMES: &str = "https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com";
const STRIPE_API: &str = "https://api.stripe.com";
const STRIPE_IMAGES: &str = "https://*.stripe.com";

/// Two years, as HSTS preload lists ask; subdomains are the organizer's to decide.
const HSTS: &str = "max-age=63072000";

#[derive(Debug, Clone)]
pub struct SecurityHeaders {
    content_security_policy: HeaderValue,
    strict_transport_security: Option<HeaderValue>,
}

impl SecurityHeaders {
    pub fn new(settings: &Settings) -> Self {
        let policy = content_security_policy(settings.stripe.is_some(), settings.live);
        Self {
            content_security_policy: HeaderValue::from_str(&policy)
                .unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'; frame-ancestors 'none'")),
            strict_transport_security: settings.live.then(|| HeaderValue::from_static(HSTS)),
        }
    }
}

/// Scripts only from this site (and Stripe's when it takes the payments): no inline
/// script but the programme's visitor clock, allowed by its hash. Inline *styles* stay allowed because React's style attributes,
/// Radix's positioning and Stripe.js's own containers use them; they cannot run code.
pub fn content_security_policy(stripe: bool, live: bool) -> String {
    let with_stripe = |own: &str, stripe_sources: &str| {
        if stripe {
            format!("{own} {stripe_sources}")
        } else {
            own.to_owned()
        }
    };
    let mut directives = vec![
        "default-src 'self'".to_owned(),
        format!(
            "script-src {}",
            with_stripe(&format!("'self' {}", visitor_clock::csp_source()), STRIPE_SCRIPTS)
        ),
        "style-src 'self' 'unsafe-inline'".to_owned(),
        format!("img-src {}", with_stripe("'self' data:", STRIPE_IMAGES)),
        "font-src 'self'".to_owned(),
        format!("connect-src {}", with_stripe("'self'", STRIPE_API)),
        format!("frame-src {}", if stripe { STRIPE_FRAMES } else { "'none'" }),
        "frame-ancestors 'none'".to_owned(),
        "object-src 'none'".to_owned(),
        "base-uri 'self'".to_owned(),
        "form-action 'self'".to_owned(),
        "manifest-src 'self'".to_owned(),
    ];
    if live {
        directives.push("upgrade-insecure-requests".to_owned());
    }
    directives.join("; ")
}

impl SecurityHeaders {
    /// Adds the headers to a response; a page that sets its own (the camera's) keeps it.
    pub fn apply<B>(&self, mut response: Response<B>) -> Response<B> {
        let headers = response.headers_mut();
        if is_html(headers) {
            headers
                .entry(header::CONTENT_SECURITY_POLICY)
                .or_insert_with(|| self.content_security_policy.clone());
        }
        if let Some(hsts) = &self.strict_transport_security {
            headers.insert(header::STRICT_TRANSPORT_SECURITY, hsts.clone());
        }
        for (name, value) in [
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::X_FRAME_OPTIONS, "DENY"),
            (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
            (
                HeaderName::from_static("permissions-policy"),
                "camera=(), microphone=(), geolocation=()",
            ),
        ] {
            headers.entry(name).or_insert(HeaderValue::from_static(value));
        }
        response
    }
}

fn is_html(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("text/html"))
}

#[cfg(test)]
mod tests {
    use super::content_security_policy;
    use crate::programme_site::visitor_clock;

    fn directive<'a>(policy: &'a str, name: &str) -> &'a str {
        policy
            .split("; ")
            .find(|directive| directive.starts_with(name))
            .unwrap_or_default()
    }

    #[test]
    fn scripts_come_only_from_the_site_and_stripe_when_it_is_used() {
        let clock = visitor_clock::csp_source();
        let sandbox = content_security_policy(false, false);
        assert_eq!(directive(&sandbox, "script-src"), format!("script-src 'self' {clock}"));
        assert_eq!(directive(&sandbox, "frame-src"), "frame-src 'none'");
        assert!(!sandbox.contains("stripe"));
        let stripe = content_security_policy(true, true);
        assert_eq!(
            directive(&stripe, "script-src"),
            format!("script-src 'self' {clock} https://js.stripe.com https://*.js.stripe.com")
        );
        assert!(directive(&stripe, "connect-src").contains("https://api.stripe.com"));
        assert!(directive(&stripe, "frame-src").contains("https://hooks.stripe.com"));
        assert!(stripe.contains("frame-ancestors 'none'"));
        assert!(stripe.ends_with("upgrade-insecure-requests"));
        for policy in [sandbox, stripe] {
            assert!(!directive(&policy, "script-src").contains("unsafe"), "{policy}");
        }
    }
}
