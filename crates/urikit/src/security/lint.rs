//! The checks themselves, component by component.

use alloc::vec::Vec;

use super::decode::{Decode, is_dots, triplet_at, triplets, utf8_valid};
use super::finding::{Detail, Finding, FindingKind};
use super::inet_aton::inet_aton;
use super::mapped::mapped_internal;
use super::script::script_scheme;
use crate::chars::hex_value;
use crate::{Component, HostKind, ParseError, ToUriRef, UriRef};

/// The bidi control characters (Unicode's `Bidi_Control`, a superset of
/// RFC 3987 4.1's list: [`crate::chars::is_bidi_control`]) in `s`, raw (an
/// IRI) or as percent-encoded UTF-8 (hex in either case): each one's span
/// and the character.
fn bidi_controls(s: &str) -> impl Iterator<Item = (usize, usize, char)> + '_ {
    let b = s.as_bytes();
    let hex = |i: usize| {
        let h = b.get(i + 1).copied().and_then(hex_value)?;
        let l = b.get(i + 2).copied().and_then(hex_value)?;
        (b.get(i) == Some(&b'%')).then_some(h << 4 | l)
    };
    (0..b.len()).filter_map(move |i| {
        let (c, len) = match b[i] {
            0xD8 | 0xE2 => (s.get(i..)?.chars().next()?, 0),
            b'%' if matches!(hex(i), Some(0xD8 | 0xE2)) => {
                // Two or three triplets: the UTF-8 of U+061C or U+2xxx.
                let n = if hex(i) == Some(0xD8) { 2 } else { 3 };
                let mut buf = [0u8; 3];
                for (k, slot) in buf.iter_mut().enumerate().take(n) {
                    *slot = hex(i + 3 * k)?;
                }
                let c = core::str::from_utf8(&buf[..n]).ok()?.chars().next()?;
                (c, 3 * n)
            }
            _ => return None,
        };
        let len = if len == 0 { c.len_utf8() } else { len };
        crate::chars::is_bidi_control(c).then_some((i, i + len, c))
    })
}

/// Lint an IRI reference (anything that names one, [`crate::ToIriRef`]:
/// text, parsed on use, or a parsed value): [`lint`] on its text, whose
/// non-ASCII characters only [`FindingKind::BidiControl`] looks at.
///
/// ```
/// let f = urikit::security::lint_iri("http://a/\u{202E}txt.exe")?;
/// assert_eq!(f[0].kind().name(), "bidi-control");
/// assert_eq!(f[0].span(), 9..12);
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub fn lint_iri(iri: impl crate::ToIriRef) -> Result<Vec<Finding>, ParseError> {
    Ok(lint_parsed(iri.to_iri_ref()?.view()))
}

/// The offset of `part` within `whole` (a sub-slice of it).
pub(super) fn offset(whole: &str, part: &str) -> usize {
    (part.as_ptr() as usize).wrapping_sub(whole.as_ptr() as usize)
}

/// Examine a URI reference for the hazards of section 7; the findings come
/// in order of their start offset. A relative reference gets every check
/// that does not need a scheme (`port-mismatch` and `dot-segments` do).
///
/// The reference is anything that names one ([`ToUriRef`]): text, parsed
/// on use (text that does not parse is the parser's error), or a parsed
/// value. Allocates only when there is a finding.
///
/// ```
/// use urikit::{security::lint, UriRef};
/// let r = UriRef::parse("//www.whitelisteddomain.tld@google.com/%2f..")?;
/// let names: Vec<_> = lint(r)?.iter().map(|f| f.kind().name()).collect();
/// assert_eq!(names, ["misleading-userinfo", "encoded-delimiter"]);
/// assert!(lint("https://example.com/a/b?c#d")?.is_empty());
/// assert_eq!(lint("http://127.1/")?[0].kind().name(), "ipv4-nonstandard");
/// assert!(lint("http://a b/").is_err());
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[inline]
pub fn lint(uri: impl ToUriRef) -> Result<Vec<Finding>, ParseError> {
    Ok(lint_parsed(uri.to_uri_ref()?))
}

/// [`lint`] of a parsed reference: the one implementation.
pub(crate) fn lint_parsed(uri: UriRef<'_>) -> Vec<Finding> {
    let s = uri.as_str();
    let mut out = Vec::new();
    let mut push = |kind, start, end, detail| {
        out.push(Finding {
            kind,
            start,
            end,
            detail,
        })
    };

    if let Some((end, scheme)) = script_scheme(&uri) {
        push(FindingKind::ScriptScheme, 0, end, Detail::Script { scheme });
    }

    if let Some(ui) = uri.userinfo() {
        let at = offset(s, ui);
        if let Some(colon) = ui.find(':') {
            let pw = &ui[colon + 1..];
            if hides_password(pw) {
                let start = at + colon + 1;
                push(
                    FindingKind::Credentials,
                    start,
                    start + pw.len(),
                    Detail::Password,
                );
            }
        }
        if looks_like_host_or_uri(ui) {
            push(
                FindingKind::MisleadingUserinfo,
                at,
                at + ui.len(),
                Detail::Userinfo,
            );
        }
    }

    if let Some(host) = uri.host() {
        let h = host.as_str();
        let at = offset(s, h);
        match host.kind() {
            HostKind::RegName => {
                if let Some(addr) = inet_aton(h) {
                    push(
                        FindingKind::Ipv4Nonstandard,
                        at,
                        at + h.len(),
                        Detail::Ipv4 { addr },
                    );
                }
                if h.len() > 255 {
                    push(
                        FindingKind::LongHost,
                        at,
                        at + h.len(),
                        Detail::HostLen { len: h.len() },
                    );
                }
                let mut label_start = 0;
                for label in h.split('.') {
                    let start = at + label_start;
                    if label.len() > 63 {
                        push(
                            FindingKind::LongHost,
                            start,
                            start + label.len(),
                            Detail::LabelLen { len: label.len() },
                        );
                    }
                    #[cfg(feature = "uts39")]
                    if let Some(deception) = super::deceptive::unicode_label(label)
                        .and_then(|text| super::deceptive::check_label(&text))
                    {
                        push(
                            FindingKind::DeceptiveHost,
                            start,
                            start + label.len(),
                            Detail::Deceptive(deception),
                        );
                    }
                    label_start += label.len() + 1;
                }
                if h.contains('%') {
                    let decoded = || Decode(h.as_bytes().iter());
                    let ascii = decoded().all(|b| b.is_ascii());
                    // Encoded ASCII alone is another spelling of a plain
                    // name, not a non-ASCII one.
                    let kind = if ascii {
                        FindingKind::EncodedHost
                    } else {
                        FindingKind::NonAsciiHost
                    };
                    push(
                        kind,
                        at,
                        at + h.len(),
                        Detail::Encoded {
                            ascii,
                            utf8: utf8_valid(decoded()),
                        },
                    );
                }
            }
            HostKind::IpvFuture => {
                push(FindingKind::IpvFuture, at, at + h.len(), Detail::IpvFuture)
            }
            HostKind::Ipv6 => {
                if let Some((addr, compatible, range)) = host.ipv6().and_then(mapped_internal) {
                    push(
                        FindingKind::Ipv6MappedInternal,
                        at,
                        at + h.len(),
                        Detail::Mapped {
                            addr,
                            compatible,
                            range,
                        },
                    );
                }
                if host.zone().is_some() {
                    push(FindingKind::ZoneId, at, at + h.len(), Detail::Zone);
                }
            }
            _ => {}
        }
    }

    // An empty port (`http://h:/`) is no port at all (3.2.3).
    if let (Some(scheme), Some(port)) = (uri.scheme(), uri.port().filter(|p| !p.is_empty())) {
        let value = port.bytes().try_fold(0u32, |v, b| {
            v.checked_mul(10)?
                .checked_add(u32::from(b.wrapping_sub(b'0')))
        });
        if let (Some(value), Some(default)) = (value, default_port(scheme))
            && value <= 1023
            && value != u32::from(default)
        {
            let at = offset(s, port);
            push(
                FindingKind::PortMismatch,
                at,
                at + port.len(),
                Detail::Port {
                    port: value as u16,
                    default,
                },
            );
        }
    }

    // Controls anywhere: the scheme and port cannot hold a '%', and the
    // host is covered here too.
    let components = [
        (uri.userinfo(), Component::Userinfo),
        (uri.host_str(), Component::Host),
        (Some(uri.path()), Component::Path),
        (uri.query(), Component::Query),
        (uri.fragment(), Component::Fragment),
    ];
    for (text, component) in components {
        let Some(text) = text else { continue };
        let at = offset(s, text);
        for (i, octet) in triplets(text) {
            if octet < 0x20 || octet == 0x7f {
                push(
                    FindingKind::EncodedControl,
                    at + i,
                    at + i + 3,
                    Detail::Control { octet, component },
                );
            }
        }
    }

    let path = uri.path();
    let path_at = offset(s, path);
    // Sub-segments as a decoding back end sees them: split at '/' and at
    // encoded '/' and '\'.
    let b = path.as_bytes();
    let mut seg_start = 0;
    let mut i = 0;
    while i <= b.len() {
        let delim_len = if i == b.len() || b[i] == b'/' {
            1
        } else if b[i] == b'%' {
            match triplet_at(b, i) {
                Some(octet @ (b'/' | b'\\' | b'?' | b'#')) => {
                    push(
                        FindingKind::EncodedDelimiter,
                        path_at + i,
                        path_at + i + 3,
                        Detail::Delimiter { octet },
                    );
                    if matches!(octet, b'/' | b'\\') { 3 } else { 0 }
                }
                _ => 0,
            }
        } else {
            0
        };
        if delim_len == 0 {
            i += 1;
            continue;
        }
        let seg = &path[seg_start..i];
        if seg.contains('%') && is_dots(Decode(seg.as_bytes().iter())) {
            push(
                FindingKind::EncodedDelimiter,
                path_at + seg_start,
                path_at + i,
                Detail::EncodedDots,
            );
        }
        i += delim_len;
        seg_start = i;
    }

    if uri.scheme().is_some() {
        let mut start = 0;
        for seg in path.split('/') {
            if seg == "." || seg == ".." {
                push(
                    FindingKind::DotSegments,
                    path_at + start,
                    path_at + start + seg.len(),
                    Detail::Dots {
                        two: seg.len() == 2,
                    },
                );
            }
            start += seg.len() + 1;
        }
    }

    for (start, end, c) in bidi_controls(s) {
        push(FindingKind::BidiControl, start, end, Detail::Bidi(c));
    }

    out.sort_by_key(|f| (f.start, f.kind));
    out
}

/// Whether a userinfo password part counts as a secret: not empty, and not
/// the public `anonymous`.
pub(super) fn hides_password(pw: &str) -> bool {
    !pw.is_empty() && !pw.eq_ignore_ascii_case("anonymous")
}

/// Schemes a misleading userinfo may start with.
pub(super) const KNOWN_SCHEMES: &[&str] = &[
    "data",
    "file",
    "ftp",
    "ftps",
    "gopher",
    "http",
    "https",
    "irc",
    "javascript",
    "ldap",
    "mailto",
    "news",
    "nntp",
    "sftp",
    "ssh",
    "telnet",
    "ws",
    "wss",
];

/// 7.6: a `.` or `/`, plain or encoded, or a known scheme and `:` (plain or
/// encoded) at the start.
pub(super) fn looks_like_host_or_uri(ui: &str) -> bool {
    let b = ui.as_bytes();
    if b.contains(&b'.') || b.contains(&b'/') {
        return true;
    }
    if triplets(ui).any(|(_, o)| o == b'.' || o == b'/') {
        return true;
    }
    KNOWN_SCHEMES.iter().any(|scheme| {
        let n = scheme.len();
        b.len() > n
            && b[..n].eq_ignore_ascii_case(scheme.as_bytes())
            && (b[n] == b':' || triplet_at(b, n) == Some(b':'))
    })
}

/// The default port of a scheme, for `port-mismatch`: the scheme table of
/// scheme-based normalization.
pub(super) fn default_port(scheme: &str) -> Option<u16> {
    crate::normalize::scheme_info(scheme).and_then(|s| s.get_default_port())
}
