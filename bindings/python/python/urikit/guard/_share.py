"""What the guarded HTTP clients share (``urikit.guard.httpx``, ``urikit.guard.requests``)."""

from typing import Optional

from .._urikit import Guard, Policy


def guard_for(guard: Optional[Guard], client: str, library: str) -> Guard:
    """``guard``, or the default policy's guard, reading urls as ``client`` does.

    A guard that reads as another client would check another host than the
    one ``library`` connects to: refused.

    >>> guard_for(None, 'httpx', 'httpx').client
    'httpx'
    >>> guard_for(Guard(Policy(), client='whatwg'), 'httpx', 'httpx')
    Traceback (most recent call last):
    ...
    ValueError: the guard reads urls as 'whatwg', httpx as 'httpx': use Guard(policy, client='httpx')
    """
    if guard is None:
        return Guard(Policy(), client=client)
    if guard.client != client:
        raise ValueError(
            f"the guard reads urls as {guard.client!r}, {library} as {client!r}: use Guard(policy, client={client!r})"
        )
    return guard
