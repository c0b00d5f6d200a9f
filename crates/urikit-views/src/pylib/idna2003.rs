//! CPython's IDNA 2003 codec (`Lib/encodings/idna.py`, with
//! `Lib/stringprep.py`'s nameprep): what `host.encode("idna")` gives, yarl's
//! fallback when the `idna` package refuses a host.

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::repr;

/// Python's `encodings.idna` codec: labels split at the four full stops (a
/// trailing one kept); an ASCII label as it is, 1 to 63 bytes; any other
/// one nameprepped (its prohibited characters refused) and Punycode
/// encoded. The nameprep mapping is UTS #46's after IDNA 2003's own
/// mappings of its deviation characters (`ß`, `ς`, the joiners).
pub(crate) fn encode(host: &str, uts46: &idna::uts46::Uts46) -> Result<String, String> {
    let fail = |why: &str| {
        format!("UnicodeError: encoding with 'idna' codec failed (UnicodeError: {why})")
    };
    let mut labels: Vec<&str> = host
        .split(['.', '\u{3002}', '\u{ff0e}', '\u{ff61}'])
        .collect();
    let trailing = labels.last() == Some(&"");
    if trailing {
        labels.pop();
    }
    let mut out = String::with_capacity(host.len() + 8);
    for (i, label) in labels.iter().enumerate() {
        if i > 0 {
            out.push('.');
        }
        let ascii = if label.is_ascii() {
            Cow::Borrowed(*label)
        } else {
            if let Some(c) = label.chars().find(|&c| nameprep_prohibited(c)) {
                return Err(fail(&format!(
                    "Invalid character {}",
                    repr(c.encode_utf8(&mut [0; 4]))
                )));
            }
            let mapped = nameprep_map(label, uts46);
            if mapped.contains('\u{fffd}') {
                return Err(fail("label empty or too long"));
            }
            if mapped.is_ascii() {
                Cow::Owned(mapped)
            } else {
                if mapped.starts_with("xn--") {
                    return Err(fail("Label starts with ACE prefix"));
                }
                let puny = idna::punycode::encode_str(&mapped)
                    .ok_or_else(|| fail("label empty or too long"))?;
                Cow::Owned(format!("xn--{puny}"))
            }
        };
        if ascii.is_empty() || ascii.len() > 63 {
            return Err(fail("label empty or too long"));
        }
        out.push_str(&ascii);
    }
    if trailing {
        out.push('.');
    }
    Ok(out)
}

/// RFC 3491's prohibited output (RFC 3454 tables C.1.2 to C.9) outside
/// ASCII, less what nameprep first maps to nothing (table B.1) or, by
/// NFKC, to an ASCII space (the C.1.2 spaces but U+1680): checked on the
/// label before the mapping.
fn nameprep_prohibited(c: char) -> bool {
    matches!(c as u32,
        0x1680 | 0x80..=0x9F | 0x6DD | 0x70F | 0x180E | 0x2028 | 0x2029 | 0x2061..=0x2063
        | 0x206A..=0x206F | 0xFFF9..=0xFFFD | 0x1D173..=0x1D17A
        | 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD
        | 0xFDD0..=0xFDEF | 0xFFFE | 0xFFFF
        | 0x2FF0..=0x2FFB | 0x340 | 0x341 | 0x200E | 0x200F | 0x202A..=0x202E
        | 0xE0001 | 0xE0020..=0xE007F)
}

/// Nameprep's mapping (case folding, then NFKC) of one label, one
/// character at a time: IDNA 2003's own mappings of the characters UTS #46
/// treats otherwise (`ß`, `ς`, the joiners, the parenthesized and dotted
/// numbers and letters), else UTS #46's mapping of the character, read
/// after a letter that keeps the bidi rule quiet (U+FFFD where UTS #46
/// disallows it).
fn nameprep_map(label: &str, uts46: &idna::uts46::Uts46) -> String {
    let mut out = String::with_capacity(label.len());
    let mut buf = String::new();
    for c in label.chars() {
        let n = c as u32;
        match c {
            '\u{200c}' | '\u{200d}' => {}
            '\u{df}' => out.push_str("ss"),
            '\u{3c2}' => out.push('\u{3c3}'),
            c if c.is_ascii() => out.push(c.to_ascii_lowercase()),
            '\u{2474}'..='\u{2487}' => out.push_str(&format!("({})", n - 0x2473)),
            '\u{2488}'..='\u{249b}' => out.push_str(&format!("{}.", n - 0x2487)),
            '\u{249c}'..='\u{24b5}' => {
                out.push('(');
                out.push(char::from(b'a' + (n - 0x249C) as u8));
                out.push(')');
            }
            c => {
                let mut mapped = None;
                for lead in ['a', '\u{627}'] {
                    buf.clear();
                    buf.push(lead);
                    buf.push(c);
                    let (m, r) = uts46.to_unicode(
                        buf.as_bytes(),
                        idna::AsciiDenyList::EMPTY,
                        idna::uts46::Hyphens::Allow,
                    );
                    if r.is_ok() {
                        mapped = m.get(lead.len_utf8()..).map(String::from);
                        break;
                    }
                }
                out.push_str(mapped.as_deref().unwrap_or("\u{fffd}"));
            }
        }
    }
    out
}
