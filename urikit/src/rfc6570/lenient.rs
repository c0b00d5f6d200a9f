//! Lenient matching: reading URIs the way real clients write them, beside
//! the exact inverse of expansion. See [`MatchMode`].

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::captures::{Captures, Hazard, HazardKind};
use super::decode::decode;
use super::expand::prefix;
use super::matching::{Elem, Follow, Matcher, Var, exploded, find, lit_at, strip_tail};
use super::parse::Op;
use super::value::VarValue;
use crate::chars::{CharClass, PCHAR, QUERY};
use crate::names::kind_names;

/// How a [`Matcher`](super::Matcher) reads a URI.
///
/// - [`MatchMode::Exact`] (the default): the exact inverse of expansion. A
///   URI matches when some values expand to exactly it (query parameters
///   in any order aside), so a value must be written the way its operator
///   encodes it, and a query parameter the template does not name fails
///   the match.
/// - [`MatchMode::Lenient`]: what real clients send. Query parameters of
///   `{?…}`/`{&…}` come in any order, each optional; parameters the
///   template does not name are left in [`Captures::rest`] (as written);
///   a query value ends only at `&` or `#`, and every other character a
///   query may hold is accepted raw (`+` stays `+`); the first of
///   duplicate parameters wins unless the variable has `*`, which
///   collects them all; parameter names are compared as written, never
///   decoded, so `%74oken=` cannot stand for `token`. The first variable
///   with `*` of a query (`{?map*}`, `{?q,map*}`, `{&map*}`) is an
///   exploded associative array: it takes the parameters the template
///   does not name (instead of the rest), with its own, in URI order, all
///   duplicates kept, keys and values decoded; when only its own name
///   comes, it is a list (`{?id*}` on `?id=1&id=2`). Path values accept
///   raw `pchar`s (`:`, `@`, sub-delims) except where the template needs
///   the character to see where the value ends. Values are decoded in
///   full and are strings (commas do not make lists), `+` and `#`
///   expressions included.
/// - In the lenient modes (only: [`Matcher::with_mode`](super::Matcher::with_mode)), a `+` or `#`
///   expression may be followed by literals and then a `?` query, as in
///   `{+path}{?q}`, `file:///{+path}{?v}` or `{+base}/x{?a,b}`: its value
///   ends at the first `?` in the URI (before those literals), so it
///   cannot hold a raw `?` there (one written `%3F` is decoded). Exact
///   matching refuses these templates, since a reserved value may hold `?`.
/// - [`MatchMode::LenientForm`]: lenient, and a `+` in a query value is a
///   space (`application/x-www-form-urlencoded`), as HTML forms write it.
///
/// In every mode a decoded path value that could walk out of a directory
/// is reported in [`Captures::hazards`]: a `/` or `\` in a value of a
/// single segment (`{x}`, `{/x}`, each member of `{/x*}`), a value that is
/// `.` or `..` there, or a `..` segment in a `{+x}` value.
///
/// Lenient matching reads the URI once, left to right, without going
/// back: linear in the URI's length. URIs longer than
/// [`DEFAULT_MAX_URI_LEN`] do not match unless the limit is raised with
/// [`Matcher::max_uri_len`](super::Matcher::max_uri_len).
///
/// ```
/// use urikit::rfc6570::{HazardKind, MatchMode, Template};
/// let t = Template::parse("/search{?q,page}")?;
/// let exact = t.matcher()?;
/// let lenient = t.matcher()?.mode(MatchMode::Lenient);
/// for uri in ["/search?q=a+b", "/search?q=a:b", "/search?q=x&page=2&utm=1"] {
///     assert!(exact.matches(uri).is_none());
///     assert!(lenient.matches(uri).is_some());
/// }
/// let c = lenient.matches("/search?page=2&q=x&utm=1&q=y").unwrap();
/// assert_eq!((c.get_str("q"), c.get_str("page")), (Some("x"), Some("2")));
/// assert_eq!(c.rest(), [("utm".to_string(), "1".to_string())]);
///
/// let files = Template::parse("/files/{name}")?.matcher()?.lenient();
/// let c = files.matches("/files/..%2Fetc%2Fpasswd").unwrap();
/// assert_eq!(c.get_str("name"), Some("../etc/passwd"));
/// assert_eq!(c.hazards()[0].kind(), HazardKind::SeparatorInSegment);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MatchMode {
    /// The exact inverse of expansion.
    #[default]
    Exact,
    /// What clients send (see the type's documentation).
    Lenient,
    /// Lenient, and `+` in a query value is a space.
    LenientForm,
}

impl MatchMode {
    /// A stable name: `exact`, `lenient`, `lenient-form`.
    ///
    /// ```
    /// assert_eq!(urikit::rfc6570::MatchMode::LenientForm.name(), "lenient-form");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            MatchMode::Exact => "exact",
            MatchMode::Lenient => "lenient",
            MatchMode::LenientForm => "lenient-form",
        }
    }
}

/// The longest URI the lenient modes match by default, in bytes (64 KiB).
/// The exact mode has no limit unless one is set.
pub const DEFAULT_MAX_URI_LEN: usize = 65_536;

/// Why a URI was not read at all.
///
/// ```
/// use urikit::rfc6570::MatchErrorKind;
/// assert_eq!(MatchErrorKind::UriTooLong.message(), "uri longer than the matching limit");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MatchErrorKind {
    /// The URI is longer than the matcher's limit
    /// ([`Matcher::max_uri_len`](super::Matcher::max_uri_len)).
    UriTooLong,
    /// The matcher was compiled for a lenient mode and its template cannot
    /// be read in the exact one ([`Matcher::exact_ambiguity`](super::Matcher::exact_ambiguity)).
    LenientOnly,
}

kind_names! {
    /// A stable kebab-case name.
    ///
    /// ```
    /// assert_eq!(urikit::rfc6570::MatchErrorKind::UriTooLong.name(), "uri-too-long");
    /// ```
    MatchErrorKind {
        MatchErrorKind::UriTooLong => "uri-too-long",
        MatchErrorKind::LenientOnly => "lenient-only",
    }
}

impl MatchErrorKind {
    /// The lower-case description used in messages.
    ///
    /// ```
    /// assert!(urikit::rfc6570::MatchErrorKind::UriTooLong.message().starts_with("uri"));
    /// ```
    pub const fn message(self) -> &'static str {
        match self {
            MatchErrorKind::UriTooLong => "uri longer than the matching limit",
            MatchErrorKind::LenientOnly => {
                "template matchable in the lenient modes only, not the exact one"
            }
        }
    }
}

/// A URI that was not read: why, and the byte index concerned (for
/// [`MatchErrorKind::UriTooLong`], the limit; for
/// [`MatchErrorKind::LenientOnly`], the template expression concerned).
///
/// ```
/// let m = urikit::rfc6570::Template::parse("/{x}")?.matcher()?.max_uri_len(3);
/// let err = m.try_matches("/abcd").unwrap_err();
/// assert_eq!(err.index(), 3);
/// assert_eq!(err.to_string(), "uri longer than the matching limit at index 3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchError {
    pub(super) index: usize,
    pub(super) kind: MatchErrorKind,
}

impl MatchError {
    /// The byte index.
    ///
    /// ```
    /// let m = urikit::rfc6570::Template::parse("{x}")?.matcher()?.max_uri_len(1);
    /// assert_eq!(m.try_matches("ab").unwrap_err().index(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }

    /// What went wrong.
    ///
    /// ```
    /// use urikit::rfc6570::MatchErrorKind;
    /// let m = urikit::rfc6570::Template::parse("{x}")?.matcher()?.max_uri_len(1);
    /// assert_eq!(m.try_matches("ab").unwrap_err().kind(), MatchErrorKind::UriTooLong);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn kind(&self) -> MatchErrorKind {
        self.kind
    }
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at index {}", self.kind.message(), self.index)
    }
}

impl core::error::Error for MatchError {}

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

/// Fills in what lenient matching needs: each expression's lenient body
/// (what its values may hold raw, short of what the template needs to see
/// where they end) and each named expression's sorted names.
pub(super) fn prepare(elems: &mut [Elem<'_>]) {
    const QUERY_RAW: CharClass = QUERY.with_bytes(b"%");
    const PATH_RAW: CharClass = PCHAR.with_bytes(b"%");
    let mut follow = Follow::END;
    for k in (0..elems.len()).rev() {
        let next = follow.next(&elems[k]);
        if let Elem::Expr {
            op,
            vars,
            body,
            lbody,
            lookup,
            ..
        } = &mut elems[k]
        {
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

/// The lenient reading of `uri` (see [`MatchMode`]).
pub(super) fn matches<'t>(m: &Matcher<'t>, uri: &str, form: bool) -> Option<Captures<'t>> {
    let s = strip_tail(uri, &m.tail)?;
    let b = s.as_bytes();
    let mut p = 0;
    let last = m.elems.len().wrapping_sub(1);
    let mut caps = Captures::default();
    for (k, elem) in m.elems.iter().enumerate() {
        match elem {
            Elem::Lit(l) => {
                if !lit_at(b, p, l.as_bytes()) {
                    return None;
                }
                p += l.len();
            }
            Elem::Expr {
                op,
                vars,
                lbody,
                alt_lead,
                path,
                lookup,
                ..
            } => {
                let lead = op.first().as_bytes();
                if !lead.is_empty() {
                    let c = b.get(p).copied();
                    if c != Some(lead[0]) && (c.is_none() || c != *alt_lead) {
                        continue;
                    }
                    p += 1;
                }
                let start = p;
                let end = match op.allows_reserved().then(|| query_after(&m.elems, k)) {
                    // `{+path}{?q}`: up to the first `?`, less the literals.
                    Some(Some(lits)) => {
                        let q = b[p..].iter().position(|&c| c == b'?');
                        q.map_or(b.len(), |q| p + q).checked_sub(lits)?
                    }
                    _ => b.len(),
                };
                if end < p {
                    return None;
                }
                while p < end && lbody.contains(b[p]) {
                    p += 1;
                }
                if end < b.len() && p != end {
                    return None;
                }
                if k == last && p != b.len() {
                    return None;
                }
                let text = &s[start..p];
                if lead.is_empty() && text.is_empty() {
                    continue;
                }
                let before = caps.vars.len();
                read(*op, vars, lookup, text, form, &mut caps)?;
                if *path {
                    hazards(*op, &mut caps, before);
                }
            }
        }
    }
    (p == b.len()).then_some(caps)
}

/// `text` decoded (`+` as a space when asked).
fn text_of(text: &str, plus_is_space: bool) -> Option<String> {
    if plus_is_space && text.contains('+') {
        decode(&text.replace('+', " "), false)
    } else {
        decode(text, false)
    }
}

/// A string value, no longer than the variable's prefix.
fn string(v: &Var<'_>, text: &str, plus_is_space: bool) -> Option<VarValue> {
    let s = text_of(text, plus_is_space)?;
    if v.prefix
        .is_some_and(|n| prefix(&s, n, false).len() < s.len())
    {
        return None;
    }
    Some(VarValue::String(s))
}

fn read<'t>(
    op: Op,
    vars: &[Var<'t>],
    lookup: &[(&'t str, usize)],
    text: &str,
    form: bool,
    caps: &mut Captures<'t>,
) -> Option<()> {
    let sep = op.sep() as char;
    if op.named() {
        let form = form && op != Op::PathParam;
        // The exploded associative array: the first `*` variable takes the
        // parameters the template does not name, with its own, in order.
        let wild = vars.iter().position(|v| v.explode);
        let mut pairs: Vec<(String, String)> = Vec::new();
        let mut unnamed = false;
        // Where each variable's value is in `caps.vars`, once read.
        let mut slot: Vec<usize> = alloc::vec![usize::MAX; vars.len()];
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
                pairs.push((text_of(name, form)?, text_of(value, form)?));
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
                let value = if v.explode {
                    let VarValue::String(s) = string(v, value, form)? else {
                        return None;
                    };
                    VarValue::List(alloc::vec![s])
                } else {
                    string(v, value, form)?
                };
                caps.vars.push((v.name, value));
            } else if v.explode
                && let (VarValue::String(s), VarValue::List(items)) =
                    (string(v, value, form)?, &mut caps.vars[at].1)
            {
                items.push(s);
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
        return Some(());
    }
    if op.allows_reserved() {
        let v = vars.first()?;
        let value = string(v, text, false)?;
        caps.vars.push((v.name, value));
        return Some(());
    }
    // As in the exact mode, the last variable takes whatever is left.
    let mut pieces = text.splitn(vars.len(), sep);
    for (k, v) in vars.iter().enumerate() {
        let Some(piece) = pieces.next() else { break };
        let value = if k + 1 == vars.len() && v.explode {
            exploded(piece, sep)?
        } else {
            string(v, piece, false)?
        };
        caps.vars.push((v.name, value));
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
pub(super) fn hazards<'t>(op: Op, caps: &mut Captures<'t>, before: usize) {
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
