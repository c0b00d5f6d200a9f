//! docs/names.md against the code: the named sets' names come from the
//! core's one mechanism (`urikit::names::Named`), and every name the
//! operations table gives a face exists in that face (the CLI as it runs,
//! the SQL kernel table, Python's stubs, the npm package's declarations).
//! A set that gains a name, or a face that renames a function, fails here
//! until the table says so.

use std::fmt::Write as _;
use std::fs;

use urikit::names::Named;

use crate::common::uri;

fn root() -> std::path::PathBuf {
    urikit_testdata::repo_root()
}

/// One row of the generated table of a named set.
fn row<T: Named>(rust: &str, faces: &str, out: &mut String) {
    let names: Vec<String> = T::names().map(|n| format!("`{n}`")).collect();
    writeln!(
        out,
        "| {} | `{rust}` | {} | {faces} |",
        T::WHAT,
        names.join(", ")
    )
    .unwrap();
}

/// The table of named sets as the code defines them.
fn named_sets() -> String {
    use urikit::normalize::Level;
    use urikit::percent::EncodeSet;
    use urikit::rfc6570::MatchMode;
    use urikit::rfc8089::{FileProfile, PathStyle};
    use urikit::{Profile, Rule};
    use urikit_views::{FindingKind, Parser};
    let mut t = String::from(
        "| set | Rust | names | where the faces take it |\n| --- | --- | --- | --- |\n",
    );
    row::<Level>(
        "urikit::normalize::Level",
        "CLI `--level`; SQL `level`; Python `level=`; JS `{ level }`",
        &mut t,
    );
    row::<EncodeSet>(
        "urikit::percent::EncodeSet",
        "CLI `encode --component`; SQL `uri_encode(text, component)`; Python `encode(text, component)`; JS `encode(text, component)`",
        &mut t,
    );
    row::<Rule>(
        "urikit::Rule",
        "CLI `parse --rule`; Python `validate(text, rule)`; JS `validate(text, rule)` (also `IRI`, `IRI-reference`); case-insensitive",
        &mut t,
    );
    row::<MatchMode>(
        "urikit::rfc6570::MatchMode",
        "CLI `template match --exact`/`--form`; Python `match(lenient=, form=)`; JS `match(uri, mode)`",
        &mut t,
    );
    row::<Profile>(
        "urikit::Profile",
        "CLI `--iri`, `--rfc2396`, `--java`; Python `parse(text, profile=)`; JS `{ profile }` (`uri`, `iri`)",
        &mut t,
    );
    row::<FileProfile>(
        "urikit::rfc8089::FileProfile",
        "CLI `from-path --vscode`; Python and JS `profile`",
        &mut t,
    );
    row::<PathStyle>(
        "urikit::rfc8089::PathStyle",
        "CLI `from-path --windows`; Python and JS `style`",
        &mut t,
    );
    row::<Parser>(
        "urikit_views::Parser",
        "CLI `views --parsers`; SQL `uri_views(u, parsers)`; Python `views(u, parsers=)`; JS `views(u, parsers)`",
        &mut t,
    );
    row::<FindingKind>(
        "urikit_views::FindingKind",
        "the `kind` of a finding in every face",
        &mut t,
    );
    row::<urikit_guard::Client>(
        "urikit_guard::Client",
        "CLI `guard --client`; Python `Guard(client=)`; JS `check(url, { client })`",
        &mut t,
    );
    row::<urikit_guard::Preset>(
        "urikit_guard::Preset",
        "policy files' `preset`; Python `Policy(preset)`; JS `Policy.preset(name)`",
        &mut t,
    );
    row::<urikit_guard::RefusalKind>(
        "urikit_guard::RefusalKind",
        "the `reason` of a verdict in every face (`uri guard --json`, Python `Verdict.reason`, JS `check().reason`)",
        &mut t,
    );
    t
}

const BEGIN: &str = "<!-- named sets: generated from the code by apps/uri/tests/it/names.rs; URIKIT_BLESS=1 rewrites it -->\n";
const END: &str = "<!-- end of named sets -->";

#[test]
fn named_sets_table_is_the_codes() {
    let path = root().join("docs/names.md");
    let doc = fs::read_to_string(&path).unwrap();
    let start = doc
        .find(BEGIN)
        .expect("docs/names.md lacks the named-sets marker")
        + BEGIN.len();
    let end = doc[start..]
        .find(END)
        .expect("docs/names.md lacks the end marker")
        + start;
    let want = named_sets();
    if std::env::var_os("URIKIT_BLESS").is_some() {
        fs::write(&path, format!("{}{want}{}", &doc[..start], &doc[end..])).unwrap();
        return;
    }
    assert_eq!(
        doc[start..end],
        want,
        "docs/names.md's named sets differ from the code (URIKIT_BLESS=1 cargo test -p urikit-cli names rewrites them)"
    );
}

/// The operations table: `| concept | Rust | CLI | SQL | Python | JS |`.
fn operations() -> Vec<[String; 6]> {
    let doc = fs::read_to_string(root().join("docs/names.md")).unwrap();
    let start = doc
        .find("| concept |")
        .expect("docs/names.md lacks the operations table");
    doc[start..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<String> = l
                .trim_matches('|')
                .split('|')
                .map(|c| c.trim().trim_matches('`').to_string())
                .collect();
            cells
                .try_into()
                .unwrap_or_else(|c| panic!("a row of 6 cells: {c:?}"))
        })
        .collect()
}

#[test]
fn every_name_in_the_operations_table_exists_in_its_face() {
    let rows = operations();
    assert!(rows.len() >= 10, "{} rows", rows.len());
    let read = |p: &str| fs::read_to_string(root().join(p)).unwrap();
    let rust: String = ["crates/urikit/src", "crates/urikit-views/src"]
        .iter()
        .flat_map(|d| walk(&root().join(d)))
        .map(|p| fs::read_to_string(p).unwrap())
        .collect();
    let kernels = read("crates/urikit-arrow/src/kernels/table.rs");
    let python = read("bindings/python/python/urikit/_urikit.pyi")
        + &read("bindings/python/python/urikit/arrow.pyi");
    let js = read("bindings/npm/src/index.d.ts");
    let mut missing = Vec::new();
    for [concept, r, cli, sql, py, j] in &rows {
        let absent = |cell: &str| cell == "—" || cell.is_empty();
        if !absent(r) {
            let f = r.rsplit("::").next().unwrap();
            if !rust.contains(&format!("fn {f}(")) && !rust.contains(&format!("fn {f}<")) {
                missing.push(format!("{concept}: Rust {r}"));
            }
        }
        if !absent(cli) {
            let words: Vec<&str> = cli.split_whitespace().skip(1).collect();
            let (sub, flag) = match words.as_slice() {
                [sub] => (*sub, None),
                [sub, flag] => (*sub, Some(*flag)),
                _ => panic!("{concept}: CLI cell {cli:?}"),
            };
            let out = uri(&[sub, "--help"], None);
            let help = String::from_utf8_lossy(&out.stdout);
            if !out.status.success() || flag.is_some_and(|f| !help.contains(f)) {
                missing.push(format!("{concept}: CLI {cli}"));
            }
        }
        if !absent(sql) {
            let kernel = sql.strip_prefix("uri_").unwrap_or(sql);
            if !kernels.contains(&format!("name: \"{kernel}\"")) {
                missing.push(format!("{concept}: SQL {sql}"));
            }
        }
        if !absent(py) {
            let name = py.trim_end_matches('=');
            let found = if py.ends_with('=') {
                python.contains(&format!("{name}:"))
            } else {
                python.contains(&format!("def {name}("))
            };
            if !found {
                missing.push(format!("{concept}: Python {py}"));
            }
        }
        if !absent(j) {
            let found = js.contains(&format!("function {j}("))
                || js.contains(&format!("{j}?:"))
                || js.contains(&format!("{j}("));
            if !found {
                missing.push(format!("{concept}: JS {j}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "names in docs/names.md that their face lacks: {missing:#?}"
    );
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
    out
}
