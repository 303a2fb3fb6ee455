#!/usr/bin/env bash
# Clean debug build of a crate that depends on qiboard, side by side with the
# same crate depending on shakmaty, plus the build script's own run time.
#
#   scripts/build-time.sh [runs]          (default 3 runs each, alternating)
#   QIBOARD_SEED=42 scripts/build-time.sh also times a non-default seed's
#                                         full magic search in the build script
#
# The dependent takes qiboard as a crates.io user does: `cargo package`
# packs qiboard-types, qiboard-gen and qiboard, and a directory source
# stands in for crates.io (with shakmaty and every other dependency
# vendored beside them). This matters: cargo compiles registry
# dependencies once, without incremental caches, while a path dependency
# is compiled incrementally, which cost qiboard a third more time. The
# path-dependency build is timed too, on the second line, for comparison.
set -euo pipefail
runs=${1:-3}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The packages a user downloads, and everything both dependents need.
(cd "$repo" && cargo package -q -p qiboard-types -p qiboard-gen -p qiboard --allow-dirty --no-verify)
mkdir -p "$work/helper/src"
printf '[package]\nname = "helper"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\nqiboard = { path = "%s" }\nshakmaty = "0.27"\n' "$repo" >"$work/helper/Cargo.toml"
echo 'fn main() {}' >"$work/helper/src/main.rs"
(cd "$work/helper" && cargo vendor -q "$work/vendor" >/dev/null)
for crate in qiboard-types qiboard-gen qiboard; do
    packed=$(ls "$repo"/target/package/"$crate"-[0-9]*.crate | sort -V | tail -n1)
    tar xzf "$packed" -C "$work/vendor"
    unpacked=$work/vendor/$(basename "$packed" .crate)
    printf '{"files":{},"package":"%s"}' "$(sha256sum "$packed" | cut -d' ' -f1)" >"$unpacked/.cargo-checksum.json"
done

make_crate() { # name, dependency line, vendored (yes/no)
    mkdir -p "$work/$1/src" "$work/$1/.cargo"
    printf '[package]\nname = "%s"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\n%s\n' "$1" "$2" >"$work/$1/Cargo.toml"
    echo 'fn main() {}' >"$work/$1/src/main.rs"
    if [ "$3" = yes ]; then
        printf '[source.crates-io]\nreplace-with = "vendored"\n\n[source.vendored]\ndirectory = "%s"\n' "$work/vendor" >"$work/$1/.cargo/config.toml"
    fi
    (cd "$work/$1" && cargo fetch -q)
}
make_crate with-qiboard 'qiboard = "0.1.0"' yes
make_crate with-shakmaty 'shakmaty = "0.27"' yes
make_crate with-qiboard-path "qiboard = { path = \"$repo\" }" no

# shellcheck source=scripts/timing.sh
source "$repo/scripts/timing.sh"

q=() s=() p=()
for _ in $(seq "$runs"); do
    q+=("$(clean_build with-qiboard)")
    s+=("$(clean_build with-shakmaty)")
    p+=("$(clean_build with-qiboard-path)")
done
qm=$(printf '%s\n' "${q[@]}" | median)
sm=$(printf '%s\n' "${s[@]}" | median)
pm=$(printf '%s\n' "${p[@]}" | median)
echo "clean dependent debug build, as from crates.io, median of $runs: qiboard ${qm}s, shakmaty ${sm}s, ratio qiboard/shakmaty $(echo "scale=2; $qm / $sm" | bc)"
echo "  with qiboard as a path dependency (incremental): ${pm}s, ratio $(echo "scale=2; $pm / $sm" | bc)"
echo "  qiboard runs: ${q[*]}"
echo "  shakmaty runs: ${s[*]}"
echo "  path-dependency runs: ${p[*]}"

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
