//! Character classes of RFC 3986 (sections 2.2, 2.3 and Appendix A).
//!
//! Each class is a 256-entry table built at compile time by `const fn`, so a
//! membership test is one indexed load. Every constant quotes the ABNF rule it
//! implements. Percent signs are never members: `pct-encoded` is a three-byte
//! production that the parser and the decoder handle on their own.
//!
//! ```
//! use urikit::chars;
//! assert!(chars::UNRESERVED.contains(b'~'));
//! assert!(!chars::UNRESERVED.contains(b'/'));
//! assert!(chars::PCHAR.contains(b'@'));
//! ```

/// A set of bytes: one `bool` for each of the 256 byte values.
///
/// Build your own with the `const fn` methods, for example as an encode set
/// for percent-encoding:
///
/// ```
/// use urikit::chars::{CharClass, UNRESERVED};
/// const MY_SET: CharClass = UNRESERVED.with_bytes(b"/:");
/// assert!(MY_SET.contains(b':'));
/// assert!(!MY_SET.contains(b'?'));
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct CharClass {
    table: [bool; 256],
}

impl core::fmt::Debug for CharClass {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut set = f.debug_set();
        for b in 0..=255u8 {
            if self.contains(b) {
                set.entry(&(b as char));
            }
        }
        set.finish()
    }
}

impl CharClass {
    /// The class with no members.
    ///
    /// ```
    /// assert!(!urikit::chars::CharClass::EMPTY.contains(b'a'));
    /// ```
    pub const EMPTY: CharClass = CharClass {
        table: [false; 256],
    };

    /// This class plus every byte of `bytes`.
    ///
    /// ```
    /// let c = urikit::chars::CharClass::EMPTY.with_bytes(b"ab");
    /// assert!(c.contains(b'a') && c.contains(b'b') && !c.contains(b'c'));
    /// ```
    #[must_use]
    pub const fn with_bytes(mut self, bytes: &[u8]) -> CharClass {
        let mut i = 0;
        while i < bytes.len() {
            self.table[bytes[i] as usize] = true;
            i += 1;
        }
        self
    }

    /// This class plus every byte from `lo` to `hi`, inclusive.
    ///
    /// ```
    /// let c = urikit::chars::CharClass::EMPTY.with_range(b'0', b'9');
    /// assert!(c.contains(b'5') && !c.contains(b'a'));
    /// ```
    #[must_use]
    pub const fn with_range(mut self, lo: u8, hi: u8) -> CharClass {
        let mut b = lo as usize;
        while b <= hi as usize {
            self.table[b] = true;
            b += 1;
        }
        self
    }

    /// This class without the bytes of `bytes`.
    ///
    /// ```
    /// use urikit::chars::PCHAR;
    /// let c = PCHAR.without_bytes(b":");
    /// assert!(!c.contains(b':') && c.contains(b'@'));
    /// ```
    #[must_use]
    pub const fn without_bytes(mut self, bytes: &[u8]) -> CharClass {
        let mut i = 0;
        while i < bytes.len() {
            self.table[bytes[i] as usize] = false;
            i += 1;
        }
        self
    }

    /// The members of either class.
    ///
    /// ```
    /// use urikit::chars::{DIGIT, ALPHA};
    /// let c = DIGIT.union(&ALPHA);
    /// assert!(c.contains(b'7') && c.contains(b'q'));
    /// ```
    #[must_use]
    pub const fn union(mut self, other: &CharClass) -> CharClass {
        let mut b = 0;
        while b < 256 {
            self.table[b] = self.table[b] || other.table[b];
            b += 1;
        }
        self
    }

    /// The bytes that are not members.
    ///
    /// ```
    /// use urikit::chars::UNRESERVED;
    /// assert!(UNRESERVED.complement().contains(b' '));
    /// ```
    #[must_use]
    pub const fn complement(mut self) -> CharClass {
        let mut b = 0;
        while b < 256 {
            self.table[b] = !self.table[b];
            b += 1;
        }
        self
    }

    /// Whether `b` is a member.
    ///
    /// ```
    /// assert!(urikit::chars::HEXDIG.contains(b'F'));
    /// ```
    #[inline(always)]
    pub const fn contains(&self, b: u8) -> bool {
        self.table[b as usize]
    }
}

/// `ALPHA = %x41-5A / %x61-7A ; A-Z / a-z` (RFC 5234, B.1)
///
/// ```
/// use urikit::chars::ALPHA;
/// assert!(ALPHA.contains(b'q') && !ALPHA.contains(b'1'));
/// ```
pub const ALPHA: CharClass = CharClass::EMPTY
    .with_range(b'A', b'Z')
    .with_range(b'a', b'z');

/// `DIGIT = %x30-39 ; 0-9` (RFC 5234, B.1)
///
/// ```
/// use urikit::chars::DIGIT;
/// assert!(DIGIT.contains(b'7') && !DIGIT.contains(b'a'));
/// ```
pub const DIGIT: CharClass = CharClass::EMPTY.with_range(b'0', b'9');

/// `HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"` (RFC 5234, B.1;
/// case-insensitive, as RFC 3986 section 2.1 says)
///
/// ```
/// use urikit::chars::HEXDIG;
/// assert!(HEXDIG.contains(b'e') && !HEXDIG.contains(b'g'));
/// ```
pub const HEXDIG: CharClass = DIGIT.with_range(b'A', b'F').with_range(b'a', b'f');

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (2.3)
///
/// ```
/// use urikit::chars::UNRESERVED;
/// assert!(UNRESERVED.contains(b'~') && !UNRESERVED.contains(b'!'));
/// ```
pub const UNRESERVED: CharClass = ALPHA.union(&DIGIT).with_bytes(b"-._~");

/// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"` (2.2)
///
/// ```
/// use urikit::chars::GEN_DELIMS;
/// assert!(GEN_DELIMS.contains(b'@') && !GEN_DELIMS.contains(b'!'));
/// ```
pub const GEN_DELIMS: CharClass = CharClass::EMPTY.with_bytes(b":/?#[]@");

/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (2.2)
///
/// ```
/// use urikit::chars::SUB_DELIMS;
/// assert!(SUB_DELIMS.contains(b'!') && !SUB_DELIMS.contains(b'@'));
/// ```
pub const SUB_DELIMS: CharClass = CharClass::EMPTY.with_bytes(b"!$&'()*+,;=");

/// `reserved = gen-delims / sub-delims` (2.2)
///
/// ```
/// use urikit::chars::RESERVED;
/// assert!(RESERVED.contains(b'[') && !RESERVED.contains(b'~'));
/// ```
pub const RESERVED: CharClass = GEN_DELIMS.union(&SUB_DELIMS);

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (3.1): the bytes
/// allowed after the first.
///
/// ```
/// use urikit::chars::SCHEME;
/// assert!(SCHEME.contains(b'+') && !SCHEME.contains(b'_'));
/// ```
pub const SCHEME: CharClass = ALPHA.union(&DIGIT).with_bytes(b"+-.");

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` (3.2.1),
/// without `pct-encoded`.
///
/// ```
/// use urikit::chars::USERINFO;
/// assert!(USERINFO.contains(b':') && !USERINFO.contains(b'@'));
/// ```
pub const USERINFO: CharClass = UNRESERVED.union(&SUB_DELIMS).with_bytes(b":");

/// `reg-name = *( unreserved / pct-encoded / sub-delims )` (3.2.2), without
/// `pct-encoded`.
///
/// ```
/// use urikit::chars::REG_NAME;
/// assert!(REG_NAME.contains(b'=') && !REG_NAME.contains(b':'));
/// ```
pub const REG_NAME: CharClass = UNRESERVED.union(&SUB_DELIMS);

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` (3.2.2):
/// the bytes of the part after the dot.
///
/// ```
/// use urikit::chars::IPVFUTURE;
/// assert!(IPVFUTURE.contains(b':') && !IPVFUTURE.contains(b'/'));
/// ```
pub const IPVFUTURE: CharClass = UNRESERVED.union(&SUB_DELIMS).with_bytes(b":");

/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"` (3.3), without
/// `pct-encoded`.
///
/// ```
/// use urikit::chars::PCHAR;
/// assert!(PCHAR.contains(b'@') && !PCHAR.contains(b'/'));
/// ```
pub const PCHAR: CharClass = UNRESERVED.union(&SUB_DELIMS).with_bytes(b":@");

/// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )` (3.3),
/// without `pct-encoded`: a path segment with no colon.
///
/// ```
/// use urikit::chars::SEGMENT_NZ_NC;
/// assert!(SEGMENT_NZ_NC.contains(b'@') && !SEGMENT_NZ_NC.contains(b':'));
/// ```
pub const SEGMENT_NZ_NC: CharClass = UNRESERVED.union(&SUB_DELIMS).with_bytes(b"@");

/// `path-abempty = *( "/" segment )` and the other path rules (3.3): `pchar`
/// plus the `/` separator, without `pct-encoded`.
///
/// ```
/// use urikit::chars::PATH;
/// assert!(PATH.contains(b'/') && !PATH.contains(b'?'));
/// ```
pub const PATH: CharClass = PCHAR.with_bytes(b"/");

/// `query = *( pchar / "/" / "?" )` (3.4), without `pct-encoded`.
///
/// ```
/// use urikit::chars::QUERY;
/// assert!(QUERY.contains(b'?') && !QUERY.contains(b'#'));
/// ```
pub const QUERY: CharClass = PCHAR.with_bytes(b"/?");

/// `fragment = *( pchar / "/" / "?" )` (3.5), without `pct-encoded`.
///
/// ```
/// use urikit::chars::FRAGMENT;
/// assert!(FRAGMENT.contains(b'/') && !FRAGMENT.contains(b'#'));
/// ```
pub const FRAGMENT: CharClass = QUERY;

/// RFC 2396 (as amended by RFC 2732) `uric = reserved | unreserved | escaped`
/// without `escaped`: the query, the fragment and an opaque part. It is
/// [`QUERY`] with `[` and `]`, which RFC 2732 added to `reserved`.
///
/// ```
/// use urikit::chars::{QUERY, URIC_2396};
/// assert!(URIC_2396.contains(b'[') && !QUERY.contains(b'['));
/// assert!(!URIC_2396.contains(b'#'));
/// ```
pub const URIC_2396: CharClass = QUERY.with_bytes(b"[]");

/// RFC 2396 `reg_name` (3.2.1) without `escaped`: [`REG_NAME`] with `:` and
/// `@`, which a registry-based authority may hold.
///
/// ```
/// use urikit::chars::{REG_NAME, REG_NAME_2396};
/// assert!(REG_NAME_2396.contains(b'@') && !REG_NAME.contains(b'@'));
/// ```
pub const REG_NAME_2396: CharClass = REG_NAME.with_bytes(b":@");

/// `ucschar` (RFC 3987, 2.2): the non-ASCII characters an IRI allows in
/// its userinfo, host, path, query and fragment.
///
/// ```text
/// ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
///         / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
///         / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
///         / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
///         / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
///         / %xD0000-DFFFD / %xE1000-EFFFD
/// ```
///
/// The gaps are the private-use block (`iprivate`), the noncharacters
/// U+FDD0–FDEF and the last two code points of every plane (U+xFFFE and
/// U+xFFFF), the specials U+FFF0–FFFF, and U+E0000–E0FFF (tags).
/// The bidi formatting characters of section 4.1 are members: the grammar
/// allows them, the prose forbids them (see [`is_bidi_format`]).
///
/// ```
/// use urikit::chars::is_ucschar;
/// assert!(is_ucschar('é') && is_ucschar('例'));
/// assert!(!is_ucschar('a') && !is_ucschar('\u{FDD0}') && !is_ucschar('\u{E000}'));
/// ```
#[inline]
pub const fn is_ucschar(c: char) -> bool {
    let c = c as u32;
    match c {
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF | 0xE1000..=0xEFFFD => true,
        // Planes 1 to 13, each without its last two code points.
        0x10000..=0xDFFFF => c & 0xFFFE != 0xFFFE,
        _ => false,
    }
}

/// `iprivate` (RFC 3987, 2.2): the private-use characters, which an IRI
/// allows in the query only.
///
/// ```text
/// iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
/// ```
///
/// ```
/// use urikit::chars::is_iprivate;
/// assert!(is_iprivate('\u{E000}') && is_iprivate('\u{10FFFD}'));
/// assert!(!is_iprivate('\u{F900}') && !is_iprivate('\u{FFFFE}'));
/// ```
#[inline]
pub const fn is_iprivate(c: char) -> bool {
    let c = c as u32;
    match c {
        0xE000..=0xF8FF => true,
        // Planes 15 and 16, each without its last two code points.
        0xF0000..=0x10FFFF => c & 0xFFFE != 0xFFFE,
        _ => false,
    }
}

/// The bidi formatting characters that RFC 3987 section 4.1 says IRIs
/// MUST NOT contain: LRM (U+200E), RLM (U+200F), LRE, RLE, PDF, LRO and RLO
/// (U+202A–202E). They are `ucschar`s, so the grammar accepts them; the
/// mapping of a URI to an IRI (3.2) leaves them percent-encoded and the
/// lint reports them.
///
/// ```
/// use urikit::chars::is_bidi_format;
/// assert!(is_bidi_format('\u{200F}') && is_bidi_format('\u{202E}'));
/// assert!(!is_bidi_format('\u{2066}') && !is_bidi_format('a'));
/// ```
#[inline]
pub const fn is_bidi_format(c: char) -> bool {
    matches!(c as u32, 0x200E | 0x200F | 0x202A..=0x202E)
}

/// The characters of Unicode's `Bidi_Control` property: ALM (U+061C), LRM
/// and RLM (U+200E, U+200F), LRE, RLE, PDF, LRO and RLO (U+202A–202E), and
/// the isolates LRI, RLI, FSI and PDI (U+2066–2069). RFC 3987 4.1 lists
/// only the ones of [`is_bidi_format`] (it predates the isolates and ALM);
/// the Trojan Source attacks (CVE-2021-42574) use the isolates, so the
/// `bidi-control` lint flags this whole set.
///
/// ```
/// use urikit::chars::is_bidi_control;
/// assert!(is_bidi_control('\u{2066}') && is_bidi_control('\u{061C}') && is_bidi_control('\u{202E}'));
/// assert!(!is_bidi_control('\u{202F}') && !is_bidi_control('\u{200D}') && !is_bidi_control('a'));
/// ```
#[inline]
pub const fn is_bidi_control(c: char) -> bool {
    matches!(
        c as u32,
        0x061C | 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069
    )
}

/// The short name of a [`is_bidi_control`] character (`"RLO"`, `"LRI"`),
/// or `None` for any other character.
///
/// ```
/// assert_eq!(urikit::chars::bidi_control_name('\u{2066}'), Some("LRI"));
/// assert_eq!(urikit::chars::bidi_control_name('x'), None);
/// ```
pub const fn bidi_control_name(c: char) -> Option<&'static str> {
    Some(match c as u32 {
        0x061C => "ALM",
        0x200E => "LRM",
        0x200F => "RLM",
        0x202A => "LRE",
        0x202B => "RLE",
        0x202C => "PDF",
        0x202D => "LRO",
        0x202E => "RLO",
        0x2066 => "LRI",
        0x2067 => "RLI",
        0x2068 => "FSI",
        0x2069 => "PDI",
        _ => return None,
    })
}

/// The value of an ASCII hex digit, or `None`.
#[inline(always)]
pub(crate) const fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn members(c: &CharClass) -> alloc::string::String {
        (0..=255u8)
            .filter(|&b| c.contains(b))
            .map(|b| b as char)
            .collect()
    }

    // Expected sets are spelled out from the ABNF, not from the tables.
    #[test]
    fn classes_match_the_abnf() {
        let alnum = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        let sort = |s: &str| {
            let mut v: alloc::vec::Vec<char> = s.chars().collect();
            v.sort_unstable();
            v.into_iter().collect::<alloc::string::String>()
        };
        assert_eq!(members(&UNRESERVED), sort(&alloc::format!("{alnum}-._~")));
        assert_eq!(members(&SUB_DELIMS), sort("!$&'()*+,;="));
        assert_eq!(members(&GEN_DELIMS), sort(":/?#[]@"));
        assert_eq!(
            members(&PCHAR),
            sort(&alloc::format!("{alnum}-._~!$&'()*+,;=:@"))
        );
        assert_eq!(
            members(&QUERY),
            sort(&alloc::format!("{alnum}-._~!$&'()*+,;=:@/?"))
        );
        assert_eq!(members(&SCHEME), sort(&alloc::format!("{alnum}+-.")));
        assert_eq!(members(&HEXDIG), sort("0123456789ABCDEFabcdef"));
        assert!((128..=255u8).all(|b| !PATH.contains(b)));
    }

    #[test]
    fn hex_values() {
        assert_eq!(hex_value(b'0'), Some(0));
        assert_eq!(hex_value(b'f'), Some(15));
        assert_eq!(hex_value(b'F'), Some(15));
        assert_eq!(hex_value(b'g'), None);
    }
}
