//! docs/views.md's table of each parser's name in every face, checked
//! against the code: one row per [`Parser::ALL`], in its order, each
//! generated here from [`Parser::name`] and the variant's name, and the
//! JavaScript column from the npm package's `ViewParser` type. A parser
//! added without its row, renamed, or newly read by the npm package fails
//! this test, which prints the table to paste.

use urikit_testdata::repo_root;
use urikit_views::Parser;

const HEADER: &str = "| parser | Rust | CLI | SQL | Python | JavaScript |";

/// The names in `bindings/npm/src/index.d.ts`'s
/// `export type ViewParser = 'a' | 'b';`.
fn npm_parsers() -> Vec<String> {
    let path = repo_root().join("bindings/npm/src/index.d.ts");
    let text = std::fs::read_to_string(&path).expect("bindings/npm/src/index.d.ts");
    let decl = text
        .split("export type ViewParser =")
        .nth(1)
        .and_then(|t| t.split(';').next())
        .expect("a ViewParser type in index.d.ts");
    decl.split('|')
        .map(|n| n.trim().trim_matches('\'').to_owned())
        .collect()
}

fn row(p: Parser, npm: &[String]) -> String {
    let n = p.name();
    let js = if npm.iter().any(|m| m == n) {
        format!("`views(s, {{ parsers: ['{n}'] }})`")
    } else {
        String::from("not in the npm package")
    };
    format!(
        "| `{n}` | `Parser::{p:?}` | `uri views --parsers {n}` | `uri_views(u, '{n}')` | `urikit.views(s, parsers=['{n}'])` | {js} |"
    )
}

#[test]
fn the_docs_name_every_parser_in_every_face() {
    let npm = npm_parsers();
    assert!(npm.iter().any(|n| n == "rfc3986"), "ViewParser: {npm:?}");
    // Every name the npm package declares is a parser of ours.
    for n in &npm {
        assert!(Parser::from_name(n).is_some(), "npm ViewParser {n:?}");
    }
    let want: Vec<String> = Parser::ALL.into_iter().map(|p| row(p, &npm)).collect();
    let doc = std::fs::read_to_string(repo_root().join("docs/views.md")).expect("docs/views.md");
    let lines: Vec<&str> = doc.lines().collect();
    let at = lines
        .iter()
        .position(|l| *l == HEADER)
        .unwrap_or_else(|| panic!("docs/views.md has no table headed {HEADER}"));
    let got: Vec<&str> = lines[at + 2..]
        .iter()
        .take_while(|l| l.starts_with('|'))
        .copied()
        .collect();
    assert!(
        got == want,
        "docs/views.md's table of names differs from the code; it should read:\n{HEADER}\n| --- | --- | --- | --- | --- | --- |\n{}",
        want.join("\n")
    );
}
