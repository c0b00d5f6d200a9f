//! The scanner's state between calls and across the streaming
//! extractor's buffer refills.

use super::chain::Chain;

/// Scanner state carried between calls (and across buffer refills).
#[derive(Clone, Debug, Default)]
pub(super) struct State {
    /// A bare scheme may not start before this index (the end of the last
    /// match or skipped run).
    pub(super) floor: usize,
    /// Inside a run of URI bytes too long to be a candidate: skip to its end.
    pub(super) skip_run: bool,
    /// `(from, end)`: the bytes from `from` to `end` are all URI bytes and
    /// the run ends at `end`. Every colon in a run starts a candidate that
    /// runs to the same end; remembering it keeps a long run with many
    /// colons linear.
    pub(super) run: Option<(usize, usize)>,
    /// While `skip_run`: where the candidate being skipped starts. The
    /// streaming extractor may have dropped that part of its buffer; then
    /// `skip_start` is 0 and `skip_lost` counts the bytes before the buffer.
    pub(super) skip_start: usize,
    pub(super) skip_lost: usize,
    /// The last chain of hyphen-joined pieces (see [`Chain`]).
    pub(super) chain: Option<Chain>,
}
