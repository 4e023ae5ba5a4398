-- A waiting list no entry can block (issue 27): the address an entry joined from, so that the
-- units queued from one network are capped as open checkouts are (NULL for entries that joined
-- before this), and when an offer first went to someone behind an entry who asked for fewer
-- units, so that its person is told once that they keep their place.
ALTER TABLE waiting_list_entries ADD COLUMN client_address TEXT;
ALTER TABLE waiting_list_entries ADD COLUMN passed_over_at BIGINT;
CREATE INDEX waiting_list_by_email ON waiting_list_entries (email, state);
CREATE INDEX waiting_list_by_address ON waiting_list_entries (client_address, state);
