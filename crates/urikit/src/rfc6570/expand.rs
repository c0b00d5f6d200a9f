//! Expansion (section 3.2 and Appendix A of RFC 6570).
//!
//! Values are encoded straight into the output: a run of bytes that pass
//! through is written in one call, every other byte as its `%XX` triplet
//! from the crate's one static table (`percent::triplet`), so expansion
//! allocates nothing but the output
//! (a `Display` value longer than 64 bytes is the one exception).

use core::fmt::{self, Write};

use super::parse::{
    ALLOW_U, ALLOW_UR, Expression, Modifier, Op, Part, Parts, VarSpec, is_triplet,
    is_ucs_or_private,
};
use super::value::{Halt, Value, Vars};
use super::{ExpandError, ExpandErrorKind};

/// Writes `s` with every byte outside the allowed set as a triplet. With
/// `reserved`, reserved characters and existing triplets pass too (3.2.1);
/// with `iri`, so do the non-ASCII characters an IRI allows.
#[inline]
pub(crate) fn encode<W: Write + ?Sized>(
    out: &mut W,
    s: &str,
    reserved: bool,
    iri: bool,
) -> fmt::Result {
    let b = s.as_bytes();
    let allow = if reserved { &ALLOW_UR } else { &ALLOW_U };
    let mut run = 0;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if allow.contains(c) {
            i += 1;
            continue;
        }
        if reserved && c == b'%' && is_triplet(b, i) {
            i += 3;
            continue;
        }
        if iri
            && c >= 0x80
            && let Some(ch) = s.get(i..).and_then(|t| t.chars().next())
            && is_ucs_or_private(ch)
        {
            i += ch.len_utf8();
            continue;
        }
        if run < i {
            out.write_str(&s[run..i])?;
        }
        out.write_str(crate::percent::triplet(c))?;
        i += 1;
        run = i;
    }
    if run < b.len() {
        out.write_str(&s[run..])?;
    }
    Ok(())
}

/// The first `n` characters of `s`; with `reserved`, an existing triplet
/// counts as one character, so that it is never cut (2.4.1).
pub(crate) fn prefix(s: &str, n: u16, reserved: bool) -> &str {
    let b = s.as_bytes();
    let mut i = 0;
    for _ in 0..n {
        let Some(&c) = b.get(i) else { return s };
        i += if reserved && c == b'%' && is_triplet(b, i) {
            3
        } else {
            match c {
                0x00..=0x7f => 1,
                0xc0..=0xdf => 2,
                0xe0..=0xef => 3,
                _ => 4,
            }
        };
    }
    s.get(..i).unwrap_or(s)
}

/// A stack buffer for the `Display` form of a value.
struct StackBuf {
    buf: [u8; 64],
    len: usize,
}

impl Write for StackBuf {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let dst = self.buf.get_mut(self.len..end).ok_or(fmt::Error)?;
        dst.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// Calls `f` with the string of a scalar; `None` for an undefined one.
fn with_scalar<R>(
    v: Value<'_>,
    f: impl FnOnce(&str) -> Result<R, Halt>,
) -> Result<Option<R>, Halt> {
    match v {
        Value::Undefined => Ok(None),
        Value::Str(s) => f(s).map(Some),
        Value::Display(d) => {
            let mut sb = StackBuf {
                buf: [0; 64],
                len: 0,
            };
            if write!(sb, "{d}").is_ok() {
                // Only whole `&str`s were copied in: always UTF-8.
                let s = core::str::from_utf8(&sb.buf[..sb.len]).unwrap_or("");
                f(s).map(Some)
            } else {
                let s = alloc::format!("{d}");
                f(&s).map(Some)
            }
        }
        Value::List(_) | Value::Assoc(_) => Err(Halt(ExpandErrorKind::NestedValue)),
    }
}

impl From<fmt::Error> for Halt {
    fn from(_: fmt::Error) -> Halt {
        Halt(ExpandErrorKind::Write)
    }
}

/// Expands a validated template.
pub(crate) fn expand<V, W>(
    tpl: &str,
    clean: bool,
    iri: bool,
    vars: &V,
    out: &mut W,
) -> Result<(), ExpandError>
where
    V: Vars + ?Sized,
    W: Write + ?Sized,
{
    for part in Parts::new(tpl) {
        match part {
            Part::Literal(l) => {
                let r = if clean {
                    out.write_str(l)
                } else {
                    encode(out, l, true, iri)
                };
                r.map_err(|_| ExpandError::new(0, ExpandErrorKind::Write))?;
            }
            Part::Expr(e) => expand_expr(&e, iri, vars, out)?,
        }
    }
    Ok(())
}

fn expand_expr<V, W>(
    e: &Expression<'_>,
    iri: bool,
    vars: &V,
    out: &mut W,
) -> Result<(), ExpandError>
where
    V: Vars + ?Sized,
    W: Write + ?Sized,
{
    let op = e.op();
    let mut first = true;
    for spec in e.varspecs() {
        let v = vars.get(spec.name());
        let defined = match v {
            Value::Undefined => false,
            Value::List(l) => !l.is_empty(),
            Value::Assoc(a) => !a.is_empty(),
            Value::Str(_) | Value::Display(_) => true,
        };
        if !defined {
            continue;
        }
        let lead = if first { op.first() } else { sep_str(op) };
        first = false;
        let at = spec.index();
        out.write_str(lead)
            .map_err(|_| ExpandError::new(at, ExpandErrorKind::Write))?;
        varspec(op, iri, &spec, v, out).map_err(|Halt(kind)| ExpandError::new(at, kind))?;
    }
    Ok(())
}

fn sep_str(op: Op) -> &'static str {
    match op.sep() {
        b'.' => ".",
        b'/' => "/",
        b';' => ";",
        b'&' => "&",
        _ => ",",
    }
}

/// One defined variable (Appendix A, the body of the varspec loop).
fn varspec<W: Write + ?Sized>(
    op: Op,
    iri: bool,
    spec: &VarSpec<'_>,
    v: Value<'_>,
    out: &mut W,
) -> Result<(), Halt> {
    let reserved = op.allows_reserved();
    let name = spec.name();
    match v {
        Value::List(list) => {
            if let Modifier::Prefix(_) = spec.modifier() {
                return Err(Halt(ExpandErrorKind::PrefixOnComposite));
            }
            let explode = spec.modifier() == Modifier::Explode;
            if op.named() && !explode {
                out.write_str(name)?;
                out.write_char('=')?;
            }
            let sep = if explode { sep_str(op) } else { "," };
            let mut n = 0usize;
            list.each(&mut |item| {
                with_scalar(item, |s| {
                    if n > 0 {
                        out.write_str(sep)?;
                    }
                    n += 1;
                    if explode && op.named() {
                        out.write_str(name)?;
                        if s.is_empty() {
                            out.write_str(op.ifemp())?;
                            return Ok(());
                        }
                        out.write_char('=')?;
                    }
                    encode(out, s, reserved, iri)?;
                    Ok(())
                })
                .map(drop)
            })
        }
        Value::Assoc(assoc) => {
            if let Modifier::Prefix(_) = spec.modifier() {
                return Err(Halt(ExpandErrorKind::PrefixOnComposite));
            }
            let explode = spec.modifier() == Modifier::Explode;
            if op.named() && !explode {
                out.write_str(name)?;
                out.write_char('=')?;
            }
            let sep = if explode { sep_str(op) } else { "," };
            let mut n = 0usize;
            assoc.each(&mut |key, value| {
                with_scalar(value, |s| {
                    if n > 0 {
                        out.write_str(sep)?;
                    }
                    n += 1;
                    encode(out, key, reserved, iri)?;
                    if explode {
                        if op.named() && s.is_empty() {
                            out.write_str(op.ifemp())?;
                            return Ok(());
                        }
                        out.write_char('=')?;
                    } else {
                        out.write_char(',')?;
                    }
                    encode(out, s, reserved, iri)?;
                    Ok(())
                })
                .map(drop)
            })
        }
        scalar => with_scalar(scalar, |s| {
            if op.named() {
                out.write_str(name)?;
                if s.is_empty() {
                    out.write_str(op.ifemp())?;
                    return Ok(());
                }
                out.write_char('=')?;
            }
            let s = match spec.modifier() {
                Modifier::Prefix(n) => prefix(s, n, reserved),
                _ => s,
            };
            encode(out, s, reserved, iri)?;
            Ok(())
        })
        .map(drop),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;

    #[test]
    fn prefix_counts_code_points_and_triplets() {
        assert_eq!(prefix("αβγ", 2, false), "αβ");
        assert_eq!(prefix("%2Fab", 1, true), "%2F");
        assert_eq!(prefix("%2Fab", 1, false), "%");
        assert_eq!(prefix("ab", 9999, false), "ab");
    }

    #[test]
    fn encode_keeps_triplets_only_when_reserved() {
        let mut s = String::new();
        encode(&mut s, "a%2Fb %zz/", true, false).unwrap();
        assert_eq!(s, "a%2Fb%20%25zz/");
        s.clear();
        encode(&mut s, "a%2Fb/", false, false).unwrap();
        assert_eq!(s, "a%252Fb%2F");
    }
}
