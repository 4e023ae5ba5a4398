//! Speakers' photos as the pages and apps show them: `/media/speakers/{slug}-{side}-{hash}.jpg`. The hash names the
//! photo, so an address always gives the same bytes and may be cached for good; an address no longer current is
//! 404.

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::params::ApiPath;
use crate::error::{ApiError, ErrorBody};
use crate::speaker_photos::encode::CONTENT_TYPE;
use crate::speaker_photos::paths;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(speaker_photo))
}

/// A speaker's photo, square, JPEG: 96 or 400 pixels a side. From `photo` in `GET /api/programme` (96) or the
/// back office's upload (`photo`, `photoLarge`).
#[utoipa::path(
    get,
    path = "/media/speakers/{file}",
    tag = "programme",
    params(("file" = String, Path, description = "`{slug}-{side}-{hash}.jpg`, side 96 or 400.")),
    responses(
        (status = 200, description = "The photo; cached for a year, as another photo gets another address.", content((Vec<u8> = "image/jpeg"))),
        (status = 404, description = "No current photo has this address.", body = ErrorBody),
        (status = 500, description = "The photo could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to ask again.", body = ErrorBody),
    )
)]
async fn speaker_photo(State(state): State<AppState>, ApiPath(file): ApiPath<String>) -> Result<Response, ApiError> {
    let not_found = || ApiError::NotFound("There is no such photo.".into());
    let file = paths::parse(&file).ok_or_else(not_found)?;
    let bytes = state.store.speaker_photo_file(&file).await?.ok_or_else(not_found)?;
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(CONTENT_TYPE));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=31536000, immutable"),
    );
    Ok(response)
}
