//! Fetching one avatar from the address a programme's source names. Only https, only to a public address, and only
//! to the address that was checked: the host is resolved here, every address it has must be public, and the
//! connection is pinned to the first of them, so a second DNS answer (rebinding) cannot send it elsewhere. Redirects
//! are not followed (the next hop would need the same checks); the body is read up to 2 MB and no further; everything
//! has 5 seconds.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use reqwest::Url;
use reqwest::redirect::Policy;

use super::address::is_public;
use super::encode::{MAX_PHOTO_BYTES, Photo, PhotoError, prepare};
use crate::settings::Settings;

/// The longest a lookup, a connection or a whole download may take.
const TIMEOUT: Duration = Duration::from_secs(5);

/// What the fetcher may reach beyond public https addresses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FetchPolicy {
    /// http and private addresses too: for tests against a local server, never on a live site
    /// (`PROGRAMME_PHOTOS_ALLOW_LOCAL`).
    pub allow_local: bool,
}

impl FetchPolicy {
    pub fn of(settings: &Settings) -> Self {
        Self {
            allow_local: settings.programme_photos_allow_local,
        }
    }
}

/// Why a photo was not fetched; the import's report gives it as the reason.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum FetchError {
    #[error("it is not a web address")]
    InvalidUrl,
    #[error("only https:// addresses are fetched")]
    NotHttps,
    #[error("{0} is not a public address")]
    NotPublic(IpAddr),
    #[error("{0} has no address")]
    Unresolved(String),
    #[error("the server could not be reached: {0}")]
    Unreachable(String),
    #[error("the server answered {0}")]
    Status(u16),
    #[error("the server redirects elsewhere, and redirects are not followed")]
    Redirected,
    #[error(transparent)]
    Photo(#[from] PhotoError),
}

/// Where a checked address leads: the URL, and the address to connect to when its host is a name.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Target {
    url: Url,
    pinned: Option<(String, SocketAddr)>,
}

/// Fetches `url` and makes the photo of it.
pub async fn fetch_photo(url: &str, policy: FetchPolicy) -> Result<Photo, FetchError> {
    let bytes = fetch_bytes(url, policy).await?;
    tokio::task::spawn_blocking(move || prepare(&bytes))
        .await
        .map_err(|error| PhotoError::Unreadable(error.to_string()))?
        .map_err(FetchError::Photo)
}

async fn fetch_bytes(url: &str, policy: FetchPolicy) -> Result<Vec<u8>, FetchError> {
    let target = resolve(checked_url(url, policy)?, policy).await?;
    let mut client = reqwest::Client::builder()
        .redirect(Policy::none())
        .no_proxy()
        .connect_timeout(TIMEOUT)
        .timeout(TIMEOUT);
    if let Some((host, address)) = &target.pinned {
        client = client.resolve(host, *address);
    }
    let client = client.build().map_err(unreachable)?;
    let mut response = client.get(target.url).send().await.map_err(unreachable)?;
    let status = response.status();
    if status.is_redirection() {
        return Err(FetchError::Redirected);
    }
    if !status.is_success() {
        return Err(FetchError::Status(status.as_u16()));
    }
    if response
        .content_length()
        .is_some_and(|length| length > MAX_PHOTO_BYTES as u64)
    {
        return Err(PhotoError::TooLarge.into());
    }
    let mut bytes = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(unreachable)? {
        if bytes.len() + chunk.len() > MAX_PHOTO_BYTES {
            return Err(PhotoError::TooLarge.into());
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

/// The URL, when its scheme may be fetched and its host, if an address, is one that may be reached.
fn checked_url(url: &str, policy: FetchPolicy) -> Result<Url, FetchError> {
    let url = Url::parse(url.trim()).map_err(|_| FetchError::InvalidUrl)?;
    match url.scheme() {
        "https" => {}
        "http" if policy.allow_local => {}
        "http" => return Err(FetchError::NotHttps),
        _ => return Err(FetchError::InvalidUrl),
    }
    match host_address(&url) {
        Some(address) => allowed(address, policy).map(|()| url),
        None if url.host_str().is_some_and(|host| !host.is_empty()) => Ok(url),
        None => Err(FetchError::InvalidUrl),
    }
}

/// The URL's host when it is an address rather than a name (the URL has written it in its usual form already:
/// `0x7f.1` is `127.0.0.1` here, and an IPv6 address is in brackets).
fn host_address(url: &Url) -> Option<IpAddr> {
    let host = url.host_str()?;
    host.strip_prefix('[')
        .and_then(|bracketed| bracketed.strip_suffix(']'))
        .unwrap_or(host)
        .parse()
        .ok()
}

fn allowed(address: IpAddr, policy: FetchPolicy) -> Result<(), FetchError> {
    if policy.allow_local || is_public(address) {
        Ok(())
    } else {
        Err(FetchError::NotPublic(address))
    }
}

/// Looks the host up when it is a name: every address it has must be allowed (one private address among public ones
/// is a host pointing into the network), and the connection goes to the first.
async fn resolve(url: Url, policy: FetchPolicy) -> Result<Target, FetchError> {
    if host_address(&url).is_some() {
        return Ok(Target { url, pinned: None });
    }
    let host = url.host_str().ok_or(FetchError::InvalidUrl)?.to_owned();
    let port = url.port_or_known_default().ok_or(FetchError::InvalidUrl)?;
    let unresolved = || FetchError::Unresolved(host.clone());
    let addresses: Vec<SocketAddr> = tokio::time::timeout(TIMEOUT, tokio::net::lookup_host((host.as_str(), port)))
        .await
        .map_err(|_| unresolved())?
        .map_err(|_| unresolved())?
        .collect();
    pin(url, host, &addresses, policy)
}

fn pin(url: Url, host: String, addresses: &[SocketAddr], policy: FetchPolicy) -> Result<Target, FetchError> {
    let first = *addresses.first().ok_or_else(|| FetchError::Unresolved(host.clone()))?;
    for address in addresses {
        allowed(address.ip(), policy)?;
    }
    Ok(Target {
        url,
        pinned: Some((host, first)),
    })
}

fn unreachable(error: reqwest::Error) -> FetchError {
    FetchError::Unreachable(if error.is_timeout() {
        "no answer within 5 seconds".to_owned()
    } else if error.is_connect() {
        "the connection failed".to_owned()
    } else {
        error.without_url().to_string()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const STRICT: FetchPolicy = FetchPolicy { allow_local: false };
    const LOCAL: FetchPolicy = FetchPolicy { allow_local: true };

    #[test]
    fn only_https_is_fetched_unless_local_fetches_are_allowed() {
        assert_eq!(
            checked_url("http://example.com/a.png", STRICT),
            Err(FetchError::NotHttps)
        );
        assert!(checked_url("https://example.com/a.png", STRICT).is_ok());
        assert!(checked_url("http://127.0.0.1:8080/a.png", LOCAL).is_ok());
        for url in [
            "ftp://example.com/a.png",
            "file:///etc/passwd",
            "data:image/png;base64,AA==",
            "a.png",
            "",
        ] {
            assert_eq!(checked_url(url, LOCAL), Err(FetchError::InvalidUrl), "{url}");
        }
    }

    #[test]
    fn an_address_in_the_url_must_be_public() {
        for (url, address) in [
            ("https://127.0.0.1/a.png", "127.0.0.1"),
            ("https://10.1.2.3/a.png", "10.1.2.3"),
            ("https://169.254.169.254/latest/meta-data", "169.254.169.254"),
            ("https://[::1]/a.png", "::1"),
            ("https://[fc00::5]/a.png", "fc00::5"),
            ("https://[::ffff:127.0.0.1]/a.png", "::ffff:127.0.0.1"),
            ("https://0x7f.1/a.png", "127.0.0.1"),
            ("https://2130706433/a.png", "127.0.0.1"),
        ] {
            assert_eq!(
                checked_url(url, STRICT),
                Err(FetchError::NotPublic(address.parse().unwrap())),
                "{url}"
            );
        }
        assert!(checked_url("https://93.184.215.14/a.png", STRICT).is_ok());
    }

    #[test]
    fn a_name_is_pinned_to_its_first_address_and_refused_if_any_is_private() {
        let url = Url::parse("https://photos.example.com/a.png").unwrap();
        let public: SocketAddr = "93.184.215.14:443".parse().unwrap();
        let private: SocketAddr = "10.0.0.7:443".parse().unwrap();
        let target = pin(url.clone(), "photos.example.com".into(), &[public], STRICT).unwrap();
        assert_eq!(target.pinned, Some(("photos.example.com".into(), public)));
        assert_eq!(
            pin(url.clone(), "photos.example.com".into(), &[public, private], STRICT),
            Err(FetchError::NotPublic(private.ip()))
        );
        assert_eq!(
            pin(url, "photos.example.com".into(), &[], STRICT),
            Err(FetchError::Unresolved("photos.example.com".into()))
        );
    }

    #[tokio::test]
    async fn localhost_by_name_is_refused_after_its_lookup() {
        let refused = fetch_bytes("https://localhost/a.png", STRICT).await;
        assert!(
            matches!(refused, Err(FetchError::NotPublic(address)) if address.is_loopback()),
            "{refused:?}"
        );
    }
}
