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
    with pytest.raises(qiboard.ArgumentError, match="depth"):
        start.perft(-1)
    with pytest.raises(IndexError, match="action"):
        start.play_action(2**70)


def test_a_number_a_parameter_does_not_take_is_a_value_error_naming_it() -> None:
    start = xiangqi.Position()
    cases = [
        (lambda: start.perft(-1), "depth"),
        (lambda: start.divide(2**40), "depth"),
        (lambda: xiangqi.perft(start, -1), "depth"),
        (lambda: chess.Position().perft(-1), "depth"),
        (lambda: chess.perft(chess.START_FEN, -3), "depth"),
        (lambda: xiangqi.Batch(-1), "n"),
        (lambda: xiangqi.Batch(0), "n"),
        (lambda: xiangqi.Batch(2, seed=-5), "seed"),
        (lambda: xiangqi.Batch(2, threads=-1), "threads"),
        (lambda: xiangqi.Batch(2, occurrences=-1), "occurrences"),
        (lambda: xiangqi.Game(move_limit=-1), "move_limit"),
        (lambda: xiangqi.Game(occurrences=2**64), "occurrences"),
        (lambda: xiangqi.Tablebase(cache_bytes=-1), "cache_bytes"),
        (lambda: xiangqi.Tablebase(memory_bytes=-1), "memory_bytes"),
        (lambda: xiangqi.Tablebase(rules="strict"), "rules"),
        (lambda: xiangqi.Plan(-2), "attackers"),
        (lambda: chess.Move.from_bits(70000), "bits"),
        (lambda: xiangqi.Record().root.add_nag(300), "nag"),
        (lambda: xiangqi.svg(start, size=-4), "size"),
        (lambda: start.notation_text("h2e2", "chess"), "notation"),
        (lambda: xiangqi.square_index("z9"), "name"),
    ]
    for call, parameter in cases:
        with pytest.raises(ValueError, match=parameter) as caught:
            call()
        assert not isinstance(caught.value, OverflowError), parameter
        assert isinstance(caught.value, qiboard.QiboardError), (parameter, caught.value)


def test_an_index_out_of_range_is_a_range_error_both_value_and_index_error() -> None:
    batch = xiangqi.Batch(2)
    cases = [
        (lambda: xiangqi.action_to_move(99999), "action"),
        (lambda: xiangqi.action_to_move(-1), "action"),
        (lambda: xiangqi.Move.from_action(2**70), "action"),
        (lambda: xiangqi.Game().play_action(xiangqi.ACTION_COUNT), "action"),
        (lambda: xiangqi.square_name(90), "index"),
        (lambda: xiangqi.Position().piece_at(-1), "square"),
        (lambda: chess.Position().piece_at(64), "square"),
        (lambda: batch.game(2), "i"),
        (lambda: batch.position(-1), "i"),
    ]
    for call, parameter in cases:
        with pytest.raises(qiboard.RangeError, match=parameter) as caught:
            call()
        assert isinstance(caught.value, ValueError) and isinstance(caught.value, IndexError)
    # NumPy integers are indices as ints are.
    import numpy as np

    assert xiangqi.action_to_move(np.int64(0)) == xiangqi.action_to_move(0)
    assert xiangqi.square_name(np.int32(4)) == "e0"
