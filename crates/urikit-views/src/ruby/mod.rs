//! The `ruby` and `ruby-rfc2396` views: Ruby's `URI.parse` (the uri gem
//! 0.11.0 of Ruby 3.1, Debian's ruby 3.1) and `URI::RFC2396_Parser.new.parse`.
//!
//! Both split the string with regexes (`URI::RFC3986_Parser#split` in
//! lib/uri/rfc3986_parser.rb, `URI::RFC2396_Parser#split` in
//! lib/uri/rfc2396_parser.rb; matched here by hand, see [`rfc3986`] and
//! [`rfc2396`]), then build the object of the scheme's class with `URI.for`
//! (lib/uri/common.rb) and `URI::Generic#initialize` (lib/uri/generic.rb),
//! whose setters change or refuse parts. Quirks reproduced:
//!
//! - the class is chosen by the upper-cased scheme among those Ruby 3.1
//!   loads: HTTP, HTTPS, FTP, FILE, LDAP, LDAPS, MAILTO, WS (not WSS, whose
//!   file `uri` does not require); any other scheme is `URI::Generic`;
//! - the scheme is lower-cased; `.hostname` strips the brackets of a host
//!   that starts with `[` and ends with `]`;
//! - `.port` is the written digits as an Integer (`:0080` is 80, any
//!   length), the class's default port (80, 443, 21, 389, 636) when none
//!   or an empty one is written, and always none for `file`;
//! - `query=` deletes tab, CR and LF, refuses `%` followed by two non-hex
//!   characters (`invalid percent escape: %zz`) and percent-encodes space,
//!   `"`, `'`, `<`, `>`, `` ` `` and the other controls (the RFC 3986 form
//!   takes any character but `#` in the query); `fragment=` does the same
//!   to what is not printable ASCII (nothing, for what the regexes admit);
//! - `ftp`: no path (an opaque part) raises `URI::InvalidURIError` with no
//!   message; the path's first `/` is dropped, a leading `%2F` becomes `/`,
//!   and the path ends before `;type=` (the typecode);
//! - `file`: a host `localhost` or none becomes `""` (left out here), the
//!   port and the userinfo are never set;
//! - an empty userinfo (`http://@h/`) is none: `"".split(':', 2)` is `[]`;
//! - `ldap`/`ldaps`: a fragment (even empty) or no path: `bad LDAP URL`;
//! - `mailto`: the query alone becomes the opaque part; no opaque part,
//!   or one whose address list is not `x@y[,;]...`, raises
//!   `URI::InvalidComponentError`;
//! - an RFC 3986 string with a non-ASCII character: `URI must be ascii
//!   only` and the string as `String#dump` writes it; any other refusal:
//!   `bad URI(is not URI?): ` and the string as `String#inspect` writes it;
//! - RFC 3986 form: an IPv6 literal of `::` and six groups is refused (its
//!   third alternative wants a group before the `::`); a relative
//!   reference's IP literal is `[IPv6` or `IPvFuture]` (a group missing in
//!   the regex), so `//[::1]/` is refused and `//[::1` and `//v1.x]/` have
//!   those hosts;
//! - RFC 2396 form: whitespace around the string is dropped; an authority
//!   that is no `[userinfo@]host[:port]` is a registry, refused by every
//!   class (`the scheme http does not accept registry part: a_b (or bad
//!   hostname?)`); an absolute URI with no path, host or opaque part is
//!   `bad URI(absolute but no path)`; IPv6 groups are not counted; messages
//!   hold the string as it is (no `inspect`), non-ASCII included.
//!
//! Fields: the object's `scheme`, `userinfo`, `hostname` (`""`, which is
//! `URI::File`'s "no host", is `None`), `port` (decimal), `path` (`None`
//! for an opaque URI), `query` and `fragment`; an error is
//! `"ClassName: message"`.

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;

use super::{Reading, View, host_kind_of};

mod rfc2396;
mod rfc3986;
#[cfg(test)]
mod tests;
mod text;

/// `URI.parse`: the RFC 3986 parser.
pub(super) fn read(input: &str) -> Reading<'_> {
    uri_for(rfc3986::split(input)?)
}

/// `URI::RFC2396_Parser.new.parse`.
pub(super) fn read_rfc2396(input: &str) -> Reading<'_> {
    uri_for(rfc2396::split(input)?)
}

/// What a parser's `split` gives `URI.for`.
#[derive(Default)]
struct Split<'a> {
    scheme: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    registry: Option<&'a str>,
    path: Option<&'a str>,
    opaque: Option<&'a str>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

fn bad_uri(input: &str) -> String {
    format!(
        "URI::InvalidURIError: bad URI(is not URI?): {}",
        text::inspect(input)
    )
}

fn not_ascii(input: &str) -> String {
    format!(
        "URI::InvalidURIError: URI must be ascii only {}",
        text::dump(input)
    )
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Generic,
    Http,
    Https,
    Ftp,
    File,
    Ldap,
    Ldaps,
    Mailto,
    Ws,
}

impl Class {
    fn of(scheme: Option<&str>) -> Class {
        let s = scheme.unwrap_or("");
        [
            ("HTTP", Class::Http),
            ("HTTPS", Class::Https),
            ("FTP", Class::Ftp),
            ("FILE", Class::File),
            ("LDAP", Class::Ldap),
            ("LDAPS", Class::Ldaps),
            ("MAILTO", Class::Mailto),
            ("WS", Class::Ws),
        ]
        .into_iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(s))
        .map_or(Class::Generic, |(_, c)| c)
    }

    fn default_port(self) -> Option<&'static str> {
        match self {
            Class::Http | Class::Ws => Some("80"),
            Class::Https => Some("443"),
            Class::Ftp => Some("21"),
            Class::Ldap => Some("389"),
            Class::Ldaps => Some("636"),
            _ => None,
        }
    }
}

fn lower(s: &str) -> Cow<'_, str> {
    if s.bytes().any(|c| c.is_ascii_uppercase()) {
        Cow::Owned(s.to_ascii_lowercase())
    } else {
        Cow::Borrowed(s)
    }
}

/// `String#to_i` of the port's digits, printed back: the leading zeros go.
fn port_number(digits: &str) -> Cow<'_, str> {
    let t = digits.trim_start_matches('0');
    Cow::Borrowed(if t.is_empty() { "0" } else { t })
}

fn without_tab_cr_lf(v: &str) -> Cow<'_, str> {
    if v.bytes().any(|c| matches!(c, b'\t' | b'\r' | b'\n')) {
        Cow::Owned(
            v.chars()
                .filter(|c| !matches!(c, '\t' | '\r' | '\n'))
                .collect(),
        )
    } else {
        Cow::Borrowed(v)
    }
}

/// `'%%%02X' % byte` for each byte that `keep` refuses.
fn encode<'a>(v: Cow<'a, str>, keep: fn(u8) -> bool) -> Cow<'a, str> {
    if v.bytes().all(keep) {
        return v;
    }
    let mut out = String::with_capacity(v.len() + 8);
    for c in v.chars() {
        if c.is_ascii() && keep(c as u8) {
            out.push(c);
        } else {
            let mut buf = [0; 4];
            for byte in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{byte:02X}"));
            }
        }
    }
    Cow::Owned(out)
}

/// `Generic#query=`.
fn set_query(v: &str) -> Result<Cow<'_, str>, String> {
    let v = without_tab_cr_lf(v);
    let b = v.as_bytes();
    let nonhex = |c: u8| !c.is_ascii_hexdigit();
    if let Some(i) = (0..b.len().saturating_sub(2))
        .find(|&i| b[i] == b'%' && nonhex(b[i + 1]) && nonhex(b[i + 2]))
    {
        let bad = String::from_utf8_lossy(&b[i..i + 3]);
        return Err(format!(
            "URI::InvalidURIError: invalid percent escape: {bad}"
        ));
    }
    // `[!$-&(-;=?-_a-~]`; `%` is in it, so `%\h\h` needs no case of its own.
    Ok(encode(
        v,
        |c| matches!(c, b'!' | b'$'..=b'&' | b'('..=b';' | b'=' | b'?'..=b'_' | b'a'..=b'~'),
    ))
}

/// `Generic#fragment=`: `[!-~]` kept (`%` among them).
fn set_fragment(v: &str) -> Cow<'_, str> {
    encode(without_tab_cr_lf(v), |c| (b'!'..=b'~').contains(&c))
}

/// `FTP#initialize`'s path, then `FTP#set_path`, the typecode cut, and the
/// `FTP#path` reader.
fn ftp_path(raw: &str) -> String {
    let mut p = String::from(raw.strip_prefix('/').unwrap_or(raw));
    if let Some(rest) = p.strip_prefix("%2F") {
        p = format!("/{rest}");
    }
    let mut stored = match p.strip_prefix('/') {
        Some(rest) => format!("/%2F{rest}"),
        None => format!("/{p}"),
    };
    if let Some(t) = stored.find(";type=") {
        stored.truncate(t);
    }
    let read = &stored[1..];
    match read.strip_prefix("%2F") {
        Some(rest) => format!("/{rest}"),
        None => String::from(read),
    }
}

/// `MailTo#initialize`'s test of the addresses:
/// `\A(?:[^@,;]+@[^@,;]+(?:\z|[,;]))*\z`.
fn mailto_to_ok(to: &[u8]) -> bool {
    let run = |i: usize| {
        i + to[i..]
            .iter()
            .take_while(|c| !matches!(c, b'@' | b',' | b';'))
            .count()
    };
    let mut i = 0;
    while i < to.len() {
        let a = run(i);
        if a == i || to.get(a) != Some(&b'@') {
            return false;
        }
        let c = run(a + 1);
        if c == a + 1 {
            return false;
        }
        if c == to.len() {
            return true;
        }
        if to[c] == b'@' {
            return false;
        }
        i = c + 1;
    }
    true
}

/// `URI.for(*split)`: the scheme's class and `Generic#initialize`.
fn uri_for(sp: Split<'_>) -> Reading<'_> {
    let class = Class::of(sp.scheme);
    if class == Class::Ftp && sp.path.is_none() {
        return Err(String::from("URI::InvalidURIError: URI::InvalidURIError"));
    }
    let scheme = sp.scheme.map(lower);
    let host = match class {
        Class::File if sp.host.is_none_or(|h| h == "localhost") => None,
        _ => sp.host,
    };
    let mut port = match class {
        Class::File => None,
        _ => sp.port.filter(|p| !p.is_empty()).map(port_number),
    };
    let mut path = match (class, sp.path) {
        (Class::Ftp, Some(p)) => Some(Cow::Owned(ftp_path(p))),
        (_, p) => p.map(Cow::Borrowed),
    };
    let query = sp.query.map(set_query).transpose()?;
    let fragment = sp.fragment.map(set_fragment);
    if let Some(registry) = sp.registry {
        return Err(format!(
            "URI::InvalidURIError: the scheme {} does not accept registry part: {registry} (or bad hostname?)",
            scheme.as_deref().unwrap_or("")
        ));
    }
    if path.is_none() && sp.opaque.is_none() {
        path = Some(Cow::Borrowed(""));
    }
    if port.is_none() {
        port = class.default_port().map(Cow::Borrowed);
    }
    match class {
        Class::Ldap | Class::Ldaps if fragment.is_some() || path.is_none() => {
            return Err(String::from("URI::InvalidURIError: bad LDAP URL"));
        }
        Class::Mailto => {
            let opaque: Option<Cow<'_, str>> = match (sp.opaque, &query) {
                (Some(o), _) => Some(Cow::Borrowed(o)),
                (None, Some(q)) => Some(Cow::Owned(format!("?{q}"))),
                (None, None) => None,
            };
            let Some(opaque) = opaque else {
                return Err(String::from(
                    "URI::InvalidComponentError: missing opaque part for mailto URL",
                ));
            };
            let to = opaque.split('?').next().unwrap_or("");
            if !mailto_to_ok(to.as_bytes()) {
                return Err(format!(
                    "URI::InvalidComponentError: unrecognised opaque part for mailtoURL: {opaque}"
                ));
            }
        }
        _ => {}
    }
    let host = host.map(
        |h| match h.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
            Some(inner) => inner,
            None => h,
        },
    );
    Ok(View {
        scheme,
        // `split_userinfo`: "".split(':', 2) is [], no user; `file` never
        // sets one.
        userinfo: sp
            .userinfo
            .filter(|u| !u.is_empty() && class != Class::File)
            .map(Cow::Borrowed),
        host_kind: host.map(host_kind_of),
        host: host.map(Cow::Borrowed),
        port,
        path,
        query,
        fragment,
    })
}
