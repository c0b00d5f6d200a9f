//! Table functions: one per kernel whose result is a list (query pairs,
//! path segments, found URIs, lint findings, host confusions), with the
//! kernel's name, so that `FROM uri_query_params('http://h/?a=1&b=2')`
//! gives a row per item, where `SELECT uri_query_params(...)` gives one
//! list. DuckDB keeps table and scalar functions apart: one name serves
//! both, as DuckDB's own `range` does.
//!
//! The columns are the item's: the struct's fields (`key`, `value` for
//! query pairs), or one `value` column for a list of strings; then
//! `position`, the item's place in the list from 1 (`BIGINT`).
//!
//! The required arguments are given by position, an optional one by name
//! (`FROM uri_host_confusion(u, parsers := 'all')`: DuckDB has one table
//! function a name, with no overloads). They are constants, as every table function's in DuckDB's C
//! API (DuckDB evaluates them before the scan; a column of another table
//! is refused by DuckDB). A NULL argument, an invalid URI, or an empty
//! list gives no rows (the scalar function's NULL or empty list); a
//! kernel's error (a wrong `parsers`) fails the query with its message.

use std::cell::Cell;
use std::ffi::{CStr, CString, c_void};
use std::panic::{AssertUnwindSafe, catch_unwind};

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, Datum, StringViewArray};
use arrow_schema::DataType;
use libduckdb_sys as ffi;
use urikit_arrow::{Kernel, Options};

use crate::{In, arguments, message, types, write};

/// The name of the column with each item's place in its list.
pub const POSITION: &str = "position";

/// Whether a kernel gets a table function: its result is a list.
///
/// ```
/// let k = urikit_arrow::KERNELS.iter().find(|k| k.sql_name() == "uri_query_params").unwrap();
/// assert!(urikit_duckdb::table::is_table(k));
/// ```
pub fn is_table(kernel: &Kernel) -> bool {
    matches!(
        kernel.returns.data_type(&DataType::Utf8),
        DataType::List(_) | DataType::Map(_, _)
    )
}

/// The columns of a kernel's table function, but `position`: the item
/// struct's fields, or `value`.
///
/// ```
/// let k = urikit_arrow::KERNELS.iter().find(|k| k.sql_name() == "uri_query_params").unwrap();
/// let names: Vec<String> = urikit_duckdb::table::columns(k).into_iter().map(|(n, _)| n).collect();
/// assert_eq!(names, ["key", "value"]);
/// ```
pub fn columns(kernel: &Kernel) -> Vec<(String, DataType)> {
    let item = match kernel.returns.data_type(&DataType::Utf8) {
        DataType::List(f) | DataType::Map(f, _) => f.data_type().clone(),
        _ => return Vec::new(),
    };
    match item {
        DataType::Struct(fields) => fields
            .iter()
            .map(|f| (f.name().clone(), f.data_type().clone()))
            .collect(),
        t => vec![("value".into(), t)],
    }
}

/// The table function's call and columns, as the guide shows them:
/// `` `FROM uri_query_params(uri)`: `key VARCHAR, value VARCHAR, position BIGINT` ``.
///
/// ```
/// let k = urikit_arrow::KERNELS.iter().find(|k| k.sql_name() == "uri_host_confusion").unwrap();
/// let (call, _) = urikit_duckdb::table::syntax(k);
/// assert_eq!(call, "FROM uri_host_confusion(uri[, parsers := …])");
/// ```
pub fn syntax(kernel: &Kernel) -> (String, String) {
    let args: Vec<String> = kernel.params[..kernel.min_args()]
        .iter()
        .map(|p| p.name.to_string())
        .collect();
    let optional: String = kernel.params[kernel.min_args()..]
        .iter()
        .map(|p| format!("[, {} := …]", p.name))
        .collect();
    let call = format!("FROM {}({}{optional})", kernel.sql_name(), args.join(", "));
    let mut cols: Vec<String> = columns(kernel)
        .iter()
        .map(|(n, t)| format!("{n} {}", types::short_name(t)))
        .collect();
    cols.push(format!("{POSITION} BIGINT"));
    (call, cols.join(", "))
}

/// What the bind step found: the items, a column each.
struct Items {
    columns: Vec<ArrayRef>,
    rows: usize,
}

/// A value DuckDB gives as a one-row column: NULL for a NULL, and `None`
/// when there is no value (a named parameter left out).
///
/// # Safety
///
/// `value` is null or a value DuckDB handed over, ours to destroy.
unsafe fn column(mut value: ffi::duckdb_value) -> Option<StringViewArray> {
    if value.is_null() {
        return None;
    }
    // SAFETY: DuckDB's value, read then destroyed; the string DuckDB
    // returns is ours to free. (A constant with a NUL in it ends there:
    // the C API gives the value as a C string.)
    unsafe {
        let text = if ffi::duckdb_is_null_value(value) {
            None
        } else {
            let s = ffi::duckdb_get_varchar(value);
            let text = CStr::from_ptr(s).to_string_lossy().into_owned();
            ffi::duckdb_free(s.cast());
            Some(text)
        };
        ffi::duckdb_destroy_value(&mut value);
        Some(StringViewArray::from(vec![text]))
    }
}

/// The call's arguments, a one-row column each: the required ones by
/// position, then the optional ones by name (`parsers := 'all'`), up to
/// the last one given.
///
/// # Safety
///
/// `info` is DuckDB's bind info of a function `register` made for `kernel`.
unsafe fn parameters(
    kernel: &Kernel,
    info: ffi::duckdb_bind_info,
) -> Result<Vec<StringViewArray>, String> {
    let required = kernel.min_args();
    let mut cols = Vec::with_capacity(kernel.max_args());
    for i in 0..required {
        // SAFETY: `i` is below the number of positional parameters.
        let v = unsafe { column(ffi::duckdb_bind_get_parameter(info, i as u64)) };
        cols.push(v.unwrap_or_else(|| StringViewArray::from(vec![None::<&str>])));
    }
    let mut missing: Option<&str> = None;
    for p in &kernel.params[required..] {
        let name = CString::new(p.name).map_err(|e| e.to_string())?;
        // SAFETY: a named parameter the function declares.
        match unsafe { column(ffi::duckdb_bind_get_named_parameter(info, name.as_ptr())) } {
            Some(_) if missing.is_some() => {
                let m = missing.unwrap_or_default();
                return Err(format!("{}: {} needs {m} too", kernel.name, p.name));
            }
            Some(v) => cols.push(v),
            None => missing = missing.or(Some(p.name)),
        }
    }
    Ok(cols)
}

/// The kernel on the call's arguments: the items of its one list.
fn items(kernel: &Kernel, cols: Vec<StringViewArray>) -> Result<Items, String> {
    let none = || Items {
        columns: columns(kernel)
            .iter()
            .map(|(_, t)| arrow_array::new_empty_array(t))
            .collect(),
        rows: 0,
    };
    let Some(ins) = arguments(kernel, cols)? else {
        return Ok(none());
    };
    let datums: Vec<&dyn Datum> = ins.iter().map(In::datum).collect();
    let out = kernel
        .invoke(&datums, &Options::default())
        .map_err(message)?;
    if out.is_empty() || out.is_null(0) {
        return Ok(none());
    }
    let (offsets, values) = match out.data_type() {
        DataType::List(_) => {
            let l = out.as_list::<i32>();
            (l.value_offsets().to_vec(), l.values().clone())
        }
        DataType::Map(_, _) => {
            let m = out.as_map();
            (
                m.value_offsets().to_vec(),
                std::sync::Arc::new(m.entries().clone()) as ArrayRef,
            )
        }
        t => return Err(format!("{}: not a list ({t})", kernel.name)),
    };
    let (start, end) = (offsets[0] as usize, offsets[1] as usize);
    let list = values.slice(start, end - start);
    let columns = match list.data_type() {
        DataType::Struct(_) => list.as_struct().columns().to_vec(),
        _ => vec![list],
    };
    Ok(Items {
        columns,
        rows: end - start,
    })
}

/// A failure as DuckDB's error of the step.
fn error_text(e: Result<Result<(), String>, Box<dyn std::any::Any + Send>>) -> Option<CString> {
    let text = match e {
        Ok(Ok(())) => return None,
        Ok(Err(m)) => m,
        Err(_) => "urikit: internal error (a panic in a kernel); please report the input".into(),
    };
    Some(CString::new(text.replace('\0', "\\0")).unwrap_or_default())
}

unsafe extern "C" fn destroy_items(p: *mut c_void) {
    // SAFETY: `p` is the box `bind` made.
    drop(unsafe { Box::from_raw(p.cast::<Items>()) });
}

unsafe extern "C" fn destroy_cursor(p: *mut c_void) {
    // SAFETY: `p` is the box `init` made.
    drop(unsafe { Box::from_raw(p.cast::<Cell<usize>>()) });
}

/// DuckDB's bind step: run the kernel, declare the columns, keep the items.
unsafe extern "C" fn bind(info: ffi::duckdb_bind_info) {
    let result = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the extra info is the `&'static Kernel` that `register`
        // set; `info` is DuckDB's for this call, its parameters read below
        // their count; each name and type is copied by DuckDB.
        unsafe {
            let kernel = &*(ffi::duckdb_bind_get_extra_info(info) as *const Kernel);
            let found = items(kernel, parameters(kernel, info)?)?;
            for (name, t) in columns(kernel) {
                let name = CString::new(name).map_err(|e| e.to_string())?;
                let t = types::logical(&t)?;
                ffi::duckdb_bind_add_result_column(info, name.as_ptr(), t.0);
            }
            let position = CString::new(POSITION).map_err(|e| e.to_string())?;
            let mut t = ffi::duckdb_create_logical_type(ffi::DUCKDB_TYPE_DUCKDB_TYPE_BIGINT);
            ffi::duckdb_bind_add_result_column(info, position.as_ptr(), t);
            ffi::duckdb_destroy_logical_type(&mut t);
            let data = Box::into_raw(Box::new(found));
            ffi::duckdb_bind_set_bind_data(info, data.cast(), Some(destroy_items));
            Ok(())
        }
    }));
    if let Some(c) = error_text(result) {
        // SAFETY: `info` is DuckDB's; it copies the message.
        unsafe { ffi::duckdb_bind_set_error(info, c.as_ptr()) };
    }
}

/// DuckDB's init step: a cursor at the first item, one thread.
unsafe extern "C" fn init(info: ffi::duckdb_init_info) {
    // SAFETY: `info` is DuckDB's; the box is freed by `destroy_cursor`.
    unsafe {
        ffi::duckdb_init_set_max_threads(info, 1);
        let cursor = Box::into_raw(Box::new(Cell::new(0usize)));
        ffi::duckdb_init_set_init_data(info, cursor.cast(), Some(destroy_cursor));
    }
}

/// DuckDB's scan step: the next items, up to a vector's worth.
unsafe extern "C" fn scan(info: ffi::duckdb_function_info, output: ffi::duckdb_data_chunk) {
    let result = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the bind and init data are the boxes `bind` and `init`
        // made, alive for the scan; the output chunk has a vector per
        // declared column, in order (no projection pushdown), of the types
        // declared, with room for `duckdb_vector_size()` rows.
        unsafe {
            let found = &*(ffi::duckdb_function_get_bind_data(info) as *const Items);
            let cursor = &*(ffi::duckdb_function_get_init_data(info) as *const Cell<usize>);
            let start = cursor.get();
            let n = (found.rows - start).min(ffi::duckdb_vector_size() as usize);
            for (c, col) in found.columns.iter().enumerate() {
                let v = ffi::duckdb_data_chunk_get_vector(output, c as u64);
                write::array(col.slice(start, n).as_ref(), v, n)?;
            }
            let v = ffi::duckdb_data_chunk_get_vector(output, found.columns.len() as u64);
            let data = ffi::duckdb_vector_get_data(v) as *mut i64;
            for k in 0..n {
                *data.add(k) = (start + k + 1) as i64;
            }
            ffi::duckdb_data_chunk_set_size(output, n as u64);
            cursor.set(start + n);
            Ok(())
        }
    }));
    if let Some(c) = error_text(result) {
        // SAFETY: `info` is DuckDB's; it copies the message.
        unsafe { ffi::duckdb_function_set_error(info, c.as_ptr()) };
    }
}

/// Register a table function for each kernel [`is_table`] accepts: its
/// required arguments by position, its optional ones by name.
///
/// # Safety
///
/// `con` is an open connection, with the C API table initialised.
pub(crate) unsafe fn register(con: ffi::duckdb_connection) -> Result<(), String> {
    for (name, kernel) in crate::functions().filter(|(_, k)| is_table(k)) {
        let cname = CString::new(name.as_str()).map_err(|e| e.to_string())?;
        // SAFETY: plain C API calls on objects created here; DuckDB copies
        // the function into its catalog, then it is destroyed.
        unsafe {
            let mut f = ffi::duckdb_create_table_function();
            ffi::duckdb_table_function_set_name(f, cname.as_ptr());
            for (i, p) in kernel.params.iter().enumerate() {
                let mut t = ffi::duckdb_create_logical_type(ffi::DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR);
                if i < kernel.min_args() {
                    ffi::duckdb_table_function_add_parameter(f, t);
                } else {
                    // DuckDB keeps one table function a name: an optional
                    // argument is a named one.
                    let pname = CString::new(p.name).map_err(|e| e.to_string())?;
                    ffi::duckdb_table_function_add_named_parameter(f, pname.as_ptr(), t);
                }
                ffi::duckdb_destroy_logical_type(&mut t);
            }
            // The kernel lives in a static table: nothing to free.
            let extra = kernel as *const Kernel as *mut c_void;
            ffi::duckdb_table_function_set_extra_info(f, extra, None);
            ffi::duckdb_table_function_set_bind(f, Some(bind));
            ffi::duckdb_table_function_set_init(f, Some(init));
            ffi::duckdb_table_function_set_function(f, Some(scan));
            let state = ffi::duckdb_register_table_function(con, f);
            ffi::duckdb_destroy_table_function(&mut f);
            if state != ffi::DuckDBSuccess {
                return Err(format!("could not register the table function {name}"));
            }
        }
    }
    Ok(())
}
