//! Repair of near-URIs: text that people and old software write where a
//! URI reference belongs (`http://a/b c|d^e#f#g`), made into a valid URI
//! reference by percent-encoding, in the component where it stands, each
//! character the grammar of RFC 3986 does not allow there.
//!
//! The components are found as RFC 3986 Appendix B finds them (the first
//! `:` before any `/?#` ends the scheme, `//` starts the authority, the
//! first `?` the query, the first `#` the fragment). Then, in each:
//!
//! | what | where | becomes |
//! | --- | --- | --- |
//! | a character the component does not allow (space, `"`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `\|`, `}`, a control) | userinfo, path, query, fragment | its triplet (`%20`, `%7C`, ...) |
//! | a `%` not followed by two hex digits | the same | `%25` |
//! | a second `#` | fragment | `%23` |
//! | an `@` before the last one | authority | `%40` |
//! | `:` in the first segment of a relative path (it would read as a scheme) | path | `%3A` |
//! | a non-ASCII character | anywhere but the scheme and port | its UTF-8, percent-encoded |
//!
//! What cannot be repaired that way is an error at its byte, never a guess:
//! an invalid scheme, a host with a character a host cannot hold (even
//! encoded), an IP literal that is not closed or not valid, a port that is
//! not digits ([`RepairErrorKind`]).
//!
//! A valid URI reference comes back as it is, borrowed, with no change
//! listed and nothing allocated; repair is idempotent, and whatever it
//! returns parses as a URI reference.
//!
//! ```
//! use urikit::repair::{repair, RepairKind};
//! let r = repair("http://example.com/a b|c?q=^#x#y")?;
//! assert_eq!(r.as_str(), "http://example.com/a%20b%7Cc?q=%5E#x%23y");
//! let changes: Vec<_> = r.changes().iter().map(|c| (c.index(), c.kind().name())).collect();
//! assert_eq!(changes, [(20, "disallowed"), (22, "disallowed"), (27, "disallowed"), (30, "second-hash")]);
//! assert_eq!(r.changes()[0].to_string(), "' ' in the path at index 20 percent-encoded (not allowed there)");
//!
//! // Valid input is returned as it is, borrowed.
//! let ok = repair("http://a/b%20c")?;
//! assert!(ok.is_unchanged() && matches!(ok.into_cow(), std::borrow::Cow::Borrowed(_)));
//!
//! // A bad port is an error at its byte.
//! let err = repair("http://a:8o/").unwrap_err();
//! assert_eq!((err.kind().name(), err.index()), ("invalid-port", 10));
//! # Ok::<(), urikit::repair::RepairError>(())
//! ```

mod error;

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

pub use error::{RepairError, RepairErrorKind};

use crate::chars::{
    ALPHA, CharClass, FRAGMENT, PATH, QUERY, REG_NAME, SCHEME, USERINFO, hex_value,
};
use crate::{Component, UriRef, UriRefBuf};

/// Why a character was percent-encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RepairKind {
    /// An ASCII character the component does not allow (a space, `|`,
    /// `^`, a control character, a `:` that would read as a scheme, an `@`
    /// before the last one in an authority, ...).
    Disallowed,
    /// A `%` not followed by two hex digits: written `%25`.
    LonePercent,
    /// A `#` in the fragment: written `%23`.
    SecondHash,
    /// A non-ASCII character: its UTF-8 bytes, percent-encoded.
    NonAscii,
}

impl RepairKind {
    /// A short stable name, suitable for machine output.
    ///
    /// ```
    /// assert_eq!(urikit::repair::RepairKind::LonePercent.name(), "lone-percent");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            RepairKind::Disallowed => "disallowed",
            RepairKind::LonePercent => "lone-percent",
            RepairKind::SecondHash => "second-hash",
            RepairKind::NonAscii => "non-ascii",
        }
    }

    const fn why(self) -> &'static str {
        match self {
            RepairKind::Disallowed => "not allowed there",
            RepairKind::LonePercent => "a % not followed by two hex digits",
            RepairKind::SecondHash => "a second #",
            RepairKind::NonAscii => "non-ASCII, encoded as UTF-8",
        }
    }
}

/// One change: the character at a byte index of the input, the component
/// it stands in, and why it was percent-encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Repair {
    index: usize,
    ch: char,
    component: Component,
    kind: RepairKind,
}

impl Repair {
    /// The byte index of the character in the input.
    pub const fn index(&self) -> usize {
        self.index
    }

    /// The character that was encoded.
    pub const fn char(&self) -> char {
        self.ch
    }

    /// The component it stands in.
    pub const fn component(&self) -> Component {
        self.component
    }

    /// Why it was encoded.
    pub const fn kind(&self) -> RepairKind {
        self.kind
    }
}

impl fmt::Display for Repair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} in the {} at index {} percent-encoded ({})",
            self.ch,
            self.component.name(),
            self.index,
            self.kind.why()
        )
    }
}

/// The result of [`repair`]: the URI reference, borrowed when nothing
/// changed, and the changes in input order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repaired<'a> {
    text: Cow<'a, str>,
    changes: Vec<Repair>,
}

impl<'a> Repaired<'a> {
    /// The repaired text, a valid URI reference.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The changes made, in input order; empty when the input was valid.
    pub fn changes(&self) -> &[Repair] {
        &self.changes
    }

    /// Whether the input was a valid URI reference (and is returned as it
    /// is).
    pub fn is_unchanged(&self) -> bool {
        self.changes.is_empty()
    }

    /// The text: borrowed from the input when nothing changed.
    pub fn into_cow(self) -> Cow<'a, str> {
        self.text
    }
}

/// Turn a near-URI into a valid URI reference by percent-encoding the
/// characters the grammar does not allow where they stand; see the
/// [module documentation](self) for the rules.
///
/// Linear in the input's length; allocates only when something changes.
///
/// ```
/// use urikit::repair::repair;
/// assert_eq!(repair("/docs/résumé 2.pdf")?.as_str(), "/docs/r%C3%A9sum%C3%A9%202.pdf");
/// assert_eq!(repair("http://a/100%")?.as_str(), "http://a/100%25");
/// assert_eq!(repair("http://bücher.de/")?.as_str(), "http://b%C3%BCcher.de/");
/// assert_eq!(repair("http://[::1/").unwrap_err().kind().name(), "unclosed-ip-literal");
/// assert_eq!(repair("http://a b/").unwrap_err().index(), 8);
/// # Ok::<(), urikit::repair::RepairError>(())
/// ```
pub fn repair(text: &str) -> Result<Repaired<'_>, RepairError> {
    if UriRef::parse(text).is_ok() {
        return Ok(Repaired {
            text: Cow::Borrowed(text),
            changes: Vec::new(),
        });
    }
    let mut w = Writer {
        out: String::with_capacity(text.len() + 16),
        changes: Vec::new(),
    };
    let c = crate::split(text);
    let at = |part: &str| part.as_ptr() as usize - text.as_ptr() as usize;
    if let Some(scheme) = c.scheme {
        check_scheme(scheme)?;
        w.out.push_str(scheme);
        w.out.push(':');
    }
    if let Some(authority) = c.authority {
        w.out.push_str("//");
        authority_(&mut w, authority, at(authority))?;
    }
    let path_at = at(c.path);
    // In a relative reference with no authority, a `:` in the first segment
    // would read as a scheme (path-noscheme, 4.2).
    let first_colon_end = if c.scheme.is_none() && c.authority.is_none() {
        c.path.find('/').unwrap_or(c.path.len())
    } else {
        0
    };
    let no_colon = PATH.without_bytes(b":");
    w.encode_part(
        &c.path[..first_colon_end],
        path_at,
        &no_colon,
        Component::Path,
        false,
    );
    w.encode_part(
        &c.path[first_colon_end..],
        path_at + first_colon_end,
        &PATH,
        Component::Path,
        false,
    );
    if let Some(q) = c.query {
        w.out.push('?');
        w.encode_part(q, at(q), &QUERY, Component::Query, false);
    }
    if let Some(f) = c.fragment {
        w.out.push('#');
        w.encode_part(f, at(f), &FRAGMENT, Component::Fragment, true);
    }
    let Writer { out, changes, .. } = w;
    match UriRefBuf::parse(out) {
        Ok(u) => Ok(Repaired {
            text: Cow::Owned(u.into_string()),
            changes,
        }),
        // Every part was written by its component's rule, so only the
        // length can fail.
        Err(_) => Err(RepairError::whole(RepairErrorKind::TooLong)),
    }
}

/// A scheme must be ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) (3.1):
/// no encoding can mend one.
fn check_scheme(scheme: &str) -> Result<(), RepairError> {
    let bad = scheme.bytes().enumerate().find(|&(i, b)| {
        if i == 0 {
            !ALPHA.contains(b)
        } else {
            !SCHEME.contains(b)
        }
    });
    match bad {
        Some((i, _)) => Err(RepairError::at(i, RepairErrorKind::InvalidScheme)),
        None => Ok(()),
    }
}

/// The authority (at `at` in the input): userinfo up to the last `@`, then
/// the host and the port.
fn authority_(w: &mut Writer, authority: &str, at: usize) -> Result<(), RepairError> {
    let host_start = match authority.rfind('@') {
        Some(k) => {
            // `@` is not allowed in a userinfo: all but the last are encoded.
            let userinfo = &authority[..k];
            w.encode_part(userinfo, at, &USERINFO, Component::Userinfo, false);
            w.out.push('@');
            k + 1
        }
        None => 0,
    };
    let hp = &authority[host_start..];
    let hp_at = at + host_start;
    let port_from = if hp.starts_with('[') {
        let Some(close) = hp.find(']') else {
            return Err(RepairError::at(hp_at, RepairErrorKind::UnclosedIpLiteral));
        };
        let literal = &hp[..=close];
        // The parser is the judge of an IP literal.
        if let Err(e) = UriRef::parse(&alloc::format!("//{literal}")) {
            let i = e
                .index()
                .saturating_sub(2)
                .min(literal.len().saturating_sub(1));
            return Err(RepairError::at(
                hp_at + i,
                RepairErrorKind::InvalidIpLiteral,
            ));
        }
        w.out.push_str(literal);
        close + 1
    } else {
        let end = hp.find(':').unwrap_or(hp.len());
        let host = &hp[..end];
        let b = host.as_bytes();
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if c == b'%' {
                if triplet(b, i) {
                    i += 3;
                    continue;
                }
                return Err(RepairError::at(hp_at + i, RepairErrorKind::InvalidHost));
            }
            if !c.is_ascii() {
                i += 1;
                continue;
            }
            if !REG_NAME.contains(c) {
                return Err(RepairError::at(hp_at + i, RepairErrorKind::InvalidHost));
            }
            i += 1;
        }
        // Only non-ASCII characters are left to encode.
        w.encode_part(
            host,
            hp_at,
            &REG_NAME.with_bytes(b"%"),
            Component::Host,
            false,
        );
        end
    };
    let rest = &hp[port_from..];
    if let Some(port) = rest.strip_prefix(':') {
        if let Some(k) = port.bytes().position(|b| !b.is_ascii_digit()) {
            return Err(RepairError::at(
                hp_at + port_from + 1 + k,
                RepairErrorKind::InvalidPort,
            ));
        }
        w.out.push(':');
        w.out.push_str(port);
    } else if !rest.is_empty() {
        // Something after `]` that is not a port.
        return Err(RepairError::at(
            hp_at + port_from,
            RepairErrorKind::InvalidPort,
        ));
    }
    Ok(())
}

/// `%` and two hex digits at `i`.
fn triplet(b: &[u8], i: usize) -> bool {
    b.get(i) == Some(&b'%')
        && b.get(i + 1).copied().and_then(hex_value).is_some()
        && b.get(i + 2).copied().and_then(hex_value).is_some()
}

struct Writer {
    out: String,
    changes: Vec<Repair>,
}

impl Writer {
    /// Write `part` (at `at` in the input), keeping the bytes of `allowed`
    /// and valid triplets, encoding the rest. `fragment`: a `#` is a second
    /// one.
    fn encode_part(
        &mut self,
        part: &str,
        at: usize,
        allowed: &CharClass,
        component: Component,
        fragment: bool,
    ) {
        let b = part.as_bytes();
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if c == b'%' && triplet(b, i) {
                self.out.push_str(&part[i..i + 3]);
                i += 3;
                continue;
            }
            if c != b'%' && allowed.contains(c) {
                // A run of allowed bytes at once.
                let run = b[i..]
                    .iter()
                    .position(|&x| x == b'%' || !allowed.contains(x))
                    .map_or(b.len(), |k| i + k);
                self.out.push_str(&part[i..run]);
                i = run;
                continue;
            }
            let ch = part[i..].chars().next().unwrap_or('\u{FFFD}');
            let kind = match c {
                b'%' => RepairKind::LonePercent,
                b'#' if fragment => RepairKind::SecondHash,
                _ if !c.is_ascii() => RepairKind::NonAscii,
                _ => RepairKind::Disallowed,
            };
            let mut buf = [0u8; 4];
            for byte in ch.encode_utf8(&mut buf).bytes() {
                self.out.push('%');
                self.out.push(char::from(HEX[usize::from(byte >> 4)]));
                self.out.push(char::from(HEX[usize::from(byte & 15)]));
            }
            self.changes.push(Repair {
                index: at + i,
                ch,
                component,
                kind,
            });
            i += ch.len_utf8();
        }
    }
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issue_examples() {
        let r = repair("http://a/x y|z^#f#g%").unwrap();
        assert_eq!(r.as_str(), "http://a/x%20y%7Cz%5E#f%23g%25");
        let kinds: Vec<_> = r.changes().iter().map(|c| c.kind()).collect();
        assert_eq!(
            kinds,
            [
                RepairKind::Disallowed,
                RepairKind::Disallowed,
                RepairKind::Disallowed,
                RepairKind::SecondHash,
                RepairKind::LonePercent
            ]
        );
        assert_eq!(r.changes()[0].index(), 10);
    }

    #[test]
    fn authority_parts() {
        assert_eq!(repair("http://a@b@c/").unwrap().as_str(), "http://a%40b@c/");
        assert_eq!(repair("http://u s@h/").unwrap().as_str(), "http://u%20s@h/");
        assert_eq!(
            repair("http://[::1]:8/ x").unwrap().as_str(),
            "http://[::1]:8/%20x"
        );
        let e = repair("http://[::1]x/ ").unwrap_err();
        assert_eq!((e.kind(), e.index()), (RepairErrorKind::InvalidPort, 12));
        let e = repair("http://[::g]/ ").unwrap_err();
        assert_eq!(e.kind(), RepairErrorKind::InvalidIpLiteral);
        let e = repair("http://a%/ ").unwrap_err();
        assert_eq!((e.kind(), e.index()), (RepairErrorKind::InvalidHost, 8));
        let e = repair("ht tp://a/").unwrap_err();
        assert_eq!((e.kind(), e.index()), (RepairErrorKind::InvalidScheme, 2));
    }

    #[test]
    fn relative_colon() {
        assert_eq!(repair(":a b").unwrap().as_str(), "%3Aa%20b");
        assert_eq!(repair("a b/c:d").unwrap().as_str(), "a%20b/c:d");
    }
}
