//! Every function through SQL agrees with the library on the committed gsd
//! sample (each of the three string types) and on every pair of the
//! cc-relative-10k.csv sample, read by DataFusion's own CSV reader; invalid
//! rows give NULL and the query goes on.

use std::collections::HashMap;
use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, AsArray, Int64Array, RecordBatch};
use datafusion::arrow::compute::concat_batches;
use datafusion::arrow::datatypes::{DataType, Field, Schema, UInt16Type, UInt64Type};
use datafusion::prelude::{CsvReadOptions, SessionContext};
use urikit::compare::{Comparison, Level};
use urikit::normalize::Normalizer;
use urikit::{Uri, UriRef, percent, security, text};

/// The gsd sample's lines, every 41st one NULL.
fn gsd_rows() -> Vec<Option<String>> {
    urikit_testdata::lines(&urikit_testdata::sample("gsd-urls.txt"))
        .into_iter()
        .enumerate()
        .map(|(i, l)| (i % 41 != 3).then_some(l))
        .collect()
}

/// A context with the functions and a table `t(id, line)` of the rows, the
/// line column of type `ty`.
fn context(ty: &DataType, rows: &[Option<String>]) -> SessionContext {
    let ctx = SessionContext::new();
    urikit_datafusion::register(&ctx);
    let ids = Int64Array::from_iter_values(0..rows.len() as i64);
    let strs: Vec<Option<&str>> = rows.iter().map(Option::as_deref).collect();
    let line: ArrayRef = match ty {
        DataType::Utf8 => Arc::new(datafusion::arrow::array::StringArray::from(strs)),
        DataType::LargeUtf8 => Arc::new(datafusion::arrow::array::LargeStringArray::from(strs)),
        _ => Arc::new(datafusion::arrow::array::StringViewArray::from(strs)),
    };
    let schema = Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("line", ty.clone(), true),
    ]));
    let batch = RecordBatch::try_new(schema, vec![Arc::new(ids), line]).unwrap();
    ctx.register_batch("t", batch).unwrap();
    ctx
}

/// Run a query and give its result as one batch.
async fn query(ctx: &SessionContext, sql: &str) -> RecordBatch {
    let df = ctx.sql(sql).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
    let schema = Arc::new(df.schema().as_arrow().clone());
    let batches = df.collect().await.unwrap_or_else(|e| panic!("{sql}: {e}"));
    concat_batches(&schema, &batches).unwrap()
}

/// A string column of any type, as owned values.
fn strings(a: &dyn Array) -> Vec<Option<String>> {
    let own = |v: Option<&str>| v.map(str::to_owned);
    match a.data_type() {
        DataType::Utf8 => a.as_string::<i32>().iter().map(own).collect(),
        DataType::LargeUtf8 => a.as_string::<i64>().iter().map(own).collect(),
        DataType::Utf8View => a.as_string_view().iter().map(own).collect(),
        t => panic!("not a string column: {t}"),
    }
}

fn lists(a: &dyn Array) -> Vec<Option<Vec<String>>> {
    let l = a.as_list::<i32>();
    (0..l.len())
        .map(|i| {
            l.is_valid(i).then(|| {
                strings(&l.value(i))
                    .into_iter()
                    .map(Option::unwrap)
                    .collect()
            })
        })
        .collect()
}

/// `v` when row `k` of `a` is not null.
fn opt<T>(a: &dyn Array, k: usize, v: T) -> Option<T> {
    a.is_valid(k).then_some(v)
}

fn parsed(s: &str) -> Option<UriRef<'_>> {
    UriRef::parse(s).ok()
}

/// The value of each row by id, in id order.
fn by_id(batch: &RecordBatch) -> Vec<usize> {
    let ids = batch
        .column(0)
        .as_primitive::<datafusion::arrow::datatypes::Int64Type>();
    ids.values().iter().map(|&i| i as usize).collect()
}

type Want = Box<dyn Fn(&str) -> Option<String>>;

fn string_functions() -> Vec<(&'static str, Want)> {
    let own = |v: Option<&str>| v.map(str::to_owned);
    vec![
        (
            "uri_scheme(line)",
            Box::new(move |s| own(parsed(s)?.scheme())),
        ),
        (
            "uri_userinfo(line)",
            Box::new(move |s| own(parsed(s)?.userinfo())),
        ),
        (
            "uri_host(line)",
            Box::new(move |s| own(parsed(s)?.host_str())),
        ),
        (
            "uri_path(line)",
            Box::new(|s| Some(parsed(s)?.path().to_owned())),
        ),
        (
            "uri_query(line)",
            Box::new(move |s| own(parsed(s)?.query())),
        ),
        (
            "uri_fragment(line)",
            Box::new(move |s| own(parsed(s)?.fragment())),
        ),
        (
            "uri_authority(line)",
            Box::new(move |s| own(parsed(s)?.authority())),
        ),
        (
            "uri_query_param(line, 'id')",
            Box::new(|s| {
                let u = parsed(s)?;
                u.query()?;
                u.query_pairs()
                    .decoded()
                    .find(|(k, _)| k == "id")
                    .map(|(_, v)| v.into_owned())
            }),
        ),
        (
            "uri_normalize(line)",
            Box::new(|s| Some(parsed(s)?.normalize().into_string())),
        ),
        (
            "uri_normalize(line, 'scheme')",
            Box::new(|s| {
                Some(
                    parsed(s)?
                        .normalize_with(&Normalizer::new(Level::Scheme))
                        .into_string(),
                )
            }),
        ),
        (
            "uri_normalize(line, 'string')",
            Box::new(|s| parsed(s).map(|_| s.to_owned())),
        ),
        (
            "uri_encode(line, 'query-pair')",
            Box::new(|s| Some(percent::encode(s, &percent::QUERY_PAIR).to_string())),
        ),
        (
            "uri_decode(line)",
            Box::new(|s| percent::decode(s).to_str().ok().map(|c| c.into_owned())),
        ),
        (
            "uri_host_reversed(line)",
            Box::new(|s| {
                let h = parsed(s)?.host()?;
                Some(match h.kind() {
                    urikit::HostKind::RegName => {
                        h.as_str().split('.').rev().collect::<Vec<_>>().join(".")
                    }
                    _ => h.as_str().to_owned(),
                })
            }),
        ),
        (
            "uri_public_suffix(line)",
            Box::new(|s| psl::suffix_str(&psl_name(s)?).map(str::to_owned)),
        ),
        (
            "uri_registrable_domain(line)",
            Box::new(|s| psl::domain_str(&psl_name(s)?).map(str::to_owned)),
        ),
        (
            "uri_resolve('http://a/b/c/d;p?q', line)",
            Box::new(|s| {
                let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
                base.resolve(parsed(s)?).ok().map(|u| u.into_string())
            }),
        ),
        (
            "uri_make_relative('http://www.example.com/a/b', line)",
            Box::new(|s| {
                let base = Uri::parse("http://www.example.com/a/b").unwrap();
                urikit::make_relative(&base, &Uri::parse(s).ok()?)
                    .ok()
                    .map(|r| r.into_string())
            }),
        ),
        (
            "uri_to_uri(line)",
            Box::new(|s| Some(urikit::IriRef::parse(s).ok()?.to_uri().into_owned())),
        ),
        (
            "uri_to_iri(line)",
            Box::new(|s| Some(parsed(s)?.to_iri().into_owned())),
        ),
        (
            "uri_host_ascii(line)",
            Box::new(|s| {
                let r = urikit::IriRef::parse(s).ok()?;
                Some(r.host()?.to_ascii().ok()?.into_owned())
            }),
        ),
        (
            "uri_host_unicode(line)",
            Box::new(|s| {
                let r = urikit::IriRef::parse(s).ok()?;
                Some(r.host()?.to_unicode().ok()?.into_owned())
            }),
        ),
        (
            "uri_repair(line)",
            Box::new(|s| Some(urikit::repair::repair(s).ok()?.as_str().to_owned())),
        ),
    ]
}

fn psl_name(s: &str) -> Option<String> {
    let h = parsed(s)?.host()?;
    if h.kind() != urikit::HostKind::RegName || h.as_str().is_empty() {
        return None;
    }
    Some(
        percent::decode(h.as_str())
            .to_str()
            .ok()?
            .to_ascii_lowercase(),
    )
}

const TYPES: [DataType; 3] = [DataType::Utf8, DataType::LargeUtf8, DataType::Utf8View];

#[tokio::test]
async fn string_functions_agree_with_the_library() {
    let rows = gsd_rows();
    for ty in &TYPES {
        let ctx = context(ty, &rows);
        for (expr, want) in string_functions() {
            let b = query(&ctx, &format!("SELECT id, {expr} AS v FROM t")).await;
            assert_eq!(b.num_rows(), rows.len(), "{expr}: every row comes back");
            let got = strings(b.column(1));
            for (k, id) in by_id(&b).into_iter().enumerate() {
                let w = rows[id].as_deref().and_then(&want);
                assert_eq!(got[k], w, "{expr} ({ty}) row {id}: {:?}", rows[id]);
            }
        }
    }
}

#[tokio::test]
async fn typed_and_nested_results_agree_with_the_library() {
    let rows = gsd_rows();
    for ty in &TYPES {
        let ctx = context(ty, &rows);
        let b = query(
            &ctx,
            "SELECT id, uri_port(line), uri_is_valid(line), uri_path_segments(line), uri_extract(line), \
             uri_lint(line), uri_parse(line)['valid'], uri_parse(line)['error_index'], \
             uri_parse(line)['host_kind'], uri_equivalent(line, uri_normalize(line, 'scheme'), 'scheme'), \
             uri_query_params(line) FROM t",
        )
        .await;
        let port = b.column(1).as_primitive::<UInt16Type>();
        let valid = b.column(2).as_boolean();
        let segs = lists(b.column(3));
        let found = lists(b.column(4));
        let lint = lists(b.column(5));
        let pvalid = b.column(6).as_boolean();
        let pindex = b.column(7).as_primitive::<UInt64Type>();
        let pkind = strings(b.column(8));
        let equiv = b.column(9).as_boolean();
        let params = b.column(10).as_map();
        for (k, id) in by_id(&b).into_iter().enumerate() {
            let s = rows[id].as_deref();
            let u = s.and_then(parsed);
            assert_eq!(
                opt(port, k, port.value(k)),
                u.and_then(|u| u.port_u16().ok().flatten()),
                "port {id}"
            );
            assert_eq!(
                opt(valid, k, valid.value(k)),
                s.map(|s| UriRef::parse(s).is_ok()),
                "valid {id}"
            );
            let w = u.map(|u| {
                u.path_segments()
                    .decoded()
                    .map(|c| c.into_owned())
                    .collect::<Vec<_>>()
            });
            assert_eq!(segs[k], w, "segments {id}");
            let w = s.map(|s| {
                text::extract(s)
                    .map(|m| m.as_str().to_owned())
                    .collect::<Vec<_>>()
            });
            assert_eq!(found[k], w, "extract {id}");
            let w = u.map(|u| {
                security::lint(u)
                    .unwrap()
                    .iter()
                    .map(|f| f.kind().name().to_owned())
                    .collect::<Vec<_>>()
            });
            assert_eq!(lint[k], w, "lint {id}");
            let err = s.and_then(|s| UriRef::parse(s).err());
            assert_eq!(
                opt(pvalid, k, pvalid.value(k)),
                s.map(|_| err.is_none()),
                "parse.valid {id}"
            );
            assert_eq!(
                opt(pindex, k, pindex.value(k)),
                err.map(|e| e.index() as u64),
                "parse.error_index {id}"
            );
            assert_eq!(
                pkind[k],
                u.and_then(|u| u.host_kind()).map(|h| h.name().to_owned()),
                "host_kind {id}"
            );
            let w = u.map(|u| {
                let n = u.normalize_with(&Normalizer::new(Level::Scheme));
                Comparison::new(Level::Scheme)
                    .equivalent(u, n.as_uri_ref())
                    .unwrap()
            });
            assert_eq!(opt(equiv, k, equiv.value(k)), w, "equivalent {id}");
            let w = u.filter(|u| u.query().is_some()).map(|u| {
                u.query_pairs()
                    .decoded()
                    .map(|(a, b)| (Some(a.into_owned()), Some(b.into_owned())))
                    .collect::<Vec<_>>()
            });
            let g = params.is_valid(k).then(|| {
                let e = params.value(k);
                strings(e.column(0))
                    .into_iter()
                    .zip(strings(e.column(1)))
                    .collect::<Vec<_>>()
            });
            assert_eq!(g, w, "query_params {id}");
        }
    }
}

#[tokio::test]
async fn every_pair_resolves_as_the_library_does() {
    let ctx = SessionContext::new();
    urikit_datafusion::register(&ctx);
    let path = urikit_testdata::sample("cc-relative-10k.csv");
    ctx.register_csv(
        "cc",
        path.to_str().unwrap(),
        CsvReadOptions::new().has_header(true),
    )
    .await
    .unwrap();
    let b = query(
        &ctx,
        "SELECT base, relative, uri_resolve(base, relative) AS r, \
         uri_make_relative(base, uri_resolve(base, relative)) AS m, \
         uri_equivalent(base, uri_resolve(base, relative)) AS e FROM cc",
    )
    .await;
    let (base, rel, r, m) = (
        strings(b.column(0)),
        strings(b.column(1)),
        strings(b.column(2)),
        strings(b.column(3)),
    );
    let e = b.column(4).as_boolean();
    // The sample has 1000 pairs (a header line and 1000 records).
    assert_eq!(b.num_rows(), 1000);
    let mut resolved = 0;
    for k in 0..b.num_rows() {
        let (bs, rs) = (
            base[k].clone().unwrap_or_default(),
            rel[k].clone().unwrap_or_default(),
        );
        let bu = Uri::parse(&bs).ok();
        let want = bu
            .as_ref()
            .zip(UriRef::parse(&rs).ok())
            .and_then(|(b, r)| b.resolve(r).ok())
            .map(|u| u.into_string());
        assert_eq!(r[k], want, "resolve {bs} + {rs}");
        resolved += usize::from(want.is_some());
        let t = want.as_deref().and_then(|t| Uri::parse(t).ok());
        let want_m = bu
            .as_ref()
            .zip(t)
            .and_then(|(b, t)| urikit::make_relative(b, &t).ok())
            .map(|r| r.into_string());
        assert_eq!(m[k], want_m, "make_relative {bs} -> {want:?}");
        let want_e = bu
            .zip(want.as_deref().and_then(|t| UriRef::parse(t).ok()))
            .map(|(b, t)| Comparison::new(Level::Syntax).equivalent(b, t).unwrap());
        assert_eq!(e.is_valid(k).then(|| e.value(k)), want_e, "equivalent {bs}");
    }
    assert!(resolved > 900, "most pairs resolve: {resolved}");
}

#[tokio::test]
async fn invalid_rows_are_null_and_the_query_goes_on() {
    let rows: Vec<Option<String>> = [
        "http://ok.example/a",
        "http://bad host/",
        "%zz",
        "",
        "ftp://[::1/",
    ]
    .iter()
    .map(|s| Some(s.to_string()))
    .chain([None])
    .collect();
    let ctx = context(&DataType::Utf8View, &rows);
    let b = query(
        &ctx,
        "SELECT id, uri_host(line) AS h, uri_parse(line)['error_kind'] AS k, uri_parse(line) IS NULL AS n \
         FROM t ORDER BY id",
    )
    .await;
    let h = strings(b.column(1));
    assert_eq!(h, [Some("ok.example".into()), None, None, None, None, None]);
    let k = strings(b.column(2));
    assert_eq!(k[1].as_deref(), Some("invalid-character"));
    assert_eq!(k[2].as_deref(), Some("invalid-percent-encoding"));
    // The empty string is a valid (empty) relative reference.
    assert_eq!(k[3], None);
    assert!(k[4].is_some());
    let n = b.column(3).as_boolean();
    assert!(n.value(5) && !n.value(1));
}

#[tokio::test]
async fn constants_and_bad_arguments() {
    let ctx = SessionContext::new();
    urikit_datafusion::register(&ctx);
    // All-constant calls give one value.
    let b = query(&ctx, "SELECT uri_host('http://[::1]:80/'), uri_resolve('http://a/b/c', '../d'), uri_surt('http://www.Example.com/B?b&a')").await;
    assert_eq!(strings(b.column(0)), [Some("[::1]".to_string())]);
    assert_eq!(strings(b.column(1)), [Some("http://a/d".to_string())]);
    assert_eq!(
        strings(b.column(2)),
        [Some("com,example)/b?a&b".to_string())]
    );
    // A bad level or component is an error of the query, not a NULL.
    for sql in [
        "SELECT uri_normalize('http://a/', 'bogus')",
        "SELECT uri_encode('a b', 'nothing')",
        "SELECT uri_host(1, 2)",
    ] {
        let r = match ctx.sql(sql).await {
            Ok(df) => df.collect().await.err(),
            Err(e) => Some(e),
        };
        assert!(r.is_some(), "{sql} fails");
    }
    // A NULL argument gives NULL, constant or over a column, as SQL
    // functions do; a NULL level is no error.
    let b = query(
        &ctx,
        "SELECT uri_normalize('HTTP://A/', NULL), uri_encode('a b', NULL), \
         uri_equivalent('http://a/', 'http://A/', NULL)",
    )
    .await;
    for k in 0..2 {
        assert_eq!(strings(b.column(k)), [None], "column {k}");
    }
    assert!(b.column(2).is_null(0));
    let b = query(
        &ctx,
        "SELECT uri_normalize(x, NULL) FROM (VALUES ('HTTP://A/'), ('b')) AS t(x)",
    )
    .await;
    assert_eq!(strings(b.column(0)), [None, None]);
}

#[tokio::test]
async fn group_by_registrable_domain() {
    let rows = gsd_rows();
    let ctx = context(&DataType::Utf8View, &rows);
    let b = query(
        &ctx,
        "SELECT uri_registrable_domain(line) AS d, count(*) AS n FROM t GROUP BY d",
    )
    .await;
    let d = strings(b.column(0));
    let n = b
        .column(1)
        .as_primitive::<datafusion::arrow::datatypes::Int64Type>();
    let got: HashMap<Option<String>, i64> = d.into_iter().zip(n.values().iter().copied()).collect();
    let mut want: HashMap<Option<String>, i64> = HashMap::new();
    for r in &rows {
        let d = r
            .as_deref()
            .and_then(psl_name)
            .and_then(|h| psl::domain_str(&h).map(str::to_owned));
        *want.entry(d).or_default() += 1;
    }
    assert_eq!(got, want);
}

/// The IRI functions over the wiki-iris sample (international text in
/// every component but the host), each row against the library, and the
/// examples of RFC 3987 3.1 and 3.2.1 as constants.
#[tokio::test]
async fn iri_functions_agree_with_the_library() {
    let rows: Vec<Option<String>> =
        urikit_testdata::lines(&urikit_testdata::sample("wiki-iris.txt"))
            .into_iter()
            .map(Some)
            .collect();
    let ctx = context(&DataType::Utf8View, &rows);
    let b = query(
        &ctx,
        "SELECT id, uri_to_uri(line), uri_to_iri(uri_to_uri(line)), uri_host_ascii(line) FROM t",
    )
    .await;
    let (to_uri, back, ascii) = (
        strings(b.column(1)),
        strings(b.column(2)),
        strings(b.column(3)),
    );
    let mut changed = 0;
    for (k, id) in by_id(&b).into_iter().enumerate() {
        let s = rows[id].as_deref().unwrap();
        let iri = urikit::IriRef::parse(s).ok();
        let want = iri.map(|i| i.to_uri().into_owned());
        changed += usize::from(want.as_deref().is_some_and(|w| w != s));
        assert_eq!(to_uri[k], want, "uri_to_uri row {id}: {s}");
        let want_back = want
            .as_deref()
            .map(|u| UriRef::parse(u).unwrap().to_iri().into_owned());
        assert_eq!(back[k], want_back, "uri_to_iri row {id}: {s}");
        let want_ascii = iri.and_then(|i| Some(i.host()?.to_ascii().ok()?.into_owned()));
        assert_eq!(ascii[k], want_ascii, "uri_host_ascii row {id}: {s}");
    }
    assert!(
        changed > rows.len() / 2,
        "{changed} of {} rows are non-ASCII IRIs",
        rows.len()
    );

    let b = query(
        &ctx,
        "SELECT uri_to_uri('http://www.example.org/red%09ros\u{e9}#red'), \
                uri_to_iri('http://www.example.org/D%C3%BCrst'), \
                uri_to_iri('http://www.example.org/D%FCrst'), \
                uri_host_ascii('http://r\u{e9}sum\u{e9}.example.org'), \
                uri_host_unicode('http://xn--99zt52a.example.org/'), \
                uri_host_ascii('http://a.xn--a.example/')",
    )
    .await;
    let got: Vec<Option<String>> = b.columns().iter().map(|c| strings(c)[0].clone()).collect();
    assert_eq!(
        got,
        [
            Some("http://www.example.org/red%09ros%C3%A9#red".to_owned()),
            Some("http://www.example.org/D\u{fc}rst".to_owned()),
            Some("http://www.example.org/D%FCrst".to_owned()),
            Some("xn--rsum-bpad.example.org".to_owned()),
            Some("\u{7d0d}\u{8c46}.example.org".to_owned()),
            None,
        ]
    );
}

/// `uri_lint` names deceptive hosts (UTS #39; urikit-arrow's `uts39`
/// feature, which this crate turns on): a Cyrillic look-alike of "apple"
/// as an A-label, and nothing for the A-label of "münchen".
#[tokio::test]
async fn lint_names_deceptive_hosts() {
    let ctx = SessionContext::new();
    urikit_datafusion::register(&ctx);
    let batch = query(
        &ctx,
        "SELECT uri_lint('http://xn--80ak6aa92e.com/') AS a, \
                uri_lint('http://xn--mnchen-3ya.de/') AS b",
    )
    .await;
    assert_eq!(
        lists(batch.column(0).as_ref()),
        [Some(vec!["deceptive-host".to_string()])]
    );
    assert_eq!(lists(batch.column(1).as_ref()), [Some(vec![])]);
}
