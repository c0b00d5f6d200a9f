//! The function list of `docs/duckdb.md`, made from the kernel table (the
//! crate's tests check that the guide holds exactly this text between its
//! markers; `URIKIT_REFRESH_DOCS=1` rewrites it).

use arrow_schema::DataType;
use urikit_arrow::{Family, KERNELS, Kernel};

/// The line before the generated list in `docs/duckdb.md`.
pub const BEGIN: &str = "<!-- functions: generated from urikit_arrow::KERNELS by urikit_duckdb::docs::functions(); do not edit -->";
/// The line after it.
pub const END: &str = "<!-- end of the generated functions -->";

fn escape(s: &str) -> String {
    s.replace('|', "\\|")
}

fn entry(k: &Kernel) -> String {
    let ret = crate::types::name(&k.returns.data_type(&DataType::Utf8));
    let mut s = format!(
        "### `{}`\n\n{}\n\nReturns `{}`.\n\n",
        k.syntax(),
        k.description,
        ret
    );
    if crate::table::is_table(k) {
        let (call, cols) = crate::table::syntax(k);
        s += &format!(
            "Also a table function: `{call}` gives a row per item of the list: `{}`.\n\n",
            escape(&cols)
        );
    }
    s += "| argument | what |\n| --- | --- |\n";
    for p in k.params {
        let mut what = p.description.to_string();
        if p.constant {
            what += " A constant.";
        }
        if p.optional && p.default.is_none() {
            what += " Optional.";
        }
        s += &format!("| `{}` | {} |\n", p.name, escape(&what));
    }
    s += &format!(
        "\n```sql\nSELECT {};\n-- {}\n```\n",
        k.sql_example_call(),
        k.example.sql
    );
    s
}

/// The generated part of `docs/duckdb.md`: a summary table (name,
/// arguments, DuckDB return type), then a section per function, in the
/// table's order, urikit's own first and Spark's after.
///
/// ```
/// let text = urikit_duckdb::docs::functions();
/// assert!(text.contains("### `uri_host(uri)`"));
/// assert!(text.contains("| `parse_url` | `parse_url(url, part[, key])` | `VARCHAR` |"));
/// ```
pub fn functions() -> String {
    let mut s = String::from("| function | call | returns |\n| --- | --- | --- |\n");
    for k in KERNELS {
        let ret = crate::types::name(&k.returns.data_type(&DataType::Utf8));
        let ret = if ret.len() > 60 {
            // The fields are in the function's section.
            format!(
                "`{}`",
                crate::types::short_name(&k.returns.data_type(&DataType::Utf8))
            )
        } else {
            format!("`{}`", escape(&ret))
        };
        s += &format!("| `{}` | `{}` | {} |\n", k.sql_name(), k.syntax(), ret);
    }
    for (family, title) in [
        (Family::Uri, "urikit's functions"),
        (Family::Spark, "Spark's functions"),
    ] {
        s += &format!("\n## {title}\n");
        for k in KERNELS.iter().filter(|k| k.family == family) {
            s += "\n";
            s += &entry(k);
        }
    }
    s
}
