//! IRIs from the corpora: the JSON Schema `iri` and `iri-reference` format
//! tests, Wikipedia article IRIs (wiki-iris.txt), and the IRI pairs of
//! cc-relative-10k.csv, compared with oxiri, iri-string and fluent-uri's IRI
//! types. Each test runs over the committed sample, and over the full
//! corpus when `urikit_testdata::full` finds it.

use std::path::Path;

use iri_string::format::ToDedicatedString;
use serde_json::Value;
use urikit::{Iri, IriRef};

use crate::peers::{self, Parts};

/// urikit's parse and each IRI peer's (`peers::IRI_PEERS`), on every
/// component the peer reports; the peers whose result differs, with it.
fn disagreements(s: &str) -> (Option<Parts<'_>>, Vec<String>) {
    let mine = peers::urikit_iri(s);
    let mut out = Vec::new();
    for &(name, parse, authority_parts) in peers::IRI_PEERS {
        let theirs = parse(s);
        let ours = if authority_parts {
            mine
        } else {
            mine.map(peers::without_authority_parts)
        };
        if theirs != ours {
            out.push(format!("{name}: {s:?}: {theirs:?} vs {ours:?}"));
        }
    }
    (mine, out)
}

fn json_cases(path: &Path) -> Vec<(String, bool)> {
    let text = std::fs::read_to_string(path).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    let mut out = Vec::new();
    for group in v.as_array().unwrap() {
        for case in group["tests"].as_array().unwrap() {
            if let Some(d) = case["data"].as_str() {
                out.push((d.to_string(), case["valid"].as_bool().unwrap()));
            }
        }
    }
    out
}

#[test]
fn json_schema_iri_formats() {
    for (file, accept) in [
        (
            "json-schema-format/iri.json",
            (|s| Iri::parse(s).is_ok()) as fn(&str) -> bool,
        ),
        ("json-schema-format/iri-reference.json", |s| {
            IriRef::parse(s).is_ok()
        }),
    ] {
        let cases = json_cases(&urikit_testdata::full_or_sample(file));
        assert!(cases.len() >= 7, "{file}");
        let wrong: Vec<_> = cases
            .iter()
            .filter(|(s, label)| accept(s) != *label)
            .collect();
        assert!(wrong.is_empty(), "{file}: {wrong:?}");
    }
}

/// Every line parses as an IRI, its components recompose to it, and its
/// URI form parses as a URI and maps back (to_iri) to the line.
fn check_wiki(path: &Path) -> usize {
    let lines = urikit_testdata::lines(path);
    for (n, line) in lines.iter().enumerate() {
        let iri = Iri::parse(line).unwrap_or_else(|e| panic!("line {}: {e}: {line}", n + 1));
        assert_eq!(iri.components().to_string(), *line);
        let uri = iri.to_uri();
        let u = urikit::Uri::parse(&uri).unwrap_or_else(|e| panic!("line {}: {e}: {uri}", n + 1));
        assert_eq!(u.to_iri(), line.as_str(), "line {}", n + 1);
    }
    lines.len()
}

/// `check` over the committed sample of wiki-iris.txt (more than 1,000
/// lines) and over the full file (61,628 lines) where it is found; `check`
/// gives the number of lines it read.
fn over_wiki_iris(check: fn(&Path) -> usize) {
    assert!(check(&urikit_testdata::sample("wiki-iris.txt")) > 1000);
    if let Some(p) = urikit_testdata::full("wiki-iris.txt") {
        assert_eq!(check(&p), 61_628);
    }
}

#[test]
fn wiki_iris_parse_and_map() {
    over_wiki_iris(check_wiki);
}

/// The same verdict and the same components as each peer (all eight; the
/// authority whole for oxiri, which does not split it), for every line of
/// wiki-iris.txt.
fn differential(path: &Path) -> usize {
    let lines = urikit_testdata::lines(path);
    let mut differ = Vec::new();
    for line in &lines {
        differ.extend(disagreements(line).1);
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    lines.len()
}

#[test]
fn wiki_iris_agree_with_the_peers() {
    over_wiki_iris(differential);
}

/// RFC 3987 3.1 over every line: urikit's `to_uri` gives the same text as
/// iri-string's `encode_to_uri` and fluent-uri's `to_uri_ref` (so the
/// `iri-to-uri-wiki` benchmark's peers all do the same work).
fn to_uri_as_the_peers(path: &Path) -> usize {
    let lines = urikit_testdata::lines(path);
    for line in &lines {
        let mine = IriRef::parse(line).unwrap();
        let mine = mine.to_uri();
        let theirs = iri_string::types::IriReferenceStr::new(line).unwrap();
        assert_eq!(mine, theirs.encode_to_uri().to_dedicated_string().as_str());
        let fluent = fluent_uri::IriRef::parse(line.as_str()).unwrap();
        assert_eq!(mine, fluent.to_uri_ref().as_str());
    }
    lines.len()
}

#[test]
fn wiki_iris_map_to_the_peers_uris() {
    over_wiki_iris(to_uri_as_the_peers);
}

/// Generated IRIs of every form, with characters at the class boundaries:
/// the same verdict and components as every peer.
#[test]
fn generated_iris_agree_with_the_peers() {
    const PREFIXES: &[&str] = &[
        "http://",
        "s:",
        "//",
        "",
        "/",
        "a/",
        "s://u@",
        "http://[::1]",
    ];
    const PARTS: &[&str] = &[
        "a",
        "Z",
        "0",
        "%C3%A9",
        "%",
        "/",
        "?",
        "#",
        ":",
        "@",
        "[",
        "]",
        " ",
        "é",
        "例",
        "\u{A0}",
        "\u{9F}",
        "\u{D7FF}",
        "\u{E000}",
        "\u{F8FF}",
        "\u{F900}",
        "\u{FDCF}",
        "\u{FDD0}",
        "\u{FDEF}",
        "\u{FDF0}",
        "\u{FFEF}",
        "\u{FFF0}",
        "\u{FFFD}",
        "\u{10000}",
        "\u{1FFFD}",
        "\u{1FFFE}",
        "\u{E0FFF}",
        "\u{E1000}",
        "\u{EFFFD}",
        "\u{F0000}",
        "\u{10FFFD}",
        "\u{10FFFF}",
        "\u{200F}",
    ];
    let mut state = 0x1234_5678_9abc_def0u64;
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    let mut differ = Vec::new();
    let mut accepted = 0;
    for _ in 0..20_000 {
        let mut s = String::from(PREFIXES[next() % PREFIXES.len()]);
        for _ in 0..next() % 8 {
            s.push_str(PARTS[next() % PARTS.len()]);
        }
        let (mine, d) = disagreements(&s);
        accepted += usize::from(mine.is_some());
        differ.extend(d);
    }
    // Both verdicts are well represented.
    assert!((4_000..16_000).contains(&accepted), "{accepted} accepted");
    differ.sort();
    differ.dedup();
    assert!(
        differ.is_empty(),
        "{} differences:\n{}",
        differ.len(),
        differ[..differ.len().min(40)].join("\n")
    );
}

/// The IRI pairs of cc-relative-10k.csv (a line with a non-ASCII
/// character): the same target as oxiri and iri-string.
fn resolution(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).unwrap();
    let mut compared = 0;
    let mut differ = Vec::new();
    for line in text.lines().skip(1).filter(|l| !l.is_ascii()) {
        let Some((b, r)) = line.split_once(',') else {
            continue;
        };
        let (Ok(base), Ok(reference)) = (Iri::parse(b), IriRef::parse(r)) else {
            continue;
        };
        let mine = base.resolve(reference).expect("valid input resolves");
        let ox = oxiri::Iri::parse(b)
            .ok()
            .zip(oxiri::IriRef::parse(r).ok())
            .and_then(|(ob, or)| ob.resolve(&or).ok())
            .map(|t| t.into_inner());
        let is = match (
            iri_string::types::IriAbsoluteStr::new(b),
            iri_string::types::IriReferenceStr::new(r),
        ) {
            (Ok(ib), Ok(ir)) => Some(ir.resolve_against(ib).to_dedicated_string().to_string()),
            _ => None,
        };
        compared += 1;
        for (peer, theirs) in [("oxiri", ox), ("iri-string", is)] {
            if theirs.as_deref() != Some(mine.as_str()) {
                differ.push(format!("{peer}: {line}: {theirs:?} vs {mine}"));
            }
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    compared
}

#[test]
fn cc_relative_iri_pairs_resolve_as_the_peers_do() {
    assert!(resolution(&urikit_testdata::sample("cc-relative-10k.csv")) >= 5);
    if let Some(p) = urikit_testdata::full("cc-relative-10k.csv") {
        assert!(resolution(&p) >= 70);
    }
}
