//! Parse options for the updates to RFC 3986 that are off by default:
//! IPv6 zone identifiers (RFC 6874, obsoleted by RFC 9844).
//!
//! RFC 6874 wrote a zone as `IPv6address "%25" ZoneID` inside the
//! brackets. RFC 9844 (2025) obsoletes it: a zone is a local matter of one
//! host, not part of a URI that travels, but a user interface should accept
//! an address typed with its zone (`fe80::1%eth0`). So strict parsing
//! rejects zones; [`ParseOptions::zone_id`] reads the RFC 6874 form, and
//! [`ParseOptions::user_input`] the raw form too. The lint reports any zone
//! as deprecated. The options change only the cold path of IP literals:
//! each combination is its own instance of the one parser.

use crate::error::ParseError;
use crate::iri::{Iri, IriRef};
use crate::parse::{Meta, Top, parse_with, profile};
use crate::uri::{Uri, UriRef};

/// Which extensions the parser accepts; [`ParseOptions::new`] is strict
/// RFC 3986 (and RFC 3987 for the IRI entry points).
///
/// ```
/// use urikit::ParseOptions;
/// let lenient = ParseOptions::new().user_input(true);
/// let u = lenient.parse_uri_ref("http://[fe80::1%eth0]:80/")?;
/// assert_eq!(u.host().unwrap().zone(), Some("eth0"));
/// assert!(ParseOptions::new().parse_uri_ref("http://[fe80::1%eth0]/").is_err());
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ParseOptions {
    flags: u8,
}

impl ParseOptions {
    /// Strict: no extension.
    ///
    /// ```
    /// assert!(urikit::ParseOptions::new().parse_uri("http://[::1]/").is_ok());
    /// ```
    pub const fn new() -> ParseOptions {
        ParseOptions { flags: 0 }
    }

    /// Read RFC 6874 zone identifiers: `[fe80::1%25eth0]`.
    ///
    /// ```
    /// use urikit::{ErrorKind, ParseOptions};
    /// let o = ParseOptions::new().zone_id(true);
    /// assert!(o.parse_uri("http://[fe80::1%25eth0]/").is_ok());
    /// let err = o.parse_uri("http://[fe80::1%eth0]/").unwrap_err();
    /// assert_eq!((err.index(), err.kind()), (15, ErrorKind::InvalidZoneId));
    /// ```
    pub const fn zone_id(mut self, yes: bool) -> ParseOptions {
        if yes {
            self.flags |= profile::ZONE_ID;
        } else {
            self.flags &= !(profile::ZONE_ID | profile::ZONE_RAW);
        }
        self
    }

    /// Read what people type (RFC 9844): zone identifiers in the raw form
    /// `[fe80::1%eth0]` as well as RFC 6874's. Implies [`Self::zone_id`].
    ///
    /// ```
    /// let o = urikit::ParseOptions::new().user_input(true);
    /// assert!(o.parse_uri("http://[fe80::1%eth0]/").is_ok());
    /// assert!(o.parse_uri("http://[fe80::1%25eth0]/").is_ok());
    /// ```
    pub const fn user_input(mut self, yes: bool) -> ParseOptions {
        if yes {
            self.flags |= profile::ZONE_ID | profile::ZONE_RAW;
        } else {
            self.flags &= !profile::ZONE_RAW;
        }
        self
    }

    /// The parse in these options' profile, `iri` added or not.
    fn run(&self, s: &str, top: Top, iri: bool) -> Result<Meta, ParseError> {
        const Z: u8 = profile::ZONE_ID;
        const R: u8 = profile::ZONE_ID | profile::ZONE_RAW;
        const I: u8 = profile::IRI;
        let b = s.as_bytes();
        match (self.flags, iri) {
            (0, false) => parse_with::<0>(b, top),
            (0, true) => parse_with::<I>(b, top),
            (Z, false) => parse_with::<Z>(b, top),
            (Z, true) => parse_with::<{ Z | I }>(b, top),
            (_, false) => parse_with::<R>(b, top),
            (_, true) => parse_with::<{ R | I }>(b, top),
        }
    }

    /// Parse `URI-reference` with these options.
    ///
    /// ```
    /// let o = urikit::ParseOptions::new().zone_id(true);
    /// assert_eq!(o.parse_uri_ref("//[::1%25x]")?.host_str(), Some("[::1%25x]"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn parse_uri_ref<'a>(&self, s: &'a str) -> Result<UriRef<'a>, ParseError> {
        let m = self.run(s, Top::UriReference, false)?;
        Ok(UriRef::from_parts(s, m))
    }

    /// Parse `URI` with these options.
    ///
    /// ```
    /// let o = urikit::ParseOptions::new().zone_id(true);
    /// assert!(o.parse_uri("//[::1%25x]").is_err());
    /// ```
    pub fn parse_uri<'a>(&self, s: &'a str) -> Result<Uri<'a>, ParseError> {
        let m = self.run(s, Top::Uri, false)?;
        Ok(Uri::from_parts(s, m))
    }

    /// Parse `IRI-reference` with these options.
    ///
    /// ```
    /// let o = urikit::ParseOptions::new().user_input(true);
    /// assert_eq!(o.parse_iri_ref("//[::1%x]/ä")?.path(), "/ä");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn parse_iri_ref<'a>(&self, s: &'a str) -> Result<IriRef<'a>, ParseError> {
        let m = self.run(s, Top::UriReference, true)?;
        Ok(IriRef::from_parts(s, m))
    }

    /// Parse `IRI` with these options.
    ///
    /// ```
    /// let o = urikit::ParseOptions::new().zone_id(true);
    /// assert!(o.parse_iri("http://[fe80::1%25eth0]/ä").is_ok());
    /// ```
    pub fn parse_iri<'a>(&self, s: &'a str) -> Result<Iri<'a>, ParseError> {
        let m = self.run(s, Top::Uri, true)?;
        Ok(Iri::from_parts(s, m))
    }
}
