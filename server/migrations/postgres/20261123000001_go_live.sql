-- Which gateway took each order, so sandbox orders are never mistaken for real ones
-- when a database is reused. Older orders are told apart by their payment ids.
ALTER TABLE orders ADD COLUMN gateway TEXT NOT NULL DEFAULT 'sandbox' CHECK (gateway IN ('sandbox', 'stripe'));
UPDATE orders SET gateway = 'stripe' WHERE payment_id IS NOT NULL AND payment_id NOT LIKE 'pi_sandbox_%';

-- The client address that placed the order (caps on open reservations per address),
-- and a SHA-256 of the payment's client secret, which proves a caller is the buyer.
ALTER TABLE orders ADD COLUMN client_address TEXT;
ALTER TABLE orders ADD COLUMN client_secret_hash TEXT;
CREATE INDEX orders_open_by_email ON orders (buyer_email) WHERE status = 'pending';
CREATE INDEX orders_open_by_client ON orders (client_address) WHERE status = 'pending';

-- At most one waitlist confirmation per address a day, and an unsubscribe that a
-- repeated registration cannot undo.
ALTER TABLE waitlist_registrations ADD COLUMN confirmation_queued_at BIGINT;
ALTER TABLE waitlist_registrations ADD COLUMN unsubscribed_at BIGINT;
UPDATE waitlist_registrations SET confirmation_queued_at = updated_at;

-- Receipts go out before waitlist confirmations: 0 is sent first.
ALTER TABLE outbox ADD COLUMN priority BIGINT NOT NULL DEFAULT 1;
UPDATE outbox SET priority = 0 WHERE kind = 'order_confirmation';
CREATE INDEX outbox_by_priority ON outbox (status, priority, created_at);
