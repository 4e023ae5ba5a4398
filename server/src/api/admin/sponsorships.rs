//! Sponsors to follow up: company, contact, tier, the perks they are owed, the organizer's
//! latest note, their passes and their profile for the wall, which the organizer reviews
//! here; and the approved logos in a zip for the printer.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use std::collections::HashSet;
use std::io::Write;

use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::auth::AdminActor;
use super::responses::{AdminChange, AdminRead, JsonBody, ServerTrouble};
use crate::api::params::ApiPath;
use crate::api::sponsor::ProfileView;
use crate::api::sponsors::logo_response;
use crate::domain::Money;
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::orders::{OrderKind, OrderStatus};
use crate::sponsors::sponsor_page_url;
use crate::state::AppState;
use crate::store::Review;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(review))
        .routes(routes!(logo))
        .routes(routes!(logos_zip))
        .routes(routes!(page_link))
}

/// A paid (or refunded) sponsorship. Times are Unix milliseconds.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct Sponsor {
    order_id: String,
    reference: String,
    status: OrderStatus,
    company_name: String,
    contact_name: String,
    email: String,
    phone: String,
    website: String,
    additional_info: String,
    tier_label: String,
    amount: Money,
    refunded_amount: Money,
    #[schema(required = true)]
    paid_at: Option<i64>,
    vip_passes: u32,
    #[schema(required = true)]
    exhibition_space: Option<String>,
    perks: Vec<String>,
    /// The organizer's latest note on the order.
    #[schema(required = true)]
    note: Option<Note>,
    /// The passes issued (valid), named and used at the door.
    passes: PassesView,
    /// The profile for the wall; none for a sponsorship paid before profiles existed.
    #[schema(required = true)]
    profile: Option<ProfileView>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SponsorPassCounts)]
struct PassesView {
    issued: i64,
    named: i64,
    used: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SponsorNote)]
struct Note {
    text: String,
    actor: String,
    at: i64,
}

/// Sponsors to follow up, in the order they paid.
#[utoipa::path(
    get,
    path = "/sponsorships",
    operation_id = "list_sponsors",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    responses((status = 200, body = Vec<Sponsor>), AdminRead, ServerTrouble)
)]
async fn list(_actor: AdminActor, State(state): State<AppState>) -> Result<Json<Vec<Sponsor>>, ApiError> {
    let notes = state.store.latest_notes(OrderKind::Sponsorship).await?;
    let mut profiles = state.store.sponsor_profiles().await?;
    let passes = state.store.sponsor_pass_counts().await?;
    let orders = state.store.settled_orders(OrderKind::Sponsorship).await?;
    let sponsors = orders
        .into_iter()
        .map(|order| {
            let option = |name: &str| order.options[name].as_str().unwrap_or_default().to_owned();
            let tier = state
                .event
                .sponsorship_tiers
                .iter()
                .find(|tier| tier.value == option("tier"));
            let note = notes
                .iter()
                .rev()
                .find(|(order_id, ..)| *order_id == order.id)
                .map(|(_, text, actor, at)| Note {
                    text: text.clone(),
                    actor: actor.clone(),
                    at: *at,
                });
            let counts = passes.get(&order.id).copied().unwrap_or_default();
            Sponsor {
                passes: PassesView {
                    issued: counts.issued,
                    named: counts.named,
                    used: counts.used,
                },
                profile: profiles.remove(&order.id).map(ProfileView::new),
                company_name: option("companyName"),
                contact_name: option("contactName"),
                phone: option("phone"),
                website: option("website"),
                additional_info: option("additionalInfo"),
                tier_label: tier.map_or_else(|| order.item_name.clone(), |tier| tier.label.clone()),
                vip_passes: tier.map_or(0, |tier| tier.vip_passes),
                exhibition_space: tier.and_then(|tier| tier.exhibition_space.clone()),
                perks: tier.map(|tier| tier.perks.clone()).unwrap_or_default(),
                note,
                order_id: order.id,
                reference: order.reference,
                status: order.status,
                email: order.buyer_email,
                amount: order.amount,
                refunded_amount: order.refunded_amount,
                paid_at: order.paid_at,
            }
        })
        .collect();
    Ok(Json(sponsors))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = SponsorReview)]
struct ReviewRequest {
    /// `true` puts the profile, as the organizer saw it, on the wall; `false` asks the sponsor for changes.
    approve: bool,
    /// Why not: needed to reject (up to 500 characters), emailed to the sponsor.
    #[serde(default)]
    reason: Option<String>,
    /// The profile's `revision` the organizer saw, as the list of sponsorships showed it.
    // Read as any JSON value so that a missing or malformed one is a 422 with its field named.
    #[serde(default)]
    #[schema(value_type = i64, required = true, minimum = 0)]
    revision: Option<serde_json::Value>,
}

const MAX_REASON_CHARS: usize = 500;

/// Approves the sponsor's profile at the `revision` the organizer saw (it goes on the wall at
/// once), or rejects it with a reason the sponsor is emailed. When the sponsor changed it since,
/// nothing is decided (409): the organizer looks again. A later change by the sponsor comes
/// back for review; the approved profile stays on the wall meanwhile.
#[utoipa::path(
    post,
    path = "/sponsorships/{order_id}/review",
    operation_id = "review_sponsor",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(("order_id" = String, Path, description = "The sponsorship's order id.")),
    request_body = ReviewRequest,
    responses(
        (status = 200, description = "Reviewed; the profile as it now stands.", body = ProfileView),
        (status = 404, description = "There is no such sponsorship.", body = ErrorBody),
        (
            status = 409,
            description = "The sponsor changed the profile since `revision` (look at it again), has not sent a logo \
                           yet, or the sponsorship was refunded.",
            body = ErrorBody,
        ),
        (
            status = 422,
            description = "No `revision`, or not a whole number from 0; a rejection without a reason, or a reason \
                           over 500 characters.",
            body = ErrorBody,
        ),
        JsonBody,
        AdminChange,
        ServerTrouble,
    )
)]
async fn review(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(order_id): ApiPath<String>,
    ApiJson(request): ApiJson<ReviewRequest>,
) -> Result<Json<ProfileView>, ApiError> {
    let reason = request
        .reason
        .as_deref()
        .map(str::trim)
        .filter(|reason| !reason.is_empty());
    let mut errors = FieldErrors::default();
    let revision = request
        .revision
        .as_ref()
        .and_then(serde_json::Value::as_i64)
        .filter(|revision| *revision >= 0);
    if revision.is_none() {
        errors.add(
            "revision",
            "Please reload the page: the review names the revision of the profile you saw.",
        );
    }
    match reason {
        None if !request.approve => errors.add("reason", "Please tell the sponsor what to change."),
        Some(reason) if reason.chars().count() > MAX_REASON_CHARS => {
            errors.add("reason", "Please keep the reason to 500 characters.");
        }
        _ => {}
    }
    let Some(revision) = revision.filter(|_| errors.is_empty()) else {
        return Err(ApiError::Validation(errors));
    };
    match state
        .store
        .review_sponsor_profile(&order_id, revision, request.approve, reason, &actor.name)
        .await?
    {
        Review::Done(profile) => Ok(Json(ProfileView::new(*profile))),
        Review::Stale => Err(ApiError::Conflict(
            "The sponsor changed their profile since you looked at it: nothing was decided. Please look at it again."
                .into(),
        )),
        Review::Incomplete => Err(ApiError::Conflict(
            "The sponsor has not sent a logo yet: there is nothing to review.".into(),
        )),
        Review::NotPaid => Err(ApiError::Conflict(
            "This sponsorship was refunded: it is not on the wall.".into(),
        )),
        Review::NotFound => Err(ApiError::NotFound("There is no such sponsorship.".into())),
    }
}

/// The logo the sponsor sent last (approved or not), for the review.
#[utoipa::path(
    get,
    path = "/sponsorships/{order_id}/logo",
    operation_id = "sponsor_logo_for_review",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(("order_id" = String, Path, description = "The sponsorship's order id.")),
    responses(
        (status = 200, description = "The logo.", content((Vec<u8> = "image/svg+xml"), (Vec<u8> = "image/png"))),
        (status = 404, description = "There is no such sponsorship, or no logo yet.", body = ErrorBody),
        AdminRead,
        ServerTrouble,
    )
)]
async fn logo(
    _actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(order_id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let no_logo = || ApiError::NotFound("This sponsor has not sent a logo yet.".into());
    let logo_id = state
        .store
        .sponsor_profile(&order_id)
        .await?
        .and_then(|profile| profile.logo)
        .ok_or_else(no_logo)?
        .id;
    let (info, bytes) = state.store.sponsor_logo(&logo_id).await?.ok_or_else(no_logo)?;
    Ok(logo_response(info.format, bytes, "private, no-store"))
}

/// The approved logos of current sponsors, for the printer: `platinum-acme-cloud.svg`, ….
#[utoipa::path(
    get,
    path = "/sponsorships/logos.zip",
    operation_id = "sponsor_logos_zip",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    responses(
        (
            status = 200,
            description = "A zip of each approved logo, named by tier and sponsor.",
            content_type = "application/zip",
            body = Vec<u8>,
            headers(("Content-Disposition" = String, description = "`attachment; filename=\"sponsor-logos.zip\"`")),
        ),
        AdminRead,
        ServerTrouble,
    )
)]
async fn logos_zip(_actor: AdminActor, State(state): State<AppState>) -> Result<Response, ApiError> {
    let wall = state.store.sponsor_wall().await?;
    let mut names = FileNames::default();
    let mut files = Vec::with_capacity(wall.len());
    for entry in wall {
        if let Some((info, bytes)) = state.store.sponsor_logo(&entry.profile.logo.id).await? {
            let stem = format!("{}-{}", slug(&entry.tier), slug(&entry.profile.name));
            files.push((names.claim(&stem, info.format.extension()), bytes));
        }
    }
    let zip = tokio::task::spawn_blocking(move || write_zip(files))
        .await
        .map_err(|error| ApiError::Internal(error.into()))?
        .map_err(ApiError::Internal)?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/zip"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"sponsor-logos.zip\"",
            ),
        ],
        zip,
    )
        .into_response())
}

fn write_zip(files: Vec<(String, Vec<u8>)>) -> anyhow::Result<Vec<u8>> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for (name, bytes) in files {
        zip.start_file(name, options)?;
        zip.write_all(&bytes)?;
    }
    Ok(zip.finish()?.into_inner())
}

/// The zip's file names, each unique across the whole set: a zip cannot hold two files of one
/// name, and sponsors' names may repeat or end in a number ("Acme", "Acme", "Acme 2").
#[derive(Default)]
struct FileNames(HashSet<String>);

impl FileNames {
    /// `stem.extension`, or with the first free `-2`, `-3`, … after the stem.
    fn claim(&mut self, stem: &str, extension: &str) -> String {
        let mut name = format!("{stem}.{extension}");
        let mut count = 1;
        while self.0.contains(&name) {
            count += 1;
            name = format!("{stem}-{count}.{extension}");
        }
        self.0.insert(name.clone());
        name
    }
}

/// "Acme Cloud, Inc." → "acme-cloud-inc".
fn slug(name: &str) -> String {
    let mut slug = String::with_capacity(name.len());
    for character in name.chars() {
        if character.is_ascii_alphanumeric() {
            slug.push(character.to_ascii_lowercase());
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-');
    if slug.is_empty() {
        "sponsor".to_owned()
    } else {
        slug.to_owned()
    }
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SponsorPageLink)]
struct PageLink {
    #[schema(example = "https://codewave.events/sponsor#3f2a…")]
    sponsor_page_url: String,
}

/// A new link to the sponsor's page, for the organizer to open and emailed to the sponsor
/// with their receipt; the sponsor's earlier links stop working.
#[utoipa::path(
    post,
    path = "/sponsorships/{order_id}/page-link",
    operation_id = "new_sponsor_page_link",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(("order_id" = String, Path, description = "The sponsorship's order id.")),
    responses(
        (status = 200, description = "The new link; the receipt carrying it is queued.", body = PageLink),
        (status = 404, description = "There is no such sponsorship.", body = ErrorBody),
        (status = 409, description = "The sponsorship was refunded.", body = ErrorBody),
        AdminChange,
        ServerTrouble,
    )
)]
async fn page_link(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(order_id): ApiPath<String>,
) -> Result<Json<PageLink>, ApiError> {
    let order = state
        .store
        .order(&order_id)
        .await?
        .filter(|order| order.kind == OrderKind::Sponsorship && order.paid_at.is_some())
        .ok_or_else(|| ApiError::NotFound("There is no such sponsorship.".into()))?;
    if order.status != OrderStatus::Paid {
        return Err(ApiError::Conflict(
            "This sponsorship was refunded: its page no longer changes.".into(),
        ));
    }
    let token = state
        .store
        .renew_sponsor_page_link(&order.id, &order.buyer_email, &actor.name)
        .await?;
    Ok(Json(PageLink {
        sponsor_page_url: sponsor_page_url(&state.settings.public_url, &token),
    }))
}

#[cfg(test)]
mod tests {
    use super::{FileNames, slug};

    #[test]
    fn logo_files_are_named_by_a_plain_slug() {
        assert_eq!(slug("Acme Cloud, Inc."), "acme-cloud-inc");
        assert_eq!(slug("  Ünïcode & Co "), "n-code-co");
        assert_eq!(slug("***"), "sponsor");
    }

    #[test]
    fn logo_files_are_named_once_each_whatever_the_sponsors_are_called() {
        let mut names = FileNames::default();
        let named: Vec<String> = ["gold-acme", "gold-acme", "gold-acme-2", "gold-acme-2", "gold-acme"]
            .iter()
            .map(|stem| names.claim(stem, "png"))
            .collect();
        assert_eq!(
            named,
            [
                "gold-acme.png",
                "gold-acme-2.png",
                "gold-acme-2-2.png",
                "gold-acme-2-3.png",
                "gold-acme-3.png"
            ]
        );
        assert_eq!(names.claim("gold-acme", "svg"), "gold-acme.svg");
    }
}
