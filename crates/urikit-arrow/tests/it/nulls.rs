//! Nulls stay null, invalid rows become null (or the error struct) without
//! failing the batch, sliced columns read the right rows, and `Utf8View`
//! components share the input's buffers.

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, Int32Array, Scalar, StringViewArray};
use urikit_arrow::{EncodeSet, Level};

use crate::common::{TYPES, column, lists, maps, strings};

/// Rows: a null, invalid references of several kinds, and one valid URI
/// (the last), so every kernel has something to say about each.
const ROWS: [Option<&str>; 6] = [
    None,
    Some("http://exa mple.com/"),
    Some("http://[::1/"),
    Some("%zz"),
    Some("http://h:99x/"),
    Some("http://user@www.example.com:8080/a/b?x=1#f"),
];

/// A kernel of one column.
type Unary = fn(&dyn Array) -> ArrayRef;

/// Every one-argument kernel, by name.
fn unary() -> Vec<(&'static str, Unary)> {
    vec![
        ("scheme", |a| urikit_arrow::scheme(a).unwrap()),
        ("userinfo", |a| urikit_arrow::userinfo(a).unwrap()),
        ("host", |a| urikit_arrow::host(a).unwrap()),
        ("port_text", |a| urikit_arrow::port_text(a).unwrap()),
        ("path", |a| urikit_arrow::path(a).unwrap()),
        ("query", |a| urikit_arrow::query(a).unwrap()),
        ("fragment", |a| urikit_arrow::fragment(a).unwrap()),
        ("authority", |a| urikit_arrow::authority(a).unwrap()),
        ("port", |a| {
            std::sync::Arc::new(urikit_arrow::port(a).unwrap())
        }),
        ("normalize", |a| {
            urikit_arrow::normalize(a, Level::Syntax).unwrap()
        }),
        ("host_reversed", |a| urikit_arrow::host_reversed(a).unwrap()),
        ("surt", |a| urikit_arrow::surt(a).unwrap()),
        ("registrable_domain", |a| {
            urikit_arrow::registrable_domain(a).unwrap()
        }),
        ("public_suffix", |a| urikit_arrow::public_suffix(a).unwrap()),
        ("path_segments", |a| urikit_arrow::path_segments(a).unwrap()),
        ("query_params", |a| urikit_arrow::query_params(a).unwrap()),
        ("lint", |a| urikit_arrow::lint(a).unwrap()),
    ]
}

#[test]
fn null_and_invalid_rows_give_null_and_the_valid_row_a_value() {
    for ty in &TYPES {
        let input = column(ty, &ROWS);
        for (name, k) in unary() {
            let out = k(&input);
            assert_eq!(out.len(), ROWS.len(), "{name}");
            for i in 0..ROWS.len() - 1 {
                assert!(out.is_null(i), "{name} ({ty}) row {i} is null");
            }
            assert!(
                out.is_valid(ROWS.len() - 1),
                "{name} ({ty}) valid row has a value"
            );
        }
        // is_valid: null only for the null row, false for the invalid ones.
        let v = urikit_arrow::is_valid(&input).unwrap();
        let v: Vec<_> = v.iter().collect();
        assert_eq!(
            v,
            [
                None,
                Some(false),
                Some(false),
                Some(false),
                Some(false),
                Some(true)
            ]
        );
    }
}

#[test]
fn the_parse_struct_carries_each_error() {
    for ty in &TYPES {
        let out = urikit_arrow::parse(&column(ty, &ROWS)).unwrap();
        let st = out.as_struct();
        assert!(st.is_null(0));
        let kind = strings(st.column_by_name("error_kind").unwrap());
        let index = st
            .column_by_name("error_index")
            .unwrap()
            .as_primitive::<arrow_array::types::UInt64Type>();
        // Independent expectations: the offending byte of each input.
        assert_eq!(
            (kind[1].as_deref(), index.value(1)),
            (Some("invalid-character"), 10)
        );
        // `/` cannot be in an IP literal: the error is at it or before.
        assert!(kind[2].is_some() && index.value(2) <= 11);
        // The library points at the `%` of a bad triplet.
        assert_eq!(kind[3].as_deref(), Some("invalid-percent-encoding"));
        assert!(index.value(3) <= 1);
        assert_eq!(
            (kind[4].as_deref(), index.value(4)),
            (Some("invalid-port"), 11)
        );
        assert!(kind[5].is_none() && index.is_null(5));
        let host = strings(st.column_by_name("host").unwrap());
        assert_eq!(host[5].as_deref(), Some("www.example.com"));
        let hk = strings(st.column_by_name("host_kind").unwrap());
        assert_eq!(hk[5].as_deref(), Some("reg-name"));
    }
}

#[test]
fn the_valid_row_gives_the_documented_values() {
    // Expected values written from RFC 3986's component definitions and
    // the public suffix list, not from the kernels.
    let input = column(&arrow_schema::DataType::Utf8View, &ROWS);
    let last = |a: ArrayRef| strings(&a).pop().unwrap();
    assert_eq!(
        last(urikit_arrow::authority(&input).unwrap()).as_deref(),
        Some("user@www.example.com:8080")
    );
    assert_eq!(
        last(urikit_arrow::host_reversed(&input).unwrap()).as_deref(),
        Some("com.example.www")
    );
    assert_eq!(
        last(urikit_arrow::surt(&input).unwrap()).as_deref(),
        Some("com,example:8080)/a/b?x=1")
    );
    assert_eq!(
        last(urikit_arrow::registrable_domain(&input).unwrap()).as_deref(),
        Some("example.com")
    );
    assert_eq!(
        last(urikit_arrow::public_suffix(&input).unwrap()).as_deref(),
        Some("com")
    );
    let segs = lists(&urikit_arrow::path_segments(&input).unwrap());
    assert_eq!(
        segs[5].as_deref(),
        Some(&["a".to_string(), "b".to_string()][..])
    );
    let m = maps(&urikit_arrow::query_params(&input).unwrap());
    assert_eq!(
        m[5].as_deref(),
        Some(&[("x".to_string(), "1".to_string())][..])
    );
    assert_eq!(urikit_arrow::port(&input).unwrap().value(5), 8080);
}

#[test]
fn two_argument_kernels_null_on_either_side() {
    for ty in &TYPES {
        let base = column(
            ty,
            &[
                Some("http://a/b"),
                None,
                Some("rel/only"),
                Some("http://a/b"),
                Some("http://a/b"),
            ],
        );
        let refs = column(ty, &[None, Some("c"), Some("c"), Some("%"), Some("c")]);
        let r = strings(&urikit_arrow::resolve(&base, &refs).unwrap());
        assert_eq!(r, [None, None, None, None, Some("http://a/c".to_string())]);
        // `rel/only` is a valid relative reference, which comparison takes.
        let e = urikit_arrow::equivalent(&base, &refs, Level::Syntax).unwrap();
        assert_eq!(e.null_count(), 3);
        assert!(!e.value(2));
        let m = strings(
            &urikit_arrow::make_relative(
                &base,
                &column(
                    ty,
                    &[
                        None,
                        Some("http://a/c"),
                        Some("http://a/c"),
                        Some("%"),
                        Some("http://a/c"),
                    ],
                ),
            )
            .unwrap(),
        );
        assert_eq!(m, [None, None, None, None, Some("c".to_string())]);
        // A null scalar makes every row null.
        let null_base = Scalar::new(column(ty, &[None]));
        let r = urikit_arrow::resolve(&null_base, &refs).unwrap();
        assert_eq!(r.null_count(), 5);
        let q = urikit_arrow::query_param(
            &column(ty, &[Some("/?a=1")]),
            &Scalar::new(column(ty, &[None])),
        )
        .unwrap();
        assert!(q.is_null(0));
    }
}

#[test]
fn encode_and_decode_keep_nulls() {
    for ty in &TYPES {
        let a = column(ty, &[None, Some("a b"), Some("%E9")]);
        assert_eq!(
            strings(&urikit_arrow::encode(&a, EncodeSet::Query).unwrap()),
            [None, Some("a%20b".into()), Some("%25E9".into())]
        );
        // %E9 alone is not UTF-8: null, and the batch goes on.
        assert_eq!(
            strings(&urikit_arrow::decode(&a).unwrap()),
            [None, Some("a b".into()), None]
        );
    }
}

#[test]
fn wrong_argument_types_and_lengths_are_errors_not_panics() {
    let ints = Int32Array::from(vec![1, 2]);
    assert!(urikit_arrow::host(&ints).is_err());
    assert!(urikit_arrow::parse(&ints).is_err());
    let a = column(&arrow_schema::DataType::Utf8, &[Some("a"), Some("b")]);
    let b = column(&arrow_schema::DataType::Utf8, &[Some("a")]);
    assert!(urikit_arrow::resolve(&a, &b).is_err());
}

#[test]
fn view_components_point_into_the_input_buffers() {
    // Long values, so that the views are not inline.
    let rows: Vec<String> = (0..100)
        .map(|i| format!("https://host-number-{i}.example.org/some/long/path/{i}?query=value-{i}"))
        .collect();
    let input = StringViewArray::from(rows.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(!input.data_buffers().is_empty());
    for (name, out) in [
        ("host", urikit_arrow::host(&input).unwrap()),
        ("path", urikit_arrow::path(&input).unwrap()),
        ("query", urikit_arrow::query(&input).unwrap()),
        (
            "normalize",
            urikit_arrow::normalize(&input, Level::Syntax).unwrap(),
        ),
    ] {
        let out = out.as_string_view();
        assert_eq!(
            out.data_buffers().len(),
            input.data_buffers().len(),
            "{name}: no buffer of its own"
        );
        for (o, i) in out.data_buffers().iter().zip(input.data_buffers()) {
            assert_eq!(o.as_ptr(), i.as_ptr(), "{name}: the same buffer");
        }
        assert!(out.iter().all(|v| v.is_some()));
    }
    let hosts = strings(&urikit_arrow::host(&input).unwrap());
    assert_eq!(hosts[7].as_deref(), Some("host-number-7.example.org"));
}

#[test]
fn sliced_columns_read_their_own_rows() {
    for ty in &TYPES {
        let rows: Vec<Option<&str>> = vec![
            Some("http://zero.example/"),
            None,
            Some("http://two.example.with.a.long.name/"),
            Some("bad host://x"),
            Some("http://four.example.with.a.long.name/"),
        ];
        let full = column(ty, &rows);
        let part = full.slice(1, 4);
        let h = strings(&urikit_arrow::host(&part).unwrap());
        assert_eq!(
            h,
            [
                None,
                Some("two.example.with.a.long.name".into()),
                None,
                Some("four.example.with.a.long.name".into())
            ]
        );
        let s = urikit_arrow::parse(&part).unwrap();
        assert!(s.is_null(0) && s.is_valid(1));
    }
}
