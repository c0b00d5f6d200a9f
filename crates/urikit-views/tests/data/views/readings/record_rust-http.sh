#!/bin/sh
# Run from the repository root (needs cargo and crates.io; installs nothing
# outside target/): sh crates/urikit-views/tests/data/views/readings/record_rust-http.sh
#
# Builds record_rust-http.rs as a standalone cargo project under
# target/record-rust-http (its own workspace, with the http crate at the
# version urikit's Cargo.lock has) and runs it: it writes rust-http.jsonl.
set -eu
here=crates/urikit-views/tests/data/views/readings
version=$(awk '/^name = "http"$/ {getline; gsub(/[^0-9.]/, ""); print; exit}' Cargo.lock)
proj=target/record-rust-http
mkdir -p "$proj/src"
cat > "$proj/Cargo.toml" <<TOML
[package]
name = "record-rust-http"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
http = "=$version"
serde_json = { version = "1", features = ["preserve_order"] }

[workspace]
TOML
cp "$here/record_rust-http.rs" "$proj/src/main.rs"
cargo build --quiet --release --manifest-path "$proj/Cargo.toml"
HTTP_VERSION=$version RUSTC_VERSION=$(rustc --version) "$proj/target/release/record-rust-http" "$here"
