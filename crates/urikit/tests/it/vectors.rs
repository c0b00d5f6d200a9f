//! Data-driven vectors: one file per ABNF rule under `tests/data/vectors/`
//! (format in that folder's README.md), run through `urikit::validate` and,
//! for the four top-level rules, through the parsers and accessors too.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use urikit::{ErrorKind, ParseError, Rule, Uri, UriBuf, UriRef, UriRefBuf, split, validate};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/vectors")
}

fn file_of(rule: Rule) -> PathBuf {
    dir().join(format!("{}.txt", rule.name()))
}

/// Undo the escapes of the README: `\\ \t \n \r \xHH \u{H..}`.
pub fn unescape(s: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if !c.is_ascii() {
            return Err(format!("non-ASCII character {c:?} in the file"));
        }
        if c != '\\' {
            out.push(c as u8);
            continue;
        }
        match chars.next() {
            Some('\\') => out.push(b'\\'),
            Some('t') => out.push(b'\t'),
            Some('n') => out.push(b'\n'),
            Some('r') => out.push(b'\r'),
            Some('x') => {
                let hex: String = chars.by_ref().take(2).collect();
                let b = u8::from_str_radix(&hex, 16).map_err(|_| format!("bad \\x{hex}"))?;
                out.push(b);
            }
            Some('u') => {
                if chars.next() != Some('{') {
                    return Err("\\u without {".into());
                }
                let hex: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let c = u32::from_str_radix(&hex, 16)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or_else(|| format!("bad \\u{{{hex}}}"))?;
                let mut buf = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
            other => return Err(format!("unknown escape \\{other:?}")),
        }
    }
    Ok(out)
}

pub fn unescape_str(s: &str) -> Result<String, String> {
    String::from_utf8(unescape(s)?).map_err(|_| format!("component value {s:?} is not UTF-8"))
}

/// The expected components of a top-level `ok` line.
#[derive(Debug, Default, PartialEq)]
struct Parts {
    scheme: Option<String>,
    authority: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    host_kind: Option<String>,
    port: Option<String>,
    path: Option<String>,
    query: Option<String>,
    fragment: Option<String>,
}

fn parse_parts(field: &str) -> Result<Parts, String> {
    let mut p = Parts::default();
    for pair in field.split(' ') {
        let (k, v) = pair
            .split_once('=')
            .ok_or_else(|| format!("component {pair:?} has no '='"))?;
        let v = unescape_str(v)?;
        let slot = match k {
            "scheme" => &mut p.scheme,
            "authority" => &mut p.authority,
            "userinfo" => &mut p.userinfo,
            "host" => &mut p.host,
            "host-kind" => &mut p.host_kind,
            "port" => &mut p.port,
            "path" => &mut p.path,
            "query" => &mut p.query,
            "fragment" => &mut p.fragment,
            _ => return Err(format!("unknown component key {k:?}")),
        };
        if slot.replace(v).is_some() {
            return Err(format!("component {k:?} given twice"));
        }
    }
    if p.path.is_none() {
        return Err("components without path".into());
    }
    if p.host.is_some() != p.host_kind.is_some() {
        return Err("host and host-kind must come together".into());
    }
    Ok(p)
}

fn actual_parts(r: &UriRef<'_>) -> Parts {
    let own = |s: Option<&str>| s.map(String::from);
    Parts {
        scheme: own(r.scheme()),
        authority: own(r.authority()),
        userinfo: own(r.userinfo()),
        host: own(r.host_str()),
        host_kind: r.host_kind().map(|k| k.name().to_string()),
        port: own(r.port()),
        path: Some(r.path().to_string()),
        query: own(r.query()),
        fragment: own(r.fragment()),
    }
}

enum Expect {
    Ok(Option<Parts>),
    Err {
        index: usize,
        kind: Option<String>,
        component: Option<String>,
    },
}

struct Vector {
    line: usize,
    input: Vec<u8>,
    expect: Expect,
}

fn load(rule: Rule) -> Result<Vec<Vector>, String> {
    let path = file_of(rule);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let top = is_top(rule);
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let n = n + 1;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let ctx = |e: String| format!("{}:{n}: {e}", path.display());
        let fields: Vec<&str> = line.split('\t').collect();
        let v = match fields.as_slice() {
            ["ok", input] => Vector {
                line: n,
                input: unescape(input).map_err(ctx)?,
                expect: Expect::Ok(None),
            },
            ["ok", input, parts] if top => Vector {
                line: n,
                input: unescape(input).map_err(ctx)?,
                expect: Expect::Ok(Some(parse_parts(parts).map_err(ctx)?)),
            },
            ["err", index, kind, input] => {
                let index = index
                    .parse()
                    .map_err(|_| ctx(format!("bad index {index:?}")))?;
                let (kind, component) = match *kind {
                    "*" => (None, None),
                    k => match k.split_once('/') {
                        Some((k, c)) => (Some(k.to_string()), Some(c.to_string())),
                        None => (Some(k.to_string()), None),
                    },
                };
                Vector {
                    line: n,
                    input: unescape(input).map_err(ctx)?,
                    expect: Expect::Err {
                        index,
                        kind,
                        component,
                    },
                }
            }
            _ => return Err(ctx(format!("malformed line {line:?}"))),
        };
        if std::str::from_utf8(&v.input).is_err() && !matches!(rule, Rule::Uri | Rule::UriReference)
        {
            return Err(ctx("non-UTF-8 input outside URI/URI-reference".into()));
        }
        out.push(v);
    }
    Ok(out)
}

fn is_top(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::Uri | Rule::UriReference | Rule::AbsoluteUri | Rule::RelativeRef
    )
}

/// The rule's own parser, as a `UriRef` view.
fn parse_top(rule: Rule, s: &str) -> Result<UriRef<'_>, ParseError> {
    match rule {
        Rule::Uri => Uri::parse(s).map(|u| u.as_uri_ref()),
        Rule::AbsoluteUri => Uri::parse_absolute(s).map(|u| u.as_uri_ref()),
        Rule::UriReference => UriRef::parse(s),
        Rule::RelativeRef => UriRef::parse_relative(s),
        _ => unreachable!(),
    }
}

fn check_error(e: &ParseError, index: usize, kind: &Option<String>, comp: &Option<String>) -> bool {
    e.index() == index
        && kind.as_deref().is_none_or(|k| k == e.kind().name())
        && comp
            .as_deref()
            .is_none_or(|c| e.kind().component().map(|x| x.name()) == Some(c))
}

fn show(e: &Result<(), ParseError>) -> String {
    match e {
        Ok(()) => "ok".into(),
        Err(e) => format!(
            "err {} {}{}",
            e.index(),
            e.kind().name(),
            e.kind()
                .component()
                .map_or(String::new(), |c| format!("/{}", c.name()))
        ),
    }
}

/// Checks for a valid top-level input beyond the verdict.
fn check_valid_top(rule: Rule, s: &str, want: &Option<Parts>, fail: &mut impl FnMut(String)) {
    let r = match parse_top(rule, s) {
        Ok(r) => r,
        Err(e) => return fail(format!("the parser says {e} where validate says ok")),
    };
    if let Some(want) = want {
        let got = actual_parts(&r);
        if &got != want {
            fail(format!(
                "components\n      want {want:?}\n      got  {got:?}"
            ));
        }
    }
    let (shown, recomposed) = (r.to_string(), r.components().to_string());
    if r.as_str() != s || shown != s || recomposed != s {
        fail("does not recompose to itself".into());
    }
    if split(s) != r.components() {
        fail(format!(
            "split {:?} != parser {:?}",
            split(s),
            r.components()
        ));
    }
    if r.has_authority() != r.authority().is_some() {
        fail("has_authority disagrees with authority()".into());
    }
    // Owned values and the rule inclusions of Appendix A.
    match rule {
        Rule::Uri | Rule::AbsoluteUri => {
            let u = Uri::parse(s);
            let b = UriBuf::parse(s);
            match (u, b) {
                (Ok(u), Ok(b)) => {
                    if u.components() != b.components() || u.host() != b.host() {
                        fail("UriBuf parses differently".into());
                    }
                    if Some(u.scheme()) != r.scheme() {
                        fail("Uri::scheme differs".into());
                    }
                }
                _ => fail("an absolute-URI/URI that Uri::parse or UriBuf rejects".into()),
            }
            if UriRef::parse(s).is_err() {
                fail("a URI that is not a URI-reference".into());
            }
        }
        Rule::UriReference | Rule::RelativeRef => {
            match UriRefBuf::parse(s) {
                Ok(b) if b.components() == r.components() && b.host() == r.host() => {}
                _ => fail("UriRefBuf parses differently".into()),
            }
            if rule == Rule::RelativeRef && UriRef::parse(s).is_err() {
                fail("a relative-ref that is not a URI-reference".into());
            }
            match UriRef::parse_bytes(s.as_bytes()) {
                Ok(b) if b.components() == r.components() => {}
                _ => fail("UriRef::parse_bytes disagrees".into()),
            }
        }
        _ => {}
    }
}

fn run_rule(rule: Rule, failures: &mut String) -> (usize, usize) {
    let vectors = match load(rule) {
        Ok(v) => v,
        Err(e) => {
            let _ = writeln!(failures, "{e}");
            return (0, 0);
        }
    };
    let (mut oks, mut errs) = (0, 0);
    for v in &vectors {
        let mut fail = |msg: String| {
            let _ = writeln!(
                failures,
                "{}.txt:{}: {} {:?}: {msg}",
                rule.name(),
                v.line,
                rule.name(),
                String::from_utf8_lossy(&v.input)
            );
        };
        // Non-UTF-8 inputs go through the byte entry points.
        let got: Result<(), ParseError> = match std::str::from_utf8(&v.input) {
            Ok(s) => validate(rule, s),
            Err(_) => match rule {
                Rule::Uri => Uri::parse_bytes(&v.input).map(drop),
                _ => UriRef::parse_bytes(&v.input).map(drop),
            },
        };
        match &v.expect {
            Expect::Ok(parts) => {
                oks += 1;
                if got.is_err() {
                    fail(format!("want ok, got {}", show(&got)));
                    continue;
                }
                if is_top(rule) {
                    let s = std::str::from_utf8(&v.input).unwrap_or_default();
                    check_valid_top(rule, s, parts, &mut fail);
                }
            }
            Expect::Err {
                index,
                kind,
                component,
            } => {
                errs += 1;
                let good = match &got {
                    Ok(()) => false,
                    Err(e) => check_error(e, *index, kind, component),
                };
                if !good {
                    let want = format!(
                        "err {index} {}{}",
                        kind.as_deref().unwrap_or("*"),
                        component
                            .as_deref()
                            .map_or(String::new(), |c| format!("/{c}"))
                    );
                    fail(format!("want {want}, got {}", show(&got)));
                }
                // The parser and validate agree on the error.
                if let (true, Ok(s), Err(e)) = (is_top(rule), std::str::from_utf8(&v.input), &got) {
                    if let Ok(r) = parse_top(rule, s) {
                        fail(format!("validate says {e}, the parser accepts {r}"));
                    } else if parse_top(rule, s).err() != Some(*e) {
                        fail("validate and the parser give different errors".into());
                    }
                }
            }
        }
    }
    (oks, errs)
}

#[test]
fn every_rule_has_vectors_that_pass_and_fail() {
    let mut failures = String::new();
    for &rule in Rule::ALL {
        let (oks, errs) = run_rule(rule, &mut failures);
        if oks == 0 || errs == 0 {
            let _ = writeln!(
                failures,
                "{}.txt: needs inputs that pass and inputs that fail ({oks} ok, {errs} err)",
                rule.name()
            );
        }
    }
    assert!(failures.is_empty(), "\n{failures}");
}

#[test]
fn no_stray_vector_files() {
    for entry in std::fs::read_dir(dir()).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name == "README.md" {
            continue;
        }
        let stem = name
            .strip_suffix(".txt")
            .unwrap_or_else(|| panic!("{name}"));
        let rule = Rule::from_name(stem).unwrap_or_else(|| panic!("no rule named {stem}"));
        assert_eq!(rule.name(), stem, "file names spell rules as the ABNF does");
    }
}

/// The escape syntax itself, so a vector cannot pass by a decoding accident.
#[test]
fn unescape_works() {
    assert_eq!(unescape(r"a\\b\t\n\r").unwrap(), b"a\\b\t\n\r");
    assert_eq!(unescape(r"\xff\x00").unwrap(), [0xff, 0]);
    assert_eq!(unescape(r"\u{e9}\u{1f600}").unwrap(), "é😀".as_bytes());
    assert!(unescape(r"\q").is_err());
    assert!(unescape("é").is_err());
}

/// `ErrorKind` names the files use are real names.
#[test]
fn kind_names_in_files_exist() {
    let known = [
        ErrorKind::InvalidCharacter(urikit::Component::Path).name(),
        ErrorKind::InvalidPercentEncoding(urikit::Component::Path).name(),
        ErrorKind::MissingScheme.name(),
        ErrorKind::InvalidScheme.name(),
        ErrorKind::UnclosedIpLiteral.name(),
        ErrorKind::InvalidIpv6.name(),
        ErrorKind::InvalidIpvFuture.name(),
        ErrorKind::InvalidPort.name(),
        ErrorKind::ColonInFirstSegment.name(),
        ErrorKind::UnexpectedFragment.name(),
        ErrorKind::UnexpectedScheme.name(),
        ErrorKind::TooLong.name(),
        ErrorKind::InvalidUtf8.name(),
        ErrorKind::Empty.name(),
        ErrorKind::Mismatch.name(),
    ];
    for &rule in Rule::ALL {
        for v in load(rule).unwrap() {
            if let Expect::Err {
                kind: Some(k),
                component,
                ..
            } = v.expect
            {
                assert!(known.contains(&k.as_str()), "{}: {k}", rule.name());
                if let Some(c) = component {
                    assert!(urikit_testdata::COMPONENTS.contains(&c.as_str()), "{c}");
                }
            }
        }
    }
}
