//! Buffers that a trap cannot lock. The module keeps its buffers in
//! thread-locals; a `RefCell` there stays borrowed for good when a call
//! traps (a WebAssembly trap, an out-of-memory abort or a panic under
//! `panic = "abort"`, unwinds nothing, so no guard is dropped), and every
//! later call that borrows it panics: one failed call disabled the batch
//! forms until the process restarted. A `Slot` lends its value out by
//! taking it, and puts it back after: a call that never returns leaves an
//! empty value behind (its buffer stays allocated, lost), never a lock.

use std::cell::Cell;

/// A value lent out by value for the length of a call.
pub struct Slot<T: Default>(Cell<T>);

impl<T: Default> Slot<T> {
    /// A slot holding `v`.
    pub const fn new(v: T) -> Slot<T> {
        Slot(Cell::new(v))
    }

    /// Run `f` on the value. A nested `with` of the same slot would see
    /// the default value (the module nests none).
    pub fn with<R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        let mut v = self.0.take();
        let r = f(&mut v);
        self.0.set(v);
        r
    }
}

#[cfg(test)]
mod tests {
    use super::Slot;

    #[test]
    fn a_call_that_never_returns_leaves_the_slot_usable() {
        let s = Slot::new(vec![1u8, 2, 3]);
        assert_eq!(s.with(|v| v.len()), 3);
        // A call that stops half way (as a trap does: here a panic caught
        // by the test's unwinding, which a trap does not do either).
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            s.with(|v| {
                v.push(4);
                panic!("stopped half way")
            })
        }));
        assert!(r.is_err());
        // The next call gets an empty buffer, not a lock.
        assert_eq!(s.with(|v| v.len()), 0);
        s.with(|v| v.push(9));
        assert_eq!(s.with(|v| v.clone()), [9]);
    }
}
