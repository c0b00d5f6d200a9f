//! `views` and `host_confusion`: every parser's view of each row, and where
//! the views disagree, by [`urikit_views`] (issue 28).
//!
//! Both are loops over the library: `views` gives each selected parser's
//! [`Parser::read`] of the row, `host_confusion` the findings of
//! [`urikit_views::views_of`] over the same parsers. Nothing about a
//! parser or a finding is decided here.

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, ListArray, StructArray};
use arrow_buffer::{NullBufferBuilder, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field, FieldRef, Fields};
use urikit_views::{Parser, Reading, views_of};

use crate::strings::{StrOut, Strs};

/// The names of the fields of one parser's view in [`views`]' struct, in
/// order: the components of a [`urikit_views::View`], then the parser's
/// error.
pub const VIEW_FIELDS: [&str; 9] = {
    // The record shape of every face (urikit-views' `record`), one struct
    // with the error beside the components.
    let v = urikit_views::record::VIEW_FIELDS;
    let error = urikit_views::record::ERROR_FIELD;
    [v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], error]
};

/// The names of the fields of one finding in [`host_confusion`]'s lists, in
/// order: those of a [`urikit_views::Finding`].
pub const FINDING_FIELDS: [&str; 5] = urikit_views::record::FINDING_FIELDS;

/// The parsers of [`views`]' struct, one field each, in
/// [`Parser::ALL`]'s order: every parser of urikit-views, whether this
/// build has it or not, so that the struct's type is the same in every
/// build (the parsers behind a cargo feature are fields even when it is
/// off, NULL in every row).
///
/// ```
/// let names: Vec<&str> = urikit_arrow::view_parsers().map(|p| p.name()).collect();
/// assert_eq!(names[..5], ["rfc3986", "java", "whatwg", "curl", "urllib"]);
/// assert_eq!(names.len(), urikit_views::Parser::ALL.len());
/// ```
pub fn view_parsers() -> impl Iterator<Item = Parser> + Clone {
    Parser::ALL.into_iter()
}

fn view_fields(input: &DataType) -> Fields {
    VIEW_FIELDS
        .iter()
        .map(|n| Field::new(*n, input.clone(), true))
        .collect()
}

fn views_fields(input: &DataType) -> Fields {
    view_parsers()
        .map(|p| Field::new(p.name(), DataType::Struct(view_fields(input)), true))
        .collect()
}

/// The type of [`views`]' output for a string column of type `input`: a
/// struct with one field per parser of [`view_parsers`], each a struct of
/// [`VIEW_FIELDS`] of the input's string type.
///
/// ```
/// use arrow_schema::DataType;
/// let DataType::Struct(parsers) = urikit_arrow::views_type(&DataType::Utf8) else { panic!() };
/// assert_eq!(parsers[2].name(), "whatwg");
/// let DataType::Struct(fields) = parsers[2].data_type() else { panic!() };
/// assert_eq!(fields[2].name(), "host");
/// assert_eq!(fields[2].data_type(), &DataType::Utf8);
/// ```
pub fn views_type(input: &DataType) -> DataType {
    DataType::Struct(views_fields(input))
}

fn item(input: &DataType) -> FieldRef {
    Arc::new(Field::new("item", input.clone(), true))
}

fn finding_fields(input: &DataType) -> Fields {
    let text = |n: &str| Field::new(n, input.clone(), false);
    let list = |n: &str| Field::new(n, DataType::List(item(input)), false);
    Fields::from(vec![
        text("kind"),
        text("component"),
        list("parsers"),
        list("values"),
        text("weight"),
    ])
}

fn finding_item(input: &DataType) -> FieldRef {
    Arc::new(Field::new(
        "item",
        DataType::Struct(finding_fields(input)),
        false,
    ))
}

/// The type of [`host_confusion`]'s output for a string column of type
/// `input`: a list of structs of [`FINDING_FIELDS`] (`parsers` and `values`
/// lists of strings), every string of the input's type.
///
/// ```
/// use arrow_schema::DataType;
/// let DataType::List(item) = urikit_arrow::host_confusion_type(&DataType::Utf8View) else { panic!() };
/// let DataType::Struct(fields) = item.data_type() else { panic!() };
/// assert_eq!(fields[0].name(), "kind");
/// assert_eq!(fields[0].data_type(), &DataType::Utf8View);
/// ```
pub fn host_confusion_type(input: &DataType) -> DataType {
    DataType::List(finding_item(input))
}

fn invalid(message: String) -> ArrowError {
    ArrowError::InvalidArgumentError(message)
}

/// The parsers of a comma-separated list of names (`"rfc3986,whatwg"`;
/// spaces around a name are ignored, a name given twice counts once), as
/// the `parsers` argument of the SQL and Python functions gives them. An
/// unknown name, or a parser this build cannot read with, is an error that
/// says so, and which cargo feature brings the parser; `kernel` names the
/// function in the message.
///
/// ```
/// use urikit_views::Parser;
/// let p = urikit_arrow::parsers_named("views", " java, rfc3986,java").unwrap();
/// assert_eq!(p, [Parser::Java, Parser::Rfc3986]);
/// let e = urikit_arrow::parsers_named("views", "ie6").unwrap_err();
/// assert!(e.to_string().contains("views: unknown parser 'ie6' (expected rfc3986, java, whatwg, curl, urllib, urllib3, yarl, httpx, go, php, ruby, ruby-rfc2396, node-legacy, fast-uri, url-parse, java-url, rust-http)"));
/// ```
pub fn parsers_named(kernel: &str, list: &str) -> Result<Vec<Parser>, ArrowError> {
    let readable: Vec<Parser> = Parser::available().collect();
    Parser::select(list.split(','), &readable).map_err(|e| invalid(format!("{kernel}: {e}")))
}

/// Every parser of `parsers` can be read with in this build (the same
/// check and words as [`parsers_named`]).
fn check(kernel: &str, parsers: &[Parser]) -> Result<(), ArrowError> {
    let readable: Vec<Parser> = Parser::available().collect();
    Parser::select(parsers.iter().map(|p| p.name()), &readable)
        .map(drop)
        .map_err(|e| invalid(format!("{kernel}: {e}")))
}

/// The parsers when none are named: those of [`Parser::DEFAULT`] this
/// build has, as in every face.
pub(crate) fn default_parsers() -> Vec<Parser> {
    Parser::defaults().collect()
}

/// One parser's field of [`views`]' struct, being built.
struct ViewOut<'a> {
    fields: Vec<StrOut<'a>>,
    nulls: NullBufferBuilder,
}

impl<'a> ViewOut<'a> {
    fn new(strs: Strs<'a>) -> ViewOut<'a> {
        let n = strs.len();
        ViewOut {
            fields: VIEW_FIELDS
                .iter()
                .map(|_| StrOut::new(strs.data_type(), Some(strs), n))
                .collect(),
            nulls: NullBufferBuilder::new(n),
        }
    }

    fn push_null(&mut self) {
        self.fields.iter_mut().for_each(StrOut::push_null);
        self.nulls.append_null();
    }

    /// Row `row`'s reading: its components (slices of the row where the
    /// parser gave one), or only its error.
    fn push(&mut self, row: usize, reading: &Reading<'_>) {
        self.nulls.append_non_null();
        let f = &mut self.fields;
        match reading {
            Ok(v) => {
                f[0].push_opt_from(row, v.scheme.as_deref());
                f[1].push_opt_from(row, v.userinfo.as_deref());
                f[2].push_opt_from(row, v.host.as_deref());
                match v.host_kind {
                    Some(k) => f[3].push(k),
                    None => f[3].push_null(),
                }
                f[4].push_opt_from(row, v.port.as_deref());
                f[5].push_opt_from(row, v.path.as_deref());
                f[6].push_opt_from(row, v.query.as_deref());
                f[7].push_opt_from(row, v.fragment.as_deref());
                f[8].push_null();
            }
            Err(e) => {
                f[..8].iter_mut().for_each(StrOut::push_null);
                f[8].push(e);
            }
        }
    }

    fn finish(self, ty: &DataType) -> Result<ArrayRef, ArrowError> {
        let mut nulls = self.nulls;
        let cols = self.fields.into_iter().map(StrOut::finish).collect();
        Ok(Arc::new(StructArray::try_new(
            view_fields(ty),
            cols,
            nulls.finish(),
        )?))
    }
}

/// The field of a parser not asked for: a null struct in each of `n` rows.
fn null_view(ty: &DataType, n: usize) -> ArrayRef {
    Arc::new(StructArray::new_null(view_fields(ty), n))
}

/// Every parser's view of every row, as a struct with one field per parser
/// of [`view_parsers`] (`rfc3986`, `java`, `whatwg`, `curl`), each a struct
/// of [`VIEW_FIELDS`]: what that parser's [`Parser::read`] gives.
///
/// - A parser of `parsers` that reads the row gives its components as its
///   own accessors give them (null where it has none), the port as text,
///   and a null `error`.
/// - A parser of `parsers` that rejects the row gives only its `error`
///   (its own message).
/// - A parser not in `parsers` gives a null struct.
/// - A null row gives a null struct.
///
/// `parsers` must be ones this build reads with ([`Parser::is_available`];
/// [`parsers_named`] reads a list of names): `whatwg` and `curl` come with
/// this crate's features of the same names. The output's strings have the
/// input's type; for `Utf8View` input, a component that is a slice of its
/// row is a view into the input's buffers.
///
/// ```
/// use arrow_array::{Array, StringArray, cast::AsArray};
/// use urikit_views::Parser;
/// let a = StringArray::from(vec![Some("http://a_b.example/"), Some("http://a b/"), None]);
/// let v = urikit_arrow::views(&a, &[Parser::Rfc3986, Parser::Java])?;
/// let v = v.as_struct();
/// let rfc3986 = v.column_by_name("rfc3986").unwrap().as_struct();
/// let java = v.column_by_name("java").unwrap().as_struct();
/// let host = |s: &arrow_array::StructArray, i| {
///     let h = s.column_by_name("host").unwrap().as_string::<i32>();
///     h.is_valid(i).then(|| h.value(i).to_string())
/// };
/// assert_eq!(host(rfc3986, 0).as_deref(), Some("a_b.example"));
/// // An underscore: java.net.URI keeps a registry authority, no host.
/// assert_eq!(host(java, 0), None);
/// let error = java.column_by_name("error").unwrap().as_string::<i32>();
/// assert_eq!(error.value(1), "illegal character in authority at index 7");
/// assert!(v.column_by_name("curl").unwrap().is_null(0));
/// assert!(v.is_null(2));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn views(input: &dyn Array, parsers: &[Parser]) -> Result<ArrayRef, ArrowError> {
    check("views", parsers)?;
    let strs = Strs::new(input)?;
    let ty = strs.data_type().clone();
    let n = strs.len();
    // Only the parsers asked for read the rows and build a column; every
    // other parser's field is one all-null struct, made once at the end (a
    // null pushed per row and field for each of them cost more than the
    // RFC 3986 reading itself when one parser is asked for).
    let selected: Vec<Parser> = view_parsers().filter(|p| parsers.contains(p)).collect();
    let mut outs: Vec<ViewOut<'_>> = selected.iter().map(|_| ViewOut::new(strs)).collect();
    let mut nulls = NullBufferBuilder::new(n);
    for i in 0..n {
        let Some(s) = strs.get(i) else {
            outs.iter_mut().for_each(ViewOut::push_null);
            nulls.append_null();
            continue;
        };
        nulls.append_non_null();
        for (p, out) in selected.iter().zip(&mut outs) {
            match p.read(s) {
                Some(reading) => out.push(i, &reading),
                None => out.push_null(),
            }
        }
    }
    let mut built = outs.into_iter().map(|o| o.finish(&ty));
    let cols = view_parsers()
        .map(|p| {
            if selected.contains(&p) {
                built.next().unwrap_or_else(|| Ok(null_view(&ty, n)))
            } else {
                Ok(null_view(&ty, n))
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Arc::new(StructArray::try_new(
        views_fields(&ty),
        cols,
        nulls.finish(),
    )?))
}

/// A list of strings being built, one list per finding.
struct Lists<'a> {
    offsets: Vec<i32>,
    values: StrOut<'a>,
}

impl Lists<'_> {
    fn new(ty: &DataType, n: usize) -> Lists<'static> {
        Lists {
            offsets: vec![0],
            values: StrOut::new(ty, None, n),
        }
    }

    fn end(&mut self, count: usize) -> Result<(), ArrowError> {
        let last = *self.offsets.last().unwrap_or(&0) as usize;
        self.offsets.push(offset(last + count)?);
        Ok(())
    }

    fn finish(self, ty: &DataType) -> Result<ArrayRef, ArrowError> {
        Ok(Arc::new(ListArray::try_new(
            item(ty),
            OffsetBuffer::new(ScalarBuffer::from(self.offsets)),
            self.values.finish(),
            None,
        )?))
    }
}

fn offset(n: usize) -> Result<i32, ArrowError> {
    i32::try_from(n).map_err(|_| ArrowError::ComputeError("list offsets overflow i32".into()))
}

/// The findings of every row over `parsers`: the list of
/// [`urikit_views::Finding`]s of [`views_of`], each a struct of
/// [`FINDING_FIELDS`]: its kind's name (`host`, `port`, `userinfo`,
/// `ipv4-form`, ...), the component compared (`view` when one parser
/// rejects what another accepts), the parsers compared, each one's value
/// (null where it has none) and the weight (`low`, `medium`, `high`).
/// An empty list when the parsers agree; a null row gives null.
///
/// `parsers` as for [`views`].
///
/// ```
/// use arrow_array::{Array, StringArray, cast::AsArray};
/// use urikit_views::Parser;
/// let a = StringArray::from(vec![Some("http://a_b.example/"), Some("http://example.com/"), None]);
/// let l = urikit_arrow::host_confusion(&a, &[Parser::Rfc3986, Parser::Java])?;
/// let l = l.as_list::<i32>();
/// let first = l.value(0);
/// let first = first.as_struct();
/// assert_eq!(first.column_by_name("kind").unwrap().as_string::<i32>().value(0), "host");
/// assert_eq!(first.column_by_name("weight").unwrap().as_string::<i32>().value(0), "high");
/// let values = first.column_by_name("values").unwrap().as_list::<i32>().value(0);
/// let values: Vec<_> = values.as_string::<i32>().iter().collect();
/// assert_eq!(values, [Some("a_b.example"), None]);
/// assert_eq!(l.value(1).len(), 0);
/// assert!(l.is_null(2));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn host_confusion(input: &dyn Array, parsers: &[Parser]) -> Result<ArrayRef, ArrowError> {
    check("host_confusion", parsers)?;
    let strs = Strs::new(input)?;
    let ty = strs.data_type().clone();
    let n = strs.len();
    let mut kind = StrOut::new(&ty, None, n);
    let mut component = StrOut::new(&ty, None, n);
    let mut weight = StrOut::new(&ty, None, n);
    let mut names = Lists::new(&ty, n);
    let mut values = Lists::new(&ty, n);
    let mut offsets = Vec::with_capacity(n + 1);
    offsets.push(0i32);
    let mut nulls = NullBufferBuilder::new(n);
    let mut count = 0usize;
    for i in 0..n {
        let Some(s) = strs.get(i) else {
            nulls.append_null();
            offsets.push(offset(count)?);
            continue;
        };
        nulls.append_non_null();
        for f in views_of(s, parsers).findings {
            kind.push(f.kind.name());
            component.push(f.component);
            weight.push(f.weight.name());
            for p in &f.parsers {
                names.values.push(p.name());
            }
            names.end(f.parsers.len())?;
            for v in &f.values {
                match v {
                    Some(v) => values.values.push(v),
                    None => values.values.push_null(),
                }
            }
            values.end(f.values.len())?;
            count += 1;
        }
        offsets.push(offset(count)?);
    }
    let entries = StructArray::try_new(
        finding_fields(&ty),
        vec![
            kind.finish(),
            component.finish(),
            names.finish(&ty)?,
            values.finish(&ty)?,
            weight.finish(),
        ],
        None,
    )?;
    Ok(Arc::new(ListArray::try_new(
        finding_item(&ty),
        OffsetBuffer::new(ScalarBuffer::from(offsets)),
        Arc::new(entries),
        nulls.finish(),
    )?))
}
