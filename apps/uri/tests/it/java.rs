//! `uri parse --java`, `uri resolve --java` and `uri normalize --java`
//! against the real java.net.URI: the project's probe
//! (`crates/urikit/tests/java/UriProbe.java`) is compiled with `javac` and run
//! once per test over the same inputs as one `uri` run; every component,
//! every error's reason and index, every target and normal form must be
//! Java's.
//!
//! Without `java` and `javac` the tests print one line and pass; under
//! `CI=true` they fail.

use std::path::PathBuf;

use serde_json::Value;

use crate::common::*;

fn hex(s: &str) -> String {
    s.bytes().map(|b| format!("{b:02x}")).collect()
}

fn unhex(h: &str) -> String {
    let bytes: Vec<u8> = (0..h.len() / 2)
        .map(|i| u8::from_str_radix(&h[2 * i..2 * i + 2], 16).unwrap())
        .collect();
    String::from_utf8(bytes).unwrap()
}

/// A probe field: "-" is Java's null, "=hex" a string.
fn field(f: &str) -> Value {
    match f.strip_prefix('=') {
        Some(h) => Value::String(unhex(h)),
        None => Value::Null,
    }
}

/// The probe, compiled once (`urikit_checks::java_probe`).
fn probe_dir() -> Option<&'static PathBuf> {
    urikit_checks::java_probe::probe_dir("the uri --java tests against java.net.URI")
}

/// Java's answers to the probe's commands, one a line, from one JVM.
fn java(dir: &PathBuf, commands: &[String]) -> Vec<String> {
    urikit_checks::java_probe::run_java(dir, commands)
}

/// `uri ARGS -0 --json` over `inputs` (NUL-separated), one object each.
fn ours(args: &[&str], inputs: &[String]) -> Vec<Value> {
    let stdin: Vec<u8> = inputs
        .iter()
        .flat_map(|s| [s.as_bytes(), b"\0"].concat())
        .collect();
    let mut all = args.to_vec();
    all.extend(["-0", "--json"]);
    let out = uri(&all, Some(&stdin));
    assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
    let v: Vec<Value> = out
        .stdout
        .split(|&b| b == 0)
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).expect("JSON"))
        .collect();
    assert_eq!(v.len(), inputs.len());
    v
}

/// The inputs: each deviation of java.net.URI from RFC 2396 (docs/rfc2396.md)
/// at its boundaries, and every printable ASCII character and a few
/// non-ASCII ones in each component.
fn parse_inputs() -> Vec<String> {
    let mut v: Vec<String> = [
        "http://user@123:8080/a;p?q=[1]#f",
        "mailto:a@b?subject=x",
        "urn:isbn:0451450523",
        "news:comp.infosystems.www.servers.unix",
        "file:///x",
        "http:///path",
        "http://",
        "//",
        "",
        "?q",
        "#f",
        "a:",
        "a:#f",
        "s:?",
        "http://0001.2.3.4/",
        "http://255.255.255.255/",
        "http://256.1.1.1/",
        "http://1.2.3/",
        "http://123/",
        "http://a.1/",
        "http://a.b1/",
        "http://a_b/",
        "http://a_b:99999999999/",
        "http://a:2147483647/",
        "http://a:2147483648/",
        "http://a:/",
        "http://a:08/",
        "http://[::1]:80/",
        "http://[fe80::1%eth0]:80/",
        "http://[fe80::1%25eth0]/",
        "http://[1:2:3:4:5:6:7:8:9]/",
        "http://[1:2:3:4:5:6:7]/",
        "http://[::1.2.3]/",
        "http://[1::2::3]/",
        "http://[12345::]/",
        "http://[1:]/",
        "http://[1:2:3:4:5:6:1.2.3.x]/",
        "http://[fe80::1%]/",
        "http://[fe80::1%e-0]/",
        "http://[::1",
        "http://é@[::g]/",
        "http://u:p@h.example:80/x",
        "http://a:b@c@d/",
        "http://h/é",
        "http://é/",
        "/a\u{a0}",
        "/a\u{2028}b",
        "/é é",
        "é:x",
        "http://h/a b",
        "http://h/%zz",
        "http://h/%4",
        "http://h/?%",
        "1http://a/",
        "a+b-c.d:x",
        "HTTP://A/",
        "//a_b/c",
        "../g",
        "g;x?y#s",
        "http://h/a[0]",
        "http://h/?a[0]=1",
        "#a[1]",
        "s:[x]",
        "http://h#a#b",
        "http://h?a?b",
        "x://h:12a/",
        "http://a.b./",
        "http://.a/",
        "http://-a.b/",
        "http://a-.b/",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let shapes = [
        "http://u{}@h/",
        "http://h{}/",
        "http://h:8{}/",
        "http://h/a{}b",
        "http://h/?a{}b",
        "http://h/#a{}b",
        "s:a{}b",
        "s{}:x",
        "/{}",
    ];
    for shape in shapes {
        for c in (0x21u8..0x7f)
            .map(char::from)
            .chain(['é', '\u{3000}', '\u{85}', '\u{10000}'])
        {
            v.push(shape.replace("{}", &c.to_string()));
        }
    }
    v
}

#[test]
fn parse_java_gives_java_net_uri_getters_and_errors() {
    let Some(dir) = probe_dir() else { return };
    let inputs = parse_inputs();
    let commands: Vec<String> = inputs.iter().map(|s| format!("P {}", hex(s))).collect();
    let answers = java(dir, &commands);
    let got = ours(&["parse", "--java"], &inputs);
    let mut differ = Vec::new();
    for ((s, answer), obj) in inputs.iter().zip(&answers).zip(&got) {
        let f: Vec<&str> = answer.split('\t').collect();
        let ok = match f[0] {
            "ok" => {
                let expected = [
                    ("scheme", field(f[1])),
                    ("opaque", Value::Bool(f[2] == "1")),
                    ("scheme_specific_part", field(f[3])),
                    ("authority", field(f[4])),
                    ("userinfo", field(f[5])),
                    ("host", field(f[6])),
                    // getPort()'s -1 ("none") is null, as every face
                    // writes an absent port.
                    (
                        "port",
                        match f[7].parse::<i64>().unwrap() {
                            -1 => Value::Null,
                            p => Value::from(p),
                        },
                    ),
                    ("path", field(f[8])),
                    ("query", field(f[9])),
                    ("fragment", field(f[10])),
                ];
                obj["valid"] == true && expected.iter().all(|(k, v)| &obj[*k] == v)
            }
            "err" => {
                let (index, reason) = (f[1].parse::<i64>().unwrap(), field(f[2]));
                obj["valid"] == false
                    && obj["error"]["java_index"] == index
                    && obj["error"]["reason"] == reason
            }
            _ => panic!("the probe: {answer}"),
        };
        if !ok {
            differ.push(format!("{s:?}\n  java: {answer}\n  uri:  {obj}"));
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {} inputs differ:\n{}",
        differ.len(),
        inputs.len(),
        differ.join("\n")
    );
}

#[test]
fn error_index_is_the_byte_and_java_index_is_javas() {
    if probe_dir().is_none() {
        return;
    }
    // Java counts UTF-16 units: "é" is one, two bytes; U+10000 two, four bytes.
    let got = ours(&["parse", "--java"], &["/é é".into(), "/\u{10000} ".into()]);
    assert_eq!(
        (&got[0]["error"]["index"], &got[0]["error"]["java_index"]),
        (&3.into(), &2.into())
    );
    assert_eq!(
        (&got[1]["error"]["index"], &got[1]["error"]["java_index"]),
        (&5.into(), &3.into())
    );
    // The caret points at the byte, and the message names Java's index.
    let out = uri(&["parse", "--java", "/é é"], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "/é é\n  ^ illegal character in path at index 3 (java.net.URI: index 2)\n"
    );
}

/// RFC 2396 Appendix C's examples, and where Java's `resolve` differs.
fn resolve_pairs() -> Vec<(String, String)> {
    let base = "http://a/b/c/d;p?q";
    let refs = [
        "g:h",
        "g",
        "./g",
        "g/",
        "/g",
        "//g",
        "?y",
        "g?y",
        "#s",
        "g#s",
        "g?y#s",
        ";x",
        "g;x",
        "g;x?y#s",
        ".",
        "./",
        "..",
        "../",
        "../g",
        "../..",
        "../../",
        "../../g",
        "",
        "../../../g",
        "../../../../g",
        "/./g",
        "/../g",
        "g.",
        ".g",
        "g..",
        "..g",
        "./../g",
        "./g/.",
        "g/./h",
        "g/../h",
        "g;x=1/./y",
        "g;x=1/../y",
        "g?y/./x",
        "g?y/../x",
        "g#s/./x",
        "g#s/../x",
        "http:g",
        "a//b",
        "mailto:x",
        "a:b",
    ];
    let mut v: Vec<(String, String)> = refs.iter().map(|r| (base.into(), r.to_string())).collect();
    for (b, r) in [
        ("http://a/b/c?q", ""),
        ("http://a/b", "../../g"),
        ("file:///x/y", "z"),
        ("http://a:/b", "c"),
        ("http://a:080/b", "c"),
        ("mailto:a@b", "c"),
        ("a/b", "c"),
        ("/a/b", "../../../c"),
        ("http://a", "b"),
        ("http://a/b//c/", "d//e"),
    ] {
        v.push((b.into(), r.into()));
    }
    v
}

#[test]
fn resolve_java_gives_java_net_uri_resolve() {
    let Some(dir) = probe_dir() else { return };
    let pairs = resolve_pairs();
    let commands: Vec<String> = pairs
        .iter()
        .map(|(b, r)| format!("R {} {}", hex(b), hex(r)))
        .collect();
    let answers = java(dir, &commands);
    let lines: Vec<String> = pairs.iter().map(|(b, r)| format!("{b}\t{r}")).collect();
    let got = ours(&["resolve", "--java", "--pairs"], &lines);
    let mut differ = Vec::new();
    for (((b, r), answer), obj) in pairs.iter().zip(&answers).zip(&got) {
        let ok = match answer.split('\t').collect::<Vec<_>>()[..] {
            ["ok", target] => obj["target"] == field(target),
            ["err", ..] => obj.get("error").is_some(),
            _ => false,
        };
        if !ok {
            differ.push(format!("{b:?} + {r:?}\n  java: {answer}\n  uri:  {obj}"));
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

#[test]
fn normalize_java_gives_java_net_uri_normalize() {
    let Some(dir) = probe_dir() else { return };
    let inputs: Vec<String> = [
        "http://a/b/./c/../d//e",
        "/../a",
        "a/../../b",
        "a:b/../c",
        "http://a/b/c/./../../g",
        "./a:b",
        "a/./b:c/..",
        "http://a:/b/../c",
        "file:///x/./y",
        "http://a/.",
        "http://a/..",
        "//a/b/../c",
        "",
        "/a//b///c",
        "http://A/%7e/../x?y#z",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let commands: Vec<String> = inputs.iter().map(|s| format!("N {}", hex(s))).collect();
    let answers = java(dir, &commands);
    let got = ours(&["normalize", "--java"], &inputs);
    for ((s, answer), obj) in inputs.iter().zip(&answers).zip(&got) {
        match answer.split('\t').collect::<Vec<_>>()[..] {
            ["ok", normal] => assert_eq!(obj["normalized"], field(normal), "{s:?}: {obj}"),
            _ => assert_eq!(obj["valid"], false, "{s:?}: java {answer}, uri {obj}"),
        }
    }
}
