//! Batch forms: many inputs as one string and their UTF-16 lengths, one
//! crossing of the boundary each way.

use std::cell::{Cell, RefCell};

use wasm_bindgen::prelude::*;

use crate::failure::Failure;
use crate::input::with_input;
use crate::parse::{NONE, SLOTS, check, pieces, rule_of, write};
use crate::utf16;

thread_local! {
    static RESULTS: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    static LINES: Cell<u32> = const { Cell::new(0) };
}

/// The inputs of `joined`, cut by their UTF-16 lengths `lens`.
fn split<'a>(joined: &'a str, lens: &'a [u32]) -> impl Iterator<Item = &'a str> + 'a {
    let ascii = joined.is_ascii();
    let mut rest = joined;
    lens.iter().map(move |&n| {
        let bytes = if ascii {
            (n as usize).min(rest.len())
        } else {
            let mut units = 0u32;
            let mut end = rest.len();
            for (i, c) in rest.char_indices() {
                if units >= n {
                    end = i;
                    break;
                }
                units += c.len_utf16() as u32;
            }
            end
        };
        let (item, tail) = rest.split_at(bytes);
        rest = tail;
        item
    })
}

/// Parse each of `items` in `profile` into `out`, `SLOTS` words each: the
/// offsets of `parse` relative to the item, word 17 `0` for a valid item;
/// for an invalid one word 17 is `1` and word 0 the UTF-16 index of the
/// error. Words 18 and 19: where the item starts in the batch and its
/// length, in UTF-16 units (`ascii`: the whole batch is ASCII).
fn parse_all<'a>(
    items: impl Iterator<Item = &'a str>,
    profile: u32,
    ascii: bool,
    out: &mut Vec<u32>,
) {
    out.clear();
    let mut at = 0u32;
    for item in items {
        let start = out.len();
        out.resize(start + SLOTS, NONE);
        let slot = &mut out[start..];
        match pieces(item, profile) {
            Ok(p) => write(item, &p, slot),
            Err(e) => {
                slot[0] = utf16::index(item, e.index());
                slot[17] = 1;
            }
        }
        let len = if ascii {
            item.len() as u32
        } else {
            item.chars().map(|c| c.len_utf16() as u32).sum()
        };
        slot[18] = at;
        slot[19] = len;
        at += len;
    }
}

/// Parse each input of `joined` (cut by `lens`, UTF-16 lengths) in
/// `profile`: `SLOTS` words per input at the returned address (see
/// `parse_all`).
#[wasm_bindgen]
pub fn parse_many(joined: &str, lens: &[u32], profile: u32) -> u32 {
    RESULTS.with(|r| {
        let mut out = r.borrow_mut();
        parse_all(split(joined, lens), profile, joined.is_ascii(), &mut out);
        out.as_ptr() as u32
    })
}

/// Parse each line of `text` (lines end at LF; a CR before the LF is not
/// part of the line; a last line without LF counts, an empty text has no
/// lines) in `profile`: `SLOTS` words per line at the returned address
/// (see `parse_all`; word 18 is where the line starts in `text`, with the
/// CRs counted). Returns the address; `lines_count` says how many.
#[wasm_bindgen]
pub fn parse_lines(text: &str, profile: u32) -> u32 {
    RESULTS.with(|r| {
        let mut out = r.borrow_mut();
        let body = text.strip_suffix('\n').unwrap_or(text);
        let lines = if text.is_empty() {
            None
        } else {
            Some(body.split('\n'))
        };
        // The lines without their CRs are parsed; their starts are fixed
        // after (parse_all counts the items' lengths only).
        let items: Vec<&str> = lines
            .into_iter()
            .flatten()
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .collect();
        parse_all(items.iter().copied(), profile, text.is_ascii(), &mut out);
        // Each line but the last had an LF after it (and maybe a CR): the
        // starts move by the separators before them.
        let mut shift = 0u32;
        let full = body.split('\n');
        for (i, line) in full.enumerate().take(items.len()) {
            let slot = &mut out[i * SLOTS..];
            slot[18] += shift;
            shift += 1 + u32::from(line.ends_with('\r'));
        }
        LINES.with(|n| n.set(items.len() as u32));
        out.as_ptr() as u32
    })
}

/// How many lines the last `parse_lines` read.
#[wasm_bindgen]
pub fn lines_count() -> u32 {
    LINES.with(|n| n.get())
}

/// For each input of `joined` (cut by `lens`), `-1` when it matches the
/// ABNF rule named `rule`, else the UTF-16 index of its first bad
/// character.
#[wasm_bindgen]
pub fn validate_many(joined: &str, lens: &[u32], rule: &str) -> Result<Vec<i32>, Failure> {
    let r = rule_of(rule)?;
    Ok(split(joined, lens)
        .map(|item| match check(r, item) {
            Ok(()) => -1,
            Err(e) => utf16::index(item, e.index()) as i32,
        })
        .collect())
}

/// `parse_many` over the first `len` bytes of the input buffer.
#[wasm_bindgen]
pub fn parse_many_input(len: u32, lens: &[u32], profile: u32) -> Result<u32, Failure> {
    with_input(len, |joined| parse_many(joined, lens, profile))
}

/// `parse_lines` over the first `len` bytes of the input buffer.
#[wasm_bindgen]
pub fn parse_lines_input(len: u32, profile: u32) -> Result<u32, Failure> {
    with_input(len, |text| parse_lines(text, profile))
}

/// `validate_many` over the first `len` bytes of the input buffer.
#[wasm_bindgen]
pub fn validate_many_input(len: u32, lens: &[u32], rule: &str) -> Result<Vec<i32>, Failure> {
    with_input(len, |joined| validate_many(joined, lens, rule))?
}

#[cfg(test)]
mod tests {
    #[test]
    fn split_by_utf16_lengths() {
        let parts: Vec<&str> = super::split("ab\u{1f600}cd", &[1, 3, 2]).collect();
        assert_eq!(parts, ["a", "b\u{1f600}", "cd"]);
        let parts: Vec<&str> = super::split("abc", &[0, 3]).collect();
        assert_eq!(parts, ["", "abc"]);
    }
}
