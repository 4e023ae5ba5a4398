//! Wallet credentials made in the test, as the organizer gets them from Apple and Google: a test root CA, a "WWDR"
//! intermediate it issued, a pass certificate the intermediate issued (its UID the pass type, its OU the team), and
//! a Google service account's JSON key. Also what a test checks a pass with: the PKCS#7 signature against the test
//! CA, and the save link's JWT against the service account's public key.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::OnceLock;
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use cms::content_info::ContentInfo;
use cms::signed_data::{SignedData, SignerIdentifier};
use der::asn1::OctetString;
use der::oid::db::{rfc5911, rfc5912};
use der::{Decode, Encode, EncodePem};
use rsa::pkcs1v15::{Signature, SigningKey, VerifyingKey};
use rsa::pkcs8::{EncodePrivateKey, LineEnding};
use rsa::signature::Verifier;
use rsa::{RsaPrivateKey, RsaPublicKey};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use x509_cert::Certificate;
use x509_cert::builder::{Builder, CertificateBuilder, Profile};
use x509_cert::name::Name;
use x509_cert::serial_number::SerialNumber;
use x509_cert::spki::SubjectPublicKeyInfoOwned;
use x509_cert::time::Validity;

pub const PASS_TYPE_ID: &str = "pass.test.codewave.ticket";
pub const TEAM_ID: &str = "TEST123456";
pub const GOOGLE_ISSUER_ID: &str = "3388000000099999999";

/// The test CA and the organizer's credentials, written to files for the settings.
pub struct Credentials {
    pub root: Certificate,
    pub google_public: RsaPublicKey,
    /// PEM files: `pass.pem`, `pass.key`, `wwdr.pem`, another key `stranger.key`; and `google.json`.
    pub folder: PathBuf,
}

impl Credentials {
    pub fn file(&self, name: &str) -> String {
        self.folder.join(name).display().to_string()
    }

    /// Every Apple Wallet setting.
    pub fn apple_env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("APPLE_PASS_TYPE_ID", PASS_TYPE_ID.to_owned()),
            ("APPLE_TEAM_ID", TEAM_ID.to_owned()),
            ("APPLE_PASS_CERT", self.file("pass.pem")),
            ("APPLE_PASS_KEY", self.file("pass.key")),
            ("APPLE_WWDR_CERT", self.file("wwdr.pem")),
        ]
    }

    /// Every Google Wallet setting.
    pub fn google_env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("GOOGLE_WALLET_ISSUER_ID", GOOGLE_ISSUER_ID.to_owned()),
            ("GOOGLE_WALLET_KEY", self.file("google.json")),
        ]
    }

    /// Both wallets' settings.
    pub fn env(&self) -> Vec<(&'static str, String)> {
        let mut env = self.apple_env();
        env.extend(self.google_env());
        env
    }
}

/// Made once per test process (RSA keys take a moment); the files stay in the target folder's scratch space.
pub fn credentials() -> &'static Credentials {
    static CREDENTIALS: OnceLock<Credentials> = OnceLock::new();
    CREDENTIALS.get_or_init(make_credentials)
}

fn rsa_key() -> RsaPrivateKey {
    RsaPrivateKey::new(&mut rand::rngs::OsRng, 2048).expect("an RSA key")
}

fn name(text: &str) -> Name {
    Name::from_str(text).expect("a distinguished name")
}

fn certificate(
    profile: Profile,
    serial: u32,
    subject: &str,
    key: &RsaPrivateKey,
    signer: &RsaPrivateKey,
) -> Certificate {
    let spki = SubjectPublicKeyInfoOwned::from_key(key.to_public_key()).expect("a public key");
    let signer = SigningKey::<Sha256>::new(signer.clone());
    CertificateBuilder::new(
        profile,
        SerialNumber::from(serial),
        Validity::from_now(Duration::from_secs(365 * 24 * 3600)).expect("a validity"),
        name(subject),
        spki,
        &signer,
    )
    .expect("a certificate builder")
    .build::<Signature>()
    .expect("a certificate")
}

fn make_credentials() -> Credentials {
    let (root_key, wwdr_key, pass_key, google_key) = (rsa_key(), rsa_key(), rsa_key(), rsa_key());
    let root_name = "CN=Test Root CA,O=Test Apple";
    let wwdr_name = "CN=Test Worldwide Developer Relations,OU=G4,O=Test Apple";
    let root = certificate(Profile::Root, 1, root_name, &root_key, &root_key);
    let wwdr = certificate(
        Profile::SubCA {
            issuer: name(root_name),
            path_len_constraint: Some(0),
        },
        2,
        wwdr_name,
        &wwdr_key,
        &root_key,
    );
    let pass = certificate(
        Profile::Leaf {
            issuer: name(wwdr_name),
            enable_key_agreement: false,
            enable_key_encipherment: false,
        },
        3,
        &format!("UID={PASS_TYPE_ID},CN=Pass Type ID: {PASS_TYPE_ID},OU={TEAM_ID},O=CodeWave Test"),
        &pass_key,
        &wwdr_key,
    );

    let folder = tempfile::Builder::new()
        .prefix("wallet-credentials-")
        .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
        .expect("a folder for the credentials")
        .keep();
    let pem = |certificate: &Certificate| certificate.to_pem(LineEnding::LF).expect("PEM");
    let key_pem = |key: &RsaPrivateKey| key.to_pkcs8_pem(LineEnding::LF).expect("PEM").to_string();
    write(&folder, "pass.pem", &pem(&pass));
    write(&folder, "wwdr.pem", &pem(&wwdr));
    write(&folder, "pass.key", &key_pem(&pass_key));
    write(&folder, "stranger.key", &key_pem(&google_key));
    let account = json!({
        "type": "service_account",
        "project_id": "codewave-test",
        "private_key_id": "test-key-1",
        "private_key": key_pem(&google_key),
        "client_email": "wallet@codewave-test.iam.gserviceaccount.com",
        "token_uri": "https://oauth2.googleapis.com/token",
    });
    write(&folder, "google.json", &account.to_string());
    Credentials {
        root,
        google_public: google_key.to_public_key(),
        folder,
    }
}

fn write(folder: &Path, name: &str, text: &str) {
    std::fs::write(folder.join(name), text).expect("a credentials file");
}

fn public_key(certificate: &Certificate) -> RsaPublicKey {
    let spki = certificate
        .tbs_certificate
        .subject_public_key_info
        .to_der()
        .expect("DER");
    rsa::pkcs8::DecodePublicKey::from_public_key_der(&spki).expect("an RSA public key")
}

/// Whether `issuer`'s key signed `certificate`.
fn issued(certificate: &Certificate, issuer: &Certificate) -> bool {
    let tbs = certificate.tbs_certificate.to_der().expect("DER");
    let signature = Signature::try_from(certificate.signature.raw_bytes()).expect("a signature");
    VerifyingKey::<Sha256>::new(public_key(issuer))
        .verify(&tbs, &signature)
        .is_ok()
}

/// Checks `signature` as a detached PKCS#7 signature of `content`: signed with the key of a certificate it
/// carries, whose chain (through the intermediate it also carries) ends at the test root; the signed message digest
/// is `content`'s; the signing time is there. Panics naming what fails.
pub fn verify_detached(signature: &[u8], content: &[u8], root: &Certificate) {
    let info = ContentInfo::from_der(signature).expect("a CMS ContentInfo");
    assert_eq!(info.content_type, rfc5911::ID_SIGNED_DATA);
    let signed: SignedData = info.content.decode_as().expect("SignedData");
    assert!(
        signed.encap_content_info.econtent.is_none(),
        "the signature is detached"
    );
    let certificates: Vec<Certificate> = signed
        .certificates
        .expect("certificates")
        .0
        .into_vec()
        .into_iter()
        .map(|choice| match choice {
            cms::cert::CertificateChoices::Certificate(certificate) => certificate,
            cms::cert::CertificateChoices::Other(_) => panic!("an X.509 certificate"),
        })
        .collect();
    assert_eq!(certificates.len(), 2, "the pass certificate and the WWDR intermediate");
    let signer = signed.signer_infos.0.into_vec().remove(0);
    assert_eq!(signer.digest_alg.oid, rfc5912::ID_SHA_256);
    let SignerIdentifier::IssuerAndSerialNumber(id) = &signer.sid else {
        panic!("the signer is named by issuer and serial number");
    };
    let signing = certificates
        .iter()
        .find(|certificate| {
            certificate.tbs_certificate.serial_number == id.serial_number
                && certificate.tbs_certificate.issuer == id.issuer
        })
        .expect("the signer's certificate is in the signature");
    let intermediate = certificates
        .iter()
        .find(|certificate| certificate.tbs_certificate.subject == signing.tbs_certificate.issuer)
        .expect("the intermediate that issued it is in the signature");
    assert!(
        issued(signing, intermediate),
        "the intermediate signed the pass certificate"
    );
    assert!(issued(intermediate, root), "the test root signed the intermediate");

    let attributes = signer.signed_attrs.expect("signed attributes");
    let attribute = |oid| {
        attributes
            .iter()
            .find(|attribute| attribute.oid == oid)
            .unwrap_or_else(|| panic!("the signed attribute {oid}"))
            .values
            .get(0)
            .expect("a value")
            .clone()
    };
    let digest: OctetString = attribute(rfc5911::ID_MESSAGE_DIGEST).decode_as().expect("a digest");
    assert_eq!(
        digest.as_bytes(),
        Sha256::digest(content).as_slice(),
        "the message digest is the manifest's"
    );
    attribute(rfc5911::ID_SIGNING_TIME);
    let signature = Signature::try_from(signer.signature.as_bytes()).expect("an RSA signature");
    VerifyingKey::<Sha256>::new(public_key(signing))
        .verify(&attributes.to_der().expect("DER"), &signature)
        .expect("the signature verifies with the pass certificate's key");
}

/// The claims of an RS256 JWT after checking its signature with `key`.
pub fn verified_claims(jwt: &str, key: &RsaPublicKey) -> Value {
    let (signed, signature) = jwt.rsplit_once('.').expect("a signed JWT");
    let header: Value =
        serde_json::from_slice(&URL_SAFE_NO_PAD.decode(signed.split('.').next().unwrap()).unwrap()).unwrap();
    assert_eq!(header["alg"], "RS256");
    let signature = Signature::try_from(URL_SAFE_NO_PAD.decode(signature).unwrap().as_slice()).unwrap();
    VerifyingKey::<Sha256>::new(key.clone())
        .verify(signed.as_bytes(), &signature)
        .expect("the JWT verifies with the service account's public key");
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(signed.split('.').nth(1).unwrap()).unwrap()).unwrap()
}
