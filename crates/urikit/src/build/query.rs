//! The query's `key=value` pairs: composing them ([`QueryWriter`]) and
//! taking them apart ([`query_pairs`]).

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

use super::encode::push_encoded;
use crate::parse::profile::{IRI, URI};
use crate::percent::{self, PercentDecode};

/// Write one encoded pair in parser profile `P` (see `encode.rs`); space is
/// `+` in the form variant, `%20` otherwise.
pub(super) fn push_pair<const P: u8>(out: &mut String, key: &str, value: Option<&str>, form: bool) {
    push_pair_part::<P>(out, key, form);
    if let Some(v) = value {
        out.push('=');
        push_pair_part::<P>(out, v, form);
    }
}

fn push_pair_part<const P: u8>(out: &mut String, data: &str, form: bool) {
    let set = &percent::QUERY_PAIR;
    if form {
        for (i, piece) in data.split(' ').enumerate() {
            if i > 0 {
                out.push('+');
            }
            push_encoded::<P>(out, piece.as_bytes(), set, true);
        }
    } else {
        push_encoded::<P>(out, data.as_bytes(), set, true);
    }
}

/// Composes a query from pairs of raw data.
///
/// Keys and values are encoded with [`percent::QUERY_PAIR`], so `&`, `=`
/// and `+` in the data are percent-encoded and the result reads back the same
/// with both [`QueryPairs::decoded`] and [`QueryPairs::form_decoded`]. A
/// space is `%20`, or `+` in the `application/x-www-form-urlencoded`
/// variant ([`QueryWriter::form`]).
///
/// ```
/// use urikit::build::QueryWriter;
/// let q = QueryWriter::new().pair("name", "Zoë & co").pair("x", "1+1").key("flag");
/// assert_eq!(q.as_str(), "name=Zo%C3%AB%20%26%20co&x=1%2B1&flag");
/// let f = QueryWriter::form().pair("q", "a b");
/// assert_eq!(f.as_str(), "q=a+b");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[must_use]
pub struct QueryWriter {
    buf: String,
    form: bool,
    iri: bool,
}

impl QueryWriter {
    /// An empty query, RFC 3986 style (space as `%20`).
    ///
    /// ```
    /// assert_eq!(urikit::build::QueryWriter::new().as_str(), "");
    /// ```
    pub fn new() -> QueryWriter {
        QueryWriter::default()
    }

    /// An empty query in the `application/x-www-form-urlencoded` style
    /// (space as `+`).
    ///
    /// ```
    /// assert_eq!(urikit::build::QueryWriter::form().pair("a", " ").as_str(), "a=+");
    /// ```
    pub fn form() -> QueryWriter {
        QueryWriter {
            buf: String::new(),
            form: true,
            iri: false,
        }
    }

    /// Write the pairs for an IRI's query (RFC 3987 `iquery`): a
    /// non-ASCII character that `iquery` allows, `ucschar` or `iprivate`,
    /// stays as it is, as with [`IriBuilder::query_pair`](super::IriBuilder::query_pair);
    /// everything else is encoded as before. Off by default.
    ///
    /// ```
    /// let q = urikit::build::QueryWriter::new().iri(true).pair("名前", "Zoë & co");
    /// assert_eq!(q.as_str(), "名前=Zoë%20%26%20co");
    /// let b = urikit::build::IriBuilder::new().host("h").path("/").query_encoded(q.as_str());
    /// assert_eq!(b.build()?.as_str(), "//h/?名前=Zoë%20%26%20co");
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn iri(mut self, yes: bool) -> QueryWriter {
        self.iri = yes;
        self
    }

    fn push(&mut self, key: &str, value: Option<&str>) {
        if self.iri {
            push_pair::<IRI>(&mut self.buf, key, value, self.form);
        } else {
            push_pair::<URI>(&mut self.buf, key, value, self.form);
        }
    }

    fn sep(&mut self) {
        if !self.buf.is_empty() {
            self.buf.push('&');
        }
    }

    /// Append `key=value`.
    ///
    /// ```
    /// assert_eq!(urikit::build::QueryWriter::new().pair("a", "=").as_str(), "a=%3D");
    /// ```
    pub fn pair(mut self, key: &str, value: &str) -> QueryWriter {
        self.sep();
        self.push(key, Some(value));
        self
    }

    /// Append a key without `=` and value.
    ///
    /// ```
    /// assert_eq!(urikit::build::QueryWriter::new().key("a&b").as_str(), "a%26b");
    /// ```
    pub fn key(mut self, key: &str) -> QueryWriter {
        self.sep();
        self.push(key, None);
        self
    }

    /// Append every pair.
    ///
    /// ```
    /// let q = urikit::build::QueryWriter::new().pairs([("a", "1"), ("b", "2")]);
    /// assert_eq!(q.as_str(), "a=1&b=2");
    /// ```
    pub fn pairs<I, K, V>(mut self, pairs: I) -> QueryWriter
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        for (k, v) in pairs {
            self = self.pair(k.as_ref(), v.as_ref());
        }
        self
    }

    /// The query text so far (valid `query`, or `iquery` with
    /// [`QueryWriter::iri`]).
    ///
    /// ```
    /// assert_eq!(urikit::build::QueryWriter::new().pair("k", "v").as_str(), "k=v");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.buf
    }

    /// The query text.
    ///
    /// ```
    /// let s: String = urikit::build::QueryWriter::new().key("k").finish();
    /// assert_eq!(s, "k");
    /// ```
    pub fn finish(self) -> String {
        self.buf
    }
}

impl fmt::Display for QueryWriter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.buf)
    }
}

/// One `key=value` piece of a query, raw (still percent-encoded).
///
/// ```
/// let p = urikit::build::query_pairs("a%20b=c+d").next().unwrap();
/// assert_eq!((p.key(), p.value()), ("a%20b", Some("c+d")));
/// assert_eq!(p.decode_value().to_str()?, "c+d");
/// assert_eq!(p.form_decode_value().to_str()?, "c d");
/// # Ok::<(), urikit::percent::DecodeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QueryPair<'a> {
    key: &'a str,
    value: Option<&'a str>,
}

impl<'a> QueryPair<'a> {
    /// The key, raw.
    ///
    /// ```
    /// assert_eq!(urikit::build::query_pairs("k=v").next().unwrap().key(), "k");
    /// ```
    pub fn key(&self) -> &'a str {
        self.key
    }

    /// The value, raw: `None` when the piece has no `=`, `Some("")` for
    /// `key=`.
    ///
    /// ```
    /// let mut it = urikit::build::query_pairs("a&b=");
    /// assert_eq!(it.next().unwrap().value(), None);
    /// assert_eq!(it.next().unwrap().value(), Some(""));
    /// ```
    pub fn value(&self) -> Option<&'a str> {
        self.value
    }

    /// The key, percent-decoded (lazily; `+` stays `+`).
    ///
    /// ```
    /// let p = urikit::build::query_pairs("%61=1").next().unwrap();
    /// assert_eq!(p.decode_key().to_str()?, "a");
    /// # Ok::<(), urikit::percent::DecodeError>(())
    /// ```
    pub fn decode_key(&self) -> PercentDecode<'a> {
        percent::decode(self.key)
    }

    /// The value, percent-decoded (lazily; `+` stays `+`); empty when there
    /// is none.
    ///
    /// ```
    /// let p = urikit::build::query_pairs("a=%26").next().unwrap();
    /// assert_eq!(p.decode_value().to_str()?, "&");
    /// # Ok::<(), urikit::percent::DecodeError>(())
    /// ```
    pub fn decode_value(&self) -> PercentDecode<'a> {
        percent::decode(self.value.unwrap_or(""))
    }

    /// The key decoded as form data: `+` is a space.
    ///
    /// ```
    /// let p = urikit::build::query_pairs("a+b=1").next().unwrap();
    /// assert_eq!(p.form_decode_key().to_str()?, "a b");
    /// # Ok::<(), urikit::percent::DecodeError>(())
    /// ```
    pub fn form_decode_key(&self) -> PercentDecode<'a> {
        percent::decode_form(self.key)
    }

    /// The value decoded as form data: `+` is a space.
    ///
    /// ```
    /// let p = urikit::build::query_pairs("a=1+2").next().unwrap();
    /// assert_eq!(p.form_decode_value().to_str()?, "1 2");
    /// # Ok::<(), urikit::percent::DecodeError>(())
    /// ```
    pub fn form_decode_value(&self) -> PercentDecode<'a> {
        percent::decode_form(self.value.unwrap_or(""))
    }
}

/// Split a query into its `&`-separated pieces, each split at its first `=`
/// into key and value, raw. Empty pieces (`a&&b`, a trailing `&`) carry no
/// pair and are skipped.
///
/// The `&` / `=` convention is the one of HTML forms and most servers, not
/// part of RFC 3986 (3.4 leaves the query's structure to the scheme).
/// Splitting comes before decoding, so `%26` and `%3D` stay data.
///
/// ```
/// let pairs: Vec<(&str, Option<&str>)> = urikit::build::query_pairs("a=1&b&&c=x=y&d=%26")
///     .map(|p| (p.key(), p.value()))
///     .collect();
/// assert_eq!(pairs, [("a", Some("1")), ("b", None), ("c", Some("x=y")), ("d", Some("%26"))]);
/// ```
pub fn query_pairs(query: &str) -> QueryPairs<'_> {
    QueryPairs { rest: query }
}

/// The iterator of [`query_pairs`].
///
/// ```
/// assert_eq!(urikit::build::query_pairs("a&b").count(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct QueryPairs<'a> {
    rest: &'a str,
}

impl<'a> QueryPairs<'a> {
    /// The pairs percent-decoded as text (`+` stays `+`); bytes that are not
    /// UTF-8 become U+FFFD. Use [`QueryPair::decode_key`] for the exact
    /// bytes.
    ///
    /// ```
    /// let v: Vec<_> = urikit::build::query_pairs("a=%E2%9C%93&b+c").decoded().collect();
    /// assert_eq!(v, [("a".into(), "✓".into()), ("b+c".into(), "".into())]);
    /// ```
    pub fn decoded(self) -> impl Iterator<Item = (Cow<'a, str>, Cow<'a, str>)> {
        self.map(|p| {
            (
                p.decode_key().to_str_lossy(),
                p.decode_value().to_str_lossy(),
            )
        })
    }

    /// The pairs decoded as `application/x-www-form-urlencoded` data: like
    /// [`decoded`](Self::decoded), and `+` is a space.
    ///
    /// ```
    /// let v: Vec<_> = urikit::build::query_pairs("q=a+b%2Bc").form_decoded().collect();
    /// assert_eq!(v, [("q".into(), "a b+c".into())]);
    /// ```
    pub fn form_decoded(self) -> impl Iterator<Item = (Cow<'a, str>, Cow<'a, str>)> {
        self.map(|p| {
            (
                p.form_decode_key().to_str_lossy(),
                p.form_decode_value().to_str_lossy(),
            )
        })
    }
}

impl<'a> Iterator for QueryPairs<'a> {
    type Item = QueryPair<'a>;

    fn next(&mut self) -> Option<QueryPair<'a>> {
        loop {
            if self.rest.is_empty() {
                return None;
            }
            let (piece, rest) = self.rest.split_once('&').unwrap_or((self.rest, ""));
            self.rest = rest;
            if piece.is_empty() {
                continue;
            }
            return Some(match piece.split_once('=') {
                Some((key, value)) => QueryPair {
                    key,
                    value: Some(value),
                },
                None => QueryPair {
                    key: piece,
                    value: None,
                },
            });
        }
    }
}
