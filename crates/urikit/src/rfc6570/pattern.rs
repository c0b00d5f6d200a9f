//! The compiled pattern that matching reads a URI against: the template's
//! literals (as expansion writes them) and expressions (with the classes
//! of characters their values may hold in each mode), and the small
//! questions about it that compiling, the ambiguity check and the reading
//! loop all ask. A leaf: it imports no other matching module.

use alloc::string::String;
use alloc::vec::Vec;

use super::parse::{ALLOW_U, ALLOW_UR, Op};
use crate::chars::{CharClass, PCHAR, QUERY};

#[derive(Clone, Copy, Debug)]
pub(super) struct Var<'t> {
    pub(super) name: &'t str,
    pub(super) explode: bool,
    pub(super) prefix: Option<u16>,
}

// The body table inline keeps the scan to one load per byte; a template
// has a handful of elements, so the size does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub(super) enum Elem<'t> {
    /// A literal, as expansion writes it.
    Lit(String),
    /// An expression (for `?` and `&`: a run of them, matched as one set of
    /// parameters).
    Expr {
        op: Op,
        vars: Vec<Var<'t>>,
        index: usize,
        /// What its values and separators may hold, after the leading
        /// character.
        body: CharClass,
        /// What its values may hold in the lenient modes.
        lbody: CharClass,
        /// For a `+` or `#` expression followed by literals and then a `?`
        /// query (only the lenient modes compile those): the literals'
        /// length, since its value ends that much before the first `?`.
        until_query: Option<usize>,
        /// `{?a}{&b}` starts with `&` when `a` is undefined.
        alt_lead: Option<u8>,
        /// Whether its values are path segments (not query or fragment).
        path: bool,
        /// For named expressions: (name, index in `vars`) sorted by name,
        /// to find a parameter's variable without a walk over all of them.
        lookup: Vec<(&'t str, usize)>,
    },
}

/// What the body of an expression may hold (in the exact mode).
pub(super) fn body_class(op: Op, vars: &[Var<'_>]) -> CharClass {
    if op.allows_reserved() {
        return ALLOW_UR.with_bytes(b"%");
    }
    let mut c = ALLOW_U.with_bytes(b"%,");
    if op.named() {
        c = c.with_bytes(b"=").with_bytes(&[op.sep()]);
    } else if vars.len() > 1 || vars.iter().any(|v| v.explode) {
        c = c.with_bytes(&[op.sep()]);
        if vars.iter().any(|v| v.explode) {
            // Exploded associative arrays write `key=value`.
            c = c.with_bytes(b"=");
        }
    }
    c
}

/// Whether `b` holds `lit` at `p`. A byte loop: literals are short, and a
/// call to `memcmp` for each costs more than the comparison.
#[inline]
pub(super) fn lit_at(b: &[u8], p: usize, lit: &[u8]) -> bool {
    match b.get(p..p + lit.len()) {
        Some(here) => here.iter().zip(lit).all(|(x, y)| x == y),
        None => false,
    }
}

/// `uri` without the closing literal `tail`, if it ends with it.
#[inline]
pub(super) fn strip_tail<'u>(uri: &'u str, tail: &str) -> Option<&'u str> {
    if tail.is_empty() {
        return Some(uri);
    }
    let cut = uri.len().checked_sub(tail.len())?;
    (lit_at(uri.as_bytes(), cut, tail.as_bytes()) && uri.is_char_boundary(cut)).then(|| &uri[..cut])
}

/// The characters an expression may start with: its lead (and alternative
/// lead), or for an unnamed expression without one, any of its body's.
pub(super) fn leads(op: Op, body: &CharClass, alt_lead: Option<u8>) -> CharClass {
    match op.first().as_bytes().first() {
        Some(&c) => {
            let c = CharClass::EMPTY.with_bytes(&[c]);
            match alt_lead {
                Some(a) => c.with_bytes(&[a]),
                None => c,
            }
        }
        None => *body,
    }
}

/// What may come first after an element up to the next literal (the
/// leads of the expressions in between, which may all be empty), and that
/// literal's first byte; `next` steps it back over one element.
#[derive(Clone, Copy)]
pub(super) struct Follow {
    pub(super) exprs: CharClass,
    pub(super) lit: Option<u8>,
}

impl Follow {
    pub(super) const END: Follow = Follow {
        exprs: CharClass::EMPTY,
        lit: None,
    };

    /// What may follow the element before `elem`.
    pub(super) fn next(self, elem: &Elem<'_>) -> Follow {
        match elem {
            Elem::Lit(l) => Follow {
                exprs: CharClass::EMPTY,
                lit: l.as_bytes().first().copied(),
            },
            Elem::Expr {
                op, body, alt_lead, ..
            } => Follow {
                exprs: self.exprs.union(&leads(*op, body, *alt_lead)),
                lit: self.lit,
            },
        }
    }
}

/// `a` without the members of `s`.
fn minus(a: CharClass, s: &CharClass) -> CharClass {
    a.complement().union(s).complement()
}

/// When `elems[k]` is followed by literals without `?` or `#` and then a
/// `?` query: the literals' total length. A `+` or `#` expression there
/// is matchable leniently, its value ending at the first `?`.
pub(super) fn query_after(elems: &[Elem<'_>], k: usize) -> Option<usize> {
    let mut len = 0;
    for e in elems.get(k + 1..)? {
        match e {
            Elem::Lit(l) if !l.contains(['?', '#']) => len += l.len(),
            Elem::Expr { op: Op::Query, .. } => return Some(len),
            _ => return None,
        }
    }
    None
}

/// Fills in what reading needs beyond the exact pattern, once at compile
/// time: each expression's lenient body (what its values may hold raw,
/// short of what the template needs to see where they end), where a `+` or
/// `#` value ends before a query ([`query_after`]), and each named
/// expression's sorted names.
pub(super) fn prepare(elems: &mut [Elem<'_>]) {
    const QUERY_RAW: CharClass = QUERY.with_bytes(b"%");
    const PATH_RAW: CharClass = PCHAR.with_bytes(b"%");
    let mut follow = Follow::END;
    for k in (0..elems.len()).rev() {
        let next = follow.next(&elems[k]);
        let before_query = match &elems[k] {
            Elem::Expr { op, .. } if op.allows_reserved() => query_after(elems, k),
            _ => None,
        };
        if let Elem::Expr {
            op,
            vars,
            body,
            lbody,
            until_query,
            lookup,
            ..
        } = &mut elems[k]
        {
            *until_query = before_query;
            if op.named() {
                *lookup = vars.iter().enumerate().map(|(i, v)| (v.name, i)).collect();
                lookup.sort_unstable();
            }
            let stop = match follow.lit {
                Some(c) => follow.exprs.with_bytes(&[c]),
                None => follow.exprs,
            };
            *lbody = match op {
                Op::Query | Op::QueryContinuation => {
                    body.union(&minus(QUERY_RAW, &stop.with_bytes(b"#")))
                }
                Op::Reserved | Op::Fragment => *body,
                _ => body.union(&minus(PATH_RAW, &stop.with_bytes(b"/?#"))),
            };
        }
        follow = next;
    }
}

/// The index in `vars` of the variable named `name`, from the sorted
/// `lookup` of a named expression.
pub(super) fn find(lookup: &[(&str, usize)], name: &str) -> Option<usize> {
    lookup
        .binary_search_by(|(n, _)| (*n).cmp(name))
        .ok()
        .map(|k| lookup[k].1)
}
