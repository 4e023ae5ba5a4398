-- Two indexes another index covers: orders_by_code_and_email (code_id, buyer_email) answers every lookup by code, and
-- tickets_one_per_seat (order_id, position) every lookup by order. Each purchase wrote entries into both for nothing
-- (the order's two updates change indexed columns, so each writes an entry into every index of `orders`).
DROP INDEX orders_by_code;
DROP INDEX tickets_by_order;
