//! Optional integrations with other crates, each behind its feature:
//!
//! - `serde`: `serde::Serialize` and `serde::Deserialize` for the URI and
//!   IRI types;
//! - `http`: `TryFrom` both ways with `http::Uri`.
//!
//! Conversions with `url::Url` are in the crate urikit-views (`url_interop`).
//!
//! The core crate has no dependency when they are off.

#[cfg(feature = "http")]
pub mod http;
#[cfg(feature = "serde")]
pub mod serde;
