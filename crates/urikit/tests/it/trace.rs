//! The step-by-step APIs that tools (the inspector page) show: the steps
//! of remove_dot_segments (5.2.4) and of resolution (5.2.2), the
//! normalization ladder (6.2.2.1 to 6.2.3), and the ABNF rule of a parse
//! error. Checked against the RFC's own worked example, the 5.4 examples,
//! the normalization vectors, a step checker read from the published
//! algorithm, and the ABNF grammar of Appendix A.

use crate::abnf::Grammar;
use crate::common::vectors;

use proptest::prelude::*;
use urikit::normalize::{Level, Normalizer, Rung};
use urikit::{
    DotRule, DotStep, ErrorKind, LegacyRule, ResolveCase, Resolver, Rule, UriRef,
    remove_dot_segments, remove_dot_segments_trace,
};

/// A row of a table of 5.2.4: the step, then the output and input buffers.
type Row = (DotRule, String, String);

/// The tables of 5.2.4: `(input, [(step, output, input)])`, read by the
/// columns of their header line. The text is the 2004 draft's, verbatim
/// (`tests/data/resolve/draft-2004-5.2.4-steps.txt`); its buffers are the
/// published RFC's, and its step labels the draft's numbering of the same
/// steps: 3a is the published 2B, 3b is 2C, 3c is 2E (the RFC replaced
/// only the draft's step 2, by 2A and 2D: ../shared/spec/NOTES.md).
fn rfc_tables() -> Vec<(String, Vec<Row>)> {
    let text = include_str!("../data/resolve/draft-2004-5.2.4-steps.txt");
    let mut tables = Vec::new();
    let (mut out_col, mut in_col) = (0, 0);
    for line in text.lines() {
        if let Some(o) = line.find("OUTPUT BUFFER") {
            out_col = o;
            in_col = line.find("INPUT BUFFER").unwrap();
            continue;
        }
        let Some((label, _)) = line.trim_start().split_once(':') else {
            continue;
        };
        let col = |from: usize, to: usize| {
            line.get(from..to.min(line.len()))
                .unwrap_or("")
                .trim()
                .to_string()
        };
        let (output, input) = (col(out_col, in_col), col(in_col, usize::MAX));
        match label.trim() {
            "1" => {
                assert_eq!(output, "");
                tables.push((input, Vec::new()));
            }
            l => {
                let rule = match l {
                    "3a" => DotRule::B,
                    "3b" => DotRule::C,
                    "3c" => DotRule::E,
                    _ => panic!("unknown step {l:?}"),
                };
                tables.last_mut().unwrap().1.push((rule, output, input));
            }
        }
    }
    tables
}

#[test]
fn rfc3986_5_2_4_worked_examples() {
    let tables = rfc_tables();
    assert_eq!(tables.len(), 2, "two examples");
    for (input, rows) in &tables {
        let got: Vec<_> = remove_dot_segments_trace(input)
            .iter()
            .map(|s| (s.rule(), s.output().to_string(), s.input().to_string()))
            .collect();
        assert_eq!(&got, rows, "{input}");
    }
    assert_eq!(tables[0].1.len(), 7);
    assert_eq!(tables[1].1.len(), 4);
}

/// One step of the published algorithm (RFC 3986 5.2.4, steps 2A to 2E,
/// the first that applies), on buffers: the checker the traces are held to.
fn published_step(output: &str, input: &str) -> (DotRule, String, String) {
    let drop_last = |o: &str| o[..o.rfind('/').unwrap_or(0)].to_string();
    if let Some(rest) = input
        .strip_prefix("../")
        .or_else(|| input.strip_prefix("./"))
    {
        (DotRule::A, output.into(), rest.into())
    } else if let Some(rest) = input.strip_prefix("/./") {
        (DotRule::B, output.into(), format!("/{rest}"))
    } else if input == "/." {
        (DotRule::B, output.into(), "/".into())
    } else if let Some(rest) = input.strip_prefix("/../") {
        (DotRule::C, drop_last(output), format!("/{rest}"))
    } else if input == "/.." {
        (DotRule::C, drop_last(output), "/".into())
    } else if input == "." || input == ".." {
        (DotRule::D, output.into(), String::new())
    } else {
        let end = input[1.min(input.len())..]
            .find('/')
            .map_or(input.len(), |i| i + 1);
        (
            DotRule::E,
            format!("{output}{}", &input[..end]),
            input[end..].into(),
        )
    }
}

/// The trace is a run of the published algorithm, step for step, and ends
/// where [`remove_dot_segments`] does.
fn check_trace(path: &str, steps: &[DotStep]) {
    let (mut output, mut input) = (String::new(), path.to_string());
    for s in steps {
        let (rule, o, i) = published_step(&output, &input);
        assert_eq!(
            (s.rule(), s.output(), s.input()),
            (rule, o.as_str(), i.as_str()),
            "{path:?}: a step from ({output:?}, {input:?})"
        );
        (output, input) = (o, i);
    }
    assert_eq!(input, "", "{path:?}: the input is used up");
    assert_eq!(output, remove_dot_segments(path), "{path:?}");
}

#[test]
fn traces_follow_the_published_steps() {
    for path in [
        "",
        ".",
        "..",
        "./",
        "../",
        "/",
        "/.",
        "/..",
        "/./",
        "/../",
        ".//g",
        "././/g",
        "a/..",
        "a/../",
        "../a/..",
        "/a/b/..",
        "/a/./b/../../../c",
        "//",
        "a//b/../..",
        "...",
        "./../.",
        "/a/b/c/./../../g",
        "mid/content=5/../6",
        "%2E/a",
    ] {
        check_trace(path, &remove_dot_segments_trace(path));
    }
}

proptest! {
    #[test]
    fn traces_follow_the_published_steps_generated(
        segs in prop::collection::vec(prop::sample::select(vec!["a", "bc", ".", "..", "", "..."]), 0..9),
        rooted in any::<bool>(),
    ) {
        let path = format!("{}{}", if rooted { "/" } else { "" }, segs.join("/"));
        check_trace(&path, &remove_dot_segments_trace(&path));
    }
}

/// `REF = TARGET` lines of 5.4 (the parser of `resolve_rfc.rs`, smaller:
/// only the first target of a line).
fn examples_5_4() -> Vec<(String, String)> {
    let unquote = |s: &str| s.trim().trim_matches('"').to_string();
    include_str!("../data/resolve/rfc3986-5.4.txt")
        .lines()
        .filter(|l| l.starts_with("   "))
        .filter_map(|l| l.trim_start().split_once(" = "))
        .filter(|(r, _)| r.starts_with('"'))
        .map(|(r, rest)| (unquote(r), unquote(rest.split(" ; ").next().unwrap())))
        .collect()
}

#[test]
fn rfc3986_5_4_examples_traced() {
    const BASE: &str = "http://a/b/c/d;p?q";
    let ex = examples_5_4();
    assert_eq!(ex.len(), 42);
    for (reference, target) in &ex {
        for r in [Resolver::new(), Resolver::new().non_strict(true)] {
            let t = r.trace(BASE, reference.as_str()).unwrap();
            assert_eq!(t.target(), &r.resolve(BASE, reference.as_str()).unwrap());
            if !t.scheme_ignored() {
                assert_eq!(t.target().as_str(), target, "{reference:?}");
            }
            let rref = UriRef::parse(reference).unwrap();
            // The branch, from the reference's own components (5.2.2).
            let case = if rref.scheme().is_some() && !t.scheme_ignored() {
                ResolveCase::Scheme
            } else if rref.authority().is_some() {
                ResolveCase::Authority
            } else if rref.path().is_empty() {
                ResolveCase::EmptyPath
            } else if rref.path().starts_with('/') {
                ResolveCase::AbsolutePath
            } else {
                ResolveCase::Merge
            };
            assert_eq!(t.case(), case, "{reference:?}");
            match t.dots_input() {
                Some(input) => {
                    check_trace(input, t.steps());
                    if case == ResolveCase::Merge {
                        assert_eq!(Some(input), t.merged());
                        let base = urikit::Uri::parse(BASE).unwrap();
                        assert_eq!(input, urikit::merge(&base, rref.path()));
                    } else {
                        assert_eq!(input, rref.path());
                    }
                }
                None => assert!(t.steps().is_empty() && case == ResolveCase::EmptyPath),
            }
            assert_eq!(t.path(), t.target().path(), "{reference:?}");
        }
    }
    // "http:g": strict keeps the scheme, non-strict ignores it (5.4.2).
    let t = Resolver::new()
        .non_strict(true)
        .trace(BASE, "http:g")
        .unwrap();
    assert!(t.scheme_ignored());
    assert_eq!(t.case(), ResolveCase::Merge);
    assert_eq!(t.target(), "http://a/b/c/g");
}

#[test]
fn trace_rfc2396_and_the_slash_dot_rule() {
    let t = Resolver::new()
        .rfc2396(true)
        .trace("http://a/b/c/d;p?q", "../../../g")
        .unwrap();
    assert_eq!(t.merged(), Some("/b/c/../../../g"));
    assert!(t.steps().is_empty());
    assert_eq!((t.path(), t.target().as_str()), ("/../g", "http://a/../g"));
    // The path is "//g"; the target writes "/." before it.
    let t = Resolver::new().trace("f:/a", ".//g").unwrap();
    assert_eq!((t.path(), t.target().as_str()), ("//g", "f:/.//g"));
    check_trace(t.dots_input().unwrap(), t.steps());
}

fn check_ladder(n: Normalizer<'_>, input: &str) {
    let l = n.ladder(input).unwrap();
    assert_eq!(l.result(), &n.normalize(input).unwrap(), "{input:?}");
    let mut before = input.to_string();
    for (rung, text) in l.iter() {
        // Each rung's offsets are the ones a parse finds.
        let parsed = UriRef::parse(text.as_str()).unwrap();
        assert_eq!(
            parsed.components(),
            text.as_uri_ref().components(),
            "{input:?} {rung}"
        );
        // A rung applied to its own output changes nothing, and applied
        // to the rung below's output gives the same as from the input.
        let again = n.ladder(text.as_str()).unwrap();
        assert_eq!(again.get(rung), text, "{input:?}: {rung} is idempotent");
        let step = n.ladder(before.as_str()).unwrap();
        assert_eq!(
            step.get(rung),
            text,
            "{input:?}: {rung} from the rung below"
        );
        before = text.to_string();
    }
}

#[test]
fn ladder_tops_out_at_the_normal_form() {
    let syntax = Normalizer::default();
    let scheme = Normalizer::new(Level::Scheme);
    let mut count = 0;
    for (file, n) in [
        ("normalize/syntax.txt", syntax),
        ("normalize/scheme.txt", scheme),
    ] {
        for v in vectors(file) {
            assert_eq!(n.ladder(&v[0]).unwrap().result().as_str(), v[1]);
            check_ladder(n, &v[0]);
            check_ladder(n.ipv6_canonical(true), &v[0]);
            count += 1;
        }
    }
    assert!(count > 80, "{count} vectors");
    let l = Normalizer::new(Level::String)
        .ladder("HTTP://A/./%7e")
        .unwrap();
    assert!(l.iter().all(|(_, t)| t == "HTTP://A/./%7e"));
}

#[test]
fn ladder_rungs_do_what_their_sections_say() {
    let n = Normalizer::new(Level::Scheme);
    let l = n
        .ladder("HTTP://%7Eu%3a@Ex%41mple.COM:0080/%7e/./%2e%2E/a?%7E%2f#%7e")
        .unwrap();
    assert_eq!(
        l[Rung::Case],
        "http://%7Eu%3A@ex%41mple.com:0080/%7E/./%2E%2E/a?%7E%2F#%7E"
    );
    assert_eq!(
        l[Rung::PercentEncoding],
        "http://~u%3A@example.com:0080/~/./../a?~%2F#~"
    );
    assert_eq!(
        l[Rung::DotSegments],
        "http://~u%3A@example.com:0080/a?~%2F#~"
    );
    assert_eq!(l[Rung::SchemeBased], "http://~u%3A@example.com/a?~%2F#~");
    // The syntax level's last rung drops only the empty port's ":".
    let l = Normalizer::default().ladder("http://a:/b").unwrap();
    assert_eq!(l[Rung::DotSegments], "http://a:/b");
    assert_eq!(l[Rung::SchemeBased], "http://a/b");
    // Proptest-free sweep over the corpus sample.
    let sample = std::fs::read_to_string(urikit_testdata::sample("gsd-urls.txt")).unwrap();
    let mut checked = 0;
    for line in sample
        .lines()
        .filter(|l| UriRef::parse(l).is_ok())
        .take(300)
    {
        check_ladder(n, line);
        checked += 1;
    }
    assert!(checked > 100, "{checked} corpus lines");
}

/// Where the grammar of Appendix A says rule `rule` fails on `s` at `i`:
/// read from some start `j <= i`, `s[j..i]` can still begin the rule and
/// `s[j..=i]` cannot (or, at the end of the input, is not a whole match).
fn rule_fails_at(g: &Grammar, rule: &str, s: &[u8], i: usize) -> bool {
    (0..=i).any(|j| {
        g.is_prefix(rule, &s[j..i])
            && if i < s.len() {
                !g.is_prefix(rule, &s[j..=i])
            } else {
                !g.matches(rule, &s[j..])
            }
    })
}

#[test]
fn error_rules_are_where_the_grammar_fails() {
    let g = Grammar::rfc3986();
    let mut checked = 0;
    for v in vectors("vectors/URI-reference.txt")
        .into_iter()
        .chain(vectors("vectors/URI.txt"))
        .chain(vectors("vectors/relative-ref.txt"))
        .chain(vectors("vectors/absolute-URI.txt"))
    {
        if v[0] != "err" {
            continue;
        }
        let input = v.last().unwrap();
        let s = input.as_bytes();
        let errs = [
            UriRef::parse(input).err(),
            urikit::Uri::parse(input).err(),
            urikit::validate(Rule::RelativeRef, input).err(),
            urikit::validate(Rule::AbsoluteUri, input).err(),
        ];
        for e in errs.into_iter().flatten() {
            let Some(rule) = e.kind().rule() else {
                assert!(
                    matches!(e.kind(), ErrorKind::TooLong | ErrorKind::Empty),
                    "{input:?}: {:?} has no rule",
                    e.kind()
                );
                continue;
            };
            assert_eq!(Rule::from_name(rule.name()), Some(rule));
            let i = e.index();
            let ok = match e.kind() {
                // Reported at the "%" (ParseError's exception 1): the
                // triplet from there is not a pct-encoded.
                ErrorKind::InvalidPercentEncoding(_) => {
                    !g.matches("pct-encoded", &s[i..(i + 3).min(s.len())])
                }
                // At the "[" (exception 2): no IP-literal from there to the
                // end of the authority.
                ErrorKind::UnclosedIpLiteral => {
                    let end = s[i..]
                        .iter()
                        .position(|b| b"/?#".contains(b))
                        .map_or(s.len(), |k| i + k);
                    (i + 1..=end).all(|k| !g.matches("IP-literal", &s[i..k]))
                }
                // The rules of the whole input fail at its end, or where
                // the "#" or the scheme's ":" is.
                ErrorKind::MissingScheme
                | ErrorKind::UnexpectedFragment
                | ErrorKind::UnexpectedScheme => !g.matches(rule.name(), s),
                _ => rule_fails_at(&g, rule.name(), s, i),
            };
            assert!(ok, "{input:?}: {} does not fail at {i} ({e})", rule.name());
            checked += 1;
        }
    }
    assert!(checked > 200, "{checked} errors checked");
}

/// RFC 2396 5.2 step 6, one step per segment: over every example of
/// Appendix C, the steps read the buffer left to right, each segment's rule
/// is the one step 6 names for it, and the last buffer is the target's path.
#[test]
fn rfc2396_appendix_c_traced() {
    const BASE: &str = "http://a/b/c/d;p?q";
    let legacy = Resolver::new().rfc2396(true);
    let mut traced = 0;
    for line in include_str!("../data/resolve/rfc2396-appendix-c.txt").lines() {
        let Some((r, _)) = line.trim_start().split_once(" = ") else {
            continue;
        };
        let r = r.trim();
        if !line.starts_with("      ") || r == "<>" || UriRef::parse(r).is_err() {
            continue;
        }
        let t = legacy.trace(BASE, r).unwrap();
        assert_eq!(t.target(), &legacy.resolve(BASE, r).unwrap(), "{r:?}");
        let Some(buffer) = t.merged() else {
            assert!(t.legacy_steps().is_empty());
            continue;
        };
        let steps = t.legacy_steps();
        let segments: Vec<&str> = buffer
            .strip_prefix('/')
            .unwrap_or(buffer)
            .split('/')
            .collect();
        assert_eq!(steps.len(), segments.len(), "{r:?}");
        let mut kept: Vec<&str> = Vec::new();
        for (i, (step, seg)) in steps.iter().zip(&segments).enumerate() {
            let last = i + 1 == segments.len();
            let rule = match *seg {
                "." if last => LegacyRule::D,
                "." => LegacyRule::C,
                ".." if kept.last().is_some_and(|k| *k != "..") => {
                    kept.pop();
                    if last { LegacyRule::F } else { LegacyRule::E }
                }
                ".." => {
                    kept.push("..");
                    LegacyRule::G
                }
                s => {
                    kept.push(s);
                    LegacyRule::Keep
                }
            };
            assert_eq!(step.rule(), rule, "{r:?}: segment {i} {seg:?}");
            assert!(buffer.ends_with(step.input()), "{r:?}");
        }
        assert_eq!(steps.last().unwrap().output(), t.path(), "{r:?}");
        assert_eq!(t.path(), t.target().path(), "{r:?}");
        traced += 1;
    }
    assert!(traced > 20, "{traced} merged examples traced");
    let t = legacy.trace(BASE, "../../../g").unwrap();
    let rows: Vec<_> = t
        .legacy_steps()
        .iter()
        .map(|s| (s.rule(), s.output()))
        .collect();
    use LegacyRule::*;
    assert_eq!(
        rows,
        [
            (Keep, "/b"),
            (Keep, "/b/c"),
            (E, "/b"),
            (E, ""),
            (G, "/.."),
            (Keep, "/../g")
        ]
    );
}
