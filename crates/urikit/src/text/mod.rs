//! Finding URIs in plain text (Appendix C, "Delimiting a URI in Context").
//!
//! Appendix C names three ways people set a URI apart from prose, and this
//! module recognises all three:
//!
//! - **angle brackets** `<http://example.com/>`: the recommended form. The
//!   whitespace inside (a long URI broken across lines) is removed;
//! - **double quotes** `"http://example.com/"`;
//! - **bare**, delimited by whitespace: `see http://example.com/.` Sentence
//!   punctuation at the end (`. , ; : ! ?`) and an unbalanced closing
//!   bracket or quote are not part of the URI.
//!
//! The prefix `URL:` (with or without a space after it, inside or outside
//! the brackets) is dropped. A line break right after a hyphen is joined
//! ("ignore all whitespace around the line break"), and since "the hyphen may
//! or may not actually be part of the URI", every match reports such
//! hyphens in [`Match::hyphen_breaks`] and offers the other reading,
//! [`Match::without_break_hyphens`].
//!
//! By default only URIs with a scheme are found: bare relative references are
//! too ambiguous in prose. [`ExtractOptions::relative`] finds relative
//! references too, but only inside angle brackets.
//!
//! ## Heuristics beyond the appendix
//!
//! Prose is full of `word:word`, so a bare or quoted candidate needs either
//! `//` after its scheme (`http://…`) or a scheme from a short list of
//! well-known schemes that do not use `//`: `about`, `data`, `geo`, `im`,
//! `javascript`, `magnet`, `mailto`, `news`, `sip`, `sips`, `sms`, `tag`,
//! `tel`, `urn`, `xmpp`. [`ExtractOptions::any_scheme`] lifts this. Angle
//! brackets are explicit, so any scheme is accepted there.
//!
//! A bare candidate that is not valid all the way to the next whitespace is
//! cut at its first invalid byte (`http://a/b|c` gives `http://a/b`).
//! Quoted and bracketed text must be a valid URI entirely.
//!
//! Inside angle brackets, whitespace is never taken from within or right
//! after the scheme (`<Note: http://x>` is not `Note:http://x`); a relative
//! reference may be broken only at line breaks; a bracket does not span a
//! blank line. Inside double quotes, only a hyphen line break is joined.
//!
//! No candidate spans more than [`ExtractOptions::max_len`] bytes of text
//! (64 KiB by default): a longer one is skipped whole. That bound is what lets
//! [`ExtractOptions::extract_reader`] stream any input in bounded memory,
//! with the same matches as [`ExtractOptions::extract`] on the whole text.
//! [`Extract::with_dropped`] and [`ReadExtract::with_dropped`] report the
//! candidates skipped for their length ([`Found::TooLong`]).
//!
//! Extraction is linear in the input for any `max_len`: every byte is
//! looked at a bounded number of times, however many candidates overlap
//! (the streaming extractor reads more at once while one candidate is
//! pending, and the lines joined at hyphens are found once for all the
//! candidates on them).
//!
//! ```
//! let text = "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n\
//!             but you can probably pick it up from <ftp://foo.example.\n\
//!             com/rfc/>.";
//! let uris: Vec<_> = urikit::text::extract(text).map(|m| m.as_str().to_owned()).collect();
//! assert_eq!(uris, ["http://www.w3.org/Addressing/", "ftp://foo.example.com/rfc/"]);
//! ```
//!
//! ## Where each part is
//!
//! - `angle.rs`, `quote.rs`, `bare.rs`: the three ways of Appendix C.
//! - `scan.rs`: the scanner that finds candidates and tries each one.
//! - `candidate.rs`: what a candidate is made of (its pieces) and
//!   the outcome of trying one; `chain.rs`: hyphen-joined pieces across
//!   line breaks; `state.rs`: the scanner's state between calls.
//! - `bytes.rs`: the byte classes and schemes all of the above share.
//! - `found.rs`: [`Match`] and [`Delimiter`].
//! - `options.rs`: [`ExtractOptions`].
//! - `iter.rs`: [`extract`], [`Extract`] over a text, and the streaming
//!   extractor.
//!
//! Each file imports only from files listed after it or beside it in the
//! pipeline (no cycles): `bytes`, `options` and `found` use nothing of
//! `text`; `candidate` uses those; `quote` and `angle` use `candidate`;
//! `chain` uses `quote`; `state` uses `chain`; `bare` uses `state`;
//! `scan` uses the styles; `iter` uses `scan`.

mod angle;
mod bare;
mod bytes;
mod candidate;
mod chain;
mod found;
mod iter;
mod options;
mod quote;
mod scan;
mod state;
#[cfg(test)]
mod tests;

pub use found::{Delimiter, Found, Match};
pub use iter::{Extract, WithDropped, extract};
#[cfg(feature = "std")]
pub use iter::{ReadExtract, ReadWithDropped};
pub use options::ExtractOptions;
