//! An invoice or credit note as issued: everything it says, kept as it was, so a change of
//! the event file or a billing correction never alters a document already sent.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use crate::domain::{BillingDetails, Money};
use crate::event::{Event, PaperSize, Seller, long_date};
use crate::orders::{Order, OrderKind};
use crate::pricing::{Discount, TaxLine};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum InvoiceKind {
    Invoice,
    CreditNote,
}

impl InvoiceKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Invoice => "invoice",
            Self::CreditNote => "credit_note",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        match value {
            "invoice" => Some(Self::Invoice),
            "credit_note" => Some(Self::CreditNote),
            _ => None,
        }
    }

    /// "Invoice", "Credit note".
    pub fn title(self) -> &'static str {
        match self {
            Self::Invoice => "Invoice",
            Self::CreditNote => "Credit note",
        }
    }
}

/// Who sells or buys, as a document names them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Party {
    pub name: String,
    pub address: Vec<String>,
    pub tax_id: Option<String>,
    pub email: Option<String>,
}

/// One line: what, how many, at what price. Negative amounts on a credit note.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Line {
    pub description: String,
    pub quantity: i64,
    pub unit_price: Money,
    pub amount: Money,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaxShown {
    /// "Florida sales tax (7%)"
    pub label: String,
    pub amount: Money,
    /// True when the prices include it.
    pub included: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Paper {
    Letter,
    A4,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceDocument {
    pub kind: InvoiceKind,
    pub number: String,
    /// "November 24, 2026", at the venue.
    pub issued_on: String,
    pub order_reference: String,
    /// For a credit note: the invoice it credits. For an invoice that replaces another: that one.
    pub refers_to: Option<String>,
    /// Why a credit note or a replacing invoice was issued.
    pub note: Option<String>,
    pub seller: Party,
    pub buyer: Party,
    pub lines: Vec<Line>,
    /// Amounts taken off, positive on an invoice, negative on a credit note.
    pub discounts: Vec<Discount>,
    /// The total less the tax.
    pub net: Money,
    pub tax: Option<TaxShown>,
    pub total: Money,
    pub currency: String,
    /// "Paid by card on May 1, 2026", "Nothing to pay", "Refunded to the card on …".
    pub payment: String,
    pub footer: Option<String>,
    pub paper: Paper,
}

impl InvoiceDocument {
    /// "invoice-CW2026-00001.pdf", "credit-note-CW2026-00002.pdf"
    pub fn filename(&self) -> String {
        format!("{}-{}.pdf", self.kind.as_str().replace('_', "-"), self.number)
    }
}

/// The invoice of a paid order, issued at `issued_at`.
pub fn invoice(
    event: &Event,
    seller: &Seller,
    order: &Order,
    number: &str,
    issued_at: OffsetDateTime,
) -> InvoiceDocument {
    let tax = order.tax.as_ref().map(|tax| tax_shown(tax, tax.amount));
    let tax_cents = order.tax.as_ref().map_or(0, |tax| tax.amount.cents());
    let issued_on = long_date(event.venue_date(issued_at));
    InvoiceDocument {
        kind: InvoiceKind::Invoice,
        number: number.to_owned(),
        refers_to: None,
        note: None,
        seller: seller_party(seller),
        buyer: buyer_party(order, order.billing.as_ref()),
        lines: vec![Line {
            description: line_description(event, order),
            quantity: order.quantity,
            unit_price: order.unit_price,
            amount: Money::from_cents(order.unit_price.cents() * order.quantity),
        }],
        discounts: order.discounts.clone(),
        net: Money::from_cents(order.amount.cents() - tax_cents),
        tax,
        total: order.amount,
        currency: order.currency.to_uppercase(),
        payment: if order.amount.cents() == 0 {
            "Nothing to pay.".to_owned()
        } else {
            format!("Paid by card on {issued_on}.")
        },
        issued_on,
        order_reference: order.reference.clone(),
        footer: seller.footer.clone(),
        paper: paper(seller.paper),
    }
}

/// The credit note cancelling `original` whole, as a billing correction does.
pub fn cancellation(original: &InvoiceDocument, number: &str, issued_on: &str, note: &str) -> InvoiceDocument {
    let negative = |money: Money| Money::from_cents(-money.cents());
    InvoiceDocument {
        kind: InvoiceKind::CreditNote,
        number: number.to_owned(),
        issued_on: issued_on.to_owned(),
        refers_to: Some(original.number.clone()),
        note: Some(note.to_owned()),
        lines: original
            .lines
            .iter()
            .map(|line| Line {
                amount: negative(line.amount),
                quantity: -line.quantity,
                ..line.clone()
            })
            .collect(),
        discounts: original
            .discounts
            .iter()
            .map(|discount| Discount {
                label: discount.label.clone(),
                amount: negative(discount.amount),
            })
            .collect(),
        net: negative(original.net),
        tax: original.tax.as_ref().map(|tax| TaxShown {
            amount: negative(tax.amount),
            ..tax.clone()
        }),
        total: negative(original.total),
        payment: "Cancelled: nothing is due, and nothing is refunded by this note.".to_owned(),
        ..original.clone()
    }
}

/// The invoice that replaces `original` with corrected billing details.
pub fn replacement(
    original: &InvoiceDocument,
    order: &Order,
    billing: &BillingDetails,
    number: &str,
    issued_on: &str,
) -> InvoiceDocument {
    InvoiceDocument {
        number: number.to_owned(),
        issued_on: issued_on.to_owned(),
        refers_to: Some(original.number.clone()),
        note: Some(format!(
            "Replaces invoice {} with corrected billing details.",
            original.number
        )),
        buyer: buyer_party(order, Some(billing)),
        ..original.clone()
    }
}

/// The credit note of a refund of `amount` against `original`, its tax in proportion.
pub fn refund_note(
    original: &InvoiceDocument,
    number: &str,
    issued_on: &str,
    amount: Money,
    cancels: bool,
) -> InvoiceDocument {
    let tax = original.tax.as_ref().map(|tax| {
        let share = if original.total.cents() == 0 {
            0
        } else {
            (i128::from(tax.amount.cents()) * i128::from(amount.cents()) * 2 / i128::from(original.total.cents()) + 1)
                / 2
        };
        TaxShown {
            amount: Money::from_cents(-i64::try_from(share).unwrap_or(0)),
            ..tax.clone()
        }
    });
    let tax_cents = tax.as_ref().map_or(0, |tax| tax.amount.cents());
    InvoiceDocument {
        kind: InvoiceKind::CreditNote,
        number: number.to_owned(),
        issued_on: issued_on.to_owned(),
        refers_to: Some(original.number.clone()),
        note: Some(if cancels {
            format!("Refund of invoice {}: the order is cancelled.", original.number)
        } else {
            format!("Partial refund of invoice {}: the order stays valid.", original.number)
        }),
        lines: vec![Line {
            description: format!("Refund of invoice {}", original.number),
            quantity: 1,
            unit_price: Money::from_cents(-amount.cents()),
            amount: Money::from_cents(-amount.cents()),
        }],
        discounts: Vec::new(),
        net: Money::from_cents(-amount.cents() - tax_cents),
        tax,
        total: Money::from_cents(-amount.cents()),
        payment: format!("Refunded to the card on {issued_on}."),
        ..original.clone()
    }
}

fn seller_party(seller: &Seller) -> Party {
    Party {
        name: seller.legal_name.clone(),
        address: seller.address.clone(),
        tax_id: seller.tax_id.clone(),
        email: None,
    }
}

/// The buyer: a company's billing details, else the buyer's name and email.
fn buyer_party(order: &Order, billing: Option<&BillingDetails>) -> Party {
    match billing {
        Some(billing) => Party {
            name: billing.company.clone(),
            address: billing.address_lines(),
            tax_id: billing.tax_id.clone(),
            email: Some(format!("Attn. {} <{}>", order.buyer_name, order.buyer_email)),
        },
        // A sponsorship is bought by its company even without an address.
        None => match order.options["companyName"].as_str() {
            Some(company) if order.kind == OrderKind::Sponsorship => Party {
                name: company.to_owned(),
                address: Vec::new(),
                tax_id: None,
                email: Some(format!("Attn. {} <{}>", order.buyer_name, order.buyer_email)),
            },
            _ => Party {
                name: order.buyer_name.clone(),
                address: Vec::new(),
                tax_id: None,
                email: Some(order.buyer_email.clone()),
            },
        },
    }
}

/// "Developer Pass, CodeWave Miami 2026 (May 18-22, 2026), Early bird", "Conference T-Shirt, M / Black".
fn line_description(event: &Event, order: &Order) -> String {
    let options: Vec<&str> = ["size", "color"]
        .iter()
        .filter_map(|name| order.options[*name].as_str())
        .collect();
    let mut description = order.item_name.clone();
    match order.kind {
        OrderKind::Ticket | OrderKind::Sponsorship => {
            description.push_str(&format!(", {} ({})", event.name, event.date_label()));
        }
        OrderKind::Merchandise if !options.is_empty() => {
            description.push_str(&format!(", {}", options.join(" / ")));
        }
        OrderKind::Merchandise => {}
    }
    if let Some(phase) = &order.phase {
        description.push_str(&format!(", {phase} price"));
    }
    description
}

fn tax_shown(tax: &TaxLine, amount: Money) -> TaxShown {
    let rate = crate::event::SalesTax {
        label: tax.label.clone(),
        basis_points: tax.basis_points,
        applies_to: Vec::new(),
        prices_include_tax: tax.included,
    }
    .rate_label();
    TaxShown {
        label: format!("{} ({rate})", tax.label),
        amount,
        included: tax.included,
    }
}

fn paper(size: PaperSize) -> Paper {
    match size {
        PaperSize::Letter => Paper::Letter,
        PaperSize::A4 => Paper::A4,
    }
}
