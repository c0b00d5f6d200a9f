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
}
