//! The address ranges the guard denies, one table row per registry row.
//!
//! Sources: the IANA IPv4 Special-Purpose Address Registry
//! (<https://www.iana.org/assignments/iana-ipv4-special-registry/>), the
//! IANA IPv6 Special-Purpose Address Registry
//! (<https://www.iana.org/assignments/iana-ipv6-special-registry/>), the
//! IPv4 and IPv6 multicast registries, and the IANA IPv6 Address Space
//! registry (only `2000::/3` is allocated global unicast). Rows of the
//! special-purpose registries marked "globally reachable: true" (AS112,
//! AMT, the TURN and PCP anycast addresses outside 192.0.0.0/24) are left
//! out: a public-internet policy has no reason to refuse them.

use core::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// What a range means for a policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Class {
    /// Denied by every preset (loopback, link-local, multicast, ...).
    Local,
    /// Denied by the `public` preset, allowed by `private` (RFC 1918,
    /// CGNAT, unique-local).
    Private,
    /// Not an address a request should go to in any network (documentation,
    /// benchmarking, reserved, discard): denied by every preset.
    Reserved,
    /// An IPv6 form that embeds an IPv4 address: the verdict is the
    /// embedded address's.
    Embedded(Embedding),
}

/// Where an IPv6 form carries its IPv4 address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Embedding {
    /// The last 32 bits (IPv4-mapped, IPv4-compatible, NAT64 /96).
    Last32,
    /// RFC 6052's /48 layout (bits 48..63 and 72..87) and the last 32 bits:
    /// the local-use prefix `64:ff9b:1::/48` may carry either.
    Nat64Local,
    /// 6to4: bits 16..47.
    SixToFour,
    /// Teredo: the server in bits 32..63, the client in the last 32 bits
    /// with every bit inverted; both are checked.
    Teredo,
}

/// One row: a network, the registry's name for it and the RFC it cites.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// The network's first address (bits beyond `len` are zero).
    pub addr: IpAddr,
    /// The prefix length.
    pub len: u8,
    /// The registry's name of the range, lower-cased.
    pub name: &'static str,
    /// The RFC the registry row cites.
    pub rfc: &'static str,
    /// What it means for a policy.
    pub class: Class,
}

impl Range {
    /// Whether `ip` is inside this range (an IPv4 address is never inside
    /// an IPv6 range, nor the reverse: embedded forms are decoded first).
    ///
    /// ```
    /// use urikit_guard::ranges::IPV4;
    /// let loopback = IPV4.iter().find(|r| r.name == "loopback").unwrap();
    /// assert!(loopback.contains("127.9.9.9".parse().unwrap()));
    /// ```
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.addr, ip) {
            (IpAddr::V4(n), IpAddr::V4(a)) => {
                prefix_eq(u32::from(n).into(), u32::from(a).into(), 32, self.len)
            }
            (IpAddr::V6(n), IpAddr::V6(a)) => {
                prefix_eq(u128::from(n), u128::from(a), 128, self.len)
            }
            _ => false,
        }
    }
}

fn prefix_eq(net: u128, addr: u128, bits: u8, len: u8) -> bool {
    if len == 0 {
        return true;
    }
    let shift = u32::from(bits - len.min(bits));
    (net >> shift) == (addr >> shift)
}

#[allow(clippy::too_many_arguments)]
const fn v4(
    a: u8,
    b: u8,
    c: u8,
    d: u8,
    len: u8,
    name: &'static str,
    rfc: &'static str,
    class: Class,
) -> Range {
    Range {
        addr: IpAddr::V4(Ipv4Addr::new(a, b, c, d)),
        len,
        name,
        rfc,
        class,
    }
}

const fn v6(s: [u16; 8], len: u8, name: &'static str, rfc: &'static str, class: Class) -> Range {
    Range {
        addr: IpAddr::V6(Ipv6Addr::new(
            s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7],
        )),
        len,
        name,
        rfc,
        class,
    }
}

use Class::{Local, Private, Reserved};

/// The IPv4 rows, most specific first where they nest.
#[rustfmt::skip]
pub const IPV4: &[Range] = &[
    // IANA IPv4 special-purpose: "0.0.0.0/8, This network, RFC 791 section 3.2"
    // (0.0.0.0/32 "this host on this network", RFC 1122 3.2.1.3, is inside).
    v4(0, 0, 0, 0, 8, "this network", "RFC 791", Local),
    // "10.0.0.0/8, Private-Use, RFC 1918"
    v4(10, 0, 0, 0, 8, "private-use", "RFC 1918", Private),
    // "100.64.0.0/10, Shared Address Space, RFC 6598" (CGNAT)
    v4(100, 64, 0, 0, 10, "shared address space", "RFC 6598", Private),
    // "127.0.0.0/8, Loopback, RFC 1122 section 3.2.1.3"
    v4(127, 0, 0, 0, 8, "loopback", "RFC 1122", Local),
    // "169.254.0.0/16, Link Local, RFC 3927" (holds 169.254.169.254, the
    // metadata service of AWS, GCP, Azure, Oracle, DigitalOcean, OpenStack)
    v4(169, 254, 0, 0, 16, "link local", "RFC 3927", Local),
    // "172.16.0.0/12, Private-Use, RFC 1918"
    v4(172, 16, 0, 0, 12, "private-use", "RFC 1918", Private),
    // "192.0.0.0/24, IETF Protocol Assignments, RFC 6890 section 2.1" (the
    // whole block, with DS-Lite 192.0.0.0/29 and NAT64 discovery
    // 192.0.0.170/31; Oracle's legacy metadata 192.0.0.192 is inside)
    v4(192, 0, 0, 0, 24, "ietf protocol assignments", "RFC 6890", Reserved),
    // "192.0.2.0/24, Documentation (TEST-NET-1), RFC 5737"
    v4(192, 0, 2, 0, 24, "documentation (test-net-1)", "RFC 5737", Reserved),
    // "192.88.99.0/24, Deprecated (6to4 Relay Anycast), RFC 7526"
    v4(192, 88, 99, 0, 24, "deprecated (6to4 relay anycast)", "RFC 7526", Reserved),
    // "192.168.0.0/16, Private-Use, RFC 1918"
    v4(192, 168, 0, 0, 16, "private-use", "RFC 1918", Private),
    // "198.18.0.0/15, Benchmarking, RFC 2544"
    v4(198, 18, 0, 0, 15, "benchmarking", "RFC 2544", Reserved),
    // "198.51.100.0/24, Documentation (TEST-NET-2), RFC 5737"
    v4(198, 51, 100, 0, 24, "documentation (test-net-2)", "RFC 5737", Reserved),
    // "203.0.113.0/24, Documentation (TEST-NET-3), RFC 5737"
    v4(203, 0, 113, 0, 24, "documentation (test-net-3)", "RFC 5737", Reserved),
    // IPv4 Multicast Address Space Registry: "224.0.0.0/4", RFC 5771
    v4(224, 0, 0, 0, 4, "multicast", "RFC 5771", Local),
    // "255.255.255.255/32, Limited Broadcast, RFC 8190 / RFC 919 section 7"
    // (listed before 240.0.0.0/4, which holds it, for its name)
    v4(255, 255, 255, 255, 32, "limited broadcast", "RFC 919", Local),
    // "240.0.0.0/4, Reserved, RFC 1112 section 4"
    v4(240, 0, 0, 0, 4, "reserved", "RFC 1112", Reserved),
];

use Class::Embedded;
use Embedding::{Last32, Nat64Local, SixToFour, Teredo};

/// The IPv6 rows, most specific first where they nest. An address outside
/// every row and outside `2000::/3` is denied too (see
/// [`GLOBAL_UNICAST`]).
#[rustfmt::skip]
pub const IPV6: &[Range] = &[
    // IANA IPv6 special-purpose: "::1/128, Loopback Address, RFC 4291"
    v6([0, 0, 0, 0, 0, 0, 0, 1], 128, "loopback address", "RFC 4291", Local),
    // "::/128, Unspecified Address, RFC 4291"
    v6([0; 8], 128, "unspecified address", "RFC 4291", Local),
    // "::ffff:0:0/96, IPv4-mapped Address, RFC 4291"
    v6([0, 0, 0, 0, 0, 0xffff, 0, 0], 96, "ipv4-mapped address", "RFC 4291", Embedded(Last32)),
    // IPv4-compatible ::a.b.c.d (RFC 4291 section 2.5.5.1, deprecated; in
    // IANA's "::/8 Reserved by IETF"): read by the embedded address.
    v6([0; 8], 96, "ipv4-compatible address", "RFC 4291", Embedded(Last32)),
    // "64:ff9b::/96, IPv4-IPv6 Translat., RFC 6052"
    v6([0x64, 0xff9b, 0, 0, 0, 0, 0, 0], 96, "ipv4-ipv6 translat.", "RFC 6052", Embedded(Last32)),
    // "64:ff9b:1::/48, IPv4-IPv6 Translat. (local use), RFC 8215"
    v6([0x64, 0xff9b, 1, 0, 0, 0, 0, 0], 48, "ipv4-ipv6 translat. (local use)", "RFC 8215", Embedded(Nat64Local)),
    // "100::/64, Discard-Only Address Block, RFC 6666"
    v6([0x100, 0, 0, 0, 0, 0, 0, 0], 64, "discard-only address block", "RFC 6666", Reserved),
    // "100:0:0:1::/64, Dummy IPv6 Prefix, RFC 9780"
    v6([0x100, 0, 0, 1, 0, 0, 0, 0], 64, "dummy ipv6 prefix", "RFC 9780", Reserved),
    // "2001::/32, TEREDO, RFC 4380 / RFC 8190"
    v6([0x2001, 0, 0, 0, 0, 0, 0, 0], 32, "teredo", "RFC 4380", Embedded(Teredo)),
    // "2001:2::/48, Benchmarking, RFC 5180 / RFC Errata 1752"
    v6([0x2001, 2, 0, 0, 0, 0, 0, 0], 48, "benchmarking", "RFC 5180", Reserved),
    // "2001:10::/28, Deprecated (previously ORCHID), RFC 4843"
    v6([0x2001, 0x10, 0, 0, 0, 0, 0, 0], 28, "deprecated (previously orchid)", "RFC 4843", Reserved),
    // "2001:20::/28, ORCHIDv2, RFC 7343"
    v6([0x2001, 0x20, 0, 0, 0, 0, 0, 0], 28, "orchidv2", "RFC 7343", Reserved),
    // "2001:db8::/32, Documentation, RFC 3849"
    v6([0x2001, 0xdb8, 0, 0, 0, 0, 0, 0], 32, "documentation", "RFC 3849", Reserved),
    // "2002::/16, 6to4, RFC 3056"
    v6([0x2002, 0, 0, 0, 0, 0, 0, 0], 16, "6to4", "RFC 3056", Embedded(SixToFour)),
    // "3fff::/20, Documentation, RFC 9637"
    v6([0x3fff, 0, 0, 0, 0, 0, 0, 0], 20, "documentation", "RFC 9637", Reserved),
    // "5f00::/16, Segment Routing (SRv6) SIDs, RFC 9602"
    v6([0x5f00, 0, 0, 0, 0, 0, 0, 0], 16, "segment routing (srv6) sids", "RFC 9602", Reserved),
    // "fc00::/7, Unique-Local, RFC 4193" (holds AWS's IPv6 metadata
    // address fd00:ec2::254, which the policy denies by name of address)
    v6([0xfc00, 0, 0, 0, 0, 0, 0, 0], 7, "unique-local", "RFC 4193", Private),
    // "fe80::/10, Link-Local Unicast, RFC 4291"
    v6([0xfe80, 0, 0, 0, 0, 0, 0, 0], 10, "link-local unicast", "RFC 4291", Local),
    // IPv6 Multicast Address Space Registry: "ff00::/8", RFC 4291 section 2.7
    v6([0xff00, 0, 0, 0, 0, 0, 0, 0], 8, "multicast", "RFC 4291", Local),
];

/// IANA IPv6 Address Space: `2000::/3` is the only block allocated as
/// global unicast (RFC 4291); the rest is "reserved by IETF" (site-local
/// `fec0::/10`, RFC 3879, among it). An address outside it and outside
/// every row of [`IPV6`] is denied as this row.
pub const GLOBAL_UNICAST: Range = v6(
    [0x2000, 0, 0, 0, 0, 0, 0, 0],
    3,
    "outside global unicast (reserved by ietf)",
    "RFC 4291",
    Reserved,
);

/// The cloud metadata addresses, denied by every preset even where their
/// range is allowed (the `private` preset allows 100.64.0.0/10 and
/// fc00::/7).
#[rustfmt::skip]
pub const METADATA: &[(IpAddr, &str)] = &[
    // AWS, GCP, Azure, Oracle, DigitalOcean, Hetzner, OpenStack IMDS
    (IpAddr::V4(Ipv4Addr::new(169, 254, 169, 254)), "cloud metadata (aws, gcp, azure, oracle, digitalocean, openstack)"),
    // AWS ECS task metadata v2
    (IpAddr::V4(Ipv4Addr::new(169, 254, 170, 2)), "cloud metadata (aws ecs)"),
    // Alibaba Cloud ECS metadata
    (IpAddr::V4(Ipv4Addr::new(100, 100, 100, 200)), "cloud metadata (alibaba)"),
    // Azure's WireServer (host platform channel; a public address)
    (IpAddr::V4(Ipv4Addr::new(168, 63, 129, 16)), "cloud metadata (azure wireserver)"),
    // Oracle Cloud's legacy metadata address
    (IpAddr::V4(Ipv4Addr::new(192, 0, 0, 192)), "cloud metadata (oracle)"),
    // AWS IMDS over IPv6 (Nitro)
    (IpAddr::V6(Ipv6Addr::new(0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254)), "cloud metadata (aws ipv6)"),
];

/// The row of `ip` in the tables ([`IPV4`], [`IPV6`], then
/// [`GLOBAL_UNICAST`] for IPv6 outside `2000::/3`), if any. Embedded
/// forms are returned as their row; [`embedded`] decodes them.
///
/// ```
/// use urikit_guard::ranges::{Class, row};
/// assert_eq!(row("10.1.2.3".parse().unwrap()).unwrap().class, Class::Private);
/// assert!(row("93.184.216.34".parse().unwrap()).is_none());
/// assert_eq!(row("fec0::1".parse().unwrap()).unwrap().rfc, "RFC 4291");
/// ```
pub fn row(ip: IpAddr) -> Option<&'static Range> {
    let table = if ip.is_ipv4() { IPV4 } else { IPV6 };
    if let Some(r) = table.iter().find(|r| r.contains(ip)) {
        return Some(r);
    }
    (ip.is_ipv6() && !GLOBAL_UNICAST.contains(ip)).then_some(&GLOBAL_UNICAST)
}

/// The IPv4 addresses an embedded form carries (one or two; Teredo's
/// server and client, the local-use NAT64 prefix's two layouts).
///
/// ```
/// use std::net::Ipv4Addr;
/// use urikit_guard::ranges::{Embedding, embedded};
/// let teredo = "2001:0:4136:e378:8000:63bf:3fff:fdd2".parse().unwrap();
/// assert_eq!(embedded(teredo, Embedding::Teredo),
///            [Ipv4Addr::new(65, 54, 227, 120), Ipv4Addr::new(192, 0, 2, 45)]);
/// ```
pub fn embedded(ip: Ipv6Addr, how: Embedding) -> Vec<Ipv4Addr> {
    let bits = u128::from(ip);
    let at = |shift: u32| Ipv4Addr::from((bits >> shift) as u32);
    match how {
        Embedding::Last32 => vec![at(0)],
        Embedding::SixToFour => vec![at(80)],
        Embedding::Teredo => vec![at(64), Ipv4Addr::from(!(bits as u32))],
        Embedding::Nat64Local => {
            // RFC 6052 2.2, /48: octets 6-7, then (after the u octet) 9-10.
            let o = ip.octets();
            vec![Ipv4Addr::new(o[6], o[7], o[9], o[10]), at(0)]
        }
    }
}
