//! Emails rendered from the templates in `email/templates/`: one folder per email with a
//! subject, a preheader, a text body and an HTML body, each set inside a shared layout.

mod attendee_views;
mod calendar;
mod error;
mod qr;
mod views;

pub use error::RenderError;
pub use qr::qr_png;

use minijinja::{AutoEscape, Environment, UndefinedBehavior, Value, context};
use serde::Serialize;
use time::OffsetDateTime;

use super::message::{Attachment, InlineImage, RenderedEmail};
use crate::admin::roles::Role;
use crate::event::Event;
use crate::invoices::InvoiceDocument;
use crate::orders::{Order, OrderKind};
use crate::sponsors::sponsor_page_url;
use crate::store::{RefundRecord, SponsorProfile, TicketRecord, TicketStatus, WaitingListEntry};
use crate::tickets::{display_code, wallet_key};
pub use attendee_views::{AnswersLetter, DayBeforeLetter, HeldTicket};
use attendee_views::{AnswersReminder, DayBefore};
use views::{
    AttendeeTicket, DrawPrize, EventView, InvoiceCorrection, MerchandiseConfirmation, OrganizerMessage, PresaleLink,
    RefundConfirmation, Seat, SessionMessage, SponsorReview, SponsorshipReceipt, StaffInvitation, TicketAccess,
    TicketReceipt, WaitingListJoined, WaitingListOffer, WaitingListPassedOver, Waitlist, WalletLinks,
};
pub use views::{
    MessageLetter, PresaleLetter, PrizeLetter, SeatLetter, SessionLetter, WaitingListOfferLinks, WaitlistLetter,
};

const TICKET_QR_ID: &str = "ticket-qr";
const PICKUP_QR_ID: &str = "pickup-qr";
const PNG: &str = "image/png";

macro_rules! template {
    ($name:literal) => {
        ($name, include_str!(concat!("../templates/", $name)))
    };
}

/// Every template, compiled into the binary so a deployment cannot lose one.
const TEMPLATES: &[(&str, &str)] = &[
    template!("layout.html"),
    template!("layout.txt"),
    template!("waitlist/subject.txt"),
    template!("waitlist/preheader.txt"),
    template!("waitlist/body.txt"),
    template!("waitlist/body.html"),
    template!("ticket/subject.txt"),
    template!("ticket/preheader.txt"),
    template!("ticket/body.txt"),
    template!("ticket/body.html"),
    template!("ticket/calendar.txt"),
    template!("merchandise/subject.txt"),
    template!("merchandise/preheader.txt"),
    template!("merchandise/body.txt"),
    template!("merchandise/body.html"),
    template!("sponsorship/subject.txt"),
    template!("sponsorship/preheader.txt"),
    template!("sponsorship/body.txt"),
    template!("sponsorship/body.html"),
    template!("attendee_ticket/subject.txt"),
    template!("attendee_ticket/preheader.txt"),
    template!("attendee_ticket/body.txt"),
    template!("attendee_ticket/body.html"),
    template!("refund/subject.txt"),
    template!("refund/preheader.txt"),
    template!("refund/body.txt"),
    template!("refund/body.html"),
    template!("invoice_correction/subject.txt"),
    template!("invoice_correction/preheader.txt"),
    template!("invoice_correction/body.txt"),
    template!("invoice_correction/body.html"),
    template!("staff_invitation/subject.txt"),
    template!("staff_invitation/preheader.txt"),
    template!("staff_invitation/body.txt"),
    template!("staff_invitation/body.html"),
    template!("sponsor_review/subject.txt"),
    template!("sponsor_review/preheader.txt"),
    template!("sponsor_review/body.txt"),
    template!("sponsor_review/body.html"),
    template!("waiting_list_joined/subject.txt"),
    template!("waiting_list_joined/preheader.txt"),
    template!("waiting_list_joined/body.txt"),
    template!("waiting_list_joined/body.html"),
    template!("waiting_list_offer/subject.txt"),
    template!("waiting_list_offer/preheader.txt"),
    template!("waiting_list_offer/body.txt"),
    template!("waiting_list_offer/body.html"),
    template!("waiting_list_passed_over/subject.txt"),
    template!("waiting_list_passed_over/preheader.txt"),
    template!("waiting_list_passed_over/body.txt"),
    template!("waiting_list_passed_over/body.html"),
    template!("presale_link/subject.txt"),
    template!("presale_link/preheader.txt"),
    template!("presale_link/body.txt"),
    template!("presale_link/body.html"),
    template!("draw_prize/subject.txt"),
    template!("draw_prize/preheader.txt"),
    template!("draw_prize/body.txt"),
    template!("draw_prize/body.html"),
    template!("seat_confirmed/subject.txt"),
    template!("seat_confirmed/preheader.txt"),
    template!("seat_confirmed/body.txt"),
    template!("seat_confirmed/body.html"),
    template!("seat_offered/subject.txt"),
    template!("seat_offered/preheader.txt"),
    template!("seat_offered/body.txt"),
    template!("seat_offered/body.html"),
    template!("seat_reminder/subject.txt"),
    template!("seat_reminder/preheader.txt"),
    template!("seat_reminder/body.txt"),
    template!("seat_reminder/body.html"),
    template!("session_message/subject.txt"),
    template!("session_message/preheader.txt"),
    template!("session_message/body.txt"),
    template!("session_message/body.html"),
    template!("message/subject.txt"),
    template!("message/preheader.txt"),
    template!("message/body.txt"),
    template!("message/body.html"),
    template!("answers_reminder/subject.txt"),
    template!("answers_reminder/preheader.txt"),
    template!("answers_reminder/body.txt"),
    template!("answers_reminder/body.html"),
    template!("day_before/subject.txt"),
    template!("day_before/preheader.txt"),
    template!("day_before/body.txt"),
    template!("day_before/body.html"),
];

/// Which of a workshop seat's emails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatEmail {
    Confirmed,
    Offered,
    Reminder,
}

/// Renders every email the site sends. Build it once and share it.
#[derive(Debug)]
pub struct Renderer {
    templates: Environment<'static>,
    wallets: OfferedWallets,
}

/// The wallets whose links ticket emails carry: those the site offers.
#[derive(Debug, Clone, Copy, Default)]
pub struct OfferedWallets {
    pub apple: bool,
    pub google: bool,
}

impl Default for Renderer {
    fn default() -> Self {
        Self::new()
    }
}

impl Renderer {
    pub fn new() -> Self {
        let mut templates = Environment::new();
        // HTML escapes every value unless marked safe; the text parts are sent as they are.
        templates.set_auto_escape_callback(|name| {
            if name.ends_with(".html") {
                AutoEscape::Html
            } else {
                AutoEscape::None
            }
        });
        // A misspelt variable fails the tests instead of silently rendering as nothing.
        templates.set_undefined_behavior(UndefinedBehavior::Strict);
        templates.set_trim_blocks(true);
        templates.set_lstrip_blocks(true);
        for (name, source) in TEMPLATES {
            // The sources are part of the binary: a syntax error is a bug every test catches.
            if let Err(error) = templates.add_template(name, source) {
                panic!("the email template {name} is invalid: {error}");
            }
        }
        Self {
            templates,
            wallets: OfferedWallets::default(),
        }
    }

    /// Ticket emails with "Add to Apple Wallet" and "Save to Google Wallet" links for the wallets offered.
    pub fn with_wallets(mut self, wallets: OfferedWallets) -> Self {
        self.wallets = wallets;
        self
    }

    /// A ticket's wallet links: its wallet calls with the key derived from its code, since an email cannot send
    /// the manage link's header. None when no wallet is offered.
    fn wallet_links(&self, site_url: &str, ticket: &TicketRecord) -> Option<WalletLinks> {
        let OfferedWallets { apple, google } = self.wallets;
        let link = |wallet: &str| {
            format!(
                "{site_url}/api/my-tickets/{}/wallet/{wallet}?key={}",
                ticket.id,
                wallet_key(&ticket.id, &ticket.code)
            )
        };
        (apple || google).then(|| WalletLinks {
            apple: apple.then(|| link("apple")),
            google: google.then(|| link("google")),
        })
    }

    /// Thanks a visitor for joining the waitlist; carries the one-click unsubscribe link, and
    /// the link that confirms the address and turns updates on (double opt-in), worded for
    /// whether the form asked for updates.
    pub fn waitlist_confirmation(
        &self,
        event: &Event,
        site_url: &str,
        letter: &WaitlistLetter<'_>,
        unsubscribe_url: &str,
    ) -> Result<RenderedEmail, RenderError> {
        let view = Waitlist::new(letter);
        self.letter("waitlist", event, site_url, Some(unsubscribe_url), &view)
    }

    /// The email a paid order sends: ticket receipt, merchandise confirmation or sponsorship
    /// receipt. `tickets` are a ticket order's tickets: the receipt carries the buyer's own, and
    /// `manage_token` opens the buyer's "Manage your tickets" page.
    pub fn order_confirmation(
        &self,
        event: &Event,
        site_url: &str,
        order: &Order,
        tickets: &[TicketRecord],
        manage_token: Option<&str>,
    ) -> Result<RenderedEmail, RenderError> {
        match order.kind {
            OrderKind::Ticket => self.ticket_receipt(event, site_url, order, tickets, manage_token),
            OrderKind::Merchandise => self.merchandise_confirmation(event, site_url, order),
            OrderKind::Sponsorship => self.sponsorship_receipt(event, site_url, order, manage_token),
        }
    }

    fn ticket_receipt(
        &self,
        event: &Event,
        site_url: &str,
        order: &Order,
        tickets: &[TicketRecord],
        manage_token: Option<&str>,
    ) -> Result<RenderedEmail, RenderError> {
        let buyer_ticket = tickets
            .iter()
            .find(|ticket| ticket.position == 1 && ticket.status == TicketStatus::Valid && !ticket.given_away());
        let manage_url = manage_token.map(|token| manage_tickets_url(site_url, token));
        let access = TicketAccess {
            code: buyer_ticket.map_or_else(|| order.reference.clone(), |ticket| display_code(&ticket.code)),
            manage_url: manage_url.as_deref(),
        };
        let calendar_filename = calendar::filename(&event.name);
        let mut view = TicketReceipt::new(event, order, &access, TICKET_QR_ID, &calendar_filename);
        view.wallet = buyer_ticket.and_then(|ticket| self.wallet_links(site_url, ticket));
        let context = email_context(&EventView::new(event, site_url), None, &view);
        let mut email = self.compose("ticket", &context)?;
        let stamp = order.paid_at.unwrap_or(order.created_at);
        self.attach_ticket(
            &mut email,
            event,
            site_url,
            &context,
            &view.ticket_code,
            &order.id,
            stamp,
        )?;
        Ok(email)
    }

    /// One attendee's own ticket, sent when it is given to them; `holder_token` opens their
    /// own "Manage your ticket" page (none when the seat went back to the buyer).
    pub fn attendee_ticket(
        &self,
        event: &Event,
        site_url: &str,
        order: &Order,
        ticket: &TicketRecord,
        holder_token: Option<&str>,
    ) -> Result<RenderedEmail, RenderError> {
        let calendar_filename = calendar::filename(&event.name);
        let code = display_code(&ticket.code);
        let attendee = ticket.attendee_name.as_deref().unwrap_or("there");
        let manage_url = holder_token.map(|token| manage_tickets_url(site_url, token));
        let access = TicketAccess {
            code: code.clone(),
            manage_url: manage_url.as_deref(),
        };
        let mut view = AttendeeTicket::new(
            event,
            order,
            &ticket.ticket_type,
            attendee,
            &access,
            TICKET_QR_ID,
            &calendar_filename,
        );
        view.wallet = self.wallet_links(site_url, ticket);
        let context = email_context(&EventView::new(event, site_url), None, &view);
        let mut email = self.compose("attendee_ticket", &context)?;
        self.attach_ticket(
            &mut email,
            event,
            site_url,
            &context,
            &code,
            &ticket.id,
            ticket.created_at,
        )?;
        Ok(email)
    }

    /// A ticket's QR code (inline and attached) and the event's calendar file.
    /// `calendar_key` and `stamp` keep the file identical each time the email is rendered.
    #[allow(clippy::too_many_arguments)]
    fn attach_ticket(
        &self,
        email: &mut RenderedEmail,
        event: &Event,
        site_url: &str,
        context: &Value,
        code: &str,
        calendar_key: &str,
        stamp: i64,
    ) -> Result<(), RenderError> {
        let calendar_filename = calendar::filename(&event.name);
        let qr_png = qr::qr_png(code)?;
        let description = self.render("ticket/calendar.txt", context)?;
        let uid = format!("{calendar_key}@{}", calendar::uid_host(site_url));
        let location = format!("{}, {}", event.venue.name, event.venue.address);
        let ics = calendar::ics(&calendar::CalendarEvent {
            uid: &uid,
            stamp: views::order_time(stamp).unwrap_or_else(OffsetDateTime::now_utc),
            starts_at: event.starts_at,
            ends_at: event.ends_at,
            summary: &event.name,
            location: &location,
            description: description.trim_end(),
            url: site_url,
            product: &event.name,
        });

        attach_qr(email, TICKET_QR_ID, format!("ticket-{code}.png"), qr_png);
        email.attachments.push(Attachment {
            filename: calendar_filename,
            content_type: calendar::CONTENT_TYPE.to_owned(),
            bytes: ics.into_bytes(),
        });
        Ok(())
    }

    fn merchandise_confirmation(
        &self,
        event: &Event,
        site_url: &str,
        order: &Order,
    ) -> Result<RenderedEmail, RenderError> {
        // Every merchandise order gets a pickup code when placed; should one lack it, the order
        // reference still identifies it at the desk.
        let pickup_code = order.pickup_code.as_deref().unwrap_or(&order.reference);
        let view = MerchandiseConfirmation::new(event, order, pickup_code, PICKUP_QR_ID);
        let context = email_context(&EventView::new(event, site_url), None, &view);
        let qr_png = qr::qr_png(pickup_code)?;
        let mut email = self.compose("merchandise", &context)?;
        attach_qr(&mut email, PICKUP_QR_ID, format!("pickup-{pickup_code}.png"), qr_png);
        Ok(email)
    }

    fn sponsorship_receipt(
        &self,
        event: &Event,
        site_url: &str,
        order: &Order,
        page_token: Option<&str>,
    ) -> Result<RenderedEmail, RenderError> {
        let page_url = page_token.map(|token| sponsor_page_url(site_url, token));
        let view = SponsorshipReceipt::new(event, order, page_url.as_deref());
        self.letter("sponsorship", event, site_url, None, &view)
    }

    /// Tells the buyer money went back to their card, and what it leaves of the order.
    pub fn refund_confirmation(
        &self,
        event: &Event,
        site_url: &str,
        order: &Order,
        refund: &RefundRecord,
    ) -> Result<RenderedEmail, RenderError> {
        let view = RefundConfirmation::new(event, order, refund);
        self.letter("refund", event, site_url, None, &view)
    }

    /// Tells the buyer their billing details are corrected: the old invoice's credit note and
    /// the new invoice go with it (the caller attaches them).
    pub fn invoice_correction(
        &self,
        event: &Event,
        site_url: &str,
        order: &Order,
        invoice: &InvoiceDocument,
        credit_note: &InvoiceDocument,
    ) -> Result<RenderedEmail, RenderError> {
        let view = InvoiceCorrection::new(order, invoice, credit_note);
        self.letter("invoice_correction", event, site_url, None, &view)
    }

    /// Invites a person to the back office: the link that sets their password.
    pub fn staff_invitation(
        &self,
        event: &Event,
        site_url: &str,
        name: &str,
        role: Role,
        invitation_url: &str,
    ) -> Result<RenderedEmail, RenderError> {
        let view = StaffInvitation::new(name, role, invitation_url, site_url);
        self.letter("staff_invitation", event, site_url, None, &view)
    }

    /// The organizer's review of a sponsor's profile: on the wall, or what to change.
    pub fn sponsor_review(
        &self,
        event: &Event,
        site_url: &str,
        order: &Order,
        profile: &SponsorProfile,
    ) -> Result<RenderedEmail, RenderError> {
        let view = SponsorReview::new(order, profile, site_url);
        self.letter("sponsor_review", event, site_url, None, &view)
    }

    /// A place on the waiting list, and what happens when units come back.
    pub fn waiting_list_joined(
        &self,
        event: &Event,
        site_url: &str,
        entry: &WaitingListEntry,
        place: i64,
        offer_hours: u32,
    ) -> Result<RenderedEmail, RenderError> {
        let view = WaitingListJoined::new(entry, place, offer_hours);
        self.letter("waiting_list_joined", event, site_url, None, &view)
    }

    /// Units held for someone on the waiting list: their code, the checkout and "No thanks".
    pub fn waiting_list_offer(
        &self,
        event: &Event,
        site_url: &str,
        entry: &WaitingListEntry,
        offer: &WaitingListOfferLinks<'_>,
    ) -> Result<RenderedEmail, RenderError> {
        let view = WaitingListOffer::new(event, entry, offer);
        self.letter("waiting_list_offer", event, site_url, None, &view)
    }

    /// Units that came back went to someone behind the entry who asked for fewer: it keeps
    /// its `place`.
    pub fn waiting_list_passed_over(
        &self,
        event: &Event,
        site_url: &str,
        entry: &WaitingListEntry,
        place: i64,
    ) -> Result<RenderedEmail, RenderError> {
        let view = WaitingListPassedOver::new(entry, place);
        self.letter("waiting_list_passed_over", event, site_url, None, &view)
    }

    /// A presale's priority link, to one subscribed registration; carries the unsubscribe link.
    pub fn presale_link(
        &self,
        event: &Event,
        site_url: &str,
        letter: &PresaleLetter<'_>,
        unsubscribe_url: &str,
    ) -> Result<RenderedEmail, RenderError> {
        let view = PresaleLink::new(event, letter);
        self.letter("presale_link", event, site_url, Some(unsubscribe_url), &view)
    }

    /// A draw's winner, with their free code; carries the unsubscribe link.
    pub fn draw_prize(
        &self,
        event: &Event,
        site_url: &str,
        letter: &PrizeLetter<'_>,
        unsubscribe_url: &str,
    ) -> Result<RenderedEmail, RenderError> {
        let view = DrawPrize::new(letter);
        self.letter("draw_prize", event, site_url, Some(unsubscribe_url), &view)
    }

    /// A workshop seat: reserved (`seat_confirmed`), given from the waiting list (`seat_offered`) or tomorrow
    /// (`seat_reminder`).
    pub fn seat(
        &self,
        kind: SeatEmail,
        event: &Event,
        site_url: &str,
        letter: &SeatLetter<'_>,
    ) -> Result<RenderedEmail, RenderError> {
        let folder = match kind {
            SeatEmail::Confirmed => "seat_confirmed",
            SeatEmail::Offered => "seat_offered",
            SeatEmail::Reminder => "seat_reminder",
        };
        self.letter(folder, event, site_url, None, &Seat::new(letter))
    }

    /// The organizer's message to a session's seat holders.
    pub fn session_message(
        &self,
        event: &Event,
        site_url: &str,
        letter: &SessionLetter<'_>,
    ) -> Result<RenderedEmail, RenderError> {
        self.letter("session_message", event, site_url, None, &SessionMessage::new(letter))
    }

    /// The organizer's message to a segment, its Markdown rendered inert; a message to the waitlist carries the
    /// one-click unsubscribe link, a service message to attendees, buyers or sponsors none.
    pub fn message(
        &self,
        event: &Event,
        site_url: &str,
        letter: &MessageLetter<'_>,
        unsubscribe_url: Option<&str>,
    ) -> Result<RenderedEmail, RenderError> {
        self.letter(
            "message",
            event,
            site_url,
            unsubscribe_url,
            &OrganizerMessage::new(letter),
        )
    }

    /// Asks a ticket's holder, once, to answer the questions it still leaves open.
    pub fn answers_reminder(
        &self,
        event: &Event,
        site_url: &str,
        letter: &AnswersLetter<'_>,
    ) -> Result<RenderedEmail, RenderError> {
        self.letter("answers_reminder", event, site_url, None, &AnswersReminder::new(letter))
    }

    /// The day before the event, to one holder: each of their tickets with its QR code (inline and attached), the
    /// venue, when the doors open and the schedule.
    pub fn day_before(
        &self,
        event: &Event,
        site_url: &str,
        letter: &DayBeforeLetter<'_>,
    ) -> Result<RenderedEmail, RenderError> {
        let view = DayBefore::new(letter, |index| format!("{TICKET_QR_ID}-{}", index + 1));
        let mut email = self.letter("day_before", event, site_url, None, &view)?;
        for ticket in &view.tickets {
            let png = qr::qr_png(&ticket.code)?;
            attach_qr(
                &mut email,
                &ticket.qr_content_id,
                format!("ticket-{}.png", ticket.code),
                png,
            );
        }
        Ok(email)
    }

    /// The email whose templates are in `folder`, telling `view`, in the frame every email
    /// shares: the event's header and footer, and a mailing's one-click unsubscribe link in
    /// both parts and the header.
    fn letter(
        &self,
        folder: &str,
        event: &Event,
        site_url: &str,
        unsubscribe_url: Option<&str>,
        view: &impl Serialize,
    ) -> Result<RenderedEmail, RenderError> {
        let context = email_context(&EventView::new(event, site_url), unsubscribe_url, view);
        let mut email = self.compose(folder, &context)?;
        email.unsubscribe_url = unsubscribe_url.map(str::to_owned);
        Ok(email)
    }

    /// The subject and both parts of the email whose templates are in `folder`, set in the layout.
    fn compose(&self, folder: &str, context: &Value) -> Result<RenderedEmail, RenderError> {
        let subject = single_line(&self.render(&format!("{folder}/subject.txt"), context)?);
        let preheader = single_line(&self.render(&format!("{folder}/preheader.txt"), context)?);
        let text_body = self.render(&format!("{folder}/body.txt"), context)?;
        let html_body = self.render(&format!("{folder}/body.html"), context)?;

        let text = self.render(
            "layout.txt",
            &context! { content => text_body.trim_end(), ..context.clone() },
        )?;
        let html = self.render(
            "layout.html",
            &context! {
                subject => &subject,
                preheader,
                // Already escaped when the body was rendered.
                content => Value::from_safe_string(html_body),
                ..context.clone()
            },
        )?;
        Ok(RenderedEmail {
            subject,
            text: format!("{}\n", text.trim_end()),
            html: format!("{}\n", html.trim_end()),
            inline_images: Vec::new(),
            attachments: Vec::new(),
            unsubscribe_url: None,
        })
    }

    fn render(&self, name: &str, context: &Value) -> Result<String, RenderError> {
        Ok(self.templates.get_template(name)?.render(context)?)
    }
}

/// A "Manage your tickets" page, the buyer's or one holder's. The secret is in the fragment,
/// which browsers never send to a server, so it stays out of every log and `Referer`.
pub fn manage_tickets_url(site_url: &str, token: &str) -> String {
    format!("{}/my-tickets#{token}", site_url.trim_end_matches('/'))
}

/// The one-click unsubscribe link of the waitlist registration whose token this is.
pub fn unsubscribe_url(site_url: &str, token: &str) -> String {
    format!("{}/unsubscribe?token={token}", site_url.trim_end_matches('/'))
}

/// A QR code shown inline as `content_id`, and also attached as `filename` for readers who only
/// see the text part.
fn attach_qr(email: &mut RenderedEmail, content_id: &str, filename: String, png: Vec<u8>) {
    email.inline_images.push(InlineImage {
        content_id: content_id.to_owned(),
        content_type: PNG.to_owned(),
        bytes: png.clone(),
    });
    email.attachments.push(Attachment {
        filename,
        content_type: PNG.to_owned(),
        bytes: png,
    });
}

fn email_context(event: &EventView, unsubscribe_url: Option<&str>, view: &impl Serialize) -> Value {
    context! { event, unsubscribe_url, ..Value::from_serialize(view) }
}

/// Header-safe: a subject is one line, however the template wraps it.
fn single_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod attendee_tests;
#[cfg(test)]
mod tests;
