"""The guard as an httpx transport: every request checked, every connection made to a checked address.

httpx calls its transport once per request, and so once per redirect hop:
``GuardTransport.handle_request`` checks the URL of each (offline: scheme,
port, the host as httpx reads it, an IP host's address), and the
connection pool's network backend, when it opens a connection, looks the
host up once through the resolver, has the guard check the name and every
address, and connects to a checked address, never to the name (so DNS
rebinding cannot switch it). TLS still sends the name (SNI, certificate
check) and the ``Host`` header is the URL's.

A refusal raises ``urikit.guard.GuardError`` (not an ``httpx`` exception).
Proxies: a transport with ``proxy=`` is refused (the guard would check the
proxy's address, not the target's), and ``client()`` builds the
``httpx.Client`` with ``trust_env=False`` so that no ``HTTP_PROXY`` from
the environment mounts an unguarded transport beside this one; with an
``httpx.Client(transport=GuardTransport(...))`` of your own, pass
``trust_env=False`` too. ``client()`` also sets ``max_redirects`` from the
policy.

>>> from urikit.guard import Guard, GuardError, Policy
>>> from urikit.guard.httpx import client
>>> with client(Guard(Policy(), client='httpx')) as c:
...     try:
...         c.get('http://169.254.169.254/latest/meta-data/')
...     except GuardError as e:
...         print(e.reason, e.address)
denied-address 169.254.169.254
"""

from typing import Any, List, NoReturn, Optional, Union

import anyio.to_thread
import httpcore
import httpx

from . import Guard, Resolver, system_resolver
from ._share import guard_for

__all__ = ["AsyncGuardTransport", "GuardTransport", "async_client", "client"]

# The client whose reading of a URL the guard must use here.
_CLIENT = "httpx"


def _guard_for(guard: Optional[Guard]) -> Guard:
    return guard_for(guard, _CLIENT, "httpx")


def _no_proxy(kwargs: Any) -> None:
    for key in ("proxy", "uds"):
        if kwargs.get(key) is not None:
            raise ValueError(
                f"{key}=: the guard checks the address httpx connects to, and through a {key} that is not the target's"
            )


class _Checked:
    """What both network backends share: the guard, the resolver and the backend they wrap, the addresses a verdict
    allows, and the refusal of unix sockets."""

    def __init__(self, guard: Guard, resolver: Resolver, inner: Any) -> None:
        self._guard = guard
        self._resolver = resolver
        self._inner = inner

    @staticmethod
    def _allowed(verdict: Any) -> List[str]:
        verdict.raise_for_refusal()
        addresses: List[str] = verdict.addresses
        # An allowed verdict has at least one address.
        assert addresses
        return addresses

    @staticmethod
    def _no_unix() -> NoReturn:
        raise ValueError("a unix socket: the guard checks tcp connections only")


# A connection to one address failed: the next one is tried.
_CONNECT_ERRORS = (httpcore.ConnectError, httpcore.ConnectTimeout)


class _GuardBackend(_Checked, httpcore.NetworkBackend):
    """A network backend that connects only to addresses the guard checked."""

    _inner: httpcore.NetworkBackend

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: Optional[float] = None,
        local_address: Optional[str] = None,
        socket_options: Any = None,
    ) -> httpcore.NetworkStream:
        *first, last = self._allowed(self._guard.check_host(host, port, self._resolver))
        for ip in first:
            try:
                return self._inner.connect_tcp(ip, port, timeout, local_address, socket_options)
            except _CONNECT_ERRORS:
                pass
        return self._inner.connect_tcp(last, port, timeout, local_address, socket_options)

    def connect_unix_socket(
        self, path: str, timeout: Optional[float] = None, socket_options: Any = None
    ) -> httpcore.NetworkStream:
        self._no_unix()

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


class _AsyncGuardBackend(_Checked, httpcore.AsyncNetworkBackend):
    """The async backend: the lookup and the check run in a worker thread."""

    _inner: httpcore.AsyncNetworkBackend

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: Optional[float] = None,
        local_address: Optional[str] = None,
        socket_options: Any = None,
    ) -> httpcore.AsyncNetworkStream:
        verdict = await anyio.to_thread.run_sync(self._guard.check_host, host, port, self._resolver)
        *first, last = self._allowed(verdict)
        for ip in first:
            try:
                return await self._inner.connect_tcp(ip, port, timeout, local_address, socket_options)
            except _CONNECT_ERRORS:
                pass
        return await self._inner.connect_tcp(last, port, timeout, local_address, socket_options)

    async def connect_unix_socket(
        self, path: str, timeout: Optional[float] = None, socket_options: Any = None
    ) -> httpcore.AsyncNetworkStream:
        self._no_unix()

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)


def _install(pool: object, backend: Union[httpcore.NetworkBackend, httpcore.AsyncNetworkBackend]) -> None:
    # httpx.HTTPTransport takes no network backend: its pool (built without a
    # proxy, so an httpcore connection pool) gets ours. Checked, so that an
    # httpx release that builds its pool otherwise fails here, loudly, rather
    # than connecting unguarded.
    if not isinstance(pool, (httpcore.ConnectionPool, httpcore.AsyncConnectionPool)) or not hasattr(
        pool, "_network_backend"
    ):
        raise RuntimeError(
            f"urikit.guard: httpx built a {type(pool).__name__}, not the connection pool the guard expects"
        )
    pool._network_backend = backend


class GuardTransport(httpx.HTTPTransport):
    """An ``httpx.HTTPTransport`` that checks every request and connects only to checked addresses.

    ``guard`` must read as httpx (``Guard(policy, client='httpx')``, the
    default's); ``resolver`` is ``(host, port) -> addresses``
    (``system_resolver`` by default); other keyword arguments are
    ``httpx.HTTPTransport``'s (``verify``, ``limits``, ``retries``, ...), but
    ``proxy`` and ``uds``.

    >>> import httpx
    >>> from urikit.guard import Guard, Policy
    >>> t = GuardTransport(Guard(Policy(), client='httpx'))
    >>> with httpx.Client(transport=t, trust_env=False) as c:
    ...     c.get('http://0x7f.1/')
    Traceback (most recent call last):
    ...
    urikit.guard.GuardError: address denied: 127.0.0.1 is in 127.0.0.0/8 (loopback, RFC 1122) (denied-address, http://0x7f.1/)
    """

    def __init__(self, guard: Optional[Guard] = None, *, resolver: Resolver = system_resolver, **kwargs: Any) -> None:
        _no_proxy(kwargs)
        self.guard = _guard_for(guard)
        super().__init__(**kwargs)
        _install(self._pool, _GuardBackend(self.guard, resolver, httpcore.SyncBackend()))

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.guard.check(str(request.url)).raise_for_refusal()
        return super().handle_request(request)


class AsyncGuardTransport(httpx.AsyncHTTPTransport):
    """``GuardTransport`` for ``httpx.AsyncClient`` (asyncio or trio, through anyio).

    >>> import asyncio, httpx
    >>> async def main() -> str:
    ...     async with async_client() as c:
    ...         try:
    ...             await c.get('http://[::1]/')
    ...         except GuardError as e:
    ...             return e.reason
    ...     return 'fetched'
    >>> from urikit.guard import GuardError
    >>> asyncio.run(main())
    'denied-address'
    """

    def __init__(self, guard: Optional[Guard] = None, *, resolver: Resolver = system_resolver, **kwargs: Any) -> None:
        _no_proxy(kwargs)
        self.guard = _guard_for(guard)
        super().__init__(**kwargs)
        _install(self._pool, _AsyncGuardBackend(self.guard, resolver, httpcore.AnyIOBackend()))

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.guard.check(str(request.url)).raise_for_refusal()
        return await super().handle_async_request(request)


def client(guard: Optional[Guard] = None, *, resolver: Resolver = system_resolver, **kwargs: Any) -> httpx.Client:
    """An ``httpx.Client`` with a ``GuardTransport``, no proxy from the environment, and the policy's redirect limit.

    Other keyword arguments are ``httpx.Client``'s (``timeout``, ``headers``,
    ``follow_redirects``, ...).

    >>> from urikit.guard import Guard, Policy
    >>> c = client(Guard(Policy.from_text('max_redirects = 3'), client='httpx'))
    >>> c.max_redirects, c.trust_env
    (3, False)
    >>> c.close()
    """
    t = GuardTransport(guard, resolver=resolver)
    kwargs.setdefault("max_redirects", t.guard.policy.max_redirects)
    return httpx.Client(transport=t, trust_env=False, **kwargs)


def async_client(
    guard: Optional[Guard] = None, *, resolver: Resolver = system_resolver, **kwargs: Any
) -> httpx.AsyncClient:
    """``client()`` for asyncio and trio: an ``httpx.AsyncClient`` with an ``AsyncGuardTransport``."""
    t = AsyncGuardTransport(guard, resolver=resolver)
    kwargs.setdefault("max_redirects", t.guard.policy.max_redirects)
    return httpx.AsyncClient(transport=t, trust_env=False, **kwargs)
