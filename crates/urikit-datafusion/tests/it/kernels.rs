//! The SQL functions are urikit-arrow's table of kernels, exactly: the
//! same names, and each function's documentation (what `SHOW FUNCTIONS`
//! and `information_schema.routines` show) is its entry's; every entry's
//! example gives its documented result through SQL.

use std::collections::HashMap;

use datafusion::arrow::array::{Array, AsArray};
use datafusion::arrow::util::display::{ArrayFormatter, FormatOptions};
use datafusion::prelude::{SessionConfig, SessionContext};
use urikit_arrow::{Family, KERNELS};

fn context() -> SessionContext {
    let ctx = SessionContext::new_with_config(SessionConfig::new().with_information_schema(true));
    urikit_datafusion::register(&ctx);
    urikit_datafusion::spark::register(&ctx);
    ctx
}

#[test]
fn the_registered_names_are_the_tables() {
    let sql: Vec<String> = urikit_datafusion::udfs()
        .iter()
        .chain(&urikit_datafusion::spark::udfs())
        .map(|u| u.name().to_string())
        .collect();
    let table: Vec<String> = KERNELS.iter().map(|k| k.sql_name()).collect();
    assert_eq!(sql, table);
    // urikit's own are uri_ + the kernel's name; Spark's keep Spark's.
    for u in urikit_datafusion::udfs() {
        assert!(u.name().starts_with("uri_"), "{}", u.name());
    }
    let spark: Vec<String> = KERNELS
        .iter()
        .filter(|k| k.family == Family::Spark)
        .map(|k| k.name.to_string())
        .collect();
    assert_eq!(
        spark,
        [
            "parse_url",
            "try_parse_url",
            "url_encode",
            "url_decode",
            "try_url_decode"
        ]
    );
}

#[test]
fn every_udf_is_documented_from_the_table() {
    let udfs: Vec<_> = urikit_datafusion::udfs()
        .into_iter()
        .chain(urikit_datafusion::spark::udfs())
        .collect();
    for (u, k) in udfs.iter().zip(KERNELS) {
        let doc = u.documentation().unwrap_or_else(|| panic!("{}", u.name()));
        assert_eq!(doc.description, k.description);
        assert_eq!(doc.syntax_example, k.syntax());
        let example = doc.sql_example.as_deref().unwrap();
        assert!(
            example.contains(&format!("SELECT {};", k.sql_example_call())),
            "{example}"
        );
        assert!(example.contains(k.example.sql), "{example}");
        let args: Vec<&str> = doc
            .arguments
            .as_ref()
            .unwrap()
            .iter()
            .map(|(n, _)| n.as_str())
            .collect();
        let params: Vec<&str> = k.params.iter().map(|p| p.name).collect();
        assert_eq!(args, params, "{}", u.name());
        let label = match k.family {
            Family::Uri => "URI Functions",
            Family::Spark => "Spark URL Functions",
        };
        assert_eq!(doc.doc_section.label, label);
    }
}

#[tokio::test]
async fn information_schema_describes_every_function() {
    let ctx = context();
    let df = ctx
        .sql("SELECT routine_name, description, syntax_example FROM information_schema.routines")
        .await
        .unwrap();
    let mut rows = HashMap::new();
    for b in df.collect().await.unwrap() {
        let (n, d, s) = (
            b.column(0).as_string::<i32>(),
            b.column(1).as_string::<i32>(),
            b.column(2).as_string::<i32>(),
        );
        for i in 0..b.num_rows() {
            rows.insert(
                n.value(i).to_string(),
                (d.value(i).to_string(), s.value(i).to_string()),
            );
        }
    }
    for k in KERNELS {
        let (d, s) = rows
            .get(&k.sql_name())
            .unwrap_or_else(|| panic!("{}", k.name));
        assert_eq!(d, k.description);
        assert_eq!(s, &k.syntax());
    }
    // What SHOW FUNCTIONS lists.
    let df = ctx
        .sql("SHOW FUNCTIONS LIKE 'uri_make_relative'")
        .await
        .unwrap();
    let text = datafusion::arrow::util::pretty::pretty_format_batches(&df.collect().await.unwrap())
        .unwrap()
        .to_string();
    assert!(text.contains("uri_make_relative(base, target)"), "{text}");
}

#[tokio::test]
async fn every_example_gives_its_result() {
    let ctx = context();
    for k in KERNELS {
        let q = format!("SELECT {}", k.sql_example_call());
        let batches = ctx.sql(&q).await.unwrap().collect().await.unwrap();
        let col = batches[0].column(0);
        assert_eq!(col.len(), 1, "{q}");
        let options = FormatOptions::new().with_null("NULL");
        let shown = ArrayFormatter::try_new(col.as_ref(), &options)
            .unwrap()
            .value(0)
            .to_string();
        assert_eq!(shown, k.example.sql, "{q}");
    }
}

#[tokio::test]
async fn the_old_and_python_names_are_not_functions() {
    let ctx = context();
    for name in ["uri_relative", "relative", "uri_parse_url"] {
        let q = format!("SELECT {name}('http://a/b', 'http://a/c')");
        assert!(ctx.sql(&q).await.is_err(), "{name}");
    }
}
