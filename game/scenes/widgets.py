"""Drawing pieces the scenes share: dialog boxes, titles, word wrapping."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from game.screen import palette
from game.screen.canvas import COLS, ROWS, TextCanvas

if TYPE_CHECKING:
    from game.app.scene import Scene

PLAY_ROWS = ROWS - 1  # rows 0-23 belong to scenes; row 24 is the key bar
MENU_BOX_W = COLS - 12  # the menu's box, centred: a question asked over the menu covers it whole
MENU_BOX_TOP = 9  # its top row


def dialog_top(height: int) -> int:
    """The top row of a centred box ``height`` rows high: below the title bar (row 0) even
    when the box is as tall as it can be (a tester saw a tall Jub Moo summary hide it)."""
    return max(1, (PLAY_ROWS - height) // 2)


def dialog(canvas: TextCanvas, width: int, height: int, title: str = "", fg: int = palette.WHITE,
           bg: int = palette.BLUE, row: int | None = None) -> tuple[int, int]:
    """A centred double-framed box with a shadow; returns the (col, row) of its inside."""
    width = min(width, COLS - 2)
    height = min(height, PLAY_ROWS - 1)
    col = (COLS - width) // 2
    top = dialog_top(height) if row is None else row
    canvas.shadow(col, top, width, height)
    canvas.box(col, top, width, height, fg=fg, bg=bg, double=True, fill=True)
    if title:
        label = f" {title} "
        canvas.text(col + (width - len(label)) // 2, top, label, palette.YELLOW, bg)
    return col + 2, top + 1


def wrap(text: str, width: int) -> list[str]:
    """Word-wrap ``text`` for a box ``width`` wide.

    Consecutive plain lines form one paragraph and are re-flowed; a blank line, a heading
    (a line in capitals) or an indented line (a table row, a list item) starts afresh, and
    indented lines keep their indentation when they wrap.
    """
    lines: list[str] = []
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            lines.extend(textwrap.wrap(" ".join(paragraph), width))
            paragraph.clear()

    for line in text.split("\n"):
        stripped = line.strip()
        if not stripped:
            flush()
            lines.append("")
        elif line.startswith(" ") or stripped.isupper() or stripped == "---":
            flush()
            indent = len(line) - len(line.lstrip(" "))
            lines.extend(textwrap.wrap(line, width, subsequent_indent=" " * (indent + 2)) or [""])
        else:
            paragraph.append(stripped)
    flush()
    return lines


def title_bar(canvas: TextCanvas, left: str, centre: str = "", right: str = "",
              fg: int = palette.WHITE, bg: int = palette.BLUE, keys_of: Scene | None = None) -> int:
    """Row 0: the game's name, the target and the scores, as the manual's screen has them.
    With ``keys_of``, ``right`` is a key ("Esc: back") that a click presses on that scene.
    Returns the column of ``right``."""
    canvas.fill(0, 0, COLS, 1, " ", fg, bg)
    canvas.text(1, 0, left, fg, bg)
    if centre:
        canvas.centre(0, centre, palette.YELLOW, bg)
    if right:
        canvas.text(COLS - 1 - len(right), 0, right, fg, bg)
        if keys_of is not None:
            keys_of.clickable(COLS - 1 - len(right), 0, right)
    return COLS - 1 - len(right)


BIG_ROWS = (2, 4, 6, 8, 10, 12)  # the glyph rows that make up a big letter (pairs of pixel rows)


def big_text(text: str) -> list[str]:
    """``text`` in big letters made of block characters, six rows high, eight columns a letter.

    Each letter is the font's own 8x16 glyph, two pixel rows to a character cell.
    """
    from game.screen.font import glyph

    halves = {(0, 0): " ", (1, 0): "▀", (0, 1): "▄", (1, 1): "█"}
    rows = []
    for top in BIG_ROWS:
        line = []
        for char in text:
            bits = glyph(char)
            upper, lower = bits[top], bits[top + 1]
            for x in range(8):
                mask = 0x80 >> x
                line.append(halves[(1 if upper & mask else 0, 1 if lower & mask else 0)])
        rows.append("".join(line))
    return rows


def signed(value: int) -> str:
    """A score change as the tables print it: +50, -100, and 0 with no sign."""
    return f"{value:+d}" if value else "0"
