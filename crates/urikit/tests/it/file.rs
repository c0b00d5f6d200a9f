//! File paths and `file` URIs (RFC 8089): data-file vectors, the node-files
//! corpus, and round-trip properties.

use crate::common;
use common::vectors;

use proptest::prelude::*;
use urikit::rfc8089::{self as file, FilePathError};
use urikit::{Uri, UriBuf};

/// `{xHH}` in a data file is the byte (Unix) or character (Windows) HH.
fn unescape(s: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'{'
            && b.get(i + 1) == Some(&b'x')
            && b.get(i + 4) == Some(&b'}')
            && let Ok(v) = u8::from_str_radix(&s[i + 2..i + 4], 16)
        {
            out.push(v);
            i += 5;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

fn unescape_text(s: &str) -> String {
    // Only ASCII is escaped in the Windows records, so this stays UTF-8.
    String::from_utf8(unescape(s)).expect("UTF-8 record")
}

/// Check a result against `expected`: the value, or `!kind@index`.
fn check<T: PartialEq + std::fmt::Debug>(
    got: Result<T, FilePathError>,
    expected: &str,
    value: impl Fn(&str) -> T,
    record: &[String],
) {
    match expected.strip_prefix('!') {
        Some(err) => {
            let (kind, index) = err.split_once('@').expect("!kind@index");
            let e = got.expect_err(&format!("{record:?} should fail"));
            assert_eq!(e.kind().name(), kind, "{record:?}: {e}");
            assert_eq!(e.index(), Some(index.parse().unwrap()), "{record:?}: {e}");
            // The message names the place.
            assert!(e.to_string().ends_with(&format!("at index {index}")), "{e}");
        }
        None => {
            let v = got.unwrap_or_else(|e| panic!("{record:?}: {e}"));
            assert_eq!(v, value(expected), "{record:?}");
        }
    }
}

fn uri(s: &str) -> Uri<'_> {
    Uri::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

#[test]
fn unix_vectors() {
    let v = vectors("file/unix.txt");
    assert!(v.len() > 40);
    for r in &v {
        let (mode, input, expected) = (r[0].as_str(), r[1].as_str(), r[2].as_str());
        match mode {
            "both" => {
                let path = unescape(input);
                assert_eq!(file::from_unix_path(&path).unwrap(), expected, "{r:?}");
                assert_eq!(file::to_unix_path(&uri(expected)).unwrap(), path, "{r:?}");
                // The methods say the same.
                assert_eq!(UriBuf::from_unix_path(&path).unwrap(), expected);
                assert_eq!(uri(expected).to_unix_path().unwrap(), path);
            }
            "from" => check(
                file::from_unix_path(&unescape(input)),
                expected,
                |s| UriBuf::parse(s).unwrap(),
                r,
            ),
            "to" => check(file::to_unix_path(&uri(input)), expected, unescape, r),
            m => panic!("mode {m}"),
        }
    }
}

#[test]
fn windows_vectors() {
    let v = vectors("file/windows.txt");
    assert!(v.len() > 60);
    for r in &v {
        let (mode, input, expected) = (r[0].as_str(), r[1].as_str(), r[2].as_str());
        match mode {
            "both" => {
                let path = unescape_text(input);
                assert_eq!(file::from_windows_path(&path).unwrap(), expected, "{r:?}");
                assert_eq!(
                    file::to_windows_path(&uri(expected)).unwrap(),
                    path,
                    "{r:?}"
                );
                assert_eq!(
                    UriBuf::parse(expected).unwrap().to_windows_path().unwrap(),
                    path
                );
            }
            "from" => check(
                file::from_windows_path(&unescape_text(input)),
                expected,
                |s| UriBuf::parse(s).unwrap(),
                r,
            ),
            "to" => check(
                file::to_windows_path(&uri(input)),
                expected,
                unescape_text,
                r,
            ),
            m => panic!("mode {m}"),
        }
    }
}

#[test]
fn lenient_vectors() {
    let v = vectors("file/lenient.txt");
    assert!(v.len() > 10);
    for r in &v {
        check(
            file::parse_lenient(&r[0]),
            &r[1],
            |s| UriBuf::parse(s).unwrap(),
            r,
        );
    }
}

#[cfg(unix)]
#[test]
fn host_platform_is_unix() {
    use std::os::unix::ffi::OsStrExt;
    let p = std::path::Path::new(std::ffi::OsStr::from_bytes(b"/tmp/a b/\xFF"));
    let u = file::from_file_path(p).unwrap();
    assert_eq!(u, "file:///tmp/a%20b/%FF");
    assert_eq!(u.to_file_path().unwrap(), p);
    assert_eq!(UriBuf::from_file_path(p).unwrap(), u);
    assert_eq!(file::to_file_path(&u.as_uri()).unwrap(), p);
    assert_eq!(
        file::from_file_path(std::path::Path::new("a/b"))
            .unwrap_err()
            .kind(),
        file::FilePathErrorKind::RelativePath
    );
}

/// Every URI of node-files.txt (the `file:` URLs of the Node.js tree, with
/// the top folder in the host place) to a path and back: as a UNC path on
/// Windows; on Unix the host is refused at its index, and the same URI with
/// the host moved into the path (`file:///…`) goes round.
fn node_files(path: &std::path::Path) -> usize {
    let lines = urikit_testdata::lines(path);
    let mut n = 0;
    for line in lines.iter().filter(|l| !l.is_empty()) {
        let u = uri(line);
        let win = u
            .to_windows_path()
            .unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(win.starts_with(r"\\"), "{line}: {win}");
        assert_eq!(
            file::from_windows_path(&win).unwrap().as_str(),
            line,
            "{win}"
        );

        let err = u.to_unix_path().unwrap_err();
        assert_eq!(err.kind(), file::FilePathErrorKind::NonLocalHost, "{line}");
        assert_eq!(err.index(), Some("file://".len()), "{line}");

        let local = line.replacen("file://", "file:///", 1);
        let unix = uri(&local).to_unix_path().unwrap();
        assert_eq!(
            file::from_unix_path(&unix).unwrap().as_str(),
            local,
            "{local}"
        );
        n += 1;
    }
    n
}

#[test]
fn node_files_sample_round_trips() {
    let n = node_files(&urikit_testdata::sample("node-files.txt"));
    assert!(n > 4000, "{n}");
}

#[test]
fn node_files_full_round_trips() {
    if let Some(p) = urikit_testdata::full("node-files.txt") {
        let n = node_files(&p);
        assert!(n > 40_000, "{n}");
    }
}

/// A file name for Windows: any characters but separators and NUL.
fn windows_name() -> impl Strategy<Value = String> {
    "[^\\\\/\0]{0,8}"
}

/// Text of one URI segment in the form `from_*_path` writes: unreserved
/// characters as they are, every other byte as an uppercase triplet.
fn canonical_segment(bytes: &[u8]) -> String {
    let mut s = String::new();
    for &b in bytes {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            s.push(char::from(b));
        } else {
            s.push_str(&format!("%{b:02X}"));
        }
    }
    s
}

proptest! {
    #[test]
    fn unix_path_round_trips(names in prop::collection::vec(prop::collection::vec(1u8.., 0..8), 1..6)) {
        // Any bytes but NUL; `/` within a name splits it, which is a path too.
        let mut path = Vec::new();
        for n in &names {
            path.push(b'/');
            path.extend_from_slice(n);
        }
        let u = file::from_unix_path(&path).unwrap();
        prop_assert!(u.as_str().starts_with("file:///"));
        prop_assert_eq!(u.to_unix_path().unwrap(), path);
    }

    #[test]
    fn windows_drive_path_round_trips(
        letter in "[A-Za-z]",
        names in prop::collection::vec(windows_name(), 0..6),
        trailing in any::<bool>(),
    ) {
        let mut path = format!("{letter}:\\{}", names.join("\\"));
        if trailing && !names.is_empty() {
            path.push('\\');
        }
        let u = file::from_windows_path(&path).unwrap();
        prop_assert!(u.as_str().starts_with("file:///"));
        prop_assert_eq!(u.to_windows_path().unwrap(), path);
    }

    #[test]
    fn windows_unc_path_round_trips(
        server in "[^\\\\/\0?.][^\\\\/\0]{0,8}",
        names in prop::collection::vec(windows_name(), 0..6),
    ) {
        let mut path = format!("\\\\{server}");
        for n in &names {
            path.push('\\');
            path.push_str(n);
        }
        let u = file::from_windows_path(&path).unwrap();
        prop_assert_eq!(u.to_windows_path().unwrap(), path);
    }

    /// Issue 25: whatever Windows path `from_windows_path` takes, its URI
    /// reads back, and the path read converts to the same URI; the
    /// verbatim and device prefixes with servers named `.`, `?` and `..`
    /// are generated on purpose (a random search rarely writes them).
    #[test]
    fn windows_path_to_uri_and_back_or_refused(
        prefix in prop::sample::select(vec!["", "\\\\?\\UNC\\", "\\\\?\\unc\\", "//?/UNC/", "\\\\?\\", "\\\\.\\", "\\\\"]),
        server in prop_oneof![Just(String::from(".")), Just(String::from("?")), Just(String::from("..")), Just(String::from("C:")), "[^\\\\/\0]{0,4}"],
        names in prop::collection::vec(windows_name(), 0..4),
    ) {
        let mut path = format!("{prefix}{server}");
        for n in &names {
            path.push('\\');
            path.push_str(n);
        }
        if let Ok(u) = file::from_windows_path(&path) {
            let back = u.to_windows_path();
            prop_assert!(back.is_ok(), "{path:?} -> {u} -> {back:?}");
            let p = back.unwrap();
            prop_assert_eq!(file::from_windows_path(&p).unwrap(), u, "{:?}", p);
        }
    }

    #[test]
    fn canonical_unix_uri_round_trips(names in prop::collection::vec(prop::collection::vec(any::<u8>().prop_filter("not / or NUL", |b| *b != 0 && *b != b'/'), 0..8), 1..6)) {
        let text: String = names.iter().map(|n| format!("/{}", canonical_segment(n))).collect();
        let text = format!("file://{text}");
        let u = Uri::parse(&text).unwrap();
        let path = u.to_unix_path().unwrap();
        prop_assert_eq!(file::from_unix_path(&path).unwrap().into_string(), text);
    }

    #[test]
    fn canonical_windows_uri_round_trips(
        letter in "[A-Za-z]",
        names in prop::collection::vec(windows_name(), 0..6),
    ) {
        let mut text = format!("file:///{letter}:");
        for n in &names {
            text.push('/');
            text.push_str(&canonical_segment(n.as_bytes()));
        }
        if names.is_empty() {
            text.push('/');
        }
        let u = Uri::parse(&text).unwrap();
        let path = u.to_windows_path().unwrap();
        prop_assert_eq!(file::from_windows_path(&path).unwrap().into_string(), text);
    }

    #[test]
    fn any_input_gives_a_uri_or_an_error_in_bounds(s in "\\PC{0,24}", bytes in prop::collection::vec(any::<u8>(), 0..24)) {
        for r in [file::from_windows_path(&s), file::from_unix_path(&bytes), file::parse_lenient(&s)] {
            match r {
                Ok(u) => prop_assert!(Uri::parse(u.as_str()).is_ok()),
                Err(e) => prop_assert!(e.index().is_some_and(|i| i <= s.len().max(bytes.len()))),
            }
        }
    }

    #[test]
    fn any_file_uri_gives_a_path_or_an_error_in_bounds(rest in "[a-zA-Z0-9%/:;@.|?#\\[\\]-]{0,24}") {
        let text = format!("file:{rest}");
        if let Ok(u) = Uri::parse(&text) {
            for e in [u.to_unix_path().err(), u.to_windows_path().err()].into_iter().flatten() {
                prop_assert!(e.index().is_some_and(|i| i <= text.len()), "{text}: {e}");
            }
        }
    }
}
