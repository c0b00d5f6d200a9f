//! Matching: the inverse of expansion. Which variables make this URI?
//!
//! A [`Matcher`] is compiled from a [`Template`] once; compiling checks that
//! every URI can be read back in only one way and otherwise reports an
//! [`Ambiguity`] with its reason.

use alloc::string::String;
use alloc::vec::Vec;

use super::Template;
use super::ambiguity::{Ambiguity, AmbiguityKind, check};
use super::captures::Captures;
use super::expand::encode;
use super::mode::{DEFAULT_MAX_URI_LEN, MatchError, MatchErrorKind, MatchMode};
use super::parse::{Modifier, Op, Part, Parts};
use super::pattern::{Elem, Var, body_class, prepare};
use super::read::read;

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
    elems: Vec<Elem<'t>>,
    /// The closing literal, matched from the end.
    tail: String,
    mode: MatchMode,
    max_uri_len: Option<usize>,
    /// Why the exact mode cannot read this template, when only the lenient
    /// modes can ([`Matcher::with_mode`]).
    exact_ambiguity: Option<Ambiguity>,
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
                        until_query: None,
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
        prepare(&mut elems);
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
        // Most URIs a router tries fail on a literal: in the exact mode,
        // where that is most of the work, find that out before decoding
        // and allocating anything.
        if mode == MatchMode::Exact && !read(&self.elems, &self.tail, uri, mode, None) {
            return Ok(None);
        }
        let mut caps = Captures::default();
        Ok(read(&self.elems, &self.tail, uri, mode, Some(&mut caps)).then_some(caps))
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
}
