-- A row's new entries (an order placed, an email queued; on an update, those of the indexes whose columns change)
-- go into each index of its table that holds it. These columns are empty for most rows, or until later: an order's
-- manage link until it is paid, its code when bought without one; a ticket's holder link until it is given a holder;
-- an invoice's refund unless it is a credit note; an email's message unless it is one. Every lookup asks for one
-- value, which an index of only the rows that have one answers, so the empty ones are no longer written. (The
-- payment id's and the pickup code's indexes come with their columns' UNIQUE and stay as they are.)
DROP INDEX orders_by_manage_token;
CREATE UNIQUE INDEX orders_by_manage_token ON orders (manage_token) WHERE manage_token IS NOT NULL;
DROP INDEX orders_by_manage_token_hash;
CREATE UNIQUE INDEX orders_by_manage_token_hash ON orders (manage_token_hash) WHERE manage_token_hash IS NOT NULL;
DROP INDEX orders_by_code_and_email;
CREATE INDEX orders_by_code_and_email ON orders (code_id, buyer_email) WHERE code_id IS NOT NULL;
DROP INDEX tickets_by_holder_token;
CREATE UNIQUE INDEX tickets_by_holder_token ON tickets (holder_token_hash) WHERE holder_token_hash IS NOT NULL;
DROP INDEX invoices_one_credit_per_refund;
CREATE UNIQUE INDEX invoices_one_credit_per_refund ON invoices (refund_id) WHERE refund_id IS NOT NULL;
DROP INDEX outbox_by_message;
CREATE INDEX outbox_by_message ON outbox (message_id, status) WHERE message_id IS NOT NULL;
