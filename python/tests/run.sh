#!/usr/bin/env bash
# Builds and tests the qiboard Python package on a machine with Rust and
# Python 3: makes a virtualenv (once), installs the test requirements and
# the package (`pip install ./python`, which builds the extension with
# maturin in release mode), then runs pytest. Safe to run again: the
# virtualenv is reused and cargo rebuilds only what changed.
#
#   python/tests/run.sh [pytest arguments]
#
# QIBOARD_VENV   where the virtualenv lives (default: python/.venv)
# PYTHON         the interpreter that makes it (default: python3)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
package=$(dirname "$here")
venv=${QIBOARD_VENV:-$package/.venv}
python=${PYTHON:-python3}

say() { printf '==> %s\n' "$*"; }

command -v cargo >/dev/null || { echo "run.sh: cargo (Rust) is required to build the extension" >&2; exit 2; }
command -v "$python" >/dev/null || { echo "run.sh: $python is required" >&2; exit 2; }

if [ ! -x "$venv/bin/python" ]; then
    say "creating the virtualenv $venv with $("$python" --version 2>&1)"
    "$python" -m venv "$venv"
else
    say "reusing the virtualenv $venv ($("$venv/bin/python" --version 2>&1))"
fi
pip=("$venv/bin/python" -m pip --disable-pip-version-check)

say "upgrading pip"
"${pip[@]}" install --quiet --upgrade pip

say "installing the test requirements ($package/requirements-test.txt)"
"${pip[@]}" install --quiet -r "$package/requirements-test.txt"

# The tests time nothing: the extension they test is built without the
# release profile's link-time optimisation and with parallel code
# generation, which halves the build (a wheel for users keeps the profile).
export CARGO_PROFILE_RELEASE_LTO=${CARGO_PROFILE_RELEASE_LTO:-off}
export CARGO_PROFILE_RELEASE_CODEGEN_UNITS=${CARGO_PROFILE_RELEASE_CODEGEN_UNITS:-16}
say "building and installing qiboard (pip install $package; $(cargo --version))"
"${pip[@]}" install --force-reinstall --no-deps "$package"

say "installed: $("$venv/bin/python" -c 'import qiboard, numpy; print("qiboard", qiboard.__version__, "from", qiboard.__file__, "| numpy", numpy.__version__)')"

say "running pytest in $here"
cd "$here"
exec "$venv/bin/python" -m pytest -ra "$@"
