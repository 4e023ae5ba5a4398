-- Certificates of attendance (issue 32): issued once per ticket after the event and kept as issued, for the public
-- page that confirms one is genuine. `days` is a JSON list of the venue's dates the attendee was checked in on
-- ("2026-05-18"), `workshops` a JSON list of the titles of the workshops they were admitted to. `id` is 20 random
-- Crockford base32 characters: the verification page's address, unguessable. Times are Unix milliseconds.
CREATE TABLE certificates (
    id TEXT PRIMARY KEY,
    ticket_id TEXT NOT NULL UNIQUE REFERENCES tickets (id),
    attendee_name TEXT NOT NULL,
    event_name TEXT NOT NULL,
    event_dates TEXT NOT NULL,
    days TEXT NOT NULL,
    workshops TEXT NOT NULL,
    issued_at BIGINT NOT NULL
);

-- The door's online scans of a ticket admitted before: the days an attendee came back, for their certificate.
-- (Offline scans of an admitted ticket are in check_in_duplicates.)
CREATE TABLE ticket_rescans (
    ticket_id TEXT NOT NULL REFERENCES tickets (id),
    scanned_at BIGINT NOT NULL,
    PRIMARY KEY (ticket_id, scanned_at)
);
