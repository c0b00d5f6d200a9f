//! Kernels over international host names (the `idna` feature): UTS #46
//! ToASCII and ToUnicode of each row's host, by urikit's
//! `Host::to_ascii` and `Host::to_unicode`.

use std::borrow::Cow;

use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use urikit::{Host, IriRef};

use crate::hosts::string_kernel;

/// Row `s`'s host mapped by `f`, or `None` (not an IRI reference, no
/// host, or `f` fails). Rows are read as IRI references, so that a host
/// written in Unicode (`例え.jp`) is read as well as one in
/// percent-encoded UTF-8 or A-labels: every URI reference is an IRI
/// reference, with the same host.
fn mapped<'a, E>(
    s: &'a str,
    f: impl Fn(&Host<'a>) -> Result<Cow<'a, str>, E>,
) -> Option<Cow<'a, str>> {
    let r = IriRef::parse(s).ok()?;
    f(&r.host()?).ok()
}

/// Every row's host in ASCII: a registered name by UTS #46 ToASCII
/// (non-transitional, as browsers do it; RFC 3987 3.1), after decoding
/// percent-encoded UTF-8; an IP address or literal as it is
/// ([`urikit::Host::to_ascii`]). Rows may be IRIs as well as URIs. Null for a
/// null row, one that is not an IRI reference, one without a host, and a
/// host that UTS #46 rejects (a bad A-label such as `xn--a`, a disallowed
/// code point, percent-encoded octets that are not UTF-8). For `Utf8View`
/// input, a host that is already ASCII is a view into the input.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// let a = StringArray::from(vec![
///     "http://例え.jp/",
///     "http://B%C3%BCcher.example/",
///     "http://[::1]/",
///     "http://a.xn--a.example/",
/// ]);
/// let v = urikit_arrow::host_ascii(&a).unwrap();
/// let v: Vec<_> = v.as_string::<i32>().iter().collect();
/// assert_eq!(
///     v,
///     [Some("xn--r8jz45g.jp"), Some("xn--bcher-kva.example"), Some("[::1]"), None]
/// );
/// ```
pub fn host_ascii(input: &dyn Array) -> Result<ArrayRef, ArrowError> {
    string_kernel(input, |s| mapped(s, Host::to_ascii))
}

/// Every row's host with its A-labels shown as U-labels: UTS #46 ToUnicode
/// (RFC 3987 3.2.1; [`urikit::Host::to_unicode`]). An IP address or literal
/// is returned as it is. Null as for [`host_ascii`].
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// let a = StringArray::from(vec!["http://xn--r8jz45g.jp/", "http://example.com/", "urn:x"]);
/// let v = urikit_arrow::host_unicode(&a).unwrap();
/// let v: Vec<_> = v.as_string::<i32>().iter().collect();
/// assert_eq!(v, [Some("例え.jp"), Some("example.com"), None]);
/// ```
pub fn host_unicode(input: &dyn Array) -> Result<ArrayRef, ArrowError> {
    string_kernel(input, |s| mapped(s, Host::to_unicode))
}
