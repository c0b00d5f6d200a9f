//! Extraction from text (Appendix C): the RFC's example, data-file cases,
//! the open-redirect corpus, and the streaming reader against the in-memory
//! iterator.

use std::io::Read;

use proptest::prelude::*;
use urikit::text::{Delimiter, ExtractOptions, Match, extract};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/text");

fn read(name: &str) -> String {
    std::fs::read_to_string(format!("{DATA}/{name}")).unwrap()
}

#[test]
fn appendix_c_example_gives_exactly_its_three_uris() {
    let text = read("appendix-c.txt");
    let expected: Vec<(usize, usize, String)> = read("appendix-c.expected")
        .lines()
        .map(|l| {
            let mut f = l.splitn(3, ' ');
            let start = f.next().unwrap().parse().unwrap();
            let end = f.next().unwrap().parse().unwrap();
            (start, end, f.next().unwrap().to_owned())
        })
        .collect();
    let got: Vec<(usize, usize, String)> = extract(&text)
        .map(|m| (m.start(), m.end(), m.as_str().to_owned()))
        .collect();
    assert_eq!(got, expected);
    let kinds: Vec<Delimiter> = extract(&text).map(|m| m.delimiter()).collect();
    assert_eq!(
        kinds,
        [Delimiter::Quote, Delimiter::Angle, Delimiter::Angle]
    );
    // The same through the reader, one byte at a time.
    let streamed: Vec<(usize, usize, String)> = ExtractOptions::new()
        .extract_reader(Trickle(text.as_bytes(), 1))
        .map(|m| {
            let m = m.unwrap();
            (m.start(), m.end(), m.as_str().to_owned())
        })
        .collect();
    assert_eq!(streamed, expected);
}

struct Case {
    name: String,
    opts: ExtractOptions,
    text: String,
    expect: Vec<(String, Vec<usize>)>,
}

fn cases() -> Vec<Case> {
    let data = read("cases.txt");
    let mut out = Vec::new();
    for block in data.split("\n=== ").skip(1) {
        let (name, rest) = block.split_once('\n').unwrap();
        let (head, rest) = rest.split_once("--- text\n").unwrap();
        let (text, expect) = rest.split_once("--- expect").unwrap();
        let mut opts = ExtractOptions::new();
        for word in head
            .lines()
            .filter_map(|l| l.strip_prefix("options:"))
            .flat_map(str::split_whitespace)
        {
            opts = match word {
                "relative" => opts.relative(true),
                "any_scheme" => opts.any_scheme(true),
                w => opts.max_len(w.strip_prefix("max_len=").unwrap().parse().unwrap()),
            };
        }
        let text = text
            .strip_suffix('\n')
            .unwrap()
            .replace("\\t", "\t")
            .replace("\\r", "\r");
        let expect = expect
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| match l.split_once(" hyphens=") {
                Some((uri, h)) => (
                    uri.to_owned(),
                    h.split(',').map(|n| n.parse().unwrap()).collect(),
                ),
                None => (l.to_owned(), Vec::new()),
            })
            .collect();
        out.push(Case {
            name: name.to_owned(),
            opts,
            text,
            expect,
        });
    }
    out
}

/// What every match must satisfy whatever the text.
fn check_invariants(text: &[u8], m: &Match<'_>, opts_relative: bool) {
    assert!(m.start() < m.end() && m.end() <= text.len());
    let uri = m.as_str();
    if opts_relative {
        assert!(urikit::UriRef::parse(uri).is_ok(), "{uri:?}");
    } else {
        assert!(urikit::Uri::parse(uri).is_ok(), "{uri:?}");
    }
    // The span holds the URI's bytes, with only whitespace between them.
    let squeezed: Vec<u8> = text[m.span()]
        .iter()
        .copied()
        .filter(|b| !b.is_ascii_whitespace())
        .collect();
    assert_eq!(squeezed, uri.as_bytes(), "span {:?}", m.span());
    for &h in m.hyphen_breaks() {
        assert_eq!(uri.as_bytes()[h], b'-');
    }
}

#[test]
fn data_file_cases() {
    let cases = cases();
    assert!(cases.len() >= 30, "only {} cases", cases.len());
    for case in cases {
        let found: Vec<Match<'_>> = case.opts.extract(&case.text).collect();
        let got: Vec<(String, Vec<usize>)> = found
            .iter()
            .map(|m| (m.as_str().to_owned(), m.hyphen_breaks().to_vec()))
            .collect();
        assert_eq!(got, case.expect, "case {:?}", case.name);
        for m in &found {
            check_invariants(case.text.as_bytes(), m, true);
        }
        assert_eq!(
            streamed(case.opts, case.text.as_bytes(), 1),
            found,
            "case {:?}",
            case.name
        );
    }
}

#[test]
fn ambiguity_gives_both_readings() {
    let m = extract("<http://example.com/re-\n  sume>").next().unwrap();
    assert!(m.is_ambiguous());
    assert_eq!(m.as_str(), "http://example.com/re-sume");
    assert_eq!(
        m.without_break_hyphens().as_deref(),
        Some("http://example.com/resume")
    );
}

#[test]
fn spans_of_bare_quoted_and_bracketed() {
    let text = "a http://x.example/. b \"http://y.example/\" c <URL: http://z.example/>";
    let spans: Vec<_> = extract(text).map(|m| m.span()).collect();
    // Counted by hand: the URI bytes only, without wrappers or prefix.
    assert_eq!(spans, [2..19, 24..41, 51..68]);
    for s in spans {
        assert!(text[s].starts_with("http://"));
    }
}

/// A reader that hands out at most `n` bytes per call.
struct Trickle<'a>(&'a [u8], usize);

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.1.min(buf.len()).min(self.0.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

fn streamed(opts: ExtractOptions, text: &[u8], chunk: usize) -> Vec<Match<'static>> {
    opts.extract_reader(Trickle(text, chunk))
        .collect::<std::io::Result<_>>()
        .unwrap()
}

#[test]
fn reader_reports_io_errors_once() {
    struct Broken;
    impl Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("boom"))
        }
    }
    let mut it = ExtractOptions::new().extract_reader(Broken);
    assert!(it.next().unwrap().is_err());
    assert!(it.next().is_none());
}

#[test]
fn reader_memory_stays_bounded_over_many_megabytes() {
    // About 12 MB of log-like lines, with a long URI every so often and
    // URIs broken across lines in brackets.
    let mut line = String::new();
    for i in 0..40 {
        line.push_str(&format!(
            "127.0.0.1 - - GET http://host{i}.example/a/b?c=d \"http://q.example/{i}\" <http://br.example/\n  x{i}> "
        ));
    }
    line.push_str(&format!("http://long.example/{}\n", "y".repeat(10_000)));
    let reps = 12_000_000 / line.len();
    let text = line.repeat(reps);
    let per_line = extract(&line).count();
    assert_eq!(per_line, 121);
    let mut it = ExtractOptions::new().extract_reader(text.as_bytes());
    let mut n = 0;
    let mut last_end = 0;
    for m in it.by_ref() {
        let m = m.unwrap();
        assert!(m.start() >= last_end);
        last_end = m.end();
        n += 1;
    }
    assert_eq!(n, per_line * reps);
    assert!(
        it.buffer_capacity() <= 512 * 1024,
        "{}",
        it.buffer_capacity()
    );
}

/// The payload file, committed whole in `dev/testdata/corpus/`, and the full
/// corpus's copy too when it is there.
#[test]
fn open_redirect_payloads_extract_without_panic() {
    let name = "open-redirect-payloads.txt";
    let mut copies = vec![urikit_testdata::sample(name)];
    copies.extend(urikit_testdata::full(name));
    for path in copies {
        open_redirect_payloads(&std::fs::read(path).unwrap());
    }
}

fn open_redirect_payloads(data: &[u8]) {
    let all = ExtractOptions::new().relative(true);
    for line in data.split(|&b| b == b'\n') {
        for m in all.extract_bytes(line) {
            check_invariants(line, &m, true);
        }
        for m in ExtractOptions::new().extract_bytes(line) {
            check_invariants(line, &m, false);
        }
    }
    // The whole file as one text, in memory and streamed.
    let whole: Vec<Match<'_>> = ExtractOptions::new().extract_bytes(data).collect();
    assert_eq!(streamed(ExtractOptions::new(), data, 7), whole);
    // A few payloads whose extraction is worth pinning down.
    let first = |s: &str| extract(s).next().map(|m| m.as_str().to_owned());
    assert_eq!(
        first("http://www.whitelisteddomain.tld@0xd8.0x3a.0xd6.0xce").as_deref(),
        Some("http://www.whitelisteddomain.tld@0xd8.0x3a.0xd6.0xce")
    );
    // "XY>" ends the bare URI at the ">".
    assert_eq!(
        first(r"http://XY>.7d8T\205pZM@0xd8.0x3a.0xd6.0xce").as_deref(),
        Some("http://XY")
    );
    assert_eq!(
        first("javascript:alert(1);").as_deref(),
        Some("javascript:alert(1)")
    );
    // "https:google.com" has neither "//" nor a listed scheme.
    assert_eq!(first("https:google.com"), None);
}

fn texts() -> impl Strategy<Value = String> {
    let token = prop::sample::select(vec![
        "http://", "https://", "mailto:", "URL:", "url: ", "a", "b.c", ".", ",", "-", "-\n", "\n",
        "\r\n", " ", "\t", "<", ">", "\"", "'", "(", ")", "[", "]", ":", "/", "?", "#", "%", "%41",
        "é", "\u{a0}", "x-", "[::1]", "@", "|", "0",
    ]);
    prop::collection::vec(token, 0..60).prop_map(|v| v.concat())
}

proptest! {
    // PROPTEST_CASES raises the count for a deeper run.
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(2000)
    ))]

    #[test]
    fn reader_agrees_with_iterator(
        text in texts(),
        chunk in 1usize..20,
        relative: bool,
        any: bool,
        max_len in 16usize..80,
    ) {
        let opts = ExtractOptions::new().relative(relative).any_scheme(any).max_len(max_len);
        let whole: Vec<Match<'_>> = opts.extract(&text).collect();
        for m in &whole {
            check_invariants(text.as_bytes(), m, relative);
            prop_assert!(m.end() - m.start() <= max_len);
        }
        let windows = whole.windows(2).all(|w| w[0].end() <= w[1].start());
        prop_assert!(windows);
        prop_assert_eq!(streamed(opts, text.as_bytes(), chunk), whole);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        for m in ExtractOptions::new().relative(true).extract_bytes(&bytes) {
            check_invariants(&bytes, &m, true);
        }
    }
}

#[test]
fn hostile_runs_stay_linear() {
    // Long whitespace-free runs with a scheme every few bytes: each colon
    // starts a candidate, and each must not rescan the run (this took
    // seconds per megabyte before the run end was remembered).
    let text = format!("{} ", "http://a:".repeat(7000)).repeat(30);
    let n = extract(&text).count();
    assert_eq!(n, 7000 * 30);
    let streamed = ExtractOptions::new()
        .extract_reader(text.as_bytes())
        .count();
    assert_eq!(streamed, n);
    // Closers and colons that are all trimmed.
    let text = format!("http://a/{} ", "):".repeat(20_000)).repeat(10);
    assert_eq!(extract(&text).count(), 10);
}
