//! Real data: every line is parsed as a URI-reference, over the committed
//! sample (`dev/testdata/corpus/`) always and over the full file when it is there
//! (`urikit_testdata::full`). The exact numbers of valid and invalid lines
//! are asserted for the full files; for a sample, the invalid lines by byte
//! must be those of an independent character-level check, and every line of
//! the full file that holds a byte outside the URI character set (all of
//! which the sample keeps, see `dev/testdata/corpus/SOURCES.md`) must be counted
//! as in the full file. Everywhere,
//! every valid line must recompose to itself and split (Appendix B) into the
//! parser's components, and every invalid line must be invalid for a reason
//! the ABNF gives, checked here independently of the parser.
//!
//! Invalid lines, by the byte the parser reports (each category was read
//! through by hand; none of these bytes may appear there per Appendix A):
//!
//! `gsd-urls.txt`, 217 invalid (the corpus README says "about 217"):
//! - 163 `[` in a path or query (brackets are allowed only around an IP
//!   literal host, 3.2.2): e.g. `.../advisories/dll_hijacking/[sorax_pdf_reader]_2.0...`
//! - 15 `\` (not in any rule): e.g. `http://en.wikipedia.org.evilsite.example/.\`
//! - 15 `{` (not in any rule): `...phpsupcontent?contentID={8C50A6C7-...}`
//! - 14 `|`: `...?nav=index.html|src/|src/drivers|...`
//! - 3 space, where prose follows the URL: `http://codecanyon.net/user/Endober WebFile Explorer ...`
//! - 3 `<`: `...@<dev.mesos.apache.org>`
//! - 1 TAB (a line of whitespace only)
//! - 1 `^`: `.../+/dd13a061...ec19^`
//! - 1 `]` in a path: `https://puppet.com/security/cve/cve-2021-27022/]`
//! - 1 `%` not followed by two hex digits (2.1): `http://www.%humbug-URL%.local/...`
//!
//! `kasztp.txt`, 341 invalid (its first line starts with a UTF-8 byte-order
//! mark, which is an encoding marker of the file, not part of the text; it is
//! stripped, and the line is valid):
//! - 160 `\`: `https://www.h-m-holding.com/hm\%202006/en/obm/home.asp`
//! - 150 `"` in the host: `https://"www.mobygames.com/company/history/companyId`
//! - 23 space, all in fragments: `https://www.countrysidemag.com/issues/3_1998.htm#Swiss Goats`
//! - 4 `[` in a path: `https://drn.digitalriver.com/product.php[id]45854[SiteID]macesoftware`
//! - 3 `{` in a query: `https://www.intel.com/pressroom/?iid={headline=press}`
//! - 1 `|` in a path
//!
//! `node-files.txt`: all 43,415 `file://` URLs are valid.
//!
//! The samples: `gsd-urls.txt` 18,876 lines, `kasztp.txt` 2,722 lines,
//! `node-files.txt` 4,342 lines (`dev/testdata/corpus/SOURCES.md`).

use std::collections::BTreeMap;
use std::io::BufRead;
use std::path::Path;

use urikit::{ErrorKind, UriRef, split};

/// Characters that appear nowhere in the URI grammar.
const NEVER: &[u8] = b" \t\"<>\\^`{|}";

#[derive(Debug, Default)]
struct Tally {
    lines: usize,
    valid: usize,
    /// Invalid lines by the offending byte (`%` for bad percent-encoding).
    invalid: BTreeMap<char, usize>,
}

/// Parse every line of `path`; also returns the tally of the independent
/// character-level check ([`first_bad_byte`]), for the caller to compare.
fn run(path: &Path, strip_bom: bool) -> (Tally, BTreeMap<char, usize>) {
    let file = &path.display().to_string();
    let f = std::fs::File::open(path).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut reader = std::io::BufReader::with_capacity(1 << 16, f);
    let mut buf = String::new();
    let mut t = Tally::default();
    let mut by_check = BTreeMap::new();
    loop {
        buf.clear();
        if reader.read_line(&mut buf).expect("UTF-8 text") == 0 {
            break;
        }
        t.lines += 1;
        let mut line = buf.strip_suffix('\n').unwrap_or(&buf);
        line = line.strip_suffix('\r').unwrap_or(line);
        if strip_bom && t.lines == 1 {
            line = line.strip_prefix('\u{feff}').unwrap_or(line);
        }
        if let Some(key) = first_bad_byte(line) {
            *by_check.entry(key).or_default() += 1;
        }
        match UriRef::parse(line) {
            Ok(r) => {
                t.valid += 1;
                check_valid(file, t.lines, line, &r);
            }
            Err(e) => {
                let byte = line.as_bytes().get(e.index()).copied();
                check_invalid(file, t.lines, line, e.index(), e.kind());
                let key = match e.kind() {
                    ErrorKind::InvalidPercentEncoding(_) => '%',
                    _ => byte.map_or('$', char::from),
                };
                *t.invalid.entry(key).or_default() += 1;
            }
        }
    }
    (t, by_check)
}

/// Independent of the parser: the first byte of `line` that no URI may hold
/// there, by the character rules alone (2.1, 2.2, 2.3): a byte outside the
/// URI character set, a `%` not followed by two hex digits (keyed `%`), or a
/// `[` or `]` outside the authority (Appendix B split), where only an IP
/// literal may have them. `None` when the line passes this check.
fn first_bad_byte(line: &str) -> Option<char> {
    let b = line.as_bytes();
    let c = split(line);
    let auth_end = c
        .authority
        .map_or(0, |a| c.scheme.map_or(0, |s| s.len() + 1) + 2 + a.len());
    let hex = |i: usize| b.get(i).is_some_and(u8::is_ascii_hexdigit);
    b.iter().enumerate().find_map(|(i, &x)| match x {
        b'%' if !(hex(i + 1) && hex(i + 2)) => Some('%'),
        b'[' | b']' if i >= auth_end => Some(char::from(x)),
        _ if !x.is_ascii_graphic() || NEVER.contains(&x) => Some(char::from(x)),
        _ => None,
    })
}

/// The tallies of a sample: the same invalid lines as the independent check,
/// and for every byte outside the URI character set (or a bad `%`) exactly
/// the full file's count, since the sample keeps every such line. `[` and
/// `]` are in the character set, so the sample keeps only some of those.
fn check_sample(t: &Tally, by_check: &BTreeMap<char, usize>, full: &[(char, usize)]) {
    assert_eq!(
        &t.invalid, by_check,
        "invalid lines by byte, parser vs check"
    );
    assert_eq!(t.valid + t.invalid.values().sum::<usize>(), t.lines);
    for &(byte, n) in full {
        let got = t.invalid.get(&byte).copied().unwrap_or(0);
        if matches!(byte, '[' | ']') {
            assert!(
                got <= n,
                "{byte:?}: {got} in the sample, {n} in the full file"
            );
        } else {
            assert_eq!(got, n, "{byte:?}: every such line of the full file");
        }
    }
}

fn check_valid(file: &str, n: usize, line: &str, r: &UriRef<'_>) {
    assert_eq!(r.as_str(), line, "{file}:{n}");
    assert_eq!(r.to_string(), line, "{file}:{n}: Display");
    assert_eq!(
        r.components().to_string(),
        line,
        "{file}:{n}: 5.3 recomposition"
    );
    assert_eq!(split(line), r.components(), "{file}:{n}: Appendix B split");
    // Independent of the parser: only URI characters (2.2, 2.3, 2.1).
    assert!(
        line.bytes()
            .all(|b| b.is_ascii_graphic() && !NEVER.contains(&b)),
        "{file}:{n}: accepted a byte outside the URI character set: {line:?}"
    );
}

/// An invalid line must hold, at the reported index, a byte the ABNF rules
/// out there.
fn check_invalid(file: &str, n: usize, line: &str, index: usize, kind: ErrorKind) {
    let b = line.as_bytes();
    let ctx = || format!("{file}:{n}: {kind} at {index} in {line:?}");
    match b.get(index) {
        Some(b'%') => {
            assert!(
                matches!(kind, ErrorKind::InvalidPercentEncoding(_)),
                "{}",
                ctx()
            );
            let hex = |i: usize| b.get(i).is_some_and(u8::is_ascii_hexdigit);
            assert!(!(hex(index + 1) && hex(index + 2)), "{}", ctx());
        }
        Some(b'[' | b']') => {
            // Allowed only as the brackets of an IP literal, which starts the
            // host; here it must lie outside the authority.
            let c = split(line);
            let auth_end = c
                .authority
                .map_or(0, |a| c.scheme.map_or(0, |s| s.len() + 1) + 2 + a.len());
            assert!(index >= auth_end, "{}", ctx());
        }
        Some(&x) => assert!(NEVER.contains(&x), "{}", ctx()),
        None => panic!("{}: error at the end of the line", ctx()),
    }
}

fn invalid(pairs: &[(char, usize)]) -> BTreeMap<char, usize> {
    pairs.iter().copied().collect()
}

/// The invalid lines of the full `gsd-urls.txt`, by byte.
const GSD_INVALID: &[(char, usize)] = &[
    ('[', 163),
    ('\\', 15),
    ('{', 15),
    ('|', 14),
    (' ', 3),
    ('<', 3),
    ('\t', 1),
    ('^', 1),
    (']', 1),
    ('%', 1),
];

/// The invalid lines of the full `kasztp.txt`, by byte.
const KASZTP_INVALID: &[(char, usize)] = &[
    ('\\', 160),
    ('"', 150),
    (' ', 23),
    ('[', 4),
    ('{', 3),
    ('|', 1),
];

#[test]
fn gsd_urls_sample() {
    let (t, by_check) = run(&urikit_testdata::sample("gsd-urls.txt"), false);
    assert_eq!(t.lines, 18_876);
    check_sample(&t, &by_check, GSD_INVALID);
}

#[test]
fn gsd_urls() {
    let Some(path) = urikit_testdata::full("gsd-urls.txt") else {
        return;
    };
    let (t, by_check) = run(&path, false);
    assert_eq!(t.lines, 564_678);
    assert_eq!(t.valid, 564_461);
    assert_eq!(t.invalid.values().sum::<usize>(), 217);
    assert_eq!(t.invalid, invalid(GSD_INVALID));
    assert_eq!(by_check, t.invalid);
}

#[test]
fn kasztp_sample() {
    let (t, by_check) = run(&urikit_testdata::sample("kasztp.txt"), true);
    assert_eq!(t.lines, 2_722);
    check_sample(&t, &by_check, KASZTP_INVALID);
}

#[test]
fn kasztp() {
    let Some(path) = urikit_testdata::full("kasztp.txt") else {
        return;
    };
    let (t, by_check) = run(&path, true);
    assert_eq!(t.lines, 48_010);
    assert_eq!(t.valid, 47_669);
    assert_eq!(t.invalid.values().sum::<usize>(), 341);
    assert_eq!(t.invalid, invalid(KASZTP_INVALID));
    assert_eq!(by_check, t.invalid);
}

#[test]
fn node_files_sample() {
    let (t, _) = run(&urikit_testdata::sample("node-files.txt"), false);
    // A subset of a file whose every line is valid.
    assert_eq!(t.lines, 4_342);
    assert_eq!(t.valid, 4_342);
    assert!(t.invalid.is_empty(), "{:?}", t.invalid);
}

#[test]
fn node_files() {
    let Some(path) = urikit_testdata::full("node-files.txt") else {
        return;
    };
    let (t, _) = run(&path, false);
    assert_eq!(t.lines, 43_415);
    assert_eq!(t.valid, 43_415);
    assert!(t.invalid.is_empty(), "{:?}", t.invalid);
}
