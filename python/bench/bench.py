#!/usr/bin/env python3
"""qiboard's Python package against pyffish and cchess, in one run.

    pip install ./python -r python/bench/requirements.txt
    python python/bench/bench.py [--quick] [--json out.json]

Measures, on the same positions for every library:

1. random playouts from Python: at every ply the legal moves are listed
   and one is played (the games are drawn once with qiboard, then replayed
   by each library, so all see the same positions). pyffish is
   stateless: each call takes the start FEN and the moves so far (also
   shown: the FEN after each move plus an empty list); cchess keeps a
   board object (pure Python);
2. legal-move generation on a fixed set of positions (qiboard and cchess
   from parsed positions, pyffish from FEN);
3. reading a PGN collection: qiboard one file of many games (and the
   same games one file each), cchess one file per game (it reads one game
   per file);
4. Batch stepping: steps per second of n self-play games, both cores and
   one thread.

Each figure is the best of a few repetitions (wall clock).
"""

import argparse
import json
import os
import platform
import random
import tempfile
import time
from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np

from qiboard import xiangqi

try:
    import pyffish
except ImportError:  # pragma: no cover - reported in the output
    pyffish = None
try:
    import cchess
except ImportError:  # pragma: no cover
    cchess = None


def best_of(repeats: int, run: Callable[[], Any]) -> Tuple[float, Any]:
    """The shortest wall time of `repeats` runs, and the last result."""
    best = float("inf")
    result = None
    for _ in range(repeats):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


# ---------------------------------------------------------------- games


def random_games(count: int, max_plies: int, seed: int) -> List[List[str]]:
    """Random games from the start, as UCCI move lists (each at most
    `max_plies` long, or until the game ends)."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        game = xiangqi.Game()
        while len(game) < max_plies and not game.is_over():
            game.play(rng.choice(game.position.legal_moves()))
        games.append([m.uci() for m in game.moves])
    return games


def to_ffish(move: str) -> str:
    """UCCI to Fairy-Stockfish's text (ranks 1-10)."""
    return f"{move[0]}{int(move[1]) + 1}{move[2]}{int(move[3]) + 1}"


def playout_qiboard(games: List[List[str]]) -> int:
    plies = 0
    for moves in games:
        position = xiangqi.Position()
        for text in moves:
            legal = position.legal_moves()
            # Find the move the game played among the legal ones.
            move = None
            for candidate in legal:
                if candidate.uci() == text:
                    move = candidate
                    break
            assert move is not None
            position = position.play(move)
            plies += 1
    return plies


def playout_qiboard_random(count: int, max_plies: int, seed: int) -> int:
    """The same kind of playouts without replay: choose at random."""
    rng = random.Random(seed)
    plies = 0
    for _ in range(count):
        position = xiangqi.Position()
        for _ in range(max_plies):
            legal = position.legal_moves()
            if not legal:
                break
            position = position.play(rng.choice(legal))
            plies += 1
    return plies


def playout_pyffish_moves(games: List[List[str]]) -> int:
    start = xiangqi.START_FEN
    plies = 0
    for moves in games:
        played: List[str] = []
        for text in moves:
            legal = pyffish.legal_moves("xiangqi", start, played)
            move = to_ffish(text)
            assert move in legal
            played.append(move)
            plies += 1
    return plies


def playout_pyffish_fen(games: List[List[str]]) -> int:
    plies = 0
    for moves in games:
        fen = xiangqi.START_FEN
        for text in moves:
            legal = pyffish.legal_moves("xiangqi", fen, [])
            move = to_ffish(text)
            assert move in legal
            fen = pyffish.get_fen("xiangqi", fen, [move])
            plies += 1
    return plies


def cchess_legal(board: Any) -> List[Tuple[Tuple[int, int], Tuple[int, int]]]:
    """cchess's legal moves: its pseudo-legal moves not leaving the king in check."""
    return [
        m
        for m in board.create_moves()
        if board.is_valid_move_t(m) and not board.is_checked_move(m[0], m[1])
    ]


def playout_cchess(games: List[List[str]]) -> int:
    plies = 0
    for moves in games:
        board = cchess.ChessBoard(xiangqi.START_FEN)
        for text in moves:
            legal = cchess_legal(board)
            move = cchess.iccs2pos(text)
            assert move in legal, text
            board.move(move[0], move[1])
            board.next_turn()
            plies += 1
    return plies


# ---------------------------------------------------------------- benches


def bench_playouts(args: argparse.Namespace, report: Dict[str, Any]) -> None:
    games = random_games(args.games, args.max_plies, seed=1)
    subset = games[: args.compare_games]
    plies_all = sum(map(len, games))
    plies_subset = sum(map(len, subset))
    print(f"\n## Random playouts ({len(games)} games, {plies_all} plies; compared on {len(subset)} games, {plies_subset} plies)")
    rows = {}
    t, n = best_of(args.repeats, lambda: playout_qiboard(games))
    rows["qiboard (all games)"] = n / t
    t, n = best_of(args.repeats, lambda: playout_qiboard_random(args.games, args.max_plies, 2))
    rows["qiboard (random.choice, no replay)"] = n / t
    t, n = best_of(args.repeats, lambda: playout_qiboard(subset))
    rows["qiboard"] = n / t
    if pyffish is not None:
        t, n = best_of(1, lambda: playout_pyffish_moves(subset))
        rows["pyffish (start FEN + move list)"] = n / t
        t, n = best_of(1, lambda: playout_pyffish_fen(subset))
        rows["pyffish (FEN after each move)"] = n / t
    if cchess is not None:
        t, n = best_of(1, lambda: playout_cchess(subset))
        rows["cchess"] = n / t
    for name, rate in rows.items():
        versus = "" if name.startswith("qiboard") else f"   qiboard is {rows['qiboard'] / rate:8.1f}x faster"
        print(f"  {name:40s} {rate:14,.0f} plies/s{versus}")
    report["playouts_plies_per_s"] = rows


def bench_movegen(args: argparse.Namespace, report: Dict[str, Any]) -> None:
    rng = random.Random(5)
    fens: List[str] = []
    for moves in random_games(args.positions // 50 + 1, 200, seed=3):
        position = xiangqi.Position()
        for text in moves:
            if rng.random() < 0.3:
                fens.append(position.fen())
            position = position.play(text)
    fens = fens[: args.positions]
    print(f"\n## Legal-move generation on {len(fens)} fixed positions")
    positions = [xiangqi.Position(f) for f in fens]
    rows = {}
    t, n = best_of(args.repeats, lambda: sum(len(p.legal_moves()) for p in positions))
    rows["qiboard legal_moves() (list of Move)"] = len(positions) / t
    total_moves = n
    t, _ = best_of(args.repeats, lambda: sum(p.count_legal_moves() for p in positions))
    rows["qiboard count_legal_moves()"] = len(positions) / t
    t, _ = best_of(args.repeats, lambda: [p.legal_mask() for p in positions])
    rows["qiboard legal_mask() (NumPy)"] = len(positions) / t
    if pyffish is not None:
        some = fens[: args.slow_positions]
        t, n = best_of(1, lambda: sum(len(pyffish.legal_moves("xiangqi", f, [])) for f in some))
        rows["pyffish legal_moves(fen)"] = len(some) / t
    if cchess is not None:
        boards = [cchess.ChessBoard(f) for f in fens[: args.slow_positions]]
        t, _ = best_of(1, lambda: sum(len(cchess_legal(b)) for b in boards))
        rows["cchess"] = len(boards) / t
    base = rows["qiboard legal_moves() (list of Move)"]
    for name, rate in rows.items():
        print(f"  {name:40s} {rate:14,.0f} positions/s   qiboard legal_moves() is {base / rate:8.1f}x")
    print(f"  ({total_moves / len(positions):.1f} legal moves per position on average)")
    report["movegen_positions_per_s"] = rows


def bench_pgn(args: argparse.Namespace, report: Dict[str, Any]) -> None:
    games = random_games(args.pgn_games, 160, seed=7)
    texts = [xiangqi.Record.from_game(xiangqi.Game(None, moves)).to_pgn("chinese") for moves in games]
    moves_total = sum(map(len, games))
    print(f"\n## Reading PGN ({len(games)} games, {moves_total} moves, Chinese notation)")
    rows = {}
    with tempfile.TemporaryDirectory() as tmp:
        collection = os.path.join(tmp, "collection.pgn")
        with open(collection, "w", encoding="utf-8") as out:
            out.write("\n".join(texts))
        singles = []
        for i, text in enumerate(texts):
            path = os.path.join(tmp, f"game{i}.pgn")
            with open(path, "w", encoding="utf-8") as out:
                out.write(text)
            singles.append(path)
        t, records = best_of(args.repeats, lambda: xiangqi.read_file(collection))
        assert [len(r) for r in records] == list(map(len, games))
        rows["qiboard read_file(collection)"] = len(games) / t
        t, _ = best_of(args.repeats, lambda: sum(1 for _ in xiangqi.iter_records(collection)))
        rows["qiboard iter_records(collection)"] = len(games) / t
        t, _ = best_of(args.repeats, lambda: [xiangqi.read_file(p) for p in singles])
        rows["qiboard read_file (one file per game)"] = len(games) / t
        if cchess is not None:
            some = singles[: args.pgn_slow_games]
            t, read = best_of(1, lambda: [cchess.read_from_pgn(p) for p in some])
            counts = [len(list(g.iter_moves())) for g in read]
            ok = sum(1 for c, moves in zip(counts, games) if c == len(moves))
            rows["cchess read_from_pgn (one file per game)"] = len(some) / t
            print(f"  (cchess read {ok} of {len(some)} games in full)")
    base = rows["qiboard read_file(collection)"]
    for name, rate in rows.items():
        print(f"  {name:40s} {rate:14,.0f} games/s  ({rate * moves_total / len(games):12,.0f} moves/s)   qiboard is {base / rate:7.1f}x")
    report["pgn_games_per_s"] = rows


def bench_batch(args: argparse.Namespace, report: Dict[str, Any]) -> None:
    print("\n## Batch stepping (self-play, random legal actions from sample_actions())")
    print(f"  load average before: {os.getloadavg()[0]:.2f} (other processes share the cores)")
    rows = {}
    cpu_rows = {}
    for threads in (None, 1):
        for n in args.batch_sizes:
            batch = xiangqi.Batch(n, seed=1, threads=threads)
            batch.reset()
            for _ in range(20):  # warm up: games of every length
                batch.step(batch.sample_actions())
            steps = max(1, args.batch_steps // n)
            best_wall, best_cpu = float("inf"), float("inf")
            for _ in range(args.repeats):
                wall, cpu = time.perf_counter(), time.process_time()
                for _ in range(steps):
                    batch.step(batch.sample_actions())
                best_wall = min(best_wall, time.perf_counter() - wall)
                best_cpu = min(best_cpu, time.process_time() - cpu)
            label = f"n={n}, {'all cores' if threads is None else f'{threads} thread'}"
            rows[label] = steps * n / best_wall
            cpu_rows[label] = steps * n / best_cpu
            print(f"  {label:40s} {rows[label]:14,.0f} steps/s   {cpu_rows[label]:14,.0f} steps per CPU-second")

    # Stepping only (the actions drawn beforehand), to separate the two.
    n = args.batch_sizes[-1]
    batch = xiangqi.Batch(n, seed=1)
    batch.reset()
    steps = max(1, args.batch_steps // n)
    total = 0.0
    for _ in range(steps):
        actions = batch.sample_actions()
        t1 = time.perf_counter()
        batch.step(actions)
        total += time.perf_counter() - t1
    label = f"n={n}, all cores, step() alone"
    rows[label] = steps * n / total
    print(f"  {label:40s} {rows[label]:14,.0f} steps/s")
    print(f"  load average after: {os.getloadavg()[0]:.2f}")
    report["batch_steps_per_s"] = rows
    report["batch_steps_per_cpu_second"] = cpu_rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke run")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--only", choices=["playouts", "movegen", "pgn", "batch"], action="append")
    args = parser.parse_args()
    quick = args.quick
    args.repeats = 1 if quick else 3
    args.games = 20 if quick else 200
    args.compare_games = 2 if quick else 10
    args.max_plies = 200
    args.positions = 500 if quick else 5000
    args.slow_positions = 100 if quick else 1000
    args.pgn_games = 50 if quick else 1000
    args.pgn_slow_games = 10 if quick else 100
    args.batch_sizes = [256, 1024] if quick else [256, 1024, 4096]
    args.batch_steps = 200_000 if quick else 2_000_000

    report: Dict[str, Any] = {
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "pyffish": getattr(pyffish, "version", lambda: None)() if pyffish else None,
            "cchess": getattr(cchess, "__version__", "installed") if cchess else None,
        }
    }
    report["machine"]["load_average"] = os.getloadavg()[0]
    print(f"qiboard bench: Python {report['machine']['python']}, {report['machine']['cpus']} CPUs, {report['machine']['platform']}")
    if pyffish is None:
        print("pyffish is not installed: its columns are skipped (pip install pyffish)")
    if cchess is None:
        print("cchess is not installed: its columns are skipped (pip install cchess)")
    benches = {"playouts": bench_playouts, "movegen": bench_movegen, "pgn": bench_pgn, "batch": bench_batch}
    for name in args.only or list(benches):
        benches[name](args, report)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(report, out, indent=2)
        print(f"\nwritten {args.json}")


if __name__ == "__main__":
    main()
