//! Buying a sponsorship: create the payment at the catalogue price, confirm it
//! from the gateway's record (never from the client's word).

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::checkout::{Checkout, PaymentCreated, is_buyer};
use super::idempotency_key::IdempotencyKeyHeader;
use super::purchase::{OrderLine, Purchase, check_printable, parse_billing};
use crate::domain::{BillingDetails, BillingRequest, EmailAddress, Money, could_carry_a_link};
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::event::SponsorshipTier;
use crate::event::sku;
use crate::middleware::ClientAddress;
use crate::orders::OrderKind;
use crate::pricing::Item;
use crate::secrets;
use crate::sponsors::sponsor_page_url;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_payment))
        .routes(routes!(confirm))
}

const MAX_TEXT_CHARS: usize = 200;
const MAX_ADDITIONAL_INFO_CHARS: usize = 2000;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SponsorshipPaymentRequest)]
struct PaymentRequest {
    /// A tier's `value` from `GET /api/sponsorship-tiers`.
    #[serde(default)]
    #[schema(required = true, example = "gold")]
    tier: String,
    /// Cents, as the form read them from the tier list; refused when they differ.
    #[schema(example = 2500000)]
    price: Option<i64>,
    /// 2 to 200 characters once trimmed, printable on the invoice as typed (as billing details are).
    #[serde(default)]
    #[schema(required = true, example = "Acme Inc.")]
    company_name: String,
    /// 2 to 200 characters once trimmed, printable on the invoice as typed (as billing details are).
    #[serde(default)]
    #[schema(required = true, example = "Ana Diaz")]
    contact_name: String,
    #[serde(default)]
    #[schema(required = true, example = "ana@example.com")]
    email: String,
    /// 5 to 40 characters once trimmed: digits, spaces and `+-().`.
    #[serde(default)]
    #[schema(required = true, example = "+1 555 010 0100")]
    phone: String,
    /// An http(s) address, or empty.
    #[serde(default)]
    #[schema(example = "https://acme.example.com")]
    website: String,
    /// A discount or access code, in any case; a blank one is none.
    #[schema(example = "PARTNER20")]
    code: Option<String>,
    /// The company's billing address for its invoice (its name is `companyName` unless given); optional.
    billing: Option<BillingRequest>,
    /// Up to 2,000 characters once trimmed.
    #[serde(default)]
    additional_info: String,
}

/// Reserves the tier (signature tiers sell once) and creates its payment.
///
/// The tier stays reserved while the buyer pays (`RESERVATION_MINUTES`). A call repeated with
/// the same `Idempotency-Key` and body answers the same order and payment.
#[utoipa::path(
    post,
    path = "/create-sponsorship-payment",
    operation_id = "create_sponsorship_payment",
    tag = "checkout",
    params(IdempotencyKeyHeader),
    request_body = PaymentRequest,
    responses(
        (status = 200, description = "The tier is reserved; pay it with `clientSecret`.", body = PaymentCreated),
        (status = 400, description = "The body is not JSON, a field has the wrong type, or the `Idempotency-Key` is malformed.", body = ErrorBody),
        (status = 409, description = "The price changed (`price` differs), the tier is not on sale now or has been taken, this email has too many checkouts open, \
                                      or the `Idempotency-Key` was used for another request or is still being processed.", body = ErrorBody),
        (status = 413, description = "The body is over 64 KiB.", body = ErrorBody),
        (status = 415, description = "The body is not sent as `application/json`.", body = ErrorBody),
        (status = 422, description = "A field is invalid, there is no such `tier`, or the code cannot be used; `fieldErrors` says which and why.", body = ErrorBody),
        (status = 429, description = "Too many calls, or too many open checkouts, from this network; `Retry-After` says when to try again.", body = ErrorBody),
        (status = 500, description = "The order could not be placed.", body = ErrorBody),
        (status = 502, description = "The payment provider did not answer as expected.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(tier = %request.tier))]
async fn create_payment(
    State(state): State<AppState>,
    client: ClientAddress,
    IdempotencyKeyHeader(idempotency_key): IdempotencyKeyHeader,
    ApiJson(request): ApiJson<PaymentRequest>,
) -> Result<Json<PaymentCreated>, ApiError> {
    let tier = state
        .event
        .sponsorship_tiers
        .iter()
        .find(|tier| tier.value == request.tier);
    let mut errors = FieldErrors::default();
    let purchase = parse_order(&request, tier, &mut errors).map(|sponsor| Purchase {
        sold_out: format!("Sorry, the {} has already been taken.", sponsor.line.item.name()),
        line: sponsor.line,
        buyer_name: sponsor.contact_name,
        buyer_email: sponsor.email.as_str().to_owned(),
        item_name: sponsor.item_name,
        code: request.code,
        client_amount: request.price,
        billing: sponsor.billing,
        answers: Vec::new(),
    });
    Ok(Json(
        CHECKOUT
            .create(&state, client, idempotency_key, purchase, errors)
            .await?,
    ))
}

const CHECKOUT: Checkout = Checkout {
    kind: OrderKind::Sponsorship,
    no_item: "Invalid sponsorship tier selected",
    // A hidden tier without its code is answered as the form answers an unknown tier.
    no_item_field: Some("sponsorshipTier"),
    no_order: "No sponsorship was found for this payment.",
    item_option: None,
};

/// The sponsor's form, parsed.
struct Sponsor<'a> {
    line: OrderLine<'a>,
    billing: Option<BillingDetails>,
    item_name: String,
    contact_name: String,
    email: EmailAddress,
}

/// The sponsor's form, or none with its errors in `errors`.
fn parse_order<'a>(
    request: &PaymentRequest,
    tier: Option<&'a SponsorshipTier>,
    errors: &mut FieldErrors,
) -> Option<Sponsor<'a>> {
    if tier.is_none() {
        errors.add("sponsorshipTier", CHECKOUT.no_item);
    }
    let company_name = text(
        &request.company_name,
        2,
        MAX_TEXT_CHARS,
        "companyName",
        "Company name is required",
        errors,
    );
    let contact_name = text(
        &request.contact_name,
        2,
        MAX_TEXT_CHARS,
        "contactName",
        "Contact name is required",
        errors,
    );
    if !errors.has("contactName") && could_carry_a_link(&contact_name) {
        errors.add(
            "contactName",
            "Please enter the contact's name only, without web or email addresses",
        );
    }
    check_printable(&company_name, "companyName", "The company name", errors);
    check_printable(&contact_name, "contactName", "The contact name", errors);
    let email = EmailAddress::parse(&request.email);
    if email.is_none() {
        errors.add("email", "Please enter a valid email address");
    }
    let phone = text(&request.phone, 5, 40, "phone", "Phone number is required", errors);
    if !phone.chars().all(|c| c.is_ascii_digit() || " +-().".contains(c)) {
        errors.add("phone", "Please enter a valid phone number");
    }
    let website = request.website.trim();
    if !website.is_empty() && !is_web_address(website) {
        errors.add("website", "Please enter a valid URL");
    }
    let additional_info = request.additional_info.trim();
    if additional_info.chars().count() > MAX_ADDITIONAL_INFO_CHARS {
        errors.add(
            "additionalInfo",
            "Additional information must be at most 2,000 characters",
        );
    }
    let billing = parse_billing(request.billing.as_ref(), Some(&company_name), errors);
    let (tier, email) = tier.zip(email)?;
    Some(Sponsor {
        billing,
        line: OrderLine {
            item: Item::Sponsorship(tier),
            sku: sku::sponsorship(&tier.value),
            variant_sku: None,
            quantity: 1,
            options: json!({
                "tier": tier.value,
                "companyName": company_name,
                "contactName": contact_name,
                "phone": phone,
                "website": website,
                "additionalInfo": additional_info,
            }),
        },
        item_name: format!("{} Sponsorship", tier.label),
        contact_name,
        email,
    })
}

/// Trimmed text of `min..=max` characters, or the field's message; what its characters may be
/// is the field's own rule.
fn text(value: &str, min: usize, max: usize, field: &'static str, message: &str, errors: &mut FieldErrors) -> String {
    let value = value.trim();
    let length = value.chars().count();
    if length < min || length > max {
        errors.add(field, message);
    }
    value.to_owned()
}

/// An http(s) address with a host, as the form's URL check accepts.
pub(super) fn is_web_address(value: &str) -> bool {
    let Some(rest) = value.strip_prefix("https://").or_else(|| value.strip_prefix("http://")) else {
        return false;
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = host.rsplit_once('@').map_or(host, |(_, host)| host);
    let host = host.split(':').next().unwrap_or_default();
    !host.is_empty()
        && !value.contains(char::is_whitespace)
        && host
            .split('.')
            .all(|label| !label.is_empty() && label.chars().all(|c| c.is_alphanumeric() || c == '-'))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SponsorshipConfirmRequest)]
struct ConfirmRequest {
    /// The `paymentIntentId` the create call answered.
    #[schema(example = "pi_sandbox_0f8fad5bd9cb469fa16570867728950e")]
    payment_intent_id: String,
    /// Proves the caller is the buyer, until the organizer sends them a new link; without it
    /// (or after that) the answer carries no reference and no link to the sponsor's page.
    client_secret: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SponsorshipConfirmation)]
struct ConfirmResponse {
    #[schema(value_type = String, example = "paid")]
    status: &'static str,
    order_id: String,
    /// The order's reference: only for the buyer.
    #[serde(skip_serializing_if = "Option::is_none")]
    reference: Option<String>,
    tier: String,
    tier_label: String,
    company_name: String,
    amount: Money,
    /// The sponsor's private page (`/sponsor#<secret>`): only for the buyer, and not once the
    /// organizer has sent a new link (then it is in that email).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "https://codewave.events/sponsor#3f2a…")]
    sponsor_page_url: Option<String>,
}

/// Marks the sponsorship paid once the gateway reports the payment succeeded.
///
/// Repeating it answers the same.
#[utoipa::path(
    post,
    path = "/confirm-sponsorship",
    operation_id = "confirm_sponsorship",
    tag = "checkout",
    request_body = ConfirmRequest,
    responses(
        (status = 200, description = "The sponsorship is paid.", body = ConfirmResponse),
        (status = 400, description = "The body is not JSON, or a field is missing or has the wrong type.", body = ErrorBody),
        (status = 404, description = "No sponsorship was found for this payment.", body = ErrorBody),
        (status = 409, description = "The payment has not succeeded, does not match its order, \
                                      or came after the tier was taken (and is refunded).", body = ErrorBody),
        (status = 413, description = "The body is over 64 KiB.", body = ErrorBody),
        (status = 415, description = "The body is not sent as `application/json`.", body = ErrorBody),
        (status = 429, description = "Too many calls from this network; `Retry-After` says when to try again.", body = ErrorBody),
        (status = 500, description = "The order could not be updated.", body = ErrorBody),
        (status = 502, description = "The payment provider did not answer as expected.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(payment = %request.payment_intent_id))]
async fn confirm(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<ConfirmRequest>,
) -> Result<Json<ConfirmResponse>, ApiError> {
    let order = CHECKOUT.confirm(&state, &request.payment_intent_id, None).await?;
    let option = |name: &str| {
        order
            .options
            .get(name)
            .and_then(serde_json::Value::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    let tier = option("tier");
    let tier_label = state
        .event
        .sponsorship_tiers
        .iter()
        .find(|candidate| candidate.value == tier)
        .map_or_else(|| order.item_name.clone(), |tier| tier.label.clone());
    let sponsor_page_url = match request.client_secret.as_deref() {
        Some(secret) if is_buyer(&order, Some(secret)) => {
            let token = sponsor_page_token(&order.id, secret);
            state
                .store
                .claim_page_token(&order.id, &secrets::digest(&token))
                .await?
                .then(|| sponsor_page_url(&state.settings.public_url, &token))
        }
        _ => None,
    };
    Ok(Json(ConfirmResponse {
        status: "paid",
        company_name: option("companyName"),
        tier,
        tier_label,
        sponsor_page_url,
        reference: is_buyer(&order, request.client_secret.as_deref()).then_some(order.reference),
        order_id: order.id,
        amount: order.amount,
    }))
}

/// The confirmation page's link to the sponsor's page: only the browser holding the
/// payment's client secret can make it, and it is the same each time.
fn sponsor_page_token(order_id: &str, client_secret: &str) -> String {
    secrets::derived_token(client_secret, &format!("sponsor-page:{order_id}"))
}

#[cfg(test)]
mod tests {
    use super::is_web_address;

    #[test]
    fn web_addresses_need_a_scheme_and_a_host() {
        for valid in [
            "https://acme.dev",
            "http://acme.dev/about?x=1",
            "https://shop.acme.co.uk:8443/",
        ] {
            assert!(is_web_address(valid), "{valid}");
        }
        for invalid in [
            "acme.dev",
            "https://",
            "ftp://acme.dev",
            "https://acme .dev",
            "https://acme..dev",
            "javascript:alert(1)",
        ] {
            assert!(!is_web_address(invalid), "{invalid}");
        }
    }
}
