"""The engine client against real engines (Debian's fairy-stockfish over UCI
and UCCI, stockfish for chess) and against fake ones that die, hang or
speak garbage (fake_engine.py).

Searches are to small fixed depths or node counts, so that each test takes
a moment; nothing here asserts how long anything took.
"""

import asyncio
import logging
import os
import signal
import subprocess
import sys
import threading
import tracemalloc
from pathlib import Path
from xml.etree import ElementTree
from typing import Iterator, List, Set

import pytest

import qiboard
from conftest import find_tool, readme_blocks
from qiboard import chess, xiangqi
from qiboard.engine import (
    Engine,
    EngineArgumentError,
    EngineError,
    EngineMoveError,
    EngineProtocolError,
    EngineTerminatedError,
    EngineTimeoutError,
    Limit,
    PovScore,
    Score,
    SimpleEngine,
    popen_ucci,
    popen_uci,
)
from qiboard.engine._dialects import Dialect, MoveText, Ucci, kept_root_moves
from qiboard.engine._options import parse_option

FAKE = Path(__file__).with_name("fake_engine.py")

# Positions from the project's perft list: a middle game and an ending.
XIANGQI_FENS = [
    xiangqi.START_FEN,
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w",
]
# Black's cannon flees between b7 and a7 while Red's rook chases it: after
# these moves, chasing it back to b7 (a2b2) would repeat the start a third
# time and lose by perpetual chase.
CHASE_FEN = "5k3/9/1c7/9/9/9/9/1R7/9/3K5 b"
CHASE_MOVES = "b7a7 b2a2 a7b7 a2b2 b7a7 b2a2 a7b7".split()


@pytest.fixture(scope="module")
def fairy() -> str:
    return find_tool("fairy-stockfish")


@pytest.fixture(scope="module")
def stockfish() -> str:
    return find_tool("stockfish")


def fake(mode: str) -> List[str]:
    return [sys.executable, str(FAKE), mode]


def child_processes() -> Set[int]:
    """This process's children, zombies included (they keep their /proc
    entry until reaped)."""
    me = os.getpid()
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == me:
            found.add(int(stat.parent.name))
    return found


@pytest.fixture
def no_leftovers() -> Iterator[None]:
    """Fails the test if it leaves a child process, running or zombie."""
    if not Path("/proc/self/stat").exists():
        pytest.skip("needs /proc to list child processes")
    before = child_processes()
    yield
    assert child_processes() - before == set()


def sent(caplog: pytest.LogCaptureFixture) -> List[str]:
    """The lines the client sent, from its debug log."""
    return [r.getMessage().split(" << ", 1)[1] for r in caplog.records if " << " in r.getMessage()]


def check_line(position: xiangqi.Position, moves: List[xiangqi.Move]) -> None:
    for move in moves:
        assert position.is_legal(move)
        position = position.play(move)


# -- the client's own values ------------------------------------------------


def test_scores_order_negate_and_change_sides() -> None:
    ladder = [Score(mate=0), Score(mate=-1), Score(mate=-5), Score(centipawns=-300), Score(centipawns=0)]
    ladder += [Score(centipawns=45), Score(mate=7), Score(mate=2), -Score(mate=0)]
    assert ladder == sorted(reversed(ladder)) and all(a < b for a, b in zip(ladder, ladder[1:]))
    # The other side's view turns the order round; twice is the same score.
    negated = [-score for score in ladder]
    assert all(a > b for a, b in zip(negated, negated[1:])) and [-score for score in negated] == ladder
    assert (-Score(mate=0)).is_won() and Score(mate=0).is_lost() and str(-Score(mate=0)) == "#+0"
    assert [str(score) for score in ladder[1:7]] == ["#-1", "#-5", "-300", "0", "+45", "#+7"]
    pov = PovScore(Score(centipawns=35), "black")
    assert pov.black() == Score(centipawns=35) and pov.red() == pov.white() == Score(centipawns=-35)
    with pytest.raises(EngineArgumentError, match="side"):
        pov.pov("blue")
    with pytest.raises(ValueError):
        Score(centipawns=1, mate=1)


def test_limits_are_checked_and_name_their_parameter() -> None:
    assert Limit(white_clock=60, white_inc=1) == Limit(red_clock=60.0, red_inc=1.0)
    assert Limit(depth=3).white_clock is None and repr(Limit(nodes=5)) == "Limit(nodes=5)"
    for bad, name in [
        (dict(depth=0), "depth"),
        (dict(depth=True), "depth"),
        (dict(nodes=-1), "nodes"),
        (dict(time=0), "time"),
        (dict(time=float("inf")), "time"),
        (dict(red_clock=-1), "red_clock"),
        (dict(mate=0), "mate"),
        (dict(red_clock=1, white_clock=1), "white_clock"),
        (dict(), "Limit needs"),
    ]:
        with pytest.raises(EngineArgumentError, match=name):
            Limit(**bad)  # type: ignore[arg-type]
    assert issubclass(EngineArgumentError, qiboard.QiboardError) and issubclass(EngineArgumentError, ValueError)
    assert issubclass(EngineTimeoutError, TimeoutError) and not issubclass(EngineError, ValueError)


def test_option_lines_of_both_protocols() -> None:
    uci = parse_option("name Clear Hash type button".split())
    assert uci is not None and (uci.name, uci.type, uci.default) == ("Clear Hash", "button", None)
    spin = parse_option("name Hash type spin default 16 min 1 max 131072".split())
    assert spin is not None and (spin.default, spin.min, spin.max) == (16, 1, 131072)
    combo = parse_option("name Analysis Contempt type combo default Both var Both var Off var White".split())
    assert combo is not None and combo.var == ("Both", "Off", "White") and combo.default == "Both"
    ucci = parse_option("usemillisec type check default false".split())
    assert ucci is not None and (ucci.name, ucci.default) == ("usemillisec", False)
    empty = parse_option("name SyzygyPath type string default <empty>".split())
    assert empty is not None and empty.default == ""
    assert parse_option("name".split()) is None
    assert spin.text(64) == "64" and combo.text("off") == "Off" and uci.text(None) is None
    for option, value in [(spin, 0), (spin, "many"), (spin, True), (combo, "None"), (uci, 1), (empty, "a\nquit")]:
        with pytest.raises(EngineArgumentError, match=option.name):
            option.text(value)


def test_go_lines_and_root_moves_of_both_protocols() -> None:
    clocks = Limit(red_clock=65.5, black_clock=0.5, red_inc=2, black_inc=0)
    assert Dialect().go(clocks, True, ["h2e2"]) == "go wtime 65500 btime 500 winc 2000 binc 0 searchmoves h2e2"
    # UCCI in seconds, as its specification counts them: whole seconds, a
    # clock with time left never sent as 0.
    seconds = Ucci(milliseconds=False)
    assert seconds.go(clocks, True, None) == "go time 65 increment 2 opptime 1 oppincrement 0"
    assert seconds.go(clocks, False, None) == "go time 1 increment 0 opptime 65 oppincrement 2"
    assert seconds.go(Limit(time=2.5, depth=9), True, None) == "go depth 9 time 2 movestogo 1"
    assert Ucci().go(Limit(red_clock=3, remaining_moves=20), True, None) == "go time 3000 movestogo 20"
    legal = ["a0a1", "b0c2", "h2e2"]
    assert kept_root_moves(legal, None, []) is None
    assert kept_root_moves(legal, None, ["h2e2"]) == ["a0a1", "b0c2"]
    assert kept_root_moves(legal, ["h2e2", "b0c2"], ["h2e2"]) == ["b0c2"]
    # When the rules ban every candidate, the engine chooses among them.
    assert kept_root_moves(legal, ["h2e2"], ["h2e2"]) == ["h2e2"]
    assert kept_root_moves(legal, None, legal) is None
    assert Ucci().restrict(legal, ["b0c2"]) == (None, ["a0a1", "h2e2"])
    assert Dialect().restrict(legal, ["b0c2"]) == (["b0c2"], [])
    fairy = MoveText(1)
    assert fairy.to_engine("xiangqi", "h9g7") == "h10g8" and fairy.to_game("xiangqi", "h10g8") == "h9g7"
    assert fairy.to_engine("chess", "e2e4") == "e2e4"
    for bad in ["h11g8", "h0g1", "z1a2", "h10"]:
        with pytest.raises(EngineMoveError, match=bad):
            fairy.to_game("xiangqi", bad)


# -- xiangqi over UCI (Fairy-Stockfish) -------------------------------------


def test_uci_xiangqi_analysis(fairy: str, no_leftovers: None) -> None:
    with SimpleEngine.popen_uci(fairy) as engine:
        assert engine.protocol == "uci" and engine.id["name"].startswith("Fairy-Stockfish")
        assert engine.rank_base == 1 and "xiangqi" in engine.options["uci_variant"].var
        assert engine.options["Hash"].type == "spin" and engine.options["hash"].min == 1
        for fen in XIANGQI_FENS:
            position = xiangqi.Position(fen)
            info = engine.analyse(position, Limit(depth=6))
            assert info["depth"] >= 6 and info["seldepth"] >= 1 and info["nodes"] > 0
            assert isinstance(info["time"], float) and info["nps"] >= 0
            score = info["score"]
            assert isinstance(score, PovScore) and score.turn == "red" and isinstance(score.relative, Score)
            assert score.red() == score.relative and score.black() == -score.relative
            assert info["pv"] and all(isinstance(move, xiangqi.Move) for move in info["pv"])
            check_line(position, info["pv"])


def test_uci_finds_the_mate_and_scores_it_from_both_sides(fairy: str) -> None:
    with SimpleEngine.popen_uci(fairy) as engine:
        info = engine.analyse(xiangqi.Position("3k5/9/9/9/9/9/9/9/4R4/5K3 w"), Limit(depth=6))
        red = info["score"].red()
        assert red.is_mate() and red.is_won() and red.mate is not None and red.mate > 0
        assert info["score"].black().is_lost()
        result = engine.play(xiangqi.Position("3k5/9/9/9/9/9/9/9/4R4/5K3 w"), Limit(depth=6))
        assert result.move is not None and result.move == info["pv"][0]


def test_uci_multipv_gives_distinct_lines_best_first(fairy: str) -> None:
    with SimpleEngine.popen_uci(fairy) as engine:
        for fen in XIANGQI_FENS[:2]:
            position = xiangqi.Position(fen)
            infos = engine.analyse(position, Limit(depth=5), multipv=3)
            assert [info["multipv"] for info in infos] == [1, 2, 3]
            firsts = [info["pv"][0] for info in infos]
            assert len(set(firsts)) == 3
            scores = [info["score"].relative for info in infos]
            assert scores[0] >= scores[1] >= scores[2]
            for info in infos:
                check_line(position, info["pv"])
        # Back to one line: MultiPV is reset for the next search.
        assert len(engine.analyse(xiangqi.Position(), Limit(depth=3), multipv=1)) == 1
        assert engine.analyse(xiangqi.Position(), Limit(depth=3)).get("multipv", 1) == 1


def test_uci_game_history_and_rank_translation(fairy: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="qiboard.engine")
    game = xiangqi.Game(moves=["h2e2", "h9g7"])
    with SimpleEngine.popen_uci(fairy) as engine:
        result = engine.play(game, Limit(nodes=3000))
        assert result.move is not None and game.position.is_legal(result.move)
        assert result.ponder is None or game.position.play(result.move).is_legal(result.ponder)
    lines = sent(caplog)
    assert "setoption name UCI_Variant value xiangqi" in lines
    assert f"position fen {xiangqi.START_FEN} moves h3e3 h10g8" in lines
    assert "go nodes 3000" in lines


def test_uci_limits_by_time_and_clocks(fairy: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="qiboard.engine")
    position = xiangqi.Position()
    with SimpleEngine.popen_uci(fairy) as engine:
        for limit in [Limit(time=0.05), Limit(red_clock=2, black_clock=3, red_inc=0.1, black_inc=0.1)]:
            move = engine.play(position, limit).move
            assert move is not None and position.is_legal(move)
    assert "go movetime 50" in sent(caplog) and "go wtime 2000 btime 3000 winc 100 binc 100" in sent(caplog)


def test_configure_checks_names_and_values(fairy: str) -> None:
    with SimpleEngine.popen_uci(fairy) as engine:
        engine.configure({"Hash": 32, "threads": 1, "Clear Hash": None, "Ponder": False})
        for options, word in [
            ({"Hash": 0}, "Hash"),
            ({"No Such Option": 1}, "No Such Option"),
            ({"MultiPV": 3}, "MultiPV"),
            ({"UCI_Variant": "chess"}, "UCI_Variant"),
        ]:
            with pytest.raises(EngineArgumentError, match=word):
                engine.configure(options)
        with pytest.raises(EngineArgumentError, match="multipv"):
            engine.analyse(xiangqi.Position(), Limit(depth=2), multipv=0)
        with pytest.raises(EngineArgumentError, match="root_moves"):
            engine.play(xiangqi.Position(), Limit(depth=2), root_moves=["a0a5"])
        with pytest.raises(TypeError, match="board"):
            engine.play("start", Limit(depth=2))  # type: ignore[call-overload]
        # The engine is still fine after refused arguments.
        assert engine.play(xiangqi.Position(), Limit(depth=2), root_moves=["b0c2"]).move == xiangqi.Move("b0c2")


# -- xiangqi over UCCI (Fairy-Stockfish) ------------------------------------


def test_ucci_analysis_and_multipv(fairy: str, no_leftovers: None) -> None:
    with SimpleEngine.popen_ucci(fairy) as engine:
        assert engine.protocol == "ucci" and engine.rank_base == 0 and "usemillisec" not in engine.options
        for fen in XIANGQI_FENS:
            position = xiangqi.Position(fen)
            info = engine.analyse(position, Limit(depth=5))
            assert info["depth"] >= 5 and isinstance(info["score"].relative, Score)
            check_line(position, info["pv"])
        infos = engine.analyse(xiangqi.Position(), Limit(depth=4), multipv=3)
        assert len({info["pv"][0] for info in infos}) == 3
        with pytest.raises(EngineArgumentError, match="chess"):
            engine.analyse(chess.Position(), Limit(depth=2))
        with pytest.raises(EngineArgumentError, match="mate"):
            engine.analyse(xiangqi.Position(), Limit(mate=2))


def test_ucci_limits(fairy: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="qiboard.engine")
    position = xiangqi.Position().play("h2e2")
    with SimpleEngine.popen_ucci(fairy) as engine:
        for limit in [Limit(time=0.05), Limit(red_clock=3, black_clock=2, black_inc=0.1), Limit(nodes=2000)]:
            move = engine.play(position, limit).move
            assert move is not None and position.is_legal(move)
    # Black to move: its clock is "time", Red's "opptime".
    lines = sent(caplog)
    assert "go time 50 movestogo 1" in lines and "go time 2000 increment 100 opptime 3000" in lines
    assert "go nodes 2000" in lines and "ucci" in lines


def test_ucci_root_moves_are_banmoves(fairy: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="qiboard.engine")
    with SimpleEngine.popen_ucci(fairy) as engine:
        assert engine.play(xiangqi.Position(), Limit(depth=5), root_moves=["a0a1"]).move == xiangqi.Move("a0a1")
    banned = next(line for line in sent(caplog) if line.startswith("banmoves"))
    assert sorted(banned.split()[1:]) == sorted(m.uci() for m in xiangqi.Position().legal_moves() if m.uci() != "a0a1")


def test_ucci_engine_is_told_the_banned_moves(fairy: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="qiboard.engine")
    game = xiangqi.Game(CHASE_FEN, CHASE_MOVES)
    assert [move.uci() for move in game.banned_moves()] == ["a2b2"]
    with SimpleEngine.popen_ucci(fairy) as engine:
        for limit in [Limit(depth=6), Limit(nodes=5000)]:
            move = engine.play(game, limit).move
            assert move is not None and move != xiangqi.Move("a2b2") and game.position.is_legal(move)
        assert xiangqi.Move("a2b2") not in [info["pv"][0] for info in engine.analyse(game, Limit(depth=4), multipv=3)]
    lines = sent(caplog)
    position = next(i for i, line in enumerate(lines) if line.startswith("position"))
    assert lines[position] == f"position fen {xiangqi.Position(CHASE_FEN).fen()} moves {' '.join(CHASE_MOVES)}"
    assert lines[position + 1] == "banmoves a2b2" and lines[position + 2].startswith("go")
    assert lines.count("banmoves a2b2") == 3


def test_uci_engine_searches_around_the_banned_moves(fairy: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="qiboard.engine")
    game = xiangqi.Game(CHASE_FEN, CHASE_MOVES)
    with SimpleEngine.popen_uci(fairy) as engine:
        move = engine.play(game, Limit(depth=6)).move
    assert move is not None and move != xiangqi.Move("a2b2")
    go = next(line for line in sent(caplog) if line.startswith("go"))
    searched = go.split("searchmoves ")[1].split()
    assert "a3b3" not in searched and len(searched) == len(game.legal_moves()) - 1


def test_engine_against_engine_under_the_rules(fairy: str) -> None:
    game = xiangqi.Game()
    with SimpleEngine.popen_uci(fairy) as red, SimpleEngine.popen_ucci(fairy) as black:
        red.configure({"Skill Level": 3})
        while not game.is_over() and len(game) < 40:
            engine = red if game.position.turn == "red" else black
            banned = game.banned_moves()
            result = engine.play(game, Limit(depth=4))
            assert result.move is not None and result.move not in banned
            game.play(result.move)
    assert len(game) == 40 or game.outcome() is not None


# -- chess over UCI (Stockfish) ---------------------------------------------


def test_stockfish_analyses_and_plays_chess(stockfish: str, no_leftovers: None) -> None:
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    with SimpleEngine.popen_uci(stockfish) as engine:
        assert "UCI_Variant" not in engine.options
        for fen in [chess.START_FEN, kiwipete]:
            position = chess.Position(fen)
            info = engine.analyse(position, Limit(depth=8))
            assert info["depth"] >= 8 and info["score"].turn == "white"
            line = position
            for move in info["pv"]:
                assert isinstance(move, chess.Move) and line.is_legal(move)
                line = line.play(move)
        infos = engine.analyse(chess.Position(kiwipete), Limit(depth=6), multipv=3)
        assert len({info["pv"][0] for info in infos}) == 3
        mate = engine.analyse(chess.Position("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"), Limit(depth=5))
        assert mate["score"].white() == Score(mate=1) and mate["pv"][0].uci() == "a1a8"
        game = chess.Game(moves=["e2e4", "e7e5"])
        result = engine.play(game, Limit(nodes=5000))
        assert result.move is not None and game.position.is_legal(result.move)
        # Checkmated: no move to play.
        mated = chess.Position("R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1")
        assert engine.play(mated, Limit(depth=3)).move is None


# -- asyncio ----------------------------------------------------------------


def test_asyncio_client(fairy: str, no_leftovers: None) -> None:
    async def main() -> None:
        engine: Engine = await popen_uci(fairy)
        async with engine:
            info = await engine.analyse(xiangqi.Position(), Limit(depth=5))
            check_line(xiangqi.Position(), info["pv"])
            # Two commands at once run one after the other.
            first, second = await asyncio.gather(
                engine.play(xiangqi.Position(), Limit(depth=3)), engine.analyse(chess.Position(), Limit(depth=3))
            )
            assert first.move is not None and isinstance(second["pv"][0], chess.Move)
            # A cancelled search is stopped before the next command.
            task = asyncio.ensure_future(engine.analyse(xiangqi.Position(), Limit(depth=60)))
            await asyncio.sleep(0.3)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            again = await engine.play(xiangqi.Position(), Limit(depth=3))
            assert again.move is not None
        assert engine.returncode == 0
        async with await popen_ucci(fairy) as ucci:
            assert (await ucci.play(xiangqi.Position(), Limit(depth=3))).move is not None

    asyncio.run(main())


def test_asyncio_killed_engine(fairy: str, no_leftovers: None) -> None:
    async def main() -> None:
        engine = await popen_ucci(fairy)
        task = asyncio.ensure_future(engine.analyse(xiangqi.Position(), Limit(depth=60)))
        await asyncio.sleep(0.3)
        os.kill(engine.pid, signal.SIGKILL)
        with pytest.raises(EngineTerminatedError, match="SIGKILL"):
            await task
        assert engine.returncode == -signal.SIGKILL
        await engine.quit()

    asyncio.run(main())


# -- faults -----------------------------------------------------------------


def test_killed_engine_mid_analysis(fairy: str, no_leftovers: None) -> None:
    engine = SimpleEngine.popen_uci(fairy)
    pid = engine.pid
    killer = threading.Timer(0.3, os.kill, (pid, signal.SIGKILL))
    killer.start()
    with pytest.raises(EngineTerminatedError, match="killed by SIGKILL"):
        engine.analyse(xiangqi.Position(), Limit(depth=60))
    killer.join()
    assert not Path(f"/proc/{pid}").exists()
    with pytest.raises(EngineTerminatedError, match="gone"):
        engine.ping()
    engine.quit()
    engine.quit()


def test_hung_engine_times_out_and_is_killed(no_leftovers: None) -> None:
    engine = SimpleEngine.popen_uci(fake("hang"), timeout=0.5)
    assert engine.id["name"] == "fake hang"
    with pytest.raises(EngineTimeoutError, match="did not answer within 0.5 s") as raised:
        engine.analyse(xiangqi.Position(), Limit(depth=1))
    assert isinstance(raised.value, TimeoutError)
    assert engine.returncode == -signal.SIGKILL
    engine.quit()


def test_engine_that_ignores_quit_is_killed(no_leftovers: None) -> None:
    async def main() -> None:
        engine = await popen_uci(fake("hang"), timeout=0.3)
        task = asyncio.ensure_future(engine.analyse(xiangqi.Position(), Limit(depth=1)))
        await asyncio.sleep(0.1)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        # The search hangs, and `quit` is ignored too.
        await engine.quit()
        assert engine.returncode == -signal.SIGKILL

    asyncio.run(main())


def test_engine_that_never_greets(no_leftovers: None) -> None:
    with pytest.raises(EngineTimeoutError, match=r"within 0.3 s while greeting it \(uci\)"):
        SimpleEngine.popen_uci(fake("mute"), timeout=0.3)


def test_engine_that_exits(no_leftovers: None) -> None:
    with SimpleEngine.popen_uci(fake("exit")) as engine:
        with pytest.raises(EngineTerminatedError, match="exit code 3"):
            engine.play(xiangqi.Position(), Limit(depth=1))
    with pytest.raises(FileNotFoundError):
        SimpleEngine.popen_uci("/nonexistent/engine")


def test_garbage_flood_is_an_error(no_leftovers: None) -> None:
    with pytest.raises(EngineProtocolError, match="lines in a row that are not UCI"):
        SimpleEngine.popen_uci(fake("flood"))


def test_endless_line_is_an_error_in_bounded_memory(no_leftovers: None) -> None:
    tracemalloc.start()
    try:
        with pytest.raises(EngineProtocolError, match="longer than"):
            SimpleEngine.popen_uci(fake("long-line"))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # The engine wrote 10 MiB; the client held a small part of it at once.
    assert peak < 2 * 1024 * 1024


@pytest.mark.parametrize(
    "mode,error,words",
    [
        ("bad-bestmove", EngineMoveError, "best move 'a0a5'"),
        ("bad-pv", EngineMoveError, "principal variation 'h2e2'"),
        ("bad-info", EngineProtocolError, "info depth: 'deep'"),
    ],
)
def test_bad_answers_name_what_is_wrong(mode: str, error: type, words: str, no_leftovers: None) -> None:
    with SimpleEngine.popen_uci(fake(mode), rank_base=0) as engine:
        with pytest.raises(error, match=words) as raised:
            engine.play(xiangqi.Position(), Limit(depth=1))
        if isinstance(raised.value, EngineMoveError):
            assert raised.value.move in ("a0a5", "h2e2") and raised.value.fen
        # The engine finished its answer: it is still in step and usable.
        engine.ping()


# -- the README -------------------------------------------------------------


def test_readme_engine_examples_run(fairy: str, stockfish: str, tmp_path: Path) -> None:
    worked = readme_blocks("A worked example")
    (tmp_path / "ending.pgn").write_text(worked["pgn"][0], encoding="utf-8")
    path = os.pathsep.join([os.path.dirname(fairy), os.path.dirname(stockfish), os.environ.get("PATH", "")])
    outputs = []
    for code in readme_blocks("Engines")["python"] + worked["python"]:
        script = tmp_path / f"example{len(outputs)}.py"
        script.write_text(code, encoding="utf-8")
        done = subprocess.run(
            [sys.executable, str(script)],
            cwd=tmp_path,
            env={**os.environ, "PATH": path},
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout.splitlines())
    # The worked example: the engine sees the mate, the tablebase says how
    # near it is, and its best move keeps that value.
    lines = outputs[2]
    mate = next(line for line in lines if line.startswith("#"))
    dtm, best = lines[lines.index(mate) + 1 : lines.index(mate) + 3]
    assert mate.startswith("#+") and dtm.startswith("W ") and best.endswith(dtm)
    # The board it drew: an SVG image of 360 pixels with the last move.
    board = ElementTree.parse(tmp_path / "board.svg").getroot()
    assert board.tag.endswith("svg") and board.get("width") in ("360", "360px")
