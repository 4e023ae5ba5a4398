//! Who is asking, as one party: the address rate limits and reservation caps count by.

use std::net::{IpAddr, Ipv6Addr};

use crate::settings::canonical;

/// The client address of a request, as one party: an IPv6 client is its /64, the
/// block one household or device is given, so rotating through it changes nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClientAddress(IpAddr);

impl ClientAddress {
    pub fn new(address: IpAddr) -> Self {
        Self(match canonical(address) {
            IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & (u128::MAX << 64))),
            v4 => v4,
        })
    }

    pub fn ip(self) -> IpAddr {
        self.0
    }
}

impl std::fmt::Display for ClientAddress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            IpAddr::V6(v6) => write!(f, "{v6}/64"),
            v4 => write!(f, "{v4}"),
        }
    }
}
