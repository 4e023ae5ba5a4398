-- The conference's programme, as the last applied import left it. Every row is keyed by its
-- source's stable id (source_id: pretalx's guid or code, Sessionize's id), so importing again
-- updates it in place; `id` is the site's own, which other tables reference and which never
-- changes while the source keeps its id. Times are Unix milliseconds; links are JSON arrays
-- of {title, url}. position keeps the source's order where the schedule shows it.
CREATE TABLE programme_rooms (
    id TEXT PRIMARY KEY,
    source_id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    capacity BIGINT,
    position BIGINT NOT NULL
);

CREATE TABLE programme_tracks (
    id TEXT PRIMARY KEY,
    source_id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    colour TEXT,
    position BIGINT NOT NULL
);

-- photo_key names the stored copy of the speaker's photo, once the import fetches it.
CREATE TABLE programme_speakers (
    id TEXT PRIMARY KEY,
    source_id TEXT NOT NULL UNIQUE,
    slug TEXT NOT NULL,
    name TEXT NOT NULL,
    tagline TEXT,
    biography TEXT,
    avatar_url TEXT,
    photo_key TEXT,
    links TEXT NOT NULL,
    position BIGINT NOT NULL
);
-- Not unique: two entries trading slugs in one import would collide halfway through it.
CREATE INDEX programme_speakers_by_slug ON programme_speakers (slug);

CREATE TABLE programme_sessions (
    id TEXT PRIMARY KEY,
    source_id TEXT NOT NULL UNIQUE,
    slug TEXT NOT NULL,
    title TEXT NOT NULL,
    subtitle TEXT,
    kind TEXT NOT NULL CHECK (kind IN ('keynote', 'talk', 'workshop', 'panel', 'break', 'hackathon', 'other')),
    track_id TEXT REFERENCES programme_tracks (id),
    level TEXT,
    language TEXT,
    abstract TEXT,
    description TEXT,
    room_id TEXT REFERENCES programme_rooms (id),
    starts_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL,
    links TEXT NOT NULL
);
CREATE INDEX programme_sessions_by_slug ON programme_sessions (slug);
CREATE INDEX programme_sessions_by_start ON programme_sessions (starts_at);

-- A session's speakers, in the order the source lists them.
CREATE TABLE programme_session_speakers (
    session_id TEXT NOT NULL REFERENCES programme_sessions (id) ON DELETE CASCADE,
    speaker_id TEXT NOT NULL REFERENCES programme_speakers (id),
    position BIGINT NOT NULL,
    PRIMARY KEY (session_id, position)
);
CREATE INDEX programme_session_speakers_by_speaker ON programme_session_speakers (speaker_id);

-- One row per applied import that changed something, numbered 1, 2, 3…; changes is the
-- import's report as JSON.
CREATE TABLE programme_versions (
    number BIGINT PRIMARY KEY,
    format TEXT NOT NULL,
    changes TEXT NOT NULL,
    applied_at BIGINT NOT NULL,
    applied_by TEXT NOT NULL
);
