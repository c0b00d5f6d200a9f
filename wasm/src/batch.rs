//! Batch forms: many inputs as one string and their UTF-16 lengths, one
//! crossing of the boundary each way.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

use crate::failure::Failure;
use crate::parse::{NONE, SLOTS, check, pieces, rule_of, write};
use crate::utf16;

thread_local! {
    static RESULTS: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
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

/// Parse each input of `joined` (cut by `lens`, UTF-16 lengths) in
/// `profile`: `SLOTS` words per input at the returned address, the offsets
/// of `parse` relative to the input, with the last word `0` for a valid
/// input; for an invalid one the last word is `1` and the first the
/// UTF-16 index of the error.
#[wasm_bindgen]
pub fn parse_many(joined: &str, lens: &[u32], profile: u32) -> u32 {
    RESULTS.with(|r| {
        let mut out = r.borrow_mut();
        out.clear();
        out.resize(lens.len() * SLOTS, NONE);
        for (item, slot) in split(joined, lens).zip(out.chunks_exact_mut(SLOTS)) {
            match pieces(item, profile) {
                Ok(p) => write(item, &p, slot),
                Err(e) => {
                    slot[0] = utf16::index(item, e.index());
                    slot[SLOTS - 1] = 1;
                }
            }
        }
        out.as_ptr() as u32
    })
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
