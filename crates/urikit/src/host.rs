//! The host subcomponent (3.2.2): IP literals, IPv4 addresses and registered
//! names.
//!
//! The parser classifies the host while it validates it ("first-match-wins":
//! a string that matches `IPv4address` is an IPv4 address, anything else that
//! matches `reg-name` is a registered name). [`Host`] is what the accessors
//! return: the text as written, its kind, and the typed value.

use core::fmt;
use core::net::{Ipv4Addr, Ipv6Addr};

use crate::chars::{DIGIT, HEXDIG, IPVFUTURE, hex_value};

/// Which alternative of the `host` rule a host matched.
///
/// ```
/// use urikit::{HostKind, Uri};
/// assert_eq!(Uri::parse("http://127.0.0.1/").unwrap().host_kind(), Some(HostKind::Ipv4));
/// assert_eq!(Uri::parse("http://127.0.0.256/").unwrap().host_kind(), Some(HostKind::RegName));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[repr(u32)]
pub enum HostKind {
    /// `reg-name`: a registered name, possibly empty.
    RegName,
    /// `IPv4address`: dotted-decimal, four `dec-octet`s.
    Ipv4,
    /// `IP-literal` holding an `IPv6address`.
    Ipv6,
    /// `IP-literal` holding an `IPvFuture`.
    IpvFuture,
}

impl HostKind {
    /// The stable name used in machine output: `reg-name`, `ipv4`, `ipv6`,
    /// `ipvfuture`.
    ///
    /// ```
    /// assert_eq!(urikit::HostKind::Ipv6.name(), "ipv6");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            HostKind::RegName => "reg-name",
            HostKind::Ipv4 => "ipv4",
            HostKind::Ipv6 => "ipv6",
            HostKind::IpvFuture => "ipvfuture",
        }
    }
}

/// A host as written in a URI, with its kind.
///
/// ```
/// use urikit::{HostData, Uri};
/// use std::net::Ipv6Addr;
/// let uri = Uri::parse("http://[2001:db8::7]/c=GB").unwrap();
/// let host = uri.host().unwrap();
/// assert_eq!(host.as_str(), "[2001:db8::7]");
/// assert_eq!(host.data(), HostData::Ipv6("2001:db8::7".parse::<Ipv6Addr>().unwrap()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Host<'a> {
    text: &'a str,
    kind: HostKind,
}

/// The typed value of a host.
///
/// ```
/// use urikit::{HostData, Uri};
/// let uri = Uri::parse("http://[v7.abc:d]/").unwrap();
/// assert_eq!(uri.host().unwrap().data(), HostData::IpvFuture { version: "7", address: "abc:d" });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HostData<'a> {
    /// A registered name, raw (percent-encodings not decoded, case kept).
    RegName(&'a str),
    /// An IPv4 address.
    Ipv4(Ipv4Addr),
    /// An IPv6 address.
    Ipv6(Ipv6Addr),
    /// An IPvFuture literal: the hex version after `v`, and the text after
    /// the dot.
    IpvFuture {
        /// The version flag's hex digits.
        version: &'a str,
        /// The address text after the `.`.
        address: &'a str,
    },
}

impl<'a> Host<'a> {
    pub(crate) const fn new(text: &'a str, kind: HostKind) -> Host<'a> {
        Host { text, kind }
    }

    /// The host exactly as written; IP literals keep their brackets.
    ///
    /// ```
    /// let uri = urikit::Uri::parse("http://[::1]:80/").unwrap();
    /// assert_eq!(uri.host().unwrap().as_str(), "[::1]");
    /// ```
    pub const fn as_str(&self) -> &'a str {
        self.text
    }

    /// Which alternative of `host` it matched.
    ///
    /// ```
    /// use urikit::HostKind;
    /// let uri = urikit::Uri::parse("http://example.com/").unwrap();
    /// assert_eq!(uri.host().unwrap().kind(), HostKind::RegName);
    /// ```
    pub const fn kind(&self) -> HostKind {
        self.kind
    }

    /// The typed value.
    ///
    /// ```
    /// use urikit::HostData;
    /// use std::net::Ipv4Addr;
    /// let uri = urikit::Uri::parse("http://10.0.0.1/").unwrap();
    /// assert_eq!(uri.host().unwrap().data(), HostData::Ipv4(Ipv4Addr::new(10, 0, 0, 1)));
    /// ```
    pub fn data(&self) -> HostData<'a> {
        let b = self.text.as_bytes();
        match self.kind {
            HostKind::RegName => HostData::RegName(self.text),
            // The parser checked these forms, so the fallbacks never run;
            // they keep this function free of panics all the same.
            HostKind::Ipv4 => HostData::Ipv4(parse_ipv4(b).unwrap_or(Ipv4Addr::UNSPECIFIED)),
            HostKind::Ipv6 => {
                let end = self.zone_start().unwrap_or(b.len() - 1);
                HostData::Ipv6(parse_ipv6(&b[1..end]).unwrap_or(Ipv6Addr::UNSPECIFIED))
            }
            HostKind::IpvFuture => {
                let inner = &self.text[2..self.text.len() - 1];
                let dot = inner.find('.').unwrap_or(inner.len());
                HostData::IpvFuture {
                    version: &inner[..dot],
                    address: inner.get(dot + 1..).unwrap_or(""),
                }
            }
        }
    }

    /// The zone identifier of an IPv6 address, without its `%25` (RFC
    /// 6874) or `%` (RFC 9844 user input), still percent-encoded; `None`
    /// when there is none. Only the parse options that read zones
    /// ([`crate::ParseOptions`]) accept a host with one.
    ///
    /// ```
    /// use urikit::ParseOptions;
    /// let u = ParseOptions::new().zone_id(true).parse_uri("http://[fe80::1%25eth0]/")?;
    /// let host = u.host().unwrap();
    /// assert_eq!(host.zone(), Some("eth0"));
    /// assert_eq!(host.ipv6(), Some("fe80::1".parse().unwrap()));
    /// assert!(urikit::Uri::parse("http://[fe80::1%25eth0]/").is_err());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn zone(&self) -> Option<&'a str> {
        let p = self.zone_start()?;
        let zone = &self.text[p..self.text.len() - 1];
        // The parser's rule: "%25" and at least one byte is RFC 6874's form.
        Some(match zone.strip_prefix("%25") {
            Some(z) if !z.is_empty() => z,
            _ => &zone[1..],
        })
    }

    /// The index of the `%` that starts a zone identifier in the text.
    fn zone_start(&self) -> Option<usize> {
        match self.kind {
            HostKind::Ipv6 => self.text.find('%'),
            _ => None,
        }
    }

    /// The IPv4 address, if the host is one.
    ///
    /// ```
    /// let uri = urikit::Uri::parse("http://1.2.3.4/").unwrap();
    /// assert_eq!(uri.host().unwrap().ipv4(), Some([1, 2, 3, 4].into()));
    /// ```
    pub fn ipv4(&self) -> Option<Ipv4Addr> {
        match self.data() {
            HostData::Ipv4(a) => Some(a),
            _ => None,
        }
    }

    /// The IPv6 address, if the host is one.
    ///
    /// ```
    /// let uri = urikit::Uri::parse("http://[::1]/").unwrap();
    /// assert_eq!(uri.host().unwrap().ipv6(), Some(std::net::Ipv6Addr::LOCALHOST));
    /// ```
    pub fn ipv6(&self) -> Option<Ipv6Addr> {
        match self.data() {
            HostData::Ipv6(a) => Some(a),
            _ => None,
        }
    }

    /// The registered name, raw, if the host is one.
    ///
    /// ```
    /// let uri = urikit::Uri::parse("http://Example.COM/").unwrap();
    /// assert_eq!(uri.host().unwrap().reg_name(), Some("Example.COM"));
    /// ```
    pub fn reg_name(&self) -> Option<&'a str> {
        match self.kind {
            HostKind::RegName => Some(self.text),
            _ => None,
        }
    }
}

impl fmt::Display for Host<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`, where
/// `dec-octet` is 0 to 255 with no leading zero (3.2.2).
pub(crate) fn parse_ipv4(s: &[u8]) -> Option<Ipv4Addr> {
    let mut octets = [0u8; 4];
    let mut i = 0;
    for (n, octet) in octets.iter_mut().enumerate() {
        if n > 0 {
            if s.get(i) != Some(&b'.') {
                return None;
            }
            i += 1;
        }
        let (value, end) = dec_octet(s, i)?;
        *octet = value;
        i = end;
    }
    if i == s.len() {
        Some(Ipv4Addr::from(octets))
    } else {
        None
    }
}

/// One `dec-octet` at `i`: its value and the index after it.
pub(crate) fn dec_octet(s: &[u8], i: usize) -> Option<(u8, usize)> {
    let mut value: u32 = 0;
    let mut j = i;
    while j < s.len() && j - i < 3 && DIGIT.contains(s[j]) {
        value = value * 10 + u32::from(s[j] - b'0');
        j += 1;
    }
    let digits = j - i;
    // "0" alone is allowed; any other leading zero is not.
    if digits == 0 || (digits > 1 && s[i] == b'0') || value > 255 {
        return None;
    }
    // A fourth digit means the octet is too long ("1234"), not a shorter one.
    if j < s.len() && DIGIT.contains(s[j]) {
        return None;
    }
    Some((value as u8, j))
}

/// The index of the `]` after an `IPv6address` that starts at `start`, when
/// the text between is one: the parser's one-pass check, which builds no
/// value. `None` for anything else; the caller then finds the exact error
/// (or the missing `]`) with [`parse_ipv6`], which accepts the same
/// language (the tests compare the two).
#[inline]
pub(crate) fn ipv6_end(s: &[u8], start: usize) -> Option<usize> {
    let mut n = 0usize; // pieces so far
    let mut elided = false;
    let mut i = start;
    if s.get(i) == Some(&b':') {
        if s.get(i + 1) != Some(&b':') {
            return None;
        }
        elided = true;
        i += 2;
        if s.get(i) == Some(&b']') {
            return Some(i);
        }
    }
    loop {
        let p = i;
        while i < s.len() && i - p < 4 && HEXDIG.contains(s[i]) {
            i += 1;
        }
        if s.get(i) == Some(&b'.') {
            // ls32 as an IPv4address: the last two pieces, then "]".
            if (elided && n > 5) || (!elided && n != 6) {
                return None;
            }
            let mut e = i;
            while e < s.len() && (DIGIT.contains(s[e]) || s[e] == b'.') {
                e += 1;
            }
            if s.get(e) != Some(&b']') {
                return None;
            }
            parse_ipv4(&s[p..e])?;
            return Some(e);
        }
        if i == p {
            return None;
        }
        n += 1;
        match s.get(i) {
            Some(b']') if (n == 8 && !elided) || (n < 8 && elided) => return Some(i),
            Some(b':') if n < 7 || (n == 7 && !elided) => {
                i += 1;
                if s.get(i) == Some(&b':') {
                    if elided {
                        return None;
                    }
                    elided = true;
                    i += 1;
                    if s.get(i) == Some(&b']') {
                        return Some(i);
                    }
                }
            }
            // A fifth digit, a piece too many, any other byte, the end.
            _ => return None,
        }
    }
}

/// Validate an `IPv6address` (3.2.2) and return its value, or the index of
/// the first offending byte within `s`.
///
/// The nine ABNF alternatives come to: at most eight 16-bit pieces of one to
/// four hex digits, separated by single colons; at most one `::`, standing
/// for one or more zero pieces (so at most seven explicit pieces beside it);
/// and optionally, in place of the last two pieces, a dotted-decimal
/// `IPv4address`.
pub(crate) fn parse_ipv6(s: &[u8]) -> Result<Ipv6Addr, usize> {
    let len = s.len();
    let mut pieces = [0u16; 8];
    let mut n = 0usize;
    let mut elided: Option<usize> = None;
    let mut i = 0;

    if len >= 2 && s[0] == b':' && s[1] == b':' {
        elided = Some(0);
        i = 2;
    } else if len >= 1 && s[0] == b':' {
        // A lone leading colon: only a second ":" could follow it.
        return Err(1);
    }

    while i < len {
        if n == 8 || (n == 7 && elided.is_some()) {
            return Err(i);
        }
        let start = i;
        let mut value: u32 = 0;
        while i < len && HEXDIG.contains(s[i]) {
            if i - start < 4 {
                value = (value << 4) | u32::from(hex_value(s[i]).unwrap_or(0));
            }
            i += 1;
        }
        if i < len && s[i] == b'.' {
            // Where the text stops being an h16: its fifth digit, or the ".".
            let h16_end = if i - start > 4 { start + 4 } else { i };
            // ls32 as IPv4address: it must end the literal and fill the last
            // two pieces.
            if n > 6 || (elided.is_some() && n > 5) || (elided.is_none() && n != 6) {
                return Err(h16_end);
            }
            let v4 = match parse_ipv4(&s[start..]) {
                Some(v4) => v4,
                // The error is where the reading that got further failed.
                None => return Err(h16_end.max(start + ipv4_error_offset(&s[start..]))),
            };
            let o = v4.octets();
            pieces[n] = u16::from_be_bytes([o[0], o[1]]);
            pieces[n + 1] = u16::from_be_bytes([o[2], o[3]]);
            n += 2;
            break;
        }
        if i == start {
            return Err(i);
        }
        if i - start > 4 {
            return Err(start + 4);
        }
        pieces[n] = value as u16;
        n += 1;
        if i == len {
            break;
        }
        if s[i] != b':' {
            return Err(i);
        }
        if n == 8 || (n == 7 && elided.is_some()) {
            // The pieces are all there: no colon may follow.
            return Err(i);
        }
        i += 1;
        if i < len && s[i] == b':' {
            // A second "::".
            if elided.is_some() {
                return Err(i);
            }
            elided = Some(n);
            i += 1;
        } else if i == len {
            // A trailing lone colon: a piece was expected here.
            return Err(i);
        }
    }

    match elided {
        None if n == 8 => Ok(Ipv6Addr::from(pieces)),
        None => Err(len),
        Some(at) => {
            // Slide the pieces after the "::" to the end.
            let tail = n - at;
            let mut out = [0u16; 8];
            out[..at].copy_from_slice(&pieces[..at]);
            out[8 - tail..].copy_from_slice(&pieces[at..n]);
            Ok(Ipv6Addr::from(out))
        }
    }
}

/// Where `s` stops being the start of an `IPv4address`, for the error index
/// of a string that is not one.
pub(crate) fn ipv4_error_offset(s: &[u8]) -> usize {
    let mut i = 0;
    for n in 0..4 {
        if n > 0 {
            if s.get(i) != Some(&b'.') {
                return i;
            }
            i += 1;
        }
        match dec_octet_end(s, i) {
            Ok(end) => i = end,
            Err(at) => return at,
        }
    }
    i
}

/// Scan one `dec-octet` at `i`: `Ok` with the index after it, or `Err` with
/// the index of the first byte that cannot continue it (a digit past 255, a
/// digit after a leading "0", a fourth digit, or the missing first digit).
pub(crate) fn dec_octet_end(s: &[u8], i: usize) -> Result<usize, usize> {
    let mut value: u32 = 0;
    let mut j = i;
    while j < s.len() && DIGIT.contains(s[j]) {
        value = value * 10 + u32::from(s[j] - b'0');
        let digits = j + 1 - i;
        if digits > 3 || value > 255 || (digits > 1 && s[i] == b'0') {
            return Err(j);
        }
        j += 1;
    }
    if j == i { Err(j) } else { Ok(j) }
}

/// Validate `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`
/// (3.2.2, as published: one or more hex digits). ABNF strings are
/// case-insensitive, so `V` is accepted too. Returns the index of the first
/// offending byte within `s`.
pub(crate) fn validate_ipvfuture(s: &[u8]) -> Result<(), usize> {
    if !matches!(s.first(), Some(b'v' | b'V')) {
        return Err(0);
    }
    let mut i = 1;
    while i < s.len() && HEXDIG.contains(s[i]) {
        i += 1;
    }
    if i == 1 || s.get(i) != Some(&b'.') {
        return Err(i);
    }
    i += 1;
    if i == s.len() {
        return Err(i);
    }
    while i < s.len() {
        if !IPVFUTURE.contains(s[i]) {
            return Err(i);
        }
        i += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv4_dec_octets() {
        assert_eq!(parse_ipv4(b"0.0.0.0"), Some(Ipv4Addr::new(0, 0, 0, 0)));
        assert_eq!(parse_ipv4(b"255.255.255.255"), Some(Ipv4Addr::BROADCAST));
        assert_eq!(parse_ipv4(b"1.2.3.256"), None);
        assert_eq!(parse_ipv4(b"01.2.3.4"), None);
        assert_eq!(parse_ipv4(b"1.2.3"), None);
        assert_eq!(parse_ipv4(b"1.2.3.4."), None);
        assert_eq!(parse_ipv4(b"1.2.3.1000"), None);
    }

    #[test]
    fn ipv6_values() {
        let v = |s: &str| parse_ipv6(s.as_bytes());
        assert_eq!(v("::"), Ok(Ipv6Addr::UNSPECIFIED));
        assert_eq!(v("::1"), Ok(Ipv6Addr::LOCALHOST));
        assert_eq!(
            v("1:2:3:4:5:6:7:8"),
            Ok(Ipv6Addr::new(1, 2, 3, 4, 5, 6, 7, 8))
        );
        assert_eq!(v("1::"), Ok(Ipv6Addr::new(1, 0, 0, 0, 0, 0, 0, 0)));
        assert_eq!(
            v("::ffff:1.2.3.4"),
            Ok(Ipv6Addr::new(0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304))
        );
        assert_eq!(v("1:2:3:4:5:6:7:8:9"), Err(15));
        assert_eq!(v("1:2:3:4:5:6:7"), Err(13));
        assert_eq!(v(":1::"), Err(1));
        assert_eq!(v("1::2::3"), Err(5));
        assert_eq!(v("12345::"), Err(4));
        assert_eq!(v("::1.2.3.04"), Err(9));
        assert_eq!(v("1:"), Err(2));
        assert_eq!(v("1:2:3:4:5:6:7:8::"), Err(15));
        assert_eq!(v("1::2:3:4:5:6:1.2.3.4"), Err(14));
    }
}

#[cfg(test)]
mod ipv6_end_tests {
    use super::{ipv6_end, parse_ipv6};

    /// The parser's one-pass check and `parse_ipv6` accept the same
    /// strings: every string of up to 7 bytes over an alphabet that reaches
    /// each branch, then longer ones from a generator.
    #[test]
    fn ipv6_end_accepts_what_parse_ipv6_accepts() {
        fn same(inner: &[u8]) {
            let mut s = inner.to_vec();
            s.push(b']');
            let want = parse_ipv6(inner).is_ok().then_some(inner.len());
            assert_eq!(
                ipv6_end(&s, 0),
                want,
                "{:?}",
                String::from_utf8_lossy(inner)
            );
        }
        const A: &[u8] = b"0:.1fF9x";
        let mut buf = Vec::new();
        for len in 0..=7u32 {
            for mut k in 0..(A.len() as u64).pow(len) {
                buf.clear();
                for _ in 0..len {
                    buf.push(A[(k % A.len() as u64) as usize]);
                    k /= A.len() as u64;
                }
                same(&buf);
            }
        }
        // Longer: pieces of 0 to 5 digits, one or two colons between, an
        // IPv4 tail sometimes.
        let mut x: u64 = 0x1234_5678;
        let mut next = |m: u64| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) % m
        };
        for _ in 0..200_000 {
            buf.clear();
            let pieces = next(10);
            if next(4) == 0 {
                buf.extend_from_slice(b"::");
            }
            for p in 0..pieces {
                if p > 0 {
                    buf.extend_from_slice(if next(8) == 0 { b"::" } else { b":" });
                }
                for _ in 0..next(6) {
                    buf.push(b"0123456789abcdefABCDEF"[next(22) as usize]);
                }
            }
            match next(6) {
                0 => buf.extend_from_slice(b":1.2.3.4"),
                1 => buf.extend_from_slice(b"::"),
                2 => buf.extend_from_slice(b":255.255.255.255"),
                3 => buf.extend_from_slice(b":01.2.3.4"),
                _ => {}
            }
            same(&buf);
        }
    }
}
