//! One lookup, every address checked, redirect chains and the hop limit,
//! with injected resolvers (no network).

use std::io;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};

use urikit_guard::{Guard, Policy, RefusalKind, Resolver};

/// Public on the first lookup, 127.0.0.1 on every later one.
#[derive(Default)]
struct Rebind(AtomicUsize);

impl Resolver for Rebind {
    fn resolve(&self, _: &str, _: u16) -> io::Result<Vec<IpAddr>> {
        let first = self.0.fetch_add(1, Ordering::SeqCst) == 0;
        Ok(vec![
            if first { "93.184.215.14" } else { "127.0.0.1" }
                .parse()
                .unwrap(),
        ])
    }
}

#[test]
fn one_lookup_and_only_checked_addresses() {
    let g = Guard::default().with_resolver(Rebind::default());
    let c = g.check_addresses("http://rebind.example:8080/").unwrap();
    let want: Vec<std::net::SocketAddr> = vec!["93.184.215.14:8080".parse().unwrap()];
    assert_eq!(c.addresses, want);
    // A second check is a second lookup: refused, never 127.0.0.1.
    let r = g
        .check_addresses("http://rebind.example:8080/")
        .unwrap_err();
    assert_eq!(r.kind, RefusalKind::DeniedAddress);
    assert_eq!(r.address, Some("127.0.0.1".parse().unwrap()));
}

struct Answers(Vec<&'static str>);

impl Resolver for Answers {
    fn resolve(&self, _: &str, _: u16) -> io::Result<Vec<IpAddr>> {
        Ok(self.0.iter().map(|a| a.parse().unwrap()).collect())
    }
}

#[test]
fn every_address_is_checked() {
    for answers in [
        vec!["93.184.215.14", "127.0.0.1"],
        vec!["2606:4700::1111", "::ffff:10.0.0.1"],
        vec!["93.184.215.14", "169.254.169.254"],
        vec!["93.184.215.14", "64:ff9b::7f00:1"],
    ] {
        let g = Guard::default().with_resolver(Answers(answers.clone()));
        let r = g.check_addresses("https://multi.example/").unwrap_err();
        assert_eq!(r.kind, RefusalKind::DeniedAddress, "{answers:?}");
        assert_eq!(r.address, Some(answers[1].parse().unwrap()));
    }
    let g = Guard::default().with_resolver(Answers(vec![]));
    assert_eq!(
        g.check_addresses("https://none.example/").unwrap_err().kind,
        RefusalKind::ResolveFailed
    );
    let g = Guard::default().with_resolver(urikit_guard::NoResolver);
    assert_eq!(
        g.check_addresses("https://x.example/").unwrap_err().kind,
        RefusalKind::ResolveFailed
    );
}

#[test]
fn redirect_chain_into_private_space_and_hop_limit() {
    let policy = Policy::from_toml("max_redirects = 2\n").unwrap();
    let g = Guard::new(policy, Default::default());
    let chain = [
        "https://a.example/",
        "https://b.example/r",
        "http://192.168.0.1/admin",
    ];
    assert!(g.check(chain[0]).is_ok());
    assert!(g.check_redirect(chain[1], 1).is_ok());
    assert_eq!(
        g.check_redirect(chain[2], 2).unwrap_err().kind,
        RefusalKind::DeniedAddress
    );
    assert_eq!(
        g.check_redirect(chain[1], 3).unwrap_err().kind,
        RefusalKind::TooManyRedirects
    );
}
