//! Resolution (RFC 3986 5.2, which RFC 3987 6.5 applies to IRIs as they
//! are), make-relative, same-document tests and normalization (RFC 3987
//! 5.3: the syntax-based rungs of RFC 3986 6.2.2): the URI code, run on
//! the IRI's text through a view (see the module documentation).

use super::input::{ToIri, ToIriRef};
use super::{Iri, IriBuf, IriRef, IriRefBuf};
use crate::normalize::{Level, Normalizer};
use crate::resolve::{ResolveError, ResolveErrorKind, Resolver, make_relative};

/// The reference of an operation, parsed if it is text.
fn reference_of<T: ToIriRef>(r: &T) -> Result<IriRef<'_>, ResolveError> {
    r.to_iri_ref()
        .map_err(|e| ResolveError::new(ResolveErrorKind::InvalidReference(e)))
}

macro_rules! resolve_methods {
    ($ty:ident $(<$lt:lifetime>)?, $view:ident) => {
        impl$(<$lt>)? $ty$(<$lt>)? {
            /// Resolve `reference` against this IRI (RFC 3986 5.2 by way of
            /// RFC 3987 6.5), strictly; see [`Resolver`] for the options and
            /// [`Self::resolve_with`] to pass one.
            ///
            /// ```
            #[doc = concat!("let base = urikit::", stringify!($ty), "::parse(\"http://例え.jp/a/b?q\")?;")]
            /// assert_eq!(base.resolve("../ç")?, "http://例え.jp/ç");
            /// let r = urikit::IriRef::parse("ü")?;
            /// assert_eq!(base.resolve(r)?, "http://例え.jp/a/ü");
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn resolve(&self, reference: impl ToIriRef) -> Result<IriBuf, ResolveError> {
                self.resolve_with(&Resolver::new(), reference)
            }

            /// [`Self::resolve`] with a configured [`Resolver`].
            ///
            /// ```
            #[doc = concat!("let base = urikit::", stringify!($ty), "::parse(\"http://ä/a/b\")?;")]
            /// let t = base.resolve_with(&urikit::Resolver::new().non_strict(true), "http:ö")?;
            /// assert_eq!(t, "http://ä/a/ö");
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn resolve_with(
                &self,
                resolver: &Resolver,
                reference: impl ToIriRef,
            ) -> Result<IriBuf, ResolveError> {
                let base = self.$view();
                let t = resolver.resolve(base, reference_of(&reference)?.view())?;
                Ok(IriBuf::from_uri_parts(t))
            }

            /// The shortest reference that resolves against this IRI to
            /// `target` (see [`crate::make_relative`]).
            ///
            /// ```
            #[doc = concat!("let base = urikit::", stringify!($ty), "::parse(\"http://ä/x/y\")?;")]
            /// assert_eq!(base.make_relative("http://ä/x/ü?q")?, "ü?q");
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn make_relative(&self, target: impl ToIri) -> Result<IriRefBuf, ResolveError> {
                let target = target
                    .to_iri()
                    .map_err(|e| ResolveError::new(ResolveErrorKind::InvalidTarget(e)))?;
                let r = make_relative(&self.$view(), &target.view())?;
                Ok(IriRefBuf::from_uri_parts(r))
            }

            /// Whether `reference` resolves to this IRI apart from the
            /// fragment (RFC 3986 4.4).
            ///
            /// ```
            #[doc = concat!("let base = urikit::", stringify!($ty), "::parse(\"http://ä/x?y\")?;")]
            /// assert!(base.is_same_document("#ü")?);
            /// assert!(!base.is_same_document(urikit::IriRef::parse("z#ü")?)?);
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn is_same_document(&self, reference: impl ToIriRef) -> Result<bool, ResolveError> {
                let r = reference_of(&reference)?.view();
                Resolver::new().is_same_document(self.$view(), r)
            }

            /// The normal form by the syntax-based rung (RFC 3987 5.3.2,
            /// which is RFC 3986 6.2.2): case, percent-encoding of unreserved
            /// ASCII, dot segments; [`Self::normalize_with`] takes a
            /// [`Normalizer`] with the scheme-based rung (5.3.3). Non-ASCII characters stay as written, and so
            /// do percent-encoded ones (`to_iri` decodes those).
            ///
            /// ```
            #[doc = concat!("let i = urikit::", stringify!($ty), "::parse(\"HTTP://Ä.example/a/./ü/%7e\")?;")]
            /// assert_eq!(i.normalize(), "http://Ä.example/a/ü/~");
            /// # Ok::<(), urikit::ParseError>(())
            /// ```
            pub fn normalize(&self) -> IriBuf {
                self.normalize_with(&Normalizer::new(Level::Syntax))
            }

            /// [`Self::normalize`] with a configured [`Normalizer`].
            ///
            /// ```
            /// use urikit::normalize::{Level, Normalizer};
            #[doc = concat!("let i = urikit::", stringify!($ty), "::parse(\"HTTP://ä:80/\")?;")]
            /// let n = i.normalize_with(&Normalizer::new(Level::Scheme));
            /// assert_eq!(n, "http://ä/");
            /// # Ok::<(), urikit::ParseError>(())
            /// ```
            pub fn normalize_with(&self, normalizer: &Normalizer<'_>) -> IriBuf {
                let view = self.$view();
                let n = normalizer.normalize_parsed(view.as_uri_ref());
                // A URI's normal form has a scheme.
                IriBuf::from_uri_parts(n.into_uri_buf().unwrap_or_else(|| unreachable!()))
            }

            /// Whether the text is in the form [`Self::normalize`] gives.
            ///
            /// ```
            #[doc = concat!("assert!(urikit::", stringify!($ty), "::parse(\"http://ä/\")?.is_normalized());")]
            #[doc = concat!("assert!(!urikit::", stringify!($ty), "::parse(\"http://ä/./\")?.is_normalized());")]
            /// # Ok::<(), urikit::ParseError>(())
            /// ```
            pub fn is_normalized(&self) -> bool {
                Normalizer::new(Level::Syntax).is_normalized_parsed(self.$view().as_uri_ref())
            }
        }
    };
}

resolve_methods!(Iri<'a>, view);
resolve_methods!(IriBuf, view);

impl IriBuf {
    /// See [`IriRef::view`].
    #[inline]
    fn view(&self) -> crate::Uri<'_> {
        self.as_iri().view()
    }
}

impl IriRef<'_> {
    /// The normal form (see [`Iri::normalize`]); a relative reference gets
    /// only the changes that cannot alter what it resolves to, so it keeps
    /// its dot segments (see [`crate::normalize`]).
    ///
    /// ```
    /// let r = urikit::IriRef::parse("../a/./ä/%7E")?;
    /// assert_eq!(r.normalize(), "../a/./ä/~");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn normalize(&self) -> IriRefBuf {
        IriRefBuf::from_uri_parts(
            Normalizer::new(Level::Syntax)
                .normalize_parsed(self.view())
                .into_uri_ref_buf(),
        )
    }

    /// Whether the text is in the form [`IriRef::normalize`] gives.
    ///
    /// ```
    /// assert!(urikit::IriRef::parse("ä/b")?.is_normalized());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn is_normalized(&self) -> bool {
        Normalizer::new(Level::Syntax).is_normalized_parsed(self.view())
    }
}

impl IriRefBuf {
    /// See [`IriRef::normalize`].
    ///
    /// ```
    /// let r = urikit::IriRefBuf::parse("HTTP://ä/./x/../b")?;
    /// assert_eq!(r.normalize(), "http://ä/b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn normalize(&self) -> IriRefBuf {
        self.as_iri_ref().normalize()
    }
}
