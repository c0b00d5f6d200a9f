//! The slow path of `IP-literal` (RFC 3986 3.2.2): IPvFuture, exact
//! errors, and IPv6 zone identifiers (RFC 6874, and the raw form of RFC
//! 9844 user input) where the profile reads them. The common case, an
//! IPv6 address and its `]`, is found in one pass in `parse_ip_literal_p`
//! (`authority.rs`).

use super::{Meta, err, profile, scalar_scan};
use crate::chars;
use crate::error::{ErrorKind, ParseError};
use crate::host::{HostKind, parse_ipv6, validate_ipvfuture};

/// Finds the `]` of the IP literal at `i` and validates what it encloses,
/// with the exact error: the path for IPvFuture and for errors.
#[cold]
#[inline(never)]
pub(super) fn ip_literal_slow<const P: u8>(
    s: &[u8],
    i: usize,
    m: &mut Meta,
) -> Result<usize, ParseError> {
    let len = s.len();
    let mut j = i + 1;
    while j < len && s[j] != b']' {
        if matches!(s[j], b'/' | b'?' | b'#' | b'@' | b'[') {
            break;
        }
        j += 1;
    }
    if j == len || s[j] != b']' {
        return err(i, ErrorKind::UnclosedIpLiteral);
    }
    let inner = &s[i + 1..j];
    m.host_kind = if matches!(inner.first(), Some(b'v' | b'V')) {
        if let Err(at) = validate_ipvfuture(inner) {
            return err(i + 1 + at, ErrorKind::InvalidIpvFuture);
        }
        HostKind::IpvFuture
    } else {
        // A zone identifier, where the profile reads one, follows the
        // address after its "%".
        let (address, zone) = match inner.iter().position(|&b| b == b'%') {
            Some(p) if P & (profile::ZONE_ID | profile::ZONE_RAW) != 0 => (&inner[..p], Some(p)),
            _ => (inner, None),
        };
        if let Err(at) = parse_ipv6(address) {
            return err(i + 1 + at, ErrorKind::InvalidIpv6);
        }
        if let Some(p) = zone {
            check_zone::<P>(inner, p)
                .map_err(|at| ParseError::new(i + 1 + at, ErrorKind::InvalidZoneId))?;
        }
        HostKind::Ipv6
    };
    Ok(j)
}

/// The zone after the `%` at `inner[p]` of an IP literal's contents:
/// RFC 6874 `"%25" ZoneID`, `ZoneID = 1*( unreserved / pct-encoded )`,
/// and with [`profile::ZONE_RAW`] also the raw form of RFC 9844 user input,
/// `"%" 1*( unreserved / pct-encoded )` (as `fe80::1%eth0` is typed). A
/// `%25` followed by a zone reads as RFC 6874's. Returns the index in
/// `inner` of the first byte that does not fit.
fn check_zone<const P: u8>(inner: &[u8], p: usize) -> Result<(), usize> {
    let from = if inner[p..].starts_with(b"%25") && inner.len() > p + 3 {
        p + 3
    } else if P & profile::ZONE_RAW != 0 && inner.len() > p + 1 {
        p + 1
    } else {
        return Err(p);
    };
    match scalar_scan(inner, from, &chars::UNRESERVED) {
        Ok(end) if end == inner.len() => Ok(()),
        Ok(end) | Err(end) => Err(end),
    }
}
