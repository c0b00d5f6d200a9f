//! Checks for `urikit::repair`, shared by the `repair` fuzz target and the
//! fuzz crate's tests.

use std::borrow::Cow;

use urikit::UriRef;
use urikit::repair::{RepairErrorKind, repair};

/// Any bytes: no panic; on UTF-8, what `repair` returns parses as a URI
/// reference, repairing it again changes nothing, a valid input comes back
/// borrowed and equal, every change names the character at its index, and
/// an error's index is inside the input.
pub fn check_repair(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let valid = UriRef::parse(s).is_ok();
    match repair(s) {
        Ok(r) => {
            assert!(
                UriRef::parse(r.as_str()).is_ok(),
                "{s:?} -> {:?}",
                r.as_str()
            );
            for c in r.changes() {
                assert!(
                    s.get(c.index()..).is_some_and(|t| t.starts_with(c.char())),
                    "{s:?}: {c}"
                );
            }
            let again = repair(r.as_str()).unwrap_or_else(|e| panic!("{:?}: {e}", r.as_str()));
            assert!(
                again.is_unchanged() && again.as_str() == r.as_str(),
                "{s:?}"
            );
            if valid {
                assert!(r.is_unchanged(), "{s:?}");
                assert!(matches!(r.into_cow(), Cow::Borrowed(t) if t == s), "{s:?}");
            } else {
                assert!(!r.is_unchanged(), "{s:?}");
            }
        }
        Err(e) => {
            assert!(!valid, "{s:?}: {e}");
            // Every part is written by its component's rule: only length fails.
            assert!(
                e.kind() != RepairErrorKind::TooLong || s.len() > 1 << 30,
                "{s:?}: {e}"
            );
            assert!(
                e.index() < s.len().max(1) && s.is_char_boundary(e.index()),
                "{s:?}: {e}"
            );
        }
    }
}
