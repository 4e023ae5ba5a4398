//! Who is asking: the socket's peer, or the client a trusted proxy names in
//! `X-Forwarded-For`. Rate limits and reservation caps count per client address.

use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::Response;

use crate::domain::ClientAddress;
use crate::settings::TrustedProxies;
use crate::state::AppState;

/// Puts the request's `ClientAddress` in its extensions for the limits and handlers.
pub async fn record_client_address(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    let client = client_address_of(&request, &state.settings.trusted_proxies);
    request.extensions_mut().insert(client);
    next.run(request).await
}

/// Who sent `request`: its socket's peer, or the client a proxy in `proxies` names.
pub fn client_address_of(request: &Request, proxies: &TrustedProxies) -> ClientAddress {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::from([0, 0, 0, 0]), |ConnectInfo(address)| address.ip());
    let forwarded_for = request
        .headers()
        .get("x-forwarded-for")
        .and_then(|value| value.to_str().ok());
    ClientAddress::new(proxies.client_address(peer, forwarded_for))
}

impl<S: Send + Sync> FromRequestParts<S> for ClientAddress {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        // Every route is behind `record_client_address`; a router built without it
        // (a unit test's) counts all its requests as one client.
        Ok(parts
            .extensions
            .get::<Self>()
            .copied()
            .unwrap_or(Self::new(IpAddr::from([0, 0, 0, 0]))))
    }
}

#[cfg(test)]
mod tests {
    use super::ClientAddress;

    #[test]
    fn an_ipv6_client_is_its_64_block() {
        let first = ClientAddress::new("2001:db8:1:2:aaaa::1".parse().unwrap());
        let second = ClientAddress::new("2001:db8:1:2:bbbb::9".parse().unwrap());
        assert_eq!(first, second);
        assert_eq!(first.to_string(), "2001:db8:1:2::/64");
        assert_eq!(
            ClientAddress::new("::ffff:192.0.2.1".parse().unwrap()).to_string(),
            "192.0.2.1"
        );
    }
}
