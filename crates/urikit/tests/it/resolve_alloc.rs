//! Allocation counts (issue 3): resolution makes one allocation, for the
//! result; remove_dot_segments_into makes none when the buffer has room.
//! The counter is per thread, so tests running beside this one do not count.

use urikit::{Resolver, Uri, UriRef};

/// The allocations `f` makes on this thread, by the binary's counting
/// allocator (`alloc.rs`).
fn count<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let (n, v) = crate::alloc::allocations(f);
    (v, n)
}

#[test]
fn allocation_counts() {
    let text = include_str!("../data/resolve/cases.tsv");
    let mut checked = 0;
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let [mode, base, r, _] = f[..] else { continue };
        let res = match mode {
            "strict" => Resolver::new(),
            "non-strict" => Resolver::new().non_strict(true),
            "rfc2396" => Resolver::new().rfc2396(true),
            _ => continue,
        };
        let base = Uri::parse(base).unwrap();
        let r = UriRef::parse(r).unwrap();
        let (t, n) = count(|| res.resolve(base, r).unwrap());
        assert_eq!(n, 1, "{mode} {base} + {r}: {n} allocations for {t}");
        let mut out = String::with_capacity(base.len() + r.len() + 3);
        let ((), n) = count(|| res.resolve_into(base, r, &mut out).unwrap());
        assert_eq!(n, 0, "resolve_into with room: {base} + {r}");
        checked += 1;
    }
    assert!(checked > 80, "{checked}");

    // A million segments: still one allocation.
    let long = format!("{}g", "../".repeat(1_000_000));
    let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
    let r = UriRef::parse(&long).unwrap();
    let (_, n) = count(|| base.resolve(r).unwrap());
    assert_eq!(n, 1);

    for p in ["/a/b/c/./../../g", "mid/content=5/../6", &long] {
        let (_, n) = count(|| urikit::remove_dot_segments(p));
        assert_eq!(n, 1, "{p}");
        let mut buf = String::with_capacity(p.len());
        let ((), n) = count(|| urikit::remove_dot_segments_into(p, &mut buf));
        assert_eq!(n, 0, "{p}");
        let mut buf = String::with_capacity(p.len());
        let ((), n) = count(|| urikit::merge_into(&base, p, &mut buf));
        assert!(n <= 1);
    }
}
