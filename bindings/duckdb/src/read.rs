//! DuckDB's `VARCHAR` vectors as Arrow string arrays.
//!
//! A DuckDB string (`duckdb_string_t`, 16 bytes) holds its length and
//! either up to 12 bytes inline or a pointer to its bytes. The rows are
//! copied into one Arrow `Utf8` array (offsets and one data buffer): the
//! kernels read any of the three Arrow string types, and this is measured
//! to be the faster of the two exact ways (docs/duckdb.md). Every row is
//! checked to be UTF-8, so a stray byte DuckDB let through is an error,
//! not undefined behaviour.

use arrow_array::StringArray;
use arrow_buffer::{Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use libduckdb_sys as ffi;

/// The bytes of one DuckDB string.
///
/// # Safety
///
/// `s` is a valid, non-NULL row of a live `VARCHAR` vector.
unsafe fn bytes(s: &ffi::duckdb_string_t) -> &[u8] {
    // SAFETY: the length field is first in both layouts of the union; a
    // string of up to 12 bytes is inline, a longer one points to its bytes
    // (DuckDB's `string_t`).
    unsafe {
        let len = s.value.inlined.length as usize;
        if len <= 12 {
            std::slice::from_raw_parts(s.value.inlined.inlined.as_ptr().cast(), len)
        } else {
            std::slice::from_raw_parts(s.value.pointer.ptr.cast(), len)
        }
    }
}

/// Whether row `i` is valid by DuckDB's validity mask (no mask: all are).
fn valid(mask: Option<&[u64]>, i: usize) -> bool {
    mask.is_none_or(|m| m[i / 64] >> (i % 64) & 1 == 1)
}

/// The `rows` rows of a flat `VARCHAR` vector as a `Utf8` array.
///
/// # Safety
///
/// `v` is a live flat `VARCHAR` vector with at least `rows` rows.
pub unsafe fn strings(v: ffi::duckdb_vector, rows: usize) -> Result<StringArray, String> {
    // SAFETY: a flat VARCHAR vector's data is `rows` strings, its validity
    // (when there is one) a bit per row in u64 words.
    let (data, mask) = unsafe {
        let data = ffi::duckdb_vector_get_data(v) as *const ffi::duckdb_string_t;
        let mask = ffi::duckdb_vector_get_validity(v);
        let mask = (!mask.is_null()).then(|| std::slice::from_raw_parts(mask, rows.div_ceil(64)));
        (std::slice::from_raw_parts(data, rows), mask)
    };
    let mut total = 0usize;
    for (i, s) in data.iter().enumerate() {
        if valid(mask, i) {
            // SAFETY: the length field is first in both layouts.
            total += unsafe { s.value.inlined.length } as usize;
        }
    }
    if total > i32::MAX as usize {
        return Err("urikit: over 2 GiB of text in one chunk of rows".into());
    }
    let mut values = Vec::with_capacity(total);
    let mut offsets = Vec::with_capacity(rows + 1);
    offsets.push(0i32);
    for (i, s) in data.iter().enumerate() {
        if valid(mask, i) {
            // SAFETY: row `i` is valid.
            values.extend_from_slice(unsafe { bytes(s) });
        }
        offsets.push(values.len() as i32);
    }
    let nulls = mask.map(|m| {
        let bits = Buffer::from_slice_ref(m);
        NullBuffer::new(arrow_buffer::BooleanBuffer::new(bits, 0, rows))
    });
    let offsets = OffsetBuffer::new(ScalarBuffer::from(offsets));
    StringArray::try_new(offsets, Buffer::from_vec(values), nulls)
        .map_err(|e| format!("urikit: a row is not UTF-8 ({e})"))
}
