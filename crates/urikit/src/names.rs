//! The stable names of error kinds: one list per kind type, written once.
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
