//! Same-document references (RFC 3986 section 4.4).

use alloc::string::String;

use super::recompose::parts;
use super::Resolver;
use crate::uri::{Uri, UriRef};

impl Resolver {
    /// Whether `reference` is a same-document reference (4.4) with respect
    /// to `base`: its target differs from the base at most in the
    /// fragment. The comparison is byte-wise (no normalization, which 4.4
    /// allows but does not require).
    ///
    /// ```
    /// use urikit::{Resolver, Uri, UriRef};
    /// let base = Uri::parse("http://a/b/c/d;p?q#f")?;
    /// let same = |r| Resolver::new().is_same_document(&base, &UriRef::parse(r).unwrap());
    /// assert!(same("") && same("#s") && same("d;p?q#t") && same("?q"));
    /// assert!(!same("?y") && !same("d;p") && !same("g#f"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn is_same_document(&self, base: &Uri<'_>, reference: &UriRef<'_>) -> bool {
        let b_ref = base.as_ref_uri();
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
