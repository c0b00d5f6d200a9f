"""The ``uri`` namespace of Polars expressions: urikit-arrow's kernels inside
Polars' lazy and streaming plans, as a Polars expression plugin.

Each kernel of ``urikit.arrow`` is a method of the same name, with the same
arguments after the first (the expression itself is the first) and the same
answers, NULL for NULL. Importing this module registers the namespace;
``import urikit`` registers it too when Polars is already imported.

>>> import polars as pl
>>> import urikit.polars
>>> df = pl.DataFrame({"u": ["http://www.example.com/a?q=1", "http://exa mple.com/", None]})
>>> df.select(pl.col("u").uri.host())["u"].to_list()
['www.example.com', None, None]
>>> lf = pl.LazyFrame({"u": ["HTTP://A.com/%7e"]})
>>> lf.select(pl.col("u").uri.normalize(level="scheme")).collect(engine="streaming")["u"].to_list()
['http://a.com/~']

A string argument is the same for every row; an expression argument is a
column (``pl.col("base").uri.resolve(pl.col("ref"))``). ``String`` and
``Categorical`` columns are read; a bad argument (an unknown level, an unknown
parser) raises Polars' ``ComputeError`` with urikit's message when the plan
runs.

The plugin is a shared library of its own in the package
(``_urikit_polars.so``), built by ``bash bindings/python/scripts/build-polars.sh``
before the wheel; without it the methods raise ``ImportError`` saying so.
"""

import inspect
import pathlib
import sys
from typing import Any, Callable, Dict, List, Optional, Tuple

import polars as pl
from polars.plugins import register_plugin_function

from ._urikit import ARROW_KERNELS

#: The names of the kernels, in the table's order: the namespace's methods.
KERNELS: Tuple[str, ...] = tuple(k["name"] for k in ARROW_KERNELS)

#: The plugin's shared library (present when the wheel was built with it).
PLUGIN: pathlib.Path = pathlib.Path(__file__).parent / (
    "_urikit_polars.pyd" if sys.platform == "win32" else "_urikit_polars.so"
)

#: How to build the plugin into the package.
_BUILD = "bash bindings/python/scripts/build-polars.sh, then build the wheel"

__all__ = ["KERNELS", "PLUGIN", "UriNamespace"]


@pl.api.register_expr_namespace("uri")
class UriNamespace:
    """``expr.uri``: one method per kernel of urikit-arrow's table."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr


def _call(name: str, params: List[Dict[str, Any]], expr: pl.Expr, values: List[Any]) -> pl.Expr:
    """The plugin call: the expression and every expression argument are its
    inputs; a ``str`` argument travels in the keyword arguments as a scalar."""
    if not PLUGIN.is_file():
        raise ImportError(f"urikit was built without its Polars plugin ({PLUGIN.name}): {_BUILD}")
    inputs: List[Any] = [expr]
    args: List[Optional[str]] = [None]
    for p, v in zip(params, values):
        if isinstance(v, str):
            args.append(v)
        elif p["constant"]:
            raise TypeError(f"{name}: the {p['name']} must be a str, not {type(v).__name__}")
        else:
            inputs.append(v)
            args.append(None)
    return register_plugin_function(
        plugin_path=PLUGIN,
        function_name="uri_kernel",
        args=inputs,
        kwargs={"kernel": name, "args": args},
        is_elementwise=True,
    )


def _method(k: Dict[str, Any]) -> Callable[..., pl.Expr]:
    """The method of one kernel: its arguments after the first."""
    name = k["name"]
    rest = k["params"][1:]
    params = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)] + [
        inspect.Parameter(
            p["name"],
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            default=p["default"] if p["optional"] else inspect.Parameter.empty,
        )
        for p in rest
    ]
    signature = inspect.Signature(params)

    def method(*args: Any, **kwargs: Any) -> pl.Expr:
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        self, *values = bound.arguments.values()
        # An optional argument without a default (parse_url's key, the
        # parsers of views) left out.
        while values and values[-1] is None and rest[len(values) - 1]["optional"]:
            values.pop()
        return _call(name, rest, self._expr, values)

    method.__name__ = name
    method.__qualname__ = f"UriNamespace.{name}"
    method.__module__ = __name__
    method.__doc__ = f"{k['description']}\n\nSQL: ``{k['sql_name']}``; Arrow: ``urikit.arrow.{name}``."
    setattr(method, "__signature__", signature)
    return method


for _k in ARROW_KERNELS:
    setattr(UriNamespace, _k["name"], _method(_k))
del _k
