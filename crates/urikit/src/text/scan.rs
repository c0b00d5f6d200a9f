//! The scanner: finds the next trigger byte (`<`, `"` or a colon) and
//! tries the candidate there.

use super::angle::angle;
use super::bare::bare;
use super::bytes::{TRIGGER, URI_BYTE, tick};
use super::candidate::Try;
use super::found::Match;
use super::options::ExtractOptions;
use super::quote::quote;
use super::state::State;

pub(super) enum Step<'a> {
    /// A match, and the index to resume scanning at.
    Found(Match<'a>, usize),
    /// The buffer ended before a decision: resume at this index once more
    /// input has been appended.
    NeedMore(#[cfg_attr(not(feature = "std"), allow(dead_code))] usize),
    /// A candidate dropped for its length: it starts `lost` bytes before
    /// `start` (see [`State::skip_lost`]) and was looked at up to `end`;
    /// resume at `resume`.
    Dropped {
        start: usize,
        #[cfg_attr(not(feature = "std"), allow(dead_code))]
        lost: usize,
        end: usize,
        resume: usize,
    },
    /// The end of the input.
    Done,
}

pub(super) fn scan<'a>(
    buf: &'a [u8],
    mut i: usize,
    st: &mut State,
    eof: bool,
    opts: &ExtractOptions,
) -> Step<'a> {
    loop {
        if st.skip_run {
            while i < buf.len() && URI_BYTE.contains(buf[i]) {
                i += 1;
                tick(1);
            }
            if i == buf.len() && !eof {
                return Step::NeedMore(i);
            }
            st.skip_run = false;
            st.floor = i;
            return Step::Dropped {
                start: st.skip_start,
                lost: st.skip_lost,
                end: i,
                resume: i,
            };
        }
        while i < buf.len() && !TRIGGER.contains(buf[i]) {
            i += 1;
            tick(1);
        }
        if i >= buf.len() {
            return if eof { Step::Done } else { Step::NeedMore(i) };
        }
        let t = i;
        let outcome = match buf[t] {
            b'<' => angle(buf, t, eof, opts),
            b'"' => quote(buf, t, eof, opts),
            _ => bare(buf, t, st, eof, opts),
        };
        match outcome {
            Try::Found(m, resume) => {
                st.floor = resume;
                return Step::Found(m, resume);
            }
            Try::No(next) => i = next,
            Try::Skip(start, from) => {
                st.skip_run = true;
                st.skip_start = start;
                st.skip_lost = 0;
                i = from;
            }
            Try::TooLong(start, end) => {
                return Step::Dropped {
                    start,
                    lost: 0,
                    end,
                    resume: t + 1,
                };
            }
            Try::NeedMore => return Step::NeedMore(t),
        }
    }
}
