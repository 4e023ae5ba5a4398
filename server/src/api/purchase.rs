//! What every kind of purchase shares at the HTTP edge: the quote and the price check,
//! the reservation and its caps, the created-payment answer, finding the order a
//! confirmation is about, and how failures answer.

use std::time::Duration;

use serde::Serialize;
use tokio::sync::oneshot;

use crate::domain::{BillingDetails, BillingRequest, Money, unprintable};
use crate::error::{ApiError, FieldErrors};
use crate::event::long_date;
use crate::middleware::ClientAddress;
use crate::orders::{
    self, Asked, CheckoutError, FulfilError, HoldCap, IdempotencyKey, NewOrder, Order, OrderKind, OrderStatus,
    Placement,
};
use crate::payments::{GatewayError, PaymentStatus};
use crate::pricing::{CodeProblem, Item, Quote, QuoteError, refused_code};
use crate::state::AppState;

/// The answer to every `create-*` call.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentCreated {
    /// What pays the order: Stripe.js's `confirmPayment`, or `POST /api/sandbox/confirm`.
    #[schema(example = "pi_sandbox_0f8fad5bd9cb469fa16570867728950e_secret_9b2c4e6a8d0f4b1c8e7a6d5c4b3a2f10")]
    pub client_secret: String,
    #[schema(example = "pi_sandbox_0f8fad5bd9cb469fa16570867728950e")]
    pub payment_intent_id: String,
    pub order_id: String,
    /// The order's total in cents, at the server's price.
    pub amount: Money,
    /// True when there was nothing to pay (a 100% code): the order is paid already and
    /// `clientSecret` pays nothing; go straight to the confirmation.
    pub paid: bool,
}

/// One item of a purchase, parsed from a create or quote call.
#[derive(Debug, Clone)]
pub struct OrderLine<'a> {
    pub item: Item<'a>,
    /// The item's stock keeping unit.
    pub sku: String,
    /// The size/colour variant's stock key, for merchandise with variants.
    pub variant_sku: Option<String>,
    pub quantity: i64,
    /// What the buyer chose, kept on the order.
    pub options: serde_json::Value,
}

/// The server's price for `line` now: its sales window, price phase, team discount and
/// `code` (as the buyer typed it; blank is none). `not_found` answers a hidden item without
/// its code, as if it did not exist; `sold_out` an item sold out.
pub async fn quote_line(
    state: &AppState,
    line: &OrderLine<'_>,
    code: Option<&str>,
    not_found: &str,
    sold_out: &str,
) -> Result<Quote, ApiError> {
    let item_name = line.item.name();
    let answer = |error: QuoteError| match error {
        QuoteError::NotYet { from } => ApiError::Conflict(format!(
            "The {item_name} is not on sale yet: sales open on {}.",
            long_date(state.event.venue_date(from))
        )),
        QuoteError::Closed => ApiError::Conflict(format!("Sales of the {item_name} have closed.")),
        QuoteError::SoldOut => ApiError::Conflict(sold_out.to_owned()),
        QuoteError::Hidden => ApiError::NotFound(not_found.to_owned()),
        QuoteError::TooLarge => {
            let mut errors = FieldErrors::default();
            errors.add("quantity", "This order is too large. Please order fewer.");
            ApiError::Validation(errors)
        }
        QuoteError::Code(problem) => code_error(&problem),
    };
    let code = match code.map(str::trim).filter(|code| !code.is_empty()) {
        Some(text) => match state.store.code_by_text(text).await? {
            Some(code) => Some(code),
            None => return Err(answer(refused_code(line.item, None, CodeProblem::Invalid))),
        },
        None => None,
    };
    let stock = state.store.stock_remaining().await?;
    // A size and colour sold out is as sold out as the item, unless the code holds its units.
    if let Some(variant) = &line.variant_sku
        && stock.get(variant).is_some_and(|left| *left < line.quantity)
        && code.as_ref().is_none_or(|code| code.reserved_left < line.quantity)
    {
        return Err(ApiError::Conflict(sold_out.to_owned()));
    }
    crate::pricing::quote(
        &state.event,
        line.item,
        line.quantity,
        state.clock.now(),
        &stock,
        code.as_ref(),
    )
    .map_err(answer)
}

/// The billing details a create call sent, checked; their errors go to `errors`, keyed
/// `billing.company` and so on. `company` stands in for a missing company name.
pub fn parse_billing(
    billing: Option<&BillingRequest>,
    company: Option<&str>,
    errors: &mut FieldErrors,
) -> Option<BillingDetails> {
    match BillingDetails::parse(billing?, company) {
        Ok(details) => Some(details),
        Err(problems) => {
            for (field, message) in problems {
                errors.add(field, message);
            }
            None
        }
    }
}

/// Adds `field`'s message when `text`, which invoices print (a buyer's or a company's name),
/// has a character they cannot print as typed; a field already refused keeps its message.
pub fn check_printable(text: &str, field: &'static str, what: &str, errors: &mut FieldErrors) {
    if !errors.has(field)
        && let Some(problem) = unprintable(text)
    {
        errors.add(field, problem.message(what));
    }
}

/// A code the buyer cannot use, said next to the code field: one answer for every code that does
/// not exist, does not work now or is for other items.
pub fn code_error(problem: &CodeProblem) -> ApiError {
    let message = match problem {
        CodeProblem::Invalid => "This code is not valid. Please check it and try again.".to_owned(),
        CodeProblem::UsedUp { left: 0 } => "This code has been used as many times as it may be.".to_owned(),
        CodeProblem::UsedUp { left } => format!("This code can be used for {left} more only: please order fewer."),
    };
    let mut errors = FieldErrors::default();
    errors.add("code", message);
    ApiError::Validation(errors)
}

/// A purchase as a create call asked for it, parsed and checked, before it is priced.
#[derive(Debug)]
pub struct Purchase<'a> {
    pub line: OrderLine<'a>,
    pub buyer_name: String,
    pub buyer_email: String,
    /// What the order is called on receipts and in the back office.
    pub item_name: String,
    /// The code as the buyer typed it.
    pub code: Option<String>,
    /// The total the client saw; refused when it differs from the server's.
    pub client_amount: Option<i64>,
    /// A company's billing details, for its invoice.
    pub billing: Option<BillingDetails>,
    /// The answer to a hidden item without its code.
    pub not_found: &'a str,
    /// The answer to an item sold out.
    pub sold_out: String,
}

impl Purchase<'_> {
    fn asked(&self) -> Asked<'_> {
        Asked {
            kind: self.line.item.kind(),
            buyer_name: &self.buyer_name,
            buyer_email: &self.buyer_email,
            sku: &self.line.sku,
            variant_sku: self.line.variant_sku.as_deref(),
            quantity: self.line.quantity,
            options: &self.line.options,
            client_amount: self.client_amount,
            code: self.code.as_deref(),
            billing: self.billing.as_ref(),
        }
    }
}

/// Places a purchase at the server's price (DESIGN.md §4.1): a call with an
/// `Idempotency-Key` already used for the same request gets that order back (whatever the
/// price now); otherwise the purchase is priced now, a client amount that differs is refused,
/// and the order is placed: reserve, store it pending, create the payment.
///
/// The placement runs on its own task and always finishes: if the request is cut
/// off before the answer (client gone, timeout), the task cancels the payment and
/// releases the stock at once instead of leaving a hold nobody can pay.
pub async fn place_at_server_price(
    state: &AppState,
    purchase: Purchase<'_>,
    client: ClientAddress,
    idempotency_key: Option<String>,
) -> Result<PaymentCreated, ApiError> {
    let idempotency = idempotency_key.map(|key| IdempotencyKey::new(&key, &client.to_string(), &purchase.asked()));
    if let Some(idempotency) = &idempotency
        && let Some((order, payment)) = orders::replay_placement(&state.store, state.gateway.as_ref(), idempotency)
            .await
            .map_err(|error| checkout_error(state, error, &purchase.sold_out))?
    {
        return Ok(PaymentCreated::new(order, payment));
    }
    let quote = quote_line(
        state,
        &purchase.line,
        purchase.code.as_deref(),
        purchase.not_found,
        &purchase.sold_out,
    )
    .await?;
    if purchase
        .client_amount
        .is_some_and(|amount| amount != quote.total.cents())
    {
        // The buyer saw another price: a phase ended, a discount or code changed it, or the page is old.
        return Err(ApiError::Conflict(
            "The price has changed. Please reload the page to see the current price.".into(),
        ));
    }
    let sold_out = purchase.sold_out;
    let order = NewOrder {
        kind: purchase.line.item.kind(),
        buyer_name: purchase.buyer_name,
        buyer_email: purchase.buyer_email,
        sku: purchase.line.sku,
        variant_sku: purchase.line.variant_sku,
        item_name: purchase.item_name,
        quantity: purchase.line.quantity,
        options: purchase.line.options,
        quote,
        billing: purchase.billing,
    };
    let placement = Placement {
        hold_for: Duration::from_secs(u64::from(state.settings.reservation_minutes) * 60),
        client_address: client.to_string(),
        caps: state.settings.rate_limits.then_some(state.event.hold_limits),
        idempotency,
    };
    let (answer, answered) = oneshot::channel();
    let (store, gateway) = (state.store.clone(), state.gateway.clone());
    tokio::spawn(async move {
        let placed = orders::place_order(&store, gateway.as_ref(), &order, &placement).await;
        if let Err(Ok((order, payment))) = answer.send(placed) {
            let idempotency = placement.idempotency.as_ref();
            orders::abandon_placement(&store, gateway.as_ref(), &order, &payment, idempotency).await;
        }
    });
    let placed = answered
        .await
        .map_err(|_| ApiError::Internal(anyhow::anyhow!("the checkout task ended without an answer")))?;
    let (order, payment) = placed.map_err(|error| checkout_error(state, error, &sold_out))?;
    Ok(PaymentCreated::new(order, payment))
}

impl PaymentCreated {
    fn new(order: Order, payment: crate::payments::Payment) -> Self {
        Self {
            paid: payment.status == PaymentStatus::Succeeded,
            client_secret: payment.client_secret,
            payment_intent_id: payment.id,
            order_id: order.id,
            amount: order.amount,
        }
    }
}

fn checkout_error(state: &AppState, error: CheckoutError, sold_out: &str) -> ApiError {
    match error {
        CheckoutError::SoldOut => ApiError::Conflict(sold_out.to_owned()),
        CheckoutError::EmailHolds(cap @ (HoldCap::FreeUnitsOfItem(_) | HoldCap::FreeUnits(_))) => {
            ApiError::Conflict(format!(
                "{} Please try again tomorrow.",
                holds_message(cap, "this email address")
            ))
        }
        CheckoutError::EmailHolds(cap) => ApiError::Conflict(format!(
            "{} Please complete one of them, or wait until they expire ({} minutes after they were started), \
             before starting another.",
            holds_message(cap, "this email address"),
            state.settings.reservation_minutes,
        )),
        CheckoutError::AddressHolds { cap, retry_after } => {
            let then = match cap {
                HoldCap::FreeUnitsOfItem(_) | HoldCap::FreeUnits(_) => "Please try again later.",
                _ => "Please complete an earlier checkout, or wait for it to expire, before starting another.",
            };
            ApiError::RateLimited {
                message: format!("{} {then}", holds_message(cap, "your network")),
                retry_after,
            }
        }
        CheckoutError::KeyReused => ApiError::Conflict(
            "This Idempotency-Key was already used for a different request. Send a new key for a new purchase.".into(),
        ),
        CheckoutError::KeyInFlight => ApiError::Conflict(
            "A request with this Idempotency-Key is still being processed. Please try again in a moment.".into(),
        ),
        CheckoutError::AlreadyClosed(OrderStatus::Paid | OrderStatus::Refunded) => {
            ApiError::Conflict("This purchase has already been paid. Your confirmation is on its way by email.".into())
        }
        CheckoutError::AlreadyClosed(_) => ApiError::Conflict(
            "This checkout has expired and its items were released. Please start your purchase again.".into(),
        ),
        CheckoutError::CodeUsedUp => {
            let mut errors = FieldErrors::default();
            errors.add("code", "This code has just been used up.");
            ApiError::Validation(errors)
        }
        CheckoutError::CodeUsedByEmail => {
            let mut errors = FieldErrors::default();
            errors.add(
                "code",
                "This code has been used for as many orders as one email address may place.",
            );
            ApiError::Validation(errors)
        }
        CheckoutError::PhaseEnded => ApiError::Conflict(
            "The price has changed: the units at this price have just sold out. Please reload the page to see the \
             current price."
                .into(),
        ),
        CheckoutError::Gateway(error) => gateway_error(error),
        CheckoutError::Store(error) => error.into(),
    }
}

/// Which cap the buyer's open checkouts reached, in a sentence.
fn holds_message(cap: HoldCap, whose: &str) -> String {
    match cap {
        HoldCap::Checkouts(limit) => format!("{limit} checkouts are already in progress from {whose}."),
        HoldCap::UnitsOfItem(limit) => {
            format!(
                "Checkouts in progress from {whose} already hold {limit} of this item, the most one buyer may hold."
            )
        }
        HoldCap::Units(limit) => {
            format!("Checkouts in progress from {whose} already hold {limit} items, the most one buyer may hold.")
        }
        HoldCap::FreeUnitsOfItem(limit) => format!(
            "Free orders of the last 24 hours and checkouts in progress from {whose} already come to {limit} of \
             this item, the most one buyer may have."
        ),
        HoldCap::FreeUnits(limit) => format!(
            "Free orders of the last 24 hours and checkouts in progress from {whose} already come to {limit} items, \
             the most one buyer may have."
        ),
        HoldCap::Sponsorships(1) => format!("A sponsorship checkout is already in progress from {whose}."),
        HoldCap::Sponsorships(limit) => {
            format!("{limit} sponsorship checkouts are already in progress from {whose}.")
        }
    }
}

/// The order of `kind` that `payment_id` pays, looked up before anything is asked of
/// the gateway, so made-up ids never reach it.
pub async fn order_paid_by(
    state: &AppState,
    payment_id: &str,
    kind: OrderKind,
    not_found_message: &str,
) -> Result<Order, ApiError> {
    match state.store.order_by_payment(payment_id).await? {
        Some(order) if order.kind == kind => Ok(order),
        _ => Err(ApiError::NotFound(not_found_message.to_owned())),
    }
}

/// Whether the caller proved to be the buyer by sending the payment's client secret,
/// which only the buyer's browser was given (it comes back in the gateway's return URL).
pub fn is_buyer(order: &Order, client_secret: Option<&str>) -> bool {
    client_secret.is_some_and(|secret| order.is_buyer_secret(secret))
}

pub fn fulfil_error(error: FulfilError) -> ApiError {
    match error {
        FulfilError::UnknownPayment => ApiError::NotFound("No purchase was found for this payment.".into()),
        FulfilError::NotPaid(_) => ApiError::Conflict("The payment has not been completed.".into()),
        FulfilError::Mismatch(_) => {
            ApiError::Conflict("This payment does not match its order. Please contact us before paying again.".into())
        }
        FulfilError::SoldOutBeforePayment { refunded: true } => ApiError::Conflict(
            "Sorry, this sold out before your payment arrived. Your payment has been refunded.".into(),
        ),
        FulfilError::SoldOutBeforePayment { refunded: false } => ApiError::Conflict(
            "Sorry, this sold out before your payment arrived. Your payment will be refunded and we will contact you."
                .into(),
        ),
        FulfilError::Gateway(error) => gateway_error(error),
        FulfilError::Store(error) => error.into(),
    }
}

pub fn gateway_error(error: GatewayError) -> ApiError {
    match error {
        GatewayError::CardDeclined { message, code } => ApiError::PaymentRefused { message, code },
        GatewayError::NotFound(_) => ApiError::NotFound("No purchase was found for this payment.".into()),
        GatewayError::UnexpectedState(_) => {
            ApiError::Conflict("This payment can no longer be changed. Please start your purchase again.".into())
        }
        GatewayError::Unavailable(cause) => ApiError::PaymentProvider(anyhow::anyhow!(cause)),
        GatewayError::Database(error) => error.into(),
    }
}
