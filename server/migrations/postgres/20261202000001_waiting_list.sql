-- The waiting list: people queued, in order, for an item (or a merchandise variant) that sold
-- out. Units that come back while anyone waits do not go back on public sale: `stock.queued`
-- counts the units the waiting entries want, and a public order must leave them free. They
-- are offered to the entries in order, each as a personal single-use code whose hold takes
-- the units out of the stock until it is used, declined or expires.
ALTER TABLE stock ADD COLUMN queued BIGINT NOT NULL DEFAULT 0 CHECK (queued >= 0);

-- The stock keys a code's hold was taken from, as a JSON array (an offer for a merchandise
-- variant holds the item's and the variant's); NULL: the one item it applies to.
ALTER TABLE codes ADD COLUMN held_keys TEXT;

CREATE TABLE waiting_list_entries (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('ticket', 'merchandise', 'sponsorship')),
    -- the stock keys the entry waits on: the item, and its variant if any
    sku TEXT NOT NULL,
    variant_sku TEXT,
    item_name TEXT NOT NULL,
    -- JSON object: the ticket type, or the size and colour, or the tier, as the checkout takes them
    options TEXT NOT NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    quantity BIGINT NOT NULL CHECK (quantity > 0),
    -- the queue's order: lower goes first; moving an entry up gives it a lower place
    place BIGINT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('waiting', 'offered', 'used', 'expired', 'declined', 'removed')),
    code_id TEXT REFERENCES codes (id),
    offered_at BIGINT,
    decline_token_hash TEXT UNIQUE,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX waiting_list_one_entry_per_email
    ON waiting_list_entries (sku, COALESCE(variant_sku, ''), email) WHERE state IN ('waiting', 'offered');
CREATE INDEX waiting_list_by_state_and_place ON waiting_list_entries (state, place);
CREATE INDEX waiting_list_by_code ON waiting_list_entries (code_id);
