//! The programme's public pages, rendered by the server into the frame the front end prerenders (or the app shell):
//! the schedule by day and filters, sessions, speakers, My schedule and the changelog; their heads and JSON-LD; the
//! parts they add to other pages; a visitor's calendar; and nothing at all before the first import.

use conference::programme::{Link, Programme, Room, Session, SessionKind, Speaker, Track};
use serde_json::Value;
use time::OffsetDateTime;
use time::macros::datetime;

use conference::startup::feed_sample_programme;

use crate::helpers::{APP_SHELL, ManualClock, PrerenderedFrom, TestApp, TestOptions, on_both_databases, shipped_event};

fn prerendered() -> TestOptions {
    TestOptions {
        prerendered: Some(PrerenderedFrom::TheAppsEventFile),
        ..TestOptions::default()
    }
}

#[allow(clippy::too_many_arguments)]
fn session(
    source_id: &str,
    slug: &str,
    title: &str,
    kind: SessionKind,
    room: &str,
    track: &str,
    start: OffsetDateTime,
    end: OffsetDateTime,
    speakers: &[&str],
) -> Session {
    Session {
        source_id: source_id.into(),
        slug: slug.into(),
        title: title.into(),
        subtitle: None,
        kind,
        track: Some(track.into()),
        level: Some("Beginner".into()),
        language: Some("en".into()),
        abstract_text: Some(format!("About **{slug}**.")),
        description: None,
        speakers: speakers.iter().map(|&speaker| speaker.to_owned()).collect(),
        room: Some(room.into()),
        start,
        end,
        links: Vec::new(),
    }
}

/// Two rooms, two tracks, two speakers; a keynote with a `javascript:` link, a talk whose title is a script, one in
/// parallel with it, a hackathon at 23:30 venue time, and a talk on the second day.
fn fixture() -> Programme {
    let mut keynote = session(
        "k1",
        "opening",
        "Opening keynote",
        SessionKind::Keynote,
        "hall",
        "web",
        datetime!(2026-05-18 09:00 -4),
        datetime!(2026-05-18 10:00 -4),
        &["ada"],
    );
    keynote.abstract_text = Some("Welcome, [click](javascript:alert(1)) and <script>alert(2)</script>.".into());
    Programme {
        rooms: vec![
            Room {
                source_id: "hall".into(),
                name: "Ocean Hall".into(),
                capacity: Some(800),
            },
            Room {
                source_id: "garden".into(),
                name: "Garden Room".into(),
                capacity: None,
            },
        ],
        tracks: vec![
            Track {
                source_id: "web".into(),
                name: "Web".into(),
                colour: Some("#336699".into()),
            },
            Track {
                source_id: "data".into(),
                name: "Data".into(),
                colour: Some("#aa3300".into()),
            },
        ],
        speakers: vec![
            Speaker {
                source_id: "ada".into(),
                slug: "ada-lovelace".into(),
                name: "Ada Lovelace".into(),
                tagline: Some("Analyst".into()),
                biography: Some("Writes [notes](https://ada.example/notes) and [x](javascript:alert(3)).".into()),
                avatar_url: None,
                links: vec![Link {
                    title: "Website".into(),
                    url: "https://ada.example".into(),
                }],
            },
            Speaker {
                source_id: "grace".into(),
                slug: "grace-hopper".into(),
                name: "Grace Hopper".into(),
                tagline: None,
                biography: None,
                avatar_url: None,
                links: Vec::new(),
            },
        ],
        sessions: vec![
            keynote,
            session(
                "t1",
                "xss",
                "<script>alert(1)</script> & more",
                SessionKind::Talk,
                "garden",
                "data",
                datetime!(2026-05-18 10:30 -4),
                datetime!(2026-05-18 11:15 -4),
                &["grace"],
            ),
            session(
                "t2",
                "web-talk",
                "Web talk",
                SessionKind::Talk,
                "hall",
                "web",
                datetime!(2026-05-18 10:30 -4),
                datetime!(2026-05-18 11:15 -4),
                &["ada"],
            ),
            session(
                "t4",
                "after-the-talk",
                "After the talk",
                SessionKind::Workshop,
                "hall",
                "web",
                datetime!(2026-05-18 13:00 -4),
                datetime!(2026-05-18 14:00 -4),
                &[],
            ),
            session(
                "h1",
                "late-hack",
                "Late hack",
                SessionKind::Hackathon,
                "hall",
                "web",
                datetime!(2026-05-18 23:30 -4),
                datetime!(2026-05-19 01:00 -4),
                &[],
            ),
            session(
                "t3",
                "day-two",
                "Day two talk",
                SessionKind::Talk,
                "garden",
                "data",
                datetime!(2026-05-19 10:00 -4),
                datetime!(2026-05-19 11:00 -4),
                &["grace"],
            ),
        ],
    }
}

async fn publish(app: &TestApp, programme: &Programme) {
    app.store
        .apply_programme(programme, "pretalx", "olga@example.com")
        .await
        .unwrap();
}

/// The page's HTML, after checking it is a 200 HTML page.
async fn page(app: &TestApp, path: &str) -> String {
    let answer = app.get(path).await;
    assert_eq!(answer.status(), 200, "{path}");
    assert!(
        answer.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    answer.text().await.unwrap()
}

/// The content of `#programme-page`.
fn programme_element(html: &str) -> &str {
    let start = html
        .find("<div id=\"programme-page\"")
        .expect("the programme's element");
    let end = html.rfind("</div><footer>").unwrap_or(html.len());
    &html[start..end]
}

fn structured_data(html: &str) -> Value {
    let start = html
        .find("<script type=\"application/ld+json\">")
        .expect("structured data")
        + 35;
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

/// The slugs of the sessions on a page, in order.
fn sessions_on(html: &str) -> Vec<&str> {
    html.match_indices("<li data-session=\"")
        .map(|(at, found)| {
            let rest = &html[at + found.len()..];
            &rest[..rest.find('"').unwrap()]
        })
        .collect()
}

on_both_databases! {
    async fn before_the_first_import_the_pages_are_missing(app, prerendered()) {
        for path in ["/schedule", "/schedule/changes", "/sessions/opening", "/speakers", "/speakers/ada-lovelace", "/my-schedule"] {
            assert_eq!(app.get(path).await.status(), 404, "{path}");
        }
        let home = page(&app, "/").await;
        assert!(!home.contains("data-programme"), "{home}");
        assert!(home.contains("<div id=\"featured-speakers\"></div>"), "{home}");
        let sitemap = app.get("/sitemap.xml").await.text().await.unwrap();
        assert!(!sitemap.contains("/schedule"), "{sitemap}");
    }
}

on_both_databases! {
    /// The schedule fills the prerendered frame: its head, the day's sessions as one list with their grid places and
    /// track colours, the days as links, the filters, and the event with its sessions as JSON-LD.
    async fn the_schedule_goes_into_the_frame(app, prerendered()) {
        publish(&app, &fixture()).await;

        let html = page(&app, "/schedule").await;

        assert!(html.starts_with("<!doctype html><html data-programme lang=\"en\">"), "{html}");
        assert!(html.contains("<title>Schedule | CodeWave Miami 2026</title>"), "{html}");
        assert!(html.contains("<link rel=\"canonical\" href=\"http://codewave.test/schedule\" />"), "{html}");
        assert!(html.contains("<nav>The site's navigation</nav>"), "{html}");
        assert!(!html.contains("<!--page-head-->"), "{html}");
        let content = programme_element(&html);
        assert!(
            content.starts_with("<div id=\"programme-page\" data-timezone=\"America/New_York\" data-zone-label=\"Miami time\">"),
            "{content}"
        );
        // The first day, with the session at 23:30 venue time (03:30 the next day in UTC) on it.
        assert_eq!(sessions_on(content), ["opening", "web-talk", "xss", "after-the-talk", "late-hack"]);
        assert!(content.contains("id=\"session-opening\""), "{content}");
        assert!(content.contains("<time datetime=\"2026-05-18T23:30:00-04:00\">23:30</time>"), "{content}");
        assert!(content.contains("border-left-color:#336699"), "{content}");
        assert!(content.contains("<a href=\"/schedule?day=2026-05-19\""), "{content}");
        assert!(content.contains("<form data-filters method=\"get\" action=\"/schedule\""), "{content}");
        assert!(content.contains("<div data-now-next hidden"), "{content}");
        assert!(content.contains("data-star=\"opening\" aria-pressed=\"false\" aria-label=\"Star Opening keynote\" hidden"), "{content}");
        // Escaped, never a script.
        assert!(content.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; more"), "{content}");
        assert!(!content.contains("<script>alert"), "{content}");

        let data = structured_data(&html);
        assert_eq!(data["@type"], "Event");
        assert_eq!(data["subEvent"].as_array().unwrap().len(), 6);
        assert_eq!(data["subEvent"][0]["url"], "http://codewave.test/sessions/opening");

        let second = page(&app, "/schedule?day=2026-05-19").await;
        assert_eq!(sessions_on(programme_element(&second)), ["day-two"]);
    }
}

on_both_databases! {
    /// Filters keep to their track, kind or level; values the programme does not have are ignored; the day tabs
    /// keep the filters.
    async fn the_schedule_filters_by_track_kind_and_level(app, prerendered()) {
        publish(&app, &fixture()).await;

        let data = page(&app, "/schedule?track=data").await;
        assert_eq!(sessions_on(programme_element(&data)), ["xss"]);
        assert!(data.contains("<option value=\"data\" selected>Data</option>"), "{data}");
        assert!(data.contains("href=\"/schedule?day=2026-05-19&amp;track=data\""), "{data}");

        let workshops = page(&app, "/schedule?kind=workshop").await;
        assert_eq!(sessions_on(programme_element(&workshops)), ["after-the-talk"]);

        let unknown = page(&app, "/schedule?track=nope&kind=nope&level=nope&day=1999-01-01").await;
        assert_eq!(sessions_on(programme_element(&unknown)), ["opening", "web-talk", "xss", "after-the-talk", "late-hack"]);
    }
}

on_both_databases! {
    /// A session's page: its facts with the zone label, its speakers, its abstract rendered inert, a calendar link,
    /// what runs in parallel, what comes next in its room, and its JSON-LD.
    async fn a_session_has_its_page(app, prerendered()) {
        publish(&app, &fixture()).await;

        let html = page(&app, "/sessions/web-talk").await;
        assert!(html.contains("<title>Web talk | CodeWave Miami 2026</title>"), "{html}");
        assert!(html.contains("<meta name=\"description\" content=\"About web-talk.\" />"), "{html}");
        let content = programme_element(&html);
        assert!(content.contains("Monday 18 May 2026"), "{content}");
        assert!(content.contains("Miami time"), "{content}");
        assert!(content.contains("Ocean Hall"), "{content}");
        assert!(content.contains("href=\"/speakers/ada-lovelace\""), "{content}");
        assert!(content.contains(">AL</span>"), "{content}");
        assert!(content.contains("href=\"/schedule.ics?sessions=web-talk\""), "{content}");
        assert!(content.contains("In parallel"), "{content}");
        assert!(content.contains("Next in Ocean Hall"), "{content}");
        let related = sessions_on(content);
        assert_eq!(related, ["xss", "after-the-talk"]);
        let data = structured_data(&html);
        assert_eq!(data["@type"], "Event");
        assert_eq!(data["name"], "Web talk");
        assert_eq!(data["startDate"], "2026-05-18T10:30:00-04:00");

        let keynote = page(&app, "/sessions/opening").await;
        let content = programme_element(&keynote);
        assert!(!content.contains("javascript:"), "{content}");
        assert!(content.contains("&lt;script&gt;alert(2)&lt;/script&gt;"), "{content}");
        assert!(!keynote.contains("<script>alert"), "{keynote}");

        let xss = page(&app, "/sessions/xss").await;
        assert!(xss.contains("<title>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more | CodeWave Miami 2026</title>"), "{xss}");
        assert!(!xss.contains("<script>alert"), "{xss}");
        assert_eq!(structured_data(&xss)["name"], "<script>alert(1)</script> & more");

        assert_eq!(app.get("/sessions/no-such-session").await.status(), 404);
        assert_eq!(app.get("/speakers/no-such-speaker").await.status(), 404);
    }
}

on_both_databases! {
    async fn speakers_have_their_pages(app, prerendered()) {
        publish(&app, &fixture()).await;

        let index = page(&app, "/speakers").await;
        let ada = index.find("href=\"/speakers/ada-lovelace\"").unwrap();
        let grace = index.find("href=\"/speakers/grace-hopper\"").unwrap();
        assert!(ada < grace, "the keynote speaker first");

        let html = page(&app, "/speakers/ada-lovelace").await;
        assert!(html.contains("<title>Ada Lovelace | CodeWave Miami 2026</title>"), "{html}");
        let content = programme_element(&html);
        assert!(content.contains("<a class=\"text-primary underline\" href=\"https://ada.example\" rel=\"nofollow noopener\">Website</a>"), "{content}");
        assert!(content.contains("href=\"https://ada.example/notes\" rel=\"nofollow noopener\""), "{content}");
        assert!(!content.contains("javascript:"), "{content}");
        assert_eq!(sessions_on(content), ["opening", "web-talk"]);
        let data = structured_data(&html);
        assert_eq!(data["@type"], "Person");
        assert_eq!(data["name"], "Ada Lovelace");
    }
}

on_both_databases! {
    /// My schedule holds every session hidden, by day, for the browser to show the starred ones.
    async fn my_schedule_holds_every_session_hidden(app, prerendered()) {
        publish(&app, &fixture()).await;

        let html = page(&app, "/my-schedule").await;
        let content = programme_element(&html);
        assert!(content.contains("<section data-day=\"2026-05-18\" hidden"), "{content}");
        assert!(content.contains("<section data-day=\"2026-05-19\" hidden"), "{content}");
        assert!(content.contains("<p data-my-empty"), "{content}");
        assert!(content.contains("<a data-my-ics href=\"/schedule.ics\" download hidden"), "{content}");
        assert_eq!(sessions_on(content).len(), 6);
        assert_eq!(content.matches("\" hidden>").count(), 6, "each session hidden");
    }
}

on_both_databases! {
    /// A session an import removes is shown cancelled; one it moves says from where to where; the changelog lists
    /// both versions.
    async fn cancelled_and_moved_sessions_say_so(app, prerendered()) {
        publish(&app, &fixture()).await;
        let mut edited = fixture();
        edited.sessions.retain(|session| session.slug != "xss");
        let moved = edited.sessions.iter_mut().find(|session| session.slug == "web-talk").unwrap();
        moved.start = datetime!(2026-05-18 15:00 -4);
        moved.end = datetime!(2026-05-18 15:45 -4);
        moved.room = Some("garden".into());
        publish(&app, &edited).await;

        let cancelled = page(&app, "/sessions/xss").await;
        assert!(cancelled.contains("This session was cancelled."), "{cancelled}");
        assert_eq!(structured_data(&cancelled)["eventStatus"], "https://schema.org/EventCancelled");
        let moved = page(&app, "/sessions/web-talk").await;
        assert!(
            moved.contains(
                "Moved from Mon 18 May <time datetime=\"2026-05-18T10:30:00-04:00\">10:30</time>, Ocean Hall to Mon 18 \
                 May <time datetime=\"2026-05-18T15:00:00-04:00\">15:00</time>, Garden Room."
            ),
            "{moved}"
        );
        let schedule = page(&app, "/schedule").await;
        let at = schedule.find("data-session=\"xss\"").unwrap();
        let card = &schedule[at..at + schedule[at..].find("</li>").unwrap()];
        assert!(card.contains("line-through") && card.contains("Cancelled"), "{card}");

        let changes = page(&app, "/schedule/changes").await;
        assert!(changes.contains("v2: 1 session moved, 1 cancelled"), "{changes}");
        assert!(changes.contains("v1: 6 sessions added; 2 speakers added"), "{changes}");

        let api: Value = app.get("/api/programme").await.json().await.unwrap();
        let xss = api["sessions"].as_array().unwrap().iter().find(|session| session["slug"] == "xss").unwrap();
        assert_eq!(xss["cancelled"], true);

        publish(&app, &fixture()).await;
        let revived = page(&app, "/sessions/xss").await;
        assert!(!revived.contains("This session was cancelled."), "{revived}");
    }
}

on_both_databases! {
    /// Without a current frame, the page goes into the app shell's root, which the app lays out.
    async fn without_the_frame_the_page_goes_into_the_shell(app) {
        publish(&app, &fixture()).await;

        let html = page(&app, "/speakers").await;

        assert!(html.starts_with("<!doctype html><html data-programme><body><div id=\"root\"><div id=\"programme-page\""), "{html}");
        assert!(html.ends_with("</div></div></body></html>"), "{html}");
        assert_ne!(page(&app, "/privacy-policy").await, APP_SHELL, "every page says the site has a programme");
    }
}

on_both_databases! {
    /// The home page's speakers, the sitemap page's links, and sitemap.xml follow the programme.
    async fn other_pages_show_the_programme(app, prerendered()) {
        publish(&app, &fixture()).await;

        let home = page(&app, "/").await;
        assert!(home.contains("<html data-programme>"), "{home}");
        let featured = &home[home.find("<div id=\"featured-speakers\">").unwrap()..];
        let ada = featured.find("href=\"/speakers/ada-lovelace\"").unwrap();
        let grace = featured.find("href=\"/speakers/grace-hopper\"").unwrap();
        assert!(ada < grace, "the keynote speaker first");
        assert!(featured.contains("href=\"/speakers\">All speakers</a>"), "{featured}");

        let sitemap = page(&app, "/sitemap").await;
        assert!(sitemap.contains("href=\"/sessions/day-two\""), "{sitemap}");
        assert!(sitemap.contains("href=\"/speakers/grace-hopper\""), "{sitemap}");

        let xml = app.get("/sitemap.xml").await.text().await.unwrap();
        for path in ["/schedule", "/schedule/changes", "/speakers", "/my-schedule", "/sessions/late-hack", "/speakers/ada-lovelace"] {
            assert!(xml.contains(&format!("<loc>http://codewave.test{path}</loc>")), "{path} in {xml}");
        }
    }
}

on_both_databases! {
    async fn a_visitors_calendar_holds_the_sessions_they_name(app) {
        publish(&app, &fixture()).await;

        let answer = app.get("/schedule.ics?sessions=web-talk,day-two,no-such-session").await;

        assert_eq!(answer.status(), 200);
        assert_eq!(answer.headers()["content-type"], "text/calendar; charset=utf-8");
        let calendar = answer.text().await.unwrap();
        assert_eq!(calendar.matches("BEGIN:VEVENT").count(), 2, "{calendar}");
        assert!(calendar.contains("SUMMARY:Web talk"), "{calendar}");
        assert!(calendar.contains("SUMMARY:Day two talk"), "{calendar}");
        let every = app.get("/schedule.ics").await.text().await.unwrap();
        assert_eq!(every.matches("BEGIN:VEVENT").count(), 6);
    }
}

on_both_databases! {
    async fn the_apps_programme_has_the_abstract_as_inert_html(app) {
        publish(&app, &fixture()).await;

        let body: Value = app.get("/api/programme").await.json().await.unwrap();

        let keynote = &body["sessions"][0];
        assert_eq!(keynote["abstract"], "Welcome, [click](javascript:alert(1)) and <script>alert(2)</script>.");
        assert_eq!(keynote["abstractHtml"], "<p>Welcome, click and &lt;script&gt;alert(2)&lt;/script&gt;.</p>\n");
        assert_eq!(body["speakers"][0]["featured"], true);
    }
}

on_both_databases! {
    /// Every page of the shipped sample programme is served, and its schedule stays small over the wire.
    async fn the_sample_programmes_pages_are_served_and_the_schedule_is_small(app, prerendered()) {
        feed_sample_programme(&app.store, &shipped_event()).await.unwrap();
        let programme: Value = app.get("/api/programme").await.json().await.unwrap();

        for session in programme["sessions"].as_array().unwrap() {
            page(&app, &format!("/sessions/{}", session["slug"].as_str().unwrap())).await;
        }
        for speaker in programme["speakers"].as_array().unwrap() {
            page(&app, &format!("/speakers/{}", speaker["slug"].as_str().unwrap())).await;
        }
        // Breaks span every room's column.
        let schedule = page(&app, "/schedule").await;
        let breaks: Vec<&str> = (schedule.split("<li data-session=").skip(1))
            .filter(|card| card.contains("class=\"bg-muted "))
            .collect();
        assert!(!breaks.is_empty(), "the sample has breaks");
        for card in breaks {
            assert!(card.contains("--col:1 / -1;"), "{card}");
        }
        for day in programme["days"].as_array().unwrap() {
            let path = format!("/schedule?day={}", day.as_str().unwrap());
            let answer = app.client.get(app.url(&path)).header("accept-encoding", "gzip").send().await.unwrap();
            assert_eq!(answer.headers()["content-encoding"], "gzip");
            let size = answer.bytes().await.unwrap().len();
            assert!(size < 40 * 1024, "{path} is {size} bytes gzipped");
        }
    }
}

on_both_databases! {
    /// During the event the schedule opens on the venue's today: at 02:00 UTC on the 19th it is still the 18th in
    /// Miami.
    async fn during_the_event_the_schedule_opens_on_the_venues_today(app, TestOptions {
        clock: Some(ManualClock::at(datetime!(2026-05-19 02:00 UTC))),
        ..TestOptions::default()
    }) {
        publish(&app, &fixture()).await;

        let evening = page(&app, "/schedule").await;
        assert!(evening.contains("<input type=\"hidden\" name=\"day\" value=\"2026-05-18\">"), "{evening}");

        app.clock.as_ref().unwrap().set(datetime!(2026-05-19 14:00 UTC));
        let next_day = page(&app, "/schedule").await;
        assert_eq!(sessions_on(programme_element(&next_day)), ["day-two"]);
    }
}
