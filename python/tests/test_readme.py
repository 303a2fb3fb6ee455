"""The repository README's Python example runs as written."""

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_python_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    text = README.read_text(encoding="utf-8")
    section = text.split("## From Python", 1)[1]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks, "the README has no Python example"
    exec(compile(blocks[0], str(README), "exec"), {})
    printed = capsys.readouterr().out.split()
    # The example plays h2e2 from the start: Black to move, with the 45
    # replies `qiboard moves xiangqi` lists for that position.
    assert printed[1] == "b" and printed[-1] == "45", printed
