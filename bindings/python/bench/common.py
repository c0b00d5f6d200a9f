"""What the benchmark scripts here share: where the corpus is, the clock,
and the host pattern the regular-expression rows use (one copy, so every
table compares against the same expression)."""

import gc
import os
import pathlib
import time

REPO = pathlib.Path(__file__).resolve().parents[3]

# Scheme, "//", userinfo, then an IP literal or everything up to the port,
# path, query or fragment: the usual hand-written host extraction (it
# neither validates nor decodes, which is why its answers differ).
HOST_PATTERN = r"^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?(\[[^\]/?#]*\]|[^:/?#]*)"


def corpus_path(arg=""):
    """`arg` if given; else gsd-urls.txt from URIKIT_CORPUS or
    ../shared/corpus when there; else the committed sample."""
    if arg:
        return pathlib.Path(arg)
    for root in (os.environ.get("URIKIT_CORPUS"), REPO.parent / "shared" / "corpus"):
        if root and (pathlib.Path(root) / "gsd-urls.txt").exists():
            return pathlib.Path(root) / "gsd-urls.txt"
    return REPO / "dev" / "testdata" / "corpus" / "gsd-urls.txt"


def best(fn, repeat, *args):
    """The fastest of `repeat` runs of `fn(*args)` and the last answer,
    with the cyclic garbage collector off while timing (as `timeit` does):
    its passes depend on every object alive in the process, not on the
    call measured."""
    times = []
    out = None
    gc.disable()
    try:
        for _ in range(repeat):
            out = None
            t = time.perf_counter()
            out = fn(*args)
            times.append(time.perf_counter() - t)
    finally:
        gc.enable()
    return min(times), out
