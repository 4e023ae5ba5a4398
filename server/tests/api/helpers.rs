//! `spawn_app`: every test gets its own server on a random port and its own
//! fresh database, SQLite or PostgreSQL.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use conference::email::Mailer;
use conference::event::Event;
use conference::settings::Settings;
use conference::startup::Application;
use conference::store::Store;
use serde_json::{Value, json};
use sqlx::Connection;
use sqlx::postgres::PgConnection;
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
        let stripe = FakeStripe::start().await;
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

    pub fn with_event(change: impl FnOnce(&mut Event) + Send + 'static) -> Self {
        Self {
            event: Some(Box::new(change)),
            ..Self::default()
        }
    }
}

/// One running server; it runs until the test ends.
pub struct Instance {
    pub address: String,
    pub store: Store,
    pub mailer: Arc<Mailer>,
    server: JoinHandle<std::io::Result<()>>,
}

pub struct TestApp {
    pub address: String,
    pub store: Store,
    pub mailer: Arc<Mailer>,
    pub client: reqwest::Client,
    pub event: Event,
    /// The fake Stripe this app talks to, when the test asked for one.
    pub stripe: Option<FakeStripe>,
    /// The SMTP server this app sends to, when the test asked for one.
    pub smtp: Option<SmtpSink>,
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
    std::fs::write(web_dir.join("assets/app-1234.js"), "console.log('app');").unwrap();

    let mut event = Event::load(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../conference.toml")).unwrap();
    if let Some(change) = options.event {
        change(&mut event);
    }
    let instance = start(&database, files.path(), &options.env, event.clone()).await;
    Some(TestApp {
        address: instance.address,
        store: instance.store,
        mailer: instance.mailer,
        server: instance.server,
        client: reqwest::Client::new(),
        event,
        stripe: options.stripe,
        smtp: options.smtp,
        env: options.env,
        database,
        files,
    })
}

pub const APP_SHELL: &str = "<!doctype html><html><body><div id=\"root\">app shell</div></body></html>";

async fn start(database: &TestDatabase, files: &Path, env: &[(&'static str, String)], event: Event) -> Instance {
    let mut vars: HashMap<String, String> = [
        ("PORT", "0".to_owned()),
        ("DATA_DIR", files.join("data").display().to_string()),
        ("DATABASE_URL", database.url()),
        ("WEB_DIR", files.join("web").display().to_string()),
        ("PUBLIC_URL", "https://codewave.test".to_owned()),
    ]
    .into_iter()
    .map(|(name, value)| (name.to_owned(), value))
    .collect();
    vars.extend(env.iter().map(|(name, value)| ((*name).to_owned(), value.clone())));
    let settings = Settings::from_vars(vars).expect("valid test settings");
    let application = Application::build(settings, event).await.expect("the app starts");
    let address = format!("http://127.0.0.1:{}", application.port());
    let store = application.store().clone();
    let mailer = application.mailer();
    let server = tokio::spawn(application.run_until_stopped());
    Instance {
        address,
        store,
        mailer,
        server,
    }
}

impl TestApp {
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

    /// Stops this server and starts a new one on the same database, as a restart would.
    pub async fn restart(mut self) -> Self {
        self.server.abort();
        let _ = (&mut self.server).await;
        self.store.close().await;
        let instance = start(&self.database, self.files.path(), &self.env, self.event.clone()).await;
        self.address = instance.address;
        self.store = instance.store;
        self.mailer = instance.mailer;
        self.server = instance.server;
        self
    }

    /// Where this app keeps its SQLite file and, without SMTP, its `.eml` files.
    pub fn data_dir(&self) -> PathBuf {
        self.files.path().join("data")
    }

    /// A second server on the same database, as a second deployed instance.
    pub async fn another_instance(&self) -> Instance {
        start(&self.database, self.files.path(), &self.env, self.event.clone()).await
    }

    /// Starts a ticket purchase; answers the create call's response.
    pub async fn create_ticket_payment(&self, ticket_type: &str, quantity: i64, email: &str) -> reqwest::Response {
        let ticket = self.event.ticket_by_type(ticket_type).expect("a ticket of that type");
        self.post_json(
            "/api/create-payment-intent",
            &json!({
                "ticketType": ticket_type,
                "amount": ticket.price.cents() * quantity,
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
