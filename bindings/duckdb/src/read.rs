//! DuckDB's `VARCHAR` vectors as Arrow `Utf8View` arrays.
//!
//! A DuckDB string (`string_t`, 16 bytes) and an Arrow string view have
//! the same layout for a string of up to 12 bytes: the length (a `u32`),
//! then the bytes, zero-padded. Such a row is taken over as it is, 16
//! bytes, with no copy of its own and no C call. A longer one keeps its
//! length and 4-byte prefix in both, but DuckDB then holds a pointer where
//! Arrow holds a buffer index and an offset: its bytes are copied into one
//! buffer of ours (the chunk's strings may lie anywhere in DuckDB's memory;
//! one Arrow buffer over all of them would span memory we do not own).
//!
//! The kernels are fastest on `Utf8View`: a component of a row is a slice
//! of it, so their result points into that buffer instead of copying
//! (docs/duckdb.md has the figures). Every row is checked to be UTF-8, so
//! a stray byte DuckDB let through is an error, not undefined behaviour:
//! the long rows' buffer in one pass, a short row only when it has a byte
//! above 0x7F.

use arrow_array::StringViewArray;
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer, ScalarBuffer};
use libduckdb_sys as ffi;

/// Whether row `i` is valid by DuckDB's validity mask (no mask: all are).
fn valid(mask: Option<&[u64]>, i: usize) -> bool {
    mask.is_none_or(|m| m[i / 64] >> (i % 64) & 1 == 1)
}

/// The bits of the bytes of an inline string of `len` bytes (`len <= 12`)
/// in its 16 bytes read as a little-endian `u128`: the length, then `len`
/// bytes; the padding after them is left out.
#[inline]
pub(crate) fn inline_mask(len: usize) -> u128 {
    // (A shift by 128 would overflow: the mask for 12 bytes is all ones.)
    u128::MAX >> (96 - 8 * len)
}

/// The high bit of each of the 12 inline bytes.
const HIGH_BITS: u128 = 0x8080_8080_8080_8080_8080_8080 << 32;

/// Whether every byte is below 0x80: the bytes ORed 8 at a time, which
/// the compiler turns into vector instructions (std's check of UTF-8 goes
/// a word at a time; most URLs are ASCII).
fn ascii(b: &[u8]) -> bool {
    let words = b.chunks_exact(8);
    let tail = words
        .remainder()
        .iter()
        .fold(0u64, |a, &x| a | u64::from(x));
    let all = words.fold(tail, |a, w| {
        a | u64::from_le_bytes(w.try_into().unwrap_or_default())
    });
    all & 0x8080_8080_8080_8080 == 0
}

/// The `rows` rows of a flat `VARCHAR` vector as a `Utf8View` array.
///
/// # Safety
///
/// `v` is a live flat `VARCHAR` vector with at least `rows` rows.
pub unsafe fn strings(v: ffi::duckdb_vector, rows: usize) -> Result<StringViewArray, String> {
    // SAFETY: a flat VARCHAR vector's data is `rows` strings of 16 bytes,
    // its validity (when there is one) a bit per row in u64 words.
    let (data, mask) = unsafe {
        let data = ffi::duckdb_vector_get_data(v) as *const ffi::duckdb_string_t;
        let mask = ffi::duckdb_vector_get_validity(v);
        let mask = (!mask.is_null()).then(|| std::slice::from_raw_parts(mask, rows.div_ceil(64)));
        (std::slice::from_raw_parts(data, rows), mask)
    };
    let mut views: Vec<u128> = Vec::with_capacity(rows);
    // The long rows' bytes, sized first: growing it copied them again.
    let mut total = 0usize;
    for (i, s) in data.iter().enumerate() {
        // SAFETY: the length comes first in both layouts of `string_t`.
        let len = unsafe { s.value.inlined.length } as usize;
        if len > 12 && valid(mask, i) {
            total += len;
        }
    }
    let mut long: Vec<u8> = Vec::with_capacity(total);
    for (i, s) in data.iter().enumerate() {
        if !valid(mask, i) {
            views.push(0);
            continue;
        }
        // SAFETY: `duckdb_string_t` is 16 bytes of plain data (a length
        // and 12 bytes, or a length, a prefix and a pointer); read as one
        // unaligned number.
        let raw =
            unsafe { std::ptr::read_unaligned((s as *const ffi::duckdb_string_t).cast::<u128>()) };
        let len = raw as u32 as usize;
        if len <= 12 {
            let view = raw & inline_mask(len);
            if view & HIGH_BITS != 0 {
                // SAFETY: the row is valid and inline: its bytes are in it.
                let b = unsafe {
                    std::slice::from_raw_parts(s.value.inlined.inlined.as_ptr().cast::<u8>(), len)
                };
                if std::str::from_utf8(b).is_err() {
                    return Err(format!("urikit: row {} is not UTF-8", i + 1));
                }
            }
            views.push(view);
        } else {
            // SAFETY: a valid string of over 12 bytes points at its bytes.
            let b = unsafe { std::slice::from_raw_parts(s.value.pointer.ptr.cast::<u8>(), len) };
            // A row that starts inside a character would make the
            // buffer's one check below pass on a row that is not UTF-8.
            if (b[0] as i8) < -0x40 {
                return Err(format!("urikit: row {} is not UTF-8", i + 1));
            }
            let offset = u32::try_from(long.len())
                .map_err(|_| "urikit: over 4 GiB of text in one chunk of rows".to_string())?;
            long.extend_from_slice(b);
            // Length and prefix as DuckDB has them; buffer 0; the offset.
            views.push((raw & u128::from(u64::MAX)) | u128::from(offset) << 96);
        }
    }
    // The long rows lie end to end, each starting on a character: the
    // buffer is UTF-8 exactly when each of them is.
    if !ascii(&long) && std::str::from_utf8(&long).is_err() {
        return Err("urikit: a row is not UTF-8".into());
    }
    let nulls =
        mask.map(|m| NullBuffer::new(BooleanBuffer::new(Buffer::from_slice_ref(m), 0, rows)));
    let views = ScalarBuffer::from(views);
    // SAFETY: every view is a NULL row's zero, an inline string of at most
    // 12 bytes, zero-padded, checked to be UTF-8 above, or a string of
    // over 12 bytes whose length and prefix are DuckDB's and whose bytes
    // are in buffer 0 at its offset, checked to be UTF-8 above.
    Ok(unsafe { StringViewArray::new_unchecked(views, vec![Buffer::from_vec(long)], nulls) })
}
