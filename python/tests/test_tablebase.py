"""Tablebases: generate, probe WDL, DTM and the root, in memory and on disk."""

from pathlib import Path

import pytest

import qiboard
from qiboard import xiangqi

KRK = "3k5/9/9/9/9/9/9/9/4R4/5K3 w"


def test_in_memory_generation_and_probes() -> None:
    tb = xiangqi.Tablebase()
    generated = tb.generate("KRK")
    assert [g.material for g in generated][-1] == "KRK" and generated[-1].entries > 0
    assert tb.contains("KRK") and tb.contains(xiangqi.Position(KRK)) and not tb.contains("KRKR")
    assert tb.probe_wdl(KRK) == "win"
    dtm = tb.probe_dtm(xiangqi.Position(KRK))
    assert dtm.wdl == "win" and dtm.plies % 2 == 1 and dtm.to == "mate" and not dtm.by_rules
    assert str(dtm).startswith("W ") and "Dtm(" in repr(dtm)
    root = tb.probe_root(KRK)
    assert len(root) == len(xiangqi.Position(KRK).legal_moves())
    best = tb.best_move(KRK)
    assert best is not None and best[0] == root[0][0]
    line = tb.line(KRK)
    assert len(line) == dtm.plies
    game = xiangqi.Game(KRK, line)
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == "red"
    # The side to move after the best move loses.
    after = xiangqi.Position(KRK).play(best[0])
    assert tb.probe_wdl(after) == "loss" and tb.probe_dtm(after).plies == dtm.plies - 1
    assert "KRK" in tb.materials() and tb.max_pieces == 3
    assert tb.verify("KRK") > 0


def test_directory_round_trip(tmp_path: Path) -> None:
    tb = xiangqi.Tablebase(tmp_path)
    tb.generate("KRK")
    assert any(p.suffix == ".qwdl" for p in tmp_path.iterdir())
    reopened = xiangqi.Tablebase(str(tmp_path), cache_bytes=1 << 20)
    assert reopened.probe_dtm(KRK) == xiangqi.Tablebase(tmp_path).probe_dtm(KRK)
    assert reopened.rules == "asian" and "Tablebase(" in repr(reopened)
    assert reopened.directory is not None


def test_a_memory_limit_solves_out_of_core_into_the_same_files(tmp_path: Path) -> None:
    whole, parts = tmp_path / "whole", tmp_path / "parts"
    xiangqi.Tablebase(whole, rules="none", create=True).generate("KRRKA")
    # KRRKA needs 27.3 MiB in memory, with the tables it reads, the
    # process's 16 MiB and its writer's; 25 MiB solves it a partition at a time.
    generated = xiangqi.Tablebase(
        parts, rules="none", memory_bytes=25 << 20, create=True
    ).generate("KRRKA")
    assert generated[-1].material == "KRRKA" and generated[-1].working_bytes <= 25 << 20
    for name in ("KRRKA.qwdl", "KRRKA.qdtm"):
        assert (whole / name).read_bytes() == (parts / name).read_bytes()
    assert not [p for p in parts.iterdir() if "scratch" in p.name]
    # Under the rules, below what a rule round's search takes out of core: refused before any work.
    with pytest.raises(qiboard.TablebaseError, match="KRKN: solving needs about 22.7 MiB"):
        xiangqi.Tablebase(tmp_path / "ruled", memory_bytes=21 << 20, create=True).generate("KRKN")


def test_tablebase_errors(tmp_path: Path) -> None:
    tb = xiangqi.Tablebase(tmp_path)
    with pytest.raises(qiboard.TablebaseError, match="KRK"):
        tb.probe_wdl(KRK)
    with pytest.raises(qiboard.MaterialError):
        tb.generate("KRRRK")
    with pytest.raises(qiboard.MaterialError):
        tb.contains("XYZ")
    with pytest.raises(qiboard.TablebaseError):
        xiangqi.Tablebase(rules="chinese")  # type: ignore[arg-type]
    with pytest.raises(qiboard.TablebaseError):
        xiangqi.Tablebase().probe_dtm(KRK)
    # A directory that is not there is refused, not made, unless asked.
    missing = tmp_path / "no" / "such"
    with pytest.raises(qiboard.TablebaseError, match="not a directory"):
        xiangqi.Tablebase(missing)
    assert not missing.exists()
    assert xiangqi.Tablebase(missing, create=True).directory == missing
    assert missing.is_dir()
    assert issubclass(qiboard.TablebaseError, ValueError)
    assert xiangqi.material_of(xiangqi.Position(KRK)) == "KRK"


def test_tablebases_pickle(tmp_path: Path) -> None:
    import pickle

    position = "3k5/9/9/9/9/9/9/9/4R4/5K3 w"
    in_memory = xiangqi.Tablebase(memory_bytes=1 << 30)
    in_memory.generate("KRK")
    again = pickle.loads(pickle.dumps(in_memory))
    assert again is not in_memory and again.directory is None
    assert sorted(again.materials()) == sorted(in_memory.materials())
    assert again.probe_dtm(position) == in_memory.probe_dtm(position)

    on_disk = xiangqi.Tablebase(tmp_path, create=True, rules="none", cache_bytes=1 << 20)
    on_disk.generate("KRK")
    copy = pickle.loads(pickle.dumps(on_disk))
    assert copy.directory == tmp_path and copy.rules == "none"
    assert copy.probe_dtm(position) == on_disk.probe_dtm(position)
