//! Values parsed once at the edge; past it, their types carry the guarantees.

mod email;
mod money;
mod waitlist;

pub use email::EmailAddress;
pub use money::Money;
pub use waitlist::{InterestArea, NameError, PersonName, WaitlistRegistration};
