//! The SQL kernels (`urikit-arrow`, which `urikit-datafusion` and the
//! Python binding call) over arbitrary Arrow arrays: the three string
//! types, dictionaries of them, `Null` columns, a type that holds no
//! strings, with nulls and slices. Every array goes through
//! `string_column` as the binding does; then every kernel runs: no panic,
//! one output row per input row, a null row gives null, and row by row the
//! library's answer (the host, validity, the resolved URI).

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::{Int8Type, Int32Type};
use arrow_array::{
    Array, ArrayRef, BooleanArray, DictionaryArray, Int32Array, LargeStringArray, NullArray,
    Scalar, StringArray, StringViewArray,
};
use urikit_views::{Parser, views_of};
use urikit_arrow::{EncodeSet, Level};

/// The array that `data` describes: its first byte picks the type and a
/// slice, the rest are rows split at `\n`, a row `\0` being null.
pub fn array_of(data: &[u8]) -> Option<ArrayRef> {
    let (&head, rest) = data.split_first()?;
    let text = String::from_utf8_lossy(rest);
    let rows: Vec<Option<&str>> = text
        .split('\n')
        .map(|r| if r == "\0" { None } else { Some(r) })
        .collect();
    let a: ArrayRef = match head % 8 {
        0 => Arc::new(StringArray::from(rows.clone())),
        1 => Arc::new(LargeStringArray::from(rows.clone())),
        2 => Arc::new(StringViewArray::from(rows.clone())),
        // (Int8 keys hold 128 distinct values: the first 100 rows.)
        3 => Arc::new(
            rows.iter()
                .take(100)
                .copied()
                .collect::<DictionaryArray<Int8Type>>(),
        ),
        4 => Arc::new(rows.iter().copied().collect::<DictionaryArray<Int32Type>>()),
        5 => {
            // A dictionary of views, with a null value (not only null keys).
            let values = Arc::new(StringViewArray::from(rows.clone()));
            let n = values.len() as i32;
            let keys = Int32Array::from_iter(
                (0..rows.len() as i32).map(|i| (i % 3 != 2).then_some((i * 7) % n)),
            );
            Arc::new(DictionaryArray::<Int32Type>::try_new(keys, values).ok()?)
        }
        6 => Arc::new(NullArray::new(rows.len())),
        _ => Arc::new(Int32Array::from_iter(
            rows.iter().map(|r| r.map(|s| s.len() as i32)),
        )),
    };
    // A slice, from the head's high bits.
    let offset = usize::from(head >> 3) % (a.len() + 1);
    Some(a.slice(offset, a.len() - offset))
}

pub fn check_arrow_kernels(data: &[u8]) {
    let Some(a) = array_of(data) else { return };
    let strings = match urikit_arrow::string_column(&a) {
        Ok(Some(decoded)) => decoded,
        Ok(None) => Arc::clone(&a),
        Err(_) => {
            assert!(
                !matches!(
                    a.data_type(),
                    arrow_schema::DataType::Utf8
                        | arrow_schema::DataType::LargeUtf8
                        | arrow_schema::DataType::Utf8View
                        | arrow_schema::DataType::Null
                ),
                "string_column refused {}",
                a.data_type()
            );
            assert!(
                urikit_arrow::host(&a).is_err(),
                "a kernel took {}",
                a.data_type()
            );
            return;
        }
    };
    let s = strings.as_ref();
    assert_eq!(s.len(), a.len(), "string_column keeps the rows");
    for i in 0..a.len() {
        if a.is_null(i) && !matches!(a.data_type(), arrow_schema::DataType::Dictionary(..)) {
            assert!(s.is_null(i), "row {i} was null");
        }
    }
    let rows: Vec<Option<String>> = match urikit_arrow::string_column(s) {
        Ok(None) => (0..s.len())
            .map(|i| {
                s.is_valid(i).then(|| match s.data_type() {
                    arrow_schema::DataType::Utf8 => s.as_string::<i32>().value(i).to_owned(),
                    arrow_schema::DataType::LargeUtf8 => s.as_string::<i64>().value(i).to_owned(),
                    _ => s.as_string_view().value(i).to_owned(),
                })
            })
            .collect(),
        other => panic!("string_column of its own output: {other:?}"),
    };

    let unary: [(
        &str,
        fn(&dyn Array) -> Result<ArrayRef, arrow_schema::ArrowError>,
    ); 20] = [
        ("parse", urikit_arrow::parse),
        ("scheme", urikit_arrow::scheme),
        ("authority", urikit_arrow::authority),
        ("userinfo", urikit_arrow::userinfo),
        ("host", urikit_arrow::host),
        ("port_text", urikit_arrow::port_text),
        ("path", urikit_arrow::path),
        ("query", urikit_arrow::query),
        ("fragment", urikit_arrow::fragment),
        ("path_segments", urikit_arrow::path_segments),
        ("query_params", urikit_arrow::query_params),
        ("extract", urikit_arrow::extract),
        ("lint", urikit_arrow::lint),
        ("host_reversed", urikit_arrow::host_reversed),
        ("surt", urikit_arrow::surt),
        ("public_suffix", urikit_arrow::public_suffix),
        ("registrable_domain", urikit_arrow::registrable_domain),
        ("decode", urikit_arrow::decode),
        ("to_uri", urikit_arrow::to_uri),
        ("to_iri", urikit_arrow::to_iri),
    ];
    for (name, f) in unary {
        let out = f(s).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(out.len(), s.len(), "{name}: rows");
        for (i, r) in rows.iter().enumerate() {
            if r.is_none() {
                assert!(out.is_null(i), "{name}: a null row gave a value");
            }
        }
    }
    // Every parser's view and where they differ (uri_views,
    // uri_host_confusion): a null row gives null, and row by row each
    // parser's host and the findings are urikit_views'.
    let parsers: Vec<Parser> = Parser::available().collect();
    let views = urikit_arrow::views(s, &parsers).unwrap();
    let confusion = urikit_arrow::host_confusion(s, &parsers).unwrap();
    assert_eq!((views.len(), confusion.len()), (s.len(), s.len()));
    let hosts: Vec<(Parser, Vec<Option<String>>)> = parsers
        .iter()
        .map(|p| {
            let view = views.as_struct().column_by_name(p.name()).unwrap();
            let host = view.as_struct().column_by_name("host").unwrap();
            (*p, string_rows(host.as_ref()))
        })
        .collect();
    let findings = confusion.as_list::<i32>();
    for (i, r) in rows.iter().enumerate() {
        let Some(r) = r else {
            assert!(views.is_null(i) && confusion.is_null(i), "views of a null row");
            continue;
        };
        let want = views_of(r, &parsers);
        let kinds = findings.value(i);
        let kinds = string_rows(kinds.as_struct().column(0).as_ref());
        let want_kinds: Vec<Option<String>> = want
            .findings
            .iter()
            .map(|f| Some(f.kind.name().to_owned()))
            .collect();
        assert_eq!(kinds, want_kinds, "host_confusion of {r:?}");
        for (p, host) in &hosts {
            let reading = want.view(*p).unwrap();
            let want = reading.as_ref().ok().and_then(|v| v.host.as_deref());
            assert_eq!(host[i].as_deref(), want, "{p} host of {r:?}");
        }
    }

    let norm = urikit_arrow::normalize(s, Level::Syntax).unwrap();
    assert_eq!(norm.len(), s.len());
    let enc = urikit_arrow::encode(s, EncodeSet::Path).unwrap();
    assert_eq!(enc.len(), s.len());

    // Row by row, the library's answer.
    let valid: BooleanArray = urikit_arrow::is_valid(s).unwrap();
    let host = urikit_arrow::host(s).unwrap();
    let host_rows = string_rows(host.as_ref());
    for (i, r) in rows.iter().enumerate() {
        let Some(r) = r else {
            assert!(valid.is_null(i));
            continue;
        };
        let parsed = urikit::UriRef::parse(r);
        assert_eq!(valid.value(i), parsed.is_ok(), "is_valid of {r:?}");
        let want = parsed
            .ok()
            .and_then(|u| u.host().map(|h| h.as_str().to_owned()));
        assert_eq!(host_rows[i], want, "host of {r:?}");
    }

    // Two arguments: a column against a scalar base, and against itself.
    let base = Scalar::new(StringArray::from(vec![
        rows.iter()
            .flatten()
            .next()
            .map_or("http://a/b/c", |v| v.as_str()),
    ]));
    for f in [
        urikit_arrow::resolve,
        urikit_arrow::make_relative,
        urikit_arrow::query_param,
    ] {
        if let Ok(out) = f(&base, &strings) {
            assert_eq!(out.len(), s.len());
        }
        let out = f(&strings, &strings).unwrap();
        assert_eq!(out.len(), s.len());
    }
    let eq = urikit_arrow::equivalent(&strings, &strings, Level::Syntax).unwrap();
    for (i, r) in rows.iter().enumerate() {
        if r.is_some() && valid.value(i) && eq.is_valid(i) {
            assert!(eq.value(i), "a valid row is equivalent to itself: {r:?}");
        }
    }
}

/// The rows of a string output of any of the three types.
fn string_rows(a: &dyn Array) -> Vec<Option<String>> {
    (0..a.len())
        .map(|i| {
            a.is_valid(i).then(|| match a.data_type() {
                arrow_schema::DataType::Utf8 => a.as_string::<i32>().value(i).to_owned(),
                arrow_schema::DataType::LargeUtf8 => a.as_string::<i64>().value(i).to_owned(),
                _ => a.as_string_view().value(i).to_owned(),
            })
        })
        .collect()
}
