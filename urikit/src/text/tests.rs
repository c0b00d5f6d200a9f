use super::*;

fn found(text: &str) -> Vec<String> {
    extract(text).map(|m| m.as_str().into()).collect()
}

#[test]
fn trimming() {
    assert_eq!(trim_trailing(b"http://a/b)."), 10);
    assert_eq!(trim_trailing(b"http://a/(b)."), 12);
    assert_eq!(trim_trailing(b"http://a/b'"), 10);
    assert_eq!(trim_trailing(b"http://a/it's"), 13);
}

#[test]
fn bare_basics() {
    assert_eq!(
        found("(see http://a.example/x_(y)), ok"),
        ["http://a.example/x_(y)"]
    );
    assert_eq!(
        found("URL:http://a/ and URL: http://b/"),
        ["http://a/", "http://b/"]
    );
    assert_eq!(found("Note: this is not a uri"), Vec::<String>::new());
    assert_eq!(found("http:// alone"), Vec::<String>::new());
}
