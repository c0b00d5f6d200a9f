//! NFC, the normalization rung of RFC 3987 5.3.2.2 (the `nfc` feature),
//! by ICU4X's `icu_normalizer`: the normalizer the `idna` crate uses too,
//! so both features share one set of Unicode data, and it works without
//! `std`.

use alloc::borrow::Cow;

use super::{IriRef, IriRefBuf};
use crate::error::ParseError;

impl<'a> IriRef<'a> {
    /// The text in Unicode Normalization Form C (RFC 3987 5.3.2.2),
    /// borrowed when it is in NFC already. NFC can turn a character into
    /// one the grammar does not allow where it stands (U+1FEF into `` ` ``),
    /// so the result is parsed again, and that can fail.
    ///
    /// ```
    /// let r = urikit::IriRef::parse("/re\u{301}sume\u{301}")?;
    /// assert_eq!(r.to_nfc()?, "/r\u{e9}sum\u{e9}");
    /// assert!(urikit::IriRef::parse("/\u{1FEF}")?.to_nfc().is_err());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn to_nfc(&self) -> Result<Cow<'a, str>, ParseError> {
        let s = self.as_str();
        if s.is_ascii() {
            return Ok(Cow::Borrowed(s));
        }
        let n = icu_normalizer::ComposingNormalizerBorrowed::new_nfc().normalize(s);
        match n {
            Cow::Borrowed(_) => Ok(Cow::Borrowed(s)),
            Cow::Owned(t) => {
                IriRef::parse(&t)?;
                Ok(Cow::Owned(t))
            }
        }
    }
}

impl IriRefBuf {
    /// [`IriRef::to_nfc`] as an owned value.
    ///
    /// ```
    /// let r = urikit::IriRefBuf::parse("http://e\u{301}/")?;
    /// assert_eq!(r.to_nfc()?, "http://\u{e9}/");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn to_nfc(&self) -> Result<IriRefBuf, ParseError> {
        let r = self.as_iri_ref();
        match r.to_nfc()? {
            Cow::Borrowed(_) => Ok(self.clone()),
            Cow::Owned(t) => IriRefBuf::parse(t),
        }
    }
}
