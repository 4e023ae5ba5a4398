//! Values parsed once at the edge; past it, their types carry the guarantees.

mod billing;
mod client_address;
mod country;
mod email;
mod html;
pub mod markdown;
mod masked;
mod money;
mod order;
mod order_kind;
mod price;
mod text;
mod waitlist;

pub use billing::{BillingDetails, BillingError, BillingRequest};
pub use client_address::ClientAddress;
pub use country::{COUNTRIES, country_name};
pub use email::EmailAddress;
pub use html::escape_html;
pub use masked::{mask_email, mask_name};
pub use money::Money;
pub use order::{HoldCap, NewOrder, Order, OrderStatus};
pub use order_kind::OrderKind;
pub use price::{AppliedCode, Discount, Quote, TaxLine};
pub use text::{Unprintable, could_carry_a_link, is_hidden, unprintable};
pub use waitlist::{InterestArea, NameError, PersonName, WaitlistRegistration};
