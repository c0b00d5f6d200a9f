//! The fast paths of strict resolution (RFC 3986 section 5.2.2): a splice
//! of the two texts, and one pass through remove_dot_segments into the
//! result for a rooted path.

use alloc::string::String;

use super::dot_segments::{has_dot_segment_fast, rooted_dots};
use super::scan::{last_slash_end, load8_padded, maybe_dot_segment};
use crate::parse::{MAX_LEN, Meta, NONE};
use crate::word::eq_bytes;

// ---------------------------------------------------------------------------
// The fast path of resolution: a splice of the two texts
//
// When no dot segment is involved, the target of 5.2.2 is a prefix of the
// base's text (up to where the reference takes over), perhaps a `/` (merging
// with an empty path under an authority, 5.2.3), and a suffix of the
// reference's text. Leading `./` and `../` segments of a merged path only
// move the cut in the base's path back. Its offsets follow from the two
// parses, so it is written with one allocation of the exact size and two
// copies. Anything else (a dot segment elsewhere, a rootless base path with
// dots, the `/.` rule) takes the general path below.

/// Where a spliced target comes from: the base's text up to `head`, then a
/// `/` if `slash`, then the reference's text from `tail`.
#[derive(Clone, Copy)]
pub(super) struct Cut {
    pub(super) head: u32,
    pub(super) tail: u32,
    pub(super) slash: bool,
    /// The target's path is still to be checked for dot segments (it is
    /// written as is, or as a prefix of the base's path and the
    /// reference's): one scan of the result instead of one per part.
    pub(super) scan: bool,
    /// The reference's path from `tail` has dot segments: it goes through
    /// [`rooted_dots`] ([`cut_dots`]), after the base's text up to `head`,
    /// which holds the root and no dot segment.
    pub(super) dots: bool,
}

/// Strict resolution (5.2.2) as a [`Cut`], or `None` when the general path
/// must run. `bs`/`bm` are the base's text and offsets (it has a scheme),
/// `rs`/`rm` the reference's.
#[inline(always)]
pub(super) fn cut(bs: &[u8], bm: &Meta, rs: &[u8], rm: &Meta) -> Option<Cut> {
    // The reference's path starts at 0 unless it has a scheme or an
    // authority.
    let rp = rs.get(rm.path_start as usize..rm.path_end as usize)?;
    let plain = |head: u32| {
        Some(Cut {
            head,
            tail: 0,
            slash: false,
            scan: true,
            dots: false,
        })
    };
    if rm.scheme_end != NONE {
        plain(0)
    } else if rm.auth_start != NONE {
        plain(bm.scheme_end.checked_add(1)?)
    } else if rp.is_empty() {
        let head = if rm.query_start != NONE {
            bm.path_end
        } else if bm.fragment_start != NONE {
            bm.fragment_start
        } else {
            bs.len() as u32
        };
        Some(Cut {
            head,
            tail: 0,
            slash: false,
            scan: false,
            dots: false,
        })
    } else if rp[0] == b'/' {
        plain(bm.path_start)
    } else {
        merge_cut(bs, bm, rp)
    }
}

/// The offsets of the target of a [`Cut`], `d` bytes long before the
/// reference's part.
#[inline(always)]
pub(super) fn cut_meta(bm: &Meta, rm: &Meta, c: Cut, d: u32) -> Meta {
    // x - t0 + d, keeping NONE (no offset of the target reaches it).
    let delta = d.wrapping_sub(c.tail);
    let sh = |x: u32| x.wrapping_add(delta) | 0u32.wrapping_sub(u32::from(x == NONE));
    let (query_start, fragment_start) = (sh(rm.query_start), sh(rm.fragment_start));
    if rm.scheme_end != NONE {
        *rm
    } else if rm.auth_start != NONE {
        Meta {
            scheme_end: bm.scheme_end,
            auth_start: sh(rm.auth_start),
            host_start: sh(rm.host_start),
            host_end: sh(rm.host_end),
            host_kind: rm.host_kind,
            path_start: sh(rm.path_start),
            path_end: sh(rm.path_end),
            query_start,
            fragment_start,
        }
    } else if rm.path_end == rm.path_start {
        Meta {
            query_start: if rm.query_start != NONE {
                query_start
            } else {
                bm.query_start
            },
            fragment_start,
            ..*bm
        }
    } else {
        Meta {
            path_end: rm.path_end.wrapping_add(delta),
            query_start,
            fragment_start,
            ..*bm
        }
    }
}

/// The merge case of [`cut`] (5.2.3 and 5.2.4).
#[inline(always)]
pub(super) fn merge_cut(bs: &[u8], bm: &Meta, rp: &[u8]) -> Option<Cut> {
    let ps = bm.path_start as usize;
    let bp = bs.get(ps..bm.path_end as usize)?;
    if rp.first() != Some(&b'.') {
        // The merged path as is, checked once written.
        let slash_end = last_slash_end(bp);
        let rooted = bm.auth_start != NONE && slash_end == 0;
        return Some(Cut {
            head: bm.path_start + slash_end as u32,
            tail: 0,
            slash: rooted,
            scan: true,
            dots: false,
        });
    }
    // Leading "." and ".." segments of the reference: remove_dot_segments
    // drops the former and lets each of the latter remove the output's
    // last segment, which is cutting the prefix back a segment (not past
    // the root).
    let mut t0 = 0;
    let mut ups = 0usize;
    while rp.get(t0) == Some(&b'.') {
        let n = if rp.get(t0 + 1) == Some(&b'.') { 2 } else { 1 };
        match rp.get(t0 + n) {
            None => t0 += n,
            Some(b'/') => t0 += n + 1,
            Some(_) => break,
        }
        ups += n - 1;
    }
    // An empty segment next (which may need the `/.` rule) goes to the
    // general path, before any more work here; dot segments further on (or
    // what may be one) to `rooted_dots`.
    let rest = rp.get(t0..)?;
    if t0 == 0 || rest.first() == Some(&b'/') {
        return None;
    }
    let dots = maybe_dot_segment(rest);
    let t0 = t0 as u32;
    if bp.is_empty() && bm.auth_start != NONE {
        // The prefix is "/" (5.2.3).
        return Some(Cut {
            head: bm.path_start,
            tail: t0,
            slash: true,
            scan: false,
            dots,
        });
    }
    // Only a rooted prefix reads this simply (a rootless one drops leading
    // dot segments, 5.2.4 A and D), and one without dot segments: looking
    // at the whole base path for them (a last segment `.` or `..` sends a
    // few more bases to the general path) saves finding its last `/` first.
    if bp.first() != Some(&b'/') || has_dot_segment_fast(bp) {
        return None;
    }
    // The prefix ends after the last "/"; each ".." moves that end back a
    // segment, to the root at most.
    let mut end = last_slash_end(bp);
    if ups > 0 {
        end = slash_back(bp, end - 1, ups).map_or(1, |i| i + 1);
    }
    Some(Cut {
        head: bm.path_start + end as u32,
        tail: t0,
        slash: false,
        scan: false,
        dots,
    })
}

/// The index of the `k`-th `/` of `b` counting back from `end` (exclusive),
/// or `None` when there are fewer: a word at a time.
#[inline]
pub(super) fn slash_back(b: &[u8], mut end: usize, mut k: usize) -> Option<usize> {
    while end > 0 && k > 0 {
        let at = end.saturating_sub(8);
        // Only the bytes below `end`: the low `end - at` (1 to 8) of the word.
        let mut m = eq_bytes(load8_padded(b, at), b'/') & (u64::MAX >> (64 - 8 * (end - at)));
        while m != 0 {
            let top = 63 - m.leading_zeros();
            k -= 1;
            if k == 0 {
                return Some(at + top as usize / 8);
            }
            m &= !(1 << top);
        }
        end = at;
    }
    None
}

/// Whether the path of a text with offsets `m` has a dot segment.
#[inline]
pub(super) fn path_has_dot_segment(s: &str, m: &Meta) -> bool {
    s.as_bytes()
        .get(m.path_start as usize..m.path_end as usize)
        .is_none_or(has_dot_segment_fast)
}

// ---------------------------------------------------------------------------
// The dot-segment path: a rooted path, in one pass into the result
//
// When the input buffer of 5.2.4 is rooted (a merge with a base path that
// starts with `/`, or a reference path that does), the target is written in
// one pass: the text before the path, the merged path through
// remove_dot_segments ([`rooted_dots`]), the reference's query and fragment.
// Its offsets follow from the parses. A rootless buffer (where steps A and D
// apply), RFC 2396 and the non-strict scheme rule take the general path.

/// The end of a target whose path went through [`rooted_dots`] into
/// `out[path_at..]` (the target starts at `at`): the `/.` rule, then the
/// reference's query and fragment (`tail`). The path's bounds relative to
/// `at`, or `None` (with `out` as it was) when the target is too long.
#[inline(always)]
pub(super) fn finish_dots(
    out: &mut String,
    at: usize,
    path_at: usize,
    has_auth: bool,
    tail: &str,
) -> Option<(u32, u32)> {
    if !has_auth && out.get(path_at..).is_some_and(|p| p.starts_with("//")) {
        out.insert_str(path_at, "/.");
    }
    let path_end = out.len() - at;
    out.push_str(tail);
    if out.len() - at >= MAX_LEN {
        out.truncate(at);
        return None;
    }
    // Every offset is at most the length, which fits in a u32.
    Some(((path_at - at) as u32, path_end as u32))
}

/// The offsets of a target with the base's scheme and authority, the path
/// at `path_start..path_end`, and the reference's query and fragment.
#[inline(always)]
pub(super) fn base_dots_meta(bm: &Meta, rm: &Meta, path_start: u32, path_end: u32) -> Meta {
    let d = path_end.wrapping_sub(rm.path_end);
    Meta {
        path_start,
        path_end,
        query_start: shift(rm.query_start, d),
        fragment_start: shift(rm.fragment_start, d),
        ..*bm
    }
}

/// `x + d`, keeping `NONE`.
#[inline(always)]
pub(super) fn shift(x: u32, d: u32) -> u32 {
    if x == NONE { NONE } else { x.wrapping_add(d) }
}

/// A [`Cut`] with `dots`, appended to `out`: the target's offsets (from
/// where it starts in `out`), or `None`, with `out` as it was, when the
/// target is too long.
#[inline]
pub(super) fn cut_dots(
    bs: &str,
    bm: &Meta,
    rs: &str,
    rm: &Meta,
    c: Cut,
    out: &mut String,
) -> Option<Meta> {
    let head = bs.get(..c.head as usize)?;
    let rest = rs.get(c.tail as usize..rm.path_end as usize)?;
    let tail = rs.get(rm.path_end as usize..)?;
    let at = out.len();
    out.push_str(head);
    if c.slash {
        out.push('/');
    }
    let path_at = at + bm.path_start as usize;
    rooted_dots(out, path_at, rest);
    let (path_start, path_end) = finish_dots(out, at, path_at, bm.auth_start != NONE, tail)?;
    Some(base_dots_meta(bm, rm, path_start, path_end))
}

/// Strict RFC 3986 resolution by [`rooted_dots`], appended to `out`: the
/// target's offsets (from where it starts in `out`), or `None`, with `out`
/// as it was, when the general path must run.
///
/// It reserves what the general path would, so that a fallback does not
/// allocate again.
#[inline]
pub(super) fn resolve_dots(
    bs: &str,
    bm: &Meta,
    rs: &str,
    rm: &Meta,
    out: &mut String,
) -> Option<Meta> {
    let rp = rs.get(rm.path_start as usize..rm.path_end as usize)?;
    let tail = rs.get(rm.path_end as usize..)?;
    // The text before the path comes from the base (`head_b`) then from the
    // reference (`head_r`), whose offsets move by `head_b.len()`; then the
    // root "/" and the segments of `body` and `rest`, the rest of the merged
    // path.
    let (head_b, head_r, body, rest, has_auth) = if rm.scheme_end != NONE {
        let head_r = rs.get(..rm.path_start as usize)?;
        ("", head_r, "", rp.strip_prefix('/')?, rm.auth_start != NONE)
    } else if rm.auth_start != NONE {
        let head_b = bs.get(..bm.scheme_end.checked_add(1)? as usize)?;
        let head_r = rs.get(..rm.path_start as usize)?;
        (head_b, head_r, "", rp.strip_prefix('/')?, true)
    } else {
        let head_b = bs.get(..bm.path_start as usize)?;
        let has_auth = bm.auth_start != NONE;
        if let Some(rest) = rp.strip_prefix('/') {
            (head_b, "", "", rest, has_auth)
        } else if rp.is_empty() {
            return None;
        } else {
            // Merge (5.2.3).
            let bp = bs.get(bm.path_start as usize..bm.path_end as usize)?;
            let body = if has_auth && bp.is_empty() {
                ""
            } else {
                bp.get(1..last_slash_end(bp.as_bytes()))
                    .filter(|_| bp.starts_with('/'))?
            };
            (head_b, "", body, rp, has_auth)
        }
    };
    let at = out.len();
    // The general path's bound: 2 for the "/." rule.
    let bound = [head_b, head_r, body, rest, tail]
        .iter()
        .fold(3usize, |n, s| n.saturating_add(s.len()));
    if out.capacity() == 0 {
        // Allocating afresh costs less than growing.
        *out = String::with_capacity(bound);
    } else {
        out.reserve(bound);
    }
    out.push_str(head_b);
    out.push_str(head_r);
    let path_at = out.len();
    out.push('/');
    rooted_dots(out, path_at, body);
    rooted_dots(out, path_at, rest);
    let (path_start, path_end) = finish_dots(out, at, path_at, has_auth, tail)?;
    Some(if rm.scheme_end != NONE || rm.auth_start != NONE {
        let d = head_b.len() as u32;
        let q = path_end.wrapping_sub(rm.path_end);
        Meta {
            scheme_end: if rm.scheme_end != NONE {
                rm.scheme_end
            } else {
                bm.scheme_end
            },
            auth_start: shift(rm.auth_start, d),
            host_start: shift(rm.host_start, d),
            host_end: shift(rm.host_end, d),
            host_kind: rm.host_kind,
            path_start,
            path_end,
            query_start: shift(rm.query_start, q),
            fragment_start: shift(rm.fragment_start, q),
        }
    } else {
        base_dots_meta(bm, rm, path_start, path_end)
    })
}
