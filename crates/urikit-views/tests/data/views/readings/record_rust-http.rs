//! Records what the `http` crate's `Uri` (`s.parse::<http::Uri>()`) reads in
//! each input of inputs.jsonl, into rust-http.jsonl. Built and run by
//! record_rust-http.sh (a throwaway cargo project under target/), never
//! part of urikit: it calls the crate directly, so the recording does not
//! depend on urikit's reading of it.
//!
//! Fields: `scheme_str()`, the userinfo a hyper user derives from
//! `authority()` (what precedes its last `@`: `Uri` has no userinfo
//! accessor), `host()`, `port_u16()` (as decimal digits), `path()` (always
//! there, maybe empty) and `query()`; `Uri` keeps no fragment. An error is
//! `InvalidUri`'s Display.

use std::io::{BufRead, Write};

use serde_json::{Map, Value};

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).expect("the readings folder"));
    let version = std::env::var("HTTP_VERSION").expect("HTTP_VERSION");
    let rustc = std::env::var("RUSTC_VERSION").expect("RUSTC_VERSION");
    let inputs = std::fs::File::open(dir.join("inputs.jsonl")).unwrap();
    let mut out = std::io::BufWriter::new(std::fs::File::create(dir.join("rust-http.jsonl")).unwrap());
    let mut meta = Map::new();
    meta.insert("parser".into(), "rust-http".into());
    meta.insert("library".into(), format!("http {version} (crates.io), Uri::from_str").into());
    meta.insert("runtime".into(), rustc.into());
    let mut first = Map::new();
    first.insert("meta".into(), Value::Object(meta));
    writeln!(out, "{}", Value::Object(first)).unwrap();
    for line in std::io::BufReader::new(inputs).lines() {
        let line = line.unwrap();
        if line.is_empty() {
            continue;
        }
        let given: Value = serde_json::from_str(&line).unwrap();
        let input = given["input"].as_str().unwrap();
        let mut rec = Map::new();
        rec.insert("input".into(), input.into());
        match input.parse::<http::Uri>() {
            Err(e) => {
                rec.insert("error".into(), e.to_string().into());
            }
            Ok(u) => {
                if let Some(s) = u.scheme_str() {
                    rec.insert("scheme".into(), s.into());
                }
                if let Some(a) = u.authority() {
                    if let Some((userinfo, _)) = a.as_str().rsplit_once('@') {
                        rec.insert("userinfo".into(), userinfo.into());
                    }
                }
                if let Some(h) = u.host() {
                    rec.insert("host".into(), h.into());
                }
                if let Some(p) = u.port_u16() {
                    rec.insert("port".into(), p.to_string().into());
                }
                rec.insert("path".into(), u.path().into());
                if let Some(q) = u.query() {
                    rec.insert("query".into(), q.into());
                }
            }
        }
        writeln!(out, "{}", Value::Object(rec)).unwrap();
    }
    out.flush().unwrap();
}
