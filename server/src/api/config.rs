use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use time::format_description::well_known::Rfc3339;

use crate::app::AppState;
use crate::error::ApiError;
use crate::event::Event;

pub fn router() -> Router<AppState> {
    Router::new().route("/config", get(public_config))
}

/// The public settings and event details the browser app needs.
async fn public_config(State(state): State<AppState>) -> Result<Json<PublicConfig>, ApiError> {
    let payment_provider = state.gateway.name();
    let stripe_publishable_key = state
        .settings
        .stripe
        .as_ref()
        .and_then(|stripe| stripe.publishable_key.clone());
    Ok(Json(PublicConfig {
        payment_provider,
        stripe_publishable_key,
        event: EventInfo::new(&state.event, &state.settings.public_url)?,
    }))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PublicConfig {
    payment_provider: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    stripe_publishable_key: Option<String>,
    event: EventInfo,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct EventInfo {
    name: String,
    short_name: String,
    tagline: String,
    description: String,
    starts_at: String,
    ends_at: String,
    timezone: String,
    date_label: String,
    site_url: String,
    contact_email: String,
    hashtags: Vec<String>,
    early_bird_until: String,
    full_refund_until: String,
    half_refund_until: String,
    figures: Figures,
    venue: Venue,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Figures {
    speakers: String,
    workshops: String,
    attendees: String,
    hackathon_prize: String,
    weather: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Venue {
    name: String,
    area: String,
    address: String,
    maps_url: String,
    description: String,
    benefits: Vec<String>,
}

impl EventInfo {
    fn new(event: &Event, public_url: &str) -> Result<Self, ApiError> {
        let format_instant = |instant: time::OffsetDateTime| {
            instant
                .format(&Rfc3339)
                .map_err(|error| ApiError::Internal(error.into()))
        };
        Ok(Self {
            name: event.name.clone(),
            short_name: event.short_name.clone(),
            tagline: event.tagline.clone(),
            description: event.description.clone(),
            starts_at: format_instant(event.starts_at)?,
            ends_at: format_instant(event.ends_at)?,
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
