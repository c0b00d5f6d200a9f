//! The API lets the borrow checker help: each test here is a use that did
//! not compile before issue 11 (the friction points a newcomer reported),
//! written as a user would write it, with its result checked.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use urikit::build::Builder;
use urikit::{HostKind, ParseError, ToUri, ToUriRef, Uri, UriBuf, UriRef, UriRefBuf};

// Before: E0515, the accessors' data was tied to `&self`, a temporary here.
fn host(s: &str) -> Option<&str> {
    Uri::parse(s).ok()?.host_str()
}

fn first_segment(s: &str) -> Option<&str> {
    UriRef::parse(s).ok()?.path_segments().next()
}

fn query_value<'a>(s: &'a str, key: &str) -> Option<&'a str> {
    UriRef::parse(s)
        .ok()?
        .query_pairs()
        .find(|p| p.key() == key)?
        .value()
}

#[test]
fn accessors_of_borrowed_values_outlive_the_value() {
    assert_eq!(host("http://example.com:80/x"), Some("example.com"));
    assert_eq!(host("mailto:a@b"), None);
    assert_eq!(host("not a uri"), None);
    assert_eq!(first_segment("/a/b"), Some("a"));
    assert_eq!(query_value("?a=1&b=2", "b"), Some("2"));

    let text = String::from("s://u@h:1/p?q#f");
    let (scheme, userinfo, h, port, path, query, fragment, authority, all) = {
        let u = Uri::parse(&text).unwrap();
        (
            u.scheme(),
            u.userinfo(),
            u.host(),
            u.port(),
            u.path(),
            u.query(),
            u.fragment(),
            u.authority(),
            u.as_str(),
        )
    }; // `u` is gone; the parts borrow `text`.
    assert_eq!(scheme, "s");
    assert_eq!(userinfo, Some("u"));
    assert_eq!(h.map(|h| h.as_str()), Some("h"));
    assert_eq!(port, Some("1"));
    assert_eq!(path, "/p");
    assert_eq!(query, Some("q"));
    assert_eq!(fragment, Some("f"));
    assert_eq!(authority, Some("u@h:1"));
    assert_eq!(all, text);
    let c = {
        let r = UriRef::parse(&text).unwrap();
        r.components()
    };
    assert_eq!(c.to_string(), text);
}

#[test]
fn one_trait_names_a_reference_in_any_form() {
    let s = String::from("a/b?c");
    let r = UriRef::parse(&s).unwrap();
    let owned = UriRefBuf::parse("a/b?c").unwrap();
    let forms: [&dyn ToUriRef; 5] = [&"a/b?c", &s, &r, &owned, &&owned];
    for f in forms {
        assert_eq!(f.to_uri_ref().unwrap().path(), "a/b");
    }
    let u = Uri::parse("s:p").unwrap();
    let ub = UriBuf::parse("s:p").unwrap();
    assert_eq!(u.to_uri_ref().unwrap().scheme(), Some("s"));
    assert_eq!(ub.to_uri_ref().unwrap().scheme(), Some("s"));
    assert_eq!(ub.to_uri().unwrap().scheme(), "s");
    assert_eq!("s:p".to_uri().unwrap(), u);

    // Text that does not parse says why, at the parser's index.
    let e: ParseError = "a b".to_uri_ref().unwrap_err();
    assert_eq!(e.index(), 1);
    // A relative reference is not a URI: the parser's own error.
    assert_eq!(
        owned.to_uri().unwrap_err(),
        Uri::parse("a/b?c").unwrap_err()
    );
}

#[test]
fn conversions_follow_the_naming_guidelines() {
    // as_*: free, borrowed; into_*: consumes.
    let u = Uri::parse("s://h/p").unwrap();
    let r: UriRef<'_> = u.as_uri_ref();
    assert_eq!(r.as_str(), "s://h/p");
    let ub: UriBuf = u.into_owned();
    assert_eq!(ub.as_uri(), u);
    let rb = UriRefBuf::from(ub.clone());
    assert_eq!(rb.as_uri_ref(), r);
    assert_eq!(rb.into_string(), "s://h/p");
}

#[test]
fn builder_takes_owned_parts_and_temporaries() {
    let h = "EXAMPLE.com";
    // Before: E0716, `h.to_lowercase()` was a temporary borrowed past the
    // statement.
    let b = Builder::new().scheme("http").host(h.to_lowercase());
    let b = b.path(format!("/{}/{}", "a b", 1));
    let u = b.query_encoded(String::from("x=1")).build_uri().unwrap();
    assert_eq!(u.as_str(), "http://example.com/a%20b/1?x=1");

    // Borrowed parts still work, and raw bytes too.
    let seg = vec![0xffu8, b'a'];
    let r = Builder::new().path(&seg).build().unwrap();
    assert_eq!(r.as_str(), "%FFa");
    let r = Builder::new().path(seg).fragment(b"f g").build().unwrap();
    assert_eq!(r.as_str(), "%FFa#f%20g");
}

#[test]
fn setters_for_ports_ip_hosts_and_query_pairs() {
    let mut u = UriBuf::parse("http://h/p#f").unwrap();
    u.set_port(Some(8080)).unwrap();
    assert_eq!(u.as_str(), "http://h:8080/p#f");
    assert_eq!(u.port_u16(), Ok(Some(8080)));
    u.set_port(None).unwrap();
    assert_eq!(u.as_str(), "http://h/p#f");

    u.set_host_ip(IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1)))
        .unwrap();
    assert_eq!(u.as_str(), "http://[2001:db8::1]/p#f");
    assert_eq!(u.host_kind(), Some(HostKind::Ipv6));
    u.set_host_ip(IpAddr::V4(Ipv4Addr::new(192, 0, 2, 7)))
        .unwrap();
    assert_eq!(u.as_str(), "http://192.0.2.7/p#f");
    assert_eq!(u.host_kind(), Some(HostKind::Ipv4));

    // Appending encodes: `&`, `=`, `+` and `#` in the data stay data.
    u.append_query_pair("q", "a&b=c+d#e f").unwrap();
    assert_eq!(u.as_str(), "http://192.0.2.7/p?q=a%26b%3Dc%2Bd%23e%20f#f");
    u.append_query_pair("", "").unwrap();
    assert_eq!(u.query(), Some("q=a%26b%3Dc%2Bd%23e%20f&="));
    let pairs: Vec<(String, String)> = u
        .query_pairs()
        .decoded()
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    assert_eq!(
        pairs,
        [
            ("q".to_string(), "a&b=c+d#e f".to_string()),
            (String::new(), String::new())
        ]
    );

    let mut r = UriRefBuf::parse("").unwrap();
    r.append_form_pair("name", "Zoë Smith").unwrap();
    assert_eq!(r.as_str(), "?name=Zo%C3%AB+Smith");
    let (k, v) = r.query_pairs().form_decoded().next().unwrap();
    assert_eq!((&*k, &*v), ("name", "Zoë Smith"));
}

#[test]
fn errors_are_core_errors() {
    fn takes(_: &dyn core::error::Error) {}
    takes(&Uri::parse("").unwrap_err());
    takes(&Builder::new().scheme("1").build().unwrap_err());
    takes(&urikit::percent::decode("%ff").to_str().unwrap_err());
}

#[test]
fn resolve_relative_and_same_document_take_any_form() {
    use urikit::{ResolveErrorKind, Resolver};
    let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
    let base_buf = UriBuf::parse("http://a/b/c/d;p?q").unwrap();
    let text = String::from("../g");
    let r = UriRef::parse("../g").unwrap();
    let rb = UriRefBuf::parse("../g").unwrap();
    let abs = Uri::parse("http://a/b/g").unwrap();
    let absb = UriBuf::parse("http://a/b/g").unwrap();

    // Before: each of these wanted exactly `&UriRef`.
    for got in [
        base.resolve("../g"),
        base.resolve(&text),
        base.resolve(text.as_str()),
        base.resolve(r),
        base.resolve(r),
        base.resolve(&rb),
        base.resolve(abs),
        base.resolve(&absb),
        base_buf.resolve("../g"),
        Resolver::new().resolve(&base_buf, &rb),
        Resolver::new().resolve("http://a/b/c/d;p?q", "../g"),
    ] {
        assert_eq!(got.unwrap(), "http://a/b/g");
    }

    // Before: `make_relative(&uribuf)` did not compile.
    for got in [
        base.make_relative(&absb),
        base.make_relative(abs),
        base.make_relative(abs),
        base.make_relative("http://a/b/g"),
        base_buf.make_relative(absb.clone()),
        base.make_relative(UriRefBuf::from(absb.clone())),
    ] {
        assert_eq!(got.unwrap(), "../g");
    }

    assert_eq!(base.is_same_document("#s"), Ok(true));
    assert_eq!(base.is_same_document(&rb), Ok(false));
    assert_eq!(base_buf.is_same_document(base), Ok(true));

    // Text that does not parse says which text and where.
    let e = base.resolve("../g h").unwrap_err();
    assert!(matches!(e.kind(), ResolveErrorKind::InvalidReference(p) if p.index() == 4));
    assert_eq!(e.index(), Some(4));
    let e = base.make_relative("/no-scheme").unwrap_err();
    assert_eq!(e.kind().name(), "invalid-target");
    assert_eq!(
        e.parse_error().map(|p| p.kind()),
        Some(urikit::ErrorKind::MissingScheme)
    );
    let e = Resolver::new().resolve("b a s e:", "g").unwrap_err();
    assert!(matches!(e.kind(), ResolveErrorKind::InvalidBase(_)));
    assert!(base.is_same_document("%zz").is_err());
}
