//! One name badge in its place on a sheet: the event's name at the top, the attendee's name as large as fits, their
//! company, the ticket's QR code, and the ticket type on a coloured band at the bottom. Tall badges stack these;
//! wide ones put the QR code beside the name.

use super::draw::{Canvas, Colour, INK, MUTED, PdfError, WHITE, Weight};
use super::sheet::Slot;

/// One attendee's badge.
#[derive(Debug, Clone)]
pub struct Badge {
    /// None for a seat not named yet: the badge leaves the line blank to write on.
    pub name: Option<String>,
    /// From the attendee's answer, else the order's billing details.
    pub company: Option<String>,
    /// "VIP Pass"
    pub ticket_name: String,
    /// The ticket type's colour, for its band.
    pub band: Colour,
    /// The ticket's code as printed: its QR code admits them.
    pub code: String,
}

pub fn draw_badge(canvas: &mut Canvas<'_, '_>, slot: Slot, event_name: &str, badge: &Badge) -> Result<(), PdfError> {
    let Slot { x, y, width, height } = slot;
    let unit = width.min(height);
    let padding = unit * 0.07;
    let band = height * 0.15;
    let inner = width - 2.0 * padding;
    let type_ = canvas.type_;

    let event_size = unit * 0.055;
    let (event_size, event_lines) = type_.fit(event_name, Weight::Bold, inner, 1, event_size, 6.0);
    let mut baseline = y + padding + event_size;
    for line in &event_lines {
        canvas.text(x + padding, baseline, line, event_size, Weight::Bold, MUTED);
    }
    baseline += event_size * 0.8;

    let band_top = y + height - band;
    let tall = height > width;
    let qr_side = if tall {
        unit * 0.42
    } else {
        (band_top - baseline - padding * 0.5).min(width * 0.36)
    };
    let (text_left, text_width, qr_x, qr_y) = if tall {
        (
            x + padding,
            inner,
            x + (width - qr_side) / 2.0,
            band_top - padding * 0.5 - qr_side,
        )
    } else {
        let qr_x = x + width - padding * 0.6 - qr_side;
        (
            x + padding,
            qr_x - x - padding * 1.3,
            qr_x,
            band_top - padding * 0.4 - qr_side,
        )
    };
    let text_bottom = if tall { qr_y } else { band_top };

    let name_room = text_bottom - baseline;
    let name = badge.name.as_deref().unwrap_or("");
    let (name_size, name_lines, company_size) =
        name_block(canvas, name, badge.company.is_some(), text_width, name_room, unit);
    let block = block_height(name_lines.len(), name_size, badge.company.is_some(), company_size);
    let mut line_y = baseline + ((name_room - block) / 2.0).max(0.0) + name_size;
    let centre = text_left + text_width / 2.0;
    for (index, line) in name_lines.iter().enumerate() {
        if index > 0 {
            line_y += name_size * LEADING;
        }
        if tall {
            canvas.centred(centre, line_y, line, name_size, Weight::Bold, INK);
        } else {
            canvas.text(text_left, line_y, line, name_size, Weight::Bold, INK);
        }
    }
    if let Some(company) = &badge.company {
        let (size, lines) = type_.fit(company, Weight::Regular, text_width, 1, company_size, 6.0);
        // Below the name's descenders, a line of the company's size.
        line_y += name_size * 0.3 + size * 1.2;
        for line in &lines {
            if tall {
                canvas.centred(centre, line_y, line, size, Weight::Regular, MUTED);
            } else {
                canvas.text(text_left, line_y, line, size, Weight::Regular, MUTED);
            }
        }
    }

    canvas.qr(qr_x, qr_y, qr_side, &badge.code)?;

    canvas.rectangle(x, band_top, width, band, badge.band);
    let (band_size, band_lines) = type_.fit(&badge.ticket_name, Weight::Bold, inner, 1, band * 0.45, 6.0);
    for line in &band_lines {
        canvas.centred(
            x + width / 2.0,
            band_top + band / 2.0 + band_size * 0.35,
            line,
            band_size,
            Weight::Bold,
            WHITE,
        );
    }
    Ok(())
}

const LEADING: f32 = 1.15;

/// The name's size and lines, and the company's size: the name as large as fits the room above the QR code (or
/// beside it) with the company under it, on one line unless that would make it much smaller than two lines allow.
fn name_block(
    canvas: &Canvas<'_, '_>,
    name: &str,
    company: bool,
    width: f32,
    room: f32,
    unit: f32,
) -> (f32, Vec<String>, f32) {
    let largest = unit * 0.16;
    let company_size = |size: f32| (size * 0.5).max(8.0);
    let mut size = largest;
    while size > 10.0 {
        let lines = canvas.type_.lines(name, size, Weight::Bold, width);
        let allowed = if size >= largest * 0.75 { 1 } else { 2 };
        let block = block_height(lines.len(), size, company, company_size(size));
        if lines.len() <= allowed && block <= room {
            return (size, lines, company_size(size));
        }
        size -= 1.5;
    }
    let (size, lines) = canvas.type_.fit(name, Weight::Bold, width, 2, 10.0, 6.0);
    (size, lines, company_size(size))
}

/// The height of the name's lines and the company's under them, descenders included.
fn block_height(lines: usize, name_size: f32, company: bool, company_size: f32) -> f32 {
    let names = name_size * (1.25 + LEADING * lines.saturating_sub(1) as f32);
    if company {
        names + name_size * 0.05 + company_size * 1.45
    } else {
        names
    }
}
