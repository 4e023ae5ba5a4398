//! The conference website's server: the JSON API, the browser app, and storage.

pub mod api;
pub mod app;
pub mod domain;
pub mod email;
pub mod error;
pub mod event;
pub mod orders;
pub mod payments;
pub mod settings;
pub mod startup;
pub mod store;
pub mod web;
