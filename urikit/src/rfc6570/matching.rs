//! Matching: the inverse of expansion. Which variables make this URI?
//!
//! A [`Matcher`] is compiled from a [`Template`] once; compiling checks that
//! every URI can be read back in only one way and otherwise reports an
//! [`Ambiguity`] with its reason.

use alloc::string::String;
use alloc::vec::Vec;

use super::Template;
use super::ambiguity::check;
pub use super::ambiguity::{Ambiguity, AmbiguityKind};
pub use super::captures::Captures;
use super::decode::decode;
use super::expand::{encode, prefix};
use super::lenient::{DEFAULT_MAX_URI_LEN, MatchError, MatchErrorKind, MatchMode};
use super::parse::{ALLOW_U, ALLOW_UR, Modifier, Op, Part, Parts};
use super::value::VarValue;
use crate::chars::CharClass;

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
        /// What its values may hold in lenient mode.
        lbody: CharClass,
        /// `{?a}{&b}` starts with `&` when `a` is undefined.
        alt_lead: Option<u8>,
        /// Whether its values are path segments (not query or fragment).
        path: bool,
        /// For named expressions: (name, index in `vars`) sorted by name,
        /// to find a parameter's variable without a walk over all of them.
        lookup: Vec<(&'t str, usize)>,
    },
}

/// The longest template [`Matcher::new`] compiles, in bytes: 1 MiB.
/// Compiling is linear in the template's length; the limit bounds the
/// memory of a matcher compiled from text that comes from elsewhere.
pub const MAX_TEMPLATE_LEN: usize = 1 << 20;

/// The first variable that appears a second time, as an [`Ambiguity`] at
/// the expression of its second appearance (the earliest such).
fn repeated(names: &mut [(&str, usize)]) -> Option<Ambiguity> {
    // A stable sort keeps each name's appearances in template order.
    names.sort_by(|a, b| a.0.cmp(b.0));
    names
        .windows(2)
        .filter(|w| w[0].0 == w[1].0)
        .map(|w| w[1].1)
        .min()
        .map(|index| Ambiguity {
            index,
            kind: AmbiguityKind::RepeatedVariable,
        })
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
///   last, apart from a closing literal (in the lenient modes, literals
///   and a `?` query may follow: [`Matcher::with_mode`]), and have one
///   variable, without `*`;
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
    pub(super) elems: Vec<Elem<'t>>,
    /// The closing literal, matched from the end.
    pub(super) tail: String,
    mode: MatchMode,
    max_uri_len: Option<usize>,
    /// Why the exact mode cannot read this template, when only the lenient
    /// modes can ([`Matcher::with_mode`]).
    exact_ambiguity: Option<Ambiguity>,
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
        Matcher::with_mode(template, MatchMode::Exact)
    }

    /// Compiles a template for matching in `mode`. In the lenient modes a
    /// `+` or `#` expression may be followed by literals and then a `?`
    /// query (`{+path}{?q}`, `{+base}/x{?a,b}`): its value ends at the
    /// first `?` (see [`MatchMode`]). Such a matcher cannot read in the
    /// exact mode ([`Matcher::exact_ambiguity`] says why).
    ///
    /// ```
    /// use urikit::rfc6570::{AmbiguityKind, MatchMode, Matcher, Template};
    /// let t = Template::parse("file:///{+path}{?v}")?;
    /// assert!(Matcher::new(t).is_err());
    /// let m = Matcher::with_mode(t, MatchMode::Lenient)?;
    /// let c = m.matches("file:///a/b%20c.txt?v=2").unwrap();
    /// assert_eq!((c.get_str("path"), c.get_str("v")), (Some("a/b c.txt"), Some("2")));
    /// assert_eq!(m.exact_ambiguity().unwrap().kind(), AmbiguityKind::ReservedNotLast);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_mode(template: Template<'t>, mode: MatchMode) -> Result<Matcher<'t>, Ambiguity> {
        if template.as_str().len() > MAX_TEMPLATE_LEN {
            return Err(Ambiguity {
                index: MAX_TEMPLATE_LEN,
                kind: AmbiguityKind::TemplateTooLong,
            });
        }
        let mut elems: Vec<Elem<'t>> = Vec::new();
        // Every variable with the index of its expression, checked for
        // repeats once (sorting), not against all earlier names each.
        let mut names: Vec<(&'t str, usize)> = Vec::new();
        // Past a `?` (in a literal or as an operator): captures are query
        // text, not path segments.
        let mut in_query = false;
        for part in Parts::new(template.as_str()) {
            match part {
                Part::Literal(l) => {
                    let mut s = String::new();
                    // Literals are written as expansion writes them.
                    let _ = encode(&mut s, l, true, false);
                    in_query |= s.contains('?');
                    elems.push(Elem::Lit(s));
                }
                Part::Expr(e) => {
                    let index = e.index();
                    let mut vars = Vec::new();
                    for v in e.varspecs() {
                        names.push((v.name(), index));
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
                    let kind = if op.allows_reserved() && several {
                        Some(AmbiguityKind::ReservedList)
                    } else if op == Op::Label && several {
                        Some(AmbiguityKind::LabelList)
                    } else if !op.named() && vars[..vars.len() - 1].iter().any(|v| v.explode) {
                        Some(AmbiguityKind::ExplodeNotLast)
                    } else {
                        None
                    };
                    if let Some(kind) = kind {
                        // A repeat at or before this expression comes first.
                        let e = Ambiguity { index, kind };
                        return Err(repeated(&mut names)
                            .filter(|r| r.index <= index)
                            .unwrap_or(e));
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
                    let path = !in_query && !matches!(op, Op::Fragment);
                    in_query |= matches!(op, Op::Query | Op::QueryContinuation);
                    let body = body_class(op, &vars);
                    elems.push(Elem::Expr {
                        op,
                        vars,
                        index,
                        body,
                        lbody: body,
                        alt_lead: None,
                        path,
                        lookup: Vec::new(),
                    });
                }
            }
        }
        if let Some(e) = repeated(&mut names) {
            return Err(e);
        }
        let tail = match elems.last() {
            Some(Elem::Lit(_)) => match elems.pop() {
                Some(Elem::Lit(s)) => s,
                _ => String::new(),
            },
            _ => String::new(),
        };
        let exact_ambiguity = match check(&elems, false) {
            Ok(()) => None,
            Err(e) if mode == MatchMode::Exact => return Err(e),
            Err(e) => {
                check(&elems, true)?;
                Some(e)
            }
        };
        super::lenient::prepare(&mut elems);
        Ok(Matcher {
            template,
            elems,
            tail,
            mode,
            max_uri_len: None,
            exact_ambiguity,
        })
    }

    /// Why the exact mode cannot read this template, when the matcher was
    /// compiled for a lenient mode that can ([`Matcher::with_mode`]);
    /// matching in the exact mode then fails with
    /// [`MatchErrorKind::LenientOnly`].
    ///
    /// ```
    /// use urikit::rfc6570::{MatchErrorKind, MatchMode, Matcher, Template};
    /// let m = Matcher::with_mode(Template::parse("{+path}{?q}")?, MatchMode::Lenient)?;
    /// assert_eq!(m.exact_ambiguity().unwrap().index(), 0);
    /// let err = m.mode(MatchMode::Exact).try_matches("/a?q=1").unwrap_err();
    /// assert_eq!(err.kind(), MatchErrorKind::LenientOnly);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn exact_ambiguity(&self) -> Option<Ambiguity> {
        self.exact_ambiguity
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
        self.matches_in(uri, self.mode).ok().flatten()
    }

    /// Reads `uri` in this matcher's [`MatchMode`] (exact unless set with
    /// [`Matcher::mode`] or [`Matcher::lenient`]), as [`Matcher::matches`]
    /// does, but says when the URI is over the length limit instead of
    /// answering `None`.
    ///
    /// ```
    /// use urikit::rfc6570::{MatchErrorKind, Template};
    /// let m = Template::parse("/search{?q}")?.matcher()?.lenient().max_uri_len(16);
    /// assert_eq!(m.try_matches("/search?q=a:b")?.unwrap().get_str("q"), Some("a:b"));
    /// let err = m.try_matches("/search?q=0123456789").unwrap_err();
    /// assert_eq!(err.kind(), MatchErrorKind::UriTooLong);
    /// assert_eq!(err.kind().name(), "uri-too-long");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_matches(&self, uri: &str) -> Result<Option<Captures<'t>>, MatchError> {
        self.matches_in(uri, self.mode)
    }

    /// Matching in a given mode (the router's, or this matcher's own).
    pub(crate) fn matches_in(
        &self,
        uri: &str,
        mode: MatchMode,
    ) -> Result<Option<Captures<'t>>, MatchError> {
        let limit = self.max_uri_len.unwrap_or(match mode {
            MatchMode::Exact => usize::MAX,
            _ => DEFAULT_MAX_URI_LEN,
        });
        if uri.len() > limit {
            return Err(MatchError {
                index: limit,
                kind: MatchErrorKind::UriTooLong,
            });
        }
        if let (MatchMode::Exact, Some(a)) = (mode, self.exact_ambiguity) {
            return Err(MatchError {
                index: a.index,
                kind: MatchErrorKind::LenientOnly,
            });
        }
        Ok(match mode {
            MatchMode::Exact => self.exact(uri),
            MatchMode::Lenient => super::lenient::matches(self, uri, false),
            MatchMode::LenientForm => super::lenient::matches(self, uri, true),
        })
    }

    /// This matcher, reading URIs in `mode`.
    ///
    /// ```
    /// use urikit::rfc6570::{MatchMode, Template};
    /// let m = Template::parse("/search{?q,page}")?.matcher()?;
    /// assert!(m.matches("/search?q=a+b&utm=1").is_none());
    /// let m = m.mode(MatchMode::Lenient);
    /// let c = m.matches("/search?q=a+b&utm=1").unwrap();
    /// assert_eq!(c.get_str("q"), Some("a+b"));
    /// assert_eq!(c.rest(), [("utm".to_string(), "1".to_string())]);
    /// let c = m.mode(MatchMode::LenientForm).matches("/search?q=a+b").unwrap();
    /// assert_eq!(c.get_str("q"), Some("a b"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn mode(mut self, mode: MatchMode) -> Matcher<'t> {
        self.mode = mode;
        self
    }

    /// This matcher in [`MatchMode::Lenient`].
    ///
    /// ```
    /// let m = urikit::rfc6570::Template::parse("/u/{id}")?.matcher()?.lenient();
    /// assert_eq!(m.matches("/u/a:b@c").unwrap().get_str("id"), Some("a:b@c"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn lenient(self) -> Matcher<'t> {
        self.mode(MatchMode::Lenient)
    }

    /// The mode [`Matcher::matches`] reads in.
    ///
    /// ```
    /// use urikit::rfc6570::{MatchMode, Template};
    /// assert_eq!(Template::parse("{x}")?.matcher()?.match_mode(), MatchMode::Exact);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn match_mode(&self) -> MatchMode {
        self.mode
    }

    /// The longest URI matched, in bytes; longer ones do not match
    /// ([`Matcher::try_matches`] says why). By default
    /// [`DEFAULT_MAX_URI_LEN`] in the lenient modes and no limit in the
    /// exact one. Matching is linear in the URI's length either way; the
    /// limit bounds the work and memory one request can ask for.
    ///
    /// ```
    /// let m = urikit::rfc6570::Template::parse("/{x}")?.matcher()?.max_uri_len(4);
    /// assert!(m.matches("/abc").is_some());
    /// assert!(m.matches("/abcd").is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn max_uri_len(mut self, bytes: usize) -> Matcher<'t> {
        self.max_uri_len = Some(bytes);
        self
    }

    /// The exact inverse of expansion.
    fn exact(&self, uri: &str) -> Option<Captures<'t>> {
        // Most URIs a router tries fail on a literal: find that out before
        // decoding and allocating anything.
        if !self.scan(uri) {
            return None;
        }
        let mut caps = Captures::default();
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
                    let before = caps.vars.len();
                    read_expr(*op, vars, lookup, text, &mut caps)?;
                    if *path {
                        super::lenient::hazards(*op, &mut caps, before);
                    }
                }
            }
        }
        (p == b.len()).then_some(caps)
    }
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
pub(super) fn exploded(text: &str, sep: char) -> Option<VarValue> {
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

pub(super) fn read_expr<'t>(
    op: Op,
    vars: &[Var<'t>],
    lookup: &[(&'t str, usize)],
    text: &str,
    caps: &mut Captures<'t>,
) -> Option<()> {
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

/// The index in `vars` of the variable named `name`, from the sorted
/// `lookup` of a named expression.
pub(super) fn find(lookup: &[(&str, usize)], name: &str) -> Option<usize> {
    lookup
        .binary_search_by(|(n, _)| (*n).cmp(name))
        .ok()
        .map(|k| lookup[k].1)
}
