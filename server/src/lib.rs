//! The conference website's server: the JSON API, the browser app, and storage.

pub mod admin;
pub mod api;
pub mod app;
pub mod catalogue;
pub mod clock;
pub mod domain;
pub mod email;
pub mod error;
pub mod event;
pub mod invoices;
pub mod metrics;
pub mod middleware;
pub mod orders;
pub mod payments;
pub mod precompressed;
pub mod pricing;
pub mod secrets;
pub mod settings;
pub mod sponsors;
pub mod startup;
pub mod state;
pub mod store;
pub mod tickets;
pub mod typography;
pub mod waiting_list;
pub mod web;
