"""Chess games, records and books against python-chess (PyPI ``chess``).

* Random games played to their end: ``Game.outcome()`` agrees with
  python-chess's ``Board.outcome()`` after every ply, and
  ``outcome(claim_draw=True)`` with ``outcome(claim_draw=True)``; the games
  start from the start and from sparse endings, where the draw rules
  come into play often.
* PGN both ways on a collection of a few thousand seeded random games with
  tags, comments, NAGs and variations: what qiboard writes python-chess
  reads game for game, and what python-chess writes qiboard reads.
* A Polyglot book built here from random games' positions: every lookup
  and weighted choice agrees with ``chess.polyglot``'s reader.

Skipped when python-chess is not installed (``pip install chess``), unless
``QIBOARD_REQUIRE_TOOLS=1``.
"""

import io
import os
import random
import struct
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest

import qiboard
from qiboard import chess as qchess

if os.environ.get("QIBOARD_REQUIRE_TOOLS") == "1":
    import chess  # noqa: F401  (a missing python-chess fails here)
    import chess.pgn
    import chess.polyglot
else:
    chess = pytest.importorskip("chess")
    import chess.pgn
    import chess.polyglot

STARTS = [
    qchess.START_FEN,
    "8/8/4k3/8/8/8/8/R3K3 w Q - 0 1",
    "8/5k2/8/8/3q4/8/2R5/4K3 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",
]

# python-chess's Termination names, as qiboard writes them.
ENDINGS = {
    "CHECKMATE": "checkmate",
    "STALEMATE": "stalemate",
    "INSUFFICIENT_MATERIAL": "insufficient-material",
    "SEVENTYFIVE_MOVES": "seventyfive-moves",
    "FIVEFOLD_REPETITION": "fivefold-repetition",
    "FIFTY_MOVES": "fifty-moves",
    "THREEFOLD_REPETITION": "threefold-repetition",
}


def their_outcome(outcome: Optional["chess.Outcome"]) -> Optional[Tuple[Optional[str], str]]:
    if outcome is None:
        return None
    winner = None if outcome.winner is None else ("white" if outcome.winner else "black")
    return winner, ENDINGS[outcome.termination.name]


def our_outcome(outcome: Optional[qchess.Outcome]) -> Optional[Tuple[Optional[str], str]]:
    return None if outcome is None else (outcome.winner, outcome.ending)


def shuffling_move(rng: random.Random, moves: List[qchess.Move], last: List[qchess.Move]) -> qchess.Move:
    """A random move, or often one that undoes the mover's last move, so
    that positions repeat as they do in real play."""
    if len(last) >= 2 and rng.random() < 0.3:
        back = last[-2]
        for mv in moves:
            if mv.from_square == back.to_square and mv.to_square == back.from_square:
                return mv
    return rng.choice(moves)


def test_outcomes_agree_with_python_chess_on_games_played_to_the_end() -> None:
    rng = random.Random(2024)
    endings: Dict[str, int] = {}
    claims = 0
    for index in range(60):
        fen = STARTS[index % len(STARTS)]
        game = qchess.Game(fen)
        board = chess.Board(fen)
        # Claims are asked at every ply of the first games (python-chess's
        # claim check replays the game), at the end of all of them.
        every_ply = index < 24
        while not game.is_over():
            moves = game.legal_moves()
            assert sorted(mv.uci() for mv in moves) == sorted(mv.uci() for mv in board.legal_moves)
            mv = shuffling_move(rng, moves, list(game))
            game.play(mv)
            board.push_uci(mv.uci())
            assert our_outcome(game.outcome()) == their_outcome(board.outcome()), board.fen()
            if every_ply:
                theirs = their_outcome(board.outcome(claim_draw=True))
                assert our_outcome(game.outcome(claim_draw=True)) == theirs, board.fen()
                assert game.can_claim_draw() == board.can_claim_draw(), board.fen()
                claims += theirs is not None and game.outcome() is None
            assert len(game) < 20_000
        assert game.legal_moves() == []
        assert our_outcome(game.outcome(claim_draw=True)) == their_outcome(board.outcome(claim_draw=True))
        ending = game.outcome()
        assert ending is not None and board.is_game_over()
        endings[ending.ending] = endings.get(ending.ending, 0) + 1
    # The games reached most automatic endings, and claims on the way.
    assert {"insufficient-material", "fivefold-repetition", "seventyfive-moves"} <= set(endings), endings
    assert claims > 100, claims


def test_a_random_loop_ends_as_the_issue_asked() -> None:
    rng = random.Random(20)
    for _ in range(20):
        game = qchess.Game()
        while not game.is_over():
            game.play(rng.choice(game.legal_moves()))
        assert len(game) < 20_000


def random_record(rng: random.Random, index: int) -> qchess.Record:
    """A random game as a record: tags, a main line to the end or cut short,
    comments, NAGs and variations."""
    fen = STARTS[index % len(STARTS)] if index % 3 == 0 else qchess.START_FEN
    game = qchess.Game(fen)
    limit = rng.randrange(0, 120)
    while not game.is_over() and len(game) < limit:
        game.play(rng.choice(game.legal_moves()))
    record = qchess.Record.from_game(game)
    record.set_tag("Event", f"random {index}")
    record.set_tag("Site", "qiboard")
    record.set_tag("Date", "2026.12.03")
    record.set_tag("Round", str(index))
    record.set_tag("White", f"Player {rng.randrange(100)}, A.")
    record.set_tag("Black", "Player B" if index % 10 else 'Player "B"')
    if index % 5 == 0:
        record.set_tag("Annotator", "random")
    node = record.root
    if index % 7 == 0:
        node.comment = f"game {index}"
    while node.main_child is not None:
        parent, node = node, node.main_child
        if rng.random() < 0.05:
            node.comment = f"note {rng.randrange(1000)}"
        if rng.random() < 0.05:
            node.add_nag(rng.randrange(1, 20))
        if rng.random() < 0.04:
            alternatives = parent.position().legal_moves()
            branch = parent.add_move(rng.choice(alternatives))
            replies = branch.position().legal_moves()
            if replies:
                reply = branch.add_move(rng.choice(replies))
                if rng.random() < 0.5:
                    reply.comment = "in a variation"
    return record


def python_chess_tree(node: Any) -> Any:
    """A python-chess node's moves, comments and NAGs, as a nested tuple."""
    return tuple(
        (child.move.uci(), child.comment, tuple(sorted(child.nags)), python_chess_tree(child))
        for child in node.variations
    )


def qiboard_tree(node: qchess.Node) -> Any:
    return tuple(
        (child.move.uci() if child.move else None, child.comment or "", tuple(sorted(child.nags)), qiboard_tree(child))
        for child in node.children
    )


GAMES = 3000


def test_python_chess_reads_qiboard_pgn_game_for_game() -> None:
    rng = random.Random(33)
    records = [random_record(rng, index) for index in range(GAMES)]
    collection = "\n".join(record.to_pgn() for record in records)
    stream = io.StringIO(collection)
    lines = moves = 0
    for record in records:
        theirs = chess.pgn.read_game(stream)
        assert theirs is not None
        assert not theirs.errors, theirs.errors
        expected = {"Result": "*", **dict(record.tags)}
        # The PGN standard escapes a quote in a tag value as \" (as qiboard
        # writes and reads it); python-chess neither writes nor reads the
        # escape, so it keeps the backslash.
        expected["Black"] = expected["Black"].replace('"', '\\"')
        if record.start.fen() != qchess.START_FEN:
            expected.update(SetUp="1", FEN=record.start.fen())
        assert dict(theirs.headers) == expected
        assert theirs.board().fen() == record.start.fen()
        assert [mv.uci() for mv in theirs.mainline_moves()] == [mv.uci() for mv in record.main_line()]
        assert theirs.comment == (record.root.comment or "")
        assert python_chess_tree(theirs) == qiboard_tree(record.root)
        if record.tag("Result") is not None:
            assert theirs.end().board().result() == record.tag("Result")
        lines += record.line_count()
        moves += record.move_count()
    assert chess.pgn.read_game(stream) is None
    assert lines > GAMES and moves > 50 * GAMES


def python_chess_game(rng: random.Random, index: int) -> "chess.pgn.Game":
    """A random game written by python-chess, with its tags, comments, NAGs
    and variations (the moves drawn with qiboard's help, which is faster)."""
    fen = STARTS[index % len(STARTS)] if index % 3 == 0 else chess.STARTING_FEN
    played = qchess.Game(fen)
    limit = rng.randrange(0, 120)
    while not played.is_over() and len(played) < limit:
        played.play(rng.choice(played.legal_moves()))
    game = chess.pgn.Game()
    if fen != chess.STARTING_FEN:
        game.setup(fen)
    game.headers["Event"] = f"python-chess {index}"
    game.headers["White"] = "Ä. Nonascii"
    game.headers["Result"] = played.outcome().result if played.is_over() else "*"
    if index % 4 == 0:
        game.headers["TimeControl"] = "40/7200:3600"
    if index % 6 == 0:
        game.comment = "before the moves"
    node: Any = game
    position = played.start
    for mv in played:
        parent = node
        node = parent.add_variation(chess.Move.from_uci(mv.uci()))
        if rng.random() < 0.05:
            node.comment = f"comment {rng.randrange(1000)}"
        if rng.random() < 0.05:
            node.nags.add(rng.randrange(1, 20))
        if rng.random() < 0.04:
            alternative = rng.choice(position.legal_moves())
            if alternative != mv:
                branch = parent.add_variation(chess.Move.from_uci(alternative.uci()))
                replies = position.play(alternative).legal_moves()
                if replies:
                    branch.add_variation(chess.Move.from_uci(rng.choice(replies).uci()))
        position = position.play(mv)
    return game


def test_qiboard_reads_python_chess_pgn_game_for_game(tmp_path: Path) -> None:
    rng = random.Random(34)
    games = [python_chess_game(rng, index) for index in range(GAMES)]
    text = "\n\n".join(str(game) for game in games) + "\n"
    records = qchess.read_pgn(text)
    assert len(records) == GAMES
    for game, record in zip(games, records):
        assert record.problems == []
        assert dict(record.tags) == dict(game.headers)
        assert record.start.fen() == game.board().fen()
        assert [mv.uci() for mv in record.main_line()] == [mv.uci() for mv in game.mainline_moves()]
        assert (record.root.comment or "") == game.comment
        assert qiboard_tree(record.root) == python_chess_tree(game)
    # The same collection, as a file of ISO 8859-1 bytes read as a stream.
    path = tmp_path / "games.pgn"
    path.write_bytes(text.encode("latin-1"))
    streamed = list(qchess.iter_records(path))
    assert [record.tags for record in streamed] == [record.tags for record in records]
    assert streamed == records


def test_game_pgn_has_the_result_python_chess_gives() -> None:
    rng = random.Random(5)
    for index in range(40):
        game = qchess.Game(STARTS[index % len(STARTS)])
        while not game.is_over():
            game.play(rng.choice(game.legal_moves()))
        theirs = chess.pgn.read_game(io.StringIO(game.pgn()))
        assert theirs is not None
        board = theirs.end().board()
        assert theirs.headers["Result"] == board.result() == game.outcome().result
        assert board.fen() == game.position.fen()


def polyglot_move(move: "chess.Move", board: "chess.Board") -> int:
    """A move in Polyglot's encoding, written here from the format's
    description: castling as the king taking its rook."""
    to = move.to_square
    if board.is_castling(move):
        rank = chess.square_rank(move.from_square)
        to = chess.square(7 if board.is_kingside_castling(move) else 0, rank)
    promotion = {None: 0, chess.KNIGHT: 1, chess.BISHOP: 2, chess.ROOK: 3, chess.QUEEN: 4}[move.promotion]
    return to | move.from_square << 6 | promotion << 12


def summary(entry: Any) -> Optional[Tuple[str, int, int]]:
    """An entry of either reader as its move, weight and learn value."""
    return None if entry is None else (entry.move.uci(), entry.weight, entry.learn)


def test_polyglot_books_read_as_python_chess_reads_them(tmp_path: Path) -> None:
    rng = random.Random(7)
    entries = []
    boards = []
    for index in range(150):
        board = chess.Board(STARTS[index % 4])
        for _ in range(rng.randrange(0, 30)):
            if board.is_game_over():
                break
            boards.append(board.copy())
            key = chess.polyglot.zobrist_hash(board)
            assert qchess.Position(board.fen()).key == key
            for move in rng.sample(list(board.legal_moves), k=min(4, board.legal_moves.count())):
                entries.append((key, polyglot_move(move, board), rng.randrange(0, 6), rng.randrange(1 << 32)))
            board.push(rng.choice(list(board.legal_moves)))
    entries.sort(key=lambda entry: entry[0])
    path = tmp_path / "book.bin"
    path.write_bytes(b"".join(struct.pack(">QHHI", *entry) for entry in entries))
    book = qchess.polyglot.Book(path)
    from_bytes = qchess.polyglot.Book(path.read_bytes())
    assert len(book) == len(from_bytes) == len(entries)
    assert book[-1].key == entries[-1][0] and book[0].raw_move == entries[0][1]
    with chess.polyglot.open_reader(path) as reader:
        for board in boards:
            position = qchess.Position(board.fen())
            for minimum in (0, 1, 3):
                theirs = [(e.move.uci(), e.weight, e.learn) for e in reader.find_all(board, minimum_weight=minimum)]
                ours = [(e.move.uci(), e.weight, e.learn) for e in book.find_all(position, minimum_weight=minimum)]
                assert ours == theirs, board.fen()
                assert [(e.move.uci(), e.weight) for e in from_bytes.find_all(position, minimum_weight=minimum)] == [
                    (move, weight) for move, weight, _ in theirs
                ]
            main = reader.get(board)
            found = book.find(position)
            assert summary(found) == summary(main), board.fen()
            seed = rng.randrange(1 << 30)
            try:
                chosen: Optional[Any] = reader.weighted_choice(board, random=random.Random(seed))
            except IndexError:
                chosen = None
            ours_chosen = book.weighted_choice(position, random=random.Random(seed))
            assert summary(ours_chosen) == summary(chosen), board.fen()


def test_bad_books_are_value_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.bin"
    path.write_bytes(b"\0" * 17)
    with pytest.raises(qiboard.QiboardError, match="16-byte"):
        qchess.polyglot.Book(path)
    with pytest.raises(qiboard.QiboardError):
        qchess.polyglot.Book(tmp_path / "missing.bin")
    with pytest.raises(TypeError, match="source"):
        qchess.polyglot.Book(3)  # type: ignore[arg-type]
    with pytest.raises(IndexError):
        qchess.polyglot.Book(b"")[0]


def test_a_bad_colour_is_a_value_error_naming_it() -> None:
    position = qchess.Position("8/8/4k3/8/8/2N5/8/4K3 w - - 0 1")
    assert position.has_insufficient_material("white") and position.is_insufficient_material()
    with pytest.raises(qiboard.QiboardError, match="color"):
        position.has_insufficient_material("red")  # type: ignore[arg-type]


def test_the_readme_chess_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from conftest import readme_blocks

    (code,) = readme_blocks("Chess")["python"]
    monkeypatch.chdir(tmp_path)
    start = chess.Board()
    raw = polyglot_move(chess.Move.from_uci("e2e4"), start)
    (tmp_path / "book.bin").write_bytes(struct.pack(">QHHI", chess.polyglot.zobrist_hash(start), raw, 1, 0))
    scope: Dict[str, Any] = {}
    exec(compile(code, "python/README.md", "exec"), scope)
    assert scope["game"].is_over() and scope["entry"].move.uci() == "e2e4"
