"""urikit.repair and the vscode profile of the file path functions."""

import pytest
import urikit


def test_repair_changes_and_offsets() -> None:
    out, changes = urikit.repair("http://é/a b#x#y")
    assert out == "http://%C3%A9/a%20b#x%23y"
    # Offsets count characters, as Python does.
    assert changes == [
        (7, "é", "host", "non-ascii"),
        (10, " ", "path", "disallowed"),
        (14, "#", "fragment", "second-hash"),
    ]
    assert urikit.repair("http://a/ok") == ("http://a/ok", [])


def test_repair_error_points_at_the_character() -> None:
    with pytest.raises(urikit.URIError) as e:
        urikit.repair("é://[::1")
    assert e.value.kind == "invalid-scheme"
    assert e.value.index == 0
    with pytest.raises(urikit.URIError) as e:
        urikit.repair("http://é:x/")
    assert e.value.kind == "invalid-port"
    assert e.value.index == 9


def test_vscode_profile() -> None:
    assert str(urikit.from_file_path("C:\\a b\\c#", style="windows", profile="vscode")) == "file:///c%3A/a%20b/c%23"
    assert str(urikit.from_file_path("/tmp/a:b", style="unix", profile="vscode")) == "file:///tmp/a%3Ab"
    assert urikit.to_file_path("file:///C:/x%20y", style="windows", profile="vscode") == "c:\\x y"
    assert urikit.to_file_path("file://srv/s/x", style="unix", profile="vscode") == "//srv/s/x"
    # The RFC profile stays the default.
    assert str(urikit.from_file_path("C:\\a b", style="windows")) == "file:///C:/a%20b"
    with pytest.raises(urikit.URIError) as e:
        urikit.to_file_path("file:///x", profile="nope")  # type: ignore[arg-type]
    assert e.value.kind == "unknown-profile"
