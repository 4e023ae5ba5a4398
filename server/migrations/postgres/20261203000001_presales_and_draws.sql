-- The waitlist's promise, kept: a presale sends every subscribed registration a personal
-- priority link, and a draw gives free tickets to winners picked from a recorded seed. Both
-- are codes; a code with `early_access` can be used before its items' public sales open.
ALTER TABLE codes ADD COLUMN early_access BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE presales (
    id TEXT PRIMARY KEY,
    -- 'tickets' for every ticket type, or one ticket's stock key ('ticket:developer')
    item TEXT NOT NULL,
    item_name TEXT NOT NULL,
    -- the links work until then, before the item's public sales open
    deadline BIGINT NOT NULL,
    -- comma-separated interest areas a registration needs one of; empty: every subscribed registration
    interest_areas TEXT NOT NULL,
    units_per_person BIGINT NOT NULL CHECK (units_per_person > 0),
    -- the tag of its codes, one per recipient
    tag TEXT NOT NULL UNIQUE,
    recipients BIGINT NOT NULL,
    created_by TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE draws (
    id TEXT PRIMARY KEY,
    -- anyone with the seed and the candidates' emails can draw the same winners again
    seed TEXT NOT NULL,
    item TEXT NOT NULL,
    item_name TEXT NOT NULL,
    interest_areas TEXT NOT NULL,
    candidates BIGINT NOT NULL,
    -- JSON array of {name, email, code}, in the order drawn
    winners TEXT NOT NULL,
    tag TEXT NOT NULL UNIQUE,
    created_by TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
