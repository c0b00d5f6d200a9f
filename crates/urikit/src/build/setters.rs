//! Changing one component of an owned value: the `set_*` methods of
//! [`UriBuf`], [`UriRefBuf`], [`IriBuf`] and [`IriRefBuf`], which keep the
//! value valid or fail and leave it unchanged. One definition over the
//! parser profile `P`: the IRI types check text against the IRI rules
//! (RFC 3987 2.2) and keep allowed non-ASCII data in query pairs.

use alloc::string::String;
use core::net::IpAddr;

use super::{BuildError, Parts, check_p, ip_host_text, port_digits, push_pair, reparse_error};
use crate::error::Component;
use crate::iri::{IriBuf, IriRefBuf};
use crate::parse::profile::{IRI, URI};
use crate::rule::Rule;
use crate::uri::{UriBuf, UriRef, UriRefBuf};

macro_rules! setters {
    ($ty:ident, $P:expr) => {
        impl $ty {
            /// Validate the text of a component in this type's profile.
            fn check(rule: Rule, c: Component, text: &str) -> Result<(), BuildError> {
                check_p::<{ $P }>(rule, c, text)
            }

            fn replace(&mut self, c: Component, value: Option<&str>) -> Result<(), BuildError> {
                let text = {
                    let view = self.as_ref_view();
                    let mut parts = Parts::of(&view);
                    parts.set(c, value);
                    parts.assemble(false)?
                };
                *self = $ty::parse(text).map_err(reparse_error)?;
                Ok(())
            }

            /// Replace or remove the userinfo (encoded text, validated).
            /// Adding one to a value without an authority adds an authority
            /// with an empty host.
            ///
            /// ```
            #[doc = concat!("let mut u = urikit::", stringify!($ty), "::parse(\"http://h/\")?;")]
            /// u.set_userinfo(Some("joe"))?;
            /// assert_eq!(u.as_str(), "http://joe@h/");
            /// assert!(u.set_userinfo(Some("a@b")).is_err());
            /// assert_eq!(u.as_str(), "http://joe@h/");
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), BuildError> {
                if let Some(t) = userinfo {
                    Self::check(Rule::Userinfo, Component::Userinfo, t)?;
                }
                self.replace(Component::Userinfo, userinfo)
            }

            /// Replace the host (encoded text, validated against `host`), or
            /// with `None` remove the whole authority (userinfo and port
            /// too).
            ///
            /// ```
            #[doc = concat!("let mut u = urikit::", stringify!($ty), "::parse(\"http://h:8/p\")?;")]
            /// u.set_host(Some("[::1]"))?;
            /// assert_eq!(u.as_str(), "http://[::1]:8/p");
            /// u.set_host(None)?;
            /// assert_eq!(u.as_str(), "http:/p");
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_host(&mut self, host: Option<&str>) -> Result<(), BuildError> {
                if let Some(t) = host {
                    Self::check(Rule::Host, Component::Host, t)?;
                }
                self.replace(Component::Host, host)
            }

            /// Replace or remove the port, as a number.
            ///
            /// ```
            #[doc = concat!("let mut u = urikit::", stringify!($ty), "::parse(\"http://h/\")?;")]
            /// u.set_port(Some(8080))?;
            /// assert_eq!(u.as_str(), "http://h:8080/");
            /// u.set_port(None)?;
            /// assert_eq!(u.as_str(), "http://h/");
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_port(&mut self, port: Option<u16>) -> Result<(), BuildError> {
                match port {
                    Some(n) => self.replace(Component::Port, Some(&port_digits(n))),
                    None => self.replace(Component::Port, None),
                }
            }

            /// Replace or remove the port as text: digits only, any number
            /// of them (3.2.3), or empty (`http://h:/`).
            ///
            /// ```
            #[doc = concat!("let mut u = urikit::", stringify!($ty), "::parse(\"http://h/\")?;")]
            /// u.set_port_str(Some("080"))?;
            /// assert_eq!(u.as_str(), "http://h:080/");
            /// assert!(u.set_port_str(Some("x")).is_err());
            /// assert_eq!(u.as_str(), "http://h:080/");
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_port_str(&mut self, port: Option<&str>) -> Result<(), BuildError> {
                if let Some(t) = port {
                    Self::check(Rule::Port, Component::Port, t)?;
                }
                self.replace(Component::Port, port)
            }

            /// Replace the host with an IP address: IPv4 in dotted-decimal,
            /// IPv6 in brackets in the RFC 5952 form (3.2.2).
            ///
            /// ```
            /// use std::net::{IpAddr, Ipv6Addr};
            #[doc = concat!("let mut u = urikit::", stringify!($ty), "::parse(\"http://h:8/p\")?;")]
            /// u.set_host_ip(IpAddr::V6(Ipv6Addr::LOCALHOST))?;
            /// assert_eq!(u.as_str(), "http://[::1]:8/p");
            /// u.set_host_ip([192, 0, 2, 1].into())?;
            /// assert_eq!(u.host_kind(), Some(urikit::HostKind::Ipv4));
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_host_ip(&mut self, ip: IpAddr) -> Result<(), BuildError> {
                let text = ip_host_text(ip);
                self.replace(Component::Host, Some(&text))
            }

            /// Append one `name=value` pair of raw data to the query, joined
            /// to what is there with `&` (a query is added when there is
            /// none). `&`, `=`, `+`, `#` and everything outside `query` in
            /// the data are percent-encoded, space as `%20`, so the pair
            /// reads back the same (see [`QueryWriter`](super::QueryWriter)).
            ///
            /// ```
            #[doc = concat!("let mut u = urikit::", stringify!($ty), "::parse(\"http://h/?a=1#f\")?;")]
            /// u.append_query_pair("q", "x&y z")?;
            /// assert_eq!(u.as_str(), "http://h/?a=1&q=x%26y%20z#f");
            /// let (k, v) = u.query_pairs().decoded().last().unwrap();
            /// assert_eq!((&*k, &*v), ("q", "x&y z"));
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn append_query_pair(&mut self, name: &str, value: &str) -> Result<(), BuildError> {
                self.append_pair(name, value, false)
            }

            /// Append one pair in the `application/x-www-form-urlencoded`
            /// style: as [`append_query_pair`](Self::append_query_pair), but a
            /// space is `+`.
            ///
            /// ```
            #[doc = concat!("let mut u = urikit::", stringify!($ty), "::parse(\"http://h/\")?;")]
            /// u.append_form_pair("q", "a b+c")?;
            /// assert_eq!(u.as_str(), "http://h/?q=a+b%2Bc");
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn append_form_pair(&mut self, name: &str, value: &str) -> Result<(), BuildError> {
                self.append_pair(name, value, true)
            }

            fn append_pair(&mut self, name: &str, value: &str, form: bool) -> Result<(), BuildError> {
                let mut q = String::from(self.query().unwrap_or(""));
                if !q.is_empty() {
                    q.push('&');
                }
                push_pair::<{ $P }>(&mut q, name, Some(value), form);
                self.replace(Component::Query, Some(&q))
            }

            /// Replace the path (encoded text, validated against `path`).
            /// Fails for a path that cannot follow the authority (or its
            /// absence); in a relative reference, a first segment with `:`
            /// gets `./` before it (4.2).
            ///
            /// ```
            #[doc = concat!("let mut u = urikit::", stringify!($ty), "::parse(\"http://h/a?q\")?;")]
            /// u.set_path("/b/c")?;
            /// assert_eq!(u.as_str(), "http://h/b/c?q");
            /// assert!(u.set_path("rel").is_err());
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_path(&mut self, path: &str) -> Result<(), BuildError> {
                Self::check(Rule::Path, Component::Path, path)?;
                self.replace(Component::Path, Some(path))
            }

            /// Replace or remove the query (encoded text, validated).
            ///
            /// ```
            #[doc = concat!("let mut u = urikit::", stringify!($ty), "::parse(\"http://h/#f\")?;")]
            /// u.set_query(Some("a=1"))?;
            /// assert_eq!(u.as_str(), "http://h/?a=1#f");
            /// u.set_query(None)?;
            /// assert_eq!(u.as_str(), "http://h/#f");
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_query(&mut self, query: Option<&str>) -> Result<(), BuildError> {
                if let Some(t) = query {
                    Self::check(Rule::Query, Component::Query, t)?;
                }
                self.replace(Component::Query, query)
            }

            /// Replace or remove the fragment (encoded text, validated).
            ///
            /// ```
            #[doc = concat!("let mut u = urikit::", stringify!($ty), "::parse(\"http://h/\")?;")]
            /// u.set_fragment(Some("top"))?;
            /// assert_eq!(u.as_str(), "http://h/#top");
            /// assert!(u.set_fragment(Some("a#b")).is_err());
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), BuildError> {
                if let Some(t) = fragment {
                    Self::check(Rule::Fragment, Component::Fragment, t)?;
                }
                self.replace(Component::Fragment, fragment)
            }
        }
    };
}

macro_rules! scheme_setter {
    (required $ty:ident, |$u:ident| $view:expr) => {
        impl $ty {
            fn as_ref_view(&self) -> UriRef<'_> {
                let $u = self;
                $view
            }

            /// Replace the scheme (validated against `scheme`).
            ///
            /// ```
            #[doc = concat!("let mut u = urikit::", stringify!($ty), "::parse(\"http://h/\")?;")]
            /// u.set_scheme("https")?;
            /// assert_eq!(u.as_str(), "https://h/");
            /// assert!(u.set_scheme("").is_err());
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_scheme(&mut self, scheme: &str) -> Result<(), BuildError> {
                Self::check(Rule::Scheme, Component::Scheme, scheme)?;
                self.replace(Component::Scheme, Some(scheme))
            }
        }
    };
    (optional $ty:ident, |$u:ident| $view:expr) => {
        impl $ty {
            fn as_ref_view(&self) -> UriRef<'_> {
                let $u = self;
                $view
            }

            /// Replace or remove the scheme (validated against `scheme`).
            /// Removing it from a path whose first segment holds `:` writes
            /// `./` before the path (4.2).
            ///
            /// ```
            #[doc = concat!("let mut r = urikit::", stringify!($ty), "::parse(\"a/b\")?;")]
            /// r.set_scheme(Some("s"))?;
            /// assert_eq!(r.as_str(), "s:a/b");
            #[doc = concat!("let mut r = urikit::", stringify!($ty), "::parse(\"s:x:y\")?;")]
            /// r.set_scheme(None)?;
            /// assert_eq!(r.as_str(), "./x:y");
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), BuildError> {
                if let Some(t) = scheme {
                    Self::check(Rule::Scheme, Component::Scheme, t)?;
                }
                self.replace(Component::Scheme, scheme)
            }
        }
    };
}

// The IRI types' text and offsets seen as the URI code's reference: the
// recomposition looks only at ASCII delimiters (see `crate::iri`).
scheme_setter!(required UriBuf, |u| u.as_uri().as_uri_ref());
scheme_setter!(optional UriRefBuf, |u| u.as_uri_ref());
scheme_setter!(required IriBuf, |u| u.as_iri().as_iri_ref().view());
scheme_setter!(optional IriRefBuf, |u| u.as_iri_ref().view());

setters!(UriBuf, URI);
setters!(UriRefBuf, URI);
setters!(IriBuf, IRI);
setters!(IriRefBuf, IRI);
