//! Reading the organizer's wallet credentials from the files the settings name, once at start-up: every problem is
//! an error naming the setting and the file, never a pass that fails on the day.

use std::path::Path;

use der::DecodePem;
use der::oid::db::rfc4519;
use rsa::RsaPrivateKey;
use rsa::pkcs1::DecodeRsaPrivateKey;
use rsa::pkcs8::{DecodePrivateKey, EncodePublicKey};
use time::OffsetDateTime;
use x509_cert::Certificate;
use x509_cert::der::Encode;
use x509_cert::name::Name;

#[derive(Debug, thiserror::Error)]
pub enum CredentialsError {
    #[error("cannot read {setting} ({path}): {reason}")]
    Read {
        setting: &'static str,
        path: String,
        reason: String,
    },
    #[error("{setting} ({path}) is not {expected}: {reason}")]
    Unreadable {
        setting: &'static str,
        path: String,
        expected: &'static str,
        reason: String,
    },
    #[error("{0}")]
    Mismatch(String),
}

/// A setting's file as text.
pub fn read_text(setting: &'static str, path: &Path) -> Result<String, CredentialsError> {
    std::fs::read_to_string(path).map_err(|error| CredentialsError::Read {
        setting,
        path: path.display().to_string(),
        reason: error.to_string(),
    })
}

fn unreadable(setting: &'static str, path: &Path, expected: &'static str, reason: impl ToString) -> CredentialsError {
    CredentialsError::Unreadable {
        setting,
        path: path.display().to_string(),
        expected,
        reason: reason.to_string(),
    }
}

/// The first certificate of a PEM file (a file may carry its chain after it).
pub fn certificate(setting: &'static str, path: &Path) -> Result<Certificate, CredentialsError> {
    const EXPECTED: &str = "a PEM certificate (-----BEGIN CERTIFICATE-----)";
    let text = read_text(setting, path)?;
    let start = text
        .find("-----BEGIN CERTIFICATE-----")
        .ok_or_else(|| unreadable(setting, path, EXPECTED, "no certificate in the file"))?;
    let end = text[start..]
        .find("-----END CERTIFICATE-----")
        .map(|end| start + end + "-----END CERTIFICATE-----".len())
        .ok_or_else(|| unreadable(setting, path, EXPECTED, "the certificate is cut short"))?;
    Certificate::from_pem(&text[start..end]).map_err(|error| unreadable(setting, path, EXPECTED, error))
}

/// An unencrypted RSA private key in PEM: PKCS#8 (`BEGIN PRIVATE KEY`) or PKCS#1 (`BEGIN RSA PRIVATE KEY`).
pub fn rsa_key_file(setting: &'static str, path: &Path) -> Result<RsaPrivateKey, CredentialsError> {
    rsa_key(setting, path, &read_text(setting, path)?)
}

/// As `rsa_key_file`, from text already read from `path`.
pub fn rsa_key(setting: &'static str, path: &Path, pem: &str) -> Result<RsaPrivateKey, CredentialsError> {
    const EXPECTED: &str = "an unencrypted RSA private key in PEM";
    if pem.contains("ENCRYPTED") {
        return Err(unreadable(
            setting,
            path,
            EXPECTED,
            "it is encrypted; write it out without a passphrase (openssl pkey -in key.pem -out plain.pem)",
        ));
    }
    let key = if pem.contains("-----BEGIN RSA PRIVATE KEY-----") {
        RsaPrivateKey::from_pkcs1_pem(pem.trim()).map_err(|error| unreadable(setting, path, EXPECTED, error))?
    } else {
        RsaPrivateKey::from_pkcs8_pem(pem.trim()).map_err(|error| unreadable(setting, path, EXPECTED, error))?
    };
    Ok(key)
}

/// Whether `key` is the private half of the key `certificate` certifies.
pub fn key_matches(key: &RsaPrivateKey, certificate: &Certificate) -> bool {
    let ours = key.to_public_key().to_public_key_der();
    let theirs = certificate.tbs_certificate.subject_public_key_info.to_der();
    matches!((ours, theirs), (Ok(ours), Ok(theirs)) if ours.as_bytes() == theirs.as_slice())
}

/// Whether `certificate` is valid at `now`; its last day otherwise.
pub fn expired(certificate: &Certificate, now: OffsetDateTime) -> Option<String> {
    let not_after = certificate.tbs_certificate.validity.not_after.to_unix_duration();
    let now = std::time::Duration::from_secs(u64::try_from(now.unix_timestamp()).unwrap_or(0));
    (not_after < now).then(|| certificate.tbs_certificate.validity.not_after.to_string())
}

/// The user id (UID) of a name, which Apple's pass certificates set to the pass type identifier.
pub fn user_id(name: &Name) -> Option<String> {
    text_attribute(name, rfc4519::UID)
}

/// The organizational unit (OU), which Apple's pass certificates set to the team identifier.
pub fn organizational_unit(name: &Name) -> Option<String> {
    text_attribute(name, rfc4519::OU)
}

fn text_attribute(name: &Name, oid: der::oid::ObjectIdentifier) -> Option<String> {
    name.0
        .iter()
        .flat_map(|relative| relative.0.iter())
        .find(|attribute| attribute.oid == oid)
        .and_then(|attribute| String::from_utf8(attribute.value.value().to_vec()).ok())
}
