//! Importing the programme from the file a call-for-papers tool exports (pretalx, frab XML, Sessionize): first what
//! it would change, then, on confirmation (`?apply=true`), the change itself as a numbered version.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::responses::{AdminChange, ServerTrouble};
use crate::api::params::ApiQuery;
use crate::error::{ApiError, ErrorBody, FieldErrors};
use crate::programme::import::{self, Imported};
use crate::programme::{Changes, changes};
use crate::speaker_photos::{FetchPolicy, PhotoReport, fetch_missing};
use crate::state::AppState;
use crate::store::ApplyProgrammeError;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(import_programme))
        // The body limit middleware already holds this call to its 5 MB; axum's own 2 MB default would cut it short.
        .layer(DefaultBodyLimit::disable())
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ImportQuery {
    /// `true` applies the file; without it the call only reports what it would change.
    #[serde(default)]
    apply: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ProgrammeImport)]
struct ImportAnswer {
    /// The file's format: `pretalx`, `frab-xml` or `sessionize`.
    #[schema(example = "pretalx")]
    format: &'static str,
    /// What the file changes (a preview), or changed (applied).
    changes: Changes,
    /// The version the applied file made; absent in a preview and when the file changed nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    version: Option<i64>,
    /// The speakers' photos the applied file names that were fetched, and those that failed (their speakers show
    /// initials; the next apply tries them again); absent in a preview, which fetches nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    photos: Option<PhotoReport>,
}

/// Reads a programme file and reports what it would change in the programme; with `apply=true` makes it the
/// programme in one transaction, as a new version when it changes anything, then fetches the speakers' photos it names
/// that the site has not got. An invalid file changes nothing.
#[utoipa::path(
    post,
    path = "/programme/import",
    operation_id = "import_programme",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(ImportQuery),
    request_body(
        content = Vec<u8>,
        content_type = "application/octet-stream",
        description = "The file as it was exported, whatever its content type: pretalx's `schedule.json`, frab \
                       XML `schedule.xml` or Sessionize's \"All\" JSON; UTF-8, up to 5 MB."
    ),
    responses(
        (status = 200, description = "What the file changes, or changed with `apply=true`.", body = ImportAnswer),
        (status = 400, description = "The query string is not valid (`apply` is `true` or `false`).", body = ErrorBody),
        (status = 413, description = "The file is over 5 MB.", body = ErrorBody),
        (status = 422, description = "The file is not a programme: `fieldErrors.file` names the entry and the \
                                      field, e.g. \"Session 'abc': start is not a time\". Nothing changed.", body = ErrorBody),
        AdminChange,
        ServerTrouble,
    )
)]
async fn import_programme(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<ImportQuery>,
    file: Bytes,
) -> Result<Json<ImportAnswer>, ApiError> {
    let venue = state.event.starts_at.offset();
    // A file of a few megabytes takes a while to read: off the threads that answer other calls.
    let Imported { format, programme } = tokio::task::spawn_blocking(move || import::parse(&file, venue))
        .await
        .map_err(|error| ApiError::Internal(error.into()))?
        .map_err(|error| invalid_file(error.to_string()))?;
    if !query.apply {
        let current = state.store.programme().await?;
        return Ok(Json(ImportAnswer {
            format: format.as_str(),
            changes: changes(&current, &programme).at_offset(venue),
            version: None,
            photos: None,
        }));
    }
    let applied = state
        .store
        .apply_programme(&programme, format.as_str(), &actor.name)
        .await
        .map_err(|error| match error {
            ApplyProgrammeError::UnknownReference { .. } => invalid_file(error.to_string()),
            ApplyProgrammeError::Database(error) => error.into(),
        })?;
    let photos = fetch_missing(&state.store, FetchPolicy::of(&state.settings)).await?;
    Ok(Json(ImportAnswer {
        format: format.as_str(),
        changes: applied.changes.at_offset(venue),
        version: applied.version,
        photos: Some(photos),
    }))
}

fn invalid_file(message: String) -> ApiError {
    let mut errors = FieldErrors::default();
    errors.add("file", message);
    ApiError::Validation(errors)
}
