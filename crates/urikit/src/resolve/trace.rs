//! Resolution step by step (RFC 3986 5.2.2 to 5.2.4): which branch of the
//! transform a reference takes, the merged path (5.2.3) and each step of
//! remove_dot_segments (5.2.4), for tools that show them
//! ([`Resolver::trace`]). The branch is the one [`Resolver::resolve`]
//! takes (the same `plan`), and the target is its result.

use alloc::string::String;
use alloc::vec::Vec;

use super::case::ResolveCase;
use super::dot_segments::{DotStep, remove_dot_segments_trace};
use super::recompose::parts;
use super::rfc2396::{LegacyStep, legacy_trace};
use super::transform::PathPlan;
use super::{ResolveError, Resolver, base_of, reference_of};
use crate::uri::{ToUri, ToUriRef, UriBuf};

/// Resolution step by step, from [`Resolver::trace`].
#[derive(Clone, Debug)]
pub struct ResolveTrace {
    case: ResolveCase,
    scheme_ignored: bool,
    merged: Option<String>,
    dots_input: Option<String>,
    steps: Vec<DotStep>,
    legacy_steps: Vec<LegacyStep>,
    path: String,
    target: UriBuf,
}

impl ResolveTrace {
    /// The branch of 5.2.2 taken.
    pub const fn case(&self) -> ResolveCase {
        self.case
    }

    /// Whether a non-strict resolver ignored the reference's scheme, equal
    /// to the base's (`http:g`).
    ///
    /// ```
    /// let t = urikit::Resolver::new().non_strict(true).trace("http://a/b/c", "http:g")?;
    /// assert!(t.scheme_ignored());
    /// assert_eq!(t.target(), "http://a/b/g");
    /// # Ok::<(), urikit::ResolveError>(())
    /// ```
    pub const fn scheme_ignored(&self) -> bool {
        self.scheme_ignored
    }

    /// For [`ResolveCase::Merge`], the merged path (5.2.3), before dot
    /// segments are removed.
    pub fn merged(&self) -> Option<&str> {
        self.merged.as_deref()
    }

    /// The input of remove_dot_segments (5.2.4), when it ran: the merged
    /// path or the reference's path. Under RFC 2396 resolution, the merged
    /// path that its steps 6c to 6g reduce.
    pub fn dots_input(&self) -> Option<&str> {
        self.dots_input.as_deref()
    }

    /// The steps of remove_dot_segments (5.2.4) with both buffers after
    /// each ([`crate::remove_dot_segments_trace`]); empty when it did not
    /// run, and under RFC 2396 resolution, whose steps differ.
    pub fn steps(&self) -> &[DotStep] {
        &self.steps
    }

    /// Under RFC 2396 resolution, for a merged path, the steps of its 5.2
    /// step 6 (6c to 6g), one per segment, with the buffer after each; the
    /// last one's buffer is [`ResolveTrace::path`]. Empty otherwise.
    ///
    /// ```
    /// let t = urikit::Resolver::new().rfc2396(true).trace("http://a/b/c/d;p?q", "../../../g")?;
    /// let steps: Vec<_> = t.legacy_steps().iter().map(|s| (s.rule().label(), s.output())).collect();
    /// assert_eq!(steps, [("6a/6b", "/b"), ("6a/6b", "/b/c"), ("6e", "/b"), ("6e", ""), ("6g", "/.."), ("6a/6b", "/../g")]);
    /// # Ok::<(), urikit::ResolveError>(())
    /// ```
    pub fn legacy_steps(&self) -> &[LegacyStep] {
        &self.legacy_steps
    }

    /// `T.path`, the target's path as the algorithm gives it. The target
    /// writes it with `/.` before it in the one case of the `/.` rule
    /// ([`Resolver::resolve`]).
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The target URI: [`Resolver::resolve`]'s result.
    pub fn target(&self) -> &UriBuf {
        &self.target
    }
}

impl Resolver {
    /// Resolve `reference` against `base` and record the steps: the branch
    /// of 5.2.2, the merged path of 5.2.3, each step of remove_dot_segments
    /// (5.2.4) with its buffers, and the target (5.3), which is what
    /// [`Resolver::resolve`] gives. Errors as
    /// that function's.
    ///
    /// It allocates for every step; resolution itself never goes through
    /// it.
    ///
    /// ```
    /// use urikit::{ResolveCase, Resolver};
    /// let t = Resolver::new().trace("http://a/b/c/d;p?q", "../g?y")?;
    /// assert_eq!(t.case(), ResolveCase::Merge);
    /// assert_eq!(t.merged(), Some("/b/c/../g"));
    /// let steps: Vec<_> = t.steps().iter().map(|s| (s.rule().letter(), s.output())).collect();
    /// assert_eq!(steps, [('E', "/b"), ('E', "/b/c"), ('C', "/b"), ('E', "/b/g")]);
    /// assert_eq!(t.path(), "/b/g");
    /// assert_eq!(t.target(), "http://a/b/g?y");
    ///
    /// let t = Resolver::new().trace("http://a/b/c/d;p?q", "?y")?;
    /// assert_eq!((t.case(), t.dots_input()), (ResolveCase::EmptyPath, None));
    /// # Ok::<(), urikit::ResolveError>(())
    /// ```
    pub fn trace(
        &self,
        base: impl ToUri,
        reference: impl ToUriRef,
    ) -> Result<ResolveTrace, ResolveError> {
        let (base, reference) = (base_of(&base)?, reference_of(&reference)?);
        let target = self.resolve_parsed(&base, &reference)?;
        let base_ref = base.as_uri_ref();
        let plan = self.plan(&parts(&base_ref), &parts(&reference));
        let cat = |a: &str, p: &str| {
            let mut s = String::with_capacity(a.len() + p.len());
            s.push_str(a);
            s.push_str(p);
            s
        };
        let mut legacy_steps = Vec::new();
        let (merged, dots_input, steps, path) = match plan.path {
            PathPlan::Copy(p) => (None, None, Vec::new(), String::from(p)),
            PathPlan::Dots(a, p) => {
                let input = cat(a, p);
                let steps = remove_dot_segments_trace(&input);
                let path = steps
                    .last()
                    .map_or_else(|| input.clone(), |s| String::from(s.output()));
                let merged = (plan.case == ResolveCase::Merge).then(|| input.clone());
                (merged, Some(input), steps, path)
            }
            PathPlan::Legacy(a, p) => {
                let input = cat(a, p);
                legacy_steps = legacy_trace(&input);
                let t = target.path();
                let path = String::from(if target.authority().is_none() && t.starts_with("/.//") {
                    &t[2..]
                } else {
                    t
                });
                (Some(input.clone()), Some(input), Vec::new(), path)
            }
        };
        Ok(ResolveTrace {
            case: plan.case,
            scheme_ignored: plan.scheme_ignored,
            merged,
            dots_input,
            steps,
            legacy_steps,
            path,
            target,
        })
    }
}
