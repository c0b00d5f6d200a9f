//! Resolving names once and checking every address (no second lookup, so
//! DNS rebinding cannot change where the client connects).

use std::io;
use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
use std::sync::Arc;

/// Looks a host name up. Injectable: tests, caches and other resolvers
/// implement it; [`SystemResolver`] is the system's `getaddrinfo`.
///
/// ```
/// use std::net::IpAddr;
/// use urikit_guard::Resolver;
/// struct Fixed;
/// impl Resolver for Fixed {
///     fn resolve(&self, _host: &str, _port: u16) -> std::io::Result<Vec<IpAddr>> {
///         Ok(vec!["93.184.215.14".parse().unwrap()])
///     }
/// }
/// assert_eq!(Fixed.resolve("example.com", 80).unwrap().len(), 1);
/// ```
pub trait Resolver: Send + Sync {
    /// Every address of `host` (a name, never an IP literal: the guard
    /// reads those itself). `port` is for resolvers that want it.
    fn resolve(&self, host: &str, port: u16) -> io::Result<Vec<IpAddr>>;
}

impl<R: Resolver + ?Sized> Resolver for Arc<R> {
    fn resolve(&self, host: &str, port: u16) -> io::Result<Vec<IpAddr>> {
        (**self).resolve(host, port)
    }
}

/// The system resolver: `getaddrinfo` through the standard library's
/// `ToSocketAddrs` (blocking; the async integrations run it on tokio's
/// blocking pool).
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemResolver;

impl Resolver for SystemResolver {
    fn resolve(&self, host: &str, port: u16) -> io::Result<Vec<IpAddr>> {
        Ok((host, port).to_socket_addrs()?.map(|a| a.ip()).collect())
    }
}

/// A resolver that never looks anything up: every name fails (the CLI's
/// offline mode, and tests that must not touch the network).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoResolver;

impl Resolver for NoResolver {
    fn resolve(&self, host: &str, _port: u16) -> io::Result<Vec<IpAddr>> {
        Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("no resolver: `{host}` not looked up"),
        ))
    }
}

/// A URL that passed the guard, with the addresses the client may connect
/// to (empty from the offline [`Guard::check`](crate::Guard::check) for a
/// name; the one address for an IP host).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The scheme, lower case.
    pub scheme: String,
    /// The host as the client read it (brackets removed from IPv6).
    pub host: String,
    /// The port (the scheme's default when the URL has none).
    pub port: u16,
    /// The checked addresses, with the port: connect to these only.
    pub addresses: Vec<SocketAddr>,
}
