//! hyper-util: a connector (`tower_service::Service<Uri>`) that checks the
//! URI and resolves through the guard.
//!
//! [`GuardConnector`] checks each URI with [`Guard::check`] (scheme, port,
//! host rules, IP hosts), then connects with hyper-util's `HttpConnector`
//! whose resolver is [`GuardResolver`]: one lookup, every address checked,
//! only checked addresses tried. hyper's client does not follow redirects;
//! check each `Location` with [`Guard::check_redirect`] before following it.
//!
//! ```no_run
//! # async fn f() -> Result<(), Box<dyn std::error::Error>> {
//! use hyper_util::client::legacy::Client;
//! use hyper_util::rt::TokioExecutor;
//! use urikit_guard::{Guard, hyper::GuardConnector};
//! let connector = GuardConnector::new(Guard::default());
//! let client: Client<_, String> = Client::builder(TokioExecutor::new()).build(connector);
//! let response = client.get("http://example.com/".parse()?).await?;
//! # Ok(()) }
//! ```

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll};

use http::Uri;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::connect::dns::Name;
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;
use tower_service::Service;

use crate::Guard;

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// A hyper-util resolver (`Service<Name>`) through the guard.
#[derive(Clone, Debug)]
pub struct GuardResolver {
    guard: Guard,
}

impl GuardResolver {
    /// The resolver of a guard.
    pub fn new(guard: Guard) -> GuardResolver {
        GuardResolver { guard }
    }
}

impl Service<Name> for GuardResolver {
    type Response = std::vec::IntoIter<SocketAddr>;
    type Error = io::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, io::Error>> + Send>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), io::Error>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, name: Name) -> Self::Future {
        let guard = self.guard.clone();
        let host = name.as_str().to_string();
        Box::pin(async move {
            let addrs = tokio::task::spawn_blocking(move || guard.resolve_host(&host, 0))
                .await
                .map_err(io::Error::other)?
                .map_err(|r| io::Error::new(io::ErrorKind::PermissionDenied, r))?;
            Ok(addrs.into_iter())
        })
    }
}

/// A connector that checks the URI, then connects only to checked
/// addresses.
#[derive(Clone, Debug)]
pub struct GuardConnector {
    guard: Guard,
    inner: HttpConnector<GuardResolver>,
}

impl GuardConnector {
    /// A connector over hyper-util's `HttpConnector` with the guard's
    /// resolver.
    pub fn new(guard: Guard) -> GuardConnector {
        let inner = HttpConnector::new_with_resolver(GuardResolver::new(guard.clone()));
        GuardConnector { guard, inner }
    }
}

impl Service<Uri> for GuardConnector {
    type Response = TokioIo<TcpStream>;
    type Error = BoxError;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, BoxError>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), BoxError>> {
        self.inner.poll_ready(cx).map_err(Into::into)
    }

    fn call(&mut self, uri: Uri) -> Self::Future {
        if let Err(refusal) = self.guard.check(&uri.to_string()) {
            return Box::pin(async move { Err(refusal.into()) });
        }
        let fut = self.inner.call(uri);
        Box::pin(async move { fut.await.map_err(Into::into) })
    }
}
