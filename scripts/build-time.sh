#!/usr/bin/env bash
# Clean debug build of a crate that depends on qiboard, side by side with the
# same crate depending on shakmaty, plus the build script's own run time.
#
#   scripts/build-time.sh [runs]          (default 3 runs each, alternating)
#   QIBOARD_SEED=42 scripts/build-time.sh also times a non-default seed's
#                                         full magic search in the build script
set -euo pipefail
runs=${1:-3}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

make_crate() { # name, dependency line
    mkdir -p "$work/$1/src"
    printf '[package]\nname = "%s"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\n%s\n' "$1" "$2" >"$work/$1/Cargo.toml"
    echo 'fn main() {}' >"$work/$1/src/main.rs"
    (cd "$work/$1" && cargo fetch -q)
}
make_crate with-qiboard "qiboard = { path = \"$repo\" }"
make_crate with-shakmaty 'shakmaty = "0.27"'

# shellcheck source=scripts/timing.sh
source "$repo/scripts/timing.sh"

q=() s=()
for _ in $(seq "$runs"); do
    q+=("$(clean_build with-qiboard)")
    s+=("$(clean_build with-shakmaty)")
done
qm=$(printf '%s\n' "${q[@]}" | median)
sm=$(printf '%s\n' "${s[@]}" | median)
echo "clean dependent debug build, median of $runs: qiboard ${qm}s, shakmaty ${sm}s, ratio qiboard/shakmaty $(echo "scale=2; $qm / $sm" | bc)"
echo "  qiboard runs: ${q[*]}"
echo "  shakmaty runs: ${s[*]}"

script=$(ls "$work"/with-qiboard/target/debug/build/qiboard-*/build-script-build | head -n1)
time_script() { # seed (empty = default) → seconds
    local out=$work/out start end
    mkdir -p "$out"
    start=$(date +%s.%N)
    if [ -n "$1" ]; then OUT_DIR=$out QIBOARD_SEED=$1 "$script" >/dev/null; else OUT_DIR=$out env -u QIBOARD_SEED "$script" >/dev/null; fi
    end=$(date +%s.%N)
    echo "$end - $start" | bc
}
d=()
for _ in 1 2 3 4 5; do d+=("$(time_script "")"); done
echo "build script run (opt-level 0), default seed, median of 5: $(printf '%s\n' "${d[@]}" | median)s"
if [ -n "${QIBOARD_SEED:-}" ]; then
    echo "build script run (opt-level 0), QIBOARD_SEED=$QIBOARD_SEED (full search): $(time_script "$QIBOARD_SEED")s"
fi
