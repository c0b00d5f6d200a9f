//! Real data (`../shared/corpus/`, read in place): every line is parsed as a
//! URI-reference, the exact numbers of valid and invalid lines are asserted,
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

use std::collections::BTreeMap;
use std::io::BufRead;

use urikit::{split, ErrorKind, UriRef};

/// Characters that appear nowhere in the URI grammar.
const NEVER: &[u8] = b" \t\"<>\\^`{|}";

#[derive(Debug, Default)]
struct Tally {
    lines: usize,
    valid: usize,
    /// Invalid lines by the offending byte (`%` for bad percent-encoding).
    invalid: BTreeMap<char, usize>,
}

fn run(file: &str, strip_bom: bool) -> Tally {
    let path = format!("{}/../../shared/corpus/{file}", env!("CARGO_MANIFEST_DIR"));
    let f = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut reader = std::io::BufReader::with_capacity(1 << 16, f);
    let mut buf = String::new();
    let mut t = Tally::default();
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
    t
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

#[test]
fn gsd_urls() {
    let t = run("gsd-urls.txt", false);
    assert_eq!(t.lines, 564_678);
    assert_eq!(t.valid, 564_461);
    assert_eq!(t.invalid.values().sum::<usize>(), 217);
    assert_eq!(
        t.invalid,
        invalid(&[
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
        ])
    );
}

#[test]
fn kasztp() {
    let t = run("kasztp.txt", true);
    assert_eq!(t.lines, 48_010);
    assert_eq!(t.valid, 47_669);
    assert_eq!(t.invalid.values().sum::<usize>(), 341);
    assert_eq!(
        t.invalid,
        invalid(&[
            ('\\', 160),
            ('"', 150),
            (' ', 23),
            ('[', 4),
            ('{', 3),
            ('|', 1)
        ])
    );
}

#[test]
fn node_files() {
    let t = run("node-files.txt", false);
    assert_eq!(t.lines, 43_415);
    assert_eq!(t.valid, 43_415);
    assert!(t.invalid.is_empty(), "{:?}", t.invalid);
}
