//! The kernel table (`KERNELS`): its entries are well formed, and each
//! example gives the result it documents.

use std::collections::HashSet;

use arrow_array::cast::AsArray;
use arrow_array::{Array, Datum, Scalar, StringArray};
use arrow_schema::DataType;
use urikit_arrow::{Family, KERNELS, Options, Returns};

#[test]
fn names_are_unique_and_sql_names_follow_the_family() {
    let mut names = HashSet::new();
    let mut sql = HashSet::new();
    for k in KERNELS {
        assert!(names.insert(k.name), "{} twice", k.name);
        assert!(sql.insert(k.sql_name()), "{} twice", k.sql_name());
        match k.family {
            Family::Uri => assert_eq!(k.sql_name(), format!("uri_{}", k.name)),
            Family::Spark => assert_eq!(k.sql_name(), k.name),
        }
        assert!(
            k.name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
            "{}: a name is lower-case words joined by _",
            k.name
        );
        assert!(urikit_arrow::kernel(k.name).is_some_and(|f| std::ptr::eq(f, k)));
    }
}

#[test]
fn entries_are_well_formed() {
    for k in KERNELS {
        assert!(!k.params.is_empty(), "{}", k.name);
        assert!(
            !k.params[0].constant,
            "{}: the first argument is the rows",
            k.name
        );
        let first_optional = k.params.iter().position(|p| p.optional);
        if let Some(i) = first_optional {
            assert!(
                k.params[i..].iter().all(|p| p.optional),
                "{}: optional arguments come last",
                k.name
            );
        }
        assert!(k.description.ends_with('.'), "{}: a sentence", k.name);
        let n = k.example.args.len();
        assert!(
            n >= k.min_args() && n <= k.max_args(),
            "{}: the example's arguments",
            k.name
        );
        let spark = k.family == Family::Spark;
        assert_eq!(spark, k.feature == Some("spark"), "{}", k.name);
    }
}

#[test]
fn the_arity_is_checked() {
    let a = StringArray::from(vec!["http://a/"]);
    let host = urikit_arrow::kernel("host").unwrap();
    let err = host.invoke(&[&a, &a], &Options::default()).unwrap_err();
    assert!(
        err.to_string().contains("host takes 1 arguments, not 2"),
        "{err}"
    );
    let eq = urikit_arrow::kernel("equivalent").unwrap();
    assert_eq!((eq.min_args(), eq.max_args()), (2, 3));
    assert_eq!(eq.syntax(), "uri_equivalent(a, b[, level])");
    assert!(eq.invoke(&[&a], &Options::default()).is_err());
}

#[test]
fn constants_must_be_scalars_and_known() {
    let a = StringArray::from(vec!["HTTP://A/"]);
    let norm = urikit_arrow::kernel("normalize").unwrap();
    let err = norm.invoke(&[&a, &a], &Options::default()).unwrap_err();
    assert!(
        err.to_string()
            .contains("the level must be a constant string"),
        "{err}"
    );
    let bad = Scalar::new(StringArray::from(vec!["loose"]));
    let err = norm.invoke(&[&a, &bad], &Options::default()).unwrap_err();
    assert!(
        err.to_string()
            .contains("normalize: unknown level 'loose' (expected string, syntax, scheme)"),
        "{err}"
    );
    let enc = urikit_arrow::kernel("encode").unwrap();
    let err = enc.invoke(&[&a, &bad], &Options::default()).unwrap_err();
    // The sets are the core's, all of them.
    for set in urikit_arrow::EncodeSet::ALL {
        assert!(err.to_string().contains(set.name()), "{err}");
    }
}

/// A one-row result as the `sql` field shows it, for the types this crate
/// can show without a formatter (strings, booleans, numbers).
fn shown(out: &dyn Array) -> Option<String> {
    assert_eq!(out.len(), 1);
    if out.is_null(0) {
        return Some("NULL".into());
    }
    Some(match out.data_type() {
        DataType::Utf8 => out.as_string::<i32>().value(0).to_string(),
        DataType::Boolean => out.as_boolean().value(0).to_string(),
        DataType::UInt16 => out
            .as_primitive::<arrow_array::types::UInt16Type>()
            .value(0)
            .to_string(),
        _ => return None,
    })
}

#[test]
fn examples_give_their_results() {
    let mut checked = 0;
    for k in KERNELS {
        let first = StringArray::from(vec![k.example.args[0]]);
        let rest: Vec<Scalar<StringArray>> = k.example.args[1..]
            .iter()
            .map(|a| Scalar::new(StringArray::from(vec![*a])))
            .collect();
        let mut args: Vec<&dyn Datum> = vec![&first];
        args.extend(rest.iter().map(|s| s as &dyn Datum));
        let out = k.invoke(&args, &Options::default()).unwrap();
        assert_eq!(
            out.data_type(),
            &k.returns.data_type(&DataType::Utf8),
            "{}",
            k.name
        );
        if let Some(v) = shown(&out) {
            assert_eq!(v, k.example.sql, "{}", k.name);
            checked += 1;
        } else {
            assert!(matches!(
                k.returns,
                Returns::List | Returns::Map | Returns::Parse | Returns::Views | Returns::Findings
            ));
        }
    }
    // The lists, maps and the struct are checked by urikit-datafusion's
    // tests, through DataFusion's formatter.
    assert!(checked >= 20, "{checked}");
}

#[cfg(all(feature = "idna", feature = "spark"))]
#[test]
fn feature_gated_kernels_are_listed_with_their_feature() {
    for (name, feature) in [
        ("host_ascii", "idna"),
        ("host_unicode", "idna"),
        ("parse_url", "spark"),
        ("try_parse_url", "spark"),
        ("url_encode", "spark"),
        ("url_decode", "spark"),
        ("try_url_decode", "spark"),
    ] {
        assert_eq!(urikit_arrow::kernel(name).unwrap().feature, Some(feature));
    }
}

#[cfg(feature = "spark")]
#[test]
fn parse_url_reads_the_ansi_option() {
    let k = urikit_arrow::kernel("parse_url").unwrap();
    let url = StringArray::from(vec!["http://a b/"]);
    let part = Scalar::new(StringArray::from(vec!["HOST"]));
    let err = k
        .invoke(&[&url, &part], &Options { ansi: true })
        .unwrap_err();
    assert!(err.to_string().contains("[INVALID_URL]"), "{err}");
    let out = k.invoke(&[&url, &part], &Options { ansi: false }).unwrap();
    assert!(out.is_null(0));
}

/// A kernel's `slice` (its logic for one row, which the DuckDB extension
/// calls row by row) belongs to a one-argument string kernel, gives the
/// kernel's own answer on every row, and that answer is a slice of the row
/// (the extension builds its result from where the slice lies).
#[test]
fn slices_are_the_kernels_answers_and_slices_of_the_row() {
    let mut lines = crate::common::corpus_lines("gsd-urls.txt");
    lines.extend(crate::common::corpus_lines("open-redirect-payloads.txt"));
    lines.extend(["", "http://[::1]:80/", "//h", "a:", "?#", "http://a b/"].map(String::from));
    let utf8 = StringArray::from_iter_values(&lines);
    let view = arrow_array::StringViewArray::from_iter_values(&lines);
    let mut with_slice = Vec::new();
    for k in KERNELS {
        let Some(slice) = k.slice else { continue };
        with_slice.push(k.name);
        assert_eq!(
            (k.max_args(), k.returns),
            (1, Returns::String),
            "{}",
            k.name
        );
        for (column, ty) in [(&utf8 as &dyn Datum, "Utf8"), (&view, "Utf8View")] {
            let out = k.invoke(&[column], &Options::default()).unwrap();
            let got = crate::common::strings(out.as_ref());
            for (row, want) in lines.iter().zip(&got) {
                let s = slice(row);
                assert_eq!(s, want.as_deref(), "{} ({ty}) on {row:?}", k.name);
                if let Some(s) = s {
                    let at = (s.as_ptr() as usize).checked_sub(row.as_ptr() as usize);
                    let inside = at.is_some_and(|at| at + s.len() <= row.len());
                    assert!(inside, "{}: not a slice of {row:?}", k.name);
                }
            }
        }
    }
    let want = [
        "scheme",
        "authority",
        "userinfo",
        "host",
        "port_text",
        "path",
        "query",
        "fragment",
    ];
    assert_eq!(with_slice, want);
}
