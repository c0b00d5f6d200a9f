//! Serde support (feature `serde`): JSON (self-describing) and postcard
//! (not self-describing), borrowed and owned types.

use std::collections::BTreeMap;

use urikit::{Uri, UriBuf, UriRef, UriRefBuf};

#[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct Links<'a> {
    #[serde(borrow)]
    base: Uri<'a>,
    #[serde(borrow)]
    refs: Vec<UriRef<'a>>,
    home: UriBuf,
    next: Option<UriRefBuf>,
}

fn sample(text: &str) -> Links<'_> {
    Links {
        base: Uri::parse(text).unwrap(),
        refs: vec![
            UriRef::parse("../g?q#f").unwrap(),
            UriRef::parse("").unwrap(),
        ],
        home: UriBuf::parse("https://example.com/").unwrap(),
        next: Some(UriRefBuf::parse("//h/p").unwrap()),
    }
}

#[test]
fn json_round_trip_and_zero_copy() {
    let links = sample("http://a/b/c/d;p?q");
    let json = serde_json::to_string(&links).unwrap();
    assert_eq!(
        json,
        r#"{"base":"http://a/b/c/d;p?q","refs":["../g?q#f",""],"home":"https://example.com/","next":"//h/p"}"#
    );
    let back: Links = serde_json::from_str(&json).unwrap();
    assert_eq!(back, links);
    // Borrowed values point into the JSON text.
    let range = json.as_bytes().as_ptr_range();
    assert!(range.contains(&back.base.as_str().as_ptr()));
    assert!(range.contains(&back.refs[0].as_str().as_ptr()));
}

#[test]
fn postcard_round_trip_and_zero_copy() {
    let links = sample("urn:isbn:0451450523");
    let bytes = postcard::to_allocvec(&links).unwrap();
    let back: Links = postcard::from_bytes(&bytes).unwrap();
    assert_eq!(back, links);
    let range = bytes.as_ptr_range();
    assert!(range.contains(&back.base.as_str().as_ptr()));
    // Owned types come from the same bytes.
    let u: UriBuf = postcard::from_bytes(&postcard::to_allocvec(&links.home).unwrap()).unwrap();
    assert_eq!(u, links.home);
}

#[test]
fn deserializing_validates_with_the_parse_error() {
    let cases = [
        (
            r#""http://exa mple.com/""#,
            "invalid URI: invalid character in host at index 10",
        ),
        (
            r#""/relative""#,
            "invalid URI: missing scheme (expected a scheme and ':') at index 0",
        ),
    ];
    for (json, message) in cases {
        let owned = serde_json::from_str::<UriBuf>(json)
            .unwrap_err()
            .to_string();
        assert!(owned.starts_with(message), "{owned}");
        let borrowed = serde_json::from_str::<Uri>(json).unwrap_err().to_string();
        assert!(borrowed.starts_with(message), "{borrowed}");
    }
    let e = serde_json::from_str::<UriRefBuf>(r#""a b""#)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("invalid URI reference: invalid character in path at index 1"),
        "{e}"
    );
    let e = serde_json::from_str::<UriRef>(r#""%zz""#)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("invalid URI reference: invalid percent-encoding in path"),
        "{e}"
    );
    // The same through postcard.
    let bytes = postcard::to_allocvec("no scheme").unwrap();
    assert!(postcard::from_bytes::<UriBuf>(&bytes).is_err());
    assert!(postcard::from_bytes::<Uri>(&bytes).is_err());
    // Not a string at all.
    let e = serde_json::from_str::<UriBuf>("42")
        .unwrap_err()
        .to_string();
    assert!(e.contains("expected a string holding a URI"), "{e}");
}

#[test]
fn escaped_json_needs_an_owned_type() {
    let json = r#""http:\/\/a\/b""#;
    let owned: UriBuf = serde_json::from_str(json).unwrap();
    assert_eq!(owned, "http://a/b");
    let e = serde_json::from_str::<Uri>(json).unwrap_err().to_string();
    assert!(
        e.contains("expected a borrowed string holding a URI"),
        "{e}"
    );
}

#[test]
fn as_map_keys_and_bytes() {
    let mut m = BTreeMap::new();
    m.insert(UriBuf::parse("s:a").unwrap(), 1);
    let json = serde_json::to_string(&m).unwrap();
    assert_eq!(json, r#"{"s:a":1}"#);
    let back: BTreeMap<UriBuf, i32> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, m);
    // A format that hands bytes: valid UTF-8 is read, other bytes refused.
    use serde::Deserialize;
    use serde::de::value::{BorrowedBytesDeserializer, Error};
    let u = Uri::deserialize(BorrowedBytesDeserializer::<Error>::new(b"s:p")).unwrap();
    assert_eq!(u, "s:p");
    assert!(Uri::deserialize(BorrowedBytesDeserializer::<Error>::new(b"s:\xff")).is_err());
}

#[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct IriLinks<'a> {
    #[serde(borrow)]
    page: urikit::Iri<'a>,
    #[serde(borrow)]
    rel: urikit::IriRef<'a>,
    owned: urikit::IriBuf,
    owned_ref: urikit::IriRefBuf,
}

#[test]
fn iri_types_round_trip_zero_copy_and_validate() {
    // RFC 3987's example IRI (section 3.1), and a relative one.
    let page_text = "http://www.example.org/red%09ros\u{e9}#red";
    let v = IriLinks {
        page: urikit::Iri::parse(page_text).unwrap(),
        rel: urikit::IriRef::parse("../\u{30d1}\u{30b9}?q=\u{e9}").unwrap(),
        owned: urikit::IriBuf::parse("urn:\u{4f8b}").unwrap(),
        owned_ref: urikit::IriRefBuf::parse("#\u{e9}").unwrap(),
    };
    let json = serde_json::to_string(&v).unwrap();
    let back: IriLinks<'_> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, v);
    // The borrowed fields point into `json`.
    let range = json.as_bytes().as_ptr_range();
    assert!(range.contains(&back.page.as_str().as_ptr()));
    assert!(range.contains(&back.rel.as_str().as_ptr()));

    let bytes = postcard::to_allocvec(&v).unwrap();
    let back: IriLinks<'_> = postcard::from_bytes(&bytes).unwrap();
    assert_eq!(back, v);

    // Deserializing validates with the IRI grammar: a space is never allowed,
    // and U+FFFE is not a ucschar.
    let err = serde_json::from_str::<urikit::IriBuf>(r#""http://a/b c""#).unwrap_err();
    assert!(err.to_string().starts_with("invalid IRI: "), "{err}");
    let err = serde_json::from_str::<urikit::IriRefBuf>("\"/\u{fffe}\"").unwrap_err();
    assert!(
        err.to_string().starts_with("invalid IRI reference: "),
        "{err}"
    );
    // A URI type still refuses what only an IRI allows.
    assert!(serde_json::from_str::<UriBuf>("\"http://\u{4f8b}.jp/\"").is_err());
}
