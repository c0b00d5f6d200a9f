//! The comparison ladder (RFC 3986 6.1, 6.2): data-file vectors and keys.

use crate::common;
use common::vectors;

use std::collections::{BTreeSet, HashMap, HashSet};

use urikit::compare::{Comparison, Keyed, Level};
use urikit::{Uri, UriBuf, UriRef};

fn cmp_of(level: &str, fragment: &str) -> Comparison<'static> {
    let level = Level::from_name(level).unwrap_or_else(|| panic!("level {level}"));
    Comparison::new(level).ignore_fragment(match fragment {
        "ignore" => true,
        "keep" => false,
        f => panic!("fragment {f}"),
    })
}

/// Check a file of equivalence vectors (level, fragment, a, b, verdict)
/// with `equivalent` and `key` for the kind of reference at hand.
fn ladder_vectors<K: PartialEq>(
    file: &str,
    equivalent: impl Fn(&Comparison, &str, &str) -> bool,
    key: impl Fn(&Comparison, &str) -> K,
) {
    let v = vectors(file);
    assert!(v.len() > 20);
    for f in v {
        let cmp = cmp_of(&f[0], &f[1]);
        let (a, b) = (f[2].as_str(), f[3].as_str());
        let expected = match f[4].as_str() {
            "equivalent" => true,
            "different" => false,
            e => panic!("{e}"),
        };
        assert_eq!(equivalent(&cmp, a, b), expected, "{f:?}");
        assert_eq!(equivalent(&cmp, b, a), expected, "{f:?}");
        assert_eq!(key(&cmp, a) == key(&cmp, b), expected, "{f:?}");
        // Each rung only adds equivalences.
        if expected {
            for higher in [Level::String, Level::Syntax, Level::Scheme] {
                if higher >= cmp.level() {
                    let c = Comparison::new(higher).ignore_fragment(f[1] == "ignore");
                    assert!(equivalent(&c, a, b), "{f:?} at {higher}");
                }
            }
        }
    }
}

#[test]
fn equivalence_vectors() {
    ladder_vectors(
        "normalize/equivalence.txt",
        |c, a, b| {
            c.equivalent(Uri::parse(a).unwrap(), Uri::parse(b).unwrap())
                .unwrap()
        },
        |c, a| c.key(&Uri::parse(a).unwrap()).unwrap().into_string(),
    );
}

#[test]
fn the_plain_types_compare_byte_wise() {
    let (a, b) = (
        Uri::parse("http://a/%7e").unwrap(),
        Uri::parse("http://a/~").unwrap(),
    );
    assert_ne!(a, b);
    assert!(Comparison::new(Level::Syntax).equivalent(a, b).unwrap());
}

#[test]
fn keys_deduplicate_the_four_equivalents_of_6_2_3() {
    let four = [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ];
    let mut with_query = four.to_vec();
    with_query.push("http://example.com/?");
    let count = |level| {
        let cmp = Comparison::new(level);
        with_query
            .iter()
            .map(|s| cmp.key(&UriRef::parse(s).unwrap()).unwrap().into_owned())
            .collect::<HashSet<_>>()
            .len()
    };
    assert_eq!(count(Level::String), 5);
    // "http://example.com/" and "http://example.com:/" merge.
    assert_eq!(count(Level::Syntax), 4);
    // The four merge; "/?" stays apart.
    assert_eq!(count(Level::Scheme), 2);
}

#[test]
fn keyed_values_in_maps_and_sets() {
    let cmp = Comparison::new(Level::Scheme).ignore_fragment(true);
    let mut hits: HashMap<Keyed<UriBuf>, u32> = HashMap::new();
    for s in [
        "http://example.com/a#x",
        "HTTP://example.com:80/a",
        "http://example.com/%61#y",
        "http://example.com/b",
    ] {
        *hits
            .entry(Keyed::new(&cmp, s.parse().unwrap()).unwrap())
            .or_default() += 1;
    }
    let mut counts: Vec<u32> = hits.values().copied().collect();
    counts.sort_unstable();
    assert_eq!(counts, [1, 3]);

    // `insert` keeps the value already there.
    let mut set: BTreeSet<Keyed<UriRef>> = BTreeSet::new();
    for s in ["b:x", "A:y", "a:y"] {
        set.insert(Keyed::new(&Comparison::new(Level::Syntax), UriRef::parse(s).unwrap()).unwrap());
    }
    let kept: Vec<&str> = set.iter().map(|k| k.value().as_str()).collect();
    assert_eq!(kept, ["A:y", "b:x"]);
}

#[test]
fn keys_borrow_when_the_input_is_normal() {
    let cmp = Comparison::new(Level::Syntax).ignore_fragment(true);
    let k = cmp.key("http://a/b#c").unwrap();
    assert_eq!(k.as_str(), "http://a/b");
}

// ---- IRIs (RFC 3987 5.3) ----

use urikit::{IriBuf, IriRef};

#[test]
fn iri_equivalence_vectors() {
    fn iri(s: &str) -> IriRef<'_> {
        IriRef::parse(s).unwrap()
    }
    ladder_vectors(
        "iri/compare.txt",
        |c, a, b| c.iri_equivalent(iri(a), iri(b)).unwrap(),
        |c, a| {
            let k = c.iri_key(a).unwrap();
            // Above the string rung a key is a URI reference (3.1).
            if c.level() > Level::String {
                assert!(UriRef::parse(k.as_str()).is_ok(), "{a}");
            }
            k.into_string()
        },
    );
}

#[test]
fn an_ascii_iri_has_the_key_of_the_same_uri() {
    for s in ["HTTP://A/./b/%7e?x#y", "s:a/../b", "//h:80/?q", "a/./b#"] {
        for level in [Level::String, Level::Syntax, Level::Scheme] {
            let cmp = Comparison::new(level);
            let (i, u) = (IriRef::parse(s).unwrap(), UriRef::parse(s).unwrap());
            assert_eq!(
                cmp.iri_key(&i).unwrap(),
                cmp.key(&u).unwrap(),
                "{s} at {level}"
            );
        }
    }
}

#[test]
fn keyed_iris_deduplicate() {
    let cmp = Comparison::new(Level::Scheme);
    let mut set = BTreeSet::new();
    for s in [
        "http://例え.jp",
        "HTTP://例え.jp:80/",
        "http://%E4%BE%8B%E3%81%88.jp/",
        "http://例え.jp/?",
    ] {
        set.insert(Keyed::new_iri(&cmp, IriBuf::parse(s).unwrap()).unwrap());
    }
    let kept: Vec<&str> = set.iter().map(|k| k.value().as_str()).collect();
    assert_eq!(kept.len(), 2, "{kept:?}");
    // Text is parsed on use; text that is no IRI is the parser's error.
    assert!(Keyed::new_iri(&cmp, "s:ä").is_ok());
    assert_eq!(Keyed::new_iri(&cmp, "s:a b").unwrap_err().index(), 3);
    let by_key: HashSet<_> = set.iter().map(|k| k.key().as_str().to_string()).collect();
    assert!(by_key.contains("http://%E4%BE%8B%E3%81%88.jp/"));
}

#[cfg(feature = "nfc")]
#[test]
fn nfc_is_opt_in() {
    // RFC 3987 5.3.2.2's example: "re&#x301;sume&#x301;" is not in NFC.
    let a = urikit::Iri::parse("http://www.example.org/re\u{301}sume\u{301}.html").unwrap();
    let b = urikit::Iri::parse("http://www.example.org/r\u{e9}sum\u{e9}.html").unwrap();
    for level in [Level::String, Level::Syntax, Level::Scheme] {
        assert!(!Comparison::new(level).iri_equivalent(a, b).unwrap());
        assert!(
            Comparison::new(level)
                .nfc(true)
                .iri_equivalent(a, b)
                .unwrap()
        );
    }
    // NFC would make U+1FEF a "`", which a path does not allow: compared
    // as it is.
    let c = IriRef::parse("/\u{1FEF}").unwrap();
    let k = Comparison::new(Level::String)
        .nfc(true)
        .iri_key(&c)
        .unwrap();
    assert_eq!(k.as_str(), "/\u{1FEF}");
}
