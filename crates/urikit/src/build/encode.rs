//! Percent-encoding a part for its component in a parser profile (the
//! `P` of `parse/mod.rs`): one encoder for the URI and the IRI builders.
//!
//! With the URI profile this is [`percent::encode`] as it is. With the IRI
//! profile (RFC 3987 2.2, 3.1) a run of non-ASCII characters that the
//! component's IRI rule allows, `ucschar` and in the query `iprivate` too,
//! stays as it is, bidirectional formatting characters excepted (4.1: an
//! IRI must not hold them; they are encoded, as the URI-to-IRI mapping of
//! 3.2 leaves them); every other byte is encoded exactly as in a URI (so
//! mapping the result to a URI, 3.1, gives what the URI builder gives).

use alloc::borrow::Cow;
use alloc::string::String;

use super::Part;
use crate::chars::{CharClass, is_bidi_format};
use crate::parse::{profile, ucs_run};
use crate::percent;

/// Whether profile `P` keeps non-ASCII characters (the IRI profile).
const fn keeps_ucs(p: u8) -> bool {
    p & profile::IRI != 0
}

/// The length of the run of non-ASCII characters at `data[i]` that the IRI
/// profile keeps: what the grammar allows there ([`ucs_run`]), up to the
/// first bidirectional formatting character.
fn kept_run(data: &[u8], i: usize, private: bool) -> usize {
    let mut j = i;
    while data.get(j).is_some_and(|&b| b >= 0x80) {
        // A window of four bytes: one or two characters at a time, so that
        // a bidi formatting character ends the run without the rest of the
        // run being scanned again from each one (linear, not quadratic).
        let n = ucs_run(&data[..data.len().min(j + 4)], j, private);
        if n == 0 {
            break;
        }
        // `ucs_run` accepts strictly valid UTF-8 only.
        match core::str::from_utf8(&data[j..j + n]) {
            Ok(t) => {
                if let Some(p) = t.find(is_bidi_format) {
                    return j + p - i;
                }
            }
            Err(_) => break,
        }
        j += n;
    }
    j - i
}

/// The index of the first byte of `data` that the IRI profile encodes, or
/// `None` when the data is valid text for the component as it is.
fn first_encoded_iri(data: &[u8], set: &CharClass, private: bool) -> Option<usize> {
    let mut i = 0;
    while let Some(&b) = data.get(i) {
        if b < 0x80 {
            if b == b'%' || !set.contains(b) {
                return Some(i);
            }
            i += 1;
        } else {
            match kept_run(data, i, private) {
                0 => return Some(i),
                n => i += n,
            }
        }
    }
    None
}

/// Append `data` encoded for a component to `out`: the URI encoding, but
/// with the IRI profile a run of allowed non-ASCII characters is copied.
pub(crate) fn push_encoded<const P: u8>(
    out: &mut String,
    data: &[u8],
    set: &CharClass,
    private: bool,
) {
    if !keeps_ucs(P) {
        out.extend(percent::encode(data, set));
        return;
    }
    let mut i = 0;
    while i < data.len() {
        // The bytes up to the next run that stays, encoded as in a URI.
        let mut k = i;
        let mut run = 0;
        while let Some(&b) = data.get(k) {
            if b >= 0x80 {
                run = kept_run(data, k, private);
                if run > 0 {
                    break;
                }
            }
            k += 1;
        }
        out.extend(percent::encode(&data[i..k], set));
        let kept = &data[k..k + run];
        match core::str::from_utf8(kept) {
            Ok(t) => out.push_str(t),
            Err(_) => out.extend(percent::encode(kept, set)),
        }
        i = k + run;
    }
}

/// Percent-encode a part for a component in profile `P`: borrowed when the
/// data is borrowed and needs no encoding, moved when it is owned and needs
/// none. `private` is whether the component allows `iprivate` (the query).
pub(crate) fn encode_part<'a, const P: u8>(
    data: impl Part<'a>,
    set: &'static CharClass,
    private: bool,
) -> Cow<'a, str> {
    let data = data.into_data();
    if !keeps_ucs(P) {
        return match data {
            Cow::Borrowed(b) => percent::encode(b, set).to_cow(),
            Cow::Owned(v) => {
                // One scan: either the encoded copy, or nothing to encode,
                // when every byte is ASCII of the set and the data itself is
                // the text.
                let encoded = match percent::encode(&v, set).to_cow() {
                    Cow::Owned(t) => Some(t),
                    Cow::Borrowed(_) => None,
                };
                match encoded {
                    Some(t) => Cow::Owned(t),
                    None => Cow::Owned(v.iter().map(|&b| char::from(b)).collect()),
                }
            }
        };
    }
    // The text up to the first byte to encode is ASCII of the set and runs
    // that `kept_run` accepted: valid UTF-8, so the `from_utf8` calls below
    // succeed; should one not, the bytes are encoded instead.
    let Some(first) = first_encoded_iri(&data, set, private) else {
        return match data {
            Cow::Borrowed(b) => match core::str::from_utf8(b) {
                Ok(t) => Cow::Borrowed(t),
                Err(_) => Cow::Owned(encoded_from::<P>(b, 0, set, private)),
            },
            Cow::Owned(v) => match String::from_utf8(v) {
                Ok(t) => Cow::Owned(t),
                Err(e) => Cow::Owned(encoded_from::<P>(e.as_bytes(), 0, set, private)),
            },
        };
    };
    Cow::Owned(encoded_from::<P>(&data, first, set, private))
}

/// `data[..first]` as it is (it needs no encoding), then the rest encoded.
fn encoded_from<const P: u8>(data: &[u8], first: usize, set: &CharClass, private: bool) -> String {
    let mut out = String::with_capacity(data.len() + 8);
    let (head, rest) = data.split_at(first.min(data.len()));
    match core::str::from_utf8(head) {
        Ok(t) => out.push_str(t),
        Err(_) => push_encoded::<P>(&mut out, head, set, private),
    }
    push_encoded::<P>(&mut out, rest, set, private);
    out
}
