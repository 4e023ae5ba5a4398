//! The shape of `conference.toml` as written by the organizer. Values that can be
//! checked alone are checked while parsing, so the TOML error names their line;
//! checks across entries keep a `Spanned` value to point at.

use serde::{Deserialize, Deserializer, de};
use toml::Spanned;
use toml::value::Datetime;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventFile {
    pub event: EventSection,
    pub venue: VenueSection,
    pub tickets: Vec<TicketEntry>,
    pub merchandise: Vec<MerchandiseEntry>,
    pub sponsorship_tiers: Vec<SponsorshipTierEntry>,
    pub limits: Option<LimitsSection>,
    pub seller: Option<SellerSection>,
    pub sponsors: Option<SponsorsSection>,
    pub waiting_list: Option<WaitingListSection>,
    pub programme: Option<ProgrammeSection>,
    pub workshops: Option<WorkshopsSection>,
    pub privacy: Option<PrivacySection>,
    pub badge_layouts: Option<Vec<BadgeLayoutEntry>>,
    /// What each attendee is asked; optional.
    #[serde(default)]
    pub questions: Vec<Spanned<QuestionEntry>>,
    pub emails: Option<EmailsSection>,
}

/// How long personal data is kept after the event; optional.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrivacySection {
    /// Days after the event's end (90 when left out), 1 to 3650.
    pub keep_personal_data_days: Option<Spanned<i64>>,
}

/// One question each attendee of the named ticket types is asked (`[[questions]]`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuestionEntry {
    /// `[a-z0-9_-]{1,40}`, unique: the key of its answers in the API and the column of the attendees' export.
    pub id: Spanned<String>,
    pub label: Spanned<Text>,
    pub kind: QuestionKind,
    /// The choices of a `choice` or `multiple_choice` question: 2 to 50, each once.
    pub options: Option<Spanned<Vec<Spanned<Text>>>>,
    #[serde(default)]
    pub required: bool,
    /// The ticket types whose holders are asked; every type when left out.
    pub ticket_types: Option<Spanned<Vec<Spanned<String>>>>,
    pub help: Option<Spanned<Text>>,
    /// Whether the door screen shows the answer beside the holder's name.
    #[serde(default)]
    pub show_at_door: bool,
}

/// What an answer is, and how it is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum QuestionKind {
    Text,
    LongText,
    Choice,
    MultipleChoice,
    YesNo,
    Country,
    Phone,
    Date,
}

/// The emails the site sends on a schedule; optional.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EmailsSection {
    /// `HH:MM`, the venue's time of day on the day before the event when every holder gets their ticket again
    /// ("17:00" when left out).
    pub day_before_time: Option<Spanned<String>>,
}

/// When attendees may reserve workshop seats, and when they are reminded; optional.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkshopsSection {
    /// Venue time, without an offset; by default sign-up opens as soon as the programme is published.
    pub signup_opens: Option<Spanned<Datetime>>,
    /// Venue time, without an offset; by default each session's sign-up closes at its start.
    pub signup_closes: Option<Spanned<Datetime>>,
    /// `HH:MM`, the venue's time of day on the evening before a session ("18:00" when left out).
    pub reminder_time: Option<Spanned<String>>,
}

/// Where the programme comes from before the organizer imports one; optional.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProgrammeSection {
    /// A sample programme in pretalx's format, relative to the event file: fed at first start to a site that has no
    /// programme yet, so that every page shows something until the organizer imports the real one.
    pub sample: Option<String>,
}

/// How the waiting list for what sold out offers what comes back; optional.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WaitingListSection {
    /// How long an offer's code holds its units, in hours (48 when left out).
    pub offer_hours: Option<Limit>,
}

/// What sponsors are told on their page; optional.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SponsorsSection {
    /// What sponsors must send, and by when (the venue's day).
    pub deadlines: Vec<SponsorDeadlineEntry>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SponsorDeadlineEntry {
    pub label: Text,
    pub date: Spanned<Datetime>,
}

/// Who sells, as invoices say it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SellerSection {
    pub legal_name: Text,
    /// Its address, a line each.
    pub address: Vec<Text>,
    pub tax_id: Option<Text>,
    /// What invoice numbers start with, such as "CW2026-".
    pub invoice_prefix: Spanned<Slug>,
    /// Printed at the foot of every invoice: payment terms, a contact.
    pub footer: Option<Text>,
    pub paper: Option<Paper>,
    pub sales_tax: Option<SalesTaxSection>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Paper {
    Letter,
    A4,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SalesTaxSection {
    /// What invoices and receipts call it: "Florida sales tax".
    pub label: Text,
    /// A percentage with at most two decimals: 7 or 7.25.
    pub rate_percent: Spanned<f64>,
    /// The kinds of items it applies to: "ticket", "merchandise", "sponsorship".
    pub applies_to: Vec<Spanned<String>>,
    /// Whether the prices in this file include it (the tax is part of them) or not (it is added).
    pub prices_include_tax: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventSection {
    pub name: Text,
    pub short_name: Text,
    pub tagline: Text,
    pub description: Text,
    pub starts_at: Spanned<Datetime>,
    pub ends_at: Spanned<Datetime>,
    pub timezone: Text,
    pub contact_email: Text,
    pub hashtags: Vec<Hashtag>,
    pub early_bird_until: Spanned<Datetime>,
    pub full_refund_until: Spanned<Datetime>,
    pub half_refund_until: Spanned<Datetime>,
    /// Before it nothing is on sale.
    pub sales_open: Option<Spanned<Datetime>>,
    /// After it nothing is on sale.
    pub sales_close: Option<Spanned<Datetime>>,
    /// Offline scans dated before it are not believed; the start by default.
    pub doors_open: Option<Spanned<Datetime>>,
    pub figures: Figures,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figures {
    pub speakers: Text,
    pub workshops: Text,
    pub attendees: Text,
    pub hackathon_prize: Text,
    pub weather: Text,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VenueSection {
    pub name: Text,
    pub area: Text,
    pub address: Text,
    pub maps_url: WebUrl,
    pub description: Text,
    pub benefits: Vec<Text>,
    /// In degrees, for wallet passes that surface near the venue; optional, both or neither.
    pub latitude: Option<Spanned<f64>>,
    pub longitude: Option<Spanned<f64>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TicketEntry {
    pub id: Spanned<u32>,
    #[serde(rename = "type")]
    pub ticket_type: Spanned<Slug>,
    pub name: Text,
    pub description: Text,
    pub price: Cents,
    pub regular_price: Option<Spanned<Cents>>,
    pub features: Vec<Text>,
    pub limit: Option<Limit>,
    pub min_quantity: Option<Limit>,
    pub max_quantity: Option<Spanned<Limit>>,
    /// When the item goes on sale and comes off it; optional.
    pub available_from: Option<Spanned<Datetime>>,
    pub available_until: Option<Spanned<Datetime>>,
    /// The first phase not yet over applies; the last has no end.
    pub phases: Option<Vec<Spanned<PhaseEntry>>>,
    /// Listed and sold only with a code that unlocks it.
    pub hidden: Option<bool>,
    /// Larger orders get a share off, such as the team tiers of the pricing page.
    pub volume_discounts: Option<Vec<Spanned<VolumeDiscountEntry>>>,
    /// How many workshop seats one ticket of this type may hold (0 when left out: the type includes none).
    pub workshop_seats: Option<u32>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhaseEntry {
    pub name: Text,
    pub price: Cents,
    /// The phase is over at this time...
    pub until: Option<Spanned<Datetime>>,
    /// ...or once this many units of the item are sold or held, whichever comes first.
    pub units: Option<Limit>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VolumeDiscountEntry {
    /// From this many units on one order.
    pub min_quantity: Limit,
    pub percent_off: Percent,
    /// What the summary calls it; "Team of 10 or more" when omitted.
    pub label: Option<Text>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MerchandiseEntry {
    pub id: Spanned<u32>,
    pub name: Text,
    pub description: Text,
    pub price: Cents,
    pub regular_price: Option<Spanned<Cents>>,
    pub category: Category,
    pub image: ImagePath,
    pub sizes: Option<Vec<Text>>,
    pub colors: Option<Vec<Text>>,
    pub limit: Option<Limit>,
    pub variant_limits: Option<Vec<Spanned<VariantLimitEntry>>>,
    pub special_offer: Option<SpecialOffer>,
    /// When the item goes on sale and comes off it; optional.
    pub available_from: Option<Spanned<Datetime>>,
    pub available_until: Option<Spanned<Datetime>>,
    /// Listed and sold only with a code that unlocks it.
    pub hidden: Option<bool>,
}

/// A stock limit for one size/colour combination of an item.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantLimitEntry {
    pub size: Option<String>,
    pub color: Option<String>,
    pub limit: Limit,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SponsorshipTierEntry {
    pub value: Spanned<Slug>,
    pub label: Text,
    pub group: SponsorshipGroup,
    pub amount: Cents,
    pub vip_passes: u32,
    pub exhibition_space: Option<Text>,
    pub perks: Vec<Text>,
    pub limit: Option<Limit>,
    /// When the item goes on sale and comes off it; optional.
    pub available_from: Option<Spanned<Datetime>>,
    pub available_until: Option<Spanned<Datetime>>,
    /// Listed and sold only with a code that unlocks it.
    pub hidden: Option<bool>,
}

/// What one buyer may hold in unpaid checkouts at once; every key is optional.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimitsSection {
    pub open_checkouts_per_email: Option<Limit>,
    pub open_checkouts_per_address: Option<Limit>,
    pub held_units_per_email_per_item: Option<Spanned<Limit>>,
    pub held_units_per_email: Option<Spanned<Limit>>,
    pub held_units_per_address_per_item: Option<Spanned<Limit>>,
    pub held_units_per_address: Option<Spanned<Limit>>,
    pub open_sponsorships_per_buyer: Option<Limit>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = MerchandiseCategory)]
pub enum Category {
    Tshirt,
    Hat,
}

/// The special-price offer an item is sold under, by the key its page link names (`?type=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SpecialOffer {
    Tshirt,
    Cap,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SponsorshipGroup {
    Standard,
    Signature,
}

/// The paper a badge prints on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum BadgeSheet {
    /// One badge a page, A6 portrait (105 × 148 mm), for badge printers and holders.
    #[serde(rename = "a6")]
    A6,
    /// One badge a page, 4 × 3 in landscape, for badge printers.
    #[serde(rename = "4x3in")]
    FourByThreeInches,
    /// Four A6 badges on an A4 sheet, to cut.
    #[serde(rename = "4-a6-on-a4")]
    FourA6OnA4,
    /// Avery 5392 name badge inserts: six 4 × 3 in badges on US Letter.
    #[serde(rename = "avery-5392")]
    Avery5392,
}

impl BadgeSheet {
    pub const ALL: [Self; 4] = [Self::A6, Self::FourByThreeInches, Self::FourA6OnA4, Self::Avery5392];

    /// Its name in the event file, and the default layout's name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::A6 => "a6",
            Self::FourByThreeInches => "4x3in",
            Self::FourA6OnA4 => "4-a6-on-a4",
            Self::Avery5392 => "avery-5392",
        }
    }
}

/// `[[badge_layouts]]`: a name and the sheet it prints on.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BadgeLayoutEntry {
    pub name: Spanned<Slug>,
    pub sheet: BadgeSheet,
}

/// Declares a string newtype whose `Deserialize` rejects values failing `check`.
macro_rules! checked_string {
    ($(#[$doc:meta])* $name:ident, $expected:literal, $check:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct $name(pub String);

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let value = String::deserialize(deserializer)?;
                let check: fn(&str) -> bool = $check;
                if check(&value) {
                    Ok(Self(value))
                } else {
                    Err(de::Error::invalid_value(de::Unexpected::Str(&value), &$expected))
                }
            }
        }
    };
}

checked_string!(
    /// Visible text: never empty or only spaces.
    Text,
    "non-empty text",
    |s| !s.trim().is_empty()
);
checked_string!(
    /// An identifier used in URLs and API values.
    Slug,
    "letters, digits, '-' or '_' only",
    |s| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
);
checked_string!(Hashtag, "a hashtag without '#' or spaces", |s| !s.is_empty()
    && s.chars().all(char::is_alphanumeric));
checked_string!(WebUrl, "an https:// URL", |s| s
    .strip_prefix("https://")
    .is_some_and(|rest| !rest.is_empty() && !rest.contains(' ')));
checked_string!(
    /// A path to an image bundled with the app: no external image URLs.
    ImagePath,
    "a path to a bundled image starting with '/', such as /images/merch/cap.svg",
    |s| s.starts_with('/') && !s.starts_with("//") && !s.contains(' ') && !s.contains("..")
);

/// Ten million dollars: anything above is a typo in the file.
const MAX_CENTS: i64 = crate::domain::Money::MAX_UNIT_PRICE.cents();

/// An amount in US cents; a price of zero or less is a mistake in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Cents(pub i64);

impl<'de> Deserialize<'de> for Cents {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = i64::deserialize(deserializer)?;
        if value > 0 && value <= MAX_CENTS {
            Ok(Self(value))
        } else {
            Err(de::Error::invalid_value(
                de::Unexpected::Signed(value),
                &"a positive whole number of cents (7990 for $79.90)",
            ))
        }
    }
}

/// A positive count: stock limits and minimum quantities.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit(pub u32);

impl<'de> Deserialize<'de> for Limit {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = i64::deserialize(deserializer)?;
        match u32::try_from(value) {
            Ok(count) if count > 0 => Ok(Self(count)),
            _ => Err(de::Error::invalid_value(
                de::Unexpected::Signed(value),
                &"a whole number of at least 1",
            )),
        }
    }
}

/// A whole percentage from 1 to 100.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Percent(pub u32);

impl<'de> Deserialize<'de> for Percent {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = i64::deserialize(deserializer)?;
        match u32::try_from(value) {
            Ok(percent) if (1..=100).contains(&percent) => Ok(Self(percent)),
            _ => Err(de::Error::invalid_value(
                de::Unexpected::Signed(value),
                &"a whole percentage from 1 to 100",
            )),
        }
    }
}
