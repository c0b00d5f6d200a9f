//! Standard output, buffered, with results written in place.

use std::io::{self, IsTerminal, Write};

/// The options that say how results are written; every command that
/// prints results takes them (flattened, as [`InputArgs`](super::InputArgs)).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct OutputArgs {
    /// Print JSON Lines: one object per result, an input that gives none
    /// as an object with its "error" (the keys: see the command's help).
    #[arg(long)]
    pub json: bool,
    /// Print an input that gives no result unchanged (and report it on
    /// standard error), so that output lines stay aligned with input lines.
    #[arg(long)]
    pub keep_invalid: bool,
}

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
    /// The byte each output line ends with: `\n`, or NUL with `-0`.
    eol: u8,
    /// Whether to use ANSI colour on standard output (see [`Color`]).
    pub color: bool,
    /// Whether to use ANSI colour in diagnostics on standard error.
    pub err_color: bool,
}

/// When to use colour: `--color auto|always|never`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Color {
    /// On a terminal, unless `NO_COLOR` is set to anything but "".
    #[default]
    Auto,
    /// Always, whatever `NO_COLOR` says (an option on the command line
    /// overrides the environment, as no-color.org asks).
    Always,
    /// Never.
    Never,
}

impl Color {
    /// Whether to colour a stream that is (or is not) a terminal.
    pub fn on(self, terminal: bool) -> bool {
        self.on_with(terminal, std::env::var_os("NO_COLOR").as_deref())
    }

    /// [`Color::on`] with the value of `NO_COLOR` given (set and not
    /// empty: no colour under `auto`).
    fn on_with(self, terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
        match self {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => terminal && no_color.is_none_or(|v| v.is_empty()),
        }
    }
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
            eol: b'\n',
            color: Color::Auto.on(terminal),
            err_color: Color::Auto.on(io::stderr().is_terminal()),
        }
    }

    /// Colour standard output and standard error as `choice` says.
    pub fn set_color(&mut self, choice: Color) {
        self.color = choice.on(io::stdout().is_terminal());
        self.err_color = choice.on(io::stderr().is_terminal());
    }

    /// The byte each output line ends with.
    pub fn eol(&self) -> u8 {
        self.eol
    }

    /// End each output line with NUL (`-0`) or with `\n`.
    pub fn set_null(&mut self, null: bool) {
        self.eol = if null { 0 } else { b'\n' };
    }

    /// End the line: write `\n` (or NUL with `-0`), then as
    /// [`Output::end_line`].
    #[inline]
    pub fn newline(&mut self) -> io::Result<()> {
        let eol = self.eol;
        self.write_all(&[eol])?;
        self.end_line()
    }

    /// Write `bytes` as one output line (see [`Output::newline`]).
    pub fn line(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.write_all(bytes)?;
        self.newline()
    }

    /// Write one result of at most `bound` bytes in place: `f` puts its
    /// parts through a [`Cursor`], with no capacity check per part, and
    /// ends it with `\n`. Ends the line as [`Output::end_line`] does. `EOL`
    /// is the byte the line should end with ([`Output::eol`]): any other
    /// than `\n` replaces it. (A constant, so that the usual case costs
    /// nothing.)
    #[inline(always)]
    pub fn write_line<const EOL: u8>(
        &mut self,
        bound: usize,
        f: impl FnOnce(&mut Cursor<'_>),
    ) -> io::Result<()> {
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
        if EOL != b'\n' && self.used > 0 && self.buf[self.used - 1] == b'\n' {
            self.buf[self.used - 1] = EOL;
        }
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
        if self.used >= BLOCK
            || (self.line_at_a_time && (data.contains(&b'\n') || data.contains(&self.eol)))
        {
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

#[cfg(test)]
mod tests {
    use super::*;

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
            eol: b'\n',
            color: false,
            err_color: false,
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
            out.write_line::<b'\n'>(part.len() + 2, |c| {
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
    fn color_choices_and_no_color() {
        // The value of NO_COLOR is passed in, not set: setting the
        // environment would race other threads (and is unsafe from the
        // 2024 edition on).
        for (no_color, on_terminal) in [(None, true), (Some(""), true), (Some("1"), false)] {
            let v = no_color.map(std::ffi::OsStr::new);
            assert_eq!(Color::Auto.on_with(true, v), on_terminal, "{no_color:?}");
            assert!(!Color::Auto.on_with(false, v));
            assert!(Color::Always.on_with(false, v) && Color::Always.on_with(true, v));
            assert!(!Color::Never.on_with(true, v));
        }
    }

    #[test]
    fn a_line_past_its_bound_is_an_error() {
        let kept = Kept::default();
        let mut out = output(&kept);
        let err = out.write_line::<b'\n'>(2, |c| c.put(b"abc")).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::Other);
        out.write_line::<0>(3, |c| c.put(b"ab\n")).unwrap();
        out.flush().unwrap();
        // With NUL for the line end.
        assert_eq!(*kept.0.borrow(), b"ab\0");
    }
}
