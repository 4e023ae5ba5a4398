//! Wallet passes (issue 32): a ticket as an Apple Wallet `.pkpass` (`apple`) and as a "Save to Google Wallet" link
//! (`google`). Pure: the ticket and the organizer's credentials in, bytes or a URL out. The credentials are read and
//! checked once at start-up (`credentials`); a wallet without its settings is simply not offered.

mod apple;
mod credentials;
mod google;
mod signature;

pub use apple::{AppleWallet, PassImages};
pub use credentials::CredentialsError;
pub use google::{GoogleWallet, SAVE_URL};
pub use signature::PassSigner;

use sha2::{Digest, Sha256};
use time::OffsetDateTime;

use crate::event::Event;

#[derive(Debug, thiserror::Error)]
pub enum PassError {
    #[error("the pass could not be encoded")]
    Encode,
    #[error("the pass could not be signed")]
    Sign,
}

/// The wallets this site offers: each is there only with all of its settings.
#[derive(Default)]
pub struct Wallets {
    pub apple: Option<AppleWallet>,
    pub google: Option<GoogleWallet>,
}

impl Wallets {
    pub fn any(&self) -> bool {
        self.apple.is_some() || self.google.is_some()
    }
}

/// What a pass shows of one ticket.
#[derive(Debug, Clone, Copy)]
pub struct PassTicket<'a> {
    pub ticket_id: &'a str,
    /// As printed: "TK-7K3P-…". It changes when the ticket changes hands.
    pub code: &'a str,
    pub attendee: Option<&'a str>,
    /// "VIP Pass"
    pub ticket_name: &'a str,
    pub order_reference: &'a str,
    /// The site's address, without a trailing slash.
    pub site_url: &'a str,
}

impl PassTicket<'_> {
    /// The pass's serial number (Apple) and object id suffix (Google): the ticket and its current code, so a ticket
    /// that changes hands gets a new pass, and the old one keeps the code the door now refuses.
    pub fn serial(&self) -> String {
        let digest: String = Sha256::digest(self.code.as_bytes())[..8]
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect();
        format!("{}-{digest}", self.ticket_id)
    }
}

/// The doors' time, when the event file sets one apart from the start of the first day.
fn doors(event: &Event) -> Option<OffsetDateTime> {
    let doors = event.doors_open;
    (doors.time() != time::Time::MIDNIGHT).then_some(doors)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// "rgb(11, 27, 51)", as Apple's pass.json takes colours.
    pub fn css(self) -> String {
        format!("rgb({}, {}, {})", self.0, self.1, self.2)
    }

    /// "#0b1b33", as Google Wallet takes them.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// The site's colours on a pass: its night blue, with sand-white text and gold labels.
#[derive(Debug, Clone, Copy)]
pub struct SiteColours {
    pub background: Rgb,
    pub foreground: Rgb,
    pub label: Rgb,
}

impl Default for SiteColours {
    fn default() -> Self {
        Self {
            background: Rgb(0x0b, 0x1b, 0x33),
            foreground: Rgb(0xf8, 0xfa, 0xfc),
            label: Rgb(0xfc, 0xd3, 0x4d),
        }
    }
}
