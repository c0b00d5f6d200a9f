//! Checks for `urikit::java::JavaUri` (java.net.URI's reading of RFC
//! 2396), shared by the `java_uri` fuzz target and the fuzz crate's tests.
//!
//! What they hold to is what `crates/urikit/src/java` promises: the getters are
//! slices of the input, and the components tile it in order, as
//! `new java.net.URI(s).toString()` gives `s` back; an error points inside
//! the input at a character boundary; `resolve` and `normalize` never
//! panic. Whether Java agrees is the differential test's business
//! (`crates/urikit/tests/it/java.rs`, against the real `java.net.URI`).

use urikit::java::JavaUri;
use urikit::rfc2396::AuthorityKind;

/// The byte offset of `part` in `s`, which it must be a slice of.
pub(crate) fn offset(s: &str, part: &str) -> usize {
    let (base, p) = (s.as_ptr() as usize, part.as_ptr() as usize);
    assert!(
        p >= base && p + part.len() <= base + s.len(),
        "{part:?} is not a slice of {s:?}"
    );
    p - base
}

/// Any bytes: no panic; on UTF-8, the checks of [`check_java_str`].
pub fn check_java_bytes(data: &[u8]) {
    if let Ok(s) = std::str::from_utf8(data) {
        check_java_str(s);
        // As a pair `BASE\nREF`, resolution never panics.
        if let Some((base, child)) = s.split_once('\n')
            && let (Ok(b), Ok(c)) = (JavaUri::parse(base), JavaUri::parse(child))
        {
            let _ = b.resolve(&c);
            let _ = c.resolve(&b);
        }
    }
}

/// `JavaUri::parse(s)` never panics; an accepted `s` is tiled by its
/// components, an error's index is inside `s` on a character boundary, and
/// `resolve` and `normalize` never panic.
pub fn check_java_str(s: &str) {
    let u = match JavaUri::parse(s) {
        Ok(u) => u,
        Err(e) => {
            assert!(
                e.index() <= s.len() && s.is_char_boundary(e.index()),
                "{s:?}: {e}"
            );
            let units: i64 = s[..e.index()].chars().map(|c| c.len_utf16() as i64).sum();
            assert!(
                e.java_index() == -1 || e.java_index() == units,
                "{s:?}: {e} (java index {})",
                e.java_index()
            );
            assert!(!e.name().is_empty());
            return;
        }
    };
    assert_eq!(u.as_str(), s);
    assert_eq!(u.to_string(), s);

    // [scheme ":"] ssp ["#" fragment], with every getter a slice of s.
    let mut at = 0;
    if let Some(scheme) = u.scheme() {
        assert_eq!(offset(s, scheme), 0, "{s:?}");
        assert!(!scheme.is_empty(), "{s:?}");
        assert_eq!(s.as_bytes()[scheme.len()], b':', "{s:?}");
        at = scheme.len() + 1;
    }
    let ssp = u.raw_scheme_specific_part();
    assert_eq!(offset(s, ssp), at, "{s:?}");
    let end = at + ssp.len();
    match u.raw_fragment() {
        Some(f) => {
            assert_eq!(s.as_bytes()[end], b'#', "{s:?}");
            assert_eq!(offset(s, f), end + 1, "{s:?}");
            assert_eq!(end + 1 + f.len(), s.len(), "{s:?}");
        }
        None => assert_eq!(end, s.len(), "{s:?}"),
    }

    if u.is_opaque() {
        // scheme ":" opaque_part: at least one character, not `/`; no
        // authority, path or query.
        assert!(u.scheme().is_some(), "{s:?}");
        assert!(!ssp.is_empty() && !ssp.starts_with('/'), "{s:?}");
        assert_eq!(
            (u.raw_authority(), u.raw_path(), u.raw_query(), u.host()),
            (None, None, None, None),
            "{s:?}"
        );
        assert_eq!(u.port(), -1, "{s:?}");
    } else {
        // ["//" authority] path ["?" query] tile the ssp; java.net.URI's
        // empty authority leaves a bare `//` before the path.
        let path = u.raw_path().unwrap_or_else(|| panic!("{s:?}: no path"));
        let p = offset(s, path);
        let lead = &s[at..p];
        match u.raw_authority() {
            Some(a) => {
                assert_eq!(lead.len(), 2 + a.len(), "{s:?}");
                assert!(lead.starts_with("//"), "{s:?}");
                assert_eq!(offset(s, a), at + 2, "{s:?}");
                assert!(path.is_empty() || path.starts_with('/'), "{s:?}");
            }
            None => assert!(lead.is_empty() || lead == "//", "{s:?}: {lead:?}"),
        }
        let mut q_end = p + path.len();
        if let Some(q) = u.raw_query() {
            assert_eq!(s.as_bytes()[q_end], b'?', "{s:?}");
            assert_eq!(offset(s, q), q_end + 1, "{s:?}");
            q_end += 1 + q.len();
        }
        assert_eq!(q_end, end, "{s:?}");
        check_authority(s, &u);
    }

    let _ = u.normalize();
    let _ = u.resolve(&u);
    if let Ok(base) = JavaUri::parse("http://a/b/c/d;p?q") {
        let _ = base.resolve(&u);
        let _ = u.resolve(&base);
    }
}

/// A server authority is `[userinfo "@"] host [":" port]` with the port's
/// digits as `getPort()` gives them; a registry one has no host, userinfo
/// or port.
fn check_authority(s: &str, u: &JavaUri<'_>) {
    let Some(a) = u.raw_authority() else {
        assert_eq!(
            (u.host(), u.raw_user_info(), u.port()),
            (None, None, -1),
            "{s:?}"
        );
        return;
    };
    match u.authority_kind() {
        Some(AuthorityKind::Server) => {
            let host = u.host().unwrap_or("");
            let mut rebuilt = String::new();
            if let Some(ui) = u.raw_user_info() {
                rebuilt.push_str(ui);
                rebuilt.push('@');
            }
            rebuilt.push_str(host);
            if a.len() > rebuilt.len() {
                let digits = &a[rebuilt.len() + 1..];
                assert!(digits.bytes().all(|b| b.is_ascii_digit()), "{s:?}");
                let want = if digits.is_empty() {
                    -1
                } else {
                    digits
                        .parse::<i32>()
                        .unwrap_or_else(|_| panic!("{s:?}: port"))
                };
                assert_eq!(u.port(), want, "{s:?}");
                rebuilt.push(':');
                rebuilt.push_str(digits);
            } else {
                assert_eq!(u.port(), -1, "{s:?}");
            }
            assert_eq!(rebuilt, a, "{s:?}");
            let a_at = offset(s, a);
            let ui_len = u.raw_user_info().map_or(0, |ui| {
                assert_eq!(offset(s, ui), a_at, "{s:?}");
                ui.len() + 1
            });
            if let Some(h) = u.host() {
                assert_eq!(offset(s, h), a_at + ui_len, "{s:?}");
            }
        }
        Some(AuthorityKind::Registry) => {
            assert_eq!(
                (u.host(), u.raw_user_info(), u.port()),
                (None, None, -1),
                "{s:?}"
            );
        }
        None => panic!("{s:?}: an authority of no kind"),
    }
}
