//! The programme's pages (`/schedule`, `/schedule/changes`, `/sessions/{slug}`, `/speakers`, `/speakers/{slug}`,
//! `/my-schedule`): rendered by `programme_site` into the frame the front end prerenders, each kept per version,
//! per day and filters, and per whether the frame was current. Without a programme, every one is missing.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::{Path, Query, Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::answers::{not_built, not_found};
use super::site::Site;
use crate::domain::escape_html;
use crate::programme_site::{Address, PageKey};

pub async fn schedule(site: State<Arc<Site>>, query: Query<HashMap<String, String>>, request: Request) -> Response {
    serve(site, Address::Schedule, query, request).await
}

pub async fn changes(site: State<Arc<Site>>, query: Query<HashMap<String, String>>, request: Request) -> Response {
    serve(site, Address::Changes, query, request).await
}

pub async fn session(
    site: State<Arc<Site>>,
    Path(slug): Path<String>,
    query: Query<HashMap<String, String>>,
    request: Request,
) -> Response {
    serve(site, Address::Session(slug), query, request).await
}

pub async fn speakers(site: State<Arc<Site>>, query: Query<HashMap<String, String>>, request: Request) -> Response {
    serve(site, Address::Speakers, query, request).await
}

pub async fn speaker(
    site: State<Arc<Site>>,
    Path(slug): Path<String>,
    query: Query<HashMap<String, String>>,
    request: Request,
) -> Response {
    serve(site, Address::Speaker(slug), query, request).await
}

pub async fn my_schedule(site: State<Arc<Site>>, query: Query<HashMap<String, String>>, request: Request) -> Response {
    serve(site, Address::MySchedule, query, request).await
}

async fn serve(
    State(site): State<Arc<Site>>,
    address: Address,
    Query(query): Query<HashMap<String, String>>,
    request: Request,
) -> Response {
    if !site.pages.is_built() {
        return not_built();
    }
    let published = match site.programme.current(&site.store).await {
        Ok(Some(published)) => published,
        Ok(None) => return not_found(&site, request.headers(), false).await,
        Err(error) => {
            tracing::error!(%error, "cannot read the programme for its pages");
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        }
    };
    let view = &published.view;
    let today = site.clock.now().to_offset(view.venue).date();
    let key = PageKey::of(&address, &query, view, today);
    let Some(rendered) = published.page(&key) else {
        return not_found(&site, request.headers(), view.has_sessions()).await;
    };
    let frame_current = match site.catalogue.snapshot().await {
        Ok(snapshot) => site.pages.frame_current(&snapshot.prerender_digest),
        Err(error) => {
            tracing::error!(%error, "cannot read the stock for the pages");
            false
        }
    };
    let element = format!(
        "<div id=\"programme-page\" data-timezone=\"{}\" data-zone-label=\"{}\">{}</div>",
        escape_html(&view.timezone),
        escape_html(&view.zone_label),
        rendered.body
    );
    let page = published.served(&key, frame_current, || {
        site.pages.programme_page(frame_current, &rendered.head, &element)
    });
    match page {
        Some(page) => page.respond(request.headers()),
        None => not_built(),
    }
}
