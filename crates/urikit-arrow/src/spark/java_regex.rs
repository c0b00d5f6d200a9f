//! `java.util.regex` syntax read as Java 17 reads it, written out as an
//! equivalent pattern of the `regex` crate.
//!
//! Spark compiles `(&|^)KEY=([^&]*)` with `java.util.regex.Pattern`, so the
//! whole pattern (not the key alone: a key `*a` quantifies the `(&|^)` group)
//! is parsed here with Java's rules and written out with nothing left to the
//! `regex` crate's own reading: every character, class, `.` and
//! case-insensitive letter becomes an explicit set of code points, `^` and
//! `$` become `\A` and `\z`, and only groups, alternation and repetition keep
//! their meaning (both engines prefer the same match: leftmost, then the
//! first alternative, greedy or lazy as written).
//!
//! The parser follows the structure of Java's (its cursor, its skipping of
//! whitespace and comments under `(?x)`, its class syntax with nested
//! classes, `&&` and the deferred union of single characters, its `\Q…\E`
//! pre-pass), so that odd keys mean what they mean in Java. What has no
//! exact translation is refused ([`Refusal::Unsupported`]): possessive
//! quantifiers, atomic groups, look-around, back-references, `\b`, `\B`,
//! `\G`, `\R`, `\X`, `\N{…}`, Unicode properties, `(?U)` classes,
//! Unicode case folding (`(?iu)`), `(?c)`, lone surrogates. What Java
//! rejects is [`Refusal::Invalid`] where this parser is sure of it.
//!
//! `^`, `$`, `\Z` and `(?m)` are exact on text without line terminators,
//! which is all a raw query can be: `java.net.URI` rejects every control
//! character and every Unicode space (so `\n`, `\r`, U+0085, U+2028 and
//! U+2029) in it.

use std::fmt::Write as _;

mod class;
mod quote;

use class::{Set, ascii_swap, intersect, negate, norm, one, ranges};
use quote::remove_qe_quoting;

/// Why a pattern has no translation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// `java.util.regex` rejects the pattern too (Spark's
    /// `PatternSyntaxException`); `at` is a byte offset into the pattern.
    Invalid { at: usize, what: String },
    /// Java reads the pattern (or may), but it has no exact equivalent here.
    Unsupported { at: usize, what: String },
}

// Java's flag bits (only as a set; the values are ours).
const CI: u32 = 1;
const UNIX_LINES: u32 = 2;
const MULTILINE: u32 = 4;
const DOTALL: u32 = 8;
const UNICODE_CASE: u32 = 16;
const COMMENTS: u32 = 32;
const UNICODE_CLASS: u32 = 64;
const CANON_EQ: u32 = 128;

const MAX_CP: u32 = 0x10FFFF;

/// What an escape stands for.
enum Esc {
    Char(u32),
    Set(Set),
    /// A zero-width assertion, already in the `regex` crate's syntax.
    Node(&'static str),
}

struct Parser {
    /// The pattern after the `\Q…\E` pre-pass, as code points, then two 0s
    /// (Java's end marker, which its parser reads as a character).
    t: Vec<u32>,
    /// The byte offset in the original pattern of each entry of `t`.
    at: Vec<usize>,
    len: usize,
    cur: usize,
    flags: u32,
    names: Vec<String>,
    /// The capturing groups opened so far (Java and the `regex` crate
    /// number them alike, in the order of their `(`).
    captures: usize,
    /// How deep groups and classes are nested here: the parser recurses,
    /// so a limit keeps a key of 100,000 `(` from overflowing the stack.
    depth: usize,
}

/// The deepest nesting of groups and classes read.
const MAX_DEPTH: usize = 100;

/// `pattern` as a pattern of the `regex` crate with the same matches and
/// the same numbered groups, or why not.
pub(crate) fn translate(pattern: &str) -> Result<String, Refusal> {
    let (t, at) = remove_qe_quoting(pattern);
    let len = t.len() - 2;
    let mut p = Parser {
        t,
        at,
        len,
        cur: 0,
        flags: 0,
        names: Vec::new(),
        captures: 0,
        depth: 0,
    };
    let out = p.expr()?;
    if p.cur != p.len {
        return Err(if p.peek() == ')' as u32 {
            p.invalid("unmatched closing ')'")
        } else {
            p.invalid("unexpected end of the pattern")
        });
    }
    Ok(out)
}

fn is_space(c: u32) -> bool {
    matches!(c, 0x20 | 0x09..=0x0D)
}

fn is_line_separator(c: u32, unix: bool) -> bool {
    if unix {
        c == 0x0A
    } else {
        matches!(c, 0x0A | 0x0D | 0x85 | 0x2028 | 0x2029)
    }
}

fn is_digit(c: u32) -> bool {
    (0x30..=0x39).contains(&c)
}

fn hex(c: u32) -> Option<u32> {
    char::from_u32(c)
        .and_then(|c| c.to_digit(16))
        .filter(|_| c < 0x80)
}

impl Parser {
    fn has(&self, f: u32) -> bool {
        self.flags & f != 0
    }

    fn t(&self, i: usize) -> u32 {
        self.t.get(i).copied().unwrap_or(0)
    }

    fn pos(&self) -> usize {
        self.at[self.cur.min(self.at.len() - 1)]
    }

    fn invalid(&self, what: &str) -> Refusal {
        Refusal::Invalid {
            at: self.pos(),
            what: what.to_owned(),
        }
    }

    fn unsupported(&self, what: &str) -> Refusal {
        Refusal::Unsupported {
            at: self.pos(),
            what: what.to_owned(),
        }
    }

    // Java's cursor moves: peek/read/next skip whitespace and comments
    // under (?x); skip, read_escaped and next_escaped never do.
    fn peek(&mut self) -> u32 {
        let ch = self.t(self.cur);
        if self.has(COMMENTS) {
            self.peek_past_whitespace(ch)
        } else {
            ch
        }
    }

    fn read(&mut self) -> u32 {
        let ch = self.t(self.cur);
        self.cur += 1;
        if self.has(COMMENTS) {
            self.parse_past_whitespace(ch)
        } else {
            ch
        }
    }

    fn next(&mut self) -> u32 {
        self.cur += 1;
        let ch = self.t(self.cur);
        if self.has(COMMENTS) {
            self.peek_past_whitespace(ch)
        } else {
            ch
        }
    }

    fn next_escaped(&mut self) -> u32 {
        self.cur += 1;
        self.t(self.cur)
    }

    fn skip(&mut self) -> u32 {
        let ch = self.t(self.cur + 1);
        self.cur += 2;
        ch
    }

    fn unread(&mut self) {
        self.cur -= 1;
    }

    fn peek_past_whitespace(&mut self, mut ch: u32) -> u32 {
        while is_space(ch) || ch == '#' as u32 {
            while is_space(ch) {
                self.cur += 1;
                ch = self.t(self.cur);
            }
            if ch == '#' as u32 {
                let unix = self.has(UNIX_LINES);
                self.cur += 1;
                ch = self.t(self.cur);
                while ch != 0 && !is_line_separator(ch, unix) {
                    self.cur += 1;
                    ch = self.t(self.cur);
                }
                if ch == 0 && self.cur > self.len {
                    self.cur = self.len;
                    ch = self.t(self.cur);
                }
            }
        }
        ch
    }

    fn parse_past_whitespace(&mut self, mut ch: u32) -> u32 {
        while is_space(ch) || ch == '#' as u32 {
            while is_space(ch) {
                ch = self.t(self.cur);
                self.cur += 1;
            }
            if ch == '#' as u32 {
                let unix = self.has(UNIX_LINES);
                ch = self.t(self.cur);
                self.cur += 1;
                while ch != 0 && !is_line_separator(ch, unix) {
                    ch = self.t(self.cur);
                    self.cur += 1;
                }
                if ch == 0 && self.cur > self.len {
                    self.cur = self.len;
                    ch = self.t(self.cur);
                    self.cur += 1;
                }
            }
        }
        ch
    }

    fn expr(&mut self) -> Result<String, Refusal> {
        let mut out = self.sequence()?;
        while self.peek() == '|' as u32 {
            self.next();
            out.push('|');
            out.push_str(&self.sequence()?);
        }
        Ok(out)
    }

    fn sequence(&mut self) -> Result<String, Refusal> {
        let mut out = String::new();
        loop {
            let ch = self.peek();
            let node = match char::from_u32(ch).unwrap_or('\0') {
                '(' => {
                    if let Some(g) = self.group()? {
                        out.push_str(&g);
                    }
                    continue;
                }
                '[' => {
                    let s = self.clazz(true)?;
                    self.emit(&s)?
                }
                '\\' => {
                    let ch = self.next_escaped();
                    if ch == 'p' as u32 || ch == 'P' as u32 {
                        let s = self.property(ch == 'P' as u32)?;
                        self.emit(&s)?
                    } else {
                        self.unread();
                        self.atom()?
                    }
                }
                '^' => {
                    self.next();
                    r"\A".to_owned()
                }
                '$' => {
                    self.next();
                    r"\z".to_owned()
                }
                '.' => {
                    self.next();
                    let s = if self.has(DOTALL) {
                        vec![(0, MAX_CP)]
                    } else if self.has(UNIX_LINES) {
                        negate(&one(0x0A))
                    } else {
                        negate(&norm(vec![
                            (0x0A, 0x0A),
                            (0x0D, 0x0D),
                            (0x85, 0x85),
                            (0x2028, 0x2029),
                        ]))
                    };
                    self.emit(&s)?
                }
                '|' | ')' => break,
                '?' | '*' | '+' => {
                    self.next();
                    return Err(self.invalid("dangling meta character"));
                }
                '\0' if self.cur >= self.len => break,
                _ => self.atom()?,
            };
            out.push_str(&self.closure(node)?);
        }
        Ok(out)
    }

    /// One character of a literal run (Java collects a run, but a
    /// quantifier after it only applies to its last character anyway).
    fn atom(&mut self) -> Result<String, Refusal> {
        let ch = self.peek();
        if [b'*', b'+', b'?', b'{'].iter().any(|&b| ch == b as u32) {
            // Java's empty slice, which a following `{n}` may repeat.
            return Ok("(?:)".to_owned());
        }
        if ch == '\\' as u32 {
            return match self.escape(false)? {
                Esc::Char(c) => self.literal(c),
                Esc::Set(s) => self.emit(&s),
                Esc::Node(n) => Ok(n.to_owned()),
            };
        }
        self.next();
        self.literal(ch)
    }

    fn literal(&self, c: u32) -> Result<String, Refusal> {
        if self.has(CANON_EQ) {
            return Err(self.unsupported("canonical equivalence ((?c))"));
        }
        if self.has(CI) {
            if self.has(UNICODE_CASE) {
                return Err(self.unsupported("unicode case-insensitive matching ((?iu) or (?iU))"));
            }
            if let Some(o) = ascii_swap(c) {
                return self.emit(&norm(vec![(c, c), (o, o)]));
            }
        }
        self.emit(&one(c))
    }

    /// A set in the `regex` crate's syntax (surrogates, which no Rust
    /// string holds and no Java string from UTF-8 either, left out).
    fn emit(&self, s: &Set) -> Result<String, Refusal> {
        if self.has(CANON_EQ) {
            return Err(self.unsupported("canonical equivalence ((?c))"));
        }
        let s = intersect(s, &vec![(0, 0xD7FF), (0xE000, MAX_CP)]);
        let mut out = String::new();
        match s.as_slice() {
            [] => out.push_str(r"[^\x{0}-\x{10FFFF}]"),
            [(lo, hi)] if lo == hi => {
                let c = char::from_u32(*lo).unwrap_or('\0');
                if c.is_alphanumeric() {
                    out.push(c);
                } else {
                    let _ = write!(out, r"\x{{{lo:X}}}");
                }
            }
            _ => {
                out.push('[');
                for (lo, hi) in &s {
                    let _ = write!(out, r"\x{{{lo:X}}}-\x{{{hi:X}}}");
                }
                out.push(']');
            }
        }
        Ok(out)
    }

    fn closure(&mut self, node: String) -> Result<String, Refusal> {
        let ch = self.peek();
        let op = match char::from_u32(ch).unwrap_or('\0') {
            '?' => "?".to_owned(),
            '*' => "*".to_owned(),
            '+' => "+".to_owned(),
            '{' => {
                let mut ch = self.skip();
                if !is_digit(ch) {
                    return Err(self.invalid("illegal repetition"));
                }
                let bad = |p: &Self| p.invalid("illegal repetition range");
                let mut cmin: u32 = 0;
                loop {
                    cmin = cmin
                        .checked_mul(10)
                        .and_then(|v| v.checked_add(ch - 0x30))
                        .filter(|&v| v <= i32::MAX as u32)
                        .ok_or_else(|| bad(self))?;
                    ch = self.read();
                    if !is_digit(ch) {
                        break;
                    }
                }
                let op;
                if ch == ',' as u32 {
                    ch = self.read();
                    if ch == '}' as u32 {
                        op = format!("{{{cmin},}}");
                    } else {
                        let mut cmax: u32 = 0;
                        while is_digit(ch) {
                            cmax = cmax
                                .checked_mul(10)
                                .and_then(|v| v.checked_add(ch - 0x30))
                                .filter(|&v| v <= i32::MAX as u32)
                                .ok_or_else(|| bad(self))?;
                            ch = self.read();
                        }
                        if ch != '}' as u32 {
                            return Err(self.invalid("unclosed counted closure"));
                        }
                        if cmax < cmin {
                            return Err(bad(self));
                        }
                        op = format!("{{{cmin},{cmax}}}");
                    }
                } else {
                    if ch != '}' as u32 {
                        return Err(self.invalid("unclosed counted closure"));
                    }
                    op = format!("{{{cmin}}}");
                }
                self.unread();
                op
            }
            _ => return Ok(node),
        };
        // Java's qtype: `?` after the quantifier is lazy, `+` possessive.
        let ch = self.next();
        // A loop whose body can match the empty string: Java runs one more,
        // empty, iteration and sets the groups in it, where the `regex`
        // crate keeps the last non-empty one (the matched span is the same:
        // checked over the JVM's answers). Only group 2 is returned, so only
        // a loop around it is refused. `?` and an exact count have no such
        // iteration. The body's assertions (`\A`, `\z`) all hold on "", so
        // matching "" finds every body that can match empty somewhere.
        let exact = op == "?" || (op.starts_with('{') && !op.contains(','));
        let inside = node
            .match_indices('(')
            .filter(|(i, _)| !node[i + 1..].starts_with('?'))
            .count();
        let holds_group_2 =
            ((self.captures + 1).saturating_sub(inside)..=self.captures).contains(&2);
        if !exact
            && holds_group_2
            && regex::Regex::new(&format!("^(?:{node})$")).map_or(true, |re| re.is_match(""))
        {
            return Err(
                self.unsupported("a repetition of what can match the empty string around group 2")
            );
        }
        let lazy = if ch == '?' as u32 {
            self.next();
            "?"
        } else if ch == '+' as u32 {
            return Err(self.unsupported("a possessive quantifier"));
        } else {
            ""
        };
        Ok(format!("(?:{node}){op}{lazy}"))
    }

    fn group(&mut self) -> Result<Option<String>, Refusal> {
        self.enter()?;
        let r = self.group_body();
        self.depth -= 1;
        r
    }

    /// Counts one more level of nesting, or refuses too many.
    pub(super) fn enter(&mut self) -> Result<(), Refusal> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.unsupported("groups or classes nested more than 100 deep"));
        }
        Ok(())
    }

    fn group_body(&mut self) -> Result<Option<String>, Refusal> {
        let save = self.flags;
        let ch = self.next();
        let out;
        if ch == '?' as u32 {
            let ch = self.skip();
            match char::from_u32(ch).unwrap_or('\0') {
                ':' => out = format!("(?:{})", self.expr()?),
                '=' | '!' => return Err(self.unsupported("a look-ahead group")),
                '>' => return Err(self.unsupported("an atomic group")),
                '<' => {
                    let ch = self.read();
                    if ch == '=' as u32 || ch == '!' as u32 {
                        return Err(self.unsupported("a look-behind group"));
                    }
                    let name = self.group_name(ch)?;
                    if self.names.contains(&name) {
                        return Err(self.invalid("named capturing group already defined"));
                    }
                    self.names.push(name);
                    self.captures += 1;
                    out = format!("({})", self.expr()?);
                }
                '$' | '@' => return Err(self.invalid("unknown group type")),
                _ => {
                    self.unread();
                    self.add_flags()?;
                    let ch = self.read();
                    if ch == ')' as u32 {
                        // Flags alone: they hold to the end of the group.
                        return Ok(None);
                    }
                    if ch != ':' as u32 {
                        return Err(self.invalid("unknown inline modifier"));
                    }
                    out = format!("(?:{})", self.expr()?);
                }
            }
        } else {
            // `next` left the cursor on the group's first character.
            self.captures += 1;
            out = format!("({})", self.expr()?);
        }
        // Java's accept(')'): read() skips comments under (?x).
        if self.read() != ')' as u32 {
            self.unread();
            return Err(self.invalid("unclosed group"));
        }
        self.flags = save;
        self.closure(out).map(Some)
    }

    fn group_name(&mut self, mut ch: u32) -> Result<String, Refusal> {
        if !(ch < 0x80 && (ch as u8).is_ascii_alphabetic()) {
            return Err(self.invalid("capturing group name does not start with a latin letter"));
        }
        let mut name = String::new();
        loop {
            name.push(ch as u8 as char);
            ch = self.read();
            if !(ch < 0x80 && (ch as u8).is_ascii_alphanumeric()) {
                break;
            }
        }
        if ch != '>' as u32 {
            return Err(self.invalid("named capturing group is missing trailing '>'"));
        }
        Ok(name)
    }

    fn add_flags(&mut self) -> Result<(), Refusal> {
        let mut ch = self.peek();
        let mut on = true;
        loop {
            let f = match char::from_u32(ch).unwrap_or('\0') {
                'i' => CI,
                'm' => MULTILINE,
                's' => DOTALL,
                'd' => UNIX_LINES,
                'u' => UNICODE_CASE,
                'c' => CANON_EQ,
                'x' => COMMENTS,
                'U' => UNICODE_CLASS | UNICODE_CASE,
                '-' if on => {
                    on = false;
                    ch = self.next();
                    continue;
                }
                _ => return Ok(()),
            };
            if on {
                self.flags |= f;
            } else {
                self.flags &= !f;
            }
            ch = self.next();
        }
    }

    /// After a backslash (the cursor on it), Java's `escape`.
    fn escape(&mut self, in_class: bool) -> Result<Esc, Refusal> {
        let ch = self.skip();
        let c = char::from_u32(ch).unwrap_or('\0');
        let ascii = |r: &[(char, char)], neg: bool| {
            let s = ranges(r);
            Esc::Set(if neg { negate(&s) } else { s })
        };
        let outside = |p: &Self, e: Result<Esc, Refusal>| {
            if in_class {
                Err(p.invalid("illegal/unsupported escape sequence"))
            } else {
                e
            }
        };
        Ok(match c {
            '0' => Esc::Char(self.octal()?),
            '1'..='9' => return outside(self, Err(self.unsupported("a back-reference"))),
            'A' => return outside(self, Ok(Esc::Node(r"\A"))),
            'z' | 'Z' => return outside(self, Ok(Esc::Node(r"\z"))),
            'b' => return outside(self, Err(self.unsupported("a word boundary (\\b)"))),
            'B' => return outside(self, Err(self.unsupported("a non-word boundary (\\B)"))),
            'G' => return outside(self, Err(self.unsupported("\\G"))),
            'R' => return outside(self, Err(self.unsupported("a line break (\\R)"))),
            'X' => return outside(self, Err(self.unsupported("a grapheme cluster (\\X)"))),
            'k' => return outside(self, Err(self.unsupported("a back-reference"))),
            'N' => return Err(self.unsupported("a character name (\\N{...})")),
            'd' | 'D' | 's' | 'S' | 'w' | 'W' if self.has(UNICODE_CLASS) => {
                return Err(self.unsupported("a unicode class under (?U)"));
            }
            'd' | 'D' => ascii(&[('0', '9')], c == 'D'),
            's' | 'S' => ascii(&[(' ', ' '), ('\t', '\r')], c == 'S'),
            'w' | 'W' => ascii(&[('a', 'z'), ('A', 'Z'), ('0', '9'), ('_', '_')], c == 'W'),
            'h' | 'H' => ascii(
                &[
                    (' ', ' '),
                    ('\t', '\t'),
                    ('\u{A0}', '\u{A0}'),
                    ('\u{1680}', '\u{1680}'),
                    ('\u{180E}', '\u{180E}'),
                    ('\u{2000}', '\u{200A}'),
                    ('\u{202F}', '\u{202F}'),
                    ('\u{205F}', '\u{205F}'),
                    ('\u{3000}', '\u{3000}'),
                ],
                c == 'H',
            ),
            'v' | 'V' => ascii(
                &[('\n', '\r'), ('\u{85}', '\u{85}'), ('\u{2028}', '\u{2029}')],
                c == 'V',
            ),
            'a' => Esc::Char(7),
            'e' => Esc::Char(0x1B),
            'f' => Esc::Char(0x0C),
            'n' => Esc::Char(0x0A),
            'r' => Esc::Char(0x0D),
            't' => Esc::Char(0x09),
            'c' => {
                if self.cur < self.len {
                    Esc::Char(self.read() ^ 64)
                } else {
                    return Err(self.invalid("illegal control escape sequence"));
                }
            }
            'x' => Esc::Char(self.hex_escape()?),
            'u' => Esc::Char(self.unicode_escape()?),
            _ if ch < 0x80 && (ch as u8).is_ascii_alphabetic() => {
                return Err(self.invalid("illegal/unsupported escape sequence"));
            }
            '\0' if self.cur > self.len => {
                return Err(self.invalid("unexpected end of the pattern"));
            }
            _ => Esc::Char(ch),
        })
    }

    fn octal(&mut self) -> Result<u32, Refusal> {
        let oct = |c: u32| (0x30..=0x37).contains(&c);
        let n = self.read();
        if !oct(n) {
            return Err(self.invalid("illegal octal escape sequence"));
        }
        let m = self.read();
        if !oct(m) {
            self.unread();
            return Ok(n - 0x30);
        }
        let o = self.read();
        if oct(o) && n <= 0x33 {
            return Ok((n - 0x30) * 64 + (m - 0x30) * 8 + (o - 0x30));
        }
        self.unread();
        Ok((n - 0x30) * 8 + (m - 0x30))
    }

    fn hex_escape(&mut self) -> Result<u32, Refusal> {
        let n = self.read();
        if let Some(a) = hex(n) {
            let m = self.read();
            if let Some(b) = hex(m) {
                return Ok(a * 16 + b);
            }
        } else if n == '{' as u32 && hex(self.peek()).is_some() {
            let mut v: u32 = 0;
            loop {
                let n = self.read();
                let Some(d) = hex(n) else {
                    if n != '}' as u32 {
                        return Err(self.invalid("unclosed hexadecimal escape sequence"));
                    }
                    break;
                };
                v = (v << 4) + d;
                if v > MAX_CP {
                    return Err(self.invalid("hexadecimal codepoint is too big"));
                }
            }
            return self.no_surrogate(v);
        }
        Err(self.invalid("illegal hexadecimal escape sequence"))
    }

    fn uxxxx(&mut self) -> Result<u32, Refusal> {
        let mut n = 0;
        for _ in 0..4 {
            let ch = self.read();
            n = n * 16 + hex(ch).ok_or_else(|| self.invalid("illegal unicode escape sequence"))?;
        }
        Ok(n)
    }

    fn unicode_escape(&mut self) -> Result<u32, Refusal> {
        let n = self.uxxxx()?;
        if (0xD800..0xDC00).contains(&n) {
            let save = self.cur;
            if self.read() == '\\' as u32 && self.read() == 'u' as u32 {
                let m = self.uxxxx()?;
                if (0xDC00..0xE000).contains(&m) {
                    return Ok(0x10000 + ((n - 0xD800) << 10) + (m - 0xDC00));
                }
            }
            self.cur = save;
        }
        self.no_surrogate(n)
    }

    fn no_surrogate(&self, c: u32) -> Result<u32, Refusal> {
        if (0xD800..0xE000).contains(&c) {
            Err(self.unsupported("a lone surrogate"))
        } else {
            Ok(c)
        }
    }
}

#[cfg(test)]
mod tests;
