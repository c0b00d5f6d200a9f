//! The common case at a glance: an `http:` or `https:` URI of up to 128
//! bytes (from 32 bytes without AVX-512) with a `reg-name` or IPv4 host, an
//! optional port, and no userinfo.
//!
//! The byte masks of `simd::masks` classify the whole input at once; each
//! boundary is then one `trailing_zeros`: the authority ends at the first
//! byte that is not a `reg-name` byte (after a `:` and its port digits if
//! that byte is a `:`), the path at the first `?`, and everything after the
//! authority at the first byte outside `query` (which must be the `#` of
//! the fragment, with no such byte after it). Every `%` must start a
//! triplet.
//!
//! In the IRI profile the same masks serve: a non-ASCII byte stops the
//! path, query or fragment there as it does in the URI profile, and the
//! run of characters it starts is then taken by [`super::ucs_run`] (with
//! `iprivate` after the `?`), the forward parser's own check, and the
//! search goes on after it. A non-ASCII byte in the authority gives no
//! answer.
//!
//! This is an accelerator, not a second grammar: it answers only when the
//! input is valid and of that shape, with the very [`Meta`] the forward
//! parser gives, and says nothing otherwise (a userinfo, an IP literal, a
//! bad byte, a bad triplet: the parser then runs from the start, and every
//! error comes from it). The tests run the parser with and without it on
//! generated inputs and on the corpora.

use super::profile::IRI;
use super::{Meta, NONE, Top, host_kind, http_scheme, pct_ok, skip, ucs_run_inline};
use crate::chars::DIGIT;
use crate::simd;

/// A mask of one bit per byte of the input.
trait Bits: Copy {
    /// The index of the first set bit at or after `from`.
    fn first(self, from: usize) -> Option<usize>;
    /// The index of the lowest set bit, which is cleared.
    fn take_lowest(&mut self) -> Option<usize>;
}

macro_rules! bits {
    ($t:ty) => {
        impl Bits for $t {
            #[inline(always)]
            fn first(self, from: usize) -> Option<usize> {
                let m = if from < <$t>::BITS as usize {
                    self & (<$t>::MAX << from)
                } else {
                    0
                };
                (m != 0).then(|| m.trailing_zeros() as usize)
            }
            #[inline(always)]
            fn take_lowest(&mut self) -> Option<usize> {
                if *self == 0 {
                    return None;
                }
                let k = self.trailing_zeros() as usize;
                *self &= *self - 1;
                Some(k)
            }
        }
    };
}
bits!(u64);
bits!(u128);

/// The [`Meta`] of `s`, parsed as `top` (not a relative reference) in
/// profile `P` (the URI profile, or the IRI profile), when it has the shape
/// above; `None` otherwise.
#[inline(always)]
pub(super) fn http<const P: u8>(s: &[u8], top: Top) -> Option<Meta> {
    let scheme_end = http_scheme(s);
    if scheme_end == 0 {
        return None;
    }
    if s.len() <= 64 {
        shape::<P, _>(s, simd::masks(s)?, scheme_end, top)
    } else {
        shape::<P, _>(s, simd::masks_wide(s)?, scheme_end, top)
    }
}

#[inline(always)]
fn shape<const P: u8, M: Bits>(
    s: &[u8],
    m: simd::Masks<M>,
    scheme_end: usize,
    top: Top,
) -> Option<Meta> {
    let len = s.len();
    let a = scheme_end + 3;
    if s.get(scheme_end + 1..a)? != b"//" {
        return None;
    }
    // The authority: reg-name bytes (or triplets) up to `p`.
    let p = m.nonreg.first(a).unwrap_or(len);
    let (host_end, end) = match s.get(p) {
        None | Some(b'/' | b'?' | b'#') => (p, p),
        Some(b':') => {
            let q = skip(s, p + 1, &DIGIT);
            if !matches!(s.get(q), None | Some(b'/' | b'?' | b'#')) {
                return None;
            }
            (p, q)
        }
        // "@" (a userinfo), "[" (an IP literal), or a bad byte.
        Some(_) => return None,
    };
    // Path, query and fragment: `query` bytes up to the `#`, if any, and
    // after it.
    let fragment = if P & IRI != 0 {
        iri_stops(s, &m, end, top)?
    } else {
        match m.stop.first(end) {
            None => NONE,
            Some(f) => {
                if s[f] != b'#' || top == Top::AbsoluteUri || m.stop.first(f + 1).is_some() {
                    return None;
                }
                f as u32
            }
        }
    };
    let pq_end = if fragment == NONE {
        len
    } else {
        fragment as usize
    };
    // Every `%` in the input is in the authority, path, query or fragment
    // (the scheme is "http" or "https"), and all of them allow triplets.
    let mut pct = m.pct;
    while let Some(k) = pct.take_lowest() {
        if !pct_ok(s, k) {
            return None;
        }
    }
    // Without a branch: whether a URI has a query is as good as random
    // from row to row, and a mispredicted branch costs more than the
    // selects.
    let q = m.qmark.first(end).unwrap_or(len).min(pq_end);
    let query_start = if q < pq_end { q as u32 } else { NONE };
    let host = &s[a..host_end];
    // The shortcut takes at most 128 bytes (`simd::masks_wide`): every
    // offset fits in the low half of a word (and `NONE` is a `u32`).
    let pair = |lo: u64, hi: u64| lo | hi << 32;
    let at = |i: usize| i as u64;
    Some(Meta::from_pairs(
        [
            pair(at(scheme_end), at(a)),
            pair(at(a), at(host_end)),
            pair(at(end), at(q)),
            pair(query_start.into(), fragment.into()),
        ],
        host_kind(host),
    ))
}

/// The IRI profile's walk over the bytes that stop `query` from `end`:
/// the `#` of the fragment (once, and not in an absolute IRI), and runs of
/// non-ASCII characters that [`super::ucs_run`] takes (`iprivate` too after the
/// first `?` and before the `#`). The start of the fragment (or `NONE`),
/// or `None` at any other byte.
#[inline(always)]
fn iri_stops<M: Bits>(s: &[u8], m: &simd::Masks<M>, end: usize, top: Top) -> Option<u32> {
    let q = m.qmark.first(end).unwrap_or(s.len());
    let mut fragment = NONE;
    let mut from = end;
    while let Some(k) = m.stop.first(from) {
        let b = s[k];
        if b >= 0x80 {
            let n = ucs_run_inline(s, k, fragment == NONE && q < k);
            if n == 0 {
                return None;
            }
            from = k + n;
        } else if b == b'#' && fragment == NONE && top != Top::AbsoluteUri {
            fragment = k as u32;
            from = k + 1;
        } else {
            return None;
        }
    }
    Some(fragment)
}

#[cfg(test)]
mod tests {
    use super::super::profile::URI;
    use super::super::{Meta, NONE, Top, parse};
    use crate::host::HostKind;
    use crate::simd::FORCE_SCALAR;

    /// The parser without this shortcut (nor the other vector code).
    fn slow(s: &[u8], top: Top) -> Result<Meta, crate::ParseError> {
        FORCE_SCALAR.with(|f| f.set(true));
        let r = parse(s, top);
        FORCE_SCALAR.with(|f| f.set(false));
        r
    }

    /// Whether the masks are computed here: without them every test below
    /// would compare the parser with itself.
    fn runs_here() -> bool {
        crate::simd::masks(&[b'a'; 40]).is_some()
    }

    #[test]
    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    fn the_shortcut_runs_on_this_machine() {
        // AVX2 is in every x86_64 CPU sold for servers since 2013; CI's
        // machines have it.
        assert_eq!(runs_here(), std::is_x86_feature_detected!("avx2"));
        assert!(runs_here(), "no AVX2 here: the shortcut is not tested");
    }

    #[test]
    fn components_by_hand() {
        // Each boundary worked out from the grammar (3, 3.2, 3.3-3.5).
        let s = b"http://www.example.com:8042/over/there?name=ferret#nose";
        let m = super::http::<{ URI }>(s, Top::UriReference);
        if !runs_here() {
            assert_eq!(m, None);
            return;
        }
        let m = m.expect("the common shape");
        assert_eq!(
            (m.scheme_end, m.auth_start, m.host_start, m.host_end),
            (4, 7, 7, 22)
        );
        assert_eq!((m.path_start, m.path_end, m.query_start), (27, 38, 38));
        assert_eq!((m.fragment_start, m.host_kind), (50, HostKind::RegName));
        // 30 bytes: too short for the AVX2 masks, not for AVX-512's.
        let m = super::http::<{ URI }>(b"https://192.0.2.16/%41%62/?%7e", Top::Uri);
        if crate::simd::avx512_here() {
            let m = m.expect("AVX-512 takes short inputs");
            assert_eq!((m.scheme_end, m.host_start, m.host_end), (5, 8, 18));
            assert_eq!((m.path_start, m.path_end, m.query_start), (18, 26, 26));
            assert_eq!((m.fragment_start, m.host_kind), (NONE, HostKind::Ipv4));
        } else {
            assert_eq!(m, None);
        }
        let m = super::http::<{ URI }>(b"https://192.0.2.16/%41%62/?%7e#%7E%7e", Top::Uri).unwrap();
        assert_eq!((m.host_end, m.host_kind), (18, HostKind::Ipv4));
        assert_eq!((m.path_start, m.path_end, m.fragment_start), (18, 26, 30));
        let m = super::http::<{ URI }>(b"http://h/a?b?c/d?e=f&g=h#?", Top::Uri);
        if crate::simd::avx512_here() {
            // The first `?` starts the query; a `?` is a fragment byte.
            let m = m.expect("AVX-512 takes short inputs");
            assert_eq!((m.host_start, m.host_end, m.path_start), (7, 8, 8));
            assert_eq!((m.path_end, m.query_start, m.fragment_start), (10, 10, 24));
        } else {
            assert_eq!(m, None, "short");
        }
        // No answer where the parser has more to say.
        for s in [
            &b"http://user@www.example.com/over/there?q"[..],
            b"http://[2001:db8::7]/c=GB?objectClass?one",
            b"http://www.example.com/over/there?q#f#g",
            b"http://www.example.com/over/there%4?q#f",
            b"http://www.example.com:80a/over/there?q",
            b"http://www.example.com/over/there?q=\xc3\xa9",
            b"http://www.example.com/over/there?q=[1]",
        ] {
            assert_eq!(super::http::<{ URI }>(s, Top::UriReference), None, "{s:?}");
        }
        let s = b"http://www.example.com/over/there?q#frag";
        assert_eq!(super::http::<{ URI }>(s, Top::AbsoluteUri), None);
        assert_eq!(
            super::http::<{ URI }>(s, Top::Uri).unwrap().fragment_start,
            35
        );
        let m =
            super::http::<{ URI }>(b"http://www.example.com/no/query/here#frag", Top::Uri).unwrap();
        assert_eq!(
            (m.path_end, m.query_start, m.fragment_start),
            (36, NONE, 36)
        );
    }

    /// Generated inputs, mostly of the shape the shortcut takes and often a
    /// byte away from it: the parser's answer with and without it.
    #[test]
    fn the_parser_gives_the_same_answers_with_and_without_it() {
        crate::simd::each_mask_code(generated_inputs);
    }

    /// The test above, with the mask code `code`.
    fn generated_inputs(code: &str) {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) as usize
        };
        const COMMON: &[u8] = b"abcxyzABCXYZ0123456789-._~/////...???==&&";
        const RARE: &[u8] = b"%%%%%%FfAa::::::##@@[]!$'()*+,; \"<>\\^`{|}\x00\x7f\x80\xc3\xff";
        let cases = if cfg!(miri) { 40 } else { 40_000 };
        let (mut taken, mut buf) = (0, Vec::new());
        for _ in 0..cases {
            buf.clear();
            buf.extend_from_slice(if next() % 2 == 0 {
                b"http://"
            } else {
                b"https://"
            });
            // 7 to 141 bytes: short ones only AVX-512 takes, and long ones
            // past the masks' 128.
            for _ in 0..next() % 135 {
                let r = next();
                buf.push(if r % 25 == 0 {
                    RARE[(r >> 8) % RARE.len()]
                } else {
                    COMMON[(r >> 8) % COMMON.len()]
                });
            }
            for top in [Top::UriReference, Top::Uri, Top::AbsoluteUri] {
                let want = slow(&buf, top);
                assert_eq!(
                    parse(&buf, top),
                    want,
                    "{:?}",
                    String::from_utf8_lossy(&buf)
                );
                if let Some(m) = super::http::<{ URI }>(&buf, top) {
                    assert_eq!(Ok(m), want, "{code}");
                    taken += 1;
                }
            }
        }
        // (Over the 40,000 cases, once per case and top-level rule, it
        // answered 39,576 times with AVX-512 and 22,934 with AVX2, which
        // takes no input under 32 bytes; 16 and 10 times over miri's 40.)
        if runs_here() {
            assert!(
                taken > cases / 8,
                "{code}: the shortcut answered only {taken} times"
            );
        }
    }

    /// Every line of the committed samples (and of the full corpora when
    /// they are there), with and without the shortcut.
    #[test]
    #[cfg_attr(miri, ignore = "reads files")]
    fn the_corpora_parse_the_same_with_and_without_it() {
        // The samples always; the full files where `urikit-testdata` finds
        // them (it notes a skip, and fails under CI=true).
        let mut files = Vec::new();
        for name in ["gsd-urls.txt", "kasztp.txt"] {
            files.push(urikit_testdata::sample(name));
            files.extend(urikit_testdata::full(name));
        }
        let texts: Vec<Vec<u8>> = files
            .iter()
            .map(|f| std::fs::read(f).unwrap_or_else(|e| panic!("{}: {e}", f.display())))
            .collect();
        crate::simd::each_mask_code(|code| corpus_lines(code, &texts));
    }

    /// The test above, with the mask code `code`.
    fn corpus_lines(code: &str, texts: &[Vec<u8>]) {
        let mut taken = 0;
        for text in texts {
            for line in text.split(|&b| b == b'\n') {
                let line = line.strip_suffix(b"\r").unwrap_or(line);
                let want = slow(line, Top::UriReference);
                assert_eq!(
                    parse(line, Top::UriReference),
                    want,
                    "{:?}",
                    String::from_utf8_lossy(line)
                );
                if let Some(m) = super::http::<{ URI }>(line, Top::UriReference) {
                    assert_eq!(Ok(m), want, "{code}");
                    taken += 1;
                }
            }
        }
        if runs_here() {
            assert!(
                taken > 10_000,
                "{code}: the shortcut answered only {taken} times"
            );
        }
    }
}

/// The shortcut in the IRI profile: the same comparisons as above, with
/// non-ASCII characters of every class in the path, query and fragment.
#[cfg(test)]
mod iri_tests {
    use super::super::profile::IRI;
    use super::super::{Meta, Top, parse_with};
    use crate::simd::FORCE_SCALAR;

    fn slow(s: &[u8], top: Top) -> Result<Meta, crate::ParseError> {
        FORCE_SCALAR.with(|f| f.set(true));
        let r = parse_with::<IRI>(s, top);
        FORCE_SCALAR.with(|f| f.set(false));
        r
    }

    fn runs_here() -> bool {
        crate::simd::masks(&[b'a'; 40]).is_some()
    }

    /// Each boundary worked out by hand (RFC 3987 2.2): `ucschar` in the
    /// path, query and fragment, `iprivate` (U+E000) in the query only.
    #[test]
    fn components_by_hand() {
        if !runs_here() {
            return;
        }
        let s = "https://be.wikipedia.org/wiki/Мікранезія#беларуская".as_bytes();
        let m = super::http::<IRI>(s, Top::Uri).expect("the common shape");
        assert_eq!((m.host_start, m.host_end, m.path_start), (8, 24, 24));
        assert_eq!((m.path_end, m.fragment_start), (50, 50));
        let s = "https://te.wikipedia.org/w/index.php?title=నైజర్&action=history\u{E000}";
        let m = super::http::<IRI>(s.as_bytes(), Top::Uri).expect("iprivate in the query");
        assert_eq!((m.path_end, m.query_start), (36, 36));
        for s in [
            // iprivate in the path, and in the fragment.
            "https://www.example.org/wiki/\u{E000}/and/more/bytes",
            "https://www.example.org/wiki/a?b=c#\u{E000}/and/more/bytes",
            // Not a ucschar: U+009F, U+FFFE, U+FDD0.
            "https://www.example.org/wiki/\u{9F}/and/more/bytes",
            "https://www.example.org/wiki/\u{FFFE}/and/more/bytes",
            "https://www.example.org/wiki/a?\u{FDD0}/and/more/bytes",
            // A non-ASCII host: the forward parser's.
            "https://bücher.example.org/wiki/a/and/more/bytes",
        ] {
            assert_eq!(super::http::<IRI>(s.as_bytes(), Top::Uri), None, "{s}");
        }
        // Bytes that are not UTF-8: no answer either.
        for s in [
            &b"https://www.example.org/wiki/\xC3/and/more/bytes"[..],
            b"https://www.example.org/wiki/\xE0\x9F\xBF/and/more/bytes",
            b"https://www.example.org/wiki/\xED\xA0\x80/and/more/bytes",
            b"https://www.example.org/wiki/and/more/bytes/\xE0\xA4",
        ] {
            assert_eq!(super::http::<IRI>(s, Top::Uri), None, "{s:?}");
        }
    }

    /// Generated IRIs, often a character away from the shortcut's shape:
    /// the parser's answer with and without it.
    #[test]
    fn the_parser_gives_the_same_answers_with_and_without_it() {
        crate::simd::each_mask_code(generated_inputs);
    }

    fn generated_inputs(code: &str) {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) as usize
        };
        const COMMON: &[u8] = b"abcxyzABC0123-._~/////...??==&&";
        // Each class of lead byte and its edges: the first and last of
        // each common form, overlong and surrogate forms, iprivate
        // (U+E000, U+F0000), non-characters, astral ucschar, truncated and
        // stray bytes.
        const CHARS: &[&[u8]] = &[
            "é".as_bytes(),
            "\u{A0}".as_bytes(),
            "\u{9F}".as_bytes(),
            "\u{7FF}".as_bytes(),
            "\u{800}".as_bytes(),
            "अ".as_bytes(),
            "\u{FFF}".as_bytes(),
            "\u{1000}".as_bytes(),
            "中".as_bytes(),
            "\u{CFFF}".as_bytes(),
            "\u{D000}".as_bytes(),
            "\u{D7FF}".as_bytes(),
            "\u{E000}".as_bytes(),
            "\u{F8FF}".as_bytes(),
            "\u{F900}".as_bytes(),
            "\u{FDD0}".as_bytes(),
            "\u{FFFE}".as_bytes(),
            "\u{1F600}".as_bytes(),
            "\u{1FFFE}".as_bytes(),
            "\u{F0000}".as_bytes(),
            "\u{10FFFD}".as_bytes(),
            b"\xC0\xAF",
            b"\xC1\xBF",
            b"\xE0\x9F\xBF",
            b"\xED\xA0\x80",
            b"\xF0\x8F\xBF\xBF",
            b"\xF4\x90\x80\x80",
            b"\xC3",
            b"\xE0\xA4",
            b"\x80",
            b"\xFF",
            b"%",
            b"#",
            b"@",
            b":",
            b"%C3%A9",
        ];
        let cases = if cfg!(miri) { 40 } else { 40_000 };
        let (mut taken, mut buf) = (0, Vec::new());
        for _ in 0..cases {
            buf.clear();
            buf.extend_from_slice(if next() % 2 == 0 {
                b"http://"
            } else {
                b"https://"
            });
            buf.extend_from_slice(b"xx.example.org/");
            // Up to about 140 bytes: some past the masks' 128.
            for _ in 0..next() % 60 {
                let r = next();
                if r % 4 == 0 {
                    buf.extend_from_slice(CHARS[(r >> 8) % CHARS.len()]);
                } else {
                    buf.push(COMMON[(r >> 8) % COMMON.len()]);
                }
            }
            for top in [Top::UriReference, Top::Uri, Top::AbsoluteUri] {
                let want = slow(&buf, top);
                assert_eq!(
                    parse_with::<IRI>(&buf, top),
                    want,
                    "{:?}",
                    String::from_utf8_lossy(&buf)
                );
                if let Some(m) = super::http::<IRI>(&buf, top) {
                    assert_eq!(Ok(m), want, "{code}: {:?}", String::from_utf8_lossy(&buf));
                    taken += 1;
                }
            }
        }
        if runs_here() {
            assert!(
                taken > cases / 8,
                "{code}: the shortcut answered only {taken} times"
            );
        }
    }

    /// Every line of wiki-iris.txt (the committed sample, and the full
    /// file when it is there), with and without the shortcut.
    #[test]
    #[cfg_attr(miri, ignore = "reads files")]
    fn the_wiki_iris_parse_the_same_with_and_without_it() {
        let mut files = vec![urikit_testdata::sample("wiki-iris.txt")];
        files.extend(urikit_testdata::full("wiki-iris.txt"));
        let texts: Vec<Vec<u8>> = files
            .iter()
            .map(|f| std::fs::read(f).unwrap_or_else(|e| panic!("{}: {e}", f.display())))
            .collect();
        crate::simd::each_mask_code(|code| {
            let (mut taken, mut non_ascii) = (0, 0);
            for text in &texts {
                for line in text.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
                    let want = slow(line, Top::UriReference);
                    assert!(want.is_ok(), "{:?}", String::from_utf8_lossy(line));
                    assert_eq!(parse_with::<IRI>(line, Top::UriReference), want);
                    if let Some(m) = super::http::<IRI>(line, Top::UriReference) {
                        assert_eq!(Ok(m), want, "{code}");
                        taken += 1;
                        non_ascii += usize::from(!line.is_ascii());
                    }
                }
            }
            if runs_here() {
                assert!(
                    non_ascii > 1_000,
                    "{code}: the shortcut answered {taken} times, {non_ascii} non-ASCII"
                );
            }
        });
    }
}
