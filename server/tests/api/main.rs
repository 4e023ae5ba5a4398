//! API tests: each spawns the real server on a random port against a fresh
//! database, once on SQLite and once on PostgreSQL.

mod fake_stripe;
mod helpers;

mod catalogue;
mod email;
mod errors;
mod health;
mod inventory;
mod merchandise_checkout;
mod sandbox_cards;
mod smtp_sink;
mod sponsorship_checkout;
mod stripe_gateway;
mod ticket_checkout;
mod waitlist;
mod web;
mod webhooks;
