//! Section 7 checks: every finding kind with inputs that raise it and near
//! misses that must not, the masking display form, and the open-redirect
//! corpus.

use std::collections::BTreeSet;

use urikit::security::{FindingKind, lint, mask_credentials};
use urikit::text::ExtractOptions;
use urikit::{Uri, UriRef};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/security");

fn lines(name: &str) -> Vec<(String, String)> {
    std::fs::read_to_string(format!("{DATA}/{name}"))
        .unwrap()
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (a, b) = l.split_once('\t').unwrap();
            (a.to_owned(), b.to_owned())
        })
        .collect()
}

#[test]
fn findings_match_the_data_file() {
    let cases = lines("findings.txt");
    let mut raised = BTreeSet::new();
    let mut missed = BTreeSet::new();
    for (uri, expected) in &cases {
        // Zone identifiers parse only with the option (RFC 6874/9844).
        let r = urikit::ParseOptions::new()
            .zone_id(true)
            .parse_uri_ref(uri)
            .unwrap_or_else(|e| panic!("{uri}: {e}"));
        // deceptive-host (the uts39 feature) has its own file and test.
        let findings: Vec<_> = lint(r)
            .unwrap()
            .into_iter()
            .filter(|f| f.kind() != FindingKind::DeceptiveHost)
            .collect();
        let mut got: Vec<String> = findings
            .iter()
            .map(|f| {
                let mut s = format!("{}@{}-{}", f.kind().name(), f.start(), f.end());
                if let Some(a) = f.ipv4() {
                    s.push_str(&format!("={a}"));
                }
                s
            })
            .collect();
        let mut want: Vec<String> = if expected == "none" {
            Vec::new()
        } else {
            expected.split(' ').map(str::to_owned).collect()
        };
        got.sort();
        want.sort();
        assert_eq!(got, want, "{uri}");
        // Findings come in order of their start.
        assert!(findings.windows(2).all(|w| w[0].start() <= w[1].start()));
        for f in &findings {
            raised.insert(f.kind());
            let msg = f.to_string();
            assert!(!msg.is_empty() && !msg.contains('\n'), "{msg:?}");
            assert!(msg.starts_with(|c: char| c.is_ascii_lowercase()), "{msg:?}");
            assert!(uri.get(f.span()).is_some());
        }
        if findings.is_empty() {
            missed.insert(uri.clone());
        }
    }
    // Every kind is raised somewhere, and there are near misses.
    for kind in FindingKind::ALL {
        if *kind != FindingKind::DeceptiveHost {
            assert!(raised.contains(kind), "{kind} never raised");
        }
    }
    assert!(missed.len() >= 40, "{}", missed.len());
}

#[test]
fn kind_names_are_stable() {
    let names: Vec<&str> = FindingKind::ALL.iter().map(|k| k.name()).collect();
    assert_eq!(
        names,
        [
            "credentials",
            "misleading-userinfo",
            "ipv4-nonstandard",
            "port-mismatch",
            "encoded-control",
            "encoded-delimiter",
            "dot-segments",
            "ipvfuture",
            "long-host",
            "non-ascii-host",
            "encoded-host",
            "script-scheme",
            "ipv6-mapped-internal",
            "zone-id",
            "bidi-control",
            "deceptive-host",
        ]
    );
    for k in FindingKind::ALL {
        assert_eq!(FindingKind::from_name(k.name()), Some(*k));
    }
}

#[test]
fn rfc_7_6_example() {
    // The published RFC's example, and the draft's.
    for uri in [
        "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm",
        "ftp://ftp.example.com&story=breaking_news@10.0.0.1/top_story.htm",
    ] {
        let f = lint(Uri::parse(uri).unwrap()).unwrap();
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].kind(), FindingKind::MisleadingUserinfo);
        assert_eq!(&uri[f[0].span()], &uri[6..uri.find('@').unwrap()]);
    }
}

#[test]
fn messages() {
    let msg = |s: &str| lint(UriRef::parse(s).unwrap()).unwrap()[0].to_string();
    assert_eq!(
        msg("http://127.1/"),
        "host is not a name: inet_aton-style resolvers read it as the IPv4 address 127.0.0.1 (7.4)"
    );
    assert_eq!(
        msg("http://a/%0d"),
        "percent-encoded control character %0D (CR) in the path: decoded, it may end a line or a string (7.2, 7.3)"
    );
    assert_eq!(
        msg("http://a/x%2Fy"),
        "percent-encoded '/' (%2F) in the path: a back end that decodes before splitting sees a delimiter (7.3)"
    );
    // Issue 12: encoded ASCII is not a non-ASCII host, and says so.
    let kind = |s: &str| lint(UriRef::parse(s).unwrap()).unwrap()[0].kind().name();
    assert_eq!(kind("http://ex%61mple/"), "encoded-host");
    assert!(msg("http://ex%61mple/").starts_with("percent-encoded ASCII in the host"));
    assert_eq!(kind("http://%E2%82%AC/"), "non-ascii-host");
    assert!(msg("http://%E2%82%AC/").starts_with("percent-encoded UTF-8 in the host"));
    assert_eq!(kind("http://%FF/"), "non-ascii-host");
    assert!(msg("http://%FF/").contains("not UTF-8"));
    assert!(msg("javascript:x").starts_with("javascript: URI"));
    assert!(msg("data:text/html,x").starts_with("data: URI holding an HTML document"));
    assert_eq!(
        msg("http://[::ffff:7f00:1]/"),
        "host is an IPv4-mapped IPv6 address: it reaches the loopback IPv4 address 127.0.0.1, which a check of IPv4 addresses alone misses (7.4)"
    );
    assert!(
        msg("http://[::10.0.0.1]/")
            .starts_with("host is an IPv4-compatible IPv6 address: it reaches the private")
    );
}

#[test]
fn masking() {
    for (input, masked) in lines("mask.txt") {
        let r = UriRef::parse(&input).unwrap();
        let m = mask_credentials(&r).unwrap();
        assert_eq!(m.to_string(), masked, "{input}");
        assert_eq!(m.is_masked(), input != masked);
        // Masking and the finding agree.
        let has = lint(r)
            .unwrap()
            .iter()
            .any(|f| f.kind() == FindingKind::Credentials);
        assert_eq!(has, m.is_masked(), "{input}");
    }
}

/// The payload file, committed whole in `dev/testdata/corpus/`, and the full
/// corpus's copy too when it is there.
#[test]
fn open_redirect_corpus_goes_through_extract_parse_and_lint() {
    let name = "open-redirect-payloads.txt";
    let mut copies = vec![urikit_testdata::sample(name)];
    copies.extend(urikit_testdata::full(name));
    for path in copies {
        open_redirect_payloads(&std::fs::read(path).unwrap());
    }
}

fn open_redirect_payloads(data: &[u8]) {
    let mut parsed = 0;
    let mut flagged = 0;
    for line in data.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        // Parse, as a reference and as a URI, from bytes (some lines are not
        // UTF-8-clean).
        let _ = Uri::parse_bytes(line);
        if let Ok(r) = UriRef::parse_bytes(line) {
            parsed += 1;
            let findings = lint(r).unwrap();
            if !findings.is_empty() {
                flagged += 1;
            }
            for f in findings {
                assert!(f.end() <= line.len() && f.start() < f.end());
            }
            let _ = mask_credentials(&r).unwrap().to_string();
        }
        // Extract, then lint every match.
        for m in ExtractOptions::new().relative(true).extract_bytes(line) {
            let findings = lint(m.as_str()).unwrap();
            for f in findings {
                assert!(f.end() <= m.as_str().len());
            }
        }
    }
    assert!(parsed > 200, "{parsed}");
    assert!(flagged > 100, "{flagged}");

    // The listed sample: exactly these kinds fire.
    let corpus = String::from_utf8_lossy(data);
    let corpus: BTreeSet<&str> = corpus.lines().collect();
    let sample = lines("payload-sample.txt");
    assert!(sample.len() >= 20);
    for (payload, kinds) in sample {
        assert!(
            corpus.contains(payload.as_str()),
            "{payload} not in the corpus"
        );
        let got: Vec<&str> = lint(&payload)
            .unwrap_or_else(|e| panic!("{payload}: {e}"))
            .iter()
            .map(|f| f.kind().name())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let want: Vec<&str> = if kinds == "none" {
            Vec::new()
        } else {
            kinds.split(',').collect()
        };
        assert_eq!(got, want, "{payload}");
    }
}

mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn lint_never_panics_and_spans_are_in_bounds(s in "[a-zA-Z0-9:/?#\\[\\]@%.:~!$&'()*+,;=-]{0,60}") {
            if let Ok(r) = UriRef::parse(&s) {
                for f in lint(r).unwrap() {
                    prop_assert!(f.start() < f.end() && f.end() <= s.len());
                    prop_assert!(!f.to_string().is_empty());
                }
                let masked = mask_credentials(&r).unwrap().to_string();
                prop_assert!(UriRef::parse(&masked).is_ok());
            }
        }

        #[test]
        fn inet_aton_agrees_with_a_reference(a: u32, n in 1usize..=4, radix in 0usize..3) {
            // Write the address in n parts, each in the chosen radix, and
            // check the finding reports the address back.
            let bytes = a.to_be_bytes();
            let mut parts: Vec<u32> = bytes[..n - 1].iter().map(|&b| u32::from(b)).collect();
            let rest = bytes[n - 1..].iter().fold(0u32, |v, &b| (v << 8) | u32::from(b));
            parts.push(rest);
            let host: Vec<String> = parts.iter().map(|&p| match radix {
                0 => format!("{p}"),
                1 => format!("0{p:o}"),
                _ => format!("0x{p:x}"),
            }).collect();
            let host = host.join(".");
            let uri = format!("http://{host}/");
            let r = UriRef::parse(&uri).unwrap();
            let f = lint(r).unwrap();
            let expect = std::net::Ipv4Addr::from(a);
            if r.host_kind() == Some(urikit::HostKind::Ipv4) {
                // Plain dotted decimal is the standard form: no finding.
                prop_assert!(f.is_empty());
            } else {
                prop_assert_eq!(f.len(), 1);
                prop_assert_eq!(f[0].ipv4(), Some(expect));
            }
        }
    }
}

/// `deceptive-host` (UTS #39, the `uts39` feature): the labels of
/// `data/security/deceptive-host.txt` that must be flagged, and the near
/// misses (one script; Japanese, Korean, Latin with Han; accents) that
/// must not. IRIs are linted as IRIs, URIs as URIs.
#[cfg(feature = "uts39")]
#[test]
fn deceptive_hosts_match_the_data_file() {
    use urikit::IriRef;
    use urikit::security::lint_iri;
    let cases = lines("deceptive-host.txt");
    assert!(cases.len() >= 25, "{}", cases.len());
    let (mut flagged, mut clean) = (0, 0);
    for (text, expected) in &cases {
        let findings = match UriRef::parse(text) {
            Ok(r) => lint(r).unwrap(),
            Err(_) => {
                lint_iri(IriRef::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))).unwrap()
            }
        };
        let got: Vec<String> = findings
            .iter()
            .filter(|f| f.kind() == FindingKind::DeceptiveHost)
            .map(|f| format!("deceptive-host@{}-{}", f.start(), f.end()))
            .collect();
        let want: Vec<String> = if expected == "none" {
            Vec::new()
        } else {
            expected.split(' ').map(str::to_owned).collect()
        };
        assert_eq!(got, want, "{text}");
        if got.is_empty() {
            clean += 1;
        } else {
            flagged += 1;
        }
    }
    assert!(
        flagged >= 10 && clean >= 10,
        "{flagged} flagged, {clean} clean"
    );
}

#[cfg(feature = "uts39")]
#[test]
fn deceptive_host_messages_name_the_characters() {
    use urikit::IriRef;
    use urikit::security::lint_iri;
    let msg = |s: &str| {
        let f = lint_iri(IriRef::parse(s).unwrap()).unwrap();
        let f = f
            .iter()
            .find(|f| f.kind() == FindingKind::DeceptiveHost)
            .unwrap();
        f.to_string()
    };
    assert_eq!(
        msg("http://p\u{430}ypal.com/"),
        "host label mixes scripts: 'p' (Latin) with '\u{430}' (U+0430, Cyrillic), a spoofing pattern (UTS #39 5.2)"
    );
    assert_eq!(
        msg("http://xn--80ak6aa92e.com/"),
        "host label whose characters outside ASCII all look like ASCII ones (such as '\u{430}', U+0430, Cyrillic): it reads as another, ASCII name (UTS #39 4)"
    );
}
