//! URI Templates (RFC 6570): expansion at all four levels, and matching,
//! the inverse.
//!
//! A [`Template`] is parsed (validated) once and expanded any number of
//! times, with variables from anything that implements [`Vars`]: maps,
//! slices of pairs, your own structs, `serde_json::Value` with the `serde`
//! feature.
//!
//! ```
//! use urikit::rfc6570::{Template, VarValue};
//! use std::collections::BTreeMap;
//!
//! let t = Template::parse("https://api.example.com/repos/{owner}/{repo}/issues{?state,labels}")?;
//! let mut vars = BTreeMap::new();
//! vars.insert("owner", VarValue::from("rust-lang"));
//! vars.insert("repo", VarValue::from("rust"));
//! vars.insert("labels", VarValue::List(vec!["C-bug".into(), "P-high".into()]));
//! assert_eq!(
//!     t.expand(&vars)?,
//!     "https://api.example.com/repos/rust-lang/rust/issues?labels=C-bug,P-high"
//! );
//!
//! // The inverse: which variables make this URI?
//! let m = t.matches("https://api.example.com/repos/a/b%20c/issues?state=open")?.unwrap();
//! assert_eq!(m.get_str("repo"), Some("b c"));
//! assert_eq!(m.get_str("state"), Some("open"));
//! assert_eq!(m.get_str("labels"), None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Expansion
//!
//! Encoding follows 3.2.1: values are UTF-8 and every byte outside the
//! unreserved set is percent-encoded, except in `+` and `#` expressions,
//! where reserved characters and existing `%XX` triplets pass through. A
//! prefix `:n` counts code points (and, where triplets pass through, a
//! triplet as one), so it never cuts a character or a triplet. A prefix on
//! a list or an associative array is an error, as are lists or arrays
//! nested in a list or an array.
//!
//! ## Matching
//!
//! See [`Matcher`] for what can be matched and how, and [`Router`] for
//! matching a set of templates at once.
//!
//! ## Where each part is
//!
//! - `parse.rs`: the grammar (section 2), [`Op`], [`Expression`],
//!   [`TemplateError`]; `value.rs`: [`VarValue`] and the [`Vars`] a
//!   template expands with (`serde.rs`: `serde_json::Value` as [`Vars`]).
//! - `expand.rs`: expansion (section 3) and its encoding.
//! - Matching, from the leaves up:
//!   - `mode.rs`: [`MatchMode`], [`MatchError`], [`DEFAULT_MAX_URI_LEN`];
//!   - `pattern.rs`: the compiled pattern (literals and expressions with
//!     what their values may hold in each mode) and the questions the
//!     files below ask of it;
//!   - `captures.rs`: [`Captures`] and [`Hazard`]; `decode.rs`:
//!     percent-decoding of matched values;
//!   - `ambiguity.rs`: [`Ambiguity`], and the check that a pattern reads
//!     only one way;
//!   - `read.rs`: the one loop that reads a URI against a pattern, in
//!     every mode, and the readers of an expression's text it calls;
//!   - `matching.rs`: [`Matcher`], compiling a template into a pattern;
//!     `router.rs`: [`Router`].

use crate::names::kind_names;
use alloc::string::String;
use core::fmt;

mod ambiguity;
mod captures;
mod decode;
mod expand;
mod matching;
mod mode;
mod parse;
mod pattern;
mod read;
mod router;
#[cfg(feature = "serde")]
mod serde;
mod value;

pub use ambiguity::{Ambiguity, AmbiguityKind};
pub use captures::{Captures, Hazard, HazardKind};
pub use matching::{MAX_TEMPLATE_LEN, Matcher};
pub use mode::{DEFAULT_MAX_URI_LEN, MatchError, MatchErrorKind, MatchMode};
pub use parse::{Expression, Modifier, Op, TemplateError, TemplateErrorKind, VarSpec, VarSpecs};
pub use router::Router;
pub use value::{Assoc, Halt, List, Pairs, ToValue, Value, VarValue, Vars};

/// A valid URI template, borrowed.
///
/// Parsing validates the whole grammar and keeps only the text, so it
/// never allocates; expansion walks the text again.
///
/// ```
/// use urikit::rfc6570::Template;
/// let t = Template::parse("/search{?q,lang}")?;
/// assert_eq!(t.expand(&[("q", "uri templates")])?, "/search?q=uri%20templates");
/// assert_eq!(t.variables().collect::<Vec<_>>(), ["q", "lang"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Template<'a> {
    text: &'a str,
    /// Whether every literal passes through expansion as it is.
    clean: bool,
}

impl<'a> Template<'a> {
    /// Parses a template (RFC 6570, section 2).
    ///
    /// ```
    /// use urikit::rfc6570::{Template, TemplateErrorKind};
    /// assert!(Template::parse("{+path}/here{?x,y*}").is_ok());
    /// let err = Template::parse("{keys:0}").unwrap_err();
    /// assert_eq!(err.kind(), TemplateErrorKind::PrefixOutOfRange);
    /// assert_eq!(err.index(), 6);
    /// ```
    pub fn parse(text: &'a str) -> Result<Template<'a>, TemplateError> {
        let clean = parse::validate(text)?;
        Ok(Template { text, clean })
    }

    /// The template's text.
    ///
    /// ```
    /// let t = urikit::rfc6570::Template::parse("/{x}")?;
    /// assert_eq!(t.as_str(), "/{x}");
    /// # Ok::<(), urikit::rfc6570::TemplateError>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// An owned copy.
    ///
    /// ```
    /// let t = urikit::rfc6570::Template::parse("/{x}")?.to_owned();
    /// assert_eq!(t.as_str(), "/{x}");
    /// # Ok::<(), urikit::rfc6570::TemplateError>(())
    /// ```
    pub fn to_owned(&self) -> TemplateBuf {
        TemplateBuf {
            text: self.text.into(),
            clean: self.clean,
        }
    }

    /// The expressions, in order.
    ///
    /// ```
    /// let t = urikit::rfc6570::Template::parse("/a{b}/c{?d}")?;
    /// assert_eq!(t.expressions().count(), 2);
    /// # Ok::<(), urikit::rfc6570::TemplateError>(())
    /// ```
    pub fn expressions(&self) -> impl Iterator<Item = Expression<'a>> + 'a + use<'a> {
        parse::Parts::new(self.text).filter_map(|p| match p {
            parse::Part::Expr(e) => Some(e),
            parse::Part::Literal(_) => None,
        })
    }

    /// The variable names, in order of appearance (repeats included).
    ///
    /// ```
    /// let t = urikit::rfc6570::Template::parse("{a}{/b,c*}")?;
    /// assert_eq!(t.variables().collect::<Vec<_>>(), ["a", "b", "c"]);
    /// # Ok::<(), urikit::rfc6570::TemplateError>(())
    /// ```
    pub fn variables(&self) -> impl Iterator<Item = &'a str> + 'a + use<'a> {
        self.expressions()
            .flat_map(|e| e.varspecs().map(|v| v.name()))
    }

    /// Expands into a new `String`.
    ///
    /// ```
    /// use urikit::rfc6570::Template;
    /// let t = Template::parse("{/list*}{?keys*}")?;
    /// let list = ["red", "green"];
    /// let keys = urikit::rfc6570::Pairs(&[("semi", ";")]);
    /// let vars: [(&str, &dyn urikit::rfc6570::ToValue); 2] = [("list", &list), ("keys", &keys)];
    /// assert_eq!(t.expand(&vars)?, "/red/green?semi=%3B");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expand<V: Vars + ?Sized>(&self, vars: &V) -> Result<String, ExpandError> {
        let mut s = String::with_capacity(self.text.len() + 16);
        self.expand_to(vars, &mut s)?;
        Ok(s)
    }

    /// Expands into any `fmt::Write`, without allocating.
    ///
    /// ```
    /// use urikit::rfc6570::Template;
    /// let t = Template::parse("{x:3}")?;
    /// let mut out = String::from("> ");
    /// t.expand_to(&[("x", "abcdef")], &mut out)?;
    /// assert_eq!(out, "> abc");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expand_to<V, W>(&self, vars: &V, out: &mut W) -> Result<(), ExpandError>
    where
        V: Vars + ?Sized,
        W: fmt::Write + ?Sized,
    {
        expand::expand(self.text, self.clean, false, vars, out)
    }

    /// Expands and checks that the result is a URI reference (RFC 3986).
    /// Expansion encodes what it must, but reserved characters pass through
    /// `+` and `#` expressions as they are, so `{+x}` with `x = "[::1"` does
    /// not make a URI, and literals are not checked for URI syntax.
    ///
    /// ```
    /// use urikit::rfc6570::{ExpandErrorKind, Template};
    /// let t = Template::parse("http://{+host}/")?;
    /// assert_eq!(t.expand_uri(&[("host", "[::1]")])?.as_str(), "http://[::1]/");
    /// let err = t.expand_uri(&[("host", "[::1")]).unwrap_err();
    /// assert!(matches!(err.kind(), ExpandErrorKind::InvalidUri(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expand_uri<V: Vars + ?Sized>(&self, vars: &V) -> Result<crate::UriRefBuf, ExpandError> {
        let s = self.expand(vars)?;
        crate::UriRefBuf::parse(s)
            .map_err(|e| ExpandError::new(e.index(), ExpandErrorKind::InvalidUri(e.kind())))
    }

    /// Expands for an IRI (RFC 3987) and checks that the result is an IRI
    /// reference: non-ASCII characters that an IRI allows (`ucschar`,
    /// `iprivate`) are written as they are instead of percent-encoded, in
    /// values and literals alike; the rest is encoded as for a URI.
    ///
    /// ```
    /// use urikit::rfc6570::Template;
    /// let t = Template::parse("/wiki/{title}{?q}")?;
    /// let iri = t.expand_iri(&[("title", "Straße"), ("q", "a b")])?;
    /// assert_eq!(iri.as_str(), "/wiki/Straße?q=a%20b");
    /// assert_eq!(t.expand(&[("title", "Straße")])?, "/wiki/Stra%C3%9Fe");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expand_iri<V: Vars + ?Sized>(&self, vars: &V) -> Result<crate::IriRefBuf, ExpandError> {
        let mut s = String::with_capacity(self.text.len() + 16);
        expand::expand(self.text, false, true, vars, &mut s)?;
        crate::IriRefBuf::parse(s)
            .map_err(|e| ExpandError::new(e.index(), ExpandErrorKind::InvalidUri(e.kind())))
    }

    /// Compiles the template for matching, or says why it cannot be
    /// matched unambiguously. See [`Matcher`].
    ///
    /// ```
    /// use urikit::rfc6570::{AmbiguityKind, Template};
    /// let m = Template::parse("/users/{id}")?.matcher()?;
    /// assert_eq!(m.matches("/users/42").unwrap().get_str("id"), Some("42"));
    /// let err = Template::parse("/{a}{b}")?.matcher().unwrap_err();
    /// assert_eq!(err.kind(), AmbiguityKind::AdjacentExpressions);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn matcher(&self) -> Result<Matcher<'a>, Ambiguity> {
        Matcher::new(*self)
    }

    /// Matches one URI: compiles, then calls [`Matcher::matches`]. Compile
    /// once with [`Template::matcher`] to match many.
    ///
    /// ```
    /// let t = urikit::rfc6570::Template::parse("/files{/path*}")?;
    /// let m = t.matches("/files/a/b.txt")?.unwrap();
    /// assert_eq!(m.get("path").and_then(|v| v.as_list()), Some(&["a".to_string(), "b.txt".to_string()][..]));
    /// assert!(t.matches("/other")?.is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn matches(&self, uri: &str) -> Result<Option<Captures<'a>>, Ambiguity> {
        Ok(self.matcher()?.matches(uri))
    }
}

impl fmt::Display for Template<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

impl<'a> TryFrom<&'a str> for Template<'a> {
    type Error = TemplateError;
    fn try_from(s: &'a str) -> Result<Template<'a>, TemplateError> {
        Template::parse(s)
    }
}

/// A valid URI template, owned. [`TemplateBuf::as_template`] lends the
/// [`Template`] with all the methods.
///
/// ```
/// use urikit::rfc6570::TemplateBuf;
/// let t: TemplateBuf = "/u/{id}".parse()?;
/// assert_eq!(t.as_template().expand(&[("id", 7)])?, "/u/7");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TemplateBuf {
    text: String,
    clean: bool,
}

impl TemplateBuf {
    /// Parses a template.
    ///
    /// ```
    /// assert!(urikit::rfc6570::TemplateBuf::parse(String::from("{x")).is_err());
    /// ```
    pub fn parse(text: impl Into<String>) -> Result<TemplateBuf, TemplateError> {
        let text = text.into();
        let clean = parse::validate(&text)?;
        Ok(TemplateBuf { text, clean })
    }

    /// The borrowed template.
    ///
    /// ```
    /// let t = urikit::rfc6570::TemplateBuf::parse("{x}")?;
    /// assert_eq!(t.as_template().variables().next(), Some("x"));
    /// # Ok::<(), urikit::rfc6570::TemplateError>(())
    /// ```
    pub fn as_template(&self) -> Template<'_> {
        Template {
            text: &self.text,
            clean: self.clean,
        }
    }

    /// The template's text.
    ///
    /// ```
    /// assert_eq!(urikit::rfc6570::TemplateBuf::parse("{x}")?.as_str(), "{x}");
    /// # Ok::<(), urikit::rfc6570::TemplateError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Gives back the text.
    ///
    /// ```
    /// assert_eq!(urikit::rfc6570::TemplateBuf::parse("{x}")?.into_string(), "{x}");
    /// # Ok::<(), urikit::rfc6570::TemplateError>(())
    /// ```
    pub fn into_string(self) -> String {
        self.text
    }
}

impl core::str::FromStr for TemplateBuf {
    type Err = TemplateError;
    fn from_str(s: &str) -> Result<TemplateBuf, TemplateError> {
        TemplateBuf::parse(s)
    }
}

impl fmt::Display for TemplateBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Why an expansion failed.
///
/// ```
/// use urikit::rfc6570::{ExpandErrorKind, Template};
/// let t = Template::parse("{keys:1}")?;
/// let err = t.expand(&[("keys", vec!["a"])]).unwrap_err();
/// assert_eq!(err.kind(), ExpandErrorKind::PrefixOnComposite);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ExpandErrorKind {
    /// A prefix modifier on a list or an associative array (2.4.1).
    PrefixOnComposite,
    /// A list or an associative array as a member of a list or a value in
    /// an associative array: values are strings (2.3).
    NestedValue,
    /// The `fmt::Write` failed.
    Write,
    /// The result is not a URI reference (from [`Template::expand_uri`]) or
    /// an IRI reference ([`Template::expand_iri`]): the parser's error,
    /// whose index is the error's.
    InvalidUri(crate::ErrorKind),
}

impl ExpandErrorKind {
    /// The lower-case description used in messages.
    ///
    /// ```
    /// use urikit::rfc6570::ExpandErrorKind;
    /// assert_eq!(ExpandErrorKind::Write.message(), "writing the expansion failed");
    /// ```
    pub fn message(&self) -> &'static str {
        match self {
            ExpandErrorKind::PrefixOnComposite => "prefix modifier on a list or associative array",
            ExpandErrorKind::NestedValue => "list or associative array inside a composite value",
            ExpandErrorKind::Write => "writing the expansion failed",
            ExpandErrorKind::InvalidUri(_) => "expansion is not a uri (or iri) reference",
        }
    }
}

kind_names! {
    /// A short stable name, suitable for machine output.
    ///
    /// ```
    /// use urikit::rfc6570::ExpandErrorKind;
    /// assert_eq!(ExpandErrorKind::PrefixOnComposite.name(), "prefix-on-composite");
    /// ```
    ExpandErrorKind {
        ExpandErrorKind::PrefixOnComposite => "prefix-on-composite",
        ExpandErrorKind::NestedValue => "nested-value",
        ExpandErrorKind::Write => "write-failed",
        ExpandErrorKind::InvalidUri(_) => "invalid-uri",
    }
}

/// An expansion that failed: where and why.
///
/// The index is the byte index of the varspec in the template, or for
/// [`ExpandErrorKind::InvalidUri`] of the error in the expanded text.
///
/// ```
/// use urikit::rfc6570::Template;
/// let t = Template::parse("/{x}{+keys:2}")?;
/// let err = t.expand(&[("keys", ["a", "b"])]).unwrap_err();
/// assert_eq!(err.index(), 6);
/// assert_eq!(err.to_string(), "prefix modifier on a list or associative array at index 6");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ExpandError {
    index: usize,
    kind: ExpandErrorKind,
}

impl ExpandError {
    pub(crate) const fn new(index: usize, kind: ExpandErrorKind) -> ExpandError {
        ExpandError { index, kind }
    }

    /// The byte index (see the type's documentation).
    ///
    /// ```
    /// let t = urikit::rfc6570::Template::parse("{a:1}")?;
    /// assert_eq!(t.expand(&[("a", ["x"])]).unwrap_err().index(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }

    /// What went wrong.
    ///
    /// ```
    /// use urikit::rfc6570::{ExpandErrorKind, Template};
    /// let t = Template::parse("{a}")?;
    /// let nested = vec![vec!["x"]];
    /// assert_eq!(t.expand(&[("a", nested)]).unwrap_err().kind(), ExpandErrorKind::NestedValue);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn kind(&self) -> ExpandErrorKind {
        self.kind
    }
}

impl fmt::Display for ExpandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ExpandErrorKind::InvalidUri(k) => {
                write!(f, "{}: {} at index {}", self.kind.message(), k, self.index)
            }
            _ => write!(f, "{} at index {}", self.kind.message(), self.index),
        }
    }
}

impl core::error::Error for ExpandError {}
