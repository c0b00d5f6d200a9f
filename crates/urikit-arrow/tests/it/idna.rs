//! `host_ascii` and `host_unicode` (the `idna` feature): the examples of
//! RFC 3987 by hand, and the library's own answer row by row over the IRI
//! corpus (wiki-iris.txt) and the URL corpus (gsd-urls.txt), for each of the
//! three string types. (Neither corpus has an international host name: the
//! mapping itself is checked by the examples, and in urikit's tests/it/idna.rs.)

use arrow_array::cast::AsArray;
use arrow_array::{Array, StringViewArray};
use urikit::IriRef;

use crate::common::{TYPES, column, corpus_lines, strings};

fn run(
    kernel: fn(&dyn Array) -> Result<arrow_array::ArrayRef, arrow_schema::ArrowError>,
    rows: &[Option<&str>],
    want: &[Option<&str>],
) {
    let want: Vec<Option<String>> = want.iter().map(|w| w.map(str::to_owned)).collect();
    for ty in &TYPES {
        let out = kernel(&column(ty, rows)).unwrap();
        assert_eq!(out.data_type(), ty);
        assert_eq!(strings(&out), want, "{ty}");
    }
}

#[test]
fn rfc_3987_examples() {
    // 3.1: "http://résumé.example.org" may be converted to
    // "http://xn--rsum-bpad.example.org"; 3.2.1: the label "xn--99zt52a"
    // may be converted to U+7D0D U+8C46.
    let rows = [
        Some("http://r\u{e9}sum\u{e9}.example.org"),
        Some("http://r%C3%A9sum%C3%A9.example.org"),
        Some("http://xn--99zt52a.example.org/%e2%80%ae"),
        Some("http://\u{7D0D}\u{8C46}.example.org/"),
        Some("http://[::1]:8080/"),
        Some("http://10.0.0.1/"),
        Some("mailto:a@b"),
        Some("http://a b/"),
        // A-label that is not valid Punycode, and octets that are not UTF-8.
        Some("http://a.xn--a.example/"),
        Some("http://%FF.example/"),
        None,
    ];
    run(
        urikit_arrow::host_ascii,
        &rows,
        &[
            Some("xn--rsum-bpad.example.org"),
            Some("xn--rsum-bpad.example.org"),
            Some("xn--99zt52a.example.org"),
            Some("xn--99zt52a.example.org"),
            Some("[::1]"),
            Some("10.0.0.1"),
            None,
            None,
            None,
            None,
            None,
        ],
    );
    run(
        urikit_arrow::host_unicode,
        &rows,
        &[
            Some("r\u{e9}sum\u{e9}.example.org"),
            Some("r\u{e9}sum\u{e9}.example.org"),
            Some("\u{7D0D}\u{8C46}.example.org"),
            Some("\u{7D0D}\u{8C46}.example.org"),
            Some("[::1]"),
            Some("10.0.0.1"),
            None,
            None,
            None,
            None,
            None,
        ],
    );
}

#[test]
fn ascii_host_is_a_view_into_the_input() {
    let input = StringViewArray::from(vec!["http://a-rather-long-host-name.example.com/path"]);
    let out = urikit_arrow::host_ascii(&input).unwrap();
    let out = out.as_string_view();
    assert_eq!(out.value(0), "a-rather-long-host-name.example.com");
    // No buffer of its own: the value points into the input's data.
    assert_eq!(out.data_buffers().len(), input.data_buffers().len());
    assert_eq!(
        out.data_buffers()[0].as_ptr(),
        input.data_buffers()[0].as_ptr()
    );
}

#[test]
fn agree_with_the_library_on_the_corpora() {
    for name in ["wiki-iris.txt", "gsd-urls.txt"] {
        let lines = corpus_lines(name);
        let rows: Vec<Option<&str>> = lines
            .iter()
            .enumerate()
            .map(|(i, l)| (i % 37 != 5).then_some(l.as_str()))
            .collect();
        let host = |s: &str, unicode: bool| {
            let r = IriRef::parse(s).ok()?;
            let h = r.host()?;
            let v = if unicode {
                h.to_unicode()
            } else {
                h.to_ascii()
            };
            v.ok().map(|c| c.into_owned())
        };
        for (unicode, kernel) in [
            (false, urikit_arrow::host_ascii as fn(&dyn Array) -> _),
            (true, urikit_arrow::host_unicode),
        ] {
            let want: Vec<Option<String>> = rows
                .iter()
                .map(|r| r.and_then(|s| host(s, unicode)))
                .collect();
            assert!(want.iter().filter(|w| w.is_some()).count() > lines.len() / 2);
            for ty in &TYPES {
                let out = kernel(&column(ty, &rows)).unwrap();
                assert_eq!(strings(&out), want, "{name} ({ty}), unicode: {unicode}");
            }
        }
    }
}
