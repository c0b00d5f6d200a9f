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
