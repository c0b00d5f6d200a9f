//! The value of one hexadecimal digit, shared by the readings that decode
//! `%XX` (Go, urllib3, the JavaScript ones): every library cited there
//! accepts the same sixteen digits in either case, so one function serves
//! them; what each does around it (how many bytes it demands, what it does
//! with a bad escape) stays in its own reading.

/// `0-9`, `a-f`, `A-F` as 0 to 15, anything else `None`.
#[inline]
pub(crate) const fn digit(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// The byte of `%` `hi` `lo` where both are already known to be digits
/// (the callers checked them the way their library does): a non-digit
/// counts as 0 rather than panicking.
#[inline]
pub(crate) const fn byte(hi: u8, lo: u8) -> u8 {
    let (Some(h), Some(l)) = (digit(hi), digit(lo)) else {
        return 0;
    };
    h << 4 | l
}
