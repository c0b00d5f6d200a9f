//! reqwest: a resolver through the guard, a redirect policy that checks
//! every hop, and a client that checks each URL before its request.
//!
//! reqwest asks its resolver only for names: a URL with an IP host (after
//! the WHATWG parser has mapped `0x7f.1` and the other number forms)
//! connects without a lookup. So [`GuardedClient`] checks every URL with
//! [`Guard::check`] before the request, the resolver ([`GuardResolve`])
//! checks every address of every name, and the redirect policy
//! ([`redirect_policy`]) checks every hop and the hop limit. The builder
//! turns the system proxy off ([`client_builder`]): through a proxy the
//! client connects to the proxy, and the guard could check only the URL.
//!
//! ```no_run
//! # async fn f() -> Result<(), urikit_guard::reqwest::Error> {
//! use urikit_guard::{Guard, reqwest::GuardedClient};
//! let client = GuardedClient::new(Guard::default())?;
//! let body = client.get("https://example.com/").await?.text().await?;
//! # Ok(()) }
//! ```

use std::error::Error as StdError;
use std::sync::Arc;

use reqwest::dns::{Addrs, Name, Resolve, Resolving};

use crate::{Guard, Refusal};

/// A `reqwest::dns::Resolve` that resolves through the guard: one lookup,
/// every address checked, only checked addresses returned.
#[derive(Clone, Debug)]
pub struct GuardResolve {
    guard: Guard,
}

impl GuardResolve {
    /// The resolver of a guard.
    pub fn new(guard: Guard) -> GuardResolve {
        GuardResolve { guard }
    }
}

impl Resolve for GuardResolve {
    fn resolve(&self, name: Name) -> Resolving {
        let guard = self.guard.clone();
        let host = name.as_str().to_string();
        Box::pin(async move {
            // The resolver may block (getaddrinfo): off the async threads.
            let addrs = tokio::task::spawn_blocking(move || guard.resolve_host(&host, 0)).await??;
            Ok(Box::new(addrs.into_iter()) as Addrs)
        })
    }
}

/// A redirect policy: each hop past the policy's `max_redirects` is
/// refused, and each hop's URL is checked offline (its name's addresses
/// are checked by the resolver when reqwest connects).
pub fn redirect_policy(guard: Guard) -> reqwest::redirect::Policy {
    reqwest::redirect::Policy::custom(move |attempt| {
        let hop = attempt.previous().len();
        match guard.check_redirect(attempt.url().as_str(), hop) {
            Ok(_) => attempt.follow(),
            Err(refusal) => attempt.error(refusal),
        }
    })
}

/// A `ClientBuilder` with the guard's resolver and redirect policy, and no
/// proxy. Use [`GuardedClient`] to have each URL checked before its
/// request too (a URL with an IP host never reaches the resolver).
pub fn client_builder(guard: &Guard) -> reqwest::ClientBuilder {
    reqwest::Client::builder()
        .dns_resolver(Arc::new(GuardResolve::new(guard.clone())))
        .redirect(redirect_policy(guard.clone()))
        .no_proxy()
}

/// A refusal or a reqwest error.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// The guard refused the request (before it, at a lookup or at a
    /// redirect).
    Refused(Refusal),
    /// Any other error of reqwest.
    Http(reqwest::Error),
}

impl core::fmt::Display for Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Error::Refused(r) => write!(f, "request refused: {r}"),
            Error::Http(e) => write!(f, "{e}"),
        }
    }
}

impl StdError for Error {
    fn source(&self) -> Option<&(dyn StdError + 'static)> {
        match self {
            Error::Refused(r) => Some(r),
            Error::Http(e) => Some(e),
        }
    }
}

impl Error {
    /// The refusal, if the guard refused.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            Error::Refused(r) => Some(r),
            Error::Http(_) => None,
        }
    }
}

impl From<reqwest::Error> for Error {
    /// A reqwest error whose cause is a refusal (from the resolver or the
    /// redirect policy) becomes [`Error::Refused`].
    fn from(e: reqwest::Error) -> Error {
        match crate::refusal_in(&e) {
            Some(r) => Error::Refused(r.clone()),
            None => Error::Http(e),
        }
    }
}

/// A reqwest client with the guard at each step: the URL checked before
/// the request, the guard's resolver, the redirect policy, no proxy.
#[derive(Clone, Debug)]
pub struct GuardedClient {
    client: reqwest::Client,
    guard: Guard,
}

impl GuardedClient {
    /// A client built by [`client_builder`].
    pub fn new(guard: Guard) -> Result<GuardedClient, Error> {
        let client = client_builder(&guard).build()?;
        Ok(GuardedClient { client, guard })
    }

    /// A client built from [`client_builder`] with settings of your own
    /// (timeouts, headers). A client built otherwise connects to what its
    /// own resolver returns: build it from `client_builder`.
    pub fn from_builder(
        builder: reqwest::ClientBuilder,
        guard: Guard,
    ) -> Result<GuardedClient, Error> {
        Ok(GuardedClient {
            client: builder.build()?,
            guard,
        })
    }

    /// `GET url`, checked.
    pub async fn get(&self, url: &str) -> Result<reqwest::Response, Error> {
        self.guard.check(url).map_err(Error::Refused)?;
        Ok(self.client.get(url).send().await?)
    }

    /// Send a request built with [`client`](GuardedClient::client), checked.
    pub async fn execute(&self, request: reqwest::Request) -> Result<reqwest::Response, Error> {
        self.guard
            .check(request.url().as_str())
            .map_err(Error::Refused)?;
        Ok(self.client.execute(request).await?)
    }

    /// The inner client, to build requests (send them with
    /// [`execute`](GuardedClient::execute)).
    pub fn client(&self) -> &reqwest::Client {
        &self.client
    }
}
