//! urikit's public suffix list (`urikit::public_suffix`, the `domains`
//! rules' list) against the `psl` crate 2.1.247, whose snapshot it
//! compiles in: the same answers for every host of the gsd corpus (the
//! full corpus with `URIKIT_CORPUS`, else the sample), every rule with 0-2
//! labels before it, in lower and upper case, with and without a trailing
//! dot, in U-labels and A-labels, and names with empty labels. Here and
//! not in urikit's tests, so psl's 530,000-line matcher stays out of the
//! core's test build.

use urikit::public_suffix::{registrable_domain, suffix};

/// The names that differ, as `name: ours vs psl's` lines.
fn differences<'a>(names: impl IntoIterator<Item = &'a str>) -> (usize, Vec<String>) {
    let mut count = 0;
    let mut diffs = Vec::new();
    for name in names {
        count += 1;
        let (s, ps) = (suffix(name), psl::suffix_str(name));
        if s != ps {
            diffs.push(format!("suffix of {name:?}: {s:?} vs psl's {ps:?}"));
        }
        let (d, pd) = (registrable_domain(name), psl::domain_str(name));
        if d != pd {
            diffs.push(format!(
                "registrable domain of {name:?}: {d:?} vs psl's {pd:?}"
            ));
        }
    }
    (count, diffs)
}

fn assert_same<'a>(what: &str, names: impl IntoIterator<Item = &'a str>, at_least: usize) {
    let (count, diffs) = differences(names);
    assert!(
        count >= at_least,
        "{what}: {count} names, expected at least {at_least}"
    );
    assert!(
        diffs.is_empty(),
        "{what}: {} of {count} names differ from psl 2.1.247:\n{}",
        diffs.len(),
        diffs
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    eprintln!("{what}: {count} names, the same answers as psl 2.1.247");
}

/// Each name as it is, upper-cased, and with a trailing dot (both).
fn forms(name: &str) -> [String; 4] {
    let upper = name.to_uppercase();
    [
        name.to_string(),
        format!("{name}."),
        format!("{upper}."),
        upper,
    ]
}

#[test]
fn corpus_hosts_have_psls_answers() {
    let path = urikit_testdata::full_or_sample("gsd-urls.txt");
    let mut names = Vec::new();
    for url in urikit_testdata::lines(&path) {
        let Ok(uri) = urikit::Uri::parse(&url) else {
            continue;
        };
        let Some(host) = uri.host() else { continue };
        names.extend(forms(host.as_str()));
        names.push(host.as_str().to_ascii_lowercase());
    }
    assert_same(
        &path.display().to_string(),
        names.iter().map(String::as_str),
        1_000,
    );
}

/// The rules of urikit's copy of the list (comments left out).
fn rules() -> Vec<String> {
    let path = urikit_testdata::repo_root().join("crates/urikit/src/public_suffix/list.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_rule_with_labels_before_it_has_psls_answers() {
    let rules = rules();
    assert_eq!(rules.len(), 10_397);
    let mut names = Vec::new();
    for rule in &rules {
        let bare = rule.trim_start_matches('!');
        // The rule's own text (`*` and `!` as labels), the wildcard as a
        // label, and the name in A-labels.
        let mut bases = vec![rule.clone(), bare.to_string(), bare.replace('*', "w")];
        bases.extend(idna::domain_to_ascii(&bare.replace('*', "w")).ok());
        for base in bases {
            for before in ["", "a.", "www.", "b.a.", "city.b.", "xn--85x722f.a."] {
                names.extend(forms(&format!("{before}{base}")));
            }
        }
    }
    assert_same("every rule", names.iter().map(String::as_str), 500_000);
}

#[test]
fn wildcards_exceptions_idn_and_empty_labels_have_psls_answers() {
    let names = [
        "",
        ".",
        "..",
        "...",
        "com",
        ".com",
        "com.",
        "com..",
        "..com",
        "a..com",
        "a.com.",
        ".a.com",
        "a..b.com",
        "ck",
        "www.ck",
        "a.www.ck",
        "b.ck",
        "a.b.ck",
        ".ck",
        "..ck",
        "www..ck",
        "WWW.ck",
        "*.ck",
        "!www.ck",
        "kawasaki.jp",
        "city.kawasaki.jp",
        "a.city.kawasaki.jp",
        "b.kawasaki.jp",
        "a.b.kawasaki.jp",
        ".kawasaki.jp",
        "公司.cn",
        "a.公司.cn",
        "xn--55qx5d.cn",
        "a.xn--55qx5d.cn",
        "a.XN--55QX5D.cn",
        "a.公司.xn--fiqs8s",
        "香港",
        "a.公司.香港",
        "a.xn--55qx5d.xn--j6w193g",
        "a.公司.xn--j6w193g",
        "a.xn--55qx5d.香港",
        "example.invalidtld",
        "invalidtld",
        "a.b.example.co.uk",
        "co.uk",
        "uk",
        "a.b.c.d.e.github.io",
        "github.io.",
        "a b.com",
        "a\u{0}.com",
        "ex%41mple.com",
        "\u{feff}.com",
        "ａ.com",
        "a.ＣＯＭ",
    ];
    assert_same("edge cases", names, 50);
}
