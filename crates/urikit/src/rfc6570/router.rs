//! Matching a set of templates at once, most specific first.

use alloc::vec::Vec;

use super::Template;
use super::ambiguity::Ambiguity;
use super::captures::Captures;
use super::matching::Matcher;
use super::mode::MatchMode;
use super::parse::{Modifier, Op, Part, Parts};

/// A set of templates, each with a value (a handler, a name…), matched
/// most specific first.
///
/// # Precedence
///
/// [`Router::find`] tries the templates in this order and returns the
/// first that matches:
///
/// 1. more literal characters first (`/users/me` before `/users/{id}`,
///    `/f/{name}.json` before `/f/{name}`);
/// 2. then fewer "wide" expressions, those whose values may span segments
///    (`+`, `#` and `*` ones): `/f/{name}` before `/f{/path*}`;
/// 3. then fewer expressions;
/// 4. then the order in which they were added.
///
/// The [`MatchMode`] ([`Router::with_mode`]; exact by default) applies to
/// every template and does not change the order. A lenient template takes
/// more URIs, some of which in exact mode only a later template matched: a
/// lenient `/search{?q}` accepts `/search?q=x&page=2` (with `page=2` in
/// the rest), so when two templates share their literals, add the one
/// that names more parameters first.
///
/// ```
/// use urikit::rfc6570::{Router, Template};
/// let mut r = Router::new();
/// r.add(Template::parse("/users/{id}")?, "user")?;
/// r.add(Template::parse("/users/me")?, "me")?;
/// r.add(Template::parse("/files{/path*}")?, "files")?;
/// let (name, caps) = r.find("/users/42").unwrap();
/// assert_eq!((*name, caps.get_str("id")), ("user", Some("42")));
/// assert_eq!(r.find("/users/me").map(|(n, _)| *n), Some("me"));
/// assert_eq!(r.find("/files/a/b").map(|(n, _)| *n), Some("files"));
/// assert!(r.find("/nothing").is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Router<'t, T> {
    /// Sorted by precedence: (key, matcher, value, index in `leads`).
    routes: Vec<(Rank, Matcher<'t>, T, usize)>,
    /// The distinct leading literals: routes share a few (`/repos/`), so
    /// `find` tests each once per URI rather than once per route.
    leads: Vec<alloc::string::String>,
    mode: MatchMode,
}

/// Sort key: smaller comes first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Rank {
    neg_literal: isize,
    wide: usize,
    exprs: usize,
    order: usize,
}

fn rank(t: &Template<'_>, order: usize) -> Rank {
    let (mut literal, mut wide, mut exprs) = (0usize, 0usize, 0usize);
    for part in Parts::new(t.as_str()) {
        match part {
            Part::Literal(l) => literal += l.len(),
            Part::Expr(e) => {
                exprs += 1;
                if matches!(e.op(), Op::Reserved | Op::Fragment)
                    || e.varspecs().any(|v| v.modifier() == Modifier::Explode)
                {
                    wide += 1;
                }
            }
        }
    }
    Rank {
        neg_literal: -(literal.min(isize::MAX as usize) as isize),
        wide,
        exprs,
        order,
    }
}

impl<'t, T> Router<'t, T> {
    /// An empty router.
    ///
    /// ```
    /// let r: urikit::rfc6570::Router<'_, ()> = urikit::rfc6570::Router::new();
    /// assert!(r.is_empty());
    /// ```
    pub fn new() -> Router<'t, T> {
        Router::with_mode(MatchMode::Exact)
    }

    /// An empty router that matches in `mode`.
    ///
    /// ```
    /// use urikit::rfc6570::{MatchMode, Router, Template};
    /// let mut r = Router::with_mode(MatchMode::Lenient);
    /// r.add(Template::parse("/search{?q}")?, "search")?;
    /// let (v, c) = r.find("/search?q=a:b&utm=1").unwrap();
    /// assert_eq!((*v, c.get_str("q")), ("search", Some("a:b")));
    /// assert_eq!(r.mode(), MatchMode::Lenient);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_mode(mode: MatchMode) -> Router<'t, T> {
        Router {
            routes: Vec::new(),
            leads: Vec::new(),
            mode,
        }
    }

    /// The mode it matches in.
    ///
    /// ```
    /// let r: urikit::rfc6570::Router<'_, ()> = urikit::rfc6570::Router::new();
    /// assert_eq!(r.mode(), urikit::rfc6570::MatchMode::Exact);
    /// ```
    pub fn mode(&self) -> MatchMode {
        self.mode
    }

    /// Adds a template, or says why it cannot be matched.
    ///
    /// ```
    /// use urikit::rfc6570::{Router, Template};
    /// let mut r = Router::new();
    /// assert!(r.add(Template::parse("/a/{x}")?, 1).is_ok());
    /// assert!(r.add(Template::parse("/a/{x}{y}")?, 2).is_err());
    /// assert_eq!(r.len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add(&mut self, template: Template<'t>, value: T) -> Result<(), Ambiguity> {
        let m = Matcher::with_mode(template, self.mode)?;
        let key = rank(&template, self.routes.len());
        let lead = m.leading_literal();
        let li = match self.leads.iter().position(|l| l == lead) {
            Some(i) => i,
            None => {
                self.leads.push(lead.into());
                self.leads.len() - 1
            }
        };
        let at = self.routes.partition_point(|(k, ..)| *k <= key);
        self.routes.insert(at, (key, m, value, li));
        Ok(())
    }

    /// The value and variables of the first template (in precedence order)
    /// that matches `uri`.
    ///
    /// ```
    /// use urikit::rfc6570::{Router, Template};
    /// let mut r = Router::new();
    /// r.add(Template::parse("/search{?q}")?, "search")?;
    /// let (v, c) = r.find("/search?q=x").unwrap();
    /// assert_eq!((*v, c.get_str("q")), ("search", Some("x")));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn find(&self, uri: &str) -> Option<(&T, Captures<'t>)> {
        // 0: not tested yet, 1: the URI starts with it, 2: it does not.
        const CACHED: usize = 64;
        let mut seen = [0u8; CACHED];
        self.routes.iter().find_map(|(_, m, v, li)| {
            let starts = |i: usize| uri.as_bytes().starts_with(self.leads[i].as_bytes());
            let ok = match seen.get_mut(*li) {
                Some(state) => {
                    if *state == 0 {
                        *state = if starts(*li) { 1 } else { 2 };
                    }
                    *state == 1
                }
                None => starts(*li),
            };
            if !ok {
                return None;
            }
            m.matches_in(uri, self.mode).ok().flatten().map(|c| (v, c))
        })
    }

    /// The templates in precedence order, with their values.
    ///
    /// ```
    /// use urikit::rfc6570::{Router, Template};
    /// let mut r = Router::new();
    /// r.add(Template::parse("/{x}")?, 1)?;
    /// r.add(Template::parse("/about")?, 2)?;
    /// let order: Vec<&str> = r.iter().map(|(t, _)| t.as_str()).collect();
    /// assert_eq!(order, ["/about", "/{x}"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (Template<'t>, &T)> + '_ {
        self.routes.iter().map(|(_, m, v, _)| (m.template(), v))
    }

    /// How many templates.
    ///
    /// ```
    /// let r: urikit::rfc6570::Router<'_, u8> = urikit::rfc6570::Router::new();
    /// assert_eq!(r.len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.routes.len()
    }

    /// Whether there are none.
    ///
    /// ```
    /// let r: urikit::rfc6570::Router<'_, u8> = Default::default();
    /// assert!(r.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.routes.is_empty()
    }
}

impl<T> Default for Router<'_, T> {
    fn default() -> Self {
        Router::new()
    }
}
