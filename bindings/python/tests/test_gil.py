"""The Arrow kernels run with the GIL released: another Python thread makes
progress while a kernel runs.

A helper thread records time stamps in a loop (each needs the GIL). While the
main thread is inside a C call that holds the GIL, the helper cannot take a
single stamp; while the main thread is inside a call that releases it, the
helper keeps stamping. So the test counts the stamps taken well inside the
call (a margin of 50 ms on each side, against a switch interval of 1 ms, leaves
out the moments around the call when the interpreter may switch threads). Two
controls show the measure tells the cases apart: ``time.sleep`` (releases the
GIL) and ``sum(range(n))`` (a builtin C loop that holds it)."""

import sys
import threading
import time

import urikit.arrow as A
from conftest import CORPUS, require

MARGIN = 0.05
# Long enough for the margins to leave a wide window in the middle.
TARGET = 0.6


def stamps_inside(call):
    """The call's duration, and the helper's stamps inside it (margins cut)."""
    stamps = []
    stop = threading.Event()

    def spin():
        i = 0
        while not stop.is_set():
            i += 1
            # Every 16th: enough to see progress, few enough to keep memory small.
            if i % 16 == 0:
                stamps.append(time.perf_counter())

    old = sys.getswitchinterval()
    sys.setswitchinterval(0.001)
    helper = threading.Thread(target=spin, daemon=True)
    try:
        helper.start()
        while not stamps:
            time.sleep(0.001)
        t0 = time.perf_counter()
        call()
        t1 = time.perf_counter()
    finally:
        stop.set()
        helper.join()
        sys.setswitchinterval(old)
    inside = [s for s in stamps if t0 + MARGIN < s < t1 - MARGIN]
    return t1 - t0, inside


def assert_progress(duration, inside):
    window = duration - 2 * MARGIN
    assert window > 0.2, f"the call was too short to tell ({duration:.3f} s)"
    assert len(inside) >= 10, f"{len(inside)} stamps in a {window:.3f} s window"
    # The helper ran through the window, not only at one moment of it.
    assert max(inside) - min(inside) > window / 2, (min(inside), max(inside), window)


def sized(make, seconds):
    """``make(k)`` with k chosen so that a call takes about ``seconds``."""
    k = 1
    while True:
        t = time.perf_counter()
        make(k)()
        took = time.perf_counter() - t
        if took > seconds / 8 or k >= 1 << 16:
            return make(max(1, int(k * seconds / max(took, 1e-9))))
        k *= 4


def test_controls_tell_the_cases_apart():
    duration, inside = stamps_inside(lambda: time.sleep(TARGET))
    assert_progress(duration, inside)
    if getattr(sys, "_is_gil_enabled", lambda: True)():
        call = sized(lambda k: (lambda: sum(range(k * 100_000))), TARGET)
        duration, inside = stamps_inside(call)
        assert duration > 2 * MARGIN + 0.2
        assert inside == [], f"{len(inside)} stamps while sum() held the GIL"


def test_arrow_host_releases_the_gil():
    pa = require("pyarrow")
    lines = (CORPUS / "gsd-urls.txt").read_text(encoding="utf-8").splitlines()
    chunk = pa.array(lines)
    # The sample repeated k times (a few hundred thousand rows and more), as
    # chunks of one array (no copies): one kernel call over all of them.
    call = sized(lambda k: (lambda: A.host(pa.chunked_array([chunk] * k))), TARGET)
    duration, inside = stamps_inside(call)
    assert_progress(duration, inside)
