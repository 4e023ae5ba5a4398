//! Which programme page a path and query ask for.

use std::collections::HashMap;

use time::Date;

use super::html::schedule::Filters;
use super::view::View;

/// A programme page's path, as the router hands it over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Address {
    Schedule,
    Changes,
    Session(String),
    Speakers,
    Speaker(String),
    MySchedule,
}

/// One rendering of a page: the schedule once per day and filters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PageKey {
    Schedule(Filters),
    Changes,
    Session(String),
    Speakers,
    Speaker(String),
    MySchedule,
}

impl PageKey {
    /// `today` is the venue's date now: the schedule opens on it during the event.
    pub fn of(address: &Address, query: &HashMap<String, String>, view: &View, today: Date) -> Self {
        match address {
            Address::Schedule => Self::Schedule(Filters::parse(view, query, today)),
            Address::Changes => Self::Changes,
            Address::Session(slug) => Self::Session(slug.clone()),
            Address::Speakers => Self::Speakers,
            Address::Speaker(slug) => Self::Speaker(slug.clone()),
            Address::MySchedule => Self::MySchedule,
        }
    }
}
