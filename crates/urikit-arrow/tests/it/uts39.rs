//! `lint` with the `uts39` feature: `deceptive-host` for a Cyrillic
//! look-alike of an ASCII name (as an A-label, and percent-encoded) and for
//! a label mixing Latin and Cyrillic, nothing for a one-script label.

use arrow_array::cast::AsArray;
use arrow_array::{Array, StringArray};

#[test]
fn lint_reports_deceptive_hosts() {
    let rows = [
        // "аррӏе" (all Cyrillic), the A-label of a look-alike of "apple".
        "http://xn--80ak6aa92e.com/",
        // "pаypal" with a Cyrillic "а" (U+0430, UTF-8 D0 B0), percent-encoded.
        "http://p%D0%B0ypal.com/",
        // "münchen", one script.
        "http://xn--mnchen-3ya.de/",
    ];
    let a = StringArray::from(rows.to_vec());
    let l = urikit_arrow::lint(&a).unwrap();
    let l = l.as_list::<i32>();
    let names = |i: usize| -> Vec<String> {
        let v = l.value(i);
        v.as_string::<i32>()
            .iter()
            .map(|s| s.unwrap().to_string())
            .collect()
    };
    assert_eq!(names(0), ["deceptive-host"]);
    // The percent-encoded UTF-8 host is also non-ascii-host (3.2.2).
    let mut n1 = names(1);
    n1.sort();
    assert_eq!(n1, ["deceptive-host", "non-ascii-host"]);
    assert!(names(2).is_empty(), "{:?}", names(2));
    assert_eq!(l.len(), 3);
}
