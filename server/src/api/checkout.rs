//! The create and confirm flow every checkout runs (tickets, merchandise, sponsorships):
//! the form refused as a whole or placed at the server's price with its reservation and
//! caps, and the payment confirmed from the gateway's record (never from the client's word).
//! What differs per kind comes in a `Checkout`; each kind's handler parses its own form.

use std::time::Duration;

use serde::Serialize;
use tokio::sync::oneshot;

use super::purchase::{Purchase, quote_line};
use crate::domain::Money;
use crate::error::{ApiError, FieldErrors};
use crate::middleware::ClientAddress;
use crate::orders::{
    self, CheckoutError, FulfilError, HoldCap, IdempotencyKey, NewOrder, Order, OrderKind, OrderStatus, Placement,
};
use crate::payments::{GatewayError, PaymentStatus};
use crate::state::AppState;

/// One kind of checkout's part in the shared flow.
pub struct Checkout {
    pub kind: OrderKind,
    /// The answer to an item that does not exist, or is hidden and asked for without its code.
    pub no_item: &'static str,
    /// The form field that answers `no_item` when the form offers a choice of items (422);
    /// none answers it as a missing resource (404).
    pub no_item_field: Option<&'static str>,
    /// The answer to a confirmation whose payment pays no order of this kind.
    pub no_order: &'static str,
    /// The order's option that names the item bought (`ticketId`), which a confirmation may
    /// send to be checked; none when it sends none.
    pub item_option: Option<&'static str>,
}

impl Checkout {
    /// Places the purchase a create call's form describes; when a field did not check
    /// (`purchase` is none, or `errors` holds any), refuses the call with every error at once.
    pub async fn create(
        &self,
        state: &AppState,
        client: ClientAddress,
        idempotency_key: Option<String>,
        purchase: Option<Purchase<'_>>,
        errors: FieldErrors,
    ) -> Result<PaymentCreated, ApiError> {
        let Some(purchase) = purchase.filter(|_| errors.is_empty()) else {
            return Err(ApiError::Validation(errors));
        };
        let placed = place_at_server_price(state, purchase, self.no_item, client, idempotency_key).await;
        match (placed, self.no_item_field) {
            (Err(ApiError::NotFound(message)), Some(field)) => {
                let mut errors = FieldErrors::default();
                errors.add(field, message);
                Err(ApiError::Validation(errors))
            }
            (placed, _) => placed,
        }
    }

    /// Marks the order `payment_id` pays paid once the gateway reports the payment succeeded,
    /// and answers it (again when repeated); `item`, the item the caller says it bought, is
    /// refused when the order is for another.
    pub async fn confirm(&self, state: &AppState, payment_id: &str, item: Option<u64>) -> Result<Order, ApiError> {
        let order = self.order(state, payment_id).await?;
        let order = orders::fulfil_payment_of(&state.store, state.gateway.as_ref(), payment_id, order)
            .await
            .map_err(fulfil_error)?;
        if item.is_some_and(|item| Some(item) != self.item(&order)) {
            return Err(ApiError::Conflict("This payment is for a different purchase.".into()));
        }
        Ok(order)
    }

    /// The order of this kind that `payment_id` pays, looked up before anything is asked of
    /// the gateway, so made-up ids never reach it.
    pub async fn order(&self, state: &AppState, payment_id: &str) -> Result<Order, ApiError> {
        match state.store.order_by_payment(payment_id).await? {
            Some(order) if order.kind == self.kind => Ok(order),
            _ => Err(ApiError::NotFound(self.no_order.to_owned())),
        }
    }

    /// The item `order` bought, as its `item_option` names it.
    pub fn item(&self, order: &Order) -> Option<u64> {
        order.options.get(self.item_option?).and_then(serde_json::Value::as_u64)
    }
}

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

/// Places a purchase at the server's price (DESIGN.md §4.1): a call with an
/// `Idempotency-Key` already used for the same request gets that order back (whatever the
/// price now); otherwise the purchase is priced now, a client amount that differs is refused,
/// and the order is placed: reserve, store it pending, create the payment. `not_found`
/// answers a hidden item asked for without its code.
///
/// The placement runs on its own task and always finishes: if the request is cut
/// off before the answer (client gone, timeout), the task cancels the payment and
/// releases the stock at once instead of leaving a hold nobody can pay.
async fn place_at_server_price(
    state: &AppState,
    purchase: Purchase<'_>,
    not_found: &str,
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
        not_found,
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
        buyer_answers: purchase.answers,
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

/// Whether the caller proved to be the buyer by sending the payment's client secret,
/// which only the buyer's browser was given (it comes back in the gateway's return URL).
pub fn is_buyer(order: &Order, client_secret: Option<&str>) -> bool {
    client_secret.is_some_and(|secret| order.is_buyer_secret(secret))
}

fn fulfil_error(error: FulfilError) -> ApiError {
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
