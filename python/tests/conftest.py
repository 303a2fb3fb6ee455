"""Shared fixtures: the sample records (read in place, never copied) and
random playouts."""

import os
import random
import re
import shutil
from pathlib import Path
from typing import Dict, Iterator, List

import pytest

from qiboard import xiangqi

# The cchess samples beside the repository (../shared/data/cchess-samples
# from the workspace root), or where QIBOARD_SAMPLES points.
_HERE = Path(__file__).resolve()
_CANDIDATES = [
    os.environ.get("QIBOARD_SAMPLES", ""),
    str(_HERE.parents[3] / "shared" / "data" / "cchess-samples"),
    "/work/shared/data/cchess-samples",
]


def find_tool(name: str) -> str:
    """The path of the program ``name``, looked for in PATH and /usr/games
    (where Debian puts its engines). A test whose tool is missing skips,
    saying which; with QIBOARD_REQUIRE_TOOLS=1 (as in CI) it fails."""
    search = os.pathsep.join(filter(None, [os.environ.get("PATH", ""), "/usr/games"]))
    found = shutil.which(name, path=search)
    if found is None:
        reason = f"{name} is not installed (looked in PATH and /usr/games)"
        if os.environ.get("QIBOARD_REQUIRE_TOOLS") == "1":
            pytest.fail(f"{reason}, and QIBOARD_REQUIRE_TOOLS=1 requires it")
        pytest.skip(reason)
    return found


PACKAGE_README = _HERE.parents[1] / "README.md"


def readme_blocks(section: str) -> Dict[str, List[str]]:
    """The fenced code blocks of the package README's section ``section``
    (its ``## `` heading), by language."""
    text = PACKAGE_README.read_text(encoding="utf-8")
    body = re.split(r"^## ", text.split(f"\n## {section}\n", 1)[1], maxsplit=1, flags=re.M)[0]
    blocks: Dict[str, List[str]] = {}
    for language, code in re.findall(r"```(\w+)\n(.*?)```", body, re.S):
        blocks.setdefault(language, []).append(code)
    return blocks


def samples_dir() -> Path:
    for candidate in _CANDIDATES:
        if candidate and Path(candidate).is_dir():
            return Path(candidate)
    pytest.skip("the cchess sample records are not present")


@pytest.fixture
def samples() -> Path:
    return samples_dir()


def random_positions(count: int, seed: int = 1, plies: int = 150) -> List[xiangqi.Position]:
    """Positions of random games from the start, ``count`` in all."""
    rng = random.Random(seed)
    found: List[xiangqi.Position] = []
    while len(found) < count:
        position = xiangqi.Position()
        for _ in range(plies):
            found.append(position)
            moves = position.legal_moves()
            if not moves or len(found) >= count:
                break
            position = position.play(rng.choice(moves))
    return found


def playout_positions(count: int, seed: int = 1) -> Iterator[xiangqi.Position]:
    yield from random_positions(count, seed)
