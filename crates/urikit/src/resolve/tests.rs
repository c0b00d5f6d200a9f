use super::*;
use alloc::string::String;
use alloc::vec::Vec;

/// Strings over `a . /` of every length up to 70, each byte position
/// taking each value against backgrounds of `a` and of `/`: the word
/// scans agree with byte-by-byte reference scans.
#[test]
fn scans_agree_with_bytewise() {
    let naive_dot = |b: &[u8]| b.first() == Some(&b'.') || b.windows(2).any(|w| w == b"/.");
    let naive_slash = |b: &[u8]| b.iter().rposition(|&c| c == b'/').map_or(0, |i| i + 1);
    let mut checked = 0;
    for n in 0..70 {
        for bg in [b'a', b'/', b'.'] {
            for i in 0..n {
                for j in [i, i + 1, n - 1, n / 2] {
                    for (x, y) in [(b'/', b'.'), (b'.', b'/'), (b'/', b'/'), (b'a', b'.')] {
                        let mut v = alloc::vec![bg; n];
                        v[i] = x;
                        if j < n {
                            v[j] = y;
                        }
                        assert_eq!(maybe_dot_segment(&v), naive_dot(&v), "{v:?}");
                        assert_eq!(last_slash_end(&v), naive_slash(&v), "{v:?}");
                        checked += 1;
                    }
                }
            }
            let v = alloc::vec![bg; n];
            assert_eq!(maybe_dot_segment(&v), naive_dot(&v), "{v:?}");
            assert_eq!(last_slash_end(&v), naive_slash(&v), "{v:?}");
        }
    }
    assert!(checked > 10_000);
}

/// The fast path (a splice of the two texts) against the general one,
/// on bases and references built from dot, empty and plain segments,
/// some long enough for several scan windows. Debug builds also check
/// the spliced offsets against a parse of the result.
#[test]
fn splice_agrees_with_general_path() {
    let segs = [
        "",
        ".",
        "..",
        "a",
        "bb",
        ".x",
        "x.",
        "c:d",
        "0123456789abcdef",
    ];
    let mut paths: Vec<String> = alloc::vec![String::new()];
    for &a in &segs {
        paths.push(a.into());
        for &b in &segs {
            paths.push(alloc::format!("{a}/{b}"));
            for &c in &segs[..5] {
                paths.push(alloc::format!("{a}/{b}/{c}"));
            }
        }
    }
    let mut bases = Vec::new();
    let mut refs = Vec::new();
    for p in &paths {
        for head in ["http://h", "s:", "http://h/", "s:/"] {
            let b = alloc::format!("{head}{p}?q#f");
            if UriRef::parse(&b).is_ok_and(|r| !r.is_relative()) {
                bases.push(b);
            }
        }
        for head in ["", "/", "//h/", "t:", "t:/", "t://h/"] {
            for tail in ["", "?y", "#z", "?y#z"] {
                let r = alloc::format!("{head}{p}{tail}");
                if UriRef::parse(&r).is_ok() {
                    refs.push(r);
                }
            }
        }
    }
    let mut checked = 0;
    for (i, b) in bases.iter().enumerate() {
        let b = Uri::parse(b).unwrap();
        // Every base against a stride of the references, so that each
        // pairing kind comes up without the full square.
        for r in refs.iter().skip(i % 61).step_by(61) {
            let r = UriRef::parse(r).unwrap();
            for res in [Resolver::new(), Resolver::new().non_strict(true)] {
                let fast = res.resolve(b, r).unwrap();
                let general = res.resolve_general(&b, &r, String::new()).unwrap();
                assert_eq!(fast.as_str(), general.as_str(), "{b} + {r}");
                assert_eq!(fast.components(), general.components(), "{b} + {r}");
                let mut out = String::from("x");
                res.resolve_into(b, r, &mut out).unwrap();
                assert_eq!(&out[1..], general.as_str(), "{b} + {r}");
                checked += 1;
            }
        }
    }
    assert!(checked > 100_000, "{checked}");
}

/// The fast path of make_relative against the general one, on pairs of
/// URIs built from dot, empty, colon and plain segments, with equal
/// and differing schemes, authorities, paths and queries.
#[test]
fn relative_fast_agrees_with_general_path() {
    let segs = ["", ".", "..", "a", "b", ".x", "c:d", "0123456789abcdef"];
    let mut paths: Vec<String> = alloc::vec![String::new()];
    for &a in &segs {
        paths.push(alloc::format!("/{a}"));
        for &b in &segs {
            paths.push(alloc::format!("/{a}/{b}"));
            for &c in &segs[..6] {
                paths.push(alloc::format!("/{a}/{b}/{c}"));
            }
        }
    }
    let mut uris = Vec::new();
    for (i, p) in paths.iter().enumerate() {
        let head = ["http://h", "http://h", "http://g", "s://h", "http://"][i % 5];
        let tail = ["", "?q", "#f", "?q#f", "?r", "?"][i % 6];
        let u = alloc::format!("{head}{p}{tail}");
        if Uri::parse(&u).is_ok() {
            uris.push(u);
        }
    }
    let mut checked = 0;
    for (i, b) in uris.iter().enumerate() {
        let b = Uri::parse(b).unwrap();
        for t in uris.iter().skip(i % 2).step_by(2) {
            let t = Uri::parse(t).unwrap();
            let general = make_relative_general(&b, &t);
            if let Some(fast) = relative_fast(&b, &t) {
                let general = general.unwrap();
                assert_eq!(fast.as_str(), general.as_str(), "{b} -> {t}");
                assert_eq!(fast.components(), general.components(), "{b} -> {t}");
                checked += 1;
            }
            assert_eq!(
                make_relative(&b, &t).map(|r| r.into_string()),
                make_relative_general(&b, &t).map(|r| r.into_string())
            );
        }
    }
    assert!(checked > 20_000, "{checked}");
}
