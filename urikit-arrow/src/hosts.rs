//! Kernels over the host (RFC 3986 3.2.2): reversed host names, SURT keys,
//! and the public suffix list.

use std::borrow::Cow;

use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use urikit::normalize::{Level, Normalizer};
use urikit::{HostKind, Uri, UriRef, percent};

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

/// The labels of a registered name in reverse order, joined by `sep`.
fn reversed_labels(name: &str, sep: char, out: &mut String) {
    for (k, label) in name.rsplit('.').enumerate() {
        if k > 0 {
            out.push(sep);
        }
        out.push_str(label);
    }
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
    string_kernel(input, |s| {
        let r = UriRef::parse(s).ok()?;
        let host = r.host()?;
        if host.kind() != HostKind::RegName || !host.as_str().contains('.') {
            return Some(Cow::Borrowed(host.as_str()));
        }
        let mut out = String::with_capacity(host.as_str().len());
        reversed_labels(host.as_str(), '.', &mut out);
        Some(Cow::Owned(out))
    })
}

/// Whether a host label is `www` or `www` followed by digits (`www2`):
/// the labels SURT drops.
fn is_www(label: &str) -> bool {
    label
        .strip_prefix("www")
        .is_some_and(|rest| rest.bytes().all(|b| b.is_ascii_digit()))
}

/// The SURT key of one URI, or `None` when it is not an absolute URI.
fn surt_one(s: &str) -> Option<String> {
    let uri = Uri::parse(s).ok()?;
    let norm = uri.normalize_with(&Normalizer::new(Level::Scheme));
    let uri = norm.as_uri()?;
    let Some(host) = uri.host() else {
        // No authority (mailto:, urn:): nothing to reverse.
        return Some(norm.as_str().to_ascii_lowercase());
    };
    let mut out = String::with_capacity(s.len() + 2);
    let name = host.as_str();
    if host.kind() == HostKind::RegName {
        let name = name.strip_suffix('.').unwrap_or(name);
        let name = match name.split_once('.') {
            Some((first, rest)) if is_www(first) => rest,
            _ => name,
        };
        reversed_labels(name, ',', &mut out);
    } else {
        out.push_str(name);
    }
    if let Some(port) = uri.port().filter(|p| !p.is_empty()) {
        out.push(':');
        out.push_str(port);
    }
    out.push(')');
    out.push_str(uri.path());
    if let Some(q) = uri.query() {
        let mut pieces: Vec<&str> = q.split('&').filter(|p| !p.is_empty()).collect();
        pieces.sort_unstable();
        out.push('?');
        for (k, p) in pieces.iter().enumerate() {
            if k > 0 {
                out.push('&');
            }
            out.push_str(p);
        }
    }
    out.make_ascii_lowercase();
    Some(out)
}

/// Every row's SURT key ("Sort-friendly URI Reordering Transform"), the
/// `urlkey` of the CDX indexes of web archives (the Internet Archive's
/// Wayback Machine, Common Crawl), which sorts the captures of a site
/// together. The form used here:
///
/// 1. the URI is normalized with scheme-based normalization (RFC 3986
///    6.2.2 and 6.2.3, [`urikit::normalize::Normalizer`]): case,
///    percent-encoding, dot segments, the scheme's default port, an empty
///    HTTP path as `/`;
/// 2. the scheme, the userinfo and the fragment are dropped;
/// 3. a registered-name host loses a trailing `.` and a first label `www`
///    or `www` + digits, then its labels are reversed and joined by `,`
///    (`www.example.co.uk` → `uk,co,example`); an IP host stays as it is;
/// 4. a port that is not the default follows as `:port`, then `)`;
/// 5. then the path, and the query's `&`-separated pieces sorted byte-wise
///    (empty pieces dropped);
/// 6. the whole key is lower-cased (ASCII), as CDX files have it.
///
/// So `http://www.Example.com:80/A/b?z=1&a=2#f` gives
/// `com,example)/a/b?a=2&z=1`. A URI without an authority (`mailto:`) gives
/// its normalized form, lower-cased. The key is for grouping and sorting,
/// not a URI: it does not resolve back. Null for a null row or one that is
/// not an absolute URI.
///
/// Unlike the Python `surt` package, no session identifiers or other
/// query parameters are removed, and the input must be a valid URI
/// (RFC 3986), not anything a browser would accept.
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
    string_kernel(input, |s| surt_one(s).map(Cow::Owned))
}

/// The registered-name host of a URI, ready for the public suffix list:
/// percent-decoded, lower-cased, or `None` (no host, an IP host, an empty
/// one, or one that does not decode to UTF-8).
fn psl_host(s: &str) -> Option<Cow<'_, str>> {
    let r = UriRef::parse(s).ok()?;
    let host = r.host()?;
    if host.kind() != HostKind::RegName || host.as_str().is_empty() {
        return None;
    }
    let name = percent::decode(host.as_str()).to_str().ok()?;
    Some(if name.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(name.to_ascii_lowercase())
    } else {
        name
    })
}

/// Apply a lookup that returns a slice of the name it is given, keeping
/// the slice borrowed when the name was.
fn on_host<'a>(name: Cow<'a, str>, f: impl Fn(&str) -> Option<&str>) -> Option<Cow<'a, str>> {
    match name {
        Cow::Borrowed(n) => f(n).map(Cow::Borrowed),
        Cow::Owned(n) => f(&n).map(|x| Cow::Owned(x.to_owned())),
    }
}

/// The public suffix of every row's host (the `com` of `a.example.com`,
/// the `co.uk` of `a.example.co.uk`), by the `psl` crate: the list is
/// compiled in, and is the snapshot shipped in `psl` 2.1.247 (this crate
/// pins that version; updating the list means updating the pin). A name
/// whose last label is not on the list gets that label (the list's `*`
/// default rule). The host is percent-decoded and lower-cased first;
/// names are matched as they are, so an internationalized name should be
/// in the form the list uses. Null for a null or invalid row, no host, an
/// IP host, or an empty one.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// let a = StringArray::from(vec!["http://a.Example.CO.UK/", "http://10.1.2.3/", "http://h.invalidtld/"]);
/// let v = urikit_arrow::public_suffix(&a).unwrap();
/// let v: Vec<_> = v.as_string::<i32>().iter().collect();
/// assert_eq!(v, [Some("co.uk"), None, Some("invalidtld")]);
/// ```
pub fn public_suffix(input: &dyn Array) -> Result<ArrayRef, ArrowError> {
    string_kernel(input, |s| on_host(psl_host(s)?, psl::suffix_str))
}

/// The registrable domain of every row's host: its public suffix and one
/// more label (`example.co.uk` for `a.b.example.co.uk`), by the `psl`
/// crate's compiled-in list (see [`public_suffix`] for the snapshot). Null
/// when the host is itself a public suffix, and as for [`public_suffix`].
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// let a = StringArray::from(vec!["http://a.b.example.co.uk/", "http://co.uk/", "urn:x"]);
/// let v = urikit_arrow::registrable_domain(&a).unwrap();
/// let v: Vec<_> = v.as_string::<i32>().iter().collect();
/// assert_eq!(v, [Some("example.co.uk"), None, None]);
/// ```
pub fn registrable_domain(input: &dyn Array) -> Result<ArrayRef, ArrowError> {
    string_kernel(input, |s| on_host(psl_host(s)?, psl::domain_str))
}
