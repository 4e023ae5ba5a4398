//! Building and running the server, shared by `main` and the tests.

use std::sync::Arc;

use anyhow::Context;
use axum::serve::ListenerExt;
use tokio::net::TcpListener;

use crate::app::app;
use crate::catalogue::CatalogueCache;
use crate::clock::{Clock, SystemClock};
use crate::email::render::OfferedWallets;
use crate::email::{Mailer, run_outbox_worker};
use crate::event::Event;
use crate::messages;
use crate::middleware::RateLimiter;
use crate::orders;
use crate::passes::{AppleWallet, GoogleWallet, PassImages, Wallets};
use crate::payments::{PaymentGateway, SandboxGateway, StripeGateway};
use crate::privacy;
use crate::programme::import;
use crate::programme_site::ProgrammeSite;
use crate::questions;
use crate::seats;
use crate::settings::{Settings, WalletSettings};
use crate::state::AppState;
use crate::store::{Store, describe_database};
use crate::tickets;
use crate::web::artwork;

/// How long a stopping server waits for the email worker to finish the batch it is
/// sending; under the 30 s most process managers allow between SIGTERM and SIGKILL.
const MAIL_DRAIN_LIMIT: std::time::Duration = std::time::Duration::from_secs(20);

pub struct Application {
    listener: TcpListener,
    state: AppState,
    mailer: Arc<Mailer>,
    /// How often this instance sends due email; `None` when another instance does.
    mail_poll_every: Option<std::time::Duration>,
}

impl Application {
    /// Opens the database, applies pending migrations and binds the port.
    pub async fn build(settings: Settings, event: Event) -> anyhow::Result<Self> {
        Self::build_with_clock(settings, event, Arc::new(SystemClock)).await
    }

    /// As `build`, with the event's rules read against `clock` (tests set the date).
    pub async fn build_with_clock(settings: Settings, event: Event, clock: Arc<dyn Clock>) -> anyhow::Result<Self> {
        // `Settings` refuses a live site without these; the sandbox and mail files must never serve one.
        anyhow::ensure!(
            !settings.live || (settings.stripe.is_some() && settings.mail.smtp_url.is_some()),
            "a live site needs the Stripe gateway and SMTP"
        );
        let event = Arc::new(event);
        let store = Store::connect(&settings.database_url)
            .await
            .with_context(|| format!("cannot connect to {}", describe_database(&settings.database_url)))?
            .with_invoices_of(event.clone());
        if event.seller.is_none() {
            tracing::warn!("the event file has no [seller]: paid orders get no invoices");
        }
        store.migrate().await.context("cannot apply the database migrations")?;
        store
            .sync_stock(&orders::stock_limits(&event))
            .await
            .context("cannot record the event file's stock limits")?;
        let issued = store
            .issue_missing_tickets()
            .await
            .context("cannot issue the tickets of earlier orders")?;
        if issued > 0 {
            tracing::info!(
                orders = issued,
                "issued tickets per attendee for orders paid before they existed"
            );
        }
        let digested = store
            .digest_plain_manage_tokens()
            .await
            .context("cannot digest the manage links of earlier orders")?;
        if digested > 0 {
            tracing::info!(
                orders = digested,
                "manage links of earlier orders are now kept as digests"
            );
        }
        let (gateway, sandbox): (Arc<dyn PaymentGateway>, _) = match &settings.stripe {
            Some(stripe) => (
                Arc::new(StripeGateway::new(stripe).context("cannot set up the Stripe client")?),
                None,
            ),
            None => {
                let sandbox = SandboxGateway::new(store.clone());
                (Arc::new(sandbox.clone()), Some(sandbox))
            }
        };
        let catalogue = CatalogueCache::new(
            event.clone(),
            &settings.public_url,
            &settings.payments(),
            store.clone(),
            clock.clone(),
        )
        .context("cannot format the event's dates")?;
        let wallets = load_wallets(&settings.wallets, clock.now())?;
        let mailer = Mailer::new(
            store.clone(),
            event.clone(),
            &settings.mail,
            &settings.data_dir,
            &settings.public_url,
        )
        .context("cannot set up email")?
        .with_wallets(OfferedWallets {
            apple: wallets.apple.is_some(),
            google: wallets.google.is_some(),
        });
        let mail_poll_every = settings
            .mail
            .worker
            .then(|| std::time::Duration::from_secs(u64::from(settings.mail.poll_seconds)));
        let listener = TcpListener::bind((settings.bind, settings.port))
            .await
            .with_context(|| format!("cannot listen on {}:{}", settings.bind, settings.port))?;
        Ok(Self {
            listener,
            mailer: Arc::new(mailer),
            mail_poll_every,
            state: AppState {
                programme: Arc::new(ProgrammeSite::new(event.clone(), &settings.public_url)),
                event,
                catalogue: Arc::new(catalogue),
                settings: Arc::new(settings),
                store,
                gateway,
                sandbox,
                rate_limiter: Arc::new(RateLimiter::default()),
                sign_in_guard: Arc::default(),
                metrics: Arc::default(),
                clock,
                wallets: Arc::new(wallets),
            },
        })
    }

    pub fn port(&self) -> u16 {
        self.listener
            .local_addr()
            .map(|address| address.port())
            .unwrap_or_default()
    }

    pub fn store(&self) -> &Store {
        &self.state.store
    }

    pub fn gateway(&self) -> Arc<dyn PaymentGateway> {
        self.state.gateway.clone()
    }

    pub fn mailer(&self) -> Arc<Mailer> {
        self.mailer.clone()
    }

    /// Serves until Ctrl-C or SIGTERM, then lets requests in flight finish.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let store = self.state.store.clone();
        let sweeper = tokio::spawn(orders::run_expiry_sweeper(
            store.clone(),
            self.state.gateway.clone(),
            orders::EXPIRY_SWEEP_EVERY,
        ));
        let reminders = tokio::spawn(seats::run_seat_reminders(
            store.clone(),
            self.state.event.clone(),
            seats::REMINDERS_EVERY,
        ));
        let scheduled_messages = tokio::spawn(messages::run_scheduled_messages(
            store.clone(),
            self.state.clock.clone(),
            messages::SCHEDULE_EVERY,
        ));
        let retention = tokio::spawn(privacy::run_retention(
            store.clone(),
            self.state.event.clone(),
            self.state.clock.clone(),
            privacy::RETENTION_CHECK_EVERY,
        ));
        let answer_reminders = tokio::spawn(questions::run_answer_reminders(
            store.clone(),
            self.state.event.clone(),
            self.state.clock.clone(),
            questions::ANSWER_REMINDERS_EVERY,
        ));
        let day_before = tokio::spawn(tickets::run_day_before_emails(
            store.clone(),
            self.state.event.clone(),
            self.state.clock.clone(),
            tickets::DAY_BEFORE_EVERY,
        ));
        let (stop_mail, mail_stopping) = tokio::sync::watch::channel(false);
        let mail_worker = self
            .mail_poll_every
            .map(|every| tokio::spawn(run_outbox_worker(self.mailer.clone(), every, mail_stopping)));
        // Without TCP_NODELAY a small answer can wait on the client's delayed ACK (Nagle's
        // algorithm): a quarter of the throughput of small cached answers was lost to it.
        let served = axum::serve(
            self.listener.tap_io(|tcp| {
                if let Err(error) = tcp.set_nodelay(true) {
                    tracing::debug!(%error, "cannot set TCP_NODELAY");
                }
            }),
            app(self.state).into_make_service_with_connect_info::<std::net::SocketAddr>(),
        )
        .with_graceful_shutdown(shutdown_signal())
        .await;
        sweeper.abort();
        reminders.abort();
        scheduled_messages.abort();
        retention.abort();
        answer_reminders.abort();
        day_before.abort();
        if let Some(mut worker) = mail_worker {
            let _ = stop_mail.send(true);
            if tokio::time::timeout(MAIL_DRAIN_LIMIT, &mut worker).await.is_err() {
                tracing::warn!("the email worker did not finish its batch in time; its emails go out again later");
                worker.abort();
            }
        }
        served?;
        store.close().await;
        Ok(())
    }
}

/// The wallets the settings turn on, their files read and checked: a file that is missing, unreadable or for
/// another pass type stops the start-up, naming its setting.
fn load_wallets(settings: &WalletSettings, now: time::OffsetDateTime) -> anyhow::Result<Wallets> {
    for problem in &settings.incomplete {
        tracing::warn!("{problem}; it is off");
    }
    let apple = match &settings.apple {
        Some(files) => {
            // The favicon's design, as the pass's icon and logo.
            let images = PassImages::SIZES
                .iter()
                .map(|(name, size)| Ok((*name, artwork::icon(*size)?)))
                .collect::<Result<Vec<_>, artwork::ArtworkError>>()
                .context("cannot draw the wallet pass's icon")?;
            Some(AppleWallet::load(files, PassImages(images), now).context("Apple Wallet cannot start")?)
        }
        None => None,
    };
    let google = match &settings.google {
        Some(files) => Some(GoogleWallet::load(files).context("Google Wallet cannot start")?),
        None => None,
    };
    tracing::info!(wallets = settings.describe(), "wallet passes");
    Ok(Wallets { apple, google })
}

async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}

/// Feeds the event file's sample programme to a site that has no programme yet, so that a new site shows its programme
/// pages; the organizer's first import replaces it. A sample that cannot be read or parsed stops the start-up, naming
/// the file, as an invalid event file does.
pub async fn feed_sample_programme(store: &Store, event: &Event) -> anyhow::Result<()> {
    let Some(path) = &event.programme_sample else {
        return Ok(());
    };
    if store.programme_version().await?.is_some() {
        return Ok(());
    }
    let file = std::fs::read(path).with_context(|| format!("cannot read the sample programme {}", path.display()))?;
    let imported = import::parse(&file, event.starts_at.offset())
        .with_context(|| format!("the sample programme {} is invalid", path.display()))?;
    let applied = store
        .apply_programme(&imported.programme, imported.format.as_str(), "sample programme")
        .await?;
    if let Some(version) = applied.version {
        tracing::info!(file = %path.display(), version, "sample programme fed to a site that had none");
    }
    Ok(())
}
