//! CONTRIBUTING.md's "Layout" names every workspace member, every other
//! folder of the checkout and every module of the core, so that a new
//! crate, folder or module cannot land without its row. Read from the
//! code: the root Cargo.toml's `members` and `exclude`, the folders at the
//! root, and the `mod` lines of `crates/urikit/src/lib.rs`.

use std::collections::BTreeSet;
use std::path::PathBuf;

fn root() -> PathBuf {
    urikit_testdata::repo_root()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text of CONTRIBUTING.md from `## Layout` to the next `## `.
fn layout() -> String {
    let text = read("CONTRIBUTING.md");
    let start = text
        .find("\n## Layout\n")
        .expect("CONTRIBUTING.md has a ## Layout section");
    let rest = &text[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |e| e + 3);
    rest[..end].to_string()
}

/// The quoted strings of the `members` and `exclude` arrays of the root
/// manifest (a small reading of TOML arrays of strings, enough for it).
fn workspace_paths() -> BTreeSet<String> {
    let manifest = read("Cargo.toml");
    let mut out = BTreeSet::new();
    for key in ["members", "exclude"] {
        let at = manifest
            .find(&format!("\n{key} = ["))
            .unwrap_or_else(|| panic!("no {key} in Cargo.toml"));
        let list = &manifest[at..];
        let list = &list[list.find('[').unwrap() + 1..list.find(']').unwrap()];
        for item in list.split(',') {
            let item = item.trim().trim_matches('"');
            if !item.is_empty() {
                out.insert(item.to_string());
            }
        }
    }
    out
}

#[test]
fn every_workspace_member_and_folder_has_a_row() {
    let layout = layout();
    let mut paths = workspace_paths();
    assert!(paths.contains("crates/urikit") && paths.contains("apps/uri"));
    // Every folder at the root that git tracks files in (docs/, .ci/, the
    // four layers and any new one), and every folder inside a layer, except
    // the hidden ones git and the tools keep.
    let tracked = |name: &str| {
        std::process::Command::new("git")
            .args(["ls-files", "--", name])
            .current_dir(root())
            .output()
            .map(|o| !o.stdout.is_empty())
            // Without git (a source archive): every folder but target/.
            .unwrap_or(name != "target")
    };
    let folders = |dir: &str| -> Vec<String> {
        std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap())
            .filter(|e| e.file_type().unwrap().is_dir())
            .map(|e| {
                let name = e.file_name().into_string().unwrap();
                if dir.is_empty() {
                    name
                } else {
                    format!("{dir}/{name}")
                }
            })
            .filter(|p| p != ".git" && tracked(p))
            .collect()
    };
    for top in folders("") {
        if ["crates", "apps", "bindings", "dev"].contains(&top.as_str()) {
            paths.extend(folders(&top));
        }
        paths.insert(top);
    }
    let missing: Vec<_> = paths
        .iter()
        .filter(|p| {
            let p = p.trim_end_matches('/');
            !layout.contains(&format!("`{p}/`")) && !layout.contains(&format!("`{p}/run`"))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "CONTRIBUTING.md's layout has no row for {missing:?}"
    );
}

#[test]
fn every_core_module_has_a_row() {
    let layout = layout();
    let lib = read("crates/urikit/src/lib.rs");
    let mut modules = Vec::new();
    let mut next_path: Option<String> = None;
    for line in lib.lines() {
        let line = line.trim();
        // `#[path = "rfc8089/mod.rs"] pub mod file;`: the folder's name.
        if let Some(p) = line.strip_prefix("#[path = \"") {
            next_path = p.split('/').next().map(str::to_string);
            continue;
        }
        let decl = line.strip_prefix("pub ").unwrap_or(line);
        if let Some(name) = decl.strip_prefix("mod ").and_then(|m| m.strip_suffix(';')) {
            modules.push(next_path.take().unwrap_or_else(|| name.to_string()));
        }
    }
    assert!(
        modules.len() >= 20,
        "read {modules:?} from crates/urikit/src/lib.rs"
    );
    let missing: Vec<_> = modules
        .iter()
        .filter(|m| !layout.contains(&format!("| `{m}` |")))
        .collect();
    assert!(
        missing.is_empty(),
        "CONTRIBUTING.md's module table has no row for {missing:?}"
    );
}
