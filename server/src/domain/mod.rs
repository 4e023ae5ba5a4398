//! Values parsed once at the edge; past it, their types carry the guarantees.

mod email;
mod masked;
mod money;
mod text;
mod waitlist;

pub use email::EmailAddress;
pub use masked::{mask_email, mask_name};
pub use money::Money;
pub use text::could_carry_a_link;
pub use waitlist::{InterestArea, NameError, PersonName, WaitlistRegistration};
