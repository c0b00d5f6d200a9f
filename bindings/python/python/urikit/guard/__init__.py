"""An SSRF guard: URLs read as the HTTP client reads them, every address checked where the client connects.

A thin face over the Rust crate ``urikit-guard`` (docs/guard.md): the policy,
the client readings, the ranges and every decision are the crate's. Python
adds only the lookups (``system_resolver``, or a resolver of your own) and
the integrations, which connect only to an address the guard checked:

- ``urikit.guard.httpx``: ``GuardTransport`` and ``AsyncGuardTransport``
  (and ``client()`` / ``async_client()``);
- ``urikit.guard.requests``: ``GuardAdapter`` (and ``session()``).

>>> from urikit.guard import Guard, Policy
>>> g = Guard(Policy(), client='httpx')
>>> g.check('http://2130706433/').reason
'denied-address'
>>> v = g.check('http://[::ffff:10.0.0.1]/')
>>> v.allowed, v.host, v.addresses
(False, '::ffff:10.0.0.1', ['::ffff:10.0.0.1'])
>>> 'too-many-redirects' in REASONS, 'urllib3' in CLIENTS, PRESETS
(True, True, ('public', 'private', 'allow-list'))
"""

import socket
from typing import Callable, List, Sequence

from .._urikit import GUARD_CLIENTS as CLIENTS
from .._urikit import GUARD_PRESETS as PRESETS
from .._urikit import GUARD_REASONS as REASONS
from .._urikit import Guard, GuardError, Policy, PolicyError, Verdict

#: A resolver: ``(host, port) -> addresses as text``, called once per
#: connection; raise (``OSError``) when the name does not resolve.
Resolver = Callable[[str, int], Sequence[str]]

__all__ = [
    "CLIENTS",
    "PRESETS",
    "REASONS",
    "Guard",
    "GuardError",
    "Policy",
    "PolicyError",
    "Resolver",
    "Verdict",
    "system_resolver",
]


def system_resolver(host: str, port: int) -> List[str]:
    """Every address ``getaddrinfo`` gives for ``host`` (TCP), in its order, without repeats.

    >>> system_resolver('127.0.0.1', 80)
    ['127.0.0.1']
    """
    out: List[str] = []
    for _family, _type, _proto, _canon, sockaddr in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM):
        ip = str(sockaddr[0])
        if ip not in out:
            out.append(ip)
    return out
