//! What one buyer may hold in unpaid checkouts at once (`[limits]` in the event file), so
//! that nobody can keep an item sold out by starting checkouts they never pay. A buyer is
//! counted twice: by the email on the order and by the client address it came from (an
//! office or the venue's wifi shares one, hence the larger address caps).

use std::ops::Range;

use toml::Spanned;

use super::field::{Invalid, invalid};
use super::file::{Limit, LimitsSection};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HoldLimits {
    pub checkouts_per_email: u32,
    pub checkouts_per_address: u32,
    /// Units of one item (a ticket type, a merchandise item, a sponsorship tier).
    pub units_per_email_per_item: u32,
    pub units_per_email: u32,
    pub units_per_address_per_item: u32,
    pub units_per_address: u32,
    /// Open sponsorship checkouts, per email and per address: a sponsor buys one at a time.
    pub sponsorships_per_buyer: u32,
}

impl Default for HoldLimits {
    fn default() -> Self {
        Self {
            checkouts_per_email: 3,
            checkouts_per_address: 20,
            units_per_email_per_item: 20,
            units_per_email: 40,
            units_per_address_per_item: 40,
            units_per_address: 100,
            sponsorships_per_buyer: 1,
        }
    }
}

/// The section's values over the defaults. Unit caps below `largest_order` (the most
/// units one order of any item may have) would refuse orders the shop offers.
pub(super) fn from_file(section: Option<LimitsSection>, largest_order: u32) -> Result<HoldLimits, Invalid> {
    let section = section.unwrap_or_default();
    let defaults = HoldLimits::default();
    let plain = |value: Option<Limit>, default: u32| value.map_or(default, |limit| limit.0);
    let units = |value: Option<Spanned<Limit>>, default: u32, name: &str| -> Result<(u32, Range<usize>), Invalid> {
        match value {
            Some(value) if value.get_ref().0 < largest_order => invalid(
                value.span(),
                format!("limits.{name}"),
                format!("must be at least {largest_order}, the most units one order may have"),
            ),
            Some(value) => Ok((value.get_ref().0, value.span())),
            None => Ok((default.max(largest_order), 0..0)),
        }
    };
    let (email_item, _) = units(
        section.held_units_per_email_per_item,
        defaults.units_per_email_per_item,
        "held_units_per_email_per_item",
    )?;
    let (email_total, email_span) = units(
        section.held_units_per_email,
        defaults.units_per_email,
        "held_units_per_email",
    )?;
    let (address_item, _) = units(
        section.held_units_per_address_per_item,
        defaults.units_per_address_per_item,
        "held_units_per_address_per_item",
    )?;
    let (address_total, address_span) = units(
        section.held_units_per_address,
        defaults.units_per_address,
        "held_units_per_address",
    )?;
    if email_total < email_item {
        return invalid(
            email_span,
            "limits.held_units_per_email",
            "must be at least limits.held_units_per_email_per_item",
        );
    }
    if address_total < address_item {
        return invalid(
            address_span,
            "limits.held_units_per_address",
            "must be at least limits.held_units_per_address_per_item",
        );
    }
    Ok(HoldLimits {
        checkouts_per_email: plain(section.open_checkouts_per_email, defaults.checkouts_per_email),
        checkouts_per_address: plain(section.open_checkouts_per_address, defaults.checkouts_per_address),
        units_per_email_per_item: email_item,
        units_per_email: email_total,
        units_per_address_per_item: address_item,
        units_per_address: address_total,
        sponsorships_per_buyer: plain(section.open_sponsorships_per_buyer, defaults.sponsorships_per_buyer),
    })
}
