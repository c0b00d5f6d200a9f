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

The submodules ``urikit.arrow``, ``urikit.compat``, ``urikit.guard`` (the SSRF
guard, with its httpx transport and requests adapter), ``urikit.jsonschema`` and
``urikit.polars`` load on first use (``import urikit`` alone does not import
them, nor pyarrow, nor Polars; with Polars already imported, it loads
``urikit.polars``, which registers Polars' ``uri`` expression namespace):

>>> urikit.compat.urljoin('http://a/b/c', '../d')
'http://a/d'
"""

import importlib
import sys
from typing import TYPE_CHECKING, Any, List

from ._urikit import (
    IRI,
    URI,
    Finding,
    IRIRef,
    JavaURI,
    Match,
    RFC2396Ref,
    URIError,
    URIRef,
    URITemplate,
    decode,
    encode,
    equivalent,
    extract,
    from_file_path,
    lint,
    make_relative,
    normalize,
    parse,
    repair,
    resolve,
    to_file_path,
    validate,
    views,
)
from ._urikit import __version__ as __version__

if TYPE_CHECKING:
    from . import arrow as arrow
    from . import compat as compat
    from . import guard as guard
    from . import jsonschema as jsonschema
    from . import polars as polars

# The submodules loaded lazily by ``__getattr__`` (PEP 562).
_SUBMODULES = ("arrow", "compat", "guard", "jsonschema", "polars")


def __getattr__(name: str) -> Any:
    if name in _SUBMODULES:
        # import_module binds the submodule as an attribute of this package,
        # so this runs once per submodule.
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# `import polars as pl, urikit` then `pl.col("u").uri.host()`: the namespace
# is there without a second import. Polars is not imported here when the
# program has not imported it (it takes a while).
if "polars" in sys.modules:
    importlib.import_module(f"{__name__}.polars")


def __dir__() -> List[str]:
    return sorted(set(globals()) | set(_SUBMODULES))


__all__ = [
    "IRI",
    "IRIRef",
    "URI",
    "URIRef",
    "RFC2396Ref",
    "JavaURI",
    "URITemplate",
    "URIError",
    "Finding",
    "Match",
    "parse",
    "resolve",
    "make_relative",
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
    "views",
]
