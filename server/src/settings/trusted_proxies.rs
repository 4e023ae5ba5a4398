//! `TRUSTED_PROXIES`: the reverse proxies whose `X-Forwarded-For` names the client.

use std::net::IpAddr;

/// An address or a CIDR block such as `10.0.0.0/8` or `fd00::/8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IpNetwork {
    address: IpAddr,
    prefix: u8,
}

impl IpNetwork {
    pub fn parse(text: &str) -> Option<Self> {
        let (address, prefix) = match text.split_once('/') {
            Some((address, prefix)) => (address.parse::<IpAddr>().ok()?, Some(prefix.parse::<u8>().ok()?)),
            None => (text.parse::<IpAddr>().ok()?, None),
        };
        let bits = if address.is_ipv4() { 32 } else { 128 };
        let prefix = prefix.unwrap_or(bits);
        (prefix <= bits).then_some(Self { address, prefix })
    }

    pub fn contains(&self, candidate: IpAddr) -> bool {
        match (self.address, canonical(candidate)) {
            (IpAddr::V4(network), IpAddr::V4(candidate)) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(self.prefix)).unwrap_or(0);
                u32::from(network) & mask == u32::from(candidate) & mask
            }
            (IpAddr::V6(network), IpAddr::V6(candidate)) => {
                let mask = u128::MAX.checked_shl(128 - u32::from(self.prefix)).unwrap_or(0);
                u128::from(network) & mask == u128::from(candidate) & mask
            }
            _ => false,
        }
    }
}

/// An IPv4 peer can reach a dual-stack socket as `::ffff:a.b.c.d`; it is the IPv4 address.
pub fn canonical(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
        v4 => v4,
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNetwork>);

impl TrustedProxies {
    /// Comma-separated addresses or CIDR blocks; `None` names the first entry that is neither.
    pub fn parse(list: &str) -> Result<Self, String> {
        list.split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .map(|entry| IpNetwork::parse(entry).ok_or_else(|| entry.to_owned()))
            .collect::<Result<Vec<_>, _>>()
            .map(Self)
    }

    pub fn trusts(&self, peer: IpAddr) -> bool {
        self.0.iter().any(|network| network.contains(peer))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The client behind a trusted peer: the right-most `X-Forwarded-For` entry that is
    /// not itself a trusted proxy. Entries to its left were written by the client and
    /// prove nothing. An untrusted peer is the client, whatever the header says.
    pub fn client_address(&self, peer: IpAddr, forwarded_for: Option<&str>) -> IpAddr {
        let peer = canonical(peer);
        if !self.trusts(peer) {
            return peer;
        }
        let Some(header) = forwarded_for else {
            return peer;
        };
        let mut client = peer;
        for entry in header.rsplit(',') {
            let Ok(address) = entry.trim().parse::<IpAddr>() else {
                // A malformed hop ends the chain of trust; the last good address stands.
                break;
            };
            client = canonical(address);
            if !self.trusts(client) {
                break;
            }
        }
        client
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn networks_match_their_prefix_only() {
        let network = IpNetwork::parse("10.1.0.0/16").unwrap();
        assert!(network.contains(ip("10.1.200.3")));
        assert!(!network.contains(ip("10.2.0.1")));
        assert!(IpNetwork::parse("192.0.2.7").unwrap().contains(ip("::ffff:192.0.2.7")));
        assert!(IpNetwork::parse("fd00::/8").unwrap().contains(ip("fd12::1")));
        assert!(IpNetwork::parse("0.0.0.0/0").unwrap().contains(ip("203.0.113.9")));
        assert_eq!(IpNetwork::parse("10.0.0.0/33"), None);
        assert_eq!(IpNetwork::parse("proxy.internal"), None);
    }

    #[test]
    fn the_list_names_its_first_bad_entry() {
        assert_eq!(TrustedProxies::parse("10.0.0.1, 10.0.0.0/8,").unwrap().0.len(), 2);
        assert_eq!(TrustedProxies::parse("10.0.0.1,lb").unwrap_err(), "lb");
    }

    #[test]
    fn forwarded_for_counts_only_behind_a_trusted_proxy() {
        let proxies = TrustedProxies::parse("10.0.0.0/8").unwrap();
        assert_eq!(
            proxies.client_address(ip("10.0.0.2"), Some("198.51.100.1, 203.0.113.5")),
            ip("203.0.113.5"),
            "the proxy appended the real client last; the first entry is the client's own claim"
        );
        assert_eq!(
            proxies.client_address(ip("10.0.0.2"), Some("203.0.113.5, 10.0.0.9")),
            ip("203.0.113.5"),
            "a second trusted hop is skipped"
        );
        assert_eq!(proxies.client_address(ip("10.0.0.2"), None), ip("10.0.0.2"));
        assert_eq!(
            proxies.client_address(ip("192.0.2.44"), Some("203.0.113.5")),
            ip("192.0.2.44"),
            "an untrusted peer cannot choose its address"
        );
        assert_eq!(
            proxies.client_address(ip("10.0.0.2"), Some("203.0.113.5, garbage")),
            ip("10.0.0.2")
        );
        assert_eq!(
            TrustedProxies::default().client_address(ip("10.0.0.2"), Some("203.0.113.5")),
            ip("10.0.0.2")
        );
    }
}
