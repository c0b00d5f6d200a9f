//! hyper-util's client with the guard's connector against servers on
//! 127.0.0.x: every refused case leaves the target with zero requests.

use http_body_util::{BodyExt, Empty};
use hyper::body::Bytes;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use urikit_guard::hyper::GuardConnector;
use urikit_guard::refusal_in;

use crate::server::{self, guard};

type HyperClient = Client<GuardConnector, Empty<Bytes>>;

fn client() -> HyperClient {
    Client::builder(TokioExecutor::new()).build(GuardConnector::new(guard()))
}

async fn get(c: &HyperClient, url: &str) -> Result<(u16, String, Option<String>), String> {
    match c.get(url.parse().unwrap()).await {
        Ok(r) => {
            let status = r.status().as_u16();
            let location = r
                .headers()
                .get("location")
                .map(|l| l.to_str().unwrap().to_string());
            let body = r.into_body().collect().await.unwrap().to_bytes();
            Ok((
                status,
                String::from_utf8_lossy(&body).into_owned(),
                location,
            ))
        }
        Err(e) => Err(refusal_in(&e).map_or_else(
            || format!("not a refusal: {e:?}"),
            |r| r.kind.name().to_string(),
        )),
    }
}

#[tokio::test]
async fn refused_cases_never_reach_the_target() {
    let target = server::target();
    let c = client();
    for (url, want) in server::refused(target.addr) {
        // http::Uri does not take every form (it rejects none of these):
        // each must be refused by the connector.
        assert_eq!(get(&c, &url).await.unwrap_err(), want, "{url}");
    }
    assert_eq!(target.hits(), 0);
}

#[tokio::test]
async fn public_and_redirects_checked_by_hand() {
    let target = server::target();
    let public = server::public();
    let c = client();
    let (p, t) = (public.addr.port(), target.addr.port());
    let (status, body, _) = get(&c, &format!("http://public.test:{p}/")).await.unwrap();
    assert_eq!((status, body.as_str()), (200, "public"));
    // hyper follows no redirect: each Location goes through check_redirect.
    let g = guard();
    let (status, _, location) = get(
        &c,
        &format!("http://public.test:{p}/to/http://target.test:{t}/"),
    )
    .await
    .unwrap();
    assert_eq!(status, 302);
    let location = location.unwrap();
    assert!(
        g.check_redirect(&location, 1).is_ok(),
        "a name passes offline"
    );
    // ...and the connector's resolver refuses its address.
    assert_eq!(get(&c, &location).await.unwrap_err(), "denied-address");
    assert_eq!(target.hits(), 0);
}

#[tokio::test]
async fn rebinding_resolver_goes_to_the_checked_address() {
    let target = server::target();
    let public = server::public();
    let c = client();
    let (p, t) = (public.addr.port(), target.addr.port());
    let (_, body, _) = get(&c, &format!("http://rebind.test:{p}/")).await.unwrap();
    assert_eq!(body, "public");
    assert_eq!(
        get(&c, &format!("http://rebind.test:{t}/"))
            .await
            .unwrap_err(),
        "denied-address"
    );
    assert_eq!(target.hits(), 0);
}
