//! The builder, the setters, query pairs and path segments.

use crate::common;
use common::vectors;

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use proptest::prelude::*;
use urikit::build::{BuildErrorKind, Builder, QueryWriter, path_segments, query_pairs};
use urikit::percent::decode;
use urikit::{Component, UriBuf, UriRef, UriRefBuf};

#[test]
fn query_pair_vectors() {
    let v = vectors("build/query_pairs.txt");
    assert!(v.len() > 8);
    for f in v {
        let q = &f[1];
        let got: Vec<String> = match f[0].as_str() {
            "raw" => query_pairs(q)
                .map(|p| match p.value() {
                    Some(v) => format!("{}={v}", p.key()),
                    None => p.key().to_string(),
                })
                .collect(),
            "decoded" => query_pairs(q)
                .decoded()
                .map(|(k, v)| format!("{k}={v}"))
                .collect(),
            "form" => query_pairs(q)
                .form_decoded()
                .map(|(k, v)| format!("{k}={v}"))
                .collect(),
            m => panic!("mode {m}"),
        };
        let expected: Vec<String> = f[2..].iter().filter(|s| !s.is_empty()).cloned().collect();
        assert_eq!(got, expected, "{f:?}");
    }
}

#[test]
fn path_segment_vectors() {
    let v = vectors("build/path_segments.txt");
    assert!(v.len() > 6);
    for f in v {
        let got: Vec<String> = match f[0].as_str() {
            "raw" => path_segments(&f[1]).map(String::from).collect(),
            "decoded" => path_segments(&f[1])
                .decoded()
                .map(|c| c.into_owned())
                .collect(),
            m => panic!("mode {m}"),
        };
        assert_eq!(got, f[2..], "{f:?}");
    }
}

#[test]
fn percent_2f_in_a_segment_stays_data() {
    let u = UriRef::parse("http://h/a%2Fb/c").unwrap();
    let segs: Vec<_> = u.path_segments().decoded().collect();
    assert_eq!(segs, ["a/b", "c"]);
}

#[test]
fn structural_errors() {
    let e = |b: Builder| b.build().unwrap_err();
    let err = e(Builder::new().host("h").path_encoded("a"));
    assert_eq!(
        (err.component(), err.kind()),
        (Component::Path, BuildErrorKind::RelativePathAfterAuthority)
    );
    let err = e(Builder::new().scheme("s").path_encoded("//a"));
    assert_eq!(err.kind(), BuildErrorKind::DoubleSlashWithoutAuthority);
    let err = e(Builder::new().path("//a"));
    assert_eq!(err.kind(), BuildErrorKind::DoubleSlashWithoutAuthority);
    let err = e(Builder::new().host("h").port_str("80a"));
    assert_eq!(err.component(), Component::Port);
    assert!(matches!(err.kind(), BuildErrorKind::Invalid(p) if p.index() == 2));
    let err = e(Builder::new().scheme("1a"));
    assert_eq!(err.component(), Component::Scheme);
    let err = e(Builder::new().host_encoded("a b"));
    assert_eq!(err.component(), Component::Host);
    let err = e(Builder::new().query_encoded("%zz"));
    assert_eq!(err.component(), Component::Query);
    // The first error is the one reported.
    let err = e(Builder::new().scheme("1").port_str("x"));
    assert_eq!(err.component(), Component::Scheme);
}

#[test]
fn written_fixes() {
    // A relative reference whose first segment holds ":" gets "./" (4.2).
    let r = Builder::new().path("this:that").build().unwrap();
    assert_eq!(r.as_str(), "./this:that");
    // With a scheme it needs none.
    let u = Builder::new()
        .scheme("s")
        .path("this:that")
        .build()
        .unwrap();
    assert_eq!(u.as_str(), "s:this:that");
    // "/." before "//" without an authority, on request.
    let u = Builder::new()
        .scheme("s")
        .path_segments(["", "a"])
        .dot_before_double_slash(true)
        .build_uri()
        .unwrap();
    assert_eq!(u.as_str(), "s:/.//a");
    // Userinfo or port alone makes an authority with an empty host.
    let r = Builder::new().port(1).build().unwrap();
    assert_eq!(r.as_str(), "//:1");
    assert_eq!(r.host_str(), Some(""));
}

#[test]
fn ip_hosts() {
    let b = |ip: IpAddr| {
        Builder::new()
            .scheme("http")
            .host_ip(ip)
            .build_uri()
            .unwrap()
    };
    assert_eq!(
        b(Ipv4Addr::new(10, 0, 0, 1).into()).as_str(),
        "http://10.0.0.1"
    );
    let v6: Ipv6Addr = "2001:db8:0:0:1:0:0:1".parse().unwrap();
    assert_eq!(b(v6.into()).as_str(), "http://[2001:db8::1:0:0:1]");
}

#[test]
fn setters_keep_the_value_valid() {
    let mut u = UriBuf::parse("http://h/p?q#f").unwrap();
    assert!(u.set_path("rel").is_err());
    assert!(u.set_path("a b").is_err());
    assert!(u.set_scheme("1x").is_err());
    assert!(u.set_port_str(Some("8o")).is_err());
    assert!(u.set_host(Some("a/b")).is_err());
    assert_eq!(u.as_str(), "http://h/p?q#f");

    u.set_port_str(Some("")).unwrap();
    assert_eq!(u.as_str(), "http://h:/p?q#f");
    u.set_port(None).unwrap();
    u.set_userinfo(Some("")).unwrap();
    assert_eq!(u.as_str(), "http://@h/p?q#f");
    u.set_host(None).unwrap();
    assert_eq!(u.as_str(), "http:/p?q#f");
    assert!(u.host().is_none());
    // Without an authority a path cannot start with "//".
    assert!(u.set_path("//x").is_err());
    u.set_path("").unwrap();
    u.set_query(None).unwrap();
    u.set_fragment(Some("")).unwrap();
    assert_eq!(u.as_str(), "http:#");

    let mut r = UriRefBuf::parse("//h").unwrap();
    r.set_host(None).unwrap();
    assert_eq!(r.as_str(), "");
    r.set_path("a:b").unwrap();
    assert_eq!(r.as_str(), "./a:b");
    r.set_scheme(Some("s")).unwrap();
    assert_eq!(r.as_str(), "s:./a:b");
}

#[test]
fn query_writer_reads_back_in_both_variants() {
    let data = [("a b", "c+d"), ("&=", "%"), ("", ""), ("ü", "?/")];
    for w in [QueryWriter::new(), QueryWriter::form()] {
        let q = w.pairs(data).finish();
        assert!(urikit::validate(urikit::Rule::Query, &q).is_ok());
        let plain: Vec<(String, String)> = query_pairs(&q)
            .decoded()
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        let form: Vec<(String, String)> = query_pairs(&q)
            .form_decoded()
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        let expected: Vec<(String, String)> = data
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        assert_eq!(form, expected, "{q}");
        if !q.contains('+') {
            assert_eq!(plain, expected, "{q}");
        }
    }
}

fn bytes() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![any::<u8>(), prop::sample::select(b"/:@?#%[]+&= .".to_vec())],
        0..12,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn builder_output_parses_to_the_parts_it_was_given(
        scheme in "[a-zA-Z][a-zA-Z0-9+.-]{0,5}",
        userinfo in prop::option::of(bytes()),
        host in prop::option::of(bytes()),
        port in prop::option::of(any::<u16>()),
        segments in prop::collection::vec(bytes(), 0..5),
        pairs in prop::collection::vec((".{0,6}", ".{0,6}"), 0..4),
        fragment in prop::option::of(bytes()),
    ) {
        let mut b = Builder::new().scheme(&scheme).path_segments(&segments);
        if let Some(u) = &userinfo { b = b.userinfo(u); }
        if let Some(h) = &host { b = b.host(h); }
        if let Some(p) = port { b = b.port(p); }
        for (k, v) in &pairs { b = b.query_pair(k, v); }
        if let Some(f) = &fragment { b = b.fragment(f); }
        let b = b.dot_before_double_slash(true);
        let uri = b.build_uri().unwrap();
        let again = urikit::Uri::parse(uri.as_str()).unwrap();
        prop_assert_eq!(again.scheme(), scheme.as_str());
        let dec = |s: &str| decode(s).to_bytes().into_owned();
        prop_assert_eq!(again.userinfo().map(dec), userinfo.clone());
        let has_authority = userinfo.is_some() || host.is_some() || port.is_some();
        prop_assert_eq!(again.has_authority(), has_authority);
        if has_authority {
            prop_assert_eq!(dec(again.host_str().unwrap()), host.clone().unwrap_or_default());
        }
        prop_assert_eq!(again.port_u16().unwrap(), port);
        let mut got: Vec<Vec<u8>> = again.path_segments().map(dec).collect();
        if !has_authority && segments.len() > 1 && segments[0].is_empty() {
            // "/." was written before "//": drop its "." segment.
            prop_assert_eq!(&got[0], b".");
            got.remove(0);
        }
        prop_assert_eq!(got, segments);
        let got_pairs: Vec<(String, String)> = again
            .query_pairs()
            .decoded()
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        prop_assert_eq!(got_pairs, pairs.clone());
        prop_assert_eq!(again.query().is_some(), !pairs.is_empty());
        prop_assert_eq!(again.fragment().map(dec), fragment);
    }

    #[test]
    fn a_relative_path_of_raw_data_reads_back(data in bytes()) {
        match Builder::new().path(&data).build() {
            Ok(r) => {
                let mut path = decode(r.path()).to_bytes().into_owned();
                if !data.starts_with(b"./") && path.starts_with(b"./") {
                    path.drain(..2);
                }
                prop_assert_eq!(path, data);
            }
            Err(e) => {
                prop_assert!(data.starts_with(b"//"));
                prop_assert_eq!(e.kind(), BuildErrorKind::DoubleSlashWithoutAuthority);
            }
        }
    }
}

// ---- IRIs (RFC 3987): IriBuilder and the setters of IriBuf / IriRefBuf ----

use urikit::build::IriBuilder;
use urikit::{IriBuf, IriRef, IriRefBuf};

/// The bytes a vector field stands for: `\u{HEX}` a code point as UTF-8,
/// `\xHH` one raw byte, `\t` a tab; anything else as it is.
fn unescape(s: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut rest = s;
    while let Some(i) = rest.find('\\') {
        out.extend_from_slice(&rest.as_bytes()[..i]);
        let tail = &rest[i..];
        if let Some(t) = tail.strip_prefix("\\u{") {
            let end = t.find('}').expect("closing brace");
            let c = char::from_u32(u32::from_str_radix(&t[..end], 16).unwrap()).unwrap();
            out.extend_from_slice(c.to_string().as_bytes());
            rest = &t[end + 1..];
        } else if let Some(t) = tail.strip_prefix("\\x") {
            out.push(u8::from_str_radix(&t[..2], 16).unwrap());
            rest = &t[2..];
        } else if let Some(t) = tail.strip_prefix("\\t") {
            out.push(b'\t');
            rest = t;
        } else {
            panic!("bad escape in {s:?}");
        }
    }
    out.extend_from_slice(rest.as_bytes());
    out
}

fn text(s: &str) -> String {
    String::from_utf8(unescape(s)).unwrap()
}

/// Both builders given one component as raw data.
fn raw_parts<'a>(component: &str, data: &'a [u8]) -> (IriBuilder<'a>, Builder<'a>) {
    let (i, u) = (IriBuilder::new(), Builder::new());
    match component {
        "path" => (i.path(data), u.path(data)),
        "query" => (i.query(data), u.query(data)),
        "fragment" => (i.fragment(data), u.fragment(data)),
        "userinfo" => (i.userinfo(data), u.userinfo(data)),
        "host" => (i.host(data), u.host(data)),
        "segment" => (i.path_segments([data]), u.path_segments([data])),
        "pair" => {
            let v = std::str::from_utf8(data).unwrap();
            (i.query_pair("kë", v), u.query_pair("kë", v))
        }
        c => panic!("component {c}"),
    }
}

fn encoded_part<'a>(component: &str, t: &'a str) -> IriBuilder<'a> {
    let b = IriBuilder::new();
    match component {
        "path" => b.path_encoded(t),
        "query" => b.query_encoded(t),
        "fragment" => b.fragment_encoded(t),
        "userinfo" => b.userinfo_encoded(t),
        "host" => b.host_encoded(t),
        "port" => b.port_str(t),
        "scheme" => b.scheme(t),
        c => panic!("component {c}"),
    }
}

#[test]
fn iri_builder_vectors() {
    let v = vectors("build/iri_builder.txt");
    let count = |m: &str| v.iter().filter(|f| f[0] == m).count();
    assert!(count("raw") > 100 && count("encoded") > 5 && count("fail") > 10);
    for f in &v {
        let (mode, component) = (f[0].as_str(), f[1].as_str());
        match mode {
            "raw" => {
                let data = unescape(&f[2]);
                let (ib, ub) = raw_parts(component, &data);
                let iri = ib.build().unwrap();
                assert_eq!(iri.as_str(), text(&f[3]), "{f:?}");
                // 3.1: the IRI maps to what the URI builder makes.
                assert_eq!(iri.to_uri(), ub.build().unwrap().as_str(), "{f:?}");
                assert!(IriRef::parse(iri.as_str()).is_ok(), "{f:?}");
            }
            "encoded" => {
                let t = text(&f[2]);
                let r = encoded_part(component, &t).build().unwrap();
                assert_eq!(r.as_str(), text(&f[3]), "{f:?}");
            }
            "fail" => {
                let t = text(&f[2]);
                let err = encoded_part(component, &t).build().unwrap_err();
                let BuildErrorKind::Invalid(p) = err.kind() else {
                    panic!("{f:?}: {err:?}");
                };
                assert_eq!(p.index().to_string(), f[3], "{f:?}: {err}");
                // The URI builder refuses it as well (it is not ASCII or
                // not valid at all).
                assert!(
                    !t.is_ascii() || Builder::new().path_encoded(t.as_str()).build().is_err(),
                    "{f:?}"
                );
            }
            m => panic!("mode {m}"),
        }
    }
}

#[test]
fn iri_builder_spec_example() {
    // RFC 3987 3.1's example, built from its parts.
    let iri = IriBuilder::new()
        .scheme("http")
        .host("www.example.org")
        .path("/red\trosé")
        .fragment("red")
        .build_iri()
        .unwrap();
    assert_eq!(iri.as_str(), "http://www.example.org/red%09rosé#red");
    assert_eq!(iri.to_uri(), "http://www.example.org/red%09ros%C3%A9#red");
    let host = IriBuilder::new()
        .scheme("http")
        .host("例え.jp")
        .path("/")
        .build_iri();
    assert_eq!(host.unwrap().as_str(), "http://例え.jp/");
}

#[test]
fn iri_setters_keep_the_value_valid() {
    let mut u = IriBuf::parse("http://h/p?a=1#f").unwrap();
    u.set_host(Some("例え.jp")).unwrap();
    assert_eq!(u.as_str(), "http://例え.jp/p?a=1#f");
    u.set_path("/パス/ü").unwrap();
    u.set_query(Some("q=\u{E000}")).unwrap();
    assert_eq!(u.as_str(), "http://例え.jp/パス/ü?q=\u{E000}#f");
    // iprivate only in the query: the value is left as it was.
    let before = u.clone();
    let err = u.set_path("/\u{E000}").unwrap_err();
    assert_eq!(err.component(), Component::Path);
    assert!(u.set_fragment(Some("\u{E000}")).is_err());
    assert!(u.set_userinfo(Some("a\u{FDD0}")).is_err());
    assert!(u.set_host(Some("[例]")).is_err());
    assert!(u.set_scheme("é").is_err());
    assert_eq!(u, before);
    u.append_query_pair("ключ", "зн&ч \u{E000}").unwrap();
    assert_eq!(
        u.as_str(),
        "http://例え.jp/パス/ü?q=\u{E000}&ключ=зн%26ч%20\u{E000}#f"
    );
    u.append_form_pair("k", "a b").unwrap();
    assert!(u.as_str().ends_with("&k=a+b#f"));
    u.set_userinfo(Some("ü")).unwrap();
    u.set_port(Some(8080)).unwrap();
    u.set_scheme("https").unwrap();
    assert!(u.as_str().starts_with("https://ü@例え.jp:8080/"));
    u.set_host_ip(IpAddr::V6(Ipv6Addr::LOCALHOST)).unwrap();
    u.set_port_str(None).unwrap();
    assert!(u.as_str().starts_with("https://ü@[::1]/"));

    let mut r = IriRefBuf::parse("t:ä:b").unwrap();
    r.set_scheme(None).unwrap();
    assert_eq!(r.as_str(), "./ä:b");
    r.set_scheme(Some("s")).unwrap();
    assert_eq!(r.as_str(), "s:./ä:b");
    assert!(r.set_host(Some("ö")).is_err()); // a relative path after it
    r.set_path("/ü").unwrap();
    r.set_host(Some("ö")).unwrap();
    assert!(r.set_path("rel").is_err());
    assert_eq!(r.as_str(), "s://ö/ü");
}

/// Characters for generated IRIs: ASCII delimiters and data, a
/// percent-encoding, ucschar from several ranges, iprivate (valid in the
/// query only) and a noncharacter (valid nowhere).
fn iri_alphabet() -> Vec<&'static str> {
    vec![
        "a",
        "Z",
        "0",
        "-",
        ".",
        "_",
        "~",
        "!",
        "$",
        "&",
        "'",
        "(",
        "*",
        "+",
        ",",
        ";",
        "=",
        ":",
        "@",
        "/",
        "?",
        "#",
        "[",
        "]",
        "%41",
        "%e9",
        "é",
        "例",
        "ü",
        "\u{A0}",
        "\u{10000}",
        "\u{E1000}",
        "\u{E000}",
        "\u{10FFFD}",
        "\u{FDD0}",
        "//",
        "::",
        "1",
    ]
}

fn iri_ref_text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(iri_alphabet()), 0..16).prop_map(|v| v.concat())
}

/// Text of any kind for raw parts: ASCII, ucschar, iprivate, bidi
/// formatting characters, noncharacters, and arbitrary bytes.
fn raw_data() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![
            any::<char>().prop_map(|c| c.to_string().into_bytes()),
            prop::sample::select(iri_alphabet()).prop_map(|s| s.as_bytes().to_vec()),
            prop::sample::select(vec!["\u{202E}", "\u{200F}", "\u{F8FF}", "\u{FFFE}", " "])
                .prop_map(|s| s.as_bytes().to_vec()),
            any::<u8>().prop_map(|b| vec![b]),
        ],
        0..8,
    )
    .prop_map(|v| v.concat())
}

/// A builder given every component of `r` as encoded text.
fn builder_of<'a>(r: &IriRef<'a>) -> IriBuilder<'a> {
    let mut b = IriBuilder::new().path_encoded(r.path());
    if let Some(x) = r.scheme() {
        b = b.scheme(x);
    }
    if let Some(x) = r.userinfo() {
        b = b.userinfo_encoded(x);
    }
    if let Some(x) = r.host_str() {
        b = b.host_encoded(x);
    }
    if let Some(x) = r.port() {
        b = b.port_str(x);
    }
    if let Some(x) = r.query() {
        b = b.query_encoded(x);
    }
    if let Some(x) = r.fragment() {
        b = b.fragment_encoded(x);
    }
    b
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn an_iri_built_from_its_components_is_the_same_text(
        s in iri_ref_text().prop_filter("valid IRI references", |s| IriRef::parse(s).is_ok()),
    ) {
        let r = IriRef::parse(&s).unwrap();
        let built = builder_of(&r).build().unwrap();
        prop_assert_eq!(built.as_str(), r.as_str());
        if r.scheme().is_some() {
            let iri = builder_of(&r).build_iri().unwrap();
            prop_assert_eq!(iri.as_str(), r.as_str());
        }
    }

    #[test]
    fn an_iri_built_from_raw_parts_maps_to_the_uri_builders_output(
        userinfo in prop::option::of(raw_data()),
        host in prop::option::of(raw_data()),
        path in raw_data(),
        segments in prop::option::of(prop::collection::vec(raw_data(), 0..3)),
        query in prop::option::of(raw_data()),
        pairs in prop::collection::vec((".{0,4}", ".{0,4}"), 0..3),
        fragment in prop::option::of(raw_data()),
    ) {
        let mut i = IriBuilder::new().scheme("s").path(&path).dot_before_double_slash(true);
        let mut u = Builder::new().scheme("s").path(&path).dot_before_double_slash(true);
        if let Some(x) = &userinfo { i = i.userinfo(x); u = u.userinfo(x); }
        if let Some(x) = &host { i = i.host(x); u = u.host(x); }
        if let Some(x) = &segments { i = i.path_segments(x); u = u.path_segments(x); }
        if let Some(x) = &query { i = i.query(x); u = u.query(x); }
        for (k, v) in &pairs { i = i.query_pair(k, v); u = u.query_pair(k, v); }
        if let Some(x) = &fragment { i = i.fragment(x); u = u.fragment(x); }
        match (i.build_iri(), u.build_uri()) {
            (Ok(iri), Ok(uri)) => {
                prop_assert_eq!(iri.to_uri(), uri.as_str());
                prop_assert!(!iri.as_str().chars().any(urikit::chars::is_bidi_format));
            }
            (Err(a), Err(b)) => prop_assert_eq!(a, b),
            (a, b) => prop_assert!(false, "{:?} against {:?}", a, b),
        }
    }

    #[test]
    fn an_iri_query_writer_reads_back_and_maps_to_the_uri_writer(
        pairs in prop::collection::vec((".{0,5}", ".{0,5}"), 0..4),
        form in any::<bool>(),
    ) {
        let start = |iri: bool| {
            if form { QueryWriter::form() } else { QueryWriter::new() }.iri(iri)
        };
        let (i, u) = (start(true).pairs(pairs.clone()), start(false).pairs(pairs.clone()));
        let text = format!("?{}", i.as_str());
        let r = IriRef::parse(&text).unwrap();
        prop_assert_eq!(r.to_uri(), format!("?{}", u.as_str()));
        let read: Vec<(String, String)> = if form {
            r.query_pairs().form_decoded().map(|(k, v)| (k.into_owned(), v.into_owned())).collect()
        } else {
            r.query_pairs().decoded().map(|(k, v)| (k.into_owned(), v.into_owned())).collect()
        };
        prop_assert_eq!(read, pairs);
    }
}
