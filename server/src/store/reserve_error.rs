//! Why a new order cannot hold its stock: its caps, its code or its phase, whichever part of the
//! store refused it.

use crate::domain::HoldCap;

#[derive(Debug, thiserror::Error)]
pub enum ReserveError {
    #[error("sold out")]
    SoldOut,
    #[error("the buyer's email holds as much as open checkouts may")]
    EmailHolds(HoldCap),
    #[error("the client address holds as much as open checkouts may")]
    AddressHolds {
        cap: HoldCap,
        /// When the first of what it holds stops counting (Unix ms).
        next_release: i64,
    },
    /// Another request holds the idempotency key: it placed, or is placing, the order.
    #[error("the idempotency key is taken")]
    KeyTaken,
    /// The code has no uses left for this order (or stopped working) since it was quoted.
    #[error("the code is used up")]
    CodeUsedUp,
    /// The buyer's email has made as many orders with the code as it may.
    #[error("the code has made as many orders for this email as it may")]
    CodeUsedByEmail,
    /// The price phase ended by units since the order was quoted: its price is no longer the charge.
    #[error("the price phase has ended")]
    PhaseEnded,
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}
