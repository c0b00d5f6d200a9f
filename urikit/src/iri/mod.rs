//! IRIs (RFC 3987): the URI types' model with the wider character set.
//!
//! - [`IriRef`] and [`Iri`] borrow the input: a `&str` plus offsets.
//!   Parsing them never allocates.
//! - [`IriRefBuf`] and [`IriBuf`] own a `String` plus the same offsets.
//!
//! The grammar (2.2) is the URI grammar with `ucschar` added to the
//! userinfo, reg-name, path, query and fragment, and `iprivate` to the
//! query; the parser is the URI parser in its IRI profile (see `parse.rs`).
//! Every URI is an IRI: `From<Uri> for Iri` and its kin cost nothing.
//!
//! Resolution, make-relative, same-document tests and normalization are
//! the URI code run on the IRI's text: those algorithms look only at the
//! ASCII delimiters, which UTF-8 never hides inside a multi-byte character.
//!
//! Equality, ordering and hashing of all four types are byte-wise on the
//! text: **no implicit normalization**.
//!
//! ```
//! use urikit::{Iri, IriRef};
//! let iri = Iri::parse("http://例え.jp/パス?q=値#frag")?;
//! assert_eq!(iri.host_str(), Some("例え.jp"));
//! assert_eq!(iri.path(), "/パス");
//! assert_eq!(iri.to_uri(), "http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9?q=%E5%80%A4#frag");
//! let err = Iri::parse("http://a/\u{FDD0}").unwrap_err();
//! assert_eq!(err.to_string(), "invalid character in path at index 9");
//! # Ok::<(), urikit::ParseError>(())
//! ```

use alloc::string::String;
use core::fmt;
use core::hash::{Hash, Hasher};

use crate::build::{QueryPairs, Segments, iter_methods, path_segments, query_pairs};
use crate::error::{ErrorKind, ParseError, PortOverflowError};
use crate::host::{Host, HostKind};
use crate::parse::{Meta, NONE, Top, parse_with, profile};
use crate::uri::{Components, Uri, UriBuf, UriRef, UriRefBuf, accessors, port_u16};

#[cfg(feature = "idna")]
mod idna;
mod input;
mod map;
#[cfg(feature = "nfc")]
mod nfc;
mod ops;

#[cfg(feature = "idna")]
pub use idna::{IdnaError, IdnaErrorKind};
pub use input::{ToIri, ToIriRef};

const P: u8 = profile::IRI;

/// Byte-level parsing: report a byte that is not valid UTF-8 as such.
fn parse_bytes(bytes: &[u8], top: Top) -> Result<(&str, Meta), ParseError> {
    match parse_with::<P>(bytes, top) {
        // The parser decodes every non-ASCII character it accepts strictly,
        // so an accepted input is UTF-8; checked all the same.
        Ok(m) => match core::str::from_utf8(bytes) {
            Ok(s) => Ok((s, m)),
            Err(e) => Err(ParseError::new(e.valid_up_to(), ErrorKind::InvalidUtf8)),
        },
        Err(e) => {
            // Every byte before the error index belongs to an accepted
            // character, so the offending byte starts one.
            let i = e.index();
            if bytes.get(i).is_some_and(|b| !b.is_ascii()) {
                let end = bytes.len().min(i + 4);
                if let Err(u) = core::str::from_utf8(&bytes[i..end]) {
                    if u.valid_up_to() == 0 {
                        return Err(ParseError::new(i, ErrorKind::InvalidUtf8));
                    }
                }
            }
            Err(e)
        }
    }
}

macro_rules! iri_traits {
    ($ty:ident $(<$lt:lifetime>)?) => {
        impl$(<$lt>)? fmt::Display for $ty$(<$lt>)? {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
        impl$(<$lt>)? fmt::Debug for $ty$(<$lt>)? {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_tuple(stringify!($ty)).field(&self.as_str()).finish()
            }
        }
        impl$(<$lt>)? PartialEq for $ty$(<$lt>)? {
            fn eq(&self, other: &Self) -> bool {
                self.as_str() == other.as_str()
            }
        }
        impl$(<$lt>)? Eq for $ty$(<$lt>)? {}
        impl$(<$lt>)? PartialOrd for $ty$(<$lt>)? {
            fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }
        impl$(<$lt>)? Ord for $ty$(<$lt>)? {
            fn cmp(&self, other: &Self) -> core::cmp::Ordering {
                self.as_str().cmp(other.as_str())
            }
        }
        impl$(<$lt>)? Hash for $ty$(<$lt>)? {
            fn hash<H: Hasher>(&self, state: &mut H) {
                self.as_str().hash(state)
            }
        }
        impl$(<$lt>)? PartialEq<str> for $ty$(<$lt>)? {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }
        impl$(<$lt>)? PartialEq<&str> for $ty$(<$lt>)? {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }
        impl$(<$lt>)? AsRef<str> for $ty$(<$lt>)? {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }
    };
}

/// An IRI reference (`IRI-reference`, RFC 3987 2.2): an IRI or a relative
/// reference, borrowed from the input.
///
/// ```
/// use urikit::IriRef;
/// let r = IriRef::parse("../größe?q#f")?;
/// assert!(r.is_relative());
/// assert_eq!(r.path(), "../größe");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct IriRef<'a> {
    s: &'a str,
    m: Meta,
}

/// An IRI (`IRI`, RFC 3987 2.2): a scheme is required; borrowed from the
/// input.
///
/// ```
/// let iri = urikit::Iri::parse("https://ja.wikipedia.org/wiki/日本")?;
/// assert_eq!(iri.scheme(), "https");
/// assert_eq!(iri.path(), "/wiki/日本");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Iri<'a> {
    s: &'a str,
    m: Meta,
}

/// An owned IRI reference: a `String` plus component offsets.
///
/// ```
/// let r: urikit::IriRefBuf = "../ü?b".parse()?;
/// assert_eq!(r.path(), "../ü");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone)]
pub struct IriRefBuf {
    s: String,
    m: Meta,
}

/// An owned IRI: a `String` plus component offsets; a scheme is required.
///
/// ```
/// let u: urikit::IriBuf = "http://é/".parse()?;
/// assert_eq!(u.host_str(), Some("é"));
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone)]
pub struct IriBuf {
    s: String,
    m: Meta,
}

impl<'a> IriRef<'a> {
    /// Parse `IRI-reference = IRI / irelative-ref`.
    ///
    /// ```
    /// use urikit::{Component, ErrorKind, IriRef};
    /// assert!(IriRef::parse("//bücher.example/ä").is_ok());
    /// // iprivate is allowed in the query only.
    /// assert!(IriRef::parse("/a?\u{E000}").is_ok());
    /// let err = IriRef::parse("/a\u{E000}").unwrap_err();
    /// assert_eq!((err.index(), err.kind()), (2, ErrorKind::InvalidCharacter(Component::Path)));
    /// ```
    pub fn parse(s: &'a str) -> Result<IriRef<'a>, ParseError> {
        let m = parse_with::<P>(s.as_bytes(), Top::UriReference)?;
        Ok(IriRef { s, m })
    }

    /// Parse `irelative-ref`: an IRI reference with no scheme.
    ///
    /// ```
    /// use urikit::{ErrorKind, IriRef};
    /// assert!(IriRef::parse_relative("./ä:b").is_ok());
    /// let err = IriRef::parse_relative("http://ä/").unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::UnexpectedScheme);
    /// ```
    pub fn parse_relative(s: &'a str) -> Result<IriRef<'a>, ParseError> {
        let m = parse_with::<P>(s.as_bytes(), Top::RelativeRef)?;
        Ok(IriRef { s, m })
    }

    /// Parse `IRI-reference` from bytes: a byte that is not part of valid
    /// UTF-8 is [`ErrorKind::InvalidUtf8`] at its index.
    ///
    /// ```
    /// use urikit::{ErrorKind, IriRef};
    /// assert!(IriRef::parse_bytes("/é".as_bytes()).is_ok());
    /// let err = IriRef::parse_bytes(b"/a\xC3(").unwrap_err();
    /// assert_eq!((err.index(), err.kind()), (2, ErrorKind::InvalidUtf8));
    /// ```
    pub fn parse_bytes(bytes: &'a [u8]) -> Result<IriRef<'a>, ParseError> {
        let (s, m) = parse_bytes(bytes, Top::UriReference)?;
        Ok(IriRef { s, m })
    }

    /// The scheme without its `:`, or `None` for a relative reference.
    ///
    /// ```
    /// assert_eq!(urikit::IriRef::parse("s:ä")?.scheme(), Some("s"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme(&self) -> Option<&'a str> {
        self.m.scheme(self.s)
    }

    /// Whether this is a relative reference (it has no scheme).
    ///
    /// ```
    /// assert!(urikit::IriRef::parse("ä")?.is_relative());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    #[inline]
    pub fn is_relative(&self) -> bool {
        self.m.scheme_end == NONE
    }

    /// This reference as an [`Iri`], if it has a scheme.
    ///
    /// ```
    /// let r = urikit::IriRef::parse("s:ä")?;
    /// assert_eq!(r.as_iri().unwrap().scheme(), "s");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    #[inline]
    pub fn as_iri(&self) -> Option<Iri<'a>> {
        (!self.is_relative()).then_some(Iri {
            s: self.s,
            m: self.m,
        })
    }

    /// The same text as a [`UriRef`], when it is one: when it is all ASCII
    /// (an ASCII IRI reference is a URI reference). See
    /// [`IriRef::to_uri`] for the mapping that always succeeds.
    ///
    /// ```
    /// let r = urikit::IriRef::parse("a/b")?;
    /// assert_eq!(r.as_uri_ref().unwrap().path(), "a/b");
    /// assert!(urikit::IriRef::parse("ä")?.as_uri_ref().is_none());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    #[inline]
    pub fn as_uri_ref(&self) -> Option<UriRef<'a>> {
        self.s
            .is_ascii()
            .then(|| UriRef::from_parts(self.s, self.m))
    }

    /// An owned copy.
    ///
    /// ```
    /// let owned: urikit::IriRefBuf = urikit::IriRef::parse("ä")?.into_owned();
    /// assert_eq!(owned.as_str(), "ä");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn into_owned(self) -> IriRefBuf {
        IriRefBuf {
            s: String::from(self.s),
            m: self.m,
        }
    }

    #[inline]
    fn text(&self) -> &'a str {
        self.s
    }

    /// `s` and its parse in an IRI profile.
    pub(crate) fn from_parts(s: &'a str, m: Meta) -> IriRef<'a> {
        IriRef { s, m }
    }

    /// The text and offsets as the URI code's borrowed reference: the
    /// algorithms that only look at ASCII delimiters run on it.
    #[inline]
    pub(crate) fn view(&self) -> UriRef<'a> {
        UriRef::from_parts(self.s, self.m)
    }

    accessors!(
        IriRef,
        'a,
        "foo://user@example.com:8042/over/there?name=ferret#nose"
    );
}

impl<'a> Iri<'a> {
    /// Parse `IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]`.
    ///
    /// ```
    /// use urikit::{ErrorKind, Iri};
    /// assert!(Iri::parse("http://résumé.example/").is_ok());
    /// assert_eq!(Iri::parse("//ä").unwrap_err().kind(), ErrorKind::MissingScheme);
    /// ```
    pub fn parse(s: &'a str) -> Result<Iri<'a>, ParseError> {
        let m = parse_with::<P>(s.as_bytes(), Top::Uri)?;
        Ok(Iri { s, m })
    }

    /// Parse `absolute-IRI = scheme ":" ihier-part [ "?" iquery ]`: an IRI
    /// with no fragment, as a base must be.
    ///
    /// ```
    /// use urikit::{ErrorKind, Iri};
    /// let err = Iri::parse_absolute("http://ä/#f").unwrap_err();
    /// assert_eq!((err.index(), err.kind()), (10, ErrorKind::UnexpectedFragment));
    /// ```
    pub fn parse_absolute(s: &'a str) -> Result<Iri<'a>, ParseError> {
        let m = parse_with::<P>(s.as_bytes(), Top::AbsoluteUri)?;
        Ok(Iri { s, m })
    }

    /// Parse `IRI` from bytes; see [`IriRef::parse_bytes`].
    ///
    /// ```
    /// assert!(urikit::Iri::parse_bytes("s:é".as_bytes()).is_ok());
    /// ```
    pub fn parse_bytes(bytes: &'a [u8]) -> Result<Iri<'a>, ParseError> {
        let (s, m) = parse_bytes(bytes, Top::Uri)?;
        Ok(Iri { s, m })
    }

    /// The scheme without its `:`, as written (ASCII, as in a URI).
    ///
    /// ```
    /// assert_eq!(urikit::Iri::parse("HTTP://ä")?.scheme(), "HTTP");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme(&self) -> &'a str {
        &self.s[..self.m.scheme_end as usize]
    }

    /// This IRI as an [`IriRef`].
    ///
    /// ```
    /// let r: urikit::IriRef = urikit::Iri::parse("s:ä")?.as_iri_ref();
    /// assert!(!r.is_relative());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    #[inline]
    pub fn as_iri_ref(&self) -> IriRef<'a> {
        IriRef {
            s: self.s,
            m: self.m,
        }
    }

    /// The same text as a [`Uri`], when it is all ASCII.
    ///
    /// ```
    /// assert!(urikit::Iri::parse("s:a")?.as_uri().is_some());
    /// assert!(urikit::Iri::parse("s:ä")?.as_uri().is_none());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    #[inline]
    pub fn as_uri(&self) -> Option<Uri<'a>> {
        self.s.is_ascii().then(|| Uri::from_parts(self.s, self.m))
    }

    /// An owned copy.
    ///
    /// ```
    /// let owned: urikit::IriBuf = urikit::Iri::parse("s:ä")?.into_owned();
    /// assert_eq!(owned.scheme(), "s");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn into_owned(self) -> IriBuf {
        IriBuf {
            s: String::from(self.s),
            m: self.m,
        }
    }

    #[inline]
    fn text(&self) -> &'a str {
        self.s
    }

    /// `s` and its parse in an IRI profile.
    pub(crate) fn from_parts(s: &'a str, m: Meta) -> Iri<'a> {
        Iri { s, m }
    }

    /// See [`IriRef::view`].
    #[inline]
    pub(crate) fn view(&self) -> Uri<'a> {
        Uri::from_parts(self.s, self.m)
    }

    accessors!(
        Iri,
        'a,
        "foo://user@example.com:8042/over/there?name=ferret#nose"
    );
}

impl IriRefBuf {
    /// Parse `IRI-reference`, taking ownership of the text.
    ///
    /// ```
    /// let r = urikit::IriRefBuf::parse(String::from("ä?b"))?;
    /// assert_eq!(r.query(), Some("b"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn parse(s: impl Into<String>) -> Result<IriRefBuf, ParseError> {
        let s = s.into();
        let m = parse_with::<P>(s.as_bytes(), Top::UriReference)?;
        Ok(IriRefBuf { s, m })
    }

    /// The scheme without its `:`, or `None` for a relative reference.
    ///
    /// ```
    /// assert_eq!(urikit::IriRefBuf::parse("a:ä")?.scheme(), Some("a"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme(&self) -> Option<&str> {
        self.m.scheme(&self.s)
    }

    /// A borrowed view.
    ///
    /// ```
    /// let r = urikit::IriRefBuf::parse("a/ä")?;
    /// assert_eq!(r.as_iri_ref().path(), "a/ä");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    #[inline]
    pub fn as_iri_ref(&self) -> IriRef<'_> {
        IriRef {
            s: &self.s,
            m: self.m,
        }
    }

    /// The text as a `String`.
    ///
    /// ```
    /// assert_eq!(urikit::IriRefBuf::parse("ä")?.into_string(), "ä");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn into_string(self) -> String {
        self.s
    }

    #[inline]
    fn text(&self) -> &str {
        &self.s
    }

    /// The URI code's owned value holding an IRI text, back as an IRI.
    pub(crate) fn from_uri_parts(u: UriRefBuf) -> IriRefBuf {
        let (s, m) = u.into_parts();
        IriRefBuf { s, m }
    }

    accessors!(
        IriRefBuf,
        '_,
        "foo://user@example.com:8042/over/there?name=ferret#nose"
    );
}

impl IriBuf {
    /// Parse `IRI`, taking ownership of the text.
    ///
    /// ```
    /// let u = urikit::IriBuf::parse(String::from("s://ä"))?;
    /// assert_eq!(u.host_str(), Some("ä"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn parse(s: impl Into<String>) -> Result<IriBuf, ParseError> {
        let s = s.into();
        let m = parse_with::<P>(s.as_bytes(), Top::Uri)?;
        Ok(IriBuf { s, m })
    }

    /// The scheme without its `:`.
    ///
    /// ```
    /// assert_eq!(urikit::IriBuf::parse("a:ä")?.scheme(), "a");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme(&self) -> &str {
        &self.s[..self.m.scheme_end as usize]
    }

    /// A borrowed view.
    ///
    /// ```
    /// let u = urikit::IriBuf::parse("s:ä")?;
    /// assert_eq!(u.as_iri().path(), "ä");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    #[inline]
    pub fn as_iri(&self) -> Iri<'_> {
        Iri {
            s: &self.s,
            m: self.m,
        }
    }

    /// The text as a `String`.
    ///
    /// ```
    /// assert_eq!(urikit::IriBuf::parse("s:ä")?.into_string(), "s:ä");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn into_string(self) -> String {
        self.s
    }

    #[inline]
    fn text(&self) -> &str {
        &self.s
    }

    /// See [`IriRefBuf::from_uri_parts`].
    pub(crate) fn from_uri_parts(u: UriBuf) -> IriBuf {
        let (s, m) = u.into_parts();
        IriBuf { s, m }
    }

    accessors!(
        IriBuf,
        '_,
        "foo://user@example.com:8042/over/there?name=ferret#nose"
    );
}

iri_traits!(IriRef<'a>);
iri_traits!(Iri<'a>);
iri_traits!(IriRefBuf);
iri_traits!(IriBuf);
iter_methods!(IriRef<'a>, 'a);
iter_methods!(Iri<'a>, 'a);
iter_methods!(IriRefBuf, '_);
iter_methods!(IriBuf, '_);

mod convert;

#[cfg(test)]
mod tests {
    use crate::chars::{is_iprivate, is_ucschar};
    use crate::parse::ucs_run;

    /// What `ucs_run` must say for one character's bytes (and what follows
    /// them), by the standard library's UTF-8 decoder.
    fn expected(bytes: &[u8], private: bool) -> usize {
        let valid = match core::str::from_utf8(bytes) {
            Ok(s) => s,
            Err(e) => core::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or(""),
        };
        valid
            .chars()
            .take_while(|&c| !c.is_ascii() && (is_ucschar(c) || (private && is_iprivate(c))))
            .map(char::len_utf8)
            .sum()
    }

    #[test]
    fn every_code_point() {
        for c in (0x80..=0x10FFFFu32).filter_map(char::from_u32) {
            let mut buf = [0; 5];
            let n = c.encode_utf8(&mut buf).len();
            buf[n] = b'a';
            for private in [false, true] {
                assert_eq!(
                    ucs_run(&buf[..=n], 0, private),
                    expected(&buf[..=n], private),
                    "U+{:04X}",
                    c as u32
                );
            }
        }
    }

    #[test]
    fn malformed_sequences() {
        // Every two-byte sequence, and three- and four-byte ones around the
        // continuation range, truncated at every length.
        let mid = (0x70u8..=0xC1)
            .step_by(3)
            .chain([0x80, 0x9F, 0xA0, 0xBF, 0x8F, 0x90]);
        let mut cases: Vec<Vec<u8>> = Vec::new();
        for b0 in 0x80..=0xFFu8 {
            for b1 in 0..=0xFFu8 {
                cases.push(vec![b0, b1]);
            }
            for b1 in mid.clone() {
                for b2 in mid.clone() {
                    cases.push(vec![b0, b1, b2]);
                    cases.push(vec![b0, b1, b2, 0x80]);
                    cases.push(vec![b0, b1, b2, 0xBF]);
                }
            }
        }
        for case in cases {
            for cut in 1..=case.len() {
                let s = &case[..cut];
                assert_eq!(ucs_run(s, 0, true), expected(s, true), "{s:02X?}");
            }
        }
    }
}
