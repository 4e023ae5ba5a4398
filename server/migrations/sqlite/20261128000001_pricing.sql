-- Codes the organizer hands out: a share off, an amount off, a fixed price, a comp, or access
-- to a hidden item. A use is one unit (a ticket, an item), counted in the transaction that
-- reserves the order's stock and given back when the order expires or is cancelled.
CREATE TABLE codes (
    id TEXT PRIMARY KEY,
    -- as buyers type it, in upper case
    code TEXT NOT NULL UNIQUE,
    -- JSON array of the stock keeping units it applies to ("ticket:developer"); empty: every item
    applies_to TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('percent_off', 'amount_off', 'fixed_price')),
    -- a percentage, or cents per unit
    value BIGINT NOT NULL CHECK (value >= 0),
    max_uses BIGINT NOT NULL CHECK (max_uses > 0),
    uses BIGINT NOT NULL DEFAULT 0 CHECK (uses >= 0),
    valid_from BIGINT,
    valid_until BIGINT,
    -- units of its one item held for its holders out of the stock, and how many are still held
    reserve BIGINT,
    reserved_left BIGINT NOT NULL DEFAULT 0 CHECK (reserved_left >= 0),
    -- the hidden item (stock keeping unit) it lists and sells
    unlocks TEXT,
    tag TEXT,
    note TEXT,
    disabled INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX codes_by_tag ON codes (tag);

-- What an order's price was made of: its phase (and that phase's stock key when it ends by
-- units), the discounts with their labels, and the code, with the units it took from the code's
-- hold. An order a 100% code makes costs nothing and is paid without a gateway: its amount may
-- be 0 and its gateway 'none'. SQLite cannot change a CHECK constraint in place, so the table is
-- rebuilt; the foreign keys of tickets, refunds and the rest are checked when the migration commits.
PRAGMA defer_foreign_keys = ON;
CREATE TABLE orders_before AS SELECT * FROM orders;
DROP TABLE orders;
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
    -- the price phase's, before discounts
    unit_price BIGINT NOT NULL,
    quantity BIGINT NOT NULL CHECK (quantity > 0),
    -- JSON object: ticket type, size, colour, company details…
    options TEXT NOT NULL,
    -- what is charged: unit_price * quantity less the discounts
    amount BIGINT NOT NULL CHECK (amount >= 0),
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
    paid_at BIGINT,
    gateway TEXT NOT NULL DEFAULT 'sandbox' CHECK (gateway IN ('sandbox', 'stripe', 'none')),
    client_address TEXT,
    client_secret_hash TEXT,
    refunded_amount BIGINT NOT NULL DEFAULT 0,
    manage_token TEXT,
    picked_up_at BIGINT,
    picked_up_by TEXT,
    manage_token_hash TEXT,
    phase TEXT,
    phase_sku TEXT,
    -- JSON array of {label, amount}
    discounts TEXT NOT NULL DEFAULT '[]',
    code_id TEXT REFERENCES codes (id),
    code TEXT,
    code_units BIGINT NOT NULL DEFAULT 0
);
INSERT INTO orders (id, reference, kind, status, buyer_name, buyer_email, sku, variant_sku, item_name, unit_price,
                    quantity, options, amount, currency, payment_id, units_held, pickup_code, last_payment_error,
                    refund_reason, created_at, updated_at, expires_at, paid_at, gateway, client_address,
                    client_secret_hash, refunded_amount, manage_token, picked_up_at, picked_up_by, manage_token_hash)
    SELECT id, reference, kind, status, buyer_name, buyer_email, sku, variant_sku, item_name, unit_price,
           quantity, options, amount, currency, payment_id, units_held, pickup_code, last_payment_error,
           refund_reason, created_at, updated_at, expires_at, paid_at, gateway, client_address,
           client_secret_hash, refunded_amount, manage_token, picked_up_at, picked_up_by, manage_token_hash
    FROM orders_before;
DROP TABLE orders_before;
CREATE INDEX orders_by_status_and_expiry ON orders (status, expires_at);
CREATE INDEX orders_open_by_email ON orders (buyer_email) WHERE status = 'pending';
CREATE INDEX orders_open_by_client ON orders (client_address) WHERE status = 'pending';
CREATE UNIQUE INDEX orders_by_manage_token ON orders (manage_token);
CREATE UNIQUE INDEX orders_by_manage_token_hash ON orders (manage_token_hash);
CREATE INDEX orders_by_code ON orders (code_id);
