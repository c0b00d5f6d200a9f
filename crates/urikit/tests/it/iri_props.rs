//! Property tests of the IRI mappings (RFC 3987 section 3):
//! - for a URI `u`, `to_uri(to_iri(u))` is `u` up to the case of the hex
//!   digits and the decoding of percent-encoded unreserved characters (the
//!   two differences 3.2 names);
//! - for an IRI `i` with no bidi formatting character and no
//!   percent-encoding, `to_iri(to_uri(i))` is `i`;
//! - the IRI parser accepts exactly what the URI parser accepts after
//!   `to_uri`, at the same component boundaries.

use proptest::prelude::*;
use urikit::{IriRef, UriRef};

/// Percent-encoded octets of every kind: UTF-8 of characters in and out of
/// the classes (ucschar, iprivate, noncharacters, bidi controls), broken
/// UTF-8, and ASCII (reserved, unreserved, not allowed).
fn pct() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<char>().prop_map(|c| {
            let mut b = [0; 4];
            c.encode_utf8(&mut b)
                .bytes()
                .map(|x| format!("%{x:02x}"))
                .collect()
        }),
        prop::sample::select(vec![
            "%C3%A9",
            "%e2%80%ae",
            "%EE%80%80",
            "%EF%B7%90",
            "%FF",
            "%C3",
            "%80%80",
            "%2F",
            "%41",
            "%7e",
            "%20",
            "%25",
            "%ED%A0%80",
            "%F4%90%80%80",
        ])
        .prop_map(String::from),
        "[a-z0-9]{1,3}",
    ]
}

fn uri() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(pct(), 0..4),
        prop::collection::vec(pct(), 0..4),
        prop::collection::vec(pct(), 0..3),
        prop::collection::vec(pct(), 0..3),
        any::<bool>(),
    )
        .prop_map(|(h, p, q, f, auth)| {
            let mut s = String::from("s:");
            if auth {
                s.push_str("//");
                s.push_str(&h.concat());
            }
            s.push('/');
            s.push_str(&p.join("/"));
            s.push('?');
            s.push_str(&q.concat());
            s.push('#');
            s.push_str(&f.concat());
            s
        })
}

/// Uppercase the hex digits of every triplet and decode those of
/// unreserved ASCII characters.
fn canonical(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let v = u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap();
            if v.is_ascii_alphanumeric() || b"-._~".contains(&v) {
                out.push(v as char);
            } else {
                out.push_str(&format!("%{v:02X}"));
            }
            i += 3;
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

/// Every non-ASCII byte as `%HH`, uppercase: 3.1 step 2, written
/// independently of the library.
fn enc(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// Characters an IRI may hold directly, in every component but the scheme.
fn ucs() -> impl Strategy<Value = char> {
    any::<char>().prop_filter("ucschar, not bidi", |&c| {
        urikit::chars::is_ucschar(c) && !urikit::chars::is_bidi_format(c)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn to_uri_of_to_iri_gives_the_uri_back(s in uri()) {
        let u = UriRef::parse(&s).unwrap();
        let i = u.to_iri();
        let iri = IriRef::parse(&i).unwrap();
        let back = iri.to_uri();
        prop_assert_eq!(canonical(&back), canonical(&s));
        // The components keep their places.
        let back = UriRef::parse(&back).unwrap();
        prop_assert_eq!(back.query().is_some(), u.query().is_some());
        prop_assert_eq!(back.fragment().is_some(), u.fragment().is_some());
    }

    #[test]
    fn to_iri_of_to_uri_gives_the_iri_back(
        host in prop::collection::vec(ucs(), 0..4),
        path in prop::collection::vec(ucs(), 0..6),
        query in prop::collection::vec(prop_oneof![ucs(), Just('\u{E000}'), Just('\u{10FFFD}')], 0..4),
        frag in prop::collection::vec(ucs(), 0..3),
    ) {
        let s = format!(
            "s://{}/{}?{}#{}",
            host.iter().collect::<String>(),
            path.iter().collect::<String>(),
            query.iter().collect::<String>(),
            frag.iter().collect::<String>()
        );
        let i = IriRef::parse(&s).unwrap();
        let u = i.to_uri();
        prop_assert!(u.is_ascii());
        let uri = UriRef::parse(&u).unwrap();
        prop_assert_eq!(uri.to_iri(), s.as_str());
    }

    #[test]
    fn the_iri_parser_agrees_with_the_uri_parser_after_to_uri(
        s in prop::collection::vec(
            prop_oneof![
                Just("/"), Just("?"), Just("#"), Just(":"), Just("@"), Just("//"), Just("a"),
                Just("é"), Just("\u{E000}"), Just("%41"), Just("["), Just("]"), Just("1"),
            ],
            0..12,
        )
    ) {
        let s = s.concat();
        if let Ok(i) = IriRef::parse(&s) {
            let u = i.to_uri();
            prop_assert_eq!(u.to_string(), enc(&s));
            let r = UriRef::parse(&u).unwrap();
            // Each component is the IRI's, mapped.
            let map = |x: Option<&str>| x.map(enc);
            prop_assert_eq!(r.scheme(), i.scheme());
            prop_assert_eq!(map(r.authority()), map(i.authority()));
            prop_assert_eq!(map(r.userinfo()), map(i.userinfo()));
            prop_assert_eq!(map(r.host_str()), map(i.host_str()));
            prop_assert_eq!(r.port(), i.port());
            prop_assert_eq!(r.path(), enc(i.path()));
            prop_assert_eq!(map(r.query()), map(i.query()));
            prop_assert_eq!(map(r.fragment()), map(i.fragment()));
        }
        if s.is_ascii() {
            prop_assert_eq!(IriRef::parse(&s).is_ok(), UriRef::parse(&s).is_ok());
        }
    }
}
