//! What the four URI types and the four IRI types have in common by their
//! shape alone (a text plus offsets): the standard traits, byte-wise on
//! the text, and the methods between the borrowed and owned forms.

// Paths in the expansions (`fmt`, `Hash`, `String`, `NONE`) are those
// of the module that expands them.

macro_rules! common_traits {
    ($ty:ident $(<$lt:lifetime>)?) => {
        impl$(<$lt>)? fmt::Display for $ty$(<$lt>)? {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
        impl$(<$lt>)? fmt::Debug for $ty$(<$lt>)? {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_tuple(stringify!($ty)).field(&self.as_str()).finish()
            }
        }
        impl$(<$lt>)? PartialEq for $ty$(<$lt>)? {
            fn eq(&self, other: &Self) -> bool {
                self.as_str() == other.as_str()
            }
        }
        impl$(<$lt>)? Eq for $ty$(<$lt>)? {}
        impl$(<$lt>)? PartialOrd for $ty$(<$lt>)? {
            fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }
        impl$(<$lt>)? Ord for $ty$(<$lt>)? {
            fn cmp(&self, other: &Self) -> core::cmp::Ordering {
                self.as_str().cmp(other.as_str())
            }
        }
        impl$(<$lt>)? Hash for $ty$(<$lt>)? {
            fn hash<H: Hasher>(&self, state: &mut H) {
                self.as_str().hash(state)
            }
        }
        impl$(<$lt>)? PartialEq<str> for $ty$(<$lt>)? {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }
        impl$(<$lt>)? PartialEq<&str> for $ty$(<$lt>)? {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }
        impl$(<$lt>)? AsRef<str> for $ty$(<$lt>)? {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }
    };
}

pub(crate) use common_traits;

/// The methods that follow from a type's shape alone, the same for URIs and
/// IRIs: the scheme, the views between the four types, owned copies and the
/// text. The arms name the shape: a borrowed reference (`ref`), a borrowed
/// absolute value (`abs`) and their owned forms (`ref_buf`, `abs_buf`). The
/// IRI types (`crate::iri`) share them.
macro_rules! shape_methods {
    (ref $r:ident, $a:ident, $rb:ident, $as_a:ident) => {
        /// The scheme without its `:`, or `None` for a relative reference.
        ///
        /// ```
        #[doc = concat!("assert_eq!(urikit::", stringify!($r), "::parse(\"HTTP://a\")?.scheme(), Some(\"HTTP\"));")]
        #[doc = concat!("assert_eq!(urikit::", stringify!($r), "::parse(\"/a\")?.scheme(), None);")]
        /// # Ok::<(), urikit::ParseError>(())
        /// ```
        #[inline]
        pub fn scheme(&self) -> Option<&'a str> {
            self.m.scheme(self.s)
        }

        /// Whether this is a relative reference (it has no scheme).
        ///
        /// ```
        #[doc = concat!("assert!(urikit::", stringify!($r), "::parse(\"g;x?y#s\")?.is_relative());")]
        /// # Ok::<(), urikit::ParseError>(())
        /// ```
        #[inline]
        pub fn is_relative(&self) -> bool {
            self.m.scheme_end == NONE
        }

        #[doc = concat!("This reference as a [`", stringify!($a), "`], if it has a scheme.")]
        ///
        /// ```
        #[doc = concat!("let r = urikit::", stringify!($r), "::parse(\"mailto:a@b\")?;")]
        #[doc = concat!("assert_eq!(r.", stringify!($as_a), "().unwrap().scheme(), \"mailto\");")]
        /// # Ok::<(), urikit::ParseError>(())
        /// ```
        #[inline]
        pub fn $as_a(&self) -> Option<$a<'a>> {
            (!self.is_relative()).then_some($a {
                s: self.s,
                m: self.m,
            })
        }

        /// The text, with the input's lifetime (the accessors' source).
        #[inline]
        fn text(&self) -> &'a str {
            self.s
        }

        /// An owned copy.
        ///
        /// ```
        #[doc = concat!("let owned: urikit::", stringify!($rb), " = urikit::", stringify!($r), "::parse(\"a/b\")?.into_owned();")]
        /// assert_eq!(owned.as_str(), "a/b");
        /// # Ok::<(), urikit::ParseError>(())
        /// ```
        pub fn into_owned(self) -> $rb {
            $rb {
                s: String::from(self.s),
                m: self.m,
            }
        }
    };
    (abs $r:ident, $a:ident, $ab:ident, $as_r:ident) => {
        /// The scheme without its `:`, as written (compare it
        /// case-insensitively, RFC 3986 3.1).
        ///
        /// ```
        #[doc = concat!("assert_eq!(urikit::", stringify!($a), "::parse(\"HTTP://a\")?.scheme(), \"HTTP\");")]
        /// # Ok::<(), urikit::ParseError>(())
        /// ```
        #[inline]
        pub fn scheme(&self) -> &'a str {
            &self.s[..self.m.scheme_end as usize]
        }

        #[doc = concat!("This value as a [`", stringify!($r), "`].")]
        ///
        /// ```
        #[doc = concat!("let r: urikit::", stringify!($r), " = urikit::", stringify!($a), "::parse(\"s:p\")?.", stringify!($as_r), "();")]
        /// assert!(!r.is_relative());
        /// # Ok::<(), urikit::ParseError>(())
        /// ```
        #[inline]
        pub fn $as_r(&self) -> $r<'a> {
            $r {
                s: self.s,
                m: self.m,
            }
        }

        /// The text, with the input's lifetime (the accessors' source).
        #[inline]
        fn text(&self) -> &'a str {
            self.s
        }

        /// An owned copy.
        ///
        /// ```
        #[doc = concat!("let owned: urikit::", stringify!($ab), " = urikit::", stringify!($a), "::parse(\"s:p\")?.into_owned();")]
        /// assert_eq!(owned.scheme(), "s");
        /// # Ok::<(), urikit::ParseError>(())
        /// ```
        pub fn into_owned(self) -> $ab {
            $ab {
                s: String::from(self.s),
                m: self.m,
            }
        }
    };
    (ref_buf $r:ident, $rb:ident, $as_r:ident) => {
        /// The scheme without its `:`, or `None` for a relative reference.
        ///
        /// ```
        #[doc = concat!("assert_eq!(urikit::", stringify!($rb), "::parse(\"a:b\")?.scheme(), Some(\"a\"));")]
        /// # Ok::<(), urikit::ParseError>(())
        /// ```
        #[inline]
        pub fn scheme(&self) -> Option<&str> {
            self.m.scheme(&self.s)
        }

        /// A borrowed view.
        ///
        /// ```
        #[doc = concat!("let r = urikit::", stringify!($rb), "::parse(\"a/b\")?;")]
        #[doc = concat!("assert_eq!(r.", stringify!($as_r), "().path(), \"a/b\");")]
        /// # Ok::<(), urikit::ParseError>(())
        /// ```
        #[inline]
        pub fn $as_r(&self) -> $r<'_> {
            $r {
                s: &self.s,
                m: self.m,
            }
        }

        /// The text as a `String`.
        ///
        /// ```
        #[doc = concat!("let s: String = urikit::", stringify!($rb), "::parse(\"a/b\")?.into_string();")]
        /// assert_eq!(s, "a/b");
        /// # Ok::<(), urikit::ParseError>(())
        /// ```
        pub fn into_string(self) -> String {
            self.s
        }

        /// The text (the accessors' source).
        #[inline]
        fn text(&self) -> &str {
            &self.s
        }
    };
    (abs_buf $a:ident, $ab:ident, $as_a:ident) => {
        /// The scheme without its `:`.
        ///
        /// ```
        #[doc = concat!("assert_eq!(urikit::", stringify!($ab), "::parse(\"a:b\")?.scheme(), \"a\");")]
        /// # Ok::<(), urikit::ParseError>(())
        /// ```
        #[inline]
        pub fn scheme(&self) -> &str {
            &self.s[..self.m.scheme_end as usize]
        }

        /// A borrowed view.
        ///
        /// ```
        #[doc = concat!("let u = urikit::", stringify!($ab), "::parse(\"s:p\")?;")]
        #[doc = concat!("assert_eq!(u.", stringify!($as_a), "().path(), \"p\");")]
        /// # Ok::<(), urikit::ParseError>(())
        /// ```
        #[inline]
        pub fn $as_a(&self) -> $a<'_> {
            $a {
                s: &self.s,
                m: self.m,
            }
        }

        /// The text as a `String`.
        ///
        /// ```
        #[doc = concat!("let s: String = urikit::", stringify!($ab), "::parse(\"s:p\")?.into_string();")]
        /// assert_eq!(s, "s:p");
        /// # Ok::<(), urikit::ParseError>(())
        /// ```
        pub fn into_string(self) -> String {
            self.s
        }

        /// The text (the accessors' source).
        #[inline]
        fn text(&self) -> &str {
            &self.s
        }
    };
}

// The IRI types (`crate::iri`) share them.
pub(crate) use shape_methods;
