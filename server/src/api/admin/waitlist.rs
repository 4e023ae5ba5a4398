//! The waitlist: who registered, their interests, whether they asked for updates and whether
//! they confirmed their address (only then do presales and draws reach them).

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::responses::{AdminRead, ServerTrouble};
use crate::api::params::{ApiQuery, page_number};
use crate::domain::InterestArea;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;
use crate::store::{Page, StoredRegistration};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list))
}

const PAGE_SIZE: i64 = 50;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ListQuery {
    /// Any part of the name or email, in any case.
    #[param(nullable = false)]
    q: Option<String>,
    /// From 1, the default.
    #[param(nullable = false)]
    page: Option<i64>,
}

/// One registration. `registeredAt` is Unix milliseconds.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = WaitlistEntry)]
struct Registration {
    full_name: String,
    email: String,
    #[schema(required = true)]
    job_title: Option<String>,
    #[schema(value_type = Vec<InterestArea>)]
    interest_areas: Vec<String>,
    /// Asked for updates and has not unsubscribed.
    subscribed: bool,
    /// The address's owner followed the confirmation link (or came back with their unsubscribe
    /// email's link): with `subscribed`, presales and draws reach them.
    confirmed: bool,
    registered_at: i64,
}

impl From<StoredRegistration> for Registration {
    fn from(registration: StoredRegistration) -> Self {
        Self {
            interest_areas: registration.interests(),
            full_name: registration.full_name,
            email: registration.email,
            job_title: registration.job_title,
            subscribed: registration.subscribe,
            confirmed: registration.confirmed_at.is_some(),
            registered_at: registration.created_at,
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InterestCount)]
struct Interest {
    #[schema(value_type = InterestArea)]
    value: &'static str,
    label: &'static str,
    count: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct WaitlistScreen {
    #[serde(flatten)]
    page: Page<Registration>,
    /// Over the whole waitlist, not the page.
    interests: Vec<Interest>,
    registered: i64,
    /// Asked for updates and have not unsubscribed, confirmed or not.
    subscribed: i64,
    /// Of those, confirmed: whom presales and draws reach.
    confirmed: i64,
}

/// One page of the waitlist, newest first, with counts over the whole of it.
#[utoipa::path(
    get,
    path = "/waitlist",
    operation_id = "list_waitlist",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(ListQuery),
    responses(
        (status = 200, body = WaitlistScreen),
        (status = 400, description = "A parameter has the wrong type or a NUL character.", body = ErrorBody),
        AdminRead,
        ServerTrouble,
    )
)]
async fn list(
    _actor: AdminActor,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<WaitlistScreen>, ApiError> {
    let page = state
        .store
        .waitlist_page(query.q.as_deref(), page_number(query.page, PAGE_SIZE), PAGE_SIZE)
        .await?;
    let everyone = state.store.all_waitlist_registrations().await?;
    let interests = InterestArea::ALL
        .into_iter()
        .map(|area| Interest {
            value: area.value(),
            label: area.label(),
            count: everyone
                .iter()
                .filter(|registration| registration.interests().iter().any(|chosen| chosen == area.value()))
                .count() as i64,
        })
        .collect();
    Ok(Json(WaitlistScreen {
        registered: everyone.len() as i64,
        subscribed: everyone.iter().filter(|registration| registration.subscribe).count() as i64,
        confirmed: everyone
            .iter()
            .filter(|registration| registration.receives_updates())
            .count() as i64,
        interests,
        page: Page {
            items: page.items.into_iter().map(Registration::from).collect(),
            page: page.page,
            page_size: page.page_size,
            total: page.total,
        },
    }))
}
