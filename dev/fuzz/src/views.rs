//! The `views` target: every parser's view of one string
//! (`urikit_views::views`: all seventeen, the fuzz crate turning on the
//! `whatwg` and `curl` features beside the default `readings`, `idna` and
//! `http`): no panic (libcurl's FFI included), and the findings keep their
//! rules.

use urikit_views::{View, views};

/// Panics when a rule of the findings fails for `data` (UTF-8 only: every
/// parser reads text).
pub fn check_views_bytes(data: &[u8]) {
    if let Ok(s) = std::str::from_utf8(data) {
        check_views(s);
    }
}

/// The rules, for one string:
/// - no finding about the host when every parser that read the string
///   gives a byte-equal host (or none gives one);
/// - no finding at all when every parser rejects it, or every one gives the
///   same view;
/// - each finding names two parsers or more, with a value for each.
pub fn check_views(s: &str) {
    let v = views(s);
    let oks: Vec<&View<'_>> = v.views.iter().filter_map(|(_, r)| r.as_ref().ok()).collect();
    if oks.windows(2).all(|w| w[0].host == w[1].host) {
        assert!(
            !v.findings.iter().any(|f| f.component == "host"),
            "a host finding with byte-equal hosts for {s:?}: {:?}",
            v.findings
        );
    }
    if oks.is_empty() || (oks.len() == v.views.len() && oks.windows(2).all(|w| w[0] == w[1])) {
        assert!(v.findings.is_empty(), "findings for {s:?}: {:?}", v.findings);
    }
    for f in &v.findings {
        assert!(f.parsers.len() >= 2, "{s:?}: {f:?}");
        assert_eq!(f.parsers.len(), f.values.len(), "{s:?}: {f:?}");
    }
}
