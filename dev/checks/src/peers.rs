//! The independent implementations urikit is compared with, behind one shape.
//!
//! Used by urikit's `tests/it/differential.rs` and by the fuzz crate, so both
//! compare exactly the same things.

/// A parse result in one shape: the components of RFC 3986 section 3, each
/// `None` when undefined and `Some("")` when empty (5.3 keeps them apart).
/// The host of an IP literal keeps its brackets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts<'a> {
    pub scheme: Option<&'a str>,
    pub authority: Option<&'a str>,
    pub userinfo: Option<&'a str>,
    pub host: Option<&'a str>,
    pub port: Option<&'a str>,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
}

/// A parser under comparison.
pub type ParseFn = for<'a> fn(&'a str) -> Option<Parts<'a>>;

/// The peers compared in the normal test suite.
pub const PEERS: &[(&str, ParseFn)] = &[("fluent-uri", fluent), ("iri-string", iri_string)];

/// urikit, `URI-reference`.
pub fn urikit(s: &str) -> Option<Parts<'_>> {
    let r = urikit::UriRef::parse(s).ok()?;
    // The accessors borrow from `r`; re-slice them from `s` by position so
    // the result outlives `r` (they are all subslices of `s`).
    let at = |x: &str| {
        let start = x.as_ptr() as usize - s.as_ptr() as usize;
        &s[start..start + x.len()]
    };
    Some(Parts {
        scheme: r.scheme(),
        authority: r.authority().map(at),
        userinfo: r.userinfo().map(at),
        host: r.host_str().map(at),
        port: r.port().map(at),
        path: at(r.path()),
        query: r.query().map(at),
        fragment: r.fragment().map(at),
    })
}

/// fluent-uri 0.4, `UriRef::parse` (RFC 3986 `URI-reference`).
pub fn fluent(s: &str) -> Option<Parts<'_>> {
    let r = fluent_uri::UriRef::parse(s).ok()?;
    let auth = r.authority();
    Some(Parts {
        scheme: r.scheme().map(|x| x.as_str()),
        authority: auth.as_ref().map(|a| a.as_str()),
        userinfo: auth.as_ref().and_then(|a| a.userinfo()).map(|x| x.as_str()),
        host: auth.as_ref().map(|a| a.host()),
        port: auth.as_ref().and_then(|a| a.port()).map(|x| x.as_str()),
        path: r.path().as_str(),
        query: r.query().map(|x| x.as_str()),
        fragment: r.fragment().map(|x| x.as_str()),
    })
}

/// iri-string 0.7, `UriReferenceStr::new` (RFC 3986 `URI-reference`).
pub fn iri_string(s: &str) -> Option<Parts<'_>> {
    let r = iri_string::types::UriReferenceStr::new(s).ok()?;
    let auth = r.authority_components();
    Some(Parts {
        scheme: r.scheme_str(),
        authority: r.authority_str(),
        userinfo: auth.as_ref().and_then(|a| a.userinfo()),
        host: auth.as_ref().map(|a| a.host()),
        port: auth.as_ref().and_then(|a| a.port()),
        path: r.path_str(),
        query: r.query_str(),
        fragment: r.fragment_str(),
    })
}

/// urikit, `IRI-reference` (RFC 3987).
pub fn urikit_iri(s: &str) -> Option<Parts<'_>> {
    let r = urikit::IriRef::parse(s).ok()?;
    let at = |x: &str| {
        let start = x.as_ptr() as usize - s.as_ptr() as usize;
        &s[start..start + x.len()]
    };
    Some(Parts {
        scheme: r.scheme().map(at),
        authority: r.authority().map(at),
        userinfo: r.userinfo().map(at),
        host: r.host_str().map(at),
        port: r.port().map(at),
        path: at(r.path()),
        query: r.query().map(at),
        fragment: r.fragment().map(at),
    })
}

/// fluent-uri 0.4, `IriRef::parse` (RFC 3987 `IRI-reference`).
pub fn fluent_iri(s: &str) -> Option<Parts<'_>> {
    let r = fluent_uri::IriRef::parse(s).ok()?;
    let auth = r.authority();
    Some(Parts {
        scheme: r.scheme().map(|x| x.as_str()),
        authority: auth.as_ref().map(|a| a.as_str()),
        userinfo: auth.as_ref().and_then(|a| a.userinfo()).map(|x| x.as_str()),
        host: auth.as_ref().map(|a| a.host()),
        port: auth.as_ref().and_then(|a| a.port()).map(|x| x.as_str()),
        path: r.path().as_str(),
        query: r.query().map(|x| x.as_str()),
        fragment: r.fragment().map(|x| x.as_str()),
    })
}

/// iri-string 0.7, `IriReferenceStr::new` (RFC 3987 `IRI-reference`).
pub fn iri_string_iri(s: &str) -> Option<Parts<'_>> {
    let r = iri_string::types::IriReferenceStr::new(s).ok()?;
    let auth = r.authority_components();
    Some(Parts {
        scheme: r.scheme_str(),
        authority: r.authority_str(),
        userinfo: auth.as_ref().and_then(|a| a.userinfo()),
        host: auth.as_ref().map(|a| a.host()),
        port: auth.as_ref().and_then(|a| a.port()),
        path: r.path_str(),
        query: r.query_str(),
        fragment: r.fragment_str(),
    })
}

/// oxiri 0.3, `IriRef::parse`. oxiri does not split the authority: its
/// userinfo, host and port are `None` here, and [`IRI_PEERS`] says
/// which peers report them.
pub fn oxiri_iri(s: &str) -> Option<Parts<'_>> {
    let r = oxiri::IriRef::parse(s).ok()?;
    // oxiri's accessors borrow from `r`; re-slice them from `s`.
    let at = |x: &str| {
        let start = x.as_ptr() as usize - r.as_str().as_ptr() as usize;
        &s[start..start + x.len()]
    };
    Some(Parts {
        scheme: r.scheme().map(at),
        authority: r.authority().map(at),
        userinfo: None,
        host: None,
        port: None,
        path: at(r.path()),
        query: r.query().map(at),
        fragment: r.fragment().map(at),
    })
}

/// The IRI peers, and whether each reports userinfo, host and port.
pub const IRI_PEERS: &[(&str, ParseFn, bool)] = &[
    ("oxiri", oxiri_iri, false),
    ("iri-string", iri_string_iri, true),
    ("fluent-uri", fluent_iri, true),
];

/// `p` with userinfo, host and port dropped, to compare with a peer that
/// does not report them (the authority as a whole is still compared).
pub fn without_authority_parts(p: Parts<'_>) -> Parts<'_> {
    Parts {
        userinfo: None,
        host: None,
        port: None,
        ..p
    }
}

/// The first field in which two results differ, by name, or `"validity"`
/// when one accepts and the other rejects; `None` when they agree.
pub fn first_difference(a: Option<&Parts<'_>>, b: Option<&Parts<'_>>) -> Option<&'static str> {
    let (a, b) = match (a, b) {
        (None, None) => return None,
        (Some(a), Some(b)) => (a, b),
        _ => return Some("validity"),
    };
    let fields: [(&'static str, bool); 8] = [
        ("scheme", a.scheme == b.scheme),
        ("authority", a.authority == b.authority),
        ("userinfo", a.userinfo == b.userinfo),
        ("host", a.host == b.host),
        ("port", a.port == b.port),
        ("path", a.path == b.path),
        ("query", a.query == b.query),
        ("fragment", a.fragment == b.fragment),
    ];
    fields.iter().find(|(_, same)| !same).map(|(name, _)| *name)
}

/// The corpus files of the folder `root` (the full corpora, or the samples
/// in `dev/testdata/corpus/`), relative to it, in a fixed order. The folder's
/// own notes (`README.md` of the corpora, `SOURCES.md` of the samples) are
/// not data; every other file is.
pub fn corpus_files(root: &std::path::Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut dirs = vec![String::new()];
    while let Some(dir) = dirs.pop() {
        let path = root.join(&dir);
        let rd = std::fs::read_dir(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for entry in rd {
            let entry = entry.expect("corpus directory entry");
            let name = format!("{dir}{}", entry.file_name().to_string_lossy());
            if entry.file_type().expect("file type").is_dir() {
                dirs.push(format!("{name}/"));
            } else if name != "README.md" && name != "SOURCES.md" {
                out.push(name);
            }
        }
    }
    out.sort();
    out
}

/// Call `f(file, line, input)` for every input of every corpus file of the
/// folder `root` ([`corpus_files`]): each
/// line of a text file (a UTF-8 byte-order mark at the start of a file is
/// an encoding marker, dropped); each of the two fields of each data row of
/// the CSV (it holds no quotes and one comma per row); every string value
/// of a JSON file.
pub fn for_each_corpus_input(root: &std::path::Path, mut f: impl FnMut(&str, usize, &str)) {
    for file in corpus_files(root) {
        let path = root.join(&file);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        if file.ends_with(".json") {
            let v: serde_json::Value = serde_json::from_str(text).expect("corpus JSON");
            let mut stack = vec![&v];
            let mut n = 0;
            while let Some(v) = stack.pop() {
                match v {
                    serde_json::Value::String(s) => {
                        n += 1;
                        f(&file, n, s);
                    }
                    serde_json::Value::Array(a) => stack.extend(a.iter().rev()),
                    serde_json::Value::Object(o) => stack.extend(o.values().rev()),
                    _ => {}
                }
            }
        } else if file.ends_with(".csv") {
            for (n, line) in text.lines().enumerate().skip(1) {
                for field in line.splitn(2, ',') {
                    f(&file, n + 1, field);
                }
            }
        } else {
            for (n, line) in text.lines().enumerate() {
                f(&file, n + 1, line);
            }
        }
    }
}

/// Where the per-rule vector files are.
pub const VECTOR_DIR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../crates/urikit/tests/data/vectors"
);

/// Escape an input for a data file the way the vector files do
/// (`tests/data/vectors/README.md`): the result is printable ASCII.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            ' '..='~' => out.push(c),
            _ => out.push_str(&format!("\\u{{{:X}}}", c as u32)),
        }
    }
    out
}

/// Undo the vector files' escapes (`tests/data/vectors/README.md`).
pub fn unescape(s: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut rest = s.as_bytes();
    while let Some((&c, tail)) = rest.split_first() {
        rest = tail;
        if c != b'\\' {
            out.push(c);
            continue;
        }
        let (&e, tail) = rest.split_first().expect("escape at the end of a field");
        rest = tail;
        match e {
            b'\\' => out.push(b'\\'),
            b't' => out.push(b'\t'),
            b'n' => out.push(b'\n'),
            b'r' => out.push(b'\r'),
            b'x' => {
                let hex = std::str::from_utf8(&rest[..2]).expect("ASCII");
                out.push(u8::from_str_radix(hex, 16).expect("\\xHH"));
                rest = &rest[2..];
            }
            b'u' => {
                let close = rest.iter().position(|&b| b == b'}').expect("\\u{...}");
                let hex = std::str::from_utf8(&rest[1..close]).expect("ASCII");
                let c = char::from_u32(u32::from_str_radix(hex, 16).expect("hex")).expect("char");
                out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                rest = &rest[close + 1..];
            }
            _ => panic!("unknown escape in {s:?}"),
        }
    }
    out
}

/// Call `f(file, line, input)` for the input of every vector line of every
/// vector file, whatever its rule (any string is a fair input for
/// `URI-reference`).
pub fn for_each_vector_input(mut f: impl FnMut(&str, usize, &[u8])) {
    let mut files: Vec<_> = std::fs::read_dir(VECTOR_DIR)
        .expect("vector directory")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".txt"))
        .collect();
    files.sort();
    for file in files {
        let text = std::fs::read_to_string(format!("{VECTOR_DIR}/{file}")).expect("vector file");
        for (n, line) in text.lines().enumerate() {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let fields: Vec<&str> = line.split('\t').collect();
            let input = match fields[0] {
                "ok" => fields[1],
                "err" => fields[3],
                other => panic!("{file}:{}: unknown verdict {other:?}", n + 1),
            };
            f(&file, n + 1, &unescape(input));
        }
    }
}
