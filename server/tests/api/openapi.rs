//! The API contract at `/api/openapi.json`: OpenAPI 3.1, every endpoint in it, and
//! every error answer described with the JSON error body.

use std::collections::BTreeSet;

use crate::helpers::on_both_databases;
use serde_json::Value;

/// Every route the server answers outside the built app's pages.
const OPERATIONS: &[(&str, &str)] = &[
    ("get", "/api/config"),
    ("get", "/api/tickets"),
    ("get", "/api/merchandise"),
    ("get", "/api/sponsorship-tiers"),
    ("post", "/api/register-waitlist"),
    ("post", "/api/waiting-list"),
    ("post", "/api/create-payment-intent"),
    ("post", "/api/confirm-purchase"),
    ("post", "/api/create-merchandise-payment"),
    ("get", "/api/get-payment-details"),
    ("post", "/api/confirm-merchandise-purchase"),
    ("post", "/api/create-sponsorship-payment"),
    ("post", "/api/confirm-sponsorship"),
    ("post", "/api/quote"),
    ("post", "/api/sandbox/confirm"),
    ("post", "/api/webhooks/stripe"),
    ("get", "/api/my-tickets"),
    ("post", "/api/my-tickets/{ticket_id}/attendee"),
    ("put", "/api/my-tickets/{ticket_id}/answers"),
    ("get", "/api/my-tickets/{ticket_id}/seats"),
    ("post", "/api/my-tickets/{ticket_id}/seats"),
    ("delete", "/api/my-tickets/{ticket_id}/seats/{slug}"),
    ("post", "/api/my-tickets/{ticket_id}/seats/{slug}/waiting-list"),
    ("get", "/api/my-tickets/{ticket_id}/wallet/apple"),
    ("get", "/api/my-tickets/{ticket_id}/wallet/google"),
    ("get", "/api/my-tickets/{ticket_id}/certificate.pdf"),
    ("get", "/api/sponsor"),
    ("put", "/api/sponsor/profile"),
    ("put", "/api/sponsor/logo"),
    ("get", "/api/sponsor/logo"),
    ("get", "/api/sponsors"),
    ("get", "/api/sponsors/logos/{logo_id}"),
    ("get", "/api/my-order"),
    ("put", "/api/my-order/billing"),
    ("get", "/api/my-order/invoices/{number}"),
    ("get", "/api/countries"),
    ("get", "/api/programme"),
    ("get", "/api/programme/seats"),
    ("get", "/api/admin/session"),
    ("post", "/api/admin/session"),
    ("delete", "/api/admin/session"),
    ("post", "/api/admin/invitations/{token}"),
    ("get", "/api/admin/staff"),
    ("post", "/api/admin/staff"),
    ("patch", "/api/admin/staff/{id}"),
    ("get", "/api/admin/dashboard"),
    ("get", "/api/admin/orders"),
    ("get", "/api/admin/orders/{id}"),
    ("post", "/api/admin/orders/{id}/notes"),
    ("post", "/api/admin/orders/{id}/resend-confirmation"),
    ("post", "/api/admin/orders/{id}/refund"),
    ("get", "/api/admin/emails"),
    ("post", "/api/admin/emails/{id}/retry"),
    ("get", "/api/admin/waitlist"),
    ("get", "/api/admin/waiting-list"),
    ("post", "/api/admin/waiting-list/{id}/move-up"),
    ("post", "/api/admin/waiting-list/{id}/offer"),
    ("delete", "/api/admin/waiting-list/{id}"),
    ("get", "/api/admin/presales"),
    ("post", "/api/admin/presales"),
    ("get", "/api/admin/draws"),
    ("post", "/api/admin/draws"),
    ("post", "/api/admin/draws/{id}/draw"),
    ("get", "/api/admin/sponsorships"),
    ("post", "/api/admin/sponsorships/{order_id}/review"),
    ("get", "/api/admin/sponsorships/{order_id}/logo"),
    ("get", "/api/admin/sponsorships/logos.zip"),
    ("post", "/api/admin/sponsorships/{order_id}/page-link"),
    ("get", "/api/admin/exports/{name}"),
    ("post", "/api/admin/check-in"),
    ("post", "/api/admin/check-in/batch"),
    ("get", "/api/admin/check-in/list"),
    ("get", "/api/admin/check-in/search"),
    ("get", "/api/admin/pickups"),
    ("post", "/api/admin/pickups"),
    ("get", "/api/admin/pick-list"),
    ("get", "/api/admin/codes"),
    ("post", "/api/admin/codes"),
    ("patch", "/api/admin/codes/{id}"),
    ("post", "/api/admin/codes/import"),
    ("get", "/api/admin/invoices"),
    ("get", "/api/admin/invoices/ledger.csv"),
    ("get", "/api/admin/invoices/pdfs.zip"),
    ("get", "/api/admin/invoices/{number}"),
    ("post", "/api/admin/programme/import"),
    ("put", "/api/admin/programme/speakers/{slug}/photo"),
    ("delete", "/api/admin/programme/speakers/{slug}/photo"),
    ("get", "/api/admin/programme/versions"),
    ("get", "/api/admin/questions/totals"),
    ("get", "/api/admin/sessions"),
    ("get", "/api/admin/sessions/{slug}"),
    ("get", "/api/admin/sessions/{slug}/roster.csv"),
    ("patch", "/api/admin/sessions/{slug}"),
    ("post", "/api/admin/sessions/{slug}/message"),
    ("post", "/api/admin/messages/preview"),
    ("post", "/api/admin/messages"),
    ("get", "/api/admin/messages"),
    ("post", "/api/admin/messages/{id}/cancel"),
    ("get", "/api/admin/privacy"),
    ("post", "/api/admin/privacy/erase"),
    ("get", "/api/admin/badges.pdf"),
    ("get", "/healthz"),
    ("get", "/readyz"),
    ("get", "/metrics"),
    ("get", "/unsubscribe"),
    ("post", "/unsubscribe"),
    ("get", "/resubscribe"),
    ("post", "/resubscribe"),
    ("get", "/schedule.json"),
    ("get", "/media/speakers/{file}"),
    ("get", "/schedule.xml"),
    ("get", "/schedule.ics"),
    ("get", "/waitlist/confirm"),
    ("post", "/waitlist/confirm"),
    ("get", "/waiting-list/decline"),
    ("post", "/waiting-list/decline"),
    ("get", "/certificates/{id}"),
];

/// Pages a visitor opens from an email: their errors are pages too.
const HTML_PAGES: &[&str] = &[
    "/unsubscribe",
    "/resubscribe",
    "/waitlist/confirm",
    "/waiting-list/decline",
    "/certificates/{id}",
];

fn operations(contract: &Value) -> BTreeSet<(String, String)> {
    let mut found = BTreeSet::new();
    for (path, item) in contract["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("a path item").keys() {
            found.insert((method.clone(), path.clone()));
        }
    }
    found
}

on_both_databases! {
    async fn the_contract_lists_every_endpoint_with_its_errors(app) {
        let answer = app.get("/api/openapi.json").await;
        assert_eq!(answer.status(), 200);
        assert_eq!(answer.headers()["content-type"], "application/json");
        let contract: Value = answer.json().await.unwrap();

        assert_eq!(contract["openapi"], "3.1.0");
        let expected: BTreeSet<(String, String)> =
            OPERATIONS.iter().map(|(method, path)| ((*method).to_owned(), (*path).to_owned())).collect();
        assert_eq!(operations(&contract), expected);
        assert!(contract["components"]["schemas"]["Error"]["properties"]["message"].is_object());

        for (method, path) in &expected {
            let operation = &contract["paths"][path][method];
            let responses = operation["responses"].as_object().unwrap_or_else(|| panic!("{method} {path}: responses"));
            assert!(
                responses.keys().any(|status| status.starts_with('2') || status.starts_with('3')),
                "{method} {path} documents its success"
            );
            for (status, response) in responses {
                if status.starts_with('4') || status.starts_with('5') {
                    if HTML_PAGES.contains(&path.as_str()) && response["content"]["text/html"].is_object() {
                        continue;
                    }
                    let body = &response["content"]["application/json"]["schema"]["$ref"];
                    assert_eq!(body, "#/components/schemas/Error", "{method} {path} {status} answers the error body");
                }
            }
        }
    }
}
