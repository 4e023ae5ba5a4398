//! Something the shop sells, whatever its kind, as pricing sees it.

use crate::domain::{Money, OrderKind};
use crate::event::{Event, MerchandiseItem, SaleTerms, SponsorshipTier, Ticket, VolumeDiscount, sku};

#[derive(Debug, Clone, Copy)]
pub enum Item<'a> {
    Ticket(&'a Ticket),
    Merchandise(&'a MerchandiseItem),
    Sponsorship(&'a SponsorshipTier),
}

impl<'a> Item<'a> {
    /// The item a stock keeping unit names ("ticket:developer", "merchandise:1", "sponsorship:gold").
    pub fn by_sku(event: &'a Event, key: &str) -> Option<Self> {
        let (kind, name) = key.split_once(':')?;
        match kind {
            "ticket" => event.ticket_by_type(name).map(Self::Ticket),
            "merchandise" => {
                let id: u32 = name.parse().ok()?;
                event
                    .merchandise
                    .iter()
                    .find(|item| item.id == id)
                    .map(Self::Merchandise)
            }
            "sponsorship" => event
                .sponsorship_tiers
                .iter()
                .find(|tier| tier.value == name)
                .map(Self::Sponsorship),
            _ => None,
        }
    }

    /// Every item of the event, in catalogue order.
    pub fn all(event: &'a Event) -> impl Iterator<Item = Self> + 'a {
        let tickets = event.tickets.iter().map(Self::Ticket);
        let merchandise = event.merchandise.iter().map(Self::Merchandise);
        let tiers = event.sponsorship_tiers.iter().map(Self::Sponsorship);
        tickets.chain(merchandise).chain(tiers)
    }

    pub fn kind(&self) -> OrderKind {
        match self {
            Self::Ticket(_) => OrderKind::Ticket,
            Self::Merchandise(_) => OrderKind::Merchandise,
            Self::Sponsorship(_) => OrderKind::Sponsorship,
        }
    }

    /// Its stock keeping unit: what stock limits and codes name it by.
    pub fn sku(&self) -> String {
        match self {
            Self::Ticket(ticket) => sku::ticket(&ticket.ticket_type),
            Self::Merchandise(item) => sku::merchandise(item.id),
            Self::Sponsorship(tier) => sku::sponsorship(&tier.value),
        }
    }

    pub fn name(&self) -> String {
        match self {
            Self::Ticket(ticket) => ticket.name.clone(),
            Self::Merchandise(item) => item.name.clone(),
            Self::Sponsorship(tier) => format!("{} sponsorship", tier.label),
        }
    }

    /// The price when the item has no phases.
    pub fn base_price(&self) -> Money {
        match self {
            Self::Ticket(ticket) => ticket.price,
            Self::Merchandise(item) => item.price,
            Self::Sponsorship(tier) => tier.amount,
        }
    }

    pub fn sale(&self) -> &'a SaleTerms {
        match self {
            Self::Ticket(ticket) => &ticket.sale,
            Self::Merchandise(item) => &item.sale,
            Self::Sponsorship(tier) => &tier.sale,
        }
    }

    pub fn volume_discounts(&self) -> &'a [VolumeDiscount] {
        match self {
            Self::Ticket(ticket) => &ticket.volume_discounts,
            Self::Merchandise(_) | Self::Sponsorship(_) => &[],
        }
    }

    /// The smallest order: a team pass is for at least 4 people.
    pub fn min_quantity(&self) -> i64 {
        match self {
            Self::Ticket(ticket) => i64::from(ticket.min_quantity),
            Self::Merchandise(_) | Self::Sponsorship(_) => 1,
        }
    }

    /// The item's own stock limit, if it has one.
    pub fn limit(&self) -> Option<u32> {
        match self {
            Self::Ticket(ticket) => ticket.limit,
            Self::Merchandise(item) => item.limit,
            Self::Sponsorship(tier) => tier.limit,
        }
    }

    /// The largest order: 20 people, 10 of a merchandise item, one sponsorship.
    pub fn max_quantity(&self) -> u32 {
        match self {
            Self::Ticket(ticket) => ticket.max_quantity,
            Self::Merchandise(_) => MerchandiseItem::MAX_QUANTITY,
            Self::Sponsorship(_) => 1,
        }
    }

    /// The most units that could ever come back to one waiting-list entry for the item, or for
    /// its variant `variant_sku`: its largest order, or its limit (or its variant's) when lower.
    /// An entry for more could never be served.
    pub fn waiting_list_max(&self, variant_sku: Option<&str>) -> u32 {
        let variant_limit = match (self, variant_sku) {
            (Self::Merchandise(item), Some(variant_sku)) => item
                .variant_limits
                .iter()
                .find(|variant| {
                    sku::merchandise_variant(item.id, variant.size.as_deref(), variant.color.as_deref()) == variant_sku
                })
                .map(|variant| variant.limit),
            _ => None,
        };
        [self.limit(), variant_limit]
            .into_iter()
            .flatten()
            .fold(self.max_quantity(), u32::min)
    }
}
