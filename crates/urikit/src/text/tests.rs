use super::bare::trim_trailing;
#[cfg(feature = "std")]
use super::bytes::STEPS;
use super::*;

fn found(text: &str) -> Vec<String> {
    extract(text).map(|m| m.as_str().into()).collect()
}

#[test]
fn trimming() {
    assert_eq!(trim_trailing(b"http://a/b)."), 10);
    assert_eq!(trim_trailing(b"http://a/(b)."), 12);
    assert_eq!(trim_trailing(b"http://a/b'"), 10);
    assert_eq!(trim_trailing(b"http://a/it's"), 13);
}

#[test]
fn bare_basics() {
    assert_eq!(
        found("(see http://a.example/x_(y)), ok"),
        ["http://a.example/x_(y)"]
    );
    assert_eq!(
        found("URL:http://a/ and URL: http://b/"),
        ["http://a/", "http://b/"]
    );
    assert_eq!(found("Note: this is not a uri"), Vec::<String>::new());
    assert_eq!(found("http:// alone"), Vec::<String>::new());
}

/// The work (bytes looked at, as counted by `tick`) of extracting from
/// `text`, in memory and through a reader, with these options.
#[cfg(feature = "std")]
fn steps(opts: ExtractOptions, text: &str) -> (u64, u64) {
    let count = |f: &dyn Fn()| {
        STEPS.with(|s| s.set(0));
        f();
        STEPS.with(|s| s.get())
    };
    let mem = count(&|| {
        opts.extract(text).with_dropped().for_each(drop);
    });
    let read = count(&|| {
        opts.extract_reader(text.as_bytes())
            .with_dropped()
            .for_each(drop);
    });
    (mem, read)
}

/// Doubling the input at most doubles the work, and the work stays a small
/// multiple of the input, for hostile shapes and any max_len: one long
/// candidate of each kind, colons everywhere, and lines joined at hyphens
/// with a candidate on each.
#[cfg(feature = "std")]
#[test]
fn work_is_linear_in_the_input() {
    type Shape = (&'static str, fn(usize) -> String);
    let shapes: [Shape; 8] = [
        ("bare", |n| format!("http://a/{}", "b".repeat(n))),
        ("angle", |n| format!("<http://a/{}>", "b".repeat(n))),
        ("quote", |n| format!("\"http://a/{}\"", "b".repeat(n))),
        ("colons", |n| "http://a:".repeat(n / 9)),
        ("bad colons", |n| "mailto:%".repeat(n / 8)),
        ("hyphen chain", |n| "mailto:%-\n ".repeat(n / 11)),
        ("hyphen chain, valid", |n| "mailto:a-\n ".repeat(n / 11)),
        ("closers", |n| format!("http://a/{}", "):".repeat(n / 2))),
    ];
    let n = 200_000;
    for max_len in [16, 4096, 64 * 1024, usize::MAX / 4] {
        let opts = ExtractOptions::new().max_len(max_len);
        for (name, make) in shapes {
            let (small, big) = (make(n), make(2 * n));
            let (m1, r1) = steps(opts, &small);
            let (m2, r2) = steps(opts, &big);
            for (how, a, b) in [("memory", m1, m2), ("reader", r1, r2)] {
                assert!(
                    b <= 2 * a + a / 4 + 1000,
                    "{name}, max_len {max_len}, {how}: {a} steps for {} bytes, {b} for {}",
                    small.len(),
                    big.len()
                );
                assert!(
                    b <= 40 * big.len() as u64,
                    "{name}, max_len {max_len}, {how}: {b} steps for {} bytes",
                    big.len()
                );
            }
        }
    }
}

/// The chain of hyphen-joined lines gives the same matches as joining
/// them for each candidate did.
#[test]
fn hyphen_chains_give_each_candidate() {
    assert_eq!(
        found("x:%-\n mailto:a-\n b mailto:c"),
        ["mailto:a-b", "mailto:c"]
    );
    let text = "mailto:%-\n ".repeat(3) + "mailto:ok";
    assert_eq!(found(&text), ["mailto:ok"]);
}
