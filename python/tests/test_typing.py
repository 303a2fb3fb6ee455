"""The stubs: `mypy --strict` accepts a small program, which also runs."""

import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import readme_blocks

USAGE = Path(__file__).with_name("typing_usage.py")


def test_usage_runs() -> None:
    runpy.run_path(str(USAGE), run_name="__main__")


def test_mypy_strict_accepts_the_usage_file() -> None:
    pytest.importorskip("mypy")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(USAGE)],
        capture_output=True,
        text=True,
        cwd=USAGE.parent,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_stubs_match_the_module() -> None:
    pytest.importorskip("mypy")
    result = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "qiboard.xiangqi", "qiboard.chess", "qiboard._qiboard"],
        capture_output=True,
        text=True,
        cwd=USAGE.parent,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_accepts_the_readme_engine_examples(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    blocks = readme_blocks("Engines")["python"] + readme_blocks("A worked example")["python"]
    files = []
    for number, code in enumerate(blocks):
        files.append(tmp_path / f"example{number}.py")
        files[-1].write_text(code, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *map(str, files)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr
