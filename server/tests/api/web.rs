//! Paths outside `/api` serve the browser app.

use crate::helpers::{APP_SHELL, on_both_databases};

on_both_databases! {
    async fn app_routes_serve_the_app_with_200(app) {
        for path in ["/", "/sponsorship", "/privacy-policy", "/terms-of-service", "/code-of-conduct", "/pricing-details", "/sitemap"] {
            let response = app.get(path).await;

            assert_eq!(response.status(), 200, "{path}");
            assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
            assert_eq!(response.text().await.unwrap(), APP_SHELL, "{path}");
        }
    }
}

on_both_databases! {
    /// The app shows its not-found screen; the status tells crawlers the same.
    async fn unknown_paths_serve_the_app_with_404(app) {
        let response = app.get("/no/such/page").await;

        assert_eq!(response.status(), 404);
        assert_eq!(response.text().await.unwrap(), APP_SHELL);
    }
}

on_both_databases! {
    async fn hashed_assets_are_cached_for_a_year(app) {
        let response = app.get("/assets/app-1234.js").await;

        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()["cache-control"], "public, max-age=31536000, immutable");
        assert_eq!(app.get("/assets/missing.js").await.status(), 404);
    }
}

on_both_databases! {
    async fn search_engines_get_a_sitemap_and_robots_txt(app) {
        let sitemap = app.get("/sitemap.xml").await;
        assert_eq!(sitemap.status(), 200);
        assert!(sitemap.headers()["content-type"].to_str().unwrap().starts_with("application/xml"));
        let xml = sitemap.text().await.unwrap();
        assert!(xml.contains("<loc>https://codewave.test/</loc>"), "{xml}");
        assert!(xml.contains("<loc>https://codewave.test/sponsorship</loc>"), "{xml}");

        let robots = app.get("/robots.txt").await.text().await.unwrap();
        assert!(robots.contains("Sitemap: https://codewave.test/sitemap.xml"), "{robots}");
    }
}

on_both_databases! {
    async fn responses_carry_security_headers(app) {
        let response = app.get("/api/tickets").await;

        assert_eq!(response.headers()["x-content-type-options"], "nosniff");
        assert_eq!(response.headers()["x-frame-options"], "DENY");
        assert_eq!(response.headers()["referrer-policy"], "strict-origin-when-cross-origin");
    }
}
