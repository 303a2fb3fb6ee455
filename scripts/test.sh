#!/usr/bin/env bash
# Every test of the workspace, on a machine with Rust and Python 3: the
# Rust crates' (unit, integration and doc tests, every feature on), then
# the Python package's (built and installed into a virtualenv of its own
# by python/tests/run.sh), the Ray driver qiboard.distributed's among them:
# a local cluster of three nodes whose tasks run the CLI built here, and
# the HTTP client's, against the server built here.
#
#   scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

echo "==> cargo test --workspace --all-features"
cargo test --workspace --all-features

# The binaries the Python tests drive: the CLI for qiboard.distributed's
# cluster, the server for the HTTP client. `cargo test` built both (the
# test profile, optimised) for the crates' own integration tests.
target="${CARGO_TARGET_DIR:-$PWD/target}/debug"
export QIBOARD="$target/qiboard" QIBOARD_SERVER_BIN="$target/qiboard-server"

echo "==> the Python package"
python/tests/run.sh
