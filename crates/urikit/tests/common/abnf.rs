//! RFC 3986 Appendix A (as published), read by a small ABNF reader (RFC
//! 5234), and a checker for "is this string a prefix of some string the rule
//! matches". The test oracle for error positions: it knows nothing of urikit
//! (it uses no item of the crate), only the grammar text below.
//!
//! Slow on purpose: every alternative is followed, every repetition count
//! tried, the sets of end positions kept whole (as bit sets: inputs are
//! shorter than 256 bytes). Fine for the short inputs of
//! property tests.
#![allow(dead_code)] // each user needs its own subset

use std::collections::HashMap;

/// The collected ABNF of RFC 3986 Appendix A, as published (with the
/// `path-*` rules of the RFC, not the draft's; see spec/NOTES.md).
pub const RFC3986: &str = r##"
URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]

hier-part     = "//" authority path-abempty
              / path-absolute
              / path-rootless
              / path-empty

URI-reference = URI / relative-ref

absolute-URI  = scheme ":" hier-part [ "?" query ]

relative-ref  = relative-part [ "?" query ] [ "#" fragment ]

relative-part = "//" authority path-abempty
              / path-absolute
              / path-noscheme
              / path-empty

scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )

authority     = [ userinfo "@" ] host [ ":" port ]
userinfo      = *( unreserved / pct-encoded / sub-delims / ":" )
host          = IP-literal / IPv4address / reg-name
port          = *DIGIT

IP-literal    = "[" ( IPv6address / IPvFuture  ) "]"

IPvFuture     = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )

IPv6address   =                            6( h16 ":" ) ls32
              /                       "::" 5( h16 ":" ) ls32
              / [               h16 ] "::" 4( h16 ":" ) ls32
              / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
              / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
              / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
              / [ *4( h16 ":" ) h16 ] "::"              ls32
              / [ *5( h16 ":" ) h16 ] "::"              h16
              / [ *6( h16 ":" ) h16 ] "::"

h16           = 1*4HEXDIG
ls32          = ( h16 ":" h16 ) / IPv4address
IPv4address   = dec-octet "." dec-octet "." dec-octet "." dec-octet

dec-octet     = DIGIT                 ; 0-9
              / %x31-39 DIGIT         ; 10-99
              / "1" 2DIGIT            ; 100-199
              / "2" %x30-34 DIGIT     ; 200-249
              / "25" %x30-35          ; 250-255

reg-name      = *( unreserved / pct-encoded / sub-delims )

path          = path-abempty    ; begins with "/" or is empty
              / path-absolute   ; begins with "/" but not "//"
              / path-noscheme   ; begins with a non-colon segment
              / path-rootless   ; begins with a segment
              / path-empty      ; zero characters

path-abempty  = *( "/" segment )
path-absolute = "/" [ segment-nz *( "/" segment ) ]
path-noscheme = segment-nz-nc *( "/" segment )
path-rootless = segment-nz *( "/" segment )
path-empty    = 0<pchar>

segment       = *pchar
segment-nz    = 1*pchar
segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
              ; non-zero-length segment without any colon ":"

pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"

query         = *( pchar / "/" / "?" )

fragment      = *( pchar / "/" / "?" )

pct-encoded   = "%" HEXDIG HEXDIG

unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"
reserved      = gen-delims / sub-delims
gen-delims    = ":" / "/" / "?" / "#" / "[" / "]" / "@"
sub-delims    = "!" / "$" / "&" / "'" / "(" / ")"
              / "*" / "+" / "," / ";" / "="
"##;

/// The core rules RFC 3986 uses, from RFC 5234 Appendix B.1.
pub const CORE: &str = r#"
ALPHA  = %x41-5A / %x61-7A   ; A-Z / a-z
DIGIT  = %x30-39             ; 0-9
HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
"#;

#[derive(Debug)]
enum Node {
    Alt(Vec<Node>),
    Seq(Vec<Node>),
    /// `min*max element`; `None` is no upper bound.
    Rep(usize, Option<usize>, Box<Node>),
    /// A quoted string: ASCII case-insensitive (RFC 5234 2.3).
    Str(Vec<u8>),
    /// `%xHH` or `%xHH-HH`: exact bytes.
    Range(u8, u8),
    /// A rule, by index into `Grammar::rules`; resolved after reading.
    Rule(usize),
    /// A name not resolved yet.
    Name(String),
}

/// A set of ABNF rules, by lower-case name (rule names are case-insensitive).
pub struct Grammar {
    index: HashMap<String, usize>,
    rules: Vec<Node>,
}

/// The tokens of ABNF's own syntax.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Name(String),
    Eq,
    Slash,
    Open,
    Close,
    OptOpen,
    OptClose,
    Repeat(usize, Option<usize>),
    Str(Vec<u8>),
    Range(u8, u8),
}

fn tokenize(text: &str) -> Vec<Tok> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let num = |i: &mut usize, radix: u32| -> usize {
        let start = *i;
        while *i < b.len() && (b[*i] as char).is_digit(radix) {
            *i += 1;
        }
        usize::from_str_radix(&text[start..*i], radix).unwrap()
    };
    while i < b.len() {
        match b[i] {
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b';' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'=' => {
                out.push(Tok::Eq);
                i += 1;
            }
            b'/' => {
                out.push(Tok::Slash);
                i += 1;
            }
            b'(' => {
                out.push(Tok::Open);
                i += 1;
            }
            b')' => {
                out.push(Tok::Close);
                i += 1;
            }
            b'[' => {
                out.push(Tok::OptOpen);
                i += 1;
            }
            b']' => {
                out.push(Tok::OptClose);
                i += 1;
            }
            b'"' => {
                let end = i + 1 + text[i + 1..].find('"').expect("unclosed string");
                out.push(Tok::Str(b[i + 1..end].to_vec()));
                i = end + 1;
            }
            b'%' => {
                assert_eq!(b[i + 1], b'x', "only %x values are used");
                i += 2;
                let lo = num(&mut i, 16);
                let hi = if b[i] == b'-' {
                    i += 1;
                    num(&mut i, 16)
                } else {
                    lo
                };
                out.push(Tok::Range(lo as u8, hi as u8));
            }
            b'<' => {
                // prose-val: in Appendix A only `<pchar>`, naming a rule.
                let end = i + text[i..].find('>').expect("unclosed prose");
                out.push(Tok::Name(text[i + 1..end].to_ascii_lowercase()));
                i = end + 1;
            }
            c if c.is_ascii_digit() || c == b'*' => {
                let min = if c == b'*' { 0 } else { num(&mut i, 10) };
                let tok = if i < b.len() && b[i] == b'*' {
                    i += 1;
                    let max = (i < b.len() && b[i].is_ascii_digit()).then(|| num(&mut i, 10));
                    Tok::Repeat(min, max)
                } else {
                    Tok::Repeat(min, Some(min))
                };
                out.push(tok);
            }
            c if c.is_ascii_alphabetic() => {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'-') {
                    i += 1;
                }
                out.push(Tok::Name(text[start..i].to_ascii_lowercase()));
            }
            c => panic!("unexpected {:?} in the grammar", c as char),
        }
    }
    out
}

/// A recursive-descent reader of the token list of one rule's definition.
struct Reader {
    toks: Vec<Tok>,
    at: usize,
}

impl Reader {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at)
    }

    fn next(&mut self) -> Tok {
        self.at += 1;
        self.toks[self.at - 1].clone()
    }

    /// alternation = concatenation *( "/" concatenation )
    fn alternation(&mut self) -> Node {
        let mut alts = vec![self.concatenation()];
        while self.peek() == Some(&Tok::Slash) {
            self.at += 1;
            alts.push(self.concatenation());
        }
        if alts.len() == 1 {
            alts.pop().unwrap()
        } else {
            Node::Alt(alts)
        }
    }

    /// concatenation = repetition *( repetition )
    fn concatenation(&mut self) -> Node {
        let mut items = Vec::new();
        while let Some(t) = self.peek() {
            if matches!(t, Tok::Slash | Tok::Close | Tok::OptClose) {
                break;
            }
            items.push(self.repetition());
        }
        assert!(!items.is_empty(), "empty concatenation");
        if items.len() == 1 {
            items.pop().unwrap()
        } else {
            Node::Seq(items)
        }
    }

    /// repetition = [repeat] element
    fn repetition(&mut self) -> Node {
        if let Some(&Tok::Repeat(min, max)) = self.peek() {
            self.at += 1;
            Node::Rep(min, max, Box::new(self.element()))
        } else {
            self.element()
        }
    }

    /// element = rulename / group / option / char-val / num-val / prose-val
    fn element(&mut self) -> Node {
        match self.next() {
            Tok::Name(n) => Node::Name(n),
            Tok::Open => {
                let n = self.alternation();
                assert_eq!(self.next(), Tok::Close);
                n
            }
            Tok::OptOpen => {
                let n = self.alternation();
                assert_eq!(self.next(), Tok::OptClose);
                Node::Rep(0, Some(1), Box::new(n))
            }
            Tok::Str(s) => Node::Str(s),
            Tok::Range(lo, hi) => Node::Range(lo, hi),
            t => panic!("unexpected {t:?}"),
        }
    }
}

impl Grammar {
    /// RFC 3986 Appendix A with the RFC 5234 core rules it uses.
    pub fn rfc3986() -> Grammar {
        Grammar::read(&format!("{RFC3986}\n{CORE}"))
    }

    /// Reads rules `name = elements`; a rule goes on while lines are indented.
    pub fn read(text: &str) -> Grammar {
        let mut defs: Vec<String> = Vec::new();
        for line in text.lines() {
            if line.trim().is_empty() {
                continue;
            }
            if line.starts_with([' ', '\t']) {
                let last = defs.last_mut().expect("continuation line before any rule");
                last.push('\n');
                last.push_str(line);
            } else {
                defs.push(line.to_string());
            }
        }
        let mut g = Grammar {
            index: HashMap::new(),
            rules: Vec::new(),
        };
        for def in &defs {
            let mut toks = tokenize(def);
            let Tok::Name(name) = toks.remove(0) else {
                panic!("a rule starts with its name: {def}")
            };
            assert_eq!(toks.remove(0), Tok::Eq, "{def}");
            let mut r = Reader { toks, at: 0 };
            let node = r.alternation();
            assert_eq!(r.at, r.toks.len(), "trailing tokens in {def}");
            assert!(g.index.insert(name, g.rules.len()).is_none(), "{def}");
            g.rules.push(node);
        }
        let index = g.index.clone();
        for node in &mut g.rules {
            resolve(node, &index);
        }
        g
    }

    fn rule(&self, name: &str) -> usize {
        *self
            .index
            .get(&name.to_ascii_lowercase())
            .unwrap_or_else(|| panic!("no rule {name}"))
    }

    /// Whether the rule matches all of `s`.
    pub fn matches(&self, rule: &str, s: &[u8]) -> bool {
        self.run(rule, s).0.contains(s.len())
    }

    /// Whether `s` is a prefix of some string the rule matches (itself
    /// included).
    pub fn is_prefix(&self, rule: &str, s: &[u8]) -> bool {
        let (ends, ran_out) = self.run(rule, s);
        ran_out || ends.contains(s.len())
    }

    /// The length of the longest prefix of `s` that is a prefix of some
    /// string the rule matches: where `s` stops being one (`s.len()` when it
    /// never does). A prefix of a prefix is a prefix, so the answer can be
    /// found by bisection.
    pub fn longest_prefix(&self, rule: &str, s: &[u8]) -> usize {
        // Invariant: s[..lo] is a prefix; s[..hi] is not (hi = len + 1 stands
        // for "not known to fail").
        let (mut lo, mut hi) = (0, s.len() + 1);
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if self.is_prefix(rule, &s[..mid]) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// The end positions of all matches of `rule` from 0, and whether some
    /// partial match consumed all of `s` and wanted more: then `s` is a
    /// proper prefix of a match, since every rule here matches something.
    fn run(&self, rule: &str, s: &[u8]) -> (Set, bool) {
        assert!(s.len() < 256, "positions are bits of a [u64; 4]");
        let mut m = Matcher {
            g: self,
            s,
            memo: vec![None; self.rules.len() * (s.len() + 1)],
            ran_out: false,
        };
        let ends = m.rule(self.rule(rule), 0);
        (ends, m.ran_out)
    }
}

/// A set of positions in the input: bit `p` is position `p`.
#[derive(Clone, Copy, PartialEq)]
struct Set([u64; 4]);

impl Set {
    const EMPTY: Set = Set([0; 4]);

    fn one(p: usize) -> Set {
        let mut s = Set::EMPTY;
        s.0[p / 64] = 1 << (p % 64);
        s
    }

    fn contains(self, p: usize) -> bool {
        self.0[p / 64] >> (p % 64) & 1 == 1
    }

    fn union(self, o: Set) -> Set {
        Set(std::array::from_fn(|w| self.0[w] | o.0[w]))
    }

    fn minus(self, o: Set) -> Set {
        Set(std::array::from_fn(|w| self.0[w] & !o.0[w]))
    }

    fn positions(self) -> impl Iterator<Item = usize> {
        (0..4).flat_map(move |w| {
            let mut bits = self.0[w];
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    w * 64 + b
                })
            })
        })
    }
}

fn resolve(node: &mut Node, index: &HashMap<String, usize>) {
    match node {
        Node::Name(n) => {
            let i = *index.get(n).unwrap_or_else(|| panic!("undefined rule {n}"));
            *node = Node::Rule(i);
        }
        Node::Alt(v) | Node::Seq(v) => v.iter_mut().for_each(|n| resolve(n, index)),
        Node::Rep(_, _, n) => resolve(n, index),
        Node::Str(_) | Node::Range(..) | Node::Rule(_) => {}
    }
}

struct Matcher<'g, 's> {
    g: &'g Grammar,
    s: &'s [u8],
    /// The ends of rule `r` from position `p`, at `r * (len + 1) + p`.
    memo: Vec<Option<Set>>,
    ran_out: bool,
}

impl Matcher<'_, '_> {
    fn rule(&mut self, r: usize, at: usize) -> Set {
        let slot = r * (self.s.len() + 1) + at;
        if let Some(e) = self.memo[slot] {
            return e;
        }
        // The grammar has no left recursion, so a rule never re-enters itself
        // at the same position.
        let e = self.ends(&self.g.rules[r], at);
        self.memo[slot] = Some(e);
        e
    }

    /// Every position where a match of `node` starting at `at` can end.
    fn ends(&mut self, node: &Node, at: usize) -> Set {
        let s = self.s;
        match node {
            Node::Str(lit) => {
                for (k, &c) in lit.iter().enumerate() {
                    match s.get(at + k) {
                        None => {
                            self.ran_out = true;
                            return Set::EMPTY;
                        }
                        Some(b) if b.eq_ignore_ascii_case(&c) => {}
                        Some(_) => return Set::EMPTY,
                    }
                }
                Set::one(at + lit.len())
            }
            Node::Range(lo, hi) => match s.get(at) {
                None => {
                    self.ran_out = true;
                    Set::EMPTY
                }
                Some(b) if (lo..=hi).contains(&b) => Set::one(at + 1),
                Some(_) => Set::EMPTY,
            },
            Node::Rule(r) => self.rule(*r, at),
            Node::Alt(alts) => {
                let mut out = Set::EMPTY;
                for a in alts {
                    out = out.union(self.ends(a, at));
                }
                out
            }
            Node::Seq(items) => {
                let mut cur = Set::one(at);
                for item in items {
                    cur = self.step(item, cur);
                }
                cur
            }
            Node::Rep(min, max, item) => {
                // Positions after exactly k matches, k = 0, 1, ...; from
                // `min` on, every such position is an end. Past `min` a
                // position already expanded gives nothing new.
                let mut out = Set::EMPTY;
                let mut cur = Set::one(at);
                let mut k = 0;
                loop {
                    if k >= *min {
                        cur = cur.minus(out);
                        out = out.union(cur);
                    }
                    if cur == Set::EMPTY || max.is_some_and(|m| k == m) {
                        break;
                    }
                    cur = self.step(item, cur);
                    k += 1;
                }
                out
            }
            Node::Name(n) => unreachable!("unresolved {n}"),
        }
    }

    /// The ends of `node` from every position of `from`.
    fn step(&mut self, node: &Node, from: Set) -> Set {
        let mut next = Set::EMPTY;
        for p in from.positions() {
            next = next.union(self.ends(node, p));
        }
        next
    }
}
