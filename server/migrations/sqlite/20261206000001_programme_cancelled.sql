-- A session an import removes stays stored, cancelled in the version that removed it, so its page and the
-- schedule can say so; importing it again clears the mark. NULL: the session is on the programme.
ALTER TABLE programme_sessions ADD COLUMN cancelled_in BIGINT;
