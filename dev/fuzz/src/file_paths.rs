//! Checks for the RFC 8089 conversions (`urikit::rfc8089`), shared by the
//! `file_paths` fuzz target and the fuzz crate's tests.

use urikit::Uri;
use urikit::rfc8089::{self as file, FilePathError};

fn in_bounds(e: &FilePathError, len: usize, what: &str) {
    assert!(
        e.index().is_some_and(|i| i <= len),
        "{what}: {e} (len {len})"
    );
}

/// Any bytes as a Unix path, a Windows path, a lenient file URI and a URI:
/// no panic, error indexes within the input, and the round trips:
/// - a Unix path that converts comes back byte for byte;
/// - a Windows path that converts reads back, and after that one step
///   (which settles the spellings: `/` for `\`, `\\?\`) goes round exactly;
/// - a URI that reads as a path converts back to a URI that reads as the
///   same path.
pub fn check_file_paths(data: &[u8]) {
    match file::from_unix_path(data) {
        Ok(u) => {
            assert!(Uri::parse(u.as_str()).is_ok(), "{u}");
            assert_eq!(u.to_unix_path().unwrap(), data, "{u}");
        }
        Err(e) => in_bounds(&e, data.len(), "from_unix_path"),
    }
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    match file::from_windows_path(s) {
        Ok(u) => {
            let p = u
                .to_windows_path()
                .unwrap_or_else(|e| panic!("{s:?} -> {u} -> {e}"));
            let u2 = file::from_windows_path(&p).unwrap_or_else(|e| panic!("{p:?}: {e}"));
            assert_eq!(
                u2.to_windows_path().unwrap(),
                p,
                "{s:?} -> {u} -> {p:?} -> {u2}"
            );
        }
        Err(e) => in_bounds(&e, s.len(), "from_windows_path"),
    }
    match file::parse_lenient(s) {
        Ok(u) => assert!(Uri::parse(u.as_str()).is_ok()),
        Err(e) => in_bounds(&e, s.len(), "parse_lenient"),
    }
    if let Ok(u) = Uri::parse(s) {
        match u.to_unix_path() {
            Ok(p) => {
                let back = file::from_unix_path(&p).unwrap_or_else(|e| panic!("{s} -> {e}"));
                assert_eq!(back.to_unix_path().unwrap(), p, "{s} -> {back}");
            }
            Err(e) => in_bounds(&e, s.len(), "to_unix_path"),
        }
        match u.to_windows_path() {
            Ok(p) => {
                let back =
                    file::from_windows_path(&p).unwrap_or_else(|e| panic!("{s} -> {p:?}: {e}"));
                assert_eq!(back.to_windows_path().unwrap(), p, "{s} -> {p:?} -> {back}");
            }
            Err(e) => in_bounds(&e, s.len(), "to_windows_path"),
        }
    }
}
