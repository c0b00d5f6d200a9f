"""Every ``URIError.kind`` is a name the library defines (its error kinds'
``NAMES``, exported as ``urikit._urikit.ERROR_KINDS``) or one of the few
this layer defines for its own arguments (``"python"``): Python keeps no
list of error names of its own to drift from the core's, and this test
fails when a raise site invents one."""

from typing import Callable, List

import pytest
import urikit
from urikit import URIError, URITemplate
from urikit._urikit import ERROR_KINDS

ALL = {name for names in ERROR_KINDS.values() for name in names}


def test_the_lists_are_the_librarys():
    # A few names of each list, as the library's documentation gives them.
    assert "invalid-character" in ERROR_KINDS["ErrorKind"]
    assert "base-not-uri" in ERROR_KINDS["ResolveErrorKind"]
    assert "illegal-character-in-path" in ERROR_KINDS["JavaErrorKind"]
    assert "invalid-port" in ERROR_KINDS["RepairErrorKind"]
    assert "uri-too-long" in ERROR_KINDS["MatchErrorKind"]
    # The layer's own names are not the library's.
    own = set(ERROR_KINDS["python"])
    library = {n for k, names in ERROR_KINDS.items() if k != "python" for n in names}
    assert own.isdisjoint(library), own & library


FAILING: List[Callable[[], object]] = [
    lambda: urikit.URI("http://a b/"),
    lambda: urikit.URI("//a"),
    lambda: urikit.URIRef("%zz"),
    lambda: urikit.IRI("http://a/\u0000"),
    lambda: urikit.parse("http://[::1/"),
    lambda: urikit.parse("a:", profile="rfc2396"),
    lambda: urikit.parse("http://h/a b", profile="java"),
    lambda: urikit.parse("http://[::1::2]/", profile="java"),
    lambda: urikit.parse("x", profile="nope"),
    lambda: urikit.resolve("/relative", "g"),
    lambda: urikit.resolve("http://a/", "g h"),
    lambda: urikit.make_relative("http://a/b", "http://a/x/../y"),
    lambda: urikit.normalize("http://a/", level="nope"),
    lambda: urikit.URI("http://h:65536/").port,
    lambda: urikit.parse("\ud800"),
    lambda: urikit.validate("x", "no-such-rule"),
    lambda: urikit.to_file_path("http://a/b"),
    lambda: urikit.from_file_path("relative/path"),
    lambda: URITemplate("{a"),
    lambda: URITemplate("{a}{a}").match("/x"),
    lambda: urikit.repair("http://a:b:c/"),
    lambda: urikit.repair("http://[::1/"),
]


@pytest.mark.parametrize("call", FAILING)
def test_every_raised_kind_is_a_listed_name(call: Callable[[], object]):
    try:
        call()
    except URIError as e:
        assert e.kind in ALL, (e.kind, str(e))
    except (ValueError, TypeError):
        pass  # not a URIError: nothing to check
    else:
        pytest.fail("expected an error")
