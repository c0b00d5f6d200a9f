//! The three Arrow string types on the way in and on the way out.
//!
//! Every kernel reads its rows through [`Strs`] and writes string results
//! through [`StrOut`], which builds an array of the input's own type. For
//! `Utf8View` input, a result that is a slice of the row it came from (a
//! component, a segment, an unchanged normalized URI) becomes a view into the
//! input's data buffers instead of a copy.
#![allow(unsafe_code)]

use std::sync::Arc;

use arrow_array::builder::{GenericStringBuilder, make_view};
use arrow_array::{Array, ArrayRef, Datum, LargeStringArray, StringArray, StringViewArray};
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer, NullBufferBuilder, ScalarBuffer};
use arrow_data::ByteView;
use arrow_schema::{ArrowError, DataType};

/// A string column of any of the three string types, read row by row.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Strs<'a> {
    Utf8(&'a StringArray),
    Large(&'a LargeStringArray),
    View(&'a StringViewArray),
}

impl<'a> Strs<'a> {
    /// The column, or an error naming the type when it holds no strings.
    pub(crate) fn new(a: &'a dyn Array) -> Result<Strs<'a>, ArrowError> {
        let any = a.as_any();
        if let Some(a) = any.downcast_ref::<StringArray>() {
            Ok(Strs::Utf8(a))
        } else if let Some(a) = any.downcast_ref::<LargeStringArray>() {
            Ok(Strs::Large(a))
        } else if let Some(a) = any.downcast_ref::<StringViewArray>() {
            Ok(Strs::View(a))
        } else {
            Err(ArrowError::InvalidArgumentError(format!(
                "expected a Utf8, LargeUtf8 or Utf8View column, got {}",
                a.data_type()
            )))
        }
    }

    pub(crate) fn len(&self) -> usize {
        match self {
            Strs::Utf8(a) => a.len(),
            Strs::Large(a) => a.len(),
            Strs::View(a) => a.len(),
        }
    }

    pub(crate) fn data_type(&self) -> &DataType {
        match self {
            Strs::Utf8(a) => a.data_type(),
            Strs::Large(a) => a.data_type(),
            Strs::View(a) => a.data_type(),
        }
    }

    /// Row `i`, `None` when it is null.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<&'a str> {
        match self {
            Strs::Utf8(a) => a.is_valid(i).then(|| a.value(i)),
            Strs::Large(a) => a.is_valid(i).then(|| a.value(i)),
            Strs::View(a) => a.is_valid(i).then(|| a.value(i)),
        }
    }

    /// The number of bytes of string data, for throughput figures.
    pub(crate) fn value_bytes(&self) -> usize {
        (0..self.len())
            .filter_map(|i| self.get(i))
            .map(str::len)
            .sum()
    }
}

/// The bytes of string data in a column of any of the three string types
/// (nulls count nothing): the "MB" of a MB/s figure.
///
/// ```
/// use arrow_array::StringArray;
/// let a = StringArray::from(vec![Some("ab"), None, Some("cde")]);
/// assert_eq!(urikit_arrow::value_bytes(&a).unwrap(), 5);
/// ```
pub fn value_bytes(a: &dyn Array) -> Result<usize, ArrowError> {
    Ok(Strs::new(a)?.value_bytes())
}

/// `a` as a column the kernels read, for callers that take any Arrow
/// array (the Python binding, a fuzz target): `None` when it is already
/// `Utf8`, `LargeUtf8` or `Utf8View` (use it as it is); a dictionary of
/// strings decoded to its values' type (a null key or a null value gives
/// null); a `Null` column as a `Utf8` column of as many nulls. Any other
/// type is an error that names it.
///
/// ```
/// use arrow_array::{Array, DictionaryArray, NullArray, StringArray, types::Int8Type};
/// let dict: DictionaryArray<Int8Type> = vec![Some("http://a/"), None, Some("http://a/")].into_iter().collect();
/// let plain = urikit_arrow::string_column(&dict)?.unwrap();
/// assert_eq!(urikit_arrow::host(&plain)?.as_any().downcast_ref::<StringArray>().unwrap().value(2), "a");
/// let nulls = urikit_arrow::string_column(&NullArray::new(3))?.unwrap();
/// assert_eq!((nulls.len(), nulls.null_count()), (3, 3));
/// assert!(urikit_arrow::string_column(&StringArray::from(vec!["x"]))?.is_none());
/// assert!(urikit_arrow::string_column(&arrow_array::Int32Array::from(vec![1])).is_err());
/// // A dictionary with no values (its keys all null) is a column of nulls.
/// let keys = arrow_array::Int8Array::from(vec![None, None]);
/// let empty = DictionaryArray::<Int8Type>::try_new(keys, std::sync::Arc::new(StringArray::from(Vec::<&str>::new())))?;
/// let nulls = urikit_arrow::string_column(&empty)?.unwrap();
/// assert_eq!((nulls.len(), nulls.null_count()), (2, 2));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn string_column(a: &dyn Array) -> Result<Option<ArrayRef>, ArrowError> {
    use arrow_array::cast::AsArray;
    match a.data_type() {
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => Ok(None),
        DataType::Null => Ok(Some(arrow_array::new_null_array(&DataType::Utf8, a.len()))),
        DataType::Dictionary(_, value)
            if matches!(
                **value,
                DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View
            ) =>
        {
            let dict = a.as_any_dictionary_opt().ok_or_else(|| not_strings(a))?;
            let values = Strs::new(dict.values().as_ref())?;
            let keys = dict.keys();
            let mut out = StrOut::new(value, None, a.len());
            // No values: every row is null (Arrow's normalized_keys asserts
            // there is a value; the fuzz target arrow_kernels found it).
            if values.len() == 0 {
                for _ in 0..a.len() {
                    out.push_null();
                }
                return Ok(Some(out.finish()));
            }
            // Keys are clamped into the values' range; a null key or value
            // is a null row.
            for (i, k) in dict.normalized_keys().into_iter().enumerate() {
                let valid = keys.is_valid(i) && k < values.len();
                match valid.then(|| values.get(k)).flatten() {
                    Some(v) => out.push(v),
                    None => out.push_null(),
                }
            }
            Ok(Some(out.finish()))
        }
        _ => Err(not_strings(a)),
    }
}

fn not_strings(a: &dyn Array) -> ArrowError {
    ArrowError::InvalidArgumentError(format!(
        "expected a string column (Utf8, LargeUtf8, Utf8View, a dictionary of one of them, or Null), got {}",
        a.data_type()
    ))
}

/// One argument of a kernel: a column, or a scalar (one value for every
/// row, which a kernel parses once per batch).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Arg<'a> {
    Column(Strs<'a>),
    Scalar(Option<&'a str>),
}

impl<'a> Arg<'a> {
    pub(crate) fn new(d: &'a dyn Datum) -> Result<Arg<'a>, ArrowError> {
        let (a, scalar) = d.get();
        let s = Strs::new(a)?;
        if scalar {
            if s.len() != 1 {
                return Err(ArrowError::InvalidArgumentError(format!(
                    "a scalar argument has one row, this one has {}",
                    s.len()
                )));
            }
            Ok(Arg::Scalar(s.get(0)))
        } else {
            Ok(Arg::Column(s))
        }
    }

    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<&'a str> {
        match self {
            Arg::Column(s) => s.get(i),
            Arg::Scalar(v) => *v,
        }
    }

    pub(crate) fn column(&self) -> Option<Strs<'a>> {
        match self {
            Arg::Column(s) => Some(*s),
            Arg::Scalar(_) => None,
        }
    }
}

/// The number of rows of a kernel over `args`: the columns' common length,
/// or 1 when every argument is a scalar.
pub(crate) fn rows(args: &[Arg<'_>]) -> Result<usize, ArrowError> {
    let mut n = None;
    for a in args {
        if let Arg::Column(s) = a {
            match n {
                None => n = Some(s.len()),
                Some(m) if m != s.len() => {
                    return Err(ArrowError::InvalidArgumentError(format!(
                        "columns of different lengths: {m} and {}",
                        s.len()
                    )));
                }
                Some(_) => {}
            }
        }
    }
    Ok(n.unwrap_or(1))
}

/// The column whose string type the output takes: the first column among
/// `args`, else the first scalar's.
pub(crate) fn like<'a>(args: &[&'a dyn Datum]) -> Result<(DataType, Option<Strs<'a>>), ArrowError> {
    for d in args {
        let (a, scalar) = d.get();
        if !scalar {
            let s = Strs::new(a)?;
            return Ok((s.data_type().clone(), Some(s)));
        }
    }
    let (a, _) = args[0].get();
    Ok((Strs::new(a)?.data_type().clone(), None))
}

/// A string column being built, of the type of the input it is like.
pub(crate) enum StrOut<'a> {
    Utf8(GenericStringBuilder<i32>),
    Large(GenericStringBuilder<i64>),
    View(ViewOut<'a>),
}

/// A `Utf8View` column being built: views into the source column's buffers
/// for the values that are slices of its rows, and one extra buffer of our
/// own for the rest.
pub(crate) struct ViewOut<'a> {
    /// The column whose buffers the views may point into.
    source: Option<&'a StringViewArray>,
    views: Vec<u128>,
    nulls: NullBufferBuilder,
    /// Our own buffers already full, then the one being filled.
    full: Vec<Buffer>,
    own: Vec<u8>,
}

/// The view of a value of at most 12 bytes, whose bytes live in the view
/// (the length in the low 32 bits, then the bytes, zero-padded), as
/// `make_view` builds it, but from two overlapping loads instead of a
/// copy of variable length: most hosts, ports and schemes are this short,
/// and a call to `memcpy` per row cost more than the rest of the push.
#[inline]
fn inline_view(b: &[u8]) -> u128 {
    let n = b.len();
    debug_assert!(n <= 12);
    let word = |k: usize| u32::from_le_bytes([b[k], b[k + 1], b[k + 2], b[k + 3]]);
    // The bytes as a little-endian number: the loads overlap where n is not
    // a multiple of their size, and OR the same byte into the same place.
    let data: u128 = if n >= 8 {
        let lo = u64::from_le_bytes(b[..8].try_into().unwrap_or_default());
        u128::from(lo) | u128::from(word(n - 4)) << ((n - 4) * 8)
    } else if n >= 4 {
        u128::from(word(0)) | u128::from(word(n - 4)) << ((n - 4) * 8)
    } else if n > 0 {
        u128::from(b[0])
            | u128::from(b[n / 2]) << (n / 2 * 8)
            | u128::from(b[n - 1]) << ((n - 1) * 8)
    } else {
        0
    };
    n as u128 | data << 32
}

/// The most bytes one of our own view buffers takes (view offsets are u32).
const OWN_BLOCK: usize = 1 << 30;

impl<'a> StrOut<'a> {
    /// A builder of `ty` (one of the three string types), whose views may
    /// share the buffers of `source` when both are `Utf8View`.
    pub(crate) fn new(ty: &DataType, source: Option<Strs<'a>>, capacity: usize) -> StrOut<'a> {
        match ty {
            DataType::LargeUtf8 => StrOut::Large(GenericStringBuilder::with_capacity(capacity, 0)),
            DataType::Utf8View => StrOut::View(ViewOut {
                source: match source {
                    Some(Strs::View(v)) => Some(v),
                    _ => None,
                },
                views: Vec::with_capacity(capacity),
                nulls: NullBufferBuilder::new(capacity),
                full: Vec::new(),
                own: Vec::new(),
            }),
            _ => StrOut::Utf8(GenericStringBuilder::with_capacity(capacity, 0)),
        }
    }

    /// Append `value`, which may be a slice of `source` row `row` (then a
    /// `Utf8View` output points at it instead of copying it).
    #[inline]
    pub(crate) fn push_from(&mut self, row: usize, value: &str) {
        match self {
            StrOut::Utf8(b) => b.append_value(value),
            StrOut::Large(b) => b.append_value(value),
            StrOut::View(v) => v.push_from(row, value),
        }
    }

    /// Append a value of our own.
    #[inline]
    pub(crate) fn push(&mut self, value: &str) {
        match self {
            StrOut::Utf8(b) => b.append_value(value),
            StrOut::Large(b) => b.append_value(value),
            StrOut::View(v) => v.push_own(value),
        }
    }

    #[inline]
    pub(crate) fn push_null(&mut self) {
        match self {
            StrOut::Utf8(b) => b.append_null(),
            StrOut::Large(b) => b.append_null(),
            StrOut::View(v) => {
                v.views.push(0);
                v.nulls.append_null();
            }
        }
    }

    /// `push_from` for `Some`, `push_null` for `None`.
    #[inline]
    pub(crate) fn push_opt_from(&mut self, row: usize, value: Option<&str>) {
        match value {
            Some(v) => self.push_from(row, v),
            None => self.push_null(),
        }
    }

    pub(crate) fn finish(self) -> ArrayRef {
        match self {
            StrOut::Utf8(mut b) => Arc::new(b.finish()),
            StrOut::Large(mut b) => Arc::new(b.finish()),
            StrOut::View(v) => Arc::new(v.finish()),
        }
    }
}

impl ViewOut<'_> {
    #[inline]
    fn push_from(&mut self, row: usize, value: &str) {
        match self.source {
            Some(src) if value.len() > 12 => self.push_within(row, src.value(row), value),
            _ => self.push_own(value),
        }
    }

    /// Append `value`, a slice of `row_str` (the text of source row `row`)
    /// or not: a view into the source's buffer when it is one and is too
    /// long to be inline, else as [`push_own`](Self::push_own) does.
    #[inline]
    fn push_within(&mut self, row: usize, row_str: &str, value: &str) {
        let Some(src) = self.source else {
            return self.push_own(value);
        };
        if value.len() <= 12 {
            // Inline: the bytes live in the view itself.
            self.views.push(inline_view(value.as_bytes()));
            self.nulls.append_non_null();
            return;
        }
        let whole = ByteView::from(src.views()[row]);
        let start = row_str.as_ptr() as usize;
        let at = value.as_ptr() as usize;
        // Only a slice lying inside the row's bytes can point into the
        // source's buffers; anything else is copied. (A row of 12 bytes or
        // fewer is inline: no value longer than 12 lies inside it.)
        if whole.length as usize != row_str.len()
            || at < start
            || at + value.len() > start + row_str.len()
        {
            return self.push_own(value);
        }
        let offset = whole.offset as usize + (at - start);
        self.views.push(make_view(
            value.as_bytes(),
            whole.buffer_index,
            offset as u32,
        ));
        self.nulls.append_non_null();
    }

    #[inline]
    fn push_own(&mut self, value: &str) {
        if value.len() > 12 && self.own.len() + value.len() > OWN_BLOCK && !self.own.is_empty() {
            let full = std::mem::take(&mut self.own);
            self.full.push(Buffer::from_vec(full));
        }
        let block = self.source.map_or(0, |s| s.data_buffers().len()) + self.full.len();
        let block = block as u32;
        let offset = self.own.len();
        if value.len() > 12 {
            self.own.extend_from_slice(value.as_bytes());
            self.views
                .push(make_view(value.as_bytes(), block, offset as u32));
        } else {
            self.views.push(inline_view(value.as_bytes()));
        }
        self.nulls.append_non_null();
    }

    fn finish(mut self) -> StringViewArray {
        let mut buffers: Vec<Buffer> = self
            .source
            .map_or(Vec::new(), |s| s.data_buffers().to_vec());
        buffers.append(&mut self.full);
        if !self.own.is_empty() {
            buffers.push(Buffer::from_vec(self.own));
        }
        let views = ScalarBuffer::from(self.views);
        // SAFETY: every view is either inline (made by `make_view` from a
        // `&str` of at most 12 bytes), or points at the bytes of a `&str`
        // that lies inside a row of `source`, whose buffer index and offset
        // it takes from that row's own view (so the range is in bounds), or
        // at a `&str` copied whole into one of our own buffers, at the
        // index and offset it was copied to (a value never straddles two). Each range
        // therefore holds exactly the bytes of a `str`: valid UTF-8.
        unsafe { StringViewArray::new_unchecked(views, buffers, self.nulls.finish()) }
    }
}

/// A `Utf8View` column of slices of the rows of `a`: row `i` of the
/// result is `f(row i)`, null where that is `None` or the row is null.
///
/// The loop behind every component extractor on `Utf8View` input, written
/// for it alone: the rows are read straight from the views, a slice longer
/// than 12 bytes becomes a view into the input's buffer (no copy), a
/// shorter one is inlined from one 16-byte load of its row, and the
/// validity is gathered 64 rows to a word (timings in the body). `f` must
/// return a slice of the string it is given, or `None`; anything else is
/// copied into a buffer of our own.
pub(crate) fn view_slices<F>(a: &StringViewArray, f: F) -> ArrayRef
where
    F: Fn(&str) -> Option<&str>,
{
    let n = a.len();
    let mut out = ViewOut {
        source: Some(a),
        views: Vec::with_capacity(n),
        nulls: NullBufferBuilder::new(0),
        full: Vec::new(),
        own: Vec::new(),
    };
    let mut words: Vec<u64> = Vec::with_capacity(n.div_ceil(64));
    let (mut word, mut valid) = (0u64, 0usize);
    let in_nulls = a.nulls();
    // Two passes. The first calls `f` and keeps where each value lies in
    // its row; the second builds the views. In one pass, each view's loads
    // waited on the parse's result, a chain of latency the next row's parse
    // could not hide: the second pass's rows do not depend on each other.
    // (Criterion, `components/view-batches/host`: 12.0 ms in one pass,
    // 11.2 ms in two, 10.6 ms with the one-load window below; `is_valid`,
    // which builds no view, 8.5 ms.)
    let mut spans: Vec<(u32, u32)> = Vec::with_capacity(n);
    let mut done: Vec<(usize, u128)> = Vec::new();
    for i in 0..n {
        let value = match in_nulls {
            Some(nb) if nb.is_null(i) => None,
            _ => {
                let row = a.value(i);
                f(row).map(|v| (row, v))
            }
        };
        let span = match value {
            Some((row, v)) => {
                word |= 1 << (i % 64);
                valid += 1;
                let (r, b) = (row.as_bytes(), v.as_bytes());
                let off = (b.as_ptr() as usize).wrapping_sub(r.as_ptr() as usize);
                if r.len() >= 16 && off <= r.len() && b.len() <= r.len() - off {
                    (off as u32, b.len() as u32)
                } else {
                    // A short row (its bytes may live in the view itself),
                    // or not a slice of the row: the general way, now.
                    out.push_own(v);
                    done.push((i, out.views.pop().unwrap_or_default()));
                    (DONE, 0)
                }
            }
            None => (DONE, 0),
        };
        spans.push(span);
        if i % 64 == 63 {
            words.push(word);
            word = 0;
        }
    }
    let bufs = a.data_buffers();
    for (&view, &(off, len)) in a.views().iter().zip(&spans) {
        out.views.push(if off == DONE {
            0
        } else {
            // A row of 16 bytes or more: its bytes are in a data buffer.
            let (b, o) = ((view >> 64) as u32 as usize, (view >> 96) as u32 as usize);
            let row_len = view as u32 as usize;
            match bufs.get(b).and_then(|d| d.as_slice().get(o..o + row_len)) {
                Some(r) => slice_view(view, r, off as usize, len as usize),
                None => 0, // unreachable: the view is the array's own
            }
        });
    }
    for (i, v) in done {
        out.views[i] = v;
    }
    if !n.is_multiple_of(64) {
        words.push(word);
    }
    let nulls =
        (valid < n).then(|| NullBuffer::new(BooleanBuffer::new(Buffer::from_vec(words), 0, n)));
    let mut buffers = a.data_buffers().to_vec();
    buffers.append(&mut out.full);
    if !out.own.is_empty() {
        buffers.push(Buffer::from_vec(out.own));
    }
    // SAFETY: as in `ViewOut::finish`: each view of a valid row is inline
    // (the bytes of a `&str` of at most 12 bytes), or points at the bytes of
    // a `&str` lying inside a row of `a`, by that row's own buffer index and
    // offset, or at a `&str` copied into one of our own buffers; null rows
    // have the empty view. Every range is in bounds and valid UTF-8.
    Arc::new(unsafe {
        StringViewArray::new_unchecked(ScalarBuffer::from(out.views), buffers, nulls)
    })
}

/// Where `view_slices` marks a row whose view is not built from its span.
const DONE: u32 = u32::MAX;

/// The view of the `n` bytes at `off` in `r`, the bytes of a row of at
/// least 16 bytes whose view is `view`.
#[inline(always)]
fn slice_view(view: u128, r: &[u8], off: usize, n: usize) -> u128 {
    // The value's first bytes, 16 of them (zeros past the row's end): one
    // load from the value's start where the row goes on that far (a host,
    // say), else from the row's last 16 bytes, shifted.
    let (d0, d1) = match r.get(off..off + 16) {
        Some(w) => {
            let half = |k: usize| u64::from_le_bytes(w[k..k + 8].try_into().unwrap_or_default());
            (half(0), half(8))
        }
        None => {
            let base = r.len() - 16;
            let w = u128::from_le_bytes(r[base..].try_into().unwrap_or_default());
            // (An empty value at the row's end shifts everything out.)
            let d = w.checked_shr(((off - base) * 8) as u32).unwrap_or(0);
            (d as u64, (d >> 64) as u64)
        }
    };
    // Both forms, then a select: whether a host (say) is longer than 12
    // bytes is as good as random from row to row, and a mispredicted
    // branch cost more than building both. The low half is the same
    // either way, the length and the first four bytes (zeros after the
    // value's end when it is shorter).
    // (Masks, not `if`s: LLVM turns those back into branches.)
    let low_keep = u64::MAX >> (8 * (4 - n.min(4)));
    let low = (n as u64 | d0 << 32) & low_keep;
    // Inline: the value's bytes 4 to 11, zeros after its end.
    let keep_bits = 8 * (n.clamp(4, 12) - 4) as u32;
    let rest_keep = u64::MAX.checked_shr(64 - keep_bits).unwrap_or(0);
    let rest = (d0 >> 32 | d1 << 32) & rest_keep;
    // In the input's buffer: the row is longer than 12 bytes, so its view
    // holds its buffer index (bits 64..96) and offset (bits 96..128).
    let at = ((view >> 96) as u32).wrapping_add(off as u32);
    let far = u64::from((view >> 64) as u32) | u64::from(at) << 32;
    let is_far = 0u64.wrapping_sub(u64::from(n > 12));
    let high = (far & is_far) | (rest & !is_far);
    u128::from(low) | u128::from(high) << 64
}

#[cfg(test)]
mod tests {
    use super::inline_view;
    use arrow_array::builder::make_view;

    #[test]
    fn inline_views_are_the_ones_arrow_makes() {
        // Every length from 0 to 12, with distinct bytes so that a byte in
        // the wrong place shows.
        let bytes: Vec<u8> = (b'a'..=b'l').collect();
        for n in 0..=12 {
            let b = &bytes[..n];
            assert_eq!(inline_view(b), make_view(b, 0, 0), "length {n}");
        }
        assert_eq!(inline_view("é".as_bytes()), make_view("é".as_bytes(), 0, 0));
    }

    #[test]
    fn view_slices_are_the_slices_at_every_place_and_length() {
        use super::view_slices;
        use arrow_array::{Array, StringViewArray};
        // Rows of every length from 0 to 40 (inline, 13 to 15, long), each
        // cut at every start and length, plus nulls; 70 rows a batch, so
        // the validity words are partial too.
        let text: String = ('a'..='z').chain('A'..='Z').collect();
        for row_len in 0..=40usize {
            for start in 0..=row_len {
                for len in [0, 1, 3, 4, 5, 8, 11, 12, 13, 16, 20] {
                    if start + len > row_len {
                        continue;
                    }
                    let rows: Vec<Option<&str>> = (0..70)
                        .map(|k| (k % 7 != 3).then_some(&text[..row_len]))
                        .collect();
                    let a = StringViewArray::from(rows.clone());
                    fn cut(s: &str, start: usize, len: usize) -> Option<&str> {
                        (s.len() % 5 != 4).then(|| &s[start..start + len])
                    }
                    let out = view_slices(&a, |s| cut(s, start, len));
                    let out = out.as_any().downcast_ref::<StringViewArray>().unwrap();
                    let got: Vec<Option<&str>> = out.iter().collect();
                    let want: Vec<Option<&str>> = rows
                        .iter()
                        .map(|r| r.and_then(|s| cut(s, start, len)))
                        .collect();
                    assert_eq!(got, want, "row {row_len}, {start}+{len}");
                    out.to_data().validate_full().unwrap();
                }
            }
        }
        // A value that is not a slice of its row is copied.
        let a = StringViewArray::from(vec!["http://example.com/a/long/path"; 3]);
        let out = view_slices(&a, |_| Some("not a slice of the row, and long"));
        let out = out.as_any().downcast_ref::<StringViewArray>().unwrap();
        assert!(
            out.iter()
                .all(|v| v == Some("not a slice of the row, and long"))
        );
        out.to_data().validate_full().unwrap();
    }
}
