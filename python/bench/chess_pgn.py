#!/usr/bin/env python3
"""Reading a chess PGN collection: qiboard against python-chess.

    python python/bench/chess_pgn.py write games.pgn [GAMES] [SEED]
    python python/bench/chess_pgn.py qiboard games.pgn
    python python/bench/chess_pgn.py python-chess games.pgn

``write`` makes a collection of seeded random games (at most 120 plies
each, the seven tag roster, results), written by qiboard. The two readers
read it game by game and print the number of main-line moves (the same
for both); time them as whole processes, side by side, and take the
ratio.
"""

import random
import sys


def write(path: str, games: int, seed: int) -> None:
    from qiboard import chess

    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as out:
        for index in range(games):
            game = chess.Game()
            while not game.is_over() and len(game) < 120:
                game.play(rng.choice(game.legal_moves()))
            if index:
                out.write("\n")
            out.write(game.pgn())


def read_qiboard(path: str) -> int:
    from qiboard import chess

    return sum(len(record.main_line()) for record in chess.iter_records(path))


def read_python_chess(path: str) -> int:
    import chess.pgn

    moves = 0
    with open(path, encoding="utf-8") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            moves += sum(1 for _ in game.mainline_moves())
    return moves


def main() -> None:
    command, path, *rest = sys.argv[1:]
    if command == "write":
        write(path, int(rest[0]) if rest else 2000, int(rest[1]) if len(rest) > 1 else 1)
    elif command == "qiboard":
        print(read_qiboard(path))
    elif command == "python-chess":
        print(read_python_chess(path))
    else:
        sys.exit(f"unknown command {command!r}: write, qiboard or python-chess")


if __name__ == "__main__":
    main()
