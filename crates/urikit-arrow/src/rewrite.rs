//! Kernels that make new URIs or text: resolution (RFC 3986 section 5),
//! normalization and comparison (section 6), percent-encoding (2.1).

use arrow_array::builder::BooleanBuilder;
use arrow_array::{Array, ArrayRef, BooleanArray, Datum};
use arrow_schema::ArrowError;
use urikit::compare::{Comparison, Level};
use urikit::normalize::Normalizer;
use urikit::percent::{self, EncodeSet};
use urikit::{Resolver, Uri, UriRef, make_relative as lib_make_relative};

use crate::strings::{Arg, StrOut, Strs, like, rows};

/// `reference` resolved against `base` (RFC 3986 5.2, strict), for every
/// row: [`urikit::Resolver::resolve`]. Null when either is null, `base` is
/// not an absolute URI, `reference` is not a URI reference, or resolution
/// fails.
///
/// Either argument may be a scalar ([`arrow_array::Scalar`]), which is
/// parsed once per batch; the output has the string type of `reference`
/// (of `base` when `reference` is a scalar).
///
/// ```
/// use arrow_array::{StringArray, Scalar, cast::AsArray};
/// let base = Scalar::new(StringArray::from(vec!["http://a/b/c/d;p?q"]));
/// let refs = StringArray::from(vec![Some("g"), Some("../../g"), Some("%"), None]);
/// let v = urikit_arrow::resolve(&base, &refs).unwrap();
/// let v: Vec<_> = v.as_string::<i32>().iter().collect();
/// assert_eq!(v, [Some("http://a/b/c/g"), Some("http://a/g"), None, None]);
/// ```
pub fn resolve(base: &dyn Datum, reference: &dyn Datum) -> Result<ArrayRef, ArrowError> {
    let (b, r) = (Arg::new(base)?, Arg::new(reference)?);
    let n = rows(&[b, r])?;
    let (ty, _) = like(&[reference, base])?;
    let mut out = StrOut::new(&ty, None, n);
    let resolver = Resolver::new();
    // A scalar base is parsed once for the whole batch.
    let fixed = match b {
        Arg::Scalar(s) => Some(s.and_then(|s| Uri::parse(s).ok())),
        Arg::Column(_) => None,
    };
    let mut buf = String::new();
    for i in 0..n {
        let parsed;
        let base = match &fixed {
            Some(p) => p.as_ref(),
            None => {
                parsed = b.get(i).and_then(|s| Uri::parse(s).ok());
                parsed.as_ref()
            }
        };
        let reference = r.get(i).and_then(|s| UriRef::parse(s).ok());
        buf.clear();
        match (base, reference) {
            (Some(base), Some(reference))
                if resolver.resolve_into(base, reference, &mut buf).is_ok() =>
            {
                out.push(&buf)
            }
            _ => out.push_null(),
        }
    }
    Ok(out.finish())
}

/// The shortest relative reference that resolves against `base` to
/// `target` ([`urikit::make_relative`]), for every row. Null when either
/// is null or not an absolute URI, or when no relative reference reaches
/// the target. Either argument may be a scalar; the output has the string
/// type of `target`.
///
/// ```
/// use arrow_array::{StringArray, Scalar, cast::AsArray};
/// let base = Scalar::new(StringArray::from(vec!["http://a/b/c/d"]));
/// let t = StringArray::from(vec!["http://a/b/c/g?x", "https://a/"]);
/// let v = urikit_arrow::make_relative(&base, &t).unwrap();
/// let v: Vec<_> = v.as_string::<i32>().iter().collect();
/// assert_eq!(v, [Some("g?x"), Some("https://a/")]);
/// ```
pub fn make_relative(base: &dyn Datum, target: &dyn Datum) -> Result<ArrayRef, ArrowError> {
    let (b, t) = (Arg::new(base)?, Arg::new(target)?);
    let n = rows(&[b, t])?;
    let (ty, _) = like(&[target, base])?;
    let mut out = StrOut::new(&ty, None, n);
    let fixed = match b {
        Arg::Scalar(s) => Some(s.and_then(|s| Uri::parse(s).ok())),
        Arg::Column(_) => None,
    };
    for i in 0..n {
        let parsed;
        let base = match &fixed {
            Some(p) => p.as_ref(),
            None => {
                parsed = b.get(i).and_then(|s| Uri::parse(s).ok());
                parsed.as_ref()
            }
        };
        let target = t.get(i).and_then(|s| Uri::parse(s).ok());
        match (base, target) {
            (Some(base), Some(target)) => match lib_make_relative(base, &target) {
                Ok(r) => out.push(r.as_str()),
                Err(_) => out.push_null(),
            },
            _ => out.push_null(),
        }
    }
    Ok(out.finish())
}

/// Every row normalized at `level` (RFC 3986 6.2): [`Level::String`]
/// leaves it as it is, [`Level::Syntax`] applies syntax-based normalization
/// (case, percent-encoding, dot segments: 6.2.2), [`Level::Scheme`] adds
/// the scheme-based rules of 6.2.3: [`urikit::normalize::Normalizer::new`]
/// at that level. Null for a null or invalid row.
///
/// A row that is already normal is not copied: for `Utf8View` input its
/// output is a view into the input's buffers.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// use urikit::compare::Level;
/// let a = StringArray::from(vec![Some("HTTP://A/b/../c/%7euser"), Some("http://a:80"), Some("%")]);
/// let v = urikit_arrow::normalize(&a, Level::Scheme).unwrap();
/// let v: Vec<_> = v.as_string::<i32>().iter().collect();
/// assert_eq!(v, [Some("http://a/c/~user"), Some("http://a/"), None]);
/// ```
pub fn normalize(input: &dyn Array, level: Level) -> Result<ArrayRef, ArrowError> {
    let strs = Strs::new(input)?;
    let n = strs.len();
    let mut out = StrOut::new(strs.data_type(), Some(strs), n);
    let normalizer = Normalizer::new(level);
    for i in 0..n {
        match strs.get(i).and_then(|s| UriRef::parse(s).ok()) {
            Some(r) => out.push_from(i, r.normalize_with(&normalizer).as_str()),
            None => out.push_null(),
        }
    }
    Ok(out.finish())
}

/// Whether `a` and `b` are equivalent at `level` (RFC 3986 6.2, by
/// [`urikit::compare::Comparison::equivalent`], fragments included), for
/// every row. Null when either is null or not a valid URI reference.
/// Either argument may be a scalar (parsed once per batch).
///
/// ```
/// use arrow_array::{StringArray, Scalar};
/// use urikit::compare::Level;
/// let a = StringArray::from(vec!["http://a/%7e", "HTTP://A:80/", "%"]);
/// let b = Scalar::new(StringArray::from(vec!["http://a/~"]));
/// let v: Vec<_> = urikit_arrow::equivalent(&a, &b, Level::Syntax).unwrap().iter().collect();
/// assert_eq!(v, [Some(true), Some(false), None]);
/// ```
pub fn equivalent(a: &dyn Datum, b: &dyn Datum, level: Level) -> Result<BooleanArray, ArrowError> {
    let (x, y) = (Arg::new(a)?, Arg::new(b)?);
    let n = rows(&[x, y])?;
    let cmp = Comparison::new(level);
    let (fx, fy) = (fixed(x), fixed(y));
    let mut out = BooleanBuilder::with_capacity(n);
    for i in 0..n {
        match (pick(&fx, &x, i), pick(&fy, &y, i)) {
            // Both parsed: the comparison cannot fail.
            (Some(p), Some(q)) => match cmp.equivalent(p, q) {
                Ok(e) => out.append_value(e),
                Err(_) => out.append_null(),
            },
            _ => out.append_null(),
        }
    }
    Ok(out.finish())
}

/// A scalar argument parsed once: `Some(parsed)` for a scalar, `None` for
/// a column (parsed row by row).
fn fixed(arg: Arg<'_>) -> Option<Option<UriRef<'_>>> {
    match arg {
        Arg::Scalar(s) => Some(s.and_then(|s| UriRef::parse(s).ok())),
        Arg::Column(_) => None,
    }
}

/// Row `i` of an argument, parsed (once for all rows when a scalar).
fn pick<'a>(f: &Option<Option<UriRef<'a>>>, arg: &Arg<'a>, i: usize) -> Option<UriRef<'a>> {
    match f {
        Some(p) => *p,
        None => arg.get(i).and_then(|s| UriRef::parse(s).ok()),
    }
}

/// Every row's text percent-encoded for a component
/// ([`urikit::percent::encode`]): each byte outside `set` becomes `%XX`
/// (upper-case hex, UTF-8 bytes one by one). Null for a null row only.
/// A row with nothing to encode is not copied (a view for `Utf8View`).
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// use urikit_arrow::EncodeSet;
/// let a = StringArray::from(vec!["a b/c", "é"]);
/// let v = urikit_arrow::encode(&a, EncodeSet::Segment).unwrap();
/// let v: Vec<_> = v.as_string::<i32>().iter().collect();
/// assert_eq!(v, [Some("a%20b%2Fc"), Some("%C3%A9")]);
/// ```
pub fn encode(input: &dyn Array, set: EncodeSet) -> Result<ArrayRef, ArrowError> {
    let strs = Strs::new(input)?;
    let n = strs.len();
    let mut out = StrOut::new(strs.data_type(), Some(strs), n);
    let class = set.class();
    for i in 0..n {
        match strs.get(i) {
            Some(s) => out.push_from(i, &percent::encode(s, class).to_cow()),
            None => out.push_null(),
        }
    }
    Ok(out.finish())
}

/// Every row percent-decoded ([`urikit::percent::decode`]: `%XX` becomes
/// the byte, anything else stays, `+` included). Null for a null row or
/// when the decoded bytes are not UTF-8. A row with no `%` is not copied.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// let a = StringArray::from(vec!["a%20b+c", "%FF", "100%"]);
/// let v = urikit_arrow::decode(&a).unwrap();
/// let v: Vec<_> = v.as_string::<i32>().iter().collect();
/// assert_eq!(v, [Some("a b+c"), None, Some("100%")]);
/// ```
pub fn decode(input: &dyn Array) -> Result<ArrayRef, ArrowError> {
    let strs = Strs::new(input)?;
    let n = strs.len();
    let mut out = StrOut::new(strs.data_type(), Some(strs), n);
    for i in 0..n {
        match strs.get(i).map(|s| percent::decode(s).to_str()) {
            Some(Ok(v)) => out.push_from(i, &v),
            _ => out.push_null(),
        }
    }
    Ok(out.finish())
}
