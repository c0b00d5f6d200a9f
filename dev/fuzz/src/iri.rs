//! The `iri` target's checks: the IRI profile of the parser and the
//! mappings of RFC 3987 section 3.

use urikit::{Iri, IriRef, IriRefBuf, UriRef};

/// On any bytes: the IRI entry points never panic and agree with each
/// other; see [`check_iri`] for UTF-8 input.
pub fn check_iri_bytes(data: &[u8]) {
    let from_bytes = IriRef::parse_bytes(data);
    match core::str::from_utf8(data) {
        Ok(s) => {
            assert_eq!(
                from_bytes,
                IriRef::parse(s),
                "parse_bytes and parse on {s:?}"
            );
            check_iri(s);
        }
        Err(e) => {
            // Non-UTF-8 input never parses; the error is at or before the
            // first bad byte.
            let err = from_bytes.expect_err("non-UTF-8 input parsed");
            assert!(
                err.index() <= e.valid_up_to(),
                "{err:?} after {}",
                e.valid_up_to()
            );
        }
    }
}

/// On UTF-8: a valid IRI reference round-trips; `to_uri` gives a valid URI
/// reference with the same components mapped, `to_iri` of that gives an
/// IRI that maps to the same URI (up to hex case and unreserved decoding);
/// ASCII input gets the URI parser's verdict; an error index is within the
/// input and on a character boundary.
pub fn check_iri(s: &str) {
    let parsed = IriRef::parse(s);
    assert_eq!(
        IriRefBuf::parse(s).is_ok(),
        parsed.is_ok(),
        "IriRefBuf on {s:?}"
    );
    if let Ok(i) = Iri::parse(s) {
        assert_eq!(parsed.map(|r| r.as_iri()), Ok(Some(i)));
    }
    if s.is_ascii() {
        assert_eq!(
            parsed.map(drop),
            UriRef::parse(s).map(drop),
            "ASCII verdicts on {s:?}"
        );
    }
    match parsed {
        Ok(r) => {
            assert_eq!(r.components().to_string(), s, "recomposition of {s:?}");
            let uri = r.to_uri();
            assert!(uri.is_ascii());
            let u = UriRef::parse(&uri).unwrap_or_else(|e| panic!("to_uri of {s:?}: {uri:?}: {e}"));
            assert_eq!(u.scheme(), r.scheme());
            assert_eq!(u.query().is_some(), r.query().is_some());
            assert_eq!(u.fragment().is_some(), r.fragment().is_some());
            let back = u.to_iri();
            let again =
                IriRef::parse(&back).unwrap_or_else(|e| panic!("to_iri of {uri:?}: {back:?}: {e}"));
            assert_eq!(canonical(&again.to_uri()), canonical(&uri), "{s:?}");
        }
        Err(e) => {
            assert!(
                e.index() <= s.len() && s.is_char_boundary(e.index()),
                "{e:?} on {s:?}"
            );
        }
    }
}

/// Uppercase hex, and unreserved characters decoded: the differences RFC
/// 3987 3.2 allows between a URI and the URI of its IRI.
fn canonical(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            let v = u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap_or(0);
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
