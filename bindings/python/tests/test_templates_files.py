"""URI Templates over the uritemplate-test suite (dev/testdata/corpus), and the
file path conversions (RFC 8089)."""

import json
import pathlib
import pickle

import pytest
import urikit
from urikit import URITemplate

SUITE = pathlib.Path(__file__).resolve().parents[3] / "dev" / "testdata" / "corpus" / "uritemplate-test"


def _cases():
    for name in ("spec-examples.json", "spec-examples-by-section.json", "extended-tests.json", "negative-tests.json"):
        for group_name, group in json.loads((SUITE / name).read_text(encoding="utf-8")).items():
            for i, (template, expected) in enumerate(group["testcases"]):
                yield pytest.param(template, group["variables"], expected, id=f"{name}:{group_name}:{i}")


CASES = list(_cases())


def test_suite_is_there():
    assert len(CASES) > 200


@pytest.mark.parametrize("template,variables,expected", CASES)
def test_uritemplate_suite(template, variables, expected):
    if expected is False:
        with pytest.raises(urikit.URIError):
            URITemplate(template).expand(variables)
        return
    got = URITemplate(template).expand(variables)
    assert got in (expected if isinstance(expected, list) else [expected])


def test_match_round_trip():
    t = URITemplate("/repos/{owner}/{repo}/issues{?state,labels*}")
    uri = t.expand(owner="o", repo="r", state="open")
    assert t.match(uri) == {"owner": "o", "repo": "r", "state": "open"}
    assert t.match("/other") is None


def test_template_value_semantics():
    t = URITemplate("{a}")
    assert t == URITemplate("{a}") and hash(t) == hash(URITemplate("{a}")) and t != URITemplate("{b}")
    assert pickle.loads(pickle.dumps(t)) == t
    assert str(t) == "{a}" and repr(t) == "URITemplate('{a}')"
    # None is undefined; keywords override the mapping.
    assert URITemplate("{?a,b}").expand({"a": None, "b": "1"}) == "?b=1"
    assert URITemplate("{a}").expand({"a": "1"}, a="2") == "2"
    with pytest.raises(TypeError):
        URITemplate(1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "path,style,uri",
    [
        ("/srv/a b", "unix", "file:///srv/a%20b"),
        ("/etc/hosts", "unix", "file:///etc/hosts"),
        ("/tmp/50%", "unix", "file:///tmp/50%25"),
        ("C:\\Temp\\x.txt", "windows", "file:///C:/Temp/x.txt"),
    ],
)
def test_file_paths_round_trip(path, style, uri):
    assert urikit.from_file_path(path, style=style) == urikit.URI(uri)
    assert urikit.to_file_path(uri, style=style) == path


def test_file_path_errors():
    with pytest.raises(urikit.URIError) as info:
        urikit.from_file_path("relative/path", style="unix")
    assert info.value.kind == "relative-path"
    with pytest.raises(urikit.URIError):
        urikit.to_file_path("http://a/b", style="unix")
    assert urikit.from_file_path(pathlib.PurePosixPath("/a"), style="unix") == urikit.URI("file:///a")


def test_match_modes_on_the_issue_inputs():
    t = urikit.URITemplate("/search{?q,page}")
    for uri in ["/search?q=a+b", "/search?q=a:b", "/search?q=x&page=2&utm=1"]:
        assert t.match(uri) is None
    assert t.match("/search?q=a+b", lenient=True) == {"q": "a+b"}
    assert t.match("/search?q=a+b", lenient=True, form=True) == {"q": "a b"}
    assert t.match("/search?q=a:b", lenient=True) == {"q": "a:b"}
    assert t.match("/search?q=x&page=2&utm=1", lenient=True) == {"q": "x", "page": "2"}
    d = t.match_details("/search?q=x&page=2&utm=1", lenient=True)
    assert d == {"vars": {"q": "x", "page": "2"}, "rest": [("utm", "1")], "hazards": []}
    with pytest.raises(urikit.URIError) as e:
        t.match("/search", form=True)
    assert e.value.kind == "form-needs-lenient"


def test_match_details_gives_the_one_hazard_record():
    # The record every face gives (the CLI's JSON, JavaScript's matchDetails):
    # the variable, the kind and the core's message for the kind.
    d = urikit.URITemplate("/files/{name}").match_details("/files/..%2Fetc", lenient=True)
    assert d is not None
    assert d["hazards"] == [
        {"variable": "name", "kind": "separator-in-segment", "message": "decoded path value holds a path separator"}
    ]


def test_lenient_match_raises_on_hazards_and_length():
    t = urikit.URITemplate("/files/{name}")
    with pytest.raises(urikit.URIError) as e:
        t.match("/files/..%2Fetc", lenient=True)
    assert e.value.kind == "separator-in-segment"
    assert t.match("/files/..%2Fetc") == {"name": "../etc"}
    with pytest.raises(urikit.URIError) as e:
        t.match("/files/" + "a" * 70000, lenient=True)
    assert e.value.kind == "uri-too-long"


def _shared_vectors():
    path = pathlib.Path(__file__).resolve().parents[3] / "dev" / "testdata" / "templates" / "matching.json"
    return json.loads(path.read_text(encoding="utf-8"))["cases"]


def _sorted(v):
    return sorted(v.items()) if isinstance(v, dict) else v


@pytest.mark.parametrize("case", _shared_vectors(), ids=lambda c: f"{c['mode']}:{c['template']}:{c['uri']}")
def test_shared_vectors(case):
    lenient = case["mode"] != "exact"
    form = case["mode"] == "lenient-form"
    if "ambiguity" in case:
        # Not matchable in this mode: the error names why.
        with pytest.raises(urikit.URIError) as e:
            urikit.URITemplate(case["template"]).match_details(case["uri"], lenient=lenient, form=form)
        assert e.value.kind == case["ambiguity"]
        return
    got = urikit.URITemplate(case["template"]).match_details(case["uri"], lenient=lenient, form=form)
    if case["variables"] is None:
        assert got is None
        return
    assert got is not None
    assert {k: _sorted(v) for k, v in got["vars"].items()} == {
        k: _sorted(v) for k, v in case["variables"].items()
    }
    assert [list(p) for p in got["rest"]] == case.get("rest", [])
    assert [[h["variable"], h["kind"]] for h in got["hazards"]] == case.get("hazards", [])
