//! `/my-schedule`: every session, hidden, grouped by day; the browser shows the ones the visitor starred, marks
//! clashes and points the calendar link at them.

use std::fmt::Write;

use super::parts::{CardOptions, long_day, session_card};
use crate::programme_site::view::{Listed, View};

pub fn page(view: &View) -> String {
    let mut html = String::with_capacity(32 * 1024);
    html.push_str(
        "<div class=\"mx-auto max-w-3xl space-y-6 px-4 py-10\"><h1 class=\"text-3xl font-bold tracking-tight\">My \
         schedule</h1><p data-my-empty class=\"text-muted-foreground\">No starred sessions yet. Star sessions on the \
         <a class=\"text-primary underline\" href=\"/schedule\">schedule</a>.</p>\
         <p><a data-my-ics href=\"/schedule.ics\" download hidden class=\"inline-block rounded-md bg-primary px-4 \
         py-2 text-sm font-medium text-primary-foreground\">Download as calendar (.ics)</a></p>",
    );
    for &day in &view.days {
        let sessions: Vec<&Listed> = (view.listed.iter())
            .filter(|listed| !listed.cancelled && view.day_of(&listed.session) == day)
            .collect();
        let _ = write!(
            html,
            "<section data-day=\"{day}\" hidden class=\"space-y-2\"><h2 class=\"text-xl font-semibold\">{}</h2>\
             <ul class=\"grid gap-3\">",
            long_day(day)
        );
        for listed in sessions {
            session_card(
                &mut html,
                view,
                listed,
                &CardOptions {
                    anchor: false,
                    place: None,
                    extra: " hidden",
                },
            );
        }
        html.push_str("</ul></section>");
    }
    html.push_str("</div>");
    html
}
