-- Workshop seats: a seat belongs to a ticket, in a session of the programme named by its source id (stable across
-- imports). Two counter rows make the limits hold under races: a session's `taken` is raised only while below its
-- limit, a ticket's `held` only while below its type's `workshop_seats`, each by one conditional UPDATE, the
-- ticket's row first. Times are Unix milliseconds.

-- A session's sign-up: the back office's overrides (NULL: the programme's default, workshops take sign-ups with the
-- room's capacity) and the seats taken, walk-ins at the door included.
CREATE TABLE session_seats (
    session_source_id TEXT PRIMARY KEY,
    signup BIGINT CHECK (signup IN (0, 1)),
    seat_limit BIGINT CHECK (seat_limit >= 0),
    taken BIGINT NOT NULL DEFAULT 0 CHECK (taken >= 0),
    updated_at BIGINT NOT NULL
);

-- How many seats a ticket holds.
CREATE TABLE ticket_seat_counts (
    ticket_id TEXT PRIMARY KEY REFERENCES tickets (id),
    held BIGINT NOT NULL DEFAULT 0 CHECK (held >= 0)
);

-- walk_in: taken at the workshop's door, without a reservation. reminded_at: the evening-before email was queued.
CREATE TABLE workshop_seats (
    id TEXT PRIMARY KEY,
    ticket_id TEXT NOT NULL REFERENCES tickets (id),
    session_source_id TEXT NOT NULL,
    reserved_at BIGINT NOT NULL,
    walk_in BIGINT NOT NULL DEFAULT 0 CHECK (walk_in IN (0, 1)),
    checked_in_at BIGINT,
    checked_in_by TEXT,
    reminded_at BIGINT
);
CREATE UNIQUE INDEX workshop_seats_one_per_ticket ON workshop_seats (ticket_id, session_source_id);
CREATE INDEX workshop_seats_by_session ON workshop_seats (session_source_id, reserved_at);

-- A session's waiting list, served by rank (the join order; a seat moved back by a lowered limit goes in front).
CREATE TABLE workshop_queue (
    session_source_id TEXT NOT NULL,
    ticket_id TEXT NOT NULL REFERENCES tickets (id),
    rank BIGINT NOT NULL,
    joined_at BIGINT NOT NULL,
    PRIMARY KEY (session_source_id, ticket_id)
);
CREATE INDEX workshop_queue_by_rank ON workshop_queue (session_source_id, rank);
CREATE INDEX workshop_queue_by_ticket ON workshop_queue (ticket_id);

-- The organizer's messages to a session's holders; each holder's copy goes through the outbox.
CREATE TABLE session_messages (
    id TEXT PRIMARY KEY,
    session_source_id TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    sent_by TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
