//! IPv6 zone identifiers (RFC 6874, obsoleted by RFC 9844): read only with
//! the parse options that ask for them, vectors in `tests/data/zone/`.

use std::path::Path;

use urikit::{ErrorKind, ParseOptions, Uri, UriRef};

#[test]
fn zone_id_vectors() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/zone/zone-id.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut n = 0;
    for (line_no, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let at = format!("zone-id.txt:{}", line_no + 1);
        let options = match f[0] {
            "strict" => ParseOptions::new(),
            "zone-id" => ParseOptions::new().zone_id(true),
            "user-input" => ParseOptions::new().user_input(true),
            o => panic!("{at}: options {o:?}"),
        };
        match f[1] {
            "ok" => {
                let u = options
                    .parse_uri_ref(f[2])
                    .unwrap_or_else(|e| panic!("{at}: {e}"));
                let host = u.host().unwrap();
                assert_eq!(host.zone(), Some(f[4]), "{at}");
                assert_eq!(host.ipv6(), Some(f[3].parse().unwrap()), "{at}");
                // Strict parsing rejects every zone.
                assert!(UriRef::parse(f[2]).is_err(), "{at}");
                // The IRI entry point reads the same.
                let i = options.parse_iri_ref(f[2]).unwrap();
                assert_eq!(i.host().unwrap().zone(), Some(f[4]), "{at}");
            }
            "err" => {
                let e = options.parse_uri_ref(f[4]).expect_err(&at);
                assert_eq!(e.index(), f[2].parse::<usize>().unwrap(), "{at}: {e}");
                assert_eq!(e.kind().name(), f[3], "{at}: {e}");
            }
            t => panic!("{at}: tag {t:?}"),
        }
        n += 1;
    }
    assert!(n > 15);
}

#[test]
fn no_zone_without_the_option() {
    let u = Uri::parse("http://[fe80::1]/").unwrap();
    assert_eq!(u.host().unwrap().zone(), None);
    let o = ParseOptions::new().zone_id(true);
    assert_eq!(
        o.parse_uri("http://[fe80::1]/")
            .unwrap()
            .host()
            .unwrap()
            .zone(),
        None
    );
    assert_eq!(o, ParseOptions::new().user_input(true).user_input(false));
    assert_eq!(
        ParseOptions::new(),
        ParseOptions::new().user_input(true).zone_id(false)
    );
    let e = ParseOptions::new()
        .parse_uri("http://[fe80::1%25x]/")
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidIpv6);
}

#[test]
fn resolution_keeps_the_zone() {
    let o = ParseOptions::new().zone_id(true);
    let base = o.parse_uri("http://[fe80::1%25eth0]/a/b").unwrap();
    let t = base.resolve("../c").unwrap();
    assert_eq!(t, "http://[fe80::1%25eth0]/c");
    assert_eq!(t.host().unwrap().zone(), Some("eth0"));
}

#[test]
fn suffix_guess_reads_typed_zones() {
    use urikit::suffix::guess;
    for (typed, want) in [
        ("fe80::1%eth0", "http://[fe80::1%25eth0]"),
        ("[fe80::1%eth0]:8080/x", "http://[fe80::1%25eth0]:8080/x"),
        ("[fe80::1%25eth0]/", "http://[fe80::1%25eth0]/"),
        ("fe80::1%en1/a?b", "http://[fe80::1%25en1]/a?b"),
    ] {
        let g = guess(typed);
        assert_eq!(g.uri(), Some(want), "{typed}");
    }
}

#[test]
fn the_lint_reports_zones_and_bidi_controls() {
    use urikit::security::{FindingKind, lint, lint_iri};
    let u = ParseOptions::new()
        .zone_id(true)
        .parse_uri("http://[fe80::1%25eth0]/")
        .unwrap();
    let f = lint(u).unwrap();
    assert_eq!(f.len(), 1);
    assert_eq!((f[0].kind(), f[0].span()), (FindingKind::ZoneId, 7..23));
    assert!(f[0].to_string().contains("RFC 9844"), "{}", f[0]);
    assert!(
        lint(Uri::parse("http://[fe80::1]/").unwrap())
            .unwrap()
            .is_empty()
    );
    // Raw in an IRI: U+200F (RLM) is three bytes at 10.
    let i = urikit::IriRef::parse("/a?\u{e9}x\u{200F}y").unwrap();
    let f = lint_iri(i).unwrap();
    assert_eq!(f.len(), 1);
    assert_eq!((f[0].kind(), f[0].span()), (FindingKind::BidiControl, 6..9));
}
