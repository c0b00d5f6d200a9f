//! The RFC 2396 profile against the grammar itself: Appendix A of RFC 2396
//! as amended by RFC 2732 section 3, transcribed into ABNF below and read
//! by the small ABNF reader of `common/abnf.rs` (which knows nothing of
//! urikit), must accept exactly the inputs `Rfc2396Ref::parse` accepts.
//! The inputs are the java.net.URI differential's generated ones (every
//! ASCII character in every component, IPv4 and IPv6 forms in every place)
//! and this profile's own vectors.

use std::io::Write;

use urikit::rfc2396::Rfc2396Ref;

use crate::abnf::Grammar;
use crate::common::vectors;
use crate::java_inputs;
use crate::vectors::unescape_str;

/// RFC 2396 Appendix A, its `|` written `/` and its `_` in names `-`, with
/// RFC 2732 3's changes: (1) `host` gains `IPv6reference`, (2) RFC 2373's
/// `IPv4address`, (3) `[` and `]` in `reserved` (so in `uric`, not in
/// `uric_no_slash`, which lists its characters). `IPv6address` is "as
/// defined in RFC2373": its text forms (2.2), at most eight 16-bit pieces
/// or a `::` for one or more, the last two maybe an IPv4 address, which are
/// the nine alternatives RFC 3986 spells out, with RFC 2373's IPv4address
/// (Appendix B) in `ls32`.
const RFC2396: &str = r##"
URI-reference = [ absoluteURI / relativeURI ] [ "#" fragment ]
absoluteURI   = scheme ":" ( hier-part / opaque-part )
relativeURI   = ( net-path / abs-path / rel-path ) [ "?" query ]

hier-part     = ( net-path / abs-path ) [ "?" query ]
opaque-part   = uric-no-slash *uric

uric-no-slash = unreserved / escaped / ";" / "?" / ":" / "@" /
                "&" / "=" / "+" / "$" / ","

net-path      = "//" authority [ abs-path ]
abs-path      = "/"  path-segments
rel-path      = rel-segment [ abs-path ]

rel-segment   = 1*( unreserved / escaped /
                    ";" / "@" / "&" / "=" / "+" / "$" / "," )

scheme        = alpha *( alpha / digit / "+" / "-" / "." )

authority     = server / reg-name

reg-name      = 1*( unreserved / escaped / "$" / "," /
                    ";" / ":" / "@" / "&" / "=" / "+" )

server        = [ [ userinfo "@" ] hostport ]
userinfo      = *( unreserved / escaped /
                   ";" / ":" / "&" / "=" / "+" / "$" / "," )

hostport      = host [ ":" port ]
host          = hostname / IPv4address / IPv6reference
IPv6reference = "[" IPv6address "]"
hostname      = *( domainlabel "." ) toplabel [ "." ]
domainlabel   = alphanum / alphanum *( alphanum / "-" ) alphanum
toplabel      = alpha / alpha *( alphanum / "-" ) alphanum
IPv4address   = 1*3digit "." 1*3digit "." 1*3digit "." 1*3digit
port          = *digit

IPv6address   =                            6( h16 ":" ) ls32
              /                       "::" 5( h16 ":" ) ls32
              / [               h16 ] "::" 4( h16 ":" ) ls32
              / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
              / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
              / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
              / [ *4( h16 ":" ) h16 ] "::"              ls32
              / [ *5( h16 ":" ) h16 ] "::"              h16
              / [ *6( h16 ":" ) h16 ] "::"
h16           = 1*4hex
ls32          = ( h16 ":" h16 ) / IPv4address

path-segments = segment *( "/" segment )
segment       = *pchar *( ";" param )
param         = *pchar

pchar         = unreserved / escaped /
                ":" / "@" / "&" / "=" / "+" / "$" / ","

query         = *uric
fragment      = *uric

uric          = reserved / unreserved / escaped
reserved      = ";" / "/" / "?" / ":" / "@" / "&" / "=" / "+" /
                "$" / "," / "[" / "]"
unreserved    = alphanum / mark
mark          = "-" / "_" / "." / "!" / "~" / "*" / "'" /
                "(" / ")"

escaped       = "%" hex hex
hex           = digit / "A" / "B" / "C" / "D" / "E" / "F"

alphanum      = alpha / digit
alpha         = %x41-5A / %x61-7A
digit         = %x30-39
"##;

/// The inputs: the generated ones and the vectors' (under 256 bytes, the
/// reader's limit), without duplicates.
fn inputs() -> Vec<String> {
    let mut out = java_inputs::inputs();
    for f in vectors("rfc2396/URI-reference.txt") {
        let input = if f[0] == "ok" { &f[1] } else { &f[3] };
        out.push(unescape_str(input).unwrap());
    }
    out.retain(|s| s.len() < 256);
    out.sort();
    out.dedup();
    out
}

#[test]
fn validity_is_the_grammar() {
    // Spaces in a string literal would be fine, but a rule's text is one
    // logical line: continuation lines are indented.
    let g = Grammar::read(RFC2396);
    let inputs = inputs();
    let mut diffs = Vec::new();
    for s in &inputs {
        let grammar = g.matches("URI-reference", s.as_bytes());
        let ours = Rfc2396Ref::parse(s);
        if grammar != ours.is_ok() {
            diffs.push(format!(
                "  {s:?}: grammar {}, urikit {}",
                if grammar { "valid" } else { "invalid" },
                ours.map_or_else(|e| format!("rejects ({e})"), |_| "accepts".into())
            ));
        }
    }
    let _ = writeln!(
        std::io::stderr().lock(),
        "RFC 2396 grammar: {} inputs, {} differences",
        inputs.len(),
        diffs.len()
    );
    assert!(inputs.len() > 50_000, "{}", inputs.len());
    assert!(
        diffs.is_empty(),
        "{} of {} inputs differ:\n{}",
        diffs.len(),
        inputs.len(),
        diffs[..diffs.len().min(60)].join("\n")
    );
}
