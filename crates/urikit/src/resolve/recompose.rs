//! The components of a parsed text with the offsets needed to build a
//! result without reparsing, and a writer that recomposes them in the
//! order of RFC 3986 section 5.3, recording the offsets a parse would find.

use alloc::string::String;

use super::{ResolveError, ResolveErrorKind};
use crate::host::HostKind;
use crate::parse::{MAX_LEN, Meta, NONE};
use crate::uri::UriRef;

#[derive(Clone, Copy)]
pub(super) struct Auth<'a> {
    pub(super) text: &'a str,
    // Host bounds relative to the start of `text`.
    pub(super) host_start: usize,
    pub(super) host_end: usize,
    pub(super) host_kind: HostKind,
}

#[derive(Clone, Copy)]
pub(super) struct Parts<'a> {
    pub(super) scheme: Option<&'a str>,
    pub(super) auth: Option<Auth<'a>>,
    pub(super) path: &'a str,
    pub(super) query: Option<&'a str>,
    pub(super) fragment: Option<&'a str>,
}

pub(super) fn parts<'a>(r: &'a UriRef<'_>) -> Parts<'a> {
    let c = r.components();
    let m = r.meta();
    Parts {
        scheme: c.scheme,
        auth: c.authority.map(|text| Auth {
            text,
            host_start: (m.host_start - m.auth_start) as usize,
            host_end: (m.host_end - m.auth_start) as usize,
            host_kind: m.host_kind,
        }),
        path: c.path,
        query: c.query,
        fragment: c.fragment,
    }
}

/// Writes components in the order of 5.3 and records the offsets a parse
/// would find.
pub(super) struct Builder<'o> {
    pub(super) out: &'o mut String,
    pub(super) base: usize,
    pub(super) m: [usize; 8],
    pub(super) host_kind: HostKind,
}

pub(super) const SCHEME_END: usize = 0;
pub(super) const AUTH_START: usize = 1;
pub(super) const HOST_START: usize = 2;
pub(super) const HOST_END: usize = 3;
pub(super) const PATH_START: usize = 4;
pub(super) const PATH_END: usize = 5;
pub(super) const QUERY_START: usize = 6;
pub(super) const FRAGMENT_START: usize = 7;
pub(super) const ABSENT: usize = usize::MAX;

impl<'o> Builder<'o> {
    pub(super) fn new(out: &'o mut String) -> Builder<'o> {
        let base = out.len();
        Builder {
            out,
            base,
            m: [ABSENT; 8],
            host_kind: HostKind::RegName,
        }
    }

    #[inline]
    pub(super) fn pos(&self) -> usize {
        self.out.len() - self.base
    }

    pub(super) fn scheme(&mut self, s: &str) {
        self.out.push_str(s);
        self.m[SCHEME_END] = self.pos();
        self.out.push(':');
    }

    pub(super) fn authority(&mut self, a: &Auth<'_>) {
        self.out.push_str("//");
        let at = self.pos();
        self.m[AUTH_START] = at;
        self.m[HOST_START] = at + a.host_start;
        self.m[HOST_END] = at + a.host_end;
        self.host_kind = a.host_kind;
        self.out.push_str(a.text);
    }

    pub(super) fn path_start(&mut self) {
        self.m[PATH_START] = self.pos();
    }

    pub(super) fn path_end(&mut self) {
        self.m[PATH_END] = self.pos();
    }

    pub(super) fn query_fragment(&mut self, query: Option<&str>, fragment: Option<&str>) {
        if let Some(q) = query {
            self.m[QUERY_START] = self.pos();
            self.out.push('?');
            self.out.push_str(q);
        }
        if let Some(f) = fragment {
            self.m[FRAGMENT_START] = self.pos();
            self.out.push('#');
            self.out.push_str(f);
        }
    }

    /// The offsets as a parse would give them, or `TooLong`.
    pub(super) fn finish(self) -> Result<Meta, ResolveError> {
        if self.pos() >= MAX_LEN {
            return Err(ResolveError::new(ResolveErrorKind::TooLong));
        }
        // Every offset is at most the length, now known to fit in a u32.
        let c = |i: usize| {
            let v = self.m[i];
            if v == ABSENT { NONE } else { v as u32 }
        };
        Ok(Meta {
            scheme_end: c(SCHEME_END),
            auth_start: c(AUTH_START),
            host_start: c(HOST_START),
            host_end: c(HOST_END),
            host_kind: self.host_kind,
            path_start: c(PATH_START),
            path_end: c(PATH_END),
            query_start: c(QUERY_START),
            fragment_start: c(FRAGMENT_START),
        })
    }
}
