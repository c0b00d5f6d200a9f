//! IRIs (RFC 3987): the parser's IRI profile against the vectors of
//! `tests/data/iri/`, the character classes through the parser in every
//! component, the mappings of section 3 with the RFC's examples verbatim,
//! and the operations shared with URIs.

use std::path::Path;

use urikit::{ErrorKind, Iri, IriBuf, IriRef, IriRefBuf, ParseError, Uri, UriRef};

fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/iri")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

/// `\u{HHHH}` escapes (and `\\`) as in the URI vectors.
fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(k) = rest.find('\\') {
        out.push_str(&rest[..k]);
        rest = &rest[k + 1..];
        if let Some(r) = rest.strip_prefix('\\') {
            out.push('\\');
            rest = r;
        } else if let Some(r) = rest.strip_prefix("u{") {
            let end = r.find('}').unwrap();
            let c = char::from_u32(u32::from_str_radix(&r[..end], 16).unwrap()).unwrap();
            out.push(c);
            rest = &r[end + 1..];
        } else {
            panic!("unknown escape in {s:?}");
        }
    }
    out.push_str(rest);
    out
}

/// The RFC's XML notation: `&#xHHHH;` is the character U+HHHH.
fn xml(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(k) = rest.find("&#x") {
        out.push_str(&rest[..k]);
        let r = &rest[k + 3..];
        let end = r.find(';').unwrap();
        out.push(char::from_u32(u32::from_str_radix(&r[..end], 16).unwrap()).unwrap());
        rest = &r[end + 1..];
    }
    out.push_str(rest);
    out
}

fn kind_name(e: &ParseError) -> String {
    match e.kind() {
        ErrorKind::InvalidCharacter(c) | ErrorKind::InvalidPercentEncoding(c) => {
            format!("{}/{}", e.kind().name(), c.name())
        }
        k => k.name().to_string(),
    }
}

#[test]
fn iri_reference_vectors() {
    let text = data("IRI-reference.txt");
    let mut n = 0;
    for (line_no, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let at = format!("IRI-reference.txt:{}", line_no + 1);
        match fields[0] {
            "ok" => {
                let s = unescape(fields[1]);
                let r = IriRef::parse(&s).unwrap_or_else(|e| panic!("{at}: {e}"));
                // The components recompose to the input (RFC 3986 5.3).
                assert_eq!(r.components().to_string(), s, "{at}");
                assert!(IriRef::parse_bytes(s.as_bytes()).is_ok(), "{at}");
                assert!(IriRefBuf::parse(s.clone()).is_ok(), "{at}");
            }
            "err" => {
                let s = unescape(fields[3]);
                let e = IriRef::parse(&s).expect_err(&at);
                assert_eq!(e.index(), fields[1].parse::<usize>().unwrap(), "{at}: {e}");
                assert_eq!(kind_name(&e), fields[2], "{at}: {e}");
                // The same error from the byte-level entry point.
                assert_eq!(IriRef::parse_bytes(s.as_bytes()), Err(e), "{at}");
            }
            other => panic!("{at}: tag {other:?}"),
        }
        n += 1;
    }
    assert!(n > 20);
}

/// Each boundary code point of ucschar.txt and iprivate.txt in each
/// component: accepted exactly where the grammar allows it, rejected at its
/// own index, naming the component, elsewhere.
#[test]
fn character_classes_in_every_component() {
    let read = |name: &str| -> Vec<(char, bool)> {
        data(name)
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .map(|l| {
                let (tag, hex) = l.split_once('\t').unwrap();
                let c = char::from_u32(u32::from_str_radix(hex, 16).unwrap()).unwrap();
                (c, tag == "in")
            })
            .collect()
    };
    let ucs = read("ucschar.txt");
    let private = read("iprivate.txt");
    // (template, where the character goes, component, takes iprivate)
    let places = [
        ("http://u{}@h/", 8, "userinfo", false),
        ("http://h{}/", 8, "host", false),
        ("http://h/p{}", 10, "path", false),
        ("p{}", 1, "path", false),
        ("http://h/?q{}", 11, "query", true),
        ("http://h/#f{}", 11, "fragment", false),
    ];
    for (template, index, component, takes_private) in places {
        for &(c, in_ucs) in &ucs {
            if c.is_ascii() {
                continue;
            }
            let in_private = private.iter().any(|&(p, inside)| p == c && inside)
                || urikit::chars::is_iprivate(c);
            let s = template.replace("{}", &c.to_string());
            let want = in_ucs || (takes_private && in_private);
            match IriRef::parse(&s) {
                Ok(_) => assert!(want, "{s:?} accepted"),
                Err(e) => {
                    assert!(!want, "{s:?}: {e}");
                    assert_eq!(e.index(), index, "{s:?}");
                    let name = e.kind().component().map(|c| c.name());
                    assert_eq!(name, Some(component), "{s:?}: {e}");
                }
            }
        }
        for &(c, inside) in &private {
            if c.is_ascii() || urikit::chars::is_ucschar(c) {
                continue;
            }
            let s = template.replace("{}", &c.to_string());
            assert_eq!(IriRef::parse(&s).is_ok(), inside && takes_private, "{s:?}");
        }
    }
}

#[test]
fn the_scheme_and_ip_literals_stay_ascii() {
    let e = Iri::parse("h\u{e9}:x").unwrap_err();
    assert_eq!((e.index(), e.kind()), (1, ErrorKind::InvalidScheme));
    let e = Iri::parse("\u{e9}:x").unwrap_err();
    assert_eq!(e.index(), 0);
    let e = IriRef::parse("http://[v1.\u{e9}]/").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidIpvFuture);
}

#[test]
fn every_uri_is_an_iri() {
    for s in [
        "http://a/b?c#d",
        "urn:x:y",
        "//h:80",
        "../g;x?y#s",
        "",
        "s:/%C3%A9",
    ] {
        let u = UriRef::parse(s).unwrap();
        let i = IriRef::from(u);
        assert_eq!(i.as_str(), s);
        assert_eq!(IriRef::parse(s).unwrap(), i);
        assert_eq!(
            (i.scheme(), i.authority(), i.path(), i.query(), i.fragment()),
            (u.scheme(), u.authority(), u.path(), u.query(), u.fragment())
        );
        assert_eq!(i.as_uri_ref(), Some(u));
    }
    let u = Uri::parse("http://a/b").unwrap();
    let i: Iri = u.into();
    assert_eq!(i.as_uri(), Some(u));
    let ib: IriBuf = u.into_owned().into();
    assert_eq!(ib, "http://a/b");
}

#[test]
fn rfc3987_mapping_examples() {
    let text = data("rfc3987-examples.txt");
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        match f[0] {
            "to-uri" => {
                let iri = xml(f[1]);
                let i = IriRef::parse(&iri).unwrap();
                assert_eq!(i.to_uri(), f[2], "{iri}");
                assert!(UriRef::parse(&i.to_uri()).is_ok());
            }
            "to-iri" => {
                let u = UriRef::parse(f[1]).unwrap();
                let want = xml(f[2]);
                assert_eq!(u.to_iri(), want.as_str(), "{}", f[1]);
                assert!(IriRef::parse(&u.to_iri()).is_ok());
            }
            other => panic!("tag {other:?}"),
        }
        n += 1;
    }
    assert_eq!(n, 7);
}

#[test]
fn to_uri_borrows_ascii_and_encodes_iprivate() {
    let r = IriRef::parse("http://a/b?c").unwrap();
    assert!(matches!(r.to_uri(), std::borrow::Cow::Borrowed(_)));
    let r = IriRef::parse("?\u{E000}").unwrap();
    assert_eq!(r.to_uri(), "?%EE%80%80");
}

/// RFC 3987 3.1 step 2, by hand, around the eight-byte words `to_uri`
/// works in: one non-ASCII character of each UTF-8 length at every offset
/// of ASCII text of every length up to three words (so that it starts,
/// ends and straddles a word, and falls in the overlapping last word of the
/// count), in the path and, for `iprivate`, in the query.
#[test]
fn to_uri_encodes_a_character_at_every_offset() {
    // Each character and its UTF-8 octets as triplets, written out by hand.
    let path_chars = [
        ("\u{E9}", "%C3%A9"),          // é (3.1's "rosé")
        ("\u{800}", "%E0%A0%80"),      // the first three-byte character
        ("\u{4E2D}", "%E4%B8%AD"),     // 中
        ("\u{200F}", "%E2%80%8F"),     // RLM: a bidi format character (4.1), ucschar
        ("\u{10300}", "%F0%90%8C%80"), // OLD ITALIC LETTER A (3.1's example)
        ("\u{EFFFD}", "%F3%AF%BF%BD"), // the last ucschar
    ];
    // iprivate: only the query takes it.
    let query_chars = [("\u{E000}", "%EE%80%80"), ("\u{10FFFD}", "%F4%8F%BF%BD")];
    for (lead, chars) in [("", &path_chars[..]), ("?", &query_chars[..])] {
        for (c, octets) in chars {
            for before in 0..24 {
                for after in 0..24 - before {
                    let (a, b) = ("a".repeat(before), "b".repeat(after));
                    let iri = format!("{lead}{a}{c}{b}");
                    let want = format!("{lead}{a}{octets}{b}");
                    let r = IriRef::parse(&iri).unwrap();
                    let uri = r.to_uri().into_owned();
                    assert_eq!(uri, want, "{iri:?}");
                    // Counted exactly: one allocation of the output's
                    // length and the three bytes of slack.
                    assert_eq!(uri.capacity(), want.len() + 3, "{iri:?}");
                }
            }
        }
    }
}

/// Percent-encoded octets already in the IRI stay as they are (lowercase
/// hex included); only the characters are mapped, next to them too.
#[test]
fn to_uri_keeps_triplets_and_maps_characters_beside_them() {
    let cases = [
        ("/%c3%a9\u{E9}", "/%c3%a9%C3%A9"),
        ("\u{E9}%C3%A9\u{E9}", "%C3%A9%C3%A9%C3%A9"),
        (
            "/%25\u{4E2D}%2F?\u{E000}%20#\u{E9}",
            "/%25%E4%B8%AD%2F?%EE%80%80%20#%C3%A9",
        ),
        // 3.1's own example: three four-byte characters.
        (
            "http://example.com/\u{10300}\u{10301}\u{10302}",
            "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82",
        ),
    ];
    for (iri, uri) in cases {
        assert_eq!(IriRef::parse(iri).unwrap().to_uri(), uri, "{iri}");
    }
}

/// Long IRIs: the count of non-ASCII bytes sums its byte lanes every 255
/// words (2,040 bytes); the output is allocated once, of the exact size
/// (and a slack of three bytes for the four-byte writes).
#[test]
fn to_uri_long_inputs_and_one_exact_allocation() {
    let cases = [
        (
            "/".to_string() + &"\u{E9}".repeat(1500) + "x",
            "/".to_string() + &"%C3%A9".repeat(1500) + "x",
        ),
        (
            "/".to_string() + &"a".repeat(5000) + "\u{4E2D}",
            "/".to_string() + &"a".repeat(5000) + "%E4%B8%AD",
        ),
        (
            "\u{10300}".to_string() + &"a".repeat(4093),
            "%F0%90%8C%80".to_string() + &"a".repeat(4093),
        ),
    ];
    for (iri, uri) in cases {
        let r = IriRef::parse(&iri).unwrap();
        match r.to_uri() {
            std::borrow::Cow::Owned(o) => {
                assert_eq!(o, uri);
                assert!(o.capacity() <= o.len() + 3, "{} {}", o.len(), o.capacity());
            }
            std::borrow::Cow::Borrowed(_) => panic!("not mapped: {iri:?}"),
        }
    }
    let ascii = "/".to_string() + &"a".repeat(5000);
    let r = IriRef::parse(&ascii).unwrap();
    assert!(matches!(r.to_uri(), std::borrow::Cow::Borrowed(t) if t == ascii));
}

#[test]
fn to_iri_keeps_what_3_2_keeps() {
    let cases = [
        // Reserved characters and "%" stay encoded; unreserved are decoded.
        ("/%2F%3F%23%25%41%7e", "/%2F%3F%23%25A~"),
        // ASCII that URIs do not allow stays encoded.
        ("/%20%3C%7F%00", "/%20%3C%7F%00"),
        // Invalid and overlong UTF-8, lone continuation bytes, surrogates.
        ("/%C3%28", "/%C3%28"),
        ("/%C0%AF", "/%C0%AF"),
        ("/%80", "/%80"),
        ("/%ED%A0%80", "/%ED%A0%80"),
        // Noncharacters are not ucschar.
        ("/%EF%B7%90", "/%EF%B7%90"),
        // iprivate: in the query only.
        (
            "/%EE%80%80?%EE%80%80#%EE%80%80",
            "/%EE%80%80?\u{E000}#%EE%80%80",
        ),
        // Bidi formatting characters (4.1), lowercase hex re-encoded upper.
        ("/%e2%80%8f%e2%80%aa", "/%E2%80%8F%E2%80%AA"),
        // A valid character after an invalid octet in the same run.
        ("/%FF%C3%A9", "/%FF\u{e9}"),
        ("//%C3%A9x/", "//\u{e9}x/"),
    ];
    for (uri, iri) in cases {
        let u = UriRef::parse(uri).unwrap();
        assert_eq!(u.to_iri(), iri, "{uri}");
        assert!(IriRef::parse(&u.to_iri()).is_ok(), "{uri}");
    }
    let plain = UriRef::parse("http://a/b").unwrap();
    assert!(matches!(plain.to_iri(), std::borrow::Cow::Borrowed(_)));
}

#[test]
fn resolve_relative_same_document_normalize() {
    let base = Iri::parse("http://例え.jp/a/b/c?q").unwrap();
    let cases = [
        ("ü", "http://例え.jp/a/b/ü"),
        ("../ü/./x", "http://例え.jp/a/ü/x"),
        ("//ö/", "http://ö/"),
        ("?é", "http://例え.jp/a/b/c?é"),
        ("#é", "http://例え.jp/a/b/c?q#é"),
    ];
    for (r, want) in cases {
        let t = base.resolve(IriRef::parse(r).unwrap()).unwrap();
        assert_eq!(t, want, "{r}");
        // The result's offsets are those of a fresh parse.
        let fresh = Iri::parse(want).unwrap();
        assert_eq!(t.path(), fresh.path());
        assert_eq!(t.host_str(), fresh.host_str());
        assert_eq!(t.query(), fresh.query());
        let back = base.make_relative(t.as_iri()).unwrap();
        assert_eq!(
            base.resolve(back.as_iri_ref()).unwrap(),
            t,
            "{r} via {back}"
        );
    }
    assert!(base.is_same_document(IriRef::parse("#ü").unwrap()).unwrap());
    assert!(!base.is_same_document("ü").unwrap());
    assert!(base.is_same_document("a b").is_err());
    let n = Iri::parse("HTTP://例え.JP/a/../ü/%7e").unwrap().normalize();
    assert_eq!(n, "http://例え.jp/ü/~");
    assert!(n.as_iri().is_normalized());
    assert_eq!(IriRef::parse("a/./ü%7E").unwrap().normalize(), "a/./ü~");
    assert_eq!(
        Iri::parse("HTTP://ä:80/")
            .unwrap()
            .normalize_with(&urikit::normalize::Normalizer::new(
                urikit::normalize::Level::Scheme
            )),
        "http://ä/"
    );
}

#[test]
fn segments_and_query_pairs() {
    let i = Iri::parse("http://h/ä/b%2Fc?ö=1&x=ü").unwrap();
    assert_eq!(i.path_segments().collect::<Vec<_>>(), ["ä", "b%2Fc"]);
    let pairs: Vec<_> = i.query_pairs().map(|p| (p.key(), p.value())).collect();
    assert_eq!(pairs, [("ö", Some("1")), ("x", Some("ü"))]);
}

#[test]
fn accessors_borrow_the_input() {
    let s = String::from("http://ü@é:1/p?q#f");
    let host;
    {
        let i = IriRef::parse(&s).unwrap();
        host = i.host_str().unwrap();
        assert_eq!(i.userinfo(), Some("ü"));
        assert_eq!(i.port_u16(), Ok(Some(1)));
    }
    assert_eq!(host, "é");
}
