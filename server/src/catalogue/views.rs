//! The catalogue's answers as the browser app reads them (web/src/features/config/api,
//! web/src/lib/api): field names and shapes are a contract with the app.

use serde::Serialize;
use time::format_description::well_known::Rfc3339;

use crate::domain::Money;
use crate::event::{
    Category, Event, MerchandiseItem, Question, QuestionKind, SpecialOffer, SponsorshipGroup, SponsorshipTier, Ticket,
    sku,
};
use crate::pricing::{Item, Phase, Sales};

/// The public settings and event details the browser app needs.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicConfig {
    /// `stripe`, or `sandbox` for the offline gateway and its test cards.
    #[schema(example = "sandbox")]
    pub payment_provider: &'static str,
    /// With Stripe only: the key Stripe.js is loaded with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stripe_publishable_key: Option<String>,
    pub event: EventInfo,
    /// What each attendee is asked, in the event file's order.
    pub questions: Vec<QuestionView>,
}

/// A question each attendee of its ticket types is asked.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = EventQuestion)]
pub struct QuestionView {
    /// The key of its answer in `answers`.
    #[schema(example = "diet")]
    pub id: String,
    #[schema(example = "Dietary needs")]
    pub label: String,
    pub kind: QuestionKind,
    /// A `choice` or `multiple_choice` question's options, in order; empty for the other kinds.
    pub options: Vec<String>,
    pub required: bool,
    /// The ticket types whose holders are asked (a sponsor's passes are `vip` tickets).
    pub ticket_types: Vec<String>,
    #[schema(required = true)]
    pub help: Option<String>,
}

impl QuestionView {
    pub fn new(question: &Question) -> Self {
        Self {
            id: question.id.clone(),
            label: question.label.clone(),
            kind: question.kind,
            options: question.options.clone(),
            required: question.required,
            ticket_types: question.ticket_types.clone(),
            help: question.help.clone(),
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventInfo {
    pub name: String,
    pub short_name: String,
    pub tagline: String,
    pub description: String,
    #[schema(format = DateTime, example = "2026-05-18T00:00:00-04:00")]
    pub starts_at: String,
    #[schema(format = DateTime)]
    pub ends_at: String,
    /// IANA name of the venue's timezone, for display.
    #[schema(example = "America/New_York")]
    pub timezone: String,
    pub date_label: String,
    pub site_url: String,
    pub contact_email: String,
    pub hashtags: Vec<String>,
    #[schema(format = Date)]
    pub early_bird_until: String,
    #[schema(format = Date)]
    pub full_refund_until: String,
    #[schema(format = Date)]
    pub half_refund_until: String,
    /// When the shop opens, if the event file says.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(format = DateTime, nullable = false)]
    pub sales_open: Option<String>,
    /// When the shop closes, if the event file says.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(format = DateTime, nullable = false)]
    pub sales_close: Option<String>,
    pub figures: Figures,
    pub venue: Venue,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = EventFigures)]
pub struct Figures {
    pub speakers: String,
    pub workshops: String,
    pub attendees: String,
    pub hackathon_prize: String,
    pub weather: String,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Venue {
    pub name: String,
    pub area: String,
    pub address: String,
    pub maps_url: String,
    pub description: String,
    pub benefits: Vec<String>,
}

impl EventInfo {
    pub fn new(event: &Event, public_url: &str) -> Result<Self, time::error::Format> {
        Ok(Self {
            name: event.name.clone(),
            short_name: event.short_name.clone(),
            tagline: event.tagline.clone(),
            description: event.description.clone(),
            starts_at: event.starts_at.format(&Rfc3339)?,
            ends_at: event.ends_at.format(&Rfc3339)?,
            timezone: event.timezone.clone(),
            date_label: event.date_label(),
            site_url: public_url.to_owned(),
            contact_email: event.contact_email.clone(),
            hashtags: event.hashtags.clone(),
            early_bird_until: event.early_bird_until.to_string(),
            full_refund_until: event.full_refund_until.to_string(),
            half_refund_until: event.half_refund_until.to_string(),
            sales_open: event.sales_open.map(|at| at.format(&Rfc3339)).transpose()?,
            sales_close: event.sales_close.map(|at| at.format(&Rfc3339)).transpose()?,
            figures: Figures {
                speakers: event.figures.speakers.clone(),
                workshops: event.figures.workshops.clone(),
                attendees: event.figures.attendees.clone(),
                hackathon_prize: event.figures.hackathon_prize.clone(),
                weather: event.figures.weather.clone(),
            },
            venue: Venue {
                name: event.venue.name.clone(),
                area: event.venue.area.clone(),
                address: event.venue.address.clone(),
                maps_url: event.venue.maps_url.clone(),
                description: event.venue.description.clone(),
                benefits: event.venue.benefits.clone(),
            },
        })
    }
}

/// Whether an item can be bought now: `open`, `not_yet` (before its sales window), `closed`
/// (after it) or `sold_out`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = SalesState)]
pub enum SalesView {
    Open,
    NotYet,
    Closed,
    SoldOut,
}

/// Where an item's sales stand now.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SalesFacts {
    pub sales: SalesView,
    /// When sales open, for an item not on sale yet.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(format = DateTime, nullable = false)]
    pub sales_open_at: Option<String>,
    /// False unless `sales` is `open`.
    pub available: bool,
}

impl SalesFacts {
    pub fn new(sales: Sales) -> Self {
        Self {
            sales: match sales {
                Sales::Open => SalesView::Open,
                Sales::NotYet { .. } => SalesView::NotYet,
                Sales::Closed => SalesView::Closed,
                Sales::SoldOut => SalesView::SoldOut,
            },
            sales_open_at: match sales {
                Sales::NotYet { from } => from.format(&Rfc3339).ok(),
                _ => None,
            },
            available: sales == Sales::Open,
        }
    }
}

/// The price phase a ticket sells in now.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PricePhase)]
pub struct PhaseView {
    /// "Early bird".
    pub name: String,
    /// When it ends by the calendar, if it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(format = DateTime, nullable = false)]
    pub ends_at: Option<String>,
    /// The units it is for ("while 150 last"), if it ends by units.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub units: Option<u32>,
    /// Of those, the units not yet sold or held.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub units_left: Option<i64>,
}

impl PhaseView {
    fn new(phase: &Phase<'_>) -> Self {
        Self {
            name: phase.phase.name.clone(),
            ends_at: phase.phase.until.and_then(|until| until.format(&Rfc3339).ok()),
            units: phase.phase.units,
            units_left: phase.units_left,
        }
    }
}

/// A share off larger orders.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VolumeDiscountView {
    pub min_quantity: u32,
    pub percent_off: u32,
    pub label: String,
}

/// A ticket type on sale, with its server-side price in cents.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketView {
    pub id: u32,
    /// What `create-payment-intent` takes as `ticketType`.
    #[serde(rename = "type")]
    #[schema(example = "developer")]
    pub ticket_type: String,
    pub name: String,
    pub description: String,
    /// The price now, in the current phase.
    pub price: Money,
    /// The price shown struck through: the next phase's, or the regular price.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub regular_price: Option<Money>,
    /// The price once the current phase is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub next_price: Option<Money>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub phase: Option<PhaseView>,
    pub features: Vec<String>,
    pub min_quantity: u32,
    pub max_quantity: u32,
    /// The most people one waiting-list entry may ask for: `maxQuantity`, or the ticket's limit
    /// when lower (no more could ever come back).
    pub waiting_list_max_quantity: u32,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub volume_discounts: Vec<VolumeDiscountView>,
    #[serde(flatten)]
    pub sales: SalesFacts,
}

impl TicketView {
    pub fn new(ticket: &Ticket, sales: Sales, phase: Option<&Phase<'_>>) -> Self {
        let next_price = phase.and_then(|phase| phase.next).map(|next| next.price);
        Self {
            id: ticket.id,
            ticket_type: ticket.ticket_type.clone(),
            name: ticket.name.clone(),
            description: ticket.description.clone(),
            price: phase.map_or(ticket.price, |phase| phase.phase.price),
            regular_price: if ticket.sale.phases.is_empty() {
                ticket.regular_price
            } else {
                next_price
            },
            next_price,
            phase: phase.map(PhaseView::new),
            features: ticket.features.clone(),
            min_quantity: ticket.min_quantity,
            max_quantity: ticket.max_quantity,
            waiting_list_max_quantity: Item::Ticket(ticket).waiting_list_max(None),
            volume_discounts: ticket
                .volume_discounts
                .iter()
                .map(|discount| VolumeDiscountView {
                    min_quantity: discount.min_quantity,
                    percent_off: discount.percent_off,
                    label: discount.label.clone(),
                })
                .collect(),
            sales: SalesFacts::new(sales),
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MerchandiseView {
    /// What `create-merchandise-payment` takes as `merchandiseId`.
    pub id: u32,
    pub name: String,
    pub description: String,
    pub price: Money,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub regular_price: Option<Money>,
    pub category: Category,
    pub image_url: String,
    /// The sizes to choose from, if the item comes in sizes.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sizes: Vec<String>,
    /// The colours to choose from, if the item comes in colours.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub colors: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub special_offer: Option<SpecialOffer>,
    /// The most units one waiting-list entry may ask for: an order's maximum, or the item's
    /// limit when lower (no more could ever come back).
    pub waiting_list_max_quantity: u32,
    /// The sizes and colours whose own limit allows fewer still, with that number.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub variant_waiting_list_max_quantity: Vec<VariantMaxView>,
    #[serde(flatten)]
    pub sales: SalesFacts,
}

/// The most units one waiting-list entry may ask for in one size/colour.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = VariantWaitingListMax)]
pub struct VariantMaxView {
    /// Absent for an item without sizes.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub size: Option<String>,
    /// Absent for an item without colours.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub color: Option<String>,
    pub max_quantity: u32,
}

impl MerchandiseView {
    pub fn new(item: &MerchandiseItem, sales: Sales) -> Self {
        Self {
            id: item.id,
            name: item.name.clone(),
            description: item.description.clone(),
            price: item.price,
            regular_price: item.regular_price,
            category: item.category,
            image_url: item.image.clone(),
            sizes: item.sizes.clone(),
            colors: item.colors.clone(),
            special_offer: item.special_offer,
            waiting_list_max_quantity: Item::Merchandise(item).waiting_list_max(None),
            variant_waiting_list_max_quantity: variant_waiting_list_max(item),
            sales: SalesFacts::new(sales),
        }
    }
}

/// The variants of `item` whose own limit allows a waiting-list entry fewer units than the item does.
fn variant_waiting_list_max(item: &MerchandiseItem) -> Vec<VariantMaxView> {
    let whole = Item::Merchandise(item).waiting_list_max(None);
    item.variant_limits
        .iter()
        .filter_map(|variant| {
            let key = sku::merchandise_variant(item.id, variant.size.as_deref(), variant.color.as_deref());
            let max_quantity = Item::Merchandise(item).waiting_list_max(Some(&key));
            (max_quantity < whole).then(|| VariantMaxView {
                size: variant.size.clone(),
                color: variant.color.clone(),
                max_quantity,
            })
        })
        .collect()
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TierView {
    /// What `create-sponsorship-payment` takes as `tier`.
    #[schema(example = "gold")]
    pub value: String,
    pub label: String,
    pub amount: Money,
    pub group: SponsorshipGroup,
    pub vip_passes: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub exhibition_space: Option<String>,
    pub perks: Vec<String>,
    #[serde(flatten)]
    pub sales: SalesFacts,
}

impl TierView {
    pub fn new(tier: &SponsorshipTier, sales: Sales) -> Self {
        Self {
            value: tier.value.clone(),
            label: tier.label.clone(),
            amount: tier.amount,
            group: tier.group,
            vip_passes: tier.vip_passes,
            exhibition_space: tier.exhibition_space.clone(),
            perks: tier.perks.clone(),
            sales: SalesFacts::new(sales),
        }
    }
}
