"""The ``arrow`` extra: ``pip install 'urikit[arrow]'`` brings pyarrow, and
without pyarrow ``urikit.arrow`` says so where it cannot go on (a kernel
given no Arrow column), naming the extra. A column of another Arrow
library (Polars) still needs no pyarrow.
"""

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def without_pyarrow(code: str) -> "subprocess.CompletedProcess[str]":
    # A None entry in sys.modules makes `import pyarrow` raise ImportError,
    # as in a venv where it is not installed.
    prelude = "import sys\nsys.modules['pyarrow'] = None\n"
    return subprocess.run([sys.executable, "-c", prelude + code], capture_output=True, text=True)


def test_no_pyarrow_names_the_extra() -> None:
    out = without_pyarrow(
        "import urikit.arrow\n"
        "try:\n"
        "    urikit.arrow.host(['http://a/'])\n"
        "except ImportError as e:\n"
        "    print('ImportError:', e)\n"
    )
    assert out.returncode == 0, out.stderr
    assert "ImportError:" in out.stdout and "pip install 'urikit[arrow]'" in out.stdout, out.stdout


def test_with_pyarrow_a_list_is_still_a_type_error() -> None:
    pytest.importorskip("pyarrow")
    import urikit.arrow

    with pytest.raises(TypeError, match="expected an Arrow array"):
        urikit.arrow.host(["http://a/"])


def test_polars_needs_no_pyarrow() -> None:
    pytest.importorskip("polars")
    out = without_pyarrow(
        "import polars as pl, urikit.arrow\n"
        "print(urikit.arrow.host(pl.Series(['http://a/b', 'x y'])).to_list())\n"
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "['a', None]"


def test_the_extra_is_declared() -> None:
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    arrow = project["optional-dependencies"]["arrow"]
    assert len(arrow) == 1 and arrow[0].startswith("pyarrow>="), arrow
