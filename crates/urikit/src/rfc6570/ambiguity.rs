//! Why a template cannot be matched: [`Ambiguity`].

use super::pattern::{Elem, Follow, leads, query_after};
use crate::chars::CharClass;
use crate::names::kind_names;
use core::fmt;

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
    /// The template is longer than [`MAX_TEMPLATE_LEN`](super::MAX_TEMPLATE_LEN) (the index is the
    /// limit).
    TemplateTooLong,
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
            AmbiguityKind::TemplateTooLong => "template longer than the matching limit of 1 MiB",
        }
    }
}

kind_names! {
    /// A stable kebab-case name, for programs (`"repeated-variable"`).
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
        AmbiguityKind::TemplateTooLong => "template-too-long",
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
    pub(super) index: usize,
    pub(super) kind: AmbiguityKind,
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

/// Whether two classes share a member.
fn meets(a: &CharClass, b: &CharClass) -> bool {
    (0..=255u8).any(|c| a.contains(c) && b.contains(c))
}

/// Checks that reading left to right, stopping each expression at the
/// first character its values cannot hold, finds the only reading, and
/// reports the first expression where it does not. One walk from the end,
/// carrying what may follow: linear in the number of elements. With
/// `lenient`, a `+` or `#` expression followed by literals and a `?` query
/// is fine (lenient matching ends its value at the first `?`).
pub(super) fn check(elems: &[Elem<'_>], lenient: bool) -> Result<(), Ambiguity> {
    let mut follow = Follow::END;
    let mut first = None;
    for (k, elem) in elems.iter().enumerate().rev() {
        if let Elem::Expr {
            op,
            body,
            index,
            alt_lead,
            ..
        } = elem
            && k + 1 < elems.len()
        {
            // What its values or its own lead may hold.
            let own = match op.first().as_bytes().first() {
                Some(_) => body.union(&leads(*op, body, *alt_lead)),
                None => *body,
            };
            let kind = if op.allows_reserved() {
                (!(lenient && query_after(elems, k).is_some()))
                    .then_some(AmbiguityKind::ReservedNotLast)
            } else if meets(&follow.exprs, &own) {
                Some(AmbiguityKind::AdjacentExpressions)
            } else if follow.lit.is_some_and(|c| own.contains(c)) {
                Some(AmbiguityKind::DelimiterInValue)
            } else {
                None
            };
            if let Some(kind) = kind {
                first = Some(Ambiguity {
                    index: *index,
                    kind,
                });
            }
        }
        follow = follow.next(elem);
    }
    first.map_or(Ok(()), Err)
}
