//! Arrow arrays (the kernels' results) written into DuckDB's vectors, by
//! the table of [`crate::types`].

use arrow_array::cast::AsArray;
use arrow_array::types::{UInt16Type, UInt64Type};
use arrow_array::{Array, GenericStringArray, OffsetSizeTrait, StructArray};
use arrow_buffer::OffsetBuffer;
use arrow_schema::DataType;
use libduckdb_sys as ffi;

/// Mark the NULL rows of `a` in `v`'s validity mask.
///
/// # Safety
///
/// `v` is a live vector with at least `a.len()` rows.
unsafe fn nulls(a: &dyn Array, v: ffi::duckdb_vector) {
    let Some(n) = a.logical_nulls() else { return };
    if n.null_count() == 0 {
        return;
    }
    // SAFETY: a writable mask has a bit per row of the vector's capacity.
    unsafe {
        ffi::duckdb_vector_ensure_validity_writable(v);
        let mask = ffi::duckdb_vector_get_validity(v);
        let mask = std::slice::from_raw_parts_mut(mask, a.len().div_ceil(64));
        for i in n.iter().enumerate().filter(|(_, ok)| !ok).map(|(i, _)| i) {
            mask[i / 64] &= !(1u64 << (i % 64));
        }
    }
}

/// Copy the values of a fixed-width array into the vector's data.
///
/// # Safety
///
/// `v` is a live vector of `T`s with at least `values.len()` rows.
unsafe fn fixed<T: Copy>(values: &[T], v: ffi::duckdb_vector) {
    // SAFETY: the data of a vector of T holds a T per row.
    unsafe {
        let data = ffi::duckdb_vector_get_data(v) as *mut T;
        std::ptr::copy_nonoverlapping(values.as_ptr(), data, values.len());
    }
}

/// Strings: DuckDB copies each valid row into the vector's own storage.
///
/// # Safety
///
/// `v` is a live `VARCHAR` vector with at least `a.len()` rows.
unsafe fn strings<O: OffsetSizeTrait>(a: &GenericStringArray<O>, v: ffi::duckdb_vector) {
    for i in 0..a.len() {
        if a.is_valid(i) {
            let s = a.value(i);
            // SAFETY: row `i` exists; DuckDB copies `s`.
            unsafe {
                ffi::duckdb_unsafe_vector_assign_string_element_len(
                    v,
                    i as u64,
                    s.as_ptr().cast(),
                    s.len() as u64,
                )
            };
        }
    }
}

/// A list (or a map, a list of entries): the entries of each row, then
/// the items into the child vector.
///
/// # Safety
///
/// `v` is a live `LIST` vector with at least `offsets.len() - 1` rows, of
/// the type [`crate::types::logical`] gives for the list's.
unsafe fn list<O: OffsetSizeTrait>(
    offsets: &OffsetBuffer<O>,
    items: &dyn Array,
    v: ffi::duckdb_vector,
) -> Result<(), String> {
    let first = offsets[0].as_usize();
    let total = offsets[offsets.len() - 1].as_usize() - first;
    // SAFETY: a LIST vector's data is a `duckdb_list_entry` per row; its
    // child holds `total` items once reserved.
    unsafe {
        if ffi::duckdb_list_vector_reserve(v, total as u64) != ffi::DuckDBSuccess {
            return Err("urikit: could not reserve a list".into());
        }
        let entries = ffi::duckdb_vector_get_data(v) as *mut ffi::duckdb_list_entry;
        for (i, w) in offsets.windows(2).enumerate() {
            *entries.add(i) = ffi::duckdb_list_entry {
                offset: (w[0].as_usize() - first) as u64,
                length: (w[1].as_usize() - w[0].as_usize()) as u64,
            };
        }
        array(
            &items.slice(first, total),
            ffi::duckdb_list_vector_get_child(v),
            total,
        )?;
        if ffi::duckdb_list_vector_set_size(v, total as u64) != ffi::DuckDBSuccess {
            return Err("urikit: could not size a list".into());
        }
    }
    Ok(())
}

/// A struct: each field into the child vector of the same position.
///
/// # Safety
///
/// `v` is a live `STRUCT` vector with at least `a.len()` rows, of the type
/// [`crate::types::logical`] gives for `a`'s.
unsafe fn structure(a: &StructArray, v: ffi::duckdb_vector) -> Result<(), String> {
    for (i, child) in a.columns().iter().enumerate() {
        // SAFETY: the vector's type has these fields, in this order.
        unsafe {
            array(
                child.as_ref(),
                ffi::duckdb_struct_vector_get_child(v, i as u64),
                a.len(),
            )
        }?;
    }
    Ok(())
}

/// Write `a` (`rows` rows) into `v`.
///
/// # Safety
///
/// `v` is a live vector with at least `rows` rows, of the type
/// [`crate::types::logical`] gives for `a`'s data type.
pub unsafe fn array(a: &dyn Array, v: ffi::duckdb_vector, rows: usize) -> Result<(), String> {
    debug_assert_eq!(a.len(), rows);
    // SAFETY: each arm writes the layout of the DuckDB type made for the
    // arm's Arrow type (crate::types).
    unsafe {
        match a.data_type() {
            DataType::Utf8 => strings(a.as_string::<i32>(), v),
            DataType::LargeUtf8 => strings(a.as_string::<i64>(), v),
            DataType::Utf8View => {
                let s = a.as_string_view();
                for i in 0..s.len() {
                    if s.is_valid(i) {
                        let t = s.value(i);
                        ffi::duckdb_vector_assign_string_element_len(
                            v,
                            i as u64,
                            t.as_ptr().cast(),
                            t.len() as u64,
                        );
                    }
                }
            }
            DataType::Boolean => {
                let b = a.as_boolean();
                let values: Vec<bool> = (0..b.len()).map(|i| b.value(i)).collect();
                fixed(&values, v);
            }
            DataType::UInt16 => fixed(a.as_primitive::<UInt16Type>().values(), v),
            DataType::UInt64 => fixed(a.as_primitive::<UInt64Type>().values(), v),
            DataType::Struct(_) => structure(a.as_struct(), v)?,
            DataType::List(_) => {
                let l = a.as_list::<i32>();
                list(l.offsets(), l.values().as_ref(), v)?;
            }
            DataType::Map(_, _) => {
                let m = a.as_map();
                list(m.offsets(), m.entries(), v)?;
            }
            t => return Err(format!("urikit: cannot write the arrow type {t} to DuckDB")),
        }
        nulls(a, v);
    }
    Ok(())
}
