//! The vector code against the scalar definitions.

use super::SimdClass;
use crate::chars::{self, CharClass};
use crate::parse::scalar_scan;

// Built as the parser builds its own (`parse/mod.rs`, `scan_class`).
const PATH_SIMD: SimdClass = SimdClass::of(&chars::PATH);
const QUERY_SIMD: SimdClass = SimdClass::of(&chars::QUERY);

/// A small deterministic generator: the tests also run under miri,
/// where proptest would be slow.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as u32
    }

    /// `buf` refilled with fewer than `max_len` bytes: one in `rare` from
    /// [`ALPHABET`], the others from `common`.
    fn fill(&mut self, buf: &mut Vec<u8>, max_len: usize, rare: u32, common: &[u8]) {
        buf.clear();
        let len = self.next() as usize % max_len;
        for _ in 0..len {
            let r = self.next();
            buf.push(if r.is_multiple_of(rare) {
                ALPHABET[(r >> 8) as usize % ALPHABET.len()]
            } else {
                common[(r >> 8) as usize % common.len()]
            });
        }
    }
}

/// Bytes that matter: members, `%`, hex digits, each excluded byte,
/// controls, DEL and non-ASCII (among them 0xA5, 0xBF and 0xA3, which are
/// `%`, `?` and `#` with the top bit set: the AVX-512 lookup ignores it).
const ALPHABET: &[u8] = b"aZ09F%%%%/?:@#[]\"<>\\^`{|}~-._!$&'()*+,;= \x00\x7f\x80\xff\xa5\xbf\xa3";

fn check(class: &CharClass, simd: &super::SimdClass, cases: usize, max_len: usize) {
    let mut rng = Lcg(0x5eed);
    let mut buf = Vec::new();
    for _ in 0..cases {
        // Mostly members, so that runs span blocks.
        rng.fill(&mut buf, max_len, 4, b"abcXYZ0129-");
        for start in 0..=buf.len().min(20) {
            let want = scalar_scan(&buf, start, class);
            let got = vector(&buf, start, simd).unwrap_or(want);
            assert_eq!(got, want, "input {:?} from {start}", buf);
        }
    }
}

/// The vector scan, which must have run for any input of 16 bytes or
/// more where the CPU has SSSE3 (a silent fallback would test nothing).
fn vector(s: &[u8], i: usize, c: &SimdClass) -> Option<Result<usize, usize>> {
    let r = super::scan(s, i, c);
    #[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "ssse3")))]
    assert_eq!(r.is_some(), s.len() >= 16 && super::ssse3_available());
    r
}

#[test]
#[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "ssse3")))]
fn the_vector_scan_runs_on_this_machine() {
    // Every x86_64 CPU of the last fifteen years has SSSE3; if this
    // fails, the tests here would only compare the scalar scan with
    // itself.
    assert!(super::ssse3_available());
}

#[test]
fn the_tables_match_the_classes() {
    for (class, simd) in [
        (&chars::PATH, &PATH_SIMD),
        (&chars::QUERY, &QUERY_SIMD),
        (&chars::SEGMENT_NZ_NC, &SimdClass::of(&chars::SEGMENT_NZ_NC)),
        (&chars::PCHAR, &SimdClass::of(&chars::PCHAR)),
        (&chars::REG_NAME, &SimdClass::of(&chars::REG_NAME)),
        (&chars::USERINFO, &SimdClass::of(&chars::USERINFO)),
    ] {
        for b in 0..=255u8 {
            assert_eq!(simd.member(b), class.contains(b), "byte {b:#04x}");
        }
    }
}

#[test]
fn same_answers_as_the_scalar_scan() {
    let cases = if cfg!(miri) { 40 } else { 20_000 };
    check(&chars::QUERY, &QUERY_SIMD, cases, 70);
    check(&chars::PATH, &PATH_SIMD, cases, 70);
    check(
        &chars::SEGMENT_NZ_NC,
        &SimdClass::of(&chars::SEGMENT_NZ_NC),
        cases,
        70,
    );
}

/// The whole parser with the vector scans and with the scalar ones:
/// the same components and the same errors (index, kind and component),
/// on generated references of every top-level form.
#[test]
fn the_parser_gives_the_same_answers_either_way() {
    use crate::parse::{Top, parse};
    const PREFIXES: &[&[u8]] = &[
        b"http://a",
        b"https://u@h:80",
        b"//h",
        b"s:",
        b"s:/",
        b"",
        b"/",
        b"a/",
    ];
    const PARTS: &[u8] = b"abZ09F%%%%?????###//:@[]\"<>\\^`{|}~-._!$&'()*+,;= \x00\x7f\x80\xff";
    let mut rng = Lcg(0xfeed);
    let cases = if cfg!(miri) { 30 } else { 30_000 };
    let mut buf = Vec::new();
    for _ in 0..cases {
        buf.clear();
        buf.extend_from_slice(PREFIXES[rng.next() as usize % PREFIXES.len()]);
        for _ in 0..rng.next() as usize % 70 {
            let r = rng.next();
            buf.push(if r.is_multiple_of(3) {
                PARTS[(r >> 8) as usize % PARTS.len()]
            } else {
                b"abcXYZ0129-/"[(r >> 8) as usize % 12]
            });
        }
        for top in [
            Top::UriReference,
            Top::Uri,
            Top::AbsoluteUri,
            Top::RelativeRef,
        ] {
            let fast = parse(&buf, top);
            super::FORCE_SCALAR.with(|f| f.set(true));
            let slow = parse(&buf, top);
            super::FORCE_SCALAR.with(|f| f.set(false));
            assert_eq!(fast, slow, "{:?} as {top:?}", String::from_utf8_lossy(&buf));
        }
    }
}

/// The same for the IRI profile, whose non-ASCII runs end the scans
/// (vector or scalar) and are taken out of line: UTF-8 of characters in
/// and out of ucschar and iprivate among the ASCII of every form.
#[test]
fn the_iri_profile_gives_the_same_answers_either_way() {
    use crate::parse::{Top, parse_with, profile};
    const PREFIXES: &[&str] = &["http://a", "https://u@h:80", "//h", "s:", "/", "", "a/"];
    const UNITS: &[&str] = &[
        "é",
        "例",
        "\u{E000}",
        "\u{FDD0}",
        "\u{10000}",
        "\u{1FFFE}",
        "\u{A0}",
        "\u{9F}",
        "%",
        "%C3",
        "?",
        "#",
        "/",
        ":",
        "@",
        "[",
        "]",
        " ",
        "abcdefgh",
        "0123",
        "-._~",
    ];
    let mut rng = Lcg(0xbeef);
    let cases = if cfg!(miri) { 20 } else { 20_000 };
    let mut buf = Vec::new();
    for _ in 0..cases {
        buf.clear();
        buf.extend_from_slice(PREFIXES[rng.next() as usize % PREFIXES.len()].as_bytes());
        for _ in 0..rng.next() as usize % 24 {
            let u = UNITS[rng.next() as usize % UNITS.len()];
            buf.extend_from_slice(u.as_bytes());
        }
        if rng.next().is_multiple_of(8) {
            // A broken sequence: a lead byte without its continuation.
            buf.push(0xE4);
        }
        for top in [Top::UriReference, Top::Uri, Top::RelativeRef] {
            let fast = parse_with::<{ profile::IRI }>(&buf, top);
            super::FORCE_SCALAR.with(|f| f.set(true));
            let slow = parse_with::<{ profile::IRI }>(&buf, top);
            super::FORCE_SCALAR.with(|f| f.set(false));
            assert_eq!(fast, slow, "{:?} as {top:?}", String::from_utf8_lossy(&buf));
        }
    }
}

#[test]
fn same_answers_as_the_scalar_skip() {
    let cases = if cfg!(miri) { 40 } else { 20_000 };
    for (class, simd) in [
        (&chars::REG_NAME, SimdClass::of(&chars::REG_NAME)),
        (&chars::PATH, PATH_SIMD),
    ] {
        let mut rng = Lcg(0x5c1b);
        let mut buf = Vec::new();
        for _ in 0..cases {
            rng.fill(&mut buf, 70, 5, b"abcXYZ0129-.");
            for start in 0..=buf.len().min(40) {
                let want = crate::parse::skip(&buf, start, class);
                let got = super::skip(&buf, start, &simd);
                #[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "ssse3")))]
                assert_eq!(got.is_some(), buf.len() >= 16 && super::ssse3_available());
                assert_eq!(got.unwrap_or(want), want, "{:?} from {start}", buf);
            }
        }
    }
}

#[test]
fn triplets_across_block_edges() {
    // A `%` at each position of the first block, valid or not, with the
    // input ending at each length after it.
    // Under miri, only the positions around the first block's end.
    let positions = if cfg!(miri) { 12..18 } else { 0..20 };
    for pos in positions {
        for tail in [&b"41"[..], b"4", b"", b"4g", b"g1", b"%41", b"41/"] {
            let mut s = vec![b'a'; pos];
            s.push(b'%');
            s.extend_from_slice(tail);
            s.extend_from_slice(b"bbbbbbbbbbbbbbbbbb");
            for cut in pos..s.len() {
                let t = &s[..=cut];
                for start in 0..=t.len().min(3) {
                    let want = scalar_scan(t, start, &chars::PATH);
                    let got = vector(t, start, &PATH_SIMD).unwrap_or(want);
                    assert_eq!(got, want, "{:?} from {start}", t);
                }
            }
        }
    }
}

#[test]
fn the_pair_tables_match_the_classes() {
    let pair = super::HTTP_PAIR;
    for b in 0..=255u8 {
        assert_eq!(
            pair.member(b, false),
            chars::QUERY.contains(b),
            "byte {b:#04x}"
        );
        assert_eq!(
            pair.member(b, true),
            chars::REG_NAME.contains(b),
            "byte {b:#04x}"
        );
    }
}

#[test]
fn the_byte_table_matches_the_classes() {
    let t = super::HTTP_BYTES;
    for b in 0..=127u8 {
        let bits = t.bits(b);
        let has = |bit: u8| bits & bit != 0;
        assert_eq!(
            has(super::ByteTable::STOP),
            !chars::QUERY.contains(b) && b != b'%',
            "byte {b:#04x}"
        );
        assert_eq!(
            has(super::ByteTable::NONREG),
            !chars::REG_NAME.contains(b) && b != b'%',
            "byte {b:#04x}"
        );
        assert_eq!(has(super::ByteTable::PCT), b == b'%', "byte {b:#04x}");
        assert_eq!(has(super::ByteTable::QMARK), b == b'?', "byte {b:#04x}");
    }
}

#[test]
#[cfg(all(target_arch = "x86_64", feature = "std"))]
fn the_avx512_masks_run_where_the_cpu_has_them() {
    // Only the AVX-512 code takes inputs under 32 bytes.
    let cpu = std::is_x86_feature_detected!("avx512f")
        && std::is_x86_feature_detected!("avx512bw")
        && std::is_x86_feature_detected!("avx512vbmi");
    assert_eq!(super::masks(b"http://a/").is_some(), cpu && !cfg!(miri));
}
/// The masks against their definitions, bit by bit, on generated inputs of
/// every length around the ranges they cover.
#[test]
fn the_masks_are_the_classes_bit_by_bit() {
    let cases = if cfg!(miri) { 30 } else { 20_000 };
    let mut rng = Lcg(0x3a5c);
    let mut buf = Vec::new();
    for _ in 0..cases {
        rng.fill(&mut buf, 140, 3, b"abcXYZ0129-./?=&");
        let len = buf.len();
        let bits = |f: &dyn Fn(u8) -> bool| -> u128 {
            // (Past 128 bytes neither form is computed.)
            buf.iter()
                .take(128)
                .enumerate()
                .filter(|&(_, &b)| f(b))
                .fold(0, |m, (k, _)| m | 1 << k)
        };
        let want = super::Masks {
            stop: bits(&|b| !chars::QUERY.contains(b) && b != b'%'),
            nonreg: bits(&|b| !chars::REG_NAME.contains(b) && b != b'%'),
            pct: bits(&|b| b == b'%'),
            qmark: bits(&|b| b == b'?'),
        };
        super::each_mask_code(|code| {
            let narrow = super::masks(&buf);
            let wide = super::masks_wide(&buf);
            #[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "avx2")))]
            {
                let avx2 = super::avx2_available();
                let from = if code == "avx512" { 0 } else { 32 };
                assert_eq!(
                    narrow.is_some(),
                    avx2 && (from..=64).contains(&len),
                    "{code}"
                );
                assert_eq!(wide.is_some(), avx2 && (65..=128).contains(&len), "{code}");
            }
            if let Some(m) = narrow {
                let m = super::Masks {
                    stop: u128::from(m.stop),
                    nonreg: u128::from(m.nonreg),
                    pct: u128::from(m.pct),
                    qmark: u128::from(m.qmark),
                };
                assert_eq!(m, want, "{code}: {buf:?}");
            }
            if let Some(m) = wide {
                assert_eq!(m, want, "{code}: {buf:?}");
            }
        });
    }
}

/// `component`'s one `unsafe` block, through every accessor, under miri
/// too: values from the parser (the shortcut and the forward parser, URIs
/// and IRIs with multi-byte characters next to every delimiter) and from
/// the code that builds a `Meta` without parsing (resolution,
/// normalization). Expected components written by hand.
#[test]
fn component_slices_every_accessor() {
    use crate::{IriRef, UriRef};
    type Parts<'a> = (
        Option<&'a str>,
        Option<&'a str>,
        Option<&'a str>,
        Option<&'a str>,
        Option<&'a str>,
        &'a str,
        Option<&'a str>,
        Option<&'a str>,
    );
    fn parts_of_uri<'a>(u: &UriRef<'a>) -> Parts<'a> {
        (
            u.scheme(),
            u.authority(),
            u.userinfo(),
            u.host_str(),
            u.port(),
            u.path(),
            u.query(),
            u.fragment(),
        )
    }
    let uri = UriRef::parse("http://u:p@h.example:80/a/b?q=1#f").unwrap();
    assert_eq!(
        parts_of_uri(&uri),
        (
            Some("http"),
            Some("u:p@h.example:80"),
            Some("u:p"),
            Some("h.example"),
            Some("80"),
            "/a/b",
            Some("q=1"),
            Some("f")
        )
    );
    // The forward parser (not http), a relative reference, an empty one.
    let rel = UriRef::parse("//[::1]:/x?#").unwrap();
    assert_eq!(
        parts_of_uri(&rel),
        (
            None,
            Some("[::1]:"),
            None,
            Some("[::1]"),
            Some(""),
            "/x",
            Some(""),
            Some("")
        )
    );
    let empty = UriRef::parse("").unwrap();
    assert_eq!(
        parts_of_uri(&empty),
        (None, None, None, None, None, "", None, None)
    );
    // Multi-byte characters on both sides of every delimiter.
    let iri = IriRef::parse("./é:/ü@ñ.é:1/ö/é?ä=ß#ç").unwrap();
    assert_eq!(
        (
            iri.scheme(),
            iri.authority(),
            iri.path(),
            iri.query(),
            iri.fragment()
        ),
        (None, None, "./é:/ü@ñ.é:1/ö/é", Some("ä=ß"), Some("ç"))
    );
    let iri = IriRef::parse("x://ü@ñ.é:1/ö/é?ä=ß#ç").unwrap();
    assert_eq!(
        (
            iri.scheme(),
            iri.authority(),
            iri.userinfo(),
            iri.host_str(),
            iri.port(),
            iri.path(),
            iri.query(),
            iri.fragment()
        ),
        (
            Some("x"),
            Some("ü@ñ.é:1"),
            Some("ü"),
            Some("ñ.é"),
            Some("1"),
            "/ö/é",
            Some("ä=ß"),
            Some("ç")
        )
    );
    // Values whose `Meta` was built, not parsed.
    let base = crate::Uri::parse("http://a/b/c/d;p?q").unwrap();
    let resolved = base.resolve(UriRef::parse("../g?y#s").unwrap()).unwrap();
    assert_eq!(
        (
            resolved.authority(),
            resolved.path(),
            resolved.query(),
            resolved.fragment()
        ),
        (Some("a"), "/b/g", Some("y"), Some("s"))
    );
    let normal = UriRef::parse("HTTP://A/./b/../c?%7e#x")
        .unwrap()
        .normalize();
    let normal = normal.as_uri_ref();
    assert_eq!(
        (
            normal.scheme(),
            normal.host_str(),
            normal.path(),
            normal.query()
        ),
        (Some("http"), Some("a"), "/c", Some("~"))
    );
}
