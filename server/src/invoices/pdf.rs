//! The layout of an invoice or credit note as a PDF, with DejaVu Sans embedded (so any reader
//! shows it and the text can be copied and searched), written by `pdf_file`. It fits one page
//! unless the buyer's details are long; then it flows onto more, each with the footer.

use ab_glyph::{Font as _, FontRef, PxScale};

use super::document::{InvoiceDocument, Paper};
use super::faces::Weight;
use super::pdf_file::{Drawing, Info, PdfError};
use crate::domain::Money;
use crate::typography::{Sans, sans, text_width, wrap};

const MARGIN: f32 = 54.0;
const INK: (u8, u8, u8) = (11, 27, 51);
const MUTED: (u8, u8, u8) = (71, 85, 105);
const RULE: (u8, u8, u8) = (203, 213, 225);
const FOOTER_SIZE: f32 = 8.0;
const FOOTER_LEADING: f32 = 11.0;
/// Where the flowing text starts on a page after the first, below the line naming the document.
const CONTINUED_TOP: f32 = MARGIN + 34.0;

/// Something to draw, at a baseline `y` measured down the document as if it were one long page.
enum Mark {
    Text {
        x: f32,
        y: f32,
        text: String,
        size: f32,
        weight: Weight,
        color: (u8, u8, u8),
    },
    Rule {
        y: f32,
    },
}

/// The document laid out from the top down, before it is cut into pages.
struct Layout {
    sans: &'static Sans,
    width: f32,
    /// The baseline of the next line.
    y: f32,
    marks: Vec<Mark>,
}

impl Layout {
    fn metrics(&self, weight: Weight) -> &FontRef<'static> {
        match weight {
            Weight::Regular => &self.sans.regular,
            Weight::Bold => &self.sans.bold,
        }
    }

    /// The width of `text` at `size` points.
    fn width_of(&self, text: &str, size: f32, weight: Weight) -> f32 {
        let metrics = self.metrics(weight);
        let scale = metrics.pt_to_px_scale(size).unwrap_or(PxScale::from(size));
        text_width(metrics, scale, text)
    }

    fn lines_of(&self, text: &str, size: f32, weight: Weight, width: f32) -> Vec<String> {
        let metrics = self.metrics(weight);
        let scale = metrics.pt_to_px_scale(size).unwrap_or(PxScale::from(size));
        wrap(metrics, scale, text, width)
    }

    fn text(&mut self, x: f32, y: f32, text: &str, size: f32, weight: Weight, color: (u8, u8, u8)) {
        self.marks.push(Mark::Text {
            x,
            y,
            text: text.to_owned(),
            size,
            weight,
            color,
        });
    }

    /// `text` ending at `right`.
    fn right(&mut self, right: f32, y: f32, text: &str, size: f32, weight: Weight, color: (u8, u8, u8)) {
        let x = right - self.width_of(text, size, weight);
        self.text(x, y, text, size, weight, color);
    }

    fn rule(&mut self, y: f32) {
        self.marks.push(Mark::Rule { y });
    }

    /// A block of lines at `x`, wrapped to `width`, from the current baseline; answers where it ends.
    fn block(&mut self, x: f32, y: f32, width: f32, lines: &[(String, Weight, f32)], leading: f32) -> f32 {
        let mut y = y;
        for (text, weight, size) in lines {
            for line in self.lines_of(text, *size, *weight, width) {
                self.text(x, y, &line, *size, *weight, INK);
                y += leading;
            }
        }
        y
    }
}

/// How the long page of a layout is cut: the first page holds what lies above `bottom`, each
/// later page the next stretch as tall as the room between `CONTINUED_TOP` and `bottom`.
struct Pages {
    bottom: f32,
}

impl Pages {
    /// The page (from 0) and the baseline on it of a mark at `y`.
    fn place(&self, y: f32) -> (usize, f32) {
        if y <= self.bottom {
            return (0, y);
        }
        let room = self.bottom - CONTINUED_TOP;
        let past = y - self.bottom;
        let later = (past / room).ceil().max(1.0);
        (later as usize, CONTINUED_TOP + past - (later - 1.0) * room)
    }
}

/// "$1,299.00", "-$699.00"
fn money(amount: Money) -> String {
    amount.to_string()
}

/// The document as a PDF: one page, or as many as its text needs.
pub fn render_pdf(document: &InvoiceDocument) -> Result<Vec<u8>, PdfError> {
    let (width, height) = match document.paper {
        Paper::Letter => (612.0, 792.0),
        Paper::A4 => (595.28, 841.89),
    };
    let mut layout = Layout {
        sans: sans().ok_or(PdfError::Font)?,
        width,
        y: MARGIN + 20.0,
        marks: Vec::new(),
    };
    lay_out(&mut layout, document);
    let footer = document.footer.as_deref().map_or_else(Vec::new, |footer| {
        layout.lines_of(footer, FOOTER_SIZE, Weight::Regular, width - 2.0 * MARGIN)
    });
    let footer_top = height - MARGIN - FOOTER_LEADING * footer.len().saturating_sub(1) as f32;
    // Room above the footer for the last line's descenders and a gap; a footer too tall for
    // the page still leaves a few lines a page, never none.
    let pages = Pages {
        bottom: if footer.is_empty() {
            height - MARGIN
        } else {
            footer_top - 20.0
        }
        .max(CONTINUED_TOP + 40.0),
    };
    let mut placed: Vec<(usize, f32, &Mark)> = layout
        .marks
        .iter()
        .map(|mark| {
            let y = match mark {
                Mark::Text { y, .. } | Mark::Rule { y } => *y,
            };
            let (page, y) = pages.place(y);
            (page, y, mark)
        })
        .collect();
    placed.sort_by_key(|(page, ..)| *page);
    let count = placed.last().map_or(1, |(page, ..)| page + 1);

    let mut drawing = Drawing::new(height, count)?;
    for (page, y, mark) in &placed {
        match mark {
            Mark::Text {
                x,
                text,
                size,
                weight,
                color,
                ..
            } => drawing.text(*page, (*x, *y), text, *size, *weight, *color),
            Mark::Rule { .. } => drawing.rule(*page, (MARGIN, *y), width - 2.0 * MARGIN, RULE),
        }
    }
    for index in 0..count {
        for (line, text) in footer.iter().enumerate() {
            let y = footer_top + FOOTER_LEADING * line as f32;
            drawing.text(index, (MARGIN, y), text, FOOTER_SIZE, Weight::Regular, MUTED);
        }
        if count > 1 {
            if index > 0 {
                let continued = format!("{} {}, continued", document.kind.title(), document.number);
                drawing.text(index, (MARGIN, MARGIN + 10.0), &continued, 8.5, Weight::Bold, MUTED);
            }
            let page_number = format!("Page {} of {count}", index + 1);
            let x = width - MARGIN - layout.width_of(&page_number, FOOTER_SIZE, Weight::Regular);
            let at = (x, height - MARGIN + 18.0);
            drawing.text(index, at, &page_number, FOOTER_SIZE, Weight::Regular, MUTED);
        }
    }
    let info = Info {
        title: format!("{} {}", document.kind.title(), document.number),
        author: &document.seller.name,
    };
    drawing.finish((width, height), &info)
}

fn lay_out(layout: &mut Layout, document: &InvoiceDocument) {
    let right = layout.width - MARGIN;
    let content = layout.width - 2.0 * MARGIN;

    // Title, and the document's particulars on the right.
    layout.text(MARGIN, layout.y, document.kind.title(), 22.0, Weight::Bold, INK);
    let mut facts = vec![
        format!("Number {}", document.number),
        format!("Date {}", document.issued_on),
        format!("Order {}", document.order_reference),
    ];
    if let Some(refers_to) = &document.refers_to {
        facts.push(format!("Refers to {refers_to}"));
    }
    let mut fact_y = layout.y - 10.0;
    for fact in &facts {
        layout.right(right, fact_y, fact, 9.5, Weight::Regular, MUTED);
        fact_y += 13.0;
    }
    layout.y = (layout.y + 34.0).max(fact_y + 12.0);

    // Seller on the left, buyer on the right.
    let column = (content - 24.0) / 2.0;
    let party = |name: &str, address: &[String], tax_id: &Option<String>, email: &Option<String>| {
        let mut lines = vec![(name.to_owned(), Weight::Bold, 10.5)];
        lines.extend(address.iter().map(|line| (line.clone(), Weight::Regular, 9.5)));
        if let Some(tax_id) = tax_id {
            lines.push((format!("Tax ID {tax_id}"), Weight::Regular, 9.5));
        }
        if let Some(email) = email {
            lines.push((email.clone(), Weight::Regular, 9.5));
        }
        lines
    };
    layout.text(MARGIN, layout.y, "From", 8.5, Weight::Bold, MUTED);
    layout.text(MARGIN + column + 24.0, layout.y, "Billed to", 8.5, Weight::Bold, MUTED);
    let top = layout.y + 15.0;
    let seller = party(
        &document.seller.name,
        &document.seller.address,
        &document.seller.tax_id,
        &document.seller.email,
    );
    let buyer = party(
        &document.buyer.name,
        &document.buyer.address,
        &document.buyer.tax_id,
        &document.buyer.email,
    );
    let seller_end = layout.block(MARGIN, top, column, &seller, 13.0);
    let buyer_end = layout.block(MARGIN + column + 24.0, top, column, &buyer, 13.0);
    layout.y = seller_end.max(buyer_end) + 10.0;

    if let Some(note) = &document.note {
        layout.y = layout.block(MARGIN, layout.y, content, &[(note.clone(), Weight::Regular, 9.5)], 13.0) + 6.0;
    }

    // The lines.
    let (quantity_right, unit_right) = (right - 170.0, right - 85.0);
    let description_width = quantity_right - 40.0 - MARGIN;
    layout.y += 8.0;
    layout.text(MARGIN, layout.y, "Description", 8.5, Weight::Bold, MUTED);
    layout.right(quantity_right, layout.y, "Qty", 8.5, Weight::Bold, MUTED);
    layout.right(unit_right, layout.y, "Unit price", 8.5, Weight::Bold, MUTED);
    layout.right(right, layout.y, "Amount", 8.5, Weight::Bold, MUTED);
    layout.rule(layout.y + 5.0);
    layout.y += 20.0;
    for line in &document.lines {
        let row = layout.y;
        layout.right(
            quantity_right,
            row,
            &line.quantity.to_string(),
            9.5,
            Weight::Regular,
            INK,
        );
        layout.right(unit_right, row, &money(line.unit_price), 9.5, Weight::Regular, INK);
        layout.right(right, row, &money(line.amount), 9.5, Weight::Regular, INK);
        layout.y = layout.block(
            MARGIN,
            row,
            description_width,
            &[(line.description.clone(), Weight::Regular, 9.5)],
            13.0,
        ) + 4.0;
    }
    for discount in &document.discounts {
        let row = layout.y;
        layout.right(
            right,
            row,
            &money(Money::from_cents(-discount.amount.cents())),
            9.5,
            Weight::Regular,
            INK,
        );
        layout.y = layout.block(
            MARGIN,
            row,
            description_width,
            &[(discount.label.clone(), Weight::Regular, 9.5)],
            13.0,
        ) + 4.0;
    }
    layout.rule(layout.y - 6.0);
    layout.y += 10.0;

    // The totals.
    let label_right = unit_right;
    let mut totals: Vec<(String, String, Weight)> = Vec::new();
    match &document.tax {
        Some(tax) if tax.included => {
            totals.push((
                format!("Total ({})", document.currency),
                money(document.total),
                Weight::Bold,
            ));
            totals.push((format!("Includes {}", tax.label), money(tax.amount), Weight::Regular));
            totals.push(("Net of tax".to_owned(), money(document.net), Weight::Regular));
        }
        Some(tax) => {
            totals.push(("Net".to_owned(), money(document.net), Weight::Regular));
            totals.push((tax.label.clone(), money(tax.amount), Weight::Regular));
            totals.push((
                format!("Total ({})", document.currency),
                money(document.total),
                Weight::Bold,
            ));
        }
        None => totals.push((
            format!("Total ({})", document.currency),
            money(document.total),
            Weight::Bold,
        )),
    }
    for (label, amount, weight) in &totals {
        let size = if *weight == Weight::Bold { 11.0 } else { 9.5 };
        layout.right(label_right, layout.y, label, size, *weight, INK);
        layout.right(right, layout.y, amount, size, *weight, INK);
        layout.y += 16.0;
    }
    layout.y += 8.0;
    layout.y = layout.block(
        MARGIN,
        layout.y,
        content,
        &[(document.payment.clone(), Weight::Regular, 9.5)],
        13.0,
    );
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{CONTINUED_TOP, InvoiceDocument, Pages, render_pdf};

    /// An invoice to `buyer`, whose address is `street`.
    fn invoice(buyer: &str, street: &str) -> InvoiceDocument {
        serde_json::from_value(json!({
            "kind": "invoice", "number": "CW2026-00042", "issuedOn": "November 24, 2026", "orderReference": "ord_7",
            "refersTo": null, "note": null,
            "seller": {"name": "Example Conf LLC", "address": ["1 Main St", "Miami, FL"], "taxId": null,
                       "email": "billing@example.com"},
            "buyer": {"name": buyer, "address": [street], "taxId": "PL5260250274", "email": null},
            "lines": [{"description": "VIP Pass × 2 — “the whole week”", "quantity": 2, "unitPrice": 129900,
                       "amount": 259800}],
            "discounts": [], "net": 259800, "tax": null, "total": 259800, "currency": "USD",
            "payment": "Paid by card on November 24, 2026", "footer": "Thank you… See you in Miami.", "paper": "a4",
        }))
        .unwrap()
    }

    fn text(pdf: &[u8]) -> String {
        let text = pdf_extract::extract_text_from_mem(pdf).unwrap();
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn the_text_reads_back_whatever_letters_it_has_and_the_common_subsets_are_reused_byte_for_byte() {
        let latin = render_pdf(&invoice("Zoë Ångström", "Straße 12, 1010 Wien")).unwrap();
        let polish = render_pdf(&invoice("Łucja Żółkiewska", "ul. Źródlana 5, Łódź")).unwrap();
        let greek = render_pdf(&invoice("Νίκος Αλεξίου", "Οδός Ερμού 7, Αθήνα")).unwrap();

        for (pdf, buyer, street) in [
            (&latin, "Zoë Ångström", "Straße 12, 1010 Wien"),
            (&polish, "Łucja Żółkiewska", "ul. Źródlana 5, Łódź"),
            (&greek, "Νίκος Αλεξίου", "Οδός Ερμού 7, Αθήνα"),
        ] {
            let text = text(pdf);
            for expected in [
                buyer,
                street,
                "VIP Pass × 2 — “the whole week”",
                "$2,598.00",
                "Thank you… See you",
            ] {
                assert!(text.contains(expected), "{expected:?} in {text:?}");
            }
        }
        let again = render_pdf(&invoice("Åsa Öberg", "Storgatan 1")).unwrap();
        let program = |pdf: &[u8]| pdf.windows(8).filter(|window| window == b"FontFile").count();
        assert_eq!(program(&latin), 2, "a subset of each weight");
        // The same two subsets, written as they were kept: the files differ by the buyer's text alone.
        assert!(
            again.len().abs_diff(latin.len()) < 200,
            "{} and {}",
            again.len(),
            latin.len()
        );
        assert!(polish.len() > latin.len());
    }

    #[test]
    fn what_passes_the_bottom_of_a_page_continues_at_the_top_of_the_next() {
        let pages = Pages { bottom: 700.0 };
        let room = 700.0 - CONTINUED_TOP;

        assert_eq!(pages.place(700.0), (0, 700.0));
        assert_eq!(pages.place(713.0), (1, CONTINUED_TOP + 13.0));
        assert_eq!(pages.place(700.0 + room), (1, 700.0));
        assert_eq!(pages.place(713.0 + room), (2, CONTINUED_TOP + 13.0));
    }
}
