//! SURT keys: the sort order of web archives.
//!
//! A SURT ("Sort-friendly URI Reordering Transform") key is the `urlkey`
//! column of the CDX indexes of web archives (the Internet Archive's
//! Wayback Machine, Common Crawl): a URI rewritten so that sorting groups
//! the captures of a site together, host labels reversed
//! (`com,example)/a/b?a=2&z=1`). It is a key for grouping and sorting, not
//! a URI, and does not resolve back. [`Uri::surt`] computes it;
//! [`Host::reversed`] is its host part alone, for sorting hosts by domain.
//!
//! The form computed here, step by step:
//!
//! 1. the URI is normalized with scheme-based normalization (RFC 3986
//!    6.2.2 and 6.2.3, [`Level::Scheme`]):
//!    case, percent-encoding, dot segments, the scheme's default port, an
//!    empty HTTP path as `/`;
//! 2. the scheme, the userinfo and the fragment are dropped;
//! 3. a registered-name host loses a trailing `.` and a first label `www`
//!    or `www` followed by digits, then its labels are reversed and joined
//!    by `,` (`www.example.co.uk` → `uk,co,example`); an IP host stays as
//!    it is;
//! 4. a port that is not the default follows as `:port`, then `)`;
//! 5. then the path, and the query's `&`-separated pieces sorted byte-wise
//!    (empty pieces dropped);
//! 6. the whole key is lower-cased (ASCII), as CDX files have it.
//!
//! A URI without an authority (`mailto:`, `urn:`) gives its normalized
//! form, lower-cased. Unlike the Python `surt` package, no session
//! identifiers or other query parameters are removed, and the input is a
//! valid URI (RFC 3986), not anything a browser would take.
//!
//! ```
//! use urikit::Uri;
//! let uri = Uri::parse("http://www.Example.com:80/A/b?z=1&a=2#f").unwrap();
//! assert_eq!(uri.surt(), "com,example)/a/b?a=2&z=1");
//! let uri = Uri::parse("https://archive.org:8443/").unwrap();
//! assert_eq!(uri.surt(), "org,archive:8443)/");
//! assert_eq!(Uri::parse("mailto:Ann@Example.com").unwrap().surt(), "mailto:ann@example.com");
//! ```

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use crate::normalize::{Level, Normalizer};
use crate::{Host, HostKind, Uri};

/// The labels of a registered name in reverse order, joined by `sep`.
fn reversed_labels(name: &str, sep: char, out: &mut String) {
    for (k, label) in name.rsplit('.').enumerate() {
        if k > 0 {
            out.push(sep);
        }
        out.push_str(label);
    }
}

/// Whether a host label is `www` or `www` followed by digits (`www2`): the
/// labels a SURT key drops.
fn is_www(label: &str) -> bool {
    label
        .strip_prefix("www")
        .is_some_and(|rest| rest.bytes().all(|b| b.is_ascii_digit()))
}

impl<'a> Host<'a> {
    /// The host with its labels in reverse order, joined by `.`:
    /// `www.example.com` gives `com.example.www`, so that sorting groups a
    /// domain's hosts. The host is taken as written (no case folding, no
    /// decoding; normalize first for that). An IP literal, an IPv4 address,
    /// a name without a dot and an empty host come back unchanged
    /// (borrowed).
    ///
    /// ```
    /// use urikit::Uri;
    /// let host = |s| Uri::parse(s).unwrap().host().unwrap().reversed().into_owned();
    /// assert_eq!(host("http://www.example.com/"), "com.example.www");
    /// assert_eq!(host("http://10.0.0.1/"), "10.0.0.1");
    /// assert_eq!(host("http://localhost/"), "localhost");
    /// ```
    pub fn reversed(&self) -> Cow<'a, str> {
        let name = self.as_str();
        if self.kind() != HostKind::RegName || !name.contains('.') {
            return Cow::Borrowed(name);
        }
        let mut out = String::with_capacity(name.len());
        reversed_labels(name, '.', &mut out);
        Cow::Owned(out)
    }
}

impl Uri<'_> {
    /// The URI's SURT key, the `urlkey` of web archives' CDX indexes; the
    /// [module documentation](crate::surt) gives the steps.
    ///
    /// ```
    /// use urikit::Uri;
    /// let uri = Uri::parse("http://WWW2.example.co.uk./a/../b?y&&x#top").unwrap();
    /// assert_eq!(uri.surt(), "uk,co,example)/b?x&y");
    /// let uri = Uri::parse("http://user@[::1]:8080/").unwrap();
    /// assert_eq!(uri.surt(), "[::1]:8080)/");
    /// ```
    pub fn surt(&self) -> String {
        let norm = self.normalize_with(&Normalizer::new(Level::Scheme));
        // A URI's normal form is a URI (it keeps its scheme).
        let Some(uri) = norm.as_uri() else {
            unreachable!("the normal form of a URI has a scheme")
        };
        let Some(host) = uri.host() else {
            let mut out = String::from(norm.as_str());
            out.make_ascii_lowercase();
            return out;
        };
        let mut out = String::with_capacity(norm.as_str().len() + 2);
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
        out
    }
}
