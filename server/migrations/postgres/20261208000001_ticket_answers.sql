-- Attendees' answers to the event file's questions. An answer belongs to a place in an order (its `position`; 1 is
-- the buyer's ticket), not to one ticket row: the checkout takes the buyer's answers before any ticket exists, and a
-- name correction keeps them, while giving the seat to someone else clears them (the new holder answers afresh).
-- `value` is the answer as JSON (a string, a list of strings or a boolean, by the question's kind). Times are Unix
-- milliseconds.
CREATE TABLE ticket_answers (
    order_id TEXT NOT NULL REFERENCES orders (id),
    position BIGINT NOT NULL,
    question_id TEXT NOT NULL,
    value TEXT NOT NULL,
    answered_at BIGINT NOT NULL,
    PRIMARY KEY (order_id, position, question_id)
);
CREATE INDEX ticket_answers_by_question ON ticket_answers (question_id);
