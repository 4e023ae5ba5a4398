//! The waitlist: who registered, their interests and whether they want updates.

use axum::Json;
use axum::extract::{Query, State};
use axum::routing::get;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;

use super::auth::AdminActor;
use crate::domain::InterestArea;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::{Page, StoredRegistration};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().route("/waitlist", get(list))
}

const PAGE_SIZE: i64 = 50;

#[derive(Debug, Deserialize)]
struct ListQuery {
    q: Option<String>,
    page: Option<i64>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Registration {
    full_name: String,
    email: String,
    job_title: Option<String>,
    interest_areas: Vec<String>,
    subscribed: bool,
    registered_at: i64,
}

impl From<StoredRegistration> for Registration {
    fn from(registration: StoredRegistration) -> Self {
        Self {
            interest_areas: interests(&registration),
            full_name: registration.full_name,
            email: registration.email,
            job_title: registration.job_title,
            subscribed: registration.subscribe,
            registered_at: registration.created_at,
        }
    }
}

pub fn interests(registration: &StoredRegistration) -> Vec<String> {
    registration
        .interest_areas
        .split(',')
        .filter(|area| !area.is_empty())
        .map(str::to_owned)
        .collect()
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Interest {
    value: &'static str,
    label: &'static str,
    count: i64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WaitlistScreen {
    #[serde(flatten)]
    page: Page<Registration>,
    /// Over the whole waitlist, not the page.
    interests: Vec<Interest>,
    registered: i64,
    subscribed: i64,
}

async fn list(
    _actor: AdminActor,
    State(state): State<AppState>,
    Query(query): Query<ListQuery>,
) -> Result<Json<WaitlistScreen>, ApiError> {
    let page = state
        .store
        .waitlist_page(query.q.as_deref(), query.page.unwrap_or(1).max(1), PAGE_SIZE)
        .await?;
    let everyone = state.store.all_waitlist_registrations().await?;
    let interests = InterestArea::ALL
        .into_iter()
        .map(|area| Interest {
            value: area.value(),
            label: area.label(),
            count: everyone
                .iter()
                .filter(|registration| interests(registration).iter().any(|chosen| chosen == area.value()))
                .count() as i64,
        })
        .collect();
    Ok(Json(WaitlistScreen {
        registered: everyone.len() as i64,
        subscribed: everyone.iter().filter(|registration| registration.subscribe).count() as i64,
        interests,
        page: Page {
            items: page.items.into_iter().map(Registration::from).collect(),
            page: page.page,
            page_size: page.page_size,
            total: page.total,
        },
    }))
}
