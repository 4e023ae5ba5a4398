//! The accountant's calls: invoices and credit notes by date, their ledger as CSV, their
//! PDFs one by one or all in a zip.

use std::io::Write;

use axum::Json;
use axum::body::Body;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use serde::{Deserialize, Serialize};
use time::{Date, OffsetDateTime};
use tokio::sync::mpsc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::responses::{AdminRead, ServerTrouble};
use crate::admin::csv::{CsvWriter, dollars};
use crate::api::invoice_download::{InvoiceLink, pdf_response};
use crate::api::params::{ApiPath, ApiQuery};
use crate::domain::Money;
use crate::error::{ApiError, ErrorBody};
use crate::invoices::{InvoiceKind, render_pdf};
use crate::state::AppState;
use crate::store::InvoiceRecord;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(ledger))
        .routes(routes!(pdfs))
        .routes(routes!(pdf))
}

/// Where each document's PDF is for the organizer.
pub const PDF_BASE: &str = "/api/admin/invoices";

/// Days at the venue, both included; either left out means no bound.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct Range {
    /// The first day, "2026-05-01".
    #[param(nullable = false, format = Date)]
    from: Option<String>,
    /// The last day, "2026-05-31".
    #[param(nullable = false, format = Date)]
    to: Option<String>,
}

/// A range read: Unix milliseconds from `from`'s first moment at the venue until before the
/// day after `to`.
struct Period {
    from: Option<Date>,
    to: Option<Date>,
}

impl Period {
    fn parse(range: &Range) -> Result<Self, ApiError> {
        let day = |value: &Option<String>, name: &str| -> Result<Option<Date>, ApiError> {
            // An empty bound is a malformed day, not a missing one: the client leaves out what it does not set.
            match value.as_deref() {
                None => Ok(None),
                Some(value) => Date::parse(value, time::macros::format_description!("[year]-[month]-[day]"))
                    .map(Some)
                    .map_err(|_| ApiError::BadRequest(format!("`{name}` must be a day such as 2026-05-18."))),
            }
        };
        let period = Self {
            from: day(&range.from, "from")?,
            to: day(&range.to, "to")?,
        };
        if let (Some(from), Some(to)) = (period.from, period.to)
            && from > to
        {
            return Err(ApiError::BadRequest("`from` must not be after `to`.".into()));
        }
        Ok(period)
    }

    fn millis(state: &AppState, day: Date) -> i64 {
        day.midnight()
            .assume_offset(state.event.starts_at.offset())
            .unix_timestamp()
            * 1000
    }

    async fn documents(&self, state: &AppState) -> Result<Vec<InvoiceRecord>, ApiError> {
        let from = self.from.map_or(i64::MIN, |day| Self::millis(state, day));
        let until = self
            .to
            .and_then(Date::next_day)
            .map_or(i64::MAX, |day| Self::millis(state, day));
        Ok(state.store.invoices_between(from, until).await?)
    }

    /// "invoices-2026-05-01-to-2026-05-31", "invoices-all".
    fn filename(&self, what: &str) -> String {
        match (self.from, self.to) {
            (None, None) => format!("{what}-all"),
            (from, to) => format!(
                "{what}-{}-to-{}",
                from.map_or_else(|| "start".to_owned(), |day| day.to_string()),
                to.map_or_else(|| "now".to_owned(), |day| day.to_string())
            ),
        }
    }
}

/// A document as the ledger lists it. Amounts in cents, negative on a credit note.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = LedgerEntry)]
struct Entry {
    #[serde(flatten)]
    link: InvoiceLink,
    /// The venue's day it was issued, "2026-05-18".
    #[schema(format = Date)]
    date: String,
    order_id: String,
    order_reference: String,
    /// The company, else the buyer's name.
    buyer: String,
    #[schema(required = true)]
    buyer_tax_id: Option<String>,
    net: Money,
    tax: Money,
    /// For a credit note: the number of the invoice it credits.
    #[schema(required = true)]
    refers_to: Option<String>,
}

impl Entry {
    fn new(state: &AppState, record: &InvoiceRecord) -> Self {
        let issued = OffsetDateTime::from_unix_timestamp(record.issued_at.div_euclid(1000))
            .unwrap_or(OffsetDateTime::UNIX_EPOCH);
        Self {
            link: InvoiceLink::new(record, PDF_BASE),
            date: state.event.venue_date(issued).to_string(),
            order_id: record.order_id.clone(),
            order_reference: record.document.order_reference.clone(),
            buyer: record.buyer_name.clone(),
            buyer_tax_id: record.buyer_tax_id.clone(),
            net: record.net,
            tax: record.tax,
            refers_to: match record.kind {
                InvoiceKind::CreditNote => record.document.refers_to.clone(),
                InvoiceKind::Invoice => None,
            },
        }
    }
}

/// What the documents of a period add up to, credit notes taken off.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = LedgerTotals)]
struct Totals {
    invoices: usize,
    credit_notes: usize,
    net: Money,
    tax: Money,
    total: Money,
}

impl Totals {
    fn of(records: &[InvoiceRecord]) -> Self {
        let sum =
            |amount: fn(&InvoiceRecord) -> Money| Money::from_cents(records.iter().map(|r| amount(r).cents()).sum());
        Self {
            invoices: records.iter().filter(|r| r.kind == InvoiceKind::Invoice).count(),
            credit_notes: records.iter().filter(|r| r.kind == InvoiceKind::CreditNote).count(),
            net: sum(|r| r.net),
            tax: sum(|r| r.tax),
            total: sum(|r| r.total),
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InvoiceLedger)]
struct Ledger {
    /// The range asked for, as given.
    #[schema(required = true, format = Date)]
    from: Option<String>,
    #[schema(required = true, format = Date)]
    to: Option<String>,
    /// In order of issue.
    invoices: Vec<Entry>,
    totals: Totals,
}

/// Invoices and credit notes issued in a range of days at the venue, with their totals.
#[utoipa::path(
    get,
    path = "/invoices",
    operation_id = "list_invoices",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(Range),
    responses(
        (status = 200, body = Ledger),
        (status = 400, description = "A day is not a date, or `from` is after `to`.", body = ErrorBody),
        AdminRead,
        ServerTrouble,
    )
)]
async fn list(
    _actor: AdminActor,
    State(state): State<AppState>,
    ApiQuery(range): ApiQuery<Range>,
) -> Result<Json<Ledger>, ApiError> {
    let period = Period::parse(&range)?;
    let records = period.documents(&state).await?;
    Ok(Json(Ledger {
        from: period.from.map(|day| day.to_string()),
        to: period.to.map(|day| day.to_string()),
        totals: Totals::of(&records),
        invoices: records.iter().map(|record| Entry::new(&state, record)).collect(),
    }))
}

/// The ledger of a range as CSV for the accountant: one row per document, amounts in dollars.
#[utoipa::path(
    get,
    path = "/invoices/ledger.csv",
    operation_id = "invoice_ledger_csv",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(Range),
    responses(
        (
            status = 200,
            description = "UTF-8 CSV: number, kind, date, buyer, tax id, net, tax, total, order reference, refers to.",
            content_type = "text/csv",
            body = String,
            headers(("Content-Disposition" = String, description = "`attachment; filename=\"invoices-2026-05-01-to-2026-05-31.csv\"`")),
        ),
        (status = 400, description = "A day is not a date, or `from` is after `to`.", body = ErrorBody),
        AdminRead,
        ServerTrouble,
    )
)]
async fn ledger(
    _actor: AdminActor,
    State(state): State<AppState>,
    ApiQuery(range): ApiQuery<Range>,
) -> Result<Response, ApiError> {
    let period = Period::parse(&range)?;
    let records = period.documents(&state).await?;
    let mut csv = CsvWriter::new(&[
        "number",
        "kind",
        "date",
        "buyer",
        "tax id",
        "net",
        "tax",
        "total",
        "order reference",
        "refers to",
    ]);
    for record in &records {
        let entry = Entry::new(&state, record);
        csv.row([
            entry.link.number.as_str(),
            record.kind.as_str(),
            &entry.date,
            &entry.buyer,
            entry.buyer_tax_id.as_deref().unwrap_or_default(),
            &dollars(entry.net.cents()),
            &dollars(entry.tax.cents()),
            &dollars(entry.link.total.cents()),
            &entry.order_reference,
            entry.refers_to.as_deref().unwrap_or_default(),
        ]);
    }
    Ok(attachment(
        "text/csv; charset=utf-8",
        &format!("{}.csv", period.filename("invoices")),
        csv.finish(),
    ))
}

/// The PDFs of a range in one zip, named by their numbers. Streamed as they are made, so a
/// year of invoices never sits in memory at once.
#[utoipa::path(
    get,
    path = "/invoices/pdfs.zip",
    operation_id = "invoice_pdfs_zip",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(Range),
    responses(
        (
            status = 200,
            description = "A zip of `invoice-CW2026-00001.pdf`, `credit-note-CW2026-00002.pdf`, …",
            content_type = "application/zip",
            body = Vec<u8>,
            headers(("Content-Disposition" = String, description = "`attachment; filename=\"invoices-2026-05-01-to-2026-05-31.zip\"`")),
        ),
        (status = 400, description = "A day is not a date, or `from` is after `to`.", body = ErrorBody),
        AdminRead,
        ServerTrouble,
    )
)]
async fn pdfs(
    _actor: AdminActor,
    State(state): State<AppState>,
    ApiQuery(range): ApiQuery<Range>,
) -> Result<Response, ApiError> {
    let period = Period::parse(&range)?;
    let records = period.documents(&state).await?;
    let (chunks, mut receiver) = mpsc::channel(4);
    tokio::task::spawn_blocking(move || {
        let sender = chunks.clone();
        if let Err(error) = write_zip(&records, ChunkWriter::new(chunks)) {
            tracing::warn!(%error, "the zip of invoices was cut short");
            // The download fails rather than ends as a broken zip.
            let _ = sender.blocking_send(Err(std::io::Error::other(error.to_string())));
        }
    });
    // Answers `None` again if polled after the end, as a compressing layer may.
    let stream = futures_util::stream::poll_fn(move |context| receiver.poll_recv(context));
    Ok(attachment(
        "application/zip",
        &format!("{}.zip", period.filename("invoices")),
        Body::from_stream(stream),
    ))
}

fn write_zip(records: &[InvoiceRecord], out: ChunkWriter) -> Result<(), Box<dyn std::error::Error>> {
    let mut zip = zip::ZipWriter::new_stream(out);
    // PDFs are compressed already.
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for record in records {
        let pdf = render_pdf(&record.document)?;
        zip.start_file(record.document.filename(), options)?;
        zip.write_all(&pdf)?;
    }
    zip.finish()?.into_inner().flush()?;
    Ok(())
}

/// Bytes to the response body, 64 KiB at a time; fails once the client has gone.
struct ChunkWriter {
    buffer: Vec<u8>,
    chunks: mpsc::Sender<Result<Bytes, std::io::Error>>,
}

const CHUNK: usize = 64 * 1024;

impl ChunkWriter {
    fn new(chunks: mpsc::Sender<Result<Bytes, std::io::Error>>) -> Self {
        Self {
            buffer: Vec::with_capacity(CHUNK),
            chunks,
        }
    }

    fn send(&mut self) -> std::io::Result<()> {
        let chunk = Bytes::from(std::mem::replace(&mut self.buffer, Vec::with_capacity(CHUNK)));
        self.chunks
            .blocking_send(Ok(chunk))
            .map_err(|_| std::io::Error::new(std::io::ErrorKind::BrokenPipe, "the client went away"))
    }
}

impl Write for ChunkWriter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.buffer.extend_from_slice(bytes);
        if self.buffer.len() >= CHUNK {
            self.send()?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        self.send()
    }
}

fn attachment(content_type: &str, filename: &str, body: impl Into<Body>) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type.to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}\""),
            ),
        ],
        body.into(),
    )
        .into_response()
}

/// One invoice or credit note as a PDF.
#[utoipa::path(
    get,
    path = "/invoices/{number}",
    operation_id = "invoice_pdf",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(("number" = String, Path, description = "The document's number: \"CW2026-00001\".")),
    responses(
        (
            status = 200,
            description = "The PDF, with embedded fonts and text that can be copied.",
            content_type = "application/pdf",
            body = Vec<u8>,
            headers(("Content-Disposition" = String, description = "`attachment; filename=\"invoice-CW2026-00001.pdf\"`")),
        ),
        (status = 404, description = "There is no document of that number.", body = ErrorBody),
        AdminRead,
        ServerTrouble,
    )
)]
async fn pdf(
    _actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(number): ApiPath<String>,
) -> Result<Response, ApiError> {
    let record = state
        .store
        .invoice_by_number(&number)
        .await?
        .ok_or_else(|| ApiError::NotFound("There is no invoice or credit note of that number.".into()))?;
    pdf_response(&record).map(IntoResponse::into_response)
}
