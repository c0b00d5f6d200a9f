//! Reading the inputs: the arguments, or the lines of standard input,
//! streamed in constant memory.

use std::ffi::OsString;
use std::io::{self, Read};
use std::sync::mpsc;

use anyhow::Context;

/// Call `f` on each input: the command-line arguments if there are any,
/// else each line of standard input (without its `\n` or `\r\n`), read in
/// constant memory with one reused buffer. The bytes are not checked for
/// UTF-8: for callers whose parser reports invalid UTF-8 itself.
pub fn for_each_input(
    args: &[OsString],
    mut f: impl FnMut(&[u8]) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    if !args.is_empty() {
        for a in args {
            f(a.as_encoded_bytes())?;
        }
        return Ok(());
    }
    for_each_stdin_line(f)
}

/// [`for_each_input`], also giving each input as text when it is UTF-8.
pub fn for_each_input_text(
    args: &[OsString],
    mut f: impl FnMut(&[u8], Option<&str>) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    for_each_input_text_within(args, |input, text, _| f(input, text))
}

/// [`for_each_input_text`], also giving the bytes that the input starts:
/// the input and, for a line of standard input, the rest of its block, so
/// that [`Cursor::put_within`] can copy past the end of a part.
pub fn for_each_input_text_within(
    args: &[OsString],
    mut f: impl FnMut(&[u8], Option<&str>, &[u8]) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    if !args.is_empty() {
        for a in args {
            let bytes = a.as_encoded_bytes();
            f(bytes, std::str::from_utf8(bytes).ok(), bytes)?;
        }
        return Ok(());
    }
    for_each_stdin_line_text(f)
}

/// Call `f` on each line of standard input, as [`for_each_input`] does.
pub fn for_each_stdin_line(mut f: impl FnMut(&[u8]) -> anyhow::Result<()>) -> anyhow::Result<()> {
    for_each_stdin_block(|block| {
        let bytes = block.bytes();
        let mut from = 0;
        for &end in &block.ends {
            f(strip_cr(&bytes[from..end]))?;
            from = end + 1;
        }
        Ok(())
    })
}

/// Each line of standard input, as bytes, as text when it is UTF-8, and
/// as the start of the rest of its block.
fn for_each_stdin_line_text(
    mut f: impl FnMut(&[u8], Option<&str>, &[u8]) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    for_each_stdin_block(|block| {
        let mut from = 0;
        match &block.data {
            // Lines end at "\n", always a character boundary.
            Ok(text) => {
                for &end in &block.ends {
                    let line = &text[from..end];
                    let line = line.strip_suffix('\r').unwrap_or(line);
                    f(line.as_bytes(), Some(line), &text.as_bytes()[from..])?;
                    from = end + 1;
                }
            }
            Err(bytes) => {
                for &end in &block.ends {
                    let line = strip_cr(&bytes[from..end]);
                    f(line, std::str::from_utf8(line).ok(), &bytes[from..])?;
                    from = end + 1;
                }
            }
        }
        Ok(())
    })
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

/// Call `f` on each block of standard input, in order.
///
/// A second thread reads the blocks, finds the line ends and checks UTF-8
/// while this one works on the block before, so that a command costs little
/// more than its own work on the lines. Two blocks of 256 KiB take turns,
/// so memory stays constant for any number of lines; a block grows only for
/// a line longer than itself, and no line is ever copied except the one
/// that straddles two reads.
fn for_each_stdin_block(mut f: impl FnMut(&Block) -> anyhow::Result<()>) -> anyhow::Result<()> {
    let (full_tx, full_rx) = mpsc::sync_channel::<io::Result<Block>>(1);
    let (free_tx, free_rx) = mpsc::sync_channel::<Block>(2);
    let _ = free_tx.send(Block::new());
    let reader = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let result = read_blocks(&mut io::stdin().lock(), |block| {
                full_tx.send(Ok(block)).ok()?;
                free_rx.recv().ok()
            });
            if let Err(e) = result {
                let _ = full_tx.send(Err(e));
            }
        });
    if reader.is_err() {
        // No thread to be had: read here, between the blocks.
        let mut failed = None;
        read_blocks(&mut io::stdin().lock(), |block| match f(&block) {
            Ok(()) => Some(block),
            Err(e) => {
                failed = Some(e);
                None
            }
        })
        .context("reading standard input")?;
        return failed.map_or(Ok(()), Err);
    }
    // Ends when the reader is done and drops its sender.
    for block in full_rx {
        let block = block.context("reading standard input")?;
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
            if let Some(i) = memchr::memrchr(b'\n', &buf[filled - n..filled]) {
                break Some(filled - n + i + 1);
            }
        };
        let at_end = lines_end.is_none();
        match lines_end {
            Some(end) => {
                carry.extend_from_slice(&buf[end..filled]);
                buf.truncate(end);
                ends.extend(memchr::memchr_iter(b'\n', &buf));
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
        let mut lines = Vec::new();
        read_blocks(&mut Trickle(input, 0), |block| {
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
                0 => line.extend(std::iter::repeat(b'y').take(3 * READ_BLOCK)),
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
}
