//! Drains the outbox: claims due emails, renders and sends them, and retries
//! failures with exponential backoff until the attempts run out.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use futures_util::future::BoxFuture;
use lettre::message::Mailbox;
use tokio::sync::watch;

use super::compose::compose;
use super::message::{Attachment, RenderedEmail};
use super::render::{
    AnswersLetter, DayBeforeLetter, HeldTicket, MessageLetter, OfferedWallets, PresaleLetter, PrizeLetter, RenderError,
    Renderer, SeatEmail, SeatLetter, SessionLetter, WaitingListOfferLinks, WaitlistLetter, manage_tickets_url,
    unsubscribe_url,
};
use super::transport::Transport;
use crate::admin::invitation_url;
use crate::clock::unix_millis;
use crate::domain::mask_email;
use crate::event::Event;
use crate::invoices::{InvoiceKind, render_pdf};
use crate::orders::Order;
use crate::pricing::Item;
use crate::questions;
use crate::secrets;
use crate::settings::MailSettings;
use crate::store::{
    ClaimedEmail, CodeRecord, EmailKind, EntryState, InvoiceRecord, Receipt, StaffStatus, Store, StoredRegistration,
    WaitingListEntry, attendee_email_is_current, now_millis,
};
use crate::tickets::{display_code, transfer_until};
use crate::waiting_list;

/// How long a claimed email is held by one worker before another may take it.
const LEASE_MILLIS: i64 = 5 * 60 * 1000;
/// Emails claimed per round.
const BATCH: i64 = 50;
/// Emails in flight at once, each on its own pooled SMTP connection (lettre's pool keeps
/// up to ten): a launch's receipts go out in seconds, not one round trip after another.
const SEND_CONCURRENCY: usize = 8;
/// The longest one send may take (the SMTP timeout, with a margin). A send starts only
/// if it will end inside the lease, so no other worker can have taken the email meanwhile.
const SEND_BUDGET_MILLIS: i64 = 30 * 1000;
/// The longest wait between two attempts.
const MAX_BACKOFF_MILLIS: i64 = 60 * 60 * 1000;

pub struct Mailer {
    store: Store,
    transport: Transport,
    renderer: Renderer,
    from: Mailbox,
    event: Arc<Event>,
    public_url: String,
    max_attempts: u32,
    retry_base_seconds: u32,
}

#[derive(Debug, thiserror::Error)]
pub enum MailerError {
    #[error("MAIL_FROM is not an email address with an optional name: {0}")]
    From(String),
    #[error(transparent)]
    Transport(#[from] super::transport::TransportError),
}

impl Mailer {
    pub fn new(
        store: Store,
        event: Arc<Event>,
        settings: &MailSettings,
        data_dir: &std::path::Path,
        public_url: &str,
    ) -> Result<Self, MailerError> {
        let from = settings
            .from
            .clone()
            .unwrap_or_else(|| format!("{} <{}>", event.name, event.contact_email));
        Ok(Self {
            from: from.parse().map_err(|_| MailerError::From(from.clone()))?,
            transport: Transport::from_settings(settings, data_dir)?,
            renderer: Renderer::new(),
            store,
            event,
            public_url: public_url.to_owned(),
            max_attempts: settings.max_attempts,
            retry_base_seconds: settings.retry_base_seconds,
        })
    }

    /// Ticket emails link to the wallets the site offers.
    pub fn with_wallets(mut self, wallets: OfferedWallets) -> Self {
        self.renderer = self.renderer.with_wallets(wallets);
        self
    }

    pub fn describe_transport(&self) -> String {
        self.transport.describe()
    }

    /// Sends the emails due now, one batch; returns how many went out.
    pub async fn deliver_due(&self) -> Result<usize, sqlx::Error> {
        Ok(self.deliver_batch().await?.sent)
    }

    /// Claims a batch of due emails and sends them, several at a time.
    ///
    /// The sends that finish while others are being marked sent are marked together, in one statement, as soon as
    /// that mark is done: under load a batch's marks take a few statements instead of one each, and no email waits
    /// longer to be marked than one mark's round trip. The sends go on meanwhile (each may hold a connection of the
    /// pool the marks need). A failure to record an outcome is answered once the batch's sends are over, not by
    /// dropping the sends in flight.
    async fn deliver_batch(&self) -> Result<Batch, sqlx::Error> {
        let now = now_millis();
        let lease_until = now + LEASE_MILLIS;
        let claimed = self.store.claim_due_emails(now, lease_until, BATCH).await?;
        let count = claimed.len();
        let mut receipts = self.batch_receipts(&claimed).await;
        let mut sends = futures_util::stream::iter(claimed)
            .map(|email| {
                let receipt = match email.kind {
                    EmailKind::OrderConfirmation => receipts.remove(&email.subject_id),
                    _ => None,
                };
                self.deliver(email, receipt, lease_until)
            })
            .buffer_unordered(SEND_CONCURRENCY);
        let mut sends_over = false;
        let mut to_mark = Vec::new();
        let mut marking: Option<BoxFuture<'_, Marked>> = None;
        let mut sent = 0;
        let mut failure = None;
        loop {
            if marking.is_none() && !to_mark.is_empty() {
                marking = Some(Box::pin(self.mark_sent(std::mem::take(&mut to_mark))));
            }
            let event = match marking.as_mut() {
                Some(mark) => tokio::select! {
                    marked = mark => BatchEvent::Marked(marked),
                    outcome = sends.next(), if !sends_over => BatchEvent::Finished(outcome),
                },
                None if sends_over => break,
                None => BatchEvent::Finished(sends.next().await),
            };
            match event {
                BatchEvent::Finished(None) => sends_over = true,
                BatchEvent::Finished(Some(Ok(Some(email)))) => to_mark.push(email),
                BatchEvent::Finished(Some(Ok(None))) => {}
                BatchEvent::Finished(Some(Err(error))) => {
                    failure.get_or_insert(error);
                }
                BatchEvent::Marked(marked) => {
                    marking = None;
                    match marked {
                        Ok(marked) => sent += marked,
                        Err(error) => {
                            failure.get_or_insert(error);
                        }
                    }
                }
            }
        }
        match failure {
            Some(error) => Err(error),
            None => Ok(Batch { claimed: count, sent }),
        }
    }

    /// Marks `emails` sent, in one statement; answers how many.
    async fn mark_sent(&self, emails: Vec<ClaimedEmail>) -> Marked {
        let ids: Vec<&str> = emails.iter().map(|email| email.id.as_str()).collect();
        self.store.mark_emails_sent(&ids).await?;
        for email in &emails {
            tracing::info!(email = %email.id, to = %mask_email(&email.recipient), kind = email.kind.as_str(), "email sent");
        }
        Ok(emails.len())
    }

    /// The receipts the batch's order confirmations show, read in one statement. Should that fail, each email reads
    /// its own and fails, or not, by itself.
    async fn batch_receipts(&self, claimed: &[ClaimedEmail]) -> HashMap<String, Receipt> {
        let orders: Vec<&str> = claimed
            .iter()
            .filter(|email| email.kind == EmailKind::OrderConfirmation)
            .map(|email| email.subject_id.as_str())
            .collect();
        self.store.receipts(&orders).await.unwrap_or_else(|error| {
            tracing::warn!(%error, "could not read a batch of receipts; reading them one by one");
            HashMap::new()
        })
    }

    /// Sends one claimed email and records its outcome unless it went out: that one is returned, to be marked sent.
    /// `receipt`: the order's receipt, for an order confirmation, when the batch read it.
    async fn deliver(
        &self,
        email: ClaimedEmail,
        receipt: Option<Receipt>,
        lease_until: i64,
    ) -> Result<Option<ClaimedEmail>, sqlx::Error> {
        if now_millis() + SEND_BUDGET_MILLIS > lease_until {
            // It waits for its lease to lapse and is claimed again, by any worker.
            return Ok(None);
        }
        match self.send(&email, receipt).await {
            Ok(Delivery::Sent) => Ok(Some(email)),
            Ok(Delivery::Cancelled(reason)) => {
                self.store.mark_email_cancelled(&email.id, reason).await?;
                tracing::info!(email = %email.id, reason, "email cancelled");
                Ok(None)
            }
            Err(error) => {
                let retry_at = (email.attempts < i64::from(self.max_attempts))
                    .then(|| now_millis() + self.backoff_millis(email.attempts));
                tracing::warn!(email = %email.id, to = %mask_email(&email.recipient), attempts = email.attempts,
                    gives_up = retry_at.is_none(), %error, "email not sent");
                self.store
                    .mark_email_attempt_failed(&email.id, &error, retry_at)
                    .await?;
                Ok(None)
            }
        }
    }

    /// 1×, 2×, 4×… the base wait after the first, second, third… failure.
    fn backoff_millis(&self, attempts: i64) -> i64 {
        let exponent = u32::try_from(attempts.saturating_sub(1)).unwrap_or(u32::MAX).min(20);
        (i64::from(self.retry_base_seconds) * 1000)
            .saturating_mul(1 << exponent)
            .min(MAX_BACKOFF_MILLIS)
    }

    /// The order an email is about; gone, it cannot be sent.
    async fn order(&self, id: &str) -> Result<Order, String> {
        found(self.store.order(id).await, "the order no longer exists")
    }

    /// The waitlist registration of `email`.
    async fn registration(&self, email: &str) -> Result<StoredRegistration, String> {
        found(
            self.store.find_waitlist_registration(email).await,
            "the registration no longer exists",
        )
    }

    /// The one-click unsubscribe link every email to the waitlist carries.
    fn unsubscribe_url(&self, registration: &StoredRegistration) -> Result<String, String> {
        let token = registration
            .unsubscribe_token
            .as_deref()
            .ok_or("the registration has no unsubscribe token")?;
        Ok(unsubscribe_url(&self.public_url, token))
    }

    /// A presale's or a draw's personal code.
    async fn personal_code(&self, id: &str) -> Result<CodeRecord, String> {
        found(self.store.code(id).await, "the code no longer exists")
    }

    /// The waiting-list entry an email is about.
    async fn waiting_list_entry(&self, id: &str) -> Result<WaitingListEntry, String> {
        found(
            self.store.waiting_list_entry(id).await,
            "the waiting-list entry no longer exists",
        )
    }

    /// "10:00-12:00 on May 19, 2026", the venue's clock.
    fn session_time(&self, starts_at: i64, ends_at: i64) -> String {
        let offset = self.event.starts_at.offset();
        let at = |millis: i64| {
            time::OffsetDateTime::from_unix_timestamp(millis.div_euclid(1000))
                .unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
                .to_offset(offset)
        };
        let (start, end) = (at(starts_at), at(ends_at));
        format!(
            "{:02}:{:02}-{:02}:{:02} on {}",
            start.hour(),
            start.minute(),
            end.hour(),
            end.minute(),
            crate::event::long_date(start.date())
        )
    }

    async fn send(&self, email: &ClaimedEmail, receipt: Option<Receipt>) -> Result<Delivery, String> {
        let rendered = match email.kind {
            EmailKind::WaitlistConfirmation => {
                let registration = self.registration(&email.subject_id).await?;
                if let Some(secret) = &email.link_secret
                    && !registration
                        .confirm_token_hash
                        .as_deref()
                        .is_some_and(|stored| secrets::matches_digest(stored, secret))
                {
                    return Ok(Delivery::Cancelled(
                        "A newer copy of this email, with a new link, was queued, or the address unsubscribed.",
                    ));
                }
                let confirm_url = email
                    .link_secret
                    .as_deref()
                    .map(|token| format!("{}/waitlist/confirm?token={token}", self.public_url));
                let letter = WaitlistLetter {
                    name: &registration.full_name,
                    updates: registration.updates(),
                    confirm_url: confirm_url.as_deref(),
                };
                rendered(self.renderer.waitlist_confirmation(
                    &self.event,
                    &self.public_url,
                    &letter,
                    &self.unsubscribe_url(&registration)?,
                ))
            }
            EmailKind::OrderConfirmation => {
                let Receipt {
                    order,
                    tickets,
                    invoice,
                } = match receipt {
                    Some(receipt) => receipt,
                    None => found(
                        self.store.receipt(&email.subject_id).await,
                        "the order no longer exists",
                    )?,
                };
                if let Some(secret) = &email.link_secret
                    && !order
                        .manage_token_hash
                        .as_deref()
                        .is_some_and(|stored| secrets::matches_digest(stored, secret))
                {
                    return Ok(Delivery::Cancelled(
                        "A newer copy of this email, with a new link, was queued.",
                    ));
                }
                let mut email = self
                    .renderer
                    .order_confirmation(
                        &self.event,
                        &self.public_url,
                        &order,
                        &tickets,
                        email.link_secret.as_deref(),
                    )
                    .map_err(render_error)?;
                attach_documents(&mut email, invoice.iter())?;
                Ok(email)
            }
            EmailKind::AttendeeTicket => {
                let ticket = found(
                    self.store.ticket(&email.subject_id).await,
                    "the ticket no longer exists",
                )?;
                if !attendee_email_is_current(&ticket, &email.recipient, email.link_secret.as_deref()) {
                    return Ok(Delivery::Cancelled(
                        "The ticket changed hands or was refunded before this email went out.",
                    ));
                }
                let order = self.order(&ticket.order_id).await?;
                rendered(self.renderer.attendee_ticket(
                    &self.event,
                    &self.public_url,
                    &order,
                    &ticket,
                    email.link_secret.as_deref(),
                ))
            }
            EmailKind::RefundConfirmation => {
                let refund = found(
                    self.store.refund(&email.subject_id).await,
                    "the refund no longer exists",
                )?;
                let order = self.order(&refund.order_id).await?;
                let credit_note = self
                    .store
                    .invoice_of_refund(&refund.id)
                    .await
                    .map_err(|error| error.to_string())?;
                let mut email = self
                    .renderer
                    .refund_confirmation(&self.event, &self.public_url, &order, &refund)
                    .map_err(render_error)?;
                attach_documents(&mut email, credit_note.iter())?;
                Ok(email)
            }
            EmailKind::InvoiceCorrection => {
                let invoice = found(
                    self.store.invoice(&email.subject_id).await,
                    "the invoice no longer exists",
                )?;
                let documents = self
                    .store
                    .invoices_of_order(&invoice.order_id)
                    .await
                    .map_err(|error| error.to_string())?;
                let replaced = invoice.document.refers_to.as_deref().unwrap_or_default();
                let credit_note = documents
                    .iter()
                    .find(|document| {
                        document.kind == InvoiceKind::CreditNote
                            && document.refund_id.is_none()
                            && document.document.refers_to.as_deref() == Some(replaced)
                    })
                    .ok_or("the credit note of the replaced invoice is missing")?;
                let order = self.order(&invoice.order_id).await?;
                let mut email = self
                    .renderer
                    .invoice_correction(
                        &self.event,
                        &self.public_url,
                        &order,
                        &invoice.document,
                        &credit_note.document,
                    )
                    .map_err(render_error)?;
                attach_documents(&mut email, [credit_note, &invoice])?;
                Ok(email)
            }
            EmailKind::StaffInvitation => {
                let person = found(
                    self.store.staff_member(&email.subject_id).await,
                    "the person is no longer on the staff",
                )?;
                let Some(token) = email
                    .link_secret
                    .as_deref()
                    .filter(|_| person.status == StaffStatus::Invited)
                else {
                    return Ok(Delivery::Cancelled(
                        "The person set a password or was deactivated before this invitation went out.",
                    ));
                };
                rendered(self.renderer.staff_invitation(
                    &self.event,
                    &self.public_url,
                    &person.name,
                    person.role,
                    &invitation_url(&self.public_url, token),
                ))
            }
            EmailKind::SponsorReview => {
                let order = self.order(&email.subject_id).await?;
                let profile = found(
                    self.store.sponsor_profile(&order.id).await,
                    "the sponsor's profile no longer exists",
                )?;
                // A second review before this went out: its own email says what stands.
                rendered(
                    self.renderer
                        .sponsor_review(&self.event, &self.public_url, &order, &profile),
                )
            }
            EmailKind::WaitingListJoined => {
                let entry = self.waiting_list_entry(&email.subject_id).await?;
                let place = self
                    .store
                    .waiting_list_place(&entry.id)
                    .await
                    .map_err(|error| error.to_string())?;
                rendered(self.renderer.waiting_list_joined(
                    &self.event,
                    &self.public_url,
                    &entry,
                    place,
                    self.event.offer_hours,
                ))
            }
            EmailKind::WaitingListPassedOver => {
                let entry = self.waiting_list_entry(&email.subject_id).await?;
                let place = self
                    .store
                    .waiting_list_place(&entry.id)
                    .await
                    .map_err(|error| error.to_string())?;
                if place == 0 {
                    return Ok(Delivery::Cancelled(
                        "The entry had its offer, or left the queue, before this email went out.",
                    ));
                }
                rendered(
                    self.renderer
                        .waiting_list_passed_over(&self.event, &self.public_url, &entry, place),
                )
            }
            EmailKind::PresaleLink => {
                let registration = self.registration(&email.recipient).await?;
                if !registration.subscribe {
                    return Ok(Delivery::Cancelled(
                        "The person unsubscribed before their link went out.",
                    ));
                }
                let code = self.personal_code(&email.subject_id).await?;
                let presale = self
                    .store
                    .presale_tagged(code.tag.as_deref().unwrap_or_default())
                    .await
                    .map_err(|error| error.to_string())?
                    .ok_or("the code belongs to no presale")?;
                let links = code
                    .applies_to
                    .iter()
                    .filter_map(|sku| {
                        let ticket = Item::by_sku(&self.event, sku)?;
                        let url = waiting_list::ticket_checkout_url(&self.public_url, sku, &code.code)?;
                        Some((ticket.name(), url))
                    })
                    .collect();
                let letter = PresaleLetter {
                    name: &registration.full_name,
                    item: &presale.item_name,
                    units: presale.units_per_person,
                    code: &code.code,
                    links,
                    until: presale.deadline,
                };
                rendered(self.renderer.presale_link(
                    &self.event,
                    &self.public_url,
                    &letter,
                    &self.unsubscribe_url(&registration)?,
                ))
            }
            EmailKind::DrawPrize => {
                // Sent even if the winner unsubscribed since the draw: it is what they won.
                let registration = self.registration(&email.recipient).await?;
                let code = self.personal_code(&email.subject_id).await?;
                let draw = self
                    .store
                    .draw_tagged(code.tag.as_deref().unwrap_or_default())
                    .await
                    .map_err(|error| error.to_string())?
                    .ok_or("the code belongs to no draw")?;
                let claim_url = waiting_list::ticket_checkout_url(&self.public_url, &draw.item, &code.code)
                    .ok_or("the draw's prize is not a ticket")?;
                let result = draw.result.as_ref().ok_or("the draw was not made")?;
                let letter = PrizeLetter {
                    name: &registration.full_name,
                    item: &draw.item_name,
                    code: &code.code,
                    claim_url: &claim_url,
                    seed: &result.seed,
                };
                rendered(self.renderer.draw_prize(
                    &self.event,
                    &self.public_url,
                    &letter,
                    &self.unsubscribe_url(&registration)?,
                ))
            }
            EmailKind::SeatConfirmed | EmailKind::SeatOffered | EmailKind::SeatReminder => {
                let Some((ticket_id, source_id)) =
                    (self.store.seat_by_id(&email.subject_id).await).map_err(|error| error.to_string())?
                else {
                    return Ok(Delivery::Cancelled("The seat was given up before this email went out."));
                };
                let ticket = found(self.store.ticket(&ticket_id).await, "the ticket no longer exists")?;
                let session = found(
                    self.store.seat_session(&source_id).await,
                    "the session no longer exists",
                )?;
                if session.cancelled {
                    return Ok(Delivery::Cancelled(
                        "The session was cancelled before this email went out.",
                    ));
                }
                let kind = match email.kind {
                    EmailKind::SeatConfirmed => SeatEmail::Confirmed,
                    EmailKind::SeatOffered => SeatEmail::Offered,
                    _ => SeatEmail::Reminder,
                };
                let when = self.session_time(session.starts_at, session.ends_at);
                let letter = SeatLetter {
                    name: ticket.attendee_name.as_deref(),
                    title: &session.title,
                    when: &when,
                    room: session.room.as_deref(),
                    session_url: &format!("{}/sessions/{}", self.public_url, session.slug),
                    calendar_url: &format!("{}/schedule.ics?sessions={}", self.public_url, session.slug),
                };
                rendered(self.renderer.seat(kind, &self.event, &self.public_url, &letter))
            }
            EmailKind::SessionMessage => {
                let (source_id, subject, body) = found(
                    self.store.session_message(&email.subject_id).await,
                    "the message no longer exists",
                )?;
                let session = found(
                    self.store.seat_session(&source_id).await,
                    "the session no longer exists",
                )?;
                let letter = SessionLetter {
                    title: &session.title,
                    subject: &subject,
                    body: &body,
                    session_url: &format!("{}/sessions/{}", self.public_url, session.slug),
                };
                rendered(self.renderer.session_message(&self.event, &self.public_url, &letter))
            }
            EmailKind::Message => {
                let message = found(
                    self.store.message_letter(&email.subject_id).await,
                    "the message no longer exists",
                )?;
                // A test copy goes to the staff member who asked for it, whatever the segment.
                let unsubscribe_url = if message.segment.is_mailing() && !message.test {
                    let registration = self.registration(&email.recipient).await?;
                    if !registration.receives_updates() {
                        return Ok(Delivery::Cancelled(
                            "The person unsubscribed before this message went out.",
                        ));
                    }
                    Some(self.unsubscribe_url(&registration)?)
                } else {
                    None
                };
                let letter = MessageLetter {
                    subject: &message.subject,
                    body: &message.body,
                };
                rendered(
                    self.renderer
                        .message(&self.event, &self.public_url, &letter, unsubscribe_url.as_deref()),
                )
            }
            EmailKind::AnswersReminder => {
                let ticket = found(
                    self.store.ticket(&email.subject_id).await,
                    "the ticket no longer exists",
                )?;
                if !attendee_email_is_current(&ticket, &email.recipient, email.link_secret.as_deref()) {
                    return Ok(Delivery::Cancelled(
                        "The ticket changed hands or was refunded before this email went out.",
                    ));
                }
                let stored = (self.store.answers_of_place(&ticket.order_id, ticket.position).await)
                    .map_err(|error| error.to_string())?;
                let answered = questions::answered(&self.event, &ticket.ticket_type, &stored);
                let open: Vec<&str> = questions::asked(&self.event, &ticket.ticket_type)
                    .filter(|question| question.required && !answered.contains_key(&question.id))
                    .map(|question| question.label.as_str())
                    .collect();
                if open.is_empty() {
                    return Ok(Delivery::Cancelled(
                        "The questions were answered before this email went out.",
                    ));
                }
                let manage_url =
                    (email.link_secret.as_deref()).map(|token| manage_tickets_url(&self.public_url, token));
                let letter = AnswersLetter {
                    name: ticket.attendee_name.as_deref(),
                    ticket_name: &self.event.ticket_name(&ticket.ticket_type),
                    open,
                    manage_url: manage_url.as_deref(),
                    until: &crate::event::long_date(transfer_until(&self.event)),
                };
                rendered(self.renderer.answers_reminder(&self.event, &self.public_url, &letter))
            }
            EmailKind::DayBefore => {
                let tickets =
                    (self.store.tickets_held_by(&email.recipient).await).map_err(|error| error.to_string())?;
                if tickets.is_empty() {
                    return Ok(Delivery::Cancelled(
                        "The address held no valid ticket any more when this email went out.",
                    ));
                }
                let named: Vec<(String, String)> = (tickets.iter())
                    .map(|ticket| (self.event.ticket_name(&ticket.ticket_type), display_code(&ticket.code)))
                    .collect();
                let held = (tickets.iter().zip(&named))
                    .map(|(ticket, (ticket_name, code))| HeldTicket {
                        ticket_name,
                        attendee: ticket.attendee_name.as_deref(),
                        code,
                    })
                    .collect();
                let holder = tickets
                    .iter()
                    .find(|ticket| ticket.attendee_email.as_deref() == Some(email.recipient.as_str()));
                let letter = DayBeforeLetter {
                    name: holder.and_then(|ticket| ticket.attendee_name.as_deref()),
                    tickets: held,
                    doors: &self.event.venue_time(unix_millis(self.event.doors_open)),
                    schedule_url: &format!("{}/schedule", self.public_url),
                };
                rendered(self.renderer.day_before(&self.event, &self.public_url, &letter))
            }
            EmailKind::WaitingListOffer => {
                let entry = self.waiting_list_entry(&email.subject_id).await?;
                let (Some(code), Some(until), Some(token)) = (
                    entry.code.as_deref(),
                    entry.offer_expires_at,
                    email.link_secret.as_deref(),
                ) else {
                    return Ok(Delivery::Cancelled(
                        "The offer has no code, or its email went out already.",
                    ));
                };
                if entry.state != EntryState::Offered {
                    return Ok(Delivery::Cancelled(
                        "The offer was declined, used or ended before its email went out.",
                    ));
                }
                let links = WaitingListOfferLinks {
                    code,
                    checkout_url: &waiting_list::checkout_url(&self.public_url, &entry, code),
                    decline_url: &waiting_list::decline_url(&self.public_url, token),
                    until,
                };
                rendered(
                    self.renderer
                        .waiting_list_offer(&self.event, &self.public_url, &entry, &links),
                )
            }
        }?;
        let to: Mailbox = email
            .recipient
            .parse()
            .map_err(|_| "the recipient is not a valid address".to_owned())?;
        let message = compose(&rendered, &email.id, &self.from, to).map_err(|error| error.to_string())?;
        self.transport.send(message).await.map(|()| Delivery::Sent)
    }
}

/// The row an email is about, which must still be there for it to be sent; `gone` says it is not.
fn found<T>(row: Result<Option<T>, impl std::fmt::Display>, gone: &str) -> Result<T, String> {
    row.map_err(|error| error.to_string())?.ok_or_else(|| gone.to_owned())
}

fn render_error(error: RenderError) -> String {
    format!("{:#}", anyhow::Error::new(error))
}

fn rendered(email: Result<RenderedEmail, RenderError>) -> Result<RenderedEmail, String> {
    email.map_err(render_error)
}

/// Attaches invoices and credit notes to an email, as PDFs named by their numbers.
fn attach_documents<'a>(
    email: &mut RenderedEmail,
    documents: impl IntoIterator<Item = &'a InvoiceRecord>,
) -> Result<(), String> {
    for document in documents {
        let pdf = render_pdf(&document.document).map_err(|error| error.to_string())?;
        email.attachments.push(Attachment {
            filename: document.document.filename(),
            content_type: "application/pdf".to_owned(),
            bytes: pdf,
        });
    }
    Ok(())
}

/// One round of the worker.
struct Batch {
    claimed: usize,
    sent: usize,
}

/// How many emails a mark recorded sent.
type Marked = Result<usize, sqlx::Error>;

/// What happened next while a batch is sent.
enum BatchEvent {
    /// A send finished (`Some(Ok(Some(email)))`: it went out, to be marked), or none is left (`None`).
    Finished(Option<Result<Option<ClaimedEmail>, sqlx::Error>>),
    Marked(Marked),
}

/// What became of an email the worker took.
enum Delivery {
    Sent,
    /// Not worth sending any more, and why.
    Cancelled(&'static str),
}

/// Sends due emails every `every`, and straight on while full batches come back: after
/// a launch, the outbox drains without waiting for the next tick. Returns once `stop`
/// turns true, after the batch in hand: an email sent but not yet marked sent would go
/// out again when its lease runs out.
pub async fn run_outbox_worker(mailer: Arc<Mailer>, every: Duration, mut stop: watch::Receiver<bool>) {
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = ticks.tick() => {}
            _ = stop.changed() => return,
        }
        loop {
            let batch = mailer.deliver_batch().await;
            if *stop.borrow() {
                return;
            }
            match batch {
                Ok(batch) if batch.claimed == usize::try_from(BATCH).unwrap_or(usize::MAX) => {}
                Ok(_) => break,
                Err(error) => {
                    tracing::warn!(%error, "could not read the email outbox");
                    break;
                }
            }
        }
    }
}
