#!/usr/bin/env bash
# Every test of the workspace, on a machine with Rust and Python 3: the
# Rust crates' (unit, integration and doc tests, every feature on), then
# the Python package's (built and installed into a virtualenv of its own
# by python/tests/run.sh), then the Ray driver's (a local cluster of three
# nodes, tablebase/ray/run_tests.sh) when it is there.
#
#   scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

echo "==> cargo test --workspace --all-features"
cargo test --workspace --all-features

echo "==> the Python package"
python/tests/run.sh

if [ -x tablebase/ray/run_tests.sh ]; then
    echo "==> the Ray driver"
    tablebase/ray/run_tests.sh
fi
