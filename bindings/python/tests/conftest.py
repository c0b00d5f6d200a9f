"""Where the repository's test data is (the committed corpus samples), and
``require``: an optional test dependency that may be missing on a
developer's machine (the test is skipped) but not under ``CI=true`` (the
test fails), as the Rust tests treat missing data."""

import importlib
import os
import pathlib
from types import ModuleType

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]
CORPUS = REPO / "dev" / "testdata" / "corpus"


@pytest.fixture
def corpus() -> pathlib.Path:
    return CORPUS


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def require(module: str) -> ModuleType:
    """``pytest.importorskip``, except under ``CI=true``, where a missing
    module fails the test."""
    if in_ci():
        try:
            return importlib.import_module(module)
        except ImportError as e:
            pytest.fail(f"{module} is required under CI=true: {e}")
    return pytest.importorskip(module)


def missing(reason: str) -> None:
    """Skip the test, or fail it under ``CI=true``."""
    if in_ci():
        pytest.fail(f"{reason} (required under CI=true)")
    pytest.skip(reason)
