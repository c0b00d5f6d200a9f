//! Shared pieces of the benchmarks: the corpus, the single inputs, and one
//! adapter per peer, so that every library runs on the same inputs.
//!
//! Not published. `cargo bench -p urikit-bench` runs the comparison;
//! `dev/bench/compare.py` turns criterion's results into the README's table.

use std::hint::black_box;

/// The full corpus file, else the committed sample with a note on standard
/// error: numbers over a sample are not comparable with the README's.
fn corpus_file(name: &str) -> std::path::PathBuf {
    let path = urikit_testdata::full_or_sample(name);
    if path.starts_with(urikit_testdata::sample_dir()) {
        eprintln!(
            "note: benchmarking the sample {} (set URIKIT_CORPUS for the full corpus)",
            path.display()
        );
    }
    path
}

/// Every line of `gsd-urls.txt`, without line ends: slices of one buffer
/// that lives as long as the program, laid out as a file read would be.
/// The full corpus when it is there (564,678 lines), else the committed
/// sample (18,876 lines; `urikit_testdata::full_or_sample`), so a fresh
/// clone benchmarks too, on less data.
///
/// ```no_run
/// let lines = urikit_bench::gsd_lines();
/// assert!(lines.len() > 18_000);
/// ```
pub fn gsd_lines() -> Vec<&'static str> {
    let path = corpus_file("gsd-urls.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let text: &'static str = Box::leak(text.into_boxed_str());
    text.lines().collect()
}

/// The base of the `resolve-dot-segments` group (criterion and `icount dots-*`).
pub const DOTS_BASE: &str = "http://example.com/foo/bar/baz/quz";
/// The reference resolved against [`DOTS_BASE`].
pub const DOTS_REF: &str = "../../../qux/./quux/../corge";
/// The input of the `normalize-example` group (criterion and `icount normex-*`).
pub const NORMALIZE_EXAMPLE: &str = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d";

/// servo's encode set for path data: everything but `pchar` and `/`, so
/// that both libraries encode the same bytes in `percent-encode`.
pub const PATH_SET: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~')
    .remove(b'/')
    .remove(b':')
    .remove(b'@')
    .remove(b'!')
    .remove(b'$')
    .remove(b'&')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')')
    .remove(b'*')
    .remove(b'+')
    .remove(b',')
    .remove(b';')
    .remove(b'=');

/// The `(base, relative)` pairs of `cc-relative-10k.csv`: all 10,000 when
/// the full corpus is there, else the committed sample's 1,000.
///
/// ```no_run
/// assert!(urikit_bench::cc_pairs().len() >= 1_000);
/// ```
pub fn cc_pairs() -> Vec<(String, String)> {
    let path = corpus_file("cc-relative-10k.csv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut rows = csv_rows(&text).into_iter();
    rows.next(); // header
    rows.filter_map(|r| match <[String; 2]>::try_from(r) {
        Ok([a, b]) => Some((a, b)),
        Err(_) => None,
    })
    .collect()
}

/// A minimal RFC 4180 reader: fields separated by commas, optionally quoted
/// with `""` for a quote inside.
fn csv_rows(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => quoted = false,
                c => field.push(c),
            }
            continue;
        }
        match c {
            '"' => quoted = true,
            ',' => row.push(std::mem::take(&mut field)),
            '\r' => {}
            '\n' => {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            c => field.push(c),
        }
    }
    if !field.is_empty() || !row.is_empty() {
        row.push(field);
        rows.push(row);
    }
    rows
}

/// The single inputs that the parse benchmark times one by one.
pub fn single_inputs() -> Vec<(&'static str, String)> {
    let mut long = String::from("https://example.com/search/results/page?");
    let mut i = 0;
    while long.len() < 2048 {
        long.push_str(&format!("key{i}=value%20{i}&"));
        i += 1;
    }
    long.push_str("end=1#frag");
    vec![
        (
            "utf8-query",
            "https://user@example.com/search?q=%E6%B5%8B%E8%AF%95#fragment".to_string(),
        ),
        (
            "rfc-example",
            "foo://example.com:8042/over/there?name=ferret#nose".to_string(),
        ),
        (
            "ipv6",
            "http://[2001:db8::7]/c=GB?objectClass?one".to_string(),
        ),
        ("2kb-query", long),
    ]
}

/// An input of about `len` bytes, of a given shape, for the linear-cost
/// benchmarks. Shapes: `typical` (a realistic path repeated), `dotdot`
/// (`../` repeated), `pct` (`%41` repeated), `query` (one long query),
/// `empty-segments` (`/` repeated).
///
/// ```
/// let s = urikit_bench::shaped("dotdot", 100);
/// assert!(s.len() >= 100 && s.contains("../"));
/// ```
pub fn shaped(shape: &str, len: usize) -> String {
    let (head, unit, tail) = match shape {
        "typical" => ("http://example.com", "/path/to-some_resource~x", "?q=1#f"),
        "dotdot" => ("http://example.com/a/b/c/", "../", "g"),
        "pct" => ("http://example.com/", "%41", ""),
        "query" => ("http://example.com/search?", "key=value&", "end"),
        "empty-segments" => ("http://example.com", "/", "x"),
        _ => ("", "a", ""),
    };
    let mut s = String::with_capacity(len + 64);
    s.push_str(head);
    while s.len() + tail.len() < len {
        s.push_str(unit);
    }
    s.push_str(tail);
    s
}

/// The shapes of [`shaped`].
pub const SHAPES: &[&str] = &["typical", "dotdot", "pct", "query", "empty-segments"];

/// The sizes of the linear-cost benchmarks: 100 B, 10 KB, 1 MB, 100 MB.
pub const SIZES: &[(&str, usize)] = &[
    ("100B", 100),
    ("10KB", 10_000),
    ("1MB", 1_000_000),
    ("100MB", 100_000_000),
];

/// The lookup table of the floor baseline: one class bit per byte.
pub static FLOOR_TABLE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = (c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~')) as u8;
        b += 1;
    }
    t
};

/// The floor: look up every byte in a 256-entry table and fold the results.
/// No validator can do less work per byte.
#[inline(never)]
pub fn floor(lines: &[&str]) -> u32 {
    let mut acc = 0u32;
    for line in lines {
        for &b in line.as_bytes() {
            acc = acc.wrapping_add(u32::from(FLOOR_TABLE[b as usize]));
        }
    }
    acc
}

/// One parser under test: its name and a function that parses one input
/// and says whether it accepted it.
pub type ParseFn = fn(&str) -> bool;

/// urikit: `URI-reference`.
pub fn parse_urikit(s: &str) -> bool {
    black_box(urikit::UriRef::parse(black_box(s))).is_ok()
}
/// fluent-uri 0.4: `UriRef::parse`.
pub fn parse_fluent(s: &str) -> bool {
    black_box(fluent_uri::UriRef::parse(black_box(s))).is_ok()
}
/// oxiri 0.3: `IriRef::parse` (an IRI parser; accepts more).
pub fn parse_oxiri(s: &str) -> bool {
    black_box(oxiri::IriRef::parse(black_box(s))).is_ok()
}
/// iri-string 0.7: `UriReferenceStr::new`.
pub fn parse_iri_string(s: &str) -> bool {
    black_box(iri_string::types::UriReferenceStr::new(black_box(s))).is_ok()
}
/// iref 4: `UriRef::new`.
pub fn parse_iref(s: &str) -> bool {
    black_box(iref::UriRef::new(black_box(s))).is_ok()
}
/// uriparse 0.6: `URIReference::try_from`.
pub fn parse_uriparse(s: &str) -> bool {
    black_box(uriparse::URIReference::try_from(black_box(s))).is_ok()
}
/// http 1: `Uri::from_str` (request-target forms; not all of RFC 3986).
pub fn parse_http(s: &str) -> bool {
    black_box(black_box(s).parse::<http::Uri>()).is_ok()
}
/// url 2: `Url::parse` (WHATWG URL, absolute only; for reference).
pub fn parse_url(s: &str) -> bool {
    black_box(url::Url::parse(black_box(s))).is_ok()
}
/// ada-url: `Url::parse` (the C++ WHATWG parser).
#[cfg(feature = "ada")]
pub fn parse_ada(s: &str) -> bool {
    black_box(ada_url::Url::parse(black_box(s), None)).is_ok()
}

/// Every parser, urikit first.
pub fn parsers() -> Vec<(&'static str, ParseFn)> {
    let v: Vec<(&'static str, ParseFn)> = vec![
        ("urikit", parse_urikit),
        ("fluent-uri", parse_fluent),
        ("oxiri", parse_oxiri),
        ("iri-string", parse_iri_string),
        ("iref", parse_iref),
        ("uriparse", parse_uriparse),
        ("http", parse_http),
        ("url", parse_url),
    ];
    #[cfg(feature = "ada")]
    let v = {
        let mut v = v;
        v.push(("ada-url", parse_ada));
        v
    };
    v
}

/// Templates with `n` variables and a URI that gives each a value, for the
/// linearity benchmarks of template matching: `("path", "/{v0}/{v1}…",
/// "/x0/x1…")` and `("query", "{?v0,v1,…}", "?v0=0&v1=1…")`.
pub fn template_inputs(n: usize) -> Vec<(&'static str, String, String)> {
    use std::fmt::Write as _;
    let (mut pt, mut pu, mut qt, mut qu) = (
        String::new(),
        String::new(),
        String::from("{?"),
        String::from("?"),
    );
    for i in 0..n {
        let _ = write!(pt, "/{{v{i}}}");
        let _ = write!(pu, "/x{i}");
        let _ = write!(qt, "{}v{i}", if i > 0 { "," } else { "" });
        let _ = write!(qu, "{}v{i}={i}", if i > 0 { "&" } else { "" });
    }
    qt.push('}');
    vec![("path", pt, pu), ("query", qt, qu)]
}

/// 50 routes in the style of a large public REST API.
pub const ROUTES: [&str; 50] = [
    "/user",
    "/user/repos{?visibility,affiliation,type,sort,direction,per_page,page}",
    "/users/{username}",
    "/users/{username}/repos{?type,sort,direction,per_page,page}",
    "/users/{username}/followers{?per_page,page}",
    "/users/{username}/following{/target}",
    "/users/{username}/gists{?since,per_page,page}",
    "/users/{username}/orgs",
    "/users/{username}/starred{?sort,direction}",
    "/orgs/{org}",
    "/orgs/{org}/repos{?type,sort,per_page,page}",
    "/orgs/{org}/members{/username}",
    "/orgs/{org}/teams",
    "/orgs/{org}/teams/{team_slug}",
    "/orgs/{org}/teams/{team_slug}/members{?role}",
    "/repos/{owner}/{repo}",
    "/repos/{owner}/{repo}/issues{?milestone,state,assignee,labels,sort,direction,since,per_page,page}",
    "/repos/{owner}/{repo}/issues/{issue_number}",
    "/repos/{owner}/{repo}/issues/{issue_number}/comments{?since,per_page,page}",
    "/repos/{owner}/{repo}/issues/{issue_number}/labels{/name}",
    "/repos/{owner}/{repo}/issues/comments/{comment_id}",
    "/repos/{owner}/{repo}/pulls{?state,head,base,sort,direction}",
    "/repos/{owner}/{repo}/pulls/{pull_number}",
    "/repos/{owner}/{repo}/pulls/{pull_number}/files",
    "/repos/{owner}/{repo}/pulls/{pull_number}/reviews{/review_id}",
    "/repos/{owner}/{repo}/commits{?sha,path,author,since,until}",
    "/repos/{owner}/{repo}/commits/{ref}",
    "/repos/{owner}/{repo}/commits/{ref}/status",
    "/repos/{owner}/{repo}/branches{/branch}",
    "/repos/{owner}/{repo}/tags",
    "/repos/{owner}/{repo}/releases{/release_id}",
    "/repos/{owner}/{repo}/releases/latest",
    "/repos/{owner}/{repo}/releases/tags/{tag}",
    "/repos/{owner}/{repo}/contents{/path*}{?ref}",
    "/repos/{owner}/{repo}/git/refs{/ref*}",
    "/repos/{owner}/{repo}/git/trees/{tree_sha}{?recursive}",
    "/repos/{owner}/{repo}/actions/runs{?actor,branch,event,status}",
    "/repos/{owner}/{repo}/actions/runs/{run_id}",
    "/repos/{owner}/{repo}/actions/runs/{run_id}/logs",
    "/repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs",
    "/repos/{owner}/{repo}/collaborators{/username}",
    "/repos/{owner}/{repo}/hooks{/hook_id}",
    "/repos/{owner}/{repo}/stargazers{?per_page,page}",
    "/repos/{owner}/{repo}/archive/{ref}.tar.gz",
    "/search/repositories{?q,sort,order,per_page,page}",
    "/search/issues{?q,sort,order}",
    "/search/code{?q}",
    "/gists/{gist_id}",
    "/gists/{gist_id}/comments{/comment_id}",
    "/notifications{?all,participating,since,before}",
];

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const WORDS: [&str; 12] = [
    "octocat",
    "rust-lang",
    "12345",
    "v1.2.3",
    "main",
    "feature/x",
    "a b",
    "été",
    "42",
    "docs",
    "README.md",
    "2024-01-01",
];

/// A million URIs: expansions of the routes with random values (query
/// parameters present one time in three), and one in ten altered so that
/// most of those match nothing.
pub fn generated_uris(n: usize) -> Vec<String> {
    use urikit::rfc6570::{Template, VarValue};
    let templates: Vec<Template<'_>> = ROUTES.iter().map(|r| Template::parse(r).unwrap()).collect();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let t = &templates[rng.below(templates.len())];
        let mut vars: Vec<(&str, VarValue)> = Vec::new();
        for e in t.expressions() {
            let query = matches!(e.op(), urikit::rfc6570::Op::Query);
            for v in e.varspecs() {
                if query && rng.below(3) != 0 {
                    continue;
                }
                let value = if v.modifier() == urikit::rfc6570::Modifier::Explode {
                    VarValue::List(
                        (0..1 + rng.below(3))
                            .map(|_| WORDS[rng.below(WORDS.len())].to_string())
                            .collect(),
                    )
                } else {
                    VarValue::String(WORDS[rng.below(WORDS.len())].to_string())
                };
                vars.push((v.name(), value));
            }
        }
        let mut uri = t.expand(&vars).unwrap();
        if rng.below(10) == 0 {
            uri.insert_str(rng.below(uri.len().max(1)).min(uri.len()), "/x/");
        }
        out.push(uri);
    }
    out
}

/// Adversarial URIs of about `bytes` bytes for lenient matching, with the
/// template each is matched against: a query of nothing but short unnamed
/// parameters (each lands in the rest), of duplicates of a named one (the
/// first wins, the rest are skipped), one long value of triplets to
/// decode, and a path segment of encoded dots and slashes (a hazard).
pub fn lenient_inputs(bytes: usize) -> Vec<(&'static str, &'static str, String)> {
    let fill = |head: &str, unit: &str| {
        let mut s = String::with_capacity(bytes + unit.len());
        s.push_str(head);
        while s.len() < bytes {
            s.push_str(unit);
        }
        s
    };
    vec![
        (
            "unnamed-params",
            "/search{?q,page}",
            fill("/search?q=1", "&u=1"),
        ),
        (
            "duplicates",
            "/search{?q,page}",
            fill("/search?q=1", "&q=2"),
        ),
        ("triplets", "/search{?q,page}", fill("/search?q=", "%41")),
        (
            "raw-reserved",
            "/search{?q,page}",
            fill("/search?q=", ":/?@+"),
        ),
        ("dot-segment", "/files/{name}", fill("/files/", "%2E%2F")),
        ("equals", "/search{?q,page}", fill("/search?q=", "=")),
        ("map", "/search{?q,map*}", fill("/search?q=1", "&k=%41")),
        ("long-path", "/files{/p*}", fill("/files", "/a%20")),
        ("reserved-query", "{+path}{?q}", {
            let mut s = fill("/", "a/");
            s.push_str("?q=1");
            s
        }),
    ]
}

/// Every line of `wiki-iris.txt` (61,628 Wikipedia article IRIs), slices of
/// one buffer that lives as long as the program; the committed sample on a
/// fresh clone, with a note on standard error.
pub fn wiki_lines() -> Vec<&'static str> {
    let path = corpus_file("wiki-iris.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let text: &'static str = Box::leak(text.into_boxed_str());
    text.lines().collect()
}

/// The sum of the lengths of the scheme, authority, path, query and
/// fragment of a parse's result (0 when it failed), the parsed value first
/// passed through `black_box`: one reading for every library whose
/// accessors give `Option<&str>` and `&str` (urikit's URI and IRI types,
/// oxiri).
macro_rules! component_lengths {
    ($parsed:expr) => {
        $parsed.map_or(0, |u| {
            let u = std::hint::black_box(u);
            u.scheme().map_or(0, str::len)
                + u.authority().map_or(0, str::len)
                + u.path().len()
                + u.query().map_or(0, str::len)
                + u.fragment().map_or(0, str::len)
        })
    };
}

/// oxiri's side of both component benchmarks (an IRI parser, so the same
/// call reads URIs and IRIs).
fn oxiri_components(s: &str) -> usize {
    use std::hint::black_box;
    component_lengths!(oxiri::IriRef::parse(black_box(s)))
}

/// Parse one URI reference and read its components, for the side-by-side
/// URI benchmark (criterion group `parse-components-corpus` and `icount
/// uricomp-PEER`, over the gsd corpus): the sum of the lengths of the
/// scheme, authority, path, query and fragment (0 when the input is
/// rejected), so that no library is measured on validation alone.
pub fn uri_component_peers() -> Vec<(&'static str, IriComponents)> {
    use std::hint::black_box;
    vec![
        ("urikit", |s| {
            component_lengths!(urikit::UriRef::parse(black_box(s)))
        }),
        ("fluent-uri", |s| {
            fluent_uri::UriRef::parse(black_box(s)).map_or(0, |u| {
                let u = black_box(u);
                u.scheme().map_or(0, |x| x.as_str().len())
                    + u.authority().map_or(0, |x| x.as_str().len())
                    + u.path().as_str().len()
                    + u.query().map_or(0, |x| x.as_str().len())
                    + u.fragment().map_or(0, |x| x.as_str().len())
            })
        }),
        ("oxiri", oxiri_components),
    ]
}

/// Parse one IRI reference and read its components, for the side-by-side
/// IRI benchmark (criterion group `iri-parse-components-wiki` and `icount
/// iricomp-PEER`): the sum of the lengths of the scheme, authority, path,
/// query and fragment (0 when the input is rejected), so that neither
/// library gets away with validation only.
pub type IriComponents = fn(&str) -> usize;

/// The peers of [`IriComponents`]: urikit and oxiri, the fastest peer.
pub fn iri_component_peers() -> Vec<(&'static str, IriComponents)> {
    use std::hint::black_box;
    vec![
        ("urikit", |s| {
            component_lengths!(urikit::IriRef::parse(black_box(s)))
        }),
        ("oxiri", oxiri_components),
    ]
}
