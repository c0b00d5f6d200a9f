//! Appendix B: taking any string apart with the regular expression, without
//! validating, and the five components of 5.3.

use core::fmt;

/// The five components of a URI reference, as in RFC 3986 section 5.3.
///
/// Display recomposes them with the 5.3 algorithm. For a parsed value this
/// gives back the input exactly. [`split`] fills it in without validating
/// (Appendix B).
///
/// ```
/// use urikit::{Components, UriRef};
/// let r = UriRef::parse("http://a/b?#").unwrap();
/// let c = r.components();
/// assert_eq!(c, Components { scheme: Some("http"), authority: Some("a"), path: "/b", query: Some(""), fragment: Some("") });
/// assert_eq!(c.to_string(), "http://a/b?#");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Components<'a> {
    /// The scheme, without its `:`.
    pub scheme: Option<&'a str>,
    /// The authority, without its leading `//`.
    pub authority: Option<&'a str>,
    /// The path (always defined, possibly empty).
    pub path: &'a str,
    /// The query, without its `?`.
    pub query: Option<&'a str>,
    /// The fragment, without its `#`.
    pub fragment: Option<&'a str>,
}

impl Components<'_> {
    /// The length of the recomposed string.
    ///
    /// ```
    /// let c = urikit::split("s://a/p?q#f");
    /// assert_eq!(c.len(), 11);
    /// ```
    pub fn len(&self) -> usize {
        self.scheme.map_or(0, |s| s.len() + 1)
            + self.authority.map_or(0, |a| a.len() + 2)
            + self.path.len()
            + self.query.map_or(0, |q| q.len() + 1)
            + self.fragment.map_or(0, |f| f.len() + 1)
    }

    /// Whether the recomposed string is empty.
    ///
    /// ```
    /// assert!(urikit::split("").is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Recomposition (5.3).
impl fmt::Display for Components<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(s) = self.scheme {
            f.write_str(s)?;
            f.write_str(":")?;
        }
        if let Some(a) = self.authority {
            f.write_str("//")?;
            f.write_str(a)?;
        }
        f.write_str(self.path)?;
        if let Some(q) = self.query {
            f.write_str("?")?;
            f.write_str(q)?;
        }
        if let Some(fr) = self.fragment {
            f.write_str("#")?;
            f.write_str(fr)?;
        }
        Ok(())
    }
}

/// Split any string into the five components with the rule of Appendix B,
/// without validating anything.
///
/// This is the regular expression
/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?` done by hand:
/// for strings that are not valid URI references (logs, user input) and
/// must still be taken apart. For a valid reference it agrees with the
/// parser. Recomposing the result always gives back the input.
///
/// ```
/// let c = urikit::split("http://www.ics.uci.edu/pub/ietf/uri/#Related");
/// assert_eq!(c.scheme, Some("http"));
/// assert_eq!(c.authority, Some("www.ics.uci.edu"));
/// assert_eq!(c.path, "/pub/ietf/uri/");
/// assert_eq!(c.query, None);
/// assert_eq!(c.fragment, Some("Related"));
///
/// // Not valid, split all the same.
/// let c = urikit::split("ht tp://a b/c d?e f");
/// assert_eq!(c.scheme, Some("ht tp"));
/// assert_eq!(c.query, Some("e f"));
/// ```
pub fn split(s: &str) -> Components<'_> {
    let b = s.as_bytes();
    let mut rest = s;
    let mut c = Components::default();
    // (([^:/?#]+):)?
    if let Some(end) = b
        .iter()
        .position(|&x| matches!(x, b':' | b'/' | b'?' | b'#'))
        && end > 0
        && b[end] == b':'
    {
        c.scheme = Some(&s[..end]);
        rest = &s[end + 1..];
    }
    // (//([^/?#]*))?
    if let Some(after) = rest.strip_prefix("//") {
        let end = after
            .bytes()
            .position(|x| matches!(x, b'/' | b'?' | b'#'))
            .unwrap_or(after.len());
        c.authority = Some(&after[..end]);
        rest = &after[end..];
    }
    // ([^?#]*)
    let end = rest
        .bytes()
        .position(|x| matches!(x, b'?' | b'#'))
        .unwrap_or(rest.len());
    c.path = &rest[..end];
    rest = &rest[end..];
    // (\?([^#]*))?
    if let Some(after) = rest.strip_prefix('?') {
        let end = after.find('#').unwrap_or(after.len());
        c.query = Some(&after[..end]);
        rest = &after[end..];
    }
    // (#(.*))?
    if let Some(after) = rest.strip_prefix('#') {
        c.fragment = Some(after);
    }
    c
}
