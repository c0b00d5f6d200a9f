//! Show how each implementation parses the inputs given as arguments: a
//! tool for investigating a disagreement and writing its DEVIATIONS.md entry.
//!
//! `cargo run --manifest-path dev/fuzz/Cargo.toml --features uriparser --example compare -- 'http://[::1]/'`

use urikit_fuzz::peers;

fn main() {
    for s in std::env::args().skip(1) {
        println!("{s:?}");
        println!(
            "  urikit     {:?}",
            urikit::UriRef::parse(&s).map(|_| peers::urikit(&s))
        );
        println!(
            "  fluent-uri {:?}",
            fluent_uri::UriRef::parse(s.as_str()).map(|_| peers::fluent(&s))
        );
        println!(
            "  iri-string {:?}",
            iri_string::types::UriReferenceStr::new(s.as_str()).map(|_| peers::iri_string(&s))
        );
        #[cfg(feature = "uriparser")]
        println!("  uriparser  {:?}", urikit_fuzz::uriparser::parts(&s));
    }
}
