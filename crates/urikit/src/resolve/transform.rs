//! Reference resolution (RFC 3986 section 5.2.2, the transform of
//! references) and the options of [`Resolver`].

use alloc::string::String;

use super::case::ResolveCase;
use super::dot_segments::{dots_into, has_dot_segment};
use super::merge::merge_prefix;
use super::recompose::{Auth, Builder, Parts, parts};
use super::rfc2396::legacy_into;
use super::splice::{Cut, cut, cut_dots, cut_meta, path_has_dot_segment, resolve_dots};
use super::{ResolveError, base_of, reference_of};
use crate::parse::{MAX_LEN, Meta, NONE};
use crate::uri::{ToUri, ToUriRef, Uri, UriBuf, UriRef};

/// How resolution goes: by-value options, strict RFC 3986 by default.
///
/// ```
/// use urikit::{Resolver, Uri, UriRef};
/// let base = Uri::parse("http://a/b/c/d;p?q")?;
/// let r = UriRef::parse("http:g")?;
/// assert_eq!(Resolver::new().resolve(&base, &r)?, "http:g");
/// assert_eq!(Resolver::new().non_strict(true).resolve(&base, &r)?, "http://a/b/c/g");
///
/// let legacy = Resolver::new().rfc2396(true);
/// assert_eq!(legacy.resolve(&base, &UriRef::parse("../../../g")?)?, "http://a/../g");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[must_use]
pub struct Resolver {
    pub(super) non_strict: bool,
    pub(super) rfc2396: bool,
}

/// What the target's path is made of.
#[derive(Clone, Copy)]
pub(super) enum PathPlan<'a> {
    /// Taken as is.
    Copy(&'a str),
    /// remove_dot_segments(prefix + path).
    Dots(&'a str, &'a str),
    /// RFC 2396 steps 6c to 6g on prefix + path.
    Legacy(&'a str, &'a str),
}

/// The branch of 5.2.2 a reference takes and the target's parts.
pub(super) struct Plan<'a> {
    pub(super) case: ResolveCase,
    pub(super) scheme_ignored: bool,
    pub(super) scheme: &'a str,
    pub(super) auth: Option<Auth<'a>>,
    pub(super) path: PathPlan<'a>,
    pub(super) query: Option<&'a str>,
    pub(super) fragment: Option<&'a str>,
}

impl Resolver {
    /// Strict RFC 3986 resolution.
    ///
    /// ```
    /// assert_eq!(urikit::Resolver::new(), urikit::Resolver::default());
    /// ```
    pub const fn new() -> Resolver {
        Resolver {
            non_strict: false,
            rfc2396: false,
        }
    }

    /// Ignore a reference's scheme when it equals the base's, compared
    /// case-insensitively: the "non-strict" parser of RFC 3986 5.2.2 (and
    /// RFC 2396 5.2 step 3), for backward compatibility with RFC 1630
    /// references such as `http:g`. Off by default (strict).
    ///
    /// ```
    /// use urikit::{Resolver, Uri, UriRef};
    /// let base = Uri::parse("HTTP://a/b/c")?;
    /// let t = Resolver::new().non_strict(true).resolve(&base, &UriRef::parse("http:g")?)?;
    /// assert_eq!(t, "HTTP://a/b/g");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn non_strict(self, yes: bool) -> Resolver {
        Resolver {
            non_strict: yes,
            ..self
        }
    }

    /// Resolve as RFC 2396 section 5.2 does (and java.net.URI still does),
    /// where it departs from RFC 3986 5.2.2. Off by default.
    ///
    /// - A `..` segment above the root is kept (2396 step 6g allows it;
    ///   3986 removes it): `../../../g` gives `http://a/../g`.
    /// - Dot segments are only removed from a merged relative path (step 6);
    ///   an absolute-path, network-path or absolute reference is used as
    ///   written: `/./g` gives `http://a/./g`.
    /// - A query-only reference is a relative-path reference with an empty
    ///   path (step 6), so it drops the base's last segment: `?y` gives
    ///   `http://a/b/c/?y`.
    /// - The empty reference, or a fragment alone, is the current document
    ///   (step 2): the base without its fragment, plus the reference's
    ///   fragment.
    ///
    /// Two fixes of RFC 3986 apply here too, so that the result is always a
    /// valid URI: merging with a base that has an authority and an empty
    /// path puts a `/` between them (3986 5.2.3; the 2396 text gives
    /// `http://ag` for `g` against `http://a`), and the `/.` rule of
    /// [`Resolver::resolve`] for a path starting with `//`.
    ///
    /// ```
    /// use urikit::{Resolver, Uri, UriRef};
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// let legacy = Resolver::new().rfc2396(true);
    /// assert_eq!(legacy.resolve(&base, &UriRef::parse("?y")?)?, "http://a/b/c/?y");
    /// assert_eq!(legacy.resolve(&base, &UriRef::parse("/./g")?)?, "http://a/./g");
    /// assert_eq!(legacy.resolve(&base, &UriRef::parse("#s")?)?, "http://a/b/c/d;p?q#s");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn rfc2396(self, yes: bool) -> Resolver {
        Resolver {
            rfc2396: yes,
            ..self
        }
    }

    /// Resolve `reference` against `base` (RFC 3986 5.2.2), giving the
    /// target URI. The base's fragment is ignored (5.1).
    ///
    /// One allocation, for the result, sized from an upper bound of its
    /// length; time linear in the lengths of the inputs.
    ///
    /// # The `/.` rule
    ///
    /// The result is always a valid URI that parses back to the components
    /// the algorithm produced, with one documented exception. When the
    /// target has no authority and its path starts with `//`, the literal
    /// recomposition (5.3) would read the path's first segment as an
    /// authority: `.//g` against `f:/a` gives the path `//g`, and `f://g`
    /// is the host `g` with an empty path. In that case, and only then, the
    /// result has `/.` written before the path, `f:/.//g`, whose path names
    /// the same resource (remove_dot_segments takes it back to `//g`) and
    /// keeps the URI's meaning. (The WHATWG URL serializer makes the same
    /// repair.)
    ///
    /// ```
    /// use urikit::{Resolver, Uri, UriRef};
    /// let base = Uri::parse("f:/a")?;
    /// let t = Resolver::new().resolve(&base, &UriRef::parse(".//g")?)?;
    /// assert_eq!(t, "f:/.//g");
    /// assert_eq!(t.authority(), None);
    /// assert_eq!(t.path(), "/.//g");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Inputs
    ///
    /// The base and the reference are anything that names one ([`ToUri`],
    /// [`ToUriRef`]): text, parsed or owned values, or references to them.
    /// Text that does not parse is an error of kind
    /// [`ResolveErrorKind::InvalidBase`](super::ResolveErrorKind::InvalidBase) or
    /// [`ResolveErrorKind::InvalidReference`](super::ResolveErrorKind::InvalidReference), with the parser's index; a
    /// base that is a valid relative reference (text or parsed) is
    /// [`ResolveErrorKind::BaseNotUri`](super::ResolveErrorKind::BaseNotUri) (5.1: a base URI has a scheme).
    ///
    /// ```
    /// use urikit::{ResolveErrorKind, Resolver, UriRef};
    /// let r = Resolver::new();
    /// assert_eq!(r.resolve("http://a/b/c", "./d")?, "http://a/b/d");
    /// assert_eq!(r.resolve(UriRef::parse("s:/a/b")?, "g")?, "s:/a/g");
    /// let err = r.resolve("/relative/base", "d").unwrap_err();
    /// assert_eq!(err.kind(), ResolveErrorKind::BaseNotUri);
    /// let err = r.resolve(UriRef::parse("/a/b")?, "g").unwrap_err();
    /// assert_eq!(err.kind(), ResolveErrorKind::BaseNotUri);
    /// let err = r.resolve("http://a b/", "d").unwrap_err();
    /// assert!(matches!(err.kind(), ResolveErrorKind::InvalidBase(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn resolve(
        &self,
        base: impl ToUri,
        reference: impl ToUriRef,
    ) -> Result<UriBuf, ResolveError> {
        self.resolve_parsed(&base_of(&base)?, &reference_of(&reference)?)
    }

    /// [`Resolver::resolve`] on parsed values: the one implementation.
    #[inline]
    pub(super) fn resolve_parsed(
        &self,
        base: &Uri<'_>,
        reference: &UriRef<'_>,
    ) -> Result<UriBuf, ResolveError> {
        let (bs, rs) = (base.as_str(), reference.as_str());
        let (bm, rm) = (base.meta_ref(), reference.meta_ref());
        if let Some((c, len)) = self.cut(bs, bm, rs, rm) {
            if c.dots {
                // The cut's fields one by one: passed whole, it would be
                // stored to memory on every call.
                return self.resolve_cut_dots(base, reference, c.head, c.tail, c.slash, len);
            }
            if let (Some(head), Some(tail)) = (bs.get(..c.head as usize), rs.get(c.tail as usize..))
            {
                // Room for the general path too (its bound is 2 more:
                // the "/." rule), should the scan find a dot segment.
                let mut out = String::with_capacity(len + 2);
                out.push_str(head);
                if c.slash {
                    out.push('/');
                }
                out.push_str(tail);
                let d = (head.len() + usize::from(c.slash)) as u32;
                let m = cut_meta(bm, rm, c, d);
                if !(c.scan && path_has_dot_segment(&out, &m)) {
                    return Ok(UriBuf::from_parts(out, m));
                }
                out.clear();
                return self.resolve_dots(base, reference, out);
            }
        }
        self.resolve_dots(base, reference, String::new())
    }

    /// [`Resolver::resolve`] of a [`Cut`] with `dots`.
    #[cold]
    #[inline(never)]
    pub(super) fn resolve_cut_dots(
        &self,
        base: &Uri<'_>,
        reference: &UriRef<'_>,
        head: u32,
        tail: u32,
        slash: bool,
        len: usize,
    ) -> Result<UriBuf, ResolveError> {
        let (bs, rs) = (base.as_str(), reference.as_str());
        let (bm, rm) = (base.meta_ref(), reference.meta_ref());
        let c = Cut {
            head,
            tail,
            slash,
            scan: false,
            dots: true,
        };
        // Dot removal never lengthens the path; 2 for the "/." rule.
        let mut out = String::with_capacity(len + 2);
        match cut_dots(bs, bm, rs, rm, c, &mut out) {
            Some(m) => Ok(UriBuf::from_parts(out, m)),
            None => self.resolve_general(base, reference, out),
        }
    }

    /// [`Resolver::resolve`] when the splice does not do: by
    /// [`resolve_dots`] when it can, else by the general path.
    #[cold]
    #[inline(never)]
    pub(super) fn resolve_dots(
        &self,
        base: &Uri<'_>,
        reference: &UriRef<'_>,
        mut out: String,
    ) -> Result<UriBuf, ResolveError> {
        let (bs, rs) = (base.as_str(), reference.as_str());
        let (bm, rm) = (base.meta_ref(), reference.meta_ref());
        if self.rfc3986_only(rm)
            && let Some(m) = resolve_dots(bs, bm, rs, rm, &mut out)
        {
            return Ok(UriBuf::from_parts(out, m));
        }
        self.resolve_general(base, reference, out)
    }

    /// [`Resolver::resolve`] by the general path.
    #[cold]
    #[inline(never)]
    pub(super) fn resolve_general(
        &self,
        base: &Uri<'_>,
        reference: &UriRef<'_>,
        mut out: String,
    ) -> Result<UriBuf, ResolveError> {
        let base = base.as_uri_ref();
        let (b, r) = (parts(&base), parts(reference));
        let m = self.transform(&b, &r, &mut out, true)?;
        Ok(UriBuf::from_parts(out, m))
    }

    /// [`Resolver::resolve`], appending the target's text to `out`: for
    /// streaming many references through one buffer. It reserves an upper
    /// bound of the target's length, at most `base.len() + reference.len()
    /// + 3` bytes, so it does not allocate when `out` has that much spare
    /// capacity. On error `out` is left as it was.
    ///
    /// ```
    /// use urikit::{Resolver, Uri, UriRef};
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// let mut out = String::new();
    /// for r in ["g", "../h"] {
    ///     Resolver::new().resolve_into(&base, &UriRef::parse(r)?, &mut out)?;
    ///     out.push('\n');
    /// }
    /// assert_eq!(out, "http://a/b/c/g\nhttp://a/b/h\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve_into(
        &self,
        base: impl ToUri,
        reference: impl ToUriRef,
        out: &mut String,
    ) -> Result<(), ResolveError> {
        let (base, reference) = (&base_of(&base)?, &reference_of(&reference)?);
        let (bs, rs) = (base.as_str(), reference.as_str());
        let (bm, rm) = (base.meta_ref(), reference.meta_ref());
        if let Some((c, len)) = self.cut(bs, bm, rs, rm) {
            if c.dots {
                out.reserve(len + 2);
                if cut_dots(bs, bm, rs, rm, c, out).is_some() {
                    return Ok(());
                }
            } else if let (Some(head), Some(tail)) =
                (bs.get(..c.head as usize), rs.get(c.tail as usize..))
            {
                let at = out.len();
                out.reserve(len + 2);
                out.push_str(head);
                if c.slash {
                    out.push('/');
                }
                out.push_str(tail);
                let d = (head.len() + usize::from(c.slash)) as u32;
                let m = cut_meta(bm, rm, c, d);
                match out.get(at..) {
                    Some(t) if !(c.scan && path_has_dot_segment(t, &m)) => return Ok(()),
                    _ => out.truncate(at),
                }
            }
        }
        if self.rfc3986_only(rm) && resolve_dots(bs, bm, rs, rm, out).is_some() {
            return Ok(());
        }
        let base = base.as_uri_ref();
        let (b, r) = (parts(&base), parts(reference));
        let len = out.len();
        match self.transform(&b, &r, out, false) {
            Ok(_) => Ok(()),
            Err(e) => {
                out.truncate(len);
                Err(e)
            }
        }
    }

    /// The fast path, when these options allow it (RFC 3986 resolution,
    /// except a non-strict reference with a scheme): the [`Cut`] and the
    /// target's length, under [`MAX_LEN`].
    #[inline(always)]
    pub(super) fn cut(&self, bs: &str, bm: &Meta, rs: &str, rm: &Meta) -> Option<(Cut, usize)> {
        if !self.rfc3986_only(rm) {
            return None;
        }
        let c = cut(bs.as_bytes(), bm, rs.as_bytes(), rm)?;
        let len = (c.head as usize + usize::from(c.slash))
            .checked_add(rs.len().checked_sub(c.tail as usize)?)?;
        (len < MAX_LEN).then_some((c, len))
    }

    /// Whether these options resolve a reference with offsets `rm` as
    /// strict RFC 3986 does: not RFC 2396, and not a non-strict reference
    /// with a scheme (which may be dropped).
    #[inline(always)]
    pub(super) fn rfc3986_only(&self, rm: &Meta) -> bool {
        !(self.rfc2396 || (self.non_strict && rm.scheme_end != NONE))
    }

    pub(super) fn drop_same_scheme(&self, b: &Parts<'_>, r: &mut Parts<'_>) {
        if self.non_strict
            && let (Some(rs), Some(bs)) = (r.scheme, b.scheme)
            && rs.eq_ignore_ascii_case(bs)
        {
            r.scheme = None;
        }
    }

    /// The branch of the pseudocode of 5.2.2 that `r` takes (or of the
    /// steps of RFC 2396 5.2), and what the target is made of.
    #[inline]
    pub(super) fn plan<'a>(&self, b: &Parts<'a>, r: &Parts<'a>) -> Plan<'a> {
        let mut r = *r;
        let had_scheme = r.scheme.is_some();
        self.drop_same_scheme(b, &mut r);
        let legacy = self.rfc2396;
        let dots = |p| {
            if legacy {
                PathPlan::Copy(p)
            } else {
                PathPlan::Dots("", p)
            }
        };
        let b_scheme = b.scheme.unwrap_or("");
        let (case, scheme, auth, path, query) = if let Some(s) = r.scheme {
            (ResolveCase::Scheme, s, r.auth, dots(r.path), r.query)
        } else if r.auth.is_some() {
            (
                ResolveCase::Authority,
                b_scheme,
                r.auth,
                dots(r.path),
                r.query,
            )
        } else if r.path.is_empty() && !(legacy && r.query.is_some()) {
            (
                ResolveCase::EmptyPath,
                b_scheme,
                b.auth,
                PathPlan::Copy(b.path),
                r.query.or(b.query),
            )
        } else if r.path.starts_with('/') {
            (
                ResolveCase::AbsolutePath,
                b_scheme,
                b.auth,
                dots(r.path),
                r.query,
            )
        } else {
            let prefix = merge_prefix(b.auth.is_some(), b.path);
            let plan = if legacy {
                PathPlan::Legacy(prefix, r.path)
            } else {
                PathPlan::Dots(prefix, r.path)
            };
            (ResolveCase::Merge, b_scheme, b.auth, plan, r.query)
        };
        Plan {
            case,
            scheme_ignored: had_scheme && r.scheme.is_none(),
            scheme,
            auth,
            path,
            query,
            fragment: r.fragment,
        }
    }

    /// The pseudocode of 5.2.2 (or the steps of RFC 2396 5.2), writing the
    /// target straight into `out` in the order of 5.3.
    pub(super) fn transform(
        &self,
        b: &Parts<'_>,
        r: &Parts<'_>,
        out: &mut String,
        exact: bool,
    ) -> Result<Meta, ResolveError> {
        let Plan {
            scheme,
            auth,
            path: plan,
            query,
            fragment,
            ..
        } = self.plan(b, r);

        // Upper bound: dot removal never lengthens a path; 2 for "/.".
        let path_max = match plan {
            PathPlan::Copy(p) => p.len(),
            PathPlan::Dots(a, p) | PathPlan::Legacy(a, p) => a.len().saturating_add(p.len()),
        };
        let cap = [
            scheme.len() + 1,
            auth.map_or(0, |a| a.text.len() + 2),
            path_max,
            2,
            query.map_or(0, |q| q.len() + 1),
            fragment.map_or(0, |f| f.len() + 1),
        ]
        .iter()
        .fold(0usize, |acc, &x| acc.saturating_add(x));
        if exact {
            out.reserve_exact(cap.min(MAX_LEN));
        } else {
            out.reserve(cap.min(MAX_LEN));
        }

        let mut w = Builder::new(out);
        w.scheme(scheme);
        if let Some(a) = &auth {
            w.authority(a);
        }
        w.path_start();
        let path_at = w.out.len();
        match plan {
            PathPlan::Copy(p) => w.out.push_str(p),
            // Without a "." or ".." segment, remove_dot_segments is the
            // identity ("a" ends with "/", so no segment spans the two).
            PathPlan::Dots(a, p) if !has_dot_segment(a) && !has_dot_segment(p) => {
                w.out.push_str(a);
                w.out.push_str(p);
            }
            PathPlan::Dots(a, p) => dots_into(w.out, a, p),
            PathPlan::Legacy(a, p) => legacy_into(w.out, a, p),
        }
        if auth.is_none() && w.out[path_at..].starts_with("//") {
            w.out.insert_str(path_at, "/.");
        }
        w.path_end();
        w.query_fragment(query, fragment);
        w.finish()
    }
}
