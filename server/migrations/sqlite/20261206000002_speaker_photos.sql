-- Speakers' photos, re-encoded at two sizes, keyed by the speaker's source id so that a photo
-- follows its speaker across imports. source_url is the address an import fetched it from
-- (null for an upload): an import fetches again only when the source names another address.
-- An uploaded photo is the organizer's: no import replaces it. hash names this photo in its
-- public addresses, which change with it. Rows of speakers gone from the programme stay, so an
-- upload comes back with its speaker.
CREATE TABLE speaker_photos (
    speaker_source_id TEXT PRIMARY KEY,
    small BLOB NOT NULL,
    large BLOB NOT NULL,
    content_type TEXT NOT NULL,
    hash TEXT NOT NULL,
    source_url TEXT,
    uploaded INTEGER NOT NULL CHECK (uploaded IN (0, 1)),
    updated_at BIGINT NOT NULL
);
