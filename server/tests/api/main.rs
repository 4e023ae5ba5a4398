//! API tests: each spawns the real server on a random port against a fresh
//! database, once on SQLite and once on PostgreSQL.

mod fake_stripe;
mod helpers;

mod admin;
mod backup;
mod catalogue;
mod code_lookups;
mod codes;
mod door;
mod email;
mod errors;
mod free_codes;
mod headers;
mod health;
mod idempotency;
mod inventory;
mod invoices;
mod limits;
mod live_mode;
mod merchandise_checkout;
mod observability;
mod openapi;
mod presales_and_draws;
mod pricing;
mod privacy;
mod programme;
mod programme_exports;
mod programme_import;
mod programme_pages;
mod programme_sample;
mod programme_versions;
mod sandbox_cards;
mod seats;
mod smtp_sink;
mod speaker_photos;
mod sponsors;
mod sponsorship_checkout;
mod staff;
mod stripe_gateway;
mod ticket_checkout;
mod tickets;
mod waiting_list;
mod waitlist;
mod web;
mod webhooks;
