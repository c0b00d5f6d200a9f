//! The byte vocabulary shared by the scanner and the three delimiting
//! styles: which bytes a URI may hold, where candidates start, which
//! punctuation ends a bare URI, and the schemes that stand without `//`.
//! A leaf: it uses nothing else of `text`.

use crate::chars::{CharClass, PCHAR};

/// The longest scheme a bare or quoted candidate may have. Registered
/// schemes are far shorter; the bound keeps the look-behind of the streaming
/// extractor small.
pub(super) const MAX_SCHEME: usize = 32;

/// Bytes that may appear in a URI reference: `pchar`, the gen-delims, `%`.
pub(super) const URI_BYTE: CharClass = PCHAR.with_bytes(b"/?#[]%");

/// Bytes at which the scan for the next candidate stops.
pub(super) const TRIGGER: CharClass = CharClass::EMPTY.with_bytes(b"<\":");

/// Sentence punctuation that ends a bare URI (Appendix C).
pub(super) const TRAILING: CharClass = CharClass::EMPTY.with_bytes(b".,;:!?");

/// Schemes accepted bare or quoted without `//` after them.
pub(super) const OPAQUE_SCHEMES: &[&str] = &[
    "about",
    "data",
    "geo",
    "im",
    "javascript",
    "magnet",
    "mailto",
    "news",
    "sip",
    "sips",
    "sms",
    "tag",
    "tel",
    "urn",
    "xmpp",
];

#[inline]
pub(super) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')
}

#[inline]
pub(super) fn is_hspace(b: u8) -> bool {
    matches!(b, b' ' | b'\t')
}

#[cfg(all(test, feature = "std"))]
std::thread_local! {
    /// Work done by the extractor on this thread, in bytes looked at: the
    /// tests check that it grows linearly with the input.
    pub(super) static STEPS: core::cell::Cell<u64> = const { core::cell::Cell::new(0) };
}

/// Count `n` steps of work (tests only; nothing otherwise).
#[inline(always)]
pub(super) fn tick(n: usize) {
    #[cfg(all(test, feature = "std"))]
    STEPS.with(|s| s.set(s.get() + n as u64));
    let _ = n;
}
