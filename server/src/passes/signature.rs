//! The `signature` file of a `.pkpass`: a PKCS#7 (CMS) SignedData over `manifest.json`, detached (the manifest
//! itself is not inside), signed by the pass certificate's key, carrying that certificate and Apple's WWDR
//! intermediate so Wallet can follow the chain to Apple's root. As `openssl smime -sign -binary -outform DER`
//! makes it: SHA-256, RSA PKCS#1 v1.5, and the signed attributes content type, signing time and message digest
//! (Wallet refuses a pass whose signature has no signing time).

use cms::cert::{CertificateChoices, IssuerAndSerialNumber};
use cms::content_info::{CmsVersion, ContentInfo};
use cms::signed_data::{
    CertificateSet, EncapsulatedContentInfo, SignedData, SignerIdentifier, SignerInfo, SignerInfos,
};
use der::asn1::{OctetString, SetOfVec, UtcTime};
use der::oid::db::{rfc5911, rfc5912};
use der::{Any, Decode, Encode};
use rsa::RsaPrivateKey;
use rsa::pkcs1v15::SigningKey;
use rsa::signature::{SignatureEncoding, Signer};
use sha2::{Digest, Sha256};
use time::OffsetDateTime;
use x509_cert::Certificate;
use x509_cert::attr::{Attribute, AttributeValue};
use x509_cert::spki::AlgorithmIdentifierOwned;

use super::PassError;

/// Who signs: the pass certificate, its key, and the intermediate that issued it.
pub struct PassSigner {
    pub certificate: Certificate,
    pub key: SigningKey<Sha256>,
    pub intermediate: Certificate,
}

impl PassSigner {
    pub fn new(certificate: Certificate, key: RsaPrivateKey, intermediate: Certificate) -> Self {
        Self {
            certificate,
            key: SigningKey::new(key),
            intermediate,
        }
    }

    /// The DER bytes of the detached signature over `content`, dated `signed_at`.
    pub fn sign_detached(&self, content: &[u8], signed_at: OffsetDateTime) -> Result<Vec<u8>, PassError> {
        self.signed_data(content, signed_at).map_err(|_| PassError::Sign)
    }

    fn signed_data(&self, content: &[u8], signed_at: OffsetDateTime) -> Result<Vec<u8>, SignatureError> {
        let signed_attributes: SetOfVec<Attribute> = SetOfVec::try_from(vec![
            attribute(rfc5911::ID_CONTENT_TYPE, &rfc5911::ID_DATA)?,
            attribute(rfc5911::ID_SIGNING_TIME, &signing_time(signed_at)?)?,
            attribute(
                rfc5911::ID_MESSAGE_DIGEST,
                &OctetString::new(Sha256::digest(content).to_vec())?,
            )?,
        ])?;
        // RFC 5652 §5.4: with signed attributes, what is signed is their DER encoding as a SET OF.
        let signature = self.key.try_sign(&signed_attributes.to_der()?)?.to_vec();
        let signer = SignerInfo {
            version: CmsVersion::V1,
            sid: SignerIdentifier::IssuerAndSerialNumber(IssuerAndSerialNumber {
                issuer: self.certificate.tbs_certificate.issuer.clone(),
                serial_number: self.certificate.tbs_certificate.serial_number.clone(),
            }),
            digest_alg: sha256(),
            signed_attrs: Some(signed_attributes),
            signature_algorithm: AlgorithmIdentifierOwned {
                oid: rfc5912::RSA_ENCRYPTION,
                parameters: Some(Any::null()),
            },
            signature: OctetString::new(signature)?,
            unsigned_attrs: None,
        };
        let signed_data = SignedData {
            version: CmsVersion::V1,
            digest_algorithms: SetOfVec::try_from(vec![sha256()])?,
            encap_content_info: EncapsulatedContentInfo {
                econtent_type: rfc5911::ID_DATA,
                econtent: None,
            },
            certificates: Some(CertificateSet::try_from(vec![
                CertificateChoices::Certificate(self.certificate.clone()),
                CertificateChoices::Certificate(self.intermediate.clone()),
            ])?),
            crls: None,
            signer_infos: SignerInfos::try_from(vec![signer])?,
        };
        ContentInfo {
            content_type: rfc5911::ID_SIGNED_DATA,
            content: Any::encode_from(&signed_data)?,
        }
        .to_der()
        .map_err(SignatureError::from)
    }
}

#[derive(Debug, thiserror::Error)]
enum SignatureError {
    #[error(transparent)]
    Encode(#[from] der::Error),
    #[error(transparent)]
    Sign(#[from] rsa::signature::Error),
}

fn sha256() -> AlgorithmIdentifierOwned {
    AlgorithmIdentifierOwned {
        oid: rfc5912::ID_SHA_256,
        parameters: None,
    }
}

fn attribute(oid: der::oid::ObjectIdentifier, value: &impl Encode) -> Result<Attribute, der::Error> {
    Ok(Attribute {
        oid,
        values: SetOfVec::try_from(vec![AttributeValue::from_der(&value.to_der()?)?])?,
    })
}

/// UTCTime, as RFC 5652 asks for dates from 1950 to 2049.
fn signing_time(at: OffsetDateTime) -> Result<UtcTime, der::Error> {
    let seconds = u64::try_from(at.unix_timestamp()).map_err(|_| der::Error::from(der::ErrorKind::DateTime))?;
    UtcTime::from_unix_duration(std::time::Duration::from_secs(seconds))
}
