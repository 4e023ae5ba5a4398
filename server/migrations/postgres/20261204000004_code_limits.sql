-- Codes may limit the orders one buyer's email places with them. Codes already made that give
-- every unit free (100% off, or a price of 0) get one order per email, as new ones do unless
-- their maker says otherwise: a shared comp was drained by one buyer placing order after
-- order. An order carries many units, so a person given a free code for several still gets
-- them; the back office can raise or lift the limit.
ALTER TABLE codes ADD COLUMN orders_per_email BIGINT CHECK (orders_per_email IS NULL OR orders_per_email > 0);
UPDATE codes SET orders_per_email = 1
WHERE (kind = 'percent_off' AND value = 100) OR (kind = 'fixed_price' AND value = 0);

-- Orders a code made for an email, counted when it is used again; and the free orders of the
-- last day, which count against their buyer's caps as open checkouts do.
CREATE INDEX orders_by_code_and_email ON orders (code_id, buyer_email);
CREATE INDEX orders_free_by_email ON orders (buyer_email, created_at) WHERE amount = 0 AND status = 'paid';
CREATE INDEX orders_free_by_client ON orders (client_address, created_at) WHERE amount = 0 AND status = 'paid';
