//! java.net.URI's reading of an IPv6 reference (`[` address [`%` scope
//! id] `]`, RFC 2732 with scope ids): which of its reasons it gives and
//! where, found by running Java 17 (`tests/it/java.rs` compares every
//! generated IPv6 edge form with it).
//!
//! Java reads the address left to right in pieces, and each piece has its
//! own reason:
//!
//! - a run of hex digits longer than four: "IPv6 hexadecimal digit
//!   sequence too long" at the run's start;
//! - a `:` (not `::`) with no hex digit after it: "Expected digits for an
//!   IPv6 address" after the `:`;
//! - an IPv4 part (hex digits followed by `.`) must run to the end of the
//!   address with only digits and dots, else "Expected IPv4 address" (after
//!   groups) or "Expected hex digits or IPv4 address" (after `::`) at its
//!   start; four decimal bytes of at most 255 each, else "Malformed IPv4
//!   address" at the first byte that is not;
//! - anything left over (a second `::`, a leading `:`, a `%` first):
//!   "Malformed IPv6 address" at the address's start; more than 16 bytes:
//!   "IPv6 address too long"; fewer than 16 without `::`: "IPv6 address
//!   too short"; 16 bytes with a `::`: "Malformed IPv6 address", all at the
//!   address's start;
//! - no `]` before the authority ends, or `[]`: "Expected closing bracket
//!   for IPv6 address" at the authority's end (at the `]` for `[]`);
//! - `%` and then `]`: "scope id expected", with no index; a scope id
//!   character other than a letter, digit, `_` or `.`: "Illegal character
//!   in scope id".
//!
//! Only an error takes this path: it reads the bytes again, allocating
//! nothing.

use super::JavaErrorKind as K;

/// Java's error: the byte index and the kind.
pub(super) type Fail = (usize, K);

/// Java's reading of the IPv6 reference whose `[` is at `open`, in an
/// authority that ends at `end`: its error, or the index after the `]`.
pub(super) fn check(b: &[u8], open: usize, end: usize) -> Result<usize, Fail> {
    let start = open + 1;
    let close = b[start..end]
        .iter()
        .position(|&c| c == b']')
        .map(|k| start + k);
    let close = match close {
        Some(q) if q > start => q,
        other => return Err((other.unwrap_or(end), K::ExpectedClosingBracket)),
    };
    let percent = b[start..close]
        .iter()
        .position(|&c| c == b'%')
        .map_or(close, |k| start + k);
    if percent == start {
        // Nothing before the "%": the address is read up to the "]".
        Address::new(b, close).read(start)?;
        return Ok(close + 1);
    }
    Address::new(b, percent).read(start)?;
    if percent < close {
        if percent + 1 == close {
            return Err((close, K::ScopeIdExpected));
        }
        if let Some(k) = b[percent + 1..close]
            .iter()
            .position(|&c| !(c.is_ascii_alphanumeric() || c == b'_' || c == b'.'))
        {
            return Err((percent + 1 + k, K::IllegalCharacterInScopeId));
        }
    }
    Ok(close + 1)
}

/// The address's bytes up to `end` (the `%` or the `]`), and how many
/// address bytes the pieces read so far stand for.
struct Address<'a> {
    b: &'a [u8],
    end: usize,
    bytes: u32,
}

impl<'a> Address<'a> {
    fn new(b: &'a [u8], end: usize) -> Self {
        Address { b, end, bytes: 0 }
    }

    fn is(&self, p: usize, c: u8) -> bool {
        p < self.end && self.b[p] == c
    }

    fn double_colon(&self, p: usize) -> bool {
        self.is(p, b':') && self.is(p + 1, b':')
    }

    fn run(&self, p: usize, f: impl Fn(u8) -> bool) -> usize {
        p + self.b[p..self.end].iter().take_while(|&&c| f(c)).count()
    }

    fn hex_end(&self, p: usize) -> usize {
        self.run(p, |c| c.is_ascii_hexdigit())
    }

    /// The whole address from `start`.
    fn read(&mut self, start: usize) -> Result<(), Fail> {
        let mut compressed = false;
        let mut p = start;
        match self.groups(start)? {
            Some(q) => {
                p = q;
                if self.double_colon(p) {
                    compressed = true;
                    p = self.after_double_colon(p + 2)?;
                } else if self.is(p, b':') {
                    p = self.ipv4(p + 1, K::ExpectedIpv4)?;
                }
            }
            None if self.double_colon(p) => {
                compressed = true;
                p = self.after_double_colon(p + 2)?;
            }
            None => {}
        }
        let malformed = Err((start, K::MalformedIpv6));
        if p < self.end {
            return malformed;
        }
        if self.bytes > 16 {
            return Err((start, K::Ipv6TooLong));
        }
        if !compressed && self.bytes < 16 {
            return Err((start, K::Ipv6TooShort));
        }
        if compressed && self.bytes == 16 {
            return malformed;
        }
        Ok(())
    }

    /// Hex groups joined by single `:` from `p`, stopping before a `::` or
    /// before the `:` of an IPv4 part; `None` when `p` starts no group
    /// (no hex digit, or an IPv4 part).
    fn groups(&mut self, p: usize) -> Result<Option<usize>, Fail> {
        let q = self.hex_end(p);
        if q == p || self.is(q, b'.') {
            return Ok(None);
        }
        if q - p > 4 {
            return Err((p, K::Ipv6HexTooLong));
        }
        self.bytes += 2;
        let mut p = q;
        while self.is(p, b':') && !self.is(p + 1, b':') {
            let s = p + 1;
            let q = self.hex_end(s);
            if q == s {
                return Err((s, K::ExpectedIpv6Digits));
            }
            if self.is(q, b'.') {
                break;
            }
            if q - s > 4 {
                return Err((s, K::Ipv6HexTooLong));
            }
            self.bytes += 2;
            p = q;
        }
        Ok(Some(p))
    }

    /// What follows a `::`: nothing, groups, groups and an IPv4 part, or
    /// an IPv4 part.
    fn after_double_colon(&mut self, p: usize) -> Result<usize, Fail> {
        if p == self.end {
            return Ok(p);
        }
        match self.groups(p)? {
            Some(q) if self.is(q, b':') => self.ipv4(q + 1, K::ExpectedHexOrIpv4),
            Some(q) => Ok(q),
            None => self.ipv4(p, K::ExpectedHexOrIpv4),
        }
    }

    /// An IPv4 part from `p` to the end; `expected` when the rest is not
    /// all digits and dots.
    fn ipv4(&mut self, p: usize, expected: K) -> Result<usize, Fail> {
        let m = self.run(p, |c| c.is_ascii_digit() || c == b'.');
        if m == p || m != self.end {
            return Err((p, expected));
        }
        let mut p = p;
        for k in 0..4 {
            if k > 0 {
                if !self.is(p, b'.') {
                    return Err((p, K::MalformedIpv4));
                }
                p += 1;
            }
            let q = self.run(p, |c| c.is_ascii_digit());
            let value = self.b[p..q].iter().fold(0u32, |v, &c| {
                v.saturating_mul(10).saturating_add(u32::from(c - b'0'))
            });
            if q == p || value > 255 {
                return Err((p, K::MalformedIpv4));
            }
            p = q;
        }
        if p < m {
            return Err((p, K::MalformedIpv4));
        }
        self.bytes += 4;
        Ok(p)
    }
}
