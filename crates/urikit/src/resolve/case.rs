//! The five branches of the transform of RFC 3986 5.2.2, named: a leaf
//! module, so that the transform (`transform.rs`), which takes a branch,
//! and its trace (`trace.rs`), which reports it, both depend on it and not
//! on each other.

use core::fmt;

/// The branch of the transform of RFC 3986 5.2.2 that a reference takes.
///
/// ```
/// use urikit::{ResolveCase, Resolver};
/// let t = Resolver::new().trace("http://a/b/c/d;p?q", "../g")?;
/// assert_eq!(t.case(), ResolveCase::Merge);
/// assert_eq!(t.case().name(), "merge");
/// # Ok::<(), urikit::ResolveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ResolveCase {
    /// `defined(R.scheme)`: the reference is a URI; its own components,
    /// its path without dot segments.
    Scheme,
    /// `defined(R.authority)`: a network-path reference; the base's scheme.
    Authority,
    /// `R.path == ""`: the base's path, and its query unless the reference
    /// has one.
    EmptyPath,
    /// `R.path starts-with "/"`: an absolute-path reference, its path
    /// without dot segments.
    AbsolutePath,
    /// A relative-path reference: merged with the base's path (5.2.3),
    /// then without dot segments.
    Merge,
}

impl ResolveCase {
    /// A short stable name: `scheme`, `authority`, `empty-path`,
    /// `absolute-path`, `merge`.
    pub const fn name(self) -> &'static str {
        match self {
            ResolveCase::Scheme => "scheme",
            ResolveCase::Authority => "authority",
            ResolveCase::EmptyPath => "empty-path",
            ResolveCase::AbsolutePath => "absolute-path",
            ResolveCase::Merge => "merge",
        }
    }

    /// The condition of the pseudocode of 5.2.2 that selects it.
    ///
    /// ```
    /// assert_eq!(urikit::ResolveCase::AbsolutePath.condition(), "R.path starts-with \"/\"");
    /// ```
    pub const fn condition(self) -> &'static str {
        match self {
            ResolveCase::Scheme => "defined(R.scheme)",
            ResolveCase::Authority => "defined(R.authority)",
            ResolveCase::EmptyPath => "R.path == \"\"",
            ResolveCase::AbsolutePath => "R.path starts-with \"/\"",
            ResolveCase::Merge => "otherwise: merge(Base.path, R.path)",
        }
    }
}

impl fmt::Display for ResolveCase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
