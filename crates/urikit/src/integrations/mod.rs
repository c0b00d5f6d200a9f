//! Optional integrations with other crates, each behind its feature:
//!
//! - `serde`: `serde::Serialize` and `serde::Deserialize` for the URI and
//!   IRI types;
//! - `http`: `TryFrom` both ways with `http::Uri`;
//! - `url`: conversions from and to `url::Url`.
//!
//! The core crate has no dependency when they are off.

#[cfg(feature = "http")]
pub mod http;
#[cfg(feature = "serde")]
pub mod serde;
#[cfg(feature = "url")]
pub mod url;
