-- Units each limited item can still sell: `taken` counts units held by pending
-- and paid orders. Rows exist only for items with a limit in the event file.
CREATE TABLE stock (
    sku TEXT PRIMARY KEY,
    capacity BIGINT NOT NULL,
    taken BIGINT NOT NULL,
    CHECK (taken >= 0)
);

-- One order per purchase: the buyer, a snapshot of what was bought, the amount the
-- server computed, and the gateway's payment. Orders are never deleted.
CREATE TABLE orders (
    id TEXT PRIMARY KEY,
    reference TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK (kind IN ('ticket', 'merchandise', 'sponsorship')),
    status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'failed', 'expired', 'refunded')),
    buyer_name TEXT NOT NULL,
    buyer_email TEXT NOT NULL,
    -- the stock keys this order counts against: the item, and its size/colour variant if any
    sku TEXT NOT NULL,
    variant_sku TEXT,
    item_name TEXT NOT NULL,
    unit_price BIGINT NOT NULL,
    quantity BIGINT NOT NULL CHECK (quantity > 0),
    -- JSON object: ticket type, size, colour, company details…
    options TEXT NOT NULL,
    amount BIGINT NOT NULL CHECK (amount > 0),
    currency TEXT NOT NULL,
    payment_id TEXT UNIQUE,
    -- the quantity while the order holds its reservation, 0 once released
    units_held BIGINT NOT NULL,
    -- short code shown at the merchandise pickup desk
    pickup_code TEXT UNIQUE,
    last_payment_error TEXT,
    -- set when money was taken but the order cannot be honoured
    refund_reason TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    paid_at BIGINT
);
CREATE INDEX orders_by_status_and_expiry ON orders (status, expires_at);

-- Gateway events already handled, so a redelivery is acknowledged and skipped.
CREATE TABLE webhook_events (
    id TEXT PRIMARY KEY,
    event_type TEXT NOT NULL,
    received_at BIGINT NOT NULL
);

-- Payments of the offline sandbox gateway (DESIGN.md §6).
CREATE TABLE sandbox_payments (
    id TEXT PRIMARY KEY,
    client_secret TEXT NOT NULL UNIQUE,
    idempotency_key TEXT NOT NULL UNIQUE,
    amount BIGINT NOT NULL,
    currency TEXT NOT NULL,
    status TEXT NOT NULL,
    order_id TEXT,
    refunded_amount BIGINT NOT NULL,
    last_error TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
