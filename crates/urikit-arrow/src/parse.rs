//! `uri_parse` and the component extractors (RFC 3986 section 3).

use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, UInt16Builder, UInt64Builder};
use arrow_array::{Array, ArrayRef, BooleanArray, StructArray, UInt16Array};
use arrow_buffer::NullBufferBuilder;
use arrow_schema::{ArrowError, DataType, Field, Fields};
use urikit::UriRef;

use crate::strings::{StrOut, Strs, view_slices};

/// The names of the fields of [`parse`]'s struct, in order.
pub const PARSE_FIELDS: [&str; 11] = {
    // A view's fields (the views crate's record shape), then the parse's
    // own three.
    let view = urikit_views::record::VIEW_FIELDS;
    let own = ["valid", "error_index", "error_kind"];
    let mut out = [""; 11];
    let mut i = 0;
    while i < out.len() {
        out[i] = if i < view.len() {
            view[i]
        } else {
            own[i - view.len()]
        };
        i += 1;
    }
    out
};

/// The type of [`parse`]'s output for a string column of type `input`: a
/// struct whose text fields have the input's string type.
///
/// ```
/// use arrow_schema::DataType;
/// let DataType::Struct(fields) = urikit_arrow::parse_type(&DataType::Utf8View) else { panic!() };
/// assert_eq!(fields[0].name(), "scheme");
/// assert_eq!(fields[0].data_type(), &DataType::Utf8View);
/// assert_eq!(fields[9].data_type(), &DataType::UInt64);
/// ```
pub fn parse_type(input: &DataType) -> DataType {
    DataType::Struct(parse_fields(input))
}

fn parse_fields(input: &DataType) -> Fields {
    let text = |name: &str| Field::new(name, input.clone(), true);
    Fields::from(vec![
        text("scheme"),
        text("userinfo"),
        text("host"),
        text("host_kind"),
        text("port"),
        text("path"),
        text("query"),
        text("fragment"),
        Field::new("valid", DataType::Boolean, true),
        Field::new("error_index", DataType::UInt64, true),
        text("error_kind"),
    ])
}

/// Parse every row as a URI reference ([`UriRef::parse`]) into a struct of
/// its components.
///
/// - A null row gives a null struct.
/// - A valid row gives `valid = true`, each component as written (null when
///   absent, `""` when empty: RFC 3986 5.3 keeps the difference), the
///   host's kind (`reg-name`, `ipv4`, `ipv6`, `ipvfuture`; null without a
///   host), the port as its digits, and null `error_index` / `error_kind`.
/// - An invalid row gives `valid = false`, null components, and where and
///   why it failed: the [`urikit::ParseError`]'s `index()` and
///   `kind().name()`.
///
/// ```
/// use arrow_array::{Array, StringArray, StructArray, BooleanArray, UInt64Array, cast::AsArray};
/// let a = StringArray::from(vec![Some("http://a:80/p?q"), Some("http://exa mple/"), None]);
/// let s = urikit_arrow::parse(&a).unwrap();
/// let s = s.as_struct();
/// assert_eq!(s.column_by_name("host").unwrap().as_string::<i32>().value(0), "a");
/// assert_eq!(s.column_by_name("port").unwrap().as_string::<i32>().value(0), "80");
/// assert!(!s.column_by_name("valid").unwrap().as_boolean().value(1));
/// assert_eq!(s.column_by_name("error_index").unwrap().as_primitive::<arrow_array::types::UInt64Type>().value(1), 10);
/// assert_eq!(s.column_by_name("error_kind").unwrap().as_string::<i32>().value(1), "invalid-character");
/// assert!(s.is_null(2));
/// ```
pub fn parse(input: &dyn Array) -> Result<ArrayRef, ArrowError> {
    let strs = Strs::new(input)?;
    let ty = strs.data_type().clone();
    let n = strs.len();
    let mut text: Vec<StrOut<'_>> = (0..8).map(|_| StrOut::new(&ty, Some(strs), n)).collect();
    let mut valid = BooleanBuilder::with_capacity(n);
    let mut index = UInt64Builder::with_capacity(n);
    let mut kind = StrOut::new(&ty, Some(strs), n);
    let mut nulls = NullBufferBuilder::new(n);
    for i in 0..n {
        let Some(s) = strs.get(i) else {
            text.iter_mut().for_each(StrOut::push_null);
            valid.append_null();
            index.append_null();
            kind.push_null();
            nulls.append_null();
            continue;
        };
        nulls.append_non_null();
        match UriRef::parse(s) {
            Ok(r) => {
                text[0].push_opt_from(i, r.scheme());
                text[1].push_opt_from(i, r.userinfo());
                text[2].push_opt_from(i, r.host_str());
                match r.host_kind() {
                    Some(k) => text[3].push(k.name()),
                    None => text[3].push_null(),
                }
                text[4].push_opt_from(i, r.port());
                text[5].push_from(i, r.path());
                text[6].push_opt_from(i, r.query());
                text[7].push_opt_from(i, r.fragment());
                valid.append_value(true);
                index.append_null();
                kind.push_null();
            }
            Err(e) => {
                text.iter_mut().for_each(StrOut::push_null);
                valid.append_value(false);
                index.append_value(e.index() as u64);
                kind.push(e.kind().name());
            }
        }
    }
    let mut it = text.into_iter().map(StrOut::finish);
    let mut cols: Vec<ArrayRef> = it.by_ref().take(8).collect();
    cols.push(Arc::new(valid.finish()));
    cols.push(Arc::new(index.finish()));
    cols.push(kind.finish());
    Ok(Arc::new(StructArray::try_new(
        parse_fields(&ty),
        cols,
        nulls.finish(),
    )?))
}

/// The component extractors' logic for one row: the component as written,
/// a slice of the row, or `None` for an invalid row or an absent
/// component. The extractors below run these over a column, and the table
/// of kernels hands them out ([`crate::Kernel::slice`]) to the faces that
/// read rows one at a time (the DuckDB extension): each answer is defined
/// here, once.
pub(crate) mod row {
    use urikit::UriRef;

    /// The scheme (3.1).
    #[inline(always)]
    pub(crate) fn scheme(s: &str) -> Option<&str> {
        UriRef::parse(s).ok()?.scheme()
    }

    /// The userinfo (3.2.1).
    #[inline(always)]
    pub(crate) fn userinfo(s: &str) -> Option<&str> {
        UriRef::parse(s).ok()?.userinfo()
    }

    /// The host (3.2.2).
    #[inline(always)]
    pub(crate) fn host(s: &str) -> Option<&str> {
        UriRef::parse(s).ok()?.host_str()
    }

    /// The port's digits (3.2.3).
    #[inline(always)]
    pub(crate) fn port_text(s: &str) -> Option<&str> {
        UriRef::parse(s).ok()?.port()
    }

    /// The path (3.3).
    #[inline(always)]
    pub(crate) fn path(s: &str) -> Option<&str> {
        Some(UriRef::parse(s).ok()?.path())
    }

    /// The query (3.4).
    #[inline(always)]
    pub(crate) fn query(s: &str) -> Option<&str> {
        UriRef::parse(s).ok()?.query()
    }

    /// The fragment (3.5).
    #[inline(always)]
    pub(crate) fn fragment(s: &str) -> Option<&str> {
        UriRef::parse(s).ok()?.fragment()
    }

    /// The authority (3.2).
    #[inline(always)]
    pub(crate) fn authority(s: &str) -> Option<&str> {
        UriRef::parse(s).ok()?.authority()
    }
}

/// `part` (one of [`row`]'s functions) of every row of `input`. Each
/// extractor has its own copy of the loop, with `part` inlined in it.
fn component<F>(input: &dyn Array, part: F) -> Result<ArrayRef, ArrowError>
where
    F: Fn(&str) -> Option<&str> + Copy,
{
    let strs = Strs::new(input)?;
    if let Strs::View(a) = strs {
        return Ok(view_slices(a, part));
    }
    // Utf8 and LargeUtf8: the values are copied into the output.
    let n = strs.len();
    let mut out = StrOut::new(strs.data_type(), Some(strs), n);
    for i in 0..n {
        match strs.get(i) {
            Some(s) => out.push_opt_from(i, part(s)),
            None => out.push_null(),
        }
    }
    Ok(out.finish())
}

macro_rules! extractor {
    ($(#[$doc:meta])* $name:ident, $part:ident) => {
        $(#[$doc])*
        ///
        /// Null for a null row, an invalid URI reference, or an absent
        /// component; `""` for an empty one. The output has the input's
        /// string type, and for `Utf8View` input its values are views into
        /// the input's buffers (no copy).
        pub fn $name(input: &dyn Array) -> Result<ArrayRef, ArrowError> {
            component(input, row::$part)
        }
    };
}

extractor!(
    /// The scheme of every row, as written (3.1).
    ///
    /// ```
    /// use arrow_array::{StringViewArray, cast::AsArray};
    /// let a = StringViewArray::from(vec![Some("HTTP://a/"), Some("../g"), Some("%zz:"), None]);
    /// let s = urikit_arrow::scheme(&a).unwrap();
    /// let v: Vec<_> = s.as_string_view().iter().collect();
    /// assert_eq!(v, [Some("HTTP"), None, None, None]);
    /// ```
    scheme,
    scheme
);
extractor!(
    /// The userinfo of every row (3.2.1).
    ///
    /// ```
    /// use arrow_array::{StringArray, cast::AsArray};
    /// let a = StringArray::from(vec!["ftp://me:pw@h/", "ftp://h/"]);
    /// let out = urikit_arrow::userinfo(&a).unwrap();
    /// let v: Vec<_> = out.as_string::<i32>().iter().collect();
    /// assert_eq!(v, [Some("me:pw"), None]);
    /// ```
    userinfo,
    userinfo
);
extractor!(
    /// The host of every row, as written (3.2.2): IP literals keep their
    /// brackets.
    ///
    /// ```
    /// use arrow_array::{LargeStringArray, cast::AsArray};
    /// let a = LargeStringArray::from(vec!["http://[::1]:8/", "file:///etc", "mailto:x@y"]);
    /// let out = urikit_arrow::host(&a).unwrap();
    /// let v: Vec<_> = out.as_string::<i64>().iter().collect();
    /// assert_eq!(v, [Some("[::1]"), Some(""), None]);
    /// ```
    host,
    host
);
extractor!(
    /// The port of every row as its digits (3.2.3); see [`port`] for the
    /// number.
    ///
    /// ```
    /// use arrow_array::{StringArray, cast::AsArray};
    /// let a = StringArray::from(vec!["http://h:8080/", "http://h:/", "http://h/"]);
    /// let out = urikit_arrow::port_text(&a).unwrap();
    /// let v: Vec<_> = out.as_string::<i32>().iter().collect();
    /// assert_eq!(v, [Some("8080"), Some(""), None]);
    /// ```
    port_text,
    port_text
);
extractor!(
    /// The path of every row (3.3); never absent, so null only for a null
    /// or invalid row.
    ///
    /// ```
    /// use arrow_array::{StringArray, cast::AsArray};
    /// let a = StringArray::from(vec!["http://h", "a/b?c"]);
    /// let out = urikit_arrow::path(&a).unwrap();
    /// let v: Vec<_> = out.as_string::<i32>().iter().collect();
    /// assert_eq!(v, [Some(""), Some("a/b")]);
    /// ```
    path,
    path
);
extractor!(
    /// The query of every row, without its `?` (3.4).
    ///
    /// ```
    /// use arrow_array::{StringArray, cast::AsArray};
    /// let a = StringArray::from(vec!["/p?a=1", "/p?", "/p"]);
    /// let out = urikit_arrow::query(&a).unwrap();
    /// let v: Vec<_> = out.as_string::<i32>().iter().collect();
    /// assert_eq!(v, [Some("a=1"), Some(""), None]);
    /// ```
    query,
    query
);
extractor!(
    /// The fragment of every row, without its `#` (3.5).
    ///
    /// ```
    /// use arrow_array::{StringArray, cast::AsArray};
    /// let a = StringArray::from(vec!["/p#top", "/p"]);
    /// let out = urikit_arrow::fragment(&a).unwrap();
    /// let v: Vec<_> = out.as_string::<i32>().iter().collect();
    /// assert_eq!(v, [Some("top"), None]);
    /// ```
    fragment,
    fragment
);
extractor!(
    /// The authority of every row, without its `//` (3.2).
    ///
    /// ```
    /// use arrow_array::{StringArray, cast::AsArray};
    /// let a = StringArray::from(vec!["http://u@h:1/p", "/p"]);
    /// let out = urikit_arrow::authority(&a).unwrap();
    /// let v: Vec<_> = out.as_string::<i32>().iter().collect();
    /// assert_eq!(v, [Some("u@h:1"), None]);
    /// ```
    authority,
    authority
);

/// The port of every row as a number (3.2.3): null for a null or invalid
/// row, no port, an empty port, or one above 65535 (which RFC 3986 allows
/// but no transport can use; [`port_text`] gives its digits).
///
/// ```
/// use arrow_array::StringArray;
/// let a = StringArray::from(vec!["http://h:8080/", "http://h:/", "http://h:99999/"]);
/// let v: Vec<_> = urikit_arrow::port(&a).unwrap().iter().collect();
/// assert_eq!(v, [Some(8080), None, None]);
/// ```
pub fn port(input: &dyn Array) -> Result<UInt16Array, ArrowError> {
    let strs = Strs::new(input)?;
    let mut out = UInt16Builder::with_capacity(strs.len());
    for i in 0..strs.len() {
        let p = strs
            .get(i)
            .and_then(|s| UriRef::parse(s).ok())
            .and_then(|r| r.port_u16().ok().flatten());
        out.append_option(p);
    }
    Ok(out.finish())
}

/// Whether every row is a valid URI reference (RFC 3986 4.1); null for a
/// null row.
///
/// ```
/// use arrow_array::StringArray;
/// let a = StringArray::from(vec![Some("http://a/"), Some("http://a b/"), None]);
/// let v: Vec<_> = urikit_arrow::is_valid(&a).unwrap().iter().collect();
/// assert_eq!(v, [Some(true), Some(false), None]);
/// ```
pub fn is_valid(input: &dyn Array) -> Result<BooleanArray, ArrowError> {
    let strs = Strs::new(input)?;
    let mut out = BooleanBuilder::with_capacity(strs.len());
    for i in 0..strs.len() {
        out.append_option(strs.get(i).map(|s| UriRef::parse(s).is_ok()));
    }
    Ok(out.finish())
}
