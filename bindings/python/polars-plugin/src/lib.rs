//! The Polars expression plugin of the urikit Python package: every kernel
//! of `urikit_arrow::KERNELS` as one plugin function, `uri_kernel`, which
//! `urikit.polars` calls with the kernel's name for each method of the `uri`
//! namespace (`pl.col("u").uri.host()`).
//!
//! Polars hands the plugin its columns through the Arrow C data interface
//! (`polars-ffi`); a `String` column's chunks are `Utf8View` arrays, which
//! the kernels read as they are: each chunk crosses to arrow-rs and back by
//! the C data interface, buffers shared, not copied. Errors come back as
//! Polars `ComputeError`s with the kernel's message; the kernels do not
//! panic, and `#[polars_expr]` turns a panic into an error, not an abort.

use std::borrow::Cow;
use std::sync::Arc;

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema, from_ffi};
use arrow_array::{Array as _, ArrayRef, Datum, Scalar, StringArray, make_array};
use arrow_schema::{ArrowError, DataType as ArrowType, Field as ArrowField};
use polars_arrow::array::Array as PlArray;
use polars_core::prelude::{
    CompatLevel, DataType, Field, PlSmallStr, PolarsError, PolarsResult, Series,
};
use pyo3_polars::derive::polars_expr;
use serde::Deserialize;
use urikit_arrow::{Kernel, Options};

/// The keyword arguments `urikit.polars` passes (pickled by Polars): the
/// kernel's name, and one entry per argument given: `None` for a column
/// (the next of the expression's inputs), a string for a scalar.
#[derive(Deserialize)]
struct Call {
    kernel: String,
    args: Vec<Option<String>>,
}

fn compute(e: impl std::fmt::Display) -> PolarsError {
    PolarsError::ComputeError(e.to_string().into())
}

fn arrow_err(e: ArrowError) -> PolarsError {
    // ArrowError's Display puts "Invalid argument error: " before the
    // kernel's own message, which already names the kernel and the argument.
    match e {
        ArrowError::InvalidArgumentError(m) | ArrowError::ComputeError(m) => compute(m),
        e => compute(e),
    }
}

fn kernel(call: &Call) -> PolarsResult<&'static Kernel> {
    urikit_arrow::kernel(&call.kernel)
        .ok_or_else(|| compute(format!("no urikit kernel named {:?}", call.kernel)))
}

/// The result's type: the kernel's for a `String` (`Utf8View`) column, the
/// type every input becomes (a `Categorical` column is read as its strings).
fn output(inputs: &[Field], call: Call) -> PolarsResult<Field> {
    let k = kernel(&call)?;
    let name = inputs
        .first()
        .map_or_else(|| PlSmallStr::from_static("uri"), |f| f.name().clone());
    let arrow = ArrowField::new("", k.returns.data_type(&ArrowType::Utf8View), true);
    let schema = FFI_ArrowSchema::try_from(&arrow).map_err(arrow_err)?;
    // SAFETY: both are the C data interface's ArrowSchema (repr(C), the
    // same fields); the import reads it, and the arrow-rs value releases it.
    let field = unsafe {
        let c = &*(&schema as *const FFI_ArrowSchema as *const polars_arrow::ffi::ArrowSchema);
        polars_arrow::ffi::import_field_from_c(c)?
    };
    Ok(Field::new(name, DataType::from_arrow_field(&field)))
}

/// A Polars array as an arrow-rs array: the same buffers, through the C
/// data interface.
fn to_arrow_rs(a: Box<dyn PlArray>) -> PolarsResult<ArrayRef> {
    let field = polars_arrow::datatypes::Field::new(PlSmallStr::EMPTY, a.dtype().clone(), true);
    let schema = polars_arrow::ffi::export_field_to_c(&field);
    let array = polars_arrow::ffi::export_array_to_c(a);
    // SAFETY: the same C structs on both sides (see `output`); arrow-rs takes
    // ownership of the array (its release frees Polars' buffers) and
    // releases the schema when it drops.
    let data = unsafe {
        let schema: FFI_ArrowSchema = std::mem::transmute(schema);
        let array: FFI_ArrowArray = std::mem::transmute(array);
        from_ffi(array, &schema)
    }
    .map_err(arrow_err)?;
    Ok(make_array(data))
}

/// An arrow-rs array as a Polars Series, the same way back.
fn to_series(name: PlSmallStr, a: &ArrayRef) -> PolarsResult<Series> {
    let field = ArrowField::new("", a.data_type().clone(), true);
    let schema = FFI_ArrowSchema::try_from(&field).map_err(arrow_err)?;
    let array = FFI_ArrowArray::new(&a.to_data());
    // SAFETY: as in `to_arrow_rs`, the other way.
    let arr = unsafe {
        let schema: polars_arrow::ffi::ArrowSchema = std::mem::transmute(schema);
        let array: polars_arrow::ffi::ArrowArray = std::mem::transmute(array);
        let field = polars_arrow::ffi::import_field_from_c(&schema)?;
        polars_arrow::ffi::import_array_from_c(array, field.dtype().clone())?
    };
    Series::from_arrow(name, arr)
}

/// The chunks of `s` as arrow-rs arrays the kernels read: a `String`
/// column's `Utf8View` chunks as they are, a `Categorical` column's
/// dictionaries decoded, a `Null` column as nulls.
fn chunks(s: &Series) -> PolarsResult<Vec<ArrayRef>> {
    if s.dtype() == &DataType::Null {
        // Polars exports a Null array with a buffer, which arrow-rs's import
        // rejects ("Null doesn't expect buffer at index 0"): nulls are made
        // here instead, one chunk of the column's length.
        return Ok(vec![arrow_array::new_null_array(&ArrowType::Utf8, s.len())]);
    }
    (0..s.n_chunks())
        .map(|i| {
            let a = to_arrow_rs(s.to_arrow(i, CompatLevel::newest()))?;
            match urikit_arrow::string_column(&a) {
                Ok(Some(decoded)) => Ok(decoded),
                Ok(None) => Ok(a),
                Err(e) => Err(PolarsError::InvalidOperation(
                    format!("{}: {e}", s.name()).into(),
                )),
            }
        })
        .collect()
}

/// One argument of a call, for one chunk.
enum Arg {
    Column(ArrayRef),
    Scalar(Scalar<ArrayRef>),
}

impl Arg {
    fn datum(&self) -> &dyn Datum {
        match self {
            Arg::Column(a) => a,
            Arg::Scalar(s) => s,
        }
    }
}

/// The plugin function: kernel `kwargs.kernel` over the inputs.
#[polars_expr(output_type_func_with_kwargs = output)]
fn uri_kernel(inputs: &[Series], kwargs: Call) -> PolarsResult<Series> {
    let k = kernel(&kwargs)?;
    let name = inputs
        .first()
        .map_or_else(|| PlSmallStr::from_static("uri"), |s| s.name().clone());
    // Rows: the longest input; an input of one row beside longer ones (a
    // `pl.lit`) is a scalar for every row, as Polars broadcasts literals.
    let len = inputs.iter().map(|s| s.len()).max().unwrap_or(0);
    let scalar_input = |s: &Series| s.len() == 1 && len != 1;
    // One input column: chunk by chunk, as it comes. Several: one chunk
    // each (rechunk is free for a column of one chunk).
    let columns: Vec<Cow<'_, Series>> = if inputs.len() > 1 {
        inputs.iter().map(|s| Cow::Owned(s.rechunk())).collect()
    } else {
        inputs.iter().map(Cow::Borrowed).collect()
    };
    let column_chunks: Vec<Vec<ArrayRef>> = columns
        .iter()
        .map(|s| chunks(s))
        .collect::<PolarsResult<_>>()?;
    // The chunks as converted (a Null column is one chunk, whatever it had).
    let n_chunks = columns
        .iter()
        .zip(&column_chunks)
        .find(|(s, _)| !scalar_input(s))
        .map_or(1, |(_, c)| c.len());
    let mut out: Vec<ArrayRef> = Vec::with_capacity(n_chunks);
    for j in 0..n_chunks {
        let mut next_input = 0;
        let mut args = Vec::with_capacity(kwargs.args.len());
        for a in &kwargs.args {
            match a {
                Some(s) => {
                    let one: ArrayRef = Arc::new(StringArray::from(vec![s.as_str()]));
                    args.push(Arg::Scalar(Scalar::new(one)));
                }
                None => {
                    let i = next_input;
                    next_input += 1;
                    let (s, c) = columns
                        .get(i)
                        .zip(column_chunks.get(i))
                        .ok_or_else(|| compute(format!("{}: too few input columns", k.name)))?;
                    // Several inputs were rechunked: a scalar's one row is
                    // its one chunk. Chunk counts that do not line up are an
                    // error, never an index out of bounds.
                    let chunk = c.get(if scalar_input(s) { 0 } else { j }).ok_or_else(|| {
                        compute(format!(
                            "{}: the input columns are chunked differently",
                            k.name
                        ))
                    })?;
                    args.push(if scalar_input(s) {
                        Arg::Scalar(Scalar::new(chunk.clone()))
                    } else {
                        Arg::Column(chunk.clone())
                    });
                }
            }
        }
        let datums: Vec<&dyn Datum> = args.iter().map(Arg::datum).collect();
        out.push(k.invoke(&datums, &Options::default()).map_err(arrow_err)?);
    }
    let mut chunks = out.iter();
    let mut series = match chunks.next() {
        Some(first) => to_series(name.clone(), first)?,
        None => return Ok(Series::new_empty(name, &output_dtype(k)?)),
    };
    for c in chunks {
        series.append(&to_series(name.clone(), c)?)?;
    }
    Ok(series)
}

fn output_dtype(k: &Kernel) -> PolarsResult<DataType> {
    let call = Call {
        kernel: k.name.to_string(),
        args: Vec::new(),
    };
    Ok(output(&[], call)?.dtype().clone())
}
