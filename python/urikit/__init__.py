"""Exact RFC 3986 URIs at native speed: a thin layer over the urikit Rust library.

>>> import urikit
>>> u = urikit.URI('http://a/b/c/d;p?q')
>>> u.host, u.path, u.query
('a', '/b/c/d;p', 'q')
>>> u.resolve('../g')
URI('http://a/b/g')
>>> urikit.equivalent('HTTP://a:80/%7e', 'http://a/~', level='scheme')
True

>>> urikit.IRI('http://example.org/Dürst').to_uri()
URI('http://example.org/D%C3%BCrst')

International host names map by IDNA (UTS #46):

>>> urikit.IRI('http://例え.jp/').to_uri(idna=True)
URI('http://xn--r8jz45g.jp/')
>>> urikit.URI('http://xn--r8jz45g.jp/').to_iri(idna=True)
IRI('http://例え.jp/')
"""

from ._urikit import (
    IRI,
    URI,
    IRIRef,
    Finding,
    Match,
    URIError,
    URIRef,
    URITemplate,
    decode,
    encode,
    equivalent,
    extract,
    from_file_path,
    lint,
    normalize,
    parse,
    relative,
    repair,
    resolve,
    to_file_path,
    validate,
)

__all__ = [
    "IRI",
    "IRIRef",
    "URI",
    "URIRef",
    "URITemplate",
    "URIError",
    "Finding",
    "Match",
    "parse",
    "resolve",
    "relative",
    "normalize",
    "equivalent",
    "encode",
    "decode",
    "extract",
    "lint",
    "validate",
    "from_file_path",
    "to_file_path",
    "repair",
]
