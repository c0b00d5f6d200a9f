"""The docstrings' examples, run as doctests.

pytest's ``--doctest-modules`` does not look inside a compiled extension, so
this walks the public API (functions, classes and their members) and runs
each docstring's examples with ``urikit`` in scope.
"""

import doctest
import importlib
import inspect

import pytest
import urikit
import urikit.arrow
import urikit.compat
import urikit.guard
import urikit.jsonschema


def _guard_modules():
    # The guard's integrations need httpx and requests (the `guard` extra).
    out = [urikit.guard]
    for name in ("httpx", "requests"):
        try:
            out.append(importlib.import_module(f"urikit.guard.{name}"))
        except ImportError:
            pass
    return out


def _docstrings():
    seen = set()
    for mod in (urikit, urikit.compat, urikit.jsonschema, urikit.arrow, *_guard_modules()):
        yield mod, mod.__name__, mod.__doc__ or ""
        for name in getattr(mod, "__all__", []):
            obj = getattr(mod, name)
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            yield mod, f"{mod.__name__}.{name}", obj.__doc__ or ""
            if inspect.isclass(obj):
                for attr, member in vars(obj).items():
                    if attr.startswith("_"):
                        continue
                    yield mod, f"{mod.__name__}.{name}.{attr}", getattr(member, "__doc__", None) or ""


CASES = [(mod, name, doc) for mod, name, doc in _docstrings() if ">>>" in doc]


def test_there_are_examples():
    # Every public function and class has at least one example.
    names = {n for _, n, _ in CASES}
    for name in urikit.__all__:
        assert f"urikit.{name}" in names, f"no example in the docstring of urikit.{name}"


@pytest.mark.parametrize("mod,name,doc", CASES, ids=[n for _, n, _ in CASES])
def test_docstring_examples(mod, name, doc):
    parser = doctest.DocTestParser()
    globs = dict(vars(mod), urikit=urikit)
    test = parser.get_doctest(doc, globs, name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out = []
    runner.run(test, out=out.append)
    assert runner.failures == 0, "".join(out)
    assert runner.tries > 0
