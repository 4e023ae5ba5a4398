-- Times are Unix milliseconds (UTC) so one set of queries serves SQLite and PostgreSQL.
CREATE TABLE waitlist_registrations (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    full_name TEXT NOT NULL,
    job_title TEXT,
    -- comma-separated interest values: web, mobile, ai, cloud, blockchain, security
    interest_areas TEXT NOT NULL,
    subscribe INTEGER NOT NULL CHECK (subscribe IN (0, 1)),
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
