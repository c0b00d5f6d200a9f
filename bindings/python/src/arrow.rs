//! `urikit.arrow`: the `urikit-arrow` kernels over any Arrow array or
//! chunked array, through the Arrow PyCapsule interface
//! (`__arrow_c_array__`, `__arrow_c_stream__`) and the C data interface.
//! No copies through Python objects; the kernels run with the GIL released.
//!
//! This is the one file of the binding with `unsafe` code: reading and
//! writing the C structs that the capsules carry.

use std::collections::VecDeque;
use std::ffi::{CStr, CString, c_char, c_int};
use std::sync::Arc;

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema, from_ffi};
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{Array, ArrayRef, Datum, Scalar, StringArray, make_array};
use arrow_schema::{ArrowError, DataType, Field};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyDict, PyString, PyTuple};
use urikit_arrow::{Family, Kernel, Options};

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
        return Ok(Column::Str(crate::errors::str_text(s)?));
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

/// Run the kernel `name` of urikit-arrow's table (`ARROW_KERNELS`) over
/// `args` (Arrow arrays, chunked arrays, or `str` scalars), with the GIL
/// released. Internal: `urikit.arrow` is the API.
#[pyfunction]
#[pyo3(signature = (name, *args))]
pub fn arrow_kernel(
    py: Python<'_>,
    name: crate::errors::Text,
    args: &Bound<'_, PyTuple>,
) -> PyResult<Out> {
    let kernel = urikit_arrow::kernel(&name)
        .ok_or_else(|| PyValueError::new_err(format!("no Arrow kernel named {:?}", &*name)))?;
    let args = args
        .iter()
        .map(|a| import(&a))
        .collect::<PyResult<Vec<_>>>()?;
    py.detach(move || call(kernel, args)).map_err(arrow_err)
}

/// The table of kernels for Python: one dict per kernel of
/// `urikit_arrow::KERNELS` (its name, SQL name, family, description,
/// feature, arguments and example), from which `urikit.arrow` makes its
/// functions.
pub fn kernels_table(py: Python<'_>) -> PyResult<Bound<'_, PyTuple>> {
    let mut out = Vec::new();
    for k in urikit_arrow::KERNELS {
        let d = PyDict::new(py);
        d.set_item("name", k.name)?;
        d.set_item("sql_name", k.sql_name())?;
        d.set_item(
            "family",
            match k.family {
                Family::Uri => "uri",
                Family::Spark => "spark",
            },
        )?;
        d.set_item("description", k.description)?;
        d.set_item("feature", k.feature)?;
        let mut params = Vec::new();
        for p in k.params {
            let pd = PyDict::new(py);
            pd.set_item("name", p.name)?;
            pd.set_item("description", p.description)?;
            pd.set_item("constant", p.constant)?;
            pd.set_item("optional", p.optional)?;
            pd.set_item("default", p.default)?;
            params.push(pd);
        }
        d.set_item("params", PyTuple::new(py, params)?)?;
        let ex = PyDict::new(py);
        ex.set_item("args", PyTuple::new(py, k.example.args)?)?;
        ex.set_item("python", k.example.python)?;
        d.set_item("example", ex)?;
        out.push(d);
    }
    PyTuple::new(py, out)
}

fn scalar(s: &str) -> Scalar<StringArray> {
    Scalar::new(StringArray::from(vec![s]))
}

/// One call of the kernel with one array (or scalar) per argument.
fn run(kernel: &Kernel, args: &[&dyn Datum]) -> Result<ArrayRef, ArrowError> {
    kernel.invoke(args, &Options::default())
}

fn call(kernel: &Kernel, args: Vec<Column>) -> Result<Out, ArrowError> {
    let bad = |m: &str| ArrowError::InvalidArgumentError(m.into());
    let scalars: Vec<Option<Scalar<StringArray>>> = args
        .iter()
        .map(|a| match a {
            Column::Str(s) => Some(scalar(s)),
            _ => None,
        })
        .collect();
    let chunked = args.iter().any(|a| matches!(a, Column::Chunks(..)));
    if chunked {
        // Every column argument chunked the same way; str arguments are
        // scalars for every chunk.
        let mut lengths: Option<Vec<usize>> = None;
        let mut first_type = None;
        for a in &args {
            match a {
                Column::One(_) => {
                    return Err(bad(
                        "a chunked column and an array: pass both chunked or both arrays",
                    ));
                }
                Column::Chunks(ty, chunks) => {
                    let l: Vec<usize> = chunks.iter().map(|c| c.len()).collect();
                    match &lengths {
                        Some(prev) if *prev != l => {
                            return Err(bad(
                                "two chunked columns must have the same chunk lengths",
                            ));
                        }
                        _ => lengths = Some(l),
                    }
                    first_type.get_or_insert_with(|| ty.clone());
                }
                Column::Str(_) => {}
            }
        }
        let n = lengths.map_or(0, |l| l.len());
        let mut out = Vec::with_capacity(n);
        for j in 0..n {
            let datums: Vec<&dyn Datum> = args
                .iter()
                .zip(&scalars)
                .map(|(a, s)| match (a, s) {
                    (Column::Chunks(_, c), _) => &c[j] as &dyn Datum,
                    (_, Some(s)) => s as &dyn Datum,
                    (Column::One(a), None) => a as &dyn Datum,
                    (Column::Str(_), None) => unreachable!("a str has its scalar"),
                })
                .collect();
            out.push(run(kernel, &datums)?);
        }
        let data_type = match out.first() {
            Some(c) => c.data_type().clone(),
            // No chunks: the kernel's type, from an empty chunk.
            None => {
                let empty: ArrayRef = Arc::new(StringArray::from(Vec::<&str>::new()));
                let datums: Vec<&dyn Datum> = args
                    .iter()
                    .zip(&scalars)
                    .map(|(_, s)| match s {
                        Some(s) => s as &dyn Datum,
                        None => &empty as &dyn Datum,
                    })
                    .collect();
                match run(kernel, &datums) {
                    Ok(a) => a.data_type().clone(),
                    Err(_) => first_type.unwrap_or(DataType::Utf8),
                }
            }
        };
        return Ok(Out::Chunks(PyChunked {
            data_type,
            chunks: out,
        }));
    }
    if !args.iter().any(|a| matches!(a, Column::One(_))) {
        return Err(bad("one argument at least must be a column"));
    }
    let datums: Vec<&dyn Datum> = args
        .iter()
        .zip(&scalars)
        .map(|(a, s)| match (a, s) {
            (_, Some(s)) => s as &dyn Datum,
            (Column::One(a), None) => a as &dyn Datum,
            _ => unreachable!("no chunks here, and a str has its scalar"),
        })
        .collect();
    Ok(Out::One(PyArrowArray(run(kernel, &datums)?)))
}
