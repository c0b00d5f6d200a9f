"""The guard as a requests adapter: every request checked, every connection made to a checked address.

requests calls its adapter's ``send`` once per request, and so once per
redirect hop: ``GuardAdapter.send`` checks the URL as urllib3 reads it
(offline: scheme, port, host, an IP host's address), and the urllib3
connections it makes, when they open a socket, look the host up once
through the resolver, have the guard check the name and every address,
and connect to a checked address, never to the name (so DNS rebinding
cannot switch it). TLS still sends the name (SNI, certificate check) and
the ``Host`` header is the URL's.

A refusal raises ``urikit.guard.GuardError`` (not a ``requests``
exception). Proxies: a request that requests would send through a proxy is
refused with ``ValueError`` (the guard would check the proxy's address, not
the target's); ``session()`` builds a ``requests.Session`` with
``trust_env=False`` (no ``HTTP_PROXY`` from the environment), the adapter
mounted for ``http://`` and ``https://``, and the policy's redirect limit.

>>> from urikit.guard import Guard, GuardError, Policy
>>> from urikit.guard.requests import session
>>> with session(Guard(Policy(), client='urllib3')) as s:
...     try:
...         s.get('http://metadata.google.internal./computeMetadata/v1/')
...     except GuardError as e:
...         print(e.reason, e.host)
denied-host metadata.google.internal.
"""

import socket
from typing import Any, Dict, Mapping, Optional, Tuple, Type, Union

import requests
from requests.adapters import HTTPAdapter
from requests.utils import select_proxy
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
from urllib3.exceptions import ConnectTimeoutError, NewConnectionError
from urllib3.util import connection

from . import Guard, Resolver, system_resolver
from ._share import guard_for

__all__ = ["GuardAdapter", "session"]

# The client whose reading of a URL the guard must use here.
_CLIENT = "urllib3"


def _guard_for(guard: Optional[Guard]) -> Guard:
    return guard_for(guard, _CLIENT, "requests (urllib3)")


class _GuardedConnection(HTTPConnection):
    """``_new_conn`` through the guard: one lookup, every address checked, a checked address connected to."""

    _urikit_guard: Guard
    _urikit_resolver: Resolver

    def _new_conn(self) -> socket.socket:
        verdict = self._urikit_guard.check_host(self._dns_host, self.port, self._urikit_resolver)
        verdict.raise_for_refusal()
        last: Optional[OSError] = None
        for ip in verdict.addresses:
            try:
                return connection.create_connection(
                    (ip, self.port),
                    self.timeout,
                    source_address=self.source_address,
                    socket_options=self.socket_options,
                )
            except socket.timeout as e:
                raise ConnectTimeoutError(
                    self, f"connection to {self.host} ({ip}) timed out (connect timeout={self.timeout})"
                ) from e
            except OSError as e:
                last = e
        raise NewConnectionError(self, f"failed to establish a new connection: {last}") from last


class _GuardedHTTPSConnection(_GuardedConnection, HTTPSConnection):
    pass


def _classes(guard: Guard, resolver: Resolver) -> Dict[str, Type[HTTPConnectionPool]]:
    # The guard and resolver ride on classes made for this adapter: urllib3
    # builds each connection from its pool's ``ConnectionCls`` alone.
    attrs: Dict[str, Any] = {"_urikit_guard": guard, "_urikit_resolver": staticmethod(resolver)}
    http = type("GuardedHTTPConnection", (_GuardedConnection,), attrs)
    https = type("GuardedHTTPSConnection", (_GuardedHTTPSConnection,), attrs)
    return {
        "http": type("GuardedHTTPConnectionPool", (HTTPConnectionPool,), {"ConnectionCls": http}),
        "https": type("GuardedHTTPSConnectionPool", (HTTPSConnectionPool,), {"ConnectionCls": https}),
    }


class GuardAdapter(HTTPAdapter):
    """A ``requests`` ``HTTPAdapter`` that checks every request and connects only to checked addresses.

    ``guard`` must read as urllib3 (``Guard(policy, client='urllib3')``, the
    default's); ``resolver`` is ``(host, port) -> addresses``
    (``system_resolver`` by default); other keyword arguments are
    ``HTTPAdapter``'s. Mount it for ``http://`` and ``https://`` (or use
    ``session()``).

    >>> import requests
    >>> from urikit.guard import Guard, Policy
    >>> s = requests.Session()
    >>> s.trust_env = False
    >>> s.mount('http://', GuardAdapter(Guard(Policy(), client='urllib3')))
    >>> s.get('http://0177.0.0.1/')
    Traceback (most recent call last):
    ...
    urikit.guard.GuardError: address denied: 127.0.0.1 is in 127.0.0.0/8 (loopback, RFC 1122) (denied-address, http://0177.0.0.1/)
    >>> s.close()
    """

    def __init__(self, guard: Optional[Guard] = None, *, resolver: Resolver = system_resolver, **kwargs: Any) -> None:
        # Set before HTTPAdapter.__init__, which calls init_poolmanager.
        self.guard = _guard_for(guard)
        self.resolver = resolver
        super().__init__(**kwargs)

    def init_poolmanager(self, connections: int, maxsize: int, block: bool = False, **pool_kwargs: Any) -> None:
        super().init_poolmanager(connections, maxsize, block, **pool_kwargs)
        self.poolmanager.pool_classes_by_scheme = _classes(self.guard, self.resolver)

    def __getstate__(self) -> Dict[str, Any]:
        # A pickled adapter loses its guard (a native object): refuse.
        raise TypeError("a GuardAdapter cannot be pickled")

    def send(
        self,
        request: requests.PreparedRequest,
        stream: bool = False,
        timeout: Union[None, float, Tuple[float, float], Tuple[float, None]] = None,
        verify: Union[bool, str] = True,
        cert: Union[None, bytes, str, Tuple[Union[bytes, str], Union[bytes, str]]] = None,
        proxies: Optional[Mapping[str, str]] = None,
    ) -> requests.Response:
        url = request.url or ""
        if select_proxy(url, dict(proxies or {})):
            raise ValueError(
                "a proxy: the guard checks the address requests connects to, and through a proxy that is not "
                "the target's (set session.trust_env = False and pass no proxies)"
            )
        self.guard.check(url).raise_for_refusal()
        return super().send(request, stream=stream, timeout=timeout, verify=verify, cert=cert, proxies=proxies)


def session(guard: Optional[Guard] = None, *, resolver: Resolver = system_resolver) -> requests.Session:
    """A ``requests.Session`` with a ``GuardAdapter`` for http and https, no proxy from the environment, and the policy's redirect limit.

    >>> from urikit.guard import Guard, Policy
    >>> s = session(Guard(Policy.from_text('max_redirects = 3'), client='urllib3'))
    >>> s.max_redirects, s.trust_env
    (3, False)
    >>> s.close()
    """
    adapter = GuardAdapter(guard, resolver=resolver)
    s = requests.Session()
    s.trust_env = False
    s.max_redirects = adapter.guard.policy.max_redirects
    s.mount("http://", adapter)
    s.mount("https://", adapter)
    return s
