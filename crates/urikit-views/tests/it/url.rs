//! Conversions with url::Url (feature `url`), over the WHATWG URL test data.

use urikit::percent::decode;
use urikit::{Uri, UriBuf};
use urikit_views::url_interop::{from_url, ref_from_url, to_url};

/// Every URL that the `url` crate parses from the WHATWG test data (with
/// its base, when it has one).
fn whatwg_urls() -> Vec<url::Url> {
    let path = urikit_testdata::sample("whatwg/urltestdata.json");
    let data: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut urls = Vec::new();
    for case in data.as_array().unwrap() {
        let Some(input) = case.get("input").and_then(|i| i.as_str()) else {
            continue; // a comment
        };
        let base = case.get("base").and_then(|b| b.as_str());
        let base = match base.map(url::Url::parse) {
            Some(Ok(b)) => Some(b),
            Some(Err(_)) => continue,
            None => None,
        };
        if let Ok(u) = url::Url::options().base_url(base.as_ref()).parse(input) {
            urls.push(u);
        }
    }
    urls
}

/// The WHATWG serialization of each component, as url::Url gives it.
fn url_parts(u: &url::Url) -> [Option<String>; 5] {
    let userinfo =
        (!u.username().is_empty() || u.password().is_some()).then(|| match u.password() {
            Some(p) => format!("{}:{p}", u.username()),
            None => u.username().to_string(),
        });
    [
        userinfo,
        // url::Url has no host for an empty one; RFC 3986 has an empty
        // host wherever there is an authority.
        u.has_authority()
            .then(|| u.host_str().unwrap_or_default().to_string()),
        Some(u[url::Position::AfterPort..url::Position::AfterPath].to_string()),
        u.query().map(str::to_string),
        u.fragment().map(str::to_string),
    ]
}

fn our_parts(u: &UriBuf) -> [Option<String>; 5] {
    [
        u.userinfo().map(str::to_string),
        u.host_str().map(str::to_string),
        Some(u.path().to_string()),
        u.query().map(str::to_string),
        u.fragment().map(str::to_string),
    ]
}

#[test]
fn every_whatwg_url_converts_with_the_same_data() {
    let urls = whatwg_urls();
    assert!(urls.len() > 600, "{}", urls.len());
    let mut changed = 0;
    for u in &urls {
        let ours = from_url(u);
        // A valid URI (the type says so; parse again to be sure).
        assert!(Uri::parse(ours.as_str()).is_ok(), "{u} -> {ours}");
        assert_eq!(ours.scheme(), u.scheme(), "{u}");
        assert_eq!(ours.port_u16().unwrap(), u.port(), "{u}");
        // Each component holds the same data: decoding undoes exactly the
        // encoding added (a stray `%` decodes to itself on both sides).
        for (a, b) in our_parts(&ours).iter().zip(url_parts(u).iter()) {
            let a = a.as_deref().map(|t| decode(t).to_bytes().into_owned());
            let b = b.as_deref().map(|t| decode(t).to_bytes().into_owned());
            assert_eq!(a, b, "{u} -> {ours}");
        }
        // A URL that is already a valid URI is left as it is.
        if Uri::parse(u.as_str()).is_ok() {
            assert_eq!(ours, u.as_str());
        } else {
            changed += 1;
            // Only bytes were replaced by triplets: the text grew.
            assert!(ours.len() > u.as_str().len(), "{u} -> {ours}");
        }
        assert_eq!(ref_from_url(u), ours.as_str());
    }
    // The data holds URLs that WHATWG writes with raw `|`, `{`, `^`, ….
    assert!(changed > 20, "{changed}");
}

#[test]
fn raw_characters_are_encoded() {
    for (input, expected) in [
        // The example.
        (
            "http://example.com/a%20b|c%7Bd%7D",
            "http://example.com/a%20b%7Cc%7Bd%7D",
        ),
        (
            "http://a/p?q=`{|}^\\[]",
            "http://a/p?q=%60%7B%7C%7D%5E%5C%5B%5D",
        ),
        ("http://a/#f#g`", "http://a/#f%23g%60"),
        ("http://a/%zz?%4#%", "http://a/%25zz?%254#%25"),
        ("sc:a b|c", "sc:a%20b%7Cc"),
        ("sc://a{b}/", "sc://a%7Bb%7D/"),
        ("sc://us%zzer:pa|ss@h/", "sc://us%25zzer:pa%7Css@h/"),
        ("web+demo:/.//not-a-host/", "web+demo:/.//not-a-host/"),
        ("http://[::1]:8080/", "http://[::1]:8080/"),
    ] {
        let u = url::Url::parse(input).unwrap();
        assert_eq!(from_url(&u), expected, "{input}");
    }
}

#[test]
fn to_url_is_a_whatwg_parse() {
    let u = to_url(&Uri::parse("HTTP://Example.COM:80/a/./b/../c").unwrap()).unwrap();
    assert_eq!(u.as_str(), "http://example.com/a/c");
    let owned = UriBuf::parse("mailto:a@b").unwrap();
    assert_eq!(to_url(&owned).unwrap().as_str(), "mailto:a@b");
    // WHATWG reads some URIs differently: `http:///a` as `http://a/`.
    let u = to_url(&Uri::parse("http:///a").unwrap()).unwrap();
    assert_eq!(u.as_str(), "http://a/");
    // Valid URIs that WHATWG refuses.
    for s in [
        "http://",
        "http://[v1.x]/",
        "http://a:99999/",
        "http://a%20b/",
    ] {
        assert!(to_url(&UriBuf::parse(s).unwrap()).is_err(), "{s}");
    }
}
