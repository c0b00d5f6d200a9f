//! What every subcommand shares: output, input streaming, JSON, carets.

use std::ffi::OsString;
use std::io::{self, IsTerminal, Read, Write};
use std::sync::mpsc;

use anyhow::Context;

/// How a command went, for the exit status (the error path gives 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Exit 0: every input was fine.
    Ok,
    /// Exit 1: some input was invalid, different or flagged.
    Flagged,
}

impl Status {
    /// `Flagged` if `flag`, else `self`.
    pub fn flag_if(self, flag: bool) -> Status {
        if flag {
            Status::Flagged
        } else {
            self
        }
    }
}

/// A usage error (exit status 2) that a command found after argument parsing,
/// such as an invalid base URI.
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// Standard output, buffered here: a command writes into the buffer (with
/// `Write`, or in place through [`Output::write_line`]) and calls
/// [`Output::end_line`] after each result. On a terminal every line goes out
/// at once, so interactive use shows each answer; into a pipe or a file the
/// buffer goes out in 64 KiB blocks.
pub struct Output {
    /// `buf[..used]` waits to be sent; the rest is room to write in place.
    buf: Vec<u8>,
    used: usize,
    sink: Box<dyn Write>,
    line_at_a_time: bool,
    /// Whether to use ANSI colour: stdout is a terminal and `NO_COLOR` is
    /// unset.
    pub color: bool,
}

const BLOCK: usize = 1 << 16;

impl Output {
    /// Standard output, buffered as described on the type.
    pub fn stdout() -> Output {
        let stdout = io::stdout();
        let terminal = stdout.is_terminal();
        Output {
            buf: vec![0; 2 * BLOCK],
            used: 0,
            sink: Box::new(stdout.lock()),
            line_at_a_time: terminal,
            color: terminal && std::env::var_os("NO_COLOR").is_none(),
        }
    }

    /// Write one result of at most `bound` bytes in place: `f` puts its
    /// parts through a [`Cursor`], with no capacity check per part. Ends
    /// the line as [`Output::end_line`] does.
    #[inline(always)]
    pub fn write_line(&mut self, bound: usize, f: impl FnOnce(&mut Cursor<'_>)) -> io::Result<()> {
        if self.buf.len() - self.used < bound {
            self.send()?;
            if self.buf.len() < bound {
                self.buf.resize(bound, 0);
            }
        }
        let mut cursor = Cursor {
            rest: &mut self.buf[self.used..self.used + bound],
            overflow: false,
        };
        f(&mut cursor);
        if cursor.overflow {
            return Err(io::Error::other("an output line longer than its bound"));
        }
        self.used += bound - cursor.rest.len();
        self.end_line()
    }

    /// Call after each result: sends the buffer on when it is full, or at
    /// once on a terminal.
    #[inline]
    pub fn end_line(&mut self) -> io::Result<()> {
        if self.line_at_a_time || self.used >= BLOCK {
            self.send()?;
        }
        Ok(())
    }

    fn send(&mut self) -> io::Result<()> {
        let used = std::mem::take(&mut self.used);
        self.sink.write_all(&self.buf[..used])
    }

    /// Write `text` in the given SGR style when colour is on.
    pub fn styled(&mut self, style: &str, text: &str) -> io::Result<()> {
        if self.color {
            write!(self, "\x1b[{style}m{text}\x1b[0m")
        } else {
            self.write_all(text.as_bytes())
        }
    }
}

impl Write for Output {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        if data.len() > self.buf.len() - self.used {
            self.send()?;
            if data.len() > self.buf.len() {
                self.sink.write_all(data)?;
                return Ok(data.len());
            }
        }
        self.buf[self.used..self.used + data.len()].copy_from_slice(data);
        self.used += data.len();
        if self.used >= BLOCK || (self.line_at_a_time && data.contains(&b'\n')) {
            self.send()?;
        }
        Ok(data.len())
    }
    fn write_all(&mut self, data: &[u8]) -> io::Result<()> {
        self.write(data).map(drop)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.send()?;
        self.sink.flush()
    }
}

/// Room in the output buffer that a result is written into, part by part.
pub struct Cursor<'a> {
    /// The room not yet written.
    rest: &'a mut [u8],
    /// Set if a part did not fit: the bound given was wrong.
    overflow: bool,
}

impl Cursor<'_> {
    /// Append `bytes`: one comparison and the copy.
    #[inline(always)]
    pub fn put(&mut self, bytes: &[u8]) {
        match std::mem::take(&mut self.rest).split_at_mut_checked(bytes.len()) {
            Some((to, rest)) => {
                to.copy_from_slice(bytes);
                self.rest = rest;
            }
            None => self.overflow = true,
        }
    }

    /// Append `part`, a slice of `within`. A short part goes out as a
    /// window of [`WINDOW`] bytes from where it starts in `within`, when
    /// `within` has them and the room has too: a few vector moves where
    /// `put` calls memcpy for a short length. The bytes past the part land
    /// in the room, where the next part writes over them; the cursor moves
    /// by the part only.
    #[inline(always)]
    pub fn put_within(&mut self, within: &[u8], part: &[u8]) {
        // Where the part starts in `within`. For a part outside it, the
        // offset is past its end (a part before it wraps around), so `get`
        // fails; else the window starts with exactly the part's bytes.
        let at = (part.as_ptr() as usize).wrapping_sub(within.as_ptr() as usize);
        let window = within.get(at..).and_then(|w| w.get(..WINDOW));
        match (window, self.rest.get_mut(..WINDOW)) {
            (Some(window), Some(to)) if part.len() <= WINDOW => {
                debug_assert_eq!(&window[..part.len()], part);
                to.copy_from_slice(window);
                let rest = std::mem::take(&mut self.rest);
                self.rest = &mut rest[part.len()..];
            }
            _ => self.put(part),
        }
    }
}

/// The unit that [`Cursor::put_within`] copies in.
pub const WINDOW: usize = 64;

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

/// Whether an error chain holds a broken pipe (stdout closed by `head`).
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Write `s` as a JSON string, quotes included.
pub fn json_str(out: &mut impl Write, s: &str) -> io::Result<()> {
    out.write_all(b"\"")?;
    let bytes = s.as_bytes();
    // Valid URI text never needs escaping: one check, one copy.
    let needs_escape = bytes.iter().fold(false, |acc, &b| {
        acc | (b < 0x20) | (b == b'"') | (b == b'\\') | (b == 0x7f)
    });
    if !needs_escape {
        out.write_all(bytes)?;
        return out.write_all(b"\"");
    }
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let esc: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0..=0x1f | 0x7f => b"",
            _ => continue,
        };
        out.write_all(&bytes[start..i])?;
        if esc.is_empty() {
            write!(out, "\\u{:04x}", b)?;
        } else {
            out.write_all(esc)?;
        }
        start = i + 1;
    }
    out.write_all(&bytes[start..])?;
    out.write_all(b"\"")
}

/// Write bytes as a JSON string, with invalid UTF-8 replaced by U+FFFD.
pub fn json_bytes(out: &mut impl Write, b: &[u8]) -> io::Result<()> {
    json_str(out, &String::from_utf8_lossy(b))
}

/// Write `Some(s)` as a JSON string and `None` as `null`.
pub fn json_opt(out: &mut impl Write, s: Option<&str>) -> io::Result<()> {
    match s {
        Some(s) => json_str(out, s),
        None => out.write_all(b"null"),
    }
}

/// Write `"key":` after a comma, or after nothing for the first key.
pub fn json_key(out: &mut impl Write, first: bool, key: &str) -> io::Result<()> {
    if !first {
        out.write_all(b",")?;
    }
    json_str(out, key)?;
    out.write_all(b":")
}

/// Write a parse error as a JSON object:
/// `{"index":N,"kind":"…","component":"…"|null,"message":"…"}`.
pub fn json_error(out: &mut impl Write, e: &urikit::ParseError) -> io::Result<()> {
    write!(out, "{{\"index\":{},\"kind\":", e.index())?;
    json_str(out, e.kind().name())?;
    out.write_all(b",\"component\":")?;
    json_opt(out, e.kind().component().map(|c| c.name()))?;
    out.write_all(b",\"message\":")?;
    json_str(out, &e.kind().to_string())?;
    out.write_all(b"}")
}

/// The input made printable (control characters and invalid UTF-8 shown as
/// escapes), and the column of byte `index` in it, for a caret line.
pub fn printable(input: &[u8], index: usize) -> (String, usize) {
    let mut text = String::with_capacity(input.len());
    let mut col = None;
    let mut columns = 0;
    let mut pos = 0;
    for chunk in input.utf8_chunks() {
        for c in chunk.valid().chars() {
            if pos == index {
                col = Some(columns);
            }
            let before = text.len();
            match c {
                '\t' => text.push_str("\\t"),
                c if c.is_control() => text.push_str(&format!("\\u{{{:x}}}", c as u32)),
                c => text.push(c),
            }
            columns += text[before..].chars().count();
            pos += c.len_utf8();
        }
        for &b in chunk.invalid() {
            if pos == index {
                col = Some(columns);
            }
            text.push_str(&format!("\\x{b:02X}"));
            columns += 4;
            pos += 1;
        }
    }
    (text, col.unwrap_or(columns))
}

/// Report an input that does not parse: the JSON object
/// `{"input","valid":false,"error"}` with `json`, else the input with a caret
/// under the offending byte.
pub fn write_invalid(
    out: &mut Output,
    json: bool,
    input: &[u8],
    e: &urikit::ParseError,
) -> io::Result<()> {
    if json {
        out.write_all(b"{\"input\":")?;
        json_bytes(out, input)?;
        out.write_all(b",\"valid\":false,\"error\":")?;
        json_error(out, e)?;
        out.write_all(b"}\n")
    } else {
        write_caret(out, input, e.index(), &e.to_string())
    }
}

/// Write the input, then a caret under byte `index` followed by `message`.
pub fn write_caret(out: &mut Output, input: &[u8], index: usize, message: &str) -> io::Result<()> {
    let (text, col) = printable(input, index);
    writeln!(out, "{text}")?;
    // Spaces by hand: a formatting width is limited to 65535.
    const SPACES: &[u8] = &[b' '; 64];
    let mut left = col;
    while left > 0 {
        let n = left.min(SPACES.len());
        out.write_all(&SPACES[..n])?;
        left -= n;
    }
    out.styled("1;31", "^")?;
    writeln!(out, " {message}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(s: &str) -> String {
        let mut v = Vec::new();
        json_str(&mut v, s).unwrap();
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn json_escapes() {
        assert_eq!(json("a\"b\\c\n\u{1}é"), "\"a\\\"b\\\\c\\n\\u0001é\"");
    }

    /// A sink that keeps what it is given, shared with the test.
    #[derive(Clone, Default)]
    struct Kept(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

    impl Write for Kept {
        fn write(&mut self, data: &[u8]) -> io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(data);
            Ok(data.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn output(kept: &Kept) -> Output {
        Output {
            buf: vec![0; 2 * BLOCK],
            used: 0,
            sink: Box::new(kept.clone()),
            line_at_a_time: false,
            color: false,
        }
    }

    #[test]
    fn output_keeps_order_across_writes_lines_and_growth() {
        let kept = Kept::default();
        let mut out = output(&kept);
        let mut expected = Vec::new();
        for i in 0..5000 {
            // Small writes, lines in place, and now and then a write or a
            // line larger than the whole buffer.
            let text = format!("line {i}\n");
            out.write_all(text.as_bytes()).unwrap();
            expected.extend_from_slice(text.as_bytes());
            let part = vec![b'a' + (i % 26) as u8; if i % 1000 == 7 { 5 * BLOCK } else { i % 300 }];
            out.write_line(part.len() + 2, |c| {
                c.put(&part);
                c.put(b"!\n");
            })
            .unwrap();
            expected.extend_from_slice(&part);
            expected.extend_from_slice(b"!\n");
            if i % 1000 == 500 {
                out.write_all(&part.repeat(1000)).unwrap();
                expected.extend_from_slice(&part.repeat(1000));
            }
        }
        out.flush().unwrap();
        assert!(*kept.0.borrow() == expected);
    }

    /// What `put_within` writes for `part` of `within`, with `room` bytes
    /// of room, after a first byte `<`; whether it overflowed; and whether
    /// it copied a window (it wrote past the part).
    fn put_within_gives(within: &[u8], part: &[u8], room: usize) -> (Vec<u8>, bool, bool) {
        let mut buf = vec![b'.'; room + 1];
        let mut cursor = Cursor {
            rest: &mut buf,
            overflow: false,
        };
        cursor.put(b"<");
        cursor.put_within(within, part);
        let (left, overflow) = (cursor.rest.len(), cursor.overflow);
        let window = buf[room + 1 - left..].iter().any(|&b| b != b'.');
        buf.truncate(room + 1 - left);
        (buf, overflow, window)
    }

    #[test]
    fn put_within_copies_the_part_alone_whatever_the_path() {
        let text: Vec<u8> = (0..3 * WINDOW as u8).map(|i| b'a' + i % 26).collect();
        let n = text.len();
        let expect = |part: &[u8]| [b"<".as_slice(), part].concat();
        for (start, end) in [
            (0, 0),
            (0, 1),
            (5, 5 + WINDOW),
            (5, 6 + WINDOW),
            (n - WINDOW, n),
            (n - WINDOW + 1, n),
            (n - 1, n),
            (n, n),
            (0, n),
        ] {
            let part = &text[start..end];
            // With room to spare, with just room for the part, and inside
            // `within` or a copy of it elsewhere.
            let fits = part.len() <= WINDOW && start + WINDOW <= n;
            for room in [part.len() + WINDOW, part.len()] {
                let copy = part.to_vec();
                for (part, inside) in [(part, true), (&copy[..], false)] {
                    // (Seen only where the window is longer than the part.)
                    let window = fits && inside && room >= WINDOW && part.len() < WINDOW;
                    let got = put_within_gives(&text, part, room);
                    assert_eq!(
                        got,
                        (expect(part), false, window),
                        "{start}..{end} in {room}"
                    );
                }
            }
            // `within` ending where the part does.
            let got = put_within_gives(&text[..end], part, part.len() + WINDOW);
            assert_eq!(
                got,
                (expect(part), false, false),
                "{start}..{end} at the end"
            );
            // No room for the part.
            if !part.is_empty() {
                assert!(put_within_gives(&text, part, part.len() - 1).1);
            }
        }
    }

    #[test]
    fn a_line_past_its_bound_is_an_error() {
        let kept = Kept::default();
        let mut out = output(&kept);
        let err = out.write_line(2, |c| c.put(b"abc")).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::Other);
        out.write_line(3, |c| c.put(b"abc")).unwrap();
        out.flush().unwrap();
        assert_eq!(*kept.0.borrow(), b"abc");
    }

    /// Input in pieces of awkward sizes, as a pipe may give it.
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

    #[test]
    fn caret_columns() {
        assert_eq!(printable(b"ab cd", 2), ("ab cd".to_string(), 2));
        assert_eq!(printable(b"a\tb", 2), ("a\\tb".to_string(), 3));
        assert_eq!(printable("éx".as_bytes(), 2), ("éx".to_string(), 1));
        assert_eq!(printable(b"a\xffb", 2), ("a\\xFFb".to_string(), 5));
        assert_eq!(printable(b"ab", 2), ("ab".to_string(), 2));
    }
}
