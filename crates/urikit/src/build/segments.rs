//! The path's segments, and the iterator methods of the four types.

use alloc::borrow::Cow;

use super::query::{QueryPairs, query_pairs};
use crate::percent;
use crate::uri::{Uri, UriBuf, UriRef, UriRefBuf};

/// The segments of a path, raw: split on `/` after dropping one leading `/`.
/// `""` has no segments, `"/"` has one empty segment, `"a/b/"` has `a`, `b`
/// and an empty one. Splitting comes before decoding, so `%2F` stays data
/// inside its segment (2.4).
///
/// ```
/// let segs: Vec<&str> = urikit::build::path_segments("/a/b%2Fc/").collect();
/// assert_eq!(segs, ["a", "b%2Fc", ""]);
/// assert_eq!(urikit::build::path_segments("").count(), 0);
/// ```
pub fn path_segments(path: &str) -> Segments<'_> {
    let rest = path.strip_prefix('/').unwrap_or(path);
    Segments {
        rest: (!path.is_empty()).then_some(rest),
    }
}

/// The iterator of [`path_segments`].
///
/// ```
/// assert_eq!(urikit::build::path_segments("a/b").last(), Some("b"));
/// ```
#[derive(Clone, Debug)]
pub struct Segments<'a> {
    rest: Option<&'a str>,
}

impl<'a> Segments<'a> {
    /// The segments percent-decoded as text; bytes that are not UTF-8
    /// become U+FFFD. Use [`percent::decode`] on the raw segments for the
    /// exact bytes.
    ///
    /// ```
    /// let v: Vec<_> = urikit::build::path_segments("/a%2Fb/%7E").decoded().collect();
    /// assert_eq!(v, ["a/b", "~"]);
    /// ```
    pub fn decoded(self) -> impl Iterator<Item = Cow<'a, str>> {
        self.map(|s| percent::decode(s).to_str_lossy())
    }
}

impl<'a> Iterator for Segments<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.rest?;
        match rest.split_once('/') {
            Some((seg, tail)) => {
                self.rest = Some(tail);
                Some(seg)
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

macro_rules! iter_methods {
    // `$out` is the lifetime of what the methods return: the input's for
    // the borrowed types, the value's own for the owned ones.
    ($ty:ident $(<$lt:lifetime>)?, $out:lifetime) => {
        impl$(<$lt>)? $ty$(<$lt>)? {
            /// The path's segments, raw; see [`path_segments`].
            ///
            /// ```
            #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"http://h/a/b%2Fc\").unwrap();")]
            /// assert_eq!(u.path_segments().collect::<Vec<_>>(), ["a", "b%2Fc"]);
            /// ```
            pub fn path_segments(&self) -> Segments<$out> {
                path_segments(self.path())
            }

            /// The query's `key=value` pairs, raw; see [`query_pairs`].
            /// Empty when there is no query, as when the query is empty
            /// (`query()` tells the two apart).
            ///
            /// ```
            #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"http://h/?a=1&b=2\").unwrap();")]
            /// assert_eq!(u.query_pairs().map(|p| p.key()).collect::<Vec<_>>(), ["a", "b"]);
            /// ```
            pub fn query_pairs(&self) -> QueryPairs<$out> {
                query_pairs(self.query().unwrap_or(""))
            }
        }
    };
}

// The IRI types (`crate::iri`) share them.
pub(crate) use iter_methods;

iter_methods!(UriRef<'a>, 'a);
iter_methods!(Uri<'a>, 'a);
iter_methods!(UriRefBuf, '_);
iter_methods!(UriBuf, '_);
