//! Invoices and credit notes (DESIGN.md §8): the document model (`document`), made once
//! and kept as issued, and its PDF (`pdf`). Numbering and storage are in `store::invoices`.

/// Days after payment a buyer may correct the billing details of their invoice.
pub const CORRECTION_DAYS: i64 = 30;

mod document;
mod pdf;
mod shaping;

pub use document::{
    InvoiceDocument, InvoiceKind, Line, Paper, Party, TaxShown, cancellation, invoice, refund_note, replacement,
};
pub use pdf::{PdfError, render_pdf};
