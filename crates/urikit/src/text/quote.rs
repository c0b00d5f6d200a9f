//! Double quotes, `"…"`, and the hyphen line break that may stand inside
//! a quoted or bare URI.

use super::bytes::{URI_BYTE, is_hspace, is_space, tick};
use super::candidate::{Pieces, Try, plausible, skip_url_prefix};
use super::found::Delimiter;
use super::options::ExtractOptions;
use crate::Uri;

/// `"…"` at `t`.
pub(super) fn quote<'a>(buf: &'a [u8], t: usize, eof: bool, opts: &ExtractOptions) -> Try<'a> {
    let limit = t.saturating_add(opts.max_len);
    let no = Try::No(t + 1);
    let mut k = skip_url_prefix(buf, t + 1);
    let mut pieces: Option<Pieces> = None;
    let mut piece_start = k;
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
        if b == b'"' {
            if k > piece_start {
                match pieces.as_mut() {
                    None => pieces = Some(Pieces::new(piece_start, k)),
                    Some(p) => p.push(piece_start, k),
                }
            }
            break;
        }
        if is_space(b) {
            // Only a hyphen line break may stand inside quotes.
            if k == piece_start || buf[k - 1] != b'-' {
                return no;
            }
            match hyphen_break(buf, k, limit, eof) {
                Gap::Join(next) => {
                    match pieces.as_mut() {
                        None => pieces = Some(Pieces::new(piece_start, k)),
                        Some(p) => p.push(piece_start, k),
                    }
                    joined += k - piece_start;
                    if let Some(p) = pieces.as_mut() {
                        p.hyphens.push(joined - 1);
                    }
                    k = next;
                    piece_start = k;
                    continue;
                }
                Gap::End => return no,
                Gap::NeedMore => return Try::NeedMore,
            }
        }
        if !URI_BYTE.contains(b) {
            return no;
        }
        k += 1;
    }
    let Some(pieces) = pieces else { return no };
    let text = pieces.text(buf);
    let len = text.len();
    if Uri::parse_bytes(&text).is_err() || !plausible(&text, opts) {
        return no;
    }
    match pieces.into_match(buf, len, Delimiter::Quote) {
        Some(m) => Try::Found(m, k + 1),
        None => no,
    }
}

pub(super) enum Gap {
    /// A hyphen line break: the text goes on at this index.
    Join(usize),
    /// Whitespace that ends the URI.
    End,
    NeedMore,
}

/// At whitespace `k` right after a `-`: whether it is one line break (with
/// blanks around it) followed by more text, before `limit`.
pub(super) fn hyphen_break(buf: &[u8], mut k: usize, limit: usize, eof: bool) -> Gap {
    let start = k;
    let end = limit.min(buf.len());
    while k < end && is_hspace(buf[k]) {
        k += 1;
    }
    if k < end && buf[k] == b'\r' {
        k += 1;
        if k < end && buf[k] == b'\n' {
            k += 1;
        } else if k == buf.len() && k < limit && !eof {
            // "\r" then maybe "\n": wait to see.
            return Gap::NeedMore;
        }
    } else if k < end && buf[k] == b'\n' {
        k += 1;
    } else if k == buf.len() && k < limit && !eof {
        return Gap::NeedMore;
    } else {
        return Gap::End;
    }
    while k < end && is_hspace(buf[k]) {
        k += 1;
    }
    if k >= limit {
        return Gap::End;
    }
    if k >= buf.len() {
        return if eof { Gap::End } else { Gap::NeedMore };
    }
    tick(k - start);
    if URI_BYTE.contains(buf[k]) {
        Gap::Join(k)
    } else {
        Gap::End
    }
}
