//! `docs/duckdb.md` lists every function of the kernel table, generated:
//! the text between its markers is `urikit_duckdb::docs::functions()`.
//! `URIKIT_REFRESH_DOCS=1 cargo test -p urikit-duckdb` rewrites it.

use urikit_duckdb::docs::{BEGIN, END, functions};

#[test]
fn the_guide_lists_the_kernel_table() {
    let path = urikit_testdata::repo_root().join("docs/duckdb.md");
    let text = std::fs::read_to_string(&path).expect("docs/duckdb.md");
    let (Some(b), Some(e)) = (text.find(BEGIN), text.find(END)) else {
        panic!("docs/duckdb.md has no markers {BEGIN:?} ... {END:?}");
    };
    let inside = &text[b + BEGIN.len()..e];
    let want = format!("\n{}", functions());
    if inside != want {
        if std::env::var_os("URIKIT_REFRESH_DOCS").is_some() {
            let new = format!("{}{}{}", &text[..b + BEGIN.len()], want, &text[e..]);
            std::fs::write(&path, new).unwrap();
            return;
        }
        panic!(
            "docs/duckdb.md's function list is not the kernel table's: \
             run URIKIT_REFRESH_DOCS=1 cargo test -p urikit-duckdb"
        );
    }
    // Every kernel is there by its SQL name.
    for k in urikit_arrow::KERNELS {
        assert!(
            inside.contains(&format!("| `{}` |", k.sql_name())),
            "{}",
            k.sql_name()
        );
    }
}
