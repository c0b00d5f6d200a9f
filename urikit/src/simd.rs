//! Sixteen bytes at a time: the scan of `*( class / pct-encoded )` with
//! SSSE3 on x86_64.
//!
//! The only module with `unsafe`, for one reason: the SSSE3 instructions
//! live in a `#[target_feature(enable = "ssse3")]` function, and calling
//! it is `unsafe` because the CPU must have SSSE3. Each call is preceded by
//! that check: at compile time when the target enables SSSE3, otherwise at
//! run time with `std::is_x86_feature_detected!` (without `std`, and on other
//! architectures, the scalar scan runs). There is no pointer arithmetic:
//! blocks are loaded from checked slices.
//!
//! The scalar scan in `parse/mod.rs` stays the definition. This one must give
//! the same answer for every input and start index; the tests below compare
//! the two on generated inputs, and CI runs them under miri.
//!
//! The measured win that pays for the `unsafe` (criterion, `python3
//! bench/compare.py`, same 2-core machine): the 2 KB query of
//! `parse-2kb-query` went from 896 ns with the scalar scan to 317 ns, and the
//! gsd corpus (with the `http:` shortcut of `parse/mod.rs`) from 1.34 GiB/s to
//! 1.82 GiB/s. A plain SSE2 version (range compares instead of table
//! lookups) measured no faster than the scalar scan: it took as many
//! instructions per block as the table loop.
//!
//! How a block is classified: a byte `b` below 0x80 is split into its high
//! nibble `h` and low nibble `l`; two 16-entry tables, `hi[h]` and `lo[l]`,
//! are looked up with one `pshufb` each and ANDed. Each distinct row of the
//! class (the set of low nibbles that are members for one high nibble) gets
//! one bit, and so does each distinct row of HEXDIG, so `lo[l] & hi[h]` has
//! a member bit exactly when `b` is a member and a hex bit exactly when `b`
//! is a hex digit. Bytes from 0x80 up index `lo` with the top bit set, which
//! `pshufb` answers with zero: not a member. `SimdClass::of` builds the
//! tables from the class's own table at compile time.

use crate::chars::{CharClass, HEXDIG};

/// A class in the form the vector code uses; see the module documentation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SimdClass {
    lo: [u8; 16],
    hi: [u8; 16],
    /// The member bits and the hex bits, in every lane, ready to load.
    member: [u8; 16],
    hex: [u8; 16],
}

impl SimdClass {
    /// The nibble tables of `class` (which must not contain `%` or any
    /// byte from 0x80 up) and of HEXDIG. Fails the build if the two need
    /// more than eight distinct rows between them.
    pub(crate) const fn of(class: &CharClass) -> SimdClass {
        let mut t = SimdClass {
            lo: [0; 16],
            hi: [0; 16],
            member: [0; 16],
            hex: [0; 16],
        };
        let (mut member_bits, mut hex_bits) = (0u8, 0u8);
        let mut next_bit = 0;
        let mut pass = 0;
        while pass < 2 {
            let mut rows = [0u16; 8];
            let mut bits = [0u8; 8];
            let mut n = 0;
            let mut h = 0;
            while h < 8 {
                let mut row = 0u16;
                let mut l = 0;
                while l < 16 {
                    let b = (h * 16 + l) as u8;
                    let member = if pass == 0 {
                        class.contains(b)
                    } else {
                        HEXDIG.contains(b)
                    };
                    if member {
                        row |= 1 << l;
                    }
                    l += 1;
                }
                if row != 0 {
                    let mut k = 0;
                    while k < n && rows[k] != row {
                        k += 1;
                    }
                    if k == n {
                        assert!(next_bit < 8, "too many distinct rows for one byte");
                        rows[n] = row;
                        bits[n] = 1 << next_bit;
                        next_bit += 1;
                        n += 1;
                    }
                    t.hi[h] |= bits[k];
                    let mut l = 0;
                    while l < 16 {
                        if row & (1 << l) != 0 {
                            t.lo[l] |= bits[k];
                        }
                        l += 1;
                    }
                    if pass == 0 {
                        member_bits |= bits[k];
                    } else {
                        hex_bits |= bits[k];
                    }
                }
                h += 1;
            }
            pass += 1;
        }
        let mut b = 0x80;
        while b < 256 {
            assert!(
                !class.contains(b as u8),
                "the vector scan is for ASCII classes"
            );
            b += 1;
        }
        assert!(
            !class.contains(b'%'),
            "a percent sign is scanned as a triplet"
        );
        t.member = [member_bits; 16];
        t.hex = [hex_bits; 16];
        t
    }

    /// Whether `b` is a member, by the tables (the compile-time checks and
    /// the tests compare this with the class).
    #[cfg(test)]
    pub(crate) const fn member(&self, b: u8) -> bool {
        b < 0x80 && self.lo[(b & 0x0F) as usize] & self.hi[(b >> 4) as usize] & self.member[0] != 0
    }
}

#[cfg(test)]
std::thread_local! {
    /// Set by tests to run the parser with the scalar scans only, as the
    /// reference the vector scans are compared with.
    pub(crate) static FORCE_SCALAR: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

#[cfg(test)]
#[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "ssse3")))]
fn forced_scalar() -> bool {
    FORCE_SCALAR.with(|f| f.get())
}

#[cfg(not(test))]
#[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "ssse3")))]
#[inline(always)]
fn forced_scalar() -> bool {
    false
}

/// `Some(result of the scan)`, or `None` where the vector scan does not
/// run: inputs shorter than one block, CPUs without SSSE3, `no_std` builds
/// for targets without SSSE3, other architectures.
#[inline(always)]
pub(crate) fn scan(s: &[u8], i: usize, class: &SimdClass) -> Option<Result<usize, usize>> {
    run::<false>(s, i, class).map(|(r, _)| r)
}

/// A path and the query after it in one scan, for a parser that knows the
/// path may be followed by a query: [`scan`] with `class` = `query` (which
/// is the path's class plus `?`), and the index of the first `?`, where the
/// path ends if it is before the end of the scan. `None` as for [`scan`].
#[inline(always)]
pub(crate) fn scan_path_query(
    s: &[u8],
    i: usize,
    query: &SimdClass,
) -> Option<(Result<usize, usize>, usize)> {
    run::<true>(s, i, query)
}

/// The index of the first byte at or after `i` that is not in `class`
/// (`%` is not: no triplets here), as `parse::skip` finds it; `None` as
/// for [`scan`]. The authority's run of `reg-name` bytes: a host is
/// usually one block, classified with two table lookups and found with one
/// `trailing_zeros`, where the byte loop takes a branch per byte and
/// mispredicts its exit on every length.
#[inline(always)]
pub(crate) fn skip(s: &[u8], i: usize, class: &SimdClass) -> Option<usize> {
    #[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "ssse3")))]
    {
        if s.len() >= 16 && !forced_scalar() && ssse3_available() {
            // SAFETY: `skip_ssse3` needs SSSE3, which was just checked.
            return Some(unsafe { x86::skip_ssse3(s, i, class) });
        }
    }
    let _ = (s, i, class);
    None
}

/// The one place that calls the vector scan.
#[inline(always)]
fn run<const FIND_Q: bool>(
    s: &[u8],
    i: usize,
    class: &SimdClass,
) -> Option<(Result<usize, usize>, usize)> {
    #[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "ssse3")))]
    {
        if s.len() >= 16 && !forced_scalar() && ssse3_available() {
            // SAFETY: `scan_ssse3` needs SSSE3, which was just checked.
            return Some(unsafe { x86::scan_ssse3::<FIND_Q>(s, i, class) });
        }
    }
    let _ = (s, i, class);
    None
}

#[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "ssse3")))]
#[inline(always)]
fn ssse3_available() -> bool {
    #[cfg(target_feature = "ssse3")]
    {
        true
    }
    #[cfg(not(target_feature = "ssse3"))]
    {
        std::is_x86_feature_detected!("ssse3")
    }
}

#[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "ssse3")))]
/// Whether `s[q]` exists and is a hex digit.
#[inline(always)]
fn is_hex(s: &[u8], q: usize) -> bool {
    s.get(q).is_some_and(|&b| HEXDIG.contains(b))
}

#[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "ssse3")))]
mod x86 {
    use super::{SimdClass, is_hex};
    use core::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_min_epu8, _mm_movemask_epi8,
        _mm_or_si128, _mm_set_epi64x, _mm_set1_epi8, _mm_setzero_si128, _mm_shuffle_epi8,
        _mm_srli_epi16, _mm_srli_si128,
    };

    /// Sixteen bytes as a vector; LLVM makes the halves one unaligned load.
    #[inline]
    #[target_feature(enable = "ssse3")]
    fn load16(b: &[u8; 16]) -> __m128i {
        let mut lo = [0u8; 8];
        let mut hi = [0u8; 8];
        lo.copy_from_slice(&b[..8]);
        hi.copy_from_slice(&b[8..]);
        _mm_set_epi64x(i64::from_le_bytes(hi), i64::from_le_bytes(lo))
    }

    /// The block at `s[at..at + 16]`; `at + 16 <= s.len()` at every call.
    #[inline]
    #[target_feature(enable = "ssse3")]
    fn block(s: &[u8], at: usize) -> Option<__m128i> {
        let b: &[u8; 16] = s.get(at..at + 16)?.try_into().ok()?;
        Some(load16(b))
    }

    /// The class tables, loaded once per scan.
    struct Tables {
        lo: __m128i,
        hi: __m128i,
        member: __m128i,
        hex: __m128i,
    }

    /// Lanes (0xFF) that stop the scan (neither a member nor `%`); lanes
    /// that are `%`; and lanes that are nonzero exactly for hex digits.
    #[inline]
    #[target_feature(enable = "ssse3")]
    fn classify(x: __m128i, t: &Tables) -> (__m128i, __m128i, __m128i) {
        let zero = _mm_setzero_si128();
        let high = _mm_and_si128(_mm_srli_epi16::<4>(x), _mm_set1_epi8(0x0F));
        let bits = _mm_and_si128(_mm_shuffle_epi8(t.lo, x), _mm_shuffle_epi8(t.hi, high));
        let nonmember = _mm_cmpeq_epi8(_mm_and_si128(bits, t.member), zero);
        let hex = _mm_and_si128(bits, t.hex);
        let pct = _mm_cmpeq_epi8(x, _mm_set1_epi8(b'%' as i8));
        (_mm_andnot_si128(pct, nonmember), pct, hex)
    }

    /// Bit k set when byte k of `x` is not a member of the class whose
    /// tables are `lo`, `hi` and `member`.
    #[inline]
    #[target_feature(enable = "ssse3")]
    fn nonmembers(x: __m128i, lo: __m128i, hi: __m128i, member: __m128i) -> u32 {
        let high = _mm_and_si128(_mm_srli_epi16::<4>(x), _mm_set1_epi8(0x0F));
        let bits = _mm_and_si128(_mm_shuffle_epi8(lo, x), _mm_shuffle_epi8(hi, high));
        let out = _mm_cmpeq_epi8(_mm_and_si128(bits, member), _mm_setzero_si128());
        _mm_movemask_epi8(out) as u32
    }

    /// The skip; `s.len() >= 16` and `i <= s.len()` (an `i` past the end
    /// gives the end).
    #[target_feature(enable = "ssse3")]
    pub(super) fn skip_ssse3(s: &[u8], mut i: usize, c: &SimdClass) -> usize {
        let len = s.len();
        let (lo, hi, member) = (load16(&c.lo), load16(&c.hi), load16(&c.member));
        loop {
            if i + 16 > len {
                if i >= len {
                    return len;
                }
                // The last bytes: the block that ends at the input's end,
                // its bits shifted so that bit 0 is byte `i`.
                let Some(x) = block(s, len - 16) else {
                    return i; // unreachable: len >= 16
                };
                let m = nonmembers(x, lo, hi, member) >> (i - (len - 16));
                return if m == 0 {
                    len
                } else {
                    i + m.trailing_zeros() as usize
                };
            }
            let Some(x) = block(s, i) else {
                return i; // unreachable: i + 16 <= len
            };
            let m = nonmembers(x, lo, hi, member);
            if m != 0 {
                return i + m.trailing_zeros() as usize;
            }
            i += 16;
        }
    }

    /// The scan; `s.len() >= 16` and `i <= s.len()`. With `FIND_Q`, also
    /// the index of the first `?` it saw (`usize::MAX` if none): every `?`
    /// before the end of the scan, and maybe some after it in the last
    /// block, which the caller ignores.
    #[target_feature(enable = "ssse3")]
    pub(super) fn scan_ssse3<const FIND_Q: bool>(
        s: &[u8],
        mut i: usize,
        c: &SimdClass,
    ) -> (Result<usize, usize>, usize) {
        let len = s.len();
        let t = Tables {
            lo: load16(&c.lo),
            hi: load16(&c.hi),
            member: load16(&c.member),
            hex: load16(&c.hex),
        };
        let mut q = usize::MAX;
        loop {
            // The hot loop: whole blocks of members and `%`s whose two
            // digits are in the same block. It leaves with the block to
            // look at the long way (classified already when it starts at
            // `i`): where the scan stops, where a triplet straddles two
            // blocks, or the last bytes.
            let (at, x, (stop, pct, hex)) = loop {
                if i + 16 >= len {
                    if i >= len {
                        return (Ok(len), q);
                    }
                    // The last bytes: the block ends at the input's end,
                    // overlapping bytes already accepted.
                    let Some(x) = block(s, len - 16) else {
                        return (Ok(i), q); // unreachable: len >= 16
                    };
                    break (len - 16, x, classify(x, &t));
                }
                let Some(x) = block(s, i) else {
                    return (Ok(i), q); // unreachable: i + 16 < len
                };
                let (stop, pct, hex) = classify(x, &t);
                if FIND_Q && q == usize::MAX {
                    let m = _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(b'?' as i8)));
                    if m != 0 {
                        q = i + m.trailing_zeros() as usize;
                    }
                }
                // Lane k: are bytes k + 1 and k + 2 both hex digits? The
                // lanes shifted in past the block read as "no", so a `%` at
                // 14 or 15 leaves for the long way.
                let digits = _mm_min_epu8(_mm_srli_si128::<1>(hex), _mm_srli_si128::<2>(hex));
                let no_digits = _mm_cmpeq_epi8(digits, _mm_setzero_si128());
                let bad = _mm_or_si128(stop, _mm_and_si128(pct, no_digits));
                if _mm_movemask_epi8(bad) != 0 {
                    break (i, x, (stop, pct, hex));
                }
                i += 16;
            };
            // The masks are shifted so that bit 0 is byte `i`; `avail`
            // bytes from `i` are in the block, and when not `more` they are
            // all that is left of the input.
            let more = at + 16 < len;
            let shift = i - at;
            let avail = 16 - shift;
            if FIND_Q && q == usize::MAX {
                let m = _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(b'?' as i8))) as u32;
                if m >> shift != 0 {
                    q = i + (m >> shift).trailing_zeros() as usize;
                }
            }
            let stop = (_mm_movemask_epi8(stop) as u32 >> shift) | 1 << avail;
            let n = stop.trailing_zeros() as usize; // <= avail
            let pct = (_mm_movemask_epi8(pct) as u32 >> shift) & ((1 << n) - 1);
            if pct != 0 {
                let nonhex = _mm_cmpeq_epi8(hex, _mm_setzero_si128());
                let mut hex = (!(_mm_movemask_epi8(nonhex) as u32) & 0xFFFF) >> shift;
                if more && pct >> 14 != 0 {
                    // The digits of a `%` at 14 or 15 lie in the next block.
                    hex |= u32::from(is_hex(s, i + 16)) << 16 | u32::from(is_hex(s, i + 17)) << 17;
                }
                // A digit that is missing is a stop byte or past the end:
                // its bit is clear.
                let bad = pct & !((hex >> 1) & (hex >> 2));
                if bad != 0 {
                    return (Err(i + bad.trailing_zeros() as usize), q);
                }
            }
            if n < avail || !more {
                return (Ok(i + n), q);
            }
            i += 16;
        }
    }
}

#[cfg(test)]
mod tests {
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
    }

    /// Bytes that matter: members, `%`, hex digits, each excluded byte,
    /// controls, DEL and non-ASCII.
    const ALPHABET: &[u8] = b"aZ09F%%%%/?:@#[]\"<>\\^`{|}~-._!$&'()*+,;= \x00\x7f\x80\xff";

    fn check(class: &CharClass, simd: &super::SimdClass, cases: usize, max_len: usize) {
        let mut rng = Lcg(0x5eed);
        let mut buf = Vec::new();
        for _ in 0..cases {
            buf.clear();
            let len = rng.next() as usize % max_len;
            // Mostly members, so that runs span blocks.
            for _ in 0..len {
                let r = rng.next();
                buf.push(if r.is_multiple_of(4) {
                    ALPHABET[(r >> 8) as usize % ALPHABET.len()]
                } else {
                    b"abcXYZ0129-"[(r >> 8) as usize % 11]
                });
            }
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
                buf.clear();
                let len = rng.next() as usize % 70;
                for _ in 0..len {
                    let r = rng.next();
                    buf.push(if r.is_multiple_of(5) {
                        ALPHABET[(r >> 8) as usize % ALPHABET.len()]
                    } else {
                        b"abcXYZ0129-."[(r >> 8) as usize % 12]
                    });
                }
                for start in 0..=buf.len().min(40) {
                    let want = crate::parse::skip(&buf, start, class);
                    let got = super::skip(&buf, start, &simd);
                    #[cfg(all(
                        target_arch = "x86_64",
                        any(feature = "std", target_feature = "ssse3")
                    ))]
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
}
