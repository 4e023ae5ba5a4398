-- The door's devices. A device id belongs to the session (or the script token) that first used
-- it, and the server believes the times of a device's offline scans only from its first download
-- of the check-in list on.
CREATE TABLE door_devices (
    device_id TEXT PRIMARY KEY,
    -- the digest of the owning session's token, or 'admin-token'
    owner TEXT NOT NULL,
    -- NULL until the device downloads the list
    first_list_at BIGINT,
    last_list_at BIGINT
);

-- An offline scan whose time was not believed is kept here with why, beside the duplicates: it
-- never admits over an existing admission, and the organizer sees it. NULL for a duplicate whose
-- time was believed.
ALTER TABLE check_in_duplicates ADD COLUMN doubt TEXT
    CHECK (doubt IN ('device_of_another_session', 'before_list_download', 'before_code_issued', 'before_doors_open'));
