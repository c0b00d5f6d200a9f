//! Adversarial input: inputs of 10 MB in the shapes that break naive
//! parsers (deep `../`, long runs of percent-encodings, thousands of `@` and
//! `:` in an authority, a 1 MB IPv6-like literal, a million empty segments)
//! parse to the result the RFC gives, on a small stack, in linear time; and
//! invalid UTF-8 given to the byte-level entry points is reported at the
//! byte (cases in `data/adversarial/invalid-utf8.txt`).
//!
//! The input at the length limit (`MAX_LEN`, rejected as too long) is
//! tested in `properties.rs`; this file tests the byte below it.
//!
//! Every valid shape also goes through resolution (as a reference against
//! `http://a/b/c/d;p?q`, and as the base of `../g`) and normalization, on
//! the same small stack.
//!
//! Linear time is not asserted with a clock here (a timed test fails on a
//! loaded machine; the project measures speed with benchmarks only). The
//! full-size run is the guard: at 10 MB a quadratic step would take of the
//! order of 10^13 operations and never finish. The benchmark crate's
//! scaling groups show the cost per byte staying flat from 100 B to 100 MB.

use urikit::{Component, ErrorKind, ParseError, Uri, UriRef};

const MB: usize = 1 << 20;

/// What parsing a shape must give, worked out from the ABNF by hand.
#[derive(Debug)]
enum Expect {
    /// Valid, and the named component is `s[from..s.len() - back]`.
    Ok(&'static str, usize, usize),
    /// Invalid at this index (negative: from the end) with this kind.
    Err(isize, ErrorKind),
}

struct Shape {
    name: &'static str,
    /// Bytes of the full-size input.
    size: usize,
    prefix: &'static str,
    unit: &'static str,
    suffix: &'static str,
    expect: Expect,
}

impl Shape {
    /// The input with the unit repeated to make about `size` bytes.
    fn input(&self, size: usize) -> String {
        let n = (size - self.prefix.len() - self.suffix.len()) / self.unit.len();
        [self.prefix, &self.unit.repeat(n), self.suffix].concat()
    }
}

use ErrorKind::*;
use Expect::{Err as E, Ok as O};

#[rustfmt::skip]
const SHAPES: &[Shape] = &[
    // Deep "../": dot-segments are only removed by resolution (5.2.4); to
    // the parser they are path bytes.
    Shape { name: "dot-segments", size: 10 * MB, prefix: "http://a/", unit: "../", suffix: "", expect: O("path", 8, 0) },
    Shape { name: "relative-dot-segments", size: 10 * MB, prefix: "", unit: "../", suffix: "g", expect: O("path", 0, 0) },
    // Long runs of percent-encodings, in every component that allows them.
    Shape { name: "pct-path", size: 10 * MB, prefix: "http://a/", unit: "%41", suffix: "", expect: O("path", 8, 0) },
    Shape { name: "pct-host", size: 10 * MB, prefix: "http://", unit: "%41", suffix: "/", expect: O("host", 7, 1) },
    Shape { name: "pct-userinfo", size: 10 * MB, prefix: "http://", unit: "%41", suffix: "@h/", expect: O("userinfo", 7, 3) },
    Shape { name: "pct-query", size: 10 * MB, prefix: "?", unit: "%41", suffix: "", expect: O("query", 1, 0) },
    Shape { name: "pct-fragment", size: 10 * MB, prefix: "#", unit: "%41", suffix: "", expect: O("fragment", 1, 0) },
    // A truncated triplet after 10 MB of good ones: reported at its "%" (2.1).
    Shape { name: "pct-bad-at-end", size: 10 * MB, prefix: "/", unit: "%41", suffix: "%4", expect: E(-2, InvalidPercentEncoding(Component::Path)) },
    // Thousands of ":" and "@" in an authority. Until an "@" shows up the
    // bytes may be userinfo, so the whole authority is read before a bad
    // port is reported; the reading must stay linear.
    Shape { name: "colons-in-userinfo", size: 10 * MB, prefix: "http://", unit: ":", suffix: "@h/", expect: O("userinfo", 7, 3) },
    Shape { name: "colon-pairs-in-userinfo", size: 10 * MB, prefix: "http://", unit: "a:", suffix: "@h/", expect: O("userinfo", 7, 3) },
    // No "@": host "a", then a port "a:a:...", whose first byte is bad (3.2.3).
    Shape { name: "colon-pairs-no-at", size: 10 * MB, prefix: "http://", unit: "a:", suffix: "/", expect: E(9, InvalidPort) },
    // A second "@" is in the host, which allows none (3.2.2).
    Shape { name: "at-signs", size: 10 * MB, prefix: "http://", unit: "@", suffix: "/", expect: E(8, InvalidCharacter(Component::Host)) },
    // Userinfo ":", host "", port "@:@..." whose "@" is not a digit.
    Shape { name: "colon-at-pairs", size: 10 * MB, prefix: "http://", unit: ":@", suffix: "/", expect: E(10, InvalidPort) },
    // 1 MB IPv6-like literals: at most eight pieces, then the literal must
    // end (the colon after eight pieces is the offending byte); at most four
    // hex digits a piece; no ":::"; an unclosed "[" is reported at the "[".
    Shape { name: "ipv6-pieces", size: MB, prefix: "http://[", unit: "1:", suffix: "1]/", expect: E(8 + 15, InvalidIpv6) },
    Shape { name: "ipv6-hex-run", size: MB, prefix: "http://[", unit: "a", suffix: "]/", expect: E(8 + 4, InvalidIpv6) },
    Shape { name: "ipv6-colons", size: MB, prefix: "http://[", unit: ":", suffix: "]/", expect: E(8 + 2, InvalidIpv6) },
    Shape { name: "ip-literal-unclosed", size: MB, prefix: "http://[", unit: "1:", suffix: "/", expect: E(7, UnclosedIpLiteral) },
    // IPvFuture has no length limit: a 1 MB literal is a valid host.
    Shape { name: "ipvfuture", size: MB, prefix: "http://[v1.", unit: "a:", suffix: "]/", expect: O("host", 7, 1) },
    // A million (here ten million) empty segments.
    Shape { name: "empty-segments", size: 10 * MB, prefix: "http://a", unit: "/", suffix: "", expect: O("path", 8, 0) },
    Shape { name: "empty-segments-no-authority", size: 10 * MB, prefix: "s:/.", unit: "/", suffix: "", expect: O("path", 2, 0) },
];

fn check(shape: &Shape, s: &str) {
    let r = UriRef::parse(s);
    assert_eq!(UriRef::parse_bytes(s.as_bytes()), r, "{}", shape.name);
    match shape.expect {
        Expect::Ok(component, from, back) => {
            let r = r.unwrap_or_else(|e| panic!("{}: {e}", shape.name));
            let got = match component {
                "path" => Some(r.path()),
                "host" => r.host_str(),
                "userinfo" => r.userinfo(),
                "query" => r.query(),
                "fragment" => r.fragment(),
                _ => unreachable!(),
            };
            // Compare positions, not 10 MB of text.
            let at = got.map(|g| (g.as_ptr() as usize - s.as_ptr() as usize, g.len()));
            assert_eq!(at, Some((from, s.len() - back - from)), "{}", shape.name);
        }
        Expect::Err(at, kind) => {
            let index = if at < 0 {
                s.len() - at.unsigned_abs()
            } else {
                at as usize
            };
            let e = r.expect_err(shape.name);
            assert_eq!((e.index(), e.kind()), (index, kind), "{}", shape.name);
        }
    }
}

/// Resolution and normalization of a valid shape: results are valid and of
/// the lengths the algorithms give.
fn resolve_and_normalize(shape: &Shape, s: &str) {
    let Ok(r) = UriRef::parse(s) else { return };
    let base = Uri::parse("http://a/b/c/d;p?q").expect("base");
    let t = base
        .resolve(r)
        .unwrap_or_else(|e| panic!("{}: {e}", shape.name));
    assert!(Uri::parse(t.as_str()).is_ok(), "{}", shape.name);
    // 5.2.4 never lengthens a path; the target is at most base + reference.
    assert!(t.len() <= base.len() + s.len() + 3, "{}", shape.name);
    if let Some(u) = r.as_uri() {
        let t = u
            .resolve(UriRef::parse("../g").expect("ref"))
            .expect("resolves");
        assert!(Uri::parse(t.as_str()).is_ok(), "{}", shape.name);
    }
    let n = r.normalize();
    let n2 = UriRef::parse(n.as_str()).unwrap_or_else(|e| panic!("{}: {e}", shape.name));
    assert!(n2.is_normalized(), "{}", shape.name);
    assert!(
        n.as_str().len() <= s.len() + 2,
        "{}: normalizing lengthened it",
        shape.name
    );
}

/// Every shape at full size gives the expected result, on a thread with a
/// 256 KiB stack: nothing recurses on input-sized data.
#[test]
fn every_shape_parses_on_a_small_stack() {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            for shape in SHAPES {
                let s = shape.input(shape.size);
                assert!(s.len() > shape.size - 4 && s.len() <= shape.size);
                check(shape, &s);
                resolve_and_normalize(shape, &s);
            }
        })
        .expect("spawn")
        .join()
        .expect("a shape failed or overflowed the stack");
}

/// One byte below the length limit the input is parsed, not rejected as
/// too long, and no offset wraps: the NUL at index 0 is the error. The
/// zeroed buffer comes from `calloc`, and the parser stops at byte 0, so the
/// 4 GiB are never touched.
#[test]
fn input_one_below_the_length_limit_is_parsed() {
    let big = vec![0u8; urikit::MAX_LEN - 1];
    let e = UriRef::parse_bytes(&big).unwrap_err();
    assert_eq!(
        (e.index(), e.kind()),
        (0, ErrorKind::InvalidCharacter(Component::Path))
    );
    let e = Uri::parse_bytes(&big).unwrap_err();
    assert_eq!((e.index(), e.kind()), (0, ErrorKind::InvalidScheme));
}

use crate::peers;

/// `data/adversarial/invalid-utf8.txt`: each case gives exactly the error
/// it lists, and every `invalid-utf8` error points at the byte where UTF-8
/// decoding fails.
#[test]
fn invalid_utf8_is_reported_at_the_byte() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/adversarial/invalid-utf8.txt"
    );
    let text = std::fs::read_to_string(path).expect(path);
    let mut cases = 0;
    for (n, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 4, "line {}: {line:?}", n + 1);
        let index: usize = f[1].parse().expect("index");
        let input = peers::unescape(f[3]);
        let got: Result<(), ParseError> = match f[0] {
            "UriRef" => UriRef::parse_bytes(&input).map(drop),
            "Uri" => Uri::parse_bytes(&input).map(drop),
            other => panic!("line {}: unknown entry point {other:?}", n + 1),
        };
        let e = got.expect_err(line);
        let kind = match e.kind().component() {
            Some(c) if !matches!(e.kind(), ErrorKind::InvalidUtf8) => {
                format!("{}/{}", e.kind().name(), c.name())
            }
            _ => e.kind().name().to_string(),
        };
        assert_eq!(
            (e.index(), kind.as_str()),
            (index, f[2]),
            "line {}: {line:?}",
            n + 1
        );
        if e.kind() == ErrorKind::InvalidUtf8 {
            let u = std::str::from_utf8(&input).expect_err("not UTF-8");
            assert_eq!(u.valid_up_to(), e.index(), "line {}", n + 1);
        }
        cases += 1;
    }
    assert!(cases >= 20, "{cases} cases");
}
