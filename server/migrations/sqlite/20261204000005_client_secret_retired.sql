-- A payment's client secret proves the buyer on the confirmation page's link. Sending the buyer
-- a new private link (the back office's resend, or a sponsor's new page link) retires it, so a
-- link that leaked stops opening the order's invoices and billing correction: Unix ms, or NULL.
ALTER TABLE orders ADD COLUMN client_secret_retired_at BIGINT;
