//! Reading a URI against a compiled pattern: one loop over the elements
//! for every [`MatchMode`], and the readers of one expression's text it
//! calls. Where the modes differ (which characters a value may hold, how
//! a query is read, decoding, `+` as a space, the rest), the loop or the
//! reader decides on the mode; the walk itself is the same.
//!
//! The loop reads the URI once, left to right, without going back, and
//! each reader splits its own text once: linear in the URI's length.

use alloc::string::String;
use alloc::vec::Vec;

use super::captures::{Captures, Hazard, HazardKind};
use super::decode::decode;
use super::expand::prefix;
use super::mode::MatchMode;
use super::parse::Op;
use super::pattern::{Elem, Var, find, lit_at, strip_tail};
use super::value::VarValue;

/// Reads `uri` (`tail` being the closing literal the compiled `elems`
/// lack) in `mode`. With `caps`, reads the values into it; without, only
/// checks the URI's shape: its literals where they belong and, between
/// them, only characters the expressions may hold, which is all a router
/// needs to know for most URIs it tries, before anything is decoded or
/// allocated. Either way the same loop: `true` when the URI has the shape
/// and (with `caps`) every expression's text reads as values.
///
/// Inlined always, so that the shape check (`caps` of `None`) compiles to
/// a loop of its own without the reading.
#[inline(always)]
pub(super) fn read<'t>(
    elems: &[Elem<'t>],
    tail: &str,
    uri: &str,
    mode: MatchMode,
    mut caps: Option<&mut Captures<'t>>,
) -> bool {
    let Some(s) = strip_tail(uri, tail) else {
        return false;
    };
    let b = s.as_bytes();
    let mut p = 0;
    let last = elems.len().wrapping_sub(1);
    for (k, elem) in elems.iter().enumerate() {
        match elem {
            Elem::Lit(l) => {
                if !lit_at(b, p, l.as_bytes()) {
                    return false;
                }
                p += l.len();
            }
            Elem::Expr {
                op,
                vars,
                body,
                lbody,
                until_query,
                alt_lead,
                path,
                lookup,
                ..
            } => {
                if let Some(&lead) = op.first().as_bytes().first() {
                    let c = b.get(p).copied();
                    if c != Some(lead) && (c.is_none() || c != *alt_lead) {
                        continue;
                    }
                    p += 1;
                }
                let start = p;
                // `{+path}{?q}` (lenient modes only): up to the first `?`,
                // less the literals in between.
                let end = match until_query {
                    Some(lits) => {
                        let q = b[p..].iter().position(|&c| c == b'?');
                        match q.map_or(b.len(), |q| p + q).checked_sub(*lits) {
                            Some(end) if end >= p => end,
                            _ => return false,
                        }
                    }
                    None => b.len(),
                };
                let class = match mode {
                    MatchMode::Exact => body,
                    MatchMode::Lenient | MatchMode::LenientForm => lbody,
                };
                // Over a slice that ends at `end`, so that indexing needs no
                // bounds check beside the loop's own.
                let span = &b[..end];
                while p < span.len() && class.contains(span[p]) {
                    p += 1;
                }
                if (end < b.len() && p != end) || (k == last && p != b.len()) {
                    return false;
                }
                let Some(caps) = caps.as_deref_mut() else {
                    continue;
                };
                let text = &s[start..p];
                if op.first().is_empty() && text.is_empty() {
                    continue;
                }
                let before = caps.vars.len();
                if expr(*op, vars, lookup, text, mode, caps).is_none() {
                    return false;
                }
                if *path {
                    hazards(*op, caps, before);
                }
            }
        }
    }
    p == b.len()
}

/// Reads the text of one expression (its lead taken off) into `caps`.
fn expr<'t>(
    op: Op,
    vars: &[Var<'t>],
    lookup: &[(&'t str, usize)],
    text: &str,
    mode: MatchMode,
    caps: &mut Captures<'t>,
) -> Option<()> {
    let exact = mode == MatchMode::Exact;
    if op.named() {
        return if exact {
            named_exact(op, vars, lookup, text, caps)
        } else {
            // `+` as a space is a query's convention, not a path's.
            let form = mode == MatchMode::LenientForm && op != Op::PathParam;
            named_lenient(op, vars, lookup, text, form, caps)
        };
    }
    if op.allows_reserved() {
        let v = vars.first()?;
        // The exact mode decodes only the triplets expansion writes there
        // (a value's own pass through), and counts a prefix as expansion
        // does, a triplet as one character; the lenient modes decode all.
        let s = decode(text, exact)?;
        if v.prefix
            .is_some_and(|n| prefix(&s, n, exact).len() < s.len())
        {
            return None;
        }
        caps.vars.push((v.name, VarValue::String(s)));
        return Some(());
    }
    // The last variable takes whatever is left: the rest of an exploded
    // list, or (exact mode) the rest of a comma-separated one.
    let sep = op.sep() as char;
    let mut pieces = text.splitn(vars.len(), sep);
    for (k, v) in vars.iter().enumerate() {
        let Some(piece) = pieces.next() else { break };
        let last = k + 1 == vars.len();
        let value = if last && v.explode {
            exploded(piece, sep)?
        } else if !exact {
            // Strings: commas do not make lists in the lenient modes.
            VarValue::String(string(piece, v, false)?)
        } else if last && op == Op::PathSegment && piece.contains('/') {
            return None;
        } else {
            value_of(piece, v)?
        };
        caps.vars.push((v.name, value));
    }
    Some(())
}

/// `text` decoded (`+` as a space when asked), no longer than the
/// variable's prefix.
fn string(text: &str, v: &Var<'_>, plus_is_space: bool) -> Option<String> {
    let s = if plus_is_space && text.contains('+') {
        decode(&text.replace('+', " "), false)?
    } else {
        decode(text, false)?
    };
    if v.prefix
        .is_some_and(|n| prefix(&s, n, false).len() < s.len())
    {
        return None;
    }
    Some(s)
}

/// A string or, when it holds commas, a list (the exact mode).
fn value_of(text: &str, v: &Var<'_>) -> Option<VarValue> {
    if v.explode || text.contains(',') {
        return text
            .split(',')
            .map(|p| decode(p, false))
            .collect::<Option<Vec<_>>>()
            .map(VarValue::List);
    }
    string(text, v, false).map(VarValue::String)
}

/// The pieces of an exploded unnamed variable: a list, or an associative
/// array when every piece holds a raw `=` (list members have theirs
/// encoded).
fn exploded(text: &str, sep: char) -> Option<VarValue> {
    if text.split(sep).all(|p| p.contains('=')) {
        let pairs = text.split(sep).map(|p| {
            let (k, v) = p.split_once('=')?;
            Some((decode(k, false)?, decode(v, false)?))
        });
        return pairs.collect::<Option<_>>().map(VarValue::Assoc);
    }
    if text.contains('=') {
        return None;
    }
    text.split(sep)
        .map(|p| decode(p, false))
        .collect::<Option<_>>()
        .map(VarValue::List)
}

/// The parameters of a named expression (`;`, `?`, `&`) in the exact
/// mode: each one the template names, once (a `*` variable collects its
/// repeats); the others only into an exploded associative array.
fn named_exact<'t>(
    op: Op,
    vars: &[Var<'t>],
    lookup: &[(&'t str, usize)],
    text: &str,
    caps: &mut Captures<'t>,
) -> Option<()> {
    let sep = op.sep() as char;
    // The first exploded variable takes the parameters the template
    // does not name (an exploded associative array) and those of its
    // own name (a list); a second one takes those of its own name.
    let wild = vars.iter().position(|v| v.explode);
    let mut rest: Vec<(&str, String)> = Vec::new();
    // Where each variable's value is in `caps.vars`, once read.
    let mut slot: Vec<usize> = alloc::vec![usize::MAX; vars.len()];
    for param in text.split(sep) {
        let (name, value) = match param.split_once('=') {
            Some((n, v)) => (n, v),
            // `;x` is how `;` writes an empty value; `?` writes `x=`.
            None if op == Op::PathParam => (param, ""),
            None => return None,
        };
        let Some(i) = find(lookup, name).filter(|&i| Some(i) != wild) else {
            wild?;
            rest.push((name, decode(value, false)?));
            continue;
        };
        let v = &vars[i];
        match (slot[i], v.explode) {
            (at, true) if at != usize::MAX => {
                if let VarValue::List(items) = &mut caps.vars[at].1 {
                    items.push(decode(value, false)?);
                }
            }
            // A second `a=`: from an exploded associative array.
            (at, _) if at != usize::MAX && wild.is_some() => {
                rest.push((name, decode(value, false)?))
            }
            (at, _) if at != usize::MAX => return None,
            // `;` writes an empty string as `;x`: `;x=` is a list of
            // one empty string.
            (_, false) if op == Op::PathParam && param.ends_with('=') && value.is_empty() => {
                slot[i] = caps.vars.len();
                caps.vars
                    .push((v.name, VarValue::List(alloc::vec![String::new()])))
            }
            (_, true) => {
                slot[i] = caps.vars.len();
                caps.vars
                    .push((v.name, VarValue::List(alloc::vec![decode(value, false)?])))
            }
            (_, false) => {
                slot[i] = caps.vars.len();
                caps.vars.push((v.name, value_of(value, v)?))
            }
        }
    }
    if let (Some(w), false) = (wild.map(|i| &vars[i]), rest.is_empty()) {
        let value = if rest.iter().all(|(n, _)| *n == w.name) {
            VarValue::List(rest.into_iter().map(|(_, v)| v).collect())
        } else {
            VarValue::Assoc(
                rest.into_iter()
                    .map(|(n, v)| (decode(n, false).unwrap_or_else(|| n.into()), v))
                    .collect(),
            )
        };
        caps.vars.push((w.name, value));
    }
    Some(())
}

/// The parameters of a named expression in the lenient modes (see
/// [`MatchMode`]): each optional, the first of duplicates winning unless
/// the variable has `*`, the others into the rest or an exploded
/// associative array; `form`: `+` is a space.
fn named_lenient<'t>(
    op: Op,
    vars: &[Var<'t>],
    lookup: &[(&'t str, usize)],
    text: &str,
    form: bool,
    caps: &mut Captures<'t>,
) -> Option<()> {
    let sep = op.sep() as char;
    // The exploded associative array: the first `*` variable takes the
    // parameters the template does not name, with its own, in order.
    let wild = vars.iter().position(|v| v.explode);
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut unnamed = false;
    // Where each variable's value is in `caps.vars`, once read.
    let mut slot: Vec<usize> = alloc::vec![usize::MAX; vars.len()];
    // Decoded as a whole, `+` as a space when asked (names too).
    let text_of = |t: &str| {
        if form && t.contains('+') {
            decode(&t.replace('+', " "), false)
        } else {
            decode(t, false)
        }
    };
    for param in text.split(sep) {
        if param.is_empty() {
            continue;
        }
        let (name, value) = param.split_once('=').unwrap_or((param, ""));
        let found = find(lookup, name);
        if let Some(w) = wild
            && (found.is_none() || found == Some(w))
        {
            unnamed |= found.is_none();
            pairs.push((text_of(name)?, text_of(value)?));
            continue;
        }
        let Some(i) = found else {
            caps.rest.push((name.into(), value.into()));
            continue;
        };
        let v = &vars[i];
        let at = slot[i];
        if at == usize::MAX {
            slot[i] = caps.vars.len();
            let s = string(value, v, form)?;
            let value = if v.explode {
                VarValue::List(alloc::vec![s])
            } else {
                VarValue::String(s)
            };
            caps.vars.push((v.name, value));
        } else if v.explode {
            let s = string(value, v, form)?;
            if let VarValue::List(items) = &mut caps.vars[at].1 {
                items.push(s);
            }
        }
        // A second value of a variable without `*`: the first wins.
    }
    if let (Some(w), false) = (wild, pairs.is_empty()) {
        let value = if unnamed {
            VarValue::Assoc(pairs)
        } else {
            VarValue::List(pairs.into_iter().map(|(_, v)| v).collect())
        };
        caps.vars.push((vars[w].name, value));
    }
    Some(())
}

/// Whether a decoded value of one path segment could leave it.
fn segment_hazard(s: &str) -> Option<HazardKind> {
    if s == "." || s == ".." {
        Some(HazardKind::DotSegment)
    } else if s.contains(['/', '\\']) {
        Some(HazardKind::SeparatorInSegment)
    } else {
        None
    }
}

/// Reports the path values read since `before` that could walk out of a
/// directory once decoded.
fn hazards<'t>(op: Op, caps: &mut Captures<'t>, before: usize) {
    let Captures { vars, hazards, .. } = caps;
    for (name, value) in &vars[before..] {
        let kind = match (op, value) {
            (Op::Reserved, VarValue::String(s)) => s
                .split(['/', '\\'])
                .any(|seg| seg == "..")
                .then_some(HazardKind::DotSegment),
            (Op::Simple | Op::PathSegment, VarValue::String(s)) => segment_hazard(s),
            (Op::Simple | Op::PathSegment, VarValue::List(items)) => {
                items.iter().find_map(|s| segment_hazard(s))
            }
            _ => None,
        };
        if let Some(kind) = kind {
            hazards.push(Hazard { name, kind });
        }
    }
}
