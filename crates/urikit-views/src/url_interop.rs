//! Conversions with [`url::Url`] (feature `url`), the WHATWG URL Standard's
//! model as the `url` crate implements it.
//!
//! These are functions rather than `From`/`TryFrom` impls because neither
//! type is this crate's (the core has no `url` dependency).
//!
//! **From `url::Url`** ([`from_url`], [`ref_from_url`]) always succeeds. The WHATWG serializer leaves some characters
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
//! **To `url::Url`** ([`to_url`]) is a WHATWG parse of the text, with `url`'s error. The
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
//! use urikit::Uri;
//! use urikit_views::url_interop::{from_url, to_url};
//!
//! let theirs = url::Url::parse("http://example.com/a%20b|c%7Bd%7D?x=`y`#frag#2")?;
//! let ours = from_url(&theirs);
//! assert_eq!(ours, "http://example.com/a%20b%7Cc%7Bd%7D?x=%60y%60#frag%232");
//!
//! let back = to_url(&Uri::parse("HTTP://Example.COM:80/a/../b")?)?;
//! assert_eq!(back.as_str(), "http://example.com/b");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::string::String;

use urikit::chars::CharClass;
use urikit::{Uri, UriBuf, UriRefBuf, percent};

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
            && b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
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

/// The URI of a `url::Url`. Never fails; see the [module](self) for what
/// is encoded.
///
/// ```
/// let u = url::Url::parse("http://example.com/a|b")?;
/// assert_eq!(urikit_views::url_interop::from_url(&u), "http://example.com/a%7Cb");
/// # Ok::<(), url::ParseError>(())
/// ```
pub fn from_url(u: &url::Url) -> UriBuf {
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

/// [`from_url`] as a URI reference.
pub fn ref_from_url(u: &url::Url) -> UriRefBuf {
    from_url(u).into()
}

/// A WHATWG parse of the URI's text, with `url`'s error; see the
/// [module](self) for how the result can differ from the URI.
///
/// ```
/// let back = urikit_views::url_interop::to_url(&urikit::Uri::parse("HTTP://Example.COM:80/a/../b")?)?;
/// assert_eq!(back.as_str(), "http://example.com/b");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_url(u: &impl Absolute) -> Result<url::Url, url::ParseError> {
    url::Url::parse(u.text())
}

/// The absolute URI types [`to_url`] takes: [`Uri`] and [`UriBuf`] (a
/// relative reference has no `url::Url`).
pub trait Absolute {
    /// The URI's text.
    fn text(&self) -> &str;
}

impl Absolute for Uri<'_> {
    fn text(&self) -> &str {
        self.as_str()
    }
}

impl Absolute for UriBuf {
    fn text(&self) -> &str {
        self.as_str()
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
