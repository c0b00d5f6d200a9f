//! IPv6 literals that embed an internal IPv4 address (RFC 4291 2.5.5):
//! a check of IPv4 addresses alone does not see where they lead.

use core::net::{Ipv4Addr, Ipv6Addr};

/// The embedded IPv4 address of an IPv4-mapped (`::ffff:0:0/96`) or
/// IPv4-compatible (`::/96`, but not `::` or `::1`) address, whether it is
/// the compatible form, and the internal range it falls in; `None` when
/// there is none or it is not internal.
pub(super) fn mapped_internal(addr: Ipv6Addr) -> Option<(Ipv4Addr, bool, &'static str)> {
    let s = addr.segments();
    if s[..5] != [0; 5] {
        return None;
    }
    let compatible = match s[5] {
        0xffff => false,
        // `::` and `::1` are IPv6's own unspecified and loopback addresses.
        0 if s[6] != 0 || s[7] > 1 => true,
        _ => return None,
    };
    let v4 = Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8);
    let range = if v4.is_loopback() {
        "loopback"
    } else if v4.is_private() {
        "private"
    } else if v4.is_link_local() {
        "link-local"
    } else if v4.is_unspecified() {
        "unspecified"
    } else {
        return None;
    };
    Some((v4, compatible, range))
}
