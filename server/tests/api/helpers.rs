//! `spawn_app`: every test gets its own server on a random port and its own
//! fresh database, SQLite or PostgreSQL.

use std::collections::HashMap;
use std::path::PathBuf;

use conference::event::Event;
use conference::settings::Settings;
use conference::startup::Application;
use conference::store::Store;
use sqlx::Connection;
use sqlx::postgres::PgConnection;
use tokio::task::JoinHandle;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Db {
    Sqlite,
    Postgres,
}

pub struct TestApp {
    pub address: String,
    pub store: Store,
    pub client: reqwest::Client,
    database: TestDatabase,
    server: JoinHandle<std::io::Result<()>>,
    _files: tempfile::TempDir,
}

/// Runs `test` against a fresh app on each database kind.
macro_rules! on_both_databases {
    ($(#[doc = $doc:literal])* async fn $name:ident($app:ident) $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            $(#[doc = $doc])*
            async fn run($app: $crate::helpers::TestApp) $body

            #[tokio::test]
            async fn sqlite() {
                run($crate::helpers::spawn_app($crate::helpers::Db::Sqlite).await.expect("SQLite is always available")).await;
            }

            #[tokio::test]
            async fn postgres() {
                if let Some(app) = $crate::helpers::spawn_app($crate::helpers::Db::Postgres).await {
                    run(app).await;
                }
            }
        }
    };
}
pub(crate) use on_both_databases;

/// A fresh app, or `None` for PostgreSQL when no test database is configured
/// outside CI (in CI that is a failure).
pub async fn spawn_app(db: Db) -> Option<TestApp> {
    let files = tempfile::tempdir().expect("a temporary folder");
    let database = match db {
        Db::Sqlite => TestDatabase::Sqlite(files.path().join("data/conference.db")),
        Db::Postgres => TestDatabase::create_postgres().await?,
    };
    let web_dir = files.path().join("web");
    std::fs::create_dir_all(web_dir.join("assets")).unwrap();
    std::fs::write(web_dir.join("index.html"), APP_SHELL).unwrap();
    std::fs::write(web_dir.join("assets/app-1234.js"), "console.log('app');").unwrap();

    let app = start(&database, files.path(), &web_dir).await;
    Some(TestApp {
        address: app.0,
        store: app.1,
        client: reqwest::Client::new(),
        server: app.2,
        database,
        _files: files,
    })
}

pub const APP_SHELL: &str = "<!doctype html><html><body><div id=\"root\">app shell</div></body></html>";

async fn start(
    database: &TestDatabase,
    data_dir: &std::path::Path,
    web_dir: &std::path::Path,
) -> (String, Store, JoinHandle<std::io::Result<()>>) {
    let vars: HashMap<String, String> = [
        ("PORT", "0".to_owned()),
        ("DATA_DIR", data_dir.join("data").display().to_string()),
        ("DATABASE_URL", database.url()),
        ("WEB_DIR", web_dir.display().to_string()),
        ("PUBLIC_URL", "https://codewave.test".to_owned()),
    ]
    .into_iter()
    .map(|(name, value)| (name.to_owned(), value))
    .collect();
    let settings = Settings::from_vars(vars).expect("valid test settings");
    let event = Event::load(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../conference.toml")).unwrap();
    let application = Application::build(settings, event).await.expect("the app starts");
    let address = format!("http://127.0.0.1:{}", application.port());
    let store = application.store().clone();
    let server = tokio::spawn(application.run_until_stopped());
    (address, store, server)
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

    pub async fn post_json(&self, path: &str, body: &serde_json::Value) -> reqwest::Response {
        self.client
            .post(self.url(path))
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
        let (address, store, server) = start(&self.database, self._files.path(), &self._files.path().join("web")).await;
        self.address = address;
        self.store = store;
        self.server = server;
        self
    }
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
