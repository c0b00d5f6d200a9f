//! The profile as one value for the commands: `--iri`, `--rfc2396` and
//! `--java` become a [`Profile`], an input line (bytes) is read by it into
//! the core's [`Parsed`], and an invalid one is reported the way that
//! profile's commands always reported it.

use std::io;

use urikit::{ParseError, Parsed, Profile, ProfileError};

use super::{JavaInputError, Loc, Output, write_invalid, write_java_invalid};

/// The profile the flags of a command choose (at most one is set: clap's
/// `conflicts_with`); RFC 3986 without any.
pub fn from_flags(iri: bool, rfc2396: bool, java: bool) -> Profile {
    if java {
        Profile::Java
    } else if rfc2396 {
        Profile::Rfc2396
    } else if iri {
        Profile::Iri
    } else {
        Profile::Uri
    }
}

/// Why an input line is not a reference of its profile.
#[derive(Clone, Copy, Debug)]
pub enum InputError {
    /// The RFC profiles' error (for bytes that are not UTF-8 too: their
    /// grammars point at the first byte that is not allowed).
    Syntax(ParseError),
    /// The java profile's.
    Java(JavaInputError),
}

/// Read `input` by `profile`. Text that is UTF-8 goes through the core's
/// one dispatch ([`Profile::parse`]); other bytes get the error their
/// profile's byte parser gives (the RFC grammars stop at the first byte
/// they do not allow, Java at the first byte that is not UTF-8).
pub fn parse(profile: Profile, input: &[u8]) -> Result<Parsed<'_>, InputError> {
    match std::str::from_utf8(input) {
        Ok(s) => profile.parse(s).map_err(|e| match e {
            ProfileError::Java(e) => InputError::Java(JavaInputError::Java(e)),
            ProfileError::Syntax(e) => InputError::Syntax(e),
        }),
        // The byte parsers refuse what is not UTF-8, so these are errors.
        Err(u) => match profile {
            Profile::Java => Err(InputError::Java(JavaInputError::NotUtf8(u.valid_up_to()))),
            Profile::Iri => urikit::IriRef::parse_bytes(input)
                .map(Parsed::Iri)
                .map_err(InputError::Syntax),
            // RFC 2396 is ASCII as RFC 3986 is: the first byte past ASCII
            // that RFC 3986 refuses is where `uri parse --rfc2396` points
            // too, unless an ASCII fault comes first (its own path,
            // `cmd_parse::rfc2396`, tells those apart).
            _ => urikit::UriRef::parse_bytes(input)
                .map(Parsed::Uri)
                .map_err(InputError::Syntax),
        },
    }
}

/// Report an invalid `input`: with `json`, its `{"input","valid":false,
/// "error"}` record; else the caret on standard error, with the hint to try
/// `--iri` under the URI profile.
pub fn write_input_error(
    out: &mut Output,
    json: bool,
    profile: Profile,
    input: &[u8],
    e: &InputError,
    loc: Loc<'_>,
) -> io::Result<()> {
    match e {
        InputError::Syntax(e) if profile == Profile::Uri && !json => {
            out.report_uri_error(loc, input, e);
            Ok(())
        }
        InputError::Syntax(e) => write_invalid(out, json, input, e, loc),
        InputError::Java(e) => write_java_invalid(out, json, input, e, loc),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_choose_one_profile() {
        assert_eq!(from_flags(false, false, false), Profile::Uri);
        assert_eq!(from_flags(true, false, false), Profile::Iri);
        assert_eq!(from_flags(false, true, false), Profile::Rfc2396);
        assert_eq!(from_flags(false, false, true), Profile::Java);
    }

    #[test]
    fn bytes_not_utf8_get_their_profiles_error() {
        // "é" is 0xC3 0xA9 in UTF-8; 0xFF is never UTF-8.
        match parse(Profile::Java, b"http://a/\xff") {
            Err(InputError::Java(JavaInputError::NotUtf8(9))) => {}
            other => panic!("{other:?}"),
        }
        match parse(Profile::Iri, b"http://a/\xc3\xa9\xff") {
            Err(InputError::Syntax(e)) => assert_eq!(e.index(), 11),
            other => panic!("{other:?}"),
        }
        match parse(Profile::Uri, b"http://a/\xff") {
            Err(InputError::Syntax(e)) => assert_eq!(e.index(), 9),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            parse(Profile::Iri, "http://a/\u{e9}".as_bytes()),
            Ok(Parsed::Iri(_))
        ));
    }
}
