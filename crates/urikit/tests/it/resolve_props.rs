//! Property tests for resolution, make-relative and remove_dot_segments,
//! against naive transcriptions of the RFC text kept here as oracles.

use proptest::prelude::*;
use urikit::{Resolver, Uri, UriBuf, UriRef};

use crate::oracle;
use oracle::*;

// ---------------------------------------------------------------------------
// Generators: small vocabularies, so that interesting collisions happen.

const SEGMENTS: &[&str] = &[
    "a", "b", "", ".", "..", "%2E", "%2e%2E", ".a", "a.", "..b", "c:d", "g;x=1", "~",
];

fn path(rooted: bool) -> impl Strategy<Value = String> {
    (
        prop::collection::vec(prop::sample::select(SEGMENTS), 0..6),
        any::<bool>(),
    )
        .prop_map(move |(segs, abs)| {
            let p = segs.join("/");
            if (abs || rooted) && !segs.is_empty() {
                format!("/{p}")
            } else {
                p
            }
        })
}

fn opt(values: &'static [&'static str]) -> impl Strategy<Value = Option<&'static str>> {
    prop::option::of(prop::sample::select(values))
}

/// A URI reference text (perhaps invalid: callers skip those).
fn reference(schemes: &'static [&'static str]) -> impl Strategy<Value = String> {
    (
        opt(schemes),
        opt(&["a", "", "u@h:8", "[::1]", "b"]),
        path(false),
        path(true),
        opt(&["q", "", "x=1/./y", "?"]),
        opt(&["f", "", "s/../x"]),
    )
        .prop_map(|(s, a, p, rooted, q, f)| {
            let mut out = String::new();
            if let Some(s) = s {
                out += s;
                out += ":";
            }
            if let Some(a) = a {
                out += "//";
                out += a;
                out += &rooted;
            } else {
                out += &p;
            }
            if let Some(q) = q {
                out += "?";
                out += q;
            }
            if let Some(f) = f {
                out += "#";
                out += f;
            }
            out
        })
}

fn base() -> impl Strategy<Value = String> {
    reference(&["http", "s", "HTTP"]).prop_filter("a URI", |s| Uri::parse(s).is_ok())
}

fn valid_ref() -> impl Strategy<Value = String> {
    reference(&["http", "t", "HTTP"]).prop_filter("a URI reference", |s| UriRef::parse(s).is_ok())
}

/// Path-heavy references without a scheme or authority.
fn relative_ref() -> impl Strategy<Value = String> {
    (path(false), opt(&["q", ""]), opt(&["f"]))
        .prop_map(|(p, q, f)| {
            let mut out = p;
            if let Some(q) = q {
                out = format!("{out}?{q}");
            }
            if let Some(f) = f {
                out = format!("{out}#{f}");
            }
            out
        })
        .prop_filter("a URI reference", |s| UriRef::parse(s).is_ok())
}

fn any_ref() -> impl Strategy<Value = String> {
    prop_oneof![valid_ref(), relative_ref()]
}

fn resolve(res: Resolver, b: &str, r: &str) -> UriBuf {
    res.resolve(Uri::parse(b).unwrap(), UriRef::parse(r).unwrap())
        .unwrap_or_else(|e| panic!("{b} + {r}: {e}"))
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 4000,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    /// The result parses as a URI, to the components the value reports.
    #[test]
    fn result_is_a_uri(b in base(), r in any_ref(), non_strict: bool, legacy: bool) {
        let res = Resolver::new().non_strict(non_strict).rfc2396(legacy);
        let t = resolve(res, &b, &r);
        let again = Uri::parse(t.as_str()).unwrap();
        prop_assert_eq!(again.components(), t.components());
        prop_assert_eq!(again.host_kind(), t.host_kind());
        prop_assert_eq!(again.host_str(), t.host_str());
        prop_assert_eq!(again.port(), t.port());
        // resolve_into writes the same text.
        let mut out = String::from("prefix ");
        res.resolve_into(Uri::parse(&b).unwrap(), UriRef::parse(&r).unwrap(), &mut out).unwrap();
        prop_assert_eq!(&out["prefix ".len()..], t.as_str());
    }

    /// Resolution agrees with the naive 5.2 transcription, but for the
    /// documented `/.` rule.
    #[test]
    fn agrees_with_naive_5_2(b in base(), r in any_ref(), non_strict: bool) {
        let t = resolve(Resolver::new().non_strict(non_strict), &b, &r);
        let naive = naive_resolve(&b, &r, !non_strict);
        prop_assert_eq!(t.as_str(), expected_text(&naive));
    }

    /// Legacy mode agrees with a literal reading of RFC 2396 5.2.
    #[test]
    fn legacy_agrees_with_naive_2396(b in base(), r in any_ref(), non_strict: bool) {
        let t = resolve(Resolver::new().rfc2396(true).non_strict(non_strict), &b, &r);
        prop_assert_eq!(t.as_str(), expected_text(&naive_resolve_2396(&b, &r, !non_strict)));
    }

    /// Resolving make_relative(base, t) against the base gives t, for
    /// targets that come from resolution.
    #[test]
    fn relative_round_trips_resolved(b in base(), r in any_ref()) {
        let base = Uri::parse(&b).unwrap();
        let t = resolve(Resolver::new(), &b, &r);
        let rel = base.make_relative(t.as_uri()).unwrap();
        let back = base.resolve(rel.as_uri_ref()).unwrap();
        prop_assert_eq!(back.as_str(), t.as_str(), "relative {}", rel);
        prop_assert!(rel.len() <= t.len());
    }

    /// The same for arbitrary targets: either the round trip holds, or the
    /// target is unreachable for the documented reason.
    #[test]
    fn relative_round_trips_any(b in base(), t in base()) {
        let base = Uri::parse(&b).unwrap();
        let target = Uri::parse(&t).unwrap();
        match base.make_relative(target) {
            Ok(rel) => {
                let back = base.resolve(rel.as_uri_ref()).unwrap();
                prop_assert_eq!(back.as_str(), t.as_str(), "relative {}", rel);
            }
            Err(e) => {
                prop_assert_eq!(e.kind(), urikit::ResolveErrorKind::Unreachable);
                let dots = target.path().split('/').any(|s| s == "." || s == "..");
                prop_assert!(dots, "{}", t);
                // Not the base's own path with the base's query.
                let same_doc = target.scheme() == base.scheme()
                    && target.authority() == base.authority()
                    && target.path() == base.path()
                    && (target.query().is_some() || target.query() == base.query());
                prop_assert!(!same_doc);
            }
        }
    }

    /// remove_dot_segments agrees with the naive two-buffer algorithm, is
    /// idempotent, and leaves no complete dot segment.
    #[test]
    fn remove_dot_segments_props(p in path(false)) {
        let once = urikit::remove_dot_segments(&p);
        prop_assert_eq!(&once, &naive_remove_dot_segments(&p));
        prop_assert_eq!(urikit::remove_dot_segments(&once), once.clone());
        prop_assert!(!once.split('/').any(|s| s == "." || s == ".."), "{}", once);
        prop_assert!(once.len() <= p.len());
        let mut into = String::from("x");
        urikit::remove_dot_segments_into(&p, &mut into);
        prop_assert_eq!(&into[1..], once.as_str());
    }

    /// merge agrees with the naive 5.2.3.
    #[test]
    fn merge_agrees(b in base(), p in path(false)) {
        let merged = urikit::merge(&Uri::parse(&b).unwrap(), &p);
        prop_assert_eq!(merged, naive_merge(&parse(&b), &p));
    }

    /// The same-document check is 4.4's definition applied to the naive
    /// resolution.
    #[test]
    fn same_document_agrees(b in base(), r in any_ref(), non_strict: bool, legacy: bool) {
        let res = Resolver::new().non_strict(non_strict).rfc2396(legacy);
        let base = Uri::parse(&b).unwrap();
        let got = res.is_same_document(base, UriRef::parse(&r).unwrap()).unwrap();
        let mut t = if legacy {
            naive_resolve_2396(&b, &r, !non_strict)
        } else {
            naive_resolve(&b, &r, !non_strict)
        };
        t.fragment = None;
        let t = expected_text(&t);
        let base_text = b.split('#').next().unwrap();
        prop_assert_eq!(got, t == base_text, "{} + {} = {}", b, r, t);
    }
}

// ---------------------------------------------------------------------------
// Dot segments: the rooted one-pass path (a merge with a rooted base path,
// or a rooted reference path) and its fallbacks, against the naive 5.2.

/// Segments that are, almost are, or spell dot segments.
const DOT_SEGMENTS: &[&str] = &[
    ".",
    "..",
    ".",
    "..",
    "...",
    ".a",
    "..a",
    "a.",
    "a..",
    "%2E",
    "%2E%2E",
    ".%2E",
    "",
    "a",
    "bc",
    "long-segment-name",
    "x:y",
];

fn dot_path() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(DOT_SEGMENTS), 0..10).prop_map(|s| s.join("/"))
}

/// Bases whose path is rooted (with or without an authority, perhaps with
/// dot segments of its own), empty, or rootless.
fn dot_base() -> impl Strategy<Value = String> {
    (
        prop::sample::select(&["http://h", "s:", "s://", "http://u@h:1", "f:"][..]),
        prop_oneof![
            3 => dot_path().prop_map(|p| format!("/{p}")),
            1 => Just(String::new()),
            1 => dot_path().prop_map(|p| format!("r{p}")),
        ],
        opt(&["q", ""]),
        opt(&["f"]),
    )
        .prop_map(|(head, p, q, f)| {
            let mut s = format!("{head}{p}");
            if let Some(q) = q {
                s = format!("{s}?{q}");
            }
            if let Some(f) = f {
                s = format!("{s}#{f}");
            }
            s
        })
        .prop_filter("a URI", |s| Uri::parse(s).is_ok())
}

/// References: leading `../` and `./` runs (past the root too), then dot
/// paths; relative, rooted, with an authority or with a scheme.
fn dot_ref() -> impl Strategy<Value = String> {
    (
        prop::sample::select(
            &[
                "", "", "", "/", "//h", "//h/", "t:", "t:/", "http:", "http:/",
            ][..],
        ),
        prop::collection::vec(prop::sample::select(&["../", "./", "..", "."][..]), 0..6),
        dot_path(),
        opt(&["y", "a/../b", ""]),
        opt(&["s", "../x"]),
    )
        .prop_map(|(head, lead, p, q, f)| {
            let mut s = format!("{head}{}{p}", lead.concat());
            if let Some(q) = q {
                s = format!("{s}?{q}");
            }
            if let Some(f) = f {
                s = format!("{s}#{f}");
            }
            s
        })
        .prop_filter("a URI reference", |s| UriRef::parse(s).is_ok())
}

proptest! {
    #![proptest_config(config())]

    /// Dot-heavy resolution agrees with the naive 5.2, strict and
    /// non-strict; resolve_into writes the same; the result reparses to
    /// the same components (the offsets are checked against a parse in
    /// debug builds too).
    #[test]
    fn dot_segments_agree_with_naive(b in dot_base(), r in dot_ref(), non_strict: bool) {
        let res = Resolver::new().non_strict(non_strict);
        let (base, reference) = (Uri::parse(&b).unwrap(), UriRef::parse(&r).unwrap());
        let t = res.resolve(base, reference).unwrap();
        prop_assert_eq!(t.as_str(), expected_text(&naive_resolve(&b, &r, !non_strict)));
        let again = Uri::parse(t.as_str()).unwrap();
        prop_assert_eq!(again.components(), t.components());
        let mut out = String::from("x");
        res.resolve_into(base, reference, &mut out).unwrap();
        prop_assert_eq!(&out[1..], t.as_str());
    }
}

/// Dot segments through each entry of the one-pass path and its fallbacks.
#[test]
fn dot_segment_cases() {
    let cases = [
        // The criterion case: leading ".." past part of the base, then more.
        (
            "http://example.com/foo/bar/baz/quz",
            "../../../qux/./quux/../corge",
            "http://example.com/qux/corge",
        ),
        // Leading "../" beyond the root.
        ("http://a/b/c", "../../../../g/./h/..", "http://a/g/"),
        ("http://a", "../x/../y", "http://a/y"),
        ("http://a", "./.././", "http://a/"),
        // Trailing "/.." and "/." leave a "/".
        ("http://a/b/c/d", "./e/..", "http://a/b/c/"),
        ("http://a/b/c/d", "../e/.", "http://a/b/e/"),
        ("http://a/b/c/d", "../e/f/../..", "http://a/b/"),
        // Not dot segments: "%2E", "..a", ".a", "...".
        (
            "http://a/b/c",
            "../%2E/x/%2E%2E/y",
            "http://a/%2E/x/%2E%2E/y",
        ),
        ("http://a/b/c", "./..a/.a/.../../z", "http://a/b/..a/.a/z"),
        // Empty segments.
        ("http://a/b/c", "..//x/../y", "http://a//y"),
        ("http://a/b//c", "./x/..//./y", "http://a/b///y"),
        // Without an authority, "//" at the start takes "/.".
        ("f:/a", "./x/..//g", "f:/.//g"),
        ("f:/a/b", "../../x/..//g/.", "f:/.//g/"),
        ("f:/a", "/x/../..//g", "f:/.//g"),
        // A base path with dot segments of its own.
        ("http://a/b/../c/d", "../e/./f", "http://a/e/f"),
        ("http://a/b/c/..", "./x/../y", "http://a/b/c/y"),
        // Rootless and empty base paths (steps A and D).
        ("s:a/b", "../c/./d/..", "s:/c/"),
        ("s:", "./x/../y", "s:/y"),
        // Absolute-path, network-path and absolute references.
        ("http://a/b", "/./x/../y/..", "http://a/"),
        ("http://a/b", "//h/x/./../y?q#f", "http://h/y?q#f"),
        ("http://a/b", "t:/x/../../y", "t:/y"),
        ("http://a/b", "t:x/../y", "t:/y"),
        // Query and fragment after a path with dots.
        (
            "http://a/b/c?bq#bf",
            "../x/./y/..?q/../#f/./",
            "http://a/x/?q/../#f/./",
        ),
    ];
    for (b, r, want) in cases {
        for non_strict in [false, true] {
            let t = resolve(Resolver::new().non_strict(non_strict), b, r);
            assert_eq!(t.as_str(), want, "{b} + {r}");
            assert_eq!(
                want,
                expected_text(&naive_resolve(b, r, !non_strict)),
                "{b} + {r}"
            );
        }
    }
}
