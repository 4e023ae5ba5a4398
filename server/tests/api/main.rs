//! API tests: each spawns the real server on a random port against a fresh
//! database, once on SQLite and once on PostgreSQL.

mod helpers;

mod catalogue;
mod errors;
mod health;
mod waitlist;
mod web;
