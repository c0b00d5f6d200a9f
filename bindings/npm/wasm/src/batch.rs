//! Batch forms: many inputs in one crossing of the boundary each way (a
//! large batch a chunk at a time), with no wasm-bindgen glue for the data.
//!
//! The JavaScript layer encodes the inputs, one after another, into the
//! input buffer (`input::input_reserve`) and writes their lengths in bytes
//! into the lengths buffer (`lens_reserve`); a text of lines is encoded as
//! it is. The answers are written into buffers this module owns, which the
//! JavaScript layer copies out: `STRIDE` words per input, 16-bit when every
//! input is shorter than 32,768 UTF-16 units (half the bytes to copy), else
//! 32-bit.
//!
//! The words of an input: the (start, end) of scheme, authority, userinfo,
//! host, port, path, query and fragment, `-1` for an absent component; then
//! the host kind's index in `host_kind_names`, `-1` without a host. An
//! invalid input has `INVALID` there and the index of its first bad
//! character in word 0. All offsets in UTF-16 units, relative to the input.

use std::cell::Cell;

use wasm_bindgen::prelude::*;

use crate::failure::Failure;
use crate::input::{grow, too_large, with_input};
use crate::parse::{Pieces, check, host_kind_code, pieces, pieces_uri_reference, rule_of};
use crate::slot::Slot;
use crate::utf16;

/// Words per input.
pub const STRIDE: usize = 17;
/// Word 16 of an invalid input.
const INVALID: i32 = -2;
/// Inputs up to this many UTF-16 units get 16-bit words.
const NARROW_MAX: usize = i16::MAX as usize;

// Slots, not RefCells: a call that traps must not leave a buffer borrowed
// for every later call (crate::slot). Every buffer grows by a fallible
// reservation: input whose answers the memory cannot hold is refused
// (`input-too-large`) before parsing, not trapped on.
thread_local! {
    static LENS: Slot<Vec<u32>> = const { Slot::new(Vec::new()) };
    static NARROW: Slot<Vec<i16>> = const { Slot::new(Vec::new()) };
    static WIDE: Slot<Vec<i32>> = const { Slot::new(Vec::new()) };
    static WIDE_LAST: Cell<bool> = const { Cell::new(false) };
    /// Per line of `parse_lines`: its start and length in UTF-16 units.
    static LINES: Slot<Vec<u32>> = const { Slot::new(Vec::new()) };
    static VALIDITY: Slot<Vec<i32>> = const { Slot::new(Vec::new()) };
}

/// Make the lengths buffer hold `count` lengths (in bytes, one per
/// input); its address (which moves only when a later call asks for
/// more), or 0 when the memory cannot grow that far.
#[wasm_bindgen]
pub fn lens_reserve(count: u32) -> u32 {
    LENS.with(|l| {
        l.with(|l| {
            let more = (count as usize).saturating_sub(l.len());
            if more > 0 && grow(l, more).is_err() {
                return 0;
            }
            l.resize(count as usize, 0);
            l.as_ptr() as u32
        })
    })
}

/// Whether the last `parse_lines` wrote 32-bit words (else 16-bit).
#[wasm_bindgen]
pub fn batch_wide() -> bool {
    WIDE_LAST.with(Cell::get)
}

/// A word of the answers.
trait Word: Copy {
    fn of(x: i32) -> Self;
}

impl Word for i16 {
    #[inline(always)]
    fn of(x: i32) -> i16 {
        // Callers pick 16-bit words only when every offset fits.
        x as i16
    }
}

impl Word for i32 {
    #[inline(always)]
    fn of(x: i32) -> i32 {
        x
    }
}

/// The UTF-16 index of byte `byte` of `item`.
fn units(item: &str, byte: usize) -> i32 {
    utf16::index(item, byte) as i32
}

/// Write the words of one input. `ascii`: the whole batch is ASCII, so
/// bytes are UTF-16 units.
#[inline(always)]
fn write<W: Word>(item: &str, r: Result<Pieces<'_>, usize>, ascii: bool, out: &mut [W]) {
    let convert = !ascii && !item.is_ascii();
    match r {
        Ok(p) => {
            let base = item.as_ptr() as usize;
            let mut put = |slot: usize, part: Option<&str>| {
                let (a, b) = match part {
                    Some(x) => {
                        let a = (x.as_ptr() as usize).wrapping_sub(base);
                        let b = a + x.len();
                        if convert {
                            (units(item, a), units(item, b))
                        } else {
                            (a as i32, b as i32)
                        }
                    }
                    None => (-1, -1),
                };
                out[2 * slot] = W::of(a);
                out[2 * slot + 1] = W::of(b);
            };
            put(0, p.scheme);
            put(1, p.authority);
            put(2, p.userinfo);
            put(3, p.host.map(|h| h.0));
            put(4, p.port);
            put(5, Some(p.path));
            put(6, p.query);
            put(7, p.fragment);
            out[16] = W::of(p.host.map_or(-1, |h| host_kind_code(h.1)));
        }
        Err(at) => {
            out.fill(W::of(-1));
            out[0] = W::of(if convert { units(item, at) } else { at as i32 });
            out[16] = W::of(INVALID);
        }
    }
}

/// Parse each of `items` in `PROFILE` into `out` (`STRIDE` words each;
/// `out` holds exactly that many).
fn parse_into<'a, const PROFILE: u32, W: Word>(
    items: impl Iterator<Item = &'a str>,
    ascii: bool,
    out: &mut [W],
) {
    for (item, slot) in items.zip(out.chunks_exact_mut(STRIDE)) {
        let r = if PROFILE == 0 {
            pieces_uri_reference(item)
        } else {
            pieces(item, PROFILE)
        };
        let r = r.map_err(|e| e.index());
        write(item, r, ascii, slot);
    }
}

/// The first `n` words of `b`, which grows to hold them (every word of
/// an input is written, so they are not cleared); a failure when the
/// memory cannot grow that far.
fn words<W: Copy + Default>(b: &mut Vec<W>, n: usize) -> Result<&mut [W], Failure> {
    if b.len() < n {
        let more = n - b.len();
        grow(b, more).map_err(|_| too_large("the answers", more * std::mem::size_of::<W>()))?;
        b.resize(n, W::default());
    }
    Ok(&mut b[..n])
}

/// Parse `count` items of `items` in `profile` into the narrow or the wide
/// buffer (`wide`); the buffer's address.
fn parse_all<'a>(
    items: impl Iterator<Item = &'a str>,
    count: usize,
    profile: u32,
    ascii: bool,
    wide: bool,
) -> Result<u32, Failure> {
    WIDE_LAST.with(|w| w.set(wide));
    fn run<'a, W: Word>(
        items: impl Iterator<Item = &'a str>,
        profile: u32,
        ascii: bool,
        out: &mut [W],
    ) {
        match profile {
            1 => parse_into::<1, W>(items, ascii, out),
            2 => parse_into::<2, W>(items, ascii, out),
            3 => parse_into::<3, W>(items, ascii, out),
            _ => parse_into::<0, W>(items, ascii, out),
        }
    }
    if wide {
        WIDE.with(|b| {
            b.with(|b| {
                let out = words(b, count * STRIDE)?;
                run(items, profile, ascii, out);
                Ok(out.as_ptr() as u32)
            })
        })
    } else {
        NARROW.with(|b| {
            b.with(|b| {
                let out = words(b, count * STRIDE)?;
                run(items, profile, ascii, out);
                Ok(out.as_ptr() as u32)
            })
        })
    }
}

/// The inputs of the first `len` bytes of the input buffer, cut by the
/// first `count` lengths of the lengths buffer; `f` gets them, their
/// count and whether one is too long for 16-bit words. A failure if the
/// lengths overrun the text or cut a character.
fn with_items<R>(
    len: u32,
    count: u32,
    f: impl FnOnce(&mut dyn Iterator<Item = &str>, usize, bool) -> R,
) -> Result<R, Failure> {
    LENS.with(|l| {
        l.with(|l| {
            let lens = l.get(..count as usize).ok_or_else(|| overrun(len))?;
            with_input(len, |text| {
                // Every cut at a character boundary, within the text.
                let mut at = 0usize;
                for &n in lens {
                    at += n as usize;
                    if !text.is_char_boundary(at) {
                        return Err(overrun(len));
                    }
                }
                // Whether some input is too long for 16-bit words: longer than
                // NARROW_MAX in UTF-16 units (counted only for one that long
                // in bytes).
                let mut wide = false;
                let mut at = 0usize;
                for &n in lens {
                    let n = n as usize;
                    if n > NARROW_MAX {
                        wide |= utf16_len(&text.as_bytes()[at..at + n]) as usize > NARROW_MAX;
                    }
                    at += n;
                }
                let mut rest = text;
                let mut items = lens.iter().map(|&n| {
                    let (item, tail) = rest.split_at(n as usize);
                    rest = tail;
                    item
                });
                Ok(f(&mut items, lens.len(), wide))
            })?
        })
    })
}

fn overrun(len: u32) -> Failure {
    Failure::own(
        "internal",
        format!("batch lengths past the input's {len} bytes or within a character"),
    )
}

/// Parse the inputs in the input buffer (`len` bytes, cut by the first
/// `count` lengths of the lengths buffer) in `profile` (0 URI-reference, 1
/// URI, 2 IRI-reference, 3 IRI); `ascii`: every byte is ASCII. `STRIDE`
/// words per input at the returned address, 32-bit if `wide`, else 16-bit
/// (a failure if an input is longer than 16-bit words can say). The
/// JavaScript layer sends a large batch a chunk at a time, so that the
/// input and the answers stay small (and in the cache), and copies each
/// chunk's answers out.
#[wasm_bindgen]
pub fn parse_items(
    len: u32,
    count: u32,
    profile: u32,
    ascii: bool,
    wide: bool,
) -> Result<u32, Failure> {
    with_items(len, count, |items, n, too_long| {
        if too_long && !wide {
            return Err(Failure::own(
                "internal",
                "an input too long for 16-bit offsets".into(),
            ));
        }
        parse_all(items, n, profile, ascii, wide)
    })?
}

/// Parse each line of the first `len` bytes of the input buffer (lines
/// end at LF; a CR before the LF is not part of the line; a last line
/// without LF counts, an empty text has no lines) in `profile`: `STRIDE`
/// words per line at the returned address, as `parse_items`; each line's
/// start in the text and its length (UTF-16 units, 2 words a line) at
/// `lines_ptr()`. `lines_count` says how many lines.
#[wasm_bindgen]
pub fn parse_lines(len: u32, profile: u32, ascii: bool) -> Result<u32, Failure> {
    with_input(len, |text| {
        let lines = split_lines(text.as_bytes())?;
        LINES.with(|out| {
            out.with(|out| {
                out.clear();
                grow(out, 2 * lines.len())
                    .map_err(|_| too_large("the lines' offsets", 8 * lines.len()))?;
                let mut units = 0u32;
                let mut at = 0usize;
                for &(start, line_len) in &lines {
                    if ascii {
                        out.push(start as u32);
                        out.push(line_len as u32);
                    } else {
                        units += utf16_len(&text.as_bytes()[at..start]);
                        at = start;
                        out.push(units);
                        out.push(utf16_len(&text.as_bytes()[start..start + line_len]));
                    }
                }
                Ok(())
            })
        })?;
        let longest = lines.iter().map(|l| l.1).max().unwrap_or(0);
        // The cuts are at ASCII bytes (LF, CR): character boundaries.
        let items = lines.iter().map(|&(s, n)| text.get(s..s + n).unwrap_or(""));
        parse_all(items, lines.len(), profile, ascii, longest > NARROW_MAX)
    })?
}

/// The (start, length) in bytes of each line of `text`; a failure when
/// the memory cannot hold them (room for them all is reserved first).
fn split_lines(text: &[u8]) -> Result<Vec<(usize, usize)>, Failure> {
    let mut out = Vec::new();
    if text.is_empty() {
        return Ok(out);
    }
    let body = text.strip_suffix(b"\n").unwrap_or(text);
    // Grown by fallible doubling as lines come (counting the lines first,
    // to reserve once, took a third more time for a file of URLs).
    let full = |out: &Vec<(usize, usize)>| {
        too_large(
            "the lines",
            2 * out.len() * std::mem::size_of::<(usize, usize)>(),
        )
    };
    let mut start = 0;
    loop {
        let rest = &body[start..];
        let end = find_lf(rest).unwrap_or(rest.len());
        let line = &rest[..end];
        if out.len() == out.capacity() {
            grow(&mut out, 1).map_err(|_| full(&out))?;
        }
        out.push((start, line.strip_suffix(b"\r").unwrap_or(line).len()));
        if end == rest.len() {
            return Ok(out);
        }
        start += end + 1;
    }
}

/// The index of the first LF in `b`, eight bytes at a time: in a word
/// `x` (the bytes XOR LF), `(x - 0x01..01) & !x & 0x80..80` has the top bit
/// of the lowest zero byte set (bits above it may be set too, by the
/// borrow, and are not looked at).
fn find_lf(b: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut words = b.chunks_exact(8);
    let mut at = 0;
    for w in &mut words {
        let x = u64::from_le_bytes(w.try_into().unwrap_or([0; 8])) ^ (ONES * u64::from(b'\n'));
        let t = x.wrapping_sub(ONES) & !x & (ONES << 7);
        if t != 0 {
            return Some(at + (t.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    words
        .remainder()
        .iter()
        .position(|&c| c == b'\n')
        .map(|k| at + k)
}

/// The UTF-16 length of UTF-8 bytes (a continuation byte counts nothing,
/// a four-byte sequence's lead two).
fn utf16_len(bytes: &[u8]) -> u32 {
    bytes
        .iter()
        .map(|&b| match b {
            0x80..=0xBF => 0,
            0xF0..=0xFF => 2,
            _ => 1,
        })
        .sum()
}

/// How many lines the last `parse_lines` read.
#[wasm_bindgen]
pub fn lines_count() -> u32 {
    LINES.with(|l| l.with(|l| (l.len() / 2) as u32))
}

/// Where the last `parse_lines` left each line's start and length.
#[wasm_bindgen]
pub fn lines_ptr() -> u32 {
    LINES.with(|l| l.with(|l| l.as_ptr() as u32))
}

/// For each input of the input buffer (as `parse_items`), `-1` when it
/// matches the ABNF rule named `rule`, else the UTF-16 index of its first
/// bad character: `count` words at the returned address.
#[wasm_bindgen]
pub fn validate_items(len: u32, count: u32, rule: &str, ascii: bool) -> Result<u32, Failure> {
    let r = rule_of(rule)?;
    with_items(len, count, |items, n, _| {
        VALIDITY.with(|v| {
            v.with(|v| {
                v.clear();
                grow(v, n).map_err(|_| too_large("the answers", 4 * n))?;
                v.extend(items.map(|item| match check(r, item) {
                    Ok(()) => -1,
                    Err(e) if ascii => e.index() as i32,
                    Err(e) => units(item, e.index()),
                }));
                debug_assert_eq!(v.len(), n);
                Ok(v.as_ptr() as u32)
            })
        })
    })?
}

#[cfg(test)]
mod tests {
    #[test]
    fn lines_and_their_lengths() {
        let split = |t: &[u8]| super::split_lines(t).ok().unwrap_or_default();
        let l = split(b"a\r\nbc\n\nd");
        assert_eq!(l, [(0, 1), (3, 2), (6, 0), (7, 1)]);
        assert_eq!(split(b"a\n"), [(0, 1)]);
        assert!(split(b"").is_empty());
        assert_eq!(split(b"\n"), [(0, 0)]);
        assert_eq!(super::utf16_len("a\u{e9}\u{1f600}".as_bytes()), 4);
        let long = b"0123456789abcdef\n0123\r\n";
        assert_eq!(split(long), [(0, 16), (17, 4)]);
        for k in 0..20 {
            let mut b = vec![b'x'; 20];
            b[k] = b'\n';
            assert_eq!(super::find_lf(&b), Some(k));
            b[k] = 0x8a;
            assert_eq!(super::find_lf(&b), None);
        }
    }
}
