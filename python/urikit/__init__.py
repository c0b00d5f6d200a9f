"""Exact RFC 3986 URIs at native speed: a thin layer over the urikit Rust library.

>>> import urikit
>>> u = urikit.URI('http://a/b/c/d;p?q')
>>> u.host, u.path, u.query
('a', '/b/c/d;p', 'q')
>>> u.resolve('../g')
URI('http://a/b/g')
>>> urikit.equivalent('HTTP://a:80/%7e', 'http://a/~', level='scheme')
True

IRIs (RFC 3987) and IDNA are not in this version of the library, so this
package does not offer them yet (see README.md).
"""

from ._urikit import (
    URI,
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
    resolve,
    to_file_path,
    validate,
)

__all__ = [
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
]
