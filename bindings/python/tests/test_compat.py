"""The README's table of differences from urllib.parse, row by row, plus
the cases where the two agree (RFC 3986 5.4 examples through urljoin)."""

import ast
import pathlib
import re
import sys
import urllib.parse

import pytest
import urikit
from urikit.compat import urljoin, urlsplit

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"
ROW = re.compile(r"^\| `(url(?:join|split)\(.*\))` \| `(.*)` \| `(.*)` \| (.+) \|$")
# The urllib.parse column was measured with this Python.
MEASURED_WITH = (3, 11)


def _rows():
    rows = [ROW.match(line) for line in README.read_text(encoding="utf-8").splitlines()]
    return [m.groups() for m in rows if m]


ROWS = _rows()


def _call(module, call):
    name, args = call.split("(", 1)
    fn = getattr(module, name)
    return fn(*ast.literal_eval("(" + args[:-1] + ",)"))


def _outcome(module, call):
    try:
        r = _call(module, call)
    except urikit.URIError:
        return "URIError"
    except ValueError:
        return "ValueError"
    return tuple(r) if isinstance(r, tuple) else r


def _expected(cell):
    return cell if cell in ("URIError", "ValueError") else ast.literal_eval(cell)


def test_table_is_read():
    assert len(ROWS) >= 30
    assert {c.split("(")[0] for c, *_ in ROWS} == {"urljoin", "urlsplit"}


@pytest.mark.parametrize("call,theirs,ours,why", ROWS, ids=[r[0] for r in ROWS])
def test_difference(call, theirs, ours, why):
    assert _outcome(urikit.compat, call) == _expected(ours)
    if sys.version_info[:2] == MEASURED_WITH:
        assert _outcome(urllib.parse, call) == _expected(theirs)
    # A row is a difference.
    assert _outcome(urllib.parse, call) != _outcome(urikit.compat, call)
    assert why.strip()


RFC_BASE = "http://a/b/c/d;p?q"
AGREE = ["g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "../g", "../..", "../../../g", "/./g", "g;x=1/../y"]


@pytest.mark.parametrize("ref", AGREE)
def test_agrees_with_urllib_on_rfc_examples(ref):
    assert urljoin(RFC_BASE, ref) == urllib.parse.urljoin(RFC_BASE, ref) == str(urikit.resolve(RFC_BASE, ref))


def test_urlsplit_returns_split_result():
    r = urlsplit("HTTP://user@host:8042/over/there?name=ferret#nose")
    assert isinstance(r, urllib.parse.SplitResult)
    assert r == ("http", "user@host:8042", "/over/there", "name=ferret", "nose")
    assert (r.hostname, r.port, r.username) == ("host", 8042, "user")
    assert r.geturl() == "http://user@host:8042/over/there?name=ferret#nose"


def test_urljoin_empty_base():
    assert urljoin("", "a/b") == "a/b"
    with pytest.raises(urikit.URIError):
        urljoin("", "a b")
