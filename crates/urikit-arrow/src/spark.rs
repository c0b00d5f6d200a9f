//! Apache Spark's URL functions, with Spark's answers: `parse_url`,
//! `try_parse_url`, `url_encode`, `url_decode` and `try_url_decode` (Spark
//! 4), over columns of any of the three string types.
//!
//! Spark reads URLs with `java.net.URI`, so these kernels read them with
//! [`urikit::java::JavaUri`], which gives what `new java.net.URI(s)` gives;
//! the encoders are [`urikit_views::java_form::url_encode`] and
//! [`urikit_views::java_form::url_decode`] (`URLEncoder`/`URLDecoder` with UTF-8).
//! What Spark adds on top, here:
//!
//! - **Parts** ([`SparkPart`]): `HOST` is `getHost` (brackets kept around
//!   an IPv6 address); `PATH`, `QUERY`, `REF`, `AUTHORITY` and `USERINFO`
//!   are the raw (still percent-encoded) accessors; `PROTOCOL` the scheme;
//!   `FILE` the raw path, then `?` and the raw query when there is one. Part
//!   names are case-sensitive: `'host'` is not a part, and an unknown part
//!   gives NULL.
//! - **A query key**: `parse_url(url, 'QUERY', key)` is the first match of
//!   the Java regular expression `(&|^)KEY=([^&]*)` in the raw query, the
//!   key inserted as a pattern, not as text. A key without any of the
//!   characters `\ ^ $ . | ? * + ( ) [ ] { }` is matched as text without a
//!   regular expression (the same answer, faster); any other key is read
//!   as `java.util.regex` reads it and translated into an exact pattern of
//!   the `regex` crate, or refused (see [`parse_url`]). With a key, a part other than
//!   `QUERY` gives NULL before the URL is even read.
//! - **Errors** ([`OnInvalid`]): `parse_url` on an invalid URL fails under
//!   Spark's ANSI mode (the default of Spark 4) with Spark's `INVALID_URL`
//!   message, and gives NULL otherwise; `try_parse_url` always gives NULL.
//!   `url_decode` fails on a malformed escape with `CANNOT_DECODE_URL`;
//!   `try_url_decode` gives NULL.
//! - A NULL argument gives NULL.
//!
//! ```
//! use arrow_array::{StringArray, Scalar, cast::AsArray};
//! use urikit_arrow::spark::{parse_url, OnInvalid};
//! let urls = StringArray::from(vec![Some("http://u@[::1]:8/p?a=1&b=2#r"), Some("a b:/"), None]);
//! let host = parse_url(&urls, &Scalar::new(StringArray::from(vec!["HOST"])), None, OnInvalid::Null)?;
//! assert_eq!(host.as_string::<i32>().iter().collect::<Vec<_>>(), [Some("[::1]"), None, None]);
//! let b = parse_url(&urls, &Scalar::new(StringArray::from(vec!["QUERY"])),
//!     Some(&Scalar::new(StringArray::from(vec!["b"]))), OnInvalid::Null)?;
//! assert_eq!(b.as_string::<i32>().value(0), "2");
//! let err = parse_url(&urls, &Scalar::new(StringArray::from(vec!["HOST"])), None, OnInvalid::Fail);
//! assert!(err.unwrap_err().to_string().contains("[INVALID_URL]"));
//! # Ok::<(), arrow_schema::ArrowError>(())
//! ```

use std::borrow::Cow;
use std::cell::Cell;

use arrow_array::{Array, ArrayRef, Datum};
use arrow_schema::ArrowError;
use urikit::java::JavaUri;
use urikit_views::java_form::{url_decode as java_url_decode, url_encode as java_url_encode};

use crate::strings::{Arg, StrOut, Strs, like, rows, view_slices};

mod java_regex;

/// The parts `parse_url` extracts, by their Spark names.
///
/// ```
/// use urikit_arrow::spark::SparkPart;
/// assert_eq!(SparkPart::from_name("HOST"), Some(SparkPart::Host));
/// assert_eq!(SparkPart::from_name("host"), None);
/// assert_eq!(SparkPart::Ref.name(), "REF");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SparkPart {
    /// `HOST`: `getHost`.
    Host,
    /// `PATH`: `getRawPath`.
    Path,
    /// `QUERY`: `getRawQuery`.
    Query,
    /// `REF`: `getRawFragment`.
    Ref,
    /// `PROTOCOL`: `getScheme`.
    Protocol,
    /// `FILE`: the raw path, then `?` and the raw query when there is one.
    File,
    /// `AUTHORITY`: `getRawAuthority`.
    Authority,
    /// `USERINFO`: `getRawUserInfo`.
    UserInfo,
}

impl SparkPart {
    /// Every part, in the order of Spark's documentation.
    pub const ALL: [SparkPart; 8] = [
        SparkPart::Host,
        SparkPart::Path,
        SparkPart::Query,
        SparkPart::Ref,
        SparkPart::Protocol,
        SparkPart::File,
        SparkPart::Authority,
        SparkPart::UserInfo,
    ];

    /// The part of a name, compared case-sensitively as Spark does.
    pub fn from_name(name: &str) -> Option<SparkPart> {
        SparkPart::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The name Spark gives the part.
    pub const fn name(self) -> &'static str {
        match self {
            SparkPart::Host => "HOST",
            SparkPart::Path => "PATH",
            SparkPart::Query => "QUERY",
            SparkPart::Ref => "REF",
            SparkPart::Protocol => "PROTOCOL",
            SparkPart::File => "FILE",
            SparkPart::Authority => "AUTHORITY",
            SparkPart::UserInfo => "USERINFO",
        }
    }

    /// The part of a parsed URL, as a slice of its text.
    ///
    /// ```
    /// use urikit::java::JavaUri;
    /// use urikit_arrow::spark::SparkPart;
    /// let u = JavaUri::parse("http://h/a%20b?q=1#f")?;
    /// assert_eq!(SparkPart::File.of(&u), Some("/a%20b?q=1"));
    /// # Ok::<(), urikit::java::JavaError>(())
    /// ```
    pub fn of<'a>(self, u: &JavaUri<'a>) -> Option<&'a str> {
        match self {
            SparkPart::Host => u.host(),
            SparkPart::Path => u.raw_path(),
            SparkPart::Query => u.raw_query(),
            SparkPart::Ref => u.raw_fragment(),
            SparkPart::Protocol => u.scheme(),
            SparkPart::Authority => u.raw_authority(),
            SparkPart::UserInfo => u.raw_user_info(),
            SparkPart::File => {
                let path = u.raw_path()?;
                match u.raw_query() {
                    // The path, `?` and the query are one run of the input.
                    Some(q) => {
                        let s = u.as_str();
                        let start = path.as_ptr() as usize - s.as_ptr() as usize;
                        let end = q.as_ptr() as usize - s.as_ptr() as usize + q.len();
                        s.get(start..end)
                    }
                    None => Some(path),
                }
            }
        }
    }
}

/// What an invalid input does: Spark's ANSI mode fails the query, the
/// `try_` functions and ANSI mode off give NULL.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OnInvalid {
    /// Fail with Spark's error (`INVALID_URL`, `CANNOT_DECODE_URL`).
    Fail,
    /// Give NULL.
    Null,
}

/// Spark's `INVALID_URL` message for `url`.
fn invalid_url(url: &str) -> ArrowError {
    ArrowError::ComputeError(format!(
        "[INVALID_URL] The url is invalid: {url}. Use `try_parse_url` to tolerate invalid URL and return NULL instead. SQLSTATE: 22P02"
    ))
}

/// Spark's `CANNOT_DECODE_URL` message for `url`.
fn cannot_decode(url: &str) -> ArrowError {
    ArrowError::ComputeError(format!(
        "[CANNOT_DECODE_URL] The provided URL cannot be decoded: {url}. Please ensure that the URL is properly formatted and try again. SQLSTATE: 22546"
    ))
}

/// `parse_url(url, part [, key])` and `try_parse_url`, row by row.
///
/// Each argument is a column or a scalar ([`arrow_array::Scalar`]); a
/// scalar part or key is read once per batch. The output has the string
/// type of the first column argument (of `url` when all are scalars).
///
/// A key that is not plain text is read as Java 17's `java.util.regex`
/// reads Spark's whole pattern `(&|^)KEY=([^&]*)` (so `*a` repeats the
/// `(&|^)` group, and `\Q` without `\E` or a `(?x)` comment takes in the
/// rest): ASCII-only `\w \d \s` and POSIX classes (`\p{Alpha}`), ASCII-only
/// `(?i)`, Java's class syntax (nested classes, `&&`), `\Q…\E`, the flags
/// `d m s u x U`, and Java's `.`. It becomes a pattern of the `regex` crate
/// with the same matches and groups. What has no exact translation
/// (possessive quantifiers, atomic groups, look-around, back-references,
/// `\b`, Unicode properties and `(?U)` classes, `(?iu)`, a loop over what
/// can match the empty string around group 2, …) is refused: an error naming the key and
/// the construct with [`OnInvalid::Fail`], NULL with [`OnInvalid::Null`].
/// A pattern Java rejects is an error whatever `on_invalid` says (Spark
/// throws `PatternSyntaxException` in both modes); it is only compiled for
/// a row with a query.
///
/// ```
/// use arrow_array::{StringArray, Scalar, cast::AsArray};
/// use urikit_arrow::spark::{parse_url, OnInvalid};
/// let urls = StringArray::from(vec!["http://h/?\u{e9}=1&e=2&%C3%A9=3"]);
/// let q = Scalar::new(StringArray::from(vec!["QUERY"]));
/// let key = |k: &str| Scalar::new(StringArray::from(vec![k.to_owned()]));
/// // Java's \w is ASCII: it skips the é.
/// let v = parse_url(&urls, &q, Some(&key(r"\w")), OnInvalid::Fail)?;
/// assert_eq!(v.as_string::<i32>().value(0), "2");
/// // A possessive quantifier has no translation: NULL, or an error.
/// let v = parse_url(&urls, &q, Some(&key("e?+")), OnInvalid::Null)?;
/// assert!(v.is_null(0));
/// assert!(parse_url(&urls, &q, Some(&key("e?+")), OnInvalid::Fail).is_err());
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn parse_url(
    url: &dyn Datum,
    part: &dyn Datum,
    key: Option<&dyn Datum>,
    on_invalid: OnInvalid,
) -> Result<ArrayRef, ArrowError> {
    let urls = Arg::new(url)?;
    let parts = Arg::new(part)?;
    let keys = key.map(Arg::new).transpose()?;
    let mut all = vec![urls, parts];
    all.extend(keys);
    let n = rows(&all)?;
    let mut like_args: Vec<&dyn Datum> = vec![url, part];
    like_args.extend(key);
    let (ty, _) = like(&like_args)?;
    let source = urls.column();

    // The common case, one part for a whole Utf8View column and no key:
    // the loop that writes views into the input (see `view_slices`).
    if let (Some(Strs::View(a)), Arg::Scalar(Some(p)), None) = (source, parts, keys) {
        let Some(p) = SparkPart::from_name(p) else {
            // An unknown part gives NULL, but the URL is still read first.
            if on_invalid == OnInvalid::Fail {
                check_all(Strs::View(a))?;
            }
            return Ok(arrow_array::new_null_array(&ty, n));
        };
        let bad = Cell::new(None);
        let out = view_slices(a, |s| match JavaUri::parse(s) {
            Ok(u) => p.of(&u),
            Err(_) => {
                if bad.get().is_none() {
                    bad.set(Some(s.len()));
                }
                None
            }
        });
        if on_invalid == OnInvalid::Fail && bad.get().is_some() {
            check_all(Strs::View(a))?;
        }
        return Ok(out);
    }

    let mut out = StrOut::new(&ty, source, n);
    let mut pattern = KeyPattern::default();
    for i in 0..n {
        let (Some(u), Some(p)) = (urls.get(i), parts.get(i)) else {
            out.push_null();
            continue;
        };
        let key = match keys {
            Some(k) => match k.get(i) {
                Some(k) => Some(k),
                None => {
                    out.push_null();
                    continue;
                }
            },
            None => None,
        };
        let part = SparkPart::from_name(p);
        // With a key, only QUERY is read at all (Spark returns NULL first).
        if key.is_some() && part != Some(SparkPart::Query) {
            out.push_null();
            continue;
        }
        let parsed = match JavaUri::parse(u) {
            Ok(parsed) => parsed,
            Err(_) if on_invalid == OnInvalid::Fail => return Err(invalid_url(u)),
            Err(_) => {
                out.push_null();
                continue;
            }
        };
        let Some(value) = part.and_then(|p| p.of(&parsed)) else {
            out.push_null();
            continue;
        };
        match key {
            None => out.push_from(i, value),
            Some(k) => match pattern.find(k, value, on_invalid)? {
                Some(v) => out.push(v),
                None => out.push_null(),
            },
        }
    }
    Ok(out.finish())
}

/// The error for the first invalid row of a column, if any.
fn check_all(s: Strs<'_>) -> Result<(), ArrowError> {
    for i in 0..s.len() {
        if let Some(u) = s.get(i)
            && JavaUri::parse(u).is_err()
        {
            return Err(invalid_url(u));
        }
    }
    Ok(())
}

/// The last key's compiled pattern, so that a constant key (or a run of
/// equal keys) is compiled once.
#[derive(Default)]
struct KeyPattern {
    key: String,
    compiled: Option<Matcher>,
}

enum Matcher {
    /// A key with no regular-expression syntax in it, matched as text.
    Text,
    Regex(regex::Regex),
    /// A key with no exact translation (or that Java rejects).
    Refused(java_regex::Refusal),
}

/// The bytes of Spark's pattern before the key: `(&|^)`.
const PREFIX: usize = 5;

impl KeyPattern {
    /// The value of the first match of `(&|^)KEY=([^&]*)` in `query`.
    ///
    /// A key that Java rejects fails whatever `on_invalid` says (Spark
    /// throws Java's `PatternSyntaxException` in every mode); a key that
    /// Java reads but that has no exact translation fails under
    /// [`OnInvalid::Fail`] and gives NULL otherwise.
    fn find<'q>(
        &mut self,
        key: &str,
        query: &'q str,
        on_invalid: OnInvalid,
    ) -> Result<Option<&'q str>, ArrowError> {
        if self.compiled.is_none() || self.key != key {
            self.compiled = Some(if key.bytes().any(is_meta) {
                compile_key(key)
            } else {
                Matcher::Text
            });
            key.clone_into(&mut self.key);
        }
        Ok(match &self.compiled {
            Some(Matcher::Regex(re)) => match re.captures(query) {
                // A key can leave no group 2 (`\Q` without `\E`, or a
                // `(?x)` comment, takes `=([^&]*)` in): on a match, Java's
                // `group(2)` throws, and Spark fails in every mode.
                Some(_) if re.captures_len() < 3 => {
                    return Err(ArrowError::ComputeError(format!(
                        "the query key {key:?} leaves no group 2 in spark's pattern (&|^)KEY=([^&]*), and the query {query:?} matches it (spark fails with java's IndexOutOfBoundsException)"
                    )));
                }
                c => c.and_then(|c| c.get(2)).map(|m| m.as_str()),
            },
            Some(Matcher::Refused(r)) => {
                let (invalid, at, what) = match r {
                    java_regex::Refusal::Invalid { at, what } => (true, *at, what),
                    java_regex::Refusal::Unsupported { at, what } => (false, *at, what),
                };
                let place = match at.checked_sub(PREFIX) {
                    Some(b) if b < key.len() => format!("at byte {b} of the key"),
                    Some(_) => "after the key".to_owned(),
                    None => "before the key".to_owned(),
                };
                if invalid {
                    return Err(ArrowError::ComputeError(format!(
                        "invalid regular expression in the query key {key:?}: {what} {place} (java.util.regex rejects it too)"
                    )));
                }
                if on_invalid == OnInvalid::Fail {
                    return Err(ArrowError::ComputeError(format!(
                        "unsupported regular expression in the query key {key:?}: {what} {place} has no exact equivalent outside java.util.regex (with ANSI mode off the row is NULL)"
                    )));
                }
                None
            }
            _ => text_key(query, key),
        })
    }
}

/// Spark's pattern for `key`, read as `java.util.regex` reads it.
fn compile_key(key: &str) -> Matcher {
    let pattern = format!("(&|^){key}=([^&]*)");
    match java_regex::translate(&pattern) {
        Ok(rust) => match regex::Regex::new(&rust) {
            Ok(re) => Matcher::Regex(re),
            Err(_) => Matcher::Refused(java_regex::Refusal::Unsupported {
                at: PREFIX,
                what: "a pattern too large for the regex crate".to_owned(),
            }),
        },
        Err(r) => Matcher::Refused(r),
    }
}

/// The bytes that make a key a regular expression rather than text.
fn is_meta(b: u8) -> bool {
    matches!(
        b,
        b'\\'
            | b'^'
            | b'$'
            | b'.'
            | b'|'
            | b'?'
            | b'*'
            | b'+'
            | b'('
            | b')'
            | b'['
            | b']'
            | b'{'
            | b'}'
    )
}

/// `(&|^)KEY=([^&]*)` for a key of plain text: the leftmost `KEY=` at the
/// start of the query or after a `&`, and the value up to the next `&`.
fn text_key<'q>(query: &'q str, key: &str) -> Option<&'q str> {
    let mut from = 0;
    while let Some(at) = query[from..].find(key).map(|n| from + n) {
        let after = at + key.len();
        if (at == 0 || query.as_bytes()[at - 1] == b'&')
            && query.as_bytes().get(after) == Some(&b'=')
        {
            let rest = &query[after + 1..];
            return Some(rest.find('&').map_or(rest, |e| &rest[..e]));
        }
        // An empty key matches at every position: step past one character.
        from = at + query[at..].chars().next().map_or(1, char::len_utf8);
        if from > query.len() {
            break;
        }
    }
    None
}

/// `url_encode(s)`: `URLEncoder.encode(s, UTF_8)` row by row.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// let a = StringArray::from(vec![Some("a b/é"), None]);
/// let e = urikit_arrow::spark::url_encode(&a)?;
/// assert_eq!(e.as_string::<i32>().iter().collect::<Vec<_>>(), [Some("a+b%2F%C3%A9"), None]);
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn url_encode(input: &dyn Array) -> Result<ArrayRef, ArrowError> {
    let s = Strs::new(input)?;
    let mut out = StrOut::new(s.data_type(), Some(s), s.len());
    for i in 0..s.len() {
        match s.get(i) {
            None => out.push_null(),
            Some(v) => match java_url_encode(v) {
                Cow::Borrowed(b) => out.push_from(i, b),
                Cow::Owned(o) => out.push(&o),
            },
        }
    }
    Ok(out.finish())
}

/// `url_decode(s)` (with [`OnInvalid::Fail`]) and `try_url_decode(s)`
/// (with [`OnInvalid::Null`]): `URLDecoder.decode(s, UTF_8)` row by row.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// use urikit_arrow::spark::{url_decode, OnInvalid};
/// let a = StringArray::from(vec![Some("a+b%2F%C3%A9"), Some("100%")]);
/// let d = url_decode(&a, OnInvalid::Null)?;
/// assert_eq!(d.as_string::<i32>().iter().collect::<Vec<_>>(), [Some("a b/é"), None]);
/// assert!(url_decode(&a, OnInvalid::Fail).is_err());
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn url_decode(input: &dyn Array, on_invalid: OnInvalid) -> Result<ArrayRef, ArrowError> {
    let s = Strs::new(input)?;
    let mut out = StrOut::new(s.data_type(), Some(s), s.len());
    for i in 0..s.len() {
        match s.get(i).map(|v| (v, java_url_decode(v))) {
            None => out.push_null(),
            Some((_, Ok(Cow::Borrowed(b)))) => out.push_from(i, b),
            Some((_, Ok(Cow::Owned(o)))) => out.push(&o),
            Some((v, Err(_))) if on_invalid == OnInvalid::Fail => return Err(cannot_decode(v)),
            Some((_, Err(_))) => out.push_null(),
        }
    }
    Ok(out.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_keys_match_as_the_pattern_would() {
        for (q, k) in [
            ("a=1&b=2&a=3", "a"),
            ("xa=1&a=2", "a"),
            ("=x&a=1", ""),
            ("a", "a"),
            ("a=", "a"),
            ("&a=1", "a"),
            ("b=1&&a=", "a"),
            ("中=1&中=2", "中"),
            ("a=b=c", "a"),
            ("aa=1&a=2", "a"),
        ] {
            let re = regex::Regex::new(&format!("(&|^){}=([^&]*)", regex::escape(k))).unwrap();
            let want = re.captures(q).and_then(|c| c.get(2)).map(|m| m.as_str());
            assert_eq!(text_key(q, k), want, "{q:?} {k:?}");
        }
    }
}
