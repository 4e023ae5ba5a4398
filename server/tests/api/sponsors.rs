//! What a paid sponsorship brings: its tier's VIP passes (named through `/api/my-tickets`
//! with the sponsor page's secret, checked in once each, retired by a refund unless used),
//! and a private page where the sponsor sends a profile and a logo for the wall. A logo
//! is made safe before anyone sees it, and goes public only once the organizer approves it.

use std::io::{Read, Write};

use conference::store::TicketStatus;
use serde_json::{Value, json};
use time::{Duration, OffsetDateTime, Time};

use crate::helpers::{ManualClock, PrerenderedFrom, TestApp, TestOptions, on_both_databases};

/// The largest logo the page takes: 1 MB.
const MAX_LOGO_BYTES: usize = 1024 * 1024;

/// Noon at the venue a month before the last day passes can be named.
fn a_month_before_the_naming_deadline() -> OffsetDateTime {
    let event = crate::helpers::shipped_event();
    let day = conference::tickets::transfer_until(&event) - Duration::days(30);
    day.with_time(Time::from_hms(12, 0, 0).unwrap())
        .assume_offset(event.starts_at.offset())
}

/// The back office open, and the date set a month before the naming deadline.
fn before_the_event() -> TestOptions {
    TestOptions {
        clock: Some(ManualClock::at(a_month_before_the_naming_deadline())),
        ..TestOptions::default()
    }
    .with_admin()
}

/// As `before_the_event`, with the front end built with prerendered pages from this event file.
fn with_prerendered_pages() -> TestOptions {
    TestOptions {
        prerendered: Some(PrerenderedFrom::TheAppsEventFile),
        ..before_the_event()
    }
}

/// A paid sponsorship, as its buyer sees it after paying.
struct Sponsorship {
    order_id: String,
    /// The secret of the confirmation page's link to the sponsor page.
    secret: String,
    /// What the confirmation answered.
    confirmed: Value,
}

const BUYER: &str = "ana@acme.dev";

/// Buys a sponsorship of `tier` from the sandbox, as a sponsor does: create, pay, confirm.
async fn paid_sponsorship(app: &TestApp, tier: &str) -> Sponsorship {
    let price = app
        .event
        .sponsorship_tiers
        .iter()
        .find(|candidate| candidate.value == tier)
        .expect("a tier of that name")
        .amount
        .cents();
    let created: Value = app
        .post_json(
            "/api/create-sponsorship-payment",
            &json!({ "tier": tier, "price": price, "companyName": "Acme", "contactName": "Ana Diaz", "email": BUYER,
                     "phone": "+1 305 555 0100", "website": "https://acme.dev", "additionalInfo": "" }),
        )
        .await
        .json()
        .await
        .unwrap();
    let client_secret = created["clientSecret"].as_str().expect("the sponsorship was created");
    assert_eq!(app.pay_with_card(client_secret, "4242424242424242").await.status(), 200);
    let confirmed = confirm(app, &created).await;
    assert_eq!(confirmed.status(), 200);
    let confirmed: Value = confirmed.json().await.unwrap();
    let url = confirmed["sponsorPageUrl"]
        .as_str()
        .expect("a link to the sponsor page");
    let secret = url
        .strip_prefix("http://codewave.test/sponsor#")
        .unwrap_or_else(|| panic!("{url}"))
        .to_owned();
    Sponsorship {
        order_id: created["orderId"].as_str().unwrap().to_owned(),
        secret,
        confirmed,
    }
}

async fn confirm(app: &TestApp, created: &Value) -> reqwest::Response {
    app.post_json(
        "/api/confirm-sponsorship",
        &json!({ "paymentIntentId": created["paymentIntentId"], "clientSecret": created["clientSecret"] }),
    )
    .await
}

async fn sponsor_page(app: &TestApp, secret: &str) -> reqwest::Response {
    app.client
        .get(app.url("/api/sponsor"))
        .header("X-Sponsor-Token", secret)
        .send()
        .await
        .unwrap()
}

async fn page_json(app: &TestApp, secret: &str) -> Value {
    let page = sponsor_page(app, secret).await;
    assert_eq!(page.status(), 200);
    page.json().await.unwrap()
}

async fn put_profile(app: &TestApp, secret: &str, profile: &Value) -> reqwest::Response {
    app.client
        .put(app.url("/api/sponsor/profile"))
        .header("X-Sponsor-Token", secret)
        .json(profile)
        .send()
        .await
        .unwrap()
}

async fn upload_logo(app: &TestApp, secret: &str, content_type: &str, body: Vec<u8>) -> reqwest::Response {
    app.client
        .put(app.url("/api/sponsor/logo"))
        .header("X-Sponsor-Token", secret)
        .header("Content-Type", content_type)
        .body(body)
        .send()
        .await
        .unwrap()
}

async fn draft_logo(app: &TestApp, secret: &str) -> reqwest::Response {
    app.client
        .get(app.url("/api/sponsor/logo"))
        .header("X-Sponsor-Token", secret)
        .send()
        .await
        .unwrap()
}

/// The sponsor's profile as the organizer's list shows it.
async fn listed_profile(app: &TestApp, order_id: &str) -> Value {
    let sponsors: Vec<Value> = app.admin_get("/api/admin/sponsorships").await.json().await.unwrap();
    let sponsor = sponsors
        .into_iter()
        .find(|sponsor| sponsor["orderId"] == order_id)
        .expect("listed");
    sponsor["profile"].clone()
}

/// Sends `decision` on the revision the organizer's list shows now, unless it names one.
async fn review(app: &TestApp, order_id: &str, decision: &Value) -> reqwest::Response {
    let mut decision = decision.clone();
    if decision.get("revision").is_none() {
        decision["revision"] = listed_profile(app, order_id).await["revision"].clone();
    }
    app.admin_post(&format!("/api/admin/sponsorships/{order_id}/review"), &decision)
        .await
}

async fn approve(app: &TestApp, order_id: &str) -> Value {
    let approved = review(app, order_id, &json!({ "approve": true })).await;
    assert_eq!(approved.status(), 200);
    approved.json().await.unwrap()
}

async fn check_in(app: &TestApp, code: &str) -> reqwest::Response {
    app.admin_post("/api/admin/check-in", &json!({ "code": code })).await
}

/// The public address of the logo the sponsor sent last.
async fn logo_path(app: &TestApp, order_id: &str) -> String {
    let profile = app.store.sponsor_profile(order_id).await.unwrap().expect("a profile");
    format!("/api/sponsors/logos/{}", profile.logo.expect("a logo").id)
}

async fn wall(app: &TestApp) -> Vec<Value> {
    app.get("/api/sponsors").await.json().await.unwrap()
}

/// A sponsor with a profile and a PNG logo the organizer approved; answers the logo's address.
async fn approved_sponsor(app: &TestApp) -> (Sponsorship, String) {
    let sponsorship = paid_sponsorship(app, "platinum").await;
    let profile = json!({ "displayName": "Acme Cloud", "website": "https://acme.dev",
                          "description": "Acme runs the cloud that runs your side projects." });
    assert_eq!(put_profile(app, &sponsorship.secret, &profile).await.status(), 200);
    assert_eq!(
        upload_logo(app, &sponsorship.secret, "image/png", png(600, 200))
            .await
            .status(),
        200
    );
    approve(app, &sponsorship.order_id).await;
    let logo = logo_path(app, &sponsorship.order_id).await;
    (sponsorship, logo)
}

/// A whole, valid 8-bit grayscale PNG of `width` × `height`.
fn png(width: u32, height: u32) -> Vec<u8> {
    png_padded(width, height, 0)
}

/// A valid PNG with a private ancillary chunk of `padding` bytes, which decoders skip: a file
/// of any size from one image.
fn png_padded(width: u32, height: u32, padding: usize) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().unwrap();
    if padding > 0 {
        writer
            .write_chunk(png::chunk::ChunkType(*b"prVt"), &vec![0; padding])
            .unwrap();
    }
    let pixels: Vec<u8> = (0..width * height).map(|at| (at % 251) as u8).collect();
    writer.write_image_data(&pixels).unwrap();
    writer.finish().unwrap();
    bytes
}

/// A PNG's size and pixels, as a browser would draw them.
fn pixels(bytes: &[u8]) -> (u32, u32, png::ColorType, Vec<u8>) {
    let mut reader = png::Decoder::new(bytes).read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut pixels).expect("its pixels");
    (frame.width, frame.height, frame.color_type, pixels)
}

/// A PNG's chunks, as `(type, data)`, after its signature.
fn chunks(bytes: &[u8]) -> Vec<([u8; 4], Vec<u8>)> {
    let mut rest = &bytes[8..];
    let mut chunks = Vec::new();
    while !rest.is_empty() {
        let len = u32::from_be_bytes(rest[..4].try_into().unwrap()) as usize;
        chunks.push((rest[4..8].try_into().unwrap(), rest[8..8 + len].to_vec()));
        rest = &rest[12 + len..];
    }
    chunks
}

/// A PNG made of `chunks`, each with its checksum.
fn from_chunks(chunks: &[([u8; 4], Vec<u8>)]) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    for (kind, data) in chunks {
        bytes.extend_from_slice(&u32::try_from(data.len()).unwrap().to_be_bytes());
        let typed = [&kind[..], data].concat();
        let mut crc = flate2::Crc::new();
        crc.update(&typed);
        bytes.extend_from_slice(&typed);
        bytes.extend_from_slice(&crc.sum().to_be_bytes());
    }
    bytes
}

/// A valid PNG of exactly `size` bytes.
fn png_of_size(size: usize) -> Vec<u8> {
    // The padding chunk adds its length, type and checksum (12 bytes) to its data.
    let padding = size - png(600, 200).len() - 12;
    let bytes = png_padded(600, 200, padding);
    assert_eq!(bytes.len(), size);
    bytes
}

/// The cells of a CSV line, quotes undone.
fn csv_cells(line: &str) -> Vec<String> {
    let (mut cells, mut cell, mut quoted) = (Vec::new(), String::new(), false);
    let mut characters = line.chars().peekable();
    while let Some(character) = characters.next() {
        match (character, quoted) {
            ('"', true) if characters.peek() == Some(&'"') => {
                cell.push('"');
                characters.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => cells.push(std::mem::take(&mut cell)),
            (other, _) => cell.push(other),
        }
    }
    cells.push(cell);
    cells
}

on_both_databases! {
    /// The passes are tickets of their own: they take nothing from the VIP Pass on sale.
    async fn a_platinum_sponsorship_issues_twenty_unnamed_vip_passes_apart_from_the_public_limit(app, TestOptions {
        event: Some(Box::new(|event: &mut conference::event::Event| {
            event.tickets.iter_mut().find(|ticket| ticket.ticket_type == "vip").unwrap().limit = Some(1);
        })),
        ..before_the_event()
    }) {
        let sponsorship = paid_sponsorship(&app, "platinum").await;

        let passes = app.store.tickets_of_order(&sponsorship.order_id).await.unwrap();
        assert_eq!(passes.len(), 20);
        assert!(passes.iter().all(|pass| pass.ticket_type == "vip" && pass.status == TicketStatus::Valid));
        assert!(passes.iter().all(|pass| pass.attendee_name.is_none() && pass.attendee_email.is_none()));
        let mut codes: Vec<&str> = passes.iter().map(|pass| pass.code.as_str()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), 20, "every pass has its own code");
        let page = page_json(&app, &sponsorship.secret).await;
        assert_eq!((page["passes"]["issued"].as_i64(), page["passes"]["named"].as_i64(), page["passes"]["used"].as_i64()),
                   (Some(20), Some(0), Some(0)));
        let tickets: Vec<Value> = app.get("/api/tickets").await.json().await.unwrap();
        let vip = tickets.iter().find(|ticket| ticket["type"] == "vip").unwrap();
        assert_eq!((vip["sales"].as_str(), vip["available"].as_bool()), (Some("open"), Some(true)), "{vip}");
        assert_eq!(app.store.stock_remaining().await.unwrap()["ticket:vip"], 1, "the one VIP Pass on sale is still there");
        app.paid_ticket_order("vip", "Bo Lee", "bo@example.com").await;
        assert_eq!(app.store.stock_remaining().await.unwrap()["ticket:vip"], 0);
    }
}

on_both_databases! {
    async fn each_sponsor_pass_checks_in_once(app, before_the_event()) {
        let sponsorship = paid_sponsorship(&app, "platinum").await;
        let passes = app.store.tickets_of_order(&sponsorship.order_id).await.unwrap();

        for pass in &passes {
            let admitted = check_in(&app, &pass.code).await;
            assert_eq!(admitted.status(), 200, "{}", pass.code);
            assert_eq!(admitted.json::<Value>().await.unwrap()["result"], "admitted");
        }

        for pass in &passes {
            let again = check_in(&app, &pass.code).await;
            assert_eq!(again.status(), 409, "{}", pass.code);
            assert_eq!(again.json::<Value>().await.unwrap()["result"], "already_checked_in");
        }
        let page = page_json(&app, &sponsorship.secret).await;
        assert_eq!((page["passes"]["issued"].as_i64(), page["passes"]["used"].as_i64()), (Some(20), Some(20)));
    }
}

on_both_databases! {
    /// The sponsor page's secret opens the passes on `/my-tickets`, where they are named; the holder answers the
    /// attendee questions on their own link.
    async fn naming_a_pass_emails_its_holder_and_counts_it_named(app, before_the_event()) {
        let sponsorship = paid_sponsorship(&app, "gold").await;
        let mine = app
            .client
            .get(app.url("/api/my-tickets"))
            .header("X-Manage-Token", &sponsorship.secret)
            .send()
            .await
            .unwrap();
        assert_eq!(mine.status(), 200);
        let mine: Value = mine.json().await.unwrap();
        assert_eq!(mine["tickets"].as_array().unwrap().len(), 12, "a Gold sponsorship has 12 passes");
        let pass = mine["tickets"][3]["id"].as_str().unwrap().to_owned();

        let named = app
            .client
            .post(app.url(&format!("/api/my-tickets/{pass}/attendee")))
            .header("X-Manage-Token", &sponsorship.secret)
            .json(&json!({ "name": "Bo Lee", "email": "bo@acme.dev" }))
            .send()
            .await
            .unwrap();

        assert_eq!(named.status(), 200);
        let holders_link = app.manage_links_to("bo@acme.dev", 1).await.remove(0);
        let holders_page: Value = app
            .client
            .get(app.url("/api/my-tickets"))
            .header("X-Manage-Token", &holders_link)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(holders_page["tickets"][0]["id"], pass.as_str());
        assert_eq!(holders_page["tickets"][0]["attendeeName"], "Bo Lee");
        assert_eq!(
            holders_page["tickets"][0]["questionsOpen"],
            json!(["diet", "tshirt", "accessibility", "company"]),
            "a pass is a VIP ticket: its holder is asked what VIPs are"
        );
        let answered = app
            .client
            .put(app.url(&format!("/api/my-tickets/{pass}/answers")))
            .header("X-Manage-Token", &holders_link)
            .json(&json!({ "diet": "Vegan", "company": "Acme" }))
            .send()
            .await
            .unwrap();
        assert_eq!(answered.status(), 200);
        let answered: Value = answered.json().await.unwrap();
        assert_eq!(answered["tickets"][0]["answers"], json!({ "diet": "Vegan", "company": "Acme" }));
        assert_eq!(answered["tickets"][0]["questionsOpen"], json!(["tshirt", "accessibility"]));
        assert_eq!(sponsor_page(&app, &holders_link).await.status(), 404, "a holder's link opens their pass only");
        let page = page_json(&app, &sponsorship.secret).await;
        assert_eq!((page["passes"]["issued"].as_i64(), page["passes"]["named"].as_i64()), (Some(12), Some(1)));
    }
}

on_both_databases! {
    /// Passes used at the door stay as the record of who came in; the others admit no one.
    async fn a_refund_retires_the_unused_passes_and_takes_the_sponsor_off_the_wall(app, before_the_event()) {
        let (sponsorship, logo) = approved_sponsor(&app).await;
        assert_eq!(wall(&app).await.len(), 1);
        let passes = app.store.tickets_of_order(&sponsorship.order_id).await.unwrap();
        for pass in &passes[..2] {
            assert_eq!(check_in(&app, &pass.code).await.status(), 200);
        }

        let refunded = app
            .admin_post(
                &format!("/api/admin/orders/{}/refund", sponsorship.order_id),
                &json!({ "amount": 5_000_000, "reason": "The company withdrew" }),
            )
            .await;

        assert_eq!(refunded.status(), 200);
        let after = app.store.tickets_of_order(&sponsorship.order_id).await.unwrap();
        let used: Vec<_> = after.iter().filter(|pass| pass.status == TicketStatus::Valid).collect();
        assert_eq!(used.len(), 2);
        assert!(used.iter().all(|pass| pass.checked_in_at.is_some()), "only the passes used stay valid");
        assert_eq!(after.iter().filter(|pass| pass.status == TicketStatus::Refunded).count(), 18);
        let scan = check_in(&app, &passes[2].code).await;
        assert_eq!(scan.status(), 410);
        assert_eq!(scan.json::<Value>().await.unwrap()["result"], "refunded");
        let used_again = check_in(&app, &passes[0].code).await;
        assert_eq!(used_again.status(), 409);
        assert_eq!(used_again.json::<Value>().await.unwrap()["result"], "already_checked_in");
        let page = page_json(&app, &sponsorship.secret).await;
        assert_eq!(page["status"], "refunded");
        assert_eq!((page["passes"]["issued"].as_i64(), page["passes"]["used"].as_i64()), (Some(2), Some(2)));
        assert_eq!(wall(&app).await, Vec::<Value>::new(), "a refunded sponsor is off the wall");
        assert_eq!(app.get(&logo).await.status(), 404);
    }
}

/// SVGs that try to run something, fetch something or expand into something.
const HOSTILE_SVGS: &[(&str, &str)] = &[
    (
        "a script element",
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200"><script>alert(document.cookie)</script><rect width="600" height="200" fill="#0e7490"/></svg>"##,
    ),
    (
        "a script in another case and a CDATA script",
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200"><SCRIPT>alert(1)</SCRIPT><script><![CDATA[alert(2)]]></script><rect width="600" height="200"/></svg>"##,
    ),
    (
        "event handlers",
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200" onload="alert(1)"><rect width="600" height="200" onclick="alert(2)" onmouseover="alert(3)"/></svg>"##,
    ),
    (
        "javascript: links",
        r##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 600 200"><a href="javascript:alert(1)"><rect width="300" height="200"/></a><a xlink:href=" JavaScript:alert(2)"><circle cx="450" cy="100" r="90"/></a></svg>"##,
    ),
    (
        "an animation that sets a link",
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200"><a><set attributeName="href" to="javascript:alert(1)"/><animate attributeName="href" values="javascript:alert(2)"/><rect width="600" height="200"/></a></svg>"##,
    ),
    (
        "an external image",
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200"><image href="https://evil.example/track.png" width="600" height="200"/><rect width="10" height="10"/></svg>"##,
    ),
    (
        "an external use",
        r##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 600 200"><use href="https://evil.example/sprite.svg#x"/><use xlink:href="https://evil.example/sprite.svg#y"/><rect width="10" height="10"/></svg>"##,
    ),
    (
        "a url() to another site in a style attribute",
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200"><rect width="600" height="200" style="fill:url(https://evil.example/paint.svg#p)"/><rect width="10" height="10" fill="url( 'https://evil.example/p.svg#q')"/></svg>"##,
    ),
    (
        "an @import in a style element",
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200"><style>@import url(https://evil.example/x.css); rect { fill: red; }</style><style>rect { background: url("https://evil.example/y.png") }</style><rect width="600" height="200"/></svg>"##,
    ),
    (
        "a foreignObject",
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200"><foreignObject width="600" height="200"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example/"></iframe><script>alert(1)</script></body></foreignObject><rect width="10" height="10"/></svg>"##,
    ),
    (
        "an internal entity that expands to markup",
        r##"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY payload "<script>alert(1)</script><image href='https://evil.example/x.png'/><rect width='10' height='10' onload='alert(2)'/>">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200">&payload;<rect width="600" height="200"/></svg>"##,
    ),
    (
        "a billion laughs",
        r##"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;"><!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;"><!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;"><!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;"><!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;"><!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200"><text>&lol9;</text></svg>"##,
    ),
    (
        "an external SYSTEM entity",
        r##"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200"><text>&xxe;</text></svg>"##,
    ),
    (
        "an external SYSTEM entity on another site",
        r##"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "https://evil.example/entity">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200"><text>&xxe;</text></svg>"##,
    ),
];

/// What must never be left in a served logo, lowercased.
const ACTIVE: &[&str] = &[
    "<script",
    "onload",
    "onclick",
    "onmouseover",
    "javascript:",
    "https://evil",
    "<!entity",
    "foreignobject",
    "@import",
    "<image",
    "<iframe",
    "<set",
    "<animate",
    "root:",
];

/// The first `ACTIVE` piece in `svg`, if any.
fn active_part(svg: &str) -> Option<&'static str> {
    let svg = svg.to_ascii_lowercase();
    ACTIVE.iter().copied().find(|needle| svg.contains(needle))
}

on_both_databases! {
    /// Each hostile SVG is refused, or kept with nothing active in it: as its sponsor sees it,
    /// and on the public address once approved, under a sandboxing policy.
    async fn hostile_svgs_are_refused_or_served_with_nothing_active(app, before_the_event().without_rate_limits()) {
        let sponsorship = paid_sponsorship(&app, "platinum").await;

        for (what, svg) in HOSTILE_SVGS {
            let uploaded = upload_logo(&app, &sponsorship.secret, "image/svg+xml", svg.as_bytes().to_vec()).await;
            let status = uploaded.status().as_u16();
            let answer = uploaded.text().await.unwrap();
            assert!(status == 200 || status == 422, "{what}: {status} {answer}");
            assert!(!answer.contains("root:"), "{what}: nothing read from the server's files: {answer}");
            if status == 422 {
                continue;
            }
            let draft = draft_logo(&app, &sponsorship.secret).await;
            assert_eq!(draft.status(), 200, "{what}");
            assert_eq!(draft.headers()["content-type"], "image/svg+xml", "{what}");
            let draft = draft.text().await.unwrap();
            assert_eq!(active_part(&draft), None, "{what} as its sponsor sees it: {draft}");
            approve(&app, &sponsorship.order_id).await;
            let public = app.get(&logo_path(&app, &sponsorship.order_id).await).await;
            assert_eq!(public.status(), 200, "{what}");
            let policy = public.headers()["content-security-policy"].to_str().unwrap().to_owned();
            assert!(policy.contains("sandbox") && policy.contains("default-src 'none'"), "{what}: {policy}");
            let public = public.text().await.unwrap();
            assert_eq!(active_part(&public), None, "{what} as the public sees it: {public}");
        }
    }
}

on_both_databases! {
    async fn a_harmless_svg_keeps_its_shapes(app, before_the_event()) {
        let sponsorship = paid_sponsorship(&app, "platinum").await;
        let svg = r##"<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 600 200" width="600" height="200">
  <title>Acme Cloud</title>
  <defs><linearGradient id="sky"><stop offset="0" stop-color="#0e7490"/><stop offset="1" stop-color="#22d3ee"/></linearGradient></defs>
  <rect x="0" y="0" width="600" height="200" rx="24" fill="url(#sky)"/>
  <circle cx="100" cy="100" r="60" fill="#ffffff"/>
  <path d="M 200 150 L 250 50 L 300 150 Z" stroke="#ffffff" stroke-width="8" fill="none"/>
  <use xlink:href="#sky"/>
  <text x="340" y="120" font-family="sans-serif" font-size="48" fill="#ffffff">Acme</text>
</svg>"##;

        let uploaded = upload_logo(&app, &sponsorship.secret, "image/svg+xml; charset=utf-8", svg.as_bytes().to_vec()).await;

        assert_eq!(uploaded.status(), 200);
        let page: Value = uploaded.json().await.unwrap();
        assert_eq!(page["profile"]["logo"], json!({ "format": "svg", "width": 600, "height": 200 }));
        assert_eq!(page["profile"]["state"], "in_review");
        let kept = draft_logo(&app, &sponsorship.secret).await.text().await.unwrap();
        for shape in [
            r##"<rect x="0" y="0" width="600" height="200" rx="24" fill="url(#sky)">"##,
            r##"<circle cx="100" cy="100" r="60" fill="#ffffff">"##,
            r##"<path d="M 200 150 L 250 50 L 300 150 Z" stroke="#ffffff" stroke-width="8" fill="none">"##,
            r##"<stop offset="0" stop-color="#0e7490">"##,
            r##"<use xlink:href="#sky">"##,
            ">Acme</text>",
            "<title>Acme Cloud</title>",
        ] {
            assert!(kept.contains(shape), "{shape} is kept: {kept}");
        }
        assert!(kept.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink""#), "{kept}");
        assert_eq!(active_part(&kept), None);
    }
}

on_both_databases! {
    /// Only a real PNG or SVG of up to 1 MB, big enough and not too narrow, is taken.
    async fn a_logo_of_the_wrong_size_type_or_dimensions_is_refused(app, before_the_event()) {
        let sponsorship = paid_sponsorship(&app, "platinum").await;
        let secret = sponsorship.secret.as_str();

        let largest = upload_logo(&app, secret, "image/png", png_of_size(MAX_LOGO_BYTES)).await;
        let too_large = upload_logo(&app, secret, "image/png", png_of_size(MAX_LOGO_BYTES + 1)).await;
        let gif = upload_logo(&app, secret, "image/gif", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;".to_vec()).await;
        let not_a_png = upload_logo(&app, secret, "image/png", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;".to_vec()).await;
        let mut damaged = png(600, 200);
        let last = damaged.len() - 20;
        damaged[last] ^= 0xff;
        let damaged = upload_logo(&app, secret, "image/png", damaged).await;
        let too_small = upload_logo(&app, secret, "image/png", png(200, 100)).await;
        let too_wide = upload_logo(&app, secret, "image/png", png(1400, 200)).await;
        let too_tall = upload_logo(&app, secret, "image/png", png(300, 700)).await;

        assert_eq!(largest.status(), 200, "exactly 1 MB is taken");
        assert_eq!(too_large.status(), 413);
        assert_eq!(too_large.json::<Value>().await.unwrap()["message"], "The logo is over 1 MB: please send a smaller file.");
        for (what, response) in [("a GIF", gif), ("not a PNG", not_a_png), ("a damaged PNG", damaged),
                                 ("a PNG under 300 px", too_small), ("a PNG wider than 6:1", too_wide),
                                 ("a PNG taller than 1:2", too_tall)] {
            assert_eq!(response.status(), 422, "{what}");
            let body: Value = response.json().await.unwrap();
            assert!(body["fieldErrors"]["logo"].is_string(), "{what}: {body}");
        }
        let page = page_json(&app, secret).await;
        assert_eq!(page["profile"]["logo"], json!({ "format": "png", "width": 600, "height": 200 }), "the 1 MB logo stays");
    }
}

on_both_databases! {
    async fn an_unapproved_logo_is_neither_listed_nor_served(app, before_the_event()) {
        let sponsorship = paid_sponsorship(&app, "platinum").await;
        let profile = json!({ "displayName": "Acme Cloud", "website": "https://acme.dev", "description": "Clouds." });
        assert_eq!(put_profile(&app, &sponsorship.secret, &profile).await.status(), 200);

        let uploaded = upload_logo(&app, &sponsorship.secret, "image/png", png(600, 200)).await;

        assert_eq!(uploaded.status(), 200);
        let page: Value = uploaded.json().await.unwrap();
        assert_eq!((page["profile"]["state"].as_str(), page["profile"]["onWall"].as_bool()), (Some("in_review"), Some(false)));
        assert_eq!(wall(&app).await, Vec::<Value>::new());
        let logo = logo_path(&app, &sponsorship.order_id).await;
        assert_eq!(app.get(&logo).await.status(), 404);
        let draft = draft_logo(&app, &sponsorship.secret).await;
        assert_eq!(draft.status(), 200, "its sponsor sees it");
        assert_eq!(pixels(&draft.bytes().await.unwrap()), pixels(&png(600, 200)));
        let for_review = app.admin_get(&format!("/api/admin/sponsorships/{}/logo", sponsorship.order_id)).await;
        assert_eq!(for_review.status(), 200, "the organizer sees it");
        assert_eq!(app.get(&format!("/api/admin/sponsorships/{}/logo", sponsorship.order_id)).await.status(), 401);
    }
}

on_both_databases! {
    /// Approved: on `/api/sponsors`, its logo served, and on the landing page as HTML and structured data.
    async fn an_approved_sponsor_is_on_the_wall_and_the_landing_page(app, with_prerendered_pages()) {
        let (_, logo) = approved_sponsor(&app).await;

        assert_eq!(wall(&app).await, [json!({
            "tier": "platinum",
            "tierLabel": "Platinum",
            "name": "Acme Cloud",
            "website": "https://acme.dev",
            "logoUrl": logo,
            "description": "Acme runs the cloud that runs your side projects.",
        })]);
        let served = app.get(&logo).await;
        assert_eq!(served.status(), 200);
        assert_eq!(served.headers()["content-type"], "image/png");
        assert!(served.headers()["content-security-policy"].to_str().unwrap().contains("sandbox"));
        assert_eq!(pixels(&served.bytes().await.unwrap()), pixels(&png(600, 200)));
        let html = app.get("/").await.text().await.unwrap();
        assert!(html.contains("Prerendered /"), "the prerendered page is served: {html}");
        assert!(html.contains(&format!("<img src=\"{logo}\" alt=\"Acme Cloud\"")), "{html}");
        assert!(html.contains(r#"<a href="https://acme.dev" rel="sponsored noopener""#), "{html}");
        let start = html.find("<script type=\"application/ld+json\">").expect("structured data") + 35;
        let end = start + html[start..].find("</script>").unwrap();
        let data: Value = serde_json::from_str(&html[start..end]).unwrap();
        assert_eq!(data["sponsor"], json!([{
            "@type": "Organization",
            "name": "Acme Cloud",
            "logo": format!("http://codewave.test{logo}"),
            "url": "https://acme.dev",
        }]));
    }
}

on_both_databases! {
    /// A change after approval waits for the organizer; the approved profile stays on the wall meanwhile.
    async fn a_change_after_approval_goes_back_to_review_while_the_approved_profile_stays(app, before_the_event()) {
        let (sponsorship, logo) = approved_sponsor(&app).await;

        let changed = put_profile(&app, &sponsorship.secret, &json!({
            "displayName": "Acme Cloud Global", "website": "https://acme.dev", "description": "Bigger clouds.",
        }))
        .await;

        assert_eq!(changed.status(), 200);
        let page: Value = changed.json().await.unwrap();
        assert_eq!(page["profile"]["displayName"], "Acme Cloud Global");
        assert_eq!((page["profile"]["state"].as_str(), page["profile"]["onWall"].as_bool()), (Some("in_review"), Some(true)));
        let listed = wall(&app).await;
        assert_eq!(listed.len(), 1);
        assert_eq!((listed[0]["name"].as_str(), listed[0]["logoUrl"].as_str()), (Some("Acme Cloud"), Some(logo.as_str())));
        assert_eq!(listed[0]["description"], "Acme runs the cloud that runs your side projects.");
        assert_eq!(app.get(&logo).await.status(), 200);
        let admin: Vec<Value> = app.admin_get("/api/admin/sponsorships").await.json().await.unwrap();
        assert_eq!(admin[0]["profile"]["state"], "in_review");
        assert_eq!(admin[0]["passes"], json!({ "issued": 20, "named": 0, "used": 0 }));
        approve(&app, &sponsorship.order_id).await;
        assert_eq!(wall(&app).await[0]["name"], "Acme Cloud Global", "approved, the change replaces it");
    }
}

on_both_databases! {
    /// A new logo is a change too: the approved one is served until the organizer approves the new one.
    async fn a_new_logo_waits_for_review_while_the_approved_one_stays_served(app, before_the_event()) {
        let (sponsorship, approved_logo) = approved_sponsor(&app).await;

        let replaced = upload_logo(&app, &sponsorship.secret, "image/png", png(900, 300)).await;

        assert_eq!(replaced.status(), 200);
        let new_logo = logo_path(&app, &sponsorship.order_id).await;
        assert_ne!(new_logo, approved_logo);
        assert_eq!(app.get(&new_logo).await.status(), 404, "not before it is approved");
        assert_eq!(app.get(&approved_logo).await.status(), 200);
        assert_eq!(wall(&app).await[0]["logoUrl"], approved_logo.as_str());
        approve(&app, &sponsorship.order_id).await;
        assert_eq!(app.get(&new_logo).await.status(), 200);
        assert_eq!(app.get(&approved_logo).await.status(), 404, "the logo it replaced is no longer served");
        assert_eq!(wall(&app).await[0]["logoUrl"], new_logo.as_str());
    }
}

on_both_databases! {
    async fn a_rejection_needs_a_reason_and_emails_it_to_the_sponsor(app, before_the_event()) {
        let sponsorship = paid_sponsorship(&app, "platinum").await;
        assert_eq!(upload_logo(&app, &sponsorship.secret, "image/png", png(600, 200)).await.status(), 200);

        let without = review(&app, &sponsorship.order_id, &json!({ "approve": false })).await;
        let blank = review(&app, &sponsorship.order_id, &json!({ "approve": false, "reason": "   " })).await;
        let rejected = review(&app, &sponsorship.order_id, &json!({ "approve": false, "reason": "Please send the logo on a transparent background." })).await;

        assert_eq!(without.status(), 422);
        assert_eq!(without.json::<Value>().await.unwrap()["fieldErrors"]["reason"], "Please tell the sponsor what to change.");
        assert_eq!(blank.status(), 422);
        assert_eq!(rejected.status(), 200);
        let profile: Value = rejected.json().await.unwrap();
        assert_eq!((profile["state"].as_str(), profile["reviewReason"].as_str()), (Some("rejected"), Some("Please send the logo on a transparent background.")));
        let page = page_json(&app, &sponsorship.secret).await;
        assert_eq!(page["profile"]["state"], "rejected");
        let email = app.email_to_containing(BUYER, "transparent background").await;
        assert!(email.contains("Please send the logo on a transparent background."), "{email}");
        let queued = app.store.list_outbox().await.unwrap();
        assert_eq!(queued.iter().filter(|email| email.kind == "sponsor_review" && email.recipient == BUYER).count(), 1);
        assert_eq!(wall(&app).await, Vec::<Value>::new());
    }
}

on_both_databases! {
    /// The confirmation page's link and the receipt's are different secrets that open the same page.
    async fn the_confirmation_and_the_receipt_each_link_to_the_sponsor_page(app, before_the_event()) {
        let sponsorship = paid_sponsorship(&app, "platinum").await;
        assert_eq!(sponsorship.confirmed["status"], "paid");

        let receipt = app.sponsor_links_to(BUYER, 1).await;

        assert_eq!(receipt.len(), 1);
        assert_ne!(receipt[0], sponsorship.secret);
        let from_receipt = page_json(&app, &receipt[0]).await;
        let from_confirmation = page_json(&app, &sponsorship.secret).await;
        assert_eq!(from_receipt, from_confirmation);
        assert_eq!((from_receipt["tier"].as_str(), from_receipt["tierLabel"].as_str(), from_receipt["companyName"].as_str()),
                   (Some("platinum"), Some("Platinum"), Some("Acme")));
        assert_eq!(from_receipt["exhibitionSpace"], "20'x20'");
        assert!(from_receipt["perks"].as_array().unwrap().len() >= 3);
        assert_eq!(from_receipt["passes"]["nameUntil"], "2026-05-11");
        let deadlines: Vec<&str> = from_receipt["deadlines"].as_array().unwrap().iter().map(|deadline| deadline["date"].as_str().unwrap()).collect();
        assert_eq!(deadlines, ["2026-04-20", "2026-05-04", "2026-05-11"]);
        assert_eq!((from_receipt["profile"]["displayName"].as_str(), from_receipt["profile"]["state"].as_str()), (Some("Acme"), Some("incomplete")));
        assert_eq!(sponsor_page(&app, "not-the-secret").await.status(), 404);
        assert_eq!(app.get("/api/sponsor").await.status(), 404);
    }
}

on_both_databases! {
    /// A new link from the organizer: it opens the page, and the earlier ones stop working.
    async fn a_new_page_link_replaces_the_earlier_ones(app, before_the_event()) {
        let sponsorship = paid_sponsorship(&app, "platinum").await;
        let receipt = app.sponsor_links_to(BUYER, 1).await.remove(0);

        let renewed = app.admin_post(&format!("/api/admin/sponsorships/{}/page-link", sponsorship.order_id), &json!({})).await;

        assert_eq!(renewed.status(), 200);
        let url = renewed.json::<Value>().await.unwrap()["sponsorPageUrl"].as_str().unwrap().to_owned();
        let secret = url.strip_prefix("http://codewave.test/sponsor#").unwrap_or_else(|| panic!("{url}"));
        assert_eq!(page_json(&app, secret).await["companyName"], "Acme");
        assert_eq!(sponsor_page(&app, &receipt).await.status(), 404, "the receipt's link");
        assert_eq!(sponsor_page(&app, &sponsorship.secret).await.status(), 404, "the confirmation page's link");
        let emailed = app.sponsor_links_to(BUYER, 2).await;
        assert!(emailed.iter().any(|link| link == secret), "the new link is emailed too");
        let mine = app.client.get(app.url("/api/my-tickets")).header("X-Manage-Token", &sponsorship.secret).send().await.unwrap();
        assert_eq!(mine.status(), 404, "the old link names no passes either");
    }
}

on_both_databases! {
    async fn confirming_again_answers_the_same_page_link(app, before_the_event()) {
        let price = 5_000_000;
        let created: Value = app
            .post_json(
                "/api/create-sponsorship-payment",
                &json!({ "tier": "platinum", "price": price, "companyName": "Acme", "contactName": "Ana Diaz", "email": BUYER,
                         "phone": "+1 305 555 0100", "website": "https://acme.dev", "additionalInfo": "" }),
            )
            .await
            .json()
            .await
            .unwrap();
        app.pay_with_card(created["clientSecret"].as_str().unwrap(), "4242424242424242").await;

        let first: Value = confirm(&app, &created).await.json().await.unwrap();
        let second: Value = confirm(&app, &created).await.json().await.unwrap();
        let without_secret: Value = app
            .post_json("/api/confirm-sponsorship", &json!({ "paymentIntentId": created["paymentIntentId"] }))
            .await
            .json()
            .await
            .unwrap();

        let url = first["sponsorPageUrl"].as_str().unwrap();
        assert!(url.starts_with("http://codewave.test/sponsor#"), "{url}");
        assert_eq!(second["sponsorPageUrl"], url);
        assert!(without_secret.get("sponsorPageUrl").is_none(), "only the buyer gets the link: {without_secret}");
    }
}

on_both_databases! {
    async fn the_sponsors_export_shows_the_company_and_its_profile_state(app, before_the_event()) {
        let (sponsorship, _) = approved_sponsor(&app).await;
        let reference = app.store.order(&sponsorship.order_id).await.unwrap().unwrap().reference;

        let export = app.admin_get("/api/admin/exports/sponsors.csv").await;

        assert_eq!(export.status(), 200);
        let text = export.text().await.unwrap();
        let mut lines = text.trim_start_matches('\u{feff}').lines();
        let header = csv_cells(lines.next().unwrap());
        let column = |name: &str| header.iter().position(|cell| cell == name).unwrap_or_else(|| panic!("{name}: {header:?}"));
        let row = lines.map(csv_cells).find(|cells| cells[column("order reference")] == reference).expect("the sponsor's row");
        assert_eq!(row[column("company")], "Acme");
        assert_eq!(row[column("profile state")], "approved");
        assert_eq!(row[column("display name")], "Acme Cloud");
        assert_eq!(row[column("on the wall as")], "Acme Cloud");
        assert_eq!(row[column("passes")], "20");
    }
}

on_both_databases! {
    async fn the_logos_zip_holds_each_approved_logo_named_by_tier_and_sponsor(app, before_the_event()) {
        approved_sponsor(&app).await;

        let download = app.admin_get("/api/admin/sponsorships/logos.zip").await;

        assert_eq!(download.status(), 200);
        assert_eq!(download.headers()["content-type"], "application/zip");
        let bytes = download.bytes().await.unwrap().to_vec();
        assert!(bytes.starts_with(b"PK\x03\x04"), "a zip");
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
        assert_eq!(zip.len(), 1);
        assert_eq!(zip.by_index(0).unwrap().name().unwrap(), "platinum-acme-cloud.png");
        let mut logo = Vec::new();
        zip.by_name("platinum-acme-cloud.png").unwrap().read_to_end(&mut logo).unwrap();
        assert_eq!(pixels(&logo), pixels(&png(600, 200)));
    }
}

/// A paid sponsorship of `tier` whose profile, named `name`, the organizer approved with a PNG logo.
async fn approved_as(app: &TestApp, tier: &str, name: &str) {
    let sponsorship = paid_sponsorship(app, tier).await;
    let profile = json!({ "displayName": name, "website": "https://acme.dev", "description": "" });
    assert_eq!(put_profile(app, &sponsorship.secret, &profile).await.status(), 200);
    assert_eq!(
        upload_logo(app, &sponsorship.secret, "image/png", png(600, 200))
            .await
            .status(),
        200
    );
    approve(app, &sponsorship.order_id).await;
}

on_both_databases! {
    /// Names that repeat, or that end as a repeated one's file would, still give each logo a file of its own.
    async fn the_logos_zip_names_every_file_once_whatever_the_sponsors_are_called(app, before_the_event()) {
        for name in ["Acme", "Acme", "Acme 2"] {
            approved_as(&app, "gold", name).await;
        }

        let download = app.admin_get("/api/admin/sponsorships/logos.zip").await;

        assert_eq!(download.status(), 200);
        let bytes = download.bytes().await.unwrap().to_vec();
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
        let mut names: Vec<String> = (0..zip.len()).map(|at| zip.by_index(at).unwrap().name().unwrap().into_owned()).collect();
        names.sort();
        assert_eq!(names, ["gold-acme-2-2.png", "gold-acme-2.png", "gold-acme.png"]);
    }
}

/// A real PNG of 8,000 × 8,000 transparent pixels: a quarter of a megabyte that decodes to 256 MB.
fn decompression_bomb() -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, 8000, 8000);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Best);
    let mut writer = encoder.write_header().unwrap();
    let mut stream = writer.stream_writer().unwrap();
    let row = vec![0; 8000 * 4];
    for _ in 0..8000 {
        stream.write_all(&row).unwrap();
    }
    stream.finish().unwrap();
    writer.finish().unwrap();
    bytes
}

on_both_databases! {
    /// A PNG is decoded before it is taken, within 64 MB of pixels, and written again from its pixels alone.
    async fn a_png_is_decoded_within_limits_and_served_as_its_pixels_alone(app, before_the_event()) {
        let sponsorship = paid_sponsorship(&app, "platinum").await;
        let secret = sponsorship.secret.as_str();
        let good = chunks(&png(600, 200));
        let mut garbage = good.clone();
        garbage[1].1 = b"these bytes are no compressed image".to_vec();
        let mut bad_header = good.clone();
        bad_header[0].1[8] = 3; // a bit depth PNG does not have
        let bomb = decompression_bomb();
        assert!(bomb.len() < MAX_LOGO_BYTES / 2, "{} bytes", bomb.len());
        let mut annotated = good.clone();
        annotated.insert(1, (*b"tEXt", b"Comment\0<script>alert(1)</script>".to_vec()));
        annotated.insert(1, (*b"prVt", b"private".to_vec()));

        let garbage = upload_logo(&app, secret, "image/png", from_chunks(&garbage)).await;
        let bad_header = upload_logo(&app, secret, "image/png", from_chunks(&bad_header)).await;
        let bomb = upload_logo(&app, secret, "image/png", bomb).await;
        let annotated = upload_logo(&app, secret, "image/png", from_chunks(&annotated)).await;

        for (what, response, message) in [
            ("garbage image data", garbage, "The PNG file is damaged (its image data cannot be decoded). Please export it again."),
            ("an invalid header", bad_header, "The PNG file is damaged (its header is not valid). Please export it again."),
            ("a decompression bomb", bomb, "The logo has too many pixels to take in (8000 × 8000: over 64 MB once decoded). \
                                           Please send a smaller image."),
        ] {
            assert_eq!(response.status(), 422, "{what}");
            let body: Value = response.json().await.unwrap();
            assert_eq!(body["fieldErrors"]["logo"], message, "{what}");
        }
        assert_eq!(annotated.status(), 200);
        let served = draft_logo(&app, secret).await.bytes().await.unwrap();
        assert_eq!(pixels(&served), pixels(&png(600, 200)));
        let kinds: Vec<[u8; 4]> = chunks(&served).into_iter().map(|(kind, _)| kind).collect();
        assert!(kinds.iter().all(|kind| [*b"IHDR", *b"IDAT", *b"IEND"].contains(kind)), "only pixels: {kinds:?}");
    }
}

on_both_databases! {
    /// The sponsor swaps the logo and the link while the organizer looks: approving what was shown decides
    /// nothing, and the organizer is asked to look again.
    async fn a_review_decides_only_the_revision_the_organizer_saw(app, before_the_event()) {
        let sponsorship = paid_sponsorship(&app, "platinum").await;
        let secret = sponsorship.secret.as_str();
        let profile = json!({ "displayName": "Acme Cloud", "website": "https://acme.dev", "description": "" });
        assert_eq!(put_profile(&app, secret, &profile).await.status(), 200);
        assert_eq!(upload_logo(&app, secret, "image/png", png(600, 200)).await.status(), 200);
        let shown = listed_profile(&app, &sponsorship.order_id).await;
        assert_eq!(shown["website"], "https://acme.dev");

        assert_eq!(upload_logo(&app, secret, "image/png", png(900, 300)).await.status(), 200);
        let swapped = json!({ "displayName": "Acme Cloud", "website": "https://elsewhere.example", "description": "" });
        assert_eq!(put_profile(&app, secret, &swapped).await.status(), 200);
        let stale = review(&app, &sponsorship.order_id, &json!({ "approve": true, "revision": shown["revision"] })).await;
        let stale_rejection = review(&app, &sponsorship.order_id,
                                     &json!({ "approve": false, "reason": "Smaller, please.", "revision": shown["revision"] })).await;

        for response in [stale, stale_rejection] {
            assert_eq!(response.status(), 409);
            assert_eq!(response.json::<Value>().await.unwrap()["message"],
                       "The sponsor changed their profile since you looked at it: nothing was decided. Please look at it again.");
        }
        assert_eq!(wall(&app).await, Vec::<Value>::new());
        let now_shown = listed_profile(&app, &sponsorship.order_id).await;
        assert_eq!((now_shown["state"].as_str(), now_shown["website"].as_str()), (Some("in_review"), Some("https://elsewhere.example")));
        assert_ne!(now_shown["revision"], shown["revision"]);
        assert!(app.store.list_outbox().await.unwrap().iter().all(|email| email.kind != "sponsor_review"), "nobody was told");
        for (what, decision) in [
            ("missing", json!({ "approve": true })),
            ("null", json!({ "approve": true, "revision": null })),
            ("text", json!({ "approve": true, "revision": "1" })),
            ("negative", json!({ "approve": true, "revision": -1 })),
            ("fraction", json!({ "approve": true, "revision": 1.5 })),
        ] {
            let response = app.admin_post(&format!("/api/admin/sponsorships/{}/review", sponsorship.order_id), &decision).await;
            assert_eq!(response.status(), 422, "{what}");
            assert!(response.json::<Value>().await.unwrap()["fieldErrors"]["revision"].is_string(), "{what}");
        }
        let approved = review(&app, &sponsorship.order_id, &json!({ "approve": true, "revision": now_shown["revision"] })).await;
        assert_eq!(approved.status(), 200);
        let listed = wall(&app).await;
        assert_eq!(listed[0]["website"], "https://elsewhere.example", "what was seen is what is on the wall");
    }
}
