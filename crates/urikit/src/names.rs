//! Names, written once: the [`Named`] sets a caller chooses from by name
//! (levels, encode sets, rules, profiles, parsers) and the stable names of
//! error kinds.
//!
//! Every error kind has a short kebab-case `name()` for machine output (the
//! CLI's `--json`, SQL's `error` column, Python's `URIError.kind`), and its
//! type a `NAMES` list of every name in declaration order. Both come from
//! one `pattern => "name"` table, so they cannot disagree.
//!
//! ```
//! use urikit::{ErrorKind, ResolveErrorKind};
//! assert!(ErrorKind::NAMES.contains(&"invalid-character"));
//! assert!(ResolveErrorKind::NAMES.contains(&ResolveErrorKind::BaseNotUri.name()));
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// `name()` and `NAMES` for an error-kind enum, from one table of
/// `pattern => "name"` arms (the doc comment goes on `name()`).
/// Not an API: the one mechanism for stable names of kinds, exported for
/// the crates built over the core (urikit-views) so that every kind type
/// in the project gets `name()` and `NAMES` the same way.
#[doc(hidden)]
#[macro_export]
macro_rules! kind_names {
    ($(#[$doc:meta])* $ty:ident { $($pat:pat => $name:literal),+ $(,)? }) => {
        impl $ty {
            $(#[$doc])*
            pub const fn name(self) -> &'static str {
                match self {
                    $($pat => $name,)+
                }
            }

            /// Every name that [`name`](Self::name) returns, in declaration
            /// order: the complete vocabulary of this kind.
            pub const NAMES: &'static [&'static str] = &[$($name),+];
        }
    };
}
pub(crate) use crate::kind_names;

/// A closed set of choices made by name: a normalization level, an encode
/// set, an ABNF rule, a template match mode, a profile, a parser, a finding
/// kind. The one mechanism behind every name a face accepts: the list of
/// names, [`name`](Named::name), reading a name back, and one error for a
/// name outside the set that lists the accepted ones. The CLI's choices and
/// help text, Python's and JavaScript's argument checks and the SQL
/// functions' refusals all come from here, so they cannot drift apart.
///
/// ```
/// use urikit::names::Named;
/// use urikit::normalize::Level;
/// assert_eq!(Level::parse_name("scheme"), Ok(Level::Scheme));
/// let e = Level::parse_name("full").unwrap_err();
/// assert_eq!(e.to_string(), "unknown level 'full' (expected string, syntax, scheme)");
/// assert_eq!(e.name(), "unknown-level");
/// assert_eq!(Level::names().collect::<Vec<_>>(), ["string", "syntax", "scheme"]);
/// ```
pub trait Named: Copy + Sized + 'static {
    /// What one member is called in messages, lower-case: `level`,
    /// `encode set`, `parser`.
    const WHAT: &'static str;
    /// The stable name of the error for a name outside the set:
    /// `unknown-level`, `unknown-parser` (the `kind` faces report).
    const UNKNOWN: &'static str;
    /// Every member, in the order the documentation lists them.
    const ALL: &'static [Self];
    /// Whether names are read without regard to ASCII case (ABNF rule names
    /// are; every other set's names are lower-case and read exactly).
    const CASE_INSENSITIVE: bool = false;

    /// The member's one stable name.
    fn name(self) -> &'static str;

    /// Every name, in the order of [`ALL`](Named::ALL).
    fn names() -> impl Iterator<Item = &'static str> {
        Self::ALL.iter().map(|m| m.name())
    }

    /// The member with this name, or an error that names the set and lists
    /// every accepted name.
    fn parse_name(name: &str) -> Result<Self, UnknownName> {
        Self::ALL
            .iter()
            .copied()
            .find(|m| {
                if Self::CASE_INSENSITIVE {
                    m.name().eq_ignore_ascii_case(name)
                } else {
                    m.name() == name
                }
            })
            .ok_or_else(|| UnknownName {
                what: Self::WHAT,
                kind: Self::UNKNOWN,
                given: name.into(),
                accepted: Self::names().collect(),
            })
    }
}

/// A name outside a [`Named`] set: which set, the name given, and every
/// name the set accepts.
///
/// ```
/// use urikit::names::Named;
/// use urikit::percent::EncodeSet;
/// let e = EncodeSet::parse_name("paths").unwrap_err();
/// assert_eq!((e.what(), e.given(), e.index()), ("encode set", "paths", 0));
/// assert!(e.accepted().contains(&"path"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    what: &'static str,
    kind: &'static str,
    given: String,
    accepted: Vec<&'static str>,
}

impl UnknownName {
    /// What a member of the set is called (`level`, `parser`).
    pub fn what(&self) -> &'static str {
        self.what
    }

    /// The name as given.
    pub fn given(&self) -> &str {
        &self.given
    }

    /// Every accepted name, in the set's order.
    pub fn accepted(&self) -> &[&'static str] {
        &self.accepted
    }

    /// The error's stable name, [`Named::UNKNOWN`] of the set
    /// (`unknown-level`).
    pub fn name(&self) -> &'static str {
        self.kind
    }

    /// Where the error is in the name given: always 0, the whole name is
    /// refused (for the same shape as every other error).
    pub fn index(&self) -> usize {
        0
    }
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown {} '{}' (expected ", self.what, self.given)?;
        for (i, name) in self.accepted.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            write!(f, "{sep}{name}")?;
        }
        f.write_str(")")
    }
}

impl core::error::Error for UnknownName {}

/// `impl Named` for an enum whose inherent `name()` exists: the set's
/// word, the error's name and the members, once.
/// Not an API: exported for the crates over the core (urikit-views).
#[doc(hidden)]
#[macro_export]
macro_rules! impl_named {
    ($ty:ty, $what:literal, $unknown:literal, [$($m:expr),+ $(,)?] $(, case_insensitive = $ci:literal)?) => {
        impl $crate::names::Named for $ty {
            const WHAT: &'static str = $what;
            const UNKNOWN: &'static str = $unknown;
            const ALL: &'static [Self] = &[$($m),+];
            $(const CASE_INSENSITIVE: bool = $ci;)?
            fn name(self) -> &'static str {
                <$ty>::name(self)
            }
        }
    };
}
pub(crate) use crate::impl_named;
