//! Differential test against the real java.net.URI: `tests/java/UriProbe.java`
//! is compiled with `javac` into a temporary folder and run once (one JVM)
//! over every input; each answer is compared with `urikit::java`.
//!
//! Without `java` and `javac` the tests print one line and pass; under
//! `CI=true` they fail. Every difference that remains is listed, with its
//! reason, in DEVIATIONS.md ("java.net.URI").

use std::io::Write;
use std::path::PathBuf;

use urikit::java::JavaUri;

use super::java_inputs;

/// `normalize` over generated dot-segment paths: against the real JVM and
/// against the Javadoc's steps read literally.
#[path = "java_normalize.rs"]
mod normalize;

fn hex(s: &str) -> String {
    s.bytes().map(|b| format!("{b:02x}")).collect()
}

fn field(v: Option<&str>) -> String {
    match v {
        None => "-".into(),
        Some(s) => format!("={}", hex(s)),
    }
}

/// The probe, compiled once (`urikit_checks::java_probe`).
fn probe_dir() -> Option<&'static PathBuf> {
    urikit_checks::java_probe::probe_dir("the java.net.URI differential tests")
}

use urikit_checks::java_probe::run_java;

/// urikit's answer in the probe's format.
pub fn ours_parse(s: &str) -> String {
    match JavaUri::parse(s) {
        Ok(u) => [
            "ok".to_string(),
            field(u.scheme()),
            (if u.is_opaque() { "1" } else { "0" }).into(),
            field(Some(u.raw_scheme_specific_part())),
            field(u.raw_authority()),
            field(u.raw_user_info()),
            field(u.host()),
            u.port().to_string(),
            field(u.raw_path()),
            field(u.raw_query()),
            field(u.raw_fragment()),
        ]
        .join("\t"),
        Err(e) => format!(
            "err\t{}\t{}",
            e.java_index(),
            field(Some(e.kind().reason()))
        ),
    }
}

/// What differs between Java's answers and ours: (input, java, ours).
pub struct Diff {
    /// Disagreements on validity or on a getter.
    pub getters: Vec<(String, String, String)>,
    /// Both reject; the index or reason differs.
    pub errors: Vec<(String, String, String)>,
}

fn compare_parse(inputs: &[String]) -> Option<Diff> {
    let dir = probe_dir()?;
    let commands: Vec<String> = inputs.iter().map(|s| format!("P {}", hex(s))).collect();
    let answers = run_java(dir, &commands);
    let mut diff = Diff {
        getters: vec![],
        errors: vec![],
    };
    for (s, java) in inputs.iter().zip(answers) {
        let ours = ours_parse(s);
        if ours == java {
            continue;
        }
        let both_err = ours.starts_with("err") && java.starts_with("err");
        let list = if both_err {
            &mut diff.errors
        } else {
            &mut diff.getters
        };
        list.push((s.clone(), java, ours));
    }
    Some(diff)
}

fn show(name: &str, n: usize, list: &[(String, String, String)]) -> String {
    let mut out = format!("{name}: {} of {n} inputs differ\n", list.len());
    for (s, java, ours) in list.iter().take(40) {
        out += &format!("  {s:?}\n    java: {java}\n    ours: {ours}\n");
    }
    out
}

fn check(name: &str, inputs: &[String]) {
    let Some(diff) = compare_parse(inputs) else {
        return;
    };
    if let Some(dir) = std::env::var_os("URIKIT_JAVA_DIFFS") {
        // For working on the differences: every one, one a line.
        let mut out = String::new();
        for (s, java, ours) in diff.getters.iter().chain(&diff.errors) {
            out += &format!("{s:?}\t{java}\t{ours}\n");
        }
        std::fs::write(PathBuf::from(dir).join(format!("{name}.tsv")), out).unwrap();
    }
    let _ = writeln!(
        std::io::stderr().lock(),
        "java.net.URI {name}: {} inputs, {} getter/validity differences, {} error index/reason differences",
        inputs.len(),
        diff.getters.len(),
        diff.errors.len()
    );
    assert!(
        diff.getters.is_empty(),
        "{}",
        show(name, inputs.len(), &diff.getters)
    );
    // Where both reject, the reason and index are Java's, everywhere
    // (inside IPv6 references too).
    assert!(
        diff.errors.is_empty(),
        "{}",
        show(name, inputs.len(), &diff.errors)
    );
}

#[test]
fn generated_inputs_match_java() {
    check("generated", &java_inputs::inputs());
}

#[test]
fn gsd_corpus_matches_java() {
    let path = urikit_testdata::full_or_sample("gsd-urls.txt");
    check("gsd-urls.txt", &urikit_testdata::lines(&path));
}

#[test]
fn open_redirect_payloads_match_java() {
    let path = urikit_testdata::full_or_sample("open-redirect-payloads.txt");
    check("open-redirect-payloads.txt", &urikit_testdata::lines(&path));
}

fn answer_line(r: Result<String, urikit::java::JavaError>) -> String {
    match r {
        Ok(s) => format!("ok\t{}", field(Some(&s))),
        Err(e) => format!(
            "err\t{}\t{}",
            e.java_index(),
            field(Some(e.kind().reason()))
        ),
    }
}

/// Compare `base.resolve(ref)` over `pairs`; the count of pairs compared.
fn check_resolve(name: &str, pairs: &[(String, String)]) {
    let Some(dir) = probe_dir() else {
        return;
    };
    let commands: Vec<String> = pairs
        .iter()
        .map(|(b, r)| format!("R {} {}", hex(b), hex(r)))
        .collect();
    let answers = run_java(dir, &commands);
    let mut diffs = vec![];
    for ((b, r), java) in pairs.iter().zip(answers) {
        let ours =
            answer_line(JavaUri::parse(b).and_then(|b| JavaUri::parse(r).map(|r| b.resolve(&r))));
        // Both reject: which one Java names first is the parse test's matter.
        if ours != java && !(ours.starts_with("err") && java.starts_with("err")) {
            diffs.push((format!("{b} + {r}"), java, ours));
        }
    }
    let _ = writeln!(
        std::io::stderr().lock(),
        "java.net.URI resolve {name}: {} pairs, {} differences",
        pairs.len(),
        diffs.len()
    );
    assert!(diffs.is_empty(), "{}", show(name, pairs.len(), &diffs));
}

pub(crate) fn check_normalize(name: &str, inputs: &[String]) {
    let Some(dir) = probe_dir() else {
        return;
    };
    let commands: Vec<String> = inputs.iter().map(|s| format!("N {}", hex(s))).collect();
    let answers = run_java(dir, &commands);
    let mut diffs = vec![];
    for (s, java) in inputs.iter().zip(answers) {
        let ours = answer_line(JavaUri::parse(s).map(|u| u.normalize()));
        if ours != java && !(ours.starts_with("err") && java.starts_with("err")) {
            diffs.push((s.clone(), java, ours));
        }
    }
    let _ = writeln!(
        std::io::stderr().lock(),
        "java.net.URI normalize {name}: {} inputs, {} differences",
        inputs.len(),
        diffs.len()
    );
    assert!(diffs.is_empty(), "{}", show(name, inputs.len(), &diffs));
}

#[test]
fn resolve_matches_java() {
    let path = urikit_testdata::full_or_sample("cc-relative-10k.csv");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut pairs: Vec<(String, String)> = super::resolve_corpus::csv_records(&text)
        .into_iter()
        .skip(1)
        .filter(|(_, f)| f.len() == 2)
        .map(|(_, f)| (f[0].clone(), f[1].clone()))
        .collect();
    // RFC 3986 5.4's references and the generated inputs as references,
    // against its base and a few others.
    let refs: Vec<String> = java_inputs::RESOLVE_REFS
        .iter()
        .map(|s| s.to_string())
        .chain(java_inputs::inputs().into_iter().step_by(7))
        .collect();
    for base in java_inputs::RESOLVE_BASES {
        for r in &refs {
            pairs.push((base.to_string(), r.clone()));
        }
    }
    check_resolve("pairs", &pairs);
}

#[test]
fn normalize_matches_java() {
    let mut inputs = java_inputs::inputs();
    inputs.extend(java_inputs::NORMALIZE.iter().map(|s| s.to_string()));
    check_normalize("generated", &inputs);
}
