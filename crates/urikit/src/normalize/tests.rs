use super::*;

fn rds(s: &str) -> String {
    let mut out = String::from("prefix");
    crate::resolve::remove_dot_segments_into(s, &mut out);
    out.split_off(6)
}

// The examples of NOTES.md (published 5.2.4) and of 5.2.4 itself.
#[test]
fn remove_dot_segments_published_examples() {
    assert_eq!(rds("/a/b/c/./../../g"), "/a/g");
    assert_eq!(rds("mid/content=5/../6"), "mid/6");
    assert_eq!(rds("../g"), "g");
    assert_eq!(rds("/.."), "/");
    assert_eq!(rds("/."), "/");
    assert_eq!(rds(".."), "");
    assert_eq!(rds("a/../../b"), "/b");
    assert_eq!(rds("/a/..//b"), "//b");
}

#[test]
fn dot_segments_are_whole_segments() {
    for p in [
        ".", "..", "./a", "../a", "/.", "/..", "a/./b", "a/../b", "/a/.", "/a/..",
    ] {
        assert!(has_dot_segments(p), "{p}");
    }
    for p in [
        "", "a.", ".a", "..a", "/...", "/a./b", "/.a/", "a.b/c..", "/x/.../",
    ] {
        assert!(!has_dot_segments(p), "{p}");
    }
}

#[test]
fn pct_lowers_decoded_host_letters() {
    let mut out = Vec::new();
    let mut w = Writer {
        s: b"%41B%3a",
        run: 0,
        out: &mut out,
    };
    assert!(w.pct::<true, true>(0, 7));
    w.flush(7);
    assert_eq!(out, b"ab%3A");
}
