#!/usr/bin/env python3
"""qiboard's record readers against the cchess package on sample files.

For every XQF and PGN file of a directory (default: the cchess samples
under ../shared/data/cchess-samples), reads the file with cchess and with
`qiboard convert xiangqi FILE --to ucci` (start FEN and main line) and
`--to pgn --notation ucci` (the whole tree), and shows:

* whether the start position and the main line agree;
* every move of a cchess line that Fairy-Stockfish (pyffish) finds
  illegal — cchess tests moves only pseudo-legally — and whether qiboard
  reported an error naming that move;
* how the two trees' lines (root to leaf) compare.

    pip install cchess pyffish
    cargo build --release -p qiboard-cli
    scripts/records_vs_cchess.py [DIR]

cchess opens PGN files in the locale's encoding; the sample PGNs are
GB18030, so the script makes cchess's PGN reader use that.
"""
import builtins
import functools
import glob
import os
import re
import subprocess
import sys

import cchess
import cchess.read_pgn
import pyffish

from qiboard_cli import BINARY

SAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "data", "cchess-samples")
cchess.read_pgn.open = functools.partial(builtins.open, encoding="gb18030")


def qiboard(path, *target):
    run = subprocess.run([BINARY, "convert", "xiangqi", path, *target], capture_output=True)
    return run.stdout.decode(), run.stderr.decode(), run.returncode


def tree_lines(pgn):
    """Root-to-leaf lines of a PGN written with ICCS moves (`H2-E2`)."""
    body = re.sub(r"^\[.*\]\s*$", "", pgn, flags=re.M)
    body = re.sub(r"\{[^}]*\}", " ", body)
    current, saved, seen = [], [], set()
    for token in re.findall(r"\(|\)|[A-I][0-9]-[A-I][0-9]", body):
        if token == "(":
            saved.append(current)
            current = current[:-1]
        elif token == ")":
            current = saved.pop()
        else:
            current = current + [token.replace("-", "").lower()]
            seen.add(tuple(current))
    prefixes = {line[:i] for line in seen for i in range(len(line))}
    return {line for line in seen if line not in prefixes} or {()}


def first_illegal(fen, line):
    """The index and move of the first move of `line` Fairy-Stockfish refuses."""
    played = []
    for i, move in enumerate(line):
        ffish = f"{move[0]}{int(move[1]) + 1}{move[2]}{int(move[3]) + 1}"
        if ffish not in pyffish.legal_moves("xiangqi", fen + " - - 0 1", played):
            return i, move
        played.append(ffish)
    return None


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else SAMPLES
    paths = sorted(
        p for p in glob.glob(os.path.join(directory, "*")) if p.lower().endswith((".xqf", ".pgn"))
    )
    agree = named = failures = 0
    for path in paths:
        name = os.path.basename(path)
        out, err, _ = qiboard(path, "--to", "ucci")
        lines = out.split("\n")
        fen, main_line = lines[0], lines[1].split() if len(lines) > 1 else []
        errors = [line.replace(f"{path}: ", "") for line in err.splitlines() if line.startswith("error: ")]
        game = cchess.Game.read_from(path)
        cfen = game.init_board.to_fen()
        clines = [tuple(line) for line in game.dump_iccs_moves()] or [()]
        cmain = list(clines[0])
        same_fen = " ".join(fen.split()[:2]) == cfen
        same_main = main_line == cmain
        # Moves cchess let through that Fairy-Stockfish refuses.
        refused = {first_illegal(cfen, line) for line in clines} - {None}
        unnamed = [move for _, move in refused if not any(f'"{move}"' in e for e in errors)]
        # A differing main line must end where qiboard names a move.
        explained = same_main or any(
            f'"{cmain[len(main_line)]}"' in e for e in errors if len(cmain) > len(main_line)
        )
        ours = tree_lines(qiboard(path, "--to", "pgn", "--notation", "ucci")[0])
        only_cchess = set(clines) - ours
        only_ours = ours - set(clines)
        ok = same_fen and explained and not unnamed
        agree += same_fen and same_main
        named += bool(refused) and not unnamed
        failures += not ok
        print(f"== {name}: start {'same' if same_fen else 'DIFFERENT'}, main line "
              f"{'same' if same_main else 'different'} ({len(main_line)} plies qiboard, {len(cmain)} cchess), "
              f"lines {len(ours)} qiboard / {len(set(clines))} cchess, {len(only_cchess)} only in cchess, "
              f"{len(only_ours)} only in qiboard, {len(errors)} qiboard errors")
        if not same_fen:
            print(f"   qiboard {fen}\n   cchess  {cfen}")
        for index, move in sorted(refused):
            mark = "NOT NAMED" if move in unnamed else "named by qiboard"
            print(f"   cchess plays {move} at ply {index + 1}, illegal by Fairy-Stockfish: {mark}")
        for error in errors[:12]:
            print(f"   {error}")
        if len(errors) > 12:
            print(f"   … {len(errors) - 12} more errors")
        if not ok:
            print("   MISMATCH NOT EXPLAINED BY AN ERROR")
    print(f"\n{len(paths)} files: {agree} with the same start and main line as cchess, "
          f"{named} where every illegal move cchess plays is named by qiboard, {failures} unexplained differences")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
