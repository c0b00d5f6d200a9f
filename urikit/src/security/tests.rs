use super::*;

#[test]
fn inet_aton_forms() {
    let a = |s| inet_aton(s);
    assert_eq!(a("127.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
    assert_eq!(a("0177.0.0.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
    assert_eq!(a("0x7f.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
    assert_eq!(a("2130706433"), Some(Ipv4Addr::new(127, 0, 0, 1)));
    assert_eq!(a("0x7f000001"), Some(Ipv4Addr::new(127, 0, 0, 1)));
    assert_eq!(a("127.0.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
    assert_eq!(a("1.2.3.4."), Some(Ipv4Addr::new(1, 2, 3, 4)));
    assert_eq!(a("0"), Some(Ipv4Addr::new(0, 0, 0, 0)));
    assert_eq!(a("0x"), Some(Ipv4Addr::new(0, 0, 0, 0)));
    assert_eq!(a("4294967295"), Some(Ipv4Addr::BROADCAST));
    assert_eq!(a("4294967296"), None);
    assert_eq!(a("1.16777216"), None);
    assert_eq!(a("1.16777215"), Some(Ipv4Addr::new(1, 255, 255, 255)));
    assert_eq!(a("256.1"), None);
    assert_eq!(a("1.2.3.256"), None);
    assert_eq!(a("1.2.3.4.5"), None);
    assert_eq!(a("08"), None);
    assert_eq!(a("1..2"), None);
    assert_eq!(a(".1"), None);
    assert_eq!(a("1.2."), Some(Ipv4Addr::new(1, 0, 0, 2)));
    assert_eq!(a("1.2.."), None);
    assert_eq!(a("example.com"), None);
    assert_eq!(a("1e3"), None);
    assert_eq!(a(""), None);
    assert_eq!(a("%31%32%37.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
    assert_eq!(a("99999999999999999999"), None);
}

#[test]
fn utf8_checks() {
    assert!(utf8_valid("héllo €𝄞".bytes()));
    assert!(!utf8_valid([0xC0, 0x80].into_iter()));
    assert!(!utf8_valid([0xED, 0xA0, 0x80].into_iter()));
    assert!(!utf8_valid([0xE2, 0x82].into_iter()));
    assert!(!utf8_valid([0xF4, 0x90, 0x80, 0x80].into_iter()));
    assert!(!utf8_valid([0xFF].into_iter()));
}
