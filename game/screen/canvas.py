"""The 80x25 cell grid that every scene draws on.

Scenes write characters with a foreground and background colour into cells; the renderer
turns the grid into pixels. Keeping the grid as plain data lets tests read the screen as
text (``row_text``, ``find``) without looking at pixels.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.screen import palette

COLS, ROWS = 80, 25

BOX_SINGLE = "┌┐└┘─│"
BOX_DOUBLE = "╔╗╚╝═║"


@dataclass(frozen=True, slots=True)
class Cell:
    char: str
    fg: int
    bg: int


class TextCanvas:
    """A COLS x ROWS grid of cells. Writes outside the grid are clipped, never errors."""

    def __init__(self, cols: int = COLS, rows: int = ROWS) -> None:
        self.cols = cols
        self.rows = rows
        self.chars: list[list[str]] = []
        self.fgs: list[list[int]] = []
        self.bgs: list[list[int]] = []
        self.clear()

    def clear(self, bg: int = palette.BLACK, fg: int = palette.GREY) -> None:
        self.chars = [[" "] * self.cols for _ in range(self.rows)]
        self.fgs = [[fg] * self.cols for _ in range(self.rows)]
        self.bgs = [[bg] * self.cols for _ in range(self.rows)]

    def cell(self, col: int, row: int) -> Cell:
        return Cell(self.chars[row][col], self.fgs[row][col], self.bgs[row][col])

    def put(self, col: int, row: int, char: str, fg: int | None = None, bg: int | None = None) -> None:
        if 0 <= col < self.cols and 0 <= row < self.rows:
            self.chars[row][col] = char
            if fg is not None:
                self.fgs[row][col] = fg
            if bg is not None:
                self.bgs[row][col] = bg

    def text(self, col: int, row: int, text: str, fg: int | None = None, bg: int | None = None) -> int:
        """Write ``text`` from (col, row); returns the column after it."""
        for i, char in enumerate(text):
            self.put(col + i, row, char, fg, bg)
        return col + len(text)

    def centre(self, row: int, text: str, fg: int | None = None, bg: int | None = None,
               left: int = 0, width: int | None = None) -> None:
        width = self.cols - left if width is None else width
        self.text(left + max(0, (width - len(text)) // 2), row, text, fg, bg)

    def fill(self, col: int, row: int, width: int, height: int, char: str = " ",
             fg: int | None = None, bg: int | None = None) -> None:
        for r in range(row, row + height):
            for c in range(col, col + width):
                self.put(c, r, char, fg, bg)

    def box(self, col: int, row: int, width: int, height: int, fg: int | None = None,
            bg: int | None = None, double: bool = False, fill: bool = False) -> None:
        """A frame of box-drawing characters; with ``fill`` its inside is cleared too."""
        tl, tr, bl, br, h, v = tuple(BOX_DOUBLE if double else BOX_SINGLE)
        if width < 2 or height < 2:
            return
        if fill:
            self.fill(col + 1, row + 1, width - 2, height - 2, " ", fg, bg)
        self.put(col, row, tl, fg, bg)
        self.put(col + width - 1, row, tr, fg, bg)
        self.put(col, row + height - 1, bl, fg, bg)
        self.put(col + width - 1, row + height - 1, br, fg, bg)
        for c in range(col + 1, col + width - 1):
            self.put(c, row, h, fg, bg)
            self.put(c, row + height - 1, h, fg, bg)
        for r in range(row + 1, row + height - 1):
            self.put(col, r, v, fg, bg)
            self.put(col + width - 1, r, v, fg, bg)

    def shadow(self, col: int, row: int, width: int, height: int) -> None:
        """The dark drop shadow DOS dialogs cast to the right and below."""
        for r in range(row + 1, row + height + 1):
            for c in (col + width, col + width + 1):
                if 0 <= c < self.cols and 0 <= r < self.rows:
                    self.fgs[r][c] = palette.DARK_GREY
                    self.bgs[r][c] = palette.BLACK
        for c in range(col + 2, col + width + 2):
            r = row + height
            if 0 <= c < self.cols and 0 <= r < self.rows:
                self.fgs[r][c] = palette.DARK_GREY
                self.bgs[r][c] = palette.BLACK

    # ---- reading the screen back (tests, the screenshot tool, accessibility) ----
    def row_text(self, row: int) -> str:
        return "".join(self.chars[row])

    def dump(self) -> str:
        return "\n".join(self.row_text(r) for r in range(self.rows))

    def find(self, needle: str) -> tuple[int, int] | None:
        """(col, row) of the first occurrence of ``needle`` on the screen, or None."""
        for r in range(self.rows):
            c = self.row_text(r).find(needle)
            if c >= 0:
                return c, r
        return None

    def snapshot(self) -> tuple[tuple[tuple[str, int, int], ...], ...]:
        return tuple(
            tuple(zip(self.chars[r], self.fgs[r], self.bgs[r], strict=True)) for r in range(self.rows)
        )
