#!/usr/bin/env bash
# Runs the Ray driver's tests (test_driver.py).
#
# A venv: $VENV when set (made there if missing, kept), else a new one under
# a temp dir, removed afterwards. ray (requirements.txt) and pytest are
# installed into it. The CLI is built in release unless $QIBOARD names a
# binary (cargo does nothing when it is up to date), into $CARGO_TARGET_DIR
# or the repository's target/. Extra arguments go to pytest.
#
# The cluster tests make a network namespace (ip netns, as root) so that
# the three Ray nodes talk over loopback only; where that is not allowed
# they are skipped (QIBOARD_RAY_TEST_HOST_NETWORK=1 runs them anyway).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
python="${PYTHON:-python3}"

if [ -n "${VENV:-}" ]; then
    venv="$VENV"
else
    venv="$(mktemp -d "${TMPDIR:-/tmp}/qiboard-ray-venv.XXXXXX")"
    trap 'rm -rf "$venv"' EXIT
fi
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
started=$(date +%s)
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements.txt" pytest
echo "run_tests.sh: ray $("$venv/bin/python" -c 'import ray; print(ray.__version__)') in $venv ($(( $(date +%s) - started )) s)"

if [ -z "${QIBOARD:-}" ]; then
    target="${CARGO_TARGET_DIR:-$repo/target}"
    started=$(date +%s)
    (cd "$repo" && CARGO_TARGET_DIR="$target" cargo build --release --quiet -p qiboard-cli)
    echo "run_tests.sh: built $target/release/qiboard ($(( $(date +%s) - started )) s)"
    export QIBOARD="$target/release/qiboard"
fi

export PATH="$venv/bin:$PATH"
cd "$here"
status=0
"$venv/bin/python" -m pytest -v -rs -p no:cacheprovider test_driver.py "$@" || status=$?
exit "$status"
