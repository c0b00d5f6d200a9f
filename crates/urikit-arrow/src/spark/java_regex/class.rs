//! Java's character classes: sets of code points, the POSIX classes, and
//! the class syntax (nested classes, `&&`, Java's deferred union of single
//! characters) read as Java 17's `Pattern.clazz` reads it.

use super::{CI, Esc, MAX_CP, Parser, Refusal, UNICODE_CASE, UNICODE_CLASS};

/// A set of code points: sorted, disjoint, non-adjacent inclusive ranges.
pub(super) type Set = Vec<(u32, u32)>;

pub(super) fn norm(mut s: Set) -> Set {
    s.sort_unstable();
    let mut out: Set = Vec::with_capacity(s.len());
    for (lo, hi) in s {
        match out.last_mut() {
            Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
            _ => out.push((lo, hi)),
        }
    }
    out
}

pub(super) fn union(a: &Set, b: &Set) -> Set {
    norm(a.iter().chain(b).copied().collect())
}

pub(super) fn negate(a: &Set) -> Set {
    let mut out = Vec::new();
    let mut next = 0u32;
    for &(lo, hi) in a {
        if lo > next {
            out.push((next, lo - 1));
        }
        next = hi + 1;
    }
    if next <= MAX_CP {
        out.push((next, MAX_CP));
    }
    out
}

pub(super) fn intersect(a: &Set, b: &Set) -> Set {
    negate(&union(&negate(a), &negate(b)))
}

pub(super) fn one(c: u32) -> Set {
    vec![(c, c)]
}

pub(super) fn ranges(r: &[(char, char)]) -> Set {
    norm(r.iter().map(|&(a, b)| (a as u32, b as u32)).collect())
}

pub(super) fn ascii_swap(c: u32) -> Option<u32> {
    match c {
        0x41..=0x5A => Some(c + 0x20),
        0x61..=0x7A => Some(c - 0x20),
        _ => None,
    }
}

/// The ASCII-only classes Java has without `(?U)`.
pub(super) fn posix(name: &str) -> Option<Set> {
    Some(ranges(match name {
        "Lower" => &[('a', 'z')],
        "Upper" => &[('A', 'Z')],
        "ASCII" => &[('\0', '\x7F')],
        "Alpha" => &[('a', 'z'), ('A', 'Z')],
        "Digit" => &[('0', '9')],
        "Alnum" => &[('a', 'z'), ('A', 'Z'), ('0', '9')],
        "Punct" => &[('!', '/'), (':', '@'), ('[', '`'), ('{', '~')],
        "Graph" => &[('!', '~')],
        "Print" => &[(' ', '~')],
        "Blank" => &[(' ', ' '), ('\t', '\t')],
        "Cntrl" => &[('\0', '\x1F'), ('\x7F', '\x7F')],
        "XDigit" => &[('0', '9'), ('a', 'f'), ('A', 'F')],
        "Space" => &[(' ', ' '), ('\t', '\r')],
        _ => return None,
    }))
}

impl Parser {
    /// `\p{Name}`, `\P{Name}`, `\pL` (the cursor on the `p`).
    pub(super) fn property(&mut self, negated: bool) -> Result<Set, Refusal> {
        let ch = self.next();
        let name: String = if ch != '{' as u32 {
            // One letter: Java reads the character after `p`.
            let c = char::from_u32(ch).unwrap_or('\0');
            self.read();
            c.to_string()
        } else {
            self.next();
            let start = self.cur;
            while self.cur < self.len && self.t(self.cur) != '}' as u32 {
                self.cur += 1;
            }
            if self.cur >= self.len {
                return Err(self.invalid("unclosed character family"));
            }
            let name = self.t[start..self.cur]
                .iter()
                .filter_map(|&c| char::from_u32(c))
                .collect();
            self.cur += 1;
            name
        };
        if self.has(UNICODE_CLASS) {
            return Err(self.unsupported("a unicode class under (?U)"));
        }
        if self.has(CI) && (name == "Lower" || name == "Upper") {
            return Err(self.unsupported("\\p{Lower} or \\p{Upper} under (?i)"));
        }
        let s = posix(&name).ok_or_else(|| self.unsupported("a unicode property (\\p{...})"))?;
        Ok(if negated { negate(&s) } else { s })
    }

    /// Java's `clazz`: the cursor on `[` when `consume`, else before the
    /// first character of an operand of `&&`.
    pub(super) fn clazz(&mut self, consume: bool) -> Result<Set, Refusal> {
        self.enter()?;
        let r = self.clazz_body(consume);
        self.depth -= 1;
        r
    }

    fn clazz_body(&mut self, consume: bool) -> Result<Set, Refusal> {
        let mut prev: Option<Set> = None;
        let mut curr: Option<Set> = None;
        let mut bits: Set = Vec::new();
        let mut has_bits = false;
        let mut negated = false;
        let mut ch = self.next();
        if ch == '^' as u32 && self.t(self.cur - 1) == '[' as u32 {
            ch = self.next();
            negated = true;
        }
        loop {
            match char::from_u32(ch).unwrap_or('\0') {
                '[' => {
                    let c = self.clazz(true)?;
                    prev = Some(match prev {
                        None => c.clone(),
                        Some(p) => union(&p, &c),
                    });
                    curr = Some(c);
                    ch = self.peek();
                    continue;
                }
                '&' => {
                    ch = self.next();
                    if ch == '&' as u32 {
                        ch = self.next();
                        let mut right: Option<Set> = None;
                        while ch != ']' as u32 && ch != '&' as u32 {
                            let r = if ch == '[' as u32 {
                                self.clazz(true)?
                            } else {
                                self.unread();
                                self.clazz(false)?
                            };
                            right = Some(match right {
                                None => r,
                                Some(x) => union(&x, &r),
                            });
                            ch = self.peek();
                        }
                        if has_bits {
                            match &prev {
                                None => {
                                    prev = Some(bits.clone());
                                    curr = Some(bits.clone());
                                }
                                Some(p) => prev = Some(union(p, &bits)),
                            }
                            has_bits = false;
                        }
                        if right.is_some() {
                            curr = right.clone();
                        }
                        match &prev {
                            None => match right {
                                None => return Err(self.invalid("bad class syntax")),
                                Some(r) => prev = Some(r),
                            },
                            Some(p) => {
                                let Some(c) = &curr else {
                                    // Java 17 compiles this (`[[a]b&&]`) into a class
                                    // that throws when it is tried.
                                    return Err(
                                        self.unsupported("a class intersected with nothing")
                                    );
                                };
                                prev = Some(intersect(p, c));
                            }
                        }
                    } else {
                        // A single `&` is a literal.
                        self.unread();
                        curr = self.range(&mut bits)?;
                        self.after_range(&mut prev, &mut curr, &mut has_bits);
                        ch = self.peek();
                    }
                    continue;
                }
                '\0' if self.cur >= self.len => {
                    return Err(self.invalid("unclosed character class"));
                }
                ']' if prev.is_some() || has_bits => {
                    if consume {
                        self.next();
                    }
                    let mut s = match prev {
                        None => bits,
                        Some(p) if has_bits => union(&p, &bits),
                        Some(p) => p,
                    };
                    if negated {
                        s = negate(&s);
                    }
                    return Ok(s);
                }
                _ => {}
            }
            curr = self.range(&mut bits)?;
            self.after_range(&mut prev, &mut curr, &mut has_bits);
            ch = self.peek();
        }
    }

    fn after_range(&self, prev: &mut Option<Set>, curr: &mut Option<Set>, has_bits: &mut bool) {
        match curr {
            None => *has_bits = true,
            Some(c) => {
                *prev = Some(match prev.take() {
                    None => c.clone(),
                    Some(p) => union(&p, c),
                });
            }
        }
    }

    /// One item of a class: a character or a range (`None`: added to the
    /// single characters below 256, Java's `bits`), or a class escape.
    fn range(&mut self, bits: &mut Set) -> Result<Option<Set>, Refusal> {
        if self.has(CI) && self.has(UNICODE_CASE) {
            return Err(self.unsupported("unicode case-insensitive matching ((?iu) or (?iU))"));
        }
        let mut ch = self.peek();
        if ch == '\\' as u32 {
            let e = self.next_escaped();
            if e == 'p' as u32 || e == 'P' as u32 {
                return self.property(e == 'P' as u32).map(Some);
            }
            self.unread();
            match self.escape(true)? {
                Esc::Set(s) => return Ok(Some(s)),
                Esc::Char(c) => ch = c,
                Esc::Node(_) => return Err(self.invalid("illegal/unsupported escape sequence")),
            }
        } else {
            self.next();
        }
        if self.peek() == '-' as u32 {
            let end = self.t(self.cur + 1);
            if end != '[' as u32 && end != ']' as u32 {
                self.next();
                let m = if self.peek() == '\\' as u32 {
                    match self.escape(true)? {
                        Esc::Char(c) => c,
                        _ => return Err(self.invalid("illegal character range")),
                    }
                } else {
                    let m = self.peek();
                    self.next();
                    m
                };
                if m < ch {
                    return Err(self.invalid("illegal character range"));
                }
                let mut s = vec![(ch, m)];
                if self.has(CI) {
                    // Java's ASCII-only CIRange: an ASCII letter whose other
                    // case is in the range.
                    for c in 0..0x80 {
                        if let Some(o) = ascii_swap(c)
                            && (ch..=m).contains(&o)
                        {
                            s.push((c, c));
                        }
                    }
                }
                return Ok(Some(norm(s)));
            }
        }
        if ch < 256 {
            bits.push((ch, ch));
            if self.has(CI)
                && let Some(o) = ascii_swap(ch)
            {
                bits.push((o, o));
            }
            *bits = norm(std::mem::take(bits));
            return Ok(None);
        }
        Ok(Some(one(ch)))
    }
}
