//! `urikit.arrow`: the `urikit-arrow` kernels over any Arrow array or
//! chunked array, through the Arrow PyCapsule interface
//! (`__arrow_c_array__`, `__arrow_c_stream__`) and the C data interface.
//! No copies through Python objects; the kernels run with the GIL released.
//!
//! This is the one file of the binding with `unsafe` code: reading and
//! writing the C structs that the capsules carry.

use std::collections::VecDeque;
use std::ffi::{c_char, c_int, CStr, CString};
use std::sync::Arc;

use arrow_array::ffi::{from_ffi, FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{make_array, Array, ArrayRef, Datum, Scalar, StringArray};
use arrow_schema::{ArrowError, DataType, Field};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyString, PyTuple};
use urikit_arrow::{EncodeSet, Level};

const SCHEMA: &CStr = c"arrow_schema";
const ARRAY: &CStr = c"arrow_array";
const STREAM: &CStr = c"arrow_array_stream";

fn arrow_err(e: ArrowError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// An Arrow array made by a kernel, exported through `__arrow_c_array__`.
#[pyclass(frozen, module = "urikit.arrow", name = "Array")]
pub struct PyArrowArray(ArrayRef);

#[pymethods]
impl PyArrowArray {
    /// The C data interface export (schema and array capsules). A requested
    /// schema is ignored: the type is the kernel's.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_array__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let _ = requested_schema;
        let field = Field::new("", self.0.data_type().clone(), true);
        let schema = FFI_ArrowSchema::try_from(&field).map_err(arrow_err)?;
        let array = FFI_ArrowArray::new(&self.0.to_data());
        let s = PyCapsule::new_with_value(py, schema, SCHEMA)?;
        let a = PyCapsule::new_with_value(py, array, ARRAY)?;
        PyTuple::new(py, [s.into_any(), a.into_any()])
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }

    /// The Arrow type, as Arrow's Rust library writes it.
    #[getter]
    fn r#type(&self) -> String {
        self.0.data_type().to_string()
    }
}

/// A chunked result (for chunked input), exported through
/// `__arrow_c_stream__`.
#[pyclass(frozen, module = "urikit.arrow", name = "ChunkedArray")]
pub struct PyChunked {
    data_type: DataType,
    chunks: Vec<ArrayRef>,
}

/// What the stream export keeps between calls.
struct StreamState {
    data_type: DataType,
    chunks: VecDeque<ArrayRef>,
    error: Option<CString>,
}

unsafe extern "C" fn stream_get_schema(
    s: *mut FFI_ArrowArrayStream,
    out: *mut FFI_ArrowSchema,
) -> c_int {
    // SAFETY: the consumer passes the stream we made (private_data is our
    // box) and room for one schema.
    let state = unsafe { &mut *((*s).private_data as *mut StreamState) };
    let field = Field::new("", state.data_type.clone(), true);
    match FFI_ArrowSchema::try_from(&field) {
        Ok(schema) => {
            unsafe { std::ptr::write(out, schema) };
            0
        }
        Err(e) => {
            state.error = CString::new(e.to_string()).ok();
            // EINVAL
            22
        }
    }
}

unsafe extern "C" fn stream_get_next(
    s: *mut FFI_ArrowArrayStream,
    out: *mut FFI_ArrowArray,
) -> c_int {
    // SAFETY: as above; an empty (released) array marks the end.
    let state = unsafe { &mut *((*s).private_data as *mut StreamState) };
    let next = match state.chunks.pop_front() {
        Some(chunk) => FFI_ArrowArray::new(&chunk.to_data()),
        None => FFI_ArrowArray::empty(),
    };
    unsafe { std::ptr::write(out, next) };
    0
}

unsafe extern "C" fn stream_get_last_error(s: *mut FFI_ArrowArrayStream) -> *const c_char {
    let state = unsafe { &*((*s).private_data as *const StreamState) };
    state
        .error
        .as_ref()
        .map_or(std::ptr::null(), |e| e.as_ptr())
}

unsafe extern "C" fn stream_release(s: *mut FFI_ArrowArrayStream) {
    // SAFETY: called once by the consumer (or by our Drop through
    // FFI_ArrowArrayStream's); the box is ours.
    unsafe {
        if !(*s).private_data.is_null() {
            drop(Box::from_raw((*s).private_data as *mut StreamState));
            (*s).private_data = std::ptr::null_mut();
        }
        (*s).release = None;
    }
}

#[pymethods]
impl PyChunked {
    /// The C stream interface export: one array per chunk.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema;
        let state = Box::new(StreamState {
            data_type: self.data_type.clone(),
            chunks: self.chunks.iter().cloned().collect(),
            error: None,
        });
        let stream = FFI_ArrowArrayStream {
            get_schema: Some(stream_get_schema),
            get_next: Some(stream_get_next),
            get_last_error: Some(stream_get_last_error),
            release: Some(stream_release),
            private_data: Box::into_raw(state).cast(),
        };
        PyCapsule::new_with_value(py, stream, STREAM)
    }

    fn __len__(&self) -> usize {
        self.chunks.iter().map(|c| c.len()).sum()
    }

    /// The chunks, as arrays.
    #[getter]
    fn chunks(&self) -> Vec<PyArrowArray> {
        self.chunks.iter().cloned().map(PyArrowArray).collect()
    }
}

/// A kernel's argument: a column (one array, or chunks) or a string scalar.
enum Column {
    One(ArrayRef),
    Chunks(DataType, Vec<ArrayRef>),
    Str(String),
}

/// Read an Arrow array or stream from any object of the PyCapsule
/// interface, or a `str` as a scalar.
fn import(obj: &Bound<'_, PyAny>) -> PyResult<Column> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Column::Str(s.to_cow()?.into_owned()));
    }
    if obj.hasattr("__arrow_c_array__")? {
        let pair = obj.call_method0("__arrow_c_array__")?;
        let (schema, array): (Bound<'_, PyCapsule>, Bound<'_, PyCapsule>) = pair.extract()?;
        let schema_ptr = schema.pointer_checked(Some(SCHEMA))?;
        let array_ptr = array.pointer_checked(Some(ARRAY))?;
        // SAFETY: the capsules hold the C structs their names say (checked
        // above). from_raw moves the array out and marks the capsule's copy
        // released, so the capsule's destructor does not release it again.
        let data = unsafe {
            let schema = &*(schema_ptr.as_ptr() as *const FFI_ArrowSchema);
            let array = FFI_ArrowArray::from_raw(array_ptr.as_ptr() as *mut FFI_ArrowArray);
            from_ffi(array, schema)
        }
        .map_err(arrow_err)?;
        return Ok(Column::One(strings(obj.py(), make_array(data))?));
    }
    if obj.hasattr("__arrow_c_stream__")? {
        let capsule = obj.call_method0("__arrow_c_stream__")?;
        let capsule = capsule.cast::<PyCapsule>()?;
        let ptr = capsule.pointer_checked(Some(STREAM))?;
        // SAFETY: the capsule holds a stream (checked above); from_raw moves
        // it out and marks the capsule's copy released.
        let mut stream =
            unsafe { FFI_ArrowArrayStream::from_raw(ptr.as_ptr() as *mut FFI_ArrowArrayStream) };
        let (ty, chunks) = read_stream(&mut stream).map_err(arrow_err)?;
        let chunks = chunks
            .into_iter()
            .map(|c| strings(obj.py(), c))
            .collect::<PyResult<Vec<_>>>()?;
        let ty = match ty {
            DataType::Null => DataType::Utf8,
            DataType::Dictionary(_, v) => *v,
            ty => ty,
        };
        return Ok(Column::Chunks(ty, chunks));
    }
    let name = obj.get_type().name()?;
    Err(PyTypeError::new_err(format!(
        "expected an Arrow array or chunked array (an object with __arrow_c_array__ or __arrow_c_stream__) or a str, not {name}"
    )))
}

/// `a` as a column of one of the three string types the kernels read:
/// a dictionary of strings decoded, a `Null` column as all nulls
/// (`urikit_arrow::string_column`, with the GIL released); `TypeError` for
/// a column of any other type.
fn strings(py: Python<'_>, a: ArrayRef) -> PyResult<ArrayRef> {
    match py.detach(|| urikit_arrow::string_column(&a)) {
        Ok(Some(decoded)) => Ok(decoded),
        Ok(None) => Ok(a),
        Err(e) => Err(PyTypeError::new_err(e.to_string())),
    }
}

/// The type and all the chunks of a C stream of plain (not only struct)
/// arrays.
fn read_stream(stream: &mut FFI_ArrowArrayStream) -> Result<(DataType, Vec<ArrayRef>), ArrowError> {
    let fail = |stream: &mut FFI_ArrowArrayStream, rc: c_int| {
        // SAFETY: get_last_error's string lives until the next call.
        let msg = stream
            .get_last_error
            .map(|f| unsafe { f(stream) })
            .filter(|p| !p.is_null())
            .map(|p| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
            .unwrap_or_default();
        ArrowError::CDataInterface(format!("stream error {rc}: {msg}"))
    };
    let get_schema = stream
        .get_schema
        .ok_or_else(|| ArrowError::CDataInterface("released stream".into()))?;
    let get_next = stream
        .get_next
        .ok_or_else(|| ArrowError::CDataInterface("released stream".into()))?;
    let mut schema = FFI_ArrowSchema::empty();
    // SAFETY: a live stream (it has callbacks) and room for a schema.
    let rc = unsafe { get_schema(stream, &mut schema) };
    if rc != 0 {
        return Err(fail(stream, rc));
    }
    let data_type = DataType::try_from(&schema)?;
    let mut chunks = Vec::new();
    loop {
        let mut array = FFI_ArrowArray::empty();
        // SAFETY: as above.
        let rc = unsafe { get_next(stream, &mut array) };
        if rc != 0 {
            return Err(fail(stream, rc));
        }
        if array.is_released() {
            break;
        }
        // SAFETY: an array of the stream's schema.
        chunks.push(make_array(unsafe { from_ffi(array, &schema) }?));
    }
    Ok((data_type, chunks))
}

/// What a kernel was asked to do.
#[derive(Clone, Copy)]
enum Op {
    Unary(fn(&dyn Array) -> Result<ArrayRef, ArrowError>),
    Binary(fn(&dyn Datum, &dyn Datum) -> Result<ArrayRef, ArrowError>),
    Normalize(Level),
    Equivalent(Level),
    Encode(EncodeSet),
}

fn port(a: &dyn Array) -> Result<ArrayRef, ArrowError> {
    urikit_arrow::port(a).map(|x| Arc::new(x) as ArrayRef)
}

fn is_valid(a: &dyn Array) -> Result<ArrayRef, ArrowError> {
    urikit_arrow::is_valid(a).map(|x| Arc::new(x) as ArrayRef)
}

fn op(name: &str, option: Option<&str>) -> PyResult<Op> {
    let level = || {
        let name = option.unwrap_or("syntax");
        Level::from_name(name).ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown level {name:?} (expected 'string', 'syntax' or 'scheme')"
            ))
        })
    };
    Ok(match name {
        "parse" => Op::Unary(urikit_arrow::parse),
        "scheme" => Op::Unary(urikit_arrow::scheme),
        "authority" => Op::Unary(urikit_arrow::authority),
        "userinfo" => Op::Unary(urikit_arrow::userinfo),
        "host" => Op::Unary(urikit_arrow::host),
        "port" => Op::Unary(port),
        "port_text" => Op::Unary(urikit_arrow::port_text),
        "path" => Op::Unary(urikit_arrow::path),
        "query" => Op::Unary(urikit_arrow::query),
        "fragment" => Op::Unary(urikit_arrow::fragment),
        "is_valid" => Op::Unary(is_valid),
        "path_segments" => Op::Unary(urikit_arrow::path_segments),
        "query_params" => Op::Unary(urikit_arrow::query_params),
        "extract" => Op::Unary(urikit_arrow::extract),
        "lint" => Op::Unary(urikit_arrow::lint),
        "host_reversed" => Op::Unary(urikit_arrow::host_reversed),
        "surt" => Op::Unary(urikit_arrow::surt),
        "public_suffix" => Op::Unary(urikit_arrow::public_suffix),
        "registrable_domain" => Op::Unary(urikit_arrow::registrable_domain),
        "host_ascii" => Op::Unary(urikit_arrow::host_ascii),
        "host_unicode" => Op::Unary(urikit_arrow::host_unicode),
        "decode" => Op::Unary(urikit_arrow::decode),
        "resolve" => Op::Binary(urikit_arrow::resolve),
        "relative" => Op::Binary(urikit_arrow::make_relative),
        "query_param" => Op::Binary(urikit_arrow::query_param),
        "normalize" => Op::Normalize(level()?),
        "equivalent" => Op::Equivalent(level()?),
        "encode" => {
            let set = option.unwrap_or("");
            Op::Encode(
                EncodeSet::from_name(set)
                    .ok_or_else(|| PyValueError::new_err(format!("unknown encode set {set:?}")))?,
            )
        }
        _ => {
            return Err(PyValueError::new_err(format!(
                "no Arrow kernel named {name:?}"
            )))
        }
    })
}

/// One kernel call on one chunk of each argument.
fn run(op: Op, a: &dyn Array, b: Option<&dyn Datum>) -> Result<ArrayRef, ArrowError> {
    let need_b = || {
        b.ok_or_else(|| ArrowError::InvalidArgumentError("this kernel takes two arguments".into()))
    };
    match op {
        Op::Unary(f) => f(a),
        Op::Binary(f) => f(&ArrayDatum(a), need_b()?),
        Op::Normalize(level) => urikit_arrow::normalize(a, level),
        Op::Equivalent(level) => urikit_arrow::equivalent(&ArrayDatum(a), need_b()?, level)
            .map(|x| Arc::new(x) as ArrayRef),
        Op::Encode(set) => urikit_arrow::encode(a, set),
    }
}

/// A `&dyn Array` as a `Datum` (an array argument, not a scalar).
struct ArrayDatum<'a>(&'a dyn Array);

impl Datum for ArrayDatum<'_> {
    fn get(&self) -> (&dyn Array, bool) {
        (self.0, false)
    }
}

/// The result of a kernel for a Python caller.
pub enum Out {
    One(PyArrowArray),
    Chunks(PyChunked),
}

impl<'py> IntoPyObject<'py> for Out {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self {
            Out::One(a) => Ok(Bound::new(py, a)?.into_any()),
            Out::Chunks(c) => Ok(Bound::new(py, c)?.into_any()),
        }
    }
}

/// Run the kernel `name` over `a` (and `b`, for two-argument kernels), with
/// the GIL released. `option` is the level of `normalize` and `equivalent`
/// and the set of `encode`. Internal: `urikit.arrow` is the API.
#[pyfunction]
#[pyo3(signature = (name, a, b = None, option = None))]
pub fn arrow_kernel(
    py: Python<'_>,
    name: &str,
    a: &Bound<'_, PyAny>,
    b: Option<&Bound<'_, PyAny>>,
    option: Option<&str>,
) -> PyResult<Out> {
    let op = op(name, option)?;
    let a = import(a)?;
    let b = b.map(import).transpose()?;
    py.detach(move || call(op, a, b)).map_err(arrow_err)
}

fn scalar(s: &str) -> Scalar<StringArray> {
    Scalar::new(StringArray::from(vec![s]))
}

fn call(op: Op, a: Column, b: Option<Column>) -> Result<Out, ArrowError> {
    let bad = |m: &str| ArrowError::InvalidArgumentError(m.into());
    match (a, b) {
        (Column::One(a), None) => Ok(Out::One(PyArrowArray(run(op, &a, None)?))),
        (Column::One(a), Some(Column::Str(s))) => {
            Ok(Out::One(PyArrowArray(run(op, &a, Some(&scalar(&s)))?)))
        }
        (Column::One(a), Some(Column::One(b))) => {
            Ok(Out::One(PyArrowArray(run(op, &a, Some(&ArrayDatum(&*b)))?)))
        }
        (Column::Chunks(_, chunks), b) => {
            let out = match &b {
                None => chunks
                    .iter()
                    .map(|c| run(op, c, None))
                    .collect::<Result<Vec<_>, _>>()?,
                Some(Column::Str(s)) => {
                    let s = scalar(s);
                    chunks
                        .iter()
                        .map(|c| run(op, c, Some(&s)))
                        .collect::<Result<Vec<_>, _>>()?
                }
                Some(Column::Chunks(_, other)) => {
                    let same = other.len() == chunks.len()
                        && other.iter().zip(&chunks).all(|(x, y)| x.len() == y.len());
                    if !same {
                        return Err(bad("two chunked columns must have the same chunk lengths"));
                    }
                    chunks
                        .iter()
                        .zip(other)
                        .map(|(c, o)| run(op, c, Some(&ArrayDatum(&**o))))
                        .collect::<Result<Vec<_>, _>>()?
                }
                Some(Column::One(_)) => {
                    return Err(bad(
                        "a chunked column and an array: pass both chunked or both arrays",
                    ))
                }
            };
            let data_type = match out.first() {
                Some(c) => c.data_type().clone(),
                // No chunks: the kernel's type, from an empty chunk.
                None => {
                    let empty = StringArray::from(Vec::<&str>::new());
                    let sc = scalar("");
                    let b = b.as_ref().map(|_| &sc as &dyn Datum);
                    run(op, &empty, b)?.data_type().clone()
                }
            };
            Ok(Out::Chunks(PyChunked {
                data_type,
                chunks: out,
            }))
        }
        (Column::Str(s), Some(Column::One(b))) => {
            // A scalar first argument (a base URI) against an array.
            let b = ArrayDatum(&*b);
            let f = match op {
                Op::Binary(f) => f,
                _ => return Err(bad("the first argument must be a column")),
            };
            Ok(Out::One(PyArrowArray(f(&scalar(&s), &b)?)))
        }
        (Column::Str(s), Some(Column::Chunks(ty, chunks))) => {
            let f = match op {
                Op::Binary(f) => f,
                _ => return Err(bad("the first argument must be a column")),
            };
            let sc = scalar(&s);
            let out = chunks
                .iter()
                .map(|c| f(&sc, &ArrayDatum(&**c)))
                .collect::<Result<Vec<_>, _>>()?;
            let data_type = out.first().map_or(ty, |c| c.data_type().clone());
            Ok(Out::Chunks(PyChunked {
                data_type,
                chunks: out,
            }))
        }
        (Column::One(_), Some(Column::Chunks(..))) => Err(bad(
            "an array and a chunked column: pass both chunked or both arrays",
        )),
        (Column::Str(_), _) => Err(bad("the first argument must be a column")),
    }
}
