-- A refund under the terms cancels its order, whatever share of the money it gives back; a goodwill
-- refund (cancels_order = false) keeps the order valid. Refunds made before this rule cancelled only
-- when they were in full.
ALTER TABLE refunds ADD COLUMN cancels_order BOOLEAN NOT NULL DEFAULT TRUE;
UPDATE refunds SET cancels_order = FALSE WHERE order_id IN (SELECT id FROM orders WHERE status = 'paid');
-- SHA-256 of what the caller asked for (amount or the policy, reason, cancel): the same key asked
-- for another refund is refused instead of answering the earlier one.
ALTER TABLE refunds ADD COLUMN request_hash TEXT;

-- One ticket row per seat: a transfer gives the seat a new code and holder in place, and the code
-- it retired is kept here, so the door can still say "transferred" and the caps on transfers can count.
CREATE TABLE ticket_handovers (
    id TEXT PRIMARY KEY,
    ticket_id TEXT NOT NULL REFERENCES tickets (id),
    order_id TEXT NOT NULL REFERENCES orders (id),
    retired_code TEXT NOT NULL UNIQUE,
    -- NULL for a seat nobody held yet
    from_name TEXT,
    from_email TEXT,
    to_name TEXT NOT NULL,
    to_email TEXT NOT NULL,
    -- 'buyer' (from the order's link) or 'holder' (from the ticket's own link)
    made_by TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX ticket_handovers_by_ticket ON ticket_handovers (ticket_id, at);
CREATE INDEX ticket_handovers_by_order ON ticket_handovers (order_id, at);

INSERT INTO ticket_handovers (id, ticket_id, order_id, retired_code, from_name, from_email, to_name, to_email,
                              made_by, at)
    SELECT old.id, seat.id, old.order_id, old.code, old.attendee_name, old.attendee_email,
           COALESCE(next.attendee_name, ''), COALESCE(next.attendee_email, ''), 'buyer', old.updated_at
    FROM tickets old
    JOIN tickets seat ON seat.order_id = old.order_id AND seat.position = old.position AND seat.status <> 'transferred'
    LEFT JOIN tickets next ON next.id = old.replaced_by
    WHERE old.status = 'transferred';
DELETE FROM tickets WHERE status = 'transferred';
DROP INDEX tickets_one_valid_per_place;
CREATE UNIQUE INDEX tickets_one_per_seat ON tickets (order_id, position);
ALTER TABLE tickets DROP COLUMN replaced_by;
ALTER TABLE tickets DROP CONSTRAINT tickets_status_check;
ALTER TABLE tickets ADD CONSTRAINT tickets_status_check CHECK (status IN ('valid', 'refunded'));

-- A seat given to someone other than the buyer is theirs: a digest of the secret in their own
-- "Manage your ticket" link. NULL while the buyer holds it.
ALTER TABLE tickets ADD COLUMN holder_token_hash TEXT;
CREATE UNIQUE INDEX tickets_by_holder_token ON tickets (holder_token_hash);

-- Manage links are kept as digests, like sessions and client secrets. The plain tokens of earlier
-- orders are digested at start-up (as on SQLite, which has no SHA-256), which empties `manage_token`.
ALTER TABLE orders ADD COLUMN manage_token_hash TEXT;
CREATE UNIQUE INDEX orders_by_manage_token_hash ON orders (manage_token_hash);
-- The secret of the link an email carries, only until the email is sent or cancelled.
ALTER TABLE outbox ADD COLUMN link_secret TEXT;
