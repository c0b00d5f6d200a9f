//! Differential test: urikit against fluent-uri 0.4 and iri-string 0.7,
//! two independent RFC 3986 parsers, on validity and on every component,
//! over every input of every corpus file (`../shared/corpus`, read in
//! place) and every vector input.
//!
//! Every disagreement must be listed in `data/differential/known.txt` and
//! explained in `DEVIATIONS.md`; the test asserts that the disagreements
//! found are exactly the listed ones, so a new one (or one that went away)
//! fails it. uriparser, the C library, is compared in the fuzz crate
//! (`fuzz/tests/uriparser_corpus.rs`), so that this suite needs nothing but
//! cargo.

mod peers;

use std::collections::BTreeSet;

use peers::{escape, first_difference, urikit, Parts, PEERS};

/// `(peer, field, escaped input)`
type Disagreement = (String, String, String);

fn disagreements(s: &str, ours: Option<&Parts<'_>>, found: &mut BTreeSet<Disagreement>) {
    for (name, peer) in PEERS {
        if let Some(field) = first_difference(ours, peer(s).as_ref()) {
            found.insert((name.to_string(), field.to_string(), escape(s)));
        }
    }
}

fn known(file: &str) -> BTreeSet<Disagreement> {
    let path = format!(
        "{}/tests/data/differential/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.splitn(3, '\t').collect();
            assert_eq!(f.len(), 3, "{file}: malformed line {l:?}");
            (f[0].to_string(), f[1].to_string(), f[2].to_string())
        })
        .collect()
}

#[test]
fn peers_agree_except_the_documented_deviations() {
    let mut found = BTreeSet::new();
    let mut inputs = 0usize;
    let mut valid = 0usize;
    peers::for_each_corpus_input(|_, _, s| {
        inputs += 1;
        let ours = urikit(s);
        valid += usize::from(ours.is_some());
        disagreements(s, ours.as_ref(), &mut found);
    });
    peers::for_each_vector_input(|_, _, b| {
        if let Ok(s) = std::str::from_utf8(b) {
            inputs += 1;
            let ours = urikit(s);
            valid += usize::from(ours.is_some());
            disagreements(s, ours.as_ref(), &mut found);
        }
    });
    // Guard against a corpus that silently went missing or a reader that
    // skips everything: the corpora hold about 685,000 inputs, most valid.
    assert!(inputs > 680_000, "only {inputs} inputs read");
    assert!(valid > 650_000, "only {valid} valid inputs");

    let expected = known("known.txt");
    let new: Vec<_> = found.difference(&expected).collect();
    let gone: Vec<_> = expected.difference(&found).collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "disagreements not in data/differential/known.txt (explain each in DEVIATIONS.md): \
         {new:#?}\nlisted but no longer found: {gone:#?}"
    );
}

/// The comparison itself works: each peer rejects what the ABNF rejects and
/// splits a full reference as RFC 3986 section 3 does (the example of
/// section 3, verbatim), so an empty `known.txt` means agreement, not a
/// comparison that sees nothing.
#[test]
fn peers_see_the_components() {
    let s = "foo://example.com:8042/over/there?name=ferret#nose";
    let expected = Parts {
        scheme: Some("foo"),
        authority: Some("example.com:8042"),
        userinfo: None,
        host: Some("example.com"),
        port: Some("8042"),
        path: "/over/there",
        query: Some("name=ferret"),
        fragment: Some("nose"),
    };
    assert_eq!(urikit(s), Some(expected));
    for (name, peer) in PEERS {
        assert_eq!(peer(s), Some(expected), "{name}");
        assert_eq!(peer("http://a b/"), None, "{name}");
        assert_eq!(
            first_difference(urikit("//u@h").as_ref(), peer("//u@h:1").as_ref()),
            Some("authority"),
            "{name}"
        );
    }
}
