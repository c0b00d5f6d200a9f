//! The `java-url` view: `new java.net.URL(s)` of OpenJDK 17 (recorded with
//! 17.0.15), read with its getters.
//!
//! It follows, step by step, the constructor `URL(URL context, String spec,
//! URLStreamHandler handler)` with no context
//! (`src/java.base/share/classes/java/net/URL.java`), the default
//! `URLStreamHandler.parseURL` and `setURL`
//! (`java/net/URLStreamHandler.java`) that the `file`, `ftp`, `http`,
//! `https`, `jmod` and `jrt` handlers use unchanged (on Unix the `file`
//! handler's separator replacement is a no-op), the `jar` and `mailto`
//! handlers' own `parseURL` (`sun/net/www/protocol/{jar,mailto}/Handler.java`),
//! `IPAddressUtil.isIPv6LiteralAddress` and `checkHostString`
//! (`sun/net/util/IPAddressUtil.java`) and `Integer.parseInt(CharSequence,
//! int, int, int)` (`java/lang/Integer.java`).
//!
//! Fields: `scheme` is `getProtocol()`, `userinfo` `getUserInfo()`, `host`
//! `getHost()` (its empty string, Java's "no host", is `None`), `port`
//! `getPort()` (-1, "no port", is `None`), `path` `getPath()` (Java's empty
//! path is kept: it is the path, not an absence), `query` `getQuery()`,
//! `fragment` `getRef()`. An error is the `MalformedURLException`'s
//! `toString()`, `"java.net.MalformedURLException: <message>"`.
//!
//! Quirks reproduced:
//! - the input is trimmed of every char up to U+0020 at both ends (C0
//!   controls included), and a leading `url:` (any case) is skipped;
//! - the scheme is whatever precedes the first `:` before any `/`, lowered
//!   with `String.toLowerCase(Locale.ROOT)` (full Unicode) and valid when it
//!   starts with a `Character.isLetter` and goes on with letters, digits
//!   (Unicode, of JDK 17: `tables.rs`), `.`, `+` or `-`; when none is found
//!   the error is `no protocol: <the whole input>`, when no handler has the
//!   name, `unknown protocol: <lowered name>` (handlers: `file`, `ftp`,
//!   `http`, `https`, `jar`, `jmod`, `jrt`, `mailto`);
//! - the fragment is cut at the first `#` after the scheme, the query at the
//!   first `?` before it, the authority runs to the next `/` (no `?` is left
//!   in it), and `////` after the scheme is a path, not an authority;
//! - two `@` in the authority: no userinfo and no host at all (the port is
//!   dropped too); one `@`: userinfo before, host after;
//! - a bracketed host must close with `]` after at least two chars and hold
//!   an IPv6 address as `inet_pton` reads it (a `%` scope of anything but
//!   not empty, a dotted IPv4 tail); anything but `:` after the `]` is
//!   `Invalid authority field: <authority>`;
//! - the port is everything after the host's first `:`, read by
//!   `Integer.parseInt`: a sign is allowed (`+80` is 80, `-1` is "no
//!   port", below -1 is `Invalid port number :<n>`), any Unicode decimal
//!   digit counts (`０８` is 8), an empty port is none, and an error says
//!   `Error at index <i> in: "<port>"` (UTF-16 index);
//! - no check of the host's characters except `checkHostString`: a C0
//!   control, DEL, `/` or one of seventeen look-alike punctuation chars
//!   (`℀`, `＠`, `／`, …) is `Illegal character found in host: <char>`
//!   (spaces, `%`, `\` and the rest pass);
//! - `mailto:` has no authority: the whole rest is the path (up to the last
//!   `?`, the query after it), the fragment is dropped, and a blank address
//!   is `No email address`;
//! - `jar:` needs a `!/` and an inner URL that parses (`invalid url: <spec>
//!   (<inner error>)`), rejects a nested `jar:`, keeps the untrimmed
//!   fragment, and splits the query at the last `?`; with leading spaces
//!   the spec is taken as relative to a missing context, and the JDK's
//!   helpful `NullPointerException` message is the error.
//!
//! Messages are those of 17.0.15: later 17 updates filter the host out of
//! some of them (`jdk.includeInExceptions`). Not exact by construction:
//! the lowering of a non-ASCII scheme uses Rust's Unicode tables, newer than
//! JDK 17's Unicode 13 (only an `unknown protocol` message can differ).

mod tables;

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::{String, ToString};

use super::{Reading, View, host_kind_of};

const EXCEPTION: &str = "java.net.MalformedURLException: ";

pub(super) fn read(input: &str) -> Reading<'_> {
    let u = parse(input).map_err(|m| format!("{EXCEPTION}{m}"))?;
    let host = (!u.host.is_empty()).then_some(u.host);
    Ok(View {
        scheme: Some(u.protocol),
        userinfo: u.user_info.map(Cow::Borrowed),
        host: host.map(Cow::Borrowed),
        host_kind: host.map(host_kind_of),
        port: (u.port != -1).then(|| Cow::Owned(u.port.to_string())),
        path: u.path,
        query: u.query.map(Cow::Borrowed),
        fragment: u.fragment.map(Cow::Borrowed),
    })
}

/// A parsed `java.net.URL`'s fields (`host` is `""` for none, as in Java).
struct Url<'a> {
    protocol: Cow<'a, str>,
    user_info: Option<&'a str>,
    host: &'a str,
    port: i32,
    path: Option<Cow<'a, str>>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

#[derive(Clone, Copy)]
enum Handler {
    /// `URLStreamHandler.parseURL` as it is (`file`, `ftp`, `http`, …).
    Default,
    Jar,
    Mailto,
}

/// The constructor: the message of the exception on error.
fn parse(spec: &str) -> Result<Url<'_>, String> {
    let b = spec.as_bytes();
    let mut limit = b.len();
    while limit > 0 && b[limit - 1] <= b' ' {
        limit -= 1;
    }
    let mut start = 0;
    while start < limit && b[start] <= b' ' {
        start += 1;
    }
    if b.len() >= start + 4 && b[start..start + 4].eq_ignore_ascii_case(b"url:") {
        start += 4;
    }
    // A leading `#` is a reference relative to the (absent) context.
    let a_ref = b.get(start) == Some(&b'#');
    let mut protocol = None;
    if !a_ref {
        let mut i = start;
        while i < limit && b[i] != b'/' {
            if b[i] == b':' {
                let s = lower(&spec[start..i]);
                if is_valid_protocol(&s) {
                    protocol = Some(s);
                    start = i + 1;
                }
                break;
            }
            i += 1;
        }
    }
    let Some(protocol) = protocol else {
        return Err(format!("no protocol: {spec}"));
    };
    let handler = match &*protocol {
        "file" | "ftp" | "http" | "https" | "jmod" | "jrt" => Handler::Default,
        "jar" => Handler::Jar,
        "mailto" => Handler::Mailto,
        _ => return Err(format!("unknown protocol: {protocol}")),
    };
    let mut fragment = None;
    if let Some(i) = spec[start..].find('#').map(|i| i + start) {
        // `#` is never in the trimmed tail, so `i < limit`.
        fragment = Some(&spec[i + 1..limit.max(i + 1)]);
        limit = i;
    }
    match handler {
        Handler::Default => parse_url(spec, protocol, start, limit, fragment),
        Handler::Mailto => parse_mailto(spec, protocol, start, limit),
        Handler::Jar => parse_jar(spec, protocol, start, limit),
    }
}

/// `String.toLowerCase(Locale.ROOT)`, borrowed when nothing changes.
fn lower(s: &str) -> Cow<'_, str> {
    if s.is_ascii() {
        if s.bytes().any(|c| c.is_ascii_uppercase()) {
            Cow::Owned(s.to_ascii_lowercase())
        } else {
            Cow::Borrowed(s)
        }
    } else {
        // Final sigma and `İ` → `i̇` included, as in Java.
        Cow::Owned(s.to_lowercase())
    }
}

/// `URL.isValidProtocol`, over UTF-16 units: a char outside the BMP is a
/// surrogate pair, neither letter nor digit.
fn is_valid_protocol(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if is_letter(c) => {}
        _ => return false,
    }
    chars.all(|c| is_letter(c) || java_digit(c).is_some() || matches!(c, '.' | '+' | '-'))
}

/// `Character.isLetter` of JDK 17 for one UTF-16 unit.
fn is_letter(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic();
    }
    let Ok(u) = u16::try_from(u32::from(c)) else {
        return false;
    };
    tables::LETTERS
        .binary_search_by(|&(lo, hi)| {
            if hi < u {
                core::cmp::Ordering::Less
            } else if lo > u {
                core::cmp::Ordering::Greater
            } else {
                core::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// `Character.digit(c, 10)` of JDK 17 for one UTF-16 unit: any Unicode
/// decimal digit.
fn java_digit(c: char) -> Option<i32> {
    let u = u16::try_from(u32::from(c)).ok()?;
    let i = tables::DIGIT_ZEROS.partition_point(|&z| z <= u);
    let zero = *tables::DIGIT_ZEROS.get(i.checked_sub(1)?)?;
    let d = i32::from(u - zero);
    (d < 10).then_some(d)
}

/// `URLStreamHandler.parseURL` then `setURL`, for a URL with no context:
/// its `path` is null until an authority makes it empty, so the relative
/// path merging and dot-segment removal never run.
fn parse_url<'a>(
    spec: &'a str,
    protocol: Cow<'a, str>,
    mut start: usize,
    mut limit: usize,
    fragment: Option<&'a str>,
) -> Result<Url<'a>, String> {
    let mut query = None;
    let mut query_only = false;
    // The spec as `parseURL` shortens it at the query.
    let mut s = spec;
    if start < limit {
        // Java looks for `?` from index 0; none can precede `start` (the
        // scheme's chars and leading spaces are not `?`).
        let q = spec[start..].find('?').map(|q| q + start);
        query_only = q == Some(start);
        if let Some(q) = q.filter(|&q| q < limit) {
            query = Some(&spec[q + 1..limit]);
            limit = q;
            s = &spec[..q];
        }
    }
    let b = s.as_bytes();
    let mut authority = None;
    let mut user_info = None;
    let mut host = "";
    let mut port = -1;
    let mut path: Option<Cow<'a, str>> = None;
    let is_unc = start + 4 <= limit && &b[start..start + 4] == b"////";
    if !is_unc && start + 2 <= limit && &b[start..start + 2] == b"//" {
        start += 2;
        let find = |c: char| s[start..].find(c).map(|i| i + start);
        let i = match find('/').filter(|&i| i <= limit) {
            Some(i) => i,
            None => find('?').filter(|&i| i <= limit).unwrap_or(limit),
        };
        let auth = &s[start..i];
        authority = Some(auth);
        let mut h = Some(auth);
        if let Some(at) = auth.find('@') {
            if auth.rfind('@') != Some(at) {
                // More than one `@`: not server-based, no host at all.
                h = None;
            } else {
                user_info = Some(&auth[..at]);
                h = Some(&auth[at + 1..]);
            }
        }
        if let Some(h) = h {
            (host, port) = host_and_port(h, auth)?;
        }
        if port < -1 {
            return Err(format!("Invalid port number :{port}"));
        }
        start = i;
        if !auth.is_empty() {
            path = Some(Cow::Borrowed(""));
        }
    }
    if start < limit {
        if b[start] == b'/' {
            path = Some(Cow::Borrowed(&s[start..limit]));
        } else if authority.is_some() {
            // Unreachable after an authority (it ends at `/` or the
            // limit), kept as Java has it.
            path = Some(Cow::Owned(format!("/{}", &s[start..limit])));
        } else {
            path = Some(Cow::Borrowed(&s[start..limit]));
        }
    } else if query_only && let Some(p) = path.take() {
        // Unreachable too (a query right after the scheme leaves no
        // authority, so no path), kept as Java has it.
        let ind = p.rfind('/').unwrap_or(0);
        path = Some(Cow::Owned(format!("{}/", &p[..ind])));
    }
    check_host_string(host)?;
    Ok(Url {
        protocol,
        user_info,
        host,
        port,
        path: Some(path.unwrap_or(Cow::Borrowed(""))),
        query,
        fragment,
    })
}

/// The host and port of a server authority's `host[:port]` (after the
/// userinfo), as `parseURL` splits them.
fn host_and_port<'a>(h: &'a str, authority: &str) -> Result<(&'a str, i32), String> {
    if h.starts_with('[') {
        let Some(ind) = h.find(']').filter(|&i| i > 2) else {
            return Err(format!("Invalid authority field: {authority}"));
        };
        let host = &h[..=ind];
        if !is_ipv6_literal(&h.as_bytes()[1..ind]) {
            return Err(format!("Invalid host: {host}"));
        }
        let port = match h.as_bytes().get(ind + 1) {
            None => -1,
            Some(b':') if h.len() > ind + 2 => parse_int(&h[ind + 2..])?,
            Some(b':') => -1,
            Some(_) => return Err(format!("Invalid authority field: {authority}")),
        };
        Ok((host, port))
    } else {
        match h.find(':') {
            None => Ok((h, -1)),
            Some(ind) if h.len() > ind + 1 => Ok((&h[..ind], parse_int(&h[ind + 1..])?)),
            Some(ind) => Ok((&h[..ind], -1)),
        }
    }
}

/// `Integer.parseInt(s, 10)` with its `NumberFormatException` message.
fn parse_int(s: &str) -> Result<i32, String> {
    let error = |at: usize| format!("Error at index {at} in: \"{s}\"");
    let mut chars = s.chars().peekable();
    let mut negative = false;
    let mut limit = -i32::MAX;
    // The UTF-16 index of the char being read.
    let mut at = 0;
    match chars.peek() {
        None => return Err(String::new()),
        Some(&c) if c < '0' => {
            match c {
                '-' => {
                    negative = true;
                    limit = i32::MIN;
                }
                '+' => {}
                _ => return Err(error(0)),
            }
            chars.next();
            at = 1;
            if chars.peek().is_none() {
                return Err(error(1));
            }
        }
        Some(_) => {}
    }
    let multmin = limit / 10;
    let mut result: i32 = 0;
    for c in chars {
        // Accumulates negatively, as Java does, to reach i32::MIN.
        let digit = match java_digit(c) {
            Some(d) if result >= multmin => d,
            _ => return Err(error(at)),
        };
        result *= 10;
        if result < limit + digit {
            return Err(error(at));
        }
        result -= digit;
        at += c.len_utf16();
    }
    Ok(if negative { result } else { -result })
}

/// `IPAddressUtil.textToNumericFormatV6(src) != null` (digits are ASCII
/// only: `jdk.net.allowAmbiguousIPAddressLiterals` is false by default).
fn is_ipv6_literal(src: &[u8]) -> bool {
    // Java counts UTF-16 units; a one-unit string is a single byte here or
    // a non-ASCII char, which fails below all the same.
    if src.len() < 2 {
        return false;
    }
    let mut len = src.len();
    match src.iter().position(|&c| c == b'%') {
        Some(pc) if pc == len - 1 => return false,
        Some(pc) => len = pc,
        None => {}
    }
    let mut colonp = None;
    let mut i = 0;
    let mut j = 0;
    if src[0] == b':' {
        i = 1;
        if src[1] != b':' {
            return false;
        }
    }
    let mut curtok = i;
    let mut saw_xdigit = false;
    let mut val: u32 = 0;
    while i < len {
        let ch = src[i];
        i += 1;
        if let Some(d) = (ch as char).to_digit(16) {
            val = (val << 4) | d;
            if val > 0xffff {
                return false;
            }
            saw_xdigit = true;
            continue;
        }
        if ch == b':' {
            curtok = i;
            if !saw_xdigit {
                if colonp.is_some() {
                    return false;
                }
                colonp = Some(j);
                continue;
            } else if i == len {
                return false;
            }
            if j + 2 > 16 {
                return false;
            }
            j += 2;
            saw_xdigit = false;
            val = 0;
            continue;
        }
        if ch == b'.' && j + 4 <= 16 {
            let ia4 = &src[curtok..len];
            if ia4.iter().filter(|&&c| c == b'.').count() != 3 || !is_ipv4_literal(ia4) {
                return false;
            }
            j += 4;
            saw_xdigit = false;
            break;
        }
        return false;
    }
    if saw_xdigit {
        if j + 2 > 16 {
            return false;
        }
        j += 2;
    }
    if colonp.is_some() {
        if j == 16 {
            return false;
        }
        j = 16;
    }
    j == 16
}

/// `IPAddressUtil.textToNumericFormatV4(src) != null`.
fn is_ipv4_literal(src: &[u8]) -> bool {
    // Java's bound is 15 UTF-16 units; a non-ASCII char fails as a digit
    // anyway, so counting bytes gives the same answer.
    if src.is_empty() || src.len() > 15 {
        return false;
    }
    let mut value: i64 = 0;
    let mut octet = 0;
    let mut new_octet = true;
    for &c in src {
        if c == b'.' {
            if new_octet || value > 0xff || octet == 3 {
                return false;
            }
            octet += 1;
            value = 0;
            new_octet = true;
        } else if c.is_ascii_digit() {
            value = value * 10 + i64::from(c - b'0');
            new_octet = false;
        } else {
            return false;
        }
    }
    !new_octet && value < (1i64 << ((4 - octet) * 8))
}

/// `IPAddressUtil.checkHostString`: `setURL`'s only check of the host.
fn check_host_string(host: &str) -> Result<(), String> {
    const OTHERS: [char; 17] = [
        '\u{2047}', '\u{2048}', '\u{2049}', '\u{2100}', '\u{2101}', '\u{2105}', '\u{2106}',
        '\u{2A74}', '\u{FE55}', '\u{FE56}', '\u{FE5F}', '\u{FE6B}', '\u{FF03}', '\u{FF0F}',
        '\u{FF1A}', '\u{FF1F}', '\u{FF20}',
    ];
    let Some(c) = host
        .chars()
        .find(|&c| c < ' ' || c == '\u{7f}' || c == '/' || OTHERS.contains(&c))
    else {
        return Ok(());
    };
    let described = match c {
        '\n' => String::from("LF"),
        '\r' => String::from("CR"),
        c if c < ' ' || c == '\u{7f}' => format!("control char (code={})", u32::from(c)),
        c => format!("'{c}'"),
    };
    Err(format!("Illegal character found in host: {described}"))
}

/// The `mailto` handler: no authority, the fragment dropped, and the
/// deprecated `setURL` that splits the query at the last `?`.
fn parse_mailto<'a>(
    spec: &'a str,
    protocol: Cow<'a, str>,
    start: usize,
    limit: usize,
) -> Result<Url<'a>, String> {
    let file = spec.get(start..limit).unwrap_or("");
    if file.chars().all(is_java_whitespace) {
        return Err(String::from("No email address"));
    }
    Ok(split_file(protocol, Some(file), None))
}

/// `Character.isWhitespace` (`String.isBlank`): the Unicode space,
/// line and paragraph separators but the no-break ones, and the C0
/// separators and tab to carriage return.
fn is_java_whitespace(c: char) -> bool {
    matches!(
        c,
        '\t'..='\r'
            | '\u{1c}'..='\u{20}'
            | '\u{1680}'
            | '\u{2000}'..='\u{2006}'
            | '\u{2008}'..='\u{200a}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{205f}'
            | '\u{3000}'
    )
}

/// The deprecated `setURL(u, protocol, "", -1, file, ref)`: no host, so no
/// authority and no userinfo; the query after the file's last `?`.
fn split_file<'a>(
    protocol: Cow<'a, str>,
    file: Option<&'a str>,
    fragment: Option<&'a str>,
) -> Url<'a> {
    let (path, query) = match file {
        None => (None, None),
        Some(f) => match f.rfind('?') {
            Some(q) => (Some(&f[..q]), Some(&f[q + 1..])),
            None => (Some(f), None),
        },
    };
    Url {
        protocol,
        user_info: None,
        host: "",
        port: -1,
        path: path.map(Cow::Borrowed),
        query,
        fragment,
    }
}

/// The `jar` handler's `parseURL`.
fn parse_jar<'a>(
    spec: &'a str,
    protocol: Cow<'a, str>,
    start: usize,
    limit: usize,
) -> Result<Url<'a>, String> {
    // The fragment again, from the untrimmed spec.
    let ref_pos = spec[limit..].find('#').map(|i| i + limit);
    let ref_only = ref_pos == Some(start);
    let fragment = ref_pos.map(|r| &spec[r + 1..]);
    // From index 0: leading spaces make the spec relative.
    let absolute = spec.len() >= 4 && spec.as_bytes()[..4].eq_ignore_ascii_case(b"jar:");
    let file = spec.get(start..limit).unwrap_or("");
    if file.len() >= 4 && file.as_bytes()[..4].eq_ignore_ascii_case(b"jar:") {
        return Err(String::from("Nested JAR URLs are not supported"));
    }
    if absolute {
        let Some(bang) = index_of_bang_slash(file) else {
            return Err(String::from("no !/ in spec"));
        };
        if let Err(e) = parse(&file[..bang - 1]) {
            return Err(format!("invalid url: {file} ({EXCEPTION}{e})"));
        }
        Ok(split_file(protocol, Some(file), fragment))
    } else if ref_only {
        // The context's file, which there is none of.
        Ok(split_file(protocol, None, fragment))
    } else if file.starts_with('/') {
        // `indexOfBangSlash(ctxFile)` of a null context file.
        Err(String::from(
            "Cannot invoke \"String.length()\" because \"spec\" is null",
        ))
    } else {
        Err(String::from(
            "Cannot invoke \"String.lastIndexOf(int)\" because \"ctxFile\" is null",
        ))
    }
}

/// The index of the `/` of the last `!/`.
fn index_of_bang_slash(s: &str) -> Option<usize> {
    s.rfind("!/").map(|i| i + 1)
}

#[cfg(test)]
mod tests;
