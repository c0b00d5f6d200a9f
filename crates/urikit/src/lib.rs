//! # urikit
//!
//! Strict, fast, zero-copy URI handling to the letter of RFC 3986.
//!
//! - [`UriRef::parse`] and [`Uri::parse`] validate every rule of Appendix A
//!   in one forward pass without allocating, and keep the difference between
//!   an absent and an empty component (5.3).
//! - [`validate`] checks a string against any single ABNF rule.
//! - [`split`] takes apart any string by Appendix B, without validating.
//! - [`Uri::resolve`] resolves a reference against a base (section 5, with
//!   [`Resolver`] for the non-strict and RFC 2396 variants), and
//!   [`Uri::make_relative`] finds the shortest reference back.
//! - [`percent`] encodes and decodes (2.1, 2.4); [`normalize`] and
//!   [`compare`] implement section 6; [`build`] makes URIs from parts.
//! - [`text`] finds URIs in plain text (Appendix C), [`suffix`] completes
//!   what people type (4.5), and [`security`] checks a URI for the hazards
//!   of section 7.
//! - [`rfc6570`] expands URI Templates and matches URIs against them.
//!
//! ```
//! use urikit::{HostKind, Uri, UriRef};
//!
//! let uri = Uri::parse("foo://example.com:8042/over/there?name=ferret#nose")?;
//! assert_eq!(uri.scheme(), "foo");
//! assert_eq!(uri.host().map(|h| h.kind()), Some(HostKind::RegName));
//! assert_eq!(uri.port_u16(), Ok(Some(8042)));
//! assert_eq!(uri.path(), "/over/there");
//! assert_eq!(uri.query(), Some("name=ferret"));
//! assert_eq!(uri.fragment(), Some("nose"));
//! assert_eq!(uri.to_string(), "foo://example.com:8042/over/there?name=ferret#nose");
//!
//! let r = UriRef::parse("../g")?;
//! assert!(r.is_relative());
//!
//! let err = Uri::parse("http://exa mple.com/").unwrap_err();
//! assert_eq!(err.index(), 10);
//! assert_eq!(err.to_string(), "invalid character in host at index 10");
//! # Ok::<(), urikit::ParseError>(())
//! ```
//!
//! ## Equality
//!
//! All the URI types compare, order and hash byte-wise: **no implicit
//! normalization**.
//!
//! ## Features
//!
//! - `std` (default): the run-time CPU check that turns on the SSSE3 scan,
//!   and the readers over `std::io`. Without it the crate is `no_std` and
//!   needs only `alloc`; the error types implement `core::error::Error`
//!   either way.
//! - `serde`: `Serialize` and `Deserialize` for the URI types (see
//!   `integrations::serde`).
//! - `http`: `TryFrom` both ways with `http::Uri`, never dropping a
//!   fragment silently (`integrations::http`).
//!
//! [`file`](mod@file) converts file paths (RFC 8089) with no feature; with `std`
//! also the host platform's `Path`.
#![cfg_attr(not(feature = "std"), no_std)]
// docs.rs (`--cfg docsrs`, nightly): each feature-gated item is labelled
// with the features it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]
// `unsafe` is confined to `simd/` (see its documentation).
#![deny(unsafe_code)]
// ... and every `unsafe` block there says why it is sound (`// SAFETY:`).
#![deny(clippy::undocumented_unsafe_blocks)]
#![warn(missing_docs)]
// MAX_LEN is `u32::MAX as usize` (offsets are u32). Where usize is 32 bits
// (wasm32, the npm package) it is usize::MAX, and the length checks against
// it are always false there: kept, since they are the bound on 64-bit.
#![cfg_attr(
    target_pointer_width = "32",
    allow(clippy::absurd_extreme_comparisons, clippy::unnecessary_min_or_max)
)]

extern crate alloc;

pub mod build;
pub mod chars;
pub mod compare;
mod error;
/// The old name of [`rfc8089`], kept for one release (0.1 called the module
/// `file`).
#[doc(hidden)]
pub use rfc8089 as file;
mod host;
// Always present (empty without the features), so that each submodule
// carries only its own feature label in the documentation.
pub mod integrations;
mod iri;
pub mod java;
pub mod names;
pub mod normalize;
mod parse;
pub mod percent;
mod profile;
#[cfg(feature = "psl")]
pub mod public_suffix;
pub mod repair;
mod resolve;
pub mod rfc2396;
pub mod rfc6570;
pub mod rfc8089;
pub mod rule;
pub mod security;
#[allow(unsafe_code)]
mod simd;
pub mod suffix;
pub mod surt;
pub mod text;
mod uri;
mod word;
mod zone;

/// Not an API: hooks for the fuzz crate, behind the `__fuzz` feature.
#[cfg(feature = "__fuzz")]
#[doc(hidden)]
pub mod __fuzz {
    /// Whether the `http:` shortcut of the parser (`parse/fast.rs`) either
    /// has no answer for `s` or gives exactly the forward parser's, as a
    /// URI reference, a URI and an absolute URI, in the URI and IRI profiles.
    ///
    /// ```
    /// assert!(urikit::__fuzz::shortcut_agrees(b"http://example.com/a/b/c/d/e/f?q#frag"));
    /// ```
    pub fn shortcut_agrees(s: &[u8]) -> bool {
        crate::parse::shortcut_agrees(s)
    }
}

pub use error::{Component, ErrorKind, ParseError, PortOverflowError};
pub use host::{Host, HostData, HostKind};
#[cfg(feature = "idna")]
pub use iri::{IdnaError, IdnaErrorKind};
pub use iri::{Iri, IriBuf, IriRef, IriRefBuf, ToIri, ToIriRef};
pub use parse::MAX_LEN;
pub use profile::{Parsed, Profile, ProfileError};
pub use resolve::{
    DotRule, DotStep, LegacyRule, LegacyStep, ResolveCase, ResolveError, ResolveErrorKind,
    ResolveTrace, Resolver, make_relative, merge, merge_into, remove_dot_segments,
    remove_dot_segments_into, remove_dot_segments_trace,
};
pub use rule::{Rule, validate};
pub use uri::{Components, ToUri, ToUriRef, Uri, UriBuf, UriRef, UriRefBuf, split};
pub use zone::ParseOptions;

// The Rust examples of the README and the guides run as doc tests (a test
// of the CLI, apps/uri/tests/it/docs.rs, checks that every guide with a ```rust
// block is listed here).
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/library.md")]
struct LibraryGuideDoctests;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/templates.md")]
struct TemplatesGuideDoctests;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/rfc2396.md")]
struct Rfc2396GuideDoctests;
