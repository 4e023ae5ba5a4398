//! `spawn_app`: every test gets its own server on a random port and its own
//! fresh database, SQLite or PostgreSQL.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use conference::catalogue::{Catalogue, PUBLIC_URL_PLACEHOLDER, PaymentSettings};
use conference::clock::{Clock, SystemClock};
use conference::email::Mailer;
use conference::event::Event;
use conference::payments::PaymentGateway;
use conference::settings::Settings;
use conference::startup::Application;
use conference::store::Store;
use serde_json::{Value, json};
use sqlx::Connection;
use sqlx::postgres::PgConnection;
use time::OffsetDateTime;
use tokio::task::JoinHandle;

use crate::fake_stripe::{self, FakeStripe};
use crate::smtp_sink::SmtpSink;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Db {
    Sqlite,
    Postgres,
}

/// A change to the shipped event file.
pub type EventChange = Box<dyn FnOnce(&mut Event) + Send>;

/// What a test changes from the shipped event file and the default settings.
#[derive(Default)]
pub struct TestOptions {
    pub env: Vec<(&'static str, String)>,
    pub event: Option<EventChange>,
    pub stripe: Option<FakeStripe>,
    pub smtp: Option<SmtpSink>,
    /// The date the app sees, which the test moves; the machine's clock without it.
    pub clock: Option<Arc<ManualClock>>,
    /// Whether the front end was built with prerendered pages, and from which event file.
    pub prerendered: Option<PrerenderedFrom>,
}

/// The event file `npm run build` prerendered the pages from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrerenderedFrom {
    /// The one the app runs on: the pages are current.
    TheAppsEventFile,
    /// The shipped one, whatever the test changed since.
    TheShippedEventFile,
}

/// A clock the test sets: the day after a cut-off is tested without waiting for it.
#[derive(Debug)]
pub struct ManualClock(std::sync::Mutex<OffsetDateTime>);

impl ManualClock {
    pub fn at(instant: OffsetDateTime) -> Arc<Self> {
        Arc::new(Self(std::sync::Mutex::new(instant)))
    }

    pub fn set(&self, instant: OffsetDateTime) {
        *self.0.lock().unwrap() = instant;
    }
}

impl Clock for ManualClock {
    fn now(&self) -> OffsetDateTime {
        *self.0.lock().unwrap()
    }
}

impl TestOptions {
    /// Sends email to a real SMTP server started for the test; `env` adds or overrides settings.
    pub fn with_smtp_sink(env: &[(&'static str, String)]) -> Self {
        Self::with_smtp(SmtpSink::start(), env)
    }

    /// Like `with_smtp_sink`, but the server answers "421 Service not available" until the test lets it work.
    pub fn with_unavailable_smtp(env: &[(&'static str, String)]) -> Self {
        let sink = SmtpSink::start();
        sink.set_available(false);
        Self::with_smtp(sink, env)
    }

    fn with_smtp(sink: SmtpSink, env: &[(&'static str, String)]) -> Self {
        let mut all = vec![("SMTP_URL", sink.url()), ("MAIL_POLL_SECONDS", "1".to_owned())];
        all.extend_from_slice(env);
        Self {
            env: all,
            smtp: Some(sink),
            ..Self::default()
        }
    }

    /// Uses the Stripe gateway, pointed at a fresh HTTP fake of Stripe's API.
    pub async fn with_fake_stripe() -> Self {
        Self::with_stripe(FakeStripe::start().await)
    }

    /// Opens the back office: the password `ADMIN_PASSWORD` and the token `ADMIN_TOKEN`.
    pub fn with_admin(mut self) -> Self {
        self.env.push(("ADMIN_PASSWORD_HASH", admin_password_hash().to_owned()));
        self.env.push(("ADMIN_TOKEN", ADMIN_TOKEN.to_owned()));
        self
    }

    /// Turns the per-address limits off, as load tests do: every test request comes from 127.0.0.1.
    pub fn without_rate_limits(mut self) -> Self {
        self.env.push(("RATE_LIMITS", "off".to_owned()));
        self
    }

    /// Uses the Stripe gateway, pointed at the given fake.
    pub fn with_stripe(stripe: FakeStripe) -> Self {
        Self {
            env: vec![
                ("STRIPE_SECRET_KEY", fake_stripe::SECRET_KEY.to_owned()),
                ("STRIPE_PUBLISHABLE_KEY", "pk_test_fake".to_owned()),
                ("STRIPE_WEBHOOK_SECRET", fake_stripe::WEBHOOK_SECRET.to_owned()),
                ("STRIPE_API_BASE", stripe.uri()),
            ],
            stripe: Some(stripe),
            ..Self::default()
        }
    }

    /// Runs the next edition's example event file, with the date the test sets.
    pub fn next_edition_at(now: OffsetDateTime) -> Self {
        Self {
            clock: Some(ManualClock::at(now)),
            ..Self::with_event(|event| *event = next_edition())
        }
    }

    pub fn with_event(change: impl FnOnce(&mut Event) + Send + 'static) -> Self {
        Self {
            event: Some(Box::new(change)),
            ..Self::default()
        }
    }
}

pub const ADMIN_PASSWORD: &str = "correct horse battery staple";
pub const ADMIN_TOKEN: &str = "test-admin-token-0123456789abcdefghijklmnop";

/// Hashed once per test binary: argon2 is slow on purpose.
fn admin_password_hash() -> &'static str {
    static HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HASH.get_or_init(|| conference::admin::password::hash_password(ADMIN_PASSWORD).expect("a hash"))
}

/// One running server; it runs until the test ends.
pub struct Instance {
    pub address: String,
    pub store: Store,
    pub gateway: Arc<dyn PaymentGateway>,
    pub mailer: Arc<Mailer>,
    server: JoinHandle<std::io::Result<()>>,
}

pub struct TestApp {
    pub address: String,
    pub store: Store,
    pub gateway: Arc<dyn PaymentGateway>,
    pub mailer: Arc<Mailer>,
    pub client: reqwest::Client,
    pub event: Event,
    /// The fake Stripe this app talks to, when the test asked for one.
    pub stripe: Option<FakeStripe>,
    /// The SMTP server this app sends to, when the test asked for one.
    pub smtp: Option<SmtpSink>,
    pub clock: Option<Arc<ManualClock>>,
    server: JoinHandle<std::io::Result<()>>,
    env: Vec<(&'static str, String)>,
    database: TestDatabase,
    files: tempfile::TempDir,
}

/// Runs `test` against a fresh app on each database kind.
macro_rules! on_both_databases {
    ($(#[doc = $doc:literal])* async fn $name:ident($app:ident) $body:block) => {
        $crate::helpers::on_both_databases!($(#[doc = $doc])* async fn $name($app, Default::default()) $body);
    };
    ($(#[doc = $doc:literal])* async fn $name:ident($app:ident, $options:expr) $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            $(#[doc = $doc])*
            async fn run($app: $crate::helpers::TestApp) $body

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let app = $crate::helpers::spawn_app($crate::helpers::Db::Sqlite, $options).await;
                run(app.expect("SQLite is always available")).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                if let Some(app) = $crate::helpers::spawn_app($crate::helpers::Db::Postgres, $options).await {
                    run(app).await;
                }
            }
        }
    };
}
pub(crate) use on_both_databases;

/// A fresh app, or `None` for PostgreSQL when no test database is configured
/// outside CI (in CI that is a failure).
pub async fn spawn_app(db: Db, options: TestOptions) -> Option<TestApp> {
    let files = tempfile::tempdir().expect("a temporary folder");
    let database = match db {
        Db::Sqlite => TestDatabase::Sqlite(files.path().join("data/conference.db")),
        Db::Postgres => TestDatabase::create_postgres().await?,
    };
    let web_dir = files.path().join("web");
    std::fs::create_dir_all(web_dir.join("assets")).unwrap();
    std::fs::write(web_dir.join("index.html"), APP_SHELL).unwrap();
    write_compressed(&web_dir.join("assets/app-1234.js"), APP_SCRIPT.as_bytes());

    let mut event = shipped_event();
    if let Some(change) = options.event {
        change(&mut event);
    }
    // Built now, or at the moment the test's clock is set to.
    let built_at = options
        .clock
        .as_ref()
        .map_or_else(OffsetDateTime::now_utc, |clock| clock.now());
    match options.prerendered {
        Some(PrerenderedFrom::TheAppsEventFile) => write_prerendered_pages(&web_dir, &event, built_at),
        Some(PrerenderedFrom::TheShippedEventFile) => write_prerendered_pages(&web_dir, &shipped_event(), built_at),
        None => {}
    }
    let instance = start(
        &database,
        files.path(),
        &options.env,
        event.clone(),
        options.clock.clone(),
    )
    .await;
    Some(TestApp {
        address: instance.address,
        store: instance.store,
        gateway: instance.gateway,
        mailer: instance.mailer,
        server: instance.server,
        client: reqwest::Client::new(),
        event,
        stripe: options.stripe,
        smtp: options.smtp,
        clock: options.clock,
        env: options.env,
        database,
        files,
    })
}

/// The programme pages' frame as the build prerenders it: the layout around an empty `#programme-page`, the head
/// tags the server replaces marked.
pub const PROGRAMME_FRAME: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\" />\n    \
    <!--page-head--><title>Schedule</title><!--/page-head-->\n  </head><body><div id=\"root\"><nav>The site's \
    navigation</nav><div id=\"programme-page\"></div><footer>The site's footer</footer></div></body></html>";
pub const APP_SHELL: &str = "<!doctype html><html><body><div id=\"root\">app shell</div></body></html>";
pub const APP_SCRIPT: &str = "console.log('the app, long enough to be worth compressing');\n";

pub fn shipped_event() -> Event {
    Event::load(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../conference.toml")).unwrap()
}

/// The next edition's example event file: sales windows, price phases, team discounts, a hidden pass.
pub fn next_edition() -> Event {
    Event::load(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../examples/codewave-2027.toml")).unwrap()
}

/// A built file with the gzip and brotli copies the front-end build writes beside it.
fn write_compressed(path: &Path, body: &[u8]) {
    use std::io::Write;
    let body = body.repeat(20);
    std::fs::write(path, &body).unwrap();
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gzip.write_all(&body).unwrap();
    std::fs::write(format!("{}.gz", path.display()), gzip.finish().unwrap()).unwrap();
    let mut brotli = Vec::new();
    brotli::CompressorWriter::new(&mut brotli, 4096, 11, 22)
        .write_all(&body)
        .unwrap();
    std::fs::write(format!("{}.br", path.display()), brotli).unwrap();
}

/// A prerendered page as the fixture writes it: its path, the Developer Pass's price, a
/// link home by the address placeholder the server fills in, and the empty elements the
/// server fills in: the sponsor wall on the landing and sponsorship pages, the featured
/// speakers on the landing page, the programme's links on `/sitemap`.
pub fn prerendered_page(path: &str, event: &Event) -> String {
    let price = event.ticket_by_type("developer").unwrap().price;
    let wall = match path {
        "/" => "<div id=\"sponsor-wall\"></div><div id=\"featured-speakers\"></div>",
        "/sponsorship" => "<div id=\"sponsor-wall\"></div>",
        "/sitemap" => "<div id=\"sitemap-programme\"></div>",
        _ => "",
    };
    format!(
        "<!doctype html><html><head><title>{path}</title>\n  </head><body><div id=\"root\">Prerendered {path}: \
         Developer Pass {price}. <a href=\"{PUBLIC_URL_PLACEHOLDER}/\">Home</a>{wall}</div></body></html>"
    )
}

/// What `npm run build` writes to web/dist/prerendered at `built_at`, made from `event` with the sandbox gateway.
fn write_prerendered_pages(web_dir: &Path, event: &Event, built_at: OffsetDateTime) {
    let payments = PaymentSettings {
        provider: "sandbox",
        stripe_publishable_key: None,
    };
    let digest = Catalogue::for_prerendering(event, &payments, built_at)
        .unwrap()
        .digest();
    let directory = web_dir.join("prerendered");
    std::fs::create_dir_all(&directory).unwrap();
    let pages = [
        ("/", "home.html"),
        ("/sponsorship", "sponsorship.html"),
        ("/checkout/developer", "developer.html"),
        ("/sitemap", "sitemap.html"),
    ];
    for (path, file) in pages {
        std::fs::write(directory.join(file), prerendered_page(path, event)).unwrap();
    }
    std::fs::write(directory.join("schedule.html"), PROGRAMME_FRAME).unwrap();
    let pages: Vec<(&str, &str)> = pages.into_iter().chain([("/schedule", "schedule.html")]).collect();
    std::fs::write(directory.join("404.html"), prerendered_page("not found", event)).unwrap();
    let manifest = json!({
        "digest": digest,
        "pages": pages.iter().map(|(path, file)| ((*path).to_owned(), json!(file))).collect::<serde_json::Map<_, _>>(),
        "notFound": "404.html",
    });
    std::fs::write(directory.join("pages.json"), manifest.to_string()).unwrap();
}

async fn start(
    database: &TestDatabase,
    files: &Path,
    env: &[(&'static str, String)],
    event: Event,
    clock: Option<Arc<ManualClock>>,
) -> Instance {
    let mut vars: HashMap<String, String> = [
        ("PORT", "0".to_owned()),
        ("DATA_DIR", files.join("data").display().to_string()),
        ("DATABASE_URL", database.url()),
        ("WEB_DIR", files.join("web").display().to_string()),
        ("PUBLIC_URL", "http://codewave.test".to_owned()),
    ]
    .into_iter()
    .map(|(name, value)| (name.to_owned(), value))
    .collect();
    vars.extend(env.iter().map(|(name, value)| ((*name).to_owned(), value.clone())));
    let settings = Settings::from_vars(vars).expect("valid test settings");
    let clock: Arc<dyn Clock> = match clock {
        Some(clock) => clock,
        None => Arc::new(SystemClock),
    };
    let application = Application::build_with_clock(settings, event, clock)
        .await
        .expect("the app starts");
    let address = format!("http://127.0.0.1:{}", application.port());
    let store = application.store().clone();
    let gateway = application.gateway();
    let mailer = application.mailer();
    let server = tokio::spawn(application.run_until_stopped());
    Instance {
        address,
        store,
        gateway,
        mailer,
        server,
    }
}

impl TestApp {
    /// The address of this app's database, as `DATABASE_URL` would give it.
    pub fn database_url(&self) -> String {
        self.database.url()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("the request is answered")
    }

    pub async fn post_json(&self, path: &str, body: &Value) -> reqwest::Response {
        post_json(&self.client, &self.url(path), body).await
    }

    /// A back-office GET as a script makes it, with the admin token.
    pub async fn admin_get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .bearer_auth(ADMIN_TOKEN)
            .send()
            .await
            .expect("the request is answered")
    }

    /// A back-office POST as a script makes it, with the admin token.
    pub async fn admin_post(&self, path: &str, body: &Value) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .bearer_auth(ADMIN_TOKEN)
            .json(body)
            .send()
            .await
            .expect("the request is answered")
    }

    /// A back-office DELETE as a script makes it, with the admin token.
    pub async fn admin_delete(&self, path: &str) -> reqwest::Response {
        self.client
            .delete(self.url(path))
            .bearer_auth(ADMIN_TOKEN)
            .send()
            .await
            .expect("the request is answered")
    }

    /// Signs in with the admin password; answers the session cookie ("admin_session=…").
    pub async fn sign_in(&self) -> String {
        let response = self
            .client
            .post(self.url("/api/admin/session"))
            .header("Origin", &self.address)
            .json(&json!({ "name": "Olivia Organizer", "password": ADMIN_PASSWORD }))
            .send()
            .await
            .expect("the request is answered");
        assert_eq!(response.status(), 200, "sign-in");
        let cookie = response.headers()["set-cookie"].to_str().unwrap().to_owned();
        cookie.split(';').next().unwrap().to_owned()
    }

    /// The total the server charges now for `quantity` of a ticket type, as the checkout asks it.
    pub async fn ticket_total(&self, ticket_type: &str, quantity: i64) -> i64 {
        self.shown_total(ticket_type, quantity).await.expect("a quote")
    }

    /// The quote's total, or `None` when the quote refuses the order (a quantity out of bounds,
    /// say): the total a checkout page shows.
    async fn shown_total(&self, ticket_type: &str, quantity: i64) -> Option<i64> {
        let quote = self
            .post_json(
                "/api/quote",
                &json!({ "kind": "ticket", "item": ticket_type, "quantity": quantity }),
            )
            .await;
        if !quote.status().is_success() {
            return None;
        }
        quote.json::<Value>().await.ok()?["total"].as_i64()
    }

    /// A paid ticket order from the sandbox, as a buyer makes it; answers its order id.
    pub async fn paid_ticket_order(&self, ticket_type: &str, name: &str, email: &str) -> String {
        let ticket = self.event.ticket_by_type(ticket_type).expect("a ticket of that type");
        let quantity = i64::from(ticket.min_quantity);
        let amount = self.ticket_total(ticket_type, quantity).await;
        let created: Value = self
            .post_json(
                "/api/create-payment-intent",
                &json!({ "ticketType": ticket_type, "amount": amount, "name": name, "email": email, "quantity": quantity }),
            )
            .await
            .json()
            .await
            .unwrap();
        let secret = created["clientSecret"].as_str().expect("the order was created");
        assert_eq!(self.pay_with_card(secret, "4242424242424242").await.status(), 200);
        created["orderId"].as_str().unwrap().to_owned()
    }

    /// A POST that a proxy forwarded for `client` (it counts only from a trusted proxy).
    pub async fn post_json_forwarded_for(&self, path: &str, body: &Value, client: &str) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .header("X-Forwarded-For", client)
            .json(body)
            .send()
            .await
            .expect("the request is answered")
    }

    /// Stops this server and starts a new one on the same database, as a restart would.
    pub async fn restart(mut self) -> Self {
        self.server.abort();
        let _ = (&mut self.server).await;
        self.store.close().await;
        let instance = start(
            &self.database,
            self.files.path(),
            &self.env,
            self.event.clone(),
            self.clock.clone(),
        )
        .await;
        self.address = instance.address;
        self.store = instance.store;
        self.gateway = instance.gateway;
        self.mailer = instance.mailer;
        self.server = instance.server;
        self
    }

    /// Restarts with the settings `change` makes, as an operator editing the environment would.
    pub async fn restart_with(mut self, change: impl FnOnce(&mut Vec<(&'static str, String)>)) -> Self {
        change(&mut self.env);
        self.restart().await
    }

    /// Runs the expiry sweep as it would run `minutes` from now; answers how many orders expired.
    pub async fn expire_reservations_after(&self, minutes: i64) -> usize {
        let then = conference::store::now_millis() + minutes * 60 * 1000;
        conference::orders::expire_reservations(&self.store, self.gateway.as_ref(), then)
            .await
            .expect("the sweep reads the database")
    }

    /// Where this app keeps its SQLite file and, without SMTP, its `.eml` files.
    pub fn data_dir(&self) -> PathBuf {
        self.files.path().join("data")
    }

    /// The secrets of the "Manage your tickets" links emailed to `recipient` (written as `.eml`
    /// files without SMTP), waiting until at least `count` have gone out.
    pub async fn manage_links_to(&self, recipient: &str, count: usize) -> Vec<String> {
        self.links_to(recipient, "/my-tickets#", count).await
    }

    /// The secrets of the sponsor page links (`/sponsor#…`) emailed to `recipient`, waiting
    /// until at least `count` have gone out.
    pub async fn sponsor_links_to(&self, recipient: &str, count: usize) -> Vec<String> {
        self.links_to(recipient, "/sponsor#", count).await
    }

    /// The secrets following `marker` ("/my-tickets#", "/sponsor#") in the emails to
    /// `recipient`, in no particular order, waiting until at least `count` have gone out.
    pub async fn links_to(&self, recipient: &str, marker: &str, count: usize) -> Vec<String> {
        for _ in 0..100 {
            self.mailer.deliver_due().await.expect("the outbox is read");
            let links = links_in(&self.data_dir().join("mail"), recipient, marker);
            if links.len() >= count {
                return links;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("fewer than {count} emails with a {marker} link reached {recipient}");
    }

    /// The plain text of the first email to `recipient` that contains `needle`, waiting for it
    /// to go out.
    pub async fn email_to_containing(&self, recipient: &str, needle: &str) -> String {
        for _ in 0..100 {
            self.mailer.deliver_due().await.expect("the outbox is read");
            if let Some(text) = texts_to(&self.data_dir().join("mail"), recipient)
                .into_iter()
                .find(|text| text.contains(needle))
            {
                return text;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("no email containing {needle:?} reached {recipient}");
    }

    /// The emails written to `recipient` so far (as `.eml` files, without SMTP), as they were sent.
    pub fn raw_emails_to(&self, recipient: &str) -> Vec<Vec<u8>> {
        let Ok(entries) = std::fs::read_dir(self.data_dir().join("mail")) else {
            return Vec::new();
        };
        entries
            .map(|entry| std::fs::read(entry.unwrap().path()).unwrap())
            .filter(|raw| {
                let mail = mailparse::parse_mail(raw).unwrap();
                mail.headers
                    .iter()
                    .any(|header| header.get_key() == "To" && header.get_value().contains(recipient))
            })
            .collect()
    }

    /// The buyer's "Manage your tickets" secret, from their receipt.
    pub async fn buyer_manage_token(&self, order_id: &str) -> String {
        let buyer = self
            .store
            .order(order_id)
            .await
            .unwrap()
            .expect("the order")
            .buyer_email;
        self.manage_links_to(&buyer, 1).await.remove(0)
    }

    /// Pays a created ticket payment with the test card: the order's id, the buyer's manage secret and its tickets' ids.
    pub async fn pay_ticket_order(&self, created: &serde_json::Value) -> (String, String, Vec<String>) {
        assert_eq!(
            self.pay_with_card(created["clientSecret"].as_str().unwrap(), "4242424242424242")
                .await
                .status(),
            200
        );
        let order_id = created["orderId"].as_str().unwrap().to_owned();
        let token = self.buyer_manage_token(&order_id).await;
        let tickets = self
            .store
            .tickets_of_order(&order_id)
            .await
            .unwrap()
            .into_iter()
            .map(|ticket| ticket.id)
            .collect();
        (order_id, token, tickets)
    }

    /// A connection pool of this app's own database, for what the API never shows.
    pub async fn database(&self) -> sqlx::AnyPool {
        sqlx::any::install_default_drivers();
        sqlx::AnyPool::connect(&self.database.url())
            .await
            .expect("the test database")
    }

    /// A second server on the same database, as a second deployed instance.
    pub async fn another_instance(&self) -> Instance {
        start(
            &self.database,
            self.files.path(),
            &self.env,
            self.event.clone(),
            self.clock.clone(),
        )
        .await
    }

    /// Starts a ticket purchase at the price a buyer sees; answers the create call's response.
    pub async fn create_ticket_payment(&self, ticket_type: &str, quantity: i64, email: &str) -> reqwest::Response {
        let ticket = self.event.ticket_by_type(ticket_type).expect("a ticket of that type");
        self.post_json(
            "/api/create-payment-intent",
            &json!({
                "ticketType": ticket_type,
                "amount": self.shown_total(ticket_type, quantity).await.unwrap_or(ticket.price.cents() * quantity),
                "name": "Ana Diaz",
                "email": email,
                "quantity": quantity,
            }),
        )
        .await
    }

    /// Delivers a Stripe event signed as Stripe would, `age_seconds` old.
    pub async fn deliver_webhook(&self, event: &Value, age_seconds: i64, secret: &str) -> reqwest::Response {
        let body = serde_json::to_vec(event).unwrap();
        let timestamp = time::OffsetDateTime::now_utc().unix_timestamp() - age_seconds;
        let signature = conference::payments::webhook_signature::sign(&body, secret, timestamp);
        self.client
            .post(self.url("/api/webhooks/stripe"))
            .header("Stripe-Signature", signature)
            .header("Content-Type", "application/json")
            .body(body)
            .send()
            .await
            .expect("the request is answered")
    }

    /// Pays a sandbox payment with a card; answers the sandbox's response.
    pub async fn pay_with_card(&self, client_secret: &str, card_number: &str) -> reqwest::Response {
        self.post_json(
            "/api/sandbox/confirm",
            &json!({ "clientSecret": client_secret, "cardNumber": card_number, "expMonth": "12", "expYear": "34", "cvc": "123" }),
        )
        .await
    }
}

impl Instance {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }
}

pub async fn post_json(client: &reqwest::Client, url: &str, body: &Value) -> reqwest::Response {
    client
        .post(url)
        .json(body)
        .send()
        .await
        .expect("the request is answered")
}

/// The link secrets following `marker` in the text of the emails to `recipient` in `folder`.
fn links_in(folder: &Path, recipient: &str, marker: &str) -> Vec<String> {
    let mut links = Vec::new();
    for text in texts_to(folder, recipient) {
        for (at, found) in text.match_indices(marker) {
            let token: String = text[at + found.len()..]
                .chars()
                .take_while(char::is_ascii_alphanumeric)
                .collect();
            if !token.is_empty() && !links.contains(&token) {
                links.push(token);
            }
        }
    }
    links
}

/// The plain-text parts of the emails to `recipient` in `folder`, one string per email.
fn texts_to(folder: &Path, recipient: &str) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut texts = Vec::new();
    for entry in entries {
        let raw = std::fs::read(entry.unwrap().path()).unwrap();
        let mail = mailparse::parse_mail(&raw).unwrap();
        let to = mail
            .headers
            .iter()
            .find(|header| header.get_key() == "To")
            .map(|header| header.get_value());
        if to.is_some_and(|to| to.contains(recipient)) {
            texts.push(text_parts(&mail).concat());
        }
    }
    texts
}

fn text_parts(mail: &mailparse::ParsedMail<'_>) -> Vec<String> {
    if mail.subparts.is_empty() {
        return if mail.ctype.mimetype == "text/plain" {
            vec![mail.get_body().unwrap()]
        } else {
            Vec::new()
        };
    }
    mail.subparts.iter().flat_map(text_parts).collect()
}

enum TestDatabase {
    Sqlite(PathBuf),
    Postgres { admin_url: String, name: String },
}

impl TestDatabase {
    async fn create_postgres() -> Option<Self> {
        let Ok(admin_url) = std::env::var("TEST_DATABASE_URL") else {
            if std::env::var("CI").is_ok_and(|value| value == "true") {
                panic!("TEST_DATABASE_URL must be set in CI: the PostgreSQL tests may not be skipped");
            }
            eprintln!("SKIPPED: set TEST_DATABASE_URL=postgres://… to run this test against PostgreSQL");
            return None;
        };
        let name = format!("conference_test_{}", uuid::Uuid::new_v4().simple());
        let mut connection = PgConnection::connect(&admin_url)
            .await
            .unwrap_or_else(|error| panic!("cannot reach TEST_DATABASE_URL: {error}"));
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut connection)
            .await
            .expect("a fresh test database");
        connection.close().await.ok();
        Some(Self::Postgres { admin_url, name })
    }

    fn url(&self) -> String {
        match self {
            Self::Sqlite(path) => format!("sqlite://{}?mode=rwc", path.display()),
            Self::Postgres { admin_url, name } => {
                let (base, query) = admin_url
                    .split_once('?')
                    .map_or((admin_url.as_str(), None), |(b, q)| (b, Some(q)));
                let server = base.rsplit_once('/').map_or(base, |(server, _)| server);
                match query {
                    Some(query) => format!("{server}/{name}?{query}"),
                    None => format!("{server}/{name}"),
                }
            }
        }
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        if let Self::Postgres { admin_url, name } = self {
            let (admin_url, name) = (admin_url.clone(), name.clone());
            // Drop runs outside async code: use a thread with its own small runtime.
            let _ = std::thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .ok()?;
                runtime.block_on(async {
                    let mut connection = PgConnection::connect(&admin_url).await.ok()?;
                    sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                        .execute(&mut connection)
                        .await
                        .ok()
                })
            })
            .join();
        }
    }
}

/// Waits until another session of the test's PostgreSQL database waits on a lock (the call
/// `pending` makes, blocked behind the test's own transaction); fails if `pending` finishes first.
pub async fn wait_for_a_lock_wait<T>(database: &sqlx::AnyPool, pending: &JoinHandle<T>) {
    for _ in 0..200 {
        let waiting: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
        )
        .fetch_one(database)
        .await
        .unwrap();
        if waiting > 0 {
            return;
        }
        assert!(!pending.is_finished(), "the call finished without waiting for the lock");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("no call waited for the lock within 10 s");
}
