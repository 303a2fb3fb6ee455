"""Records: the cchess sample files (read from where they are), PGN written
and read back, the tree, streaming, problems."""

from pathlib import Path
from typing import Any, List, Tuple

import pytest

import qiboard
from qiboard import xiangqi


def shape(node: xiangqi.Node) -> Tuple[Any, ...]:
    """A node and everything below it as nested tuples."""
    return (
        str(node.move) if node.move else None,
        node.comment,
        tuple(node.nags),
        tuple(shape(child) for child in node.children),
    )


def test_reads_every_sample(samples: Path) -> None:
    read = 0
    for path in sorted(samples.iterdir()):
        if path.suffix.lower() not in (".xqf", ".pgn"):
            continue
        records = xiangqi.read_file(path)
        assert records == xiangqi.read_records(path.read_bytes())
        for record in records:
            read += 1
            assert len(record) == len(record.main_line()) == len(list(record))
            assert record.move_count() >= len(record)
            game = record.game()
            assert game.moves == record.main_line()
            # PGN in every notation reads back to the same tree.
            for notation in ["chinese", "wxf", "iccs", "ucci"]:
                again = xiangqi.read_pgn(record.to_pgn(notation))  # type: ignore[arg-type]
                assert len(again) == 1
                assert shape(again[0].root) == shape(record.root), (path.name, notation)
                assert again[0].start == record.start
            assert record.to_ucci().splitlines()[0] == record.start.fen()
    assert read >= 20


def test_known_sample_facts(samples: Path) -> None:
    (record,) = xiangqi.read_file(samples / "test.xqf")
    assert record.tag("Red") == "柳大华" and len(record) == 110
    assert record.problems == []
    (goats,) = xiangqi.read_file(samples / "FiveGoatsTest.xqf")
    assert goats.line_count() == 349 and goats.move_count() == 32124
    (bad,) = xiangqi.read_file(samples / "BadMoveTest3.xqf")
    kinds = [problem.kind for problem in bad.problems]
    assert "skipped" in kinds
    problem = bad.problems[0]
    assert problem.ply > 0 and problem.side in ("red", "black") and problem.message
    assert not problem.is_warning
    for name in ["test.cbr", "test.cbf"]:
        with pytest.raises(qiboard.RecordError, match="not read"):
            xiangqi.read_file(samples / name)


def test_tree_navigation_and_editing() -> None:
    pgn = '[Game "Chinese Chess"]\n1. 炮二平五 {central cannon} 马８进７ (1... 炮８平５) 2. 马二进三 *'
    (record,) = xiangqi.read_pgn(pgn)
    assert record.main_line() == [xiangqi.Move(m) for m in ["h2e2", "h9g7", "h0g2"]]
    assert record.line_count() == 2
    root = record.root
    assert root.is_root and root.move is None and root.parent is None
    first = root.main_child
    assert first is not None and first.comment == "central cannon"
    replies = first.children
    assert [str(node.move) for node in replies] == ["h9g7", "h7e7"]
    assert replies[1].parent == first and replies[1].moves() == [xiangqi.Move("h2e2"), xiangqi.Move("h7e7")]
    assert replies[1].position() == xiangqi.Position().play("h2e2").play("h7e7")
    node = replies[1].add_move("h0g2")
    node.comment = "added"
    node.add_nag(1)
    assert node.nags == [1] and record.line_count() == 2
    assert replies[1].add_move("h0g2") == node  # found, not added twice
    with pytest.raises(qiboard.NotationError):
        node.add_move("a0a5")
    text = record.to_pgn("wxf")
    assert "{added}" in text and "$1" in text
    (again,) = xiangqi.read_pgn(text)
    assert shape(again.root) == shape(record.root)
    record.set_tag("Red", "someone")
    assert record.tag("red") == "someone" and ("Red", "someone") in record.tags
    assert [n.move for n in record.main_line_nodes()] == record.main_line()


def test_record_from_game_and_streaming(tmp_path: Path) -> None:
    games: List[xiangqi.Game] = []
    for opening in ["h2e2 h9g7", "b2e2 b9c7 b0c2", "c3c4"]:
        games.append(xiangqi.Game(None, opening.split()))
    path = tmp_path / "collection.pgn"
    path.write_text("\n".join(xiangqi.Record.from_game(g).to_pgn("chinese") for g in games), encoding="utf-8")
    streamed = [record.main_line() for record in xiangqi.iter_records(path)]
    assert streamed == [g.moves for g in games]
    assert [r.main_line() for r in xiangqi.read_file(str(path))] == streamed
    # GB18030 bytes read the same.
    gb = tmp_path / "gb.pgn"
    gb.write_bytes(path.read_text(encoding="utf-8").encode("gb18030"))
    assert [r.main_line() for r in xiangqi.read_file(gb)] == streamed
    empty = xiangqi.Record()
    assert len(empty) == 0 and empty.start == xiangqi.Position()
    assert "Record(" in repr(empty)


def test_record_errors(tmp_path: Path) -> None:
    with pytest.raises(qiboard.RecordError):
        xiangqi.read_records(b"")
    with pytest.raises(qiboard.RecordError):
        xiangqi.read_pgn("")
    assert len(xiangqi.read_pgn("XQ is no XQF here 1. h2e2 *")) == 1
    with pytest.raises(qiboard.RecordError):
        xiangqi.read_records(b"\x00\x01\x02garbage")
    with pytest.raises(qiboard.RecordError):
        xiangqi.read_records(b"XQ")
    with pytest.raises(qiboard.RecordError, match="cannot read"):
        xiangqi.read_file(tmp_path / "missing.pgn")
    with pytest.raises(qiboard.RecordError):
        xiangqi.iter_records(tmp_path / "missing.pgn")
    bad = tmp_path / "bad.pgn"
    bad.write_text('[FEN "not a fen"]\n1. h2e2 *\n\n[Event "ok"]\n1. h2e2 *\n')
    reader = xiangqi.iter_records(bad, skip_errors=True)
    assert [r.main_line() for r in reader] == [[xiangqi.Move("h2e2")]] and reader.skipped == 1
    reader = xiangqi.iter_records(bad)
    with pytest.raises(qiboard.RecordError, match="bad start"):
        next(reader)
    assert next(reader).main_line() == [xiangqi.Move("h2e2")]
    # A bad move is a problem, not an error: what came before it is kept.
    (record,) = xiangqi.read_pgn("1. h2e2 h9g7 2. a0a5 b9c7 *")
    assert len(record) == 2 and record.problems[0].kind == "bad-move"


def test_records_pickle_with_tags_comments_nags_and_variations() -> None:
    import pickle

    pgn = (
        '[Game "Chinese Chess"]\n[Event "pickled"]\n[FEN "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1"]\n\n'
        "1. 车五进八 {a rook check} $1 (1. 车五平六 {the other way}) 将４平５ *\n"
    )
    (record,) = xiangqi.read_pgn(pgn)
    again = pickle.loads(pickle.dumps(record))
    assert again == record and again is not record
    assert again.tag("Event") == "pickled"
    assert again.to_pgn("chinese") == record.to_pgn("chinese")
    first = again.root.children
    assert len(first) == 2 and first[0].comment == "a rook check" and first[0].nags == [1]
    assert first[1].comment == "the other way"
    empty = xiangqi.Record()
    assert pickle.loads(pickle.dumps(empty)) == empty


def test_big5_and_mixed_encodings_read_a_game_at_a_time(tmp_path: Path) -> None:
    game = (
        '[Game "Chinese Chess"]\n[Event "象棋比賽第一輪"]\n[FEN "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1"]\n\n'
        "1. 車五進八 將４進１ 2. 車五平六 *\n\n"
    )
    big5 = game.encode("big5")
    (record,) = xiangqi.read_records(big5)
    assert record.tag("Event") == "象棋比賽第一輪" and len(record) == 3
    # A UTF-8 game, one no encoding reads, the same game again: the good
    # ones keep their moves, the bad one says what went wrong.
    junk = b'[Event "junk"]\n\n1. \xff\xfe\xff *\n\n'
    mixed = game.encode() + junk + big5 + game.encode("gb18030")
    records = xiangqi.read_records(mixed)
    assert [len(r) for r in records] == [3, 0, 3, 3]
    assert [r.tag("Event") for r in records] == ["象棋比賽第一輪", "junk"] + ["象棋比賽第一輪"] * 2
    assert records[1].problems and records[1].problems[0].kind == "encoding"
    path = tmp_path / "mixed.pgn"
    path.write_bytes(mixed)
    assert [len(r) for r in xiangqi.iter_records(path)] == [3, 0, 3, 3]
