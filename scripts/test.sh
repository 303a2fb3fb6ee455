#!/usr/bin/env bash
# Every test of the workspace, on a machine with Rust and Python 3: the
# Rust crates' (unit, integration and doc tests, every feature on), then
# the Python package's (built and installed into a virtualenv of its own
# by python/tests/run.sh), the Ray driver qiboard.distributed's among them:
# a local cluster of three nodes whose tasks run the CLI built here.
#
#   scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

echo "==> cargo test --workspace --all-features"
cargo test --workspace --all-features

echo "==> the qiboard binary, for qiboard.distributed's cluster tests"
cargo build --release -p qiboard-cli
export QIBOARD="${CARGO_TARGET_DIR:-$PWD/target}/release/qiboard"

echo "==> the Python package"
python/tests/run.sh
