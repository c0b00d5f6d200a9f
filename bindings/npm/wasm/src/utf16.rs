//! Byte offsets (the library's) as UTF-16 indices (JavaScript's).

/// The UTF-16 index of byte offset `byte` of `s` (`s.len()` and beyond map
/// to the text's UTF-16 length).
pub fn index(s: &str, byte: usize) -> u32 {
    if s.is_ascii() {
        return byte.min(s.len()) as u32;
    }
    let mut units = 0u32;
    for (i, c) in s.char_indices() {
        if i >= byte {
            return units;
        }
        units += c.len_utf16() as u32;
    }
    units
}

/// The UTF-16 indices of many byte offsets of `s` (in any order; the same
/// answers as [`index`]) in one pass over `s`: `index` per offset scans
/// `s` from its start each time (`is_ascii` too), which made `extract` and
/// `lint` take time in the square of their input for one match or finding
/// per few bytes (issue 34: 2,000 matches 28 ms, 20,000 2.0 s).
pub fn indices(s: &str, bytes: &[usize]) -> Vec<u32> {
    if s.is_ascii() {
        return bytes.iter().map(|&b| b.min(s.len()) as u32).collect();
    }
    let mut order: Vec<usize> = (0..bytes.len()).collect();
    order.sort_unstable_by_key(|&i| bytes[i]);
    let mut out = vec![0; bytes.len()];
    let mut chars = s.char_indices().peekable();
    let mut units = 0u32;
    for i in order {
        // Every character that starts before the offset counts, as in `index`.
        while let Some(&(at, c)) = chars.peek() {
            if at >= bytes[i] {
                break;
            }
            units += c.len_utf16() as u32;
            chars.next();
        }
        out[i] = units;
    }
    out
}

/// Byte offsets (ascending or not) of `s` as UTF-16 indices, in place.
pub fn convert_all(s: &str, offsets: &mut [u32], none: u32) {
    if s.is_ascii() {
        return;
    }
    for o in offsets.iter_mut() {
        if *o != none {
            *o = index(s, *o as usize);
        }
    }
}

/// Where `part` (a slice of `whole`) starts in `whole`, in bytes.
pub fn start_of(whole: &str, part: &str) -> usize {
    (part.as_ptr() as usize).saturating_sub(whole.as_ptr() as usize)
}

#[cfg(test)]
mod tests {
    #[test]
    fn utf16_indices() {
        let s = "a\u{e9}\u{1f600}b";
        assert_eq!(super::index(s, 0), 0);
        assert_eq!(super::index(s, 1), 1);
        assert_eq!(super::index(s, 3), 2);
        assert_eq!(super::index(s, 7), 4);
        assert_eq!(super::index(s, 8), 5);
    }

    #[test]
    fn many_indices_in_any_order_are_those_of_index() {
        let s = "a\u{e9}\u{1f600}b c\u{e9}";
        // Every offset, in the middle of a character and past the end too,
        // in an order that goes back and forth.
        let bytes: Vec<usize> = (0..=s.len() + 2).rev().chain([3, 0, 9, 2]).collect();
        let want: Vec<u32> = bytes.iter().map(|&b| super::index(s, b)).collect();
        assert_eq!(super::indices(s, &bytes), want);
        assert_eq!(super::indices("ab c", &[9, 1, 0]), [4, 1, 0]);
        assert!(super::indices(s, &[]).is_empty());
    }
}
