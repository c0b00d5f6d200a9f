//! International domain names (the `idna` feature): UTS #46 processing,
//! non-transitional as browsers do it, by the `idna` crate.
//!
//! RFC 3987 3.1 allows a host name to be mapped to its A-labels (ToASCII)
//! instead of being percent-encoded, and 3.2.1 allows A-labels to be shown
//! as U-labels (ToUnicode). Hosts that are not registered names (IP
//! addresses and literals) never change.

use crate::names::kind_names;
use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

use super::map::iri_to_uri;
use super::{Iri, IriBuf, IriRef, IriRefBuf};
use crate::host::{Host, HostKind};
use crate::percent;
use crate::uri::{Uri, UriBuf, UriRef, UriRefBuf};

/// Why a host name has no ASCII (or Unicode) form under UTS #46.
///
/// ```
/// use urikit::{IdnaErrorKind, Iri};
/// let iri = Iri::parse("http://a.xn--a.example/")?;
/// let err = iri.host().unwrap().to_ascii().unwrap_err();
/// assert_eq!(err.kind(), IdnaErrorKind::InvalidLabel);
/// assert_eq!((err.index(), err.label()), (2, "xn--a"));
/// assert_eq!(err.to_string(), "invalid label \"xn--a\" in host at index 2");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IdnaError {
    index: usize,
    label: String,
    kind: IdnaErrorKind,
}

/// The kind of an [`IdnaError`].
///
/// ```
/// assert_eq!(urikit::IdnaErrorKind::InvalidLabel.name(), "invalid-label");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IdnaErrorKind {
    /// A label that UTS #46 rejects: a disallowed code point, a bad
    /// Punycode A-label, a bidi or joiner rule broken.
    InvalidLabel,
    /// Percent-encoded octets in the host that are not UTF-8.
    NotUtf8,
}

kind_names! {
    /// A short stable name, suitable for machine output.
    ///
    /// ```
    /// assert_eq!(urikit::IdnaErrorKind::NotUtf8.name(), "not-utf8");
    /// ```
    IdnaErrorKind {
        IdnaErrorKind::InvalidLabel => "invalid-label",
        IdnaErrorKind::NotUtf8 => "not-utf8",
    }
}

impl IdnaError {
    /// The byte index in the host text of the label at fault (0 when the
    /// host as a whole is).
    ///
    /// ```
    /// let h = urikit::Iri::parse("http://ok.a\u{2028}b/")?.host().unwrap();
    /// assert_eq!(h.to_ascii().unwrap_err().index(), 3);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn index(&self) -> usize {
        self.index
    }

    /// The label at fault, as written.
    ///
    /// ```
    /// let h = urikit::Iri::parse("http://ok.a\u{2028}b/")?.host().unwrap();
    /// assert_eq!(h.to_ascii().unwrap_err().label(), "a\u{2028}b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn label(&self) -> &str {
        &self.label
    }

    /// Why.
    ///
    /// ```
    /// use urikit::IdnaErrorKind;
    /// let h = urikit::Uri::parse("http://%FF.example/")?.host().unwrap();
    /// assert_eq!(h.to_ascii().unwrap_err().kind(), IdnaErrorKind::NotUtf8);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn kind(&self) -> IdnaErrorKind {
        self.kind
    }
}

impl fmt::Display for IdnaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            IdnaErrorKind::InvalidLabel => write!(
                f,
                "invalid label \"{}\" in host at index {}",
                self.label, self.index
            ),
            IdnaErrorKind::NotUtf8 => write!(
                f,
                "percent-encoded octets in host are not UTF-8 (label \"{}\" at index {})",
                self.label, self.index
            ),
        }
    }
}

impl core::error::Error for IdnaError {}

/// The first label of `host` (split on the dots UTS #46 maps to `.`) for
/// which `fails` holds: its index and text.
fn label_at_fault(host: &str, fails: impl Fn(&str) -> bool) -> (usize, &str) {
    let mut start = 0;
    for (i, c) in host
        .char_indices()
        .chain(core::iter::once((host.len(), '.')))
    {
        if matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}') {
            let label = &host[start..i];
            if fails(label) {
                return (start, label);
            }
            start = i + c.len_utf8();
        }
    }
    (0, host)
}

fn to_ascii(name: &str) -> Result<Cow<'_, str>, ()> {
    idna::domain_to_ascii_cow(name.as_bytes(), idna::AsciiDenyList::URL).map_err(|_| ())
}

impl<'a> Host<'a> {
    /// The host with its registered name in ASCII: UTS #46 ToASCII
    /// (non-transitional, as browsers do it), after decoding any
    /// percent-encoded UTF-8. IP addresses and literals are returned as they
    /// are; so is a name already in its ASCII form (borrowed).
    ///
    /// ```
    /// let h = urikit::Iri::parse("http://Bücher.example/")?.host().unwrap();
    /// assert_eq!(h.to_ascii()?, "xn--bcher-kva.example");
    /// let h = urikit::Uri::parse("http://b%C3%BCcher.example/")?.host().unwrap();
    /// assert_eq!(h.to_ascii()?, "xn--bcher-kva.example");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_ascii(&self) -> Result<Cow<'a, str>, IdnaError> {
        let text = self.as_str();
        if self.kind() != HostKind::RegName {
            return Ok(Cow::Borrowed(text));
        }
        let decoded = percent::decode(text).to_str().map_err(|_| {
            let (index, label) = label_at_fault(text, |l| percent::decode(l).to_str().is_err());
            IdnaError {
                index,
                label: label.into(),
                kind: IdnaErrorKind::NotUtf8,
            }
        })?;
        let invalid = |_| {
            let (index, label) = label_at_fault(text, |l| {
                percent::decode(l)
                    .to_str()
                    .map_or(true, |d| to_ascii(&d).is_err())
            });
            IdnaError {
                index,
                label: label.into(),
                kind: IdnaErrorKind::InvalidLabel,
            }
        };
        match decoded {
            Cow::Borrowed(d) => match to_ascii(d).map_err(invalid)? {
                // The same text: borrow the host's own.
                Cow::Borrowed(a) if a == text => Ok(Cow::Borrowed(text)),
                a => Ok(Cow::Owned(a.into_owned())),
            },
            Cow::Owned(d) => Ok(Cow::Owned(to_ascii(&d).map_err(invalid)?.into_owned())),
        }
    }

    /// The host with its A-labels shown as U-labels: UTS #46 ToUnicode.
    /// IP addresses and literals are returned as they are.
    ///
    /// ```
    /// let h = urikit::Uri::parse("http://xn--99zt52a.example.org/")?.host().unwrap();
    /// assert_eq!(h.to_unicode()?, "\u{7D0D}\u{8C46}.example.org");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_unicode(&self) -> Result<Cow<'a, str>, IdnaError> {
        let text = self.as_str();
        if self.kind() != HostKind::RegName {
            return Ok(Cow::Borrowed(text));
        }
        let ascii = self.to_ascii()?;
        let (unicode, result) = idna::domain_to_unicode(&ascii);
        if result.is_err() {
            let (index, label) = label_at_fault(text, |l| idna::domain_to_unicode(l).1.is_err());
            return Err(IdnaError {
                index,
                label: label.into(),
                kind: IdnaErrorKind::InvalidLabel,
            });
        }
        Ok(if unicode == text {
            Cow::Borrowed(text)
        } else {
            Cow::Owned(unicode)
        })
    }
}

/// The IRI text `iri` with its host's A-labels as U-labels, or `None`
/// when that changes nothing or cannot be done.
fn with_u_labels(iri: &str) -> Option<String> {
    let r = IriRef::parse(iri).ok()?;
    let host = r.host()?;
    let h = host.as_str();
    if !(h.contains("xn--") || h.contains("XN--") || h.contains("Xn--") || h.contains("xN--")) {
        return None;
    }
    let unicode = host.to_unicode().ok()?;
    // The U-labels must be characters the IRI host allows.
    let fits = unicode.chars().all(|c| {
        c.is_ascii_alphanumeric()
            || matches!(c, '-' | '.')
            || (crate::chars::is_ucschar(c) && !crate::chars::is_bidi_format(c))
    });
    if !fits || unicode == h {
        return None;
    }
    let (start, end) = span(iri, h);
    Some(with_host(iri, start, end, &unicode))
}

/// Replace the host of `s` (at `start..end`) with `host`.
fn with_host(s: &str, start: usize, end: usize, host: &str) -> String {
    let mut out = String::with_capacity(s.len() - (end - start) + host.len());
    out.push_str(&s[..start]);
    out.push_str(host);
    out.push_str(&s[end..]);
    out
}

/// The byte range of `host` within `s` (it is a subslice).
fn span(s: &str, host: &str) -> (usize, usize) {
    let start = host.as_ptr() as usize - s.as_ptr() as usize;
    (start, start + host.len())
}

macro_rules! to_uri_idna {
    ($ty:ident $(<$lt:lifetime>)?, $out:lifetime) => {
        impl$(<$lt>)? $ty$(<$lt>)? {
            /// [`Self::to_uri`] with the host name mapped by IDNA ToASCII
            /// instead of percent-encoded (RFC 3987 3.1, step 2's note).
            ///
            /// ```
            #[doc = concat!("let i = urikit::", stringify!($ty), "::parse(\"http://例え.jp/パス\")?;")]
            /// assert_eq!(i.to_uri_idna()?, "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9");
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn to_uri_idna(&self) -> Result<Cow<$out, str>, IdnaError> {
                let s = self.as_str();
                let Some(host) = self.host() else {
                    return Ok(iri_to_uri(s));
                };
                let ascii = host.to_ascii()?;
                if ascii == host.as_str() {
                    return Ok(iri_to_uri(s));
                }
                let (start, end) = span(s, host.as_str());
                Ok(Cow::Owned(iri_to_uri(&with_host(s, start, end, &ascii)).into_owned()))
            }
        }
    };
}

to_uri_idna!(IriRef<'a>, 'a);
to_uri_idna!(Iri<'a>, 'a);
to_uri_idna!(IriRefBuf, '_);
to_uri_idna!(IriBuf, '_);

macro_rules! to_iri_idna {
    ($ty:ident $(<$lt:lifetime>)?, $out:lifetime) => {
        impl$(<$lt>)? $ty$(<$lt>)? {
            /// [`Self::to_iri`] with A-labels in the host shown as U-labels
            /// (RFC 3987 3.2.1). A host that ToUnicode rejects, or whose
            /// U-labels the IRI grammar does not allow, is left as it is.
            ///
            /// ```
            #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"http://xn--99zt52a.example.org/%e2%80%ae\")?;")]
            /// assert_eq!(u.to_iri_idna(), "http://\u{7D0D}\u{8C46}.example.org/%E2%80%AE");
            /// # Ok::<(), urikit::ParseError>(())
            /// ```
            pub fn to_iri_idna(&self) -> Cow<$out, str> {
                let iri = self.to_iri();
                match with_u_labels(&iri) {
                    Some(replaced) => Cow::Owned(replaced),
                    None => iri,
                }
            }
        }
    };
}

to_iri_idna!(UriRef<'a>, 'a);
to_iri_idna!(Uri<'a>, 'a);
to_iri_idna!(UriRefBuf, '_);
to_iri_idna!(UriBuf, '_);
