//! One version of the programme, published: its view, its pages as they are first asked for, the parts other pages
//! show, and the files apps read. Kept until the next import, so each is rendered and compressed once a version.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use super::address::PageKey;
use super::html::{self, Rendered};
use super::view::View;
use crate::event::Event;
use crate::precompressed::Precompressed;
use crate::programme::export::{ExportInfo, c3voc_json, frab_xml, ics};

/// Public, but an import changes them: clients ask again each time, and a current copy costs them a 304.
pub const CACHE_CONTROL: &str = "no-cache";

pub struct Published {
    pub view: View,
    info: ExportInfo,
    event: Arc<Event>,
    public_url: String,
    /// `#featured-speakers` on the home page.
    pub featured_speakers: String,
    /// `#sitemap-programme` on `/sitemap`.
    pub sitemap: String,
    rendered: Mutex<HashMap<PageKey, Arc<Rendered>>>,
    /// Pages as served, by page and by whether the frame they went into was current.
    served: Mutex<HashMap<(PageKey, bool), Precompressed>>,
    /// `/schedule.json`, `/schedule.xml` and `/schedule.ics`.
    pub exports: OnceLock<Exports>,
    /// `GET /api/programme`'s answer.
    pub api_answer: OnceLock<Precompressed>,
    /// `GET /api/programme`'s answer with the seats it was made with, when sessions take sign-ups: made again only
    /// when a count changed.
    pub seated_answer: Mutex<Option<(u64, Precompressed)>>,
}

pub struct Exports {
    pub json: Precompressed,
    pub xml: Precompressed,
    pub ics: Precompressed,
}

impl Published {
    pub fn new(view: View, event: Arc<Event>, public_url: &str) -> Self {
        let info = ExportInfo::for_event(&event, public_url, view.number, view.published_at);
        Self {
            featured_speakers: html::live::featured_speakers(&view),
            sitemap: html::live::sitemap(&view),
            info,
            view,
            event,
            public_url: public_url.to_owned(),
            rendered: Mutex::default(),
            served: Mutex::default(),
            exports: OnceLock::new(),
            api_answer: OnceLock::new(),
            seated_answer: Mutex::default(),
        }
    }

    /// The page, rendered the first time it is asked for; none for a session or speaker the programme lacks (which
    /// is not kept, so unknown addresses cannot fill the memory).
    pub fn page(&self, key: &PageKey) -> Option<Arc<Rendered>> {
        if let Some(rendered) = lock(&self.rendered).get(key) {
            return Some(Arc::clone(rendered));
        }
        let rendered = Arc::new(html::render(&self.view, key, &self.event, &self.public_url)?);
        lock(&self.rendered).insert(key.clone(), Arc::clone(&rendered));
        Some(rendered)
    }

    /// The page as served, made by `serve` the first time.
    pub fn served(
        &self,
        key: &PageKey,
        frame_current: bool,
        serve: impl FnOnce() -> Option<Precompressed>,
    ) -> Option<Precompressed> {
        let key = (key.clone(), frame_current);
        if let Some(page) = lock(&self.served).get(&key) {
            return Some(page.clone());
        }
        let page = serve()?;
        lock(&self.served).insert(key, page.clone());
        Some(page)
    }

    /// The three exports; compressing them takes milliseconds of CPU, so callers run this off the async threads.
    pub fn exports(&self) -> &Exports {
        self.exports.get_or_init(|| {
            let programme = &self.view.programme;
            Exports {
                json: Precompressed::compress(
                    c3voc_json(programme, &self.info),
                    "application/json; charset=utf-8",
                    CACHE_CONTROL,
                ),
                xml: Precompressed::compress(
                    frab_xml(programme, &self.info),
                    "application/xml; charset=utf-8",
                    CACHE_CONTROL,
                ),
                ics: Precompressed::compress(
                    ics(programme, &programme.sessions, &self.info),
                    "text/calendar; charset=utf-8",
                    CACHE_CONTROL,
                ),
            }
        })
    }

    /// The calendar of the sessions named by `slugs` (unknown ones ignored), for "Add to calendar" and My schedule.
    pub fn calendar_of(&self, slugs: &[&str]) -> String {
        let programme = &self.view.programme;
        let sessions = (programme.sessions.iter()).filter(|session| slugs.contains(&session.slug.as_str()));
        ics(programme, sessions, &self.info)
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
