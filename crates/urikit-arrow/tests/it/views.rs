//! `views` and `host_confusion` over the views vectors
//! (`crates/urikit-views/tests/data/views/`): each row is what `urikit_views` gives
//! for that input (the kernels are a layer over it), the `java`, `whatwg`
//! and `curl` fields are what the real java.net.URI, Node's `URL` and
//! libcurl read (`expected.jsonl`, recorded from the real programs by its
//! `generate.py`), and the finding kinds are those worked out by hand in
//! `findings.txt`. Then nulls, the string types, dictionaries and the
//! `parsers` argument.

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, DictionaryArray, Scalar, StringArray, StructArray};
use arrow_schema::DataType;
use serde_json::Value;
use urikit_arrow::{Options, VIEW_FIELDS, view_parsers};
use urikit_views::{Parser, Reading, views, views_of};

use crate::common::{TYPES, column, strings};

const EXPECTED: &str = include_str!("../../../urikit-views/tests/data/views/expected.jsonl");

/// The recorded metadata (the real programs' versions) and records.
fn records() -> (Value, Vec<Value>) {
    let mut lines = EXPECTED.lines();
    let meta: Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    let records = lines.map(|l| serde_json::from_str(l).unwrap()).collect();
    (meta["meta"].clone(), records)
}

fn inputs() -> Vec<String> {
    records()
        .1
        .iter()
        .map(|r| r["input"].as_str().unwrap().to_string())
        .collect()
}

/// The vectors' inputs with a null after every seventh.
fn rows_with_nulls(inputs: &[String]) -> Vec<Option<&str>> {
    let mut rows = Vec::new();
    for (i, s) in inputs.iter().enumerate() {
        rows.push(Some(s.as_str()));
        if i % 7 == 6 {
            rows.push(None);
        }
    }
    rows
}

/// One parser's struct of a `views` output, row by row: null, its error
/// (`Err`), or its fields but `error` (`Ok`).
type Row = Option<Result<Vec<Option<String>>, String>>;

fn parser_rows(out: &dyn Array, parser: &str) -> Vec<Row> {
    let s = out.as_struct();
    let p = s.column_by_name(parser).unwrap().as_struct();
    let fields: Vec<Vec<Option<String>>> = VIEW_FIELDS
        .iter()
        .map(|f| strings(p.column_by_name(f).unwrap()))
        .collect();
    (0..p.len())
        .map(|i| {
            p.is_valid(i).then(|| match &fields[8][i] {
                Some(e) => {
                    assert!(
                        fields[..8].iter().all(|f| f[i].is_none()),
                        "{parser} row {i}"
                    );
                    Err(e.clone())
                }
                None => Ok(fields[..8].iter().map(|f| f[i].clone()).collect()),
            })
        })
        .collect()
}

/// A core reading in the shape of [`parser_rows`].
fn core_row(r: &Reading<'_>) -> Result<Vec<Option<String>>, String> {
    let own = |c: &Option<std::borrow::Cow<'_, str>>| c.as_deref().map(str::to_string);
    match r {
        Ok(v) => Ok(vec![
            own(&v.scheme),
            own(&v.userinfo),
            own(&v.host),
            v.host_kind.map(str::to_string),
            own(&v.port),
            own(&v.path),
            own(&v.query),
            own(&v.fragment),
        ]),
        Err(e) => Err(e.clone()),
    }
}

/// A `host_confusion` output's findings, row by row, as
/// `(kind, component, parsers, values, weight)`.
type FindingRow = (String, String, Vec<String>, Vec<Option<String>>, String);

fn finding_rows(out: &dyn Array) -> Vec<Option<Vec<FindingRow>>> {
    let l = out.as_list::<i32>();
    (0..l.len())
        .map(|i| {
            l.is_valid(i).then(|| {
                let v = l.value(i);
                let s = v.as_struct();
                let text = |n: &str| strings(s.column_by_name(n).unwrap());
                let list = |n: &str| {
                    let l = s.column_by_name(n).unwrap().as_list::<i32>();
                    (0..l.len())
                        .map(|k| strings(&l.value(k)))
                        .collect::<Vec<_>>()
                };
                let (kind, component, weight) = (text("kind"), text("component"), text("weight"));
                let (parsers, values) = (list("parsers"), list("values"));
                (0..s.len())
                    .map(|k| {
                        (
                            kind[k].clone().unwrap(),
                            component[k].clone().unwrap(),
                            parsers[k].iter().map(|p| p.clone().unwrap()).collect(),
                            values[k].clone(),
                            weight[k].clone().unwrap(),
                        )
                    })
                    .collect()
            })
        })
        .collect()
}

#[test]
fn every_row_is_the_librarys_views() {
    let inputs = inputs();
    assert!(inputs.len() >= 400, "{}", inputs.len());
    let rows = rows_with_nulls(&inputs);
    let available: Vec<Parser> = Parser::available().collect();
    for ty in &TYPES {
        let col = column(ty, &rows);
        let out = urikit_arrow::views(&col, &available).unwrap();
        assert_eq!(out.data_type(), &urikit_arrow::views_type(ty));
        assert_eq!(out.len(), rows.len());
        for p in view_parsers() {
            let got = parser_rows(&out, p.name());
            for (i, row) in rows.iter().enumerate() {
                let Some(s) = row else {
                    assert!(out.is_null(i) && got[i].is_none(), "{ty}: null row {i}");
                    continue;
                };
                let want = views(s).view(p).map(core_row);
                assert_eq!(got[i], want, "{ty} {p} {s:?}");
            }
        }
    }
}

#[test]
fn every_row_is_the_librarys_findings() {
    let inputs = inputs();
    let rows = rows_with_nulls(&inputs);
    let available: Vec<Parser> = Parser::available().collect();
    let mut with_findings = 0;
    for ty in &TYPES {
        let col = column(ty, &rows);
        let out = urikit_arrow::host_confusion(&col, &available).unwrap();
        assert_eq!(out.data_type(), &urikit_arrow::host_confusion_type(ty));
        let got = finding_rows(&out);
        for (i, row) in rows.iter().enumerate() {
            let Some(s) = row else {
                assert!(got[i].is_none(), "{ty}: null row {i}");
                continue;
            };
            let want: Vec<FindingRow> = views(s)
                .findings
                .iter()
                .map(|f| {
                    (
                        f.kind.name().to_string(),
                        f.component.to_string(),
                        f.parsers.iter().map(|p| p.name().to_string()).collect(),
                        f.values.clone(),
                        f.weight.name().to_string(),
                    )
                })
                .collect();
            with_findings += usize::from(!want.is_empty());
            assert_eq!(got[i].as_ref(), Some(&want), "{ty} {s:?}");
        }
    }
    // Most vectors are there because parsers disagree on them (213 of the
    // three columns' rows with rfc3986 and java alone).
    assert!(with_findings > 3 * 60, "{with_findings}");
}

/// A recorded view in the shape of [`parser_rows`] without `host_kind`
/// (which the real parsers' records do not name): `Err` for an error.
fn recorded(v: &Value) -> Result<Vec<Option<String>>, ()> {
    if v.get("error").is_some() {
        return Err(());
    }
    Ok(urikit_testdata::COMPONENTS
        .iter()
        .map(|k| v[k].as_str().map(str::to_string))
        .collect())
}

/// The kernel's fields of `parser` against what the real parser read, on
/// every recorded input; `empty_is_absent`: an empty query or fragment is
/// an absent one (Node's `search` and `hash` cannot tell them apart).
/// Returns the inputs that differ, and how many were compared.
fn against_real(parser: Parser, empty_is_absent: bool, skip: &[&str]) -> (Vec<String>, usize) {
    let (_, records) = records();
    let inputs: Vec<Option<&str>> = records.iter().map(|r| r["input"].as_str()).collect();
    let col = column(&DataType::Utf8View, &inputs);
    let out = urikit_arrow::views(&col, &[parser]).unwrap();
    let got = parser_rows(&out, parser.name());
    let mut differ = Vec::new();
    let mut compared = 0;
    for (r, g) in records.iter().zip(got) {
        let input = r["input"].as_str().unwrap();
        if skip.contains(&input) {
            continue;
        }
        compared += 1;
        let ours = match g.unwrap() {
            Err(_) => Err(()),
            Ok(mut f) => {
                f.remove(3); // host_kind
                if empty_is_absent {
                    for k in [5, 6] {
                        if f[k].as_deref() == Some("") {
                            f[k] = None;
                        }
                    }
                }
                Ok(f)
            }
        };
        let theirs = recorded(&r[parser.name()]);
        if ours != theirs {
            differ.push(format!("{input:?}: kernel {ours:?}, real {theirs:?}"));
        }
    }
    (differ, compared)
}

#[test]
fn java_fields_are_what_java_net_uri_read() {
    let (differ, n) = against_real(Parser::Java, false, &[]);
    assert!(n >= 400);
    assert!(
        differ.is_empty(),
        "{}:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

#[cfg(feature = "whatwg")]
#[test]
fn whatwg_fields_are_what_node_read() {
    // The one input where the url crate and Node differ (DEVIATIONS.md,
    // "Parser views": CheckBidi).
    let known = ["http://\u{661}\u{662}\u{663}.example/"];
    let (differ, n) = against_real(Parser::Whatwg, true, &known);
    assert!(n >= 400);
    assert!(
        differ.is_empty(),
        "{}:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

#[cfg(feature = "curl")]
#[test]
fn curl_fields_are_what_libcurl_read() {
    let (meta, _) = records();
    let recorded = meta["libcurl"].as_str().unwrap();
    let linked = urikit_views::libcurl_version();
    if !linked.starts_with(recorded) {
        let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
        assert!(
            !ci,
            "CI=true and libcurl {linked} is linked, the vectors were recorded with {recorded}"
        );
        eprintln!("note: skipped the curl vectors: linked {linked}, recorded with {recorded}");
        return;
    }
    let (differ, n) = against_real(Parser::Curl, false, &[]);
    assert!(n >= 400);
    assert!(
        differ.is_empty(),
        "{}:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

/// The kinds of `findings.txt` (worked out by hand), through the kernel.
#[cfg(all(feature = "whatwg", feature = "curl"))]
#[test]
fn finding_kinds_are_the_hand_worked_ones() {
    use std::collections::BTreeSet;
    const FINDINGS: &str = include_str!("../../../urikit-views/tests/data/views/findings.txt");
    let mut want = Vec::new();
    let mut inputs = Vec::new();
    for line in FINDINGS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (kinds, input) = line.split_once('\t').unwrap();
        inputs.push(serde_json::from_str::<String>(input).unwrap());
        want.push(
            kinds
                .split(',')
                .filter(|k| *k != "-")
                .map(str::to_string)
                .collect::<BTreeSet<String>>(),
        );
    }
    assert!(inputs.len() >= 40);
    let rows: Vec<Option<&str>> = inputs.iter().map(|s| Some(s.as_str())).collect();
    let col = column(&DataType::Utf8, &rows);
    // The parsers by name, as SQL passes them.
    let k = urikit_arrow::kernel("host_confusion").unwrap();
    let parsers = Scalar::new(StringArray::from(vec!["rfc3986,java,whatwg,curl"]));
    let out = k.invoke(&[&col, &parsers], &Options::default()).unwrap();
    let got = finding_rows(&out);
    let mut differ = Vec::new();
    for ((input, want), got) in inputs.iter().zip(want).zip(got) {
        let got: BTreeSet<String> = got.unwrap().into_iter().map(|f| f.0).collect();
        if got != want {
            differ.push(format!("{input:?}: want {want:?}, got {got:?}"));
        }
    }
    assert!(
        differ.is_empty(),
        "{}:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

/// Worked by hand: `http://a@b@c/`. RFC 3986 rejects the second `@` (not
/// allowed in a userinfo or a reg-name); java.net.URI keeps a registry
/// authority and has no host; the last `@` ends the userinfo for WHATWG
/// (which percent-encodes the first); libcurl 7.88.1 ends it at the first
/// and rejects the host `b@c` ("Bad hostname", as recorded).
#[test]
fn two_at_signs_by_hand() {
    let a = StringArray::from(vec!["http://a@b@c/"]);
    let out = urikit_arrow::views(&a, &[Parser::Rfc3986, Parser::Java]).unwrap();
    assert!(matches!(&parser_rows(&out, "rfc3986")[0], Some(Err(_))));
    let java = parser_rows(&out, "java")[0].clone().unwrap().unwrap();
    assert_eq!(java[0].as_deref(), Some("http"));
    assert_eq!(java[2], None);
    assert_eq!(java[5].as_deref(), Some("/"));
    #[cfg(all(feature = "whatwg", feature = "curl"))]
    {
        let out = urikit_arrow::views(&a, &[Parser::Whatwg, Parser::Curl]).unwrap();
        let w = parser_rows(&out, "whatwg")[0].clone().unwrap().unwrap();
        assert_eq!(
            (w[1].as_deref(), w[2].as_deref()),
            (Some("a%40b"), Some("c"))
        );
        assert!(matches!(&parser_rows(&out, "curl")[0], Some(Err(_))));
        let f = finding_rows(
            urikit_arrow::host_confusion(&a, &[Parser::Java, Parser::Whatwg])
                .unwrap()
                .as_ref(),
        );
        let host = f[0]
            .as_ref()
            .unwrap()
            .iter()
            .find(|f| f.0 == "host")
            .unwrap();
        assert_eq!(host.2, ["java", "whatwg"]);
        assert_eq!(host.3, [None, Some("c".to_string())]);
        assert_eq!(host.4, "high");
    }
}

#[test]
fn parsers_not_asked_for_are_null_structs() {
    let a = StringArray::from(vec![Some("http://example.com:8080/a?b#c"), None]);
    let out = urikit_arrow::views(&a, &[Parser::Java]).unwrap();
    let s: &StructArray = out.as_struct();
    assert!(s.is_valid(0) && s.is_null(1));
    for p in view_parsers() {
        let col = s.column_by_name(p.name()).unwrap();
        assert_eq!(col.is_valid(0), p == Parser::Java, "{p}");
        assert!(col.is_null(1));
    }
    let java = parser_rows(&out, "java")[0].clone().unwrap().unwrap();
    let want = [
        Some("http"),
        None,
        Some("example.com"),
        Some("name"),
        Some("8080"),
        Some("/a"),
        Some("b"),
        Some("c"),
    ];
    assert_eq!(java, want.map(|v| v.map(str::to_string)));
    // No parser at all: every parser's struct is null, the row is not; no
    // finding.
    let out = urikit_arrow::views(&a, &[]).unwrap();
    assert!(out.is_valid(0));
    let f = finding_rows(urikit_arrow::host_confusion(&a, &[]).unwrap().as_ref());
    assert_eq!(f, [Some(vec![]), None]);
}

#[test]
fn a_column_of_nulls_and_an_empty_column() {
    let p: Vec<Parser> = Parser::available().collect();
    for ty in &TYPES {
        let nulls = column(ty, &[None, None, None]);
        let v = urikit_arrow::views(&nulls, &p).unwrap();
        assert_eq!((v.len(), v.null_count()), (3, 3));
        let f = urikit_arrow::host_confusion(&nulls, &p).unwrap();
        assert_eq!((f.len(), f.null_count()), (3, 3));
        let empty = column(ty, &[]);
        assert_eq!(urikit_arrow::views(&empty, &p).unwrap().len(), 0);
        assert_eq!(urikit_arrow::host_confusion(&empty, &p).unwrap().len(), 0);
    }
}

#[test]
fn a_dictionary_is_read_through_string_column() {
    let dict: DictionaryArray<arrow_array::types::Int8Type> = vec![
        Some("http://a_b.example/"),
        None,
        Some("http://a_b.example/"),
    ]
    .into_iter()
    .collect();
    // The kernels take the three string types; a dictionary is decoded
    // first, as the SQL and Python faces do.
    assert!(urikit_arrow::views(&dict, &[Parser::Java]).is_err());
    let plain: ArrayRef = urikit_arrow::string_column(&dict).unwrap().unwrap();
    let p = [Parser::Rfc3986, Parser::Java];
    let f = finding_rows(urikit_arrow::host_confusion(&plain, &p).unwrap().as_ref());
    assert!(f[1].is_none());
    assert_eq!(f[0], f[2]);
    assert_eq!(f[0].as_ref().unwrap()[0].0, "host");
}

#[test]
fn the_views_of_a_view_column_point_into_its_buffers() {
    let long = "http://a-rather-long-host-name.example/a/long/path";
    let a = arrow_array::StringViewArray::from(vec![long]);
    let out = urikit_arrow::views(&a, &[Parser::Rfc3986]).unwrap();
    let host = out
        .as_struct()
        .column_by_name("rfc3986")
        .unwrap()
        .as_struct()
        .column_by_name("host")
        .unwrap()
        .as_string_view()
        .clone();
    assert_eq!(host.value(0), "a-rather-long-host-name.example");
    // The input's buffer is the output's first, and the host's view points
    // into it (no copy).
    assert_eq!(
        host.data_buffers()[0].as_ptr(),
        a.data_buffers()[0].as_ptr()
    );
    let view = arrow_data::ByteView::from(host.views()[0]);
    assert_eq!((view.buffer_index, view.offset), (0, 7));
}

#[test]
fn the_parsers_argument_is_checked() {
    let a = StringArray::from(vec!["http://a/"]);
    let k = urikit_arrow::kernel("views").unwrap();
    let o = Options::default();
    let err = |list: &str| {
        let p = Scalar::new(StringArray::from(vec![list]));
        k.invoke(&[&a, &p], &o).unwrap_err().to_string()
    };
    let e = err("rfc3986,ie6");
    assert!(
        e.contains("views: unknown parser 'ie6' (expected rfc3986, java, whatwg, curl, urllib, urllib3, yarl, httpx, go, php, ruby, ruby-rfc2396, node-legacy, fast-uri, url-parse, java-url, rust-http)"),
        "{e}"
    );
    assert!(err("").contains("unknown parser ''"));
    // urllib is read in Rust like every other parser.
    let p = Scalar::new(StringArray::from(vec!["urllib"]));
    let out = k.invoke(&[&a, &p], &o).unwrap();
    assert_eq!(
        parser_rows(&out, "urllib")[0].clone().unwrap().unwrap()[2].as_deref(),
        Some("a")
    );
    // Case matters, as for every name of the core.
    assert!(err("Java").contains("unknown parser 'Java'"));
    #[cfg(not(feature = "curl"))]
    assert!(err("curl").contains("the cargo feature `curl` brings it"));
    #[cfg(not(feature = "whatwg"))]
    assert!(err("whatwg").contains("the cargo feature `whatwg` brings it"));
    // A column is not a constant.
    let e = k.invoke(&[&a, &a], &o).unwrap_err().to_string();
    assert!(
        e.contains("views: the parsers must be a constant string"),
        "{e}"
    );
    // Spaces and repeats are fine; left out, it is the default set (those
    // of it the build has).
    let p = Scalar::new(StringArray::from(vec![" java , java"]));
    let out = k.invoke(&[&a, &p], &o).unwrap();
    assert_eq!(
        parser_rows(&out, "java")[0].clone().unwrap().unwrap()[2].as_deref(),
        Some("a")
    );
    let out = k.invoke(&[&a], &o).unwrap();
    for p in view_parsers() {
        let col = out
            .as_struct()
            .column_by_name(p.name())
            .unwrap()
            .is_valid(0);
        assert_eq!(col, Parser::DEFAULT.contains(&p) && p.is_available(), "{p}");
    }
    let hc = urikit_arrow::kernel("host_confusion").unwrap();
    let p = Scalar::new(StringArray::from(vec!["rfc3986,x"]));
    let e = hc.invoke(&[&a, &p], &o).unwrap_err().to_string();
    assert!(e.contains("host_confusion: unknown parser 'x'"), "{e}");
    // The Rust functions check the parsers too.
    #[cfg(not(feature = "curl"))]
    {
        let e = urikit_arrow::views(&a, &[Parser::Curl])
            .unwrap_err()
            .to_string();
        assert!(e.contains("views: the parser 'curl'"), "{e}");
    }
}

#[test]
fn views_of_agrees_with_the_kernel_for_a_subset() {
    // The findings of two parsers only are those of views_of over them.
    let inputs = inputs();
    let rows: Vec<Option<&str>> = inputs.iter().map(|s| Some(s.as_str())).collect();
    let col = column(&DataType::LargeUtf8, &rows);
    let p = [Parser::Java, Parser::Rfc3986];
    let got = finding_rows(urikit_arrow::host_confusion(&col, &p).unwrap().as_ref());
    for (s, g) in inputs.iter().zip(got) {
        let kinds: Vec<String> = g.unwrap().into_iter().map(|f| f.0).collect();
        let want: Vec<String> = views_of(s, &p)
            .findings
            .iter()
            .map(|f| f.kind.name().to_string())
            .collect();
        assert_eq!(kinds, want, "{s:?}");
    }
}
