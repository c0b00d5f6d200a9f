//! IRIs (RFC 3987): the URI types' model with the wider character set.
//!
//! - [`IriRef`] and [`Iri`] borrow the input: a `&str` plus offsets.
//!   Parsing them never allocates.
//! - [`IriRefBuf`] and [`IriBuf`] own a `String` plus the same offsets.
//!
//! The grammar (2.2) is the URI grammar with `ucschar` added to the
//! userinfo, reg-name, path, query and fragment, and `iprivate` to the
//! query; the parser is the URI parser in its IRI profile (see `parse/mod.rs`).
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
use crate::error::{ParseError, PortOverflowError};
use crate::host::{Host, HostKind};
use crate::parse::{Meta, NONE, Top, parse_with, profile};
use crate::uri::{
    Components, Uri, UriBuf, UriRef, UriRefBuf, accessors, common_traits, parse_bytes_p, port_u16,
    shape_methods,
};

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
    /// UTF-8 is [`ErrorKind::InvalidUtf8`](crate::ErrorKind::InvalidUtf8) at its index.
    ///
    /// ```
    /// use urikit::{ErrorKind, IriRef};
    /// assert!(IriRef::parse_bytes("/é".as_bytes()).is_ok());
    /// let err = IriRef::parse_bytes(b"/a\xC3(").unwrap_err();
    /// assert_eq!((err.index(), err.kind()), (2, ErrorKind::InvalidUtf8));
    /// ```
    pub fn parse_bytes(bytes: &'a [u8]) -> Result<IriRef<'a>, ParseError> {
        let (s, m) = parse_bytes_p::<P>(bytes, Top::UriReference)?;
        Ok(IriRef { s, m })
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

    shape_methods!(ref IriRef, Iri, IriRefBuf, as_iri);

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
        let (s, m) = parse_bytes_p::<P>(bytes, Top::Uri)?;
        Ok(Iri { s, m })
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

    /// `s` and its parse in an IRI profile.
    pub(crate) fn from_parts(s: &'a str, m: Meta) -> Iri<'a> {
        Iri { s, m }
    }

    /// See [`IriRef::view`].
    #[inline]
    pub(crate) fn view(&self) -> Uri<'a> {
        Uri::from_parts(self.s, self.m)
    }

    shape_methods!(abs IriRef, Iri, IriBuf, as_iri_ref);

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

    /// The URI code's owned value holding an IRI text, back as an IRI.
    pub(crate) fn from_uri_parts(u: UriRefBuf) -> IriRefBuf {
        let (s, m) = u.into_parts();
        IriRefBuf { s, m }
    }

    shape_methods!(ref_buf IriRef, IriRefBuf, as_iri_ref);

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

    /// See [`IriRefBuf::from_uri_parts`].
    pub(crate) fn from_uri_parts(u: UriBuf) -> IriBuf {
        let (s, m) = u.into_parts();
        IriBuf { s, m }
    }

    shape_methods!(abs_buf Iri, IriBuf, as_iri);

    accessors!(
        IriBuf,
        '_,
        "foo://user@example.com:8042/over/there?name=ferret#nose"
    );
}

common_traits!(IriRef<'a>);
common_traits!(Iri<'a>);
common_traits!(IriRefBuf);
common_traits!(IriBuf);
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
