//! urikit against uriparser (the C library) over every input of every
//! corpus file (the full corpora, `urikit_testdata::full_dir`) and every
//! vector input: validity, every component, and the
//! host kind. Disagreements must be exactly those listed in
//! `crates/urikit/tests/data/differential/uriparser.txt` and explained in
//! `DEVIATIONS.md`.
//!
//! `cargo test --manifest-path dev/fuzz/Cargo.toml --features uriparser`
//! (needs Debian's `liburiparser-dev`).
#![cfg(feature = "uriparser")]

use std::collections::BTreeSet;

use urikit_fuzz::peers::{self, escape, first_difference, urikit};
use urikit_fuzz::uriparser;

fn host_kind_agrees(s: &str) -> bool {
    let Ok(r) = urikit::UriRef::parse(s) else {
        return true;
    };
    let theirs = uriparser::parse(s.as_bytes()).host_kind;
    match r.host_kind() {
        None | Some(urikit::HostKind::RegName) => theirs == uriparser::HostKind::RegName,
        Some(urikit::HostKind::Ipv4) => theirs == uriparser::HostKind::Ipv4,
        Some(urikit::HostKind::Ipv6) => theirs == uriparser::HostKind::Ipv6,
        Some(urikit::HostKind::IpvFuture) => theirs == uriparser::HostKind::IpvFuture,
        Some(_) => false,
    }
}

fn compare(s: &str, found: &mut BTreeSet<(String, String, String)>) {
    let ours = urikit(s);
    let theirs = uriparser::parts(s).ok();
    let field = first_difference(ours.as_ref(), theirs.as_ref())
        .or_else(|| (!host_kind_agrees(s)).then_some("host-kind"));
    if let Some(field) = field {
        found.insert(("uriparser".into(), field.into(), escape(s)));
    }
}

#[test]
fn uriparser_agrees_except_the_documented_deviations() {
    let mut found = BTreeSet::new();
    let Some(root) = urikit_testdata::full_dir() else {
        return;
    };
    let mut inputs = 0usize;
    peers::for_each_corpus_input(&root, |_, _, s| {
        inputs += 1;
        compare(s, &mut found);
    });
    peers::for_each_vector_input(|_, _, b| {
        if let Ok(s) = std::str::from_utf8(b) {
            inputs += 1;
            compare(s, &mut found);
        }
    });
    assert!(inputs > 680_000, "only {inputs} inputs read");

    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../crates/urikit/tests/data/differential/uriparser.txt"
    );
    let text = std::fs::read_to_string(path).expect(path);
    let expected: BTreeSet<(String, String, String)> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.splitn(3, '\t').collect();
            assert_eq!(f.len(), 3, "malformed line {l:?}");
            (f[0].into(), f[1].into(), f[2].into())
        })
        .collect();
    let new: Vec<_> = found.difference(&expected).collect();
    let gone: Vec<_> = expected.difference(&found).collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "disagreements not in uriparser.txt (explain each in DEVIATIONS.md): {new:#?}\n\
         listed but no longer found: {gone:#?}"
    );
}

/// The shim reports what uriparser sees: the example of RFC 3986 section 3,
/// an IP literal, an empty host, and a rejection with its position.
#[test]
fn shim_reports_components() {
    let s = "foo://example.com:8042/over/there?name=ferret#nose";
    assert_eq!(uriparser::parts(s).ok(), urikit(s));
    let p = uriparser::parts("http://u@[::1]:80/p?q#f").expect("valid");
    assert_eq!(
        (p.userinfo, p.host, p.port, p.path, p.query, p.fragment),
        (
            Some("u"),
            Some("[::1]"),
            Some("80"),
            "/p",
            Some("q"),
            Some("f")
        )
    );
    assert_eq!(
        uriparser::parse(b"http://[::1]/").host_kind,
        uriparser::HostKind::Ipv6
    );
    let p = uriparser::parts("file:///etc").expect("valid");
    assert_eq!((p.authority, p.host, p.path), (Some(""), Some(""), "/etc"));
    assert_eq!(uriparser::parts("http://a b/"), Err(Some(8)));
}
