//! Changing one component of an owned value: the `set_*` methods of
//! [`UriBuf`] and [`UriRefBuf`], which keep the value valid or fail and
//! leave it unchanged.

use super::{check, reparse_error, BuildError, Parts};
use crate::error::Component;
use crate::rule::Rule;
use crate::uri::{UriBuf, UriRef, UriRefBuf};

macro_rules! setters {
    ($ty:ident, $parse:path) => {
        impl $ty {
            fn replace(&mut self, c: Component, value: Option<&str>) -> Result<(), BuildError> {
                let text = {
                    let view = self.as_ref_view();
                    let mut parts = Parts::of(&view);
                    parts.set(c, value);
                    parts.assemble(false)?
                };
                *self = $parse(text).map_err(reparse_error)?;
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
                    check(Rule::Userinfo, Component::Userinfo, t)?;
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
                    check(Rule::Host, Component::Host, t)?;
                }
                self.replace(Component::Host, host)
            }

            /// Replace or remove the port (digits, validated).
            ///
            /// ```
            #[doc = concat!("let mut u = urikit::", stringify!($ty), "::parse(\"http://h/\")?;")]
            /// u.set_port(Some("8080"))?;
            /// assert_eq!(u.port_u16(), Ok(Some(8080)));
            /// assert!(u.set_port(Some("x")).is_err());
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_port(&mut self, port: Option<&str>) -> Result<(), BuildError> {
                if let Some(t) = port {
                    check(Rule::Port, Component::Port, t)?;
                }
                self.replace(Component::Port, port)
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
                check(Rule::Path, Component::Path, path)?;
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
                    check(Rule::Query, Component::Query, t)?;
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
                    check(Rule::Fragment, Component::Fragment, t)?;
                }
                self.replace(Component::Fragment, fragment)
            }
        }
    };
}

impl UriBuf {
    fn as_ref_view(&self) -> UriRef<'_> {
        self.as_uri().as_ref_uri()
    }

    /// Replace the scheme (validated against `scheme`).
    ///
    /// ```
    /// let mut u = urikit::UriBuf::parse("http://h/")?;
    /// u.set_scheme("https")?;
    /// assert_eq!(u.as_str(), "https://h/");
    /// assert!(u.set_scheme("").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), BuildError> {
        check(Rule::Scheme, Component::Scheme, scheme)?;
        self.replace(Component::Scheme, Some(scheme))
    }
}

impl UriRefBuf {
    fn as_ref_view(&self) -> UriRef<'_> {
        self.as_ref_uri()
    }

    /// Replace or remove the scheme (validated against `scheme`). Removing
    /// it from a path whose first segment holds `:` writes `./` before the
    /// path (4.2).
    ///
    /// ```
    /// let mut r = urikit::UriRefBuf::parse("a/b")?;
    /// r.set_scheme(Some("s"))?;
    /// assert_eq!(r.as_str(), "s:a/b");
    /// let mut r = urikit::UriRefBuf::parse("s:x:y")?;
    /// r.set_scheme(None)?;
    /// assert_eq!(r.as_str(), "./x:y");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), BuildError> {
        if let Some(t) = scheme {
            check(Rule::Scheme, Component::Scheme, t)?;
        }
        self.replace(Component::Scheme, scheme)
    }
}

setters!(UriBuf, UriBuf::parse);
setters!(UriRefBuf, UriRefBuf::parse);
