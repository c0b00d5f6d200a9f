//! Byte offsets (the library's) as character offsets (Python's), in one
//! pass. Plain Rust, no PyO3: the fuzz crate includes this very file
//! (`dev/fuzz/src/py_conversions.rs`) and checks it against counting from the
//! start.

/// Character (code point) offsets of byte offsets in one text: Python
/// indexes strings by code point, the library by byte. A running count
/// moves from the last offset asked for to the next, so offsets asked for
/// in order (as `extract` gives them) cost one pass over the text in all;
/// [`char_indices`] sorts them first. A text all ASCII is not counted at all.
pub struct CharIndex<'a> {
    text: &'a [u8],
    ascii: bool,
    byte: usize,
    chars: usize,
}

impl<'a> CharIndex<'a> {
    pub fn new(text: &'a str) -> Self {
        CharIndex {
            text: text.as_bytes(),
            ascii: text.is_ascii(),
            byte: 0,
            chars: 0,
        }
    }

    /// The character offset of byte offset `byte` (itself when past the
    /// end, which the library never gives).
    pub fn at(&mut self, byte: usize) -> usize {
        if self.ascii || byte > self.text.len() {
            return byte;
        }
        // Every byte but a UTF-8 continuation byte starts a character.
        let starts = |b: &[u8]| b.iter().filter(|&&c| (c as i8) >= -0x40).count();
        if byte >= self.byte {
            self.chars += starts(&self.text[self.byte..byte]);
        } else {
            self.chars -= starts(&self.text[byte..self.byte]);
        }
        self.byte = byte;
        self.chars
    }
}

/// The character offsets of `bytes` (byte offsets in `text`, in any order)
/// in one forward pass over the text.
pub fn char_indices(text: &str, bytes: &[usize]) -> Vec<usize> {
    let mut index = CharIndex::new(text);
    let mut order: Vec<usize> = (0..bytes.len()).collect();
    order.sort_unstable_by_key(|&i| bytes[i]);
    let mut out = vec![0; bytes.len()];
    for i in order {
        out[i] = index.at(bytes[i]);
    }
    out
}

/// The character offset of one byte offset in `s`.
pub fn char_index(s: &str, byte: usize) -> usize {
    CharIndex::new(s).at(byte)
}
