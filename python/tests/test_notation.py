"""Notations: known texts, round trips over random positions, errors."""

import pytest

import qiboard
from qiboard import xiangqi

from conftest import random_positions

STYLES = [
    ("ucci", {}),
    ("iccs", {}),
    ("wxf", {}),
    ("chinese", {}),
    ("chinese", {"traditional": True}),
    ("chinese", {"ascii_digits": True}),
    ("chinese", {"traditional": True, "ascii_digits": True}),
]


def test_known_texts() -> None:
    start = xiangqi.Position()
    move = start.parse_notation("炮二平五", "chinese")
    assert move == xiangqi.Move("h2e2")
    assert start.notation_text(move, "wxf") == "C2.5"
    assert start.notation_text(move, "iccs") == "H2-E2"
    assert start.notation_text(move, "ucci") == "h2e2"
    assert start.notation_text("h2e2", "chinese") == "炮二平五"
    black = start.play(move)
    reply = black.parse_notation("H8+7")
    assert black.notation_text(reply, "chinese", traditional=True) == "馬８進７"
    assert black.notation_text(reply, "chinese", ascii_digits=True) == "马8进7"
    assert black.notation_text(reply, "chinese") == "马８进７"
    for text in ["h9g7", "H9-G7", "h9-g7", "H8+7", "马８进７", "馬8進7", "Ｈ８＋７"]:
        assert black.parse_notation(text) == reply, text


def test_detect_notation() -> None:
    assert xiangqi.detect_notation("炮二平五") == "chinese"
    assert xiangqi.detect_notation("h2e2") == "ucci"
    assert xiangqi.detect_notation("H2-E2") == "ucci"
    assert xiangqi.detect_notation("C2.5") == "wxf"


@pytest.mark.parametrize("notation,style", STYLES)
def test_every_legal_move_round_trips(notation: str, style: dict) -> None:
    for position in random_positions(300, seed=11):
        seen = set()
        for move in position.legal_moves():
            text = position.notation_text(move, notation, **style)  # type: ignore[arg-type]
            assert position.parse_notation(text, notation) == move, (position.fen(), text)  # type: ignore[arg-type]
            assert position.parse_notation(text) == move, (position.fen(), text)
            seen.add(text)
        # Different moves are written differently.
        assert len(seen) == len(position.legal_moves())


def test_notation_errors() -> None:
    start = xiangqi.Position()
    with pytest.raises(qiboard.NotationError, match="not legal"):
        start.notation_text("a0a5", "wxf")
    with pytest.raises(qiboard.NotationError):
        start.parse_notation("车一进五")
    with pytest.raises(qiboard.NotationError):
        start.parse_notation("R1+9", "wxf")
    with pytest.raises(qiboard.NotationError, match="no notation"):
        start.parse_notation("h2e2", "morse")  # type: ignore[arg-type]
    with pytest.raises(qiboard.NotationError):
        start.notation_text("h2e2", "auto")  # type: ignore[arg-type]
    with pytest.raises(qiboard.MoveError):
        start.notation_text("h2", "wxf")
    with pytest.raises(qiboard.NotationError):
        start.parse_notation("x" * 100)
