-- The secret in a registration's one-click unsubscribe link.
ALTER TABLE waitlist_registrations ADD COLUMN unsubscribe_token TEXT;
CREATE UNIQUE INDEX waitlist_by_unsubscribe_token ON waitlist_registrations (unsubscribe_token);

-- Emails to send, written in the same transaction as the change that causes
-- them, so none is lost or queued twice; a worker sends them with retries.
CREATE TABLE outbox (
    id TEXT PRIMARY KEY,
    -- one email per causing event, e.g. "order-paid:<order id>"
    dedupe_key TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK (kind IN ('waitlist_confirmation', 'order_confirmation')),
    -- the registration's email or the order's id, rendered when sent
    subject_id TEXT NOT NULL,
    recipient TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'failed')),
    attempts BIGINT NOT NULL,
    last_error TEXT,
    next_attempt_at BIGINT NOT NULL,
    -- a worker holds the email until then; 0 when nobody does
    claimed_until BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    sent_at BIGINT
);
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
