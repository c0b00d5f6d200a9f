//! Conversions with http::Uri (feature `http`): no fragment or reading is
//! dropped or changed silently.

use urikit::integrations::http::HttpUriErrorKind;
use urikit::{Uri, UriBuf, UriRef, UriRefBuf};

#[test]
fn forms_http_uri_holds_round_trip() {
    for s in [
        "http://example.com/a/b?c=d",
        "https://user:pw@example.com:8443/",
        "ftp://[::1]:21/x",
        "http://a/%7Bx%7D?y=%22",
        "/origin/form?q",
        "/",
        "*",
    ] {
        let ours = UriRef::parse(s).unwrap();
        let theirs = http::Uri::try_from(ours).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(theirs.to_string(), s);
        assert_eq!(UriRefBuf::try_from(&theirs).unwrap(), s);
    }
    // The authority form is `//authority` as a reference.
    let theirs = http::Uri::try_from(UriRef::parse("//example.com:443").unwrap()).unwrap();
    assert_eq!(theirs.authority().unwrap(), "example.com:443");
    assert_eq!(theirs.scheme(), None);
    assert_eq!(UriRefBuf::try_from(theirs).unwrap(), "//example.com:443");
    assert!(UriBuf::try_from(http::Uri::from_static("example.com:443")).is_err());
}

#[test]
fn equivalent_changes_are_accepted() {
    // RFC 3986 6.2.2.1 and 6.2.3: the same URI.
    let theirs = http::Uri::try_from(Uri::parse("HTTP://a").unwrap()).unwrap();
    assert_eq!(theirs.to_string(), "http://a/");
    let theirs = http::Uri::try_from(UriBuf::parse("https://a?q").unwrap()).unwrap();
    assert_eq!(theirs.to_string(), "https://a/?q");
}

#[test]
fn fragments_are_errors_or_dropped_on_request() {
    let u = UriBuf::parse("http://a/b?c#frag").unwrap();
    let e = http::Uri::try_from(&u).unwrap_err();
    assert_eq!(e.kind(), HttpUriErrorKind::Fragment);
    assert_eq!(e.index(), Some(12));
    assert!(e.to_string().contains("fragment"), "{e}");
    assert!(e.to_string().ends_with("at index 12"), "{e}");
    // Even an empty one.
    let e = http::Uri::try_from(Uri::parse("http://a/#").unwrap()).unwrap_err();
    assert_eq!(e.kind(), HttpUriErrorKind::Fragment);
    assert_eq!(u.to_http_uri_lossy().unwrap(), "http://a/b?c");
    assert_eq!(u.as_uri().to_http_uri_lossy().unwrap(), "http://a/b?c");
    assert_eq!(
        UriRefBuf::from(u.clone()).to_http_uri_lossy().unwrap(),
        "http://a/b?c"
    );
}

#[test]
fn forms_it_cannot_hold_are_errors() {
    for (s, kind) in [
        // http::Uri reads this as an authority with a userinfo.
        ("mailto:a@b", HttpUriErrorKind::Changed),
        ("urn:isbn:0451450523", HttpUriErrorKind::Rejected),
        ("file:///etc/hosts", HttpUriErrorKind::Rejected),
        ("../a", HttpUriErrorKind::Rejected),
        // http::Uri reads this as an origin-form path; RFC 3986 as an
        // authority and a path.
        ("//a/b", HttpUriErrorKind::Changed),
        ("", HttpUriErrorKind::Rejected),
        ("http://", HttpUriErrorKind::Rejected),
    ] {
        let e = http::Uri::try_from(UriRef::parse(s).unwrap()).unwrap_err();
        assert_eq!(e.kind(), kind, "{s}: {e}");
    }
    let e = http::Uri::try_from(UriRef::parse("../a").unwrap()).unwrap_err();
    assert!(std::error::Error::source(&e).is_some());
    // A URI of 64 KiB or more.
    let long = format!("http://a/{}", "x".repeat(70_000));
    assert!(http::Uri::try_from(Uri::parse(&long).unwrap()).is_err());
}

#[test]
fn from_http_validates() {
    // http::Uri lets these through; RFC 3986 does not.
    for (s, index) in [
        ("/a{b}", 2),
        ("/a|b", 2),
        ("/é", 1),
        ("/?q=^x", 4),
        ("/?`", 2),
    ] {
        let theirs = http::Uri::try_from(s).unwrap();
        let e = UriRefBuf::try_from(&theirs).unwrap_err();
        assert!(matches!(e.kind(), HttpUriErrorKind::Invalid(_)), "{s}: {e}");
        assert_eq!(e.index(), Some(index), "{s}: {e}");
    }
    let e = UriBuf::try_from(http::Uri::from_static("/a")).unwrap_err();
    assert_eq!(
        e.kind(),
        HttpUriErrorKind::Invalid(urikit::ErrorKind::MissingScheme)
    );
    // An origin form that would read as an authority.
    let theirs = http::Uri::from_parts({
        let mut p = http::uri::Parts::default();
        p.path_and_query = Some(http::uri::PathAndQuery::from_static("//evil.example/x"));
        p
    })
    .unwrap();
    let e = UriRefBuf::try_from(&theirs).unwrap_err();
    assert_eq!(e.kind(), HttpUriErrorKind::Changed);
}
