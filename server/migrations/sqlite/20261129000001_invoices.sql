-- What an order's invoice needs beyond its price: the buyer's billing details (a company's
-- name, address and tax id), the sales tax in its total, and when the buyer corrected the
-- billing details (once only).
ALTER TABLE orders ADD COLUMN billing TEXT;
ALTER TABLE orders ADD COLUMN tax TEXT;
ALTER TABLE orders ADD COLUMN billing_corrected_at BIGINT;

-- The next number of each invoice prefix. Taking one is an update of its row inside the
-- transaction that issues the invoice, so numbers have no gaps and no duplicates, however
-- many instances issue at once.
CREATE TABLE invoice_numbers (
    prefix TEXT PRIMARY KEY,
    last_number BIGINT NOT NULL
);

-- Invoices and credit notes, never changed once issued: a correction or a refund issues a
-- credit note referencing the invoice (and, for a correction, a new invoice).
CREATE TABLE invoices (
    id TEXT PRIMARY KEY,
    number TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
    order_id TEXT NOT NULL REFERENCES orders (id),
    -- for a credit note: the invoice it credits
    credits TEXT REFERENCES invoices (id),
    -- for a refund's credit note: the refund
    refund_id TEXT REFERENCES refunds (id),
    -- cents, negative for a credit note
    net BIGINT NOT NULL,
    tax BIGINT NOT NULL,
    total BIGINT NOT NULL,
    buyer_name TEXT NOT NULL,
    buyer_tax_id TEXT,
    issued_at BIGINT NOT NULL,
    -- JSON: the whole document as issued (seller, buyer, lines, totals, dates), rendered as it is
    document TEXT NOT NULL
);
CREATE INDEX invoices_by_order ON invoices (order_id, issued_at);
CREATE INDEX invoices_by_date ON invoices (issued_at);
CREATE UNIQUE INDEX invoices_one_credit_per_refund ON invoices (refund_id);

-- The kinds of email are the server's to know (`EmailKind`): the outbox stops listing them in a
-- CHECK constraint, which SQLite can only change by rebuilding the table, as here.
CREATE TABLE outbox_new (
    id TEXT PRIMARY KEY,
    dedupe_key TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    subject_id TEXT NOT NULL,
    recipient TEXT NOT NULL,
    -- cancelled: no longer worth sending, e.g. the ticket it carries changed hands
    status TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'failed', 'cancelled')),
    attempts BIGINT NOT NULL,
    last_error TEXT,
    next_attempt_at BIGINT NOT NULL,
    claimed_until BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    sent_at BIGINT,
    priority BIGINT NOT NULL DEFAULT 1,
    link_secret TEXT
);
INSERT INTO outbox_new (id, dedupe_key, kind, subject_id, recipient, status, attempts, last_error, next_attempt_at,
                        claimed_until, created_at, sent_at, priority, link_secret)
    SELECT id, dedupe_key, kind, subject_id, recipient, status, attempts, last_error, next_attempt_at,
           claimed_until, created_at, sent_at, priority, link_secret
    FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
CREATE INDEX outbox_by_priority ON outbox (status, priority, created_at);
CREATE INDEX outbox_by_subject ON outbox (subject_id);
