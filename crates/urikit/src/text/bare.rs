//! Bare URIs, delimited by whitespace, with sentence punctuation and
//! unbalanced closers trimmed from the end.

use super::bytes::{MAX_SCHEME, OPAQUE_SCHEMES, TRAILING, URI_BYTE, is_space, tick};
use super::candidate::{Pieces, Try, plausible};
use super::chain::{Cand, Chain};
use super::found::Delimiter;
use super::options::ExtractOptions;
use super::quote::{Gap, hyphen_break};
use super::state::State;
use crate::Uri;
use crate::chars::{ALPHA, SCHEME};

/// A bare URI whose scheme ends at the colon `t`.
pub(super) fn bare<'a>(
    buf: &'a [u8],
    t: usize,
    st: &mut State,
    eof: bool,
    opts: &ExtractOptions,
) -> Try<'a> {
    let no = Try::No(t + 1);
    let floor = st.floor;
    tick(1);
    // Back up over the scheme.
    let mut j = t;
    while j > floor && SCHEME.contains(buf[j - 1]) {
        j -= 1;
        if t - j > MAX_SCHEME {
            return no;
        }
    }
    let word_start = j;
    while j < t && !ALPHA.contains(buf[j]) {
        j += 1;
    }
    if j == t {
        return no;
    }
    if buf[j..t].eq_ignore_ascii_case(b"url") {
        return no;
    }
    let limit = j.saturating_add(opts.max_len);
    // Enough to see "//" after the colon.
    if buf.len() < t + 3 && !eof {
        return Try::NeedMore;
    }
    let slashes = buf[t + 1..].starts_with(b"//");
    // Under `any_scheme`, a scheme without `//` must start its word: in
    // `2024-01-01T10:00:00Z` the letter `T` is inside one.
    if opts.any_scheme && j > word_start && !slashes {
        return no;
    }
    if !slashes
        && !opts.any_scheme
        && !OPAQUE_SCHEMES
            .iter()
            .any(|s| s.as_bytes().eq_ignore_ascii_case(&buf[j..t]))
    {
        return no;
    }
    if let Some(done) = chained(buf, j, t, st, limit, opts) {
        return done;
    }
    // The run of URI bytes, with hyphen line breaks joined.
    let mut pieces = Pieces::new(j, t);
    let mut piece_start = j;
    let mut joined = 0usize;
    let mut k = t;
    let mut first_piece = true;
    loop {
        match st.run {
            Some((from, end)) if first_piece && from <= k && k < end => {
                if end > limit {
                    return Try::Skip(j, limit);
                }
                k = end;
            }
            _ => {
                let from = k;
                while k < buf.len() && URI_BYTE.contains(buf[k]) {
                    if k >= limit {
                        return Try::Skip(j, k);
                    }
                    k += 1;
                    tick(1);
                }
                if first_piece && (k < buf.len() || eof) {
                    st.run = Some((from, k));
                }
            }
        }
        first_piece = false;
        if k >= buf.len() && !eof {
            return Try::NeedMore;
        }
        let at_space = k < buf.len() && is_space(buf[k]);
        if at_space && buf[k - 1] == b'-' {
            match hyphen_break(buf, k, limit, eof) {
                Gap::Join(next) => {
                    // A joined line: the chain, found once for every colon
                    // in it (see `chain`), when it ends in this buffer.
                    if piece_start == j {
                        // Twice the limit: the candidates of the next
                        // `max_len` bytes find their answer in it.
                        let bound = limit.saturating_add(opts.max_len);
                        st.chain = Some(Chain::build(buf, j, bound, eof));
                        return chained(buf, j, t, st, limit, opts).unwrap_or(Try::NeedMore);
                    }
                    if piece_start == j {
                        pieces.first = (j, k);
                    } else {
                        pieces.push(piece_start, k);
                    }
                    joined += k - piece_start;
                    pieces.hyphens.push(joined - 1);
                    k = next;
                    piece_start = k;
                    continue;
                }
                Gap::End => {}
                Gap::NeedMore => return Try::NeedMore,
            }
        }
        if piece_start == j {
            pieces.first = (j, k);
        } else {
            pieces.push(piece_start, k);
        }
        break;
    }
    let text = pieces.text(buf);
    let scheme_len = t - j;
    let Some(len) = longest_uri(&text, scheme_len) else {
        return no;
    };
    if !plausible(&text[..len], opts) {
        return no;
    }
    match pieces.into_match(buf, len, Delimiter::Bare) {
        Some(m) => {
            let end = m.end;
            Try::Found(m, end)
        }
        None => no,
    }
}

/// A bare candidate with scheme `j..t` answered from the chain of `st`,
/// or `None` when it does not start there or reaches past what it knows.
fn chained<'a>(
    buf: &'a [u8],
    j: usize,
    t: usize,
    st: &State,
    limit: usize,
    opts: &ExtractOptions,
) -> Option<Try<'a>> {
    let no = Try::No(t + 1);
    let c = st.chain.as_ref()?;
    let (text, span) = match c.candidate(j, t, limit)? {
        Cand::Text(text, span) => (text, span),
        Cand::Skip(from) => return Some(Try::Skip(j, from)),
        Cand::Unknown => return None,
    };
    let Some(len) = longest_uri(text, t - j) else {
        return Some(no);
    };
    if !plausible(&text[..len], opts) {
        return Some(no);
    }
    Some(match c.pieces(span).into_match(buf, len, Delimiter::Bare) {
        Some(m) => {
            let end = m.end;
            Try::Found(m, end)
        }
        None => no,
    })
}

/// The length of the longest prefix of `text` that, with trailing
/// punctuation trimmed, is a URI; `None` when there is none beyond the
/// scheme and colon.
pub(super) fn longest_uri(text: &[u8], scheme_len: usize) -> Option<usize> {
    // Cut at the parser's first error before trimming: the parser stops
    // there, so the work is bounded by the prefix kept, not by the run.
    // The parser stops at its first error: count what it looked at.
    fn parse(t: &[u8]) -> Result<(), crate::ParseError> {
        let r = Uri::parse_bytes(t).map(|_| ());
        tick(r.map_or_else(|e| e.index() + 1, |_| t.len()).min(t.len()));
        r
    }
    let mut len = match parse(text) {
        Ok(_) => text.len(),
        Err(e) => e.index().min(text.len()),
    };
    // Each round trims, then cuts at the next error; a few rounds suffice
    // for real text, and the bound keeps hostile input linear.
    for _ in 0..8 {
        len = trim_trailing(&text[..len]);
        if len <= scheme_len + 1 {
            return None;
        }
        match parse(&text[..len]) {
            Ok(_) => return Some(len),
            Err(e) if e.index() < len => len = e.index(),
            Err(_) => return None,
        }
    }
    None
}

/// Drop sentence punctuation and unbalanced closers from the end.
pub(super) fn trim_trailing(s: &[u8]) -> usize {
    tick(s.len());
    let count = |c: u8| s.iter().filter(|&&b| b == c).count();
    // Balance of each closer against its opener, kept up to date as bytes
    // are dropped: one counting pass, however long the tail.
    let mut paren = count(b'(') as isize - count(b')') as isize;
    let mut square = count(b'[') as isize - count(b']') as isize;
    let mut apos = count(b'\'');
    let mut len = s.len();
    while len > 0 {
        let b = s[len - 1];
        let drop = match b {
            _ if TRAILING.contains(b) => true,
            b')' if paren < 0 => {
                paren += 1;
                true
            }
            b']' if square < 0 => {
                square += 1;
                true
            }
            b'\'' if apos % 2 == 1 => {
                apos -= 1;
                true
            }
            _ => false,
        };
        if !drop {
            break;
        }
        len -= 1;
    }
    len
}
