//! The `file_paths` and `conversions` checks over the inputs they are
//! seeded with: every field of the file-path vectors, every WHATWG test
//! input and URL, and the node-files sample. Runs in the fuzz crate's normal
//! `cargo test`, without libFuzzer.

use urikit_fuzz::conversions::check_conversions;
use urikit_fuzz::file_paths::check_file_paths;

fn inputs() -> Vec<String> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut out = Vec::new();
    for name in ["unix.txt", "windows.txt", "lenient.txt"] {
        let path = format!("{root}/crates/urikit/tests/data/file/{name}");
        for line in std::fs::read_to_string(path).unwrap().lines() {
            if !line.starts_with('#') {
                out.extend(line.split('\t').map(String::from));
            }
        }
    }
    let path = format!("{root}/dev/testdata/corpus/whatwg/urltestdata.json");
    let data: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    for case in data.as_array().unwrap() {
        for key in ["input", "base", "href"] {
            if let Some(s) = case.get(key).and_then(|v| v.as_str()) {
                out.push(s.to_string());
            }
        }
    }
    let path = format!("{root}/dev/testdata/corpus/node-files.txt");
    out.extend(
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .map(String::from),
    );
    out
}

#[test]
fn seeds_pass_the_checks() {
    let inputs = inputs();
    assert!(inputs.len() > 5000, "{}", inputs.len());
    for s in &inputs {
        check_file_paths(s.as_bytes());
        check_conversions(s);
        // The same as a Windows path with a drive, and as a file URI path.
        check_file_paths(format!("C:\\{s}").as_bytes());
        check_conversions(&format!("file:///{s}"));
        urikit_fuzz::repair::check_repair(s.as_bytes());
        urikit_fuzz::repair::check_repair(format!("http://a/{s} |#%").as_bytes());
    }
}

/// The `differential` target's check (urikit against fluent-uri and
/// iri-string as URI references, and against oxiri, iri-string and
/// fluent-uri as IRI references) over the seeds and the committed samples
/// of wiki-iris.txt and gsd-urls.txt: no unexplained disagreement.
#[test]
fn differential_holds_on_the_seeds_and_samples() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut inputs = inputs();
    for name in ["wiki-iris.txt", "gsd-urls.txt"] {
        let path = format!("{root}/dev/testdata/corpus/{name}");
        let text = std::fs::read_to_string(&path).expect(&path);
        inputs.extend(text.lines().map(String::from));
    }
    let iris = inputs.iter().filter(|s| !s.is_ascii()).count();
    assert!(iris > 500, "{iris} non-ASCII inputs");
    for s in &inputs {
        urikit_fuzz::check_differential(s);
    }
}

/// The `parse` target's check of the parser's `http(s)` shortcut over the
/// seeds and the committed samples of gsd-urls.txt and kasztp.txt (many
/// of whose lines it answers, and some of which it must leave to the
/// forward parser): it answers only with the forward parser's answer.
#[test]
fn the_shortcut_agrees_on_the_seeds_and_samples() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut inputs = inputs();
    for name in ["gsd-urls.txt", "kasztp.txt"] {
        let path = format!("{root}/dev/testdata/corpus/{name}");
        let text = std::fs::read_to_string(&path).expect(&path);
        inputs.extend(text.lines().map(String::from));
    }
    for s in &inputs {
        assert!(urikit::__fuzz::shortcut_agrees(s.as_bytes()), "{s:?}");
    }
}

/// The generated inputs of the java.net.URI differential test (each rule's
/// boundaries, every ASCII character in every component, non-ASCII
/// classes), shared by path.
#[path = "../../../crates/urikit/tests/it/java_inputs.rs"]
#[allow(dead_code)]
mod java_inputs;

/// The `java_uri` and `rfc2396` targets' seeds: the seeds above, the
/// java.net.URI test's generated inputs, the RFC 2396 vectors' inputs, the
/// URLs Spark was asked about (`dev/testdata/spark/answers.jsonl`), the
/// committed corpus samples and the cc-relative pairs as `BASE\nREF`.
fn rfc2396_inputs() -> Vec<String> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut out = inputs();
    out.extend(java_inputs::inputs());
    let path = format!("{root}/crates/urikit/tests/data/rfc2396/URI-reference.txt");
    for line in std::fs::read_to_string(path).unwrap().lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        match fields.as_slice() {
            ["ok", input, ..] => out.push(unescape(input)),
            ["err", _, _, input] => out.push(unescape(input)),
            _ => {}
        }
    }
    for v in urikit_testdata::spark::answers() {
        if let Some(url) = v.get("url").and_then(|u| u.as_str()) {
            out.push(url.to_string());
        }
    }
    for name in [
        "gsd-urls.txt",
        "kasztp.txt",
        "open-redirect-payloads.txt",
        "wiki-iris.txt",
    ] {
        let path = format!("{root}/dev/testdata/corpus/{name}");
        let text = std::fs::read_to_string(&path).expect(&path);
        out.extend(text.lines().map(String::from));
    }
    let path = format!("{root}/dev/testdata/corpus/cc-relative-10k.csv");
    let text = std::fs::read_to_string(&path).expect(&path);
    out.extend(
        text.lines()
            .skip(1)
            .filter_map(|l| l.split_once(','))
            .map(|(b, r)| format!("{b}\n{r}")),
    );
    out
}

/// The vector files' escapes (`\t`, `\n`, `\\`, `\xHH`, `\u{...}`).
fn unescape(s: &str) -> String {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' || i + 1 == b.len() {
            out.push(b[i]);
            i += 1;
            continue;
        }
        match b[i + 1] {
            b't' => out.push(b'\t'),
            b'n' => out.push(b'\n'),
            b'r' => out.push(b'\r'),
            b'\\' => out.push(b'\\'),
            b'x' => {
                out.push(u8::from_str_radix(&s[i + 2..i + 4], 16).unwrap());
                i += 4;
                continue;
            }
            b'u' => {
                let end = s[i..].find('}').unwrap() + i;
                let c = char::from_u32(u32::from_str_radix(&s[i + 3..end], 16).unwrap()).unwrap();
                out.extend(c.to_string().as_bytes());
                i = end + 1;
                continue;
            }
            _ => out.push(b'\\'),
        }
        i += 2;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The `java_uri` and `rfc2396` targets' checks over their seeds.
#[test]
fn java_uri_and_rfc2396_checks_hold_on_the_seeds() {
    let inputs = rfc2396_inputs();
    assert!(inputs.len() > 20_000, "{}", inputs.len());
    let (mut java_ok, mut rfc2396_ok) = (0, 0);
    for s in &inputs {
        urikit_fuzz::java::check_java_bytes(s.as_bytes());
        urikit_fuzz::rfc2396::check_rfc2396_bytes(s.as_bytes());
        java_ok += usize::from(urikit::java::JavaUri::parse(s).is_ok());
        rfc2396_ok += usize::from(urikit::rfc2396::Rfc2396Ref::parse(s).is_ok());
    }
    // Both accept and reject a good share, so both branches are exercised.
    assert!(java_ok > 5000 && java_ok < inputs.len(), "{java_ok}");
    assert!(
        rfc2396_ok > 5000 && rfc2396_ok < inputs.len(),
        "{rfc2396_ok}"
    );
}

/// The `arrow_kernels` and `py_conversions` checks over the seed inputs:
/// each input as rows of every array type the target builds (its first
/// byte picks the type and slice), and as text and a path.
#[test]
fn arrow_kernels_and_py_conversions_hold_on_the_seeds() {
    let inputs = inputs();
    // Batches of 64 seeds as the rows of one array, each type and a slice.
    for (k, batch) in inputs.chunks(64).enumerate() {
        let rows = batch.join("\n");
        for head in [0u8, 1, 2, 3, 4, 5, 6, 7, 8 + 2, 16 + 5] {
            let mut data = vec![head.wrapping_add(k as u8 & 0xF8)];
            data.extend_from_slice(rows.as_bytes());
            urikit_fuzz::arrow_kernels::check_arrow_kernels(&data);
        }
    }
    // Found by the target: a dictionary with no values (all keys null),
    // which Arrow's normalized_keys refuses with a panic.
    urikit_fuzz::arrow_kernels::check_arrow_kernels(&[0x8c, 0x00]);
    // With null rows and non-ASCII text.
    let data = "\u{3}http://a/\n\0\nhttp://é.example/x\n\0\nnot a uri".as_bytes();
    for head in 0..8u8 {
        let mut d = data.to_vec();
        d[0] = head;
        urikit_fuzz::arrow_kernels::check_arrow_kernels(&d);
    }
    for s in &inputs {
        urikit_fuzz::py_conversions::check_py_conversions(s.as_bytes());
        urikit_fuzz::py_conversions::check_py_conversions(format!("é {s} ü").as_bytes());
    }
}

/// The `resolve` and `normalize` targets' checks, with the step-by-step
/// records of the inspector page (`Resolver::trace`, `Normalizer::ladder`),
/// over the seeds: each as a reference against RFC 3986 5.4's base and
/// against itself, and normalized.
#[test]
fn resolve_and_normalize_checks_hold_on_the_seeds() {
    let inputs = inputs();
    for s in &inputs {
        urikit_fuzz::ops::check_normalize(s);
        urikit_fuzz::ops::check_resolve("http://a/b/c/d;p?q", s);
        urikit_fuzz::ops::check_resolve(s, "../g/./h/..");
    }
}

/// The `views` target's check over the views vectors' inputs (420, the
/// open-redirect payloads among them) and the `java_uri` seeds.
#[test]
fn views_checks_hold_on_the_vectors_and_seeds() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let path = format!("{root}/crates/urikit-views/tests/data/views/expected.jsonl");
    let mut inputs: Vec<String> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["input"].as_str().unwrap().to_string()
        })
        .collect();
    assert!(inputs.len() >= 400, "{}", inputs.len());
    inputs.extend(rfc2396_inputs().into_iter().step_by(7));
    for s in &inputs {
        urikit_fuzz::views::check_views(s);
    }
}

/// The `cli_output` target's check (what `uri` shows on a terminal) over
/// the seeds, the views vectors' inputs, and inputs that once broke it
/// (issue 34): a path over 65,535 bytes, escape sequences, long non-ASCII
/// runs, each with the byte at fault at the start, middle and end.
#[test]
fn cli_output_checks_hold_on_the_seeds_and_long_inputs() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let path = format!("{root}/crates/urikit-views/tests/data/views/expected.jsonl");
    let mut all: Vec<Vec<u8>> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["input"].as_str().unwrap().as_bytes().to_vec()
        })
        .collect();
    all.extend(inputs().into_iter().step_by(5).map(String::into_bytes));
    all.push(format!("http://h/{}", "a".repeat(70_000)).into_bytes());
    all.push(b"http://h/\x1b]0;PWNED\x07".to_vec());
    all.push(b"http://u:p@h/\x1b[2J/../\xff".to_vec());
    all.push(format!("http://{}.jp/{}", "例".repeat(100), "é".repeat(200)).into_bytes());
    for input in &all {
        for pick in [0u16, 32768, 65535] {
            let mut data = pick.to_le_bytes().to_vec();
            data.extend_from_slice(input);
            urikit_fuzz::cli_output::check_cli_output(&data);
        }
    }
}
