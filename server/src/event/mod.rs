//! The event: everything that changes per edition, loaded once from the event file
//! and validated before the server starts.

mod badges;
mod dates;
mod emails;
mod field;
mod file;
mod limits;
mod privacy;
mod questions;
mod sales;
mod seller;
pub mod sku;
mod workshops;

use std::path::{Path, PathBuf};

use time::{Date, OffsetDateTime};
use toml::Spanned;
use toml::value::Datetime;

use crate::domain::Money;
pub use badges::BadgeLayout;
pub use dates::{date_range_label, long_date};
pub use emails::EmailTerms;
use field::{Invalid, instant, invalid};
pub use file::{BadgeSheet, Category, SpecialOffer, SponsorshipGroup};
pub use limits::HoldLimits;
pub use privacy::{DEFAULT_KEEP_PERSONAL_DATA_DAYS, PrivacyTerms};
pub use questions::{Question, QuestionKind};
pub use sales::{PricePhase, SaleTerms, VolumeDiscount};
pub use seller::{PaperSize, SalesTax, Seller};
pub use workshops::WorkshopTerms;

/// How long a waiting-list offer holds its units when the event file does not say.
pub const DEFAULT_OFFER_HOURS: u32 = 48;

#[derive(Debug, Clone)]
pub struct Event {
    pub name: String,
    pub short_name: String,
    pub tagline: String,
    pub description: String,
    pub starts_at: OffsetDateTime,
    pub ends_at: OffsetDateTime,
    /// IANA name of the venue's timezone, for display; the offsets above are authoritative.
    pub timezone: String,
    pub contact_email: String,
    pub hashtags: Vec<String>,
    pub early_bird_until: Date,
    pub full_refund_until: Date,
    pub half_refund_until: Date,
    /// Before it nothing is on sale.
    pub sales_open: Option<OffsetDateTime>,
    /// After it nothing is on sale.
    pub sales_close: Option<OffsetDateTime>,
    /// When the door first lets people in: an offline scan dated earlier is not believed.
    pub doors_open: OffsetDateTime,
    pub figures: Figures,
    pub venue: Venue,
    pub tickets: Vec<Ticket>,
    pub merchandise: Vec<MerchandiseItem>,
    /// Standard tiers first, then signature ones, each in file order.
    pub sponsorship_tiers: Vec<SponsorshipTier>,
    pub hold_limits: HoldLimits,
    /// Who sells, for invoices; without it no invoices are issued.
    pub seller: Option<Seller>,
    /// What sponsors must send by when, in date order.
    pub sponsor_deadlines: Vec<SponsorDeadline>,
    /// How long a waiting-list offer holds its units.
    pub offer_hours: u32,
    /// The sample programme fed at first start (`[programme] sample`), resolved against the event file's folder.
    pub programme_sample: Option<PathBuf>,
    /// When workshop seats may be reserved, and when holders are reminded.
    pub workshops: WorkshopTerms,
    /// How long personal data is kept after the event.
    pub privacy: PrivacyTerms,
    /// The sheets badges print on, by name; never empty.
    pub badge_layouts: Vec<BadgeLayout>,
    /// What each attendee is asked, in the file's order.
    pub questions: Vec<Question>,
    /// When the scheduled emails go out.
    pub emails: EmailTerms,
}

#[derive(Debug, Clone)]
pub struct SponsorDeadline {
    pub label: String,
    pub date: Date,
}

#[derive(Debug, Clone)]
pub struct Figures {
    pub speakers: String,
    pub workshops: String,
    pub attendees: String,
    pub hackathon_prize: String,
    pub weather: String,
}

#[derive(Debug, Clone)]
pub struct Venue {
    pub name: String,
    pub area: String,
    pub address: String,
    pub maps_url: String,
    pub description: String,
    pub benefits: Vec<String>,
    /// Latitude and longitude in degrees.
    pub coordinates: Option<(f64, f64)>,
}

#[derive(Debug, Clone)]
pub struct Ticket {
    pub id: u32,
    pub ticket_type: String,
    pub name: String,
    pub description: String,
    pub price: Money,
    pub regular_price: Option<Money>,
    pub features: Vec<String>,
    pub limit: Option<u32>,
    /// Smallest number of people per purchase (4 for the team pass).
    pub min_quantity: u32,
    /// Largest number of people per purchase; larger groups contact the organizers.
    pub max_quantity: u32,
    pub sale: SaleTerms,
    /// Shares off larger orders, smallest first.
    pub volume_discounts: Vec<VolumeDiscount>,
    /// How many workshop seats one ticket of this type may hold; 0: the type includes no workshops.
    pub workshop_seats: u32,
}

impl Ticket {
    /// People per order when the event file gives no `max_quantity`.
    pub const DEFAULT_MAX_QUANTITY: u32 = 20;
}

#[derive(Debug, Clone)]
pub struct MerchandiseItem {
    pub id: u32,
    pub name: String,
    pub description: String,
    pub price: Money,
    pub regular_price: Option<Money>,
    pub category: Category,
    pub image: String,
    pub sizes: Vec<String>,
    pub colors: Vec<String>,
    pub limit: Option<u32>,
    pub variant_limits: Vec<VariantLimit>,
    pub special_offer: Option<SpecialOffer>,
    pub sale: SaleTerms,
}

/// A limit on one size/colour combination; `None` where the item has no such option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantLimit {
    pub size: Option<String>,
    pub color: Option<String>,
    pub limit: u32,
}

impl MerchandiseItem {
    /// Units of an item one order may have.
    pub const MAX_QUANTITY: u32 = 10;

    pub fn has_options(&self) -> bool {
        !self.sizes.is_empty() || !self.colors.is_empty()
    }
}

#[derive(Debug, Clone)]
pub struct SponsorshipTier {
    pub value: String,
    pub label: String,
    pub group: SponsorshipGroup,
    pub amount: Money,
    pub vip_passes: u32,
    pub exhibition_space: Option<String>,
    pub perks: Vec<String>,
    /// Signature tiers sell once unless the file gives another limit.
    pub limit: Option<u32>,
    pub sale: SaleTerms,
}

#[derive(Debug, thiserror::Error)]
pub enum EventFileError {
    // The cause is the error's source: printed with it, never twice.
    #[error("cannot read the event file {}", path.display())]
    Read { path: PathBuf, source: std::io::Error },
    #[error("the event file {} is invalid: {message}", path.display())]
    Parse { path: PathBuf, message: String },
    #[error("the event file {} is invalid at line {line}, field `{field}`: {message}", path.display())]
    Invalid {
        path: PathBuf,
        line: usize,
        field: String,
        message: String,
    },
}

impl Event {
    pub fn load(path: &Path) -> Result<Self, EventFileError> {
        let source = std::fs::read_to_string(path).map_err(|source| EventFileError::Read {
            path: path.to_owned(),
            source,
        })?;
        let mut event = Self::parse(&source, path)?;
        if let (Some(sample), Some(folder)) = (&event.programme_sample, path.parent()) {
            event.programme_sample = Some(folder.join(sample));
        }
        Ok(event)
    }

    /// Parses the text of an event file; `path` only names it in errors.
    pub fn parse(source: &str, path: &Path) -> Result<Self, EventFileError> {
        let file: file::EventFile = toml::from_str(source).map_err(|error| EventFileError::Parse {
            path: path.to_owned(),
            message: error.to_string().trim_end().to_owned(),
        })?;
        from_file(file).map_err(|invalid| EventFileError::Invalid {
            path: path.to_owned(),
            line: source[..invalid.span.start.min(source.len())].matches('\n').count() + 1,
            field: invalid.field,
            message: invalid.message,
        })
    }

    pub fn ticket_by_type(&self, ticket_type: &str) -> Option<&Ticket> {
        self.tickets.iter().find(|ticket| ticket.ticket_type == ticket_type)
    }

    /// The name a ticket type is shown by ("Developer Pass"), or its key when the event file
    /// no longer has it (a ticket sold before the type was renamed).
    pub fn ticket_name(&self, ticket_type: &str) -> String {
        self.ticket_by_type(ticket_type)
            .map_or_else(|| ticket_type.to_owned(), |ticket| ticket.name.clone())
    }

    /// "May 18-22, 2026", in the venue's local dates.
    pub fn date_label(&self) -> String {
        date_range_label(self.starts_at.date(), self.ends_at.date())
    }

    /// "09:02 on May 18, 2026": the venue's clock at `millis` (Unix milliseconds).
    pub fn venue_time(&self, millis: i64) -> String {
        let instant = OffsetDateTime::from_unix_timestamp(millis.div_euclid(1000))
            .unwrap_or(OffsetDateTime::UNIX_EPOCH)
            .to_offset(self.starts_at.offset());
        format!(
            "{:02}:{:02} on {}",
            instant.hour(),
            instant.minute(),
            long_date(instant.date())
        )
    }

    /// The date at the venue at `instant`: the calendar the policies' dates are on.
    pub fn venue_date(&self, instant: OffsetDateTime) -> Date {
        instant.to_offset(self.starts_at.offset()).date()
    }
}

fn from_file(file: file::EventFile) -> Result<Event, Invalid> {
    let file::EventFile {
        event,
        venue,
        tickets,
        merchandise,
        sponsorship_tiers,
        limits,
        seller,
        sponsors,
        waiting_list,
        programme,
        workshops,
        privacy,
        badge_layouts,
        questions,
        emails,
    } = file;
    let starts_at = instant(&event.starts_at, "event.starts_at")?;
    let ends_at = instant(&event.ends_at, "event.ends_at")?;
    if ends_at <= starts_at {
        return invalid(event.ends_at.span(), "event.ends_at", "must be after event.starts_at");
    }
    let sales_open = sales::optional_instant(event.sales_open.as_ref(), "event.sales_open")?;
    let sales_close = sales::optional_instant(event.sales_close.as_ref(), "event.sales_close")?;
    if let (Some(open), Some(close), Some(spanned)) = (sales_open, sales_close, &event.sales_close)
        && close <= open
    {
        return invalid(spanned.span(), "event.sales_close", "must be after event.sales_open");
    }
    let doors_open = sales::optional_instant(event.doors_open.as_ref(), "event.doors_open")?.unwrap_or(starts_at);
    if let Some(spanned) = &event.doors_open
        && doors_open >= ends_at
    {
        return invalid(spanned.span(), "event.doors_open", "must be before event.ends_at");
    }
    let full_refund_until = date(&event.full_refund_until, "event.full_refund_until")?;
    let half_refund_until = date(&event.half_refund_until, "event.half_refund_until")?;
    if half_refund_until <= full_refund_until {
        return invalid(
            event.half_refund_until.span(),
            "event.half_refund_until",
            "must be after event.full_refund_until",
        );
    }

    Ok(Event {
        name: event.name.0,
        short_name: event.short_name.0,
        tagline: event.tagline.0,
        description: event.description.0,
        starts_at,
        ends_at,
        timezone: event.timezone.0,
        contact_email: event.contact_email.0,
        hashtags: event.hashtags.into_iter().map(|tag| tag.0).collect(),
        early_bird_until: date(&event.early_bird_until, "event.early_bird_until")?,
        full_refund_until,
        half_refund_until,
        sales_open,
        sales_close,
        doors_open,
        figures: Figures {
            speakers: event.figures.speakers.0,
            workshops: event.figures.workshops.0,
            attendees: event.figures.attendees.0,
            hackathon_prize: event.figures.hackathon_prize.0,
            weather: event.figures.weather.0,
        },
        venue: Venue {
            name: venue.name.0,
            area: venue.area.0,
            address: venue.address.0,
            maps_url: venue.maps_url.0,
            description: venue.description.0,
            benefits: texts(venue.benefits),
            coordinates: badges::coordinates(venue.latitude, venue.longitude)?,
        },
        hold_limits: limits::from_file(limits, largest_order(&tickets))?,
        seller: seller::from_file(seller)?,
        sponsor_deadlines: sponsor_deadlines(sponsors)?,
        offer_hours: waiting_list
            .and_then(|section| section.offer_hours)
            .map_or(DEFAULT_OFFER_HOURS, |hours| hours.0),
        programme_sample: programme.and_then(|section| section.sample).map(PathBuf::from),
        workshops: workshops::from_file(workshops, starts_at.offset())?,
        privacy: privacy::from_file(privacy)?,
        badge_layouts: badges::layouts(badge_layouts)?,
        emails: emails::from_file(emails)?,
        questions: questions::from_file(questions, &ticket_types(&tickets))?,
        tickets: tickets_from_file(tickets)?,
        merchandise: merchandise_from_file(merchandise)?,
        sponsorship_tiers: sponsorship_from_file(sponsorship_tiers)?,
    })
}

/// Every ticket type the file lists, in its order.
fn ticket_types(tickets: &[file::TicketEntry]) -> Vec<String> {
    tickets
        .iter()
        .map(|ticket| ticket.ticket_type.get_ref().0.clone())
        .collect()
}

/// The most units one order of any item may have.
fn largest_order(tickets: &[file::TicketEntry]) -> u32 {
    tickets
        .iter()
        .map(|ticket| {
            ticket.max_quantity.as_ref().map_or_else(
                || Ticket::DEFAULT_MAX_QUANTITY.max(ticket.min_quantity.map_or(1, |min| min.0)),
                |max| max.get_ref().0,
            )
        })
        .chain([MerchandiseItem::MAX_QUANTITY])
        .max()
        .unwrap_or(1)
}

fn tickets_from_file(entries: Vec<file::TicketEntry>) -> Result<Vec<Ticket>, Invalid> {
    if entries.is_empty() {
        return invalid(0..0, "tickets", "at least one [[tickets]] entry is required");
    }
    let mut tickets: Vec<Ticket> = Vec::with_capacity(entries.len());
    for (index, entry) in entries.into_iter().enumerate() {
        let field = |name: &str| format!("tickets[{index}].{name}");
        if tickets.iter().any(|ticket| ticket.id == *entry.id.get_ref()) {
            return invalid(entry.id.span(), field("id"), "another ticket already has this id");
        }
        if tickets
            .iter()
            .any(|ticket| ticket.ticket_type == entry.ticket_type.get_ref().0)
        {
            return invalid(
                entry.ticket_type.span(),
                field("type"),
                "another ticket already has this type",
            );
        }
        let regular_price = regular_price(entry.regular_price, entry.price, field("regular_price"))?;
        let min_quantity = entry.min_quantity.map_or(1, |min| min.0);
        let max_quantity = match entry.max_quantity {
            Some(max) if max.get_ref().0 < min_quantity => {
                return invalid(max.span(), field("max_quantity"), "must be at least min_quantity");
            }
            Some(max) => max.into_inner().0,
            None => Ticket::DEFAULT_MAX_QUANTITY.max(min_quantity),
        };
        let sale = sales::sale_terms(
            sales::SaleEntries {
                available_from: entry.available_from,
                available_until: entry.available_until,
                phases: entry.phases,
                hidden: entry.hidden,
            },
            &format!("tickets[{index}]"),
        )?;
        let volume_discounts = sales::volume_discounts(
            entry.volume_discounts.unwrap_or_default(),
            min_quantity,
            max_quantity,
            &format!("tickets[{index}]"),
        )?;
        tickets.push(Ticket {
            id: *entry.id.get_ref(),
            ticket_type: entry.ticket_type.into_inner().0,
            name: entry.name.0,
            description: entry.description.0,
            price: Money::from_cents(entry.price.0),
            regular_price,
            features: texts(entry.features),
            limit: entry.limit.map(|limit| limit.0),
            min_quantity,
            max_quantity,
            sale,
            volume_discounts,
            workshop_seats: entry.workshop_seats.unwrap_or(0),
        });
    }
    Ok(tickets)
}

fn merchandise_from_file(entries: Vec<file::MerchandiseEntry>) -> Result<Vec<MerchandiseItem>, Invalid> {
    let mut items: Vec<MerchandiseItem> = Vec::with_capacity(entries.len());
    for (index, entry) in entries.into_iter().enumerate() {
        let field = |name: &str| format!("merchandise[{index}].{name}");
        if items.iter().any(|item| item.id == *entry.id.get_ref()) {
            return invalid(entry.id.span(), field("id"), "another item already has this id");
        }
        let regular_price = regular_price(entry.regular_price, entry.price, field("regular_price"))?;
        let sizes = entry.sizes.map(texts).unwrap_or_default();
        let colors = entry.colors.map(texts).unwrap_or_default();
        let variant_limits = entry
            .variant_limits
            .unwrap_or_default()
            .into_iter()
            .map(|variant| variant_limit(variant, &sizes, &colors, field("variant_limits")))
            .collect::<Result<Vec<_>, _>>()?;
        let sale = sales::sale_terms(
            sales::SaleEntries {
                available_from: entry.available_from,
                available_until: entry.available_until,
                phases: None,
                hidden: entry.hidden,
            },
            &format!("merchandise[{index}]"),
        )?;
        items.push(MerchandiseItem {
            id: *entry.id.get_ref(),
            name: entry.name.0,
            description: entry.description.0,
            price: Money::from_cents(entry.price.0),
            regular_price,
            category: entry.category,
            image: entry.image.0,
            sizes,
            colors,
            limit: entry.limit.map(|limit| limit.0),
            variant_limits,
            special_offer: entry.special_offer,
            sale,
        });
    }
    Ok(items)
}

fn sponsorship_from_file(entries: Vec<file::SponsorshipTierEntry>) -> Result<Vec<SponsorshipTier>, Invalid> {
    let mut tiers: Vec<SponsorshipTier> = Vec::with_capacity(entries.len());
    for (index, entry) in entries.into_iter().enumerate() {
        if tiers.iter().any(|tier| tier.value == entry.value.get_ref().0) {
            return invalid(
                entry.value.span(),
                format!("sponsorship_tiers[{index}].value"),
                "another tier already has this value",
            );
        }
        let default_limit = (entry.group == SponsorshipGroup::Signature).then_some(1);
        let sale = sales::sale_terms(
            sales::SaleEntries {
                available_from: entry.available_from,
                available_until: entry.available_until,
                phases: None,
                hidden: entry.hidden,
            },
            &format!("sponsorship_tiers[{index}]"),
        )?;
        tiers.push(SponsorshipTier {
            value: entry.value.into_inner().0,
            label: entry.label.0,
            group: entry.group,
            amount: Money::from_cents(entry.amount.0),
            vip_passes: entry.vip_passes,
            exhibition_space: entry.exhibition_space.map(|space| space.0),
            perks: texts(entry.perks),
            limit: entry.limit.map(|limit| limit.0).or(default_limit),
            sale,
        });
    }
    tiers.sort_by_key(|tier| tier.group == SponsorshipGroup::Signature);
    Ok(tiers)
}

/// A variant limit names exactly the options the item has, with values it offers.
fn variant_limit(
    variant: Spanned<file::VariantLimitEntry>,
    sizes: &[String],
    colors: &[String],
    field: String,
) -> Result<VariantLimit, Invalid> {
    let span = variant.span();
    let variant = variant.into_inner();
    let check = |value: &Option<String>, offered: &[String], name: &str| match value {
        Some(value) if offered.contains(value) => Ok(()),
        Some(value) => invalid(
            span.clone(),
            &field,
            format!("{name} {value:?} is not one the item offers"),
        ),
        None if offered.is_empty() => Ok(()),
        None => invalid(
            span.clone(),
            &field,
            format!("give the {name}: the item comes in several"),
        ),
    };
    check(&variant.size, sizes, "size")?;
    check(&variant.color, colors, "color")?;
    Ok(VariantLimit {
        size: variant.size,
        color: variant.color,
        limit: variant.limit.0,
    })
}

fn regular_price(
    regular: Option<Spanned<file::Cents>>,
    price: file::Cents,
    field: String,
) -> Result<Option<Money>, Invalid> {
    match regular {
        Some(regular) if *regular.get_ref() < price => {
            invalid(regular.span(), field, "the regular price cannot be below the price")
        }
        regular => Ok(regular.map(|regular| Money::from_cents(regular.get_ref().0))),
    }
}

fn texts(values: Vec<file::Text>) -> Vec<String> {
    values.into_iter().map(|text| text.0).collect()
}

fn sponsor_deadlines(section: Option<file::SponsorsSection>) -> Result<Vec<SponsorDeadline>, Invalid> {
    let mut deadlines = section
        .map(|section| section.deadlines)
        .unwrap_or_default()
        .into_iter()
        .map(|entry| {
            Ok(SponsorDeadline {
                label: entry.label.0,
                date: date(&entry.date, "sponsors.deadlines.date")?,
            })
        })
        .collect::<Result<Vec<_>, Invalid>>()?;
    deadlines.sort_by_key(|deadline| deadline.date);
    Ok(deadlines)
}

fn date(value: &Spanned<Datetime>, field: &str) -> Result<Date, Invalid> {
    let datetime = value.get_ref();
    match (datetime.date, datetime.time, datetime.offset) {
        (Some(date), None, None) => {
            let month = time::Month::try_from(date.month).ok();
            month
                .and_then(|month| Date::from_calendar_date(date.year.into(), month, date.day).ok())
                .map_or_else(|| invalid(value.span(), field, "is not a valid date"), Ok)
        }
        _ => invalid(value.span(), field, "must be a plain date such as 2026-03-18"),
    }
}

#[cfg(test)]
mod tests;
