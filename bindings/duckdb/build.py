#!/usr/bin/env python3
"""Build the DuckDB extension: target/duckdb/urikit.duckdb_extension.

    python3 bindings/duckdb/build.py [--debug] [--platform PLATFORM]

It runs `cargo build -p urikit-duckdb --release` (the cdylib) and appends
DuckDB's extension metadata footer to a copy of the library. DuckDB reads
that footer on LOAD; without it, it refuses the file.

The footer (534 bytes, as DuckDB's extension_helper.cpp reads it and as
DuckDB's extension-ci-tools write it; written here from that description):

- a WebAssembly custom section header (22 bytes): the byte 0 (a custom
  section), 531 as LEB128 (what follows: 1 + 16 + 2 + 512), 16 (the name's
  length), the name `duckdb_signature`, 512 as LEB128;
- eight fields of 32 bytes, zero-padded, in reverse order: three unused,
  the ABI type (`C_STRUCT`: the extension uses DuckDB's stable C API only),
  the extension's version, the C API version it needs (`C_API_VERSION` in
  src/lib.rs), the platform (DuckDB's `PRAGMA platform`, such as
  `linux_amd64`), and the metadata format's magic value `4`;
- 256 bytes of signature: zeros (unsigned; load it with
  `allow_unsigned_extensions`).

For a C_STRUCT extension DuckDB checks the platform exactly and the C API
version as a minimum: one file loads in every DuckDB from 1.5.6 on, on the
platform it was built for. The platform is taken from the `duckdb` Python
module when it is importable (so it is the one the tests load the file
with), else from this machine (`--platform` overrides both).
"""

import argparse
import os
import platform as pyplatform
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent


def c_api_version() -> str:
    text = (HERE / "src" / "lib.rs").read_text()
    return re.search(r'pub const C_API_VERSION: &str = "([^"]+)";', text).group(1)


def crate_version() -> str:
    text = (ROOT / "Cargo.toml").read_text()
    return re.search(r'\[workspace\.package\]\s*version = "([^"]+)"', text).group(1)


def detect_platform() -> str:
    try:
        import duckdb  # noqa: PLC0415

        return duckdb.connect().execute("PRAGMA platform").fetchone()[0]
    except Exception:  # noqa: BLE001 - no duckdb module: this machine's name
        pass
    os_name = {"linux": "linux", "darwin": "osx", "win32": "windows"}[sys.platform]
    arch = {"x86_64": "amd64", "amd64": "amd64", "aarch64": "arm64", "arm64": "arm64"}[
        pyplatform.machine().lower()
    ]
    return f"{os_name}_{arch}"


def field(text: str) -> bytes:
    data = text.encode("ascii")
    if len(data) > 32:
        raise SystemExit(f"build.py: metadata field over 32 bytes: {text!r}")
    return data.ljust(32, b"\0")


def footer(platform: str, capi: str, version: str) -> bytes:
    fields = [field(""), field(""), field(""), field("C_STRUCT"), field(version), field(capi), field(platform), field("4")]
    out = b"\x00" + b"\x93\x04" + b"\x10" + b"duckdb_signature" + b"\x80\x04" + b"".join(fields) + bytes(256)
    assert len(out) == 534
    return out


def library(profile_dir: Path) -> Path:
    names = {"linux": "liburikit_duckdb.so", "darwin": "liburikit_duckdb.dylib", "win32": "urikit_duckdb.dll"}
    return profile_dir / names[sys.platform]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--debug", action="store_true", help="a debug build (the tests' default is release)")
    ap.add_argument("--platform", help="DuckDB's platform name (default: the duckdb module's, else this machine's)")
    args = ap.parse_args()
    cmd = ["cargo", "build", "-p", "urikit-duckdb"] + ([] if args.debug else ["--release"])
    subprocess.run(cmd, cwd=ROOT, check=True)
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    lib = library(target / ("debug" if args.debug else "release"))
    out_dir = target / "duckdb"
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / "urikit.duckdb_extension"
    platform = args.platform or detect_platform()
    tmp = out.with_suffix(".tmp")
    shutil.copyfile(lib, tmp)
    with open(tmp, "ab") as f:
        f.write(footer(platform, c_api_version(), "v" + crate_version()))
    tmp.replace(out)
    print(f"{out} ({platform}, C API {c_api_version()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
