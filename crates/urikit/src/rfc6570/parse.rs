//! The template grammar (section 2 and Appendix A of RFC 6570): literals,
//! expressions, operators, varspecs and modifiers.
//!
//! Parsing validates once and keeps nothing but the text: expansion walks
//! the text again with [`Parts`], which cannot fail on validated input. The
//! walk is a few byte tests per character, cheaper than building (and
//! allocating) a tree.

use crate::names::kind_names;
use core::fmt;

use crate::chars::{ALPHA, CharClass, DIGIT, HEXDIG, RESERVED, UNRESERVED};

/// Bytes a literal may hold as they are (2.1): every printable ASCII byte
/// except space, `"`, `%`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`, `}`.
/// `%` starts a `pct-encoded` triplet and non-ASCII is checked by code point.
///
/// The ABNF of 2.1 leaves out `'` (`%x26` then `%x28-3B`), but the RFC's
/// own examples (1.2, 2.1: `'{var}'`) use it as a literal and the
/// conformance suite expects them to expand, so `'` is allowed; it is a
/// sub-delim of RFC 3986 and passes through.
const LITERAL: CharClass = CharClass::EMPTY
    .with_range(0x21, 0x7e)
    .without_bytes(b"\"%<>\\^`{|}");

/// `varchar` minus `pct-encoded` (2.3).
const VARCHAR: CharClass = ALPHA.union(&DIGIT).with_bytes(b"_");

/// Bytes that pass through unencoded in expansions that allow only
/// unreserved characters.
pub(crate) const ALLOW_U: CharClass = UNRESERVED;
/// Bytes that pass through unencoded in `+` and `#` expansions and in
/// literals (besides existing triplets).
pub(crate) const ALLOW_UR: CharClass = UNRESERVED.union(&RESERVED);

/// An expression's operator (2.2).
///
/// ```
/// use urikit::rfc6570::{Op, Template};
/// let t = Template::parse("{/path*}{?q}")?;
/// let ops: Vec<Op> = t.expressions().map(|e| e.op()).collect();
/// assert_eq!(ops, [Op::PathSegment, Op::Query]);
/// # Ok::<(), urikit::rfc6570::TemplateError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// No operator: simple string expansion (3.2.2).
    Simple,
    /// `+`: reserved expansion (3.2.3).
    Reserved,
    /// `#`: fragment expansion (3.2.4).
    Fragment,
    /// `.`: label expansion with dot-prefix (3.2.5).
    Label,
    /// `/`: path segment expansion (3.2.6).
    PathSegment,
    /// `;`: path-style parameter expansion (3.2.7).
    PathParam,
    /// `?`: form-style query expansion (3.2.8).
    Query,
    /// `&`: form-style query continuation (3.2.9).
    QueryContinuation,
}

impl Op {
    fn from_byte(b: u8) -> Option<Op> {
        Some(match b {
            b'+' => Op::Reserved,
            b'#' => Op::Fragment,
            b'.' => Op::Label,
            b'/' => Op::PathSegment,
            b';' => Op::PathParam,
            b'?' => Op::Query,
            b'&' => Op::QueryContinuation,
            _ => return None,
        })
    }

    /// The operator character, `None` for [`Op::Simple`].
    ///
    /// ```
    /// assert_eq!(urikit::rfc6570::Op::Query.char(), Some('?'));
    /// ```
    pub const fn char(self) -> Option<char> {
        match self {
            Op::Simple => None,
            Op::Reserved => Some('+'),
            Op::Fragment => Some('#'),
            Op::Label => Some('.'),
            Op::PathSegment => Some('/'),
            Op::PathParam => Some(';'),
            Op::Query => Some('?'),
            Op::QueryContinuation => Some('&'),
        }
    }

    /// The string written before the first defined value (Appendix A's
    /// `first`).
    pub(crate) const fn first(self) -> &'static str {
        match self {
            Op::Simple | Op::Reserved => "",
            Op::Fragment => "#",
            Op::Label => ".",
            Op::PathSegment => "/",
            Op::PathParam => ";",
            Op::Query => "?",
            Op::QueryContinuation => "&",
        }
    }

    /// The separator between values (Appendix A's `sep`).
    pub(crate) const fn sep(self) -> u8 {
        match self {
            Op::Simple | Op::Reserved | Op::Fragment => b',',
            Op::Label => b'.',
            Op::PathSegment => b'/',
            Op::PathParam => b';',
            Op::Query | Op::QueryContinuation => b'&',
        }
    }

    /// Whether values are written as `name=value` (Appendix A's `named`).
    pub(crate) const fn named(self) -> bool {
        matches!(self, Op::PathParam | Op::Query | Op::QueryContinuation)
    }

    /// What a named empty value is written as (Appendix A's `ifemp`).
    pub(crate) const fn ifemp(self) -> &'static str {
        match self {
            Op::Query | Op::QueryContinuation => "=",
            _ => "",
        }
    }

    /// Whether reserved characters and triplets pass through (`allow`).
    pub(crate) const fn allows_reserved(self) -> bool {
        matches!(self, Op::Reserved | Op::Fragment)
    }
}

/// A variable's modifier (2.4).
///
/// ```
/// use urikit::rfc6570::{Modifier, Template};
/// let t = Template::parse("{a,b:3,c*}")?;
/// let e = t.expressions().next().unwrap();
/// let m: Vec<Modifier> = e.varspecs().map(|v| v.modifier()).collect();
/// assert_eq!(m, [Modifier::None, Modifier::Prefix(3), Modifier::Explode]);
/// # Ok::<(), urikit::rfc6570::TemplateError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Modifier {
    /// No modifier.
    None,
    /// `:n`, the first `n` characters (1 to 9999) of a string value (2.4.1).
    Prefix(u16),
    /// `*`: each member of a list or pair of an associative array is
    /// expanded on its own (2.4.2).
    Explode,
}

/// What is wrong with a template.
///
/// ```
/// use urikit::rfc6570::{Template, TemplateErrorKind};
/// let err = Template::parse("/a/{b").unwrap_err();
/// assert_eq!(err.kind(), TemplateErrorKind::UnclosedExpression);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TemplateErrorKind {
    /// A `{` with no `}` after it.
    UnclosedExpression,
    /// A `}` outside any expression.
    UnopenedExpression,
    /// A `{` inside an expression.
    NestedExpression,
    /// A character a literal may not hold (2.1): space, `"`, `<`, `>`,
    /// `\`, `^`, `` ` ``, `|`, a control or a non-character.
    InvalidLiteral,
    /// A `%` not followed by two hex digits, in a literal or a varname.
    InvalidPercentEncoding,
    /// One of the operators `=` `,` `!` `@` `|` that RFC 6570 reserves for
    /// future extensions (2.2).
    ReservedOperator,
    /// A character at the start of an expression that is neither an
    /// operator nor the start of a varname.
    UnknownOperator,
    /// A varname that is empty, holds a character other than letters,
    /// digits, `_`, triplets and inner single dots (2.3).
    InvalidVarname,
    /// A prefix modifier that is not a number from 1 to 9999 without
    /// leading zeros (2.4.1).
    PrefixOutOfRange,
    /// A character after a varspec other than `,` or `}`, such as a second
    /// modifier.
    UnexpectedCharacter,
}

impl TemplateErrorKind {
    /// The lower-case description used in messages.
    ///
    /// ```
    /// use urikit::rfc6570::TemplateErrorKind;
    /// assert_eq!(TemplateErrorKind::InvalidVarname.message(), "invalid varname in expression");
    /// ```
    pub const fn message(self) -> &'static str {
        match self {
            TemplateErrorKind::UnclosedExpression => "unclosed expression",
            TemplateErrorKind::UnopenedExpression => "'}' outside an expression",
            TemplateErrorKind::NestedExpression => "'{' inside an expression",
            TemplateErrorKind::InvalidLiteral => "invalid character in literal",
            TemplateErrorKind::InvalidPercentEncoding => "invalid percent-encoding",
            TemplateErrorKind::ReservedOperator => "reserved operator in expression",
            TemplateErrorKind::UnknownOperator => "unknown operator in expression",
            TemplateErrorKind::InvalidVarname => "invalid varname in expression",
            TemplateErrorKind::PrefixOutOfRange => "prefix modifier not a number from 1 to 9999",
            TemplateErrorKind::UnexpectedCharacter => "unexpected character in expression",
        }
    }
}

kind_names! {
    /// A short stable name, suitable for machine output.
    ///
    /// ```
    /// use urikit::rfc6570::TemplateErrorKind;
    /// assert_eq!(TemplateErrorKind::UnclosedExpression.name(), "unclosed-expression");
    /// ```
    TemplateErrorKind {
        TemplateErrorKind::UnclosedExpression => "unclosed-expression",
        TemplateErrorKind::UnopenedExpression => "unopened-expression",
        TemplateErrorKind::NestedExpression => "nested-expression",
        TemplateErrorKind::InvalidLiteral => "invalid-literal",
        TemplateErrorKind::InvalidPercentEncoding => "invalid-percent-encoding",
        TemplateErrorKind::ReservedOperator => "reserved-operator",
        TemplateErrorKind::UnknownOperator => "unknown-operator",
        TemplateErrorKind::InvalidVarname => "invalid-varname",
        TemplateErrorKind::PrefixOutOfRange => "prefix-out-of-range",
        TemplateErrorKind::UnexpectedCharacter => "unexpected-character",
    }
}

/// A template that does not follow the grammar of RFC 6570: where and why.
///
/// The index is that of the first byte at which the input stops being the
/// start of some valid template (the length, for an unclosed expression).
///
/// ```
/// use urikit::rfc6570::{Template, TemplateErrorKind};
/// let err = Template::parse("{var:10000}").unwrap_err();
/// assert_eq!((err.index(), err.kind()), (9, TemplateErrorKind::PrefixOutOfRange));
/// assert_eq!(err.to_string(), "prefix modifier not a number from 1 to 9999 at index 9");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TemplateError {
    index: usize,
    kind: TemplateErrorKind,
}

impl TemplateError {
    pub(crate) const fn new(index: usize, kind: TemplateErrorKind) -> TemplateError {
        TemplateError { index, kind }
    }

    /// The byte index of the error.
    ///
    /// ```
    /// let err = urikit::rfc6570::Template::parse("a b").unwrap_err();
    /// assert_eq!(err.index(), 1);
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }

    /// What is wrong.
    ///
    /// ```
    /// use urikit::rfc6570::{Template, TemplateErrorKind};
    /// let err = Template::parse("{!x}").unwrap_err();
    /// assert_eq!(err.kind(), TemplateErrorKind::ReservedOperator);
    /// ```
    pub const fn kind(&self) -> TemplateErrorKind {
        self.kind
    }
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at index {}", self.kind.message(), self.index)
    }
}

impl core::error::Error for TemplateError {}

/// Whether `c`, a non-ASCII character, is a `ucschar` or an `iprivate`
/// (RFC 3987), the non-ASCII characters a literal may hold.
pub(crate) fn is_ucs_or_private(c: char) -> bool {
    let c = c as u32;
    matches!(c,
        0xA0..=0xD7FF | 0xE000..=0xFDCF | 0xFDF0..=0xFFEF
        | 0x10000..=0x1FFFD | 0x20000..=0x2FFFD | 0x30000..=0x3FFFD
        | 0x40000..=0x4FFFD | 0x50000..=0x5FFFD | 0x60000..=0x6FFFD
        | 0x70000..=0x7FFFD | 0x80000..=0x8FFFD | 0x90000..=0x9FFFD
        | 0xA0000..=0xAFFFD | 0xB0000..=0xBFFFD | 0xC0000..=0xCFFFD
        | 0xD0000..=0xDFFFD | 0xE1000..=0xEFFFD | 0xF0000..=0xFFFFD
        | 0x100000..=0x10FFFD)
}

pub(crate) fn is_triplet(b: &[u8], i: usize) -> bool {
    i + 2 < b.len() && HEXDIG.contains(b[i + 1]) && HEXDIG.contains(b[i + 2])
}

/// Checks a whole template. Returns whether every literal passes through
/// expansion unchanged (no byte needs encoding), which lets expansion copy
/// literals in one write.
pub(crate) fn validate(s: &str) -> Result<bool, TemplateError> {
    let b = s.as_bytes();
    let mut clean = true;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'{' => {
                let (_, end) = parse_expr(s, i)?;
                i = end;
            }
            b'}' => return Err(TemplateError::new(i, TemplateErrorKind::UnopenedExpression)),
            b'%' => {
                if !is_triplet(b, i) {
                    let at = if i + 1 < b.len() && HEXDIG.contains(b[i + 1]) {
                        i + 2
                    } else {
                        i + 1
                    };
                    return Err(TemplateError::new(
                        at.min(b.len()),
                        TemplateErrorKind::InvalidPercentEncoding,
                    ));
                }
                i += 3;
            }
            c if c < 0x80 => {
                if !LITERAL.contains(c) {
                    return Err(TemplateError::new(i, TemplateErrorKind::InvalidLiteral));
                }
                i += 1;
            }
            _ => {
                // Non-ASCII: one whole character (the input is a `str`).
                let c = s[i..].chars().next().unwrap_or('\0');
                if !is_ucs_or_private(c) {
                    return Err(TemplateError::new(i, TemplateErrorKind::InvalidLiteral));
                }
                clean = false;
                i += c.len_utf8();
            }
        }
    }
    Ok(clean)
}

/// One expression: its operator and the varspec list between the operator
/// and the `}`.
///
/// ```
/// use urikit::rfc6570::{Op, Template};
/// let t = Template::parse("/x{?a,b}")?;
/// let e = t.expressions().next().unwrap();
/// assert_eq!((e.op(), e.index(), e.as_str()), (Op::Query, 2, "{?a,b}"));
/// # Ok::<(), urikit::rfc6570::TemplateError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expression<'a> {
    op: Op,
    /// The whole expression, braces included.
    text: &'a str,
    /// Byte index of the `{` in the template.
    index: usize,
    /// The varspec list, from after the operator to before the `}`.
    list: &'a str,
}

impl<'a> Expression<'a> {
    /// The operator.
    ///
    /// ```
    /// use urikit::rfc6570::{Op, Template};
    /// let t = Template::parse("{#x}")?;
    /// assert_eq!(t.expressions().next().unwrap().op(), Op::Fragment);
    /// # Ok::<(), urikit::rfc6570::TemplateError>(())
    /// ```
    pub fn op(&self) -> Op {
        self.op
    }

    /// The expression's text, braces included.
    ///
    /// ```
    /// let t = urikit::rfc6570::Template::parse("a{b}c")?;
    /// assert_eq!(t.expressions().next().unwrap().as_str(), "{b}");
    /// # Ok::<(), urikit::rfc6570::TemplateError>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The byte index of the `{` in the template.
    ///
    /// ```
    /// let t = urikit::rfc6570::Template::parse("a{b}c")?;
    /// assert_eq!(t.expressions().next().unwrap().index(), 1);
    /// # Ok::<(), urikit::rfc6570::TemplateError>(())
    /// ```
    pub fn index(&self) -> usize {
        self.index
    }

    /// The varspecs, in order.
    ///
    /// ```
    /// let t = urikit::rfc6570::Template::parse("{x,y}")?;
    /// let names: Vec<&str> = t.expressions().next().unwrap().varspecs().map(|v| v.name()).collect();
    /// assert_eq!(names, ["x", "y"]);
    /// # Ok::<(), urikit::rfc6570::TemplateError>(())
    /// ```
    pub fn varspecs(&self) -> VarSpecs<'a> {
        VarSpecs {
            rest: self.list,
            index: self.index + (self.text.len() - self.list.len() - 1),
        }
    }
}

/// One `varspec`: a varname and its modifier.
///
/// ```
/// use urikit::rfc6570::{Modifier, Template};
/// let t = Template::parse("{+path:6}")?;
/// let v = t.expressions().next().unwrap().varspecs().next().unwrap();
/// assert_eq!((v.name(), v.modifier(), v.index()), ("path", Modifier::Prefix(6), 2));
/// # Ok::<(), urikit::rfc6570::TemplateError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VarSpec<'a> {
    name: &'a str,
    modifier: Modifier,
    index: usize,
}

impl<'a> VarSpec<'a> {
    /// The varname, as written (triplets are not decoded).
    ///
    /// ```
    /// let t = urikit::rfc6570::Template::parse("{a%20b}")?;
    /// assert_eq!(t.variables().next(), Some("a%20b"));
    /// # Ok::<(), urikit::rfc6570::TemplateError>(())
    /// ```
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// The modifier.
    ///
    /// ```
    /// use urikit::rfc6570::{Modifier, Template};
    /// let t = Template::parse("{a*}")?;
    /// let v = t.expressions().next().unwrap().varspecs().next().unwrap();
    /// assert_eq!(v.modifier(), Modifier::Explode);
    /// # Ok::<(), urikit::rfc6570::TemplateError>(())
    /// ```
    pub fn modifier(&self) -> Modifier {
        self.modifier
    }

    /// The byte index of the varname in the template.
    ///
    /// ```
    /// let t = urikit::rfc6570::Template::parse("x{a,bc}")?;
    /// let v = t.expressions().next().unwrap().varspecs().nth(1).unwrap();
    /// assert_eq!(v.index(), 4);
    /// # Ok::<(), urikit::rfc6570::TemplateError>(())
    /// ```
    pub fn index(&self) -> usize {
        self.index
    }
}

/// The varspecs of an expression, from [`Expression::varspecs`].
///
/// ```
/// let t = urikit::rfc6570::Template::parse("{a,b}")?;
/// assert_eq!(t.expressions().next().unwrap().varspecs().count(), 2);
/// # Ok::<(), urikit::rfc6570::TemplateError>(())
/// ```
#[derive(Clone, Debug)]
pub struct VarSpecs<'a> {
    rest: &'a str,
    index: usize,
}

impl<'a> Iterator for VarSpecs<'a> {
    type Item = VarSpec<'a>;

    fn next(&mut self) -> Option<VarSpec<'a>> {
        if self.rest.is_empty() {
            return None;
        }
        let b = self.rest.as_bytes();
        let end = b.iter().position(|&c| c == b',').unwrap_or(b.len());
        let spec = &self.rest[..end];
        let sb = spec.as_bytes();
        let (name, modifier) = match sb.last() {
            Some(b'*') => (&spec[..spec.len() - 1], Modifier::Explode),
            _ => match sb.iter().position(|&c| c == b':') {
                Some(colon) => {
                    let n = spec[colon + 1..].parse().unwrap_or(1);
                    (&spec[..colon], Modifier::Prefix(n))
                }
                None => (spec, Modifier::None),
            },
        };
        let v = VarSpec {
            name,
            modifier,
            index: self.index,
        };
        let step = (end + 1).min(b.len());
        self.rest = &self.rest[step..];
        self.index += step;
        Some(v)
    }
}

/// Reads the expression whose `{` is at `start`; returns it and the index
/// after its `}`.
pub(crate) fn parse_expr(s: &str, start: usize) -> Result<(Expression<'_>, usize), TemplateError> {
    use TemplateErrorKind as K;
    let b = s.as_bytes();
    let mut i = start + 1;
    let Some(&first) = b.get(i) else {
        return Err(TemplateError::new(b.len(), K::UnclosedExpression));
    };
    let op = match Op::from_byte(first) {
        Some(op) => {
            i += 1;
            op
        }
        None if matches!(first, b'=' | b',' | b'!' | b'@' | b'|') => {
            return Err(TemplateError::new(i, K::ReservedOperator));
        }
        None if VARCHAR.contains(first) || first == b'%' => Op::Simple,
        None if first.is_ascii_punctuation() && first != b'}' && first != b'{' => {
            return Err(TemplateError::new(i, K::UnknownOperator));
        }
        None => Op::Simple,
    };
    let list_start = i;
    loop {
        // varname = varchar *( ["."] varchar )
        let name_start = i;
        let mut after_dot = true;
        loop {
            match b.get(i) {
                Some(&c) if VARCHAR.contains(c) => {
                    after_dot = false;
                    i += 1;
                }
                Some(b'%') => {
                    if !is_triplet(b, i) {
                        let at = if i + 1 < b.len() && HEXDIG.contains(b[i + 1]) {
                            i + 2
                        } else {
                            i + 1
                        };
                        return Err(TemplateError::new(
                            at.min(b.len()),
                            K::InvalidPercentEncoding,
                        ));
                    }
                    after_dot = false;
                    i += 3;
                }
                Some(b'.') if !after_dot => {
                    after_dot = true;
                    i += 1;
                }
                None => return Err(TemplateError::new(b.len(), K::UnclosedExpression)),
                Some(_) => break,
            }
        }
        if i == name_start || after_dot {
            return Err(TemplateError::new(i, K::InvalidVarname));
        }
        match b.get(i) {
            Some(b'*') => i += 1,
            Some(b':') => {
                i += 1;
                let digits = i;
                while i < b.len() && DIGIT.contains(b[i]) && i - digits < 4 {
                    if i == digits && b[i] == b'0' {
                        return Err(TemplateError::new(i, K::PrefixOutOfRange));
                    }
                    i += 1;
                }
                if i == b.len() {
                    return Err(TemplateError::new(i, K::UnclosedExpression));
                }
                if i == digits || DIGIT.contains(b[i]) {
                    return Err(TemplateError::new(i, K::PrefixOutOfRange));
                }
            }
            _ => {}
        }
        match b.get(i) {
            Some(b',') => i += 1,
            Some(b'}') => break,
            None => return Err(TemplateError::new(b.len(), K::UnclosedExpression)),
            Some(b'{') => return Err(TemplateError::new(i, K::NestedExpression)),
            Some(_) => {
                let kind = if i == name_start {
                    K::InvalidVarname
                } else {
                    K::UnexpectedCharacter
                };
                // A character that could have continued a varname before
                // the modifier is a bad varname, not a bad modifier.
                let kind = if b[i - 1] != b'*' && !DIGIT.contains(b[i - 1]) {
                    K::InvalidVarname
                } else {
                    kind
                };
                return Err(TemplateError::new(i, kind));
            }
        }
    }
    let expr = Expression {
        op,
        text: &s[start..=i],
        index: start,
        list: &s[list_start..i],
    };
    Ok((expr, i + 1))
}

/// A piece of a template: a literal run or an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part<'a> {
    Literal(&'a str),
    Expr(Expression<'a>),
}

/// Walks a validated template.
#[derive(Clone, Debug)]
pub(crate) struct Parts<'a> {
    s: &'a str,
    i: usize,
}

impl<'a> Parts<'a> {
    pub(crate) fn new(s: &'a str) -> Parts<'a> {
        Parts { s, i: 0 }
    }
}

impl<'a> Iterator for Parts<'a> {
    type Item = Part<'a>;

    fn next(&mut self) -> Option<Part<'a>> {
        let b = self.s.as_bytes();
        let start = self.i;
        if start >= b.len() {
            return None;
        }
        if b[start] == b'{' {
            // Validated already; an error here can only mean the caller
            // broke the invariant, and then the walk simply stops.
            return match parse_expr(self.s, start) {
                Ok((e, end)) => {
                    self.i = end;
                    Some(Part::Expr(e))
                }
                Err(_) => {
                    self.i = b.len();
                    None
                }
            };
        }
        let end = b[start..]
            .iter()
            .position(|&c| c == b'{')
            .map_or(b.len(), |p| start + p);
        self.i = end;
        Some(Part::Literal(&self.s[start..end]))
    }
}
