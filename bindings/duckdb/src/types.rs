//! DuckDB's types for the kernels' Arrow types.
//!
//! | Arrow | DuckDB |
//! | --- | --- |
//! | `Utf8`, `LargeUtf8`, `Utf8View` | `VARCHAR` |
//! | `Boolean` | `BOOLEAN` |
//! | `UInt16` (`uri_port`) | `USMALLINT` |
//! | `UInt64` (`error_index` of `uri_parse`) | `UBIGINT` |
//! | `Struct` (`uri_parse`, `uri_views`) | `STRUCT` with the same fields |
//! | `List` (`uri_path_segments`, `uri_extract`, ...) | `LIST` |
//! | `Map` (`uri_query_params`) | `STRUCT(key VARCHAR, value VARCHAR)[]`: a list of pairs, since a query may repeat a key and a DuckDB `MAP` may not |

use std::ffi::CString;

use arrow_schema::DataType;
use libduckdb_sys as ffi;

/// A DuckDB logical type, destroyed when dropped.
pub struct Logical(pub ffi::duckdb_logical_type);

impl Drop for Logical {
    fn drop(&mut self) {
        // SAFETY: the type was created by the C API and is owned here.
        unsafe { ffi::duckdb_destroy_logical_type(&mut self.0) };
    }
}

fn scalar(t: ffi::DUCKDB_TYPE) -> Logical {
    // SAFETY: a plain constructor of the C API.
    Logical(unsafe { ffi::duckdb_create_logical_type(t) })
}

fn list(item: &Logical) -> Logical {
    // SAFETY: `item` is a live type; DuckDB copies it.
    Logical(unsafe { ffi::duckdb_create_list_type(item.0) })
}

fn structure(fields: &[(&str, Logical)]) -> Result<Logical, String> {
    let names: Vec<CString> = fields
        .iter()
        .map(|(n, _)| CString::new(*n).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let mut ptrs: Vec<*const std::ffi::c_char> = names.iter().map(|n| n.as_ptr()).collect();
    let mut types: Vec<ffi::duckdb_logical_type> = fields.iter().map(|(_, t)| t.0).collect();
    // SAFETY: `types` and `ptrs` hold `fields.len()` live entries; DuckDB
    // copies them.
    Ok(Logical(unsafe {
        ffi::duckdb_create_struct_type(types.as_mut_ptr(), ptrs.as_mut_ptr(), fields.len() as u64)
    }))
}

/// The DuckDB type of an Arrow type a kernel returns (the table in the
/// module's documentation); an error for a type no kernel returns.
///
/// ```no_run
/// # use arrow_schema::DataType;
/// assert!(urikit_duckdb::types::logical(&DataType::Utf8).is_ok());
/// assert!(urikit_duckdb::types::logical(&DataType::Float64).is_err());
/// ```
pub fn logical(t: &DataType) -> Result<Logical, String> {
    Ok(match t {
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => {
            scalar(ffi::DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR)
        }
        DataType::Boolean => scalar(ffi::DUCKDB_TYPE_DUCKDB_TYPE_BOOLEAN),
        DataType::UInt16 => scalar(ffi::DUCKDB_TYPE_DUCKDB_TYPE_USMALLINT),
        DataType::UInt64 => scalar(ffi::DUCKDB_TYPE_DUCKDB_TYPE_UBIGINT),
        DataType::List(item) => list(&logical(item.data_type())?),
        DataType::Map(entries, _) => list(&logical(entries.data_type())?),
        DataType::Struct(fields) => {
            let members = fields
                .iter()
                .map(|f| Ok((f.name().as_str(), logical(f.data_type())?)))
                .collect::<Result<Vec<_>, String>>()?;
            structure(&members)?
        }
        t => return Err(format!("urikit: no DuckDB type for the arrow type {t}")),
    })
}

/// The name DuckDB gives the type [`logical`] makes (as
/// `duckdb_functions()` shows a return type), with a nested struct's own
/// fields left out (`STRUCT(…)`) to keep the views' type readable.
///
/// ```
/// use arrow_schema::DataType;
/// use urikit_duckdb::types::name;
/// assert_eq!(name(&DataType::Utf8), "VARCHAR");
/// assert_eq!(name(&urikit_arrow::list_type(&DataType::Utf8)), "VARCHAR[]");
/// assert_eq!(name(&urikit_arrow::map_type(&DataType::Utf8)), "STRUCT(\"key\" VARCHAR, \"value\" VARCHAR)[]");
/// ```
pub fn name(t: &DataType) -> String {
    name_at(t, 0)
}

/// [`name`] with every struct's fields left out: `STRUCT(…)[]`.
///
/// ```
/// use arrow_schema::DataType;
/// let t = urikit_arrow::host_confusion_type(&DataType::Utf8);
/// assert_eq!(urikit_duckdb::types::short_name(&t), "STRUCT(…)[]");
/// ```
pub fn short_name(t: &DataType) -> String {
    name_at(t, 1)
}

fn name_at(t: &DataType, depth: usize) -> String {
    match t {
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => "VARCHAR".into(),
        DataType::Boolean => "BOOLEAN".into(),
        DataType::UInt16 => "USMALLINT".into(),
        DataType::UInt64 => "UBIGINT".into(),
        DataType::List(item) => format!("{}[]", name_at(item.data_type(), depth)),
        DataType::Map(entries, _) => format!("{}[]", name_at(entries.data_type(), depth)),
        DataType::Struct(_) if depth > 0 => "STRUCT(…)".into(),
        DataType::Struct(fields) => {
            let members: Vec<String> = fields
                .iter()
                .map(|f| format!("\"{}\" {}", f.name(), name_at(f.data_type(), depth + 1)))
                .collect();
            format!("STRUCT({})", members.join(", "))
        }
        t => format!("{t}"),
    }
}
