//! Values parsed once at the edge; past it, their types carry the guarantees.

mod billing;
mod country;
mod email;
mod masked;
mod money;
mod order_kind;
mod text;
mod waitlist;

pub use billing::{BillingDetails, BillingError, BillingRequest};
pub use country::{COUNTRIES, country_name};
pub use email::EmailAddress;
pub use masked::{mask_email, mask_name};
pub use money::Money;
pub use order_kind::OrderKind;
pub use text::{Unprintable, could_carry_a_link, is_hidden, unprintable};
pub use waitlist::{InterestArea, NameError, PersonName, WaitlistRegistration};
