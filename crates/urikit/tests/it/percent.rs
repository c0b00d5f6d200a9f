//! Percent-encoding (RFC 3986 2.1, 2.4): data-file vectors and properties.

use crate::common;
use common::vectors;

use std::borrow::Cow;

use proptest::prelude::*;
use urikit::chars::CharClass;
use urikit::percent::{self, EncodeSet, decode, decode_form, encode};
use urikit::{Rule, validate};

/// Each named encode set with the rule its output must match.
const SETS: &[(EncodeSet, Rule)] = &[
    (EncodeSet::Unreserved, Rule::Segment),
    (EncodeSet::Userinfo, Rule::Userinfo),
    (EncodeSet::Host, Rule::RegName),
    (EncodeSet::Segment, Rule::Segment),
    (EncodeSet::SegmentNc, Rule::Segment),
    (EncodeSet::Path, Rule::Path),
    (EncodeSet::Query, Rule::Query),
    (EncodeSet::QueryPair, Rule::Query),
    (EncodeSet::Fragment, Rule::Fragment),
];

/// The set a vector names, by the library's own names.
fn set(name: &str) -> &'static CharClass {
    EncodeSet::from_name(name)
        .unwrap_or_else(|| panic!("no set {name}"))
        .class()
}

#[test]
fn every_named_set_is_tested_and_names_round_trip() {
    assert_eq!(SETS.len(), EncodeSet::ALL.len());
    for s in EncodeSet::ALL {
        assert!(SETS.iter().any(|(t, _)| t == s), "{s} has no rule here");
        assert_eq!(EncodeSet::from_name(s.name()), Some(*s));
        assert_eq!(s.to_string(), s.name());
    }
    // Names are lower-case words joined by '-', each one once.
    let mut names: Vec<&str> = EncodeSet::ALL.iter().map(|s| s.name()).collect();
    assert!(
        names
            .iter()
            .all(|n| n.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'))
    );
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), EncodeSet::ALL.len());
}

#[test]
fn encode_vectors() {
    let v = vectors("percent/encode.txt");
    assert!(v.len() > 10);
    for f in v {
        let got = encode(&f[1], set(&f[0]));
        assert_eq!(got.to_string(), f[2], "{f:?}");
        assert_eq!(got.to_cow(), f[2], "{f:?}");
        assert_eq!(got.encoded_len(), f[2].len(), "{f:?}");
        assert_eq!(got.collect::<String>(), f[2], "{f:?}");
    }
}

#[test]
fn decode_vectors() {
    let v = vectors("percent/decode.txt");
    assert!(v.len() > 10);
    for f in v {
        let d = match f[0].as_str() {
            "plain" => decode(&f[1]),
            "form" => decode_form(&f[1]),
            m => panic!("mode {m}"),
        };
        match f[2].strip_prefix('!') {
            Some(index) => {
                let err = d.to_str().unwrap_err();
                assert_eq!(err.index(), index.parse::<usize>().unwrap(), "{f:?}");
            }
            None => assert_eq!(d.to_str().unwrap(), f[2], "{f:?}"),
        }
    }
}

#[test]
fn nothing_to_do_borrows() {
    assert!(matches!(
        encode("abc", &percent::PATH).to_cow(),
        Cow::Borrowed("abc")
    ));
    assert!(matches!(decode("abc").to_str(), Ok(Cow::Borrowed("abc"))));
    assert!(matches!(decode("a+b").to_str(), Ok(Cow::Borrowed("a+b"))));
    assert!(matches!(decode_form("a+b").to_str(), Ok(Cow::Owned(_))));
    assert!(matches!(decode("a%41").to_bytes(), Cow::Owned(_)));
}

#[test]
fn lossy_decoding_replaces_invalid_utf8() {
    assert_eq!(decode("a%FF%C3").to_str_lossy(), "a\u{FFFD}\u{FFFD}");
}

fn arb_set() -> impl Strategy<Value = CharClass> {
    let named = prop::sample::select(SETS.iter().map(|s| *s.0.class()).collect::<Vec<_>>());
    let custom = prop::collection::vec(any::<u8>(), 0..64)
        .prop_map(|bytes| CharClass::EMPTY.with_bytes(&bytes));
    prop_oneof![named, custom]
}

/// A valid component text: the rule's characters and pct-encoded triplets
/// with hex digits in either case.
fn arb_component() -> impl Strategy<Value = String> {
    proptest::string::string_regex("([A-Za-z0-9._~!$&'()*+,;=:@/?-]|%[0-9A-Fa-f][0-9A-Fa-f])*")
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn encode_then_decode_gives_back_any_bytes(data in prop::collection::vec(any::<u8>(), 0..64), set in arb_set()) {
        let text = encode(&data, &set).to_string();
        prop_assert!(text.is_ascii());
        prop_assert_eq!(decode(&text).to_bytes().into_owned(), data);
    }

    #[test]
    fn encoded_text_matches_the_component_rule(data in ".{0,32}", i in 0..SETS.len()) {
        let (set, rule) = &SETS[i];
        let set = set.class();
        let text = encode(&data, set).to_string();
        prop_assert!(validate(*rule, &text).is_ok(), "{:?} -> {:?}", data, text);
        prop_assert_eq!(decode(&text).to_str().unwrap(), data);
        // Hex is always uppercase.
        let b = text.as_bytes();
        for (j, &c) in b.iter().enumerate() {
            if c == b'%' {
                prop_assert!(b[j + 1..j + 3].iter().all(|h| !h.is_ascii_lowercase()));
            }
        }
    }

    #[test]
    fn decoding_a_valid_component_never_fails(text in arb_component()) {
        prop_assert!(validate(Rule::Query, &text).is_ok());
        let bytes = decode(&text).to_bytes();
        // One byte per character, one per triplet: three characters fewer
        // two bytes.
        let triplets = text.matches('%').count();
        prop_assert_eq!(bytes.len(), text.len() - 2 * triplets);
        // Encoding the bytes with the strictest set and decoding again
        // gives the same bytes.
        let again = encode(&*bytes, &percent::UNRESERVED).to_string();
        prop_assert_eq!(decode(&again).to_bytes(), bytes.clone());
        let _ = decode(&text).to_str_lossy();
    }
}

/// Byte by byte, as 2.1 says: what is not kept becomes `%XX`.
fn naive_encode(data: &[u8], set: &CharClass) -> String {
    let mut out = String::new();
    for &b in data {
        if b < 0x80 && b != b'%' && set.contains(b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    // The encoder scans eight bytes at a time while none needs encoding:
    // long runs of plain bytes with a special one anywhere (in the first or
    // last chunk, across a chunk boundary, in the tail), with sets that do
    // and do not hold "%" and bytes outside ASCII (which are encoded anyway).
    #[test]
    fn encoding_matches_the_byte_by_byte_oracle(
        data in prop::collection::vec(
            prop_oneof![
                12 => Just(b'a'),
                2 => Just(b'/'),
                1 => Just(b'%'),
                1 => Just(0xC3u8),
                1 => Just(0x80u8),
                1 => Just(b' '),
                1 => any::<u8>(),
            ],
            0..80,
        ),
        set in prop_oneof![
            arb_set(),
            Just(CharClass::EMPTY.complement()),
            Just(CharClass::EMPTY.complement().without_bytes(b" ")),
        ],
    ) {
        let expected = naive_encode(&data, &set);
        let e = encode(&data, &set);
        prop_assert_eq!(e.to_cow(), expected.as_str());
        prop_assert_eq!(e.to_string(), expected.as_str());
        prop_assert_eq!(e.encoded_len(), expected.len());
        prop_assert_eq!(matches!(e.to_cow(), Cow::Borrowed(_)), expected.as_bytes() == &data[..]);
    }
}

/// Decoding byte by byte, from RFC 3986 section 2.1 alone: the oracle for
/// `to_bytes`, which copies whole runs between the triplets.
fn naive_decode(text: &[u8], plus_as_space: bool) -> Vec<u8> {
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let b = text[i];
        if b == b'%'
            && i + 2 < text.len()
            && let (Some(h), Some(l)) = (hex(text[i + 1]), hex(text[i + 2]))
        {
            out.push(h << 4 | l);
            i += 3;
            continue;
        }
        out.push(if plus_as_space && b == b'+' { b' ' } else { b });
        i += 1;
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Runs of every length between triplets, malformed triplets, `+`, and
    /// special bytes at each position of an eight-byte word.
    #[test]
    fn decoding_matches_the_byte_by_byte_oracle(
        text in "([a-z]{0,11}|%[0-9A-Fa-f]{2}|%[0-9A-Za-z]{0,2}|\\+|%|é)*",
    ) {
        let d = urikit::percent::decode(&text).to_bytes();
        prop_assert_eq!(&d[..], &naive_decode(text.as_bytes(), false)[..]);
        let f = urikit::percent::decode_form(&text).to_bytes();
        prop_assert_eq!(&f[..], &naive_decode(text.as_bytes(), true)[..]);
    }
}
