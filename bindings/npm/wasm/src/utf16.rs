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

/// The UTF-16 index of every byte offset of a text, for many offsets (in
/// any order; the same answers as [`index`]) at the cost of one pass over
/// the text: `index` per offset scans from the start each time (`is_ascii`
/// too), which made `extract` and `lint` take time in the square of their
/// input for one match or finding per few bytes (issue 34: 2,000 matches
/// 28 ms, 20,000 2.0 s). No sort of the offsets: its code cost the module
/// 3.5 KB gzipped.
pub struct Indices {
    len: usize,
    /// Empty for an ASCII text (an offset is its own index).
    at: Vec<u32>,
}

impl Indices {
    /// The table of `s` (an offset inside a character counts that
    /// character, as in `index`).
    pub fn new(s: &str) -> Indices {
        let mut at = Vec::new();
        if !s.is_ascii() {
            at.reserve(s.len() + 1);
            let mut units = 0u32;
            for c in s.chars() {
                at.push(units);
                units += c.len_utf16() as u32;
                for _ in 1..c.len_utf8() {
                    at.push(units);
                }
            }
            at.push(units);
        }
        Indices { len: s.len(), at }
    }

    /// The UTF-16 index of byte offset `byte` (past the end: the length).
    pub fn get(&self, byte: usize) -> u32 {
        let b = byte.min(self.len);
        if self.at.is_empty() {
            b as u32
        } else {
            self.at[b]
        }
    }
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
        let t = super::Indices::new(s);
        assert_eq!(bytes.iter().map(|&b| t.get(b)).collect::<Vec<_>>(), want);
        let ascii = super::Indices::new("ab c");
        assert_eq!([9, 1, 0].map(|b| ascii.get(b)), [4, 1, 0]);
    }
}
