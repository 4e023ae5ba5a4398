//! Speakers' photos: the import fetches each avatar once from a local server (the setting lets it), re-encodes it at
//! two sizes served from the site, refuses what is not a public https image of at most 2 MB and lists each refusal
//! with its reason; the organizer uploads, replaces and removes a photo, and the door may not.

use std::io::Cursor;

use image::{ImageFormat, Rgb, RgbImage};
use reqwest::StatusCode;
use serde_json::{Value, json};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{ADMIN_TOKEN, TestApp, TestOptions, on_both_databases};
use crate::staff::staff_session;

const PRETALX: &str = include_str!("../fixtures/programme/pretalx.json");
const IMPORT: &str = "/api/admin/programme/import";
const MARISOL: &str = "MQ7K2A";
/// The fixture's other speakers, by their pretalx codes.
const OTHERS: [&str; 4] = ["NO6V1C", "DA3P9X", "PR5H8T", "TE2L4M"];

/// Fetches from a local http server, as on a developer's machine.
fn local() -> TestOptions {
    let mut options = TestOptions::default().with_admin().without_rate_limits();
    options.env.push(("PROGRAMME_PHOTOS_ALLOW_LOCAL", "true".to_owned()));
    options
}

/// As a live site fetches: public https addresses only.
fn strict() -> TestOptions {
    TestOptions::default().with_admin().without_rate_limits()
}

fn png(width: u32, height: u32, colour: [u8; 3]) -> Vec<u8> {
    let mut bytes = Cursor::new(Vec::new());
    RgbImage::from_pixel(width, height, Rgb(colour))
        .write_to(&mut bytes, ImageFormat::Png)
        .unwrap();
    bytes.into_inner()
}

/// The fixture with these speakers' avatars (every entry of each, as pretalx repeats a person in each session).
fn with_avatars(avatars: &[(&str, String)]) -> String {
    let mut file: Value = serde_json::from_str(PRETALX).unwrap();
    for day in file["schedule"]["conference"]["days"].as_array_mut().unwrap() {
        for sessions in day["rooms"].as_object_mut().unwrap().values_mut() {
            for session in sessions.as_array_mut().unwrap() {
                for person in session["persons"].as_array_mut().unwrap() {
                    if let Some((_, url)) = avatars.iter().find(|(code, _)| person["code"] == *code) {
                        person["avatar"] = json!(url);
                    }
                }
            }
        }
    }
    file.to_string()
}

async fn import(app: &TestApp, file: &str, apply: bool) -> Value {
    let path = if apply {
        format!("{IMPORT}?apply=true")
    } else {
        IMPORT.to_owned()
    };
    let answer = app
        .client
        .post(app.url(&path))
        .bearer_auth(ADMIN_TOKEN)
        .header("Content-Type", "application/json")
        .body(file.to_owned())
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    answer.json().await.unwrap()
}

/// Each speaker's photo in `GET /api/programme`, by name.
async fn photos(app: &TestApp) -> Vec<(String, Value)> {
    let programme: Value = app.get("/api/programme").await.json().await.unwrap();
    programme["speakers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|speaker| (speaker["name"].as_str().unwrap().to_owned(), speaker["photo"].clone()))
        .collect()
}

async fn photo_of(app: &TestApp, name: &str) -> Value {
    photos(app)
        .await
        .into_iter()
        .find(|(speaker, _)| speaker == name)
        .unwrap()
        .1
}

async fn slug_of(app: &TestApp, name: &str) -> String {
    let programme: Value = app.get("/api/programme").await.json().await.unwrap();
    programme["speakers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|speaker| speaker["name"] == name)
        .unwrap()["slug"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// Fetches a photo's address and checks it is a square JPEG of `side` pixels cached for good.
async fn served(app: &TestApp, url: &str, side: u32) -> Vec<u8> {
    let answer = app.get(url).await;
    assert_eq!(answer.status(), 200, "{url}");
    assert_eq!(answer.headers()["content-type"], "image/jpeg");
    assert_eq!(answer.headers()["cache-control"], "public, max-age=31536000, immutable");
    let bytes = answer.bytes().await.unwrap().to_vec();
    let image = image::load_from_memory_with_format(&bytes, ImageFormat::Jpeg).expect("a JPEG");
    assert_eq!((image.width(), image.height()), (side, side), "{url}");
    bytes
}

fn large(small: &str) -> String {
    small.replace("-96-", "-400-")
}

async fn upload(app: &TestApp, slug: &str, content_type: &str, body: Vec<u8>) -> reqwest::Response {
    app.client
        .put(app.url(&format!("/api/admin/programme/speakers/{slug}/photo")))
        .bearer_auth(ADMIN_TOKEN)
        .header("Content-Type", content_type)
        .body(body)
        .send()
        .await
        .unwrap()
}

async fn remove(app: &TestApp, slug: &str) -> reqwest::Response {
    app.admin_delete(&format!("/api/admin/programme/speakers/{slug}/photo"))
        .await
}

async fn photo_field_error(answer: reqwest::Response) -> String {
    assert_eq!(answer.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = answer.json().await.unwrap();
    body["fieldErrors"]["photo"]
        .as_str()
        .expect("the photo named")
        .to_owned()
}

on_both_databases! {
    /// An avatar is fetched on apply, once: a preview fetches nothing, the same file again fetches nothing, a new
    /// address fetches again; both sizes are served as square JPEGs and `GET /api/programme` names the small one.
    async fn an_avatar_is_fetched_once_and_served_at_two_sizes(app, local()) {
        let source = MockServer::start().await;
        Mock::given(method("GET"))
            .and(path("/marisol.png"))
            .respond_with(ResponseTemplate::new(200).set_body_bytes(png(300, 200, [200, 40, 40])).insert_header("content-type", "image/png"))
            .expect(1)
            .mount(&source)
            .await;
        Mock::given(method("GET"))
            .and(path("/marisol-new.jpg"))
            .respond_with(ResponseTemplate::new(200).set_body_bytes(png(64, 64, [20, 40, 200])))
            .expect(1)
            .mount(&source)
            .await;
        let file = with_avatars(&[(MARISOL, format!("{}/marisol.png", source.uri()))]);

        let preview = import(&app, &file, false).await;
        assert!(preview.get("photos").is_none(), "a preview fetches nothing: {preview}");
        assert!(source.received_requests().await.unwrap().is_empty());

        let applied = import(&app, &file, true).await;
        assert_eq!(applied["photos"], json!({ "fetched": 1, "failed": [] }));
        let again = import(&app, &file, true).await;
        assert_eq!(again["photos"], json!({ "fetched": 0, "failed": [] }), "fetched once");

        let slug = slug_of(&app, "Marisol Quintero").await;
        let small = photo_of(&app, "Marisol Quintero").await.as_str().unwrap().to_owned();
        assert!(small.starts_with(&format!("/media/speakers/{slug}-96-")) && small.ends_with(".jpg"), "{small}");
        for (name, photo) in photos(&app).await {
            assert_eq!(photo.is_null(), name != "Marisol Quintero", "{name}: {photo}");
        }
        served(&app, &small, 96).await;
        let large_bytes = served(&app, &large(&small), 400).await;
        let red = image::load_from_memory(&large_bytes).unwrap().to_rgb8();
        let [r, g, b] = red.get_pixel(200, 200).0;
        assert!(r > 150 && g < 100 && b < 100, "the source's colours: {:?}", [r, g, b]);
        assert_eq!(app.get(&small.replace("-96-", "-128-")).await.status(), 404);
        assert_eq!(app.get(&format!("/media/speakers/{slug}-96-0000000000000000.jpg")).await.status(), 404);
        assert_eq!(app.get("/media/speakers/nobody-96-0000000000000000.jpg").await.status(), 404);

        // The source names another photo: fetched, under another address; the old one is gone.
        let moved = with_avatars(&[(MARISOL, format!("{}/marisol-new.jpg", source.uri()))]);
        assert_eq!(import(&app, &moved, false).await.get("photos"), None);
        assert_eq!(import(&app, &moved, true).await["photos"], json!({ "fetched": 1, "failed": [] }));
        let replaced = photo_of(&app, "Marisol Quintero").await.as_str().unwrap().to_owned();
        assert_ne!(replaced, small);
        served(&app, &replaced, 96).await;
        assert_eq!(app.get(&small).await.status(), 404);

        // The source drops the photo: the speaker shows initials, as the source does.
        assert_eq!(import(&app, PRETALX, true).await["photos"], json!({ "fetched": 0, "failed": [] }));
        assert!(photo_of(&app, "Marisol Quintero").await.is_null());
        source.verify().await;
    }
}

on_both_databases! {
    /// What is too big, not an image, missing or redirected is refused, each named in the answer with its reason;
    /// those speakers show initials.
    async fn what_is_not_a_small_image_is_refused_with_its_reason(app, local()) {
        let source = MockServer::start().await;
        let mut oversize = png(10, 10, [0, 0, 0]);
        oversize.resize(2 * 1024 * 1024 + 1, 0);
        let answers = [
            ("/big.png", ResponseTemplate::new(200).set_body_bytes(oversize)),
            ("/page.png", ResponseTemplate::new(200).set_body_raw("<!doctype html><title>Hello</title>", "image/png")),
            ("/gone.png", ResponseTemplate::new(404)),
            ("/moved.png", ResponseTemplate::new(302).insert_header("location", "http://169.254.169.254/latest")),
        ];
        for (at, answer) in answers {
            Mock::given(method("GET")).and(path(at)).respond_with(answer).expect(1).mount(&source).await;
        }
        let file = with_avatars(&[
            (MARISOL, format!("{}/big.png", source.uri())),
            (OTHERS[0], format!("{}/page.png", source.uri())),
            (OTHERS[1], format!("{}/gone.png", source.uri())),
            (OTHERS[2], format!("{}/moved.png", source.uri())),
        ]);
        let applied = import(&app, &file, true).await;
        assert_eq!(applied["photos"]["fetched"], 0);
        let failed: Vec<(String, String, String)> = applied["photos"]["failed"]
            .as_array()
            .unwrap()
            .iter()
            .map(|failure| {
                let text = |field: &str| failure[field].as_str().unwrap().to_owned();
                (text("speaker"), text("url"), text("reason"))
            })
            .collect();
        let expected = [
            ("Devon Achterberg", "/gone.png", "the server answered 404"),
            ("Marisol Quintero", "/big.png", "it is over 2 MB"),
            ("Nia Okafor", "/page.png", "it is not a PNG, JPEG or WebP image"),
            ("Priya Ramaswamy", "/moved.png", "the server redirects elsewhere, and redirects are not followed"),
        ];
        assert_eq!(failed.len(), expected.len(), "{failed:?}");
        for ((speaker, url, reason), (name, at, why)) in failed.iter().zip(expected) {
            assert_eq!((speaker.as_str(), url.clone(), reason.as_str()), (name, format!("{}{at}", source.uri()), why));
        }
        assert!(photos(&app).await.iter().all(|(_, photo)| photo.is_null()));
        source.verify().await;
    }
}

on_both_databases! {
    /// Without the setting, as on a live site: http and private addresses are refused without a request.
    async fn http_and_private_addresses_are_refused(app, strict()) {
        let source = MockServer::start().await;
        Mock::given(method("GET")).respond_with(ResponseTemplate::new(200).set_body_bytes(png(10, 10, [0, 0, 0]))).expect(0).mount(&source).await;
        let port = source.address().port();
        let cases = [
            (format!("{}/a.png", source.uri()), "only https:// addresses are fetched".to_owned()),
            (format!("https://127.0.0.1:{port}/a.png"), "127.0.0.1 is not a public address".to_owned()),
            ("https://10.0.0.1/a.png".to_owned(), "10.0.0.1 is not a public address".to_owned()),
            ("https://[::1]/a.png".to_owned(), "::1 is not a public address".to_owned()),
            ("https://[fc00::1]/a.png".to_owned(), "fc00::1 is not a public address".to_owned()),
            ("https://169.254.169.254/latest/meta-data".to_owned(), "169.254.169.254 is not a public address".to_owned()),
            (format!("https://[::ffff:127.0.0.1]:{port}/a.png"), "::ffff:127.0.0.1 is not a public address".to_owned()),
            (format!("https://localhost:{port}/a.png"), "is not a public address".to_owned()),
        ];
        let speakers = [MARISOL, OTHERS[0], OTHERS[1], OTHERS[2], OTHERS[3]];
        // Five speakers: the cases in two imports, the second changing the addresses.
        for batch in cases.chunks(speakers.len()) {
            let avatars: Vec<(&str, String)> = speakers.iter().zip(batch).map(|(code, (url, _))| (*code, url.clone())).collect();
            let applied = import(&app, &with_avatars(&avatars), true).await;
            assert_eq!(applied["photos"]["fetched"], 0);
            let failed = applied["photos"]["failed"].as_array().unwrap();
            assert_eq!(failed.len(), batch.len(), "{applied}");
            for (url, reason) in batch {
                let failure = failed.iter().find(|failure| failure["url"] == *url).unwrap_or_else(|| panic!("{url} in {failed:?}"));
                let given = failure["reason"].as_str().unwrap();
                assert!(given.ends_with(reason.as_str()), "{url}: {given}");
            }
        }
        assert!(photos(&app).await.iter().all(|(_, photo)| photo.is_null()));
        source.verify().await;
    }
}

on_both_databases! {
    /// The organizer's upload replaces a fetched photo and no import replaces it; a file that is not an image, or
    /// is over 2 MB, is refused naming the photo; the removal leaves initials; the door may do neither.
    async fn the_organizer_uploads_replaces_and_removes_a_photo(app, local()) {
        let source = MockServer::start().await;
        Mock::given(method("GET")).and(path("/marisol.png"))
            .respond_with(ResponseTemplate::new(200).set_body_bytes(png(100, 100, [200, 40, 40])))
            .expect(1).mount(&source).await;
        Mock::given(method("GET")).and(path("/marisol-new.png"))
            .respond_with(ResponseTemplate::new(200).set_body_bytes(png(100, 100, [40, 200, 40])))
            .expect(0).mount(&source).await;
        import(&app, &with_avatars(&[(MARISOL, format!("{}/marisol.png", source.uri()))]), true).await;
        let fetched = photo_of(&app, "Marisol Quintero").await.as_str().unwrap().to_owned();
        let slug = slug_of(&app, "Marisol Quintero").await;

        let uploaded = upload(&app, &slug, "image/png", png(500, 300, [40, 40, 200])).await;
        assert_eq!(uploaded.status(), 200);
        let uploaded: Value = uploaded.json().await.unwrap();
        let (small, large_url) = (uploaded["photo"].as_str().unwrap().to_owned(), uploaded["photoLarge"].as_str().unwrap().to_owned());
        assert_ne!(small, fetched);
        assert_eq!(large_url, large(&small));
        assert_eq!(photo_of(&app, "Marisol Quintero").await, json!(small));
        served(&app, &small, 96).await;
        served(&app, &large_url, 400).await;
        assert_eq!(app.get(&fetched).await.status(), 404);

        // The source names another photo: the upload stays, and nothing is fetched.
        let moved = with_avatars(&[(MARISOL, format!("{}/marisol-new.png", source.uri()))]);
        assert_eq!(import(&app, &moved, true).await["photos"], json!({ "fetched": 0, "failed": [] }));
        assert_eq!(photo_of(&app, "Marisol Quintero").await, json!(small));

        // A second upload replaces the first, a WebP sent as such.
        let mut webp = Cursor::new(Vec::new());
        RgbImage::from_pixel(80, 80, Rgb([10, 10, 10])).write_to(&mut webp, ImageFormat::WebP).unwrap();
        let second = upload(&app, &slug, "image/webp", webp.into_inner()).await;
        assert_eq!(second.status(), 200);
        let second: Value = second.json().await.unwrap();
        assert_ne!(second["photo"], json!(small));
        assert_eq!(photo_of(&app, "Marisol Quintero").await, second["photo"]);
        let page = app.get(&format!("/speakers/{slug}")).await.text().await.unwrap();
        assert!(page.contains(&format!("src=\"{}\"", second["photo"].as_str().unwrap())), "the page shows the new photo without a new version");

        let html = b"<!doctype html><script>alert(1)</script>".to_vec();
        assert!(photo_field_error(upload(&app, &slug, "image/png", html).await).await.contains("not a PNG, JPEG or WebP"));
        let text = photo_field_error(upload(&app, &slug, "text/plain", png(10, 10, [0, 0, 0])).await).await;
        assert!(text.contains("PNG, JPEG or WebP"), "{text}");
        let mut oversize = png(10, 10, [0, 0, 0]);
        oversize.resize(2 * 1024 * 1024 + 1, 0);
        assert!(photo_field_error(upload(&app, &slug, "image/png", oversize).await).await.contains("over 2 MB"));
        assert_eq!(photo_of(&app, "Marisol Quintero").await, second["photo"], "a refused file changes nothing");
        assert_eq!(upload(&app, "no-such-speaker", "image/png", png(10, 10, [0, 0, 0])).await.status(), 404);

        let door = staff_session(&app, "door").await;
        for method in ["PUT", "DELETE"] {
            let refused = app.client
                .request(method.parse().unwrap(), app.url(&format!("/api/admin/programme/speakers/{slug}/photo")))
                .header("Cookie", &door)
                .header("Origin", &app.address)
                .header("Content-Type", "image/png")
                .body(png(10, 10, [0, 0, 0]))
                .send().await.unwrap();
            assert_eq!(refused.status(), StatusCode::FORBIDDEN, "{method}");
        }
        assert_eq!(photo_of(&app, "Marisol Quintero").await, second["photo"]);

        assert_eq!(remove(&app, &slug).await.status(), StatusCode::NO_CONTENT);
        assert!(photo_of(&app, "Marisol Quintero").await.is_null());
        assert_eq!(app.get(second["photo"].as_str().unwrap()).await.status(), 404);
        assert_eq!(remove(&app, &slug).await.status(), StatusCode::NO_CONTENT);
        assert_eq!(remove(&app, "no-such-speaker").await.status(), 404);
        source.verify().await;
    }
}
