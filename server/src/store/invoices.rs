//! Invoices and credit notes as issued: numbered without gaps or duplicates inside the
//! transaction that issues them (a payment, a refund, a billing correction), and never
//! changed afterwards.

use serde::Serialize;
use sqlx::Row;
use sqlx::any::AnyRow;
use time::OffsetDateTime;

use super::Tx;
use super::admin::record_audit;
use super::outbox::{EmailKind, queue_email};
use super::{Prefixed, Store};
use crate::clock::unix_millis;
use crate::domain::{BillingDetails, Money, Order};
use crate::event::{Event, long_date};
use crate::invoices::{self, InvoiceDocument, InvoiceKind};

/// An invoice or credit note as stored. Times are Unix milliseconds.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceRecord {
    pub id: String,
    pub number: String,
    pub kind: InvoiceKind,
    pub order_id: String,
    /// For a credit note: the id of the invoice it credits.
    pub credits: Option<String>,
    pub refund_id: Option<String>,
    /// Cents, negative for a credit note.
    pub net: Money,
    pub tax: Money,
    pub total: Money,
    pub buyer_name: String,
    pub buyer_tax_id: Option<String>,
    pub issued_at: i64,
    #[serde(skip)]
    pub document: InvoiceDocument,
}

pub(super) const COLUMNS: &str =
    "id, number, kind, order_id, credits, refund_id, net, tax, total, buyer_name, buyer_tax_id, issued_at, document";

fn invoice_from_row(row: &AnyRow) -> Result<InvoiceRecord, sqlx::Error> {
    invoice_from_columns(row, &Prefixed(""))
}

/// The invoice in `row`, its columns named `COLUMNS` with `names`' prefix.
pub(super) fn invoice_from_columns(row: &AnyRow, names: &Prefixed) -> Result<InvoiceRecord, sqlx::Error> {
    let decode_error = |column: &str, value: &str| sqlx::Error::ColumnDecode {
        index: column.to_owned(),
        source: format!("unexpected value {value:?}").into(),
    };
    let kind: String = row.try_get(&*names.of("kind"))?;
    let document: String = row.try_get(&*names.of("document"))?;
    Ok(InvoiceRecord {
        id: row.try_get(&*names.of("id"))?,
        number: row.try_get(&*names.of("number"))?,
        kind: InvoiceKind::parse(&kind).ok_or_else(|| decode_error("kind", &kind))?,
        order_id: row.try_get(&*names.of("order_id"))?,
        credits: row.try_get(&*names.of("credits"))?,
        refund_id: row.try_get(&*names.of("refund_id"))?,
        net: Money::from_cents(row.try_get(&*names.of("net"))?),
        tax: Money::from_cents(row.try_get(&*names.of("tax"))?),
        total: Money::from_cents(row.try_get(&*names.of("total"))?),
        buyer_name: row.try_get(&*names.of("buyer_name"))?,
        buyer_tax_id: row.try_get(&*names.of("buyer_tax_id"))?,
        issued_at: row.try_get(&*names.of("issued_at"))?,
        document: serde_json::from_str(&document).map_err(|_| decode_error("document", "(the document)"))?,
    })
}

/// The next number of `prefix`, taken inside the caller's transaction: the row stays locked
/// until it commits (or its number goes back with it), so numbers have no gaps.
async fn next_number(tx: &mut Tx, prefix: &str) -> Result<String, sqlx::Error> {
    // The counter exists after a prefix's first invoice: a plain update then, cheaper than an upsert.
    let counted: Option<i64> = sqlx::query_scalar(
        "UPDATE invoice_numbers SET last_number = last_number + 1 WHERE prefix = $1 RETURNING last_number",
    )
    .bind(prefix)
    .fetch_optional(&mut **tx)
    .await?;
    if let Some(number) = counted {
        return Ok(format!("{prefix}{number:05}"));
    }
    let number: i64 = sqlx::query_scalar(
        "INSERT INTO invoice_numbers (prefix, last_number) VALUES ($1, 1)
         ON CONFLICT (prefix) DO UPDATE SET last_number = invoice_numbers.last_number + 1
         RETURNING last_number",
    )
    .bind(prefix)
    .fetch_one(&mut **tx)
    .await?;
    Ok(format!("{prefix}{number:05}"))
}

async fn insert(
    tx: &mut Tx,
    order_id: &str,
    document: &InvoiceDocument,
    credits: Option<&str>,
    refund_id: Option<&str>,
    issued_at: i64,
) -> Result<String, sqlx::Error> {
    let id = uuid::Uuid::new_v4().to_string();
    sqlx::query(
        "INSERT INTO invoices (id, number, kind, order_id, credits, refund_id, net, tax, total, buyer_name,
             buyer_tax_id, issued_at, document)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
    )
    .bind(&id)
    .bind(&document.number)
    .bind(document.kind.as_str())
    .bind(order_id)
    .bind(credits)
    .bind(refund_id)
    .bind(document.net.cents())
    .bind(document.tax.as_ref().map_or(0, |tax| tax.amount.cents()))
    .bind(document.total.cents())
    .bind(&document.buyer.name)
    .bind(document.buyer.tax_id.as_deref())
    .bind(issued_at)
    .bind(serde_json::to_string(document).unwrap_or_default())
    .execute(&mut **tx)
    .await?;
    Ok(id)
}

fn instant(unix_ms: i64) -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp(unix_ms.div_euclid(1000)).unwrap_or(OffsetDateTime::UNIX_EPOCH)
}

/// Issues the invoice of `order`, paid at `paid_at`, inside the transaction that records the
/// payment. Nothing without a seller in the event file.
pub(super) async fn issue_invoice(
    tx: &mut Tx,
    event: Option<&Event>,
    order: &Order,
    paid_at: i64,
) -> Result<(), sqlx::Error> {
    let Some((event, seller)) = event.and_then(|event| Some((event, event.seller.as_ref()?))) else {
        return Ok(());
    };
    let number = next_number(tx, &seller.invoice_prefix).await?;
    let document = invoices::invoice(event, seller, order, &number, instant(paid_at));
    insert(tx, &order.id, &document, None, None, paid_at).await?;
    Ok(())
}

/// The invoice an order stands on now: its latest, which a correction replaces.
async fn current_invoice(tx: &mut Tx, order_id: &str) -> Result<Option<InvoiceRecord>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM invoices WHERE order_id = $1 AND kind = 'invoice' ORDER BY issued_at DESC, number DESC
         LIMIT 1"
    ))
    .bind(order_id)
    .fetch_optional(&mut **tx)
    .await?;
    row.as_ref().map(invoice_from_row).transpose()
}

/// Issues the credit note of a refund of `amount`, referencing the order's invoice, inside the
/// transaction that completes the refund. Nothing when the order has no invoice.
pub(super) async fn issue_refund_note(
    tx: &mut Tx,
    event: Option<&Event>,
    refund: (&str, &str),
    amount: Money,
    cancels: bool,
    now: i64,
) -> Result<(), sqlx::Error> {
    let (refund_id, order_id) = refund;
    let (Some(event), Some(original)) = (event, current_invoice(tx, order_id).await?) else {
        return Ok(());
    };
    let Some(seller) = &event.seller else {
        return Ok(());
    };
    let number = next_number(tx, &seller.invoice_prefix).await?;
    let issued_on = long_date(event.venue_date(instant(now)));
    let note = invoices::refund_note(&original.document, &number, &issued_on, amount, cancels);
    insert(tx, order_id, &note, Some(&original.id), Some(refund_id), now).await?;
    Ok(())
}

/// What a billing correction did.
#[derive(Debug)]
pub enum Correction {
    /// The credit note cancelling the old invoice, and the new invoice.
    Made { credit_note: String, invoice: String },
    /// The buyer corrected the details before: once only.
    AlreadyCorrected,
    /// More than the days allowed after payment, or the order is not paid (or was cancelled).
    Closed,
    /// The order has no invoice to correct.
    NoInvoice,
}

impl Store {
    pub async fn invoices_of_order(&self, order_id: &str) -> Result<Vec<InvoiceRecord>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM invoices WHERE order_id = $1 ORDER BY issued_at, number"
        ))
        .bind(order_id)
        .fetch_all(&self.connections)
        .await?;
        rows.iter().map(invoice_from_row).collect()
    }

    pub async fn invoice_by_number(&self, number: &str) -> Result<Option<InvoiceRecord>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM invoices WHERE number = $1"))
            .bind(number)
            .fetch_optional(&self.connections)
            .await?;
        row.as_ref().map(invoice_from_row).transpose()
    }

    pub async fn invoice(&self, id: &str) -> Result<Option<InvoiceRecord>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM invoices WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.connections)
            .await?;
        row.as_ref().map(invoice_from_row).transpose()
    }

    /// The credit note a refund issued, if any.
    pub async fn invoice_of_refund(&self, refund_id: &str) -> Result<Option<InvoiceRecord>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM invoices WHERE refund_id = $1"))
            .bind(refund_id)
            .fetch_optional(&self.connections)
            .await?;
        row.as_ref().map(invoice_from_row).transpose()
    }

    /// Invoices and credit notes issued from `from` until before `until` (Unix ms), in order of number.
    pub async fn invoices_between(&self, from: i64, until: i64) -> Result<Vec<InvoiceRecord>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM invoices WHERE issued_at >= $1 AND issued_at < $2 ORDER BY issued_at, number"
        ))
        .bind(from)
        .bind(until)
        .fetch_all(&self.connections)
        .await?;
        rows.iter().map(invoice_from_row).collect()
    }

    /// Corrects the billing details of an order paid since `paid_since` (Unix ms), once, at
    /// `at`: the current invoice gets a credit note, a new invoice is issued with the new
    /// details, and both are emailed to the buyer.
    pub async fn correct_billing(
        &self,
        order: &Order,
        billing: &BillingDetails,
        paid_since: i64,
        at: OffsetDateTime,
        actor: &str,
    ) -> Result<Correction, sqlx::Error> {
        let Some((event, seller)) = self
            .event
            .as_deref()
            .and_then(|event| Some((event, event.seller.as_ref()?)))
        else {
            return Ok(Correction::NoInvoice);
        };
        let now = unix_millis(at);
        let mut tx = self.begin_write().await?;
        // A compare-and-set on the order: one correction, even from two tabs at once.
        let corrected = sqlx::query(
            "UPDATE orders SET billing = $2, billing_corrected_at = $3, updated_at = $3
             WHERE id = $1 AND billing_corrected_at IS NULL AND status = 'paid' AND paid_at >= $4",
        )
        .bind(&order.id)
        .bind(serde_json::to_string(billing).unwrap_or_default())
        .bind(now)
        .bind(paid_since)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if !corrected {
            let again = sqlx::query_scalar::<_, Option<i64>>("SELECT billing_corrected_at FROM orders WHERE id = $1")
                .bind(&order.id)
                .fetch_one(&mut *tx)
                .await?;
            return Ok(if again.is_some() {
                Correction::AlreadyCorrected
            } else {
                Correction::Closed
            });
        }
        let Some(original) = current_invoice(&mut tx, &order.id).await? else {
            return Ok(Correction::NoInvoice);
        };
        let issued_on = long_date(event.venue_date(instant(now)));
        let credit_number = next_number(&mut tx, &seller.invoice_prefix).await?;
        let note = format!(
            "Cancels invoice {}: the billing details were corrected.",
            original.number
        );
        let credit = invoices::cancellation(&original.document, &credit_number, &issued_on, &note);
        insert(&mut tx, &order.id, &credit, Some(&original.id), None, now).await?;
        let invoice_number = next_number(&mut tx, &seller.invoice_prefix).await?;
        let replacement = invoices::replacement(&original.document, order, billing, &invoice_number, &issued_on);
        let replacement_id = insert(&mut tx, &order.id, &replacement, None, None, now).await?;
        queue_email(
            &mut tx,
            EmailKind::InvoiceCorrection,
            &format!("invoice-corrected:{replacement_id}"),
            &replacement_id,
            &order.buyer_email,
        )
        .await?;
        let detail = serde_json::json!({ "creditNote": credit_number, "invoice": invoice_number });
        record_audit(&mut *tx, actor, "billing_corrected", Some(&order.id), &detail).await?;
        tx.commit().await?;
        Ok(Correction::Made {
            credit_note: credit_number,
            invoice: invoice_number,
        })
    }
}
