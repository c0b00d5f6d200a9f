//! `uri-sql` has every parser's view with no flag (its default features
//! `whatwg` and `curl`): the built binary, end to end. The expected values
//! are what Node's `URL` and libcurl 7.88.1 read in `http://a@b@c/`, as
//! recorded in `crates/urikit-views/tests/data/views/expected.jsonl`.

use std::process::Command;

#[test]
fn the_four_views_and_the_findings_by_default() {
    let sql = "SELECT uri_views(u)['rfc3986']['error'] IS NOT NULL AS rfc3986_rejects, \
               uri_views(u)['java']['host'] AS java, \
               uri_views(u)['whatwg']['host'] AS whatwg, \
               uri_views(u)['whatwg']['userinfo'] AS whatwg_userinfo, \
               uri_views(u)['curl']['error'] IS NOT NULL AS curl_rejects, \
               uri_host_confusion(u)[1]['weight'] AS weight \
               FROM (VALUES ('http://a@b@c/')) AS s(u)";
    let o = Command::new(env!("CARGO_BIN_EXE_uri-sql"))
        .args(["run", "--format", "json", sql])
        .output()
        .expect("run uri-sql");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    let row: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(row["rfc3986_rejects"], true);
    // java.net.URI: a registry authority, no host.
    assert!(row["java"].is_null(), "{row}");
    assert_eq!(row["whatwg"], "c");
    assert_eq!(row["whatwg_userinfo"], "a%40b");
    assert_eq!(row["curl_rejects"], true);
    assert_eq!(row["weight"], "high");
}
