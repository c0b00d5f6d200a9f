//! The generated inputs of the java.net.URI differential test (`java.rs`):
//! each rule's boundaries, every ASCII character in every component,
//! non-ASCII classes, IPv4 and IPv6 edge forms, empty components, opaque
//! URIs.

/// Non-ASCII characters, one of each class java.net.URI tells apart: ISO
/// controls (U+0080 to U+009F), the Unicode spaces (Zs, Zl, Zp), format
/// characters, letters, private use, noncharacters, supplementary planes.
pub const NON_ASCII: &[char] = &[
    '\u{80}',
    '\u{81}',
    '\u{85}',
    '\u{9F}',
    '\u{A0}',
    '\u{A1}',
    '\u{AD}',
    '\u{E9}',
    '\u{FF}',
    '\u{100}',
    '\u{3C0}',
    '\u{5D0}',
    '\u{61C}',
    '\u{1680}',
    '\u{180E}',
    '\u{2000}',
    '\u{2007}',
    '\u{200A}',
    '\u{200B}',
    '\u{200E}',
    '\u{2028}',
    '\u{2029}',
    '\u{202F}',
    '\u{205F}',
    '\u{2060}',
    '\u{3000}',
    '\u{3042}',
    '\u{D7FF}',
    '\u{E000}',
    '\u{F8FF}',
    '\u{FDD0}',
    '\u{FEFF}',
    '\u{FFFD}',
    '\u{FFFE}',
    '\u{FFFF}',
    '\u{10000}',
    '\u{1F600}',
    '\u{E0001}',
    '\u{10FFFF}',
];

/// Templates with one `X` where a character goes: every component and the
/// places within them where a rule changes.
const SLOTS: &[&str] = &[
    "X",
    "Xa",
    "aX",
    "aX:b",
    "X:b",
    "a:X",
    "a:Xb",
    "a:bX",
    "a:/X",
    "a:/bX",
    "//X",
    "//Xa",
    "//aX",
    "//aX/",
    "//Xa/",
    "//a.X/",
    "//a.bX/",
    "//X.a/",
    "//X@a/",
    "//uX@a/",
    "//u:X@a/",
    "//a@X/",
    "//a@bX/",
    "//a:X/",
    "//a:1X/",
    "//a:X1/",
    "//[::1]X/",
    "//[::X1]/",
    "//[fe80::1%X]/",
    "//[fe80::1%aX]/",
    "/X",
    "/aX",
    "/a/X",
    "/a;X",
    "/a?X",
    "/a?bX",
    "/a#X",
    "/a#bX",
    "a:b#X",
    "a:b?X",
    "?X",
    "#X",
    "s://h/X",
    "s://h/?X",
    "s://h/#X",
    "s://h?X",
    "s://h#X",
    "s:X/",
    "s://1.2.3.X/",
    "s://X.2.3.4/",
    "s://h:X",
    "s://hX:80/",
    "s://X:80/",
    "./X:",
    "s:?X",
    "s:#X",
    "X//a",
    "X?a",
    "X#a",
    "a/X:b",
    // An authority that starts with ":" (an empty host name before a
    // port), after a user info or not: with a "[" or "]" it is no
    // registry name either, and Java names the missing host name.
    "//:X",
    "//::X",
    "//:1X",
    "//u@:X/",
    "s://:X/p",
];

/// Hosts: IPv4 forms and the host name rule's edges, IPv6 forms, scope ids.
pub const HOSTS: &[&str] = &[
    "",
    "a",
    "A",
    "1",
    "1.",
    "123",
    "1a",
    "a1",
    "a-1",
    "1-a",
    "-a",
    "a-",
    "a.",
    "a.b",
    "a.b.",
    "a..b",
    ".a",
    "a.1",
    "a.1.",
    "1.a",
    "a.1a",
    "a.-b",
    "a-.b",
    "a--b",
    "a_b",
    "a%41",
    "%41",
    "a.b-c.d",
    "xn--e1a.x",
    "1.2.3.4",
    "255.255.255.255",
    "256.1.1.1",
    "1.2.3.256",
    "1.2.3",
    "1.2.3.4.5",
    "01.2.3.4",
    "0001.2.3.4",
    "1234.1.1.1",
    "000000000000001.2.3.4",
    "99999999999.1.1.1",
    "1.2.3.4.",
    "1..3.4",
    ".1.2.3",
    "1.2.3.4a",
    "1.2.3.a",
    "0.0.0.0",
    "0x1.2.3.4",
    "1.2.3.-4",
    "[::1]",
    "[::]",
    "[1:2:3:4:5:6:7:8]",
    "[1:2:3:4:5:6:7:8:9]",
    "[1::2::3]",
    "[::1.2.3.4]",
    "[::ffff:1.2.3.4]",
    "[1:2:3:4:5:6:1.2.3.4]",
    "[1:2:3:4:5:6:7:1.2.3.4]",
    "[::1.2.3]",
    "[::1.2.3.256]",
    "[::01.2.3.4]",
    "[::1.2.3.4.5]",
    "[v1.x]",
    "[12345::]",
    "[:1]",
    "[1:]",
    "[:::]",
    "[1:::2]",
    "[1:2:3:4:5:6:7::]",
    "[::2:3:4:5:6:7:8]",
    "[1::3:4:5:6:7:8]",
    "[fe80::1%eth0]",
    "[fe80::1%]",
    "[fe80::1%25eth0]",
    "[fe80::1%e-0]",
    "[fe80::1%e_0.1]",
    "[::1%1]",
    "[%1]",
    "[]",
    "[",
    "]",
    "[::1]]",
    "a[b]",
    "[::1]a",
    "[FFFF::]",
    "[ffff::g]",
    "[1:2:3:4:5:6:7:8%x]",
    "[::1.2.3.4%x]",
    "h\u{E9}",
    "\u{E9}",
    "a b",
    "a\u{A0}b",
    "@",
    "a@b",
    "a:b",
];

const PORTS: &[&str] = &[
    "",
    ":",
    ":80",
    ":0",
    ":080",
    ":65536",
    ":2147483647",
    ":2147483648",
    ":4294967296",
    ":99999999999",
    ":-1",
    ":8o",
    ":1:2",
    ": ",
    ":]",
    ":[",
    ":[::1]",
    "::1]",
];

const USERINFOS: &[&str] = &[
    "",
    "u@",
    "@",
    "u:p@",
    "u@v@",
    "\u{E9}@",
    "[u]@",
    "u%41@",
    "u%4@",
    "u;p=1,2+3$&!~*'()_.-@",
    "u:@",
    "::@",
];

const PATHS: &[&str] = &[
    "",
    "/",
    "/a",
    "//a",
    "/a//b",
    "/a;p=1/b;q",
    "/./a/../b",
    "/a b",
    "/a[b]",
    "/%41",
    "/%4",
    "/\u{E9}",
    "/a:b",
    "/~!*'()$&+,;=:@-._",
];

const QUERIES: &[&str] = &[
    "", "?", "?a=1&b=2", "?[x]", "?a?b", "?\u{E9}", "?a b", "?%zz", "?/:@",
];

const FRAGMENTS: &[&str] = &["", "#", "#f", "#a#b", "#[x]", "#\u{E9}", "#a b", "#/?:"];

/// Whole inputs: empty components, opaque URIs, schemes, references.
const WHOLE: &[&str] = &[
    "",
    "#",
    "?",
    "/",
    "//",
    "///",
    "////",
    "s:",
    "s:/",
    "s://",
    "s:///",
    "s:////",
    "s://?",
    "s://#",
    "s:?",
    "s:#",
    "s:#f",
    "/?#",
    "//?",
    "//#",
    "?q",
    "#f",
    "?#",
    ":",
    ":x",
    "a:",
    "A+b-.c9:x",
    "1a:x",
    "+a:x",
    "a_b:x",
    "a b:x",
    "\u{E9}:x",
    "mailto:a@b",
    "mailto:a@b?subject=x",
    "s:a?b#c",
    "s:%zz",
    "s:a b",
    "s:[x]",
    "news:comp.lang.java",
    "urn:isbn:096139210x",
    "s:\u{E9}",
    "s:a/b",
    "s:?a",
    "s:\\",
    "s:a#b#c",
    "./a:b",
    "a/b:c",
    "g;x?y#s",
    ";x",
    "..",
    ".",
    "../../g",
    "file:///c:/x",
    "file://host/x",
    "jar:file:/a.jar!/b",
    "s://u@/x",
    "s://:80/",
    "s://@/",
    "s://u@:80/",
    "//a:80",
    "//:",
    "//@",
    "//a@",
    "http://a.b.c/%7Euser",
    "a://::[::1]",
    "//:[::1]:80/",
    "//u@:[::1]",
];

/// The hex groups of generated IPv6 addresses, in turn.
const GROUPS: &[&str] = &["1", "a1", "ffff", "0", "FE80", "12", "abc", "9", "7", "8"];

/// IPv4 parts, well- and malformed, for every place in an IPv6 address.
const IPV4_PARTS: &[&str] = &[
    "1.2.3.4",
    "255.255.255.255",
    "0.0.0.0",
    "1.2.3",
    "1.2.3.4.5",
    "1.2.3.256",
    "256.1.1.1",
    "1..2.3",
    "01.2.3.4",
    "0001.2.3.4",
    "1.2.3.4x",
    "1.2.3.a",
    ".1.2.3",
    "1.2.3.",
    "1.2.3.4:1",
    "1.2.3.4::",
    "1",
    "12345.1.1.1",
    "ab.1.1.1",
    "1.2.3.-4",
    "1.2.3.4.",
    "00000000001.1.1.1",
    "0000000000300.1.1.1",
    "1.2.3.0000000000255",
];

/// Addresses that break one of java.net.URI's IPv6 rules each, or almost.
const IPV6_EDGES: &[&str] = &[
    "",
    ":",
    "::",
    ":::",
    "::::",
    "1:::2",
    "1::2::3",
    "::1::",
    "::1::2",
    "1::2::",
    ":1",
    "1:",
    "1:2",
    ":1::",
    "1::2:",
    "1::2:3:",
    "1:2:3:4:5:6:7:",
    ":1:2:3:4:5:6:7:8",
    "g",
    "::g",
    "1:g",
    "1:2:g::",
    "g::",
    "-1::",
    "::1 ",
    " ::1",
    "\u{E9}::1",
    "::\u{E9}",
    "1:\u{E9}::",
    "::1:",
    "::ffff:",
    "1:2:3:4:5:6:7:8:",
    "1:2:3:4:5:6:7:8::",
    "::1:2:3:4:5:6:7:8",
    "1:2:3:4::5:6:7:8",
    "1:2:3:4:5:6:7:8:9",
    "1:2:3:4:5:6:7:8:9:10",
    "v1.x",
    "V1.fe80",
    "[::1",
    "::1[",
    "1]::",
];

/// What follows an IPv6 address inside the brackets: scope ids.
const SCOPES: &[&str] = &[
    "", "%", "%1", "%eth0", "%e_0.1", "%e-0", "%25", "%%", "%\u{E9}", "%a%b", "%a:b", "%@",
];

/// What follows the address and scope: the `]` or not, and after it.
const CLOSINGS: &[&str] = &["]", "", "]x", "]:80", "]:", "]]", "]@x", "]:8x"];

/// IPv6 references around each of java.net.URI's rules (crates/urikit/src/java/
/// ipv6.rs): every count of groups with `::` in every place or none, an
/// IPv4 part in every place, hex runs of one to six digits in every place,
/// `::` twice, each with every scope id form and closing, after a scheme,
/// without one, and after a user info (ASCII, and non-ASCII for Java's
/// UTF-16 index).
pub fn ipv6_inputs() -> Vec<String> {
    let mut addrs: Vec<String> = IPV6_EDGES.iter().map(|s| s.to_string()).collect();
    for n in 0..=9 {
        let g = &GROUPS[..n];
        addrs.push(g.join(":"));
        for d in 0..=n {
            addrs.push(format!("{}::{}", g[..d].join(":"), g[d..].join(":")));
        }
        // An IPv4 part in place of group k, with and without a "::".
        for k in 0..=n {
            let (a, b) = (g[..k].join(":"), g[k..].join(":"));
            let sep = |s: &str, at_end: bool| match (s.is_empty(), at_end) {
                (true, _) => String::new(),
                (false, true) => format!("{s}:"),
                (false, false) => format!(":{s}"),
            };
            addrs.push(format!("{}1.2.3.4{}", sep(&a, true), sep(&b, false)));
            addrs.push(format!("{a}::1.2.3.4{}", sep(&b, false)));
        }
    }
    for v4 in IPV4_PARTS {
        for before in [
            "",
            "::",
            "::ffff:",
            "1::",
            "1:2:3:4:5:6:",
            "1:2:3:4:5:6:7:",
            "1:",
        ] {
            addrs.push(format!("{before}{v4}"));
        }
    }
    for len in 1..=6 {
        let h = "f".repeat(len);
        for form in [
            "H::1",
            "1::H",
            "1:H:2::",
            "::H",
            "H:1:1:1:1:1:1:1",
            "1:1:1:1:1:1:1:H",
            "::H:1.2.3.4",
            "H.1.1.1",
            "::H.1.1.1",
            "1:H",
            "H",
            "H%1",
        ] {
            addrs.push(form.replace('H', &h));
        }
    }
    let mut out = Vec::new();
    for addr in &addrs {
        for scope in SCOPES {
            for closing in CLOSINGS {
                out.push(format!("s://[{addr}{scope}{closing}/p"));
            }
        }
        for prefix in ["//", "s://u@", "s://\u{E9}@", "//a@b@"] {
            out.push(format!("{prefix}[{addr}]"));
            out.push(format!("{prefix}[{addr}%1]:80?q"));
        }
    }
    out
}

/// Every generated input, without duplicates, in a stable order.
pub fn inputs() -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut chars: Vec<char> = (0u8..128).map(char::from).collect();
    chars.extend_from_slice(NON_ASCII);
    for slot in SLOTS {
        for &c in &chars {
            out.push(slot.replace('X', &c.to_string()));
        }
    }
    for host in HOSTS {
        for port in PORTS {
            for user in USERINFOS {
                out.push(format!("s://{user}{host}{port}/p"));
            }
            out.push(format!("//{host}{port}"));
            out.push(format!("s://{host}{port}?q#f"));
        }
    }
    for path in PATHS {
        for query in QUERIES {
            for fragment in FRAGMENTS {
                for prefix in ["", "s:", "s://h", "//h", "s://a_b"] {
                    out.push(format!("{prefix}{path}{query}{fragment}"));
                }
            }
        }
    }
    out.extend(WHOLE.iter().map(|s| s.to_string()));
    out.extend(ipv6_inputs());
    let mut seen = std::collections::HashSet::new();
    out.retain(|s| seen.insert(s.clone()));
    out
}

/// Bases for `URI.resolve`: RFC 3986 5.4's, and ones without a path, with
/// an empty authority, an empty port, a registry authority, relative, opaque.
pub const RESOLVE_BASES: &[&str] = &[
    "http://a/b/c/d;p?q",
    "http://a",
    "http://a?q#f",
    "file:///x/y",
    "http://u@h:080/a/",
    "http://h:/a/b",
    "http://a_b/c/d",
    "s:b/c",
    "a/b/c",
    "/a/b",
    "",
    "http://a/b/c/d;p?q#f",
    "http://[::1]:8/a/b",
];

/// References for `URI.resolve`: RFC 3986 5.4.1 and 5.4.2, verbatim.
pub const RESOLVE_REFS: &[&str] = &[
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
    "",
    ".",
    "./",
    "..",
    "../",
    "../g",
    "../..",
    "../../",
    "../../g",
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
    "#f",
    "a:b",
    "//h",
    "///x",
    "g//h",
    "a:/b",
    "x:y/../z",
    ".//g",
    "g/..//h",
    "#",
];

/// Paths for `URI.normalize`.
pub const NORMALIZE: &[&str] = &[
    "http://a/b/./c/../d//e",
    "/../a",
    "/a/../../b",
    "a/..",
    "a/../b:c",
    "./a:b",
    "a//b",
    "//h//a//b/",
    "http://h:/a/./b",
    "http://u@h:080/./a",
    "../a/./b/..",
    "/.",
    "/..",
    ".",
    "..",
    "./",
    "a/./",
    "a/b/../../..",
    "/a/b/../../..",
    "s:/a/./b",
    "s:a/./b",
    "s:/a/.",
    "a/:b/..",
    "file:///a/./b",
    "http://a_b/./c",
    "/a//../b",
    "//a/..",
    "/./a:b",
    "a/./b:c",
];
