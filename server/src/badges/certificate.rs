//! A certificate of attendance as a one-page PDF, landscape on the seller's paper: who attended what, where and
//! when, the days they were checked in and the workshops they attended, and where to confirm it is genuine (the
//! verification page's address, also as a QR code).

use krilla::Document;
use krilla::metadata::Metadata;
use krilla::page::PageSettings;

use super::draw::{Canvas, Colour, INK, MUTED, PdfError, WHITE, Weight, typeface};

const NIGHT: Colour = (11, 27, 51);
const GOLD: Colour = (252, 211, 77);

/// What a certificate says, as issued.
#[derive(Debug, Clone)]
pub struct CertificateDocument {
    /// Its id, as the verification page's address ends.
    pub id: String,
    pub attendee: String,
    pub event_name: String,
    /// "May 18-22, 2026"
    pub event_dates: String,
    /// "Miami Beach Convention Center, South Beach, Miami"
    pub place: String,
    /// The days checked in, as the venue's calendar writes them: "May 18, 2026".
    pub days: Vec<String>,
    /// The titles of the workshops attended, by start.
    pub workshops: Vec<String>,
    /// "May 23, 2026"
    pub issued_on: String,
    /// Who certifies it: the seller, or the event.
    pub issuer: String,
    /// The public page that confirms it.
    pub verify_url: String,
    pub paper_a4: bool,
}

pub fn certificate_pdf(certificate: &CertificateDocument) -> Result<Vec<u8>, PdfError> {
    let type_ = typeface()?;
    let (width, height) = if certificate.paper_a4 {
        (841.89, 595.28)
    } else {
        (792.0, 612.0)
    };
    let margin = 56.0;
    let centre = width / 2.0;
    let content = width - 2.0 * margin;

    let mut pdf = Document::new();
    pdf.set_metadata(
        Metadata::new()
            .title(format!("Certificate of attendance: {}", certificate.attendee))
            .authors(vec![certificate.issuer.clone()])
            .creator("The conference website".to_owned()),
    );
    let settings = PageSettings::from_wh(width, height).ok_or(PdfError::Page)?;
    let mut page = pdf.start_page_with(settings);
    let mut surface = page.surface();
    let mut canvas = Canvas {
        surface: &mut surface,
        type_,
    };

    canvas.rectangle(0.0, 0.0, width, 84.0, NIGHT);
    canvas.rectangle(0.0, 84.0, width, 4.0, GOLD);
    let (size, lines) = type_.fit(&certificate.event_name, Weight::Bold, content, 1, 26.0, 12.0);
    for line in &lines {
        canvas.centred(centre, 52.0, line, size, Weight::Bold, WHITE);
    }

    let mut y = 160.0;
    canvas.centred(centre, y, "CERTIFICATE OF ATTENDANCE", 13.0, Weight::Bold, MUTED);
    y += 56.0;
    canvas.centred(centre, y, "This certifies that", 13.0, Weight::Regular, INK);
    let (size, lines) = type_.fit(&certificate.attendee, Weight::Bold, content, 2, 40.0, 16.0);
    for line in &lines {
        y += size * 1.35;
        canvas.centred(centre, y, line, size, Weight::Bold, INK);
    }
    y += 44.0;
    let attended = format!("attended {}, {}", certificate.event_name, certificate.event_dates);
    for line in type_.lines(&attended, 14.0, Weight::Regular, content) {
        canvas.centred(centre, y, &line, 14.0, Weight::Regular, INK);
        y += 20.0;
    }
    canvas.centred(centre, y, &certificate.place, 11.5, Weight::Regular, MUTED);
    y += 48.0;

    let days = match certificate.days.len() {
        1 => format!("Checked in on 1 day: {}", certificate.days.join(", ")),
        count => format!("Checked in on {count} days: {}", certificate.days.join(", ")),
    };
    for line in type_.lines(&days, 12.0, Weight::Regular, content) {
        canvas.centred(centre, y, &line, 12.0, Weight::Regular, INK);
        y += 17.0;
    }
    let qr_side = 78.0;
    let foot = height - margin;
    if !certificate.workshops.is_empty() {
        y += 8.0;
        let workshops = format!("Workshops attended: {}", certificate.workshops.join("; "));
        // As many lines as the room above the footer holds, smaller for a long list.
        let room = ((foot - qr_side - y) / 17.0).floor().max(1.0) as usize;
        let (size, lines) = type_.fit(&workshops, Weight::Regular, content, room, 12.0, 7.0);
        for line in &lines {
            canvas.centred(centre, y, line, size, Weight::Regular, INK);
            y += size * 1.4;
        }
    }

    canvas.qr(
        width - margin - qr_side,
        foot - qr_side + 10.0,
        qr_side,
        &certificate.verify_url,
    )?;
    let issued = format!("Issued on {} by {}", certificate.issued_on, certificate.issuer);
    canvas.text(margin, foot - 34.0, &issued, 9.5, Weight::Regular, MUTED);
    canvas.text(
        margin,
        foot - 20.0,
        &format!("Certificate {}", certificate.id),
        9.5,
        Weight::Bold,
        INK,
    );
    canvas.text(
        margin,
        foot - 6.0,
        &format!("Confirm it at {}", certificate.verify_url),
        9.5,
        Weight::Regular,
        MUTED,
    );

    surface.finish();
    page.finish();
    pdf.finish().map_err(|error| PdfError::Write(format!("{error:?}")))
}
