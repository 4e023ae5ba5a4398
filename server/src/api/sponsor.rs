//! The sponsor's private page: what the tier includes and by when things are due, the
//! profile and logo for the sponsor wall, and the passes (named through `/api/my-tickets`
//! with the same secret). The secret from the link comes in `X-Sponsor-Token`, as
//! `/my-tickets`'s does in `X-Manage-Token`, and is looked up by its digest.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::sponsors::logo_response;
use super::sponsorship_checkout::is_web_address;
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::orders::{Order, OrderKind, OrderStatus};
use crate::secrets;
use crate::sponsors::{self, LogoError, LogoFormat};
use crate::state::AppState;
use crate::store::{ProfileState, ProfileText, SponsorProfile};
use crate::tickets::transfer_until;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sponsor_page))
        .routes(routes!(update_profile))
        .routes(routes!(upload_logo, draft_logo))
}

/// The sponsorship whose page link the caller holds.
#[derive(utoipa::IntoParams)]
#[into_params(names("X-Sponsor-Token"), parameter_in = Header)]
struct SponsorLink(
    /// The secret of the link in the sponsorship's receipt, or on its confirmation page.
    #[param(value_type = String, min_length = 1, max_length = 128)]
    Order,
);

impl FromRequestParts<AppState> for SponsorLink {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let not_found = || {
            ApiError::NotFound("This link does not open a sponsor page. Please use the link in your receipt.".into())
        };
        let token = parts
            .headers
            .get("x-sponsor-token")
            .and_then(|value| value.to_str().ok())
            .filter(|token| !token.is_empty() && token.len() <= 128)
            .ok_or_else(not_found)?;
        let order_id = state
            .store
            .order_id_by_manage_token(&secrets::digest(token))
            .await?
            .ok_or_else(not_found)?;
        let order = state
            .store
            .order(&order_id)
            .await?
            .filter(|order| order.kind == OrderKind::Sponsorship)
            .ok_or_else(not_found)?;
        Ok(Self(order))
    }
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct SponsorPage {
    reference: String,
    /// `paid`, or `refunded` (then nothing can change, and nothing is on the wall).
    #[schema(value_type = String, example = "paid")]
    status: OrderStatus,
    company_name: String,
    tier: String,
    tier_label: String,
    #[schema(required = true)]
    exhibition_space: Option<String>,
    perks: Vec<String>,
    /// What is due by when, in date order, the passes' naming deadline included.
    deadlines: Vec<Deadline>,
    passes: Passes,
    profile: ProfileView,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SponsorDeadline)]
struct Deadline {
    label: String,
    /// The venue's day, "2026-04-20".
    #[schema(format = Date)]
    date: String,
}

/// The sponsorship's VIP passes: tickets on its order, named on `/my-tickets` with the same secret.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SponsorPasses)]
struct Passes {
    /// Passes that admit someone (a refund retires those not used).
    issued: i64,
    named: i64,
    used: i64,
    /// The last day (at the venue) passes can be named or passed on.
    #[schema(format = Date)]
    name_until: String,
}

/// The profile as the sponsor edits it, and where it stands.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SponsorProfile)]
pub(super) struct ProfileView {
    pub display_name: String,
    #[schema(required = true)]
    pub website: Option<String>,
    #[schema(required = true)]
    pub description: Option<String>,
    /// The logo sent last, if any: `GET /api/sponsor/logo` shows it to the sponsor.
    #[schema(required = true)]
    pub logo: Option<LogoView>,
    pub state: ProfileState,
    /// Why the organizer asked for changes, when `state` is `rejected`.
    #[schema(required = true)]
    pub review_reason: Option<String>,
    /// Whether an approved version is on the sponsor wall now (while a change waits, the
    /// approved one stays).
    pub on_wall: bool,
    /// Unix milliseconds.
    pub updated_at: i64,
    /// Counts the sponsor's changes: the organizer's review names the revision it decides on.
    pub revision: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SponsorLogo)]
pub(super) struct LogoView {
    /// `svg` or `png`.
    #[schema(example = "png")]
    pub format: &'static str,
    /// In CSS pixels (an SVG's from its `viewBox`).
    pub width: i64,
    pub height: i64,
}

impl ProfileView {
    pub(super) fn new(profile: SponsorProfile) -> Self {
        Self {
            state: profile.state(),
            on_wall: profile.approved.is_some(),
            logo: profile.logo.map(|logo| LogoView {
                format: logo.format.stored(),
                width: logo.width,
                height: logo.height,
            }),
            review_reason: profile
                .review_reason
                .filter(|_| profile.reviewed_revision == Some(profile.revision)),
            display_name: profile.display_name,
            website: profile.website,
            description: profile.description,
            updated_at: profile.updated_at,
            revision: profile.revision,
        }
    }
}

async fn page(state: &AppState, order: &Order) -> Result<SponsorPage, ApiError> {
    let profile = state
        .store
        .sponsor_profile(&order.id)
        .await?
        .ok_or_else(|| ApiError::NotFound("This sponsorship has no sponsor page.".into()))?;
    let tier_value = order.options["tier"].as_str().unwrap_or_default().to_owned();
    let tier = state
        .event
        .sponsorship_tiers
        .iter()
        .find(|tier| tier.value == tier_value);
    let counts = state.store.sponsor_passes_of(&order.id).await?;
    let name_until = transfer_until(&state.event);
    let mut deadlines: Vec<(time::Date, String)> = state
        .event
        .sponsor_deadlines
        .iter()
        .map(|deadline| (deadline.date, deadline.label.clone()))
        .collect();
    if counts.issued > 0 {
        deadlines.push((name_until, "Names for your VIP passes".to_owned()));
    }
    deadlines.sort();
    Ok(SponsorPage {
        reference: order.reference.clone(),
        status: order.status,
        company_name: order.options["companyName"].as_str().unwrap_or_default().to_owned(),
        tier_label: tier.map_or_else(|| order.item_name.clone(), |tier| tier.label.clone()),
        exhibition_space: tier.and_then(|tier| tier.exhibition_space.clone()),
        perks: tier.map(|tier| tier.perks.clone()).unwrap_or_default(),
        tier: tier_value,
        deadlines: deadlines
            .into_iter()
            .map(|(date, label)| Deadline {
                label,
                date: date.to_string(),
            })
            .collect(),
        passes: Passes {
            issued: counts.issued,
            named: counts.named,
            used: counts.used,
            name_until: name_until.to_string(),
        },
        profile: ProfileView::new(profile),
    })
}

/// The sponsor's page: the tier's perks and deadlines, the passes, and the profile.
#[utoipa::path(
    get,
    path = "/sponsor",
    tag = "sponsors",
    params(SponsorLink),
    responses(
        (status = 200, description = "The sponsorship as its sponsor sees it.", body = SponsorPage),
        (status = 404, description = "The `X-Sponsor-Token` is missing or opens nothing.", body = ErrorBody),
        (status = 500, description = "The page could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn sponsor_page(
    State(state): State<AppState>,
    SponsorLink(order): SponsorLink,
) -> Result<Json<SponsorPage>, ApiError> {
    page(&state, &order).await.map(Json)
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SponsorProfileChange)]
struct ProfileChange {
    /// The name on the wall: 2 to 80 characters once trimmed.
    #[serde(default)]
    #[schema(required = true, example = "Acme Cloud")]
    display_name: String,
    /// An http(s) address, or empty for none.
    #[serde(default)]
    #[schema(example = "https://acme.dev")]
    website: Option<String>,
    /// Plain text, up to 300 characters; empty for none.
    #[serde(default)]
    #[schema(example = "Acme runs the cloud that runs your side projects.")]
    description: Option<String>,
}

const MAX_DISPLAY_NAME_CHARS: usize = 80;
const MAX_DESCRIPTION_CHARS: usize = 300;
const MAX_WEBSITE_CHARS: usize = 200;

/// Changes the name, website and description for the wall. A change (after approval too)
/// goes to the organizer's review; the approved profile stays on the wall meanwhile.
#[utoipa::path(
    put,
    path = "/sponsor/profile",
    tag = "sponsors",
    params(SponsorLink),
    request_body = ProfileChange,
    responses(
        (status = 200, description = "The profile is saved; the page as it now is.", body = SponsorPage),
        (status = 400, description = "The body is not JSON, or a field has the wrong type.", body = ErrorBody),
        (status = 404, description = "The `X-Sponsor-Token` is missing or opens nothing.", body = ErrorBody),
        (status = 409, description = "The sponsorship was refunded: its profile cannot change.", body = ErrorBody),
        (status = 413, description = "The body is over 64 KiB.", body = ErrorBody),
        (status = 415, description = "The body is not sent as `application/json`.", body = ErrorBody),
        (status = 422, description = "A field is invalid; `fieldErrors` says which and why.", body = ErrorBody),
        (status = 429, description = "Too many calls from this network; `Retry-After` says when to try again.", body = ErrorBody),
        (status = 500, description = "The profile could not be saved.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn update_profile(
    State(state): State<AppState>,
    SponsorLink(order): SponsorLink,
    ApiJson(change): ApiJson<ProfileChange>,
) -> Result<Json<SponsorPage>, ApiError> {
    let mut errors = FieldErrors::default();
    let display_name = change.display_name.trim();
    let name_chars = display_name.chars().count();
    if !(2..=MAX_DISPLAY_NAME_CHARS).contains(&name_chars) || display_name.chars().any(char::is_control) {
        errors.add("displayName", "Please enter the name to show (2 to 80 characters).");
    }
    let website = change
        .website
        .as_deref()
        .map(str::trim)
        .filter(|website| !website.is_empty());
    if let Some(website) = website
        && (website.chars().count() > MAX_WEBSITE_CHARS || !is_web_address(website))
    {
        errors.add(
            "website",
            "Please enter your website's full address, starting with https:// (up to 200 characters).",
        );
    }
    let description = change
        .description
        .as_deref()
        .map(str::trim)
        .filter(|description| !description.is_empty());
    if let Some(description) = description {
        if description.chars().count() > MAX_DESCRIPTION_CHARS {
            errors.add("description", "Please keep the description to 300 characters.");
        } else if description.chars().any(|c| c.is_control() && c != '\n') {
            errors.add(
                "description",
                "Please use plain text: letters, digits, punctuation and line breaks.",
            );
        }
    }
    if !errors.is_empty() {
        return Err(ApiError::Validation(errors));
    }
    let text = ProfileText {
        display_name,
        website,
        description,
    };
    if state.store.update_sponsor_profile(&order.id, text).await?.is_none() {
        return Err(refunded());
    }
    page(&state, &order).await.map(Json)
}

fn refunded() -> ApiError {
    ApiError::Conflict("This sponsorship was refunded: its profile can no longer change.".into())
}

/// Sends the logo for the wall: the file itself as the body, up to 1 MB, as
/// `Content-Type: image/svg+xml` or `image/png`. An SVG is rebuilt from its shapes alone
/// (no scripts, event handlers, links, external references or entities survive); a PNG
/// must be a whole, valid PNG whose pixels take at most 64 MB decoded, and is written again
/// from its pixels alone, at least 300 pixels on its longer side and at most 8,000 on each.
/// Either in proportions from 1:2 (tall) to 6:1 (wide). A new logo goes to the organizer's review.
#[utoipa::path(
    put,
    path = "/sponsor/logo",
    tag = "sponsors",
    params(SponsorLink),
    request_body(content = Vec<u8>, content_type = "image/png", description = "The logo file, `image/svg+xml` or `image/png`."),
    responses(
        (status = 200, description = "The logo is saved; the page as it now is.", body = SponsorPage),
        (status = 404, description = "The `X-Sponsor-Token` is missing or opens nothing.", body = ErrorBody),
        (status = 409, description = "The sponsorship was refunded: its profile cannot change.", body = ErrorBody),
        (status = 413, description = "The file is over 1 MB.", body = ErrorBody),
        (status = 422, description = "Not an SVG or PNG, not a valid one (a PNG's header and image data are \
                                      decoded), of the wrong size or proportions, or a PNG of more pixels than \
                                      64 MB decoded; `message` says which.", body = ErrorBody),
        (status = 429, description = "Too many calls from this network; `Retry-After` says when to try again.", body = ErrorBody),
        (status = 500, description = "The logo could not be saved.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn upload_logo(
    State(state): State<AppState>,
    SponsorLink(order): SponsorLink,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<SponsorPage>, ApiError> {
    let invalid = |message: String| {
        let mut errors = FieldErrors::default();
        errors.add("logo", message);
        ApiError::Validation(errors)
    };
    let format = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(LogoFormat::parse)
        .ok_or_else(|| invalid("Please send the logo as an SVG (image/svg+xml) or a PNG (image/png).".into()))?;
    if body.is_empty() {
        return Err(invalid("The logo file is empty.".into()));
    }
    // Decoding a PNG and rebuilding a large SVG are CPU work: off the async threads.
    let logo = tokio::task::spawn_blocking(move || sponsors::inspect(format, &body))
        .await
        .map_err(|error| ApiError::Internal(error.into()))?
        .map_err(|error| match error {
            LogoError::Encoding(_) => ApiError::Internal(error.into()),
            refused => invalid(refused.to_string()),
        })?;
    if state.store.replace_sponsor_logo(&order.id, &logo).await?.is_none() {
        return Err(refunded());
    }
    page(&state, &order).await.map(Json)
}

/// The logo sent last, as it is served (an SVG as rebuilt), for the sponsor to check.
#[utoipa::path(
    get,
    path = "/sponsor/logo",
    tag = "sponsors",
    params(SponsorLink),
    responses(
        (status = 200, description = "The logo.", content((Vec<u8> = "image/svg+xml"), (Vec<u8> = "image/png"))),
        (status = 404, description = "The `X-Sponsor-Token` opens nothing, or no logo was sent yet.", body = ErrorBody),
        (status = 500, description = "The logo could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn draft_logo(State(state): State<AppState>, SponsorLink(order): SponsorLink) -> Result<Response, ApiError> {
    let no_logo = || ApiError::NotFound("No logo was sent yet.".into());
    let profile = state.store.sponsor_profile(&order.id).await?.ok_or_else(no_logo)?;
    let logo_id = profile.logo.map(|logo| logo.id).ok_or_else(no_logo)?;
    let (info, bytes) = state.store.sponsor_logo(&logo_id).await?.ok_or_else(no_logo)?;
    Ok(logo_response(info.format, bytes, "private, no-store").into_response())
}
