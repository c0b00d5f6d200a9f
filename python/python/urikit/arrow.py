"""Arrow-native batch functions: the urikit-arrow kernels over whole columns.

Every function takes any Arrow array or chunked array through the Arrow
PyCapsule interface (``__arrow_c_array__`` / ``__arrow_c_stream__``):
pyarrow, Polars, DuckDB results, pandas Series (with ``ArrowDtype``), arro3,
nanoarrow. String columns may be ``string``, ``large_string`` or
``string_view``; a dictionary of strings is decoded first, a column of type
``null`` gives all nulls, and a column of any other type raises
``TypeError``. Data crosses by the C data interface, never through Python
objects, and the kernels run with the GIL released.

The result has the input's kind: a pyarrow input gives pyarrow, a Polars
Series gives a Polars Series, a pandas Series a pandas Series (ArrowDtype,
same index); anything else gives a ``urikit.arrow.Array`` or
``urikit.arrow.ChunkedArray``, which any Arrow library can import.

A null row, or a row that is not a valid URI reference, gives null: one bad
row never fails a batch (``parse`` says where and why a row failed).

>>> import pyarrow as pa
>>> import urikit.arrow
>>> urls = pa.array(['https://www.example.com/a?q=1', 'http://exa mple.com/', None])
>>> urikit.arrow.host(urls).to_pylist()
['www.example.com', None, None]
>>> urikit.arrow.resolve('http://a/b/c/d;p?q', pa.array(['../g', 'g?y'])).to_pylist()
['http://a/b/g', 'http://a/b/c/g?y']
"""

from typing import Any, Optional

from ._urikit import Array, ChunkedArray, arrow_kernel

__all__ = [
    "Array",
    "ChunkedArray",
    "parse",
    "is_valid",
    "scheme",
    "authority",
    "userinfo",
    "host",
    "port",
    "port_text",
    "path",
    "query",
    "fragment",
    "path_segments",
    "query_params",
    "query_param",
    "extract",
    "lint",
    "host_reversed",
    "surt",
    "public_suffix",
    "registrable_domain",
    "host_ascii",
    "host_unicode",
    "resolve",
    "relative",
    "normalize",
    "equivalent",
    "encode",
    "decode",
]


def _like(out: Any, x: Any) -> Any:
    """The kernel's output as the same kind of object as the input ``x``."""
    root = type(x).__module__.split(".")[0]
    if root == "pyarrow":
        import pyarrow as pa

        return pa.chunked_array(out) if isinstance(out, ChunkedArray) else pa.array(out)
    if root == "polars":
        import polars as pl

        return pl.Series(out).alias(x.name) if isinstance(x, pl.Series) else pl.Series(out)
    if root == "pandas":
        import pandas as pd
        import pyarrow as pa

        arr = pa.chunked_array(out) if isinstance(out, ChunkedArray) else pa.array(out)
        return pd.Series(pd.arrays.ArrowExtensionArray(arr), index=x.index, name=x.name)
    return out


def _column(a: Any, b: Any) -> Any:
    # The argument whose kind the result takes: the first that is not a str.
    return b if isinstance(a, str) else a


def _one(name: str, x: Any, option: Optional[str] = None) -> Any:
    return _like(arrow_kernel(name, x, None, option), x)


def _two(name: str, a: Any, b: Any, option: Optional[str] = None) -> Any:
    return _like(arrow_kernel(name, a, b, option), _column(a, b))


def parse(x: Any) -> Any:
    """Each row parsed into a struct of its components (null when absent)
    plus ``error`` and ``error_index`` for rows that are not URI references.

    >>> import pyarrow as pa
    >>> row = parse(pa.array(['http://u@h:8/p?q#f'])).to_pylist()[0]
    >>> row['scheme'], row['host'], row['port'], row['query']
    ('http', 'h', '8', 'q')
    """
    return _one("parse", x)


def is_valid(x: Any) -> Any:
    """Whether each row is a URI reference (null rows stay null).

    >>> import pyarrow as pa
    >>> is_valid(pa.array(['a:b', 'a b', None])).to_pylist()
    [True, False, None]
    """
    return _one("is_valid", x)


def scheme(x: Any) -> Any:
    """The scheme of each row.

    >>> import pyarrow as pa
    >>> scheme(pa.array(['HTTP://h/', '/rel'])).to_pylist()
    ['HTTP', None]
    """
    return _one("scheme", x)


def authority(x: Any) -> Any:
    """The authority of each row.

    >>> import pyarrow as pa
    >>> authority(pa.array(['http://u@h:1/', 'file:///x'])).to_pylist()
    ['u@h:1', '']
    """
    return _one("authority", x)


def userinfo(x: Any) -> Any:
    """The userinfo of each row.

    >>> import pyarrow as pa
    >>> userinfo(pa.array(['http://u:p@h/', 'http://h/'])).to_pylist()
    ['u:p', None]
    """
    return _one("userinfo", x)


def host(x: Any) -> Any:
    """The host of each row, as written.

    >>> import pyarrow as pa
    >>> host(pa.array(['http://[::1]:80/', 'mailto:a@b'])).to_pylist()
    ['[::1]', None]
    """
    return _one("host", x)


def port(x: Any) -> Any:
    """The port of each row as a number (uint16; null when absent, empty or
    past 65535).

    >>> import pyarrow as pa
    >>> port(pa.array(['http://h:8080/', 'http://h/'])).to_pylist()
    [8080, None]
    """
    return _one("port", x)


def port_text(x: Any) -> Any:
    """The port of each row as written.

    >>> import pyarrow as pa
    >>> port_text(pa.array(['http://h:/', 'http://h:080/'])).to_pylist()
    ['', '080']
    """
    return _one("port_text", x)


def path(x: Any) -> Any:
    """The path of each row.

    >>> import pyarrow as pa
    >>> path(pa.array(['http://h/a/b?q', 'x:'])).to_pylist()
    ['/a/b', '']
    """
    return _one("path", x)


def query(x: Any) -> Any:
    """The query of each row.

    >>> import pyarrow as pa
    >>> query(pa.array(['p?a=1', 'p?', 'p'])).to_pylist()
    ['a=1', '', None]
    """
    return _one("query", x)


def fragment(x: Any) -> Any:
    """The fragment of each row.

    >>> import pyarrow as pa
    >>> fragment(pa.array(['p#top', 'p'])).to_pylist()
    ['top', None]
    """
    return _one("fragment", x)


def path_segments(x: Any) -> Any:
    """The path segments of each row, decoded, as a list.

    >>> import pyarrow as pa
    >>> path_segments(pa.array(['http://h/a/b%20c'])).to_pylist()
    [['a', 'b c']]
    """
    return _one("path_segments", x)


def query_params(x: Any) -> Any:
    """The query parameters of each row, decoded, as a map.

    >>> import pyarrow as pa
    >>> query_params(pa.array(['p?a=1&b=x%20y'])).to_pylist()
    [[('a', '1'), ('b', 'x y')]]
    """
    return _one("query_params", x)


def query_param(x: Any, name: Any) -> Any:
    """The (first) value of query parameter ``name`` in each row, decoded.

    >>> import pyarrow as pa
    >>> query_param(pa.array(['p?a=1&b=2', 'p?b=3', 'p']), 'b').to_pylist()
    ['2', '3', None]
    """
    return _two("query_param", x, name)


def extract(x: Any) -> Any:
    """The URIs found in each row of text, as a list.

    >>> import pyarrow as pa
    >>> extract(pa.array(['see <http://a/> and "http://b/"'])).to_pylist()
    [['http://a/', 'http://b/']]
    """
    return _one("extract", x)


def lint(x: Any) -> Any:
    """The security finding kinds of each row, as a list.

    >>> import pyarrow as pa
    >>> lint(pa.array(['http://u:p@h/', 'https://example.com/'])).to_pylist()
    [['credentials'], []]
    """
    return _one("lint", x)


def host_reversed(x: Any) -> Any:
    """The host of each row with its labels reversed (``com.example.www``).

    >>> import pyarrow as pa
    >>> host_reversed(pa.array(['http://www.example.com/'])).to_pylist()
    ['com.example.www']
    """
    return _one("host_reversed", x)


def surt(x: Any) -> Any:
    """The SURT form of each row (Sort-friendly URI Reordering Transform).

    >>> import pyarrow as pa
    >>> surt(pa.array(['http://www.example.com/a?b'])).to_pylist()[0].startswith('com,example')
    True
    """
    return _one("surt", x)


def public_suffix(x: Any) -> Any:
    """The public suffix of each row's host (the compiled-in public suffix list).

    >>> import pyarrow as pa
    >>> public_suffix(pa.array(['http://a.b.example.co.uk/'])).to_pylist()
    ['co.uk']
    """
    return _one("public_suffix", x)


def registrable_domain(x: Any) -> Any:
    """The registrable domain of each row's host (public suffix plus one label).

    >>> import pyarrow as pa
    >>> registrable_domain(pa.array(['http://a.b.example.co.uk/'])).to_pylist()
    ['example.co.uk']
    """
    return _one("registrable_domain", x)


def host_ascii(x: Any) -> Any:
    """The host of each row in ASCII: a registered name by IDNA (UTS #46
    ToASCII, RFC 3987 3.1), after decoding percent-encoded UTF-8; an IP
    address as it is. Rows may be IRIs. Null for a row without a host and
    for a name IDNA rejects (``URI.host_ascii`` says why).

    >>> import pyarrow as pa
    >>> host_ascii(pa.array(['http://例え.jp/', 'http://r%C3%A9sum%C3%A9.example.org/', 'http://a.xn--a.example/'])).to_pylist()
    ['xn--r8jz45g.jp', 'xn--rsum-bpad.example.org', None]
    """
    return _one("host_ascii", x)


def host_unicode(x: Any) -> Any:
    """The host of each row with its A-labels shown as U-labels (UTS #46
    ToUnicode, RFC 3987 3.2.1). Null as for ``host_ascii``.

    >>> import pyarrow as pa
    >>> host_unicode(pa.array(['http://xn--r8jz45g.jp/', 'http://[::1]/'])).to_pylist()
    ['例え.jp', '[::1]']
    """
    return _one("host_unicode", x)


def resolve(base: Any, reference: Any) -> Any:
    """Each reference resolved against its base (either may be a ``str``).

    >>> import pyarrow as pa
    >>> resolve(pa.array(['http://a/b/c', 'http://x/']), '../g').to_pylist()
    ['http://a/g', 'http://x/g']
    """
    return _two("resolve", base, reference)


def relative(base: Any, target: Any) -> Any:
    """The shortest reference from each base to its target.

    >>> import pyarrow as pa
    >>> relative('http://a/b/c/d', pa.array(['http://a/b/x', 'http://z/'])).to_pylist()
    ['../x', '//z/']
    """
    return _two("relative", base, target)


def normalize(x: Any, level: str = "syntax") -> Any:
    """The normal form of each row (``level`` ``'syntax'`` or ``'scheme'``).

    >>> import pyarrow as pa
    >>> normalize(pa.array(['HTTP://A:80/%7e/./x']), level='scheme').to_pylist()
    ['http://a/~/x']
    """
    return _one("normalize", x, level)


def equivalent(a: Any, b: Any, level: str = "syntax") -> Any:
    """Whether each pair is equivalent at ``level`` (``'string'``,
    ``'syntax'``, ``'scheme'``).

    >>> import pyarrow as pa
    >>> equivalent(pa.array(['http://a/%7e', 'http://a/x']), 'http://a/~').to_pylist()
    [True, False]
    """
    return _two("equivalent", a, b, level)


def encode(x: Any, component: str) -> Any:
    """Each row percent-encoded for ``component``, one of the library's
    encode sets, the same names as ``urikit.encode`` and ``uri encode``:
    ``'userinfo'``, ``'host'``, ``'segment'``, ``'segment-nc'``, ``'path'``,
    ``'query'``, ``'query-pair'``, ``'fragment'``, ``'unreserved'``.

    >>> import pyarrow as pa
    >>> encode(pa.array(['a b/c']), 'segment').to_pylist()
    ['a%20b%2Fc']
    """
    return _one("encode", x, component)


def decode(x: Any) -> Any:
    """Each row percent-decoded (null when the result is not UTF-8).

    >>> import pyarrow as pa
    >>> decode(pa.array(['a%20b', '%FF'])).to_pylist()
    ['a b', None]
    """
    return _one("decode", x)
