//! Who sells, and the sales tax they charge, as invoices and receipts say (`[seller]`).

use std::ops::Range;

use super::field::{Invalid, invalid};
use super::file::{Paper, SellerSection};
use crate::domain::OrderKind;

#[derive(Debug, Clone, PartialEq)]
pub struct Seller {
    pub legal_name: String,
    pub address: Vec<String>,
    pub tax_id: Option<String>,
    pub invoice_prefix: String,
    pub footer: Option<String>,
    pub paper: PaperSize,
    pub sales_tax: Option<SalesTax>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaperSize {
    Letter,
    A4,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SalesTax {
    pub label: String,
    /// Hundredths of a percent: 725 is 7.25%.
    pub basis_points: u32,
    pub applies_to: Vec<OrderKind>,
    /// Whether prices include it (it is a part of them) or not (it is added to them).
    pub prices_include_tax: bool,
}

impl SalesTax {
    /// "7.25%"
    pub fn rate_label(&self) -> String {
        let (whole, hundredths) = (self.basis_points / 100, self.basis_points % 100);
        if hundredths == 0 {
            format!("{whole}%")
        } else {
            format!("{whole}.{}%", format!("{hundredths:02}").trim_end_matches('0'))
        }
    }
}

pub(super) fn from_file(section: Option<SellerSection>) -> Result<Option<Seller>, Invalid> {
    let Some(section) = section else {
        return Ok(None);
    };
    if section.address.is_empty() {
        return invalid(0..0, "seller.address", "give the seller's address, a line each");
    }
    let sales_tax = match section.sales_tax {
        None => None,
        Some(tax) => {
            let rate = *tax.rate_percent.get_ref();
            let basis_points = (rate * 100.0).round();
            if !(rate > 0.0 && rate <= 100.0) || (basis_points - rate * 100.0).abs() > 1e-6 {
                return invalid(
                    tax.rate_percent.span(),
                    "seller.sales_tax.rate_percent",
                    "a percentage above 0, at most 100, with at most two decimals",
                );
            }
            let mut applies_to = Vec::new();
            for kind in &tax.applies_to {
                match OrderKind::parse(kind.get_ref()) {
                    Some(kind) => applies_to.push(kind),
                    None => return unknown_kind(kind.span()),
                }
            }
            Some(SalesTax {
                label: tax.label.0,
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                basis_points: basis_points as u32,
                applies_to,
                prices_include_tax: tax.prices_include_tax,
            })
        }
    };
    Ok(Some(Seller {
        legal_name: section.legal_name.0,
        address: section.address.into_iter().map(|line| line.0).collect(),
        tax_id: section.tax_id.map(|id| id.0),
        invoice_prefix: section.invoice_prefix.into_inner().0,
        footer: section.footer.map(|footer| footer.0),
        paper: match section.paper {
            Some(Paper::A4) => PaperSize::A4,
            Some(Paper::Letter) | None => PaperSize::Letter,
        },
        sales_tax,
    }))
}

fn unknown_kind<T>(span: Range<usize>) -> Result<T, Invalid> {
    invalid(
        span,
        "seller.sales_tax.applies_to",
        "name kinds of items: \"ticket\", \"merchandise\" or \"sponsorship\"",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_read_as_people_write_them() {
        let tax = |basis_points| SalesTax {
            label: "Sales tax".into(),
            basis_points,
            applies_to: vec![OrderKind::Merchandise],
            prices_include_tax: true,
        };
        assert_eq!(tax(700).rate_label(), "7%");
        assert_eq!(tax(725).rate_label(), "7.25%");
        assert_eq!(tax(650).rate_label(), "6.5%");
    }
}
