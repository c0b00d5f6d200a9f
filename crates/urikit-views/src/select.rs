//! Choosing parsers by name: `uri views --parsers`, the `parsers` argument
//! of the SQL functions `uri_views` and `uri_host_confusion`, and of
//! Python's `urikit.views`. One reading of a list of names, so that every
//! face accepts the same names and refuses the rest with the same words.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::Parser;

/// Why a list of parser names was refused ([`Parser::select`]).
///
/// ```
/// use urikit_views::{Parser, SelectErrorKind};
/// let e = Parser::select(["java", "ie6"], &[Parser::Rfc3986, Parser::Java]).unwrap_err();
/// assert_eq!(e.index(), 1);
/// assert_eq!(e.kind(), SelectErrorKind::Unknown);
/// assert_eq!(e.name(), "unknown-parser");
/// assert_eq!(e.given(), "ie6");
/// assert_eq!(e.to_string(), "unknown parser 'ie6' (expected rfc3986, java, whatwg, curl, urllib, urllib3, yarl, httpx, go, php, ruby, ruby-rfc2396, node-legacy, fast-uri, url-parse, java-url, rust-http)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectError {
    given: String,
    index: usize,
    kind: SelectErrorKind,
    parser: Option<Parser>,
}

/// The kinds of [`SelectError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SelectErrorKind {
    /// No parser has this name (names are lower-case: [`Parser::name`]).
    Unknown,
    /// The parser exists, but this build cannot read with it: the cargo
    /// feature [`Parser::feature`] brings it.
    NotBuilt,
}

urikit::kind_names! {
    /// The kind's stable name: `unknown-parser`, `parser-not-built`.
    SelectErrorKind {
        SelectErrorKind::Unknown => "unknown-parser",
        SelectErrorKind::NotBuilt => "parser-not-built",
    }
}

impl SelectError {
    /// The position of the refused name in the list (from 0).
    pub fn index(&self) -> usize {
        self.index
    }

    /// Why it was refused.
    pub fn kind(&self) -> SelectErrorKind {
        self.kind
    }

    /// The stable name of [`kind`](SelectError::kind).
    pub fn name(&self) -> &'static str {
        self.kind.name()
    }

    /// The refused name as given (spaces around it removed).
    pub fn given(&self) -> &str {
        &self.given
    }
}

impl fmt::Display for SelectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let given = &self.given;
        match (self.kind, self.parser.and_then(Parser::feature)) {
            (SelectErrorKind::NotBuilt, Some(feature)) => write!(
                f,
                "the parser '{given}' is not in this build (the cargo feature `{feature}` brings it)"
            ),
            // The one wording of an unknown name (urikit::names).
            _ => match <Parser as urikit::names::Named>::parse_name(given) {
                Err(unknown) => unknown.fmt(f),
                Ok(_) => write!(f, "the parser '{given}' is not readable here"),
            },
        }
    }
}

impl core::error::Error for SelectError {}

impl Parser {
    /// The parsers `names` name, in that order, each once however often it
    /// is named; spaces around a name are ignored, case is not; `all` names
    /// every parser of `readable`, in its order. `readable` are the parsers
    /// the caller can read with ([`Parser::available`]). A name of no parser,
    /// or of a parser not in `readable`, is an error that says which
    /// ([`SelectErrorKind`]).
    ///
    /// ```
    /// use urikit_views::{Parser, SelectErrorKind};
    /// let readable: Vec<Parser> = Parser::available().collect();
    /// assert_eq!(
    ///     Parser::select(" java,rfc3986, java".split(','), &readable),
    ///     Ok(vec![Parser::Java, Parser::Rfc3986]),
    /// );
    /// assert_eq!(Parser::select(["urllib"], &readable), Ok(vec![Parser::Urllib]));
    /// assert_eq!(Parser::select(["java", "all"], &readable).unwrap().len(), readable.len());
    /// let e = Parser::select(["curl"], &[Parser::Rfc3986]).unwrap_err();
    /// assert_eq!(e.to_string(), "the parser 'curl' is not in this build (the cargo feature `curl` brings it)");
    /// ```
    pub fn select<'n>(
        names: impl IntoIterator<Item = &'n str>,
        readable: &[Parser],
    ) -> Result<Vec<Parser>, SelectError> {
        let mut out = Vec::new();
        for (index, name) in names.into_iter().enumerate() {
            let name = name.trim();
            // `all`: every parser the caller can read with.
            if name == "all" {
                for &p in readable {
                    if !out.contains(&p) {
                        out.push(p);
                    }
                }
                continue;
            }
            let parser = Parser::from_name(name);
            let kind = match parser {
                Some(p) if readable.contains(&p) => {
                    if !out.contains(&p) {
                        out.push(p);
                    }
                    continue;
                }
                Some(p) if p.feature().is_some() => SelectErrorKind::NotBuilt,
                _ => SelectErrorKind::Unknown,
            };
            return Err(SelectError {
                given: name.into(),
                index,
                kind,
                parser,
            });
        }
        Ok(out)
    }
}
