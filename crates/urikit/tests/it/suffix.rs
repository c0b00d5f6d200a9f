//! Suffix references (4.5): the data file of guesses, the default-scheme
//! option, and properties that hold for any input.

use proptest::prelude::*;
use urikit::Uri;
use urikit::suffix::{CannotComplete, Guess, SuffixOptions, guess};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/suffix/guesses.txt");

fn describe(g: &Guess) -> String {
    match g {
        Guess::AlreadyUri => "already-uri".into(),
        Guess::Completed(c) => {
            let mut s = format!("{} {}", c.uri(), c.heuristic().name());
            if c.also_parses_as_uri() {
                s.push_str(" also-uri");
            }
            s
        }
        Guess::CannotComplete(CannotComplete::Empty) => "cannot:empty".into(),
        Guess::CannotComplete(CannotComplete::NoHost) => "cannot:no-host".into(),
        Guess::CannotComplete(CannotComplete::Invalid { index, .. }) => {
            format!("cannot:invalid@{index}")
        }
        other => format!("{other:?}"),
    }
}

#[test]
fn guesses_match_the_data_file() {
    let data = std::fs::read_to_string(DATA).unwrap();
    let mut n = 0;
    for line in data
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (input, want) = line.split_once('\t').unwrap();
        let got = describe(&guess(input));
        if want == "cannot:invalid" {
            assert!(got.starts_with("cannot:invalid@"), "{input:?}: {got}");
        } else {
            assert_eq!(got, want, "{input:?}");
        }
        n += 1;
    }
    assert!(n >= 50, "{n}");
}

#[test]
fn default_scheme_option() {
    let https = SuffixOptions::new().default_scheme("https");
    assert_eq!(
        https.guess("www.example.com/").uri(),
        Some("https://www.example.com/")
    );
    assert_eq!(
        https.guess("example.com").uri(),
        Some("https://example.com")
    );
    assert_eq!(
        https.guess("//example.com").uri(),
        Some("https://example.com")
    );
    // Labels with their own scheme keep it.
    assert_eq!(
        https.guess("ftp.example.com").uri(),
        Some("ftp://ftp.example.com")
    );
    assert_eq!(
        https.guess("a@example.com").uri(),
        Some("mailto:a@example.com")
    );
    // An invalid default scheme cannot complete anything that needs it.
    let bad = SuffixOptions::new().default_scheme("1x");
    assert!(matches!(
        bad.guess("example.com"),
        Guess::CannotComplete(CannotComplete::Invalid { .. })
    ));
}

#[test]
fn cannot_complete_messages() {
    let msg = |s: &str| match guess(s) {
        Guess::CannotComplete(c) => c.to_string(),
        other => panic!("{other:?}"),
    };
    assert_eq!(msg(""), "empty input");
    assert_eq!(
        msg("foo"),
        "cannot complete: the text does not start with a host name"
    );
    assert_eq!(
        msg("example.com/a b"),
        "cannot complete: invalid character in path at index 13"
    );
}

proptest! {
    #[test]
    fn never_touches_a_uri_and_only_prepends(s in "[a-z0-9.:/@\\[\\]%?#-]{0,30}") {
        match guess(&s) {
            Guess::Completed(c) => {
                let uri = c.uri().as_str();
                prop_assert!(Uri::parse(uri).is_ok());
                prop_assert!(uri.ends_with(s.trim()));
                prop_assert!(uri.len() > s.trim().len());
                // A URI input is completed only under the host:port reading.
                prop_assert_eq!(Uri::parse(&s).is_ok(), c.also_parses_as_uri());
            }
            Guess::AlreadyUri => prop_assert!(Uri::parse(&s).is_ok()),
            Guess::CannotComplete(_) => {}
            _ => {}
        }
    }
}
