//! Sixteen to sixty-four bytes at a time: the scan of
//! `*( class / pct-encoded )` and the skip of a class with SSSE3
//! (`x86.rs`), the byte masks of a whole input of up to 128 bytes with
//! AVX-512 (`avx512.rs`) or, from 32 bytes, AVX2 (`avx2.rs`), and the
//! first look of `Normalizer::is_normalized` at a whole text with SSE2
//! (`sse2.rs`), on x86_64.
//!
//! The only module with `unsafe`, for three reasons. The vector instructions
//! live in `#[target_feature(enable = ...)]` functions, and calling one is
//! `unsafe` because the CPU must have the feature. Each call is preceded by
//! that check: at compile time when the target enables the feature,
//! otherwise at run time with `std::is_x86_feature_detected!` (without
//! `std`, and on other architectures, the scalar code runs). And the
//! AVX-512 loads take pointers: the masked load of a block reads only the
//! bytes of its slice (the CPU neither reads nor faults on the lanes the
//! mask leaves out), and the table loads read a 64-byte array. There is no
//! pointer arithmetic: every pointer is a checked slice's own.
//!
//! The scalar code in `parse/` stays the definition. The vector code must
//! give the same answer for every input and start index; the tests (in
//! `tests.rs`, and `parse/fast.rs` for the masks' one user) compare the two
//! on generated inputs and the corpora, each mask code on its own
//! (`each_mask_code`), and CI runs the AVX2 code under miri (which does not
//! interpret AVX-512: there the AVX-512 code is off, and the fuzz targets
//! and the tests on an AVX-512 machine cover it).
//!
//! The measured wins that pay for the `unsafe` (same 2-core machine): the
//! 2 KB query of `parse-2kb-query` went from 896 ns with the scalar scan to
//! 317 ns, and the gsd corpus from 1.34 GiB/s to 1.82 GiB/s (criterion,
//! `python3 dev/bench/compare.py`); the SSSE3 skip of the authority's
//! `reg-name` bytes took `icount urikit` (the gsd corpus, callgrind) from
//! 408.3 M to 384.0 M instructions, and the AVX2 masks of the `http(s)`
//! shortcut (`parse/fast.rs`) from 384.0 M to 302.3 M, 10.3 ms to 7.7 ms a
//! pass (`dev/bench/src/bin/icount.rs`, fastest of 30). The AVX-512 masks took
//! the Arrow host extractor over the gsd corpus from 7.72 ms to 7.19 ms
//! against the AVX2 masks in the same session (criterion,
//! `components/view-batches/host` in `urikit-arrow`; callgrind cannot
//! count them: valgrind does not run AVX-512, and under it the AVX2 code
//! runs). A plain SSE2 scan (range compares instead of table lookups)
//! measured no faster than the scalar scan: it took as many instructions
//! per block as the table loop.
//!
//! The third reason is not a vector instruction: [`component`] slices a
//! parsed text by its offsets without `&s[from..to]`'s checks that both
//! offsets are in bounds and on character boundaries. Every offset of a
//! `Meta` is one (the invariants in `parse/mod.rs`, kept by every producer
//! of a `Meta`), and the checks were a twentieth of a parse with its five
//! components read: `icount uricomp-urikit` (gsd corpus, fastest of 60
//! passes, alternated three times) 7.06-7.36 ms with them, 6.79-7.13 ms
//! without; criterion's `parse-components-corpus/urikit` 7.48 ms and 7.19
//! ms. Builds with debug assertions (the tests, miri, the fuzz targets
//! built without `-O`, as `dev/fuzz/README.md` runs them) still check.
//!
//! How a block is classified: a byte `b` below 0x80 is split into its high
//! nibble `h` and low nibble `l`; two 16-entry tables, `hi[h]` and `lo[l]`,
//! are looked up with one `pshufb` each and ANDed. Each distinct row of the
//! class (the set of low nibbles that are members for one high nibble) gets
//! one bit, and so does each distinct row of HEXDIG, so `lo[l] & hi[h]` has
//! a member bit exactly when `b` is a member and a hex bit exactly when `b`
//! is a hex digit. Bytes from 0x80 up index `lo` with the top bit set, which
//! `pshufb` answers with zero: not a member. `SimdClass::of` builds the
//! tables from the class's own table at compile time. The AVX2 masks
//! classify two classes at once the same way ([`PairClass`]): one
//! low-nibble table and a high-nibble table per class, eight row bits
//! between them. The AVX-512 masks need no nibbles: `vpermi2b` looks each
//! byte's low seven bits up in a 128-entry table of class bits
//! ([`ByteTable`]), and the top bit sets bytes from 0x80 up apart.

use crate::chars::{CharClass, HEXDIG};

/// Fails the build for a class the vector code cannot take: one with a
/// byte from 0x80 up (non-ASCII bytes look up zero in `pshufb`) or with `%`
/// (classified apart, as the start of a triplet).
const fn check_class(class: &CharClass) {
    let mut b = 0x80;
    while b < 256 {
        assert!(
            !class.contains(b as u8),
            "the vector code is for ASCII classes"
        );
        b += 1;
    }
    assert!(!class.contains(b'%'), "a percent sign is classified apart");
}

/// Row `h` of `class`: bit `l` set when the byte `h * 16 + l` is a member.
const fn row(class: &CharClass, h: usize) -> u16 {
    let mut r = 0u16;
    let mut l = 0;
    while l < 16 {
        if class.contains((h * 16 + l) as u8) {
            r |= 1 << l;
        }
        l += 1;
    }
    r
}

/// The index of `r` among the first `n` of `rows`, added there if new;
/// fails the build past eight.
const fn row_index(rows: &mut [u16; 8], n: &mut usize, r: u16) -> usize {
    let mut k = 0;
    while k < *n && rows[k] != r {
        k += 1;
    }
    if k == *n {
        assert!(*n < 8, "too many distinct rows for one byte");
        rows[k] = r;
        *n += 1;
    }
    k
}

/// Sets `bit` in `lo[l]` for each low nibble `l` of row `r`.
const fn set_low_nibbles(lo: &mut [u8; 16], r: u16, bit: u8) {
    let mut l = 0;
    while l < 16 {
        if r & (1 << l) != 0 {
            lo[l] |= bit;
        }
        l += 1;
    }
}

/// A 16-byte table twice over, for both lanes of a 256-bit `vpshufb`.
const fn twice(t: &[u8; 16]) -> [u8; 32] {
    let mut out = [0u8; 32];
    let mut k = 0;
    while k < 16 {
        out[k] = t[k];
        out[k + 16] = t[k];
        k += 1;
    }
    out
}

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
        check_class(class);
        let mut t = SimdClass {
            lo: [0; 16],
            hi: [0; 16],
            member: [0; 16],
            hex: [0; 16],
        };
        // The class's rows, then HEXDIG's, each with bits of their own
        // (one `hi` table serves both).
        let mut masks = [0u8; 2];
        let mut used = 0;
        let mut pass = 0;
        while pass < 2 {
            let c = if pass == 0 { class } else { &HEXDIG };
            let mut rows = [0u16; 8];
            let mut n = 0;
            let mut h = 0;
            while h < 8 {
                let r = row(c, h);
                if r != 0 {
                    let k = used + row_index(&mut rows, &mut n, r);
                    assert!(k < 8, "too many distinct rows for one byte");
                    let bit = 1u8 << k;
                    t.hi[h] |= bit;
                    set_low_nibbles(&mut t.lo, r, bit);
                    masks[pass] |= bit;
                }
                h += 1;
            }
            used += n;
            pass += 1;
        }
        t.member = [masks[0]; 16];
        t.hex = [masks[1]; 16];
        t
    }

    /// Whether `b` is a member, by the tables (the compile-time checks and
    /// the tests compare this with the class).
    #[cfg(test)]
    pub(crate) const fn member(&self, b: u8) -> bool {
        b < 0x80 && self.lo[(b & 0x0F) as usize] & self.hi[(b >> 4) as usize] & self.member[0] != 0
    }
}

/// Two classes in one set of nibble tables, for [`masks`]: a shared
/// low-nibble table and one high-nibble table per class. Each distinct row
/// of either class (the set of low nibbles that are members for one high
/// nibble) gets one bit, so a byte is a member of class A exactly when
/// `lo[l] & hi_a[h]` is nonzero, and of B when `lo[l] & hi_b[h]` is.
/// The tables are stored twice over, for the two lanes of a 256-bit
/// `vpshufb`.
#[derive(Clone, Copy, Debug)]
// Read only by the AVX2 code, which a `no_std` build without AVX2 leaves out.
#[cfg_attr(
    not(all(target_arch = "x86_64", any(feature = "std", target_feature = "avx2"))),
    allow(dead_code)
)]
pub(crate) struct PairClass {
    lo: [u8; 32],
    hi_a: [u8; 32],
    hi_b: [u8; 32],
}

impl PairClass {
    /// The tables of `a` and `b` (which must not contain `%` or any byte
    /// from 0x80 up). Fails the build if the two have more than eight
    /// distinct rows between them.
    pub(crate) const fn of(a: &CharClass, b: &CharClass) -> PairClass {
        check_class(a);
        check_class(b);
        let mut lo = [0u8; 16];
        let mut hi = [[0u8; 16]; 2];
        // One set of rows for both classes: a row they share has one bit.
        let mut rows = [0u16; 8];
        let mut n = 0;
        let mut pass = 0;
        while pass < 2 {
            let c = if pass == 0 { a } else { b };
            let mut h = 0;
            while h < 8 {
                let r = row(c, h);
                if r != 0 {
                    let bit = 1u8 << row_index(&mut rows, &mut n, r);
                    hi[pass][h] |= bit;
                    set_low_nibbles(&mut lo, r, bit);
                }
                h += 1;
            }
            pass += 1;
        }
        PairClass {
            lo: twice(&lo),
            hi_a: twice(&hi[0]),
            hi_b: twice(&hi[1]),
        }
    }

    /// Whether `x` is a member of class A (`second` false) or B, by the
    /// tables (the tests compare this with the classes).
    #[cfg(test)]
    pub(crate) const fn member(&self, x: u8, second: bool) -> bool {
        let hi = if second { &self.hi_b } else { &self.hi_a };
        x < 0x80 && self.lo[(x & 0x0F) as usize] & hi[(x >> 4) as usize] != 0
    }
}

/// `query` and `reg-name` bytes, for the masks of an `http:` or `https:`
/// URI (see `parse/fast.rs`).
const HTTP_PAIR: PairClass = PairClass::of(&crate::chars::QUERY, &crate::chars::REG_NAME);

/// The same classes for the AVX-512 code: a table of class bits for each
/// byte below 0x80 (bytes from 0x80 up are in neither class; the vector
/// code looks them up as 0x7F, DEL, which is in neither class either).
#[derive(Clone, Copy, Debug)]
// Read only by the AVX-512 code, which a `no_std` build without AVX2 leaves
// out.
#[cfg_attr(
    not(all(target_arch = "x86_64", any(feature = "std", target_feature = "avx2"))),
    allow(dead_code)
)]
pub(crate) struct ByteTable(pub(crate) [[u8; 64]; 2]);

impl ByteTable {
    /// Neither a byte of class A nor `%`.
    pub(crate) const STOP: u8 = 1;
    /// Neither a byte of class B nor `%`.
    pub(crate) const NONREG: u8 = 2;
    /// `%`.
    pub(crate) const PCT: u8 = 4;
    /// `?`.
    pub(crate) const QMARK: u8 = 8;

    /// The bits of each ASCII byte for classes `a` and `b` (which must not
    /// contain `%`, DEL or any byte from 0x80 up), in two halves of 64 bytes,
    /// one vector each.
    pub(crate) const fn of(a: &CharClass, b: &CharClass) -> ByteTable {
        check_class(a);
        check_class(b);
        // The AVX-512 code reads every byte from 0x80 up as 0x7F, so DEL
        // must be in neither class (it is in no class of RFC 3986).
        assert!(!a.contains(0x7F) && !b.contains(0x7F));
        let mut t = [[0u8; 64]; 2];
        let mut x = 0;
        while x < 128 {
            let c = x as u8;
            let pct = c == b'%';
            let mut bits = 0;
            if !a.contains(c) && !pct {
                bits |= Self::STOP;
            }
            if !b.contains(c) && !pct {
                bits |= Self::NONREG;
            }
            if pct {
                bits |= Self::PCT;
            }
            if c == b'?' {
                bits |= Self::QMARK;
            }
            t[x / 64][x % 64] = bits;
            x += 1;
        }
        ByteTable(t)
    }

    /// The bits of the ASCII byte `b` (the tests compare them with the
    /// classes).
    #[cfg(test)]
    pub(crate) const fn bits(&self, b: u8) -> u8 {
        self.0[(b / 64) as usize][(b % 64) as usize]
    }
}

/// [`HTTP_PAIR`] as a [`ByteTable`].
const HTTP_BYTES: ByteTable = ByteTable::of(&crate::chars::QUERY, &crate::chars::REG_NAME);

/// Bit masks over a whole input, bit `k` for byte `k`, in a `u64` for an
/// input of up to 64 bytes and a `u128` for one of 65 to 128; bits at and
/// past the input's length are clear.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Masks<M> {
    /// Bytes that are neither `query` bytes nor `%`: where a path, query or
    /// fragment stops (a `#`, or a byte no component after the authority
    /// allows).
    pub(crate) stop: M,
    /// Bytes that are neither `reg-name` bytes nor `%`: where a host stops.
    pub(crate) nonreg: M,
    /// `%` bytes (each must start a triplet; the masks do not check).
    pub(crate) pct: M,
    /// `?` bytes.
    pub(crate) qmark: M,
}

/// The [`Masks`] of `s`, or `None` where they are not computed: inputs
/// longer than 64 bytes, CPUs without AVX-512 (AVX512BW and VBMI) for
/// inputs shorter than 32 bytes, CPUs without AVX2 either, `no_std` builds
/// for targets without them, other architectures. With AVX-512, one masked
/// 64-byte block and one table lookup classify every byte at once; with
/// AVX2, two 32-byte blocks (overlapping when the input is shorter than 64
/// bytes) and three nibble lookups each. The parser then finds each
/// boundary with one `trailing_zeros`.
#[inline(always)]
pub(crate) fn masks(s: &[u8]) -> Option<Masks<u64>> {
    #[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "avx2")))]
    {
        if s.len() <= 64 && !forced_scalar() {
            if avx512_available() {
                // SAFETY: `masks_avx512` needs AVX512F, AVX512BW and
                // AVX512-VBMI, which were just checked.
                return unsafe { avx512::masks_avx512(s, &HTTP_BYTES) };
            }
            if s.len() >= 32 && avx2_available() {
                // SAFETY: `masks_avx2` needs AVX2, which was just checked.
                return unsafe { avx2::masks_avx2(s, &HTTP_PAIR) };
            }
        }
    }
    let _ = (s, &HTTP_PAIR, &HTTP_BYTES);
    None
}

/// [`masks`] for an input of 65 to 128 bytes: two 64-byte blocks with
/// AVX-512, four 32-byte ones with AVX2.
#[inline(always)]
pub(crate) fn masks_wide(s: &[u8]) -> Option<Masks<u128>> {
    #[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "avx2")))]
    {
        if (65..=128).contains(&s.len()) && !forced_scalar() {
            if avx512_available() {
                // SAFETY: as in `masks`.
                return unsafe { avx512::masks_wide_avx512(s, &HTTP_BYTES) };
            }
            if avx2_available() {
                // SAFETY: `masks_wide_avx2` needs AVX2, which was just checked.
                return unsafe { avx2::masks_wide_avx2(s, &HTTP_PAIR) };
            }
        }
    }
    let _ = (s, &HTTP_PAIR, &HTTP_BYTES);
    None
}

/// Whether the AVX-512 masks can run: AVX512F, AVX512BW and AVX512-VBMI
/// (`vpermi2b`). Not under miri, which does not interpret these
/// instructions (it runs the AVX2 code instead), nor in a test that turned
/// them off to test the AVX2 code on a machine that has both.
#[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "avx2")))]
#[inline(always)]
fn avx512_available() -> bool {
    if cfg!(miri) || forced_avx2() {
        return false;
    }
    #[cfg(all(
        target_feature = "avx512f",
        target_feature = "avx512bw",
        target_feature = "avx512vbmi"
    ))]
    {
        true
    }
    // Without `std` there is no run-time check: the AVX2 code runs.
    #[cfg(all(
        not(feature = "std"),
        not(all(
            target_feature = "avx512f",
            target_feature = "avx512bw",
            target_feature = "avx512vbmi"
        ))
    ))]
    {
        false
    }
    #[cfg(all(
        feature = "std",
        not(all(
            target_feature = "avx512f",
            target_feature = "avx512bw",
            target_feature = "avx512vbmi"
        ))
    ))]
    {
        // Found once and kept in one byte: three `is_x86_feature_detected!`
        // took a load, a test and a branch each on every call, about twenty
        // instructions a row of the gsd corpus.
        use core::sync::atomic::{AtomicU8, Ordering::Relaxed};
        /// 0: not known yet; 1: no; 2: yes.
        static SEEN: AtomicU8 = AtomicU8::new(0);
        #[cold]
        #[inline(never)]
        fn detect() -> bool {
            let yes = std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512bw")
                && std::is_x86_feature_detected!("avx512vbmi");
            SEEN.store(1 + u8::from(yes), Relaxed);
            yes
        }
        match SEEN.load(Relaxed) {
            0 => detect(),
            seen => seen == 2,
        }
    }
}

#[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "avx2")))]
#[inline(always)]
fn avx2_available() -> bool {
    #[cfg(target_feature = "avx2")]
    {
        true
    }
    #[cfg(not(target_feature = "avx2"))]
    {
        std::is_x86_feature_detected!("avx2")
    }
}

#[cfg(test)]
std::thread_local! {
    /// Set by tests to run the parser with the scalar scans only, as the
    /// reference the vector scans are compared with.
    pub(crate) static FORCE_SCALAR: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

#[cfg(test)]
std::thread_local! {
    /// Set by tests to run the AVX2 masks on a machine with AVX-512.
    pub(crate) static FORCE_AVX2: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// Whether the AVX-512 masks run here: on this machine (not under miri),
/// unless this test turned them off.
#[cfg(test)]
pub(crate) fn avx512_here() -> bool {
    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    {
        avx512_available()
    }
    #[cfg(not(all(target_arch = "x86_64", feature = "std")))]
    {
        false
    }
}

/// Runs `f` with the AVX-512 masks, where the machine has them, and with
/// the AVX2 masks; `f` is told which.
#[cfg(test)]
pub(crate) fn each_mask_code(mut f: impl FnMut(&str)) {
    f(if avx512_here() { "avx512" } else { "avx2" });
    if avx512_here() {
        FORCE_AVX2.with(|c| c.set(true));
        f("avx2");
        FORCE_AVX2.with(|c| c.set(false));
    }
}

#[cfg(test)]
#[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "ssse3")))]
fn forced_scalar() -> bool {
    FORCE_SCALAR.with(|f| f.get())
}

#[cfg(test)]
#[cfg(target_arch = "x86_64")]
fn forced_avx2() -> bool {
    FORCE_AVX2.with(|f| f.get())
}

#[cfg(not(test))]
#[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "avx2")))]
#[inline(always)]
fn forced_avx2() -> bool {
    false
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

/// Whether `s` holds a `%`, and whether a `.` follows a `/` anywhere in
/// it, sixteen bytes at a time (SSE2, on every x86_64 target); `None` for
/// an input under 17 bytes, or elsewhere. For
/// `Normalizer::is_normalized`, whose word-at-a-time scan
/// (`normalize/quick.rs`) is the definition and the fallback: over the
/// gsd corpus that scan took about 150 of the 500 instructions a URI of
/// the check (callgrind). Called through [`text_facts`]; here for the
/// tests.
#[cfg(test)]
pub(crate) fn pct_slash_dot(s: &[u8]) -> Option<(bool, bool)> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        // SAFETY: `pct_slash_dot` needs SSE2, which this build enables
        // (the `cfg` above).
        unsafe { sse2::pct_slash_dot(s) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        let _ = s;
        None
    }
}

/// Whether `s[lo..hi]` (`lo <= hi <= s.len()`) holds an ASCII uppercase
/// letter, sixteen bytes at a time (SSE2); `None` where `s` is under
/// sixteen bytes, or elsewhere. The word-at-a-time check of
/// `normalize/quick.rs` is the definition and the fallback.
#[cfg(test)]
pub(crate) fn upper_in(s: &[u8], lo: usize, hi: usize) -> Option<bool> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        // SAFETY: as in `pct_slash_dot`.
        unsafe { sse2::upper_in(s, lo, hi) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        let _ = (s, lo, hi);
        None
    }
}

/// For `Normalizer::is_normalized`, in one call: `pct_slash_dot` of `s`,
/// and whether the host (`s[host.0..host.1]`) holds an ASCII uppercase
/// letter (`upper_in`). `None` for an input under 17 bytes, or
/// elsewhere.
#[inline(always)]
pub(crate) fn text_facts(s: &[u8], host: (usize, usize)) -> Option<[bool; 3]> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        // SAFETY: as in `pct_slash_dot`.
        unsafe { sse2::text_facts(s, host) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        let _ = (s, host);
        None
    }
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2;

/// `&s[from..to]`, for the accessors of parsed values (see the module
/// documentation), without the checks that `from <= to <= s.len()` and that
/// both are character boundaries, which every `Meta`'s offsets are.
#[inline(always)]
pub(crate) fn component(s: &str, from: usize, to: usize) -> &str {
    debug_assert!(
        from <= to && s.is_char_boundary(from) && s.is_char_boundary(to),
        "offsets {from}..{to} of a text of {} bytes",
        s.len()
    );
    // SAFETY: the offsets come from a `Meta` of `s` (its accessors in
    // `uri/mod.rs` are the only callers), and every offset of a `Meta` is
    // at most the length of its text and on a character boundary: 0, the
    // length, or the index of (or just after) an ASCII delimiter. The
    // debug assertion above checks it wherever tests and fuzzers run.
    unsafe { s.get_unchecked(from..to) }
}

#[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "ssse3")))]
mod x86;

#[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "avx2")))]
mod avx2;

#[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "avx2")))]
mod avx512;

#[cfg(test)]
mod tests;
