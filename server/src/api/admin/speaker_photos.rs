//! The organizer's photos of speakers: an upload replaces whatever photo the speaker has (fetched or uploaded) and
//! no import replaces it; a removal leaves the speaker's initials.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, StatusCode, header};
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::responses::{AdminChange, ServerTrouble};
use crate::api::params::ApiPath;
use crate::error::{ApiError, ErrorBody, FieldErrors};
use crate::speaker_photos::{PhotoError, prepare};
use crate::state::AppState;
use crate::store::PhotoChange;

/// The types a photo may be sent as; its content decides which it is.
const IMAGE_TYPES: [&str; 3] = ["image/png", "image/jpeg", "image/webp"];

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(upload_photo, remove_photo))
        // The body limit middleware holds this call to 2 MB; axum's own 2 MB default counts differently.
        .layer(DefaultBodyLimit::disable())
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SpeakerPhoto)]
struct PhotoAnswer {
    /// The photo at 96 × 96 pixels, on this site.
    #[schema(example = "/media/speakers/ada-lovelace-96-0123456789abcdef.jpg")]
    photo: String,
    /// The photo at 400 × 400 pixels.
    #[schema(example = "/media/speakers/ada-lovelace-400-0123456789abcdef.jpg")]
    photo_large: String,
}

/// Makes the image sent the speaker's photo, re-encoded at two sizes, in place of any photo they had; no import
/// replaces it.
#[utoipa::path(
    put,
    path = "/programme/speakers/{slug}/photo",
    operation_id = "upload_speaker_photo",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(("slug" = String, Path, description = "The speaker's slug, as `GET /api/programme` gives it.")),
    request_body(
        content((Vec<u8> = "image/png"), (Vec<u8> = "image/jpeg"), (Vec<u8> = "image/webp")),
        description = "The image itself, up to 2 MB; its `Content-Type` image/png, image/jpeg or image/webp."
    ),
    responses(
        (status = 200, description = "The speaker's photo is the one sent.", body = PhotoAnswer),
        (status = 404, description = "The programme has no speaker of this slug.", body = ErrorBody),
        (status = 422, description = "Not a PNG, JPEG or WebP image, or over 2 MB: `fieldErrors.photo` says which.", body = ErrorBody),
        AdminChange,
        ServerTrouble,
    )
)]
async fn upload_photo(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<PhotoAnswer>, ApiError> {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .map(|value| value.trim().to_ascii_lowercase());
    if !content_type.is_some_and(|content_type| IMAGE_TYPES.contains(&content_type.as_str())) {
        return Err(invalid_photo(
            "Send the photo as a PNG, JPEG or WebP image, with its Content-Type.",
        ));
    }
    let photo = tokio::task::spawn_blocking(move || prepare(&body))
        .await
        .map_err(|error| ApiError::Internal(error.into()))?
        .map_err(|error| {
            invalid_photo(match error {
                PhotoError::TooLarge => "The photo is over 2 MB: please send a smaller file.",
                PhotoError::NotAnImage => "The file is not a PNG, JPEG or WebP image.",
                PhotoError::Unreadable(_) => "The image cannot be read: the file may be damaged.",
            })
        })?;
    match state.store.upload_speaker_photo(&slug, &photo, &actor.name).await? {
        PhotoChange::Done(urls) => Ok(Json(PhotoAnswer {
            photo: urls.small,
            photo_large: urls.large,
        })),
        PhotoChange::UnknownSpeaker => Err(unknown_speaker()),
    }
}

/// Removes the speaker's photo, fetched or uploaded: they show their initials. (An import fetches the photo their
/// source names again.)
#[utoipa::path(
    delete,
    path = "/programme/speakers/{slug}/photo",
    operation_id = "remove_speaker_photo",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(("slug" = String, Path, description = "The speaker's slug, as `GET /api/programme` gives it.")),
    responses(
        (status = 204, description = "The speaker has no photo (now, or already)."),
        (status = 404, description = "The programme has no speaker of this slug.", body = ErrorBody),
        AdminChange,
        ServerTrouble,
    )
)]
async fn remove_photo(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
) -> Result<StatusCode, ApiError> {
    match state.store.remove_speaker_photo(&slug, &actor.name).await? {
        PhotoChange::Done(_) => Ok(StatusCode::NO_CONTENT),
        PhotoChange::UnknownSpeaker => Err(unknown_speaker()),
    }
}

fn unknown_speaker() -> ApiError {
    ApiError::NotFound("The programme has no such speaker.".into())
}

fn invalid_photo(message: &str) -> ApiError {
    let mut errors = FieldErrors::default();
    errors.add("photo", message.to_owned());
    ApiError::Validation(errors)
}
