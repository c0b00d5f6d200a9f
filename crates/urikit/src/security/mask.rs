//! Hiding a password for display (RFC 3986 sections 3.2.1 and 7.5).

use core::fmt;

use super::lint::{hides_password, offset};
use crate::{ParseError, ToUriRef, UriRef};

/// The text put in place of a password by [`mask_credentials`].
///
/// ```
/// let uri = urikit::Uri::parse("ftp://u:pw@h/")?;
/// let masked = urikit::security::mask_credentials(&uri)?.to_string();
/// assert_eq!(masked, format!("ftp://u:{}@h/", urikit::security::MASK));
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub const MASK: &str = "****";

/// A display form of a URI reference with the password hidden: everything
/// after the first `:` of the userinfo becomes [`MASK`], unless that part
/// is empty or `anonymous` (7.5). Writing it does not allocate.
///
/// ```
/// use urikit::{security::mask_credentials, Uri};
/// let uri = Uri::parse("ftp://fred:s3cr3t@ftp.example.com/pub")?;
/// assert_eq!(mask_credentials(&uri)?.to_string(), "ftp://fred:****@ftp.example.com/pub");
/// let anon = "ftp://anonymous:anonymous@ftp.example.com/";
/// assert_eq!(mask_credentials(anon)?.to_string(), anon);
/// assert!(mask_credentials("ftp://a b/").is_err());
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[inline]
pub fn mask_credentials<'a, T: ToUriRef + ?Sized>(
    uri: &'a T,
) -> Result<MaskedCredentials<'a>, ParseError> {
    Ok(mask_parsed(uri.to_uri_ref()?))
}

/// [`mask_credentials`] of a parsed reference.
fn mask_parsed(uri: UriRef<'_>) -> MaskedCredentials<'_> {
    let s = uri.as_str();
    let hide = uri.userinfo().and_then(|ui| {
        let colon = ui.find(':')?;
        let pw = &ui[colon + 1..];
        hides_password(pw).then(|| {
            let start = offset(s, ui) + colon + 1;
            (start, start + pw.len())
        })
    });
    MaskedCredentials { text: s, hide }
}

/// The value of [`mask_credentials`]; see there.
///
/// ```
/// let uri = urikit::Uri::parse("http://u:p@h/")?;
/// let masked = urikit::security::mask_credentials(&uri)?;
/// assert!(masked.is_masked());
/// assert_eq!(format!("{masked}"), "http://u:****@h/");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MaskedCredentials<'a> {
    pub(super) text: &'a str,
    pub(super) hide: Option<(usize, usize)>,
}

impl MaskedCredentials<'_> {
    /// Whether anything is hidden.
    ///
    /// ```
    /// let uri = urikit::Uri::parse("http://u@h/")?;
    /// assert!(!urikit::security::mask_credentials(&uri)?.is_masked());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn is_masked(&self) -> bool {
        self.hide.is_some()
    }
}

impl fmt::Display for MaskedCredentials<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.hide {
            Some((start, end)) => {
                f.write_str(self.text.get(..start).unwrap_or(""))?;
                f.write_str(MASK)?;
                f.write_str(self.text.get(end..).unwrap_or(""))
            }
            None => f.write_str(self.text),
        }
    }
}
