"""Every label of the JSON Schema Test Suite's URI formats (the committed
copy in dev/testdata/corpus/json-schema-format/), through jsonschema.validate
with urikit's format checker."""

import json
import pathlib

import jsonschema
import pytest
import urikit.jsonschema as uj

CORPUS = pathlib.Path(__file__).resolve().parents[3] / "dev" / "testdata" / "corpus" / "json-schema-format"


def _cases():
    for path in sorted(CORPUS.glob("*.json")):
        fmt = path.stem
        for group in json.loads(path.read_text(encoding="utf-8")):
            for t in group["tests"]:
                yield pytest.param(fmt, group["schema"], t["data"], t["valid"], id=f"{fmt}: {t['description']}")


CASES = list(_cases())


def test_corpus_is_there():
    # The four files, each with its labels.
    assert {p.stem for p in CORPUS.glob("*.json")} == {"uri", "uri-reference", "iri", "iri-reference"}
    assert len(CASES) > 100


@pytest.mark.parametrize("fmt,schema,data,valid", CASES)
def test_label(fmt, schema, data, valid):
    checker = uj.format_checker()
    if valid:
        jsonschema.validate(data, schema, format_checker=checker)
    else:
        with pytest.raises(jsonschema.ValidationError) as info:
            jsonschema.validate(data, schema, format_checker=checker)
        # The failure is the format's, with urikit's error as its cause.
        assert info.value.validator == "format"
        assert isinstance(info.value.cause, uj.URIError)


def test_register_replaces_only_uri_formats():
    base = jsonschema.FormatChecker()
    before = dict(base.checkers)
    uj.register(base)
    for fmt in uj.FORMATS:
        assert base.checkers[fmt] is not before.get(fmt)
    for fmt, check in before.items():
        if fmt not in uj.FORMATS:
            assert base.checkers[fmt] is check


def test_error_carries_index_and_component():
    checker = uj.format_checker()
    with pytest.raises(jsonschema.ValidationError) as info:
        jsonschema.validate("http://exa mple/", {"format": "uri"}, format_checker=checker)
    cause = info.value.cause
    assert (cause.index, cause.kind, cause.component) == (10, "invalid-character", "host")


def test_non_strings_pass():
    checker = uj.format_checker()
    for value in (12, 13.7, {}, [], None, True):
        for fmt in uj.FORMATS:
            assert checker.conforms(value, fmt)


TEMPLATES = pathlib.Path(__file__).resolve().parents[3] / "dev" / "testdata" / "corpus" / "uritemplate-test"


def test_uri_template_format():
    checker = uj.format_checker()
    spec = json.loads((TEMPLATES / "spec-examples.json").read_text(encoding="utf-8"))
    good = [t for group in spec.values() for t, _ in group["testcases"]]
    assert len(good) > 50
    for t in good:
        jsonschema.validate(t, {"format": "uri-template"}, format_checker=checker)
    for bad in ("{unclosed", "}", "{a b}", "{var:0}", "{?}"):
        with pytest.raises(jsonschema.ValidationError) as info:
            jsonschema.validate(bad, {"format": "uri-template"}, format_checker=checker)
        assert isinstance(info.value.cause, uj.URIError)
