//! Reading the inputs: the arguments, or the lines of files or standard
//! input, streamed in constant memory.

use std::ffi::OsString;
use std::io::{self, Read};
use std::sync::mpsc;

use anyhow::Context;

/// The options that say where the inputs come from and how they are
/// separated; every command that reads lines takes them.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct InputArgs {
    /// Read the inputs from FILE, one per line; repeatable; "-" is standard
    /// input. Not with inputs on the command line.
    #[arg(short = 'i', long = "input", value_name = "FILE")]
    pub input: Vec<OsString>,
    /// Inputs are separated by NUL bytes, not line ends (as `find -print0`
    /// writes them), and each output line ends with NUL.
    #[arg(short = '0', long = "null")]
    pub null: bool,
}

/// Where an input comes from, for diagnostics.
#[derive(Debug)]
pub enum Source {
    /// A command-line argument: it is shown itself, so it needs no place.
    Argument,
    /// Standard input; `named` when other sources are read too, so that
    /// its lines need a name.
    Stdin { named: bool },
    /// A file given with `-i`.
    File(OsString),
}

impl Source {
    /// The name to show: "(standard input)" (as grep writes it) or the
    /// file's path.
    pub fn name(&self) -> std::borrow::Cow<'_, str> {
        match self {
            Source::Argument => "(argument)".into(),
            Source::Stdin { .. } => "(standard input)".into(),
            Source::File(path) => path.to_string_lossy(),
        }
    }
}

/// Where one input is: its source and its line (record) number there,
/// counted from 1; for an argument, its position among the inputs.
#[derive(Clone, Copy, Debug)]
pub struct Loc<'s> {
    pub source: &'s Source,
    pub line: u64,
}

impl Loc<'_> {
    /// The place as a diagnostic starts it: "line 3", "urls.txt:3", or
    /// nothing for an argument, which is shown itself.
    pub fn prefix(&self) -> Option<String> {
        match self.source {
            Source::Argument => None,
            Source::Stdin { named: false } => Some(format!("line {}", self.line)),
            source => Some(format!("{}:{}", source.name(), self.line)),
        }
    }
}

/// The inputs of a command: its arguments if there are any, else the lines
/// of the files given with `-i` (or of standard input when none is), each
/// without its line end (`\n` or `\r\n`, or NUL with `-0`). Files are read
/// in constant memory, one after another.
pub struct Inputs<'a> {
    args: &'a [OsString],
    sources: Vec<Source>,
    sep: u8,
}

impl<'a> Inputs<'a> {
    /// The inputs for `args` (the inputs on the command line) and `opts`.
    pub fn new(args: &'a [OsString], opts: &InputArgs) -> Inputs<'a> {
        let sources = if opts.input.is_empty() {
            vec![Source::Stdin { named: false }]
        } else {
            let several = opts.input.len() > 1;
            opts.input
                .iter()
                .map(|f| match f.to_str() {
                    Some("-") => Source::Stdin { named: several },
                    _ => Source::File(f.clone()),
                })
                .collect()
        };
        Inputs {
            args,
            sources,
            sep: if opts.null { 0 } else { b'\n' },
        }
    }

    /// Only the lines of the files or standard input, never the arguments
    /// (for `--pairs`).
    pub fn lines_only(opts: &InputArgs) -> Inputs<'static> {
        Inputs::new(&[], opts)
    }

    /// Call `f` on each input and its place. The bytes are not checked for
    /// UTF-8: for callers whose parser reports invalid UTF-8 itself.
    pub fn each(
        &self,
        mut f: impl FnMut(&[u8], Loc<'_>) -> anyhow::Result<()>,
    ) -> anyhow::Result<()> {
        if !self.args.is_empty() {
            for (i, a) in self.args.iter().enumerate() {
                f(a.as_encoded_bytes(), self.arg_loc(i))?;
            }
            return Ok(());
        }
        let strip = self.sep == b'\n';
        for source in &self.sources {
            let mut line = 0;
            for_each_block(source, self.sep, |block| {
                let bytes = block.bytes();
                let mut from = 0;
                for &end in &block.ends {
                    line += 1;
                    let input = &bytes[from..end];
                    f(
                        if strip { strip_cr(input) } else { input },
                        Loc { source, line },
                    )?;
                    from = end + 1;
                }
                Ok(())
            })?;
        }
        Ok(())
    }

    /// [`Inputs::each`], also giving each input as text when it is UTF-8.
    pub fn each_text(
        &self,
        mut f: impl FnMut(&[u8], Option<&str>, Loc<'_>) -> anyhow::Result<()>,
    ) -> anyhow::Result<()> {
        self.each_text_within(|input, text, _, loc| f(input, text, loc))
    }

    /// [`Inputs::each_text`], also giving the bytes that the input starts:
    /// the input and, for a line read from a file, the rest of its block,
    /// so that [`Cursor::put_within`](super::Cursor::put_within) can copy
    /// past the end of a part.
    pub fn each_text_within(
        &self,
        mut f: impl FnMut(&[u8], Option<&str>, &[u8], Loc<'_>) -> anyhow::Result<()>,
    ) -> anyhow::Result<()> {
        if !self.args.is_empty() {
            for (i, a) in self.args.iter().enumerate() {
                let bytes = a.as_encoded_bytes();
                f(
                    bytes,
                    std::str::from_utf8(bytes).ok(),
                    bytes,
                    self.arg_loc(i),
                )?;
            }
            return Ok(());
        }
        let strip = self.sep == b'\n';
        for source in &self.sources {
            let mut line = 0;
            for_each_block(source, self.sep, |block| {
                let mut from = 0;
                match &block.data {
                    // Lines end at "\n" or NUL, always a character boundary.
                    // (The choice once per block, not per line.)
                    Ok(text) if strip => {
                        text_lines::<true>(text, &block.ends, source, &mut line, &mut f)?
                    }
                    Ok(text) => text_lines::<false>(text, &block.ends, source, &mut line, &mut f)?,
                    Err(bytes) => {
                        for &end in &block.ends {
                            line += 1;
                            let input = &bytes[from..end];
                            let input = if strip { strip_cr(input) } else { input };
                            let loc = Loc { source, line };
                            f(input, std::str::from_utf8(input).ok(), &bytes[from..], loc)?;
                            from = end + 1;
                        }
                    }
                }
                Ok(())
            })?;
        }
        Ok(())
    }

    fn arg_loc(&self, i: usize) -> Loc<'static> {
        Loc {
            source: &Source::Argument,
            line: i as u64 + 1,
        }
    }
}

/// A block of standard input: whole lines, with their ends found and their
/// UTF-8 checked.
struct Block {
    /// The lines, as text when they are all UTF-8.
    data: Result<String, Vec<u8>>,
    /// Where each line ends: the index of its `\n`, or the end of `data`
    /// for a last line without one.
    ends: Vec<usize>,
}

impl Block {
    fn new() -> Block {
        Block {
            data: Err(Vec::new()),
            ends: Vec::new(),
        }
    }

    fn bytes(&self) -> &[u8] {
        match &self.data {
            Ok(text) => text.as_bytes(),
            Err(bytes) => bytes,
        }
    }
}

/// How much a block reads: at least one line, however long.
const READ_BLOCK: usize = 1 << 18;

/// Call `f` on each block of `source`, in order.
///
/// A second thread reads the blocks, finds the line ends and checks UTF-8
/// while this one works on the block before, so that a command costs little
/// more than its own work on the lines. Two blocks of 256 KiB take turns,
/// so memory stays constant for any number of lines; a block grows only for
/// a line longer than itself, and no line is ever copied except the one
/// that straddles two reads.
fn for_each_block(
    source: &Source,
    sep: u8,
    mut f: impl FnMut(&Block) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let reading = || format!("reading {}", source.name());
    let open = || -> anyhow::Result<Box<dyn Read + Send>> {
        Ok(match source {
            Source::File(path) => Box::new(std::fs::File::open(path).with_context(reading)?),
            _ => Box::new(io::stdin()),
        })
    };
    let mut input = open()?;
    let (full_tx, full_rx) = mpsc::sync_channel::<io::Result<Block>>(1);
    let (free_tx, free_rx) = mpsc::sync_channel::<Block>(2);
    let _ = free_tx.send(Block::new());
    let reader = std::thread::Builder::new()
        .name("input".into())
        .spawn(move || {
            let result = read_blocks(&mut input, sep, |block| {
                full_tx.send(Ok(block)).ok()?;
                free_rx.recv().ok()
            });
            if let Err(e) = result {
                let _ = full_tx.send(Err(e));
            }
        });
    if reader.is_err() {
        // No thread to be had: read here, between the blocks.
        let mut input = open()?;
        let mut failed = None;
        read_blocks(&mut input, sep, |block| match f(&block) {
            Ok(()) => Some(block),
            Err(e) => {
                failed = Some(e);
                None
            }
        })
        .with_context(reading)?;
        return failed.map_or(Ok(()), Err);
    }
    // Ends when the reader is done and drops its sender.
    for block in full_rx {
        let block = block.with_context(reading)?;
        f(&block)?;
        // The reader may have stopped already.
        let _ = free_tx.send(block);
    }
    Ok(())
}

/// Read `input` into blocks of whole lines (see [`Block`]) and hand each to
/// `exchange`, which gives back a block to reuse, or `None` to stop.
fn read_blocks(
    input: &mut impl Read,
    sep: u8,
    mut exchange: impl FnMut(Block) -> Option<Block>,
) -> io::Result<()> {
    // The start of a line that the last read cut off.
    let mut carry = Vec::new();
    let mut block = Block::new();
    loop {
        let (mut buf, mut ends) = match block.data {
            Ok(text) => (text.into_bytes(), block.ends),
            Err(bytes) => (bytes, block.ends),
        };
        ends.clear();
        // Only the bytes past the old lines need zeros: the rest is read over.
        buf.resize(buf.len().max(READ_BLOCK).max(2 * carry.len()), 0);
        buf[..carry.len()].copy_from_slice(&carry);
        let mut filled = carry.len();
        carry.clear();
        // Read until a line ends, or the input does.
        let lines_end = loop {
            if filled == buf.len() {
                buf.resize(2 * buf.len(), 0);
            }
            let n = match input.read(&mut buf[filled..]) {
                Ok(0) => break None,
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            filled += n;
            if let Some(i) = memchr::memrchr(sep, &buf[filled - n..filled]) {
                break Some(filled - n + i + 1);
            }
        };
        let at_end = lines_end.is_none();
        match lines_end {
            Some(end) => {
                carry.extend_from_slice(&buf[end..filled]);
                buf.truncate(end);
                ends.extend(memchr::memchr_iter(sep, &buf));
            }
            // The input is over: what is left is a last line without a
            // line end, if anything.
            None if filled == 0 => return Ok(()),
            None => {
                buf.truncate(filled);
                ends.push(filled);
            }
        }
        // Checked once for the block: far cheaper than once per line.
        let data = String::from_utf8(buf).map_err(|e| e.into_bytes());
        match exchange(Block { data, ends }) {
            Some(b) if !at_end => block = b,
            _ => return Ok(()),
        }
    }
}

/// Call `f` on each line of a block that is text, as
/// [`Inputs::each_text_within`] does: `ends` are the ends of its lines, and
/// `line` the number of the line before the first. `STRIP`: take a `\r`
/// off the end of each line.
#[inline(always)]
fn text_lines<const STRIP: bool>(
    text: &str,
    ends: &[usize],
    source: &Source,
    line: &mut u64,
    f: &mut impl FnMut(&[u8], Option<&str>, &[u8], Loc<'_>) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let mut from = 0;
    // The count in a local, not through the reference, on the hot path.
    let mut loc = Loc {
        source,
        line: *line,
    };
    for &end in ends {
        loc.line += 1;
        let input = &text[from..end];
        let input = if STRIP {
            input.strip_suffix('\r').unwrap_or(input)
        } else {
            input
        };
        f(input.as_bytes(), Some(input), &text.as_bytes()[from..], loc)?;
        from = end + 1;
    }
    *line = loc.line;
    Ok(())
}

fn strip_cr(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Trickle<'a>(&'a [u8], usize);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.1 = (self.1 * 7 + 3) % 1000;
            let n = self.0.len().min(buf.len()).min(1 + self.1 * 500);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    /// The lines `read_blocks` hands out, each as bytes, with whether its
    /// block was text.
    fn lines_of(input: &[u8]) -> Vec<(Vec<u8>, bool)> {
        lines_sep(input, b'\n')
    }

    fn lines_sep(input: &[u8], sep: u8) -> Vec<(Vec<u8>, bool)> {
        let mut lines = Vec::new();
        read_blocks(&mut Trickle(input, 0), sep, |block| {
            let mut from = 0;
            for &end in &block.ends {
                lines.push((block.bytes()[from..end].to_vec(), block.data.is_ok()));
                from = end + 1;
            }
            Some(block)
        })
        .unwrap();
        lines
    }

    #[test]
    fn read_blocks_hands_out_every_line_once() {
        let mut input = Vec::new();
        let mut expected = Vec::new();
        for i in 0..40_000usize {
            let mut line = format!("line {i} {}", "x".repeat(i % 97)).into_bytes();
            match i % 1000 {
                // Now and then a line longer than a block, or not UTF-8.
                0 => line.extend(std::iter::repeat_n(b'y', 3 * READ_BLOCK)),
                1 => line.push(0xff),
                2 => line.extend_from_slice("é".as_bytes()),
                _ => {}
            }
            input.extend_from_slice(&line);
            input.push(b'\n');
            expected.push(line);
        }
        let got = lines_of(&input);
        assert!(got.iter().map(|(l, _)| l).eq(expected.iter()));
        // A block that holds a line with 0xff is bytes; others are text.
        assert!(got.iter().any(|(l, text)| !text && l.ends_with(&[0xff])));
        assert!(got.iter().any(|(_, text)| *text));
        // A last line without a line end, and empty lines.
        let got = lines_of(b"a\n\n\nb");
        let lines: Vec<&[u8]> = got.iter().map(|(l, _)| l.as_slice()).collect();
        assert_eq!(lines, [&b"a"[..], b"", b"", b"b"]);
        assert!(lines_of(b"").is_empty());
    }

    #[test]
    fn read_blocks_splits_at_nul_with_null() {
        let got = lines_sep(b"a\nb\0c\r\0\0d", 0);
        let lines: Vec<&[u8]> = got.iter().map(|(l, _)| l.as_slice()).collect();
        assert_eq!(lines, [&b"a\nb"[..], b"c\r", b"", b"d"]);
        // Over many blocks, with records longer than a block.
        let record = [b"x\n".repeat(READ_BLOCK), b"\0".to_vec()].concat();
        let got = lines_sep(&record.repeat(3), 0);
        assert_eq!(got.len(), 3);
        assert!(got.iter().all(|(l, _)| l.len() == 2 * READ_BLOCK));
    }
}
