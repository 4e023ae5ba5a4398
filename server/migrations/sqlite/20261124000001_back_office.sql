-- The organizer's sign-in sessions: a digest of the cookie's token, never the token.
CREATE TABLE admin_sessions (
    token_hash TEXT PRIMARY KEY,
    -- who signed in, as they named themselves, for the audit log
    name TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX admin_sessions_by_expiry ON admin_sessions (expires_at);

-- Every change made in the back office: who, what, when, and the order it concerns.
CREATE TABLE audit_log (
    id TEXT PRIMARY KEY,
    at BIGINT NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    order_id TEXT,
    -- JSON object with the action's details, e.g. {"text": "…"} for a note
    detail TEXT NOT NULL
);
CREATE INDEX audit_log_by_order ON audit_log (order_id, at);

-- Money given back. One refund may be under way per order at a time; the
-- gateway call is keyed by the refund, so repeating it never refunds twice.
CREATE TABLE refunds (
    id TEXT PRIMARY KEY,
    order_id TEXT NOT NULL REFERENCES orders (id),
    -- the caller's key: the same key for the same order is the same refund
    idempotency_key TEXT NOT NULL,
    amount BIGINT NOT NULL CHECK (amount > 0),
    -- full, half, merchandise, override or sold_out: the rule that gave the amount
    policy TEXT NOT NULL,
    reason TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    gateway_refund_id TEXT,
    error TEXT,
    actor TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    completed_at BIGINT,
    UNIQUE (order_id, idempotency_key)
);
CREATE UNIQUE INDEX refunds_one_pending_per_order ON refunds (order_id) WHERE status = 'pending';

ALTER TABLE orders ADD COLUMN refunded_amount BIGINT NOT NULL DEFAULT 0;
UPDATE orders SET refunded_amount = amount WHERE status = 'refunded';

-- Sandbox refunds by idempotency key, as Stripe keeps them.
CREATE TABLE sandbox_refunds (
    idempotency_key TEXT PRIMARY KEY,
    payment_id TEXT NOT NULL,
    amount BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);

-- The outbox learns two more kinds of email, the refund confirmation and one attendee's ticket, and a status
-- for emails no longer worth sending. SQLite cannot change a CHECK constraint in place, so the table is rebuilt.
CREATE TABLE outbox_new (
    id TEXT PRIMARY KEY,
    dedupe_key TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK (kind IN ('waitlist_confirmation', 'order_confirmation', 'refund_confirmation', 'attendee_ticket')),
    subject_id TEXT NOT NULL,
    recipient TEXT NOT NULL,
    -- cancelled: no longer worth sending, e.g. the ticket it carries was transferred
    status TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'failed', 'cancelled')),
    attempts BIGINT NOT NULL,
    last_error TEXT,
    next_attempt_at BIGINT NOT NULL,
    claimed_until BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    sent_at BIGINT,
    priority BIGINT NOT NULL DEFAULT 1
);
INSERT INTO outbox_new (id, dedupe_key, kind, subject_id, recipient, status, attempts, last_error, next_attempt_at,
                        claimed_until, created_at, sent_at, priority)
    SELECT id, dedupe_key, kind, subject_id, recipient, status, attempts, last_error, next_attempt_at,
           claimed_until, created_at, sent_at, priority
    FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
CREATE INDEX outbox_by_priority ON outbox (status, priority, created_at);
CREATE INDEX outbox_by_subject ON outbox (subject_id);
