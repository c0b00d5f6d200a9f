//! # urikit-duckdb
//!
//! urikit's URI functions as a DuckDB extension: `urikit.duckdb_extension`,
//! loaded by a stock DuckDB with `LOAD` (unsigned, so with
//! `allow_unsigned_extensions`). Built by `python3 bindings/duckdb/build.py`
//! (docs/duckdb.md).
//!
//! There is one SQL function per entry of urikit-arrow's table of kernels,
//! [`urikit_arrow::KERNELS`], named as in DataFusion
//! ([`urikit_arrow::Kernel::sql_name`]: `uri_host`, `uri_parse`, Spark's
//! `parse_url`, ...), with one overload per number of arguments it takes.
//! Each call reads DuckDB's `VARCHAR` vectors as Arrow `Utf8View` arrays ([`read`]),
//! runs the kernel, and writes its Arrow result back into DuckDB's vector
//! ([`types`] says which DuckDB type each Arrow type becomes): the answers
//! are the kernel's, row by row, the same as `uri-sql`'s.
//!
//! A kernel whose every answer is a slice of its row (`uri_host`,
//! `uri_path`, ...) skips the Arrow arrays: the kernel table's function for
//! one row runs on each DuckDB string ([`Kernel::slice`], `slices`).
//!
//! A kernel whose result is a list is also a table function of the same
//! name, a row per item ([`table`]).
//!
//! - A NULL row gives NULL, and so does an invalid one (`uri_parse` says
//!   where and why); a NULL constant argument (a level, an encode set, the
//!   parsers) gives NULL for every row, as in DataFusion.
//! - A kernel's error (a wrong level, Spark's `INVALID_URL` in ANSI mode)
//!   fails the query with the kernel's message; a panic, which the kernels
//!   never mean to raise, is caught at the C boundary and fails the query
//!   too, never the process.
//!
//! This crate is the only one besides `urikit-views`' curl binding with
//! `unsafe` code outside the core's SIMD module: DuckDB's C API is all it
//! talks to, in [`read`], [`write`](mod@write), [`table`] and the callbacks here, each block with
//! its `SAFETY:` comment.
#![warn(missing_docs)]
#![deny(clippy::undocumented_unsafe_blocks)]

pub mod docs;
pub mod read;
mod slices;
pub mod table;
pub mod types;
pub mod write;

use std::ffi::{CString, c_void};
use std::panic::{AssertUnwindSafe, catch_unwind};

use arrow_array::{Array, ArrayRef, Datum, Scalar, StringViewArray};
use arrow_schema::{ArrowError, DataType};
use libduckdb_sys as ffi;
use urikit_arrow::{KERNELS, Kernel, Options};

/// The oldest DuckDB C API this extension asks for (`C_STRUCT` extensions
/// name it in their metadata; build.py writes it): 1.5.6, where
/// `duckdb_unsafe_vector_assign_string_element_len` became stable (our
/// strings are UTF-8 already; DuckDB's check of each cost a quarter of
/// `uri_host`'s time). An older DuckDB refuses the file on `LOAD`.
pub const C_API_VERSION: &str = "v1.5.6";

/// The DuckDB functions: `(SQL name, kernel)` for every entry of
/// [`KERNELS`], in the table's order.
///
/// ```
/// let names: Vec<String> = urikit_duckdb::functions().map(|(n, _)| n).collect();
/// assert!(names.contains(&"uri_host".to_string()) && names.contains(&"parse_url".to_string()));
/// ```
pub fn functions() -> impl Iterator<Item = (String, &'static Kernel)> {
    KERNELS.iter().map(|k| (k.sql_name(), k))
}

/// A kernel's error as the query's message: the text alone, as DataFusion
/// shows it (Spark's keep their `[INVALID_URL]` first).
pub(crate) fn message(e: ArrowError) -> String {
    match e {
        ArrowError::ComputeError(m) | ArrowError::InvalidArgumentError(m) => m,
        e => e.to_string(),
    }
}

/// One argument as the kernel takes it.
pub(crate) enum In {
    Column(StringViewArray),
    Scalar(Scalar<StringViewArray>),
}

impl In {
    pub(crate) fn datum(&self) -> &dyn Datum {
        match self {
            In::Column(a) => a,
            In::Scalar(s) => s,
        }
    }
}

/// Whether every row of `a` is the same (all NULL, or all one string).
fn all_same(a: &StringViewArray) -> bool {
    if a.is_empty() {
        return true;
    }
    let first = a.is_valid(0).then(|| a.value(0));
    (1..a.len()).all(|i| a.is_valid(i).then(|| a.value(i)) == first)
}

/// The arguments of one call: the first always a column (it gives the
/// rows); a constant parameter (a level, an encode set, the parsers) as a
/// scalar, and so is another argument with one value on every row (DuckDB
/// hands a literal over repeated on every row; as a scalar the kernel reads
/// it once, as DataFusion's does). `None` when a constant is NULL.
pub(crate) fn arguments(
    kernel: &Kernel,
    cols: Vec<StringViewArray>,
) -> Result<Option<Vec<In>>, String> {
    let mut ins = Vec::with_capacity(cols.len());
    for (i, col) in cols.into_iter().enumerate() {
        let constant = kernel.params.get(i).is_some_and(|p| p.constant);
        if i == 0 || !all_same(&col) {
            if constant {
                let name = kernel.params[i].name;
                return Err(format!(
                    "{}: the {name} must be a constant string",
                    kernel.name
                ));
            }
            ins.push(In::Column(col));
        } else if col.is_null(0) {
            if constant {
                return Ok(None);
            }
            // A NULL of a column parameter: the kernel's rule for a NULL row.
            ins.push(In::Column(col));
        } else {
            ins.push(In::Scalar(Scalar::new(col.slice(0, 1))));
        }
    }
    Ok(Some(ins))
}

/// One call of a kernel on one chunk: read, run, write.
///
/// # Safety
///
/// `input` and `output` are the chunk and the vector DuckDB passes to the
/// scalar function of `kernel`, whose return type is [`types::logical`]
/// of the kernel's.
unsafe fn call(
    kernel: &Kernel,
    input: ffi::duckdb_data_chunk,
    output: ffi::duckdb_vector,
) -> Result<(), String> {
    // SAFETY: `input` is the live chunk DuckDB passed.
    let (rows, width) = unsafe {
        (
            ffi::duckdb_data_chunk_get_size(input) as usize,
            ffi::duckdb_data_chunk_get_column_count(input) as usize,
        )
    };
    if rows == 0 {
        return Ok(());
    }
    if let (Some(f), 1) = (kernel.slice, width) {
        // SAFETY: the one column is a flat VARCHAR vector of `rows` rows;
        // the output is a VARCHAR vector (the kernel returns strings).
        return unsafe {
            slices::run(f, ffi::duckdb_data_chunk_get_vector(input, 0), output, rows)
        };
    }
    let mut cols = Vec::with_capacity(width);
    for i in 0..width {
        // SAFETY: column `i` of the chunk is a flat VARCHAR vector of `rows`
        // rows (every parameter is VARCHAR; the C API flattens the input).
        cols.push(unsafe {
            read::strings(ffi::duckdb_data_chunk_get_vector(input, i as u64), rows)
        }?);
    }
    let out: ArrayRef = match arguments(kernel, cols)? {
        Some(ins) => {
            let datums: Vec<&dyn Datum> = ins.iter().map(In::datum).collect();
            kernel
                .invoke(&datums, &Options::default())
                .map_err(message)?
        }
        None => arrow_array::new_null_array(&kernel.returns.data_type(&DataType::Utf8), rows),
    };
    if out.len() != rows {
        return Err(format!(
            "{}: the kernel gave {} rows for {rows}",
            kernel.name,
            out.len()
        ));
    }
    // SAFETY: `output` is DuckDB's result vector of `rows` rows, of the
    // type made from this kernel's return type, which `out` has.
    unsafe { write::array(out.as_ref(), output, rows) }
}

/// The scalar function DuckDB calls: the kernel is the function's extra
/// info. A failure, and a panic, become the query's error.
unsafe extern "C" fn scalar(
    info: ffi::duckdb_function_info,
    input: ffi::duckdb_data_chunk,
    output: ffi::duckdb_vector,
) {
    let result = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the extra info is the `&'static Kernel` that `register`
        // set; `input` and `output` are DuckDB's for this call.
        unsafe {
            let kernel = &*(ffi::duckdb_scalar_function_get_extra_info(info) as *const Kernel);
            call(kernel, input, output)
        }
    }));
    let text = match result {
        Ok(Ok(())) => return,
        Ok(Err(m)) => m,
        Err(_) => "urikit: internal error (a panic in a kernel); please report the input".into(),
    };
    let c = CString::new(text.replace('\0', "\\0")).unwrap_or_default();
    // SAFETY: `info` is DuckDB's; it copies the message.
    unsafe { ffi::duckdb_scalar_function_set_error(info, c.as_ptr()) };
}

/// Register one function per kernel on `con`: a set named
/// [`Kernel::sql_name`] with an overload for each number of arguments.
///
/// # Safety
///
/// `con` is an open connection, with the C API table initialised.
unsafe fn register(con: ffi::duckdb_connection) -> Result<(), String> {
    for (name, kernel) in functions() {
        let cname = CString::new(name.as_str()).map_err(|e| e.to_string())?;
        // SAFETY: plain C API calls on objects created here; each logical
        // type is destroyed after the function has copied it, the set
        // after registration (DuckDB copies it into its catalog).
        unsafe {
            let mut set = ffi::duckdb_create_scalar_function_set(cname.as_ptr());
            let ret = types::logical(&kernel.returns.data_type(&DataType::Utf8))?;
            for n in kernel.min_args()..=kernel.max_args() {
                let mut f = ffi::duckdb_create_scalar_function();
                ffi::duckdb_scalar_function_set_name(f, cname.as_ptr());
                for _ in 0..n {
                    let mut t =
                        ffi::duckdb_create_logical_type(ffi::DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR);
                    ffi::duckdb_scalar_function_add_parameter(f, t);
                    ffi::duckdb_destroy_logical_type(&mut t);
                }
                ffi::duckdb_scalar_function_set_return_type(f, ret.0);
                ffi::duckdb_scalar_function_set_function(f, Some(scalar));
                // The kernel lives in a static table: nothing to free.
                let extra = kernel as *const Kernel as *mut c_void;
                ffi::duckdb_scalar_function_set_extra_info(f, extra, None);
                let state = ffi::duckdb_add_scalar_function_to_set(set, f);
                ffi::duckdb_destroy_scalar_function(&mut f);
                if state != ffi::DuckDBSuccess {
                    ffi::duckdb_destroy_scalar_function_set(&mut set);
                    return Err(format!("could not add an overload of {name}"));
                }
            }
            let state = ffi::duckdb_register_scalar_function_set(con, set);
            ffi::duckdb_destroy_scalar_function_set(&mut set);
            if state != ffi::DuckDBSuccess {
                return Err(format!("could not register {name}"));
            }
        }
    }
    Ok(())
}

/// The extension's initialisation: the C API table, a connection, the
/// functions.
///
/// # Safety
///
/// `info` and `access` are what DuckDB passes to the entry point.
unsafe fn init(
    info: ffi::duckdb_extension_info,
    access: *const ffi::duckdb_extension_access,
) -> Result<bool, String> {
    // SAFETY: DuckDB's own arguments, used as its C API documents.
    unsafe {
        if !ffi::duckdb_rs_extension_api_init(info, access, C_API_VERSION)? {
            // DuckDB has set the error (a C API older than ours).
            return Ok(false);
        }
        let get_database = (*access)
            .get_database
            .ok_or("duckdb gave no get_database")?;
        let db = get_database(info);
        if db.is_null() {
            return Ok(false);
        }
        let mut con: ffi::duckdb_connection = std::ptr::null_mut();
        if ffi::duckdb_connect(*db, &mut con) != ffi::DuckDBSuccess {
            return Err("could not connect to the database".into());
        }
        let result = register(con).and_then(|()| table::register(con));
        ffi::duckdb_disconnect(&mut con);
        result.map(|()| true)
    }
}

/// The entry point DuckDB calls on `LOAD`: `<name>_init_c_api`, the name
/// of the file being `urikit.duckdb_extension`.
///
/// # Safety
///
/// Called by DuckDB only, with its extension info and access table.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn urikit_init_c_api(
    info: ffi::duckdb_extension_info,
    access: *const ffi::duckdb_extension_access,
) -> bool {
    // SAFETY: DuckDB's arguments, passed on.
    let result = catch_unwind(|| unsafe { init(info, access) })
        .unwrap_or_else(|_| Err("urikit: internal error (a panic) while loading".into()));
    match result {
        Ok(loaded) => loaded,
        Err(m) => {
            let c = CString::new(format!("urikit: {m}")).unwrap_or_default();
            // SAFETY: DuckDB's access table, read and called as its C API
            // says; it copies the message.
            unsafe {
                if let Some(set_error) = (*access).set_error {
                    set_error(info, c.as_ptr());
                }
            }
            false
        }
    }
}
