-- The organizer's messages to a segment of the people the site knows: ticket holders, a workshop session's seat
-- holders, sponsors, buyers of merchandise not yet picked up, the waitlist. Recipients are resolved when a message
-- goes out; each one's email is an outbox row tied to it by `outbox.message_id`, which gives its delivery counts.
-- Times are Unix milliseconds.
CREATE TABLE messages (
    id TEXT PRIMARY KEY,
    -- JSON object, as the back office sent it: {"kind": "ticket_holders", "ticketTypes": ["vip"]}
    segment TEXT NOT NULL,
    subject TEXT NOT NULL,
    -- Markdown
    body TEXT NOT NULL,
    -- scheduled: waits for send_at; sending: its emails are queued (sent once none is pending); test: one copy to
    -- the staff member who wrote it; cancelled: a scheduled message called off before it went out
    status TEXT NOT NULL CHECK (status IN ('scheduled', 'sending', 'test', 'cancelled')),
    send_at BIGINT,
    -- when its emails were queued: the job that sends a scheduled message claims it by setting this
    queued_at BIGINT,
    -- the staff member's email, or the name of a sign-in without an account
    created_by TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX messages_due ON messages (status, send_at);
CREATE INDEX messages_by_creation ON messages (created_at);

ALTER TABLE outbox ADD COLUMN message_id TEXT;
CREATE INDEX outbox_by_message ON outbox (message_id, status);
