#!/usr/bin/env bash
# Build the Polars expression plugin (polars-plugin/, the crate urikit-polars) and
# put it into the package's sources as python/urikit/_urikit_polars.so, where
# the next wheel build (maturin build, pip install .) picks it up and
# urikit.polars finds it. A separate build because Polars' crates take
# minutes to compile (docs/polars.md): the wheel without it has everything
# but the `uri` namespace of Polars expressions.
#
#   bash bindings/python/scripts/build-polars.sh    # release build, then copy
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
if [ "${URIKIT_LINT:-}" = 1 ]; then
  # clippy's lints, warnings denied, on the plugin's own code during this one
  # release build (what `cargo clippy` does: clippy-driver as the workspace
  # crate's compiler): a separate `cargo clippy` would check Polars' 240
  # crates a second time, minutes of CI for no lint of ours.
  export RUSTC_WORKSPACE_WRAPPER="$(rustc --print sysroot)/bin/clippy-driver"
  export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
fi
cargo build --release --manifest-path "$here/polars-plugin/Cargo.toml"
case "$(uname -s)" in
  Darwin) lib="liburikit_polars.dylib" ;;
  MINGW*|MSYS*|CYGWIN*) lib="urikit_polars.dll" ;;
  *) lib="liburikit_polars.so" ;;
esac
target="${CARGO_TARGET_DIR:-$here/polars-plugin/target}"
case "$lib" in
  *.dll) dest="$here/python/urikit/_urikit_polars.pyd" ;;
  *) dest="$here/python/urikit/_urikit_polars.so" ;;
esac
cp "$target/release/$lib" "$dest"
echo "built $dest"
