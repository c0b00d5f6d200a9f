//! `deceptive-host` (the `uts39` feature): host labels that can pass for
//! another name, by the rules of Unicode Technical Standard #39, "Unicode
//! Security Mechanisms", through the `unicode-security` crate.
//!
//! A label is looked at when it holds a character outside ASCII: raw (an
//! IRI), percent-encoded as UTF-8 (a URI), or as an A-label (`xn--`, decoded
//! to its U-label by Punycode). It is deceptive when either
//!
//! - **it mixes scripts** beyond what UTS #39 5.2 calls *moderately
//!   restrictive*: one script, or Latin with Han and Hiragana/Katakana
//!   (Japanese), Han and Bopomofo, or Han and Hangul (Korean), or Latin with
//!   one other recommended script that is not Cyrillic or Greek, pass;
//!   `pаypal` with a Cyrillic `а` does not (characters that are not allowed
//!   in identifiers at all, such as symbols, are left out of the count); or
//! - **it is a confusable of an ASCII label**: its UTS #39 4 skeleton (the
//!   characters replaced by their prototypes from `confusables.txt`) is all
//!   ASCII although the label is not, as `аррӏе` (all Cyrillic) is for
//!   `apple`. A label whose accents survive, like `münchen`, is not.
//!
//! These are the checks browsers build their IDN display policies on; a
//! label that passes them is not thereby the name a reader expects.

use alloc::string::String;

use unicode_script::UnicodeScript;
use unicode_security::mixed_script::AugmentedScriptSet;
use unicode_security::{GeneralSecurityProfile, RestrictionLevel, RestrictionLevelDetection};

/// Why a label is deceptive (a finding's detail, `Detail::Deceptive`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Deception {
    /// Two characters whose scripts do not go together (the first of each).
    Mixed { first: char, second: char },
    /// All ASCII once each character is replaced by its look-alike; `sample`
    /// is the label's first character outside ASCII.
    Confusable { sample: char },
}

impl Deception {
    /// The one-line explanation, for the finding's `Display`.
    pub(super) fn fmt(self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Deception::Mixed { first, second } => write!(
                f,
                "host label mixes scripts: '{first}' ({}) with '{second}' (U+{:04X}, {}), a spoofing pattern (UTS #39 5.2)",
                first.script().full_name(),
                u32::from(second),
                second.script().full_name()
            ),
            Deception::Confusable { sample } => write!(
                f,
                "host label whose characters outside ASCII all look like ASCII ones (such as '{sample}', U+{:04X}, {}): it reads as another, ASCII name (UTS #39 4)",
                u32::from(sample),
                sample.script().full_name()
            ),
        }
    }
}

/// The deception in one label, given as Unicode text (a U-label or the
/// decoded label), if any.
pub(super) fn check_label(label: &str) -> Option<Deception> {
    if label.is_ascii() {
        return None;
    }
    if let Some(d) = mixed(label) {
        return Some(d);
    }
    let lookalike = unicode_security::skeleton(label).all(|c| c.is_ascii());
    if lookalike {
        let sample = label.chars().find(|c| !c.is_ascii())?;
        return Some(Deception::Confusable { sample });
    }
    None
}

fn mixed(label: &str) -> Option<Deception> {
    // Characters not allowed in identifiers (symbols, emoji) say nothing of
    // scripts; the restriction level would be "unrestricted" for them alone.
    let allowed: String = label.chars().filter(|c| c.identifier_allowed()).collect();
    if allowed.as_str().detect_restriction_level() <= RestrictionLevel::ModeratelyRestrictive {
        return None;
    }
    // Name two characters that do not share a script: the first with a
    // script of its own, and the first after it whose scripts are disjoint
    // from its; failing that (three scripts, pairwise overlapping), the one
    // at which the scripts in common ran out.
    let sets = || {
        allowed
            .chars()
            .map(|c| (c, AugmentedScriptSet::for_char(c)))
            .filter(|(_, s)| !s.is_all())
    };
    let (first, first_set) = sets().next()?;
    let disjoint = sets().find(|(_, s)| {
        let mut both = first_set;
        both.intersect_with(*s);
        both.is_empty()
    });
    let second = match disjoint {
        Some((c, _)) => c,
        None => {
            let mut common = first_set;
            sets()
                .find(|(_, s)| {
                    common.intersect_with(*s);
                    common.is_empty()
                })
                .map(|(c, _)| c)?
        }
    };
    Some(Deception::Mixed { first, second })
}

/// The longest A-label decoded, in octets (after any percent-decoding): a
/// DNS label's limit (RFC 1034 3.1). A longer one names no host; `long-host`
/// reports it, and it is not decoded. Punycode decoding takes time that
/// grows with the square of the label's length (each character is inserted
/// into those decoded so far), which this bound keeps to a constant per
/// label. Labels in other forms (raw Unicode, percent-encoded UTF-8) are
/// checked whatever their length: those checks take linear time.
pub(super) const MAX_A_LABEL: usize = 63;

/// The Unicode text of a reg-name label as the URI holds it: percent-encoded
/// UTF-8 decoded, an A-label decoded by Punycode. `None` when it is neither
/// (plain ASCII is looked at as it is), does not decode, or is an A-label
/// longer than [`MAX_A_LABEL`].
pub(super) fn unicode_label(label: &str) -> Option<String> {
    let a_label = label.len() > 4 && label.as_bytes()[..4].eq_ignore_ascii_case(b"xn--");
    // The common case, a plain ASCII label, costs no allocation.
    if label.is_ascii() && !label.contains('%') && !a_label {
        return None;
    }
    let decoded: alloc::vec::Vec<u8> = super::decode::Decode(label.as_bytes().iter()).collect();
    let text = String::from_utf8(decoded).ok()?;
    let lower = text.to_ascii_lowercase();
    match lower.strip_prefix("xn--") {
        Some(_) if text.is_ascii() && text.len() > MAX_A_LABEL => None,
        Some(puny) if text.is_ascii() => idna::punycode::decode_to_string(puny),
        _ => Some(text),
    }
}
