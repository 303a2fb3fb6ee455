#!/usr/bin/env python3
"""Random legal-looking positions of an endgame, as URL-escaped FENs, one
a line, for bench/run.sh: pieces placed at random on the squares the
rules allow them (kings and advisors in their palaces, elephants on their
points, pawns ahead of their start); the server refuses the illegal ones
(a side to move giving check, kings facing), and the script keeps only
those it answers with 200.

    random_fens.py URL MATERIAL COUNT SEED > fens.txt
"""
import random
import sys
import urllib.error
import urllib.parse
import urllib.request

FILES = "abcdefghi"


def squares(piece, red):
    kind = piece.upper()
    if kind in "KA":
        ranks = range(0, 3) if red else range(7, 10)
        files = range(3, 6)
        all_ = [(f, r) for f in files for r in ranks]
        if kind == "A":
            all_ = [(f, r) for f, r in all_ if (f + r) % 2 == (1 if red else 0)]
        return all_
    if kind == "B":
        pts = [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)]
        return pts if red else [(f, 9 - r) for f, r in pts]
    if kind == "P":
        return [(f, r if red else 9 - r) for f in range(9) for r in range(3, 10)
                if r >= 5 or f % 2 == 0]
    return [(f, r) for f in range(9) for r in range(10)]


def fen_of(board, side):
    rows = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for file in range(9):
            piece = board.get((file, rank))
            if piece:
                row += (str(empty) if empty else "") + piece
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " " + side


def pieces_of(material):
    black = material.index("K", 1)
    return [c for c in material[:black]], [c.lower() for c in material[black:]]


def main():
    url, material, count, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    rng = random.Random(seed)
    red, black = pieces_of(material)
    found = 0
    while found < count:
        board = {}
        for piece in red + black:
            free = [s for s in squares(piece, piece.isupper()) if s not in board]
            board[rng.choice(free)] = piece
        fen = urllib.parse.quote(fen_of(board, rng.choice("wb")))
        try:
            with urllib.request.urlopen(f"{url}/xiangqi?fen={fen}") as reply:
                if reply.status != 200:
                    continue
        except urllib.error.HTTPError:
            continue
        print(fen)
        found += 1


if __name__ == "__main__":
    main()
