//! Conversions with [`url::Url`] (feature `url`), the WHATWG URL Standard's
//! model as the `url` crate implements it.
//!
//! **From `url::Url`** (`From` for [`UriBuf`] and [`UriRefBuf`], by value or
//! reference) always succeeds. The WHATWG serializer leaves some characters
//! raw that RFC 3986 does not allow where they stand; each is
//! percent-encoded as the UTF-8 byte it is, so the result is a valid URI
//! with the same components and the same data:
//!
//! - in the path: `|`, `[`, `]`, `\`, `^`, `` ` ``, `{`, `}`, `"`, `<`,
//!   `>` and spaces (an opaque path such as `sc:a b|c` keeps almost
//!   anything);
//! - in the query: `` ` ``, `{`, `}`, `|`, `\`, `^`, `[`, `]`, `"`, `'`;
//! - in the fragment: the same and `#`;
//! - in an opaque host (`sc://a{b}/`) and in the userinfo: the same;
//! - everywhere: a `%` that does not start a triplet (`%zz` gives
//!   `%25zz`).
//!
//! Nothing else changes: a URL whose text is already a valid URI converts
//! to exactly that text.
//!
//! **To `url::Url`** (`TryFrom` for each of [`Uri`] and [`UriBuf`], by value
//! or reference) is a WHATWG parse of the text, with `url`'s error. The
//! result can differ from the URI, because WHATWG parsing normalizes and
//! refuses on its own terms:
//!
//! - it lower-cases the scheme and, for the special schemes (`http`,
//!   `https`, `ws`, `wss`, `ftp`, `file`), the host, which it also
//!   percent-decodes and maps through IDNA (punycode), and reads IPv4
//!   addresses in other forms (`http://0x7f.1/` is `http://127.0.0.1/`);
//! - it drops a default port (`http://a:80/` is `http://a/`) and an empty
//!   one, and writes an empty path of a special scheme as `/`;
//! - it removes dot segments, `%2e` included (RFC 3986 removes them only
//!   when resolving, 5.2.4);
//! - it percent-encodes `'` in the query of a special scheme;
//! - `file:` URLs: `localhost` becomes the empty host, and drive letters
//!   have their own rules;
//! - under a special scheme it skips any number of slashes before the host
//!   (`http:///a` is `http://a/`) and refuses an empty host (`http://`);
//! - it refuses some other valid URIs: IPvFuture literals (`http://[v1.x]/`), ports above
//!   65535, hosts that decode to forbidden characters (`http://a%20b/`).
//!
//! ```
//! use urikit::{Uri, UriBuf};
//!
//! let theirs = url::Url::parse("http://example.com/a%20b|c%7Bd%7D?x=`y`#frag#2")?;
//! let ours = UriBuf::from(&theirs);
//! assert_eq!(ours, "http://example.com/a%20b%7Cc%7Bd%7D?x=%60y%60#frag%232");
//!
//! let back = url::Url::try_from(Uri::parse("HTTP://Example.COM:80/a/../b")?)?;
//! assert_eq!(back.as_str(), "http://example.com/b");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::string::String;

use crate::chars::{CharClass, hex_value};
use crate::{Uri, UriBuf, UriRefBuf, percent};

/// `userinfo` without `:`, which separates the user from the password.
const USER: CharClass = percent::USERINFO.without_bytes(b":");

/// Append `text` to `out`, keeping the bytes of `keep` and the valid
/// triplets, and percent-encoding every other byte (a stray `%` included).
fn push_encoded(out: &mut String, text: &str, keep: &CharClass) {
    let b = text.as_bytes();
    // Kept bytes are ASCII (the classes hold only ASCII), so each run of
    // them is text.
    let push_run = |out: &mut String, run: &[u8]| {
        out.push_str(core::str::from_utf8(run).unwrap_or_default());
    };
    let mut run = 0;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let triplet = c == b'%'
            && b.get(i + 1).copied().and_then(hex_value).is_some()
            && b.get(i + 2).copied().and_then(hex_value).is_some();
        if triplet {
            i += 3;
        } else if c != b'%' && keep.contains(c) {
            i += 1;
        } else {
            push_run(out, &b[run..i]);
            // One byte (non-ASCII ones one by one) as a triplet.
            out.extend(percent::encode(&b[i..=i], &CharClass::EMPTY));
            i += 1;
            run = i;
        }
    }
    push_run(out, &b[run..]);
}

/// The text of `u` with what RFC 3986 forbids percent-encoded, component
/// by component.
fn text_of(u: &url::Url) -> String {
    let s = u.as_str();
    let mut out = String::with_capacity(s.len() + 8);
    out.push_str(u.scheme());
    out.push(':');
    if u.has_authority() {
        out.push_str("//");
        let (user, password) = (u.username(), u.password());
        if !user.is_empty() || password.is_some() {
            push_encoded(&mut out, user, &USER);
            if let Some(p) = password {
                out.push(':');
                push_encoded(&mut out, p, &percent::USERINFO);
            }
            out.push('@');
        }
        match u.host_str() {
            // An IPv6 address, as WHATWG writes it: valid as it is.
            Some(h) if h.starts_with('[') => out.push_str(h),
            Some(h) => push_encoded(&mut out, h, &percent::REG_NAME),
            None => {}
        }
        if let Some(p) = u.port() {
            out.push(':');
            out.push_str(itoa_u16(p, &mut [0; 5]));
        }
    }
    // The path as serialized, with the `/.` that WHATWG writes before a
    // path starting with `//` when there is no authority.
    let path = &u[url::Position::AfterPort..url::Position::AfterPath];
    push_encoded(&mut out, path, &percent::PATH);
    if let Some(q) = u.query() {
        out.push('?');
        push_encoded(&mut out, q, &percent::QUERY);
    }
    if let Some(f) = u.fragment() {
        out.push('#');
        push_encoded(&mut out, f, &percent::FRAGMENT);
    }
    out
}

/// The decimal digits of `v`, without allocating.
fn itoa_u16(mut v: u16, buf: &mut [u8; 5]) -> &str {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    core::str::from_utf8(&buf[i..]).unwrap_or_default()
}

impl From<&url::Url> for UriBuf {
    /// Never fails; see the [module](self) for what is encoded.
    fn from(u: &url::Url) -> UriBuf {
        let text = text_of(u);
        match UriBuf::parse(text) {
            Ok(uri) => uri,
            // Unreachable: every component is written in its RFC 3986
            // characters above (the tests check every URL of the WHATWG
            // test data, and a fuzz target any URL). Should it ever happen,
            // the scheme and everything after it as one opaque,
            // fully encoded path is still a valid URI with the same data.
            Err(_) => {
                let mut out = String::from(u.scheme());
                out.push(':');
                let rest = &u.as_str()[u.scheme().len() + 1..];
                out.extend(percent::encode(rest, &percent::PATH_SEGMENT_NC));
                UriBuf::parse(out).unwrap_or_else(|_| {
                    UriBuf::parse("about:invalid").unwrap_or_else(|_| unreachable!())
                })
            }
        }
    }
}

impl From<url::Url> for UriBuf {
    /// Never fails; see the [module](self) for what is encoded.
    fn from(u: url::Url) -> UriBuf {
        UriBuf::from(&u)
    }
}

impl From<&url::Url> for UriRefBuf {
    /// Never fails; see the [module](self) for what is encoded.
    fn from(u: &url::Url) -> UriRefBuf {
        UriBuf::from(u).into()
    }
}

impl From<url::Url> for UriRefBuf {
    /// Never fails; see the [module](self) for what is encoded.
    fn from(u: url::Url) -> UriRefBuf {
        UriBuf::from(&u).into()
    }
}

impl TryFrom<Uri<'_>> for url::Url {
    type Error = url::ParseError;
    /// A WHATWG parse of the text; see the [module](self) for how the
    /// result can differ.
    fn try_from(u: Uri<'_>) -> Result<url::Url, url::ParseError> {
        url::Url::parse(u.as_str())
    }
}

impl TryFrom<&Uri<'_>> for url::Url {
    type Error = url::ParseError;
    /// A WHATWG parse of the text; see the [module](self) for how the
    /// result can differ.
    fn try_from(u: &Uri<'_>) -> Result<url::Url, url::ParseError> {
        url::Url::parse(u.as_str())
    }
}

impl TryFrom<UriBuf> for url::Url {
    type Error = url::ParseError;
    /// A WHATWG parse of the text; see the [module](self) for how the
    /// result can differ.
    fn try_from(u: UriBuf) -> Result<url::Url, url::ParseError> {
        url::Url::parse(u.as_str())
    }
}

impl TryFrom<&UriBuf> for url::Url {
    type Error = url::ParseError;
    /// A WHATWG parse of the text; see the [module](self) for how the
    /// result can differ.
    fn try_from(u: &UriBuf) -> Result<url::Url, url::ParseError> {
        url::Url::parse(u.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn itoa() {
        assert_eq!(itoa_u16(0, &mut [0; 5]), "0");
        assert_eq!(itoa_u16(8080, &mut [0; 5]), "8080");
        assert_eq!(itoa_u16(65535, &mut [0; 5]), "65535");
    }

    #[test]
    fn stray_percent_and_non_ascii() {
        let mut out = String::new();
        push_encoded(&mut out, "%zz%4", &percent::PATH);
        assert_eq!(out, "%25zz%254");
        let mut out = String::new();
        push_encoded(&mut out, "aé|%41", &percent::PATH);
        assert_eq!(out, "a%C3%A9%7C%41");
    }
}
