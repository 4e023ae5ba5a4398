use crate::helpers::on_both_databases;
use serde_json::{Value, json};

on_both_databases! {
    async fn tickets_are_three_with_integer_cent_prices(app) {
        let response = app.get("/api/tickets").await;

        assert_eq!(response.status(), 200);
        let tickets: Vec<Value> = response.json().await.unwrap();
        let summary: Vec<_> = tickets
            .iter()
            .map(|t| (t["id"].clone(), t["type"].clone(), t["price"].clone(), t["regularPrice"].clone()))
            .collect();
        assert_eq!(
            summary,
            [
                (json!(1), json!("developer"), json!(79900), json!(99900)),
                (json!(2), json!("vip"), json!(129900), json!(159900)),
                (json!(3), json!("team"), json!(69900), json!(89900)),
            ]
        );
        assert!(tickets.iter().all(|t| t["features"].as_array().is_some_and(|f| !f.is_empty())));
        assert_eq!(tickets[2]["minQuantity"], 4);
    }
}

on_both_databases! {
    async fn merchandise_has_both_categories_and_bundled_images(app) {
        let items: Vec<Value> = app.get("/api/merchandise").await.json().await.unwrap();

        for category in ["tshirt", "hat"] {
            assert!(items.iter().filter(|item| item["category"] == category).count() >= 2, "{category}");
        }
        assert!(items.iter().all(|item| item["imageUrl"].as_str().is_some_and(|url| url.starts_with("/images/"))));
        let tshirt = items.iter().find(|item| item["specialOffer"] == "tshirt").unwrap();
        assert_eq!((tshirt["price"].clone(), tshirt["regularPrice"].clone()), (json!(500), json!(2999)));
        assert_eq!(tshirt["sizes"], json!(["S", "M", "L", "XL", "XXL"]));
        let cap = items.iter().find(|item| item["specialOffer"] == "cap").unwrap();
        assert_eq!((cap["price"].clone(), cap["regularPrice"].clone()), (json!(100), json!(2499)));
        assert!(cap.get("sizes").is_none(), "the cap has no sizes");
    }
}

on_both_databases! {
    async fn sponsorship_tiers_are_the_design_catalogue(app) {
        let tiers: Vec<Value> = app.get("/api/sponsorship-tiers").await.json().await.unwrap();

        let summary: Vec<_> = tiers
            .iter()
            .map(|t| (t["value"].as_str().unwrap(), t["amount"].as_i64().unwrap(), t["group"].as_str().unwrap()))
            .collect();
        assert_eq!(
            summary,
            [
                ("platinum", 5_000_000, "standard"),
                ("gold", 2_500_000, "standard"),
                ("silver", 1_000_000, "standard"),
                ("workshop", 300_000, "standard"),
                ("supporter", 100_000, "standard"),
                ("title", 50_000_000, "signature"),
                ("afterparty", 25_000_000, "signature"),
                ("speakerLounge", 15_000_000, "signature"),
                ("lanyards", 10_000_000, "signature"),
                ("swagBox", 2_500_000, "signature"),
            ]
        );
        assert_eq!(tiers[0]["vipPasses"], 20);
        assert_eq!(tiers[0]["exhibitionSpace"], "20'x20'");
        assert!(tiers.iter().all(|t| t["available"] == true));
    }
}

on_both_databases! {
    async fn config_describes_the_event_and_the_sandbox_gateway(app) {
        let config: Value = app.get("/api/config").await.json().await.unwrap();

        assert_eq!(config["paymentProvider"], "sandbox");
        assert!(config.get("stripePublishableKey").is_none());
        let event = &config["event"];
        assert_eq!(event["startsAt"], "2026-05-18T00:00:00-04:00");
        assert_eq!(event["dateLabel"], "May 18-22, 2026");
        assert_eq!(event["fullRefundUntil"], "2026-03-18");
        assert_eq!(event["siteUrl"], "http://codewave.test");
        assert_eq!(event["hashtags"], json!(["CodeWave2026", "TechConference", "Miami"]));
        assert_eq!(event["figures"]["hackathonPrize"], "$50,000");
        assert_eq!(event["venue"]["area"], "South Beach, Miami");
    }
}
