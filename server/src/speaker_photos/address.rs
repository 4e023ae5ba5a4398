//! Which addresses the photo fetcher may connect to: public unicast only. A source's avatar address is the
//! organizer's file's, which anyone who can get a talk accepted writes into; without this check the import would
//! fetch the site's own admin ports, the cloud's metadata service (169.254.169.254) or the office network for them.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Whether `address` is a public unicast address: not private, loopback, link-local, unique-local, shared (CGNAT),
/// multicast, broadcast, unspecified, reserved, benchmarking or documentation, on IPv4 or IPv6 (an IPv4 address
/// mapped into IPv6 is judged as the IPv4 address it is).
pub fn is_public(address: IpAddr) -> bool {
    match address {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(v6),
        },
    }
}

fn is_public_v4(address: Ipv4Addr) -> bool {
    let [first, second, third, _] = address.octets();
    let this_network = first == 0;
    let shared = first == 100 && (second & 0xc0) == 64;
    let protocol_assignments = first == 192 && second == 0 && third == 0;
    let benchmarking = first == 198 && (second & 0xfe) == 18;
    let reserved = first >= 240;
    !(this_network
        || address.is_private()
        || address.is_loopback()
        || address.is_link_local()
        || address.is_multicast()
        || address.is_documentation()
        || shared
        || protocol_assignments
        || benchmarking
        || reserved)
}

/// Only global unicast (2000::/3) is public; within it, the documentation ranges, the protocol assignments
/// (2001::/23, Teredo's tunnels among them) and 6to4 (2002::/16, which wraps any IPv4 address) are not.
fn is_public_v6(address: Ipv6Addr) -> bool {
    let [first, second, ..] = address.segments();
    let global_unicast = (first & 0xe000) == 0x2000;
    let documentation = (first == 0x2001 && second == 0x0db8) || (first & 0xfff0) == 0x3ff0;
    let protocol_assignments = first == 0x2001 && second < 0x0200;
    let six_to_four = first == 0x2002;
    global_unicast && !documentation && !protocol_assignments && !six_to_four
}

#[cfg(test)]
mod tests {
    use super::is_public;

    fn public(address: &str) -> bool {
        is_public(address.parse().expect("an IP address"))
    }

    #[test]
    fn public_addresses_pass() {
        for address in [
            "93.184.215.14",
            "1.1.1.1",
            "8.8.8.8",
            "172.32.0.1",
            "100.128.0.1",
            "2606:4700::1111",
            "2a00:1450:4001:80b::200e",
            "::ffff:93.184.215.14",
        ] {
            assert!(public(address), "{address} is public");
        }
    }

    #[test]
    fn private_and_special_ipv4_addresses_are_refused() {
        for address in [
            "0.0.0.0",
            "0.1.2.3",
            "10.0.0.1",
            "10.255.255.255",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "127.0.0.1",
            "127.1.2.3",
            "169.254.169.254",
            "100.64.0.1",
            "100.127.255.255",
            "192.0.0.8",
            "192.0.2.1",
            "198.51.100.7",
            "203.0.113.9",
            "198.18.0.1",
            "198.19.255.255",
            "224.0.0.1",
            "239.255.255.250",
            "240.0.0.1",
            "255.255.255.255",
        ] {
            assert!(!public(address), "{address} is refused");
        }
    }

    #[test]
    fn private_and_special_ipv6_addresses_are_refused() {
        for address in [
            "::",
            "::1",
            "fc00::1",
            "fd12:3456:789a::1",
            "fe80::1",
            "fec0::1",
            "ff02::1",
            "2001:db8::1",
            "3fff::1",
            "2001::1",
            "2001:0:4136:e378::1",
            "2002:7f00:1::1",
            "64:ff9b::7f00:1",
            "100::1",
        ] {
            assert!(!public(address), "{address} is refused");
        }
    }

    #[test]
    fn ipv4_mapped_addresses_are_judged_as_ipv4() {
        for address in [
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "::ffff:169.254.169.254",
            "::ffff:192.168.0.1",
            "::ffff:0.0.0.0",
        ] {
            assert!(!public(address), "{address} is refused");
        }
    }
}
