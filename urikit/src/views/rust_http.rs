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
//! borrowed here from the input at the same place, so the view costs only
//! the crate's own parse.
//!
//! Quirks (the crate's, reproduced by calling it):
//! - no scheme unless `://` follows it: `mailto:a@b` and `localhost:80`
//!   are the authority form (host `b`, userinfo `mailto:a`; host
//!   `localhost`, port 80); a scheme is any run of letters, digits, `+`,
//!   `-`, `.`, `~` (so `1http` and even `` (empty, `://a`) are schemes), at
//!   most 64 bytes; `http` and `https` are lowered, others keep their case;
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
    // Where the authority starts in the input: after `scheme://`, which the
    // crate strips whole (its scheme is the bytes before `://`).
    let scheme = u.scheme_str();
    let auth_start = scheme.map_or(0, |s| s.len() + 3);
    let authority = u.authority().map(|a| a.as_str());
    let auth_len = authority.map_or(0, str::len);
    let scheme = scheme.map(|s| match s {
        // The crate's own lowered names for any case of `http://`, `https://`.
        "http" => Cow::Borrowed("http"),
        "https" => Cow::Borrowed("https"),
        s => Cow::Borrowed(&input[..s.len()]),
    });
    let userinfo = authority
        .and_then(|a| a.rfind('@'))
        .map(|at| Cow::Borrowed(&input[auth_start..auth_start + at]));
    let host = match (u.host(), authority) {
        (Some(h), Some(a)) => Some(borrow(input, auth_start, a, h)),
        _ => None,
    };
    // The path and query follow the authority in the input; the crate's
    // made-up `/` (empty path after an authority) is not in it.
    let pq_start = auth_start + auth_len;
    let pq = u.path_and_query().map(|p| p.as_str());
    let in_pq = |s: &str| match pq {
        Some(pq) => borrow(input, pq_start, pq, s),
        None if s.is_empty() => Cow::Borrowed(""),
        None => Cow::Owned(s.to_string()),
    };
    let path = in_pq(u.path());
    let query = u.query().map(in_pq);
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

/// `inner`, a slice of the crate's `outer` (which is `input[at..]`'s
/// start), as the same slice of the input; a copy when it is not a slice
/// of `outer` (the crate's static `/`).
fn borrow<'a>(input: &'a str, at: usize, outer: &str, inner: &str) -> Cow<'a, str> {
    let off = (inner.as_ptr() as usize).wrapping_sub(outer.as_ptr() as usize);
    let same = (off <= outer.len() && inner.len() <= outer.len() - off)
        .then(|| input.get(at + off..at + off + inner.len()))
        .flatten()
        .filter(|s| *s == inner);
    match same {
        Some(s) => Cow::Borrowed(s),
        None if inner.is_empty() => Cow::Borrowed(""),
        None => Cow::Owned(inner.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use alloc::borrow::Cow;

    use super::read;

    #[test]
    fn fields_are_the_crates() {
        // Values from rust-http.jsonl (http 1.5.0).
        let v = read("http://foo@evil.com:80@google.com/").unwrap();
        assert_eq!(v.userinfo.as_deref(), Some("foo@evil.com:80"));
        assert_eq!(v.host.as_deref(), Some("google.com"));
        assert_eq!(v.port, None);
        assert_eq!(v.path.as_deref(), Some("/"));
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
