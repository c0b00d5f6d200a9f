//! Kernels between IRIs and URIs (RFC 3987 3.1 and 3.2), by urikit's
//! `IriRef::to_uri` and `UriRef::to_iri`.

use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use urikit::{IriRef, UriRef};

use crate::hosts::string_kernel;

/// Every row, an IRI reference, mapped to the URI reference it stands for
/// (RFC 3987 3.1): each non-ASCII character becomes the `%HH` triplets of
/// its UTF-8 bytes, in uppercase hex ([`urikit::IriRef::to_uri`]). A row
/// that is ASCII already comes back unchanged (for `Utf8View` input, as a
/// view into the input). Null for a null row and for one that is not an IRI
/// reference. Host names are percent-encoded, as 3.1 allows; for the
/// A-label form, compose with `host_ascii` (the `idna` feature).
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// let a = StringArray::from(vec![
///     "http://www.example.org/red%09ros\u{E9}#red",
///     "http://a/b",
///     "http://a/\u{FFFE}",
/// ]);
/// let v = urikit_arrow::to_uri(&a).unwrap();
/// let v: Vec<_> = v.as_string::<i32>().iter().collect();
/// assert_eq!(
///     v,
///     [Some("http://www.example.org/red%09ros%C3%A9#red"), Some("http://a/b"), None]
/// );
/// ```
pub fn to_uri(input: &dyn Array) -> Result<ArrayRef, ArrowError> {
    string_kernel(input, |s| Some(IriRef::parse(s).ok()?.to_uri()))
}

/// Every row, a URI reference, mapped to the IRI reference it stands for
/// (RFC 3987 3.2, steps 1 to 5): percent-encoded UTF-8 is decoded, except
/// for what 3.2 keeps encoded (`%` and reserved characters, ASCII that URIs
/// do not allow, octets that are not strictly UTF-8, characters outside
/// `ucschar`/`iprivate`, bidi formatting characters;
/// [`urikit::UriRef::to_iri`]). A row with nothing to decode comes back
/// unchanged. Null for a null row and for one that is not a URI reference.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// let a = StringArray::from(vec![
///     "http://www.example.org/D%C3%BCrst",
///     "http://www.example.org/D%FCrst",
///     "http://bad host/",
/// ]);
/// let v = urikit_arrow::to_iri(&a).unwrap();
/// let v: Vec<_> = v.as_string::<i32>().iter().collect();
/// assert_eq!(
///     v,
///     [Some("http://www.example.org/D\u{FC}rst"), Some("http://www.example.org/D%FCrst"), None]
/// );
/// ```
pub fn to_iri(input: &dyn Array) -> Result<ArrayRef, ArrowError> {
    string_kernel(input, |s| Some(UriRef::parse(s).ok()?.to_iri()))
}

/// Every row, a near-URI, made a valid URI reference by
/// [`urikit::repair::repair`]: each character the grammar does not allow
/// where it stands is percent-encoded (a space, `|`, `^`, a second `#`, a
/// lone `%`, non-ASCII as UTF-8). A valid row comes back unchanged. Null
/// for a null row and for one that cannot be repaired without a guess (an
/// invalid scheme or host, a bad port, an unclosed IP literal).
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// let a = StringArray::from(vec!["http://a/b c|d", "http://a/ok", "http://a:8o/"]);
/// let v = urikit_arrow::repair(&a).unwrap();
/// let v: Vec<_> = v.as_string::<i32>().iter().collect();
/// assert_eq!(v, [Some("http://a/b%20c%7Cd"), Some("http://a/ok"), None]);
/// ```
pub fn repair(input: &dyn Array) -> Result<ArrayRef, ArrowError> {
    string_kernel(input, |s| {
        urikit::repair::repair(s).ok().map(|r| r.into_cow())
    })
}
