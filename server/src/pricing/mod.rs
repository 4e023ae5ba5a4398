//! One place that prices an order (DESIGN.md §4.12): the item's sales window, its price
//! phase at this moment, team discounts and a code make a quote, and every charge, page,
//! receipt and export shows what the quote computed. Nothing here reads the clock or the
//! database: the caller passes the time, the stock left and the code.

pub mod codes;
mod item;
mod quote;
mod sales;

pub use crate::domain::{AppliedCode, Discount, Quote, TaxLine};
pub use item::Item;
pub use quote::{CodeProblem, QuoteError, code_label, quote, refused_code};
pub use sales::{Phase, Sales, current_phase, next_boundary, public_sales_open, sales_state, sold_out};
