//! The properties the `parse` fuzz target checks, on any string or bytes.
//!
//! Used by the fuzz crate and by `crates/urikit/tests/it/fuzz_regressions.rs`, so
//! every input the fuzzer ever crashed on is checked against the same
//! properties in the normal test suite.

use urikit::{ErrorKind, Rule, Uri, UriBuf, UriRef, UriRefBuf, split, validate};

/// Every property of the parser that holds for any string.
pub fn check_parse(s: &str) {
    let parsed = UriRef::parse(s);
    // The byte-level entry point agrees on UTF-8 input.
    assert_eq!(
        UriRef::parse_bytes(s.as_bytes()),
        parsed,
        "parse_bytes and parse disagree on {s:?}"
    );
    // The rule validator gives the same verdict and the same error.
    assert_eq!(
        validate(Rule::UriReference, s),
        parsed.map(drop),
        "validate(URI-reference) and parse disagree on {s:?}"
    );
    let owned = UriRefBuf::parse(s);
    assert_eq!(owned.is_ok(), parsed.is_ok(), "UriRefBuf on {s:?}");
    let uri = Uri::parse(s);
    assert_eq!(
        Uri::parse_bytes(s.as_bytes()),
        uri,
        "Uri::parse_bytes on {s:?}"
    );
    assert_eq!(
        validate(Rule::Uri, s),
        uri.map(drop),
        "validate(URI) on {s:?}"
    );
    assert_eq!(UriBuf::parse(s).is_ok(), uri.is_ok(), "UriBuf on {s:?}");
    for &rule in Rule::ALL {
        if let Err(e) = validate(rule, s) {
            assert!(e.index() <= s.len(), "{rule}: {e:?} on {s:?}");
        }
    }
    match parsed {
        Ok(r) => {
            // Round trips (5.3).
            assert_eq!(r.as_str(), s);
            assert_eq!(r.to_string(), s, "Display of {s:?}");
            assert_eq!(r.components().to_string(), s, "recomposition of {s:?}");
            assert_eq!(owned.as_ref().map(|o| o.as_str()), Ok(s));
            // Appendix B agrees on every valid reference.
            assert_eq!(split(s), r.components(), "split vs parse on {s:?}");
            // The top-level rules nest as the ABNF says.
            assert_eq!(uri.is_ok(), r.scheme().is_some(), "URI vs scheme on {s:?}");
            assert_eq!(
                UriRef::parse_relative(s).is_ok(),
                r.scheme().is_none(),
                "relative-ref vs scheme on {s:?}"
            );
            assert_eq!(
                Uri::parse_absolute(s).is_ok(),
                r.scheme().is_some() && r.fragment().is_none(),
                "absolute-URI on {s:?}"
            );
            // Accessors hold together.
            if let Some(h) = r.host() {
                let _ = h.data();
                assert_eq!(Some(h.as_str()), r.host_str());
                assert_eq!(Some(h.kind()), r.host_kind());
            }
            let _ = r.port_u16();
            if let (Some(a), Some(h)) = (r.authority(), r.host_str()) {
                let mut rebuilt = String::new();
                if let Some(u) = r.userinfo() {
                    rebuilt.push_str(u);
                    rebuilt.push('@');
                }
                rebuilt.push_str(h);
                if let Some(p) = r.port() {
                    rebuilt.push(':');
                    rebuilt.push_str(p);
                }
                assert_eq!(rebuilt, a, "authority parts of {s:?}");
            } else {
                assert_eq!(r.authority().is_some(), r.host_str().is_some());
            }
        }
        Err(e) => {
            assert!(e.index() <= s.len(), "{e:?} on {s:?}");
            // Everything before the error is ASCII, so the index is a
            // character boundary (the CLI draws its caret there).
            assert!(s.is_char_boundary(e.index()), "{e:?} on {s:?}");
            assert_ne!(e.kind(), ErrorKind::InvalidUtf8, "{s:?} is UTF-8");
            let _ = e.to_string();
            assert_eq!(owned.map(drop), Err(e));
            assert!(uri.is_err(), "a URI that is not a URI-reference: {s:?}");
        }
    }
}

/// Every property of the byte-level entry points that holds for any bytes.
pub fn check_bytes(b: &[u8]) {
    match std::str::from_utf8(b) {
        Ok(s) => check_parse(s),
        Err(u) => {
            for result in [
                UriRef::parse_bytes(b).map(drop),
                Uri::parse_bytes(b).map(drop),
            ] {
                let e = result.expect_err("accepted bytes that are not UTF-8");
                assert!(e.index() <= b.len());
                // Bytes before the error index are ASCII: the UTF-8 error can
                // only be at or after it, and is reported exactly when it is
                // the byte the parser stopped at.
                assert!(u.valid_up_to() >= e.index(), "{e:?} on {b:?}");
                assert_eq!(
                    e.kind() == ErrorKind::InvalidUtf8,
                    u.valid_up_to() == e.index(),
                    "{e:?} on {b:?} (UTF-8 valid up to {})",
                    u.valid_up_to()
                );
            }
        }
    }
}
