//! Arrow arrays (the kernels' results) written into DuckDB's vectors, by
//! the table of [`crate::types`].

use arrow_array::cast::AsArray;
use arrow_array::types::{UInt16Type, UInt64Type};
use arrow_array::{Array, GenericStringArray, OffsetSizeTrait, StringViewArray, StructArray};
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
    // Both are a bit per row, set for a valid one, 64 rows to a word.
    let bits = n.inner().bit_chunks();
    let words = bits
        .iter()
        .chain((bits.remainder_len() > 0).then(|| bits.remainder_bits()));
    // SAFETY: `v` has at least `a.len()` rows.
    unsafe { keep_valid(v, a.len(), words) };
}

/// Clear the validity bit of each of the first `rows` rows of `v` whose
/// bit in `words` (a bit per row, set for a valid one, 64 rows to a word)
/// is clear; the rows past `rows` keep their bits. A word at a time (a bit
/// at a time cost 3% of `uri_host`).
///
/// # Safety
///
/// `v` is a live vector with at least `rows` rows.
pub(crate) unsafe fn keep_valid(
    v: ffi::duckdb_vector,
    rows: usize,
    words: impl IntoIterator<Item = u64>,
) {
    // SAFETY: a writable mask has a bit per row of the vector's capacity.
    let mask = unsafe {
        ffi::duckdb_vector_ensure_validity_writable(v);
        let mask = ffi::duckdb_vector_get_validity(v);
        std::slice::from_raw_parts_mut(mask, rows.div_ceil(64))
    };
    for (k, (m, w)) in mask.iter_mut().zip(words).enumerate() {
        let ours = if (k + 1) * 64 <= rows {
            u64::MAX
        } else {
            u64::MAX >> (64 - rows % 64)
        };
        *m &= w | !ours;
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

/// The strings of one `VARCHAR` vector being written, with as few C calls
/// as the C API allows. A string of up to 12 bytes is written inline, as
/// DuckDB's `string_t` holds it: no C call. The longer ones are gathered
/// end to end into one buffer, which DuckDB copies into the vector's own
/// storage by one call (`duckdb_unsafe_vector_assign_string_element_len`
/// on the first of their rows); each of their `string_t`s then points into
/// that copy, which lives as long as the vector. One call a string cost
/// about a third of `uri_host`'s time (docs/duckdb.md).
pub(crate) struct Strings {
    v: ffi::duckdb_vector,
    data: *mut ffi::duckdb_string_t,
    /// The long strings, end to end.
    blob: Vec<u8>,
    /// Each long string's row, offset in `blob`, and the first half of its
    /// `string_t` (the length, then the first 4 bytes).
    long: Vec<Long>,
}

/// A long string of [`Strings`]: its row, its offset in the gathered
/// buffer, and the first half of its `string_t`.
type Long = (usize, usize, u64);

thread_local! {
    /// The buffers of the last [`Strings`] of this thread, emptied, for the
    /// next: a chunk's buffers grew from nothing each call, and `malloc`,
    /// `realloc` and `free` were 3% of `uri_host` (docs/duckdb.md). DuckDB
    /// runs a function on its worker threads, a chunk at a time.
    static SPARE: std::cell::Cell<Option<(Vec<u8>, Vec<Long>)>> =
        const { std::cell::Cell::new(None) };
}

/// The most bytes of gathered strings kept for the next call: a chunk of
/// 2,048 long URLs is well under it; a rare huge one is freed.
const SPARE_MAX: usize = 1 << 20;

impl Drop for Strings {
    fn drop(&mut self) {
        if self.blob.capacity() <= SPARE_MAX {
            let (mut blob, mut long) = (
                std::mem::take(&mut self.blob),
                std::mem::take(&mut self.long),
            );
            blob.clear();
            long.clear();
            SPARE.set(Some((blob, long)));
        }
    }
}

/// The most bytes one gathered buffer holds (a DuckDB string's length is
/// a `u32`).
const BLOB_MAX: usize = 1 << 31;

impl Strings {
    /// # Safety
    ///
    /// `v` is a live `VARCHAR` vector.
    pub(crate) unsafe fn new(v: ffi::duckdb_vector) -> Strings {
        // SAFETY: a VARCHAR vector's data is a `string_t` per row.
        let data = unsafe { ffi::duckdb_vector_get_data(v) } as *mut ffi::duckdb_string_t;
        let (blob, long) = SPARE.take().unwrap_or_default();
        Strings {
            v,
            data,
            blob,
            long,
        }
    }

    /// Write `view` (an Arrow view, the layout of a `string_t` for up to
    /// 12 bytes, the same first half for more), whose bytes are `s`, into
    /// row `i`.
    ///
    /// # Safety
    ///
    /// The vector has more than `i` rows; `view` is `s`'s.
    #[inline]
    pub(crate) unsafe fn push_view(&mut self, i: usize, view: u128, s: &[u8]) {
        let len = s.len();
        if len <= 12 {
            // Arrow zero-pads an inline view, as DuckDB does; the mask
            // makes sure of it.
            let view = view & crate::read::inline_mask(len);
            // SAFETY: row `i` of the data is 16 bytes.
            unsafe { std::ptr::write_unaligned(self.data.add(i).cast::<u128>(), view) };
        } else {
            if self.blob.len() + len > BLOB_MAX {
                // SAFETY: as the caller's.
                unsafe { self.flush() };
            }
            self.long.push((i, self.blob.len(), view as u64));
            self.blob.extend_from_slice(s);
        }
    }

    /// Write `s` into row `i`.
    ///
    /// # Safety
    ///
    /// The vector has more than `i` rows.
    #[inline]
    pub(crate) unsafe fn push(&mut self, i: usize, s: &[u8]) {
        let mut head = [0u8; 16];
        head[..4].copy_from_slice(&(s.len() as u32).to_le_bytes());
        let n = s.len().min(12);
        head[4..4 + n].copy_from_slice(&s[..n]);
        // SAFETY: as the caller's; `head` is `s`'s view (its first 12
        // bytes are only read when that is all of `s`).
        unsafe { self.push_view(i, u128::from_le_bytes(head), s) };
    }

    /// Hand the gathered long strings to DuckDB and point their rows at
    /// DuckDB's copy.
    ///
    /// # Safety
    ///
    /// The vector has every row pushed.
    pub(crate) unsafe fn flush(&mut self) {
        let Some(&(first, _, _)) = self.long.first() else {
            return;
        };
        // SAFETY: row `first` exists; DuckDB copies the buffer (UTF-8: the
        // concatenation of `str`s) into the vector's storage and points the
        // row at it: a buffer of over 12 bytes, so the `string_t` holds a
        // pointer, read back here. Each long row then gets its length and
        // prefix and a pointer to its bytes inside that copy.
        unsafe {
            ffi::duckdb_unsafe_vector_assign_string_element_len(
                self.v,
                first as u64,
                self.blob.as_ptr().cast(),
                self.blob.len() as u64,
            );
            let base = (*self.data.add(first)).value.pointer.ptr as usize;
            for &(row, offset, head) in &self.long {
                let view = u128::from(head) | ((base + offset) as u128) << 64;
                std::ptr::write_unaligned(self.data.add(row).cast::<u128>(), view);
            }
        }
        self.blob.clear();
        self.long.clear();
    }
}

/// Strings of `Utf8` or `LargeUtf8`.
///
/// # Safety
///
/// `v` is a live `VARCHAR` vector with at least `a.len()` rows.
unsafe fn strings<O: OffsetSizeTrait>(a: &GenericStringArray<O>, v: ffi::duckdb_vector) {
    // SAFETY: as the caller's; each row pushed exists.
    unsafe {
        let mut out = Strings::new(v);
        for i in 0..a.len() {
            if a.is_valid(i) {
                out.push(i, a.value(i).as_bytes());
            }
        }
        out.flush();
    }
}

/// Strings of `Utf8View`: a view is the first half of its `string_t`
/// already, and all of it for up to 12 bytes.
///
/// # Safety
///
/// `v` is a live `VARCHAR` vector with at least `a.len()` rows.
unsafe fn views(a: &StringViewArray, v: ffi::duckdb_vector) {
    let nulls = a.nulls();
    // SAFETY: as the caller's; each row pushed exists, and is valid
    // (`value_unchecked`'s only condition is the index).
    unsafe {
        let mut out = Strings::new(v);
        // The long strings' bytes, sized first: growing the buffer copied
        // them again.
        let views = a.views();
        let long: usize = views
            .iter()
            .map(|&w| w as u32 as usize)
            .filter(|&n| n > 12)
            .sum();
        out.blob.reserve(long.min(BLOB_MAX));
        for (i, &view) in views.iter().enumerate() {
            if nulls.is_some_and(|n| n.is_null(i)) {
                continue;
            }
            let len = view as u32 as usize;
            if len <= 12 {
                // The common case, here and not through `push_view` (a call
                // a row): Arrow zero-pads an inline view, as DuckDB does;
                // the mask makes sure of it.
                let view = view & crate::read::inline_mask(len);
                std::ptr::write_unaligned(out.data.add(i).cast::<u128>(), view);
            } else {
                out.push_view(i, view, a.value_unchecked(i).as_bytes());
            }
        }
        out.flush();
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
            DataType::Utf8View => views(a.as_string_view(), v),
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
