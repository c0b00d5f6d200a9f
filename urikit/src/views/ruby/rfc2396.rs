//! `URI::RFC2396_Parser#split` (uri 0.11.0, lib/uri/rfc2396_parser.rb).

use super::{Split, bad_uri};

pub(super) fn split(input: &str) -> Result<Split<'_>, alloc::string::String> {
    Err(bad_uri(input))
}
