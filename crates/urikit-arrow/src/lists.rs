//! Kernels whose rows are lists or maps: the query's pairs, the path's
//! segments, the URIs in a text, a URI's lint findings.

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, Datum, ListArray, MapArray, StructArray};
use arrow_buffer::{NullBufferBuilder, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field, FieldRef, Fields};
use urikit::{UriRef, security, text};

use crate::strings::{Arg, StrOut, Strs, like, rows};

/// The type of a list kernel's output for a string column of type
/// `input`: a list of the input's string type.
///
/// ```
/// use arrow_schema::DataType;
/// let DataType::List(f) = urikit_arrow::list_type(&DataType::Utf8) else { panic!() };
/// assert_eq!(f.data_type(), &DataType::Utf8);
/// ```
pub fn list_type(input: &DataType) -> DataType {
    DataType::List(list_item(input))
}

fn list_item(input: &DataType) -> FieldRef {
    Arc::new(Field::new("item", input.clone(), true))
}

/// The type of [`query_params`]' output for a string column of type
/// `input`: a map from the input's string type to the same (entries
/// `key`, `value`, as DataFusion's `map` names them).
///
/// ```
/// use arrow_schema::DataType;
/// assert!(matches!(urikit_arrow::map_type(&DataType::Utf8), DataType::Map(_, false)));
/// ```
pub fn map_type(input: &DataType) -> DataType {
    DataType::Map(map_entries(input), false)
}

fn map_fields(input: &DataType) -> Fields {
    Fields::from(vec![
        Field::new("key", input.clone(), false),
        Field::new("value", input.clone(), true),
    ])
}

fn map_entries(input: &DataType) -> FieldRef {
    Arc::new(Field::new(
        "entries",
        DataType::Struct(map_fields(input)),
        false,
    ))
}

/// A list column being built.
struct ListOut<'a> {
    offsets: Vec<i32>,
    values: StrOut<'a>,
    nulls: NullBufferBuilder,
    ty: DataType,
}

impl<'a> ListOut<'a> {
    fn new(strs: Strs<'a>) -> ListOut<'a> {
        let n = strs.len();
        let mut offsets = Vec::with_capacity(n + 1);
        offsets.push(0);
        ListOut {
            offsets,
            values: StrOut::new(strs.data_type(), Some(strs), n),
            nulls: NullBufferBuilder::new(n),
            ty: strs.data_type().clone(),
        }
    }

    /// Close the current row; `valid` false makes it null (and empty).
    fn end_row(&mut self, count: usize, valid: bool) -> Result<(), ArrowError> {
        let last = *self.offsets.last().unwrap_or(&0) as usize;
        let next = i32::try_from(last + count)
            .map_err(|_| ArrowError::ComputeError("list offsets overflow i32".into()))?;
        self.offsets.push(next);
        self.nulls.append(valid);
        Ok(())
    }

    fn finish(mut self) -> Result<ArrayRef, ArrowError> {
        let offsets = OffsetBuffer::new(ScalarBuffer::from(self.offsets));
        Ok(Arc::new(ListArray::try_new(
            list_item(&self.ty),
            offsets,
            self.values.finish(),
            self.nulls.finish(),
        )?))
    }
}

/// A list kernel: `f` pushes row `i`'s items and says how many, or `None`
/// for a null row (having pushed nothing).
fn list_kernel<'a>(
    input: &'a dyn Array,
    mut f: impl FnMut(usize, &'a str, &mut StrOut<'a>) -> Option<usize>,
) -> Result<ArrayRef, ArrowError> {
    let strs = Strs::new(input)?;
    let mut out = ListOut::new(strs);
    for i in 0..strs.len() {
        match strs.get(i).and_then(|s| f(i, s, &mut out.values)) {
            Some(k) => out.end_row(k, true)?,
            None => out.end_row(0, false)?,
        }
    }
    out.finish()
}

/// The segments of every row's path, percent-decoded
/// ([`urikit::build::path_segments`], then `decoded()`: bytes that are not
/// UTF-8 become U+FFFD). `"/a/b/"` gives `a`, `b`, `""`; an empty path gives
/// an empty list; null for a null or invalid row.
///
/// ```
/// use arrow_array::{Array, StringArray, cast::AsArray};
/// let a = StringArray::from(vec![Some("http://h/a/b%2Fc/"), Some("http://h"), Some("%"), None]);
/// let l = urikit_arrow::path_segments(&a).unwrap();
/// let l = l.as_list::<i32>();
/// let first: Vec<_> = l.value(0).as_string::<i32>().iter().map(Option::unwrap).map(String::from).collect();
/// assert_eq!(first, ["a", "b/c", ""]);
/// assert_eq!(l.value(1).len(), 0);
/// assert!(l.is_null(2) && l.is_null(3));
/// ```
pub fn path_segments(input: &dyn Array) -> Result<ArrayRef, ArrowError> {
    list_kernel(input, |i, s, out| {
        let r = UriRef::parse(s).ok()?;
        let mut k = 0;
        for seg in r.path_segments().decoded() {
            out.push_from(i, &seg);
            k += 1;
        }
        Some(k)
    })
}

/// The URI references found in every row's text (RFC 3986 Appendix C, by
/// [`urikit::text::extract`] with its default options), in order; an empty
/// list when there are none, null for a null row.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// let a = StringArray::from(vec!["see <http://a.example/x> and http://b.example/y.", "none"]);
/// let l = urikit_arrow::extract(&a).unwrap();
/// let l = l.as_list::<i32>();
/// let v: Vec<_> = l.value(0).as_string::<i32>().iter().map(|s| s.unwrap().to_string()).collect();
/// assert_eq!(v, ["http://a.example/x", "http://b.example/y"]);
/// assert_eq!(l.value(1).len(), 0);
/// ```
pub fn extract(input: &dyn Array) -> Result<ArrayRef, ArrowError> {
    list_kernel(input, |i, s, out| {
        let mut k = 0;
        for m in text::extract(s) {
            out.push_from(i, m.as_str());
            k += 1;
        }
        Some(k)
    })
}

/// The names of the security findings of every row
/// ([`urikit::security::lint`], [`urikit::security::FindingKind::name`]),
/// in the order found; an empty list for a clean URI, null for a null or
/// invalid row. With the `uts39` feature the list includes
/// `deceptive-host` (a host label that mixes scripts or is a look-alike of
/// an ASCII one, UTS #39), as urikit's own lint does with its `uts39`.
///
/// ```
/// use arrow_array::{Array, StringArray, cast::AsArray};
/// let a = StringArray::from(vec!["http://user:pw@h/", "https://example.com/", "%"]);
/// let l = urikit_arrow::lint(&a).unwrap();
/// let l = l.as_list::<i32>();
/// let v: Vec<_> = l.value(0).as_string::<i32>().iter().map(|s| s.unwrap().to_string()).collect();
/// assert_eq!(v, ["credentials"]);
/// assert_eq!(l.value(1).len(), 0);
/// assert!(l.is_null(2));
/// ```
pub fn lint(input: &dyn Array) -> Result<ArrayRef, ArrowError> {
    list_kernel(input, |_, s, out| {
        let found = security::lint(s).ok()?;
        for f in &found {
            out.push(f.kind().name());
        }
        Some(found.len())
    })
}

/// Every row's query as a map from each `key=value` pair's key to its
/// value, both percent-decoded (`+` stays `+`: RFC 3986 gives it no
/// meaning), as [`urikit::build::QueryPairs::decoded`] gives them: a piece
/// without `=` has the value `""`, empty pieces are skipped, and a key that
/// repeats appears as often as it does (the map is a list of entries, in
/// order). Null for a null or invalid row, or one without a query.
///
/// ```
/// use arrow_array::{Array, StringArray, cast::AsArray};
/// let a = StringArray::from(vec![Some("/p?a=1&b&a=%41"), Some("/p"), None]);
/// let m = urikit_arrow::query_params(&a).unwrap();
/// let m = m.as_map();
/// let row = m.value(0);
/// let keys: Vec<_> = row.column(0).as_string::<i32>().iter().map(|s| s.unwrap().to_string()).collect();
/// let vals: Vec<_> = row.column(1).as_string::<i32>().iter().map(|s| s.unwrap().to_string()).collect();
/// assert_eq!(keys, ["a", "b", "a"]);
/// assert_eq!(vals, ["1", "", "A"]);
/// assert!(m.is_null(1) && m.is_null(2));
/// ```
pub fn query_params(input: &dyn Array) -> Result<ArrayRef, ArrowError> {
    let strs = Strs::new(input)?;
    let n = strs.len();
    let ty = strs.data_type().clone();
    let mut keys = StrOut::new(&ty, Some(strs), n);
    let mut values = StrOut::new(&ty, Some(strs), n);
    let mut offsets = Vec::with_capacity(n + 1);
    offsets.push(0i32);
    let mut nulls = NullBufferBuilder::new(n);
    let mut count = 0usize;
    for i in 0..n {
        let q = strs
            .get(i)
            .and_then(|s| UriRef::parse(s).ok())
            .filter(|r| r.query().is_some());
        if let Some(r) = q {
            for (k, v) in r.query_pairs().decoded() {
                keys.push_from(i, &k);
                values.push_from(i, &v);
                count += 1;
            }
        }
        nulls.append(q.is_some());
        offsets.push(
            i32::try_from(count)
                .map_err(|_| ArrowError::ComputeError("map offsets overflow i32".into()))?,
        );
    }
    let entries =
        StructArray::try_new(map_fields(&ty), vec![keys.finish(), values.finish()], None)?;
    Ok(Arc::new(MapArray::try_new(
        map_entries(&ty),
        OffsetBuffer::new(ScalarBuffer::from(offsets)),
        entries,
        nulls.finish(),
        false,
    )?))
}

/// The value of the first pair of every row's query whose key is `name`,
/// both compared and returned percent-decoded as in [`query_params`] (`""`
/// for a piece without `=`). Null for a null or invalid row, a null name,
/// or no such key.
///
/// `name` is a column or a scalar ([`arrow_array::Scalar`]); the output has
/// the string type of `input` (or of `name` when `input` is a scalar).
///
/// ```
/// use arrow_array::{StringArray, Scalar, cast::AsArray};
/// let a = StringArray::from(vec!["/p?q=a%20b&q=2", "/p?x", "/p"]);
/// let name = Scalar::new(StringArray::from(vec!["q"]));
/// let v = urikit_arrow::query_param(&a, &name).unwrap();
/// let v: Vec<_> = v.as_string::<i32>().iter().collect();
/// assert_eq!(v, [Some("a b"), None, None]);
/// ```
pub fn query_param(input: &dyn Datum, name: &dyn Datum) -> Result<ArrayRef, ArrowError> {
    let (a, b) = (Arg::new(input)?, Arg::new(name)?);
    let n = rows(&[a, b])?;
    let (ty, src) = like(&[input, name])?;
    let src = a.column().or(src);
    let mut out = StrOut::new(&ty, src, n);
    for i in 0..n {
        let found = match (a.get(i), b.get(i)) {
            (Some(s), Some(name)) => UriRef::parse(s).ok().and_then(|r| {
                r.query()?;
                r.query_pairs()
                    .decoded()
                    .find(|(k, _)| k == name)
                    .map(|(_, v)| v)
            }),
            _ => None,
        };
        match found {
            Some(v) => out.push_from(i, &v),
            None => out.push_null(),
        }
    }
    Ok(out.finish())
}
