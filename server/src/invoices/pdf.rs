//! The layout of an invoice or credit note as a PDF: one page, DejaVu Sans embedded (so any
//! reader shows it and the text can be copied and searched), made with krilla.

use std::sync::OnceLock;

use ab_glyph::{Font as _, FontRef, PxScale};
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, FillRule};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use krilla::{Data, Document};

use super::document::{InvoiceDocument, Paper};
use crate::domain::Money;
use crate::typography::{text_width, wrap};

#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    #[error("the embedded font cannot be read")]
    Font,
    #[error("the PDF could not be written: {0}")]
    Write(String),
}

const MARGIN: f32 = 54.0;
const INK: (u8, u8, u8) = (11, 27, 51);
const MUTED: (u8, u8, u8) = (71, 85, 105);
const RULE: (u8, u8, u8) = (203, 213, 225);

/// The two weights of DejaVu Sans: for krilla to embed, and for measuring.
struct Typeface {
    regular: Font,
    bold: Font,
    regular_metrics: FontRef<'static>,
    bold_metrics: FontRef<'static>,
}

fn typeface() -> Result<&'static Typeface, PdfError> {
    static TYPEFACE: OnceLock<Option<Typeface>> = OnceLock::new();
    TYPEFACE
        .get_or_init(|| {
            Some(Typeface {
                regular: Font::new(Data::from(dejavu::sans::regular()), 0)?,
                bold: Font::new(Data::from(dejavu::sans::bold()), 0)?,
                regular_metrics: FontRef::try_from_slice(dejavu::sans::regular()).ok()?,
                bold_metrics: FontRef::try_from_slice(dejavu::sans::bold()).ok()?,
            })
        })
        .as_ref()
        .ok_or(PdfError::Font)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Weight {
    Regular,
    Bold,
}

/// A page being laid out from the top down.
struct Page<'a, 'b> {
    surface: &'a mut Surface<'b>,
    type_: &'static Typeface,
    width: f32,
    /// The baseline of the next line.
    y: f32,
}

impl Page<'_, '_> {
    fn metrics(&self, weight: Weight) -> &FontRef<'static> {
        match weight {
            Weight::Regular => &self.type_.regular_metrics,
            Weight::Bold => &self.type_.bold_metrics,
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
        self.surface.set_fill(Some(fill(color)));
        let font = match weight {
            Weight::Regular => self.type_.regular.clone(),
            Weight::Bold => self.type_.bold.clone(),
        };
        self.surface
            .draw_text(Point::from_xy(x, y), font, size, text, false, TextDirection::Auto);
    }

    /// `text` ending at `right`.
    fn right(&mut self, right: f32, y: f32, text: &str, size: f32, weight: Weight, color: (u8, u8, u8)) {
        let x = right - self.width_of(text, size, weight);
        self.text(x, y, text, size, weight, color);
    }

    fn rule(&mut self, y: f32) {
        if let Some(rect) = Rect::from_xywh(MARGIN, y, self.width - 2.0 * MARGIN, 0.75) {
            let mut path = PathBuilder::new();
            path.push_rect(rect);
            if let Some(path) = path.finish() {
                self.surface.set_fill(Some(fill(RULE)));
                self.surface.draw_path(&path);
            }
        }
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

fn fill((red, green, blue): (u8, u8, u8)) -> Fill {
    Fill {
        paint: rgb::Color::new(red, green, blue).into(),
        opacity: NormalizedF32::ONE,
        rule: FillRule::NonZero,
    }
}

/// "$1,299.00", "-$699.00"
fn money(amount: Money) -> String {
    amount.to_string()
}

/// The document as a one-page PDF.
pub fn render_pdf(document: &InvoiceDocument) -> Result<Vec<u8>, PdfError> {
    let type_ = typeface()?;
    let (width, height) = match document.paper {
        Paper::Letter => (612.0, 792.0),
        Paper::A4 => (595.28, 841.89),
    };
    let mut pdf = Document::new();
    pdf.set_metadata(
        Metadata::new()
            .title(format!("{} {}", document.kind.title(), document.number))
            .authors(vec![document.seller.name.clone()])
            .creator("The conference website".to_owned()),
    );
    let settings = PageSettings::from_wh(width, height).ok_or_else(|| PdfError::Write("page size".into()))?;
    let mut pdf_page = pdf.start_page_with(settings);
    let mut surface = pdf_page.surface();
    let mut page = Page {
        surface: &mut surface,
        type_,
        width,
        y: MARGIN + 20.0,
    };
    lay_out(&mut page, document, height);
    surface.finish();
    pdf_page.finish();
    pdf.finish().map_err(|error| PdfError::Write(format!("{error:?}")))
}

fn lay_out(page: &mut Page<'_, '_>, document: &InvoiceDocument, height: f32) {
    let right = page.width - MARGIN;
    let content = page.width - 2.0 * MARGIN;

    // Title, and the document's particulars on the right.
    page.text(MARGIN, page.y, document.kind.title(), 22.0, Weight::Bold, INK);
    let mut facts = vec![
        format!("Number {}", document.number),
        format!("Date {}", document.issued_on),
        format!("Order {}", document.order_reference),
    ];
    if let Some(refers_to) = &document.refers_to {
        facts.push(format!("Refers to {refers_to}"));
    }
    let mut fact_y = page.y - 10.0;
    for fact in &facts {
        page.right(right, fact_y, fact, 9.5, Weight::Regular, MUTED);
        fact_y += 13.0;
    }
    page.y = (page.y + 34.0).max(fact_y + 12.0);

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
    page.text(MARGIN, page.y, "From", 8.5, Weight::Bold, MUTED);
    page.text(MARGIN + column + 24.0, page.y, "Billed to", 8.5, Weight::Bold, MUTED);
    let top = page.y + 15.0;
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
    let seller_end = page.block(MARGIN, top, column, &seller, 13.0);
    let buyer_end = page.block(MARGIN + column + 24.0, top, column, &buyer, 13.0);
    page.y = seller_end.max(buyer_end) + 10.0;

    if let Some(note) = &document.note {
        page.y = page.block(MARGIN, page.y, content, &[(note.clone(), Weight::Regular, 9.5)], 13.0) + 6.0;
    }

    // The lines.
    let (quantity_right, unit_right) = (right - 170.0, right - 85.0);
    let description_width = quantity_right - 40.0 - MARGIN;
    page.y += 8.0;
    page.text(MARGIN, page.y, "Description", 8.5, Weight::Bold, MUTED);
    page.right(quantity_right, page.y, "Qty", 8.5, Weight::Bold, MUTED);
    page.right(unit_right, page.y, "Unit price", 8.5, Weight::Bold, MUTED);
    page.right(right, page.y, "Amount", 8.5, Weight::Bold, MUTED);
    page.rule(page.y + 5.0);
    page.y += 20.0;
    for line in &document.lines {
        let row = page.y;
        page.right(
            quantity_right,
            row,
            &line.quantity.to_string(),
            9.5,
            Weight::Regular,
            INK,
        );
        page.right(unit_right, row, &money(line.unit_price), 9.5, Weight::Regular, INK);
        page.right(right, row, &money(line.amount), 9.5, Weight::Regular, INK);
        page.y = page.block(
            MARGIN,
            row,
            description_width,
            &[(line.description.clone(), Weight::Regular, 9.5)],
            13.0,
        ) + 4.0;
    }
    for discount in &document.discounts {
        let row = page.y;
        page.right(
            right,
            row,
            &money(Money::from_cents(-discount.amount.cents())),
            9.5,
            Weight::Regular,
            INK,
        );
        page.y = page.block(
            MARGIN,
            row,
            description_width,
            &[(discount.label.clone(), Weight::Regular, 9.5)],
            13.0,
        ) + 4.0;
    }
    page.rule(page.y - 6.0);
    page.y += 10.0;

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
        page.right(label_right, page.y, label, size, *weight, INK);
        page.right(right, page.y, amount, size, *weight, INK);
        page.y += 16.0;
    }
    page.y += 8.0;
    page.y = page.block(
        MARGIN,
        page.y,
        content,
        &[(document.payment.clone(), Weight::Regular, 9.5)],
        13.0,
    );

    // The footer, at the foot of the page.
    if let Some(footer) = &document.footer {
        let lines = page.lines_of(footer, 8.0, Weight::Regular, content);
        let mut y = height - MARGIN - 11.0 * (lines.len().saturating_sub(1)) as f32;
        for line in lines {
            page.text(MARGIN, y, &line, 8.0, Weight::Regular, MUTED);
            y += 11.0;
        }
    }
}
