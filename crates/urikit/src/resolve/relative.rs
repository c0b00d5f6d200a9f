//! Make relative: the inverse of resolution, the shortest reference that
//! resolves from a base back to a target.

use alloc::string::String;

#[cfg(any(debug_assertions, doc))]
use super::Resolver;
use super::dot_segments::{Dots, each_segment, has_dot_segment, has_dot_segment_bytes};
use super::merge::merge_prefix;
use super::recompose::{Auth, Builder, Parts, parts};
use super::scan::{bytes_eq, common_prefix, last_slash_end, maybe_colon, maybe_dot_segment};
use super::{ResolveError, ResolveErrorKind};
use crate::parse::{MAX_LEN, Meta, NONE};
use crate::uri::{Uri, UriRefBuf};

/// What remove_dot_segments must produce for the target's path, or `None`
/// when no run of it can: its output never holds a `.` or `..` segment,
/// except the `/.` that [`Resolver::resolve`] writes before a path starting
/// with `//` when there is no authority.
pub(super) fn needed_path(path: &str, has_authority: bool) -> Option<&str> {
    if !has_dot_segment(path) {
        return Some(path);
    }
    if !has_authority
        && let Some(rest) = path.strip_prefix("/.")
        && rest.starts_with("//")
        && !has_dot_segment(rest)
    {
        return Some(rest);
    }
    None
}

/// A relative-path or absolute-path reference's path: `../` `ups` times,
/// then `mid`, then `tail`.
#[derive(Clone, Copy)]
pub(super) struct PathRef<'a> {
    pub(super) ups: usize,
    pub(super) mid: &'static str,
    pub(super) tail: &'a str,
}

impl PathRef<'_> {
    pub(super) fn len(&self) -> usize {
        self.ups
            .saturating_mul(3)
            .saturating_add(self.mid.len() + self.tail.len())
    }

    pub(super) fn write(&self, out: &mut String) {
        for _ in 0..self.ups {
            out.push_str("../");
        }
        out.push_str(self.mid);
        out.push_str(self.tail);
    }
}

/// Whether a relative-path reference with this path needs `./` in front:
/// an empty first segment would make it an absolute path, and a `:` in the
/// first segment would read as a scheme (4.2).
pub(super) fn needs_dot_slash(path: &str) -> bool {
    let first = &path[..path.find('/').unwrap_or(path.len())];
    first.is_empty() || first.contains(':')
}

/// The shortest relative-path reference (no scheme, no authority, a path
/// not starting with `/`) whose merge with the base path (5.2.3) reduces
/// under remove_dot_segments to exactly `need`.
///
/// Merging appends the reference to the prefix `P` of the base path, and
/// remove_dot_segments reduces `P`'s segments to an output `O` before the
/// reference's segments arrive. From there, each `..` removes the last
/// segment of the output, and each other segment `s` appends `/s`; a final
/// `.` or `..` appends `/`. So the reference is some number of `..` and
/// then the rest of `need`, which must be `O`, cut back by those `..`,
/// followed by `/`. Try every cut and keep the shortest.
pub(super) fn relative_path<'a>(
    has_authority: bool,
    base_path: &str,
    need: &'a str,
) -> Option<PathRef<'a>> {
    let prefix = merge_prefix(has_authority, base_path);
    let mut scratch = String::new();
    let (o, leading): (&str, bool) = if !has_dot_segment(prefix) {
        (
            prefix.strip_suffix('/').unwrap_or(prefix),
            prefix.is_empty(),
        )
    } else {
        // Reduce the prefix's segments, none of them the last one.
        let mut d = Dots::new(&mut scratch, prefix.starts_with('/'));
        let body = prefix.strip_prefix('/').unwrap_or(prefix);
        if let Some(body) = body.strip_suffix('/') {
            each_segment(body, |s, _| d.seg(s, false));
        }
        let leading = d.leading;
        (scratch.as_str(), leading)
    };

    if leading {
        // Nothing has reached the output: steps A and D drop the leading
        // dot segments, then the first segment is moved without a "/".
        let r = if need.is_empty() {
            PathRef {
                ups: 0,
                mid: ".",
                tail: "",
            }
        } else if needs_dot_slash(need) {
            PathRef {
                ups: 0,
                mid: "./",
                tail: need,
            }
        } else {
            PathRef {
                ups: 0,
                mid: "",
                tail: need,
            }
        };
        return Some(r);
    }

    let common = o
        .bytes()
        .zip(need.bytes())
        .take_while(|(x, y)| x == y)
        .count();
    let mut cut = o;
    let mut ups = 0usize;
    let mut best: Option<PathRef<'a>> = None;
    loop {
        if cut.len() <= common && need.as_bytes().get(cut.len()) == Some(&b'/') {
            let rest = &need[cut.len() + 1..];
            let cand = if rest.is_empty() {
                // Only the final "/" to add: end with a dot segment.
                if ups == 0 {
                    PathRef {
                        ups: 0,
                        mid: ".",
                        tail: "",
                    }
                } else {
                    PathRef {
                        ups: ups - 1,
                        mid: "..",
                        tail: "",
                    }
                }
            } else if ups == 0 && needs_dot_slash(rest) {
                PathRef {
                    ups: 0,
                    mid: "./",
                    tail: rest,
                }
            } else {
                PathRef {
                    ups,
                    mid: "",
                    tail: rest,
                }
            };
            if best.is_none_or(|b| cand.len() < b.len()) {
                best = Some(cand);
            }
        }
        if cut.is_empty() {
            break;
        }
        cut = &cut[..cut.rfind('/').unwrap_or(0)];
        ups += 1;
        // Every later candidate is at least 3 * ups - 1 long.
        if best.is_some_and(|b| ups.saturating_mul(3) - 1 > b.len()) {
            break;
        }
    }
    best
}

/// The shortest reference that [`Resolver::resolve`] (strict) takes from
/// `base` back to `target` exactly; see [`Uri::make_relative`].
///
/// ```
/// use urikit::{make_relative, Uri};
/// let base = Uri::parse("http://a/b/c/d;p?q")?;
/// assert_eq!(make_relative(&base, &Uri::parse("http://a/b/g")?)?, "../g");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn make_relative(base: &Uri<'_>, target: &Uri<'_>) -> Result<UriRefBuf, ResolveError> {
    let r = match relative_fast(base, target) {
        Some(r) => r,
        None => make_relative_general(base, target)?,
    };
    #[cfg(debug_assertions)]
    if let Ok(back) = Resolver::new().resolve(base, r.as_uri_ref()) {
        debug_assert_eq!(back.as_str(), target.as_str(), "base {base} relative {r}");
    }
    Ok(r)
}

/// [`make_relative`] by the general path.
#[cold]
#[inline(never)]
pub(super) fn make_relative_general(
    base: &Uri<'_>,
    target: &Uri<'_>,
) -> Result<UriRefBuf, ResolveError> {
    let (b_ref, t_ref) = (base.as_uri_ref(), target.as_uri_ref());
    let (b, t) = (parts(&b_ref), parts(&t_ref));
    relative_parts(&b, &t, target)
}

/// [`make_relative`] in the common case, a base and a target with an
/// authority, the same scheme and no dot segment in the way; `None` sends
/// everything else to the general path. The same choices as
/// [`relative_parts`], written as a short prefix (`../` repeated, then
/// `.`, `..` or `./`) and a suffix of the target's text.
#[inline]
pub(super) fn relative_fast(base: &Uri<'_>, target: &Uri<'_>) -> Option<UriRefBuf> {
    let t_text = target.as_str();
    let (bs, ts) = (base.as_str().as_bytes(), t_text.as_bytes());
    let (bm, tm) = (base.meta_ref(), target.meta_ref());
    if bm.auth_start == NONE || tm.auth_start == NONE {
        return None;
    }
    let bp = bs.get(bm.path_start as usize..bm.path_end as usize)?;
    let tp = ts.get(tm.path_start as usize..tm.path_end as usize)?;
    // An empty or dot-free path is what remove_dot_segments must give.
    if !bytes_eq(
        bs.get(..bm.scheme_end as usize)?,
        ts.get(..tm.scheme_end as usize)?,
    ) {
        return None;
    }
    // No "/." at all in the target's path, or only in names like ".x".
    let tp_clean = !maybe_dot_segment(tp);
    if !tp_clean && has_dot_segment_bytes(tp) {
        return None;
    }
    let b_auth = bs.get(bm.auth_start as usize..bm.path_start as usize)?;
    let t_auth = ts.get(tm.auth_start as usize..tm.path_start as usize)?;
    // The network-path form: "//", the authority and the rest, as written.
    let network = || {
        let from = tm.auth_start.checked_sub(2)?;
        spliced_ref(t_text, tm, "", 0, from)
    };
    if !bytes_eq(b_auth, t_auth) {
        return network();
    }
    if tp.is_empty() || tp.starts_with(b"//") {
        return None;
    }
    if bytes_eq(tp, bp) {
        let (bq, tq) = (query_bytes(bs, bm), query_bytes(ts, tm));
        let same_query = match (bq, tq) {
            (None, None) => true,
            (Some(x), Some(y)) => bytes_eq(x, y),
            _ => false,
        };
        if same_query {
            // The fragment alone, or nothing.
            let from = if tm.fragment_start != NONE {
                tm.fragment_start
            } else {
                ts.len() as u32
            };
            return spliced_ref(t_text, tm, "", 0, from);
        }
        if tq.is_some() {
            return spliced_ref(t_text, tm, "", 0, tm.query_start);
        }
    }
    // The relative-path candidate (see relative_path): cut the base's
    // prefix back a segment at a time until the target's path continues
    // it with a "/"; the first such cut is the shortest.
    let slash_end = last_slash_end(bp);
    let prefix = bp.get(..slash_end)?;
    let o = bp.get(..slash_end.saturating_sub(1))?;
    let common = common_prefix(o, tp);
    let mut cut = o.len();
    let mut ups = 0usize;
    // The base's prefix must be free of dot segments too. Where it agrees
    // with a clean target path it is; the walk back below passes over the
    // rest of it, every "/" but the prefix's last, so it looks at each "/"
    // for a "." after it.
    let mut maybe_dots = !tp_clean;
    while !(cut <= common && tp.get(cut) == Some(&b'/')) {
        if cut == 0 {
            return None;
        }
        cut = o.get(..cut)?.iter().rposition(|&c| c == b'/').unwrap_or(0);
        maybe_dots |= o.get(cut + 1) == Some(&b'.');
        ups += 1;
    }
    if maybe_dots && has_dot_segment_bytes(prefix) {
        return None;
    }
    let rest = tp.get(cut + 1..)?;
    let (ups, mid) = if rest.is_empty() {
        if ups == 0 { (0, ".") } else { (ups - 1, "..") }
    } else if ups == 0 && needs_dot_slash_bytes(rest) {
        (0, "./")
    } else {
        (ups, "")
    };
    let rel_len = ups.checked_mul(3)?.checked_add(mid.len() + rest.len())?;
    // The absolute-path form is the path itself; it wins only when
    // strictly shorter. The network-path and whole forms are longer still
    // unless the relative one is very long.
    let net_len = t_auth.len() + 2 + tp.len();
    let tail_from = tm.path_start + (tp.len() - rest.len()) as u32;
    if tp.len() < rel_len {
        if tp.len() <= net_len {
            return spliced_ref(t_text, tm, "", 0, tm.path_start);
        }
    } else if rel_len <= net_len {
        return spliced_ref(t_text, tm, mid, ups, tail_from);
    }
    network()
}

/// The query of a parsed text, as bytes.
#[inline]
pub(super) fn query_bytes<'s>(s: &'s [u8], m: &Meta) -> Option<&'s [u8]> {
    if m.query_start == NONE {
        return None;
    }
    let end = if m.fragment_start != NONE {
        m.fragment_start as usize
    } else {
        s.len()
    };
    s.get(m.query_start as usize + 1..end)
}

/// [`needs_dot_slash`] on bytes.
#[inline]
pub(super) fn needs_dot_slash_bytes(path: &[u8]) -> bool {
    if matches!(path.first(), None | Some(b'/')) {
        return true;
    }
    // A ":" anywhere is rare: look closer only then.
    if !maybe_colon(path) {
        return false;
    }
    for &c in path {
        match c {
            b'/' => return false,
            b':' => return true,
            _ => {}
        }
    }
    false
}

/// A relative reference: `../` `ups` times, `mid`, then `ts[from..]` (the
/// target's text from the start of its path, its query, its fragment or
/// the "//" of its authority), with the offsets shifted from `tm`.
#[inline(always)]
pub(super) fn spliced_ref(
    ts: &str,
    tm: &Meta,
    mid: &str,
    ups: usize,
    from: u32,
) -> Option<UriRefBuf> {
    let tail = ts.get(from as usize..)?;
    let plen = ups.checked_mul(3)?.checked_add(mid.len())?;
    let len = plen.checked_add(tail.len())?;
    if len >= MAX_LEN {
        return None;
    }
    let mut out = String::with_capacity(len);
    for _ in 0..ups {
        out.push_str("../");
    }
    out.push_str(mid);
    out.push_str(tail);
    // Offsets: every one at or after `from` moves to `plen + (x - from)`;
    // the path starts at 0 unless an authority comes first.
    let d = plen as u32;
    let sh = |x: u32| {
        if x == NONE || x < from {
            NONE
        } else {
            x - from + d
        }
    };
    let m = if tm.auth_start != NONE && from < tm.auth_start {
        Meta {
            scheme_end: NONE,
            auth_start: sh(tm.auth_start),
            host_start: sh(tm.host_start),
            host_end: sh(tm.host_end),
            host_kind: tm.host_kind,
            path_start: sh(tm.path_start),
            path_end: sh(tm.path_end),
            query_start: sh(tm.query_start),
            fragment_start: sh(tm.fragment_start),
        }
    } else {
        let path_end = if tm.path_end >= from {
            tm.path_end - from + d
        } else {
            d
        };
        Meta {
            path_start: 0,
            path_end,
            query_start: sh(tm.query_start),
            fragment_start: sh(tm.fragment_start),
            ..Meta::EMPTY
        }
    };
    Some(UriRefBuf::from_parts(out, m))
}

pub(super) fn unreachable() -> ResolveError {
    ResolveError::new(ResolveErrorKind::Unreachable)
}

/// Writes `path` (a [`PathRef`] or a network path) plus `t`'s query and
/// fragment as a relative reference.
pub(super) fn relative_ref(
    auth: Option<&Auth<'_>>,
    path: &dyn Fn(&mut String),
    path_len: usize,
    t: &Parts<'_>,
) -> Result<UriRefBuf, ResolveError> {
    let cap = auth.map_or(0, |a| a.text.len() + 2)
        + path_len
        + t.query.map_or(0, |q| q.len() + 1)
        + t.fragment.map_or(0, |f| f.len() + 1);
    let mut out = String::with_capacity(cap);
    let mut w = Builder::new(&mut out);
    if let Some(a) = auth {
        w.authority(a);
    }
    w.path_start();
    path(w.out);
    w.path_end();
    w.query_fragment(t.query, t.fragment);
    let m = w.finish()?;
    Ok(UriRefBuf::from_parts(out, m))
}

pub(super) fn relative_parts(
    b: &Parts<'_>,
    t: &Parts<'_>,
    target: &Uri<'_>,
) -> Result<UriRefBuf, ResolveError> {
    let has_auth = t.auth.is_some();
    let need = needed_path(t.path, has_auth);
    let whole = || -> Result<UriRefBuf, ResolveError> {
        need.ok_or_else(unreachable)?;
        Ok(UriRefBuf::from(target.into_owned()))
    };
    let network = |a: &Auth<'_>| -> Result<UriRefBuf, ResolveError> {
        need.ok_or_else(unreachable)?;
        relative_ref(Some(a), &|o| o.push_str(t.path), t.path.len(), t)
    };
    // Resolving a reference without a scheme copies the base's scheme
    // byte for byte, and without an authority copies its authority.
    if t.scheme != b.scheme {
        return whole();
    }
    let same_auth = match (&b.auth, &t.auth) {
        (None, None) => true,
        (Some(x), Some(y)) => x.text == y.text,
        _ => false,
    };
    if !same_auth {
        return match &t.auth {
            Some(a) => network(a),
            None => whole(),
        };
    }
    // An empty path inherits the base's path as is, and its query unless
    // the reference has one.
    if t.path == b.path {
        let empty = PathRef {
            ups: 0,
            mid: "",
            tail: "",
        };
        if t.query == b.query {
            let t_no_query = Parts { query: None, ..*t };
            return relative_ref(None, &|o| empty.write(o), 0, &t_no_query);
        }
        if t.query.is_some() {
            return relative_ref(None, &|o| empty.write(o), 0, t);
        }
    }
    let need = need.ok_or_else(unreachable)?;

    let rel = relative_path(b.auth.is_some(), b.path, need);
    let abs = need.starts_with('/').then(|| PathRef {
        ups: 0,
        mid: if need.starts_with("//") { "/." } else { "" },
        tail: need,
    });
    // The network-path and whole forms repeat the path as written. On a
    // tie the earlier form wins.
    let net_len = t.auth.map(|a| a.text.len() + 2 + t.path.len());
    let whole_len = b.scheme.map_or(0, |s| s.len() + 1) + net_len.unwrap_or(t.path.len());
    let mut best: Option<PathRef<'_>> = None;
    for p in [rel, abs].into_iter().flatten() {
        if best.is_none_or(|b| p.len() < b.len()) {
            best = Some(p);
        }
    }
    let best_len = best.map_or(usize::MAX, |p| p.len());
    match (best, &t.auth) {
        (Some(p), _) if best_len <= net_len.unwrap_or(usize::MAX) && best_len <= whole_len => {
            relative_ref(None, &|o| p.write(o), p.len(), t)
        }
        (_, Some(a)) => network(a),
        _ => whole(),
    }
}
