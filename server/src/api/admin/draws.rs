//! What the waitlist was promised, part two: the draw (`/draws`), free tickets for winners.
//! A draw is announced first, with the SHA-256 of a seed the server drew and keeps to itself,
//! and made later (`/draws/{id}/draw`), when the seed is revealed with the candidates' count
//! and the hash of their list: nobody, the organizer included, can pick a seed that favours
//! someone once the candidates are known.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::audience::{interest_areas, listed_ticket};
use super::auth::AdminActor;
use super::responses::{AdminChange, AdminRead, JsonBody, ServerTrouble};
use crate::api::params::ApiPath;
use crate::domain::InterestArea;
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::state::AppState;
use crate::store::{Draw, DrawError, DrawWinner, NewDraw};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_draws, announce_draw))
        .routes(routes!(make_draw))
}

const MAX_WINNERS: i64 = 1000;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = NewDraw)]
struct DrawRequest {
    /// How many distinct people win.
    #[schema(minimum = 1, maximum = 1000)]
    winners: i64,
    /// What each winner gets free: one ticket, `ticket:<type>`.
    #[schema(example = "ticket:developer")]
    item: String,
    /// Only registrations that chose one of these take part; empty or absent: every confirmed,
    /// subscribed one.
    #[serde(default)]
    interest_areas: Vec<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Draw)]
struct DrawView {
    id: String,
    item: String,
    item_name: String,
    #[schema(value_type = Vec<InterestArea>)]
    interest_areas: Vec<String>,
    /// How many distinct winners it draws, fixed when announced.
    prizes: i64,
    /// The commitment: the lowercase hex SHA-256 of the seed, published when announced. `null`
    /// only for draws made before draws were announced.
    #[schema(required = true)]
    seed_hash: Option<String>,
    /// Unix ms. Only registrations confirmed by then take part.
    announced_at: i64,
    /// Revealed when drawn, `null` until then. Each candidate's ticket is the lowercase hex
    /// SHA-256 of `<seed>:<email>`; the winners are the candidates with the smallest tickets,
    /// smallest first.
    #[schema(required = true)]
    seed: Option<String>,
    /// Unix ms; `null` while announced.
    #[schema(required = true)]
    drawn_at: Option<i64>,
    /// How many registrations it drew from; `null` while announced.
    #[schema(required = true)]
    candidates: Option<i64>,
    /// The lowercase hex SHA-256 of the candidates' emails sorted byte by byte, each followed
    /// by a line feed; `null` while announced, and for draws made before draws were announced.
    #[schema(required = true)]
    candidates_hash: Option<String>,
    /// In the order drawn, each emailed their free code; empty while announced.
    winners: Vec<DrawWinner>,
}

impl From<Draw> for DrawView {
    fn from(draw: Draw) -> Self {
        let result = draw.result;
        Self {
            id: draw.id,
            item: draw.item,
            item_name: draw.item_name,
            interest_areas: draw.interest_areas,
            prizes: draw.prizes,
            seed_hash: draw.seed_hash,
            announced_at: draw.announced_at,
            seed: result.as_ref().map(|result| result.seed.clone()),
            drawn_at: result.as_ref().map(|result| result.drawn_at),
            candidates: result.as_ref().map(|result| result.candidates),
            candidates_hash: result.as_ref().and_then(|result| result.candidates_hash.clone()),
            winners: result.map(|result| result.winners).unwrap_or_default(),
        }
    }
}

/// Every draw, the latest announced first, with its commitment, and its seed, candidates and
/// winners once made.
#[utoipa::path(
    get,
    path = "/draws",
    operation_id = "list_draws",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    responses((status = 200, body = Vec<DrawView>), AdminRead, ServerTrouble)
)]
async fn list_draws(_actor: AdminActor, State(state): State<AppState>) -> Result<Json<Vec<DrawView>>, ApiError> {
    let draws = state.store.draws().await?;
    Ok(Json(draws.into_iter().map(DrawView::from).collect()))
}

/// Announces a draw of free tickets among the waitlist's confirmed, subscribed registrations:
/// the server draws a seed and answers only its SHA-256, to publish before the draw is made.
/// Registrations confirmed later do not take part.
#[utoipa::path(
    post,
    path = "/draws",
    operation_id = "announce_draw",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    request_body = DrawRequest,
    responses(
        (status = 201, description = "Announced; the seed stays secret until the draw is made.", body = DrawView),
        (status = 409, description = "Fewer confirmed, subscribed registrations than winners.", body = ErrorBody),
        (status = 422, description = "A field is invalid; `fieldErrors` says which.", body = ErrorBody),
        JsonBody,
        AdminChange,
        ServerTrouble,
    )
)]
async fn announce_draw(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiJson(request): ApiJson<DrawRequest>,
) -> Result<(StatusCode, Json<DrawView>), ApiError> {
    let mut errors = FieldErrors::default();
    if !(1..=MAX_WINNERS).contains(&request.winners) {
        errors.add("winners", format!("Draw 1 to {MAX_WINNERS} winners."));
    }
    let ticket = listed_ticket(&state.event, &request.item);
    if ticket.is_none() {
        errors.add("item", "Choose the ticket the winners get, as \"ticket:<type>\".");
    }
    let areas = interest_areas(&request.interest_areas, &mut errors);
    let (Some(ticket), true) = (ticket, errors.is_empty()) else {
        return Err(ApiError::Validation(errors));
    };
    let draw = NewDraw {
        item: request.item,
        item_name: ticket.name.clone(),
        interest_areas: areas,
        prizes: usize::try_from(request.winners).unwrap_or_default(),
    };
    let announced = state
        .store
        .announce_draw(&draw, &actor.name)
        .await
        .map_err(draw_error)?;
    Ok((StatusCode::CREATED, Json(announced.into())))
}

/// Makes an announced draw: reveals its seed, draws the winners among the registrations
/// confirmed by its announcement and still subscribed (all of them, should fewer remain than
/// it announced), holds a ticket for each winner and emails each a single-use code that makes
/// it free.
#[utoipa::path(
    post,
    path = "/draws/{id}/draw",
    operation_id = "make_draw",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(("id" = String, Path, description = "The draw's id.")),
    responses(
        (status = 200, description = "Drawn; the winners' codes are queued for email.", body = DrawView),
        (status = 404, description = "There is no such draw.", body = ErrorBody),
        (status = 409, description = "The draw was made already, or too few tickets are left to give.", body = ErrorBody),
        AdminChange,
        ServerTrouble,
    )
)]
async fn make_draw(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<DrawView>, ApiError> {
    let drawn = state.store.make_draw(&id, &actor.name).await.map_err(draw_error)?;
    Ok(Json(drawn.into()))
}

/// The answer to a draw that could not be announced or made.
fn draw_error(error: DrawError) -> ApiError {
    match error {
        DrawError::TooFewCandidates { candidates } => ApiError::Conflict(format!(
            "Only {candidates} confirmed, subscribed registrations can take part: draw {candidates} winners at most."
        )),
        DrawError::TooFewToHold { left, prize } => ApiError::Conflict(format!(
            "Only {left} of the {prize} are left to give: make the draw once there are enough."
        )),
        DrawError::NotFound => ApiError::NotFound("There is no such draw.".into()),
        DrawError::AlreadyDrawn => ApiError::Conflict("This draw was made already.".into()),
        DrawError::Store(error) => error.into(),
    }
}
