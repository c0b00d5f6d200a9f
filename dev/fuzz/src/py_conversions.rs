//! The Python binding's conversions, through the Rust functions it calls
//! with the same argument conversions (`bindings/python/src`): byte offsets of
//! `extract`, `lint` and `decode` errors turned into character offsets by
//! the binding's own code (`bindings/python/src/offsets.rs`, included here as it
//! is), checked against counting characters from the start; a Unix path's
//! bytes (what `from_file_path` makes of `bytes` or of a surrogate-escaped
//! `str`) to a URI and back.

#[path = "../../../bindings/python/src/offsets.rs"]
#[allow(dead_code)]
mod offsets;

use offsets::{CharIndex, char_index, char_indices};

/// The oracle: characters before byte `byte` of `s`, counted from the start.
fn counted(s: &str, byte: usize) -> usize {
    s.get(..byte).map_or(byte, |p| p.chars().count())
}

/// On any bytes: as text (lossily, as a Python `str` can only be valid
/// text by the time the binding sees it), every offset the binding
/// converts equals the counted one; as a Unix path, the bytes round-trip.
pub fn check_py_conversions(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let s: &str = &text;

    // `extract`: one running count over matches in order.
    let mut index = CharIndex::new(s);
    for m in urikit::text::ExtractOptions::new()
        .relative(true)
        .extract(s)
    {
        assert_eq!(
            index.at(m.start()),
            counted(s, m.start()),
            "extract start in {s:?}"
        );
        assert_eq!(
            index.at(m.end()),
            counted(s, m.end()),
            "extract end in {s:?}"
        );
    }

    // `lint`: the offsets of all findings in one sorted pass.
    if let Ok(found) = urikit::security::lint(s) {
        let bytes: Vec<usize> = found.iter().flat_map(|f| [f.start(), f.end()]).collect();
        let chars = char_indices(s, &bytes);
        for (b, c) in bytes.iter().zip(&chars) {
            assert_eq!(*c, counted(s, *b), "lint offset {b} in {s:?}");
        }
    }
    if let Ok(found) = urikit::security::lint_iri(s) {
        let bytes: Vec<usize> = found.iter().flat_map(|f| [f.start(), f.end()]).collect();
        for (b, c) in bytes.iter().zip(char_indices(s, &bytes)) {
            assert_eq!(c, counted(s, *b), "lint_iri offset {b} in {s:?}");
        }
    }

    // `decode`: the error's index as the binding reports it.
    if let Err(e) = urikit::percent::decode(s).to_str() {
        assert_eq!(char_index(s, e.index()), counted(s, e.index()));
    }

    // Any offsets in any order, backwards included.
    let mut index = CharIndex::new(s);
    for &b in data.iter().take(64) {
        let at = (b as usize * 7) % (s.len() + 1);
        if s.is_char_boundary(at) {
            assert_eq!(index.at(at), counted(s, at), "offset {at} in {s:?}");
        }
    }

    // `from_file_path(bytes, style='unix')` then `to_file_path`: the bytes
    // come back (the binding decodes them with surrogateescape, which
    // os.fsencode undoes).
    let mut path = b"/".to_vec();
    path.extend_from_slice(data);
    if let Ok(uri) = urikit::rfc8089::from_unix_path(&path) {
        let back = uri.to_unix_path().expect("its own URI reads back");
        assert_eq!(back, path, "unix path round trip of {path:?} via {uri}");
    }
}
