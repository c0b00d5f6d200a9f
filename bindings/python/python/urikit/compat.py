"""Drop-in, RFC 3986-correct versions of ``urllib.parse.urljoin`` and ``urlsplit``.

They take and return what ``urllib.parse`` does (``str``, ``SplitResult``),
but split and resolve by RFC 3986 through the urikit library, and reject
what is not a URI reference with ``urikit.URIError`` (a ``ValueError``)
instead of guessing. The README lists every case where they differ from
``urllib.parse`` and why.

>>> from urikit.compat import urljoin, urlsplit
>>> urljoin('foo://a/b/c', 'd')
'foo://a/b/d'
>>> urlsplit('http://u@a:8080/p?q#f')
SplitResult(scheme='http', netloc='u@a:8080', path='/p', query='q', fragment='f')
"""

from urllib.parse import SplitResult

from ._urikit import URIRef, resolve

__all__ = ["urljoin", "urlsplit"]


def urlsplit(url: str) -> SplitResult:
    """Split a URI reference into the five components of ``SplitResult``.

    Absent components are ``''``, as in ``urllib.parse`` (use ``urikit.URIRef``
    to tell absent from empty). The scheme is lower-cased, as ``urllib.parse``
    does and RFC 3986 3.1 makes canonical. Invalid input raises
    ``urikit.URIError``.

    >>> urlsplit('HTTP://example.com/a?b#c')
    SplitResult(scheme='http', netloc='example.com', path='/a', query='b', fragment='c')
    >>> urlsplit('//host/p').netloc
    'host'
    >>> urlsplit('http://exa mple.com/')
    Traceback (most recent call last):
    ...
    urikit.URIError: invalid character in host at index 10
    """
    r = URIRef(url)
    return SplitResult(
        (r.scheme or "").lower(),
        r.authority or "",
        r.path,
        r.query or "",
        r.fragment or "",
    )


def urljoin(base: str, url: str) -> str:
    """Resolve ``url`` against ``base`` by RFC 3986 section 5.2 (strict).

    As in ``urllib.parse``, an empty base returns ``url`` unchanged. The base
    must otherwise be a URI (with a scheme); invalid input raises
    ``urikit.URIError``.

    >>> urljoin('http://a/b/c/d;p?q', '../g')
    'http://a/b/g'
    >>> urljoin('http://a/b/c/d;p?q', 'http:g')
    'http:g'
    >>> urljoin('', 'x/y')
    'x/y'
    """
    if base == "":
        # urllib.parse returns the reference itself; it must still be one.
        return str(URIRef(url))
    return str(resolve(base, url))
