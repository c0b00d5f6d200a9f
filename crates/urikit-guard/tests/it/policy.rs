//! Presets, host rules and the policy file format.

use urikit_guard::{Client, Guard, Policy, Preset, RefusalKind};

fn kind(g: &Guard, url: &str) -> Option<&'static str> {
    g.check(url).err().map(|r| r.kind.name())
}

#[test]
fn private_preset() {
    let g = Guard::new(Policy::preset(Preset::Private), Client::Whatwg);
    for url in [
        "http://10.0.0.1/",
        "http://172.16.5.4/",
        "http://192.168.1.1/",
        "http://100.64.0.1/",
        "http://[fd12::1]/",
        "http://printer.local/",
        "http://db.internal/",
    ] {
        assert_eq!(kind(&g, url), None, "{url}");
    }
    // Loopback, link-local, metadata addresses and names stay refused,
    // even where their range (CGNAT, unique-local) is allowed.
    for url in [
        "http://127.0.0.1/",
        "http://169.254.169.254/",
        "http://100.100.100.200/",
        "http://[fd00:ec2::254]/",
        "http://localhost/",
        "http://metadata.google.internal/",
        "http://[::ffff:127.0.0.1]/",
    ] {
        assert!(kind(&g, url).is_some(), "{url}");
    }
}

#[test]
fn allow_list_preset_and_rules() {
    let p = Policy::from_toml(
        r#"
preset = "allow-list"
ports = [443]
[allow]
hosts = ["api.example.com"]
suffixes = ["cdn.example.net"]
domains = ["example.co.uk"]
[deny]
hosts = ["bad.cdn.example.net"]
"#,
    )
    .unwrap();
    let g = Guard::new(p, Client::Whatwg);
    for url in [
        "https://api.example.com/",
        "https://API.Example.com./",
        "https://cdn.example.net/",
        "https://a.b.cdn.example.net/",
        "https://www.example.co.uk/",
        "https://example.co.uk/",
    ] {
        assert_eq!(kind(&g, url), None, "{url}");
    }
    for (url, want) in [
        ("https://other.example.com/", "not-allowed"),
        ("https://xcdn.example.net/", "not-allowed"),
        ("https://example.uk/", "not-allowed"),
        ("https://bad.cdn.example.net/", "denied-host"),
        ("https://api.example.com:8443/", "port"),
        ("http://api.example.com/", "port"),
        ("https://8.8.8.8/", "not-allowed"),
    ] {
        assert_eq!(kind(&g, url), Some(want), "{url}");
    }
}

#[test]
fn number_forms_per_client() {
    // Clients that keep `0x7f.1` as a name still connect to 127.0.0.1:
    // getaddrinfo reads it with inet_aton.
    for client in [
        Client::Whatwg,
        Client::Urllib3,
        Client::Httpx,
        Client::Yarl,
        Client::Rfc3986,
    ] {
        let g = Guard::new(Policy::default(), client);
        for url in [
            "http://0x7f.1/",
            "http://2130706433/",
            "http://127.1/",
            "http://0177.0.0.1/",
        ] {
            // httpx itself rejects four dotted numbers with a leading zero
            // (`ipaddress.IPv4Address`: "invalid ipv4 address").
            let want = if client == Client::Httpx && url.contains("0177") {
                "unparsable"
            } else {
                "denied-address"
            };
            assert_eq!(kind(&g, url), Some(want), "{client} {url}");
        }
    }
}

#[test]
fn disagreement_is_refused_with_the_finding() {
    // A public address in a number form: not denied, but RFC 3986 reads a
    // name where WHATWG reads 8.8.8.8.
    let r = Guard::default()
        .check("http://0x08.0x08.0x08.0x08/")
        .unwrap_err();
    assert_eq!(r.kind, RefusalKind::Disagreement);
    assert!(r.detail.starts_with("ipv4-form: "), "{}", r.detail);
}

#[test]
fn file_errors_name_key_and_line() {
    let e = Policy::from_toml("preset = \"public\"\n\n[allow]\nranges = [\"10.0.0.0/99\"]\n")
        .unwrap_err();
    assert_eq!(e.line, Some(4), "{e}");
    assert!(e.message.contains("ranges"), "{e}");
    let e = Policy::from_toml("presett = \"public\"\n").unwrap_err();
    assert_eq!(e.line, Some(1));
    assert!(e.message.contains("presett"), "{e}");
    let e = Policy::from_json("{\"preset\": \"public\",\n \"schemes\": 3}").unwrap_err();
    assert_eq!(e.line, Some(2), "{e}");
    assert!(e.to_string().starts_with("policy line 2: "), "{e}");
    assert_eq!(Policy::from_text("{}").unwrap(), Policy::default());
    assert_eq!(Policy::from_text("").unwrap(), Policy::default());
}
