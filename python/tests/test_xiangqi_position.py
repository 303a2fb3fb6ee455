"""Positions and moves: legality by perft, FEN, values, pickling, errors."""

import copy
import pickle

import pytest

import qiboard
from qiboard import xiangqi

START = xiangqi.START_FEN

# Perft numbers from DESIGN.md (depths 1-3 here; the Rust tests go deeper).
PERFT = [
    (START, [44, 1920, 79666]),
    ("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w", [38, 1128, 43929]),
    ("1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w", [7, 281, 8620]),
    ("5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w", [25, 424, 9850]),
    ("CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w", [28, 516, 14808]),
    ("C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w", [28, 222, 6241]),
    ("4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w", [23, 345, 8124]),
    ("1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w", [30, 830, 22787]),
]


@pytest.mark.parametrize("fen,counts", PERFT)
def test_perft_matches_the_published_numbers(fen: str, counts: list) -> None:
    position = xiangqi.Position(fen)
    assert len(position.legal_moves()) == counts[0]
    for depth, expected in enumerate(counts, start=1):
        assert position.perft(depth) == expected
        assert xiangqi.perft(fen, depth) == expected


def test_perft_by_python_recursion_agrees() -> None:
    # The move lists and play() seen from Python give the same tree.
    def count(position: xiangqi.Position, depth: int) -> int:
        if depth == 0:
            return 1
        return sum(count(position.play(m), depth - 1) for m in position.legal_moves())

    assert count(xiangqi.Position(), 2) == 1920
    divided = dict(xiangqi.Position().divide(2))
    assert sum(divided.values()) == 1920 and len(divided) == 44


def test_perft_too_deep_is_an_error() -> None:
    with pytest.raises(qiboard.PerftError):
        xiangqi.Position().perft(65)


def test_fen_round_trip_and_fields() -> None:
    start = xiangqi.Position()
    assert start.fen() == START == str(start)
    assert repr(start) == f"Position('{START}')"
    assert start.turn == "red" and start.halfmove_clock == 0 and start.fullmove_number == 1
    after = start.play("h2e2").play("h9g7")
    assert xiangqi.Position(after.fen()) == after
    assert after.fullmove_number == 2 and after.turn == "red"
    # H/E letters and a missing side are read; 'r' means Red.
    assert xiangqi.Position("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r") == start
    assert xiangqi.Position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR").turn == "red"


def test_pieces_and_squares() -> None:
    start = xiangqi.Position()
    assert start.piece_at("e0") == "K" and start.piece_at(4) == "K"
    assert start.piece_at("e9") == "k" and start.piece_at("e4") is None
    assert len(start.pieces()) == 32
    assert xiangqi.square_index("i9") == 89 and xiangqi.square_name(89) == "i9"
    assert xiangqi.SQUARES[0] == "a0" and len(xiangqi.SQUARES) == 90
    with pytest.raises(IndexError):
        start.piece_at(90)
    with pytest.raises(ValueError):
        start.piece_at("z1")


def test_moves_are_values() -> None:
    move = xiangqi.Move("h2e2")
    assert (move.from_square, move.to_square) == (xiangqi.square_index("h2"), xiangqi.square_index("e2"))
    assert move.uci() == str(move) == "h2e2" and move.iccs() == "H2-E2"
    assert repr(move) == "Move('h2e2')"
    assert move == xiangqi.Move.from_squares("h2", "e2") == xiangqi.Move.from_squares(25, 22)
    assert hash(move) == hash(xiangqi.Move("h2e2"))
    assert len({move, xiangqi.Move("h2e2"), xiangqi.Move("b2e2")}) == 2
    assert sorted([xiangqi.Move("h2e2"), xiangqi.Move("b2e2")])[0] == xiangqi.Move("b2e2")
    assert move != "h2e2"
    assert pickle.loads(pickle.dumps(move)) == move
    assert copy.deepcopy(move) == move
    for bad in ["", "h2", "h2h2", "j0a0", "a0a10", "a0-a1x"]:
        with pytest.raises(qiboard.MoveError):
            xiangqi.Move(bad)


def test_positions_hash_compare_and_pickle() -> None:
    start = xiangqi.Position()
    assert start == xiangqi.Position.start() and hash(start) == hash(xiangqi.Position())
    after = start.play("h2e2")
    assert after != start and {start, after, xiangqi.Position()} == {start, after}
    assert pickle.loads(pickle.dumps(after)) == after
    assert copy.copy(after) is after and copy.deepcopy(after) == after
    assert start.key != after.key and start.lock != after.lock
    assert 0 <= start.key < 2**64 and 0 <= start.lock < 2**64


def test_play_is_checked() -> None:
    start = xiangqi.Position()
    assert start.is_legal("h2e2") and not start.is_legal("h2e3") and not start.is_legal("zz")
    with pytest.raises(qiboard.MoveError):
        start.play("h2e3")
    with pytest.raises(qiboard.MoveError):
        start.play(xiangqi.Move("a9a8"))  # Black's rook, Red to move
    with pytest.raises(TypeError):
        start.play(42)  # type: ignore[arg-type]
    assert start.parse_move(" h2e2 ") == xiangqi.Move("h2e2")


def test_captures_quiets_check_status() -> None:
    position = xiangqi.Position("4k4/9/9/9/9/9/9/9/4r4/3K5 w")
    assert position.is_check() is False
    moves = set(position.legal_moves())
    assert moves == set(position.captures()) | set(position.quiets())
    check = xiangqi.Position("R8/4k4/9/9/9/9/9/9/9/3K5 w").play("a9a8")
    assert check.is_check() and check.checkers() == [xiangqi.square_index("a8")]
    assert check.status() == "ongoing"
    stalemate = xiangqi.Position("3k5/R8/9/9/4R4/9/9/9/9/5K3 b")
    assert stalemate.status() == "stalemate" and stalemate.is_game_over()
    assert stalemate.count_legal_moves() == 0 and stalemate.legal_moves() == []


def test_flying_general_and_flipped() -> None:
    # Kings facing on an open file is no legal position; a FEN with it is a PositionError.
    with pytest.raises(qiboard.PositionError):
        xiangqi.Position("4k4/9/9/9/9/9/9/9/9/4K4 w")
    position = xiangqi.Position("3k5/9/9/9/9/9/9/9/9/4K4 w")
    # The red king may not step onto the black king's open file.
    assert position.is_legal("e0e1") and not position.is_legal("e0d0")
    flipped = xiangqi.Position().play("h2e2").flipped()
    assert flipped.turn == "red" and flipped.flipped() == xiangqi.Position().play("h2e2")


def test_fen_errors_carry_the_crate_messages() -> None:
    with pytest.raises(qiboard.FenError, match="rows"):
        xiangqi.Position("3k5/9 w")
    with pytest.raises(qiboard.PositionError, match="can never go"):
        xiangqi.Position("3k5/9/9/9/9/9/9/9/9/P3K4 w")
    with pytest.raises(qiboard.FenError, match="side to move"):
        xiangqi.Position(START.replace(" w ", " x "))
    for error in (qiboard.FenError, qiboard.PositionError, qiboard.MoveError):
        assert issubclass(error, qiboard.QiboardError) and issubclass(error, ValueError)
    assert issubclass(qiboard.PositionError, qiboard.FenError)


def test_diagram() -> None:
    text = xiangqi.Position().diagram()
    lines = text.splitlines()
    assert lines[0] == "9 r n b a k a b n r" and lines[-2] == "0 R N B A K A B N R"
    assert lines[-1].split() == list("abcdefghi")
