"""Where the repository's test data is: the committed corpus samples."""

import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
CORPUS = REPO / "testdata" / "corpus"


@pytest.fixture
def corpus() -> pathlib.Path:
    return CORPUS
