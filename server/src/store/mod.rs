//! The data layer. One set of runtime queries (`$1` placeholders, which SQLite
//! accepts too) serves SQLite and PostgreSQL through sqlx's `Any` driver; the
//! schemas live in `migrations/sqlite` and `migrations/postgres`, and the API
//! test suite runs against both.

mod admin;
mod answers;
mod backup;
mod badges;
mod certificates;
mod codes;
mod connections;
mod day_before;
mod door;
mod door_devices;
mod door_scans;
mod draws;
mod idempotency;
mod invoices;
mod manage_link;
mod messages;
mod orders;
mod outbox;
mod pickups;
mod presales;
mod privacy;
mod programme;
mod receipts;
mod refunds;
mod reports;
mod reserve_error;
mod sandbox;
mod seats;
mod seats_desk;
mod speaker_photos;
mod sponsors;
mod staff;
mod tickets;
mod waiting_list;
mod waiting_list_desk;
mod waiting_list_offers;
mod waitlist;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use sqlx::Executor;
use sqlx::any::AnyConnectOptions;
use sqlx::migrate::{MigrateError, Migrator};

pub use connections::Backend;
use connections::{Connections, Tx};

pub use admin::{AuditEntry, SignedInWith};
pub use answers::{AnswersSaved, StoredAnswers};
pub use backup::BackupError;
pub use badges::{BadgeFilter, BadgeHolder, COMPANY_QUESTION};
pub use certificates::{Attendance, CertificateRecord};
pub use codes::{CodeChange, CodeKind, CodeRecord, CodeUse, CreateCodesError, NewCode, TagUses};
pub use door::{DuplicateScan, FoundAttendee, ListedTicket};
pub use door_devices::DoorDevice;
pub use door_scans::{OfflineCheckIn, OfflineScan, RecordedScan, ScanDoubt, ScanWindow};
pub use draws::{Draw, DrawError, DrawResult, NewDraw, Winner as DrawWinner};
pub use idempotency::{IDEMPOTENCY_WINDOW_MILLIS, IdempotencyClaim};
pub use invoices::{Correction, InvoiceRecord};
pub use messages::{Cancel as MessageCancel, Dispatch, MessageLetter, MessageRecord, MessageStatus, NewMessage};
pub use orders::{NewPendingOrder, OverdueOrder, PaidTransition};
pub use outbox::{ClaimedEmail, EMAIL_STATUSES, EmailKind, OutboxEmail};
pub use pickups::{Handover, PickLine};
pub use presales::{NewPresale, Presale};
pub use privacy::{ERASED, Erased};
pub use programme::{AppliedProgramme, ApplyProgrammeError, ProgrammeRevision, ProgrammeVersion, VersionedProgramme};
pub use receipts::Receipt;
pub use refunds::{BeginRefundError, NewRefund, RefundRecord, RefundStatus};
pub use reports::{OrderFilter, OrderTotals, Page, Sale, StockLevel};
pub use reserve_error::ReserveError;
pub use sandbox::SandboxConfirmation;
pub use seats::{Closed, HeldSeat, QueuedPlace, Reserved, SeatCount, SeatError, SeatSession};
pub use seats_desk::{DeskSession, MovedNotice, QueueEntry, RosterEntry, SessionCheckIn, SignupChange};
pub use speaker_photos::{PhotoChange, WantedPhoto};
pub use sponsors::{
    ApprovedProfile, LogoInfo, PassCounts, ProfileState, ProfileText, Review, ReviewOutcome, SponsorProfile, WallEntry,
};
pub use staff::{
    AcceptInvitationError, SessionHolder, StaffAccount, StaffChange, StaffError, StaffMember, StaffStatus,
};
pub use tickets::{
    CheckIn, Naming, NewHolder, RetiredCode, SPONSOR_PASS_TYPE, TicketKey, TicketManager, TicketRecord, TicketStatus,
    attendee_email_is_current,
};
pub use waiting_list::{Declined, Entry as WaitingListEntry, EntryState, JoinError, NewEntry, OFFER_TAG, QueuedCap};
pub use waiting_list_desk::{DeskError, Queue as WaitingListQueue};
pub use waitlist::{StoredRegistration, Updates};

/// Column names under a prefix, for a row that joins tables whose columns share names (`t_id`, `i_id`); the
/// empty prefix names them as they are.
struct Prefixed(&'static str);

impl Prefixed {
    fn of(&self, column: &'static str) -> std::borrow::Cow<'static, str> {
        match self.0 {
            "" => column.into(),
            prefix => format!("{prefix}{column}").into(),
        }
    }

    /// A `COLUMNS` list of `table`'s, selected under this prefix: `t.id AS t_id, t.order_id AS t_order_id, …`.
    fn select(&self, table: &str, columns: &str) -> String {
        columns
            .split(',')
            .map(str::trim)
            .map(|column| format!("{table}.{column} AS {}{column}", self.0))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// `$first, $first+1, …`: one placeholder per value of an `IN` list.
fn placeholders(first: usize, count: usize) -> String {
    (first..first + count)
        .map(|index| format!("${index}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// How long a call waits for a free connection before it is answered 503.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/postgres");

#[derive(Debug, Clone)]
pub struct Store {
    connections: Connections,
    backend: Backend,
    /// Counts this process's changes to the stock and the sponsor wall, so caches of the
    /// catalogue know to look again.
    stock_version: Arc<AtomicU64>,
    /// Counts this process's changes to the programme and its speakers' photos, so the published programme knows to
    /// look again at once (other instances' changes are seen within its freshness).
    programme_generation: Arc<AtomicU64>,
    /// Takes turns between this process's workshop-seat changes on SQLite: its one writer would otherwise make them
    /// wait for its lock in the busy handler's growing sleeps, the long tail of a burst of reservations.
    seat_turns: Arc<tokio::sync::Mutex<()>>,
    /// The event, whose seller issues invoices as orders are paid, refunded and corrected.
    event: Option<Arc<crate::event::Event>>,
}

#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    #[error("cannot create the database folder {path}: {source}")]
    DataDir { path: String, source: std::io::Error },
    #[error("cannot open the database: {0}")]
    Open(#[from] sqlx::Error),
}

impl Store {
    pub async fn connect(url: &str) -> Result<Self, ConnectError> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else {
            Backend::Postgres
        };
        if backend == Backend::Sqlite {
            create_sqlite_folder(url)?;
        }
        let options: AnyConnectOptions = url.parse()?;
        let connections = Connections::new(
            options,
            backend,
            if backend == Backend::Sqlite { 8 } else { 16 },
            ACQUIRE_TIMEOUT,
        );
        // A database that cannot be reached is reported at start-up, not at the first request.
        connections.acquire().await?.done();
        Ok(Self {
            connections,
            backend,
            stock_version: Arc::default(),
            programme_generation: Arc::default(),
            seat_turns: Arc::default(),
            event: None,
        })
    }

    /// The store, issuing `event`'s seller's invoices (none when the event file names no seller).
    pub fn with_invoices_of(mut self, event: Arc<crate::event::Event>) -> Self {
        self.event = Some(event);
        self
    }

    pub async fn migrate(&self) -> Result<(), MigrateError> {
        let mut connection = self.connections.acquire().await?;
        let migrated = match self.backend {
            Backend::Sqlite => SQLITE_MIGRATIONS.run(&mut *connection).await,
            Backend::Postgres => POSTGRES_MIGRATIONS.run(&mut *connection).await,
        };
        connection.answered(migrated)
    }

    /// Whether the database answers a trivial query.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        (&self.connections).execute("SELECT 1").await.map(drop)
    }

    /// Changes whenever this process has changed the stock (other instances' changes aside).
    pub fn stock_version(&self) -> u64 {
        self.stock_version.load(Ordering::Acquire)
    }

    fn stock_changed(&self) {
        self.stock_version.fetch_add(1, Ordering::AcqRel);
    }

    /// Changes whenever this process has changed the programme or a speaker's photo.
    pub fn programme_generation(&self) -> u64 {
        self.programme_generation.load(Ordering::Acquire)
    }

    fn programme_changed(&self) {
        self.programme_generation.fetch_add(1, Ordering::AcqRel);
    }

    /// This process's turn to change workshop seats on SQLite; PostgreSQL's row locks need none.
    async fn seat_turn(&self) -> Option<tokio::sync::MutexGuard<'_, ()>> {
        match self.backend {
            Backend::Sqlite => Some(self.seat_turns.lock().await),
            Backend::Postgres => None,
        }
    }

    /// A transaction that changes data. On SQLite it takes the write lock as it begins: a deferred transaction that
    /// read first, while another connection wrote, could not write at all (SQLite answers busy at once, with no
    /// wait, since the transaction's snapshot is stale), and a request that only had to wait its turn failed.
    async fn begin_write(&self) -> Result<Tx, sqlx::Error> {
        match self.backend {
            Backend::Sqlite => self.connections.begin("BEGIN IMMEDIATE").await,
            Backend::Postgres => self.connections.begin("BEGIN").await,
        }
    }

    /// A transaction that only reads, and sees one state of the database throughout: on SQLite a deferred one, which
    /// takes no lock a writer would wait for; on PostgreSQL at repeatable read, as its default gives each statement a
    /// snapshot of its own.
    async fn begin_read(&self) -> Result<Tx, sqlx::Error> {
        match self.backend {
            Backend::Sqlite => self.connections.begin("BEGIN").await,
            Backend::Postgres => {
                self.connections
                    .begin("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                    .await
            }
        }
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    pub async fn close(&self) {
        self.connections.close().await;
    }
}

/// SQLite creates the file but not its folder.
fn create_sqlite_folder(url: &str) -> Result<(), ConnectError> {
    let path = url
        .trim_start_matches("sqlite:")
        .trim_start_matches("//")
        .split('?')
        .next()
        .unwrap_or_default();
    if path.is_empty() || path == ":memory:" {
        return Ok(());
    }
    match std::path::Path::new(path).parent() {
        Some(folder) if !folder.as_os_str().is_empty() => {
            std::fs::create_dir_all(folder).map_err(|source| ConnectError::DataDir {
                path: folder.display().to_string(),
                source,
            })
        }
        _ => Ok(()),
    }
}

/// Names the database for logs without its password.
pub fn describe_database(url: &str) -> String {
    if let Some(path) = url.strip_prefix("sqlite:") {
        let path = path.trim_start_matches("//").split('?').next().unwrap_or_default();
        return format!("SQLite at {path}");
    }
    let location = url
        .rsplit_once('@')
        .map_or_else(|| url.split_once("://").map_or(url, |(_, rest)| rest), |(_, host)| host);
    format!("PostgreSQL at {}", location.split('?').next().unwrap_or_default())
}

/// Milliseconds since the Unix epoch: how every stored time is written.
pub fn now_millis() -> i64 {
    let elapsed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    i64::try_from(elapsed.as_millis()).unwrap_or(i64::MAX)
}

/// The database cannot answer right now, but nothing is broken: every connection is in
/// use past the pool's wait, SQLite's single writer stayed locked past the busy timeout,
/// PostgreSQL refused a connection or aborted a transaction that may simply be tried
/// again, or the connection was lost (the server restarting, a network cut, an
/// administrator ending it). Nothing the call asked for was committed; the caller is told
/// to retry (503 with `Retry-After`).
pub fn is_transient(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Io(_) | sqlx::Error::Tls(_) => true,
        sqlx::Error::Database(database) => {
            let code = database.code();
            let code = code.as_deref().unwrap_or_default();
            if database.try_downcast_ref::<sqlx::sqlite::SqliteError>().is_some() {
                // SQLITE_BUSY and SQLITE_LOCKED, with any extended code.
                code.parse::<i32>().is_ok_and(|code| matches!(code & 0xff, 5 | 6))
            } else if database.try_downcast_ref::<sqlx::postgres::PgDatabaseError>().is_some() {
                is_transient_postgres_code(code)
            } else {
                false
            }
        }
        _ => false,
    }
}

/// PostgreSQL's codes for a connection it cannot keep or take: connection exceptions
/// (class 08), too_many_connections, admin_shutdown, crash_shutdown, cannot_connect_now,
/// and the transaction conflicts worth retrying (serialization_failure, deadlock_detected).
fn is_transient_postgres_code(code: &str) -> bool {
    code.starts_with("08") || matches!(code, "53300" | "57P01" | "57P02" | "57P03" | "40001" | "40P01")
}

#[cfg(test)]
mod tests {
    use sqlx::{AnyConnection, Connection, Executor};

    use super::{Store, describe_database, is_transient, is_transient_postgres_code};

    #[tokio::test]
    async fn a_write_transaction_on_sqlite_holds_the_write_lock_from_its_first_statement() {
        let folder = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}?mode=rwc", folder.path().join("turns.db").display());
        let store = Store::connect(&url).await.unwrap();
        (&store.connections)
            .execute("CREATE TABLE t (x INTEGER)")
            .await
            .unwrap();
        let mut other = AnyConnection::connect(&url).await.unwrap();
        other.execute("PRAGMA busy_timeout = 0").await.unwrap();

        let mut reading_first = store.begin_write().await.unwrap();
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM t")
            .fetch_one(&mut *reading_first)
            .await
            .unwrap();
        // Had the other connection written now, the transaction's snapshot would be stale and its write refused.
        let refused = other.execute("INSERT INTO t VALUES (1)").await;
        sqlx::query("INSERT INTO t VALUES ($1)")
            .bind(count + 10)
            .execute(&mut *reading_first)
            .await
            .unwrap();
        reading_first.commit().await.unwrap();

        assert!(refused.is_err(), "another writer got in while the transaction was open");
        other.execute("INSERT INTO t VALUES (2)").await.unwrap();
        let rows: Vec<i64> = sqlx::query_scalar("SELECT x FROM t ORDER BY x")
            .fetch_all(&store.connections)
            .await
            .unwrap();
        assert_eq!(rows, [2, 10]);
    }

    #[test]
    fn a_lost_or_refused_connection_is_transient_and_a_broken_query_is_not() {
        assert!(is_transient(&sqlx::Error::PoolTimedOut));
        assert!(is_transient(&sqlx::Error::Io(std::io::Error::from(
            std::io::ErrorKind::ConnectionReset
        ))));
        assert!(!is_transient(&sqlx::Error::RowNotFound));
        for code in ["57P01", "57P02", "57P03", "08006", "08001", "53300", "40001"] {
            assert!(is_transient_postgres_code(code), "{code}");
        }
        for code in ["23505", "42P01", "22P02"] {
            assert!(!is_transient_postgres_code(code), "{code}");
        }
    }

    #[test]
    fn database_descriptions_never_show_passwords() {
        assert_eq!(
            describe_database("sqlite://./data/conference.db?mode=rwc"),
            "SQLite at ./data/conference.db"
        );
        assert_eq!(
            describe_database("postgres://app:s3cret@db.internal:5432/conference?sslmode=require"),
            "PostgreSQL at db.internal:5432/conference"
        );
        assert_eq!(
            describe_database("postgres://localhost/test"),
            "PostgreSQL at localhost/test"
        );
    }
}
