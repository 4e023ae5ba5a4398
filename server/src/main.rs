//! `conference serve` (the default) runs the site; `conference migrate` applies
//! migrations; `conference orders` and `conference outbox` print every order or
//! email as a line of JSON; `conference catalogue` prints what pages are prerendered from;
//! `conference backup PATH` copies a live SQLite database; `conference programme import FILE`
//! reports, and with `--apply` applies, a programme exported from pretalx or Sessionize.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

use conference::catalogue::PrerenderInput;
use conference::domain::{EmailAddress, PersonName};
use conference::event::Event;
use conference::programme::import;
use conference::settings::Settings;
use conference::speaker_photos::{FetchPolicy, fetch_missing};
use conference::startup::{Application, feed_sample_programme};
use conference::store::{BackupError, Store, describe_database};
use tracing_subscriber::EnvFilter;

// Every answer allocates and frees a handful of small buffers; mimalloc does that faster than
// glibc's allocator: about a tenth more requests per second (bench/site-speed.mjs).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const USAGE: &str =
    "usage: conference [serve | migrate | orders | outbox | catalogue | backup PATH | admin hash-password |
                   admin create-owner --email EMAIL | programme import FILE [--apply]]

  serve     run the website (the default)
  migrate   apply database migrations and exit
  orders    print every order, newest first, one JSON object per line
  outbox    print every email (queued, sent or failed), newest first, one JSON object per line
  backup PATH
            write a consistent copy of the SQLite database to the new file PATH, while
            the site runs (PostgreSQL: use pg_dump, see README.md)
  catalogue print the catalogue the public pages are prerendered from, and its digest
            (the front-end build runs it; see web/scripts/prerender.mjs)
  admin hash-password
            read the back office password from standard input and print the
            ADMIN_PASSWORD_HASH for it
  admin create-owner --email EMAIL [--name NAME]
            create an owner's account in the back office; the password (at least
            12 characters) is read from standard input
  programme import FILE [--apply]
            read FILE (pretalx's schedule.json, frab XML or Sessionize JSON) and print,
            as JSON, what importing it would change; --apply applies it as a new
            version. Exit status 0: applied or nothing to do; 1: refused (why, on stderr)

Settings come from the environment: PORT, BIND, DATA_DIR, DATABASE_URL,
CONFERENCE_FILE, WEB_DIR, PUBLIC_URL, STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY,
STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE, STRIPE_ALLOW_TEST_KEYS, RESERVATION_MINUTES,
SMTP_URL, MAIL_FROM, MAIL_MAX_ATTEMPTS, MAIL_RETRY_BASE_SECONDS, MAIL_POLL_SECONDS,
MAIL_WORKER, TRUSTED_PROXIES, RATE_LIMITS, ADMIN_PASSWORD_HASH, ADMIN_TOKEN, RUST_LOG,
LOG_FORMAT.
See README.md.

A PUBLIC_URL starting with https:// makes a live site: it needs Stripe's three keys
and SMTP_URL, and never uses the offline sandbox or mail files.";

fn main() -> ExitCode {
    let command = std::env::args().nth(1);
    match command.as_deref() {
        None | Some("serve" | "migrate" | "orders" | "outbox" | "backup" | "programme") => {}
        Some("admin") if std::env::args().nth(2).as_deref() == Some("create-owner") => {}
        Some("admin") => return admin(std::env::args().nth(2).as_deref()),
        Some("catalogue") => return catalogue(),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some(other) => {
            eprintln!("error: unknown command {other:?}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    if let Err(error) = init_logging() {
        eprintln!("error: {error}");
        return ExitCode::from(2);
    }

    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("error: cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async {
        let settings = Settings::from_env()?;
        match command.as_deref() {
            Some("migrate") => migrate(&settings).await,
            Some(listing @ ("orders" | "outbox")) => print_listing(&settings, listing).await,
            Some("backup") => backup(&settings, std::env::args_os().nth(2)).await,
            Some("programme") => import_programme(&settings, std::env::args_os().skip(2).collect()).await,
            Some("admin") => create_owner(&settings, std::env::args().skip(3).collect()).await,
            _ => serve(settings).await,
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Logs go to standard error, as text or, with `LOG_FORMAT=json`, one JSON object per line
/// carrying the fields of its spans (a call's request id, method and route).
fn init_logging() -> Result<(), String> {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn"));
    let logs = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(filter);
    match std::env::var("LOG_FORMAT").as_deref() {
        Err(_) | Ok("text") => logs.init(),
        Ok("json") => logs
            .json()
            .flatten_event(true)
            .with_current_span(false)
            .with_span_list(true)
            .init(),
        Ok(other) => return Err(format!("LOG_FORMAT must be text or json, not {other:?}")),
    }
    Ok(())
}

/// `conference admin hash-password`: the password comes from standard input, so it
/// never appears in the shell's history or the process list.
fn admin(subcommand: Option<&str>) -> ExitCode {
    if subcommand != Some("hash-password") {
        eprintln!("error: unknown admin command {subcommand:?}\n\n{USAGE}");
        return ExitCode::from(2);
    }
    let password = match read_password() {
        Ok(password) => password,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    match conference::admin::password::hash_password(&password) {
        Ok(hash) => {
            println!("{hash}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: cannot hash the password: {error}");
            ExitCode::FAILURE
        }
    }
}

/// `conference catalogue`: the event file's catalogue as prerendered pages carry it, with the
/// prices and sales of this moment.
fn catalogue() -> ExitCode {
    let result = Settings::from_env().map_err(anyhow::Error::from).and_then(|settings| {
        let event = Event::load(&settings.conference_file)?;
        Ok(serde_json::to_string(&PrerenderInput::new(
            &event,
            &settings.payments(),
            time::OffsetDateTime::now_utc(),
        )?)?)
    });
    match result {
        Ok(json) => {
            println!("{json}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// A password guessed at five tries a minute per address (the sign-in limit) must hold for years.
const MIN_PASSWORD_CHARS: usize = 12;

async fn serve(settings: Settings) -> anyhow::Result<()> {
    let event = Event::load(&settings.conference_file)?;
    tracing::info!(event = %event.name, file = %settings.conference_file.display(), "event loaded");
    tracing::info!(database = %describe_database(&settings.database_url), "storage");
    if settings.live {
        tracing::info!("live site: real payments through Stripe, email through SMTP");
    }
    match (&settings.admin.password_hash, &settings.admin.token) {
        (None, None) => tracing::info!("back office: closed (set ADMIN_PASSWORD_HASH or ADMIN_TOKEN to open /admin)"),
        (password, token) => tracing::info!(
            password = password.is_some(),
            token = token.is_some(),
            "back office: open at /admin"
        ),
    }
    if !settings.rate_limits {
        tracing::warn!("RATE_LIMITS=off: no per-client limits or caps on open checkouts; for load tests only");
    }
    match &settings.stripe {
        Some(stripe) if stripe.publishable_key.is_none() => tracing::warn!(
            "payment gateway: stripe, but STRIPE_PUBLISHABLE_KEY is not set: checkout pages will show that Stripe is not configured"
        ),
        Some(_) => tracing::info!("payment gateway: stripe"),
        None => tracing::info!("payment gateway: sandbox (offline test payments; set STRIPE_SECRET_KEY for Stripe)"),
    }
    let store = Store::connect(&settings.database_url).await?;
    store.migrate().await.context("cannot apply the database migrations")?;
    feed_sample_programme(&store, &event).await?;
    store.close().await;
    let public_url = settings.public_url.clone();
    let mail_worker = settings.mail.worker;
    let application = Application::build(settings, event).await?;
    if mail_worker {
        tracing::info!(transport = %application.mailer().describe_transport(), "email");
    } else {
        tracing::info!("email: this instance sends none (MAIL_WORKER=false)");
    }
    tracing::info!(port = application.port(), %public_url, "listening");
    application.run_until_stopped().await?;
    Ok(())
}

async fn migrate(settings: &Settings) -> anyhow::Result<()> {
    let store = Store::connect(&settings.database_url).await?;
    store.migrate().await?;
    tracing::info!(database = %describe_database(&settings.database_url), "migrations applied");
    store.close().await;
    Ok(())
}

/// `conference admin create-owner --email EMAIL [--name NAME]`: an owner's account, its
/// password read from standard input.
async fn create_owner(settings: &Settings, arguments: Vec<String>) -> anyhow::Result<()> {
    let mut email = None;
    let mut name = None;
    let mut arguments = arguments.into_iter();
    while let Some(argument) = arguments.next() {
        match argument.as_str() {
            "--email" => email = arguments.next(),
            "--name" => name = arguments.next(),
            other => anyhow::bail!("unknown argument {other:?}: admin create-owner --email EMAIL [--name NAME]"),
        }
    }
    let email = email
        .as_deref()
        .and_then(EmailAddress::parse)
        .ok_or_else(|| anyhow::anyhow!("admin create-owner needs --email with a valid email address"))?;
    let name = PersonName::parse(
        name.as_deref()
            .unwrap_or_else(|| email.as_str().split('@').next().unwrap_or_default()),
    )
    .map_err(|_| anyhow::anyhow!("--name must be 3 to 100 characters, without a web address"))?;
    let password = read_password()?;
    let hash = conference::admin::password::hash_password(&password)
        .map_err(|error| anyhow::anyhow!("cannot hash the password: {error}"))?;
    let store = Store::connect(&settings.database_url).await?;
    store.migrate().await?;
    let owner = store
        .create_owner(email.as_str(), name.as_str(), &hash, "command line")
        .await
        .map_err(anyhow::Error::from);
    store.close().await;
    let owner = owner?;
    println!(
        "{} is an owner of the back office: sign in with {} and that password",
        owner.name, owner.email
    );
    Ok(())
}

/// A password from the first line of standard input, so it never appears in the shell's
/// history or the process list.
fn read_password() -> anyhow::Result<String> {
    let mut password = String::new();
    std::io::stdin()
        .read_line(&mut password)
        .map_err(|error| anyhow::anyhow!("cannot read the password from standard input: {error}"))?;
    let password = password.trim_end_matches(['\n', '\r']).to_owned();
    if password.chars().count() < MIN_PASSWORD_CHARS {
        anyhow::bail!("the password must be at least {MIN_PASSWORD_CHARS} characters");
    }
    Ok(password)
}

/// Copies the database to a new file while the site keeps running.
async fn backup(settings: &Settings, path: Option<std::ffi::OsString>) -> anyhow::Result<()> {
    let path = std::path::PathBuf::from(
        path.ok_or_else(|| anyhow::anyhow!("backup needs a file to write: conference backup PATH"))?,
    );
    if !settings.database_url.starts_with("sqlite:") {
        return Err(BackupError::Postgres.into());
    }
    let store = Store::connect(&settings.database_url).await?;
    store.backup_to(&path).await?;
    tracing::info!(database = %describe_database(&settings.database_url), backup = %path.display(), "backup written");
    store.close().await;
    Ok(())
}

const PROGRAMME_USAGE: &str = "usage: conference programme import FILE [--apply]";

/// `conference programme import FILE [--apply]`: prints what importing FILE would change, as the back office's import
/// call answers it, and applies it with `--apply`.
async fn import_programme(settings: &Settings, arguments: Vec<OsString>) -> anyhow::Result<()> {
    let mut arguments = arguments.into_iter();
    if arguments.next().is_none_or(|command| command != "import") {
        anyhow::bail!(PROGRAMME_USAGE);
    }
    let (mut file, mut apply) = (None, false);
    for argument in arguments {
        match argument {
            flag if flag == "--apply" => apply = true,
            path if file.is_none() => file = Some(PathBuf::from(path)),
            _ => anyhow::bail!(PROGRAMME_USAGE),
        }
    }
    let path = file.context(PROGRAMME_USAGE)?;
    let event = Event::load(&settings.conference_file)?;
    let bytes = std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
    let venue = event.starts_at.offset();
    let imported = import::parse(&bytes, venue).with_context(|| format!("{} is refused", path.display()))?;
    let store = Store::connect(&settings.database_url).await?;
    store.migrate().await.context("cannot apply the database migrations")?;
    let report = if apply {
        let applied = store
            .apply_programme(&imported.programme, imported.format.as_str(), "command line")
            .await;
        match applied {
            Ok(applied) => fetch_missing(&store, FetchPolicy::of(settings))
                .await
                .map_err(anyhow::Error::from)
                .map(|photos| {
                    let changes = applied.changes.at_offset(venue);
                    serde_json::json!({ "format": imported.format.as_str(), "changes": changes,
                                        "version": applied.version, "photos": photos })
                }),
            Err(error) => Err(error.into()),
        }
    } else {
        store.programme().await.map_err(Into::into).map(|current| {
            let changes = conference::programme::changes(&current, &imported.programme).at_offset(venue);
            serde_json::json!({ "format": imported.format.as_str(), "changes": changes })
        })
    };
    store.close().await;
    println!("{}", report?);
    Ok(())
}

/// Prints every order or every email, one JSON object per line.
async fn print_listing(settings: &Settings, listing: &str) -> anyhow::Result<()> {
    let store = Store::connect(&settings.database_url).await?;
    store.migrate().await?;
    let lines = if listing == "orders" {
        json_lines(store.list_orders().await?)?
    } else {
        json_lines(store.list_outbox().await?)?
    };
    for line in lines {
        println!("{line}");
    }
    store.close().await;
    Ok(())
}

fn json_lines<T: serde::Serialize>(rows: Vec<T>) -> anyhow::Result<Vec<String>> {
    rows.iter().map(|row| Ok(serde_json::to_string(row)?)).collect()
}
