//! Apple Wallet: a ticket as a signed `.pkpass`, the zip Wallet opens. It holds `pass.json` (an event ticket: the
//! event, the attendee, the ticket type, the day and doors, the venue with its coordinates and `relevantDate` so the
//! pass surfaces on the day, the code as a QR, the site's colours), the icon and logo, `manifest.json` (the SHA-1 of
//! every other file, as Apple specifies) and `signature` (see `signature.rs`).

use std::io::{Cursor, Write};

use serde_json::{Value, json};
use sha1::{Digest, Sha1};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use zip::write::SimpleFileOptions;

use super::credentials::{self, CredentialsError};
use super::signature::PassSigner;
use super::{PassError, PassTicket, SiteColours};
use crate::event::Event;
use crate::settings::AppleWalletFiles;

/// The images of a pass, by the file names Wallet looks for; drawn once at start-up.
pub struct PassImages(pub Vec<(&'static str, Vec<u8>)>);

impl PassImages {
    /// What Wallet shows: the icon in notifications and lists, the logo at the top left (beside `logoText`), each
    /// at 1×, 2× and 3×.
    pub const SIZES: [(&'static str, u32); 6] = [
        ("icon.png", 29),
        ("icon@2x.png", 58),
        ("icon@3x.png", 87),
        ("logo.png", 50),
        ("logo@2x.png", 100),
        ("logo@3x.png", 150),
    ];
}

/// The organizer's pass certificate, ready to sign passes.
pub struct AppleWallet {
    pass_type_id: String,
    team_id: String,
    signer: PassSigner,
    images: PassImages,
}

impl AppleWallet {
    /// Reads and checks the certificate, its key and the WWDR intermediate: the key must be the certificate's, the
    /// intermediate its issuer, the certificate valid `now` and made for this pass type and team.
    pub fn load(files: &AppleWalletFiles, images: PassImages, now: OffsetDateTime) -> Result<Self, CredentialsError> {
        let certificate = credentials::certificate("APPLE_PASS_CERT", &files.certificate)?;
        let key = credentials::rsa_key_file("APPLE_PASS_KEY", &files.key)?;
        let intermediate = credentials::certificate("APPLE_WWDR_CERT", &files.wwdr)?;
        let mismatch = |message: String| Err(CredentialsError::Mismatch(message));
        if !credentials::key_matches(&key, &certificate) {
            return mismatch(format!(
                "APPLE_PASS_KEY ({}) is not the private key of APPLE_PASS_CERT ({})",
                files.key.display(),
                files.certificate.display()
            ));
        }
        if certificate.tbs_certificate.issuer != intermediate.tbs_certificate.subject {
            return mismatch(format!(
                "APPLE_WWDR_CERT ({}) did not issue APPLE_PASS_CERT: download the WWDR intermediate named in the pass \
                 certificate's issuer from Apple's certificate authority page",
                files.wwdr.display()
            ));
        }
        if let Some(last_day) = credentials::expired(&certificate, now) {
            return mismatch(format!(
                "APPLE_PASS_CERT ({}) expired on {last_day}: make a new pass certificate",
                files.certificate.display()
            ));
        }
        let subject = &certificate.tbs_certificate.subject;
        if let Some(made_for) = credentials::user_id(subject).filter(|id| *id != files.pass_type_id) {
            return mismatch(format!(
                "APPLE_PASS_CERT is for the pass type {made_for}, not APPLE_PASS_TYPE_ID {}",
                files.pass_type_id
            ));
        }
        if let Some(team) = credentials::organizational_unit(subject).filter(|team| *team != files.team_id) {
            return mismatch(format!(
                "APPLE_PASS_CERT belongs to the team {team}, not APPLE_TEAM_ID {}",
                files.team_id
            ));
        }
        Ok(Self {
            pass_type_id: files.pass_type_id.clone(),
            team_id: files.team_id.clone(),
            signer: PassSigner::new(certificate, key, intermediate),
            images,
        })
    }

    /// The ticket's `.pkpass`, signed at `now`.
    pub fn pkpass(&self, event: &Event, ticket: &PassTicket<'_>, now: OffsetDateTime) -> Result<Vec<u8>, PassError> {
        let pass = serde_json::to_vec_pretty(&self.pass_json(event, ticket)).map_err(|_| PassError::Encode)?;
        let mut files: Vec<(&str, &[u8])> = vec![("pass.json", &pass)];
        files.extend(self.images.0.iter().map(|(name, bytes)| (*name, bytes.as_slice())));
        let manifest: serde_json::Map<String, Value> = files
            .iter()
            .map(|(name, bytes)| ((*name).to_owned(), json!(hex(&Sha1::digest(bytes)))))
            .collect();
        let manifest = serde_json::to_vec(&manifest).map_err(|_| PassError::Encode)?;
        let signature = self.signer.sign_detached(&manifest, now)?;
        files.push(("manifest.json", &manifest));
        files.push(("signature", &signature));

        let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let options = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
        for (name, bytes) in files {
            zip.start_file(name, options).map_err(|_| PassError::Encode)?;
            zip.write_all(bytes).map_err(|_| PassError::Encode)?;
        }
        Ok(zip.finish().map_err(|_| PassError::Encode)?.into_inner())
    }

    fn pass_json(&self, event: &Event, ticket: &PassTicket<'_>) -> Value {
        let at = |instant: OffsetDateTime| instant.format(&Rfc3339).unwrap_or_default();
        let colours = SiteColours::default();
        let barcode = json!({
            "format": "PKBarcodeFormatQR",
            "message": ticket.code,
            "messageEncoding": "iso-8859-1",
            "altText": ticket.code,
        });
        let mut auxiliary = vec![json!({ "key": "dates", "label": "DATES", "value": event.date_label() })];
        if let Some(doors) = super::doors(event) {
            auxiliary.push(json!({
                "key": "doors", "label": "DOORS", "value": at(doors),
                "dateStyle": "PKDateStyleNone", "timeStyle": "PKDateStyleShort", "ignoresTimeZone": true,
            }));
        }
        let mut pass = json!({
            "formatVersion": 1,
            "passTypeIdentifier": self.pass_type_id,
            "teamIdentifier": self.team_id,
            "serialNumber": ticket.serial(),
            "organizationName": event.name,
            "description": format!("Ticket for {}", event.name),
            "logoText": event.short_name,
            "backgroundColor": colours.background.css(),
            "foregroundColor": colours.foreground.css(),
            "labelColor": colours.label.css(),
            // The day's doors, so the pass comes to the lock screen that morning; greyed out once the event ends.
            "relevantDate": at(event.doors_open),
            "relevantDates": [{ "startDate": at(event.doors_open), "endDate": at(event.ends_at) }],
            "expirationDate": at(event.ends_at),
            // A ticket changes hands on its manage page, which gives the new holder a new code.
            "sharingProhibited": true,
            "barcodes": [barcode],
            // iOS 8 and earlier read only this one.
            "barcode": barcode,
            "eventTicket": {
                "headerFields": [{
                    "key": "date", "label": "DATE", "value": at(event.starts_at),
                    "dateStyle": "PKDateStyleMedium", "timeStyle": "PKDateStyleNone", "ignoresTimeZone": true,
                }],
                "primaryFields": [{ "key": "event", "label": "EVENT", "value": event.name }],
                "secondaryFields": [
                    { "key": "attendee", "label": "ATTENDEE", "value": ticket.attendee.unwrap_or("") },
                    { "key": "ticket", "label": "TICKET", "value": ticket.ticket_name },
                ],
                "auxiliaryFields": auxiliary,
                "backFields": [
                    { "key": "venue", "label": "VENUE", "value": format!("{}\n{}", event.venue.name, event.venue.address) },
                    { "key": "code", "label": "TICKET CODE", "value": ticket.code },
                    { "key": "order", "label": "ORDER", "value": ticket.order_reference },
                    { "key": "website", "label": "WEBSITE", "value": ticket.site_url },
                    { "key": "contact", "label": "QUESTIONS", "value": event.contact_email },
                ],
            },
        });
        if let Some((latitude, longitude)) = event.venue.coordinates {
            pass["locations"] = json!([{
                "latitude": latitude,
                "longitude": longitude,
                "relevantText": format!("Welcome to {}! Show this pass at registration.", event.short_name),
            }]);
        }
        pass
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}
