//! Every example of RFC 3986 section 5.4 and of RFC 2396 Appendix C,
//! read from the RFC text itself (copied verbatim under tests/data/resolve).

use urikit::{Resolver, Uri, UriRef};

const BASE: &str = "http://a/b/c/d;p?q";

/// One example: a reference and its target, with the note after `;` if any.
struct Example {
    reference: String,
    target: String,
    note: String,
    /// The alternative on the next line (`/` or `|`), for the scheme loophole.
    alternative: Option<String>,
}

/// Lines `REF = TARGET [; note]`, optionally quoted, and the continuation
/// line `/ TARGET ; note` (3986) or `| TARGET ; note` (2396).
fn examples(text: &str) -> Vec<Example> {
    let unquote = |s: &str| {
        let s = s.trim();
        s.strip_prefix('"')
            .and_then(|s| s.strip_suffix('"'))
            .unwrap_or(s)
            .to_string()
    };
    let mut out: Vec<Example> = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if let Some(alt) = trimmed
            .strip_prefix("/  ")
            .or_else(|| trimmed.strip_prefix("|  "))
        {
            let (target, _) = alt.split_once(" ; ").unwrap();
            out.last_mut().unwrap().alternative = Some(unquote(target));
            continue;
        }
        // Example lines are indented; prose lines are not.
        if !line.starts_with("   ") {
            continue;
        }
        let Some((r, rest)) = trimmed.split_once(" = ") else {
            continue;
        };
        let (target, note) = rest.split_once(" ; ").unwrap_or((rest, ""));
        out.push(Example {
            reference: unquote(r),
            target: unquote(target),
            note: note.trim().to_string(),
            alternative: None,
        });
    }
    out
}

fn resolve(resolver: Resolver, reference: &str) -> String {
    let base = Uri::parse(BASE).unwrap();
    let r = UriRef::parse(reference).unwrap();
    resolver.resolve(base, r).unwrap().to_string()
}

#[test]
fn rfc3986_section_5_4() {
    let text = include_str!("../data/resolve/rfc3986-5.4.txt");
    assert!(text.contains(&format!("   {BASE}\n")), "base as in the RFC");
    let ex = examples(text);
    assert_eq!(ex.len(), 23 + 18 + 1, "5.4.1 has 23 examples, 5.4.2 has 19");
    for e in &ex {
        let strict = resolve(Resolver::new(), &e.reference);
        let non_strict = resolve(Resolver::new().non_strict(true), &e.reference);
        assert_eq!(strict, e.target, "strict: {:?}", e.reference);
        match &e.alternative {
            // "http:g": the first target is for strict parsers, the
            // alternative for backward compatibility.
            Some(alt) => {
                assert_eq!(e.note, "for strict parsers");
                assert_eq!(&non_strict, alt, "non-strict: {:?}", e.reference);
            }
            None => assert_eq!(non_strict, e.target, "non-strict: {:?}", e.reference),
        }
    }
    assert_eq!(ex.iter().filter(|e| e.alternative.is_some()).count(), 1);
}

#[test]
fn rfc2396_appendix_c() {
    let text = include_str!("../data/resolve/rfc2396-appendix-c.txt");
    assert!(
        text.contains(&format!("      {BASE}\n")),
        "base as in the RFC"
    );
    let ex = examples(text);
    assert_eq!(ex.len(), 22 + 20, "C.1 has 22 examples, C.2 has 20");
    let legacy = Resolver::new().rfc2396(true);
    for e in &ex {
        // "(current document)" is the base without its fragment (2396 5.2
        // step 2), which here has none; "<>" is the empty reference.
        let reference = if e.reference == "<>" {
            ""
        } else {
            &e.reference
        };
        let expected = e.target.replace("(current document)", BASE);
        assert_eq!(resolve(legacy, reference), expected, "{reference:?}");
        match &e.alternative {
            Some(alt) => {
                assert_eq!(e.note, "for validating parsers");
                assert_eq!(
                    &resolve(legacy.non_strict(true), reference),
                    alt,
                    "{reference:?}"
                );
            }
            None => assert_eq!(
                resolve(legacy.non_strict(true), reference),
                expected,
                "{reference:?}"
            ),
        }
    }
}
