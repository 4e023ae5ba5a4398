//! The browser app's paths (web/src/config/paths.ts), which decide a page's status and headers.

/// The app's routes. Any other path gets the not-found page, with status 404.
const APP_ROUTES: &[&str] = &[
    "/",
    "/my-tickets",
    "/sponsor",
    "/sponsorship",
    "/privacy-policy",
    "/terms-of-service",
    "/code-of-conduct",
    "/pricing-details",
    "/sitemap",
    "/merchandise-confirmation",
    "/sponsor-payment",
    "/sponsor-confirmation",
];

/// App routes with one parameter segment after the prefix, such as `/checkout/vip`.
const APP_ROUTE_PREFIXES: &[&str] = &["/checkout/", "/merchandise-checkout/"];

/// The back office: every path under it is the app's, which routes it further.
const BACK_OFFICE: &str = "/admin";
/// The door's ticket scanner, opened as a page of its own.
const CHECK_IN_PAGE: &str = "/admin/check-in";

/// Public pages listed in `/sitemap.xml`.
pub const INDEXED_PAGES: &[&str] = &[
    "/",
    "/sponsorship",
    "/pricing-details",
    "/code-of-conduct",
    "/privacy-policy",
    "/terms-of-service",
    "/sitemap",
    "/merchandise/purchase.html",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// A page of the public site.
    Public,
    BackOffice,
    /// The back office's ticket scanner: the only page that may use the camera.
    CheckIn,
    NotFound,
}

impl Route {
    pub fn of(path: &str) -> Self {
        if let Some(rest) = path.strip_prefix(BACK_OFFICE)
            && (rest.is_empty() || rest.starts_with('/'))
        {
            return if path.trim_end_matches('/') == CHECK_IN_PAGE {
                Self::CheckIn
            } else {
                Self::BackOffice
            };
        }
        let path = normalize(path);
        let public = APP_ROUTES.contains(&path)
            || APP_ROUTE_PREFIXES.iter().any(|prefix| {
                path.strip_prefix(prefix)
                    .is_some_and(|parameter| !parameter.is_empty() && !parameter.contains('/'))
            });
        if public { Self::Public } else { Self::NotFound }
    }
}

/// The path without a trailing slash, as pages are keyed.
pub fn normalize(path: &str) -> &str {
    if path.len() > 1 {
        path.trim_end_matches('/')
    } else {
        path
    }
}

#[cfg(test)]
mod tests {
    use super::Route;

    #[test]
    fn app_routes_match_with_or_without_a_trailing_slash() {
        assert_eq!(Route::of("/"), Route::Public);
        assert_eq!(Route::of("/privacy-policy"), Route::Public);
        assert_eq!(Route::of("/sponsorship/"), Route::Public);
        assert_eq!(Route::of("/no-such-page"), Route::NotFound);
        assert_eq!(Route::of("/sponsorship/extra"), Route::NotFound);
        assert_eq!(Route::of("/checkout/developer"), Route::Public);
        assert_eq!(Route::of("/checkout/"), Route::NotFound);
        assert_eq!(Route::of("/checkout/vip/extra"), Route::NotFound);
    }

    #[test]
    fn the_back_office_owns_every_path_under_admin() {
        assert_eq!(Route::of("/admin"), Route::BackOffice);
        assert_eq!(Route::of("/admin/orders/42"), Route::BackOffice);
        assert_eq!(Route::of("/admin/check-in/"), Route::CheckIn);
        assert_eq!(Route::of("/administrator"), Route::NotFound);
    }
}
