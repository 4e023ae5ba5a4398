//! Google Wallet: a "Save to Google Wallet" link, `https://pay.google.com/gp/v/save/<JWT>`. The JWT (RS256, signed
//! with the service account's key) carries the event's ticket class and the ticket's object, so Google creates both
//! when the holder saves the pass: no call to Google is needed to make the link. The object's id carries the code's
//! digest, so a ticket that changes hands is a new object.

use std::path::Path;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rsa::RsaPrivateKey;
use rsa::pkcs1v15::SigningKey;
use rsa::signature::{SignatureEncoding, Signer};
use serde::Deserialize;
use serde_json::{Value, json};
use sha2::Sha256;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use super::credentials::{self, CredentialsError};
use super::{PassError, PassTicket, SiteColours};
use crate::event::Event;
use crate::settings::GoogleWalletFiles;

pub const SAVE_URL: &str = "https://pay.google.com/gp/v/save/";

/// The fields of a service account's JSON key file that signing needs.
#[derive(Deserialize)]
struct ServiceAccountKey {
    #[serde(rename = "type")]
    kind: String,
    client_email: String,
    private_key_id: Option<String>,
    private_key: String,
}

/// The issuer's service account, ready to sign save links.
pub struct GoogleWallet {
    issuer_id: String,
    client_email: String,
    key_id: Option<String>,
    key: SigningKey<Sha256>,
}

impl GoogleWallet {
    pub fn load(files: &GoogleWalletFiles) -> Result<Self, CredentialsError> {
        const SETTING: &str = "GOOGLE_WALLET_KEY";
        let text = credentials::read_text(SETTING, &files.key)?;
        let unreadable = |reason: String| CredentialsError::Unreadable {
            setting: SETTING,
            path: files.key.display().to_string(),
            expected: "a Google Cloud service account's JSON key file",
            reason,
        };
        let account: ServiceAccountKey = serde_json::from_str(&text).map_err(|error| unreadable(error.to_string()))?;
        if account.kind != "service_account" {
            return Err(unreadable(format!(
                "its type is {:?}, not \"service_account\"",
                account.kind
            )));
        }
        let key: RsaPrivateKey = credentials::rsa_key(SETTING, Path::new(&files.key), &account.private_key)?;
        Ok(Self {
            issuer_id: files.issuer_id.clone(),
            client_email: account.client_email,
            key_id: account.private_key_id,
            key: SigningKey::new(key),
        })
    }

    /// The ticket's "Save to Google Wallet" link, its JWT issued at `now`.
    pub fn save_url(&self, event: &Event, ticket: &PassTicket<'_>, now: OffsetDateTime) -> Result<String, PassError> {
        let mut header = json!({ "alg": "RS256", "typ": "JWT" });
        if let Some(key_id) = &self.key_id {
            header["kid"] = json!(key_id);
        }
        let claims = json!({
            "iss": self.client_email,
            "aud": "google",
            "typ": "savetowallet",
            "iat": now.unix_timestamp(),
            "origins": [ticket.site_url],
            "payload": {
                "eventTicketClasses": [self.ticket_class(event, ticket.site_url)],
                "eventTicketObjects": [self.ticket_object(event, ticket)],
            },
        });
        let encode = |value: &Value| serde_json::to_vec(value).map(|json| URL_SAFE_NO_PAD.encode(json));
        let signing_input = format!(
            "{}.{}",
            encode(&header).map_err(|_| PassError::Encode)?,
            encode(&claims).map_err(|_| PassError::Encode)?
        );
        let signature = self
            .key
            .try_sign(signing_input.as_bytes())
            .map_err(|_| PassError::Sign)?;
        Ok(format!(
            "{SAVE_URL}{signing_input}.{}",
            URL_SAFE_NO_PAD.encode(signature.to_bytes())
        ))
    }

    /// The event: one class for every ticket of this edition.
    fn ticket_class(&self, event: &Event, site_url: &str) -> Value {
        let mut class = json!({
            "id": self.class_id(event),
            "issuerName": event.name,
            "reviewStatus": "UNDER_REVIEW",
            "eventName": localized(&event.name),
            "venue": { "name": localized(&event.venue.name), "address": localized(&event.venue.address) },
            "dateTime": { "start": rfc3339(event.starts_at), "end": rfc3339(event.ends_at) },
            "logo": {
                "sourceUri": { "uri": format!("{site_url}/icon-512.png") },
                "contentDescription": localized(&event.short_name),
            },
            "homepageUri": { "uri": site_url, "description": event.name },
            "hexBackgroundColor": SiteColours::default().background.hex(),
        });
        if let Some(doors) = super::doors(event) {
            class["dateTime"]["doorsOpen"] = json!(rfc3339(doors));
        }
        class
    }

    fn ticket_object(&self, event: &Event, ticket: &PassTicket<'_>) -> Value {
        let mut object = json!({
            "id": format!("{}.{}", self.issuer_id, ticket.serial()),
            "classId": self.class_id(event),
            "state": "ACTIVE",
            "ticketHolderName": ticket.attendee.unwrap_or(""),
            "ticketType": localized(ticket.ticket_name),
            "ticketNumber": ticket.code,
            "reservationInfo": { "confirmationCode": ticket.order_reference },
            "barcode": { "type": "QR_CODE", "value": ticket.code, "alternateText": ticket.code },
            "hexBackgroundColor": SiteColours::default().background.hex(),
            "validTimeInterval": {
                "start": { "date": rfc3339(event.doors_open) },
                "end": { "date": rfc3339(event.ends_at) },
            },
        });
        if let Some((latitude, longitude)) = event.venue.coordinates {
            object["locations"] = json!([{ "latitude": latitude, "longitude": longitude }]);
        }
        object
    }

    /// "3388000000012345678.codewave-miami-2026": the issuer's id and the event's name as Google's ids allow.
    fn class_id(&self, event: &Event) -> String {
        let suffix: String = event
            .name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '-'
                }
            })
            .collect();
        format!("{}.{}", self.issuer_id, suffix.trim_matches('-'))
    }
}

fn localized(value: &str) -> Value {
    json!({ "defaultValue": { "language": "en-US", "value": value } })
}

fn rfc3339(instant: OffsetDateTime) -> String {
    instant.format(&Rfc3339).unwrap_or_default()
}
