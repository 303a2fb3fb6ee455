"""Board images: ``svg()`` and ``_repr_svg_``. Every image parses as XML;
rendered by rsvg-convert (Debian's librsvg2-bin), each point and square
shows the colour it should: a piece's ring (xiangqi) or disc (chess) in
its side's colour, empty points the board's, the last move's and a
checked king's highlight where they belong. The pixels sampled come from
the documented layout (points ``size / 10`` apart in xiangqi, squares
``size / 9`` in chess, the first one spacing in from the top-left
corner), not from stored images; the PNGs go to pytest's temporary
directory.

Without rsvg-convert the rendering tests skip, unless
QIBOARD_REQUIRE_TOOLS=1 (as in CI), where they fail.
"""

import math
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Dict, Optional, Tuple

import pytest

import qiboard
from qiboard import chess, xiangqi

SVG = "{http://www.w3.org/2000/svg}"
# The default palettes (qiboard::xiangqi::svg::Palette::DEFAULT and
# qiboard::chess::svg::Palette::DEFAULT).
BOARD = (0xEE, 0xD0, 0x9A)
RED = (0xB8, 0x1F, 0x1F)
BLACK = (0x1F, 0x1F, 0x1F)
LAST_MOVE = (0x9C, 0xCC, 0x65)
CHECK = (0xFF, 0x3D, 0x2E)
LIGHT = (0xEE, 0xDC, 0xB8)
DARK = (0xB3, 0x8B, 0x65)
WHITE_DISC = (0xFA, 0xFA, 0xFA)
BLACK_DISC = (0x26, 0x26, 0x26)
# Where the layout puts a piece's ring (xiangqi) or the middle of its
# disc's band (chess), and a xiangqi disc's and highlight's edges, in
# spacings (Geometry::ring_radius, piece_radius, highlight_radius).
RING = 0.35
CHESS_RING = 0.3
DISC = 0.42
HIGHLIGHT = 0.5
TOLERANCE = 20

Rgb = Tuple[int, int, int]


def rsvg_convert() -> str:
    found = shutil.which("rsvg-convert")
    if found is None:
        if os.environ.get("QIBOARD_REQUIRE_TOOLS") == "1":
            pytest.fail("rsvg-convert (Debian: librsvg2-bin) is required (QIBOARD_REQUIRE_TOOLS=1)")
        pytest.skip("rsvg-convert (Debian: librsvg2-bin) is not on the PATH")
    return found


class Image:
    """A rendered PNG, read with Pillow."""

    def __init__(self, svg: str, path: Path) -> None:
        from PIL import Image as Pil

        source = path.with_suffix(".svg")
        source.write_text(svg, encoding="utf-8")
        subprocess.run([rsvg_convert(), "--output", str(path), str(source)], check=True)
        self.path = path
        self.image = Pil.open(path).convert("RGB")
        self.width, self.height = self.image.size

    def at(self, x: float, y: float) -> Rgb:
        r, g, b = self.image.getpixel((int(x), int(y)))
        return (r, g, b)


def close(a: Rgb, b: Rgb) -> bool:
    return all(abs(x - y) <= TOLERANCE for x, y in zip(a, b))


def beside(x: float, y: float, radius: float, right: bool, down: bool) -> Tuple[float, float]:
    """The point ``radius`` from (x, y) at 30 degrees from the horizontal:
    clear of the lines through a point and of the starting-point marks."""
    dx = radius * math.cos(math.pi / 6) * (1 if right else -1)
    dy = radius * 0.5 * (1 if down else -1)
    return x + dx, y + dy


def check_xiangqi(
    image: Image, position: xiangqi.Position, flipped: bool, highlights: Dict[str, Rgb]
) -> None:
    spacing = image.width / 10
    assert image.height == round(11 * spacing)
    wrong = []
    for index, name in enumerate(xiangqi.SQUARES):
        file, rank = index % 9, index // 9
        column, row = (8 - file, rank) if flipped else (file, 9 - rank)
        x, y = spacing * (1 + column), spacing * (1 + row)
        # Inwards from the edges, away from the river.
        right, down = column != 8, row not in (4, 9)
        background = highlights.get(name, BOARD)
        piece = position.piece_at(name)
        samples = []
        if piece is None:
            samples.append((RING, background, f"{name} empty"))
        else:
            side = RED if piece.isupper() else BLACK
            samples.append((RING, side, f"{name} {piece} ring"))
            samples.append(((DISC + HIGHLIGHT) / 2, background, f"{name} {piece} around"))
        for radius, want, what in samples:
            px, py = beside(x, y, radius * spacing, right, down)
            got = image.at(px, py)
            if not close(got, want):
                wrong.append(f"{what}: {got} at ({px:.0f}, {py:.0f}), expected {want}")
    assert not wrong, f"{image.path}:\n" + "\n".join(wrong)


CHECKED = "3akab2/9/4b4/4C4/9/9/9/9/4A4/3K1A3 b"


@pytest.mark.parametrize("flipped", [False, True])
def test_xiangqi_positions_render_point_by_point(tmp_path: Path, flipped: bool) -> None:
    cases = [
        # The start position, by its _repr_svg_ (or flipped by svg()).
        ("start", xiangqi.Position(), {}, None),
        # A cannon's check, with the move that gave it.
        ("check", xiangqi.Position(CHECKED), {"h6": LAST_MOVE, "e6": LAST_MOVE, "e9": CHECK}, "h6e6"),
        # An endgame in Latin letters, with the check turned off.
        ("endgame", xiangqi.Position("3k5/4a4/9/9/2p6/9/9/9/3R5/4K4 b"), {}, None),
    ]
    for name, position, highlights, last in cases:
        if name == "start" and not flipped:
            text = position._repr_svg_()
        elif name == "endgame":
            text = xiangqi.svg(position, flipped=flipped, latin=True, check=None, size=900)
        else:
            text = xiangqi.svg(position, flipped=flipped, lastmove=last, size=900)
        ET.fromstring(text)
        image = Image(text, tmp_path / f"{name}_{flipped}.png")
        check_xiangqi(image, position, flipped, highlights)


def test_xiangqi_game_shows_its_last_move_and_check(tmp_path: Path) -> None:
    game = xiangqi.Game(xiangqi.Position("3akab2/9/4b4/7C1/9/9/9/9/4A4/3K1A3 w"), ["h6e6"])
    assert game.position.is_check()
    text = game._repr_svg_()
    assert text == xiangqi.svg(game.position, lastmove="h6e6")
    image = Image(text, tmp_path / "game.png")
    check_xiangqi(image, game.position, False, {"h6": LAST_MOVE, "e6": LAST_MOVE, "e9": CHECK})


@pytest.mark.parametrize("flipped", [False, True])
def test_chess_renders_square_by_square(tmp_path: Path, flipped: bool) -> None:
    game = chess.Game(None, ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"])
    position = game.position
    text = game._repr_svg_() if not flipped else chess.svg(position, flipped=True, lastmove="h5f7")
    ET.fromstring(text)
    image = Image(text, tmp_path / f"chess_{flipped}.png")
    spacing = image.width / 9
    highlights = {"h5": LAST_MOVE, "f7": LAST_MOVE, "e8": CHECK}
    wrong = []
    for index in range(64):
        file, rank = index % 8, index // 8
        name = "abcdefgh"[file] + str(rank + 1)
        column, row = (7 - file, rank) if flipped else (file, 7 - rank)
        x, y = spacing * (1 + column), spacing * (1 + row)
        plain = DARK if (file + rank) % 2 == 0 else LIGHT
        background = highlights.get(name, plain)
        piece = position.piece_at(name)
        disc = background if piece is None else (WHITE_DISC if piece.isupper() else BLACK_DISC)
        for (px, py), want, what in [
            ((x + 0.4 * spacing, y - 0.4 * spacing), background, f"{name} corner"),
            (beside(x, y, CHESS_RING * spacing, True, False), disc, f"{name} disc"),
        ]:
            got = image.at(px, py)
            if not close(got, want):
                wrong.append(f"{what}: {got}, expected {want}")
    assert not wrong, f"{image.path}:\n" + "\n".join(wrong)


def test_repr_svg_is_the_default_image() -> None:
    assert xiangqi.Position()._repr_svg_() == xiangqi.svg(xiangqi.Position())
    assert xiangqi.Game()._repr_svg_() == xiangqi.svg(xiangqi.START_FEN)
    assert chess.Position()._repr_svg_() == chess.svg(chess.START_FEN)
    castled = chess.Game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ["e1g1"])
    # Castling shows the king's step, from a Move, its text or a pair.
    for last in [castled.moves[-1], "e1g1", ("e1", "g1"), (4, 6)]:
        assert castled._repr_svg_() == chess.svg(castled.position, lastmove=last)


def test_images_are_xml_with_what_was_asked() -> None:
    position = xiangqi.Position(CHECKED)
    for latin in (False, True):
        for coordinates in ("ucci", "wxf", None):
            text = xiangqi.svg(
                position,
                latin=latin,
                coordinates=coordinates,
                arrows=["e6e7", ("b9", "c7"), (40, 40)],
                marks=["e4", 22],
                size=None,
            )
            root = ET.fromstring(text)
            assert root.tag == SVG + "svg" and "width" not in root.attrib
            texts = [node.text or "" for node in root.iter(SVG + "text")]
            if latin:
                assert all(t.isascii() for t in texts)
            else:
                assert "將" in texts and "炮" in texts
    root = ET.fromstring(chess.svg(chess.Position(), size=300, coordinates=False, marks=["e4"]))
    assert root.attrib["width"] == "300"
    assert [node.text for node in root.iter(SVG + "text")].count("P") == 16


def test_bad_arguments_are_refused() -> None:
    position = xiangqi.Position()
    for kwargs in [
        {"size": 0},
        {"size": -1},
        {"size": 10**9},
        {"size": 10**30},
        {"size": "450"},
        {"coordinates": "iccs"},
        {"lastmove": "h2"},
        {"check": "j0"},
        {"arrows": ["a0a0a0"]},
        {"marks": ["e10"]},
    ]:
        with pytest.raises(ValueError):
            xiangqi.svg(position, **kwargs)
    with pytest.raises(qiboard.FenError):
        xiangqi.svg("rnbakabnr/9 w")
    with pytest.raises(TypeError):
        xiangqi.svg(position, arrows=[("a0", "b0", "c0")])
    with pytest.raises(TypeError):
        xiangqi.svg(position, lastmove=3.5)
    for kwargs in [{"lastmove": "e7e8k"}, {"size": 0}, {"check": "i9"}]:
        with pytest.raises(ValueError):
            chess.svg(chess.Position(), **kwargs)
    with pytest.raises(TypeError):
        chess.svg(xiangqi.Position())

