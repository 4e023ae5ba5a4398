//! Codes in the back office: `GET /api/admin/codes` lists them with their uses (and uses by
//! tag), `POST` makes one or many, `PATCH /api/admin/codes/{id}` changes or disables one,
//! `POST /api/admin/codes/import` makes them from a CSV file (the export's columns).

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::responses::{AdminChange, AdminRead, JsonBody, ServerTrouble};
use crate::api::params::{ApiPath, ApiQuery};
use crate::clock::unix_millis;
use crate::domain::Money;
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::event::Event;
use crate::pricing::Item;
use crate::pricing::codes::{MAX_PREFIX_CHARS, generate_code, parse_code};
use crate::state::AppState;
use crate::store::{CodeChange, CodeKind, CodeRecord, CreateCodesError, NewCode, TagUses};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(change))
        .routes(routes!(import))
}

const MAX_COUNT: i64 = 500;
const MAX_USES: i64 = 100_000;
const NO_SUCH_CODE: &str = "There is no such code.";

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ListQuery {
    /// Only the codes with this tag.
    tag: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CodeList)]
struct Listed {
    codes: Vec<CodeRecord>,
    /// Codes and units used, by tag (a code without a tag counts under `null`).
    by_tag: Vec<TagUses>,
    /// Every item a code can name, hidden ones too.
    items: Vec<CodeItem>,
}

/// An item as the code form offers it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct CodeItem {
    /// "ticket:developer"
    sku: String,
    label: String,
    /// Listed and sold only with a code that unlocks it.
    hidden: bool,
    /// Its stock limit, if it has one: only then can a code hold units of it.
    #[schema(required = true)]
    limit: Option<u32>,
}

/// Every code, newest first, with its uses; and the uses by tag.
#[utoipa::path(
    get,
    path = "/codes",
    operation_id = "list_codes",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(ListQuery),
    responses(
        (status = 200, body = Listed),
        (status = 400, description = "A parameter has the wrong type or a NUL character.", body = ErrorBody),
        AdminRead,
        ServerTrouble,
    )
)]
async fn list(
    _actor: AdminActor,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Listed>, ApiError> {
    let tag = query.tag.as_deref().map(str::trim).filter(|tag| !tag.is_empty());
    Ok(Json(Listed {
        codes: state.store.list_codes(tag).await?,
        by_tag: state.store.code_uses_by_tag().await?,
        items: Item::all(&state.event)
            .map(|item| {
                let sku = item.sku();
                CodeItem {
                    label: crate::event::sku::label(&state.event, &sku),
                    sku,
                    hidden: item.sale().hidden,
                    limit: item.limit(),
                }
            })
            .collect(),
    }))
}

/// What to make: one code (`code`), or `count` generated ones starting with `prefix`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = NewCodes)]
struct CreateRequest {
    /// The code itself: 3 to 40 letters, digits, `-` or `_`, in any case. Without it, codes are generated.
    #[schema(example = "PARTNER20")]
    code: Option<String>,
    /// How many codes to generate (1 to 500), when no `code` is given; 1 when absent.
    #[schema(minimum = 1, maximum = 500)]
    count: Option<i64>,
    /// What generated codes start with, such as `SPEAKER-`; four groups of four random
    /// characters follow ("SPEAKER-7K3P-9QXM-4F7K-2QWD").
    #[schema(max_length = 20)]
    prefix: Option<String>,
    /// The items it applies to, by stock keeping unit ("ticket:developer", "merchandise:1",
    /// "sponsorship:gold"); empty: every item.
    #[serde(default)]
    applies_to: Vec<String>,
    /// A whole percentage off (1 to 100).
    #[schema(minimum = 1, maximum = 100)]
    percent_off: Option<i64>,
    /// Cents off each unit, at most $10,000,000.
    #[schema(minimum = 1, maximum = 1_000_000_000)]
    amount_off: Option<i64>,
    /// Each unit at this price, in cents (0: free), at most $10,000,000.
    #[schema(minimum = 0, maximum = 1_000_000_000)]
    fixed_price: Option<i64>,
    /// Units it may be used for, in all: a use is one ticket or item.
    #[schema(minimum = 1, maximum = 100000)]
    max_uses: i64,
    /// Orders one buyer's email may place with it; `null`: any number. When absent, one for a
    /// code that makes every unit free (`percentOff` 100 or `fixedPrice` 0), any number otherwise.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 100000)]
    orders_per_email: Option<Option<i64>>,
    #[schema(format = DateTime)]
    valid_from: Option<String>,
    #[schema(format = DateTime)]
    valid_until: Option<String>,
    /// Units of its one item (`appliesTo` names exactly one, with a stock limit) held out of
    /// the stock for its holders, so it still works when the item sells out.
    #[schema(minimum = 1)]
    reserve: Option<i64>,
    /// A hidden item (`hidden = true` in the event file) it lists and sells.
    #[schema(example = "ticket:speaker")]
    unlocks: Option<String>,
    /// Usable before its items' public sales open (false when absent).
    #[serde(default)]
    early_access: bool,
    #[schema(max_length = 60)]
    tag: Option<String>,
    #[schema(max_length = 500)]
    note: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = CodesMade)]
struct Made {
    codes: Vec<CodeRecord>,
}

/// Makes one code, or many at once.
#[utoipa::path(
    post,
    path = "/codes",
    operation_id = "create_codes",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    request_body = CreateRequest,
    responses(
        (status = 200, description = "The codes made.", body = Made),
        (status = 409, description = "The code exists already, or too few units are left to hold what `reserve` asks.", body = ErrorBody),
        (status = 422, description = "A field is invalid; `fieldErrors` says which and why.", body = ErrorBody),
        JsonBody,
        AdminChange,
        ServerTrouble,
    )
)]
async fn create(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiJson(request): ApiJson<CreateRequest>,
) -> Result<Json<Made>, ApiError> {
    let codes = new_codes(&state.event, &request).map_err(ApiError::Validation)?;
    let made = state
        .store
        .create_codes(&codes, &actor.name)
        .await
        .map_err(create_error)?;
    Ok(Json(Made { codes: made }))
}

fn create_error(error: CreateCodesError) -> ApiError {
    match error {
        CreateCodesError::Taken(code) => ApiError::Conflict(format!("The code {code} exists already.")),
        CreateCodesError::TooFewToHold { left } => {
            ApiError::Conflict(format!("Only {left} units of the item are left to hold for this code."))
        }
        CreateCodesError::Store(error) => error.into(),
    }
}

/// The codes `request` asks for, or the messages of its invalid fields.
fn new_codes(event: &Event, request: &CreateRequest) -> Result<Vec<NewCode>, FieldErrors> {
    let mut errors = FieldErrors::default();
    let texts: Vec<String> = match (&request.code, request.count) {
        (Some(_), Some(_)) => {
            errors.add("count", "Give either a code or a count of codes to generate, not both.");
            Vec::new()
        }
        (Some(code), None) => match parse_code(code) {
            Some(code) => vec![code],
            None => {
                errors.add("code", "A code is 3 to 40 letters, digits, '-' or '_'.");
                Vec::new()
            }
        },
        (None, count) => {
            let count = count.unwrap_or(1);
            let prefix = request
                .prefix
                .as_deref()
                .map(str::trim)
                .unwrap_or_default()
                .to_uppercase();
            if !(1..=MAX_COUNT).contains(&count) {
                errors.add("count", format!("Generate 1 to {MAX_COUNT} codes at once."));
            }
            if prefix.chars().count() > MAX_PREFIX_CHARS
                || !prefix
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-' || c == '_')
            {
                errors.add(
                    "prefix",
                    format!("A prefix is up to {MAX_PREFIX_CHARS} letters, digits, '-' or '_'."),
                );
            }
            let count = usize::try_from(count.clamp(1, MAX_COUNT)).unwrap_or(1);
            let mut texts: Vec<String> = Vec::with_capacity(count);
            while texts.len() < count {
                let code = generate_code(&prefix);
                if !texts.contains(&code) {
                    texts.push(code);
                }
            }
            texts
        }
    };
    let kind = code_kind(request, &mut errors);
    for sku in &request.applies_to {
        if Item::by_sku(event, sku).is_none() {
            errors.add(
                "appliesTo",
                format!("There is no item {sku:?}: name items as \"ticket:developer\"."),
            );
            break;
        }
    }
    if !(1..=MAX_USES).contains(&request.max_uses) {
        errors.add("maxUses", format!("A code may be used 1 to {MAX_USES} times."));
    }
    let valid_from = instant(request.valid_from.as_deref(), "validFrom", &mut errors);
    let valid_until = instant(request.valid_until.as_deref(), "validUntil", &mut errors);
    if let (Some(from), Some(until)) = (valid_from, valid_until)
        && until <= from
    {
        errors.add("validUntil", "Must be after validFrom.");
    }
    if let Some(units) = request.reserve {
        let item = match request.applies_to.as_slice() {
            [sku] => Item::by_sku(event, sku),
            _ => None,
        };
        if item.is_none_or(|item| item.limit().is_none()) {
            errors.add(
                "reserve",
                "A code holds units of one item with a stock limit: name just that item in appliesTo.",
            );
        } else if units < 1 || units > request.max_uses {
            errors.add("reserve", "Hold at least 1 unit, and no more than the code's uses.");
        }
    }
    if let Some(unlocks) = &request.unlocks
        && !Item::by_sku(event, unlocks).is_some_and(|item| item.sale().hidden)
    {
        errors.add(
            "unlocks",
            "Name a hidden item (hidden = true in the event file), such as \"ticket:speaker\".",
        );
    }
    if kind == Some(CodeKind::PercentOff(0)) && request.unlocks.is_none() {
        errors.add(
            "percentOff",
            "Give percentOff, amountOff or fixedPrice, or the hidden item the code unlocks.",
        );
    }
    let orders_per_email = match request.orders_per_email {
        Some(limit) => orders_per_email(limit, &mut errors),
        None => kind.and_then(CodeKind::default_orders_per_email),
    };
    let tag = label(request.tag.as_deref(), 60, "tag", &mut errors);
    let note = label(request.note.as_deref(), 500, "note", &mut errors);
    match kind {
        Some(kind) if errors.is_empty() => Ok(texts
            .into_iter()
            .map(|code| NewCode {
                code,
                applies_to: request.applies_to.clone(),
                kind,
                max_uses: request.max_uses,
                valid_from,
                valid_until,
                reserve: request.reserve,
                unlocks: request.unlocks.clone(),
                early_access: request.early_access,
                orders_per_email,
                tag: tag.clone(),
                note: note.clone(),
            })
            .collect()),
        _ => Err(errors),
    }
}

/// The one discount a code gives; none at all is an access code (it only unlocks).
fn code_kind(request: &CreateRequest, errors: &mut FieldErrors) -> Option<CodeKind> {
    match (request.percent_off, request.amount_off, request.fixed_price) {
        (None, None, None) => Some(CodeKind::PercentOff(0)),
        (Some(percent), None, None) if (1..=100).contains(&percent) => Some(CodeKind::PercentOff(percent)),
        (Some(_), None, None) => {
            errors.add("percentOff", "A percentage from 1 to 100.");
            None
        }
        (None, Some(cents), None) if (1..=Money::MAX_UNIT_PRICE.cents()).contains(&cents) => {
            Some(CodeKind::AmountOff(Money::from_cents(cents)))
        }
        (None, Some(_), None) => {
            errors.add(
                "amountOff",
                format!("An amount from 1 cent to {}.", Money::MAX_UNIT_PRICE),
            );
            None
        }
        (None, None, Some(cents)) if (0..=Money::MAX_UNIT_PRICE.cents()).contains(&cents) => {
            Some(CodeKind::FixedPrice(Money::from_cents(cents)))
        }
        (None, None, Some(_)) => {
            errors.add(
                "fixedPrice",
                format!("A price from 0 cents to {}.", Money::MAX_UNIT_PRICE),
            );
            None
        }
        _ => {
            errors.add("percentOff", "Give one of percentOff, amountOff and fixedPrice.");
            None
        }
    }
}

/// A limit of orders per email as asked: `None` for any number.
fn orders_per_email(limit: Option<i64>, errors: &mut FieldErrors) -> Option<i64> {
    if limit.is_some_and(|limit| !(1..=MAX_USES).contains(&limit)) {
        errors.add(
            "ordersPerEmail",
            format!("1 to {MAX_USES} orders per email, or null for any number."),
        );
    }
    limit
}

/// An RFC 3339 time as Unix milliseconds.
fn instant(value: Option<&str>, field: &'static str, errors: &mut FieldErrors) -> Option<i64> {
    let value = value.map(str::trim).filter(|value| !value.is_empty())?;
    match OffsetDateTime::parse(value, &Rfc3339) {
        Ok(at) => Some(unix_millis(at)),
        Err(_) => {
            errors.add(field, "A date and time such as 2027-01-31T23:59:59-05:00.");
            None
        }
    }
}

/// Short text without control characters; blank is none.
fn label(value: Option<&str>, max: usize, field: &'static str, errors: &mut FieldErrors) -> Option<String> {
    let value = value.map(str::trim).filter(|value| !value.is_empty())?;
    if value.chars().count() > max || value.chars().any(char::is_control) {
        errors.add(field, format!("At most {max} characters of plain text."));
    }
    Some(value.to_owned())
}

/// What may change of a code; absent fields stay as they are, `null` clears a date, tag or note.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CodeChange)]
struct ChangeRequest {
    #[schema(minimum = 1)]
    max_uses: Option<i64>,
    /// Orders one buyer's email may place with it; `null`: any number.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 100000)]
    orders_per_email: Option<Option<i64>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, format = DateTime)]
    valid_from: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, format = DateTime)]
    valid_until: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 60)]
    tag: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 500)]
    note: Option<Option<String>>,
    /// True stops the code working and gives the units it holds back to the stock.
    disabled: Option<bool>,
}

/// A field that is present, `null` or not: `Some(None)` for `null`.
fn present<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(deserializer).map(Some)
}

/// Changes a code's uses, orders per email, dates, tag or note, or disables it.
#[utoipa::path(
    patch,
    path = "/codes/{id}",
    operation_id = "change_code",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(("id" = String, Path, description = "The code's id.")),
    request_body = ChangeRequest,
    responses(
        (status = 200, description = "The code as it now is.", body = CodeRecord),
        (status = 404, description = NO_SUCH_CODE, body = ErrorBody),
        (status = 422, description = "A field is invalid; `fieldErrors` says which and why.", body = ErrorBody),
        JsonBody,
        AdminChange,
        ServerTrouble,
    )
)]
async fn change(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiJson(request): ApiJson<ChangeRequest>,
) -> Result<Json<CodeRecord>, ApiError> {
    let code = state
        .store
        .code(&id)
        .await?
        .ok_or_else(|| ApiError::NotFound(NO_SUCH_CODE.into()))?;
    let mut errors = FieldErrors::default();
    if let Some(max_uses) = request.max_uses
        && !(code.uses.max(1)..=MAX_USES).contains(&max_uses)
    {
        errors.add(
            "maxUses",
            format!("At least the {} uses made, and at most {MAX_USES}.", code.uses),
        );
    }
    let date = |value: &Option<Option<String>>, field, errors: &mut FieldErrors| {
        value.as_ref().map(|value| instant(value.as_deref(), field, errors))
    };
    let change = CodeChange {
        max_uses: request.max_uses,
        orders_per_email: request
            .orders_per_email
            .map(|limit| orders_per_email(limit, &mut errors)),
        valid_from: date(&request.valid_from, "validFrom", &mut errors),
        valid_until: date(&request.valid_until, "validUntil", &mut errors),
        tag: request
            .tag
            .as_ref()
            .map(|tag| label(tag.as_deref(), 60, "tag", &mut errors)),
        note: request
            .note
            .as_ref()
            .map(|note| label(note.as_deref(), 500, "note", &mut errors)),
        disabled: request.disabled,
    };
    if !errors.is_empty() {
        return Err(ApiError::Validation(errors));
    }
    let changed = state
        .store
        .change_code(&id, &change, &actor.name)
        .await?
        .ok_or_else(|| ApiError::NotFound(NO_SUCH_CODE.into()))?;
    Ok(Json(changed))
}

/// Makes codes from a CSV file: a header row, then one code a row, with the columns of
/// `codes.csv` (`code`, `applies to` as items separated by spaces, `kind` as `percent_off`,
/// `amount_off` or `fixed_price`, `value` as a percentage or dollars, `max uses`,
/// `valid from`, `valid until`, `tag`, `note`, `orders per email` as a number or `no limit`,
/// blank for the default); others are ignored. All or none.
#[utoipa::path(
    post,
    path = "/codes/import",
    operation_id = "import_codes",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    request_body(content = String, content_type = "text/csv", description = "The CSV file, UTF-8."),
    responses(
        (status = 200, description = "The codes made.", body = Made),
        (status = 400, description = "No body was sent, or it is not UTF-8 text.", body = ErrorBody),
        (status = 409, description = "A code exists already.", body = ErrorBody),
        (status = 413, description = "The body is over 64 KiB.", body = ErrorBody),
        (status = 415, description = "The body is not sent as `text/csv`.", body = ErrorBody),
        (status = 422, description = "A row is invalid: `message` names its line and why.", body = ErrorBody),
        AdminChange,
        ServerTrouble,
    )
)]
async fn import(
    actor: AdminActor,
    State(state): State<AppState>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Json<Made>, ApiError> {
    let csv = headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("text/csv"));
    if body.is_empty() && !csv {
        return Err(ApiError::BadRequest("This call needs a CSV file as its body.".into()));
    }
    if !csv {
        return Err(ApiError::UnsupportedMediaType(
            "Send the file as CSV with the header Content-Type: text/csv.".into(),
        ));
    }
    let body = String::from_utf8(body.to_vec())
        .map_err(|_| ApiError::BadRequest("The file is not UTF-8 text: save it as CSV UTF-8.".into()))?;
    let mut codes = Vec::new();
    for (line, request) in requests_in(&body).map_err(invalid_file)? {
        let made = new_codes(&state.event, &request).map_err(|errors| {
            let mut row = FieldErrors::default();
            row.add("file", format!("Line {line}: {}", ApiError::Validation(errors)));
            ApiError::Validation(row)
        })?;
        codes.extend(made);
    }
    if codes.is_empty() {
        return Err(invalid_file("The file has no codes after its header row.".into()));
    }
    let made = state
        .store
        .create_codes(&codes, &actor.name)
        .await
        .map_err(create_error)?;
    Ok(Json(Made { codes: made }))
}

fn invalid_file(message: String) -> ApiError {
    let mut errors = FieldErrors::default();
    errors.add("file", message);
    ApiError::Validation(errors)
}

/// The CSV's columns this reads, as `codes.csv` names them.
const COLUMNS: [&str; 10] = [
    "code",
    "applies to",
    "kind",
    "value",
    "max uses",
    "valid from",
    "valid until",
    "tag",
    "note",
    "orders per email",
];

/// What `codes.csv` writes in "orders per email" for a code without a limit.
pub const NO_LIMIT: &str = "no limit";

/// One request to make a code per row after the header, with its line number.
fn requests_in(text: &str) -> Result<Vec<(usize, CreateRequest)>, String> {
    let rows = crate::admin::csv::read(text)?;
    let Some((header, rows)) = rows.split_first() else {
        return Err("The file is empty.".into());
    };
    let position = |name: &str| header.iter().position(|cell| cell.trim().eq_ignore_ascii_case(name));
    let columns: Vec<Option<usize>> = COLUMNS.iter().map(|name| position(name)).collect();
    if columns[0].is_none() || columns[4].is_none() {
        return Err("The header row needs at least the columns \"code\" and \"max uses\".".into());
    }
    rows.iter()
        .enumerate()
        .map(|(index, row)| {
            let line = index + 2;
            let cell = |column: usize| {
                columns[column]
                    .and_then(|at| row.get(at))
                    .map(|value| value.trim().to_owned())
                    .filter(|value| !value.is_empty())
            };
            let mut request = CreateRequest {
                code: cell(0),
                applies_to: cell(1)
                    .map(|items| items.split_whitespace().map(str::to_owned).collect())
                    .unwrap_or_default(),
                max_uses: cell(4)
                    .and_then(|uses| uses.parse().ok())
                    .ok_or_else(|| format!("Line {line}: \"max uses\" is not a whole number."))?,
                valid_from: cell(5),
                valid_until: cell(6),
                tag: cell(7),
                note: cell(8),
                orders_per_email: match cell(9) {
                    None => None,
                    Some(limit) if limit.eq_ignore_ascii_case(NO_LIMIT) => Some(None),
                    Some(limit) => Some(Some(limit.parse().map_err(|_| {
                        format!("Line {line}: \"orders per email\" is a whole number, or \"{NO_LIMIT}\".")
                    })?)),
                },
                ..CreateRequest::default()
            };
            if request.code.is_none() {
                return Err(format!("Line {line}: the code is missing."));
            }
            let bad_value = || format!("Line {line}: \"value\" does not fit its kind.");
            if let Some(value) = cell(3).filter(|value| value.starts_with('-') || value.starts_with("$-")) {
                return Err(format!(
                    "Line {line}: \"value\" is {value}: a code's value cannot be below zero."
                ));
            }
            match (cell(2).as_deref(), cell(3).as_deref()) {
                (None, None) => {}
                (Some("percent_off"), Some(value)) => {
                    request.percent_off = Some(value.parse().map_err(|_| bad_value())?);
                }
                (Some("amount_off"), Some(value)) => request.amount_off = Some(cents(value).ok_or_else(bad_value)?),
                (Some("fixed_price"), Some(value)) => request.fixed_price = Some(cents(value).ok_or_else(bad_value)?),
                _ => {
                    return Err(format!(
                        "Line {line}: \"kind\" is percent_off, amount_off or fixed_price, with its \"value\"."
                    ));
                }
            }
            Ok((line, request))
        })
        .collect()
}

/// Dollars as the export writes them ("50.00", "50", "$7.5") in cents; nothing else, no sign.
fn cents(value: &str) -> Option<i64> {
    let value = value.strip_prefix('$').unwrap_or(value);
    let (dollars, fraction) = value.split_once('.').unwrap_or((value, ""));
    let digits = |text: &str| text.chars().all(|c| c.is_ascii_digit());
    if dollars.is_empty() || !digits(dollars) || fraction.len() > 2 || !digits(fraction) {
        return None;
    }
    let fraction: i64 = format!("{fraction:0<2}").parse().ok()?;
    dollars.parse::<i64>().ok()?.checked_mul(100)?.checked_add(fraction)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_csv_file_reads_as_one_request_per_row_with_its_line() {
        let rows = requests_in(
            "code,applies to,kind,value,max uses,tag\nSTUDENT-1,ticket:developer,fixed_price,299.00,10,students\n\
             FRIENDS,,percent_off,10,3,\n",
        )
        .unwrap();

        let (line, student) = &rows[0];
        assert_eq!(*line, 2);
        assert_eq!(student.code.as_deref(), Some("STUDENT-1"));
        assert_eq!(student.applies_to, ["ticket:developer"]);
        assert_eq!((student.fixed_price, student.max_uses), (Some(29_900), 10));
        assert_eq!(student.tag.as_deref(), Some("students"));
        let (line, friends) = &rows[1];
        assert_eq!((*line, friends.percent_off, friends.applies_to.len()), (3, Some(10), 0));
        assert!(
            requests_in("code,max uses\nA1B,x\n")
                .unwrap_err()
                .starts_with("Line 2:")
        );
        assert_eq!(
            requests_in("code,kind,value,max uses\nOK,fixed_price,5,1\nREFUND,fixed_price,-0.50,1\n").unwrap_err(),
            "Line 3: \"value\" is -0.50: a code's value cannot be below zero."
        );
        let limits = requests_in("code,max uses,orders per email\nA1B,5,\nC2D,5,no limit\nE3F,5,2\n").unwrap();
        let limits: Vec<_> = limits.iter().map(|(_, request)| request.orders_per_email).collect();
        assert_eq!(limits, [None, Some(None), Some(Some(2))]);
        assert_eq!(cents("7.5"), Some(750));
        assert_eq!(cents("$50"), Some(5_000));
        assert_eq!(cents("1.234"), None);
        assert_eq!(cents("-0.50"), None, "read as +$0.50 once");
        assert_eq!(cents("+5"), None);
        assert_eq!(cents(".50"), None);
        assert_eq!(cents("99999999999999999999"), None);
    }
}
