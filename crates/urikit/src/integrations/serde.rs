//! Serde support (feature `serde`): every URI and IRI type is serialized
//! as its text and deserialized by parsing a string.
//!
//! - Deserializing validates: text that is not a valid value of the type is
//!   an error whose message carries the [`ParseError`](crate::ParseError)'s
//!   (`invalid URI: missing scheme (expected a scheme and ':') at index 0`).
//! - The borrowed types, [`UriRef`], [`Uri`], [`IriRef`] and [`Iri`],
//!   deserialize zero-copy and
//!   need a format that can lend a string from its input: serde_json
//!   without escapes in the string, postcard, bincode. A string that must be
//!   unescaped first cannot be borrowed: deserialize the owned types
//!   ([`UriRefBuf`], [`UriBuf`], [`IriRefBuf`], [`IriBuf`]) for those.
//!
//! ```
//! use urikit::{Uri, UriBuf};
//!
//! let json = serde_json::to_string(&Uri::parse("http://a/b?c")?)?;
//! assert_eq!(json, r#""http://a/b?c""#);
//!
//! let borrowed: Uri = serde_json::from_str(&json)?; // points into `json`
//! assert_eq!(borrowed.host_str(), Some("a"));
//! let owned: UriBuf = serde_json::from_str(r#""http:\/\/a\/b""#)?; // escapes: owned
//! assert_eq!(owned, "http://a/b");
//!
//! let err = serde_json::from_str::<UriBuf>(r#""/relative""#).unwrap_err();
//! assert!(err.to_string().starts_with("invalid URI: missing scheme"));
//!
//! let iri: urikit::Iri = serde_json::from_str(r#""http://例え.jp/パス""#)?;
//! assert_eq!(iri.host_str(), Some("例え.jp"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{Iri, IriBuf, IriRef, IriRefBuf, Uri, UriBuf, UriRef, UriRefBuf};

/// `Serialize` and `Deserialize` for a type that is text with a parser.
///
/// - `borrowed Type, "what"`: `Type<'a>` with `TryFrom<&'a str>`, borrowed
///   from the deserializer's input (covariant in `'a`).
/// - `owned Type, "what"`: `Type` with `TryFrom<&str>` and
///   `TryFrom<String>` (the latter takes over a deserialized `String`).
///
/// Both need `as_str()` and a `Display` error; "what" names the type in
/// messages (`"an IRI"` gives "expected an IRI", "invalid IRI: …").
macro_rules! impl_serde_str {
    (borrowed $ty:ident, $article:literal, $what:literal) => {
        impl ::serde::Serialize for $ty<'_> {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de: 'a, 'a> ::serde::Deserialize<'de> for $ty<'a> {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<$ty<'a>, D::Error> {
                struct Visit;
                impl<'v> ::serde::de::Visitor<'v> for Visit {
                    type Value = $ty<'v>;
                    fn expecting(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                        f.write_str(concat!("a borrowed string holding ", $article, " ", $what))
                    }
                    fn visit_borrowed_str<E: ::serde::de::Error>(
                        self,
                        v: &'v str,
                    ) -> Result<$ty<'v>, E> {
                        <$ty<'v>>::try_from(v).map_err(|e| {
                            E::custom(format_args!(concat!("invalid ", $what, ": {}"), e))
                        })
                    }
                    fn visit_borrowed_bytes<E: ::serde::de::Error>(
                        self,
                        v: &'v [u8],
                    ) -> Result<$ty<'v>, E> {
                        match ::core::str::from_utf8(v) {
                            Ok(s) => self.visit_borrowed_str(s),
                            Err(_) => {
                                Err(E::invalid_value(::serde::de::Unexpected::Bytes(v), &self))
                            }
                        }
                    }
                }
                d.deserialize_str(Visit)
            }
        }
    };
    (owned $ty:ident, $article:literal, $what:literal) => {
        impl ::serde::Serialize for $ty {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $ty {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
                struct Visit;
                impl Visit {
                    fn invalid<E: ::serde::de::Error>(e: impl ::core::fmt::Display) -> E {
                        E::custom(format_args!(concat!("invalid ", $what, ": {}"), e))
                    }
                }
                impl ::serde::de::Visitor<'_> for Visit {
                    type Value = $ty;
                    fn expecting(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                        f.write_str(concat!("a string holding ", $article, " ", $what))
                    }
                    fn visit_str<E: ::serde::de::Error>(self, v: &str) -> Result<$ty, E> {
                        <$ty>::try_from(v).map_err(Visit::invalid)
                    }
                    fn visit_string<E: ::serde::de::Error>(
                        self,
                        v: ::alloc::string::String,
                    ) -> Result<$ty, E> {
                        <$ty>::try_from(v).map_err(Visit::invalid)
                    }
                    fn visit_bytes<E: ::serde::de::Error>(self, v: &[u8]) -> Result<$ty, E> {
                        match ::core::str::from_utf8(v) {
                            Ok(s) => self.visit_str(s),
                            Err(_) => {
                                Err(E::invalid_value(::serde::de::Unexpected::Bytes(v), &self))
                            }
                        }
                    }
                    fn visit_byte_buf<E: ::serde::de::Error>(
                        self,
                        v: ::alloc::vec::Vec<u8>,
                    ) -> Result<$ty, E> {
                        match ::alloc::string::String::from_utf8(v) {
                            Ok(s) => self.visit_string(s),
                            Err(e) => Err(E::invalid_value(
                                ::serde::de::Unexpected::Bytes(e.as_bytes()),
                                &self,
                            )),
                        }
                    }
                }
                d.deserialize_string(Visit)
            }
        }
    };
}
// For the other string types of the crate (the IRI types) to use.
#[allow(unused_imports)]
pub(crate) use impl_serde_str;

impl_serde_str!(borrowed UriRef, "a", "URI reference");
impl_serde_str!(borrowed Uri, "a", "URI");
impl_serde_str!(owned UriRefBuf, "a", "URI reference");
impl_serde_str!(owned UriBuf, "a", "URI");
impl_serde_str!(borrowed IriRef, "an", "IRI reference");
impl_serde_str!(borrowed Iri, "an", "IRI");
impl_serde_str!(owned IriRefBuf, "an", "IRI reference");
impl_serde_str!(owned IriBuf, "an", "IRI");
