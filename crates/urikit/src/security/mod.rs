//! Security checks (section 7, "Security Considerations").
//!
//! [`lint`] examines a URI reference and returns [`Finding`]s: a stable
//! [`FindingKind`] name, the byte span concerned and a one-line
//! explanation. A URI that raises no finding is not thereby safe; these are
//! the hazards section 7 names that can be seen in the text alone.
//!
//! | kind | what | RFC |
//! | --- | --- | --- |
//! | `credentials` | a password in the userinfo | 3.2.1, 7.5 |
//! | `misleading-userinfo` | userinfo that looks like a host name or URI | 7.6 |
//! | `ipv4-nonstandard` | a reg-name that `inet_aton` reads as an IPv4 address | 7.4 |
//! | `port-mismatch` | a well-known port (0–1023) other than the scheme's default | 7.2 |
//! | `encoded-control` | a percent-encoded control octet (CTL: `%00`–`%1F`, `%7F`), anywhere | 7.2, 7.3 |
//! | `encoded-delimiter` | encoded `/ \ ? #` or an encoded dot-segment in the path | 7.3 |
//! | `dot-segments` | `.` or `..` segments in the path of a URI with a scheme | 5.2.4, 7.3 |
//! | `ipvfuture` | an IP literal with a version flag | 3.2.2 |
//! | `long-host` | a reg-name over 255 characters, or a label over 63 | 3.2.2 |
//! | `non-ascii-host` | percent-encoded octets above 0x7F in a reg-name | 3.2.2 |
//! | `encoded-host` | percent-encoded ASCII only in a reg-name (`ex%61mple.com`) | 3.2.2, 6.2.2.2 |
//! | `script-scheme` | `javascript:`, `vbscript:`, or `data:` with media type `text/html` | (XSS) |
//! | `ipv6-mapped-internal` | an IPv4-mapped or -compatible IPv6 literal reaching a loopback, private, link-local or unspecified IPv4 address | 7.4 |
//! | `zone-id` | an IPv6 zone identifier, deprecated in URIs | RFC 9844 |
//! | `bidi-control` | a bidi control character (Unicode `Bidi_Control`: U+061C, U+200E/F, U+202A–E, U+2066–9), raw or percent-encoded; the message names it | RFC 3987 4.1, CVE-2021-42574 |
//! | `deceptive-host` | a host label that mixes scripts or is a confusable of an ASCII label (`uts39` feature; A-labels over 63 octets are not decoded) | UTS #39 |
//!
//! [`mask_credentials`] gives the display form that hides a password.
//!
//! ```
//! use urikit::{security::lint, Uri};
//! let uri = Uri::parse("ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm")?;
//! let findings = lint(uri)?;
//! assert_eq!(findings.len(), 1);
//! assert_eq!(findings[0].kind().name(), "misleading-userinfo");
//! assert_eq!(findings[0].span(), 6..41);
//! # Ok::<(), urikit::ParseError>(())
//! ```
//!
//! ## Where each part is
//!
//! - `lint.rs`: the checks, component by component.
//! - `finding.rs`: [`FindingKind`], [`Finding`] and their explanations.
//! - `inet_aton.rs`: host names that resolvers read as IPv4 (7.4).
//! - `mapped.rs`: IPv6 literals that embed an internal IPv4 address (7.4).
//! - `script.rs`: script schemes (`javascript:`, `data:text/html`, …).
//! - `mask.rs`: [`mask_credentials`] (7.5).
//! - `decode.rs`: percent-decoding on the fly and UTF-8 checks.
//! - `deceptive.rs`: `deceptive-host`, by UTS #39 (the `uts39` feature).

#[cfg(feature = "uts39")]
mod deceptive;
mod decode;
mod finding;
mod inet_aton;
mod lint;
mod mapped;
mod mask;
mod script;
#[cfg(test)]
mod tests;

pub use inet_aton::inet_aton;

#[cfg(test)]
use core::net::Ipv4Addr;
#[cfg(test)]
use decode::utf8_valid;

pub use finding::{Finding, FindingKind};
pub use lint::{lint, lint_iri};
pub use mask::{MASK, MaskedCredentials, mask_credentials};
