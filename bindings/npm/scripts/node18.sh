#!/usr/bin/env bash
# The package's tests under a real Node 18: package.json claims
# "node": ">=18" and the CI's node is 20. Node 18 is Debian bookworm's own
# (nodejs and libnode108, with the libraries and the three builtins
# Debian's build keeps outside the binary: libuv1, libc-ares2, node-acorn,
# node-cjs-module-lexer, node-undici), fetched with `apt-get download` and
# unpacked with `dpkg -x` into a private directory, never installed: the
# system's node stays as it is. Debian's node loads those builtins from
# fixed paths under /usr/share/nodejs, so the tests run in a private mount
# namespace (`unshare -m`) where the unpacked /usr/share is laid over the
# system's by a read-only overlay; nothing changes outside that process.
# Where the mount namespace is refused (a container without
# CAP_SYS_ADMIN), Debian's own packages of those builtins are installed
# with apt-get instead: they only put JavaScript files under
# /usr/share/nodejs and leave the system's node as it is.
#
# Run from anywhere after `npm run build` in bindings/npm/. The unpacked Node stays in
# $URIKIT_NODE18_DIR (default: target/node18 of the checkout) for the next
# run. One skip line, and exit 1 under CI=true, when any of it cannot be
# done (no apt-get, no bookworm nodejs 18 in the apt sources, no
# unshare).
set -euo pipefail

js=$(cd "$(dirname "$0")/.." && pwd)
dir=${URIKIT_NODE18_DIR:-$js/../../target/node18}
lib=$dir/usr/lib/x86_64-linux-gnu

skip() {
  echo "skipped: the package's tests under Node 18: $1"
  if [ "${CI:-}" = "true" ]; then exit 1; fi
  exit 0
}

# Run "$@" with Node 18 first on PATH, in the private mount namespace.
in_node18() {
  unshare -m --propagation private sh -c '
    mount -t overlay overlay -o "lowerdir=$1/usr/share:/usr/share" /usr/share || exit 97
    shift
    exec "$@"' sh "$dir" env "PATH=$dir/usr/bin:$PATH" "LD_LIBRARY_PATH=$lib" "$@"
}

if [ ! -x "$dir/usr/bin/node" ]; then
  command -v apt-get >/dev/null && command -v dpkg >/dev/null || skip "no apt-get or dpkg"
  pick() { apt-cache madison "$1" 2>/dev/null | awk -v want="$2" '$3 ~ want { print $3; exit }'; }
  version=$(pick nodejs '^18\\.')
  if [ -z "$version" ]; then
    apt-get update >/dev/null 2>&1 || true
    version=$(pick nodejs '^18\\.')
  fi
  [ -n "$version" ] || skip "apt has no nodejs 18.x (Debian bookworm's) in its sources"
  debs=$(mktemp -d)
  trap 'rm -rf "$debs"' EXIT
  # The libraries and builtins at the versions the sources name (bookworm's).
  (cd "$debs" && apt-get download "nodejs=$version" "libnode108=$version" libuv1 libc-ares2 \
      node-acorn node-cjs-module-lexer node-undici >/dev/null 2>&1) ||
    skip "apt-get download of nodejs $version and its libraries failed"
  mkdir -p "$dir"
  for deb in "$debs"/*.deb; do dpkg -x "$deb" "$dir"; done
fi

# Node 18 with its builtins where it looks for them, without the overlay.
direct() { env "PATH=$dir/usr/bin:$PATH" "LD_LIBRARY_PATH=$lib" "$@"; }
run=in_node18
if [ -n "${URIKIT_NODE18_NO_OVERLAY:-}" ] || ! got=$(in_node18 node --version 2>&1); then
  run=direct
  if ! direct node -e 0 >/dev/null 2>&1; then
    # Debian bookworm's own packages of the three builtins, which is what
    # the overlay lays out (node-undici pulls node-busboy and node-xtend).
    apt-get install -y --no-install-recommends node-acorn node-cjs-module-lexer node-undici \
      >/dev/null 2>&1 ||
      skip "no private mount namespace (unshare -m and an overlay need root) and apt-get could not install node-acorn, node-cjs-module-lexer and node-undici"
  fi
  got=$(direct node --version 2>&1) || skip "could not run $dir/usr/bin/node: $got"
fi
case "$got" in
  v18.*) ;;
  *) skip "$dir/usr/bin/node is $got, not Node 18" ;;
esac
echo "Node $got (Debian's, from $dir; builtins by $run)"
cd "$js"
"$run" node --test test/*.test.js
