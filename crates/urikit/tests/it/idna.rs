//! IDNA for hosts (the `idna` feature) and NFC (the `nfc` feature).

use proptest::prelude::*;
use urikit::{IdnaErrorKind, Iri, IriRef, Uri, UriRef};

#[test]
fn to_ascii_and_back() {
    // (host as written, ToASCII, ToUnicode)
    let cases = [
        ("bücher.example", "xn--bcher-kva.example", "bücher.example"),
        ("Bücher.Example", "xn--bcher-kva.example", "bücher.example"),
        ("例え.jp", "xn--r8jz45g.jp", "例え.jp"),
        (
            "b%C3%BCcher.example",
            "xn--bcher-kva.example",
            "bücher.example",
        ),
        (
            "xn--99zt52a.example.org",
            "xn--99zt52a.example.org",
            "\u{7D0D}\u{8C46}.example.org",
        ),
        ("example.com", "example.com", "example.com"),
        // Non-transitional: ß stays ß (xn--zca), as browsers do.
        ("faß.de", "xn--fa-hia.de", "faß.de"),
        // Ideographic full stop separates labels.
        ("例え\u{3002}jp", "xn--r8jz45g.jp", "例え.jp"),
    ];
    for (written, ascii, unicode) in cases {
        let text = format!("http://{written}/");
        let i = Iri::parse(&text).unwrap();
        let h = i.host().unwrap();
        assert_eq!(h.to_ascii().unwrap(), ascii, "{written}");
        assert_eq!(h.to_unicode().unwrap(), unicode, "{written}");
    }
}

#[test]
fn ip_hosts_are_left_alone() {
    for s in ["http://1.2.3.4/", "http://[::1]/", "http://[v1.x]/"] {
        let u = Uri::parse(s).unwrap();
        let h = u.host().unwrap();
        assert_eq!(h.to_ascii().unwrap(), h.as_str());
        assert_eq!(h.to_unicode().unwrap(), h.as_str());
    }
}

#[test]
fn errors_name_the_label() {
    // (host, index of the label, label, kind)
    let cases = [
        ("a.xn--a.example", 2, "xn--a", IdnaErrorKind::InvalidLabel),
        (
            "ok.a\u{2028}b",
            3,
            "a\u{2028}b",
            IdnaErrorKind::InvalidLabel,
        ),
        ("ok.%FF.x", 3, "%FF", IdnaErrorKind::NotUtf8),
        (
            "good.xn--ls8h-.x",
            5,
            "xn--ls8h-",
            IdnaErrorKind::InvalidLabel,
        ),
    ];
    for (host, index, label, kind) in cases {
        let text = format!("http://{host}/");
        let i = Iri::parse(&text).unwrap();
        let e = i.host().unwrap().to_ascii().unwrap_err();
        assert_eq!(
            (e.index(), e.label(), e.kind()),
            (index, label, kind),
            "{host}: {e}"
        );
        assert!(e.to_string().contains(label), "{e}");
    }
}

#[test]
fn mappings_with_idna() {
    // RFC 3987 3.2.1, verbatim: "http://&#x7D0D;&#x8C46;.example.org/%E2%80%AE".
    let u = UriRef::parse("http://xn--99zt52a.example.org/%e2%80%ae").unwrap();
    assert_eq!(
        u.to_iri_idna(),
        "http://\u{7D0D}\u{8C46}.example.org/%E2%80%AE"
    );
    // RFC 3987 3.1: "http://r&#xE9;sum&#xE9;.example.org" as
    // "http://xn--rsum-bpad.example.org".
    let i = IriRef::parse("http://r\u{E9}sum\u{E9}.example.org").unwrap();
    assert_eq!(i.to_uri_idna().unwrap(), "http://xn--rsum-bpad.example.org");
    let i = IriRef::parse("http://例え.jp/パス?q=値").unwrap();
    assert_eq!(
        i.to_uri_idna().unwrap(),
        "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%E5%80%A4"
    );
    // No host, or an ASCII one: as to_uri.
    let i = IriRef::parse("/ä").unwrap();
    assert_eq!(i.to_uri_idna().unwrap(), i.to_uri());
    // A host IDNA rejects is an error naming it.
    let i = IriRef::parse("http://xn--a/").unwrap();
    assert_eq!(i.to_uri_idna().unwrap_err().label(), "xn--a");
    // ToUnicode failing leaves the host as to_iri has it.
    let u = UriRef::parse("http://xn--a/%C3%A9").unwrap();
    assert_eq!(u.to_iri_idna(), "http://xn--a/\u{e9}");
}

proptest! {
    /// No host text makes IDNA panic, and an accepted ASCII form is a valid
    /// reg-name whose own ToASCII is itself.
    #[test]
    fn idna_never_panics(host in "[a-zA-Z0-9.\\-%ßü例\u{FFFD}\u{200D}\u{3002}]{0,20}") {
        let text = format!("http://{host}/");
        if let Ok(i) = Iri::parse(&text) {
            let h = i.host().unwrap();
            if let Ok(a) = h.to_ascii() {
                let text2 = format!("http://{a}/");
                let again = Uri::parse(&text2);
                prop_assert!(again.is_ok(), "{}", a);
                let again = again.unwrap();
                prop_assert_eq!(again.host().unwrap().to_ascii().unwrap(), a.clone());
            }
            let _ = h.to_unicode();
        }
    }
}

#[cfg(feature = "nfc")]
#[test]
fn nfc() {
    let r = IriRef::parse("http://e\u{301}.example/A\u{30A}?\u{212B}").unwrap();
    assert_eq!(r.to_nfc().unwrap(), "http://\u{E9}.example/\u{C5}?\u{C5}");
    let done = IriRef::parse("/\u{E9}").unwrap();
    assert!(matches!(
        done.to_nfc().unwrap(),
        std::borrow::Cow::Borrowed(_)
    ));
    // U+1FEF (GREEK VARIA) is U+0060 (`) in NFC, which IRIs do not allow.
    let e = IriRef::parse("/\u{1FEF}").unwrap().to_nfc().unwrap_err();
    assert_eq!(e.index(), 1);
}
