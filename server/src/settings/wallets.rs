//! The wallet passes' settings (issue 32): Apple Wallet's pass certificate and Google Wallet's service account. Each
//! wallet is on only with all of its settings; the files they name are read and checked at start-up
//! (`passes::Wallets::load`), so a wrong file stops the server with its setting's name.

use std::path::PathBuf;

use super::SettingsError;

pub const APPLE: [&str; 5] = [
    "APPLE_PASS_TYPE_ID",
    "APPLE_TEAM_ID",
    "APPLE_PASS_CERT",
    "APPLE_PASS_KEY",
    "APPLE_WWDR_CERT",
];
pub const GOOGLE: [&str; 2] = ["GOOGLE_WALLET_ISSUER_ID", "GOOGLE_WALLET_KEY"];

#[derive(Debug, Clone, Default)]
pub struct WalletSettings {
    pub apple: Option<AppleWalletFiles>,
    pub google: Option<GoogleWalletFiles>,
    /// Wallets given only some of their settings, each as a sentence naming what is missing: off on a site that is
    /// not live (a live site refuses to start with them).
    pub incomplete: Vec<String>,
}

/// The organizer's Apple Wallet pass certificate, from Apple's developer site.
#[derive(Debug, Clone)]
pub struct AppleWalletFiles {
    /// "pass.events.codewave.ticket"
    pub pass_type_id: String,
    /// The ten characters of the Apple developer team.
    pub team_id: String,
    /// PEM files: the pass certificate, its RSA private key (unencrypted), and Apple's WWDR intermediate.
    pub certificate: PathBuf,
    pub key: PathBuf,
    pub wwdr: PathBuf,
}

/// A Google Cloud service account allowed to issue passes for the issuer.
#[derive(Debug, Clone)]
pub struct GoogleWalletFiles {
    /// The Google Pay & Wallet Console's issuer id: digits.
    pub issuer_id: String,
    /// The service account's JSON key file.
    pub key: PathBuf,
}

impl WalletSettings {
    pub(super) fn from_vars(get: &dyn Fn(&str) -> Option<String>) -> Result<Self, SettingsError> {
        let mut incomplete = Vec::new();
        let apple = match complete(get, &APPLE, "Apple Wallet") {
            Ok(Some([pass_type_id, team_id, certificate, key, wwdr])) => Some(AppleWalletFiles {
                pass_type_id: checked("APPLE_PASS_TYPE_ID", pass_type_id, is_pass_type_id, PASS_TYPE_ID)?,
                team_id: checked("APPLE_TEAM_ID", team_id, is_team_id, TEAM_ID)?,
                certificate: certificate.into(),
                key: key.into(),
                wwdr: wwdr.into(),
            }),
            Ok(None) => None,
            Err(problem) => {
                incomplete.push(problem);
                None
            }
        };
        let google = match complete(get, &GOOGLE, "Google Wallet") {
            Ok(Some([issuer_id, key])) => Some(GoogleWalletFiles {
                issuer_id: checked("GOOGLE_WALLET_ISSUER_ID", issuer_id, is_issuer_id, ISSUER_ID)?,
                key: key.into(),
            }),
            Ok(None) => None,
            Err(problem) => {
                incomplete.push(problem);
                None
            }
        };
        Ok(Self {
            apple,
            google,
            incomplete,
        })
    }

    /// "Apple Wallet and Google Wallet", "Apple Wallet", "no wallet": for the start-up log.
    pub fn describe(&self) -> &'static str {
        match (self.apple.is_some(), self.google.is_some()) {
            (true, true) => "Apple Wallet and Google Wallet",
            (true, false) => "Apple Wallet",
            (false, true) => "Google Wallet",
            (false, false) => "no wallet",
        }
    }
}

/// Half a wallet's settings, as sentences naming what is missing: what a live site refuses.
pub(super) fn half_configurations(get: &dyn Fn(&str) -> Option<String>) -> Vec<String> {
    [
        complete(get, &APPLE, "Apple Wallet").err(),
        complete(get, &GOOGLE, "Google Wallet").err(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// All of a wallet's settings, none of them, or a sentence naming the missing ones.
fn complete<const N: usize>(
    get: &dyn Fn(&str) -> Option<String>,
    names: &[&'static str; N],
    wallet: &str,
) -> Result<Option<[String; N]>, String> {
    let values = names.map(get);
    let missing: Vec<&str> = names
        .iter()
        .zip(&values)
        .filter(|(_, value)| value.is_none())
        .map(|(name, _)| *name)
        .collect();
    if missing.len() == N {
        return Ok(None);
    }
    if !missing.is_empty() {
        return Err(format!(
            "{wallet} is half configured: {} {} not set (set all of {}, or none)",
            missing.join(", "),
            if missing.len() == 1 { "is" } else { "are" },
            names.join(", ")
        ));
    }
    Ok(Some(values.map(Option::unwrap_or_default)))
}

const PASS_TYPE_ID: &str = "a pass type identifier from Apple's developer site, such as pass.events.codewave.ticket";
const TEAM_ID: &str = "the 10 letters and digits of an Apple developer team id";
const ISSUER_ID: &str = "the digits of a Google Wallet issuer id";

fn checked(
    name: &'static str,
    value: String,
    valid: fn(&str) -> bool,
    expected: &'static str,
) -> Result<String, SettingsError> {
    if valid(&value) {
        Ok(value)
    } else {
        Err(SettingsError::Invalid { name, expected, value })
    }
}

fn is_pass_type_id(value: &str) -> bool {
    value.strip_prefix("pass.").is_some_and(|rest| {
        !rest.is_empty()
            && rest
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-'))
    })
}

fn is_team_id(value: &str) -> bool {
    value.len() == 10 && value.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
}

fn is_issuer_id(value: &str) -> bool {
    !value.is_empty() && value.len() <= 30 && value.chars().all(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn settings(pairs: &[(&str, &str)]) -> Result<WalletSettings, SettingsError> {
        let vars: HashMap<&str, &str> = pairs.iter().copied().collect();
        WalletSettings::from_vars(&|name| vars.get(name).map(|value| (*value).to_owned()))
    }

    const APPLE_SET: [(&str, &str); 5] = [
        ("APPLE_PASS_TYPE_ID", "pass.events.codewave.ticket"),
        ("APPLE_TEAM_ID", "A1B2C3D4E5"),
        ("APPLE_PASS_CERT", "/etc/conference/pass.pem"),
        ("APPLE_PASS_KEY", "/etc/conference/pass.key"),
        ("APPLE_WWDR_CERT", "/etc/conference/wwdr.pem"),
    ];

    #[test]
    fn no_wallet_settings_turn_both_wallets_off() {
        let wallets = settings(&[]).unwrap();
        assert!(wallets.apple.is_none() && wallets.google.is_none() && wallets.incomplete.is_empty());
        assert_eq!(wallets.describe(), "no wallet");
    }

    #[test]
    fn a_wallet_with_all_its_settings_is_on() {
        let mut pairs = APPLE_SET.to_vec();
        pairs.extend([
            ("GOOGLE_WALLET_ISSUER_ID", "3388000000012345678"),
            ("GOOGLE_WALLET_KEY", "/etc/conference/google.json"),
        ]);
        let wallets = settings(&pairs).unwrap();
        assert_eq!(wallets.apple.unwrap().team_id, "A1B2C3D4E5");
        assert_eq!(wallets.google.unwrap().issuer_id, "3388000000012345678");
    }

    #[test]
    fn half_a_wallet_is_off_and_named_with_what_it_lacks() {
        let wallets = settings(&APPLE_SET[..3]).unwrap();
        assert!(wallets.apple.is_none());
        assert_eq!(wallets.incomplete.len(), 1);
        assert!(
            wallets.incomplete[0].contains("APPLE_PASS_KEY, APPLE_WWDR_CERT are not set"),
            "{:?}",
            wallets.incomplete
        );
        let wallets = settings(&[("GOOGLE_WALLET_KEY", "/key.json")]).unwrap();
        assert!(wallets.incomplete[0].contains("GOOGLE_WALLET_ISSUER_ID is not set"));
    }

    #[test]
    fn malformed_identifiers_are_refused_by_name() {
        let mut pairs = APPLE_SET.to_vec();
        pairs[1] = ("APPLE_TEAM_ID", "team");
        assert!(matches!(
            settings(&pairs),
            Err(SettingsError::Invalid {
                name: "APPLE_TEAM_ID",
                ..
            })
        ));
        pairs[1] = APPLE_SET[1];
        pairs[0] = ("APPLE_PASS_TYPE_ID", "events.codewave.ticket");
        assert!(matches!(
            settings(&pairs),
            Err(SettingsError::Invalid {
                name: "APPLE_PASS_TYPE_ID",
                ..
            })
        ));
        let error = settings(&[("GOOGLE_WALLET_ISSUER_ID", "issuer"), ("GOOGLE_WALLET_KEY", "/k.json")]).unwrap_err();
        assert!(error.to_string().starts_with("GOOGLE_WALLET_ISSUER_ID"), "{error}");
    }
}
