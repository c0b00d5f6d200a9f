//! Checks for `urikit::rfc2396::Rfc2396Ref` (the RFC 2396 profile of the
//! one parser), shared by the `rfc2396` fuzz target and the fuzz crate's
//! tests.
//!
//! The relation with RFC 3986 that holds: every character RFC 2396 allows
//! outside `[ ]`, an IPv6 reference and a registry authority is allowed by
//! RFC 3986 in the same place (the marks `! * ' ( )` moved from
//! `unreserved` to `sub-delims`, which every component that took them
//! still takes; `hostname` and `IPv4address` are `reg-name`s; `port`,
//! `scheme`, `escaped`, `rel_segment` against `segment-nz-nc` are the
//! same). So a reference RFC 2396 accepts that has no `[` or `]`, is not
//! opaque (`mailto:?` is an opaque part in 2396, a query in 3986) and whose
//! authority, if any, is a server or a registry name without `:` and `@`
//! (which `reg-name` cannot hold), is a valid RFC 3986 reference with the
//! same components. Nothing is claimed the other way (`?q` and `a:` are
//! RFC 3986 references only, for two).

use urikit::UriRef;
use urikit::rfc2396::{AuthorityKind, Rfc2396Ref};

use crate::java::offset;

/// Any bytes: no panic; on UTF-8, the checks of [`check_rfc2396_str`].
pub fn check_rfc2396_bytes(data: &[u8]) {
    if let Ok(s) = std::str::from_utf8(data) {
        check_rfc2396_str(s);
    }
}

/// `Rfc2396Ref::parse(s)` never panics; an accepted `s` is tiled by its
/// components, which are slices of it, its segments' names and parameters
/// are slices of its path, and it relates to RFC 3986 as the module says;
/// an error's index is inside `s` on a character boundary.
pub fn check_rfc2396_str(s: &str) {
    let r = match Rfc2396Ref::parse(s) {
        Ok(r) => r,
        Err(e) => {
            assert!(
                e.index() <= s.len() && s.is_char_boundary(e.index()),
                "{s:?}: {e}"
            );
            return;
        }
    };
    assert_eq!(r.as_str(), s);
    assert!(s.is_ascii(), "{s:?}: RFC 2396 is ASCII");

    // [scheme ":"] (["//" authority] path | opaque_part) ["?" query] ["#" fragment]
    let mut at = 0;
    if let Some(scheme) = r.scheme() {
        assert_eq!(offset(s, scheme), 0, "{s:?}");
        assert!(scheme.as_bytes()[0].is_ascii_alphabetic(), "{s:?}");
        assert_eq!(s.as_bytes()[scheme.len()], b':', "{s:?}");
        at = scheme.len() + 1;
    }
    if let Some(a) = r.authority() {
        assert_eq!(&s[at..at + 2], "//", "{s:?}");
        assert_eq!(offset(s, a), at + 2, "{s:?}");
        at += 2 + a.len();
        check_authority(s, &r, a);
    } else {
        assert!(
            r.userinfo().is_none() && r.host().is_none() && r.port().is_none(),
            "{s:?}"
        );
    }
    let path = r.path();
    assert_eq!(offset(s, path), at, "{s:?}");
    at += path.len();
    if let Some(q) = r.query() {
        assert_eq!(s.as_bytes()[at], b'?', "{s:?}");
        assert_eq!(offset(s, q), at + 1, "{s:?}");
        at += 1 + q.len();
    }
    if let Some(f) = r.fragment() {
        assert_eq!(s.as_bytes()[at], b'#', "{s:?}");
        assert_eq!(offset(s, f), at + 1, "{s:?}");
        at += 1 + f.len();
    }
    assert_eq!(at, s.len(), "{s:?}");

    if r.is_opaque() {
        let o = r.opaque_part().unwrap_or_else(|| panic!("{s:?}"));
        assert_eq!(o, path, "{s:?}");
        assert!(!o.is_empty() && !o.starts_with('/'), "{s:?}");
        assert!(r.authority().is_none() && r.query().is_none(), "{s:?}");
    } else {
        assert!(r.opaque_part().is_none(), "{s:?}");
    }
    // A reference never starts with `?` (rel_path has a character).
    assert!(!s.starts_with('?'), "{s:?}");

    // Segments and their parameters are slices of the path, in order.
    if !r.is_opaque() {
        let mut last = offset(s, path);
        for seg in r.segments() {
            let at = offset(s, seg.as_str());
            assert!(at >= last, "{s:?}");
            assert_eq!(offset(s, seg.name()), at, "{s:?}");
            for p in seg.params() {
                assert!(offset(s, p) > at, "{s:?}");
                assert_eq!(s.as_bytes()[offset(s, p) - 1], b';', "{s:?}");
            }
            last = at + seg.as_str().len();
        }
        assert!(last <= offset(s, path) + path.len(), "{s:?}");
    }

    // The relation with RFC 3986.
    let registry_with_delims = r.authority_kind() == Some(AuthorityKind::Registry)
        && r.authority().is_some_and(|a| a.contains([':', '@']));
    if !s.contains(['[', ']']) && !r.is_opaque() && !registry_with_delims {
        let u = UriRef::parse(s).unwrap_or_else(|e| panic!("{s:?}: RFC 2396 yes, RFC 3986 {e}"));
        let host = match r.authority_kind() {
            Some(AuthorityKind::Registry) => r.authority(),
            _ => r.host(),
        };
        assert_eq!(
            (
                u.scheme(),
                u.authority(),
                u.userinfo(),
                u.host_str(),
                u.port()
            ),
            (r.scheme(), r.authority(), r.userinfo(), host, r.port()),
            "{s:?}"
        );
        assert_eq!(
            (u.path(), u.query(), u.fragment()),
            (r.path(), r.query(), r.fragment()),
            "{s:?}"
        );
    }
}

/// A server is `[userinfo "@"] host [":" port]`; a registry name has no
/// userinfo, host or port.
fn check_authority(s: &str, r: &Rfc2396Ref<'_>, a: &str) {
    match r.authority_kind() {
        Some(AuthorityKind::Server) => {
            let host = r
                .host()
                .unwrap_or_else(|| panic!("{s:?}: server without host"));
            let mut rebuilt = String::new();
            if let Some(ui) = r.userinfo() {
                rebuilt.push_str(ui);
                rebuilt.push('@');
            }
            assert_eq!(offset(s, host), offset(s, a) + rebuilt.len(), "{s:?}");
            rebuilt.push_str(host);
            if let Some(p) = r.port() {
                assert!(p.bytes().all(|b| b.is_ascii_digit()), "{s:?}");
                rebuilt.push(':');
                rebuilt.push_str(p);
            }
            assert_eq!(rebuilt, a, "{s:?}");
            assert!(r.host_kind().is_some(), "{s:?}");
        }
        Some(AuthorityKind::Registry) => {
            assert!(!a.is_empty(), "{s:?}: an empty authority is a server");
            assert!(
                r.userinfo().is_none() && r.host().is_none() && r.port().is_none(),
                "{s:?}"
            );
        }
        None => panic!("{s:?}: an authority of no kind"),
    }
}
