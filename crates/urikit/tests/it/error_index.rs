//! Error positions against the grammar itself.
//!
//! The definition (see the docs of `urikit::ParseError`): the index of an
//! error is the length of the longest prefix of the input that is still a
//! prefix of some string the rule matches, that is, the first byte at which
//! no valid value can continue (the input's length when it ended too soon).
//! The oracle computes that length from the ABNF of RFC 3986 Appendix A,
//! read by the small ABNF reader of `common/abnf.rs`, which uses nothing of
//! urikit.
//!
//! urikit reports earlier than that in three documented cases, each encoded
//! below in [`expected`] with its reason:
//!
//! 1. a `%` not followed by two hex digits: at the `%`;
//! 2. an IP literal with no `]` before the end of the authority: at its `[`;
//! 3. an authority with no `@` whose port holds a non-digit: at that byte.

use crate::abnf;
use crate::common;

use std::sync::OnceLock;

use abnf::Grammar;
use proptest::prelude::*;
use urikit::{ErrorKind, ParseError, Rule, Uri, UriRef, validate};

fn grammar() -> &'static Grammar {
    static G: OnceLock<Grammar> = OnceLock::new();
    G.get_or_init(Grammar::rfc3986)
}

/// Which documented exception moved the expected index, if any.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Exception {
    /// A bad triplet is reported at its `%`: the `%` is the byte that
    /// promised two hex digits, and an editor's caret there shows the whole
    /// broken triplet.
    Percent,
    /// An IP literal whose `]` is missing is reported at its `[`: the
    /// parser finds the `]` first and only then reads what is between, and
    /// the byte to blame is the one that opened the literal.
    UnclosedLiteral,
    /// An authority with no `@` is a host and port, so a non-digit after its
    /// first `:` is a bad port at that byte. By the grammar alone the text
    /// could still have been a userinfo, had an `@` come before the
    /// authority's end; the index would then be that end (a `/`, `?`, `#`
    /// or the input's end), which points at nothing wrong.
    PortWithoutAt,
}

/// The error urikit must report for `s` under `rule`: `None` when the
/// grammar matches `s`.
fn expected(rule: &str, s: &[u8]) -> Option<(usize, Option<Exception>)> {
    let g = grammar();
    if g.matches(rule, s) {
        return None;
    }
    let l = g.longest_prefix(rule, s);
    let mut want = (l, None);

    // 1. The valid prefix ends inside a triplet: `%` or `%` HEXDIG. (A `%`
    //    appears in the grammar only as the start of `pct-encoded`.) Not in
    //    the two rules whose whole value is one triplet: there the `%` is
    //    always at 0, and the definition says more.
    let hex = |b: &u8| b.is_ascii_hexdigit();
    let token = matches!(rule, "pct-encoded" | "pchar");
    if !token && l >= 1 && s[l - 1] == b'%' {
        want = (l - 1, Some(Exception::Percent));
    } else if !token && l >= 2 && s[l - 2] == b'%' && hex(&s[l - 1]) {
        want = (l - 2, Some(Exception::Percent));
    }

    // 2. The valid prefix ends inside an IP literal (a `[` with no `]`
    //    after it: `[` appears in the grammar only as the start of
    //    `IP-literal`), and no `]` follows before a byte that cannot be in
    //    a literal and ends the search for it (`/ ? # @ [`, or the end).
    //    Not in the two rules where `[` is a character of its own.
    let bracket_is_char = matches!(rule, "gen-delims" | "reserved");
    if let Some(p) = s[..l].iter().rposition(|&b| b == b'[' && !bracket_is_char) {
        let inside = !s[p..l].contains(&b']');
        let closed = s[p + 1..]
            .iter()
            .find(|b| b"]/?#@[".contains(b))
            .is_some_and(|&b| b == b']');
        if inside && !closed {
            want = (p, Some(Exception::UnclosedLiteral));
        }
    }

    // 3. The authority, when the valid prefix reached into it.
    if let Some(a) = authority_start(rule, s).filter(|&a| a <= l) {
        let end = s[a..]
            .iter()
            .position(|b| b"/?#".contains(b))
            .map_or(s.len(), |e| a + e);
        let auth = &s[a..end];
        if !auth.contains(&b'@')
            && auth.first() != Some(&b'[')
            && let Some(c) = auth.iter().position(|&b| b == b':')
        {
            let q = a
                + c
                + 1
                + auth[c + 1..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
            if q < end && q <= want.0 {
                want = (q, Some(Exception::PortWithoutAt));
            }
        }
    }
    Some(want)
}

/// Where the authority starts, for a rule with one: at 0 for `authority`,
/// after a leading `//` (`hier-part`, `relative-part` and relative
/// references) or after `scheme "://"` (URIs).
fn authority_start(rule: &str, s: &[u8]) -> Option<usize> {
    let (slashes, scheme) = match rule {
        "authority" => return Some(0),
        "hier-part" | "relative-part" | "relative-ref" => (true, false),
        "URI-reference" => (true, true),
        "URI" | "absolute-URI" => (false, true),
        _ => return None,
    };
    if slashes && s.starts_with(b"//") {
        return Some(2);
    }
    if !scheme {
        return None;
    }
    let c = s.iter().position(|&b| b == b':')?;
    let scheme = c > 0
        && s[0].is_ascii_alphabetic()
        && s[1..c]
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(b));
    (scheme && s[c + 1..].starts_with(b"//")).then_some(c + 3)
}

fn parse(rule: Rule, s: &str) -> Result<(), ParseError> {
    match rule {
        Rule::UriReference => UriRef::parse(s).map(drop),
        Rule::Uri => Uri::parse(s).map(drop),
        Rule::AbsoluteUri => Uri::parse_absolute(s).map(drop),
        Rule::RelativeRef => UriRef::parse_relative(s).map(drop),
        _ => validate(rule, s),
    }
}

/// The kind each exception reports.
fn kind_fits(e: Exception, k: ErrorKind) -> bool {
    match e {
        Exception::Percent => matches!(k, ErrorKind::InvalidPercentEncoding(_)),
        Exception::UnclosedLiteral => k == ErrorKind::UnclosedIpLiteral,
        Exception::PortWithoutAt => k == ErrorKind::InvalidPort,
    }
}

/// Checks `s` against `rules`: a message per mismatch. The top-level rules
/// go through their parsers as well as `validate`.
fn check(rules: &[Rule], s: &str) -> Vec<String> {
    let mut out = Vec::new();
    for &rule in rules {
        let name = rule.name();
        let got = validate(rule, s);
        if TOP_RULES.contains(&rule) && parse(rule, s) != got {
            out.push(format!("{name} {s:?}: the parser and validate disagree"));
        }
        match (expected(name, s.as_bytes()), got) {
            (None, Ok(())) => {}
            (None, Err(e)) => out.push(format!("{name} {s:?}: grammar matches, urikit says {e}")),
            (Some((i, _)), Ok(())) => out.push(format!(
                "{name} {s:?}: urikit accepts, grammar fails at {i}"
            )),
            (Some((i, why)), Err(e)) => {
                if e.index() != i || why.is_some_and(|w| !kind_fits(w, e.kind())) {
                    out.push(format!("{name} {s:?}: want {i} ({why:?}), urikit says {e}"));
                }
            }
        }
    }
    out
}

const TOP_RULES: &[Rule] = &[
    Rule::UriReference,
    Rule::Uri,
    Rule::AbsoluteUri,
    Rule::RelativeRef,
];

#[test]
fn the_oracle_reads_the_grammar() {
    let g = grammar();
    // Spot checks of the reader against the RFC's own examples (1.1.2).
    for ok in [
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "http://www.ietf.org/rfc/rfc2396.txt",
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        "mailto:John.Doe@example.com",
        "news:comp.infosystems.www.servers.unix",
        "tel:+1-816-555-1212",
        "telnet://192.0.2.16:80/",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    ] {
        assert!(g.matches("URI", ok.as_bytes()), "{ok}");
    }
    assert!(g.matches("IPv6address", b"::ffff:1.2.3.4"));
    assert!(g.matches("dec-octet", b"255") && !g.matches("dec-octet", b"256"));
    assert!(g.matches("relative-ref", b"") && !g.matches("URI", b""));
    assert!(!g.matches("relative-ref", b"a:b"));
    // Prefixes.
    assert_eq!(g.longest_prefix("URI-reference", b"//a@:(@"), 5);
    assert_eq!(g.longest_prefix("URI-reference", b"//[::1"), 6);
    assert_eq!(g.longest_prefix("URI", b"http"), 4);
    assert_eq!(g.longest_prefix("URI", b"/x"), 0);
    assert_eq!(g.longest_prefix("IPv6address", b"1:2:3:4:5:6:7:8:9"), 15);
    assert_eq!(g.longest_prefix("IPv6address", b"::1234.1"), 6);
}

/// The oracle agrees with the hand-worked verdicts of every vector file
/// (each is named for its ABNF rule): a second, independent check of the
/// reader, and of the files.
#[test]
fn the_oracle_agrees_with_the_vector_files() {
    let g = grammar();
    let mut bad = Vec::new();
    let mut n = 0;
    for &rule in Rule::ALL {
        for v in common::vectors(&format!("vectors/{}.txt", rule.name())) {
            let (ok, input) = match v.as_slice() {
                [k, input] | [k, input, _] if k == "ok" => (true, input),
                [k, _, _, input] if k == "err" => (false, input),
                _ => panic!("{}: {v:?}", rule.name()),
            };
            // Escaped lines are non-ASCII or control bytes: the grammar has
            // none of them, so they are errors, and other tests cover them.
            if input.contains('\\') {
                continue;
            }
            n += 1;
            if g.matches(rule.name(), input.as_bytes()) != ok {
                bad.push(format!("{} {input:?}: file says ok={ok}", rule.name()));
            }
        }
    }
    assert!(bad.is_empty(), "{} of {n}:\n{}", bad.len(), bad.join("\n"));
}

/// The error vectors of every file have the index the definition and its
/// exceptions give.
#[test]
fn error_vectors_follow_the_definition() {
    let mut bad = Vec::new();
    for &rule in Rule::ALL {
        let name = rule.name();
        for v in common::vectors(&format!("vectors/{name}.txt")) {
            let [k, index, _, input] = v.as_slice() else {
                continue;
            };
            if k != "err" || input.contains('\\') {
                continue;
            }
            let want = expected(name, input.as_bytes()).map(|w| w.0);
            if want != Some(index.parse().unwrap()) {
                bad.push(format!(
                    "{name} {input:?}: file {index}, definition {want:?}"
                ));
            }
        }
    }
    assert!(bad.is_empty(), "\n{}", bad.join("\n"));
}

/// The cases that an independent oracle found (issue 11): a bad port and a
/// later `@` reported the `@` or a later byte.
#[test]
fn bad_port_before_a_later_at() {
    for (s, i) in [("//a@:(@", 5), ("//@:x@", 4), ("//a@::1]", 5)] {
        assert_eq!(
            expected("URI-reference", s.as_bytes()),
            Some((i, None)),
            "{s}"
        );
        let e = UriRef::parse(s).unwrap_err();
        assert_eq!((e.index(), e.kind()), (i, ErrorKind::InvalidPort), "{s}");
    }
}

/// Each exception, on an input where it is the only thing at work.
#[test]
fn each_exception_holds() {
    use Exception::*;
    for (s, grammar_says, urikit_says, why) in [
        ("/a%4g", 4, 2, Percent),
        ("?%", 2, 1, Percent),
        ("//[::1", 6, 2, UnclosedLiteral),
        ("//[v1.x/", 7, 2, UnclosedLiteral),
        ("//h:8o/", 6, 5, PortWithoutAt),
        ("//h:x", 5, 4, PortWithoutAt),
    ] {
        let g = grammar();
        assert_eq!(
            g.longest_prefix("URI-reference", s.as_bytes()),
            grammar_says,
            "{s}"
        );
        assert_eq!(
            expected("URI-reference", s.as_bytes()),
            Some((urikit_says, Some(why)))
        );
        let e = UriRef::parse(s).unwrap_err();
        assert_eq!(e.index(), urikit_says, "{s}");
        assert!(kind_fits(why, e.kind()), "{s}: {e}");
    }
}

/// Bytes for generated inputs: the delimiters, the bytes of triplets, IP
/// literals and ports, and a few that no component allows.
const ALPHABET: &[u8] = b"%[]:@/?#0123456789abcdefABCDEFv. (xg-";

/// Pieces that make deeper structure likely (and one non-ASCII character:
/// the grammar has none, so its first byte is where a valid value stops).
const PIECES: &[&str] = &[
    "//", "@", ":", "::", "[", "]", "%", "%4", "%4a", "/", "?", "#", "0", "1", "8", "a", "F", "v",
    "v1.", ".", " ", "(", "1.2.3.4", "255", "256", "ffff", "12345", "s:", "http:", "x", "g",
    "[::1]", "é",
];

fn from_bytes() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(ALPHABET), 0..16)
        .prop_map(|v| String::from_utf8(v).unwrap())
}

fn from_pieces() -> impl Strategy<Value = String> {
    (
        prop::sample::select(&["", "//", "s://", "s:", "/"][..]),
        prop::collection::vec(prop::sample::select(PIECES), 0..8),
    )
        .prop_map(|(head, v)| format!("{head}{}", v.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The top-level rules, on inputs built to reach every component.
    #[test]
    fn error_index_is_the_longest_valid_prefix(s in prop_oneof![from_bytes(), from_pieces()]) {
        let bad = check(TOP_RULES, &s);
        prop_assert!(bad.is_empty(), "{}", bad.join("\n"));
    }

    /// Every rule `validate` knows, on inputs from the alphabet.
    #[test]
    fn every_rule_follows_the_definition(s in from_bytes()) {
        let bad = check(Rule::ALL, &s);
        prop_assert!(bad.is_empty(), "{}", bad.join("\n"));
    }
}

/// Every string of up to three bytes over a small alphabet, for every rule;
/// of up to four for the top-level rules, alone and after each of the
/// openings that lead into the authority.
#[test]
fn short_strings_exhaustively() {
    const A: &[u8] = b"%[]:@/1av.";
    let mut bad = Vec::new();
    let mut buf = Vec::new();
    for (head, rules, max) in [
        ("", Rule::ALL, 3),
        ("", TOP_RULES, 4),
        ("//", TOP_RULES, 4),
        ("s://", TOP_RULES, 4),
        ("//u@", TOP_RULES, 4),
    ] {
        for len in 0..=max {
            for mut k in 0..(A.len() as u64).pow(len) {
                buf.clear();
                buf.extend_from_slice(head.as_bytes());
                for _ in 0..len {
                    buf.push(A[(k % A.len() as u64) as usize]);
                    k /= A.len() as u64;
                }
                bad.extend(check(rules, std::str::from_utf8(&buf).unwrap()));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} failures:\n{}",
        bad.len(),
        bad[..bad.len().min(40)].join("\n")
    );
}
