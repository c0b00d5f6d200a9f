//! The kernels whose every answer is a slice of the row (`uri_host`,
//! `uri_path`, `uri_scheme`, ...: [`urikit_arrow::Kernel::slice`]), run
//! row by row on DuckDB's strings with no Arrow array in between.
//!
//! For these the Arrow round trip ([`crate::read`], the kernel's column
//! loop, [`crate::write`]) was most of the extension's cost beyond the
//! parse itself: building the input's views and buffers, the kernel's
//! second pass that builds the output's views, and reading those back.
//! Here each `string_t` is read, the kernel table's own function for one
//! row ([`urikit_arrow::Kernel::slice`], the one the Arrow kernel runs) is
//! called on it, and the answer's `string_t` is built from where the
//! answer lies in the row: inline (up to 12 bytes) from the row's bytes in
//! registers, longer ones gathered and handed to DuckDB by one call
//! ([`crate::write::Strings`]; a result may not point into the input's
//! memory, which DuckDB may free before the result is read).
//!
//! The rows are checked to be UTF-8 as [`crate::read`] checks them (an
//! ASCII pass first), since the function takes a `str`.

use libduckdb_sys as ffi;

use crate::read::{HIGH_BITS, cells, inline_mask, utf8, valid};
use crate::write::{Strings, keep_valid};

/// The view (DuckDB's `string_t` of up to 12 bytes, which is also Arrow's
/// inline view) of the `n <= 12` bytes at `off` in `row`, with
/// `off + n <= row.len()`; `raw` is the row's own `string_t`.
#[inline(always)]
fn short_view(row: &[u8], raw: u128, off: usize, n: usize) -> u128 {
    let bytes = if row.len() <= 12 {
        // The row is inline: its bytes are those of `raw` from the fifth.
        // (A shift by 128, an empty answer at the end, gives nothing.)
        raw.checked_shr(32 + 8 * off as u32).unwrap_or(0)
    } else if let Some(w) = row.get(off..off + 16) {
        // One load of 16 bytes from the answer's start: the row goes on
        // that far (a host, say).
        u128::from_le_bytes(w.try_into().unwrap_or_default())
    } else if row.len() >= 16 {
        // The answer is near the row's end: its last 16 bytes, shifted.
        let base = row.len() - 16;
        let w = u128::from_le_bytes(row[base..].try_into().unwrap_or_default());
        w.checked_shr(8 * (off - base) as u32).unwrap_or(0)
    } else {
        // A row of 13 to 15 bytes: too short for a load of 16.
        let mut b = [0u8; 16];
        b[..n].copy_from_slice(&row[off..off + n]);
        u128::from_le_bytes(b)
    };
    // The length, then the bytes, zero-padded (n <= 12: no overflow).
    n as u128 | (bytes & ((1u128 << (8 * n)) - 1)) << 32
}

/// Run `f` (a kernel's [`urikit_arrow::Kernel::slice`]) on the `rows` rows
/// of `input` into `output`: a NULL row, and a row `f` gives `None` for,
/// are NULL; a row that is not UTF-8 is an error.
///
/// # Safety
///
/// `input` is a live flat `VARCHAR` vector of at least `rows` rows,
/// `output` a live `VARCHAR` vector of at least `rows` rows, as DuckDB
/// passes them to a scalar function.
pub(crate) unsafe fn run(
    f: fn(&str) -> Option<&str>,
    input: ffi::duckdb_vector,
    output: ffi::duckdb_vector,
    rows: usize,
) -> Result<(), String> {
    // SAFETY: `input` is a live flat VARCHAR vector of `rows` rows.
    let (data, mask) = unsafe { cells(input, rows) };
    // SAFETY: `output` is a live VARCHAR vector.
    let mut out = unsafe { Strings::new(output) };
    // The output's validity, a bit per row, set for an answer.
    let mut words = vec![0u64; rows.div_ceil(64)];
    let mut answers = 0;
    for (i, cell) in data.iter().enumerate() {
        if !valid(mask, i) {
            continue;
        }
        // SAFETY: `duckdb_string_t` is 16 bytes of plain data (a length
        // and 12 bytes, or a length, a prefix and a pointer).
        let raw = unsafe {
            std::ptr::read_unaligned((cell as *const ffi::duckdb_string_t).cast::<u128>())
        };
        let len = raw as u32 as usize;
        let row: &[u8] = if len <= 12 {
            // SAFETY: a valid inline row's bytes are in its `string_t`,
            // after the length.
            let b = unsafe {
                std::slice::from_raw_parts(
                    (cell as *const ffi::duckdb_string_t).cast::<u8>().add(4),
                    len,
                )
            };
            if raw & inline_mask(len) & HIGH_BITS != 0 && std::str::from_utf8(b).is_err() {
                return Err(format!("urikit: row {} is not UTF-8", i + 1));
            }
            b
        } else {
            // SAFETY: the pointer and length of a valid long `string_t`,
            // DuckDB's memory for the call.
            let b = unsafe { std::slice::from_raw_parts((raw >> 64) as usize as *const u8, len) };
            if !utf8(b) {
                return Err(format!("urikit: row {} is not UTF-8", i + 1));
            }
            b
        };
        // SAFETY: checked to be UTF-8 just above.
        let Some(answer) = f(unsafe { std::str::from_utf8_unchecked(row) }) else {
            continue;
        };
        words[i / 64] |= 1 << (i % 64);
        answers += 1;
        let a = answer.as_bytes();
        let n = a.len();
        let off = (a.as_ptr() as usize).wrapping_sub(row.as_ptr() as usize);
        if off > len || n > len - off {
            // Not a slice of the row (no kernel with a `slice` does that):
            // the general way.
            // SAFETY: row `i` of the output exists.
            unsafe { out.push(i, a) };
        } else if n <= 12 {
            // SAFETY: row `i` exists; the view is `a`'s (its length, then
            // its bytes, zero-padded).
            unsafe { out.push_view(i, short_view(row, raw, off, n), a) };
        } else {
            let head = u32::from_le_bytes([a[0], a[1], a[2], a[3]]);
            // SAFETY: row `i` exists; the view's first half is `a`'s (its
            // length, then its first four bytes), all `push_view` reads of
            // a long one.
            unsafe { out.push_view(i, n as u128 | u128::from(head) << 32, a) };
        }
    }
    // SAFETY: every row with an answer is pushed.
    unsafe { out.flush() };
    if answers < rows {
        // SAFETY: `output` is a live vector of at least `rows` rows.
        unsafe { keep_valid(output, rows, words) };
    }
    Ok(())
}
