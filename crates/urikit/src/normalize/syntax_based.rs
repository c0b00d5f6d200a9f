//! Syntax-based normalization (RFC 3986 section 6.2.2): case (6.2.2.1),
//! percent-encoding (6.2.2.2) and dot segments (6.2.2.3), written in one
//! pass over the input, and the host check of [`Normalizer::is_normalized`].

use alloc::vec::Vec;
use core::fmt;

use super::Normalizer;
use super::ladder::{DOTS, PCT, SCHEME};
use super::writer::{Bytes, Matcher, Writer, pct_is_normal};
use crate::host::{Host, HostKind, parse_ipv4};
use crate::parse::{Meta, NONE};
use crate::uri::UriRef;

impl Normalizer<'_> {
    pub(super) fn host_is_normal(&self, host: Host<'_>) -> bool {
        let text = host.as_str();
        match host.kind() {
            HostKind::RegName => pct_is_normal(text.as_bytes(), true),
            HostKind::Ipv4 => true,
            HostKind::Ipv6 if self.ipv6_canonical => match host.ipv6() {
                Some(addr) => {
                    let mut m = Matcher {
                        rest: text.as_bytes(),
                        ok: true,
                    };
                    let _ = fmt::write(&mut m, format_args!("[{addr}]"));
                    m.ok && m.rest.is_empty()
                }
                None => true,
            },
            HostKind::Ipv6 | HostKind::IpvFuture => !text.bytes().any(|b| b.is_ascii_uppercase()),
        }
    }

    /// Write the normal form of `r` to `out`, returning its offsets.
    ///
    /// One pass over the input: what is already normal is copied in whole
    /// runs, and only the bytes that change are written one by one.
    ///
    /// `RUNG` is how far up the ladder to go ([`super::ladder`]): the
    /// normal form is [`SCHEME`], the top; the lower rungs serve
    /// [`Normalizer::ladder`]. Each is its own copy of this function, and
    /// in each the tests of `RUNG` are constants.
    pub(super) fn write<const RUNG: u8>(&self, r: &UriRef<'_>, out: &mut Vec<u8>) -> Meta {
        let s = r.as_str().as_bytes();
        let im = r.meta();
        let mut w = Writer { s, run: 0, out };
        let mut m = Meta::EMPTY;
        let scheme = r.scheme();
        let is_uri = scheme.is_some();
        let info = self.lookup(scheme);
        if let Some(scheme) = scheme {
            w.lower(0, scheme.len());
            m.scheme_end = w.pos(scheme.len());
        }
        if let Some(host) = r.host() {
            let (hs, he) = (im.host_start as usize, im.host_end as usize);
            m.auth_start = w.pos(im.auth_start as usize);
            let userinfo = r.userinfo();
            if userinfo.is_some() {
                w.pct_upto::<false, RUNG>(im.auth_start as usize, hs - 1);
            }
            let host_out = w.pos(hs);
            m.host_start = host_out;
            m.host_kind = self.write_host::<RUNG>(&mut w, host, hs, he);
            let port = if RUNG >= SCHEME {
                self.port(r.port(), info.as_ref(), is_uri)
            } else {
                r.port()
            };
            if let Some(dh) = info.and_then(|i| i.default_host)
                && RUNG >= SCHEME
                && userinfo.is_none()
                && port.is_none()
            {
                w.flush(he);
                if w.out.get(host_out as usize..) == Some(dh.as_bytes()) {
                    w.out.truncate(host_out as usize);
                    m.host_kind = HostKind::RegName;
                }
            }
            m.host_end = w.pos(he);
            let ps = im.path_start as usize;
            match (r.port(), port) {
                // Drop the ":" too.
                (Some(_), None) => w.skip(he, ps),
                // Drop leading zeros.
                (Some(p), Some(q)) if q.len() < p.len() => w.skip(ps - p.len(), ps - q.len()),
                _ => {}
            }
        }
        let (ps, pe) = (im.path_start as usize, im.path_end as usize);
        m.path_start = w.pos(ps);
        if is_uri && RUNG >= DOTS {
            let p0 = m.path_start as usize;
            let dots_removed = w.path_without_dots(ps, pe);
            if r.has_authority() {
                if RUNG >= SCHEME && ps == pe && info.is_some_and(|i| i.empty_path_is_root) {
                    w.flush(pe);
                    w.out.push(b'/');
                }
            } else if dots_removed {
                // Without an authority a path cannot start with "//" (3.3),
                // and removing dot segments can leave one that does
                // ("s:/.//a"): keep "/." before it so the output names the
                // same path and still parses.
                w.flush(pe);
                if w.out.get(p0..).is_some_and(|p| p.starts_with(b"//")) {
                    w.out.splice(p0..p0, *b"/.");
                }
            }
        } else {
            w.pct_upto::<false, RUNG>(ps, pe);
        }
        m.path_end = w.pos(pe);
        if im.query_start != NONE {
            let qs = im.query_start as usize;
            m.query_start = w.pos(qs);
            let qe = if im.fragment_start != NONE {
                im.fragment_start as usize
            } else {
                s.len()
            };
            w.pct_upto::<false, RUNG>(qs + 1, qe);
        }
        if im.fragment_start != NONE {
            let fs = im.fragment_start as usize;
            m.fragment_start = w.pos(fs);
            w.pct_upto::<false, RUNG>(fs + 1, s.len());
        }
        w.flush(s.len());
        m
    }

    /// Write the host `s[hs..he]`, returning its kind.
    pub(super) fn write_host<const RUNG: u8>(
        &self,
        w: &mut Writer<'_, '_>,
        host: Host<'_>,
        hs: usize,
        he: usize,
    ) -> HostKind {
        match host.kind() {
            HostKind::RegName => {
                let start = w.pos(hs) as usize;
                if !w.pct_upto::<true, RUNG>(hs, he) || RUNG < PCT {
                    return HostKind::RegName;
                }
                // Decoding can turn a reg-name into an IPv4 address
                // ("%31.2.3.4"), which then counts as one (3.2.2).
                w.flush(he);
                let text = w.out.get(start..).unwrap_or_default();
                if text.len() <= 15 && parse_ipv4(text).is_some() {
                    return HostKind::Ipv4;
                }
                HostKind::RegName
            }
            HostKind::Ipv6 if self.ipv6_canonical && RUNG >= SCHEME => {
                match host.ipv6() {
                    Some(addr) => {
                        w.flush(hs);
                        let _ = fmt::write(&mut Bytes(w.out), format_args!("[{addr}]"));
                        w.run = he;
                    }
                    None => w.lower(hs, he),
                }
                HostKind::Ipv6
            }
            kind => {
                w.lower(hs, he);
                kind
            }
        }
    }
}
