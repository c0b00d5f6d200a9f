//! SURT keys and reversed hosts (src/surt.rs), and the public suffix list
//! over hosts (src/public_suffix.rs, the `psl` feature): the data files in
//! tests/data/hosts, and properties over the corpus sample.

use urikit::{HostKind, Uri};

/// The lines of the gsd-urls corpus sample (in the project).
fn sample_lines() -> Vec<String> {
    let text = std::fs::read(urikit_testdata::sample("gsd-urls.txt")).unwrap();
    String::from_utf8_lossy(&text)
        .lines()
        .map(str::to_owned)
        .collect()
}

/// The non-comment lines of a data file, split at tabs.
fn rows(name: &str) -> Vec<Vec<String>> {
    let path = format!("{}/tests/data/hosts/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect()
}

#[test]
fn surt_keys_match_the_data_file() {
    let rows = rows("surt.txt");
    assert!(rows.len() >= 20);
    for row in &rows {
        let uri = Uri::parse(&row[0]).unwrap();
        assert_eq!(uri.surt(), row[1], "{}", row[0]);
    }
}

#[test]
fn a_surt_key_is_lower_case_ends_its_host_with_a_parenthesis_and_ignores_normalization() {
    for line in &sample_lines() {
        let Ok(uri) = Uri::parse(line) else { continue };
        let key = uri.surt();
        assert!(
            !key.bytes().any(|b| b.is_ascii_uppercase()),
            "{line}: {key}"
        );
        if uri.authority().is_some() {
            assert!(key.contains(')'), "{line}: {key}");
        }
        let normal = uri.normalize_with(&urikit::normalize::Normalizer::new(
            urikit::normalize::Level::Scheme,
        ));
        let again = Uri::parse(normal.as_str()).unwrap().surt();
        assert_eq!(again, key, "{line}: normalizing first changes nothing");
    }
}

#[test]
fn reversed_hosts_reverse_the_labels_of_names_only() {
    let cases = [
        ("http://www.example.com/", "com.example.www"),
        ("http://a.b.c/", "c.b.a"),
        ("http://Example.COM./", ".COM.Example"),
        ("http://localhost/", "localhost"),
        ("http://10.0.0.1/", "10.0.0.1"),
        ("http://[::1]/", "[::1]"),
        ("file:///x", ""),
    ];
    for (uri, want) in cases {
        let uri = Uri::parse(uri).unwrap();
        assert_eq!(uri.host().unwrap().reversed(), want);
    }
    for line in &sample_lines() {
        let Some(host) = Uri::parse(line).ok().and_then(|u| u.host()) else {
            continue;
        };
        let r = host.reversed();
        assert_eq!(r.len(), host.as_str().len(), "{line}");
        if host.kind() == HostKind::RegName {
            let back: Vec<&str> = r.rsplit('.').collect();
            assert_eq!(back.join("."), host.as_str(), "{line}: reversing twice");
        } else {
            assert_eq!(r, host.as_str(), "{line}");
        }
    }
}

#[cfg(feature = "psl")]
#[test]
fn public_suffixes_and_registrable_domains_match_the_lists_own_tests() {
    let rows = rows("public-suffix.txt");
    assert!(rows.len() >= 60);
    for row in &rows {
        let text = format!("http://{}/", row[0]);
        let uri = Uri::parse(&text).unwrap();
        let host = uri.host().unwrap();
        let domain = host.registrable_domain();
        let want = (row[1] != "null").then_some(row[1].as_str());
        assert_eq!(domain.as_deref(), want, "registrable domain of {}", row[0]);
        assert_eq!(
            host.public_suffix().as_deref(),
            Some(row[2].as_str()),
            "suffix of {}",
            row[0]
        );
    }
}

#[cfg(feature = "psl")]
#[test]
fn ip_and_empty_hosts_have_no_public_suffix() {
    for text in [
        "http://10.0.0.1/",
        "http://[::1]/",
        "file:///x",
        "http://%FF.com/",
    ] {
        let uri = Uri::parse(text).unwrap();
        let host = uri.host().unwrap();
        assert_eq!(host.public_suffix(), None, "{text}");
        assert_eq!(host.registrable_domain(), None, "{text}");
    }
}
