//! Allocation counts, measured with a counting global allocator (this test
//! binary's own): parsing allocates nothing; resolution and normalization
//! allocate at most once.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is forwarded unchanged to the system allocator; the
// counter is a thread-local Cell that never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc(layout) }
    }
    // Forwarded too, not left to the default (alloc, then write zeros): the
    // system's calloc maps zero pages lazily, so the length-limit tests'
    // 4 GiB zeroed buffers cost nothing instead of seconds of page faults.
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded with the caller's pointer and layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded with the caller's arguments.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// How many allocations (and reallocations) `f` makes on this thread.
pub(crate) fn allocations<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let before = ALLOCATIONS.with(Cell::get);
    let out = f();
    (ALLOCATIONS.with(Cell::get) - before, out)
}

const INPUTS: &[&str] = &[
    "foo://example.com:8042/over/there?name=ferret#nose",
    "https://user:pw@example.com/search?q=%E6%B5%8B%E8%AF%95#fragment",
    "http://[2001:db8::7]/c=GB?objectClass?one",
    "http://[v7.x:y]:80/",
    "http://192.0.2.16/a/../b/./c",
    "../g;x?y#s",
    "",
    "mailto:fred@example.com",
    "http://a b/", // invalid: the error path must not allocate either
    "http://[::1/",
    "1a:b",
];

#[test]
fn parsing_allocates_nothing() {
    for s in INPUTS {
        let (n, r) = allocations(|| urikit::UriRef::parse(s).map(|r| r.path().len()));
        assert_eq!(n, 0, "UriRef::parse({s:?}) allocated {n} times ({r:?})");
        let (n, _) = allocations(|| urikit::Uri::parse(s).is_ok());
        assert_eq!(n, 0, "Uri::parse({s:?}) allocated {n} times");
        let (n, _) = allocations(|| urikit::UriRef::parse_bytes(s.as_bytes()).is_ok());
        assert_eq!(n, 0, "UriRef::parse_bytes({s:?}) allocated {n} times");
        let (n, _) = allocations(|| urikit::validate(urikit::Rule::UriReference, s).is_ok());
        assert_eq!(n, 0, "validate({s:?}) allocated {n} times");
        let (n, _) = allocations(|| urikit::split(s).path.len());
        assert_eq!(n, 0, "split({s:?}) allocated {n} times");
    }
}

#[test]
fn the_counter_counts() {
    // Guard against a counter that never moves.
    let (n, v) = allocations(|| vec![1u8; 100]);
    assert_eq!(n, 1);
    assert_eq!(v.len(), 100);
}

const MESSY: &[&str] = &[
    "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
    "HTTP://User@Example.COM:/%7Euser/./a/../b?Q=%2f#F%3a",
    "http://a/b/c/./../../g",
    "http://[2001:DB8::7]/%2e%2E/x",
    "s:/a/..//b",
    "../A/%7E/./b",
    "file://localhost/etc/hosts",
];

#[test]
fn normalization_allocates_at_most_once() {
    for s in MESSY.iter().chain(INPUTS) {
        let Ok(r) = urikit::UriRef::parse(s) else {
            continue;
        };
        let (n, out) = allocations(|| r.normalize().as_str().len());
        assert!(n <= 1, "normalize({s:?}) allocated {n} times ({out})");
        let (n, _) = allocations(|| r.is_normalized());
        assert_eq!(n, 0, "is_normalized({s:?}) allocated {n} times");
        let scheme = urikit::normalize::Normalizer::new(urikit::normalize::Level::Scheme);
        let (n, _) = allocations(|| scheme.normalize(&r).unwrap().as_str().len());
        assert!(n <= 1, "scheme-based normalize({s:?}) allocated {n} times");
    }
}

#[test]
fn normal_input_is_borrowed_without_allocating() {
    for s in [
        "http://example.com/a/b?q#f",
        "foo://example.com:8042/over/there?name=ferret#nose",
        "../g",
    ] {
        let r = urikit::UriRef::parse(s).unwrap();
        let (n, borrowed) = allocations(|| r.normalize().is_borrowed());
        assert_eq!(n, 0, "normalize({s:?}) allocated");
        assert!(borrowed, "{s:?} should be normal already");
    }
}
