//! Differential test: urikit against fluent-uri 0.4 and iri-string 0.7,
//! two independent RFC 3986 parsers, on validity and on every component,
//! over every input of every corpus file and every vector input: the
//! committed samples (`dev/testdata/corpus/`) always, the full corpora when they
//! are there (`urikit_testdata::full_dir`).
//!
//! Every disagreement must be listed in `data/differential/known.txt` and
//! explained in `DEVIATIONS.md`; the test asserts that the disagreements
//! found over the full corpora are exactly the listed ones, so a new one (or
//! one that went away) fails it. Over the samples, they must be exactly the
//! listed ones whose input the samples or vectors hold. uriparser, the C library, is compared in the fuzz crate
//! (`dev/fuzz/tests/uriparser_corpus.rs`), so that this suite needs nothing but
//! cargo.

use crate::peers;

use std::collections::BTreeSet;
use std::path::Path;

use peers::{PEERS, Parts, escape, first_difference, urikit};

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

/// What a run over a corpus folder and the vectors found.
struct Run {
    inputs: usize,
    valid: usize,
    found: BTreeSet<Disagreement>,
    /// Every input read, escaped as `known.txt` writes it.
    seen: BTreeSet<String>,
}

fn run(root: &Path) -> Run {
    let mut r = Run {
        inputs: 0,
        valid: 0,
        found: BTreeSet::new(),
        seen: BTreeSet::new(),
    };
    let mut one = |s: &str| {
        r.inputs += 1;
        let ours = urikit(s);
        r.valid += usize::from(ours.is_some());
        disagreements(s, ours.as_ref(), &mut r.found);
        r.seen.insert(escape(s));
    };
    peers::for_each_corpus_input(root, |_, _, s| one(s));
    peers::for_each_vector_input(|_, _, b| {
        if let Ok(s) = std::str::from_utf8(b) {
            one(s);
        }
    });
    r
}

fn assert_same(found: &BTreeSet<Disagreement>, expected: &BTreeSet<Disagreement>) {
    let new: Vec<_> = found.difference(expected).collect();
    let gone: Vec<_> = expected.difference(found).collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "disagreements not in data/differential/known.txt (explain each in DEVIATIONS.md): \
         {new:#?}\nlisted but no longer found: {gone:#?}"
    );
}

#[test]
fn peers_agree_except_the_documented_deviations() {
    let Some(root) = urikit_testdata::full_dir() else {
        return;
    };
    let r = run(&root);
    // Guard against a corpus that silently went missing or a reader that
    // skips everything: the corpora hold about 685,000 inputs, most valid.
    assert!(r.inputs > 680_000, "only {} inputs read", r.inputs);
    assert!(r.valid > 650_000, "only {} valid inputs", r.valid);
    assert_same(&r.found, &known("known.txt"));
}

/// The samples: the disagreements are exactly the listed ones whose input
/// is among the samples' and vectors' inputs.
#[test]
fn peers_agree_except_the_documented_deviations_on_the_samples() {
    let r = run(&urikit_testdata::sample_dir());
    // The text samples alone hold 31,400 lines (`dev/testdata/corpus/SOURCES.md`)
    // and the CSV 2,000 fields; of them at most the full files' 217 + 341
    // invalid lines of gsd-urls and kasztp, the 76 IRIs of the CSV, and the
    // wiki-iris and open-redirect lines (5,460) are invalid.
    assert!(r.inputs > 33_000, "only {} inputs read", r.inputs);
    assert!(r.valid > 27_000, "only {} valid inputs", r.valid);
    let expected: BTreeSet<Disagreement> = known("known.txt")
        .into_iter()
        .filter(|(_, _, input)| r.seen.contains(input))
        .collect();
    assert_same(&r.found, &expected);
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

/// Resolution (5.2) against fluent-uri and iri-string, whose resolution is
/// documented as RFC 3986's: every pair of cc-relative-10k.csv that all
/// three parse gives the same target, byte for byte. A disagreement fails
/// until it is fixed or documented in DEVIATIONS.md. Returns the number of
/// pairs compared.
fn resolution(path: &Path) -> usize {
    use iri_string::format::ToDedicatedString;
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (mut compared, mut differ) = (0usize, Vec::new());
    for (n, line) in text.lines().enumerate().skip(1) {
        let Some((b, r)) = line.split_once(',') else {
            continue;
        };
        let (Ok(base), Ok(reference)) = (urikit::Uri::parse(b), urikit::UriRef::parse(r)) else {
            continue;
        };
        let ours = base.resolve(reference).expect("valid input resolves");
        let fluent = match (fluent_uri::Uri::parse(b), fluent_uri::UriRef::parse(r)) {
            (Ok(fb), Ok(fr)) => fr.resolve_against(&fb).ok().map(|t| t.as_str().to_string()),
            _ => None,
        };
        let iri = match (
            iri_string::types::UriAbsoluteStr::new(b),
            iri_string::types::UriReferenceStr::new(r),
        ) {
            (Ok(ib), Ok(ir)) => Some(ir.resolve_against(ib).to_dedicated_string().to_string()),
            _ => None,
        };
        compared += 1;
        for (peer, theirs) in [("fluent-uri", fluent), ("iri-string", iri)] {
            if theirs.as_deref() != Some(ours.as_str()) {
                differ.push(format!("line {}: {peer} {theirs:?}, urikit {ours}", n + 1));
            }
        }
    }
    assert!(
        differ.is_empty(),
        "resolution disagreements:\n{}",
        differ.join("\n")
    );
    compared
}

#[test]
fn resolution_agrees_with_the_peers() {
    let Some(path) = urikit_testdata::full("cc-relative-10k.csv") else {
        return;
    };
    let compared = resolution(&path);
    assert!(compared > 9_900, "only {compared} pairs compared");
}

/// The sample: every pair is compared but those holding a non-ASCII
/// character (IRIs, which no URI parser accepts; `tests/it/resolve_corpus.rs`).
#[test]
fn resolution_agrees_with_the_peers_on_the_sample() {
    let path = urikit_testdata::sample("cc-relative-10k.csv");
    let ascii = urikit_testdata::lines(&path)
        .iter()
        .skip(1)
        .filter(|l| l.is_ascii())
        .count();
    assert!(ascii > 900, "{ascii}");
    assert_eq!(resolution(&path), ascii);
}

/// Syntax-based normalization (6.2.2) against fluent-uri and iri-string,
/// which document the same steps: every valid URI of gsd-urls.txt has the
/// same normal form in all three. Returns the number of URIs compared.
fn normalization(path: &Path) -> usize {
    use iri_string::format::ToDedicatedString;
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (mut compared, mut differ) = (0usize, Vec::new());
    for (n, line) in text.lines().enumerate() {
        let Ok(u) = urikit::Uri::parse(line) else {
            continue;
        };
        let ours = u.normalize();
        let fluent = fluent_uri::Uri::parse(line).ok().map(|f| f.normalize());
        let iri = iri_string::types::UriStr::new(line)
            .ok()
            .map(|i| i.normalize().to_dedicated_string());
        compared += 1;
        if fluent.as_ref().map(|f| f.as_str()) != Some(ours.as_str()) {
            differ.push(format!(
                "line {}: fluent-uri {fluent:?}, urikit {ours}",
                n + 1
            ));
        }
        if iri.as_ref().map(|i| i.as_str()) != Some(ours.as_str()) {
            differ.push(format!("line {}: iri-string {iri:?}, urikit {ours}", n + 1));
        }
    }
    assert!(
        differ.is_empty(),
        "normalization disagreements:\n{}",
        differ.join("\n")
    );
    compared
}

#[test]
fn normalization_agrees_with_the_peers() {
    let Some(path) = urikit_testdata::full("gsd-urls.txt") else {
        return;
    };
    let compared = normalization(&path);
    assert!(compared > 564_000, "only {compared} URIs compared");
}

/// The sample: 18,876 lines, of which at most the full file's 217 invalid
/// ones are not compared (`tests/it/corpus.rs`).
#[test]
fn normalization_agrees_with_the_peers_on_the_sample() {
    let compared = normalization(&urikit_testdata::sample("gsd-urls.txt"));
    assert!(compared >= 18_876 - 217, "only {compared} URIs compared");
}
