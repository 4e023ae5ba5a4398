-- The emails each ticket's holder gets once: the reminder to answer the required questions (cleared when the seat is
-- given to someone else, who is reminded afresh) and the day-before email with the QR code. Each is marked in the
-- transaction that queues it, so several instances, or one restarted, queue it once. Unix milliseconds.
ALTER TABLE tickets ADD COLUMN answers_reminded_at BIGINT;
ALTER TABLE tickets ADD COLUMN day_before_sent_at BIGINT;
