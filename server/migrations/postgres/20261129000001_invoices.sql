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

-- The kinds of email are the server's to know (`EmailKind`): the outbox stops listing them.
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
