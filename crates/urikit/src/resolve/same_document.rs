//! Same-document references (RFC 3986 section 4.4).

use alloc::string::String;

#[cfg(doc)]
use super::ResolveErrorKind;
use super::recompose::parts;
use super::{ResolveError, Resolver, base_of, reference_of};
use crate::uri::{ToUri, ToUriRef, Uri, UriRef};

impl Resolver {
    /// Whether `reference` is a same-document reference (4.4) with respect
    /// to `base`: its target differs from the base at most in the
    /// fragment. The comparison is byte-wise (no normalization, which 4.4
    /// allows but does not require).
    ///
    /// Both are anything that names one ([`ToUri`], [`ToUriRef`]); text
    /// that does not parse is an error of kind
    /// [`ResolveErrorKind::InvalidBase`] or
    /// [`ResolveErrorKind::InvalidReference`].
    ///
    /// ```
    /// use urikit::{Resolver, Uri};
    /// let base = Uri::parse("http://a/b/c/d;p?q#f")?;
    /// let same = |r| Resolver::new().is_same_document(&base, r).unwrap();
    /// assert!(same("") && same("#s") && same("d;p?q#t") && same("?q"));
    /// assert!(!same("?y") && !same("d;p") && !same("g#f"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn is_same_document(
        &self,
        base: impl ToUri,
        reference: impl ToUriRef,
    ) -> Result<bool, ResolveError> {
        let (base, reference) = (base_of(&base)?, reference_of(&reference)?);
        Ok(self.same_document_parsed(&base, &reference))
    }

    pub(super) fn same_document_parsed(&self, base: &Uri<'_>, reference: &UriRef<'_>) -> bool {
        let b_ref = base.as_uri_ref();
        let b = parts(&b_ref);
        let mut r = parts(reference);
        self.drop_same_scheme(&b, &mut r);
        if r.scheme.is_none() && r.auth.is_none() && r.path.is_empty() {
            match r.query {
                None => return true,
                Some(q) if !self.rfc2396 => return Some(q) == b.query,
                Some(_) => {}
            }
        }
        let mut out = String::new();
        if self.transform(&b, &r, &mut out, false).is_err() {
            return false;
        }
        let strip = |s: &str| -> usize { s.find('#').unwrap_or(s.len()) };
        let base_text = base.as_str();
        out.get(..strip(&out)) == base_text.get(..strip(base_text))
    }
}
