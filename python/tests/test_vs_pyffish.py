"""Differential test: the legal moves of positions from random games equal
Fairy-Stockfish's (pyffish), whose move text numbers ranks 1-10."""

import random
import re

import pytest

pyffish = pytest.importorskip("pyffish")

from qiboard import xiangqi  # noqa: E402

MOVE = re.compile(r"^([a-i])(\d+)([a-i])(\d+)$")
STARTS = [
    xiangqi.START_FEN,
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
    "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
    "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
]


def to_ucci(move: str) -> str:
    match = MOVE.match(move)
    assert match, move
    a, r1, b, r2 = match.groups()
    return f"{a}{int(r1) - 1}{b}{int(r2) - 1}"


def test_legal_moves_equal_pyffish() -> None:
    rng = random.Random(2024)
    checked = 0
    game = 0
    while checked < 3000:
        position = xiangqi.Position(STARTS[game % len(STARTS)])
        game += 1
        for _ in range(150):
            fen = position.fen()
            ours = sorted(m.uci() for m in position.legal_moves())
            theirs = sorted(to_ucci(m) for m in pyffish.legal_moves("xiangqi", fen, []))
            assert ours == theirs, (fen, set(ours) ^ set(theirs))
            if checked % 10 == 0:
                assert position.is_check() == pyffish.gives_check("xiangqi", fen, [])
            checked += 1
            if not ours:
                break
            position = position.play(rng.choice(ours))
    assert checked >= 3000
