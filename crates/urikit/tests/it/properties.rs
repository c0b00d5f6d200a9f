//! Property tests: URI references generated from the ABNF parse into exactly
//! the components they were built from; valid strings recompose to themselves
//! and split (Appendix B) alike; no input makes anything panic.

use std::net::{Ipv4Addr, Ipv6Addr};

use proptest::prelude::*;
use proptest::sample::select;
use urikit::{
    Components, ErrorKind, HostData, HostKind, Rule, Uri, UriBuf, UriRef, UriRefBuf, split,
    validate,
};

// ---------------------------------------------------------------------------
// Strategies, one per ABNF rule (Appendix A as published)
// ---------------------------------------------------------------------------

const UNRESERVED: &str = "ABCXYZabcxyz0189-._~";
const SUB_DELIMS: &str = "!$&'()*+,;=";

fn chars_of(set: &'static str) -> impl Strategy<Value = String> {
    select(set.chars().collect::<Vec<_>>()).prop_map(String::from)
}

/// `pct-encoded = "%" HEXDIG HEXDIG`, either case.
fn pct_encoded() -> impl Strategy<Value = String> {
    "%[0-9A-Fa-f]{2}"
}

/// One unit of `*( unreserved / pct-encoded / sub-delims / extra )`.
fn unit(extra: &'static str) -> BoxedStrategy<String> {
    let mut choices = vec![
        chars_of(UNRESERVED).boxed(),
        chars_of(SUB_DELIMS).boxed(),
        pct_encoded().boxed(),
    ];
    if !extra.is_empty() {
        choices.push(chars_of(extra).boxed());
    }
    proptest::strategy::Union::new(choices).boxed()
}

fn repeat(u: BoxedStrategy<String>, min: usize, max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(u, min..=max).prop_map(|v| v.concat())
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
fn scheme() -> impl Strategy<Value = String> {
    "[a-zA-Z][a-zA-Z0-9+.-]{0,8}"
}

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`
fn userinfo() -> impl Strategy<Value = String> {
    repeat(unit(":"), 0, 6)
}

/// `reg-name = *( unreserved / pct-encoded / sub-delims )`, plus strings made
/// of digits and dots that may or may not be IPv4 addresses.
fn reg_name() -> impl Strategy<Value = String> {
    prop_oneof![repeat(unit(""), 0, 8), "[0-9.]{0,16}"]
}

/// `dec-octet` text for a value.
fn ipv4() -> impl Strategy<Value = (String, Ipv4Addr)> {
    any::<[u8; 4]>().prop_map(|o| {
        let a = Ipv4Addr::from(o);
        (a.to_string(), a)
    })
}

/// One `h16`: one to four hex digits, leading zeros optional, any case.
fn h16_text(v: u16, pad: usize, upper: bool) -> String {
    let s = format!("{v:0pad$x}");
    if upper { s.to_ascii_uppercase() } else { s }
}

/// `IPv6address`, all nine forms: eight pieces, an optional run of one or
/// more zero pieces written as "::", and optionally the last two pieces as an
/// IPv4 address. Returns the text and the value it denotes.
fn ipv6() -> impl Strategy<Value = (String, Ipv6Addr)> {
    (
        any::<[u16; 8]>(),
        // elision: (start, length); length 0 means none
        (0usize..=8).prop_flat_map(|start| (Just(start), 0..=(8 - start))),
        any::<bool>(),
        prop::collection::vec((0usize..=4, any::<bool>()), 8),
        any::<bool>(),
    )
        .prop_map(|(mut v, (start, len), v4_tail, style, zero_heavy)| {
            if zero_heavy {
                // Make zero runs common so that elisions of all lengths occur
                // where the value has zeros too.
                for (i, p) in v.iter_mut().enumerate() {
                    if i % 3 != 0 {
                        *p = 0;
                    }
                }
            }
            let (start, len) = if len == 0 { (8, 0) } else { (start, len) };
            for p in &mut v[start..start + len] {
                *p = 0;
            }
            // An IPv4 tail needs the last two pieces written out.
            let v4_tail = v4_tail && start + len <= 6;
            let explicit_end = if v4_tail { 6 } else { 8 };
            let piece = |i: usize| h16_text(v[i], style[i].0, style[i].1);
            let before: Vec<String> = (0..start.min(explicit_end)).map(piece).collect();
            let after: Vec<String> = ((start + len).min(explicit_end)..explicit_end)
                .map(piece)
                .collect();
            let mut text = before.join(":");
            if len > 0 {
                text.push_str("::");
                text.push_str(&after.join(":"));
            }
            if v4_tail {
                if len == 0 || !after.is_empty() {
                    text.push(':');
                }
                let [a, b] = v[6].to_be_bytes();
                let [c, d] = v[7].to_be_bytes();
                text.push_str(&Ipv4Addr::new(a, b, c, d).to_string());
            }
            (text, Ipv6Addr::from(v))
        })
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`, with
/// "v" in either case (ABNF strings are case-insensitive).
fn ipvfuture() -> impl Strategy<Value = (String, String, String)> {
    (
        "[vV]",
        "[0-9a-fA-F]{1,4}",
        "[a-zA-Z0-9._~!$&'()*+,;=:-]{1,10}",
    )
        .prop_map(|(v, ver, addr)| (format!("{v}{ver}.{addr}"), ver, addr))
}

#[derive(Clone, Debug, PartialEq)]
enum HostGen {
    RegName(String),
    Ipv4(String, Ipv4Addr),
    Ipv6(String, Ipv6Addr),
    Future(String, String, String),
}

impl HostGen {
    fn text(&self) -> String {
        match self {
            HostGen::RegName(s) | HostGen::Ipv4(s, _) => s.clone(),
            HostGen::Ipv6(s, _) | HostGen::Future(s, _, _) => format!("[{s}]"),
        }
    }
    fn kind(&self) -> HostKind {
        match self {
            // First-match-wins (3.2.2): a reg-name that is an IPv4address is one.
            HostGen::RegName(s) if is_ipv4address(s) => HostKind::Ipv4,
            HostGen::RegName(_) => HostKind::RegName,
            HostGen::Ipv4(..) => HostKind::Ipv4,
            HostGen::Ipv6(..) => HostKind::Ipv6,
            HostGen::Future(..) => HostKind::IpvFuture,
        }
    }
}

/// `IPv4address` straight from the ABNF's dec-octet alternatives, written
/// independently of the library.
fn is_ipv4address(s: &str) -> bool {
    let dec_octet = |o: &str| {
        let b = o.as_bytes();
        let d = |c: u8| c.is_ascii_digit();
        match b {
            [x] => d(*x),
            [x, y] => (b'1'..=b'9').contains(x) && d(*y),
            [b'1', y, z] => d(*y) && d(*z),
            [b'2', y, z] if (b'0'..=b'4').contains(y) => d(*z),
            [b'2', b'5', z] => (b'0'..=b'5').contains(z),
            _ => false,
        }
    };
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() == 4 && parts.iter().all(|p| dec_octet(p))
}

fn host() -> impl Strategy<Value = HostGen> {
    prop_oneof![
        reg_name().prop_map(HostGen::RegName),
        ipv4().prop_map(|(s, a)| HostGen::Ipv4(s, a)),
        ipv6().prop_map(|(s, a)| HostGen::Ipv6(s, a)),
        ipvfuture().prop_map(|(s, v, a)| HostGen::Future(s, v, a)),
    ]
}

/// `port = *DIGIT`
fn port() -> impl Strategy<Value = String> {
    "[0-9]{0,7}"
}

/// `segment = *pchar`
fn segment() -> impl Strategy<Value = String> {
    repeat(unit(":@"), 0, 5)
}

/// `segment-nz = 1*pchar`
fn segment_nz() -> impl Strategy<Value = String> {
    repeat(unit(":@"), 1, 5)
}

/// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )`
fn segment_nz_nc() -> impl Strategy<Value = String> {
    repeat(unit("@"), 1, 5)
}

fn slash_segments() -> impl Strategy<Value = String> {
    prop::collection::vec(segment(), 0..4)
        .prop_map(|v| v.iter().map(|s| format!("/{s}")).collect::<String>())
}

/// `path-abempty = *( "/" segment )`
fn path_abempty() -> impl Strategy<Value = String> {
    slash_segments()
}

/// `path-absolute = "/" [ segment-nz *( "/" segment ) ]`
fn path_absolute() -> impl Strategy<Value = String> {
    prop::option::of((segment_nz(), slash_segments()))
        .prop_map(|o| o.map_or("/".into(), |(a, b)| format!("/{a}{b}")))
}

/// `path-rootless = segment-nz *( "/" segment )`
fn path_rootless() -> impl Strategy<Value = String> {
    (segment_nz(), slash_segments()).prop_map(|(a, b)| a + &b)
}

/// `path-noscheme = segment-nz-nc *( "/" segment )`
fn path_noscheme() -> impl Strategy<Value = String> {
    (segment_nz_nc(), slash_segments()).prop_map(|(a, b)| a + &b)
}

/// `query = *( pchar / "/" / "?" )`, and `fragment`, the same.
fn query() -> impl Strategy<Value = String> {
    repeat(unit(":@/?"), 0, 8)
}

#[derive(Clone, Debug)]
struct AuthGen {
    userinfo: Option<String>,
    host: HostGen,
    port: Option<String>,
}

impl AuthGen {
    fn text(&self) -> String {
        let mut s = String::new();
        if let Some(u) = &self.userinfo {
            s += u;
            s.push('@');
        }
        s += &self.host.text();
        if let Some(p) = &self.port {
            s.push(':');
            s += p;
        }
        s
    }
}

fn authority() -> impl Strategy<Value = AuthGen> {
    (
        prop::option::of(userinfo()),
        host(),
        prop::option::of(port()),
    )
        .prop_map(|(userinfo, host, port)| AuthGen {
            userinfo,
            host,
            port,
        })
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum PathKind {
    Abempty,
    Absolute,
    Rootless,
    Noscheme,
    Empty,
}

/// A URI reference built from its parts, and the parts.
#[derive(Clone, Debug)]
struct RefGen {
    scheme: Option<String>,
    authority: Option<AuthGen>,
    path: String,
    path_kind: PathKind,
    query: Option<String>,
    fragment: Option<String>,
}

impl RefGen {
    fn text(&self) -> String {
        let mut s = String::new();
        if let Some(x) = &self.scheme {
            s += x;
            s.push(':');
        }
        if let Some(a) = &self.authority {
            s += "//";
            s += &a.text();
        }
        s += &self.path;
        if let Some(q) = &self.query {
            s.push('?');
            s += q;
        }
        if let Some(f) = &self.fragment {
            s.push('#');
            s += f;
        }
        s
    }
}

/// `URI-reference`: `URI` (with a scheme: `hier-part`) or `relative-ref`
/// (without: `relative-part`), each path alternative in its place.
fn uri_reference() -> impl Strategy<Value = RefGen> {
    let with_authority = (authority(), path_abempty())
        .prop_map(|(a, p)| (Some(a), p, PathKind::Abempty))
        .boxed();
    let absolute = path_absolute()
        .prop_map(|p| (None, p, PathKind::Absolute))
        .boxed();
    let empty = Just((None, String::new(), PathKind::Empty)).boxed();
    let hier_part = prop_oneof![
        with_authority.clone(),
        absolute.clone(),
        path_rootless().prop_map(|p| (None, p, PathKind::Rootless)),
        empty.clone(),
    ];
    let relative_part = prop_oneof![
        with_authority,
        absolute,
        path_noscheme().prop_map(|p| (None, p, PathKind::Noscheme)),
        empty,
    ];
    let tail = || (prop::option::of(query()), prop::option::of(query()));
    prop_oneof![
        (scheme(), hier_part, tail()).prop_map(|(s, (a, p, k), (q, f))| RefGen {
            scheme: Some(s),
            authority: a,
            path: p,
            path_kind: k,
            query: q,
            fragment: f,
        }),
        (relative_part, tail()).prop_map(|((a, p, k), (q, f))| RefGen {
            scheme: None,
            authority: a,
            path: p,
            path_kind: k,
            query: q,
            fragment: f,
        }),
    ]
}

/// Strings over the URI alphabet and a few bytes it lacks: dense in both
/// valid and nearly valid references.
fn uri_ish() -> impl Strategy<Value = String> {
    "[a-z0-9:/?#\\[\\]@%!$&'()*+,;=._~ vA-F\"<>\\\\^`{|}\u{e9}-]{0,40}"
}

/// Strings over the URI alphabet only (delimiters, brackets and `%`
/// included): many are valid, many fail on structure rather than bytes.
fn uri_alphabet() -> impl Strategy<Value = String> {
    "[a-f0-9:/?#\\[\\]@%!$&'()*+,;=._~vA-F-]{0,40}"
}

// ---------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------

fn assert_recomposes(r: &UriRef<'_>, s: &str) {
    assert_eq!(r.as_str(), s);
    assert_eq!(r.to_string(), s);
    assert_eq!(r.components().to_string(), s);
    assert_eq!(r.components().len(), s.len());
    assert_eq!(split(s), r.components(), "Appendix B split of {s:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Generated from the ABNF: parses into exactly the generated parts.
    #[test]
    fn generated_references_parse_into_their_parts(g in uri_reference()) {
        let s = g.text();
        let r = UriRef::parse(&s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
        prop_assert_eq!(r.scheme(), g.scheme.as_deref());
        let auth = g.authority.as_ref().map(|a| a.text());
        prop_assert_eq!(r.authority(), auth.as_deref());
        prop_assert_eq!(r.path(), g.path.as_str());
        prop_assert_eq!(r.query(), g.query.as_deref());
        prop_assert_eq!(r.fragment(), g.fragment.as_deref());
        match &g.authority {
            None => {
                prop_assert_eq!(r.host(), None);
                prop_assert_eq!(r.userinfo(), None);
                prop_assert_eq!(r.port(), None);
            }
            Some(a) => {
                prop_assert_eq!(r.userinfo(), a.userinfo.as_deref());
                prop_assert_eq!(r.port(), a.port.as_deref());
                let h = r.host().unwrap();
                prop_assert_eq!(h.as_str(), a.host.text());
                prop_assert_eq!(h.kind(), a.host.kind());
                match &a.host {
                    HostGen::Ipv4(_, v) => prop_assert_eq!(h.data(), HostData::Ipv4(*v)),
                    HostGen::Ipv6(_, v) => prop_assert_eq!(h.data(), HostData::Ipv6(*v)),
                    HostGen::Future(_, ver, addr) => prop_assert_eq!(
                        h.data(),
                        HostData::IpvFuture { version: ver, address: addr }
                    ),
                    HostGen::RegName(t) if a.host.kind() == HostKind::Ipv4 => {
                        prop_assert_eq!(h.data(), HostData::Ipv4(t.parse().unwrap()))
                    }
                    HostGen::RegName(t) => prop_assert_eq!(h.data(), HostData::RegName(t)),
                }
                if let Some(p) = &a.port {
                    let want = if p.is_empty() { Ok(None) } else {
                        p.parse::<u64>().ok().filter(|&n| n <= 65535).map(|n| Some(n as u16)).ok_or(())
                    };
                    prop_assert_eq!(r.port_u16().map_err(drop), want);
                }
            }
        }
        assert_recomposes(&r, &s);

        // The other entry points agree.
        prop_assert_eq!(UriRef::parse_bytes(s.as_bytes()).map(|x| x.to_string()), Ok(s.clone()));
        let owned = UriRefBuf::parse(s.clone()).unwrap();
        prop_assert_eq!(owned.components(), r.components());
        prop_assert_eq!(validate(Rule::UriReference, &s), Ok(()));
        match &g.scheme {
            Some(_) => {
                let u = Uri::parse(&s).unwrap();
                prop_assert_eq!(u.components(), r.components());
                let ub = UriBuf::parse(s.clone()).unwrap();
                prop_assert_eq!(ub.components(), r.components());
                prop_assert_eq!(validate(Rule::Uri, &s), Ok(()));
                prop_assert_eq!(validate(Rule::RelativeRef, &s).map_err(|e| e.kind()), Err(ErrorKind::UnexpectedScheme));
                prop_assert_eq!(
                    Uri::parse_absolute(&s).is_ok(),
                    g.fragment.is_none()
                );
            }
            None => {
                prop_assert!(Uri::parse(&s).is_err());
                let rel = UriRef::parse_relative(&s).unwrap();
                prop_assert_eq!(rel.components(), r.components());
                prop_assert_eq!(validate(Rule::RelativeRef, &s), Ok(()));
            }
        }
    }

    /// `validate` agrees with the parser on each generated component.
    #[test]
    fn validate_accepts_generated_components(g in uri_reference()) {
        let ok = |rule: Rule, s: &str| {
            assert_eq!(validate(rule, s), Ok(()), "{} {s:?} (from {:?})", rule.name(), g.text());
        };
        if let Some(s) = &g.scheme {
            ok(Rule::Scheme, s);
        }
        if let Some(a) = &g.authority {
            ok(Rule::Authority, &a.text());
            ok(Rule::Host, &a.host.text());
            if let Some(u) = &a.userinfo {
                ok(Rule::Userinfo, u);
            }
            if let Some(p) = &a.port {
                ok(Rule::Port, p);
            }
            match &a.host {
                HostGen::RegName(s) => {
                    ok(Rule::RegName, s);
                    prop_assert_eq!(validate(Rule::Ipv4Address, s).is_ok(), is_ipv4address(s));
                }
                HostGen::Ipv4(s, _) => {
                    ok(Rule::Ipv4Address, s);
                    ok(Rule::RegName, s);
                    for o in s.split('.') {
                        ok(Rule::DecOctet, o);
                    }
                }
                HostGen::Ipv6(s, _) => {
                    ok(Rule::Ipv6Address, s);
                    ok(Rule::IpLiteral, &format!("[{s}]"));
                }
                HostGen::Future(s, _, _) => {
                    ok(Rule::IpvFuture, s);
                    ok(Rule::IpLiteral, &format!("[{s}]"));
                }
            }
        }
        let p = g.path.as_str();
        ok(Rule::Path, p);
        let rule = match g.path_kind {
            PathKind::Abempty => Rule::PathAbempty,
            PathKind::Absolute => Rule::PathAbsolute,
            PathKind::Rootless => Rule::PathRootless,
            PathKind::Noscheme => Rule::PathNoscheme,
            PathKind::Empty => Rule::PathEmpty,
        };
        ok(rule, p);
        for seg in p.split('/') {
            ok(Rule::Segment, seg);
        }
        let hier = match &g.authority {
            Some(a) => format!("//{}{}", a.text(), p),
            None => p.to_string(),
        };
        ok(if g.scheme.is_some() { Rule::HierPart } else { Rule::RelativePart }, &hier);
        if let Some(q) = &g.query {
            ok(Rule::Query, q);
        }
        if let Some(f) = &g.fragment {
            ok(Rule::Fragment, f);
        }
    }

    /// Any string the parser accepts recomposes to itself and splits alike;
    /// `validate` gives the parser's own verdict and error.
    #[test]
    fn valid_strings_recompose(s in prop_oneof![uri_alphabet(), uri_ish()]) {
        let parsed = UriRef::parse(&s);
        prop_assert_eq!(validate(Rule::UriReference, &s), parsed.map(drop));
        prop_assert_eq!(validate(Rule::Uri, &s), Uri::parse(&s).map(drop));
        prop_assert_eq!(validate(Rule::AbsoluteUri, &s), Uri::parse_absolute(&s).map(drop));
        prop_assert_eq!(validate(Rule::RelativeRef, &s), UriRef::parse_relative(&s).map(drop));
        if let Ok(r) = parsed {
            assert_recomposes(&r, &s);
        } else {
            let e = parsed.unwrap_err();
            prop_assert!(e.index() <= s.len());
        }
    }

    /// No string makes any entry point panic; error indices stay in bounds.
    #[test]
    fn no_panic_on_any_string(s in any::<String>()) {
        for r in [UriRef::parse(&s), UriRef::parse_relative(&s)] {
            if let Err(e) = r {
                prop_assert!(e.index() <= s.len());
                let _ = e.to_string();
            }
        }
        for r in [Uri::parse(&s), Uri::parse_absolute(&s)] {
            if let Err(e) = r {
                prop_assert!(e.index() <= s.len());
            }
        }
        for &rule in Rule::ALL {
            if let Err(e) = validate(rule, &s) {
                prop_assert!(e.index() <= s.len(), "{} {:?}", rule.name(), e);
            }
        }
        let c: Components<'_> = split(&s);
        prop_assert_eq!(c.to_string(), s);
    }

    /// The same over the URI alphabet, where the parser goes deeper.
    #[test]
    fn no_panic_on_uri_ish_strings(s in uri_ish()) {
        for &rule in Rule::ALL {
            if let Err(e) = validate(rule, &s) {
                prop_assert!(e.index() <= s.len(), "{} {:?}", rule.name(), e);
            }
        }
        if let Ok(r) = UriRef::parse(&s) {
            if let Some(h) = r.host() {
                let _ = h.data();
            }
            let _ = r.port_u16();
        }
    }

    /// No byte string makes the byte entry points panic; a non-UTF-8 input
    /// is never accepted.
    #[test]
    fn no_panic_on_any_bytes(b in prop::collection::vec(any::<u8>(), 0..64)) {
        let utf8 = std::str::from_utf8(&b).is_ok();
        match UriRef::parse_bytes(&b) {
            Ok(r) => {
                prop_assert!(utf8);
                prop_assert_eq!(r.as_str().as_bytes(), &b[..]);
            }
            Err(e) => prop_assert!(e.index() <= b.len()),
        }
        match Uri::parse_bytes(&b) {
            Ok(_) => prop_assert!(utf8),
            Err(e) => prop_assert!(e.index() <= b.len()),
        }
    }

    /// Every IPv6 form the generator makes: the address rule and the std
    /// parser agree on its value.
    #[test]
    fn ipv6_text_denotes_its_value((s, v) in ipv6()) {
        prop_assert_eq!(validate(Rule::Ipv6Address, &s), Ok(()));
        prop_assert_eq!(s.parse::<Ipv6Addr>().ok(), Some(v));
    }
}

/// Input of `MAX_LEN` bytes: rejected as too long, with the index of the
/// limit (no offset wraps). The zeroed buffer comes from `calloc`, and the
/// parser checks the length before it reads a byte, so the 4 GiB are never
/// touched.
#[test]
fn input_at_the_length_limit_is_too_long() {
    let big = vec![0u8; urikit::MAX_LEN];
    let e = UriRef::parse_bytes(&big).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooLong);
    assert_eq!(e.index(), urikit::MAX_LEN);
    let e = Uri::parse_bytes(&big).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooLong);
}
