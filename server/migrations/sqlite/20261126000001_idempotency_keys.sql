-- A create call's Idempotency-Key and the order it placed, so a retried call (its
-- answer lost to a restart or a dropped connection) gets the same order back instead
-- of holding more stock. Keys older than a day are forgotten.
CREATE TABLE idempotency_keys (
    idempotency_key TEXT PRIMARY KEY,
    -- SHA-256 of the call and its parsed request: the same key with another request is refused
    request_hash TEXT NOT NULL,
    order_id TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
