//! The catalogue's answers as the browser app reads them (web/src/features/config/api,
//! web/src/lib/api): field names and shapes are a contract with the app.

use serde::Serialize;
use time::format_description::well_known::Rfc3339;

use crate::domain::Money;
use crate::event::{Category, Event, MerchandiseItem, SpecialOffer, SponsorshipGroup, SponsorshipTier, Ticket};

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
    pub price: Money,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub regular_price: Option<Money>,
    pub features: Vec<String>,
    pub min_quantity: u32,
    pub max_quantity: u32,
    /// False once the ticket's limit is reached.
    pub available: bool,
}

impl TicketView {
    pub fn new(ticket: &Ticket, available: bool) -> Self {
        Self {
            id: ticket.id,
            ticket_type: ticket.ticket_type.clone(),
            name: ticket.name.clone(),
            description: ticket.description.clone(),
            price: ticket.price,
            regular_price: ticket.regular_price,
            features: ticket.features.clone(),
            min_quantity: ticket.min_quantity,
            max_quantity: ticket.max_quantity,
            available,
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
    pub special_offer: Option<SpecialOffer>,
}

impl From<&MerchandiseItem> for MerchandiseView {
    fn from(item: &MerchandiseItem) -> Self {
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
        }
    }
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
    /// False once paid and reserved orders take every unit.
    pub available: bool,
    pub vip_passes: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exhibition_space: Option<String>,
    pub perks: Vec<String>,
}

impl TierView {
    pub fn new(tier: &SponsorshipTier, available: bool) -> Self {
        Self {
            value: tier.value.clone(),
            label: tier.label.clone(),
            amount: tier.amount,
            group: tier.group,
            available,
            vip_passes: tier.vip_passes,
            exhibition_space: tier.exhibition_space.clone(),
            perks: tier.perks.clone(),
        }
    }
}
