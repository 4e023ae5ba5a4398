-- One ticket per person on a paid ticket order, each with its own door code. A
-- transfer retires the old ticket (its code stops working) and issues a new one.
CREATE TABLE tickets (
    id TEXT PRIMARY KEY,
    order_id TEXT NOT NULL REFERENCES orders (id),
    -- which of the order's people: 1 is the buyer's ticket
    position BIGINT NOT NULL,
    ticket_type TEXT NOT NULL,
    -- 20 Crockford base32 characters (100 random bits), stored without dashes
    code TEXT NOT NULL UNIQUE,
    attendee_name TEXT,
    attendee_email TEXT,
    status TEXT NOT NULL CHECK (status IN ('valid', 'transferred', 'refunded')),
    -- the ticket a transfer replaced this one with
    replaced_by TEXT,
    checked_in_at BIGINT,
    checked_in_by TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX tickets_one_valid_per_place ON tickets (order_id, position) WHERE status = 'valid';
CREATE INDEX tickets_by_order ON tickets (order_id);

-- The secret in the buyer's "Manage your tickets" link.
ALTER TABLE orders ADD COLUMN manage_token TEXT;
CREATE UNIQUE INDEX orders_by_manage_token ON orders (manage_token);

-- Merchandise handed over at the pickup desk, once.
ALTER TABLE orders ADD COLUMN picked_up_at BIGINT;
ALTER TABLE orders ADD COLUMN picked_up_by TEXT;
