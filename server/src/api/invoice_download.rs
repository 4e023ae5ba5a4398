//! What the buyer's and the organizer's invoice calls share: a document's entry in a list,
//! and its PDF as a download.

use axum::http::header;
use axum::response::IntoResponse;
use serde::Serialize;

use crate::domain::Money;
use crate::error::ApiError;
use crate::invoices::{InvoiceKind, render_pdf};
use crate::store::InvoiceRecord;

/// An invoice or credit note, and where its PDF is.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceLink {
    /// "CW2026-00001"
    pub number: String,
    pub kind: InvoiceKind,
    /// Cents, negative for a credit note.
    pub total: Money,
    /// Unix milliseconds.
    pub issued_at: i64,
    /// The PDF, for the same caller: "/api/my-order/invoices/CW2026-00001".
    pub url: String,
}

impl InvoiceLink {
    /// The entry of `record`, whose PDF is under `base`.
    pub fn new(record: &InvoiceRecord, base: &str) -> Self {
        Self {
            number: record.number.clone(),
            kind: record.kind,
            total: record.total,
            issued_at: record.issued_at,
            url: format!("{base}/{}", record.number),
        }
    }
}

/// The document as a PDF download. Rendered from the document as issued, so it reads the
/// same every time it is fetched.
pub fn pdf_response(record: &InvoiceRecord) -> Result<impl IntoResponse + use<>, ApiError> {
    let pdf = render_pdf(&record.document).map_err(|error| ApiError::Internal(error.into()))?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{}\"", record.document.filename()),
            ),
            (header::CACHE_CONTROL, "private, no-store".to_owned()),
        ],
        pdf,
    ))
}
