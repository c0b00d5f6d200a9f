//! reqwest with the guard against servers on 127.0.0.x: every refused
//! case leaves the target with zero requests.

use crate::server::{self, guard};
use urikit_guard::reqwest::{Error, GuardedClient};

fn client() -> GuardedClient {
    GuardedClient::new(guard()).unwrap()
}

fn kind(e: &Error) -> &'static str {
    e.refusal().map_or("not a refusal", |r| r.kind.name())
}

#[tokio::test]
async fn refused_cases_never_reach_the_target() {
    let target = server::target();
    let public = server::public();
    let c = client();
    let mut urls = server::refused(target.addr);
    let t = target.addr.port();
    let p = public.addr;
    // Redirects from the public server into the target.
    for to in [
        format!("http://127.0.0.1:{t}/"),
        format!("http://target.test:{t}/"),
        format!("http://0x7f.1:{t}/"),
        format!("http://localhost:{t}/"),
    ] {
        let kind = if to.contains("localhost") {
            "denied-host"
        } else {
            "denied-address"
        };
        urls.push((format!("http://{p}/to/{to}"), kind));
    }
    for (url, want) in &urls {
        let e = c.get(url).await.expect_err(url);
        assert_eq!(kind(&e), *want, "{url}: {e}");
    }
    assert_eq!(target.hits(), 0);
    // The public server saw the four redirecting requests.
    assert_eq!(public.hits(), 4);
}

#[tokio::test]
async fn public_is_reached() {
    let public = server::public();
    let c = client();
    let p = public.addr.port();
    for url in [
        format!("http://127.0.0.2:{p}/"),
        format!("http://public.test:{p}/"),
    ] {
        let r = c.get(&url).await.unwrap();
        assert_eq!(r.text().await.unwrap(), "public");
    }
    assert_eq!(public.hits(), 2);
}

#[tokio::test]
async fn rebinding_resolver_goes_to_the_checked_address() {
    let target = server::target();
    let public = server::public();
    let c = client();
    // The rebinding name answers 127.0.0.2 (allowed) first, 127.0.0.1
    // after: the connection uses the one checked lookup. Both servers
    // listen on the same port number only by chance, so the target is
    // addressed by its own port: a connection to 127.0.0.1 would show.
    let p = public.addr.port();
    let r = c.get(&format!("http://rebind.test:{p}/")).await.unwrap();
    assert_eq!(r.text().await.unwrap(), "public");
    // A new connection looks the name up again: 127.0.0.1 now, refused.
    let t = target.addr.port();
    let e = c
        .get(&format!("http://rebind.test:{t}/"))
        .await
        .unwrap_err();
    assert_eq!(kind(&e), "denied-address");
    assert_eq!(target.hits(), 0);
}

#[tokio::test]
async fn hop_limit() {
    let public = server::public();
    let c = client();
    let p = public.addr;
    // max_redirects is 3 in the test policy.
    let r = c.get(&format!("http://{p}/loop/3")).await.unwrap();
    assert_eq!(r.text().await.unwrap(), "end");
    let e = c.get(&format!("http://{p}/loop/4")).await.unwrap_err();
    assert_eq!(kind(&e), "too-many-redirects");
}

#[tokio::test]
async fn control_an_unguarded_client_reaches_the_target() {
    // Without the guard the same URLs reach the target: the zero counts
    // above are the guard's doing, not a server that never answers.
    let target = server::target();
    let plain = reqwest::Client::builder().no_proxy().build().unwrap();
    let t = target.addr.port();
    for url in [
        format!("http://127.0.0.1:{t}/"),
        format!("http://0x7f.1:{t}/"),
        format!("http://[::ffff:127.0.0.1]:{t}/"),
    ] {
        // The IPv4-mapped form may fail on a host without dual-stack
        // sockets; the two IPv4 forms must arrive.
        let _ = plain.get(&url).send().await;
    }
    assert!(target.hits() >= 2, "{}", target.hits());
}
