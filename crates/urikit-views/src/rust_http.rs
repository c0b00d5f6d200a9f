//! The `rust-http` view: the `http` crate's `Uri` (hyper's, reqwest's),
//! `s.parse::<http::Uri>()`, read with its own accessors. The reading IS
//! the crate (urikit's optional `http` dependency, 1.x; recorded with
//! 1.5.0): `Uri::from_shared` and `parse_full` in `src/uri/mod.rs`,
//! `Scheme2::parse` in `src/uri/scheme.rs`, `validate_authority_bytes`,
//! `host` and `Authority::port` in `src/uri/authority.rs`,
//! `scan_path_and_query` in `src/uri/path.rs`.
//!
//! Fields: `scheme` is `scheme_str()`, `host` `host()`, `port`
//! `port_u16()` as decimal digits, `path` `path()` (always there: `""` for
//! the authority form, where the crate has no path, is kept as the crate
//! gives it), `query` `query()`. `Uri` has no userinfo accessor: the
//! userinfo is what precedes the last `@` of `authority()`, as a hyper user
//! reads it (the crate's `host()` takes what follows that `@`). There is
//! never a fragment: the crate drops it unread. An error is `InvalidUri`'s
//! Display (`invalid uri character`, `invalid authority`, …).
//!
//! The crate copies the input; every field that is a slice of that copy is
//! borrowed here from the input at the same place: the view adds no copy
//! of its own (the port's digits aside).
//!
//! Quirks (the crate's, reproduced by calling it):
//! - no scheme unless `://` follows it: `mailto:a@b` and `localhost:80`
//!   are the authority form (host `b`, userinfo `mailto:a`; host
//!   `localhost`, port 80); a scheme is any run of letters, digits, `+`,
//!   `-`, `.`, `~`, even none (`1http://a` has the scheme `1http`, `://a`
//!   the empty scheme), at most 64 bytes; `http` and `https` are lowered,
//!   others keep their case; without a scheme (and no leading `/`) the
//!   whole input must be an authority (`mailto:a@b.example?subject=x` is
//!   `invalid format`);
//! - the authority is ASCII URI characters and `%` (a `%` outside the
//!   userinfo or an IPv6 literal is `invalid authority`), at most one port
//!   colon, one pair of brackets anywhere (`a[b]c` is a host), nothing
//!   after a last `@` is refused; brackets are not checked for an address;
//! - the port is what follows the authority's LAST colon (userinfo
//!   included) when it reads as a `u16` (`+80` is 80; `65536`, `8O`,
//!   `80@h` are no port, the host staying);
//! - the path and query take `"`, `{`, `}` and any non-ASCII byte as they
//!   are; the fragment, after the first `#`, is dropped unchecked; an empty
//!   path after an authority is `/`.

use alloc::borrow::Cow;
use alloc::string::ToString;

use super::{Reading, View, host_kind_of};

pub(super) fn read(input: &str) -> Reading<'_> {
    let u: http::Uri = input
        .parse()
        .map_err(|e: http::uri::InvalidUri| e.to_string())?;
    // The crate's copy is the input cut in place: `scheme://`, then the
    // authority, then the path and query up to the first `#`. Each field is
    // taken from the input at its place; the crate makes up only `/` (an
    // empty path), which is no slice of the input.
    let scheme = u.scheme_str();
    let auth_start = scheme.map_or(0, |s| s.len() + 3);
    let authority = u.authority().map(|a| a.as_str()).unwrap_or("");
    let scheme = scheme.map(|s| match s {
        // The crate's own lowered names for any case of `http://`, `https://`.
        "http" => Cow::Borrowed("http"),
        "https" => Cow::Borrowed("https"),
        s => in_input(input, 0, s),
    });
    // A byte loop: the authority is short, and `rfind` sets up a memrchr.
    let at = authority.bytes().rposition(|c| c == b'@');
    let userinfo = at.map(|at| in_input(input, auth_start, &authority[..at]));
    // `host()` is a prefix of what follows the last `@`.
    let host = u
        .host()
        .map(|h| in_input(input, auth_start + at.map_or(0, |at| at + 1), h));
    let pq_start = auth_start + authority.len();
    let path = u.path();
    let made_up = !path.is_empty()
        && !input
            .get(pq_start..)
            .is_some_and(|rest| rest.starts_with(path));
    // The query follows the path's `?` (none in the input when `/` is made up).
    let query_start = pq_start + if made_up { 0 } else { path.len() } + 1;
    let query = u.query().map(|q| in_input(input, query_start, q));
    let path = if made_up {
        Cow::Borrowed("/")
    } else {
        in_input(input, pq_start, path)
    };
    let port = u.port_u16().map(|p| Cow::Owned(p.to_string()));
    Ok(View {
        host_kind: host.as_deref().map(host_kind_of),
        scheme,
        userinfo,
        host,
        port,
        path: Some(path),
        query,
        fragment: None,
    })
}

/// `part`, which the crate read at `from` in its copy, from the input (a
/// copy if the input had no such slice there: never, by the above).
fn in_input<'a>(input: &'a str, from: usize, part: &str) -> Cow<'a, str> {
    match input.get(from..from + part.len()) {
        Some(s) => {
            debug_assert_eq!(s, part);
            Cow::Borrowed(s)
        }
        None => Cow::Owned(part.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use alloc::borrow::Cow;

    use super::read;

    /// `(input, scheme, userinfo, host, port, path, query)` as the crate
    /// gave them to record_rust-http.rs (http 1.5.0; most are lines of
    /// rust-http.jsonl).
    type Row = (
        &'static str,
        Option<&'static str>,
        Option<&'static str>,
        Option<&'static str>,
        Option<&'static str>,
        &'static str,
        Option<&'static str>,
    );
    #[rustfmt::skip]
    const REAL: [Row; 11] = [
        ("http://foo@evil.com:80@google.com/", Some("http"), Some("foo@evil.com:80"), Some("google.com"), None, "/", None),
        ("http://google.com#@evil.com/", Some("http"), None, Some("google.com"), None, "/", None),
        ("https://example.com?x", Some("https"), None, Some("example.com"), None, "/", Some("x")),
        ("https://example.com?", Some("https"), None, Some("example.com"), None, "/", Some("")),
        ("http://a.example:+80/", Some("http"), None, Some("a.example"), Some("80"), "/", None),
        ("mailto:a@b", None, Some("mailto:a"), Some("b"), None, "", None),
        ("localhost:80", None, None, Some("localhost"), Some("80"), "", None),
        ("://a", Some(""), None, Some("a"), None, "/", None),
        ("http://a[b]c/", Some("http"), None, Some("a[b]c"), None, "/", None),
        ("http://u:80@h/", Some("http"), Some("u:80"), Some("h"), None, "/", None),
        ("/?url=//example.com", None, None, None, None, "/", Some("url=//example.com")),
    ];

    #[test]
    fn fields_are_the_crates() {
        for (input, scheme, userinfo, host, port, path, query) in REAL {
            let v = read(input).unwrap();
            assert_eq!(v.scheme.as_deref(), scheme, "{input}");
            assert_eq!(v.userinfo.as_deref(), userinfo, "{input}");
            assert_eq!(v.host.as_deref(), host, "{input}");
            assert_eq!(v.port.as_deref(), port, "{input}");
            assert_eq!(v.path.as_deref(), Some(path), "{input}");
            assert_eq!(v.query.as_deref(), query, "{input}");
            assert_eq!(v.fragment, None, "{input}");
        }
        let e = read("mailto:a@b.example?subject=x").unwrap_err();
        assert_eq!(e, "invalid format");
    }

    #[test]
    fn slices_of_the_input_are_borrowed() {
        let v = read("HTTP://u@a:80/p?q#f").unwrap();
        assert_eq!(v.scheme.as_deref(), Some("http"));
        for f in [&v.userinfo, &v.host, &v.path, &v.query] {
            assert!(matches!(f, Some(Cow::Borrowed(_))), "{f:?}");
        }
        let v = read("Foo://a").unwrap();
        assert_eq!(v.scheme.as_deref(), Some("Foo"));
        assert_eq!(v.path.as_deref(), Some("/"));
    }
}
