//! The countries a billing address may name, for the forms' lists: the server's list is the
//! one it checks against.

use axum::Json;
use axum::http::header;
use axum::response::IntoResponse;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::domain::COUNTRIES;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(countries))
}

#[derive(Serialize, utoipa::ToSchema)]
struct Country {
    /// ISO 3166-1 alpha-2: "US".
    code: &'static str,
    /// "United States"
    name: &'static str,
}

/// Every country a billing address may name, by code.
#[utoipa::path(
    get,
    path = "/countries",
    tag = "invoices",
    responses((
        status = 200,
        description = "ISO 3166-1 countries with their short English names. The list changes only with a release.",
        body = Vec<Country>,
    ))
)]
async fn countries() -> impl IntoResponse {
    let list: Vec<Country> = COUNTRIES.iter().map(|&(code, name)| Country { code, name }).collect();
    ([(header::CACHE_CONTROL, "public, max-age=86400")], Json(list))
}
