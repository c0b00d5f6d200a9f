//! `URI.resolve` and `URI.normalize` as java.net.URI computes them, which
//! differ from both RFC 2396 5.2 and RFC 3986 5.2:
//!
//! - an empty reference gives the base's directory (`http://a/b/c?q` and
//!   `""` give `http://a/b/`), not the base;
//! - runs of `/` in a path collapse to one when the path is normalized;
//! - `..` with no segment before it stays, in absolute paths too
//!   (`/../g`);
//! - a relative path whose first segment has a `:` gets `./` before it;
//! - the result is rebuilt from the components: an empty port (`a:`) and
//!   an empty authority (`file:///x` gives `file:/x`) are dropped, and a
//!   port loses its leading zeros;
//! - an opaque base or reference gives the reference unchanged.

use alloc::string::String;

use super::JavaUri;

impl<'a> JavaUri<'a> {
    /// `base.resolve(child).toString()`.
    ///
    /// ```
    /// use urikit::java::JavaUri;
    /// let base = JavaUri::parse("http://a/b/c/d;p?q")?;
    /// let r = |s| Ok::<_, urikit::java::JavaError>(base.resolve(&JavaUri::parse(s)?));
    /// assert_eq!(r("g")?, "http://a/b/c/g");
    /// assert_eq!(r("")?, "http://a/b/c/");
    /// assert_eq!(r("../../../g")?, "http://a/../g");
    /// assert_eq!(r("#s")?, "http://a/b/c/d;p?q#s");
    /// # Ok::<(), urikit::java::JavaError>(())
    /// ```
    pub fn resolve(&self, child: &JavaUri<'_>) -> String {
        if child.is_opaque() || self.is_opaque() {
            return child.as_str().into();
        }
        let child_path = child.raw_path().unwrap_or("");
        if child.scheme().is_none()
            && child.raw_authority().is_none()
            && child_path.is_empty()
            && child.raw_fragment().is_some()
            && child.raw_query().is_none()
        {
            // A lone fragment: the base with the child's fragment.
            if self.raw_fragment().is_some() && self.raw_fragment() == child.raw_fragment() {
                return self.as_str().into();
            }
            return compose(
                self,
                self.scheme(),
                self.raw_path(),
                self.raw_query(),
                child.raw_fragment(),
            );
        }
        if child.scheme().is_some() {
            return child.as_str().into();
        }
        if child.raw_authority().is_some() {
            return compose(
                child,
                self.scheme(),
                child.raw_path(),
                child.raw_query(),
                child.raw_fragment(),
            );
        }
        let path = if child_path.starts_with('/') {
            String::from(child_path)
        } else {
            let base = self.raw_path().unwrap_or("");
            let dir = base.rfind('/').map_or("", |i| &base[..=i]);
            let mut p = String::new();
            if child_path.is_empty() {
                p.push_str(dir);
            } else if !dir.is_empty() || self.scheme().is_none() {
                p.push_str(dir);
                p.push_str(child_path);
            } else {
                p.push('/');
                p.push_str(child_path);
            }
            normalize_path(&p)
        };
        compose(
            self,
            self.scheme(),
            Some(&path),
            child.raw_query(),
            child.raw_fragment(),
        )
    }

    /// `uri.normalize().toString()`.
    ///
    /// ```
    /// use urikit::java::JavaUri;
    /// let n = |s| JavaUri::parse(s).map(|u| u.normalize());
    /// assert_eq!(n("http://a/b/./c/../d//e")?, "http://a/b/d/e");
    /// assert_eq!(n("/../a")?, "/../a");
    /// assert_eq!(n("a:b/../c")?, "a:b/../c"); // opaque: unchanged
    /// # Ok::<(), urikit::java::JavaError>(())
    /// ```
    pub fn normalize(&self) -> String {
        let Some(path) = self.raw_path().filter(|p| !p.is_empty()) else {
            return self.as_str().into();
        };
        let np = normalize_path(path);
        if np == path {
            return self.as_str().into();
        }
        compose(
            self,
            self.scheme(),
            Some(&np),
            self.raw_query(),
            self.raw_fragment(),
        )
    }
}

/// java.net.URI's string of a hierarchical URI rebuilt from components,
/// with the authority of `auth`.
fn compose(
    auth: &JavaUri<'_>,
    scheme: Option<&str>,
    path: Option<&str>,
    query: Option<&str>,
    fragment: Option<&str>,
) -> String {
    let mut s = String::new();
    if let Some(scheme) = scheme {
        s.push_str(scheme);
        s.push(':');
    }
    if let Some(host) = auth.host() {
        s.push_str("//");
        if let Some(u) = auth.raw_user_info() {
            s.push_str(u);
            s.push('@');
        }
        s.push_str(host);
        if auth.port() != -1 {
            s.push(':');
            s.push_str(&alloc::format!("{}", auth.port()));
        }
    } else if let Some(a) = auth.raw_authority() {
        s.push_str("//");
        s.push_str(a);
    }
    if let Some(p) = path {
        s.push_str(p);
    }
    if let Some(q) = query {
        s.push('?');
        s.push_str(q);
    }
    if let Some(f) = fragment {
        s.push('#');
        s.push_str(f);
    }
    s
}

/// java.net.URI's path normalization: runs of `/` collapse; `.` segments
/// go; `seg/..` pairs go, a `..` with no segment before it stays; a
/// relative path whose first segment holds `:` gets `./` before it. Each
/// kept segment keeps the `/` that followed it.
///
/// Java pairs each `..` with the nearest segment before it that is still
/// kept, scanning back over the removed ones (quadratic time on
/// `x/x/../..`). Only the segment kept last can be that one, so the output
/// itself serves as a stack of the kept segments, in one pass: a `..`
/// removes the last one unless it is a `..` too, and is kept otherwise.
/// Each segment is written once and removed at most once.
pub(crate) fn normalize_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len() + 2);
    if path.starts_with('/') {
        out.push('/');
    }
    // The kept segments start here; every kept segment but one at the end
    // of the path is followed by a "/", and no kept segment is empty.
    let body = out.len();
    let mut rest = path.trim_start_matches('/');
    while !rest.is_empty() {
        let (seg, slash) = match rest.find('/') {
            Some(k) => {
                let seg = &rest[..k];
                rest = rest[k..].trim_start_matches('/');
                (seg, true)
            }
            None => (core::mem::take(&mut rest), false),
        };
        if seg == "." {
            continue;
        }
        if seg == ".." && out.len() > body {
            // The last kept segment: between the "/" ending it and the one
            // before it (or the body's start).
            let end = out.len() - 1;
            let start = out[body..end].rfind('/').map_or(body, |k| body + k + 1);
            if &out[start..end] != ".." {
                out.truncate(start);
                continue;
            }
        }
        out.push_str(seg);
        if slash {
            out.push('/');
        }
    }
    if body == 0 && out[..out.find('/').unwrap_or(out.len())].contains(':') {
        out.insert_str(0, "./");
    }
    out
}
