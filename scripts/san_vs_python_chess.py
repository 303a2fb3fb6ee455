#!/usr/bin/env python3
"""Differential test: qiboard's chess SAN against python-chess.

Plays random games with python-chess from a few start positions (the
perft positions, which hold castling, en passant, promotions and pins),
collects every position's FEN and the SAN of each legal move in the order
of its UCI text, then asks `qiboard moves chess - --notation san` for the
same positions in one run and compares the lists.

    pip install chess
    cargo build --release -p qiboard-cli
    scripts/san_vs_python_chess.py [games] [plies] [seed]
"""
import random
import sys

import chess
from qiboard_cli import moves_lines

STARTS = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    # Queens and knights that need disambiguation by file, rank or both.
    "2k5/8/8/8/Q6Q/8/8/K6Q w - - 0 1",
    "4k3/8/2N3N1/8/8/2N3N1/8/4K3 w - - 0 1",
]


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    plies = int(sys.argv[2]) if len(sys.argv) > 2 else 120
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    fens, expected = [], []
    for game in range(games):
        board = chess.Board(STARTS[game % len(STARTS)])
        for _ in range(plies):
            moves = sorted(board.legal_moves, key=lambda m: m.uci())
            fens.append(board.fen())
            expected.append([board.san(m) for m in moves])
            if not moves or board.is_game_over():
                break
            board.push(rng.choice(moves))
    lines = moves_lines("chess", fens, "--notation", "san")
    mismatches = 0
    checked_moves = sum(len(e) for e in expected)
    kinds = {"x": 0, "=": 0, "+": 0, "#": 0, "O-O": 0, "disambiguated": 0}
    for fen, want, line in zip(fens, expected, lines):
        got = line.split(" ") if line else []
        for san in want:
            for mark in ("x", "=", "+", "#", "O-O"):
                kinds[mark] += mark in san
            body = san.rstrip("+#")
            kinds["disambiguated"] += body[0] in "NBRQK" and len(body.replace("x", "")) > 3
        if got != want:
            mismatches += 1
            if mismatches <= 10:
                print(f"MISMATCH {fen}\n  python-chess: {' '.join(want)}\n  qiboard:      {' '.join(got)}")
    print(f"positions {len(fens)}, moves {checked_moves}, mismatches {mismatches}")
    print("moves with " + ", ".join(f"{k}: {v}" for k, v in kinds.items()))
    sys.exit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
