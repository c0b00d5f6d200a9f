//! DuckDB's `VARCHAR` vectors as Arrow `Utf8View` arrays.
//!
//! A DuckDB string (`string_t`, 16 bytes) and an Arrow string view have
//! the same layout for a string of up to 12 bytes: the length (a `u32`),
//! then the bytes, zero-padded. Such a row is taken over as it is, 16
//! bytes, with no copy of its own and no C call. A longer one keeps its
//! length and 4-byte prefix in both, but DuckDB then holds a pointer where
//! Arrow holds a buffer index and an offset. Its bytes are read in place:
//! DuckDB owns them until the function's call returns, and the arrays
//! made here (and the kernel's result, which points into them) are gone
//! by then. An Arrow buffer must be one stretch of memory, all of it
//! readable: the chunk's long strings are gathered into regions of
//! strings lying side by side (DuckDB's string storage lays them out so:
//! a vector's strings make one or a few regions), each region one buffer
//! over DuckDB's memory; never a stretch with bytes between two strings,
//! which DuckDB may not own. Only when a chunk's strings lie scattered are
//! the ones past `MAX_REGIONS` (32) copied.
//!
//! The kernels are fastest on `Utf8View`: a component of a row is a slice
//! of it, so their result points into that buffer instead of copying
//! (docs/duckdb.md has the figures). Every row is checked to be UTF-8, so
//! a stray byte DuckDB let through is an error, not undefined behaviour:
//! each region in one pass, a short row only when it has a byte above
//! 0x7F (the kernels then take the array's strings as `str`s without
//! checking them again).

use arrow_array::StringViewArray;
use std::ptr::NonNull;
use std::sync::Arc;

use arrow_buffer::alloc::Allocation;
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer, ScalarBuffer};
use libduckdb_sys as ffi;

/// Whether row `i` is valid by DuckDB's validity mask (no mask: all are).
pub(crate) fn valid(mask: Option<&[u64]>, i: usize) -> bool {
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
pub(crate) const HIGH_BITS: u128 = 0x8080_8080_8080_8080_8080_8080 << 32;

/// Whether every byte is below 0x80 (most URLs are ASCII; std's check of
/// UTF-8 goes a word at a time). The bytes are ORed 16 at a time, the last
/// 16 read again from the end, overlapping, instead of a loop over the
/// rest: a row is a URL of a few dozen bytes, where the rest's loop cost
/// more than the 16-byte steps (the check was 4.7 ns of `uri_host`'s 21 a
/// row, as bytes 8 at a time and the rest one by one; docs/duckdb.md).
#[inline]
fn ascii(b: &[u8]) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let n = b.len();
    let word = |i: usize| u64::from_le_bytes(b[i..i + 8].try_into().unwrap_or_default());
    let wide = |i: usize| u128::from_le_bytes(b[i..i + 16].try_into().unwrap_or_default());
    if n < 8 {
        return b.iter().fold(0, |a, &x| a | x) < 0x80;
    }
    if n < 16 {
        return (word(0) | word(n - 8)) & HIGH == 0;
    }
    let mut all = wide(n - 16);
    let mut i = 0;
    while i + 16 < n {
        all |= wide(i);
        i += 16;
    }
    (all as u64 | (all >> 64) as u64) & HIGH == 0
}

/// Whether `b` is UTF-8: [`ascii`] first, the common case.
pub(crate) fn utf8(b: &[u8]) -> bool {
    ascii(b) || std::str::from_utf8(b).is_ok()
}

/// The most regions of DuckDB's memory one chunk's long strings are read
/// in place from; the strings past them are copied. A region costs an
/// allocation (Arrow's reference count), a copied string a `memcpy` of its
/// bytes: the cap keeps a chunk whose strings lie scattered (no two side
/// by side) from costing an allocation a row.
const MAX_REGIONS: usize = 32;

/// A stretch of DuckDB's memory made only of whole long strings of the
/// chunk, side by side: `lo..hi`. Its views' offsets are counted from
/// `anchor` (the first string's start) while it grows, and from `lo` once
/// it is done ([`strings`]' last pass).
struct Region {
    lo: usize,
    hi: usize,
    anchor: usize,
}

/// The `rows` cells of a flat `VARCHAR` vector and its validity mask (a
/// bit per row in u64 words; `None` when every row is valid).
///
/// # Safety
///
/// `v` is a live flat `VARCHAR` vector with at least `rows` rows, and the
/// slices are dropped before DuckDB's call of the function returns.
pub(crate) unsafe fn cells<'a>(
    v: ffi::duckdb_vector,
    rows: usize,
) -> (&'a [ffi::duckdb_string_t], Option<&'a [u64]>) {
    // SAFETY: a flat VARCHAR vector's data is `rows` strings of 16 bytes,
    // its validity (when there is one) a bit per row in u64 words.
    unsafe {
        let data = ffi::duckdb_vector_get_data(v) as *const ffi::duckdb_string_t;
        let mask = ffi::duckdb_vector_get_validity(v);
        let mask = (!mask.is_null()).then(|| std::slice::from_raw_parts(mask, rows.div_ceil(64)));
        (std::slice::from_raw_parts(data, rows), mask)
    }
}

/// The `rows` rows of a flat `VARCHAR` vector as a `Utf8View` array.
///
/// # Safety
///
/// `v` is a live flat `VARCHAR` vector with at least `rows` rows, and the
/// array, with every array made from it (the kernel's result), is dropped
/// before DuckDB's call of the function returns: its buffers are DuckDB's
/// memory, which DuckDB keeps for that long only.
pub unsafe fn strings(v: ffi::duckdb_vector, rows: usize) -> Result<StringViewArray, String> {
    // SAFETY: as this function's own contract.
    let (data, mask) = unsafe { cells(v, rows) };
    let mut views: Vec<u128> = Vec::with_capacity(rows);
    // Buffer 0: the copies of the long strings no region took (most often
    // none); buffer 1 + k: region k, DuckDB's memory read in place.
    let mut copied: Vec<u8> = Vec::new();
    let mut regions: Vec<Region> = Vec::new();
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
            continue;
        }
        // A valid string of over 12 bytes: its length and prefix, then the
        // pointer to its bytes, which DuckDB owns for this call.
        let p = (raw >> 64) as usize;
        let end = p + len;
        // SAFETY: the pointer and length of a valid long `string_t`.
        let b = unsafe { std::slice::from_raw_parts(p as *const u8, len) };
        let head = raw & u128::from(u64::MAX);
        let last = regions.len();
        let (buffer, offset) = match regions.last_mut() {
            // The common layouts: DuckDB's string storage lays a segment's
            // strings out end to end (from its end backwards: each row just
            // before the last), a decompressed vector's in order, and a
            // repeated value is the same bytes again.
            Some(r) if p == r.hi || end == r.lo || (p >= r.lo && end <= r.hi) => {
                if p == r.hi || end == r.lo {
                    // The string joins the region: the region's one check
                    // at the end covers its bytes if it starts a character.
                    if (b[0] as i8) < -0x40 {
                        return Err(format!("urikit: row {} is not UTF-8", i + 1));
                    }
                    r.lo = r.lo.min(p);
                    r.hi = r.hi.max(end);
                } else if !utf8(b) {
                    // Inside the region, it may start or end mid-character.
                    return Err(format!("urikit: row {} is not UTF-8", i + 1));
                }
                (last, p.wrapping_sub(r.anchor))
            }
            _ if last < MAX_REGIONS => {
                if (b[0] as i8) < -0x40 {
                    return Err(format!("urikit: row {} is not UTF-8", i + 1));
                }
                regions.push(Region {
                    lo: p,
                    hi: end,
                    anchor: p,
                });
                (last + 1, 0)
            }
            _ => {
                if !utf8(b) {
                    return Err(format!("urikit: row {} is not UTF-8", i + 1));
                }
                let offset = copied.len();
                copied.extend_from_slice(b);
                (0, offset)
            }
        };
        // Length and prefix as DuckDB has them; the buffer; the offset (a
        // region's relative to its anchor until the pass below).
        views.push(head | (buffer as u128) << 64 | ((offset as u32) as u128) << 96);
    }
    let owner: Arc<dyn Allocation> = Arc::new(());
    let mut buffers = Vec::with_capacity(1 + regions.len());
    buffers.push(Buffer::from_vec(copied));
    for r in &regions {
        if r.hi - r.lo > u32::MAX as usize {
            return Err("urikit: over 4 GiB of text in one chunk of rows".into());
        }
        // SAFETY: the region is whole long strings of this chunk side by
        // side, every byte DuckDB's until the call returns (the caller's
        // promise), and it is not written meanwhile. (Two strings that
        // touch are taken as one stretch even if DuckDB allocated them
        // apart, two allocations end to end: every byte is still one of
        // the strings', readable for the call.)
        let bytes = unsafe { std::slice::from_raw_parts(r.lo as *const u8, r.hi - r.lo) };
        // The strings that joined it each start a character: the region
        // is UTF-8 exactly when each of them is.
        if !utf8(bytes) {
            return Err("urikit: a row is not UTF-8".into());
        }
        // SAFETY: as above; `owner` frees nothing.
        buffers.push(unsafe {
            Buffer::from_custom_allocation(
                NonNull::new(r.lo as *mut u8).ok_or("urikit: a string at address 0")?,
                r.hi - r.lo,
                owner.clone(),
            )
        });
    }
    // A region's offsets from its anchor become offsets from its start.
    if regions.iter().any(|r| r.anchor != r.lo) {
        for view in views.iter_mut() {
            let len = *view as u32;
            let buffer = (*view >> 64) as u32 as usize;
            if len > 12 && buffer > 0 {
                let r = &regions[buffer - 1];
                let offset = ((*view >> 96) as u32).wrapping_add((r.anchor - r.lo) as u32);
                *view = (*view & ((1u128 << 96) - 1)) | u128::from(offset) << 96;
            }
        }
    }
    let nulls =
        mask.map(|m| NullBuffer::new(BooleanBuffer::new(Buffer::from_slice_ref(m), 0, rows)));
    let views = ScalarBuffer::from(views);
    // SAFETY: every view is a NULL row's zero, an inline string of at most
    // 12 bytes, zero-padded, checked to be UTF-8 above, or a string of
    // over 12 bytes whose length and prefix are DuckDB's and whose bytes
    // are at its offset in its buffer (a copy, or the region of DuckDB's
    // memory holding them), checked to be UTF-8 above.
    Ok(unsafe { StringViewArray::new_unchecked(views, buffers, nulls) })
}

#[cfg(test)]
mod tests {
    use super::{ascii, utf8};

    /// The overlapping reads of `ascii` see every byte: a byte of 0x80 or
    /// more at each place of every length up to 100 is found, and only then.
    #[test]
    fn ascii_sees_every_byte_at_every_length() {
        for n in 0..100 {
            let mut b = vec![b'a'; n];
            assert!(ascii(&b), "length {n}");
            for at in 0..n {
                for high in [0x80, 0xC3, 0xFF] {
                    b[at] = high;
                    assert!(!ascii(&b), "length {n}, 0x{high:X} at {at}");
                }
                b[at] = 0x7F;
                assert!(ascii(&b), "length {n}, 0x7F at {at}");
                b[at] = b'a';
            }
        }
        assert!(utf8("/é".repeat(20).as_bytes()));
        assert!(!utf8(
            &[b'a'; 40]
                .iter()
                .chain(&[0xC3])
                .copied()
                .collect::<Vec<u8>>()
        ));
    }
}
