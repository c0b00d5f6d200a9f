//! The three Arrow string types on the way in and on the way out.
//!
//! Every kernel reads its rows through [`Strs`] and writes string results
//! through [`StrOut`], which builds an array of the input's own type. For
//! `Utf8View` input, a result that is a slice of the row it came from (a
//! component, a segment, an unchanged normalized URI) becomes a view into the
//! input's data buffers instead of a copy.
#![allow(unsafe_code)]

use std::sync::Arc;

use arrow_array::builder::{make_view, GenericStringBuilder};
use arrow_array::{Array, ArrayRef, Datum, LargeStringArray, StringArray, StringViewArray};
use arrow_buffer::{Buffer, NullBufferBuilder, ScalarBuffer};
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
                    )))
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

    /// [`push_opt_from`](Self::push_opt_from) for a caller that has the
    /// row's text at hand (`row_str`, the value of row `row`): a
    /// `Utf8View` output then finds where `value` lies without decoding
    /// the row's view again.
    #[inline]
    pub(crate) fn push_opt_within(&mut self, row: usize, row_str: &str, value: Option<&str>) {
        match (self, value) {
            (StrOut::View(v), Some(value)) => v.push_within(row, row_str, value),
            (out, value) => out.push_opt_from(row, value),
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
}
