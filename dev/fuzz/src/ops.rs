//! Checks for the entry points beyond parsing: resolution, make-relative,
//! normalization, percent-encoding, the builder, extraction and lint. Each
//! panics on a violated property.

use urikit::build::Builder;
use urikit::compare::{Comparison, Level};
use urikit::normalize::Normalizer;
use urikit::{Resolver, Uri, UriRef, percent, security, text};

use crate::oracle;

/// Two inputs from one: split at the first newline (never part of a valid
/// URI, so no valid pair is lost).
pub fn two(data: &[u8]) -> Option<(&str, &str)> {
    let s = std::str::from_utf8(data).ok()?;
    s.split_once('\n')
}

/// Resolution: the target is a valid URI whose components are the ones the
/// algorithm produced, and it equals the oracle (except the documented
/// `/.` written before a path that starts with `//` without an authority);
/// the other modes never fail on valid input.
pub fn check_resolve(base: &str, reference: &str) {
    let (Ok(b), Ok(r)) = (Uri::parse(base), UriRef::parse(reference)) else {
        return;
    };
    let t = b.resolve(r).expect("resolution of valid input succeeds");
    let reparsed = Uri::parse(t.as_str()).expect("the target is a URI");
    assert_eq!(reparsed.components(), t.as_uri().components());
    // The shared oracle: the 5.2 pseudocode as the RFC writes it, plus the
    // documented "/." before a path that starts with "//" without authority.
    let expected = oracle::expected_text(&oracle::naive_resolve(base, reference, true));
    assert_eq!(t.as_str(), expected, "resolve({base:?}, {reference:?})");
    let non_strict = Resolver::new()
        .non_strict(true)
        .resolve(b, r)
        .expect("resolves");
    let expected = oracle::expected_text(&oracle::naive_resolve(base, reference, false));
    assert_eq!(
        non_strict.as_str(),
        expected,
        "non-strict resolve({base:?}, {reference:?})"
    );
    for resolver in [
        Resolver::new().non_strict(true),
        Resolver::new().rfc2396(true),
        Resolver::new().non_strict(true).rfc2396(true),
    ] {
        let t = resolver.resolve(b, r).expect("valid input resolves");
        assert!(Uri::parse(t.as_str()).is_ok(), "{t}");
    }
    // The step-by-step record (the inspector's) gives the same target, and
    // its last step's output is the target's path (but for the "/." rule).
    for resolver in [
        Resolver::new(),
        Resolver::new().non_strict(true),
        Resolver::new().rfc2396(true),
    ] {
        let tr = resolver.trace(b, r).expect("valid input traces");
        assert_eq!(tr.target(), &resolver.resolve(b, r).expect("resolves"));
        if let Some(last) = tr.steps().last() {
            assert_eq!(last.output(), tr.path(), "trace({base:?}, {reference:?})");
            assert_eq!(last.input(), "");
        }
        if let Some(last) = tr.legacy_steps().last() {
            assert_eq!(
                last.output(),
                tr.path(),
                "rfc2396 trace({base:?}, {reference:?})"
            );
        }
        let p = tr.target().path();
        assert!(p == tr.path() || p.strip_prefix("/.") == Some(tr.path()));
    }
    let same = Resolver::new()
        .is_same_document(b, r)
        .expect("parsed inputs");
    let strip = |s: &str| s.split('#').next().unwrap_or("").to_string();
    assert_eq!(same, strip(t.as_str()) == strip(b.as_str()));
}

/// Make-relative: resolving the answer against the base gives the target
/// back, byte for byte; a target reached by resolution always has one.
pub fn check_make_relative(base: &str, second: &str) {
    let Ok(b) = Uri::parse(base) else { return };
    let mut targets = Vec::new();
    if let Ok(t) = Uri::parse(second) {
        targets.push((t.as_str().to_string(), false));
    }
    if let Ok(r) = UriRef::parse(second)
        && let Ok(t) = b.resolve(r)
    {
        targets.push((t.as_str().to_string(), true));
    }
    for (t, reachable) in targets {
        let target = Uri::parse(&t).expect("a URI");
        match b.make_relative(target) {
            Ok(rel) => {
                let back = b
                    .resolve(rel.as_uri_ref())
                    .expect("the relative reference resolves");
                assert_eq!(back.as_str(), t, "make_relative({base:?}, {t:?}) = {rel}");
                assert!(rel.len() <= t.len(), "{rel} longer than {t}");
            }
            Err(e) => assert!(!reachable, "resolved target {t:?} has no reference: {e}"),
        }
    }
}

/// Normalization: valid output, idempotent, `is_normalized` agrees, the
/// borrowed form comes back exactly for normal input, and the input is
/// equivalent to its normal form at the syntax level.
pub fn check_normalize(s: &str) {
    let Ok(r) = UriRef::parse(s) else { return };
    for n in [
        Normalizer::new(Level::Syntax),
        Normalizer::new(Level::Scheme),
        Normalizer::new(Level::Scheme).ipv6_canonical(true),
    ] {
        let out = r.normalize_with(&n);
        // The text entry point gives the parsed value's answer.
        assert_eq!(n.normalize(s).expect("parsed").as_str(), out.as_str());
        let reparsed = UriRef::parse(out.as_str()).expect("normal form is valid");
        assert_eq!(reparsed.is_relative(), r.is_relative());
        assert_eq!(
            reparsed.normalize_with(&n).as_str(),
            out.as_str(),
            "idempotent: {s:?}"
        );
        assert!(
            n.is_normalized(reparsed).expect("parsed"),
            "{out} is normal"
        );
        assert_eq!(
            n.is_normalized(r).expect("parsed"),
            out.as_str() == s,
            "is_normalized({s:?})"
        );
        assert_eq!(out.is_borrowed(), out.as_str() == s);
        // The ladder (the inspector's) tops out at the normal form, and
        // every rung is a valid reference of the same kind.
        let ladder = n.ladder(s).expect("parsed");
        assert_eq!(ladder.result().as_str(), out.as_str(), "ladder({s:?})");
        for (rung, text) in ladder.iter() {
            let t = UriRef::parse(text.as_str()).expect("each rung is valid");
            assert_eq!(t.components(), text.as_uri_ref().components(), "{rung}");
        }
    }
    let normal = r.normalize();
    let normal = UriRef::parse(normal.as_str()).expect("valid");
    assert!(
        Comparison::new(Level::Syntax)
            .equivalent(r, normal)
            .expect("parsed"),
        "{s:?}"
    );
}

/// Percent-encoding: decoding the encoding of any bytes gives them back, for
/// every set, and the encoded text matches the set's rule; decoding any
/// text never panics.
pub fn check_percent(data: &[u8]) {
    use urikit::{Rule, validate};
    for (set, rule) in [
        (&percent::USERINFO, Rule::Userinfo),
        (&percent::REG_NAME, Rule::RegName),
        (&percent::PATH_SEGMENT, Rule::Segment),
        (&percent::PATH, Rule::Path),
        (&percent::QUERY, Rule::Query),
        (&percent::FRAGMENT, Rule::Fragment),
        (&percent::UNRESERVED, Rule::Segment),
    ] {
        let encoded = percent::encode(data, set).to_string();
        assert!(
            validate(rule, &encoded).is_ok(),
            "{encoded:?} is not {rule}"
        );
        assert_eq!(percent::decode(&encoded).to_bytes().as_ref(), data);
        // Hex digits are uppercase (2.1).
        let b = encoded.as_bytes();
        for (i, _) in encoded.match_indices('%') {
            assert!(
                b[i + 1..i + 3].iter().all(|c| !c.is_ascii_lowercase()),
                "{encoded:?}"
            );
        }
    }
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = percent::decode(s).to_bytes();
        let _ = percent::decode_form(s).to_str_lossy();
    }
}

/// The builder: from arbitrary parts (fields split at NUL), whatever it
/// accepts parses back to exactly those parts, decoded.
pub fn check_builder(data: &[u8]) {
    let fields: Vec<&[u8]> = data.split(|&b| b == 0).collect();
    let field = |i: usize| fields.get(i).copied();
    let text = |i: usize| field(i).and_then(|f| std::str::from_utf8(f).ok());
    let mut b = Builder::new();
    if let Some(s) = text(0).filter(|s| !s.is_empty()) {
        b = b.scheme(s);
    }
    let host = field(2);
    if let Some(u) = field(1).filter(|u| !u.is_empty() && host.is_some()) {
        b = b.userinfo(u);
    }
    if let Some(h) = host {
        b = b.host(h);
    }
    let port = field(3).and_then(|p| (p.len() == 2).then(|| u16::from_be_bytes([p[0], p[1]])));
    if let (Some(p), Some(_)) = (port, host) {
        b = b.port(p);
    }
    let path = field(4).unwrap_or(b"");
    b = b.path(path).dot_before_double_slash(true);
    if let Some(q) = field(5) {
        b = b.query(q);
    }
    if let Some(f) = field(6) {
        b = b.fragment(f);
    }
    let Ok(built) = b.build() else { return };
    let r = UriRef::parse(built.as_str()).expect("the builder's output parses");
    let dec = |s: Option<&str>| s.map(|s| percent::decode(s).to_bytes().into_owned());
    if let Some(s) = text(0).filter(|s| !s.is_empty()) {
        assert_eq!(r.scheme(), Some(s));
    }
    if let Some(h) = host {
        // A host the builder took as raw data comes back decoded.
        let got = dec(r.host_str()).unwrap_or_default();
        assert!(
            got == h
                || got.eq_ignore_ascii_case(h)
                || r.host_str().is_some_and(|x| x.starts_with('[')),
            "host {h:?} came back as {:?}",
            r.host_str()
        );
    }
    if let (Some(p), Some(_)) = (port, host) {
        assert_eq!(r.port_u16(), Ok(Some(p)));
    }
    let got_path = dec(Some(r.path())).unwrap_or_default();
    let expected_path: &[u8] = path;
    // The builder may write "/." before a path that starts with "//", and
    // "./" before a relative path whose first segment holds a ":".
    assert!(
        got_path == expected_path
            || got_path
                .strip_prefix(b"/.")
                .is_some_and(|p| p == expected_path)
            || got_path
                .strip_prefix(b"./")
                .is_some_and(|p| p == expected_path)
            || (expected_path.is_empty() && got_path == b"/"),
        "path {expected_path:?} came back as {:?}",
        r.path()
    );
    if let Some(q) = field(5) {
        assert_eq!(dec(r.query()).as_deref(), Some(q));
    }
    if let Some(f) = field(6) {
        assert_eq!(dec(r.fragment()).as_deref(), Some(f));
    }
}

/// Extraction and lint never panic; every span is within the text and on
/// character boundaries; every extracted absolute URI parses; the streaming
/// reader finds what the in-memory extractor finds.
pub fn check_extract_lint(data: &[u8]) {
    let text_lossy = String::from_utf8_lossy(data);
    let s: &str = &text_lossy;
    let mut found = Vec::new();
    for m in text::extract(s) {
        assert!(m.start() <= m.end() && m.end() <= s.len());
        assert!(s.is_char_boundary(m.start()) && s.is_char_boundary(m.end()));
        let u = UriRef::parse(m.as_str()).expect("an extracted URI parses");
        assert!(
            !u.is_relative(),
            "default extraction is absolute only: {:?}",
            m.as_str()
        );
        found.push((m.span(), m.as_str().to_string()));
        for f in security::lint(u).expect("parsed") {
            assert!(f.start() <= f.end() && f.end() <= m.as_str().len(), "{f:?}");
        }
    }
    for m in text::ExtractOptions::default().relative(true).extract(s) {
        assert!(m.end() <= s.len() && s.is_char_boundary(m.start()));
    }
    let streamed: Vec<_> = text::ExtractOptions::default()
        .extract_reader(s.as_bytes())
        .map(|m| {
            let m = m.expect("reading from memory does not fail");
            (m.span(), m.as_str().to_string())
        })
        .collect();
    assert_eq!(streamed, found);
    if let Ok(line) = std::str::from_utf8(data)
        && let Ok(findings) = security::lint(line)
    {
        for f in findings {
            assert!(f.end() <= line.len() && line.is_char_boundary(f.start()));
            let _ = f.to_string();
        }
        let _ = security::mask_credentials(line)
            .expect("linted")
            .to_string();
    }
}
