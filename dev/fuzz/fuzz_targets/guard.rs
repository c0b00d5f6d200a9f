//! `guard`: the SSRF guard's offline check over arbitrary input, for each
//! client. No panic; an allowed verdict never has an address inside a
//! range the default policy denies, checked by the simple test below
//! (written apart from urikit-guard's tables: CIDR strings and shifts).
#![no_main]

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use libfuzzer_sys::fuzz_target;
use urikit_guard::{Client, Guard, Policy};

const DENIED_V4: &[&str] = &[
    "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
    "192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24", "192.168.0.0/16", "198.18.0.0/15",
    "198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4",
];
const DENIED_V6: &[&str] = &["::1/128", "::/128", "fc00::/7", "fe80::/10", "ff00::/8", "2001:db8::/32", "100::/64"];

fn inside(ip: IpAddr, cidr: &str) -> bool {
    let (a, l) = cidr.split_once('/').unwrap();
    let len: u32 = l.parse().unwrap();
    match (ip, a.parse::<IpAddr>().unwrap()) {
        (IpAddr::V4(x), IpAddr::V4(n)) => len == 0 || u32::from(x) >> (32 - len) == u32::from(n) >> (32 - len),
        (IpAddr::V6(x), IpAddr::V6(n)) => len == 0 || u128::from(x) >> (128 - len) == u128::from(n) >> (128 - len),
        _ => false,
    }
}

/// The IPv4 addresses an IPv6 address carries, by the simple rules.
fn carried(ip: Ipv6Addr) -> Vec<Ipv4Addr> {
    let s = ip.segments();
    let b = u128::from(ip);
    let last = Ipv4Addr::from(b as u32);
    let mut out = Vec::new();
    if s[..5] == [0; 5] && (s[5] == 0xffff || s[5] == 0) {
        out.push(last);
    }
    if s[0] == 0x64 && s[1] == 0xff9b {
        out.push(last);
    }
    if s[0] == 0x2002 {
        out.push(Ipv4Addr::from((b >> 80) as u32));
    }
    if s[0] == 0x2001 && s[1] == 0 {
        out.push(Ipv4Addr::from((b >> 64) as u32));
        out.push(Ipv4Addr::from(!(b as u32)));
    }
    out
}

fn denied(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(_) => DENIED_V4.iter().any(|c| inside(ip, c)),
        IpAddr::V6(v6) => {
            DENIED_V6.iter().any(|c| inside(ip, c)) || carried(v6).into_iter().any(|v4| denied(IpAddr::V4(v4)))
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for client in Client::ALL.into_iter().filter(|c| c.is_available()) {
        let guard = Guard::new(Policy::default(), client);
        let v = guard.verdict(text, false);
        if v.allowed {
            for a in &v.addresses {
                assert!(!denied(*a), "{client} allowed {text:?} at {a}");
            }
            if let Some(a) = v.host.as_deref().and_then(|h| client.address_of(h)) {
                assert!(!denied(a), "{client} allowed {text:?}, host {a}");
            }
        }
        // Every refusal names a kind with a stable name and a lower-case message.
        if let Some(r) = &v.reason {
            assert!(!r.kind.name().is_empty());
            let m = r.to_string();
            assert!(m.chars().next().is_none_or(|c| !c.is_uppercase()), "{m}");
        }
    }
});
