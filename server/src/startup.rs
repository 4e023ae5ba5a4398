//! Building and running the server, shared by `main` and the tests.

use std::sync::Arc;

use anyhow::Context;
use tokio::net::TcpListener;

use crate::app::{AppState, app};
use crate::email::{Mailer, run_outbox_worker};
use crate::event::Event;
use crate::orders;
use crate::payments::{PaymentGateway, SandboxGateway, StripeGateway};
use crate::settings::Settings;
use crate::store::{Store, describe_database};

/// How often unpaid reservations are looked for and released.
const EXPIRY_SWEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

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
        let store = Store::connect(&settings.database_url)
            .await
            .with_context(|| format!("cannot connect to {}", describe_database(&settings.database_url)))?;
        store.migrate().await.context("cannot apply the database migrations")?;
        store
            .sync_stock(&orders::stock_limits(&event))
            .await
            .context("cannot record the event file's stock limits")?;
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
        let event = Arc::new(event);
        let mailer = Mailer::new(
            store.clone(),
            event.clone(),
            &settings.mail,
            &settings.data_dir,
            &settings.public_url,
        )
        .context("cannot set up email")?;
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
                event,
                settings: Arc::new(settings),
                store,
                gateway,
                sandbox,
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

    pub fn mailer(&self) -> Arc<Mailer> {
        self.mailer.clone()
    }

    /// Serves until Ctrl-C or SIGTERM, then lets requests in flight finish.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let store = self.state.store.clone();
        let sweeper = tokio::spawn(orders::run_expiry_sweeper(store.clone(), EXPIRY_SWEEP_EVERY));
        let mail_worker = self
            .mail_poll_every
            .map(|every| tokio::spawn(run_outbox_worker(self.mailer.clone(), every)));
        let served = axum::serve(self.listener, app(self.state))
            .with_graceful_shutdown(shutdown_signal())
            .await;
        sweeper.abort();
        if let Some(worker) = mail_worker {
            worker.abort();
        }
        served?;
        store.close().await;
        Ok(())
    }
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
