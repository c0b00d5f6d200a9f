//! `JavaUri::normalize` on paths made of dot segments, empty segments and
//! segments with a `:`: every sequence of up to five such segments against
//! the real `java.net.URI` (through the probe of `java.rs`), and longer
//! random ones against the steps of the Javadoc of `URI.normalize()` read
//! literally ([`javadoc_normalize`]), which share nothing with urikit's
//! one-pass stack.

use proptest::prelude::*;
use urikit::java::JavaUri;

/// The segments the generated paths are made of: a name, `.`, `..`, an
/// empty one (a run of `/`), one with a `:` (which a relative result must
/// not start with), and names that only look like dot segments.
const SEGMENTS: &[&str] = &["a", ".", "..", "", "b:c", "...", ".a", "a.."];

/// Every sequence of up to `n` segments of `from`, joined with `/`.
fn sequences(from: &[&str], n: usize) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut last = vec![String::new()];
    for len in 1..=n {
        let mut next = Vec::new();
        for p in &last {
            for s in from {
                next.push(if len == 1 {
                    s.to_string()
                } else {
                    format!("{p}/{s}")
                });
            }
        }
        out.extend(next.iter().cloned());
        last = next;
    }
    out
}

#[test]
fn dot_segment_paths_match_java() {
    let mut inputs = Vec::new();
    for p in sequences(&SEGMENTS[..5], 5) {
        for p in [p.clone(), format!("{p}/")] {
            inputs.push(p.clone());
            inputs.push(format!("/{p}"));
            inputs.push(format!("http://h/{p}?q#f"));
            inputs.push(format!("//h/{p}"));
        }
    }
    // The names that only look like dot segments, fewer at a time.
    for p in sequences(&["a", "..", "...", ".a", "a.."], 4) {
        inputs.push(format!("/{p}"));
        inputs.push(format!("{p}/"));
    }
    inputs.sort();
    inputs.dedup();
    assert!(inputs.len() > 25_000, "{}", inputs.len());
    super::check_normalize("dot segments", &inputs);
}

/// The Javadoc of `java.net.URI.normalize()`, step by step, on the path's
/// segments (runs of `/` are one separator; each segment keeps whether a
/// `/` followed it):
/// 1. all `.` segments are removed;
/// 2. a `..` segment preceded by a non-`..` segment is removed with it,
///    repeated until it no longer applies;
/// 3. a relative path whose first segment holds a `:` gets a `.` segment
///    before it.
fn javadoc_normalize(path: &str) -> String {
    let absolute = path.starts_with('/');
    let mut segs: Vec<(&str, bool)> = Vec::new();
    let pieces: Vec<&str> = path.split('/').collect();
    for (k, s) in pieces.iter().enumerate() {
        if !s.is_empty() {
            segs.push((s, k + 1 < pieces.len()));
        }
    }
    segs.retain(|(s, _)| *s != ".");
    while let Some(k) = (1..segs.len()).find(|&k| segs[k].0 == ".." && segs[k - 1].0 != "..") {
        segs.drain(k - 1..=k);
    }
    let mut out = String::new();
    if absolute {
        out.push('/');
    } else if segs.first().is_some_and(|(s, _)| s.contains(':')) {
        out.push_str("./");
    }
    for (s, slash) in segs {
        out.push_str(s);
        if slash {
            out.push('/');
        }
    }
    out
}

fn path() -> impl Strategy<Value = String> {
    (
        any::<bool>(),
        prop::collection::vec(prop::sample::select(SEGMENTS), 0..60),
        any::<bool>(),
    )
        .prop_map(|(lead, segs, trail)| {
            let mut p = segs.join("/");
            if lead {
                p.insert(0, '/');
            }
            if trail {
                p.push('/');
            }
            p
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// Under an authority, and alone when the whole input is its path.
    #[test]
    fn normalize_is_the_javadoc_reading(p in path()) {
        let abs = if p.starts_with('/') { p.clone() } else { format!("/{p}") };
        let whole = format!("http://h{abs}");
        let u = JavaUri::parse(&whole).unwrap();
        prop_assert_eq!(u.normalize(), format!("http://h{}", javadoc_normalize(&abs)));
        // (Not "//a": an authority; nor "a:b": a scheme.)
        if let Ok(u) = JavaUri::parse(&p)
            && u.raw_path() == Some(p.as_str())
        {
            prop_assert_eq!(u.normalize(), javadoc_normalize(&p));
        }
    }
}
