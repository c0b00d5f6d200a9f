use super::*;

#[test]
fn inet_aton_forms() {
    let a = |s| inet_aton(s);
    assert_eq!(a("127.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
    assert_eq!(a("0177.0.0.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
    assert_eq!(a("0x7f.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
    assert_eq!(a("2130706433"), Some(Ipv4Addr::new(127, 0, 0, 1)));
    assert_eq!(a("0x7f000001"), Some(Ipv4Addr::new(127, 0, 0, 1)));
    assert_eq!(a("127.0.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
    assert_eq!(a("1.2.3.4."), Some(Ipv4Addr::new(1, 2, 3, 4)));
    assert_eq!(a("0"), Some(Ipv4Addr::new(0, 0, 0, 0)));
    assert_eq!(a("0x"), Some(Ipv4Addr::new(0, 0, 0, 0)));
    assert_eq!(a("4294967295"), Some(Ipv4Addr::BROADCAST));
    assert_eq!(a("4294967296"), None);
    assert_eq!(a("1.16777216"), None);
    assert_eq!(a("1.16777215"), Some(Ipv4Addr::new(1, 255, 255, 255)));
    assert_eq!(a("256.1"), None);
    assert_eq!(a("1.2.3.256"), None);
    assert_eq!(a("1.2.3.4.5"), None);
    assert_eq!(a("08"), None);
    assert_eq!(a("1..2"), None);
    assert_eq!(a(".1"), None);
    assert_eq!(a("1.2."), Some(Ipv4Addr::new(1, 0, 0, 2)));
    assert_eq!(a("1.2.."), None);
    assert_eq!(a("example.com"), None);
    assert_eq!(a("1e3"), None);
    assert_eq!(a(""), None);
    assert_eq!(a("%31%32%37.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
    assert_eq!(a("99999999999999999999"), None);
}

#[test]
fn utf8_checks() {
    assert!(utf8_valid("héllo €𝄞".bytes()));
    assert!(!utf8_valid([0xC0, 0x80].into_iter()));
    assert!(!utf8_valid([0xED, 0xA0, 0x80].into_iter()));
    assert!(!utf8_valid([0xE2, 0x82].into_iter()));
    assert!(!utf8_valid([0xF4, 0x90, 0x80, 0x80].into_iter()));
    assert!(!utf8_valid([0xFF].into_iter()));
}

/// Every Bidi_Control character, raw in an IRI and percent-encoded in a
/// URI, is flagged, and the message names it (issue 27).
#[test]
fn every_bidi_control_is_flagged_and_named() {
    let all = [
        ('\u{061C}', "ALM"),
        ('\u{200E}', "LRM"),
        ('\u{200F}', "RLM"),
        ('\u{202A}', "LRE"),
        ('\u{202B}', "RLE"),
        ('\u{202C}', "PDF"),
        ('\u{202D}', "LRO"),
        ('\u{202E}', "RLO"),
        ('\u{2066}', "LRI"),
        ('\u{2067}', "RLI"),
        ('\u{2068}', "FSI"),
        ('\u{2069}', "PDI"),
    ];
    for (c, name) in all {
        let text = alloc::format!("http://a/?x={c}y");
        let iri = crate::IriRef::parse(&text).unwrap();
        let f = lint_iri(iri).unwrap();
        assert_eq!(f.len(), 1, "{text}");
        assert_eq!(f[0].kind(), FindingKind::BidiControl);
        assert_eq!(f[0].span(), 12..12 + c.len_utf8());
        let msg = alloc::string::ToString::to_string(&f[0]);
        let code = alloc::format!("U+{:04X} ({name})", u32::from(c));
        assert!(msg.contains(&code), "{msg}");
        let mut enc = alloc::string::String::from("http://a/?x=");
        let mut buf = [0u8; 4];
        for b in c.encode_utf8(&mut buf).bytes() {
            enc.push_str(&alloc::format!("%{b:02X}"));
        }
        let f = lint(crate::UriRef::parse(&enc).unwrap()).unwrap();
        assert_eq!(f.len(), 1, "{enc}");
        assert_eq!(f[0].span(), 12..enc.len());
        assert!(alloc::string::ToString::to_string(&f[0]).contains(&code));
    }
    // Neighbours are not.
    for c in ['\u{061B}', '\u{200D}', '\u{202F}', '\u{2065}', '\u{206A}'] {
        let text = alloc::format!("http://a/?x={c}y");
        assert!(
            lint_iri(crate::IriRef::parse(&text).unwrap())
                .unwrap()
                .is_empty(),
            "{c:?}"
        );
    }
}
