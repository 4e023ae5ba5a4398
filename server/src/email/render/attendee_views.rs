//! What the emails to each attendee see: the reminder to answer the event's questions, and the day-before email
//! with their QR codes.

use serde::Serialize;

use super::views::greeting_name;

/// The reminder to answer the required questions of one ticket.
pub struct AnswersLetter<'a> {
    /// The ticket's holder.
    pub name: Option<&'a str>,
    pub ticket_name: &'a str,
    /// The labels of the questions still open, in the event file's order.
    pub open: Vec<&'a str>,
    /// The holder's new "Manage your ticket" link; none for a seat under the buyer's link, who answers from their
    /// receipt's.
    pub manage_url: Option<&'a str>,
    /// The last day answers can be changed: "May 11, 2026".
    pub until: &'a str,
}

#[derive(Serialize)]
pub(super) struct AnswersReminder {
    pub greeting_name: String,
    pub ticket_name: String,
    pub open: Vec<String>,
    pub manage_url: Option<String>,
    pub until: String,
}

impl AnswersReminder {
    pub fn new(letter: &AnswersLetter<'_>) -> Self {
        Self {
            greeting_name: greeting_name(letter.name.unwrap_or("there")),
            ticket_name: letter.ticket_name.to_owned(),
            open: letter.open.iter().map(|label| (*label).to_owned()).collect(),
            manage_url: letter.manage_url.map(str::to_owned),
            until: letter.until.to_owned(),
        }
    }
}

/// The day before the event, to one holder.
pub struct DayBeforeLetter<'a> {
    /// The name on the holder's first ticket, if any.
    pub name: Option<&'a str>,
    pub tickets: Vec<HeldTicket<'a>>,
    /// When the doors open on the first day: "08:00 on May 18, 2026", the venue's clock.
    pub doors: &'a str,
    pub schedule_url: &'a str,
}

/// One ticket the holder brings.
pub struct HeldTicket<'a> {
    pub ticket_name: &'a str,
    /// Who it admits; none for a seat nobody was named to.
    pub attendee: Option<&'a str>,
    /// As printed: "TK-7K3P-…".
    pub code: &'a str,
}

#[derive(Serialize)]
pub(super) struct DayBefore {
    pub greeting_name: String,
    pub tickets: Vec<TicketCard>,
    pub doors: String,
    pub schedule_url: String,
}

#[derive(Serialize)]
pub(super) struct TicketCard {
    pub ticket_name: String,
    pub attendee: Option<String>,
    pub code: String,
    pub qr_content_id: String,
}

impl DayBefore {
    /// `qr_content_id` names each ticket's inline QR code by its place in the letter.
    pub fn new(letter: &DayBeforeLetter<'_>, qr_content_id: impl Fn(usize) -> String) -> Self {
        Self {
            greeting_name: greeting_name(letter.name.unwrap_or("there")),
            tickets: (letter.tickets.iter().enumerate())
                .map(|(index, ticket)| TicketCard {
                    ticket_name: ticket.ticket_name.to_owned(),
                    attendee: ticket.attendee.map(str::to_owned),
                    code: ticket.code.to_owned(),
                    qr_content_id: qr_content_id(index),
                })
                .collect(),
            doors: letter.doors.to_owned(),
            schedule_url: letter.schedule_url.to_owned(),
        }
    }
}
