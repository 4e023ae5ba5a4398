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
    disabled BOOLEAN NOT NULL DEFAULT FALSE,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX codes_by_tag ON codes (tag);

-- What an order's price was made of: its phase (and that phase's stock key when it ends by
-- units), the discounts with their labels, and the code, with the units it took from the code's
-- hold. An order a 100% code makes costs nothing and is paid without a gateway: its amount may
-- be 0 and its gateway 'none'.
ALTER TABLE orders DROP CONSTRAINT orders_amount_check;
ALTER TABLE orders ADD CONSTRAINT orders_amount_check CHECK (amount >= 0);
ALTER TABLE orders DROP CONSTRAINT orders_gateway_check;
ALTER TABLE orders ADD CONSTRAINT orders_gateway_check CHECK (gateway IN ('sandbox', 'stripe', 'none'));
ALTER TABLE orders ADD COLUMN phase TEXT;
ALTER TABLE orders ADD COLUMN phase_sku TEXT;
ALTER TABLE orders ADD COLUMN discounts TEXT NOT NULL DEFAULT '[]';
ALTER TABLE orders ADD COLUMN code_id TEXT REFERENCES codes (id);
ALTER TABLE orders ADD COLUMN code TEXT;
ALTER TABLE orders ADD COLUMN code_units BIGINT NOT NULL DEFAULT 0;
CREATE INDEX orders_by_code ON orders (code_id);
