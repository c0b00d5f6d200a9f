//! Angle brackets, `<…>`: the form Appendix C recommends.

use super::bytes::{URI_BYTE, is_space, tick};
use super::candidate::{Pieces, Try, skip_url_prefix};
use super::found::Delimiter;
use super::options::ExtractOptions;
use crate::{Uri, UriRef};

/// `<…>` at `t`.
pub(super) fn angle<'a>(buf: &'a [u8], t: usize, eof: bool, opts: &ExtractOptions) -> Try<'a> {
    let limit = t.saturating_add(opts.max_len);
    let no = Try::No(t + 1);
    // A prefix cut short by the end of the buffer reads as content, and
    // content that reaches the end of the buffer asks for more input: no
    // decision is ever taken on a partial view.
    let mut k = t + 1;
    while k < buf.len() && is_space(buf[k]) {
        k += 1;
    }
    k = skip_url_prefix(buf, k);
    let mut pieces: Option<Pieces> = None;
    let mut piece_start = k;
    // Whether every whitespace run so far held a line break; where the first
    // run started, in joined bytes.
    let mut all_breaks = true;
    let mut first_gap: Option<usize> = None;
    let mut joined = 0usize;
    loop {
        tick(1);
        if k >= limit {
            return Try::TooLong(t, limit);
        }
        if k >= buf.len() {
            return if eof { no } else { Try::NeedMore };
        }
        let b = buf[k];
        if b == b'>' || is_space(b) {
            if k > piece_start {
                match pieces.as_mut() {
                    None => pieces = Some(Pieces::new(piece_start, k)),
                    Some(p) => p.push(piece_start, k),
                }
                joined += k - piece_start;
            }
            if b == b'>' {
                break;
            }
            // A run of whitespace.
            let hyphen = k > piece_start && buf[k - 1] == b'-';
            let mut breaks = 0;
            while k < buf.len() && k < limit && is_space(buf[k]) {
                tick(1);
                if buf[k] == b'\n' || (buf[k] == b'\r' && buf.get(k + 1) != Some(&b'\n')) {
                    breaks += 1;
                }
                k += 1;
            }
            if k >= buf.len() && !eof && k < limit {
                return Try::NeedMore;
            }
            if breaks > 1 {
                return no;
            }
            if breaks == 0 {
                all_breaks = false;
            } else if hyphen && let Some(p) = pieces.as_mut() {
                p.hyphens.push(joined - 1);
            }
            if first_gap.is_none() && joined > 0 {
                first_gap = Some(joined);
            }
            piece_start = k;
            continue;
        }
        if !URI_BYTE.contains(b) {
            return no;
        }
        k += 1;
    }
    let Some(pieces) = pieces else { return no };
    let text = pieces.text(buf);
    let len = text.len();
    let ok = if let Ok(uri) = Uri::parse_bytes(&text) {
        // No whitespace within the scheme or right after its colon.
        let after_colon = uri.scheme().len() + 1;
        !matches!(first_gap, Some(g) if g <= after_colon)
    } else if opts.relative {
        UriRef::parse_bytes(&text).is_ok() && all_breaks
    } else {
        false
    };
    if !ok {
        return no;
    }
    match pieces.into_match(buf, len, Delimiter::Angle) {
        Some(m) => Try::Found(m, k + 1),
        None => no,
    }
}
