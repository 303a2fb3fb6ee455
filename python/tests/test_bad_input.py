"""Hostile input: every reader raises an exception (a ValueError, or a
TypeError for the wrong type), never crashes."""

import random
import string

import pytest

import qiboard
from qiboard import chess, xiangqi

ALPHABET = string.printable + "炮二平五马８进７車將帥兵卒前后中一二三四五六七八九进退平＋－．\x00\u3000\ufffd"


def garbage(rng: random.Random, longest: int = 80) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(longest)))


def mutated(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randrange(1, 4)):
        at = rng.randrange(len(chars) + 1)
        choice = rng.random()
        if choice < 0.4 and chars:
            del chars[min(at, len(chars) - 1)]
        elif choice < 0.8:
            chars.insert(at, rng.choice(ALPHABET))
        elif chars:
            chars[min(at, len(chars) - 1)] = rng.choice(ALPHABET)
    return "".join(chars)


def expect_value_error(call, *args):  # type: ignore[no-untyped-def]
    try:
        call(*args)
    except ValueError:
        pass


def test_fen_and_move_text() -> None:
    rng = random.Random(7)
    start = xiangqi.Position()
    cstart = chess.Position()
    for _ in range(3000):
        text = garbage(rng) if rng.random() < 0.5 else mutated(rng, xiangqi.START_FEN)
        expect_value_error(xiangqi.Position, text)
        expect_value_error(chess.Position, mutated(rng, chess.START_FEN))
        expect_value_error(xiangqi.Game, text)
        move = garbage(rng, 12) if rng.random() < 0.5 else mutated(rng, "h2e2")
        expect_value_error(start.parse_move, move)
        expect_value_error(start.parse_notation, move)
        expect_value_error(start.parse_notation, mutated(rng, "炮二平五"), "chinese")
        expect_value_error(start.parse_notation, mutated(rng, "C2.5"), "wxf")
        expect_value_error(xiangqi.Move, move)
        expect_value_error(cstart.parse_move, mutated(rng, "e2e4"))
        expect_value_error(cstart.parse_san, mutated(rng, "Nf3"))
        expect_value_error(xiangqi.Tablebase().contains, mutated(rng, "KRKAAEE"))


def test_record_bytes() -> None:
    rng = random.Random(9)
    pgn = '[Game "Chinese Chess"]\n[FEN "3k5/9/9/9/9/9/9/9/4R4/5K3 w"]\n1. 车五进八 {a} (1. R5+8) 将４平５ *\n'
    seeds = [pgn.encode(), pgn.encode("gb18030"), b"XQ\x0a" + bytes(1020), b"\xff\xfe" + pgn.encode("utf-16-le")]
    for _ in range(1500):
        data = bytearray(rng.choice(seeds))
        for _ in range(rng.randrange(1, 10)):
            if data and rng.random() < 0.7:
                data[rng.randrange(len(data))] = rng.randrange(256)
            else:
                data.insert(rng.randrange(len(data) + 1), rng.randrange(256))
        try:
            for record in xiangqi.read_records(bytes(data)):
                record.to_pgn("wxf")
                record.to_ucci()
        except qiboard.RecordError:
            pass
        random_bytes = bytes(rng.randrange(256) for _ in range(rng.randrange(200)))
        expect_value_error(xiangqi.read_records, random_bytes)


def test_wrong_types_are_type_errors() -> None:
    start = xiangqi.Position()
    for call, arg in [
        (start.play, 3),
        (start.play, None),
        (start.is_legal, 3.5),
        (xiangqi.Game, 5),
        (start.piece_at, 2.5),
        (xiangqi.Tablebase().probe_wdl, 12),
    ]:
        with pytest.raises(TypeError):
            call(arg)  # type: ignore[operator]
    assert start.is_legal("h2") is False and start.is_legal("h2e3") is False
    with pytest.raises(TypeError):
        xiangqi.Position(12)  # type: ignore[arg-type]
    with pytest.raises(OverflowError):
        start.perft(-1)
    with pytest.raises((OverflowError, IndexError)):
        start.play_action(2**70)
