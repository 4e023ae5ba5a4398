-- A session signed in with the shared password (ADMIN_PASSWORD_HASH) holds the digest of the
-- setting it was checked against: it lasts only while that same setting is set and no owner has
-- an account. Sessions of accounts leave it NULL; shared-password sessions made before this
-- column existed have none, so they end.
ALTER TABLE admin_sessions ADD COLUMN shared_password_digest TEXT;
