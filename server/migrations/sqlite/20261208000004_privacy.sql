-- Forgetting on time (the event file's [privacy]): personal fields are overwritten with NULL or a neutral value,
-- never their rows deleted, so amounts and counts stay. `erased_at` marks what was erased, by the daily job or on a
-- person's request. Times are Unix milliseconds.
ALTER TABLE orders ADD COLUMN erased_at BIGINT;
ALTER TABLE tickets ADD COLUMN erased_at BIGINT;
ALTER TABLE waitlist_registrations ADD COLUMN erased_at BIGINT;
ALTER TABLE waiting_list_entries ADD COLUMN erased_at BIGINT;

-- One row per day the retention job erased: the instance that inserts the day's row does the work, in the same
-- transaction, and any other finds it there and skips the day. The counts are what that run erased.
CREATE TABLE retention_runs (
    day TEXT PRIMARY KEY,
    ran_at BIGINT NOT NULL,
    orders BIGINT NOT NULL,
    tickets BIGINT NOT NULL,
    registrations BIGINT NOT NULL,
    entries BIGINT NOT NULL
);
