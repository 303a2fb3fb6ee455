#!/usr/bin/env bash
# The server's throughput and latency under wrk, on this machine:
#   1. /xiangqi for random KRNKR positions with the response cache off,
#      so that every request probes (the tablebase's block cache at its
#      default size);
#   1b. the same with a block cache of 1 GiB, which holds every block
#      of KRNKR the positions reach;
#   2. the same with the response cache on, over 100 positions asked
#      again and again;
#   3. 1,000 connections with the response cache off, and the server's
#      peak resident memory (VmHWM) after it.
# KRNKR (and its sub-endgames) are built on demand by the server itself
# the first time, into $DIR (default target/bench-tables).
#
#   server/bench/run.sh [seconds] [connections]
#
# FEN_COUNT sets how many random positions the uncached runs draw from
# (default 20,000), WRK_THREADS wrk's threads (default 2; wrk shares the
# machine's cores with the server). Needs wrk and python3. Prints wrk's
# reports; docs/benchmarks.md keeps
# the figures.
set -euo pipefail
cd "$(dirname "$0")/../.."
SECONDS_PER_RUN=${1:-20}
CONNECTIONS=${2:-64}
DIR=${DIR:-target/bench-tables}
FEN_COUNT=${FEN_COUNT:-20000}
WRK_THREADS=${WRK_THREADS:-2}
PORT=${PORT:-9177}
URL="http://127.0.0.1:$PORT"
command -v wrk >/dev/null || { echo "wrk is not installed" >&2; exit 1; }

cargo build --release -p qiboard-server
BIN=target/release/qiboard-server
mkdir -p "$DIR"
SERVER=
stop() { if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; SERVER=; fi; }
trap stop EXIT
# Runs wrk with the positions of file $1 and connections $2, then prints
# the server's own CPU time (user + system) per request answered: under
# other load on the machine the rate falls, this much less.
measure() {
    local ticks_before ticks_after requests
    ticks_before=$(awk '{print $14 + $15}' "/proc/$SERVER/stat")
    FENS=$1 wrk -t"$WRK_THREADS" -c"$2" -d"${SECONDS_PER_RUN}s" --latency \
        -s server/bench/fens.lua "$URL" | tee target/bench-wrk.txt
    ticks_after=$(awk '{print $14 + $15}' "/proc/$SERVER/stat")
    requests=$(awk '/requests in/ {print $1}' target/bench-wrk.txt)
    awk -v t=$((ticks_after - ticks_before)) -v hz="$(getconf CLK_TCK)" -v n="$requests" \
        'BEGIN { printf "server CPU: %.1f s, %.1f us a request\n", t / hz, t / hz / n * 1e6 }'
    uptime
}
start() {
    "$BIN" --dir "$DIR" --listen "127.0.0.1:$PORT" "$@" 2>>target/bench-server.log &
    SERVER=$!
    for _ in $(seq 100); do curl -sf "$URL/health" >/dev/null && return; sleep 0.1; done
    echo "the server did not start" >&2; exit 1
}

start
# Ask about a KRNKR position until its table is there (built on demand).
FEN='3k5%2F9%2F9%2F9%2F4r4%2F9%2F9%2F4N4%2F4R4%2F5K3%20b'
for _ in $(seq 1200); do
    status=$(curl -s -o /dev/null -w '%{http_code}' "$URL/xiangqi?fen=$FEN")
    [ "$status" = 200 ] && break
    sleep 1
done
[ "$status" = 200 ] || { echo "KRNKR was not built" >&2; exit 1; }
# The positions of an earlier run are kept while their count is the same.
if [ "$(wc -l < target/bench-fens.txt 2>/dev/null || echo 0)" != "$FEN_COUNT" ]; then
    python3 server/bench/random_fens.py "$URL" KRNKR "$FEN_COUNT" 1 > target/bench-fens.txt
fi
python3 server/bench/random_fens.py "$URL" KRNKR 100 2 > target/bench-fens-100.txt
stop

echo "== /xiangqi, random KRNKR positions, response cache off"
start --no-cache
measure target/bench-fens.txt "$CONNECTIONS"
curl -s "$URL/metrics" | grep -E '^qiboard_(blocks_read|block_cache_hits)_total'
grep -E '^VmHWM' "/proc/$SERVER/status"
stop

echo "== /xiangqi, random KRNKR positions, response cache off, block cache 1 GiB"
start --no-cache --tb-cache-mib 1024
measure target/bench-fens.txt "$CONNECTIONS"
grep -E '^VmHWM' "/proc/$SERVER/status"
stop

echo "== /xiangqi, 100 KRNKR positions repeated, response cache on"
start
measure target/bench-fens-100.txt "$CONNECTIONS"
curl -s "$URL/metrics" | grep -E '^qiboard_cache_(hits|misses)_total'
stop

echo "== /xiangqi, random KRNKR positions, response cache off, 1000 connections"
ulimit -n 4096 2>/dev/null || true
start --no-cache
measure target/bench-fens.txt 1000
grep -E '^Vm(HWM|RSS)' "/proc/$SERVER/status"
stop
