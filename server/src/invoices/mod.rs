//! Invoices and credit notes (DESIGN.md §8): the document model (`document`), made once
//! and kept as issued, and its PDF: laid out (`pdf`), its text shaped (`shaping`) in the faces
//! and font subsets kept for it (`faces`), and written (`pdf_file`). Numbering and storage are
//! in `store::invoices`.

/// Days after payment a buyer may correct the billing details of their invoice.
pub const CORRECTION_DAYS: i64 = 30;

mod document;
mod faces;
mod pdf;
mod pdf_file;
mod shaping;

pub use document::{
    InvoiceDocument, InvoiceKind, Line, Paper, Party, TaxShown, cancellation, invoice, refund_note, replacement,
};
pub use pdf::render_pdf;
pub use pdf_file::PdfError;
