//! The quirks, against what JDK 17.0.15's `new URL(s)` gave (each line
//! was written by record_java-url.java run over these inputs; most are also
//! in java-url.jsonl).

extern crate std;

use alloc::string::String;

use super::read;

/// `record_java-url.java`'s output, one JSON object a line.
const REAL: &str = r##"
{"input":" \tHTTP://u:p@A.b:+80/x?q#f \u0001","scheme":"http","userinfo":"u:p","host":"A.b","port":"80","path":"/x","query":"q","fragment":"f"}
{"input":"http://a@b@c:99/x","scheme":"http","path":"/x"}
{"input":"http://[::1%eth0]:/p","scheme":"http","host":"[::1%eth0]","path":"/p"}
{"input":"http://[::1]x/","error":"java.net.MalformedURLException: Invalid authority field: [::1]x"}
{"input":"http://[1::2::3]/","error":"java.net.MalformedURLException: Invalid host: [1::2::3]"}
{"input":"http://a:０８/","scheme":"http","host":"a","port":"8","path":"/"}
{"input":"http://a:-1/","scheme":"http","host":"a","path":"/"}
{"input":"http://a:-2/","error":"java.net.MalformedURLException: Invalid port number :-2"}
{"input":"http://a:99999999999/","error":"java.net.MalformedURLException: Error at index 9 in: \"99999999999\""}
{"input":"http://a:8O/","error":"java.net.MalformedURLException: Error at index 1 in: \"8O\""}
{"input":"http://a℀b/","error":"java.net.MalformedURLException: Illegal character found in host: '℀'"}
{"input":"http://a\nb/","error":"java.net.MalformedURLException: Illegal character found in host: LF"}
{"input":"http:// @a/","scheme":"http","userinfo":" ","host":"a","path":"/"}
{"input":"ht_tp://a/","error":"java.net.MalformedURLException: no protocol: ht_tp://a/"}
{"input":"ʜttp://a/","error":"java.net.MalformedURLException: unknown protocol: ʜttp"}
{"input":"foo://a/","error":"java.net.MalformedURLException: unknown protocol: foo"}
{"input":"#http://a/","error":"java.net.MalformedURLException: no protocol: #http://a/"}
{"input":"url:http://a/","scheme":"http","host":"a","path":"/"}
{"input":"http:?q","scheme":"http","path":"","query":"q"}
{"input":"file:////a/b","scheme":"file","path":"////a/b"}
{"input":"mailto:a@b?x?y#z","scheme":"mailto","path":"a@b?x","query":"y"}
{"input":"mailto: 　","error":"java.net.MalformedURLException: No email address"}
{"input":"jar:http://a/!/x?q#f ","scheme":"jar","path":"http://a/!/x","query":"q","fragment":"f "}
{"input":"jar:foo!/x","error":"java.net.MalformedURLException: invalid url: foo!/x (java.net.MalformedURLException: no protocol: foo)"}
{"input":"jar:jar:x!/y","error":"java.net.MalformedURLException: Nested JAR URLs are not supported"}
{"input":" jar:x","error":"java.net.MalformedURLException: Cannot invoke \"String.lastIndexOf(int)\" because \"ctxFile\" is null"}
"##;

#[test]
fn quirks_are_what_jdk_17_gives() {
    for line in REAL.lines().filter(|l| !l.is_empty()) {
        let want: serde_json::Value = serde_json::from_str(line).unwrap();
        let input = want["input"].as_str().unwrap();
        let mut got = serde_json::Map::new();
        got.insert("input".into(), input.into());
        match read(input) {
            Err(e) => {
                got.insert("error".into(), e.into());
            }
            Ok(v) => {
                let fields = [
                    ("scheme", v.scheme),
                    ("userinfo", v.userinfo),
                    ("host", v.host),
                    ("port", v.port),
                    ("path", v.path),
                    ("query", v.query),
                    ("fragment", v.fragment),
                ];
                for (k, f) in fields {
                    if let Some(f) = f {
                        got.insert(k.into(), String::from(f).into());
                    }
                }
            }
        }
        assert_eq!(serde_json::Value::Object(got), want, "{input:?}");
    }
}

#[test]
fn slices_of_the_input_are_borrowed() {
    let v = read("http://u@a:80/p?q#f").unwrap();
    for f in [
        &v.scheme,
        &v.userinfo,
        &v.host,
        &v.path,
        &v.query,
        &v.fragment,
    ] {
        assert!(matches!(f, Some(alloc::borrow::Cow::Borrowed(_))));
    }
    assert_eq!(v.host_kind, Some("name"));
}

#[test]
fn no_panic_at_char_boundaries() {
    for s in [
        "é:",
        "http://[é]/",
        "http://a:é",
        "http://[::1]é",
        "jar:é!/",
        "mailto:é",
        "http://é@",
        "\u{10000}:",
    ] {
        let _ = read(s);
    }
}
