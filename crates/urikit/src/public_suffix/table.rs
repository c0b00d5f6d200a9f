//! The public suffix list as a trie (the layout is in mod.rs), from three
//! binary files that `crates/urikit/tests/it/public_suffix.rs` compiles
//! from list.txt (`URIKIT_BLESS=1 cargo test -p urikit public_suffix`
//! rewrites them; the test fails when they are not list.txt compiled).
//! Binary rather than generated Rust source: 200 KB of array literals
//! made a 4,500-line file that no one reads; decoding happens at compile
//! time, so the statics are the same typed arrays as before.

/// Every node's label, side by side (a label that comes again is stored once).
pub(super) static LABELS: &[u8] = include_bytes!("labels.bin");

const NODE_BYTES: &[u8] = include_bytes!("nodes.bin");
const SLOT_BYTES: &[u8] = include_bytes!("slots.bin");

/// The nodes, node 0 the root.
pub(super) static NODES: [u64; NODE_BYTES.len() / 8] = nodes();

/// (parent, label) hashed to the node (0: empty); a power of two long.
pub(super) static SLOTS: [u16; SLOT_BYTES.len() / 2] = slots();

const fn nodes() -> [u64; NODE_BYTES.len() / 8] {
    let mut out = [0u64; NODE_BYTES.len() / 8];
    let mut i = 0;
    while i < out.len() {
        let b = NODE_BYTES;
        let j = i * 8;
        out[i] = u64::from_le_bytes([
            b[j],
            b[j + 1],
            b[j + 2],
            b[j + 3],
            b[j + 4],
            b[j + 5],
            b[j + 6],
            b[j + 7],
        ]);
        i += 1;
    }
    out
}

const fn slots() -> [u16; SLOT_BYTES.len() / 2] {
    let mut out = [0u16; SLOT_BYTES.len() / 2];
    let mut i = 0;
    while i < out.len() {
        out[i] = u16::from_le_bytes([SLOT_BYTES[2 * i], SLOT_BYTES[2 * i + 1]]);
        i += 1;
    }
    out
}

// A truncated file would silently drop its last node or slot; a hash
// table whose length is not a power of two would break `slot`'s mask.
const _: () = assert!(NODE_BYTES.len().is_multiple_of(8) && SLOT_BYTES.len().is_multiple_of(2));
const _: () = assert!(SLOT_BYTES.len() / 2 > 0 && (SLOT_BYTES.len() / 2).is_power_of_two());
