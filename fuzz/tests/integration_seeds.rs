//! The `file_paths` and `conversions` checks over the inputs they are
//! seeded with: every field of the file-path vectors, every WHATWG test
//! input and URL, and the node-files sample. Runs in the fuzz crate's normal
//! `cargo test`, without libFuzzer.

use urikit_fuzz::conversions::check_conversions;
use urikit_fuzz::file_paths::check_file_paths;

fn inputs() -> Vec<String> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let mut out = Vec::new();
    for name in ["unix.txt", "windows.txt", "lenient.txt"] {
        let path = format!("{root}/urikit/tests/data/file/{name}");
        for line in std::fs::read_to_string(path).unwrap().lines() {
            if !line.starts_with('#') {
                out.extend(line.split('\t').map(String::from));
            }
        }
    }
    let path = format!("{root}/testdata/corpus/whatwg/urltestdata.json");
    let data: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    for case in data.as_array().unwrap() {
        for key in ["input", "base", "href"] {
            if let Some(s) = case.get(key).and_then(|v| v.as_str()) {
                out.push(s.to_string());
            }
        }
    }
    let path = format!("{root}/testdata/corpus/node-files.txt");
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
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let mut inputs = inputs();
    for name in ["wiki-iris.txt", "gsd-urls.txt"] {
        let path = format!("{root}/testdata/corpus/{name}");
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
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let mut inputs = inputs();
    for name in ["gsd-urls.txt", "kasztp.txt"] {
        let path = format!("{root}/testdata/corpus/{name}");
        let text = std::fs::read_to_string(&path).expect(&path);
        inputs.extend(text.lines().map(String::from));
    }
    for s in &inputs {
        assert!(urikit::__fuzz::shortcut_agrees(s.as_bytes()), "{s:?}");
    }
}
