//! Path parameters: `segment = *pchar *( ";" param )` (RFC 2396 3.3; the
//! `params` of RFC 1808), the matrix parameters of JAX-RS and the
//! `;jsessionid=` of servlet containers. RFC 3986 keeps `;` in `pchar`
//! without a meaning, so the same reading applies to any path.

use core::iter::FusedIterator;

/// The segments of `path` (split at `/`; a leading `/` starts no segment),
/// each with its parameters.
///
/// ```
/// use urikit::rfc2396::segments;
/// let v: Vec<_> = segments("/shop;jsessionid=AB12/cart").map(|s| s.name()).collect();
/// assert_eq!(v, ["shop", "cart"]);
/// let p: Vec<_> = segments("/shop;jsessionid=AB12/cart").next().unwrap().params().collect();
/// assert_eq!(p, ["jsessionid=AB12"]);
/// // Works on any parsed value's path, RFC 3986 too:
/// let u = urikit::Uri::parse("http://h/cars;color=red;year=2020/x")?;
/// let first = segments(u.path()).next().unwrap();
/// assert_eq!(first.params().collect::<Vec<_>>(), ["color=red", "year=2020"]);
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub fn segments(path: &str) -> Segments<'_> {
    Segments {
        rest: Some(path.strip_prefix('/').unwrap_or(path)),
    }
}

/// The iterator of [`segments`].
#[derive(Clone, Debug)]
pub struct Segments<'a> {
    rest: Option<&'a str>,
}

impl<'a> Iterator for Segments<'a> {
    type Item = Segment<'a>;

    fn next(&mut self) -> Option<Segment<'a>> {
        let rest = self.rest?;
        match rest.find('/') {
            Some(k) => {
                self.rest = Some(&rest[k + 1..]);
                Some(Segment { raw: &rest[..k] })
            }
            None => {
                self.rest = None;
                Some(Segment { raw: rest })
            }
        }
    }
}

impl FusedIterator for Segments<'_> {}

/// One path segment: its name (before the first `;`) and its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Segment<'a> {
    raw: &'a str,
}

impl<'a> Segment<'a> {
    /// The whole segment, parameters included, still percent-encoded.
    pub fn as_str(&self) -> &'a str {
        self.raw
    }

    /// The segment up to its first `;`.
    ///
    /// ```
    /// assert_eq!(urikit::rfc2396::segments("a;b").next().unwrap().name(), "a");
    /// ```
    pub fn name(&self) -> &'a str {
        self.raw.split(';').next().unwrap_or(self.raw)
    }

    /// The parameters, each the text between one `;` and the next (so
    /// possibly empty: `a;;b` has `""` and `b`).
    pub fn params(&self) -> Params<'a> {
        Params {
            rest: self.raw.find(';').map(|k| &self.raw[k + 1..]),
        }
    }
}

/// The iterator of [`Segment::params`].
#[derive(Clone, Debug)]
pub struct Params<'a> {
    rest: Option<&'a str>,
}

impl<'a> Iterator for Params<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.rest?;
        match rest.find(';') {
            Some(k) => {
                self.rest = Some(&rest[k + 1..]);
                Some(&rest[..k])
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

impl FusedIterator for Params<'_> {}
