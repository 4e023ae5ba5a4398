//! The programme's applied imports, newest first: what each changed, from which format, when and by whom. The
//! organizer reads it under the import; support reads it to answer "when did the schedule change?".

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::responses::{AdminRead, ServerTrouble};
use crate::error::ApiError;
use crate::programme::Changes;
use crate::state::AppState;
use crate::store::ProgrammeVersion;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_versions))
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = ProgrammeVersions)]
struct VersionsAnswer {
    /// Newest first; empty before the first import.
    versions: Vec<VersionAnswer>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ProgrammeVersion)]
struct VersionAnswer {
    /// 1 for the first applied import, then one more for each import that changed something.
    number: i64,
    /// Unix milliseconds.
    applied_at: i64,
    /// The file's format: `pretalx`, `frab-xml` or `sessionize`.
    #[schema(example = "pretalx")]
    format: String,
    /// What the import changed, as its answer said.
    changes: Changes,
    /// Who applied it: the staff member's name, or "API token".
    applied_by: String,
}

/// Every applied import of the programme, newest first.
#[utoipa::path(
    get,
    path = "/programme/versions",
    operation_id = "list_programme_versions",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    responses(
        (status = 200, description = "The versions, newest first.", body = VersionsAnswer),
        AdminRead,
        ServerTrouble,
    )
)]
async fn list_versions(_actor: AdminActor, State(state): State<AppState>) -> Result<Json<VersionsAnswer>, ApiError> {
    let venue = state.event.starts_at.offset();
    let versions = state
        .store
        .programme_versions()
        .await?
        .into_iter()
        .map(|version: ProgrammeVersion| VersionAnswer {
            number: version.number,
            applied_at: version.applied_at,
            format: version.format,
            // Stored as the import compared them, the old times in UTC: the organizer reads the venue's.
            changes: version.changes.at_offset(venue),
            applied_by: version.applied_by,
        })
        .collect();
    Ok(Json(VersionsAnswer { versions }))
}
