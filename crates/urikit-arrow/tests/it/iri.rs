//! `to_uri` and `to_iri`: the examples of RFC 3987 3.1 and 3.2.1 verbatim,
//! and the library's own answer row by row over the IRI corpus
//! (wiki-iris.txt) and the URL corpus (gsd-urls.txt), for each of the three
//! string types.

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, StringViewArray};
use arrow_schema::ArrowError;
use urikit::{IriRef, UriRef};

use crate::common::{TYPES, column, corpus_lines, strings};

type Kernel = fn(&dyn Array) -> Result<ArrayRef, ArrowError>;

fn run(kernel: Kernel, rows: &[Option<&str>], want: &[Option<&str>]) {
    let want: Vec<Option<String>> = want.iter().map(|w| w.map(str::to_owned)).collect();
    for ty in &TYPES {
        let out = kernel(&column(ty, rows)).unwrap();
        assert_eq!(out.data_type(), ty);
        assert_eq!(strings(&out), want, "{ty}");
    }
}

#[test]
fn rfc_3987_examples() {
    // 3.1, the example with its numeric character reference resolved
    // (`&#xE9;` is U+00E9).
    run(
        urikit_arrow::to_uri,
        &[
            Some("http://www.example.org/red%09ros\u{E9}#red"),
            Some("http://www.example.org/r\u{E9}sum\u{E9}.html"),
            // Not IRIs: a space, and a noncharacter (2.2 excludes FFFE).
            Some("http://a b/"),
            Some("http://a/\u{FFFE}"),
            None,
        ],
        &[
            Some("http://www.example.org/red%09ros%C3%A9#red"),
            Some("http://www.example.org/r%C3%A9sum%C3%A9.html"),
            None,
            None,
            None,
        ],
    );
    // 3.2.1.
    run(
        urikit_arrow::to_iri,
        &[
            Some("http://www.example.org/D%C3%BCrst"),
            Some("http://www.example.org/D%FCrst"),
            Some("http://xn--99zt52a.example.org/%e2%80%ae"),
            Some("http://a b/"),
            None,
        ],
        &[
            Some("http://www.example.org/D\u{FC}rst"),
            Some("http://www.example.org/D%FCrst"),
            // U+202E is a bidi formatting character: it stays encoded, now
            // in uppercase hex; the host stays an A-label without IDNA.
            Some("http://xn--99zt52a.example.org/%E2%80%AE"),
            None,
            None,
        ],
    );
}

#[test]
fn unchanged_rows_are_views_into_the_input() {
    let input = StringViewArray::from(vec!["http://a-rather-long-host-name.example.com/path"]);
    for kernel in [urikit_arrow::to_uri as Kernel, urikit_arrow::to_iri] {
        let out = kernel(&input).unwrap();
        let out = out.as_string_view();
        assert_eq!(out.value(0), input.value(0));
        assert_eq!(out.data_buffers().len(), input.data_buffers().len());
        assert_eq!(
            out.data_buffers()[0].as_ptr(),
            input.data_buffers()[0].as_ptr()
        );
    }
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
        let to_uri = |s: &str| Some(IriRef::parse(s).ok()?.to_uri().into_owned());
        let to_iri = |s: &str| Some(UriRef::parse(s).ok()?.to_iri().into_owned());
        for (what, kernel, f) in [
            (
                "to_uri",
                urikit_arrow::to_uri as Kernel,
                &to_uri as &dyn Fn(&str) -> _,
            ),
            ("to_iri", urikit_arrow::to_iri, &to_iri),
        ] {
            let want: Vec<Option<String>> = rows.iter().map(|r| r.and_then(f)).collect();
            for ty in &TYPES {
                let out = kernel(&column(ty, &rows)).unwrap();
                assert_eq!(strings(&out), want, "{what} over {name} ({ty})");
            }
        }
        // The corpora are what they say: most wiki lines are IRIs and not
        // URIs, so both mappings change something there.
        if name == "wiki-iris.txt" {
            let non_ascii = lines.iter().filter(|l| !l.is_ascii()).count();
            assert!(
                non_ascii > lines.len() / 2,
                "{non_ascii} of {}",
                lines.len()
            );
        }
    }
}
