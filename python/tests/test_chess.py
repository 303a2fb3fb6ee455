"""Chess: perft, Polyglot keys, UCI and SAN, games, pickling."""

import pickle

import pytest

import qiboard
from qiboard import chess

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@pytest.mark.parametrize(
    "fen,counts",
    [
        (chess.START_FEN, [20, 400, 8902, 197281]),
        (KIWIPETE, [48, 2039, 97862]),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", [14, 191, 2812, 43238]),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", [6, 264, 9467]),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", [44, 1486, 62379]),
    ],
)
def test_perft(fen: str, counts: list) -> None:
    position = chess.Position(fen)
    for depth, expected in enumerate(counts, start=1):
        assert position.perft(depth) == expected
    assert chess.perft(fen, 1) == counts[0]
    assert sum(n for _, n in position.divide(2)) == counts[1]


def test_polyglot_keys() -> None:
    start = chess.Position()
    assert start.key == 0x463B96181691FC9C
    e4 = start.play("e2e4")
    assert e4.key == 0x823C9B50FD114196
    assert e4.play("d7d5").key == 0x0756B94461C50FB0


def test_moves_san_and_values() -> None:
    start = chess.Position()
    assert start.turn == "white" and len(start.legal_moves()) == 20
    move = start.parse_move("g1f3")
    assert move.uci() == str(move) == "g1f3" and move.kind == "normal"
    assert start.san(move) == "Nf3" and start.parse_san("Nf3") == move
    assert pickle.loads(pickle.dumps(move)) == move
    assert pickle.loads(pickle.dumps(start)) == start and hash(start) == hash(chess.Position())
    castle = chess.Position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").parse_move("e1g1")
    assert castle.kind == "castle" and castle.uci() == "e1g1"
    promo = chess.Position("8/P7/8/8/8/8/8/k6K w - - 0 1").parse_san("a8=Q")
    assert promo.promotion == "q" and promo.uci() == "a7a8q"
    assert chess.Move.from_bits(promo.bits) == promo
    with pytest.raises(ValueError):
        chess.Move.from_bits(0)
    with pytest.raises(qiboard.MoveError):
        start.play("e2e5")
    with pytest.raises(qiboard.NotationError):
        start.parse_san("Qh5")
    with pytest.raises(qiboard.FenError):
        chess.Position("8/8 w")
    assert start.planes().shape == (13, 8, 8) and start.planes()[:12].sum() == 32


def test_game() -> None:
    game = chess.Game()
    for text in ["f2f3", "e7e5", "g2g4"]:
        game.play(text)
    game.play_san("Qh4#")
    outcome = game.outcome()
    assert outcome is not None and (outcome.winner, outcome.ending, outcome.result) == ("black", "checkmate", "0-1")
    with pytest.raises(qiboard.GameOverError):
        game.play("e1f2")
    assert len(game) == 4 and [m.uci() for m in game] == ["f2f3", "e7e5", "g2g4", "d8h4"]
    again = pickle.loads(pickle.dumps(game))
    assert again.position == game.position
    stalemate = chess.Game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").outcome()
    assert stalemate is not None and stalemate.winner is None and stalemate.ending == "stalemate"
    game.undo()
    assert game.outcome() is None and game.occurrences() == 1
