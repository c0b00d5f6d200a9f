//! Matching: the inverse of expansion. Which variables make this URI?
//!
//! A [`Matcher`] is compiled from a [`Template`] once; compiling checks that
//! every URI can be read back in only one way and otherwise reports an
//! [`Ambiguity`] with its reason.

use crate::names::kind_names;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::Template;
pub use super::captures::Captures;
use super::decode::decode;
use super::expand::{encode, prefix};
use super::parse::{ALLOW_U, ALLOW_UR, Modifier, Op, Part, Parts};
use super::value::VarValue;
use crate::chars::CharClass;

/// Why a template cannot be matched unambiguously.
///
/// ```
/// use urikit::rfc6570::{AmbiguityKind, Template};
/// let err = Template::parse("{+base}/users/{id}")?.matcher().unwrap_err();
/// assert_eq!(err.kind(), AmbiguityKind::ReservedNotLast);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AmbiguityKind {
    /// An expression is followed by a literal or an expression that starts
    /// with a character its values may hold, as in `{a}{b}` or `{/a}{/b}`.
    AdjacentExpressions,
    /// An expression is followed by a literal that starts with a character
    /// its values may hold, as in `{a}-{b}` (`-` is unreserved). A literal
    /// at the very end is fine: `{name}.json` matches.
    DelimiterInValue,
    /// A `+` or `#` expression that is not the last thing in the template
    /// (apart from a closing literal): its values may hold any character.
    ReservedNotLast,
    /// A `+` or `#` expression with more than one variable or with `*`:
    /// commas in values pass through and cannot be told from separators.
    ReservedList,
    /// A `.` expression with more than one variable or with `*`: values
    /// may hold unencoded dots.
    LabelList,
    /// A `*` variable that is not the last of its unnamed expression.
    ExplodeNotLast,
    /// The same variable appears twice.
    RepeatedVariable,
}

impl AmbiguityKind {
    /// The lower-case reason used in messages.
    ///
    /// ```
    /// use urikit::rfc6570::AmbiguityKind;
    /// assert_eq!(AmbiguityKind::RepeatedVariable.message(), "variable appears more than once");
    /// ```
    pub const fn message(self) -> &'static str {
        match self {
            AmbiguityKind::AdjacentExpressions => {
                "expression followed by an expression that may start with a character of its values"
            }
            AmbiguityKind::DelimiterInValue => {
                "expression followed by a literal that starts with a character of its values"
            }
            AmbiguityKind::ReservedNotLast => {
                "reserved or fragment expansion not at the end of the template"
            }
            AmbiguityKind::ReservedList => {
                "reserved or fragment expansion with several variables or explode"
            }
            AmbiguityKind::LabelList => "label expansion with several variables or explode",
            AmbiguityKind::ExplodeNotLast => "exploded variable not last in its expression",
            AmbiguityKind::RepeatedVariable => "variable appears more than once",
        }
    }
}

kind_names! {
    /// A short stable name, suitable for machine output.
    ///
    /// ```
    /// use urikit::rfc6570::AmbiguityKind;
    /// assert_eq!(AmbiguityKind::ReservedNotLast.name(), "reserved-not-last");
    /// ```
    AmbiguityKind {
        AmbiguityKind::AdjacentExpressions => "adjacent-expressions",
        AmbiguityKind::DelimiterInValue => "delimiter-in-value",
        AmbiguityKind::ReservedNotLast => "reserved-not-last",
        AmbiguityKind::ReservedList => "reserved-list",
        AmbiguityKind::LabelList => "label-list",
        AmbiguityKind::ExplodeNotLast => "explode-not-last",
        AmbiguityKind::RepeatedVariable => "repeated-variable",
    }
}

/// A template that cannot be matched unambiguously: the reason and the
/// byte index of the expression concerned.
///
/// ```
/// let err = urikit::rfc6570::Template::parse("/x/{a}{b}")?.matcher().unwrap_err();
/// assert_eq!(err.index(), 3);
/// assert_eq!(err.to_string(),
///     "template not matchable: expression followed by an expression that may start with a character of its values at index 3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ambiguity {
    index: usize,
    kind: AmbiguityKind,
}

impl Ambiguity {
    /// The byte index of the expression concerned.
    ///
    /// ```
    /// let err = urikit::rfc6570::Template::parse("{a}{a}")?.matcher().unwrap_err();
    /// assert_eq!(err.index(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }

    /// The reason.
    ///
    /// ```
    /// use urikit::rfc6570::{AmbiguityKind, Template};
    /// let err = Template::parse("{.a,b}")?.matcher().unwrap_err();
    /// assert_eq!(err.kind(), AmbiguityKind::LabelList);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn kind(&self) -> AmbiguityKind {
        self.kind
    }
}

impl fmt::Display for Ambiguity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "template not matchable: {} at index {}",
            self.kind.message(),
            self.index
        )
    }
}

impl core::error::Error for Ambiguity {}

#[derive(Clone, Copy, Debug)]
struct Var<'t> {
    name: &'t str,
    explode: bool,
    prefix: Option<u16>,
}

// The body table inline keeps the scan to one load per byte; a template
// has a handful of elements, so the size does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum Elem<'t> {
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
        /// `{?a}{&b}` starts with `&` when `a` is undefined.
        alt_lead: Option<u8>,
    },
}

/// A template compiled for matching.
///
/// # What is matchable
///
/// A URI matches when some values expand to exactly it, with two
/// liberties: query parameters (`{?a,b}{&c}`) may come in any order, and
/// percent-encoding is decoded whatever case its hex digits have.
/// Matching reads URIs left to right without backtracking, so compiling
/// rejects (with an [`Ambiguity`]) templates where that could go wrong:
///
/// - an expression must be followed by a literal or an expression whose
///   first character its values cannot hold (`/{a}/{b}`, `{a}{/b}`,
///   `{/a}{?q}` are fine, `{a}{b}` and `{a}-{b}` are not); a literal that
///   ends the template is matched from the end, so `/f/{name}.json` is fine;
/// - `+` and `#` expressions (whose values may hold anything) must come
///   last, apart from a closing literal, and have one variable, without `*`;
/// - `.` expressions have one variable, without `*`;
/// - a `*` variable comes last in its expression, unless the expression is
///   named (`;`, `?`, `&`); no variable appears twice.
///
/// # What comes back
///
/// Values are percent-decoded (and must be UTF-8). In `+` and `#`
/// expressions, which pass a value's own triplets through, only the
/// triplets expansion itself writes are decoded: upper-case, of whole UTF-8
/// characters outside the unreserved and reserved sets (`%20` gives a
/// space, `%C3%A9` gives `é`, but `%2F`, `%c3%a9` and `%FF` stay as they
/// are). Then:
///
/// - a variable with `*` gives a list (`{/path*}`, or all the `x=` of
///   `{?x*}`), or an associative array: in an unnamed expression when
///   every piece is `key=value` (`{/keys*}` on `/a=1/b=2`), in a named one
///   when there are parameters the template does not name (`{?q,rest*}` on
///   `?q=1&a=2`: `rest = [(a, 2)]`); with two `*` variables in one named
///   expression such parameters fail the match instead; a pair whose key
///   is the name of another variable of the expression is that variable's
///   when it comes first;
/// - a variable without `*` gives a string, or a list when its text holds
///   commas (`{?ids}` on `?ids=1,2`), except in `+` and `#`;
/// - in a simple expression (`{x,y}`, whose separator is the comma that
///   also joins list members) every variable but the last is read as a
///   string: `{x,y}` on `1,2,3` gives `x = 1`, `y = [2, 3]`;
/// - a variable that expanded to nothing is absent: a missing query
///   parameter, a missing `{/x}` or `{#x}`, an empty `{x}` (expansion writes
///   nothing for undefined and empty there). Unnamed expressions with
///   several variables give their pieces to the first ones (`{/a,b}` on
///   `/1` gives `a`);
/// - a prefix `{x:3}` gives the prefix;
/// - a query parameter the template does not name, or named twice when
///   its variable has no `*`, fails the match (but for the exploded
///   associative array above).
///
/// ```
/// use urikit::rfc6570::{Template, VarValue};
/// let t = Template::parse("/repos/{owner}/{repo}/issues{?state,labels*}")?;
/// let m = t.matcher()?;
/// let c = m.matches("/repos/o/r/issues?labels=bug&state=open&labels=ui").unwrap();
/// assert_eq!(c.get_str("state"), Some("open"));
/// assert_eq!(c.get("labels"), Some(&VarValue::List(vec!["bug".into(), "ui".into()])));
/// assert!(m.matches("/repos/o/r/pulls").is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Matcher<'t> {
    template: Template<'t>,
    elems: Vec<Elem<'t>>,
    /// The closing literal, matched from the end.
    tail: String,
}

/// What the body of an expression may hold.
fn body_class(op: Op, vars: &[Var<'_>]) -> CharClass {
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

impl<'t> Matcher<'t> {
    /// Compiles a template, as [`Template::matcher`] does.
    ///
    /// ```
    /// use urikit::rfc6570::{Matcher, Template};
    /// let m = Matcher::new(Template::parse("/a/{b}")?)?;
    /// assert_eq!(m.template().as_str(), "/a/{b}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(template: Template<'t>) -> Result<Matcher<'t>, Ambiguity> {
        let mut elems: Vec<Elem<'t>> = Vec::new();
        let mut names: Vec<&'t str> = Vec::new();
        for part in Parts::new(template.as_str()) {
            match part {
                Part::Literal(l) => {
                    let mut s = String::new();
                    // Literals are written as expansion writes them.
                    let _ = encode(&mut s, l, true, false);
                    elems.push(Elem::Lit(s));
                }
                Part::Expr(e) => {
                    let index = e.index();
                    let mut vars = Vec::new();
                    for v in e.varspecs() {
                        if names.contains(&v.name()) {
                            return Err(Ambiguity {
                                index,
                                kind: AmbiguityKind::RepeatedVariable,
                            });
                        }
                        names.push(v.name());
                        vars.push(Var {
                            name: v.name(),
                            explode: v.modifier() == Modifier::Explode,
                            prefix: match v.modifier() {
                                Modifier::Prefix(n) => Some(n),
                                _ => None,
                            },
                        });
                    }
                    let op = e.op();
                    let several = vars.len() > 1 || vars.iter().any(|v| v.explode);
                    if op.allows_reserved() && several {
                        return Err(Ambiguity {
                            index,
                            kind: AmbiguityKind::ReservedList,
                        });
                    }
                    if op == Op::Label && several {
                        return Err(Ambiguity {
                            index,
                            kind: AmbiguityKind::LabelList,
                        });
                    }
                    if !op.named() && vars[..vars.len() - 1].iter().any(|v| v.explode) {
                        return Err(Ambiguity {
                            index,
                            kind: AmbiguityKind::ExplodeNotLast,
                        });
                    }
                    // `{?a}{&b}`: one set of query parameters.
                    if op == Op::QueryContinuation
                        && let Some(Elem::Expr {
                            op: pop @ (Op::Query | Op::QueryContinuation),
                            vars: prev,
                            alt_lead,
                            ..
                        }) = elems.last_mut()
                    {
                        if *pop == Op::Query {
                            *alt_lead = Some(b'&');
                        }
                        prev.extend(vars);
                        continue;
                    }
                    let body = body_class(op, &vars);
                    elems.push(Elem::Expr {
                        op,
                        vars,
                        index,
                        body,
                        alt_lead: None,
                    });
                }
            }
        }
        let tail = match elems.last() {
            Some(Elem::Lit(_)) => match elems.pop() {
                Some(Elem::Lit(s)) => s,
                _ => String::new(),
            },
            _ => String::new(),
        };
        check(&elems)?;
        Ok(Matcher {
            template,
            elems,
            tail,
        })
    }

    /// The template.
    ///
    /// ```
    /// let t = urikit::rfc6570::Template::parse("{x}")?;
    /// assert_eq!(t.matcher()?.template(), t);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn template(&self) -> Template<'t> {
        self.template
    }

    /// The variables that expand to `uri`, decoded, or `None` when there
    /// are none. See the type's documentation for the rules.
    ///
    /// ```
    /// let m = urikit::rfc6570::Template::parse("/u/{id}{?tab}")?.matcher()?;
    /// let c = m.matches("/u/%C3%A9t%C3%A9?tab=x").unwrap();
    /// assert_eq!(c.get_str("id"), Some("été"));
    /// assert!(m.matches("/u/a/b").is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn matches(&self, uri: &str) -> Option<Captures<'t>> {
        // Most URIs a router tries fail on a literal: find that out before
        // decoding and allocating anything.
        if !self.scan(uri) {
            return None;
        }
        let mut caps = Captures { vars: Vec::new() };
        let s = strip_tail(uri, &self.tail)?;
        let b = s.as_bytes();
        let mut p = 0;
        let last = self.elems.len().wrapping_sub(1);
        for (k, elem) in self.elems.iter().enumerate() {
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
                    body,
                    alt_lead,
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
                    while p < b.len() && body.contains(b[p]) {
                        p += 1;
                    }
                    if k == last && p != b.len() {
                        return None;
                    }
                    let text = &s[start..p];
                    if lead.is_empty() && text.is_empty() {
                        continue;
                    }
                    read_expr(*op, vars, text, &mut caps)?;
                }
            }
        }
        (p == b.len()).then_some(caps)
    }
}

/// Whether `b` holds `lit` at `p`. A byte loop: literals are short, and a
/// call to `memcmp` for each costs more than the comparison.
#[inline]
fn lit_at(b: &[u8], p: usize, lit: &[u8]) -> bool {
    match b.get(p..p + lit.len()) {
        Some(here) => here.iter().zip(lit).all(|(x, y)| x == y),
        None => false,
    }
}

/// `uri` without the closing literal `tail`, if it ends with it.
#[inline]
fn strip_tail<'u>(uri: &'u str, tail: &str) -> Option<&'u str> {
    if tail.is_empty() {
        return Some(uri);
    }
    let cut = uri.len().checked_sub(tail.len())?;
    (lit_at(uri.as_bytes(), cut, tail.as_bytes()) && uri.is_char_boundary(cut)).then(|| &uri[..cut])
}

impl Matcher<'_> {
    /// The literal every match starts with (possibly empty).
    pub(crate) fn leading_literal(&self) -> &str {
        match self.elems.first() {
            Some(Elem::Lit(l)) => l,
            Some(Elem::Expr { .. }) => "",
            None => &self.tail,
        }
    }

    /// Whether `uri` has the template's shape: its literals where they
    /// belong and, between them, only characters the expressions may write.
    /// `matches` then reads the values.
    fn scan(&self, uri: &str) -> bool {
        let Some(s) = strip_tail(uri, &self.tail) else {
            return false;
        };
        let b = s.as_bytes();
        let mut p = 0;
        for elem in &self.elems {
            match elem {
                Elem::Lit(l) => {
                    if !lit_at(b, p, l.as_bytes()) {
                        return false;
                    }
                    p += l.len();
                }
                Elem::Expr {
                    op, body, alt_lead, ..
                } => {
                    if let Some(&lead) = op.first().as_bytes().first() {
                        let c = b.get(p).copied();
                        if c != Some(lead) && (c.is_none() || c != *alt_lead) {
                            continue;
                        }
                        p += 1;
                    }
                    while p < b.len() && body.contains(b[p]) {
                        p += 1;
                    }
                }
            }
        }
        p == b.len()
    }
}

/// Checks that reading left to right, stopping each expression at the
/// first character its values cannot hold, finds the only reading.
fn check(elems: &[Elem<'_>]) -> Result<(), Ambiguity> {
    // The characters that may come first after position k (256 = the end).
    for (k, elem) in elems.iter().enumerate() {
        let Elem::Expr {
            op,
            body,
            index,
            alt_lead,
            ..
        } = elem
        else {
            continue;
        };
        let index = *index;
        let leads = [op.first().as_bytes().first().copied(), *alt_lead];
        if k + 1 == elems.len() {
            break;
        }
        if op.allows_reserved() {
            return Err(Ambiguity {
                index,
                kind: AmbiguityKind::ReservedNotLast,
            });
        }
        let is_lead = |c: u8| leads.contains(&Some(c));
        // Walk what follows until something that cannot be empty.
        for next in &elems[k + 1..] {
            match next {
                Elem::Lit(l) => {
                    let c = l.as_bytes()[0];
                    if body.contains(c) || is_lead(c) {
                        return Err(Ambiguity {
                            index,
                            kind: AmbiguityKind::DelimiterInValue,
                        });
                    }
                    break;
                }
                Elem::Expr {
                    op: nop,
                    body: nbody,
                    alt_lead: nalt,
                    ..
                } => {
                    let clash = match nop.first().as_bytes().first() {
                        Some(&c) => [Some(c), *nalt]
                            .into_iter()
                            .flatten()
                            .any(|c| body.contains(c) || is_lead(c)),
                        None => (0..=255u8)
                            .any(|c| nbody.contains(c) && (body.contains(c) || is_lead(c))),
                    };
                    if clash {
                        return Err(Ambiguity {
                            index,
                            kind: AmbiguityKind::AdjacentExpressions,
                        });
                    }
                }
            }
        }
    }
    Ok(())
}

/// A string or, when it holds commas, a list.
fn value_of(text: &str, v: &Var<'_>) -> Option<VarValue> {
    if v.explode || text.contains(',') {
        return text
            .split(',')
            .map(|p| decode(p, false))
            .collect::<Option<Vec<_>>>()
            .map(VarValue::List);
    }
    let s = decode(text, false)?;
    if v.prefix
        .is_some_and(|n| prefix(&s, n, false).len() < s.len())
    {
        return None;
    }
    Some(VarValue::String(s))
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

fn read_expr<'t>(op: Op, vars: &[Var<'t>], text: &str, caps: &mut Captures<'t>) -> Option<()> {
    if op.allows_reserved() {
        let v = vars.first()?;
        let s = decode(text, true)?;
        // No longer than the prefix, counted as expansion counts it (a
        // triplet as one character).
        if v.prefix
            .is_some_and(|n| prefix(&s, n, true).len() < s.len())
        {
            return None;
        }
        caps.vars.push((v.name, VarValue::String(s)));
        return Some(());
    }
    let sep = op.sep() as char;
    if op.named() {
        let start = caps.vars.len();
        // Parameters for the exploded variable: its own name's, and any
        // the template does not name (an exploded associative array).
        let mut rest: Vec<(&str, String)> = Vec::new();
        let wild = {
            let mut ex = vars.iter().filter(|v| v.explode);
            match (ex.next(), ex.next()) {
                (Some(v), None) => Some(v),
                _ => None,
            }
        };
        for param in text.split(sep) {
            let (name, value) = match param.split_once('=') {
                Some((n, v)) => (n, v),
                // `;x` is how `;` writes an empty value; `?` writes `x=`.
                None if op == Op::PathParam => (param, ""),
                None => return None,
            };
            let Some(v) = vars
                .iter()
                .find(|v| v.name == name && !(v.explode && wild.is_some_and(|w| w.name == name)))
            else {
                wild?;
                rest.push((name, decode(value, false)?));
                continue;
            };
            let seen = caps.vars[start..].iter_mut().find(|(n, _)| *n == v.name);
            match (seen, v.explode) {
                (Some((_, VarValue::List(items))), true) => items.push(decode(value, false)?),
                // A second `a=`: from an exploded associative array.
                (Some(_), _) if wild.is_some() => rest.push((name, decode(value, false)?)),
                (Some(_), _) => return None,
                // `;` writes an empty string as `;x`: `;x=` is a list of
                // one empty string.
                (None, false)
                    if op == Op::PathParam && param.ends_with('=') && value.is_empty() =>
                {
                    caps.vars
                        .push((v.name, VarValue::List(alloc::vec![String::new()])))
                }
                (None, true) => caps
                    .vars
                    .push((v.name, VarValue::List(alloc::vec![decode(value, false)?]))),
                (None, false) => caps.vars.push((v.name, value_of(value, v)?)),
            }
        }
        if let (Some(w), false) = (wild, rest.is_empty()) {
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
        return Some(());
    }
    // The last variable takes whatever is left: the rest of an exploded
    // list, or the rest of a comma-separated one.
    let mut pieces = text.splitn(vars.len(), sep);
    for (k, v) in vars.iter().enumerate() {
        let Some(piece) = pieces.next() else { break };
        let value = if k + 1 < vars.len() {
            value_of(piece, v)?
        } else if v.explode {
            exploded(piece, sep)?
        } else if op == Op::PathSegment && piece.contains('/') {
            return None;
        } else {
            value_of(piece, v)?
        };
        caps.vars.push((v.name, value));
    }
    Some(())
}
