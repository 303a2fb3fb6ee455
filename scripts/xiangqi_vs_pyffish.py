#!/usr/bin/env python3
"""Differential test: qiboard's xiangqi legal moves against Fairy-Stockfish.

Plays random games with pyffish (PyPI), collects every position's FEN and
legal moves, then asks `qiboard moves xiangqi -` for the same positions in
one run and compares the move sets.

    pip install pyffish
    cargo build --release -p qiboard-cli
    scripts/xiangqi_vs_pyffish.py [games] [plies] [seed]
"""
import random
import re
import sys

import pyffish
from qiboard_cli import moves_lines

STARTS = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
    "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
    "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
]
MOVE = re.compile(r"^([a-i])(\d+)([a-i])(\d+)$")


def to_ucci(move):
    """Fairy-Stockfish numbers ranks 1-10; UCCI numbers them 0-9."""
    a, r1, b, r2 = MOVE.match(move).groups()
    return f"{a}{int(r1) - 1}{b}{int(r2) - 1}"


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    plies = int(sys.argv[2]) if len(sys.argv) > 2 else 120
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    fens, expected = [], []
    for game in range(games):
        fen = STARTS[game % len(STARTS)]
        for _ in range(plies):
            moves = pyffish.legal_moves("xiangqi", fen, [])
            fens.append(fen)
            expected.append(sorted(to_ucci(m) for m in moves))
            if not moves:
                break
            fen = pyffish.get_fen("xiangqi", fen, [rng.choice(moves)])
    lines = moves_lines("xiangqi", fens)
    mismatches = 0
    for fen, want, line in zip(fens, expected, lines):
        got = sorted(line.split()) if line else []
        if got != want:
            mismatches += 1
            if mismatches <= 5:
                print(f"MISMATCH {fen}\n  only qiboard: {sorted(set(got) - set(want))}\n  only pyffish: {sorted(set(want) - set(got))}")
    print(f"{len(fens)} positions, {mismatches} mismatches")
    sys.exit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
