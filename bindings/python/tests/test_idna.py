"""IDNA (UTS #46) and NFC in the package: the examples of RFC 3987 (3.1,
3.2.1, 5.3.2.2, 5.3.3) worked out by hand, errors that name the label, and
urikit.arrow.host_ascii / host_unicode against the scalar API row by row."""

import pytest
import urikit
import urikit.arrow as A
from conftest import CORPUS, require

# (IRI as written, its URI with IDNA ToASCII for the host)
TO_URI = [
    # RFC 3987 3.1 and 5.3.3: "http://résumé.example.org" may be converted
    # to "http://xn--rsum-bpad.example.org".
    ("http://r\u00e9sum\u00e9.example.org", "http://xn--rsum-bpad.example.org"),
    # 3.2.1: the label xn--99zt52a is U+7D0D U+8C46 (Japanese natto).
    ("http://\u7d0d\u8c46.example.org/%E2%80%AE", "http://xn--99zt52a.example.org/%E2%80%AE"),
    ("http://\u4f8b\u3048.jp/", "http://xn--r8jz45g.jp/"),
    # The path is percent-encoded as without IDNA; only the host changes.
    ("http://\u4f8b\u3048.jp/\u30d1\u30b9", "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9"),
    # Upper case folds, ASCII hosts and IP literals stay as they are.
    ("http://B\u00fccher.example/", "http://xn--bcher-kva.example/"),
    ("http://example.com/\u00fc", "http://example.com/%C3%BC"),
    ("http://[::1]/\u00fc", "http://[::1]/%C3%BC"),
    ("urn:x:\u00fc", "urn:x:%C3%BC"),
]


@pytest.mark.parametrize("iri,uri", TO_URI)
def test_to_uri_with_idna(iri, uri):
    assert str(urikit.IRI(iri).to_uri(idna=True)) == uri
    assert str(urikit.IRIRef(iri).to_uri(idna=True)) == uri
    assert isinstance(urikit.IRI(iri).to_uri(idna=True), urikit.URI)


def test_without_idna_the_host_is_percent_encoded():
    assert str(urikit.IRI("http://r\u00e9sum\u00e9.example.org").to_uri()) == "http://r%C3%A9sum%C3%A9.example.org"


def test_to_iri_with_idna():
    # RFC 3987 3.2.1's example, steps 1 to 5 and the note on the host.
    u = urikit.URI("http://xn--99zt52a.example.org/%e2%80%ae")
    assert str(u.to_iri()) == "http://xn--99zt52a.example.org/%E2%80%AE"
    assert str(u.to_iri(idna=True)) == "http://\u7d0d\u8c46.example.org/%E2%80%AE"
    assert str(urikit.URIRef("//xn--r8jz45g.jp/x").to_iri(idna=True)) == "//\u4f8b\u3048.jp/x"
    # A bad A-label cannot be shown as U-labels: it is left as it is.
    assert str(urikit.URI("http://a.xn--a.example/").to_iri(idna=True)) == "http://a.xn--a.example/"


@pytest.mark.parametrize(
    "text,index,kind,label",
    [
        # xn--a is not valid Punycode.
        ("http://a.xn--a.example/", 9, "invalid-label", "xn--a"),
        # Indexes count characters, as Python does: \u00e9 is one.
        ("http://\u00e9.a.xn--a.example/", 11, "invalid-label", "xn--a"),
        # U+2028 is disallowed by UTS #46.
        ("http://ok.a\u2028b/", 10, "invalid-label", "a\u2028b"),
        ("http://ok.%FF.x/", 10, "not-utf8", "%FF"),
    ],
)
def test_errors_name_the_label(text, index, kind, label):
    for make in (urikit.IRI, urikit.IRIRef):
        ref = make(text)
        with pytest.raises(urikit.URIError) as e:
            ref.to_uri(idna=True)
        assert (e.value.index, e.value.kind, e.value.component) == (index, kind, "host")
        assert f'"{label}"' in str(e.value)
        assert text[e.value.index :].startswith(label)
        with pytest.raises(urikit.URIError):
            ref.host_ascii()


def test_host_ascii_and_unicode():
    assert urikit.IRI("http://r\u00e9sum\u00e9.example.org").host_ascii() == "xn--rsum-bpad.example.org"
    assert urikit.URI("http://r%C3%A9sum%C3%A9.example.org").host_ascii() == "xn--rsum-bpad.example.org"
    assert urikit.URI("http://xn--rsum-bpad.example.org").host_unicode() == "r\u00e9sum\u00e9.example.org"
    assert urikit.URIRef("http://[::1]:8/").host_ascii() == "[::1]"
    assert urikit.URIRef("http://10.0.0.1/").host_unicode() == "10.0.0.1"
    assert urikit.URIRef("mailto:a@b").host_ascii() is None
    assert urikit.IRIRef("../x").host_unicode() is None


def test_nfc():
    # RFC 3987 5.3.2.2: NFC composes e + U+0301 into U+00E9.
    r = urikit.IRIRef("http://e\u0301.example/re\u0301sume\u0301")
    assert str(r.to_nfc()) == "http://\u00e9.example/r\u00e9sum\u00e9"
    assert str(urikit.IRI("http://a/\u00c5").to_nfc()) == "http://a/\u00c5"
    assert str(urikit.IRI("http://a/A\u030a").to_nfc()) == "http://a/\u00c5"
    # NFC can turn an allowed character into one the grammar forbids here:
    # U+1FEF (Greek varia) becomes U+0060 (`).
    with pytest.raises(urikit.URIError):
        urikit.IRIRef("/\u1fef").to_nfc()


def _scalar(text, unicode):
    if text is None:
        return None
    try:
        ref = urikit.IRIRef(text)
        return ref.host_unicode() if unicode else ref.host_ascii()
    except urikit.URIError:
        return None


def test_arrow_kernels_agree_with_the_scalar_api():
    pa = require("pyarrow")
    lines = (CORPUS / "wiki-iris.txt").read_text(encoding="utf-8").splitlines()
    lines += (CORPUS / "gsd-urls.txt").read_text(encoding="utf-8").splitlines()[:3000]
    lines += [t for t, _ in TO_URI] + [u for _, u in TO_URI] + ["http://a.xn--a.example/", "http://%FF/", None]
    for string_type in (pa.string(), pa.large_string(), pa.string_view()):
        arr = pa.array(lines, type=string_type)
        ascii_ = A.host_ascii(arr)
        assert ascii_.type == string_type
        assert ascii_.to_pylist() == [_scalar(s, False) for s in lines]
        assert A.host_unicode(arr).to_pylist() == [_scalar(s, True) for s in lines]
    assert A.host_ascii(pa.array(["http://\u4f8b\u3048.jp/"])).to_pylist() == ["xn--r8jz45g.jp"]
    assert A.host_unicode(pa.array(["http://xn--r8jz45g.jp/"])).to_pylist() == ["\u4f8b\u3048.jp"]
