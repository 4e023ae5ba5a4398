//! The wallet passes' and badges' benchmark (run by `bench/passes-and-badges.mjs`, release build): signs 1,000 Apple
//! Wallet passes and 1,000 Google Wallet save links, one after another, and draws 1,000 badges on A4 sheets (four A6
//! badges a page) in one PDF. Credentials are made here, as the tests make them: a test root, an intermediate, a pass
//! certificate and a service account key. Prints one JSON line: the times, and the process's peak resident memory
//! during each part (Linux: `/proc/self/clear_refs` resets the peak between parts).

use std::path::Path;
use std::str::FromStr;
use std::time::{Duration, Instant};

use conference::badges::{Badge, badges_pdf, band_colour};
use conference::event::{BadgeSheet, Event};
use conference::passes::{AppleWallet, GoogleWallet, PassImages, PassTicket};
use conference::settings::{AppleWalletFiles, GoogleWalletFiles};
use conference::web::artwork;
use der::EncodePem;
use rsa::RsaPrivateKey;
use rsa::pkcs1v15::{Signature, SigningKey};
use rsa::pkcs8::{EncodePrivateKey, LineEnding};
use serde_json::json;
use sha2::Sha256;
use x509_cert::Certificate;
use x509_cert::builder::{Builder, CertificateBuilder, Profile};
use x509_cert::name::Name;
use x509_cert::serial_number::SerialNumber;
use x509_cert::spki::SubjectPublicKeyInfoOwned;
use x509_cert::time::Validity;

const COUNT: usize = 1000;
const PASS_TYPE_ID: &str = "pass.bench.codewave.ticket";
const TEAM_ID: &str = "BENCH12345";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let event = Event::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../conference.toml"))?;
    let folder = tempfile::tempdir()?;
    let (apple_files, google_files) = credentials(folder.path())?;
    let images = PassImages::SIZES
        .iter()
        .map(|(name, size)| Ok((*name, artwork::icon(*size)?)))
        .collect::<Result<Vec<_>, artwork::ArtworkError>>()?;
    let now = time::OffsetDateTime::now_utc();
    let apple = AppleWallet::load(&apple_files, PassImages(images), now)?;
    let google = GoogleWallet::load(&google_files)?;
    let people: Vec<(String, String, String)> = (0..COUNT)
        .map(|index| {
            (
                format!("ticket-{index:04}"),
                format!("TK-{:04}-9QXM-ABCD-EFGH-JKMN", index),
                format!("Attendee Number {index} Longname"),
            )
        })
        .collect();

    reset_peak();
    let mut apple_times = Vec::with_capacity(COUNT);
    let mut bytes = 0;
    for person in &people {
        let started = Instant::now();
        bytes += apple.pkpass(&event, &ticket(person), now)?.len();
        apple_times.push(started.elapsed());
    }
    let apple_peak = peak_kb();

    reset_peak();
    let mut google_times = Vec::with_capacity(COUNT);
    for person in &people {
        let started = Instant::now();
        google.save_url(&event, &ticket(person), now)?;
        google_times.push(started.elapsed());
    }
    let google_peak = peak_kb();

    let types = ["developer", "vip", "team"];
    let badges: Vec<Badge> = people
        .iter()
        .enumerate()
        .map(|(index, (_, code, name))| {
            let ticket_type = types[index % types.len()];
            Badge {
                name: Some(name.clone()),
                company: (index % 2 == 0).then(|| format!("Company {index} International Holdings")),
                ticket_name: event.ticket_name(ticket_type),
                band: band_colour(&event, ticket_type),
                code: code.clone(),
            }
        })
        .collect();
    reset_peak();
    let started = Instant::now();
    let pdf = badges_pdf(&event.name, BadgeSheet::FourA6OnA4, &badges)?;
    let badges_seconds = started.elapsed().as_secs_f64();
    let badges_peak = peak_kb();

    println!(
        "{}",
        json!({
            "passes": COUNT,
            "apple": summary(&mut apple_times, apple_peak),
            "appleBytesPerPass": bytes / COUNT,
            "google": summary(&mut google_times, google_peak),
            "badges": { "count": COUNT, "seconds": badges_seconds, "megabytes": pdf.len() as f64 / 1e6, "peakKb": badges_peak },
        })
    );
    Ok(())
}

fn ticket((id, code, name): &(String, String, String)) -> PassTicket<'_> {
    PassTicket {
        ticket_id: id,
        code,
        attendee: Some(name),
        ticket_name: "Developer Pass",
        order_reference: "CW-7K3P9Q",
        site_url: "https://codewave.events",
    }
}

fn summary(times: &mut [Duration], peak_kb: Option<u64>) -> serde_json::Value {
    times.sort_unstable();
    let ms = |duration: Duration| duration.as_secs_f64() * 1000.0;
    let at = |share: f64| ms(times[((times.len() as f64 * share).ceil() as usize).min(times.len()) - 1]);
    json!({
        "totalSeconds": times.iter().map(|time| time.as_secs_f64()).sum::<f64>(),
        "p50Ms": at(0.5),
        "p99Ms": at(0.99),
        "maxMs": ms(times[times.len() - 1]),
        "peakKb": peak_kb,
    })
}

/// Starts counting the process's peak resident memory afresh (Linux).
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The process's peak resident memory since the last reset, in KiB (Linux).
fn peak_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn certificate(
    profile: Profile,
    serial: u32,
    subject: &str,
    key: &RsaPrivateKey,
    signer: &RsaPrivateKey,
) -> Result<Certificate, Box<dyn std::error::Error>> {
    let signer = SigningKey::<Sha256>::new(signer.clone());
    Ok(CertificateBuilder::new(
        profile,
        SerialNumber::from(serial),
        Validity::from_now(Duration::from_secs(24 * 3600))?,
        Name::from_str(subject)?,
        SubjectPublicKeyInfoOwned::from_key(key.to_public_key())?,
        &signer,
    )?
    .build::<Signature>()?)
}

/// A test CA's pass certificate and a service account, written to `folder` as the settings name them.
fn credentials(folder: &Path) -> Result<(AppleWalletFiles, GoogleWalletFiles), Box<dyn std::error::Error>> {
    let key = || RsaPrivateKey::new(&mut rand::rngs::OsRng, 2048);
    let (root_key, intermediate_key, pass_key, google_key) = (key()?, key()?, key()?, key()?);
    let (root_name, intermediate_name) = ("CN=Bench Root", "CN=Bench WWDR");
    let intermediate = certificate(
        Profile::SubCA {
            issuer: Name::from_str(root_name)?,
            path_len_constraint: Some(0),
        },
        2,
        intermediate_name,
        &intermediate_key,
        &root_key,
    )?;
    let pass = certificate(
        Profile::Leaf {
            issuer: Name::from_str(intermediate_name)?,
            enable_key_agreement: false,
            enable_key_encipherment: false,
        },
        3,
        &format!("UID={PASS_TYPE_ID},OU={TEAM_ID},CN=Bench pass"),
        &pass_key,
        &intermediate_key,
    )?;
    std::fs::write(folder.join("pass.pem"), pass.to_pem(LineEnding::LF)?)?;
    std::fs::write(folder.join("wwdr.pem"), intermediate.to_pem(LineEnding::LF)?)?;
    std::fs::write(
        folder.join("pass.key"),
        pass_key.to_pkcs8_pem(LineEnding::LF)?.as_bytes(),
    )?;
    let account = json!({
        "type": "service_account",
        "client_email": "bench@codewave.iam.gserviceaccount.com",
        "private_key_id": "bench",
        "private_key": google_key.to_pkcs8_pem(LineEnding::LF)?.to_string(),
    });
    std::fs::write(folder.join("google.json"), account.to_string())?;
    Ok((
        AppleWalletFiles {
            pass_type_id: PASS_TYPE_ID.into(),
            team_id: TEAM_ID.into(),
            certificate: folder.join("pass.pem"),
            key: folder.join("pass.key"),
            wwdr: folder.join("wwdr.pem"),
        },
        GoogleWalletFiles {
            issuer_id: "3388000000012345678".into(),
            key: folder.join("google.json"),
        },
    ))
}
