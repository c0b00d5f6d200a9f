//! The public suffix list's compiled form (src/public_suffix/*.bin):
//! this test is the compiler. It reads src/public_suffix/list.txt, builds
//! the trie and writes it as three binary files (labels, nodes, hash
//! slots) that src/public_suffix/table.rs includes; the committed files
//! must be exactly that (`URIKIT_BLESS=1 cargo test -p urikit
//! public_suffix` rewrites them).
//! The answers are compared with the `psl` crate's in urikit-guard's tests
//! (tests/it/public_suffix.rs there), which keeps psl out of this crate.

use std::collections::{BTreeMap, HashMap};

const RULE: u64 = 1;
const WILDCARD: u64 = 2;
const EXCEPTION: u64 = 4;

#[derive(Default)]
struct Node {
    flags: u64,
    children: BTreeMap<Vec<u8>, Node>,
}

/// The rules of list.txt (comment and blank lines left out).
fn rules(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .collect()
}

/// The rules, and each rule with a non-ASCII label once more in A-labels
/// (`公司.cn` and `xn--55qx5d.cn`): psl 2.1.247's matcher has both forms
/// (its code generator adds the second), the list's own tests ask for them
/// (`xn--85x722f.xn--55qx5d.cn`), and a host in a URI mostly has them.
fn with_a_labels(rules: &[&str]) -> Vec<String> {
    let mut all: Vec<String> = rules.iter().map(|r| r.to_string()).collect();
    for rule in rules.iter().filter(|r| !r.is_ascii()) {
        let (prefix, name) = match rule.strip_prefix('!') {
            Some(n) => ("!", n),
            None => rule.strip_prefix("*.").map_or(("", *rule), |n| ("*.", n)),
        };
        let labels: Vec<String> = name.split('.').map(a_label).collect();
        all.push(format!("{prefix}{}", labels.join(".")));
    }
    all
}

/// A label as an A-label (RFC 5891: `xn--` and the RFC 3492 Punycode of
/// the label), an ASCII label as it is. The list's U-labels are already
/// lower case and NFC, so no UTS #46 mapping is needed.
fn a_label(label: &str) -> String {
    if label.is_ascii() {
        return label.to_string();
    }
    const BASE: u32 = 36;
    const T_MIN: u32 = 1;
    const T_MAX: u32 = 26;
    let digit = |d: u32| {
        char::from(if d < 26 {
            b'a' + d as u8
        } else {
            b'0' + (d - 26) as u8
        })
    };
    let adapt = |delta: u32, points: u32, first: bool| {
        let mut delta = if first { delta / 700 } else { delta / 2 };
        delta += delta / points;
        let mut k = 0;
        while delta > ((BASE - T_MIN) * T_MAX) / 2 {
            delta /= BASE - T_MIN;
            k += BASE;
        }
        k + (BASE - T_MIN + 1) * delta / (delta + 38)
    };
    let code: Vec<u32> = label.chars().map(u32::from).collect();
    let mut out: String = label.chars().filter(char::is_ascii).collect();
    let basic = out.len() as u32;
    if basic > 0 {
        out.push('-');
    }
    let (mut n, mut delta, mut bias, mut handled) = (128u32, 0u32, 72u32, basic);
    while (handled as usize) < code.len() {
        let m = code.iter().copied().filter(|&c| c >= n).min().unwrap();
        delta += (m - n) * (handled + 1);
        n = m;
        for &c in &code {
            if c < n {
                delta += 1;
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = if k <= bias {
                        T_MIN
                    } else if k >= bias + T_MAX {
                        T_MAX
                    } else {
                        k - bias
                    };
                    if q < t {
                        break;
                    }
                    out.push(digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                out.push(digit(q));
                bias = adapt(delta, handled + 1, handled == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta += 1;
        n += 1;
    }
    format!("xn--{out}")
}

#[test]
fn a_labels_are_punycode() {
    // RFC 3492 7.1 (A) and (L), and two of the list's TLDs as IANA lists them.
    assert_eq!(a_label("ليهمابتكلموشعربي؟"), "xn--egbpdaj6bu4bxfgehfvwxn");
    assert_eq!(a_label("3年B組金八先生"), "xn--3B-ww4c5e180e575a65lsy2b");
    assert_eq!(a_label("公司"), "xn--55qx5d");
    assert_eq!(a_label("香港"), "xn--j6w193g");
}

fn trie(rules: &[String]) -> Node {
    let mut root = Node::default();
    for rule in rules {
        let (flag, name) = if let Some(n) = rule.strip_prefix('!') {
            (EXCEPTION, n)
        } else if let Some(n) = rule.strip_prefix("*.") {
            (WILDCARD, n)
        } else {
            (RULE, rule.as_str())
        };
        assert!(
            !name.contains('*') && !name.contains('!'),
            "rule {rule}: a wildcard or exception not at the start"
        );
        let mut node = &mut root;
        for label in name.rsplit('.') {
            assert!(!label.is_empty(), "rule {rule}: an empty label");
            node = node.children.entry(label.as_bytes().to_vec()).or_default();
        }
        node.flags |= flag;
    }
    root
}

/// The compiled tables for the rules (see the layout in
/// src/public_suffix/mod.rs): the labels, the nodes as little-endian u64s
/// and the hash table's slots as little-endian u16s, the three files
/// table.rs includes.
fn render(root: &Node) -> [Vec<u8>; 3] {
    // Breadth first: each node's children get consecutive indices.
    let mut order: Vec<(&[u8], &Node)> = vec![(&[], root)];
    let mut nodes = Vec::new();
    let mut labels = Vec::new();
    let mut offsets: HashMap<&[u8], usize> = HashMap::new();
    let mut parents = vec![0usize];
    let mut i = 0;
    while i < order.len() {
        let (label, node) = order[i];
        order.extend(node.children.iter().map(|(l, n)| (l.as_slice(), n)));
        let offset = *offsets.entry(label).or_insert_with(|| {
            labels.extend_from_slice(label);
            labels.len() - label.len()
        });
        assert!(
            offset < 1 << 18 && label.len() < 1 << 8,
            "label out of the packing"
        );
        assert!(order.len() < 1 << 16, "node index out of the packing");
        nodes.push(
            offset as u64
                | (label.len() as u64) << 18
                | node.flags << 26
                | (parents[i] as u64) << 32,
        );
        parents.resize(order.len(), i);
        i += 1;
    }
    // The hash table: every node but the root at its slot or the next free
    // one, in node order.
    let mut slots = vec![0u16; SLOTS];
    for (c, label) in order.iter().map(|(l, _)| *l).enumerate().skip(1) {
        let mut s = slot(parents[c], label);
        while slots[s] != 0 {
            s = (s + 1) % SLOTS;
        }
        slots[s] = c as u16;
    }
    [
        labels,
        nodes.iter().flat_map(|n| n.to_le_bytes()).collect(),
        slots.iter().flat_map(|n| n.to_le_bytes()).collect(),
    ]
}

/// The hash table's size: a power of two, about three times the nodes.
const SLOTS: usize = 1 << 15;

/// The first slot of (parent, label): the same function as
/// src/public_suffix/mod.rs's `slot`.
fn slot(parent: usize, label: &[u8]) -> usize {
    let mut h: u32 = 0x811c_9dc5 ^ (parent as u32).wrapping_mul(0x9e37_79b1);
    for &b in label {
        h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
    }
    h ^= h >> 15;
    h = h.wrapping_mul(0x2c1b_3c6d);
    h ^= h >> 12;
    h as usize & (SLOTS - 1)
}

#[test]
fn the_committed_table_is_the_list_compiled() {
    let dir = urikit_testdata::repo_root().join("crates/urikit/src/public_suffix");
    let list = std::fs::read_to_string(dir.join("list.txt")).unwrap();
    let rules = rules(&list);
    assert_eq!(
        rules.len(),
        10_397,
        "psl 2.1.247's rules.txt has 10,397 rules"
    );
    let want = render(&trie(&with_a_labels(&rules)));
    for (name, want) in ["labels.bin", "nodes.bin", "slots.bin"].iter().zip(want) {
        let path = dir.join(name);
        if std::env::var_os("URIKIT_BLESS").is_some() {
            std::fs::write(&path, &want).unwrap();
        }
        let have = std::fs::read(&path).unwrap_or_default();
        assert!(
            have == want,
            "src/public_suffix/{name} is not list.txt compiled (URIKIT_BLESS=1 cargo test -p urikit public_suffix rewrites it)"
        );
    }
}
