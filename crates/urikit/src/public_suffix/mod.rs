//! The public suffix list (<https://publicsuffix.org/>) over a host:
//! [`Host::public_suffix`] and [`Host::registrable_domain`], and over a
//! name, [`suffix`] and [`registrable_domain`].
//!
//! The list is compiled in, so one urikit version always gives the same
//! answers: the snapshot is the one the `psl` crate 2.1.247 ships (its
//! `data/rules.txt`, kept as `src/public_suffix/list.txt` with its MPL-2.0
//! notice and where it came from). A test compiles it into a trie
//! (`table.rs`, read from three binary files the test writes: the labels
//! in one string, a node per label, and a hash table from (parent, label)
//! to node), so the
//! build does no work and needs no network; updating the list means
//! updating `list.txt`, a new urikit release. A second test compares the
//! answers with `psl` 2.1.247's over the corpus hosts and every rule.
//!
//! The algorithm is the list's (<https://github.com/publicsuffix/list/wiki/Format>)
//! as `psl` applies it: labels are matched from the right, byte for byte
//! (no case folding, no IDNA: the list's names are lower case U-labels);
//! the longest matching rule wins; `*` matches any one label, including an
//! empty one, where no rule names that label; an exception rule (`!`)
//! makes its parent the suffix; a name matching no rule has its last label
//! as suffix (the default rule `*`). Rules of the ICANN and of the PRIVATE
//! section count alike (the list's file says which is which; psl's copy,
//! and so this one, does not keep it).

use alloc::borrow::Cow;
use alloc::borrow::ToOwned;

use crate::{Host, HostKind, percent};

mod table;

impl<'a> Host<'a> {
    /// The registered name ready for the list: percent-decoded and
    /// lower-cased; `None` for an IP host, an empty one, or one whose
    /// octets are not UTF-8.
    fn psl_name(&self) -> Option<Cow<'a, str>> {
        if self.kind() != HostKind::RegName || self.as_str().is_empty() {
            return None;
        }
        let name = percent::decode(self.as_str()).to_str().ok()?;
        Some(if name.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(name.to_ascii_lowercase())
        } else {
            name
        })
    }

    /// The host's public suffix (the `com` of `a.example.com`, the `co.uk`
    /// of `a.example.co.uk`), by the public suffix list compiled in (see
    /// the [module](crate::public_suffix) notes on the snapshot). A name whose last
    /// label is not on the list gets that label (the list's `*` default
    /// rule). The host is percent-decoded and lower-cased first; names are
    /// matched as they are, so an internationalized name should be in the
    /// form the list has (U-labels; `Host::to_unicode`, with the `idna`
    /// feature, gives them). `None` for an IP host, an empty host, or a
    /// name that does not decode to UTF-8.
    ///
    /// ```
    /// use urikit::Uri;
    /// let suffix = |s| Uri::parse(s).unwrap().host().unwrap().public_suffix().map(|c| c.into_owned());
    /// assert_eq!(suffix("http://a.Example.CO.UK/").as_deref(), Some("co.uk"));
    /// assert_eq!(suffix("http://h.invalidtld/").as_deref(), Some("invalidtld"));
    /// assert_eq!(suffix("http://10.1.2.3/"), None);
    /// ```
    pub fn public_suffix(&self) -> Option<Cow<'a, str>> {
        on_name(self.psl_name()?, suffix)
    }

    /// The host's registrable domain: its public suffix and one more label
    /// (`example.co.uk` for `a.b.example.co.uk`), by the list compiled in.
    /// `None` when the host is itself a public suffix, and as for
    /// [`Host::public_suffix`].
    ///
    /// ```
    /// use urikit::Uri;
    /// let domain = |s| Uri::parse(s).unwrap().host().unwrap().registrable_domain().map(|c| c.into_owned());
    /// assert_eq!(domain("http://a.b.example.co.uk/").as_deref(), Some("example.co.uk"));
    /// assert_eq!(domain("http://co.uk/"), None);
    /// ```
    pub fn registrable_domain(&self) -> Option<Cow<'a, str>> {
        on_name(self.psl_name()?, registrable_domain)
    }
}

/// Apply a lookup that returns a slice of the name it is given, keeping the
/// slice borrowed when the name was.
fn on_name<'a>(name: Cow<'a, str>, f: impl Fn(&str) -> Option<&str>) -> Option<Cow<'a, str>> {
    match name {
        Cow::Borrowed(n) => f(n).map(Cow::Borrowed),
        Cow::Owned(n) => f(&n).map(|x| Cow::Owned(x.to_owned())),
    }
}

/// The public suffix of a name (`co.uk` for `a.example.co.uk`), a slice of
/// it, as the `psl` crate's `suffix_str` gives it: the name is matched as
/// it is (lower case it first; internationalized labels as U-labels), a
/// trailing dot is kept out of the answer, and a name whose last label is
/// on no rule gets that label. `None` for the empty name.
///
/// ```
/// use urikit::public_suffix::suffix;
/// assert_eq!(suffix("a.example.co.uk"), Some("co.uk"));
/// assert_eq!(suffix("www.ck"), Some("ck")); // the exception !www.ck
/// assert_eq!(suffix("a.b.ck"), Some("b.ck")); // the wildcard *.ck
/// assert_eq!(suffix("example.com."), Some("com"));
/// assert_eq!(suffix("h.invalidtld"), Some("invalidtld"));
/// assert_eq!(suffix(""), None);
/// ```
pub fn suffix(name: &str) -> Option<&str> {
    let (start, fqdn) = suffix_start(name)?;
    Some(&name[start..name.len() - usize::from(fqdn)])
}

/// The registrable domain of a name: its public suffix and one label more
/// (`example.co.uk` for `a.b.example.co.uk`), a slice of it, as the `psl`
/// crate's `domain_str` gives it. `None` when the name is a public suffix
/// itself, and as for [`suffix`].
///
/// ```
/// use urikit::public_suffix::registrable_domain;
/// assert_eq!(registrable_domain("a.b.example.co.uk"), Some("example.co.uk"));
/// assert_eq!(registrable_domain("Example.com."), Some("Example.com"));
/// assert_eq!(registrable_domain("co.uk"), None);
/// ```
pub fn registrable_domain(name: &str) -> Option<&str> {
    let (start, fqdn) = suffix_start(name)?;
    // The label before the suffix must exist: at least one byte and the
    // dot before the suffix (psl's own test; the label itself may be
    // empty, `a..com` gives `.com` as psl does).
    if start < 2 {
        return None;
    }
    let before = &name.as_bytes()[..start - 1];
    let label_start = before.iter().rposition(|&b| b == b'.').map_or(0, |i| i + 1);
    Some(&name[label_start..name.len() - usize::from(fqdn)])
}

/// Where the public suffix of `name` starts, and whether the name ends
/// with a dot (the suffix then ends before it). `None` when the lookup
/// finds no suffix at all (the empty name).
fn suffix_start(name: &str) -> Option<(usize, bool)> {
    let fqdn = name.ends_with('.');
    let body = if fqdn { &name[..name.len() - 1] } else { name };
    let len = match_len(body.as_bytes().rsplit(|&b| b == b'.'));
    // psl counts the trailing dot into the suffix: `.` alone has the
    // empty suffix, not none.
    let total = len + usize::from(fqdn);
    if total == 0 {
        return None;
    }
    Some((name.len() - total, fqdn))
}

/// The length in bytes of the public suffix of the labels, given right to
/// left: a walk down the trie, one hash lookup per label.
fn match_len<'a>(mut labels: impl Iterator<Item = &'a [u8]>) -> usize {
    let Some(tld) = labels.next() else {
        return 0;
    };
    // The top level: a listed label or not, the suffix is at least the
    // label (the default rule `*`).
    let Some(mut node) = child(ROOT, tld) else {
        return tld.len();
    };
    let mut acc = tld.len();
    let mut best = acc;
    for label in labels {
        match child(node, label) {
            Some(next) => {
                let flags = flags(next);
                if flags & EXCEPTION != 0 {
                    // `!label.parent`: the parent is the suffix.
                    return acc;
                }
                acc += 1 + label.len();
                if flags & RULE != 0 {
                    best = acc;
                }
                node = next;
            }
            // `*.parent` covers a label no rule names (and only then: a
            // named label that leads nowhere does not fall back to it).
            None if flags(node) & WILDCARD != 0 => return acc + 1 + label.len(),
            None => break,
        }
    }
    best
}

// The trie in `table.rs`: `NODES[i]` packs a node in a u64, bits 0-17 the
// offset of its label in `LABELS`, 18-25 the label's length, 26-28 the
// flags below, 32-47 the index of its parent. Node 0 is the root (no
// label; the top-level labels are its children). A child is found by
// hashing (parent, label) into `SLOTS`, an open-addressing table of node
// indices (0 for an empty slot, linear probing, a third full): about one
// probe a label, where a binary search among the root's 1,600 children
// took eleven comparisons and made the guard's `domains` check slower
// than psl's `match`.

/// The root node.
const ROOT: usize = 0;
/// The node's name is a rule.
const RULE: u64 = 1;
/// `*.` and the node's name is a rule.
const WILDCARD: u64 = 2;
/// `!` and the node's name is a rule.
const EXCEPTION: u64 = 4;

fn flags(node: usize) -> u64 {
    table::NODES.get(node).map_or(0, |n| (n >> 26) & 7)
}

fn label(n: u64) -> &'static [u8] {
    let start = (n & 0x3_ffff) as usize;
    let len = ((n >> 18) & 0xff) as usize;
    table::LABELS.get(start..start + len).unwrap_or_default()
}

/// The slot a (parent, label) pair hashes to first: FNV-1a over the
/// parent index and the label, then a multiply-xorshift mix (the test
/// that writes the tables has the same function).
fn slot(parent: usize, label: &[u8]) -> usize {
    let mut h: u32 = 0x811c_9dc5 ^ (parent as u32).wrapping_mul(0x9e37_79b1);
    for &b in label {
        h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
    }
    h ^= h >> 15;
    h = h.wrapping_mul(0x2c1b_3c6d);
    h ^= h >> 12;
    h as usize & (table::SLOTS.len() - 1)
}

/// The child of `node` whose label is `want`.
fn child(node: usize, want: &[u8]) -> Option<usize> {
    let mask = table::SLOTS.len() - 1;
    let mut i = slot(node, want);
    // Bounded: the table is never full, so an empty slot ends the probe
    // long before; the bound only makes the loop finite by construction.
    for _ in 0..table::SLOTS.len() {
        let c = usize::from(*table::SLOTS.get(i)?);
        if c == 0 {
            return None;
        }
        let n = *table::NODES.get(c)?;
        if (n >> 32) as usize & 0xffff == node && label(n) == want {
            return Some(c);
        }
        i = (i + 1) & mask;
    }
    None
}
