"""Turning the cell grid into pixels, and the pixels into a window of any size.

The 640x400 text screen sits inside a border (the CRT's overscan) and is scaled by whole
multiples, so pixels never blur; whatever space is left is filled with the border colour.
"""

from __future__ import annotations

import pygame

from game.screen import palette
from game.screen.canvas import COLS, ROWS, TextCanvas
from game.screen.font import CELL_H, CELL_W, font_table, glyph

SCREEN_W, SCREEN_H = COLS * CELL_W, ROWS * CELL_H  # 640 x 400
BORDER_X, BORDER_Y = 16, 16  # border margin around the text area, in logical pixels
FRAME_W, FRAME_H = SCREEN_W + 2 * BORDER_X, SCREEN_H + 2 * BORDER_Y


class DisplayMode:
    """Colour or mono (with a phosphor): how CGA colour indexes become RGB."""

    def __init__(self, mono: bool = False, phosphor: str = "green") -> None:
        self.mono = mono
        self.phosphor = phosphor

    def pair(self, fg: int, bg: int) -> tuple[palette.RGB, palette.RGB]:
        if not self.mono:
            return palette.CGA[fg], palette.CGA[bg]
        fg_level, bg_level = palette.mono_pair(fg, bg)
        return palette.mono_rgb(fg_level, self.phosphor), palette.mono_rgb(bg_level, self.phosphor)

    def border_rgb(self, border: int) -> palette.RGB:
        return (0, 0, 0) if self.mono else palette.CGA[border]

    def key(self) -> tuple[bool, str]:
        return self.mono, self.phosphor


class Renderer:
    """Draws a TextCanvas onto a 640x400 surface, redrawing only the cells that changed.

    A whole-screen change (a new scene) redraws 2,000 cells, so the per-cell work is kept to a
    tuple compare and a cached surface: cells are keyed by their colour indexes (the mode turns
    those into RGB only when a glyph is first made), glyphs are made from an 8-bit image of the
    character with a two-colour palette, and the changed cells go to the surface in one
    ``fblits`` call.
    """

    def __init__(self) -> None:
        font_table()  # read the font now, not in the middle of the first frame that needs it
        self.surface = pygame.Surface((SCREEN_W, SCREEN_H))
        self._glyph_cache: dict[tuple[str, int, int], pygame.Surface] = {}
        self._masks: dict[str, bytes] = {}
        self._drawn: list[list[tuple[str, int, int] | None]] = [[None] * COLS for _ in range(ROWS)]
        self._rows: list[tuple[list[str], list[int], list[int]] | None] = [None] * ROWS
        self._mode: DisplayMode | None = None
        self._mode_key: tuple[bool, str] | None = None

    def invalidate(self) -> None:
        """Forget what is on the surface (after a mode change), so the next draw is full."""
        self._drawn = [[None] * COLS for _ in range(ROWS)]
        self._rows = [None] * ROWS

    def _mask(self, char: str) -> bytes:
        """The character's pixels, one byte each (1: ink, 0: paper), row by row."""
        mask = self._masks.get(char)
        if mask is None:
            mask = bytes(
                1 if bits & (0x80 >> x) else 0 for bits in glyph(char) for x in range(CELL_W)
            )
            self._masks[char] = mask
        return mask

    def _glyph_surface(self, key: tuple[str, int, int]) -> pygame.Surface:
        char, fg, bg = key
        assert self._mode is not None
        fg_rgb, bg_rgb = self._mode.pair(fg, bg)
        image = pygame.image.frombuffer(self._mask(char), (CELL_W, CELL_H), "P")
        image.set_palette([bg_rgb, fg_rgb])
        surf = image.convert(self.surface)
        if len(self._glyph_cache) > 20000:
            self._glyph_cache.clear()
        self._glyph_cache[key] = surf
        return surf

    def draw(self, canvas: TextCanvas, mode: DisplayMode) -> int:
        """Bring the surface up to date with the canvas; returns the number of cells redrawn."""
        if mode.key() != self._mode_key:
            self.invalidate()
            self._glyph_cache.clear()
            self._mode, self._mode_key = mode, mode.key()
        cache = self._glyph_cache
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for r in range(ROWS):
            chars, fgs, bgs = canvas.chars[r], canvas.fgs[r], canvas.bgs[r]
            last = self._rows[r]
            if last is not None and last[0] == chars and last[1] == fgs and last[2] == bgs:
                continue  # the row is as it was: skip it cheaply (the common case when idle)
            self._rows[r] = (chars[:], fgs[:], bgs[:])
            drawn, y = self._drawn[r], r * CELL_H
            for c, key in enumerate(zip(chars, fgs, bgs, strict=True)):
                if drawn[c] != key:
                    blits.append((cache.get(key) or self._glyph_surface(key), (c * CELL_W, y)))
                    drawn[c] = key
        if blits:
            self.surface.fblits(blits)
        return len(blits)


def layout(window_size: tuple[int, int]) -> tuple[int, pygame.Rect]:
    """The whole-number scale and where the 640x400 screen goes in a window of this size.

    The screen and its border are scaled by the largest whole multiple that fits. A window
    too small even for scale 1 shrinks the screen to fit (the only case that resamples).
    """
    width, height = max(1, window_size[0]), max(1, window_size[1])
    scale = min(width // FRAME_W, height // FRAME_H)
    if scale >= 1:
        w, h = SCREEN_W * scale, SCREEN_H * scale
    else:
        fit = min(width / SCREEN_W, height / SCREEN_H, 1.0)
        w, h = max(1, int(SCREEN_W * fit)), max(1, int(SCREEN_H * fit))
        scale = 0
    return scale, pygame.Rect((width - w) // 2, (height - h) // 2, w, h)


def present(target: pygame.Surface, screen: pygame.Surface, border_rgb: palette.RGB) -> None:
    """Scale the text screen into ``target`` and fill the rest with the border colour."""
    target.fill(border_rgb)
    scale, rect = layout(target.get_size())
    if scale == 1:
        target.blit(screen, rect)
    elif scale == 0 and target.get_bitsize() in (24, 32):
        # Shrunk below x1 (a window forced under its minimum where no window manager keeps
        # it): averaged, not rows and columns dropped, so a 2 never reads as a 7 (a tester).
        source = pygame.Surface(screen.get_size(), 0, 32)
        source.blit(screen, (0, 0))
        pygame.transform.smoothscale(source, rect.size, target.subsurface(rect))
    else:
        # Scaled straight into the window: no intermediate surface to allocate and copy.
        pygame.transform.scale(screen, rect.size, target.subsurface(rect))
