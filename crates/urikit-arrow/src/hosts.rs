//! Kernels over the host (RFC 3986 3.2.2): reversed host names, SURT keys,
//! and the public suffix list.

use std::borrow::Cow;

use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use urikit::{Uri, UriRef};

use crate::strings::{StrOut, Strs};

/// A string kernel: `f` gives row `i`'s value (possibly a slice of it).
pub(crate) fn string_kernel<'a>(
    input: &'a dyn Array,
    f: impl Fn(&'a str) -> Option<Cow<'a, str>>,
) -> Result<ArrayRef, ArrowError> {
    let strs = Strs::new(input)?;
    let mut out = StrOut::new(strs.data_type(), Some(strs), strs.len());
    for i in 0..strs.len() {
        match strs.get(i).and_then(&f) {
            Some(v) => out.push_from(i, &v),
            None => out.push_null(),
        }
    }
    Ok(out.finish())
}

/// Every row's host with its labels in reverse order: `www.example.com`
/// gives `com.example.www`, so that sorting groups a domain's hosts. The
/// host is taken as written (no case folding; compose with
/// [`crate::normalize`] for that). An IP literal or IPv4 address is not a
/// name and comes back unchanged; an empty host stays `""`. Null for a null
/// or invalid row, or one without a host.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// let a = StringArray::from(vec!["http://www.example.com/", "http://10.0.0.1/", "mailto:a@b"]);
/// let v = urikit_arrow::host_reversed(&a).unwrap();
/// let v: Vec<_> = v.as_string::<i32>().iter().collect();
/// assert_eq!(v, [Some("com.example.www"), Some("10.0.0.1"), None]);
/// ```
pub fn host_reversed(input: &dyn Array) -> Result<ArrayRef, ArrowError> {
    string_kernel(input, |s| Some(UriRef::parse(s).ok()?.host()?.reversed()))
}

/// Every row's SURT key ("Sort-friendly URI Reordering Transform"), the
/// `urlkey` of the CDX indexes of web archives, which sorts the captures
/// of a site together: [`Uri::surt`], whose module
/// ([`urikit::surt`]) lists the steps. Null for a null row or one that is
/// not an absolute URI.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// let a = StringArray::from(vec![
///     "http://www.Example.com:80/A/b?z=1&a=2#f",
///     "https://archive.org:8443/",
///     "//no-scheme/",
/// ]);
/// let v = urikit_arrow::surt(&a).unwrap();
/// let v: Vec<_> = v.as_string::<i32>().iter().collect();
/// assert_eq!(v, [Some("com,example)/a/b?a=2&z=1"), Some("org,archive:8443)/"), None]);
/// ```
pub fn surt(input: &dyn Array) -> Result<ArrayRef, ArrowError> {
    string_kernel(input, |s| Some(Cow::Owned(Uri::parse(s).ok()?.surt())))
}

/// The public suffix of every row's host (the `com` of `a.example.com`,
/// the `co.uk` of `a.example.co.uk`): [`urikit::Host::public_suffix`],
/// by the public suffix list compiled into urikit (the snapshot of the
/// `psl` crate 2.1.247). Null for a null or invalid
/// row, no host, an IP host, or an empty one.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// let a = StringArray::from(vec!["http://a.Example.CO.UK/", "http://10.1.2.3/", "http://h.invalidtld/"]);
/// let v = urikit_arrow::public_suffix(&a).unwrap();
/// let v: Vec<_> = v.as_string::<i32>().iter().collect();
/// assert_eq!(v, [Some("co.uk"), None, Some("invalidtld")]);
/// ```
pub fn public_suffix(input: &dyn Array) -> Result<ArrayRef, ArrowError> {
    string_kernel(input, |s| UriRef::parse(s).ok()?.host()?.public_suffix())
}

/// The registrable domain of every row's host: its public suffix and one
/// more label (`example.co.uk` for `a.b.example.co.uk`),
/// [`urikit::Host::registrable_domain`]. Null when the host is itself a
/// public suffix, and as for [`public_suffix`].
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// let a = StringArray::from(vec!["http://a.b.example.co.uk/", "http://co.uk/", "urn:x"]);
/// let v = urikit_arrow::registrable_domain(&a).unwrap();
/// let v: Vec<_> = v.as_string::<i32>().iter().collect();
/// assert_eq!(v, [Some("example.co.uk"), None, None]);
/// ```
pub fn registrable_domain(input: &dyn Array) -> Result<ArrayRef, ArrowError> {
    string_kernel(input, |s| {
        UriRef::parse(s).ok()?.host()?.registrable_domain()
    })
}
