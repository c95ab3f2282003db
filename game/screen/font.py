"""The 8x16 bitmap font: UNSCII's glyphs plus our own from ``game/data/glyphs.txt``.

A glyph is 16 ints, one per pixel row, bit 7 the leftmost pixel. This module has no
pygame dependency so that tests and tools can inspect glyphs without a display.
"""

from __future__ import annotations

import functools

from game.data import data_file

CELL_W, CELL_H = 8, 16
GLYPH_FILE = data_file("glyphs.txt")

Glyph = tuple[int, ...]
BLANK: Glyph = (0,) * CELL_H


def parse_glyph_file(text: str) -> dict[int, Glyph]:
    """Read the pixel-art format of ``game/data/glyphs.txt``."""
    glyphs: dict[int, Glyph] = {}
    lines = [line.rstrip() for line in text.splitlines()]
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("U+"):
            code = int(line.split()[0][2:], 16)
            rows = lines[i + 1 : i + 1 + CELL_H]
            if len(rows) != CELL_H or any(len(r) != CELL_W for r in rows):
                raise ValueError(f"glyph U+{code:04X} needs {CELL_H} rows of {CELL_W} pixels")
            glyphs[code] = tuple(int(r.replace("#", "1").replace(".", "0"), 2) for r in rows)
            i += 1 + CELL_H
        else:
            i += 1
    return glyphs


@functools.cache
def font_table() -> dict[int, Glyph]:
    """Every glyph the screen can show, keyed by code point."""
    from unscii.raw_unscii.unscii_16 import unscii_16_bytes

    table: dict[int, Glyph] = {code: tuple(rows) for code, rows in unscii_16_bytes.items()}
    table.update(parse_glyph_file(GLYPH_FILE.read_text(encoding="utf-8")))
    return table


def glyph(char: str) -> Glyph:
    """The bitmap of ``char``; a missing character shows as an inverted question mark box."""
    table = font_table()
    found = table.get(ord(char))
    if found is not None:
        return found
    return table.get(ord("?"), BLANK)


def has_glyph(char: str) -> bool:
    return ord(char) in font_table()
