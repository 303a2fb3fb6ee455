#!/usr/bin/env bash
# What each feature set costs: a clean debug build of a tiny crate that
# depends on qiboard with that feature set (or on the tablebase crate, as
# a prober only or with its solver), the sets taking turns run after run,
# median of the runs.
#
#   scripts/feature-build-time.sh [runs]     (default 3)
set -euo pipefail
runs=${1:-3}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

sets=(core alloc std serde record tb-probe tb-generate)
declare -A dependency=(
    [core]="qiboard = { path = \"$repo\", default-features = false }"
    [alloc]="qiboard = { path = \"$repo\", default-features = false, features = [\"alloc\"] }"
    [std]="qiboard = { path = \"$repo\" }"
    [serde]="qiboard = { path = \"$repo\", features = [\"serde\"] }"
    [record]="qiboard = { path = \"$repo\", features = [\"record\"] }"
    [tb-probe]="qiboard-tablebase = { path = \"$repo/tablebase\", default-features = false }"
    [tb-generate]="qiboard-tablebase = { path = \"$repo/tablebase\" }"
)
for set in "${sets[@]}"; do
    mkdir -p "$work/$set/src"
    printf '[package]\nname = "with-%s"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\n%s\n' \
        "$set" "${dependency[$set]}" >"$work/$set/Cargo.toml"
    echo 'fn main() {}' >"$work/$set/src/main.rs"
    (cd "$work/$set" && cargo fetch -q)
done

# shellcheck source=scripts/timing.sh
source "$repo/scripts/timing.sh"

declare -A times
for run in $(seq "$runs"); do
    # Rotate the order so that no set always runs first or last.
    for i in "${!sets[@]}"; do
        set=${sets[$(((i + run) % ${#sets[@]}))]}
        times[$set]+="$(clean_build "$set") "
    done
done
echo "clean dependent debug build, median of $runs runs:"
for set in "${sets[@]}"; do
    # shellcheck disable=SC2086
    printf '  %-10s %6.2fs   (runs: %s)\n' "$set" "$(printf '%s\n' ${times[$set]} | median)" "${times[$set]% }"
done
