//! # urikit-arrow
//!
//! Vectorized [Apache Arrow](https://arrow.apache.org) kernels over
//! [`urikit`]: RFC 3986 parsing, components, resolution, normalization,
//! percent-encoding and more, a whole string column at a time.
//!
//! - **Input**: `Utf8` ([`arrow_array::StringArray`]), `LargeUtf8` and
//!   `Utf8View` columns ([`string_column`] turns a dictionary of strings
//!   or a `Null` column into one). Two-argument kernels also take a scalar
//!   ([`arrow_array::Scalar`]) for either argument, which they parse once
//!   per batch (a base URI, a parameter name).
//! - **Output**: Arrow arrays. String outputs have the input's string
//!   type. For `Utf8View` input, a value that is a slice of its row (a
//!   component, a path segment, a URI that is already normal) is a view into
//!   the input's data buffers: no bytes are copied.
//! - **Nulls and invalid rows**: a null row gives null, and so does a row
//!   that is not a valid URI (reference), never an error or a panic:
//!   one bad row does not fail a batch. [`parse`] says where and why a row
//!   failed. Errors are only for arguments of the wrong type or length.
//! - **IRIs**: [`to_uri`] and [`to_iri`] map between IRIs and URIs
//!   (RFC 3987 3.1 and 3.2).
//! - **Features**: `idna` adds `host_ascii` and `host_unicode` (UTS #46
//!   over each row's host, by urikit's `idna` feature); `spark` adds
//!   Apache Spark's URL functions (the `spark` module); `whatwg` and
//!   `curl` add those parsers' views to [`views`] and [`host_confusion`]
//!   (urikit's features of the same names).
//! - **One table**: [`KERNELS`] lists every kernel with its arguments,
//!   return type, description and example. The SQL functions of
//!   `urikit-datafusion` and Python's `urikit.arrow` are made from it.
//!
//! Every kernel is a loop over the library's own functions (named in its
//! documentation), so it gives the library's answer row by row.
//!
//! ```
//! use arrow_array::{StringViewArray, cast::AsArray};
//! let urls = StringViewArray::from(vec![
//!     Some("https://www.example.com/a/b?q=1"),
//!     Some("http://exa mple.com/"),
//!     None,
//! ]);
//! let hosts = urikit_arrow::host(&urls).unwrap();
//! let hosts: Vec<_> = hosts.as_string_view().iter().collect();
//! assert_eq!(hosts, [Some("www.example.com"), None, None]);
//! ```
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod hosts;
#[cfg(feature = "idna")]
mod idna;
mod iri;
mod kernels;
mod lists;
mod parse;
mod rewrite;
#[cfg(feature = "spark")]
pub mod spark;
mod strings;
pub(crate) mod views;

pub use hosts::{host_reversed, public_suffix, registrable_domain, surt};
#[cfg(feature = "idna")]
pub use idna::{host_ascii, host_unicode};
pub use iri::{repair, to_iri, to_uri};
pub use kernels::{Example, Family, KERNELS, Kernel, Options, Param, Returns, kernel};
pub use lists::{extract, lint, list_type, map_type, path_segments, query_param, query_params};
pub use parse::{
    PARSE_FIELDS, authority, fragment, host, is_valid, parse, parse_type, path, port, port_text,
    query, scheme, userinfo,
};
pub use rewrite::{decode, encode, equivalent, make_relative, normalize, resolve};
pub use strings::{string_column, value_bytes};
/// The comparison and normalization levels of [`normalize`] and
/// [`equivalent`] (re-exported from [`urikit::compare`]).
pub use urikit::compare::Level;
/// The named percent-encode sets of [`encode`]: the library's own.
pub use urikit::percent::EncodeSet;
pub use views::{
    FINDING_FIELDS, VIEW_FIELDS, host_confusion, host_confusion_type, parsers_named, view_parsers,
    views, views_type,
};

// The README's example runs as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
