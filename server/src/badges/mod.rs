//! Printed documents of attendance (issue 32), pure: data in, PDF bytes out, made with krilla like the invoices.
//! Name badges on the event file's sheets (`sheet`, `badge`) and the certificate of attendance (`certificate`),
//! drawn with one helper (`draw`).

mod badge;
mod certificate;
mod draw;
mod sheet;

pub use badge::Badge;
pub use certificate::{CertificateDocument, certificate_pdf};
pub use draw::{Colour, PdfError};

use krilla::Document;
use krilla::metadata::Metadata;
use krilla::page::PageSettings;

use crate::event::{BadgeSheet, Event};
use draw::{Canvas, typeface};

/// The bands' colours, by the ticket type's place in the event file: the site's teal, orange, green, purple, rose,
/// then slate for any further type and for a type the file no longer has.
const BANDS: [Colour; 5] = [
    (14, 116, 144),
    (194, 65, 12),
    (21, 128, 61),
    (126, 34, 206),
    (190, 18, 60),
];
const OTHER_BAND: Colour = (71, 85, 105);

/// The band colour of a ticket type.
pub fn band_colour(event: &Event, ticket_type: &str) -> Colour {
    event
        .tickets
        .iter()
        .position(|ticket| ticket.ticket_type == ticket_type)
        .and_then(|index| BANDS.get(index).copied())
        .unwrap_or(OTHER_BAND)
}

/// The badges on `sheet`, filling each page in reading order; one empty page when there are none.
pub fn badges_pdf(event_name: &str, sheet: BadgeSheet, badges: &[Badge]) -> Result<Vec<u8>, PdfError> {
    let type_ = typeface()?;
    let geometry = sheet::geometry(sheet);
    let settings = PageSettings::from_wh(geometry.page_width, geometry.page_height).ok_or(PdfError::Page)?;
    let mut pdf = Document::new();
    pdf.set_metadata(
        Metadata::new()
            .title(format!("Name badges: {event_name}"))
            .creator("The conference website".to_owned()),
    );
    let per_page = geometry.slots.len();
    let pages: Vec<&[Badge]> = if badges.is_empty() {
        vec![&[]]
    } else {
        badges.chunks(per_page).collect()
    };
    for page_badges in pages {
        let mut page = pdf.start_page_with(settings.clone());
        let mut surface = page.surface();
        let mut canvas = Canvas {
            surface: &mut surface,
            type_,
        };
        for (slot, badge) in geometry.slots.iter().zip(page_badges) {
            badge::draw_badge(&mut canvas, *slot, event_name, badge)?;
        }
        if geometry.cut {
            for slot in &geometry.slots {
                canvas.rectangle(slot.x + slot.width, slot.y, 0.3, slot.height, (203, 213, 225));
                canvas.rectangle(slot.x, slot.y + slot.height, slot.width, 0.3, (203, 213, 225));
            }
        }
        surface.finish();
        page.finish();
    }
    pdf.finish().map_err(|error| PdfError::Write(format!("{error:?}")))
}
