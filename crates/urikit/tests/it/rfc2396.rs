//! RFC 2396 vectors (`tests/data/rfc2396/URI-reference.txt`): every point
//! where RFC 2396 differs from RFC 3986, must-pass and must-fail, through
//! `urikit::rfc2396::Rfc2396Ref`; and path parameters.

use urikit::rfc2396::{Rfc2396Ref, segments};

use super::common::vectors;
use super::vectors::unescape_str;

/// Validity against the ABNF of RFC 2396 and RFC 2732.
#[path = "rfc2396_grammar.rs"]
mod grammar;

fn components(r: &Rfc2396Ref<'_>) -> String {
    let mut out = vec![];
    let mut put = |k: &str, v: Option<&str>| {
        if let Some(v) = v {
            out.push(format!("{k}={v}"));
        }
    };
    put("scheme", r.scheme());
    put("opaque", r.opaque_part());
    put("authority", r.authority());
    put("authority-kind", r.authority_kind().map(|k| k.name()));
    put("userinfo", r.userinfo());
    put("host", r.host());
    // host-kind only for addresses: a host name is the default.
    let kind = r.host_kind().filter(|k| *k != urikit::HostKind::RegName);
    put("host-kind", kind.map(|k| k.name()));
    put("port", r.port());
    put("path", Some(r.path()));
    put("query", r.query());
    put("fragment", r.fragment());
    out.join(" ")
}

#[test]
fn rfc2396_vectors() {
    let records = vectors("rfc2396/URI-reference.txt");
    let (mut ok, mut bad) = (0, 0);
    for f in &records {
        match f[0].as_str() {
            "ok" => {
                assert_eq!(f.len(), 3, "{f:?}");
                let input = unescape_str(&f[1]).unwrap();
                let r = Rfc2396Ref::parse(&input)
                    .unwrap_or_else(|e| panic!("{input:?} must parse: {e}"));
                let want = unescape_str(&f[2]).unwrap();
                assert_eq!(components(&r), want, "{input:?}");
                ok += 1;
            }
            "err" => {
                assert_eq!(f.len(), 4, "{f:?}");
                let input = unescape_str(&f[3]).unwrap();
                let e = Rfc2396Ref::parse(&input).expect_err(&input);
                let (kind, component) = f[2].split_once('/').unwrap_or((&f[2], ""));
                assert_eq!(e.index().to_string(), f[1], "{input:?}: {e}");
                assert_eq!(e.kind().name(), kind, "{input:?}: {e}");
                if !component.is_empty() {
                    assert_eq!(e.kind().component().map(|c| c.name()), Some(component));
                }
                bad += 1;
            }
            other => panic!("bad line kind {other}"),
        }
    }
    assert!(ok > 20 && bad > 10, "{ok} ok, {bad} err");
}

#[test]
fn path_parameters() {
    let got: Vec<(String, Vec<String>)> = segments("/a;v=1;w/;x/b;;c/")
        .map(|s| (s.name().into(), s.params().map(String::from).collect()))
        .collect();
    let want: Vec<(String, Vec<String>)> = vec![
        ("a".into(), vec!["v=1".into(), "w".into()]),
        ("".into(), vec!["x".into()]),
        ("b".into(), vec!["".into(), "c".into()]),
        ("".into(), vec![]),
    ];
    assert_eq!(got, want);
    assert_eq!(segments("").count(), 1);
    assert_eq!(
        segments("rel;p")
            .next()
            .unwrap()
            .params()
            .collect::<Vec<_>>(),
        ["p"]
    );
}
