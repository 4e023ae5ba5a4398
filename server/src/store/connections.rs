//! The store's connections to its database, and the transactions it writes in.
//!
//! sqlx's own pool pings every connection it takes back, a round trip to PostgreSQL or a hand-off to SQLite's
//! connection thread, about eleven times a purchase: it cannot tell a connection whose statement finished from one
//! whose future was dropped halfway (a request cut off by its time limit) or whose transaction was dropped unfinished,
//! whose rollback must reach the database before the connection waits idle, holding its locks. This pool knows: a
//! statement that ran to its answer, or a transaction that committed or rolled back, hands its connection straight
//! back; one that failed or was cut off is rolled back if a transaction was open, or else pinged, off the caller's
//! path and before anyone takes it again, and closed if that fails. A connection idle for more than a second is
//! pinged when taken, as the server or a network in between may have cut it.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use futures_util::future::BoxFuture;
use futures_util::stream::{self, BoxStream};
use futures_util::{StreamExt, TryStreamExt};
use sqlx::any::{AnyConnectOptions, AnyQueryResult, AnyRow, AnyStatement, AnyTypeInfo};
use sqlx::{Any, AnyConnection, Connection, Describe, Either, Execute, Executor};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The kind of database the store runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// How long a pooled connection may sit idle before it is checked with a ping when taken.
const IDLE_BEFORE_PING: Duration = Duration::from_secs(1);

/// The store's connections: at most a fixed number open, each used by one statement or transaction at a time.
#[derive(Clone)]
pub(super) struct Connections {
    shared: Arc<Shared>,
}

struct Shared {
    options: AnyConnectOptions,
    backend: Backend,
    /// Connections ready for a statement, the most recently used last (taken first: it is the least likely to have
    /// been cut while idle).
    idle: Mutex<Vec<Idle>>,
    /// One permit per connection the pool may have open; closed when the pool is.
    permits: Arc<Semaphore>,
    acquire_timeout: Duration,
}

struct Idle {
    connection: AnyConnection,
    since: Instant,
}

/// Sets up a new connection for the store's use.
async fn prepare_connection(connection: &mut AnyConnection, backend: Backend) -> Result<(), sqlx::Error> {
    if backend == Backend::Sqlite {
        // WAL lets readers work while a writer commits; the busy timeout makes
        // concurrent writers wait their turn instead of failing.
        connection.execute("PRAGMA journal_mode = WAL").await?;
        connection.execute("PRAGMA foreign_keys = ON").await?;
        connection.execute("PRAGMA busy_timeout = 5000").await?;
        connection.execute("PRAGMA synchronous = NORMAL").await?;
    }
    Ok(())
}

impl std::fmt::Debug for Connections {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Connections")
            .field("backend", &self.shared.backend)
            .field("available", &self.shared.permits.available_permits())
            .finish_non_exhaustive()
    }
}

impl Connections {
    /// A pool of at most `size` connections to `options`' database, opened as statements need them.
    pub(super) fn new(options: AnyConnectOptions, backend: Backend, size: usize, acquire_timeout: Duration) -> Self {
        Self {
            shared: Arc::new(Shared {
                options,
                backend,
                idle: Mutex::new(Vec::with_capacity(size)),
                permits: Arc::new(Semaphore::new(size)),
                acquire_timeout,
            }),
        }
    }

    /// Closes every idle connection; a statement still running closes its own when it ends, and none starts.
    pub(super) async fn close(&self) {
        self.shared.permits.close();
        let idle = std::mem::take(&mut *self.shared.idle.lock().unwrap_or_else(PoisonError::into_inner));
        for Idle { connection, .. } in idle {
            let _ = connection.close().await;
        }
    }

    /// A connection of its own, waiting for one to be free up to the pool's timeout.
    pub(super) async fn acquire(&self) -> Result<Lease, sqlx::Error> {
        let permit = tokio::time::timeout(self.shared.acquire_timeout, self.shared.permits.clone().acquire_owned())
            .await
            .map_err(|_| sqlx::Error::PoolTimedOut)?
            .map_err(|_| sqlx::Error::PoolClosed)?;
        let idle = self.shared.idle.lock().unwrap_or_else(PoisonError::into_inner).pop();
        let connection = match idle {
            Some(idle) if idle.since.elapsed() <= IDLE_BEFORE_PING => idle.connection,
            Some(Idle { mut connection, .. }) => match connection.ping().await {
                Ok(()) => connection,
                Err(_) => self.connect().await?,
            },
            None => self.connect().await?,
        };
        Ok(Lease {
            connection: Some(connection),
            state: State::Unsettled,
            permit: Some(permit),
            shared: self.shared.clone(),
        })
    }

    /// A transaction on a connection of its own, begun with the statement `begin` (`Store::begin_write`'s or
    /// `Store::begin_read`'s).
    pub(super) async fn begin(&self, begin: &'static str) -> Result<Tx, sqlx::Error> {
        let mut lease = self.acquire().await?;
        // Cut off while beginning, the transaction may be open; refused, it is not.
        lease.state = State::InTransaction;
        if let Err(error) = lease.execute(begin).await {
            lease.state = State::Unsettled;
            return Err(error);
        }
        Ok(Tx { lease })
    }

    async fn connect(&self) -> Result<AnyConnection, sqlx::Error> {
        let mut connection = AnyConnection::connect_with(&self.shared.options).await?;
        prepare_connection(&mut connection, self.shared.backend).await?;
        Ok(connection)
    }
}

/// What is known of a lease's connection, which decides how it goes back to the pool.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Its work answered: nothing of it is left on the connection.
    Settled,
    /// A statement failed or was cut off, or nothing was run yet: it is checked first.
    Unsettled,
    /// A transaction may be open on it: it is rolled back first.
    InTransaction,
}

/// A connection taken from the pool. It goes back when dropped: as it is once its work answered, or checked (or
/// rolled back) first otherwise.
pub(super) struct Lease {
    connection: Option<AnyConnection>,
    state: State,
    permit: Option<OwnedSemaphorePermit>,
    shared: Arc<Shared>,
}

impl Lease {
    /// Ends the lease with the result of the work done on it: a success leaves nothing on the connection.
    pub(super) fn answered<T, E>(self, result: Result<T, E>) -> Result<T, E> {
        if result.is_ok() {
            self.done();
        }
        result
    }

    /// Ends the lease with its work answered: the connection goes straight back (unless a transaction is open).
    pub(super) fn done(mut self) {
        if self.state == State::Unsettled {
            self.state = State::Settled;
        }
    }
}

impl std::ops::Deref for Lease {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        self.connection
            .as_ref()
            .expect("a lease holds its connection until it is dropped")
    }
}

impl std::ops::DerefMut for Lease {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        self.connection
            .as_mut()
            .expect("a lease holds its connection until it is dropped")
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        let (Some(mut connection), Some(permit)) = (self.connection.take(), self.permit.take()) else {
            return;
        };
        if self.shared.permits.is_closed() {
            return;
        }
        if self.state == State::Settled {
            give_back(&self.shared, connection);
            return;
        }
        // Dealt with before anyone else uses it, holding its place in the pool until then.
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let (shared, state) = (self.shared.clone(), self.state);
        runtime.spawn(async move {
            let usable = match state {
                State::InTransaction => connection.execute("ROLLBACK").await.is_ok(),
                State::Settled | State::Unsettled => connection.ping().await.is_ok(),
            };
            if usable {
                give_back(&shared, connection);
            }
            drop(permit);
        });
    }
}

fn give_back(shared: &Shared, connection: AnyConnection) {
    shared.idle.lock().unwrap_or_else(PoisonError::into_inner).push(Idle {
        connection,
        since: Instant::now(),
    });
}

/// A transaction on a connection of its own: rolled back unless committed (also when it is dropped halfway, before
/// the connection is used again).
pub(super) struct Tx {
    lease: Lease,
}

impl Tx {
    pub(super) async fn commit(mut self) -> Result<(), sqlx::Error> {
        self.lease.execute("COMMIT").await?;
        self.lease.state = State::Settled;
        Ok(())
    }

    pub(super) async fn rollback(mut self) -> Result<(), sqlx::Error> {
        self.lease.execute("ROLLBACK").await?;
        self.lease.state = State::Settled;
        Ok(())
    }
}

impl std::ops::Deref for Tx {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        &self.lease
    }
}

impl std::ops::DerefMut for Tx {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        &mut self.lease
    }
}

impl<'p> Executor<'p> for &'_ Connections {
    type Database = Any;

    fn execute<'e, 'q: 'e, E>(self, query: E) -> BoxFuture<'e, Result<AnyQueryResult, sqlx::Error>>
    where
        'p: 'e,
        E: 'q + Execute<'q, Any>,
    {
        let pool = self.clone();
        Box::pin(async move {
            let mut lease = pool.acquire().await?;
            let result = lease.execute(query).await;
            lease.answered(result)
        })
    }

    fn fetch_all<'e, 'q: 'e, E>(self, query: E) -> BoxFuture<'e, Result<Vec<AnyRow>, sqlx::Error>>
    where
        'p: 'e,
        E: 'q + Execute<'q, Any>,
    {
        let pool = self.clone();
        Box::pin(async move {
            let mut lease = pool.acquire().await?;
            let result = lease.fetch_all(query).await;
            lease.answered(result)
        })
    }

    fn fetch_optional<'e, 'q: 'e, E>(self, query: E) -> BoxFuture<'e, Result<Option<AnyRow>, sqlx::Error>>
    where
        'p: 'e,
        E: 'q + Execute<'q, Any>,
    {
        let pool = self.clone();
        Box::pin(async move {
            let mut lease = pool.acquire().await?;
            let result = lease.fetch_optional(query).await;
            lease.answered(result)
        })
    }

    /// The statement's results are read whole before the first is handed on, so the connection is back in the
    /// pool however slowly they are consumed (the store reads every result whole anyway, with `fetch_all`).
    fn fetch_many<'e, 'q: 'e, E>(self, query: E) -> BoxStream<'e, Result<Either<AnyQueryResult, AnyRow>, sqlx::Error>>
    where
        'p: 'e,
        E: 'q + Execute<'q, Any>,
    {
        let pool = self.clone();
        stream::once(async move {
            let mut lease = pool.acquire().await?;
            let result: Result<Vec<_>, _> = lease.fetch_many(query).try_collect().await;
            lease
                .answered(result)
                .map(|steps| stream::iter(steps.into_iter().map(Ok)))
        })
        .try_flatten()
        .boxed()
    }

    fn prepare_with<'e, 'q: 'e>(
        self,
        sql: &'q str,
        parameters: &'e [AnyTypeInfo],
    ) -> BoxFuture<'e, Result<AnyStatement<'q>, sqlx::Error>>
    where
        'p: 'e,
    {
        let pool = self.clone();
        Box::pin(async move {
            let mut lease = pool.acquire().await?;
            let result = lease.prepare_with(sql, parameters).await;
            lease.answered(result)
        })
    }

    fn describe<'e, 'q: 'e>(self, sql: &'q str) -> BoxFuture<'e, Result<Describe<Any>, sqlx::Error>>
    where
        'p: 'e,
    {
        let pool = self.clone();
        Box::pin(async move {
            let mut lease = pool.acquire().await?;
            let result = lease.describe(sql).await;
            lease.answered(result)
        })
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use sqlx::Executor;
    use sqlx::any::AnyConnectOptions;

    use super::{Backend, Connections};

    /// A pool of `size` connections to a fresh SQLite file, with the folder that holds it.
    fn sqlite(size: usize, acquire_timeout: Duration) -> (Connections, tempfile::TempDir) {
        sqlx::any::install_default_drivers();
        let folder = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}?mode=rwc", folder.path().join("pool.db").display());
        let options: AnyConnectOptions = url.parse().unwrap();
        (
            Connections::new(options, Backend::Sqlite, size, acquire_timeout),
            folder,
        )
    }

    /// A pool on `TEST_DATABASE_URL`; none outside CI without one (in CI that is a failure).
    fn postgres(size: usize, acquire_timeout: Duration) -> Option<Connections> {
        sqlx::any::install_default_drivers();
        let Ok(url) = std::env::var("TEST_DATABASE_URL") else {
            assert!(
                !std::env::var("CI").is_ok_and(|value| value == "true"),
                "TEST_DATABASE_URL must be set in CI: the PostgreSQL tests may not be skipped"
            );
            eprintln!("SKIPPED: set TEST_DATABASE_URL=postgres://… to run this test against PostgreSQL");
            return None;
        };
        let options: AnyConnectOptions = url.parse().unwrap();
        Some(Connections::new(options, Backend::Postgres, size, acquire_timeout))
    }

    async fn number(pool: &Connections, sql: &str) -> i64 {
        sqlx::query_scalar(sql).fetch_one(pool).await.unwrap()
    }

    fn idle(pool: &Connections) -> usize {
        pool.shared.idle.lock().unwrap().len()
    }

    /// A statement that keeps its connection busy for about a second.
    fn slow_statement(backend: Backend) -> &'static str {
        match backend {
            Backend::Postgres => "SELECT 1 FROM pg_sleep(1)",
            Backend::Sqlite => {
                "WITH RECURSIVE counted(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM counted WHERE n < 3000000) \
                 SELECT COUNT(*) FROM counted"
            }
        }
    }

    async fn answered_statements_give_their_connection_straight_back(pool: Connections, _: Backend) {
        for round in 1..=5 {
            assert_eq!(number(&pool, &format!("SELECT {round}")).await, round);
            assert_eq!(
                idle(&pool),
                1,
                "one connection, back in the pool as soon as it answered"
            );
        }
        let rows = sqlx::query("SELECT 1 UNION ALL SELECT 2")
            .fetch_all(&pool)
            .await
            .unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(idle(&pool), 1);
    }

    async fn a_failed_statement_is_checked_before_its_connection_is_used_again(pool: Connections, _: Backend) {
        let failed = pool.execute("SELECT * FROM no_such_table").await;
        assert!(matches!(failed, Err(sqlx::Error::Database(_))), "{failed:?}");
        // The one connection is being checked: the next statement waits for it, then runs on it.
        assert_eq!(number(&pool, "SELECT 42").await, 42);
        assert_eq!(idle(&pool), 1);
    }

    async fn a_statement_cut_off_halfway_leaves_nothing_for_the_next(pool: Connections, backend: Backend) {
        assert_eq!(number(&pool, "SELECT 1").await, 1);
        let cut_off = tokio::time::timeout(Duration::from_millis(50), number(&pool, slow_statement(backend))).await;
        assert!(cut_off.is_err(), "the slow statement answered within 50 ms");
        // Whatever the cut-off statement left on its connection is not read as this one's answer.
        for round in 2..=4 {
            assert_eq!(number(&pool, &format!("SELECT {round}")).await, round);
        }
    }

    async fn statements_wait_for_a_free_connection_up_to_the_timeout(pool: Connections, _: Backend) {
        let held = pool.acquire().await.unwrap();
        let waited = pool.execute("SELECT 1").await;
        assert!(matches!(waited, Err(sqlx::Error::PoolTimedOut)), "{waited:?}");
        drop(held);
        assert_eq!(number(&pool, "SELECT 5").await, 5);
    }

    async fn a_closed_pool_runs_nothing(pool: Connections, _: Backend) {
        assert_eq!(number(&pool, "SELECT 1").await, 1);
        pool.close().await;
        assert_eq!(idle(&pool), 0);
        let refused = pool.execute("SELECT 1").await;
        assert!(matches!(refused, Err(sqlx::Error::PoolClosed)), "{refused:?}");
    }

    async fn a_transaction_dropped_unfinished_is_rolled_back_before_its_connection_is_used_again(
        pool: Connections,
        backend: Backend,
    ) {
        let begin = match backend {
            Backend::Sqlite => "BEGIN IMMEDIATE",
            Backend::Postgres => "BEGIN",
        };
        // PostgreSQL's test database is shared by tests running at once: a table of this run's own.
        let table = format!("pool_test_{}", uuid::Uuid::new_v4().simple());
        pool.execute(format!("CREATE TABLE {table} (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)").as_str())
            .await
            .unwrap();
        pool.execute(format!("INSERT INTO {table} (id, n) VALUES (1, 0)").as_str())
            .await
            .unwrap();
        let read = format!("SELECT n FROM {table} WHERE id = 1");
        let set = |n: i64| format!("UPDATE {table} SET n = {n} WHERE id = 1");

        let mut abandoned = pool.begin(begin).await.unwrap();
        (&mut *abandoned).execute(set(1).as_str()).await.unwrap();
        drop(abandoned);
        // The pool's one connection: the read runs on it once its transaction is rolled back, so it sees neither
        // the abandoned update nor a transaction still open.
        assert_eq!(number(&pool, &read).await, 0);

        let mut committed = pool.begin(begin).await.unwrap();
        (&mut *committed).execute(set(2).as_str()).await.unwrap();
        committed.commit().await.unwrap();
        let mut rolled_back = pool.begin(begin).await.unwrap();
        (&mut *rolled_back).execute(set(3).as_str()).await.unwrap();
        rolled_back.rollback().await.unwrap();
        assert_eq!(number(&pool, &read).await, 2);
        assert_eq!(idle(&pool), 1);
        pool.execute(format!("DROP TABLE {table}").as_str()).await.unwrap();
    }

    /// Runs a case on SQLite, and on PostgreSQL in the PostgreSQL layer, with a pool of `size` connections.
    macro_rules! on_both {
        ($name:ident, $size:expr, $timeout_millis:expr, $case:ident) => {
            mod $name {
                use super::*;

                #[tokio::test]
                async fn sqlite() {
                    let (pool, _folder) = super::sqlite($size, Duration::from_millis($timeout_millis));
                    $case(pool, Backend::Sqlite).await;
                }

                #[tokio::test]
                async fn postgres() {
                    if let Some(pool) = super::postgres($size, Duration::from_millis($timeout_millis)) {
                        $case(pool, Backend::Postgres).await;
                    }
                }
            }
        };
    }

    on_both!(
        answered,
        1,
        5000,
        answered_statements_give_their_connection_straight_back
    );
    on_both!(
        failed,
        1,
        5000,
        a_failed_statement_is_checked_before_its_connection_is_used_again
    );
    on_both!(
        cut_off,
        1,
        5000,
        a_statement_cut_off_halfway_leaves_nothing_for_the_next
    );
    on_both!(busy, 1, 200, statements_wait_for_a_free_connection_up_to_the_timeout);
    on_both!(closed, 2, 5000, a_closed_pool_runs_nothing);
    on_both!(
        abandoned,
        1,
        5000,
        a_transaction_dropped_unfinished_is_rolled_back_before_its_connection_is_used_again
    );
}
