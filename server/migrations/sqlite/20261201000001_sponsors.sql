-- A sponsor's public profile, one per paid sponsorship. What the sponsor sends (name,
-- website, description, logo) is a draft; each change counts a revision, and a review
-- decides one revision. Only what the organizer approved, copied into the approved_
-- columns, is ever public: a change after approval waits for review while the approved
-- profile stays on the wall.
CREATE TABLE sponsor_profiles (
    order_id TEXT PRIMARY KEY REFERENCES orders (id),
    display_name TEXT NOT NULL,
    website TEXT,
    description TEXT,
    logo_id TEXT,
    revision BIGINT NOT NULL,
    reviewed_revision BIGINT,
    review_outcome TEXT CHECK (review_outcome IN ('approved', 'rejected')),
    review_reason TEXT,
    reviewed_by TEXT,
    reviewed_at BIGINT,
    approved_name TEXT,
    approved_website TEXT,
    approved_description TEXT,
    approved_logo_id TEXT,
    updated_at BIGINT NOT NULL
);

-- Logos as sent, after checking: a sanitized SVG or a PNG. A draft replaced before it
-- was approved is deleted; the approved one stays until another is approved.
CREATE TABLE sponsor_logos (
    id TEXT PRIMARY KEY,
    order_id TEXT NOT NULL REFERENCES orders (id),
    format TEXT NOT NULL CHECK (format IN ('svg', 'png')),
    bytes BLOB NOT NULL,
    width BIGINT NOT NULL,
    height BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX sponsor_logos_by_order ON sponsor_logos (order_id);

-- The digest of the sponsor page's link the confirmation page shows: derived from the
-- payment's client secret, which only the buyer's browser holds, so repeating the
-- confirmation answers the same link. 'revoked' once the organizer sends a new link.
ALTER TABLE orders ADD COLUMN page_token_hash TEXT;
CREATE UNIQUE INDEX orders_by_page_token_hash ON orders (page_token_hash) WHERE page_token_hash <> 'revoked';
