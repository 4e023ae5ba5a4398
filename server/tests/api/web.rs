//! Paths outside `/api` serve the browser app: prerendered pages while they are current, the
//! app shell otherwise, and the built files precompressed.

use std::io::Read;

use serde_json::{Value, json};

use crate::helpers::{
    APP_SCRIPT, APP_SHELL, PrerenderedFrom, TestApp, TestOptions, on_both_databases, prerendered_page, shipped_event,
};

fn prerendered() -> TestOptions {
    TestOptions {
        prerendered: Some(PrerenderedFrom::TheAppsEventFile),
        ..TestOptions::default()
    }
}

/// The app runs on a copy of the event file with the Developer Pass's price raised, while the
/// front end was last built from the shipped one.
fn edited_event_file_after_the_build() -> TestOptions {
    TestOptions {
        prerendered: Some(PrerenderedFrom::TheShippedEventFile),
        ..TestOptions::with_event(|event| {
            let shipped = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../conference.toml")).unwrap();
            let edited = shipped.replacen("price = 79900", "price = 84900", 1);
            assert_ne!(edited, shipped, "the shipped Developer Pass costs 79900 cents");
            let copy = tempfile::NamedTempFile::new().unwrap();
            std::fs::write(copy.path(), edited).unwrap();
            *event = conference::event::Event::load(copy.path()).unwrap();
        })
    }
}

async fn structured_data(app: &TestApp) -> Value {
    let html = app.get("/").await.text().await.unwrap();
    let start = html
        .find("<script type=\"application/ld+json\">")
        .expect("structured data")
        + 35;
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

fn offer_availability(data: &Value, name: &str) -> String {
    data["offers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|offer| offer["name"] == name)
        .unwrap()["availability"]
        .as_str()
        .unwrap()
        .to_owned()
}

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
    /// The build's brotli and gzip copies go out as they are, each under its own validator.
    async fn built_files_go_out_precompressed_and_revalidate(app) {
        let get = |encoding: &'static str| {
            app.client.get(app.url("/assets/app-1234.js")).header("accept-encoding", encoding).send()
        };
        let brotli = get("gzip, deflate, br").await.unwrap();
        assert_eq!(brotli.headers()["content-encoding"], "br");
        assert_eq!(brotli.headers()["vary"], "accept-encoding");
        let etag = brotli.headers()["etag"].to_str().unwrap().to_owned();
        let mut body = String::new();
        brotli::Decompressor::new(&brotli.bytes().await.unwrap()[..], 4096).read_to_string(&mut body).unwrap();
        assert_eq!(body, APP_SCRIPT.repeat(20));

        let gzip = get("gzip").await.unwrap();
        assert_eq!(gzip.headers()["content-encoding"], "gzip");
        let mut body = String::new();
        flate2::read::GzDecoder::new(&gzip.bytes().await.unwrap()[..]).read_to_string(&mut body).unwrap();
        assert_eq!(body, APP_SCRIPT.repeat(20));

        let plain = get("identity").await.unwrap();
        assert!(plain.headers().get("content-encoding").is_none());
        assert_eq!(plain.text().await.unwrap(), APP_SCRIPT.repeat(20));

        let again = app.client.get(app.url("/assets/app-1234.js")).header("if-none-match", etag).send().await.unwrap();
        assert_eq!(again.status(), 304);
    }
}

on_both_databases! {
    async fn prerendered_pages_are_served_with_the_sites_address(app, prerendered()) {
        let page = app.get("/checkout/developer").await;
        assert_eq!(page.status(), 200);
        assert_eq!(page.headers()["cache-control"], "no-cache");
        let html = page.text().await.unwrap();
        assert!(html.contains("Prerendered /checkout/developer: Developer Pass $799.00."), "{html}");
        assert!(html.contains("href=\"http://codewave.test/\""), "{html}");
        assert!(!html.contains("public-url.invalid"), "{html}");

        let sponsorship = app.get("/sponsorship/").await.text().await.unwrap();
        assert!(sponsorship.contains("Prerendered /sponsorship:"), "{sponsorship}");

        // Pages that depend on the visitor are rendered in the browser.
        assert_eq!(app.get("/sponsor-payment").await.text().await.unwrap(), APP_SHELL);

        let missing = app.get("/no/such/page").await;
        assert_eq!(missing.status(), 404);
        assert!(missing.text().await.unwrap().contains("Prerendered not found:"));
    }
}

on_both_databases! {
    /// A price changed in the event file after the last build: no page made before shows the old one.
    async fn an_edited_event_file_never_leaves_stale_prices_in_served_html(app, edited_event_file_after_the_build()) {
        let shipped = shipped_event();
        assert!(prerendered_page("/", &shipped).contains("$799.00"));

        for path in ["/", "/checkout/developer", "/sponsorship"] {
            let html = app.get(path).await.text().await.unwrap();
            assert_eq!(html, APP_SHELL, "{path} is served from a page made with the old price");
        }
        let tickets: Vec<Value> = app.get("/api/tickets").await.json().await.unwrap();
        assert_eq!(tickets.iter().find(|ticket| ticket["type"] == "developer").unwrap()["price"], 84900);
    }
}

on_both_databases! {
    /// Search engines see which tickets are on sale: the offers follow the stock.
    async fn the_landing_page_describes_the_event_and_its_offers(app, TestOptions {
        prerendered: Some(PrerenderedFrom::TheAppsEventFile),
        ..TestOptions::with_event(|event| {
            event.tickets.iter_mut().find(|ticket| ticket.ticket_type == "vip").unwrap().limit = Some(1);
        })
    }) {
        let data = structured_data(&app).await;
        assert_eq!(data["@type"], "Event");
        assert_eq!(data["name"], "CodeWave Miami 2026");
        assert_eq!(data["startDate"], "2026-05-18T00:00:00-04:00");
        assert_eq!(data["location"]["name"], "Miami Beach Convention Center");
        assert_eq!(data["image"][0], "http://codewave.test/share-image.png");
        let developer = data["offers"].as_array().unwrap().iter().find(|offer| offer["name"] == "Developer Pass").unwrap();
        assert_eq!(developer["price"], "799.00");
        assert_eq!(developer["priceCurrency"], "USD");
        assert_eq!(developer["url"], "http://codewave.test/checkout/developer");
        assert_eq!(offer_availability(&data, "VIP Pass"), "https://schema.org/InStock");

        let bought = app.create_ticket_payment("vip", 1, "last.one@example.com").await;
        assert_eq!(bought.status(), 200);

        assert_eq!(offer_availability(&structured_data(&app).await, "VIP Pass"), "https://schema.org/SoldOut");
    }
}

on_both_databases! {
    async fn the_catalogue_is_answered_precompressed_and_revalidated(app) {
        let plain: Value = app.get("/api/tickets").await.json().await.unwrap();
        let brotli = app.client.get(app.url("/api/tickets")).header("accept-encoding", "br").send().await.unwrap();
        assert_eq!(brotli.headers()["content-encoding"], "br");
        assert_eq!(brotli.headers()["cache-control"], "no-cache");
        let etag = brotli.headers()["etag"].to_str().unwrap().to_owned();
        let mut body = Vec::new();
        brotli::Decompressor::new(&brotli.bytes().await.unwrap()[..], 4096).read_to_end(&mut body).unwrap();
        assert_eq!(serde_json::from_slice::<Value>(&body).unwrap(), plain);

        let again = app.client.get(app.url("/api/tickets")).header("if-none-match", &etag).send().await.unwrap();
        assert_eq!(again.status(), 304);
        for path in ["/api/config", "/api/merchandise", "/api/sponsorship-tiers"] {
            assert_eq!(app.get(path).await.status(), 200, "{path}");
        }
    }
}

on_both_databases! {
    /// Another instance's sale shows within a second, however busy this one is.
    async fn availability_from_another_instance_is_never_a_second_old(app, TestOptions::with_event(|event| {
        event.tickets.iter_mut().find(|ticket| ticket.ticket_type == "vip").unwrap().limit = Some(1);
    })) {
        let vip_available = |tickets: Vec<Value>| tickets.iter().find(|ticket| ticket["type"] == "vip").unwrap()["available"] == true;
        assert!(vip_available(app.get("/api/tickets").await.json().await.unwrap()));

        let other = app.another_instance().await;
        let bought = app.client.post(other.url("/api/create-payment-intent"))
            .json(&json!({ "ticketType": "vip", "amount": 129900, "name": "Last Buyer", "email": "last@example.com" }))
            .send().await.unwrap();
        assert_eq!(bought.status(), 200);

        tokio::time::sleep(conference::catalogue::MAX_AGE + std::time::Duration::from_millis(50)).await;
        assert!(!vip_available(app.get("/api/tickets").await.json().await.unwrap()));
    }
}

on_both_databases! {
    async fn home_screens_get_a_web_manifest_named_after_the_event(app) {
        let response = app.get("/manifest.webmanifest").await;
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()["content-type"], "application/manifest+json");
        let manifest: Value = response.json().await.unwrap();
        assert_eq!(manifest["name"], "CodeWave Miami 2026");
        assert_eq!(manifest["short_name"], "CodeWave");
        let sizes: Vec<&str> = manifest["icons"].as_array().unwrap().iter().map(|icon| icon["sizes"].as_str().unwrap()).collect();
        assert_eq!(sizes, ["any", "192x192", "512x512"]);

        let door: Value = app.get("/door.webmanifest").await.json().await.unwrap();
        assert_eq!((door["start_url"].as_str(), door["scope"].as_str()), (Some("/admin/check-in"), Some("/admin/")));
        assert_eq!(door["name"], "CodeWave Miami 2026 door");
    }
}

on_both_databases! {
    async fn search_engines_get_a_sitemap_and_robots_txt(app) {
        let sitemap = app.get("/sitemap.xml").await;
        assert_eq!(sitemap.status(), 200);
        assert!(sitemap.headers()["content-type"].to_str().unwrap().starts_with("application/xml"));
        let xml = sitemap.text().await.unwrap();
        assert!(xml.contains("<loc>http://codewave.test/</loc>"), "{xml}");
        assert!(xml.contains("<loc>http://codewave.test/sponsorship</loc>"), "{xml}");

        let robots = app.get("/robots.txt").await.text().await.unwrap();
        assert!(robots.contains("Sitemap: http://codewave.test/sitemap.xml"), "{robots}");
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

on_both_databases! {
    /// Link previews get a picture of the event; home screens get its icons.
    async fn link_previews_and_home_screens_get_pictures_drawn_from_the_event(app) {
        for (path, width, height) in [
            ("/share-image.png", 1200, 630),
            ("/icon-192.png", 192, 192),
            ("/icon-512.png", 512, 512),
            ("/apple-touch-icon.png", 180, 180),
        ] {
            let response = app.get(path).await;
            assert_eq!(response.status(), 200, "{path}");
            assert_eq!(response.headers()["content-type"], "image/png", "{path}");
            let png = response.bytes().await.unwrap();
            let reader = png::Decoder::new(&png[..]).read_info().unwrap();
            assert_eq!((reader.info().width, reader.info().height), (width, height), "{path}");
        }
    }
}

on_both_databases! {
    async fn the_special_pricing_page_is_made_from_the_event_file(app, TestOptions::with_event(|event| {
        event.merchandise.iter_mut().find(|item| item.id == 3).unwrap().price = conference::domain::Money::from_cents(150);
    })) {
        let response = app.get("/merchandise/purchase.html").await;
        assert_eq!(response.status(), 200);
        assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
        let html = response.text().await.unwrap();
        assert!(html.contains("<title>Special Pricing | CodeWave Miami 2026</title>"), "{html}");
        assert!(html.contains("Special price </span>$1.50"), "{html}");
        assert!(html.contains("href=\"/merchandise-checkout/3\""), "{html}");
        assert!(html.contains("<script src=\"/merchandise/purchase.js\"></script>"), "{html}");
    }
}
