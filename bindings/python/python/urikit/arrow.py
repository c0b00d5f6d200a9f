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

The functions are made from urikit-arrow's table of kernels, the one the
SQL functions of urikit-datafusion are made from: each has the kernel's
name (SQL adds ``uri_`` to urikit's own; Spark's ``parse_url``,
``try_parse_url``, ``url_encode``, ``url_decode`` and ``try_url_decode``
keep Spark's), arguments, description and example. ``KERNELS`` lists their
names. ``parse_url`` runs in Spark's ANSI mode (an invalid URL raises
``ValueError`` with Spark's ``INVALID_URL`` message); ``try_parse_url``
gives null instead.

The examples use pyarrow, which the package's ``arrow`` extra installs
(``pip install 'urikit[arrow]'``); without it, a kernel given no Arrow column
raises ``ImportError`` saying so.

>>> import pyarrow as pa
>>> import urikit.arrow
>>> urls = pa.array(['https://www.example.com/a?q=1', 'http://exa mple.com/', None])
>>> urikit.arrow.host(urls).to_pylist()
['www.example.com', None, None]
>>> urikit.arrow.resolve('http://a/b/c/d;p?q', pa.array(['../g', 'g?y'])).to_pylist()
['http://a/b/g', 'http://a/b/c/g?y']
"""

import inspect
from typing import Any, Callable, Dict, List, Tuple

from ._urikit import ARROW_KERNELS, Array, ChunkedArray, arrow_kernel

#: The names of the kernels, in the table's order: the functions below.
KERNELS: Tuple[str, ...] = tuple(k["name"] for k in ARROW_KERNELS)

__all__ = ["Array", "ChunkedArray", "KERNELS", *KERNELS]


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


#: What to run when there is no pyarrow: the package's ``arrow`` extra.
_INSTALL = "pip install 'urikit[arrow]'"


def _need_arrow(values: List[Any]) -> None:
    """``ImportError`` naming the ``arrow`` extra when no argument is an Arrow
    object or a ``str`` and pyarrow is not installed: a list or a NumPy array
    there means the caller has no Arrow library to make a column with. With
    pyarrow, or with a column of another Arrow library (Polars needs no
    pyarrow), the kernel runs or says what it takes."""
    if all(isinstance(v, str) or hasattr(v, "__arrow_c_array__") or hasattr(v, "__arrow_c_stream__") for v in values):
        return
    try:
        import pyarrow  # noqa: F401
    except ImportError as e:
        raise ImportError(
            f"urikit.arrow takes Arrow arrays (pyarrow, Polars, ...), and pyarrow is not installed: {_INSTALL}"
        ) from e


def _docstring(k: Dict[str, Any]) -> str:
    """A kernel's docstring: its description, arguments and example."""
    lines = [k["description"], "", "Arguments:", ""]
    for p in k["params"]:
        note = " A constant." if p["constant"] else ""
        if p["optional"] and p["default"] is None:
            note += " Optional."
        lines.append(f"- ``{p['name']}``: {p['description']}{note}")
    first, *rest = k["example"]["args"]
    call = ", ".join([f"pa.array([{first!r}])", *(repr(a) for a in rest)])
    lines += [
        "",
        f"SQL: ``{k['sql_name']}``.",
        "",
        ">>> import pyarrow as pa",
        f">>> {k['name']}({call}).to_pylist()",
        k["example"]["python"],
        "",
    ]
    return "\n".join(lines)


def _function(k: Dict[str, Any]) -> Callable[..., Any]:
    """The Python function of one kernel of the table."""
    name = k["name"]
    params = [
        inspect.Parameter(
            p["name"],
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            default=p["default"] if p["optional"] else inspect.Parameter.empty,
        )
        for p in k["params"]
    ]
    signature = inspect.Signature(params)
    optional = [p["optional"] for p in k["params"]]

    def kernel(*args: Any, **kwargs: Any) -> Any:
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        values: List[Any] = list(bound.arguments.values())
        # An optional argument without a default (parse_url's key) left out.
        while values and values[-1] is None and optional[len(values) - 1]:
            values.pop()
        _need_arrow(values)
        out = arrow_kernel(name, *values)
        # The result takes the kind of the first argument that is not a str.
        like = next((v for v in values if not isinstance(v, str)), values[0])
        return _like(out, like)

    kernel.__name__ = kernel.__qualname__ = name
    kernel.__module__ = __name__
    kernel.__doc__ = _docstring(k)
    setattr(kernel, "__signature__", signature)
    return kernel


for _k in ARROW_KERNELS:
    globals()[_k["name"]] = _function(_k)
del _k
