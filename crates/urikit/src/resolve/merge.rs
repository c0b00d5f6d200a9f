//! Merge paths (RFC 3986 section 5.2.3).

use alloc::string::String;

use crate::uri::Uri;

/// The part of the base path that a relative-path reference is appended to
/// (5.2.3): `/` when the base has an authority and an empty path, else
/// everything up to and including the last `/` (nothing when there is none).
pub(super) fn merge_prefix(has_authority: bool, base_path: &str) -> &str {
    if has_authority && base_path.is_empty() {
        return "/";
    }
    match base_path.rfind('/') {
        Some(i) => &base_path[..=i],
        None => "",
    }
}

/// Merge a relative-path reference's path with a base URI's path (RFC 3986
/// section 5.2.3), without removing dot segments.
///
/// Resolution never calls this: it removes dot segments from the merged
/// path on the fly without building it. One allocation; see [`merge_into`].
///
/// ```
/// use urikit::{merge, Uri};
/// assert_eq!(merge(&Uri::parse("http://a/b/c/d;p?q")?, "../g"), "/b/c/../g");
/// assert_eq!(merge(&Uri::parse("http://a")?, "g"), "/g");
/// assert_eq!(merge(&Uri::parse("mailto:x")?, "g"), "g");
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub fn merge(base: &Uri<'_>, reference_path: &str) -> String {
    let mut out = String::new();
    merge_into(base, reference_path, &mut out);
    out
}

/// [`merge`], appending to `out` (no allocation when it has room).
///
/// ```
/// let mut out = String::new();
/// urikit::merge_into(&urikit::Uri::parse("s:/x/y")?, "z", &mut out);
/// assert_eq!(out, "/x/z");
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub fn merge_into(base: &Uri<'_>, reference_path: &str, out: &mut String) {
    let prefix = merge_prefix(base.has_authority(), base.path());
    out.reserve(prefix.len() + reference_path.len());
    out.push_str(prefix);
    out.push_str(reference_path);
}
