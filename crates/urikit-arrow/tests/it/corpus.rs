//! Every kernel agrees with the library's own answer, row by row, on every
//! line of the gsd corpus (../shared/corpus/gsd-urls.txt when it is there,
//! else the committed sample) and every pair of cc-relative-10k.csv, for
//! each of the three string types. Every 37th row is made null, to check
//! that nulls stay in place among the values.

use arrow_array::cast::AsArray;
use arrow_array::types::UInt64Type;
use arrow_array::{Array, ArrayRef, Scalar};
use arrow_schema::DataType;
use urikit::compare::{Comparison, Level};
use urikit::normalize::Normalizer;
use urikit::{Uri, UriRef, percent, security, text};

use crate::common::{self, TYPES, column, corpus_lines, lists, maps, strings};

/// The corpus as rows, with every 37th one null.
fn rows(lines: &[String]) -> Vec<Option<&str>> {
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| (i % 37 != 5).then_some(l.as_str()))
        .collect()
}

fn gsd() -> Vec<String> {
    corpus_lines("gsd-urls.txt")
}

/// Check a string kernel against `want` on every row, for every type.
fn check_strings(
    name: &str,
    lines: &[String],
    kernel: impl Fn(&dyn Array) -> ArrayRef,
    want: impl Fn(&str) -> Option<String>,
) {
    let rows = rows(lines);
    let expected: Vec<Option<String>> = rows.iter().map(|r| r.and_then(&want)).collect();
    for ty in &TYPES {
        let input = column(ty, &rows);
        let out = kernel(&input);
        assert_eq!(out.data_type(), ty, "{name}: output type");
        let got = strings(&out);
        for (i, (g, w)) in got.iter().zip(&expected).enumerate() {
            assert_eq!(g, w, "{name} ({ty}) row {i}: {:?}", rows[i]);
        }
        assert_eq!(got.len(), expected.len());
    }
}

fn parsed(s: &str) -> Option<UriRef<'_>> {
    UriRef::parse(s).ok()
}

#[test]
fn components_agree_with_the_library() {
    let lines = gsd();
    let own = |v: Option<&str>| v.map(str::to_owned);
    check_strings(
        "scheme",
        &lines,
        |a| urikit_arrow::scheme(a).unwrap(),
        |s| own(parsed(s)?.scheme()),
    );
    check_strings(
        "userinfo",
        &lines,
        |a| urikit_arrow::userinfo(a).unwrap(),
        |s| own(parsed(s)?.userinfo()),
    );
    check_strings(
        "host",
        &lines,
        |a| urikit_arrow::host(a).unwrap(),
        |s| own(parsed(s)?.host_str()),
    );
    check_strings(
        "port_text",
        &lines,
        |a| urikit_arrow::port_text(a).unwrap(),
        |s| own(parsed(s)?.port()),
    );
    check_strings(
        "path",
        &lines,
        |a| urikit_arrow::path(a).unwrap(),
        |s| Some(parsed(s)?.path().to_owned()),
    );
    check_strings(
        "query",
        &lines,
        |a| urikit_arrow::query(a).unwrap(),
        |s| own(parsed(s)?.query()),
    );
    check_strings(
        "fragment",
        &lines,
        |a| urikit_arrow::fragment(a).unwrap(),
        |s| own(parsed(s)?.fragment()),
    );
    check_strings(
        "authority",
        &lines,
        |a| urikit_arrow::authority(a).unwrap(),
        |s| own(parsed(s)?.authority()),
    );
}

#[test]
fn port_and_is_valid_agree_with_the_library() {
    let lines = gsd();
    let rows = rows(&lines);
    for ty in &TYPES {
        let input = column(ty, &rows);
        let port = urikit_arrow::port(&input).unwrap();
        let valid = urikit_arrow::is_valid(&input).unwrap();
        for (i, r) in rows.iter().enumerate() {
            let want_port = r.and_then(parsed).and_then(|u| u.port_u16().ok().flatten());
            assert_eq!(
                port.is_valid(i).then(|| port.value(i)),
                want_port,
                "port row {i}"
            );
            let want_valid = r.map(|s| UriRef::parse(s).is_ok());
            assert_eq!(
                valid.is_valid(i).then(|| valid.value(i)),
                want_valid,
                "valid row {i}"
            );
        }
    }
}

#[test]
fn parse_struct_agrees_with_the_library() {
    let lines = gsd();
    let rows = rows(&lines);
    for ty in &TYPES {
        let input = column(ty, &rows);
        let out = urikit_arrow::parse(&input).unwrap();
        assert_eq!(out.data_type(), &urikit_arrow::parse_type(ty));
        let st = out.as_struct();
        let field = |name: &str| strings(st.column_by_name(name).unwrap());
        let (scheme, userinfo, host, host_kind) = (
            field("scheme"),
            field("userinfo"),
            field("host"),
            field("host_kind"),
        );
        let (port, path, query, fragment) = (
            field("port"),
            field("path"),
            field("query"),
            field("fragment"),
        );
        let kind = field("error_kind");
        let valid = st.column_by_name("valid").unwrap().as_boolean().clone();
        let index = st
            .column_by_name("error_index")
            .unwrap()
            .as_primitive::<UInt64Type>()
            .clone();
        let own = |v: Option<&str>| v.map(str::to_owned);
        for (i, r) in rows.iter().enumerate() {
            let Some(s) = r else {
                assert!(st.is_null(i), "null row {i} gives a null struct");
                continue;
            };
            assert!(st.is_valid(i));
            match UriRef::parse(s) {
                Ok(u) => {
                    assert!(valid.value(i), "row {i}");
                    assert_eq!(scheme[i], own(u.scheme()), "row {i}");
                    assert_eq!(userinfo[i], own(u.userinfo()), "row {i}");
                    assert_eq!(host[i], own(u.host_str()), "row {i}");
                    assert_eq!(
                        host_kind[i],
                        own(u.host_kind().map(|k| k.name())),
                        "row {i}"
                    );
                    assert_eq!(port[i], own(u.port()), "row {i}");
                    assert_eq!(path[i].as_deref(), Some(u.path()), "row {i}");
                    assert_eq!(query[i], own(u.query()), "row {i}");
                    assert_eq!(fragment[i], own(u.fragment()), "row {i}");
                    assert!(index.is_null(i) && kind[i].is_none(), "row {i}");
                }
                Err(e) => {
                    assert!(!valid.value(i), "row {i}");
                    assert_eq!(index.value(i), e.index() as u64, "row {i}");
                    assert_eq!(kind[i].as_deref(), Some(e.kind().name()), "row {i}");
                    assert!(scheme[i].is_none() && path[i].is_none() && host[i].is_none());
                }
            }
        }
    }
}

#[test]
fn query_kernels_agree_with_the_library() {
    let lines = gsd();
    let rows = rows(&lines);
    for ty in &TYPES {
        let input = column(ty, &rows);
        let got = maps(&urikit_arrow::query_params(&input).unwrap());
        let segs = lists(&urikit_arrow::path_segments(&input).unwrap());
        for (i, r) in rows.iter().enumerate() {
            let u = r.and_then(parsed);
            let want = u.filter(|u| u.query().is_some()).map(|u| {
                u.query_pairs()
                    .decoded()
                    .map(|(k, v)| (k.into_owned(), v.into_owned()))
                    .collect::<Vec<_>>()
            });
            assert_eq!(got[i], want, "query_params row {i}");
            let want = u.map(|u| {
                u.path_segments()
                    .decoded()
                    .map(|s| s.into_owned())
                    .collect::<Vec<_>>()
            });
            assert_eq!(segs[i], want, "path_segments row {i}");
        }
        // The first value of each of a few common keys, the name a scalar.
        for name in ["id", "q", "page", "utm_source"] {
            let n = Scalar::new(column(ty, &[Some(name)]));
            let got = strings(&urikit_arrow::query_param(&input, &n).unwrap());
            for (i, r) in rows.iter().enumerate() {
                let want = r
                    .and_then(parsed)
                    .filter(|u| u.query().is_some())
                    .and_then(|u| {
                        u.query_pairs()
                            .decoded()
                            .find(|(k, _)| k == name)
                            .map(|(_, v)| v.into_owned())
                    });
                assert_eq!(got[i], want, "query_param {name} row {i}");
            }
        }
    }
}

#[test]
fn normalize_and_equivalent_agree_with_the_library() {
    let lines = gsd();
    for level in [Level::String, Level::Syntax, Level::Scheme] {
        let normalizer = Normalizer::new(level);
        check_strings(
            level.name(),
            &lines,
            |a| urikit_arrow::normalize(a, level).unwrap(),
            |s| {
                let u = parsed(s)?;
                Some(match level {
                    Level::String => s.to_owned(),
                    _ => u.normalize_with(&normalizer).into_string(),
                })
            },
        );
    }
    // Each line against its own scheme-normalized form.
    let rows = rows(&lines);
    let normal: Vec<Option<String>> = rows
        .iter()
        .map(|r| {
            r.and_then(parsed).map(|u| {
                u.normalize_with(&Normalizer::new(Level::Scheme))
                    .into_string()
            })
        })
        .collect();
    let normal_rows: Vec<Option<&str>> = normal.iter().map(Option::as_deref).collect();
    for ty in &TYPES {
        for level in [Level::String, Level::Syntax, Level::Scheme] {
            let (a, b) = (column(ty, &rows), column(ty, &normal_rows));
            let got = urikit_arrow::equivalent(&a, &b, level).unwrap();
            let cmp = Comparison::new(level);
            for (i, (x, y)) in rows.iter().zip(&normal_rows).enumerate() {
                let want = match (x.and_then(parsed), y.and_then(parsed)) {
                    (Some(p), Some(q)) => Some(cmp.equivalent(p, q).unwrap()),
                    _ => None,
                };
                assert_eq!(
                    got.is_valid(i).then(|| got.value(i)),
                    want,
                    "equivalent {level} row {i}"
                );
            }
        }
    }
}

#[test]
fn encode_and_decode_agree_with_the_library() {
    let lines = gsd();
    check_strings(
        "decode",
        &lines,
        |a| urikit_arrow::decode(a).unwrap(),
        |s| percent::decode(s).to_str().ok().map(|c| c.into_owned()),
    );
    for (name, class) in [
        ("segment", &percent::PATH_SEGMENT),
        ("query-pair", &percent::QUERY_PAIR),
        ("unreserved", &percent::UNRESERVED),
    ] {
        let set = urikit_arrow::EncodeSet::from_name(name).unwrap();
        check_strings(
            name,
            &lines,
            |a| urikit_arrow::encode(a, set).unwrap(),
            |s| Some(percent::encode(s, class).to_string()),
        );
    }
}

#[test]
fn list_kernels_agree_with_the_library() {
    let lines = gsd();
    let rows = rows(&lines);
    for ty in &TYPES {
        let input = column(ty, &rows);
        let found = lists(&urikit_arrow::extract(&input).unwrap());
        let lint = lists(&urikit_arrow::lint(&input).unwrap());
        for (i, r) in rows.iter().enumerate() {
            let want = r.map(|s| {
                text::extract(s)
                    .map(|m| m.as_str().to_owned())
                    .collect::<Vec<_>>()
            });
            assert_eq!(found[i], want, "extract row {i}");
            let want = r.and_then(parsed).map(|u| {
                security::lint(u)
                    .unwrap()
                    .iter()
                    .map(|f| f.kind().name().to_owned())
                    .collect::<Vec<_>>()
            });
            assert_eq!(lint[i], want, "lint row {i}");
        }
    }
}

#[test]
fn host_kernels_agree_with_the_library_and_psl() {
    let lines = gsd();
    // Registered names: reversed label by label, so reversing twice gives
    // the host back; IP hosts as they are.
    check_strings(
        "host_reversed",
        &lines,
        |a| urikit_arrow::host_reversed(a).unwrap(),
        |s| {
            let u = parsed(s)?;
            let h = u.host()?;
            Some(match h.kind() {
                urikit::HostKind::RegName => {
                    h.as_str().split('.').rev().collect::<Vec<_>>().join(".")
                }
                _ => h.as_str().to_owned(),
            })
        },
    );
    let psl_name = |s: &str| -> Option<String> {
        let u = parsed(s)?;
        let h = u.host()?;
        if h.kind() != urikit::HostKind::RegName || h.as_str().is_empty() {
            return None;
        }
        Some(
            percent::decode(h.as_str())
                .to_str()
                .ok()?
                .to_ascii_lowercase(),
        )
    };
    check_strings(
        "public_suffix",
        &lines,
        |a| urikit_arrow::public_suffix(a).unwrap(),
        |s| psl::suffix_str(&psl_name(s)?).map(str::to_owned),
    );
    check_strings(
        "registrable_domain",
        &lines,
        |a| urikit_arrow::registrable_domain(a).unwrap(),
        |s| psl::domain_str(&psl_name(s)?).map(str::to_owned),
    );
    // SURT: the key of a valid absolute URI has its reversed host before
    // `)`, and two URIs that are equivalent after scheme-based
    // normalization have the same key.
    let rows = rows(&lines);
    let normal: Vec<Option<String>> = rows
        .iter()
        .map(|r| {
            r.and_then(|s| Uri::parse(s).ok()).map(|u| {
                u.normalize_with(&Normalizer::new(Level::Scheme))
                    .into_string()
            })
        })
        .collect();
    let normal_rows: Vec<Option<&str>> = normal.iter().map(Option::as_deref).collect();
    for ty in &TYPES {
        let a = strings(&urikit_arrow::surt(&column(ty, &rows)).unwrap());
        let b = strings(&urikit_arrow::surt(&column(ty, &normal_rows)).unwrap());
        for (i, r) in rows.iter().enumerate() {
            let uri = r.and_then(|s| Uri::parse(s).ok());
            assert_eq!(
                a[i].is_some(),
                uri.is_some(),
                "surt row {i}: null exactly when not a URI"
            );
            assert_eq!(
                a[i], b[i],
                "surt row {i}: normalizing first changes nothing"
            );
            let host = uri.as_ref().and_then(|u| u.host());
            if let (Some(key), Some(host)) = (&a[i], host)
                && host.kind() == urikit::HostKind::RegName
                && !host.as_str().is_empty()
            {
                let last = host
                    .as_str()
                    .trim_end_matches('.')
                    .rsplit('.')
                    .next()
                    .unwrap();
                assert!(
                    key.starts_with(&percent::decode(last).to_str_lossy().to_ascii_lowercase())
                        || key.starts_with(&last.to_ascii_lowercase()),
                    "surt row {i}: {key} starts with the last label of {}",
                    host.as_str()
                );
            }
        }
    }
}

#[test]
fn resolve_and_make_relative_agree_with_the_library_on_every_pair() {
    let pairs = common::cc_pairs();
    let bases: Vec<Option<&str>> = pairs.iter().map(|(b, _)| Some(b.as_str())).collect();
    let refs: Vec<Option<&str>> = pairs.iter().map(|(_, r)| Some(r.as_str())).collect();
    let want: Vec<Option<String>> = pairs
        .iter()
        .map(|(b, r)| {
            let b = Uri::parse(b).ok()?;
            let r = UriRef::parse(r).ok()?;
            b.resolve(r).ok().map(|u| u.into_string())
        })
        .collect();
    let targets: Vec<Option<&str>> = want.iter().map(Option::as_deref).collect();
    let want_rel: Vec<Option<String>> = pairs
        .iter()
        .zip(&want)
        .map(|((b, _), t)| {
            let b = Uri::parse(b).ok()?;
            let t = Uri::parse(t.as_deref()?).ok()?;
            urikit::make_relative(&b, &t).ok().map(|r| r.into_string())
        })
        .collect();
    for ty in &TYPES {
        let (b, r) = (column(ty, &bases), column(ty, &refs));
        let got = strings(&urikit_arrow::resolve(&b, &r).unwrap());
        assert_eq!(got, want, "resolve ({ty})");
        let t = column(ty, &targets);
        let got = strings(&urikit_arrow::make_relative(&b, &t).unwrap());
        assert_eq!(got, want_rel, "make_relative ({ty})");
        // The first base as a scalar, parsed once, against every reference.
        let first = Scalar::new(column(ty, &bases[..1]));
        let got = strings(&urikit_arrow::resolve(&first, &r).unwrap());
        let base0 = Uri::parse(&pairs[0].0).unwrap();
        for (i, (_, rf)) in pairs.iter().enumerate() {
            let w = UriRef::parse(rf)
                .ok()
                .and_then(|rf| base0.resolve(rf).ok())
                .map(|u| u.into_string());
            assert_eq!(got[i], w, "resolve against a scalar base, row {i}");
        }
    }
}

#[test]
fn kernels_treat_the_scalar_and_the_column_alike() {
    // A one-row column and a scalar of the same value give the same rows.
    let lines = gsd();
    let rows: Vec<Option<&str>> = lines.iter().take(200).map(|l| Some(l.as_str())).collect();
    let input = column(&DataType::Utf8, &rows);
    let q = "q";
    let names = column(&DataType::Utf8, &vec![Some(q); rows.len()]);
    let a = strings(&urikit_arrow::query_param(&input, &names).unwrap());
    let b = strings(
        &urikit_arrow::query_param(&input, &Scalar::new(column(&DataType::Utf8, &[Some(q)])))
            .unwrap(),
    );
    assert_eq!(a, b);
}
