-- The organizer's crew: one account per person, with a role. The password is an argon2
-- hash, absent until the person accepts the invitation; a deactivated account signs in
-- no more and its sessions end at once.
CREATE TABLE staff (
    id TEXT PRIMARY KEY,
    -- lowercased; one account per address
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('owner', 'manager', 'support', 'door')),
    password_hash TEXT,
    created_at BIGINT NOT NULL,
    deactivated_at BIGINT
);

-- An invitation to set a password: a digest of the link's token, never the token. It works
-- once, until it expires.
CREATE TABLE staff_invitations (
    token_hash TEXT PRIMARY KEY,
    staff_id TEXT NOT NULL REFERENCES staff (id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX staff_invitations_by_person ON staff_invitations (staff_id);

-- Whose session it is; NULL for the owner signed in with the shared password.
ALTER TABLE admin_sessions ADD COLUMN staff_id TEXT REFERENCES staff (id);
CREATE INDEX admin_sessions_by_staff ON admin_sessions (staff_id);

-- Offline check-in: the device that admitted a ticket, and every later scan of an admitted
-- ticket by another device (or at another moment), shown to the door and the dashboard.
ALTER TABLE tickets ADD COLUMN checked_in_device TEXT;
CREATE TABLE check_in_duplicates (
    id TEXT PRIMARY KEY,
    ticket_id TEXT NOT NULL REFERENCES tickets (id),
    device_id TEXT NOT NULL,
    scanned_by TEXT NOT NULL,
    scanned_at BIGINT NOT NULL,
    recorded_at BIGINT NOT NULL,
    UNIQUE (ticket_id, device_id, scanned_at)
);
