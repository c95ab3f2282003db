"""Turning the cell grid into pixels, and the pixels into a window of any size.

The 640x400 text screen sits inside a border (the CRT's overscan) and is scaled by whole
multiples, so pixels never blur; whatever space is left is filled with the border colour.
"""

from __future__ import annotations

import pygame

from game.screen import palette
from game.screen.canvas import COLS, ROWS, TextCanvas
from game.screen.font import CELL_H, CELL_W, glyph

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
    """Draws a TextCanvas onto a 640x400 surface, redrawing only the cells that changed."""

    def __init__(self) -> None:
        self.surface = pygame.Surface((SCREEN_W, SCREEN_H))
        self._glyph_cache: dict[tuple[str, palette.RGB, palette.RGB], pygame.Surface] = {}
        self._drawn: list[list[tuple[str, palette.RGB, palette.RGB] | None]] = [
            [None] * COLS for _ in range(ROWS)
        ]
        self._rows: list[tuple[list[str], list[int], list[int]] | None] = [None] * ROWS
        self._mode_key: tuple[bool, str] | None = None

    def invalidate(self) -> None:
        """Forget what is on the surface (after a mode change), so the next draw is full."""
        self._drawn = [[None] * COLS for _ in range(ROWS)]
        self._rows = [None] * ROWS

    def _glyph_surface(self, char: str, fg: palette.RGB, bg: palette.RGB) -> pygame.Surface:
        key = (char, fg, bg)
        surf = self._glyph_cache.get(key)
        if surf is None:
            surf = pygame.Surface((CELL_W, CELL_H))
            surf.fill(bg)
            rows = glyph(char)
            for y, bits in enumerate(rows):
                if bits:
                    for x in range(CELL_W):
                        if bits & (0x80 >> x):
                            surf.set_at((x, y), fg)
            if len(self._glyph_cache) > 20000:
                self._glyph_cache.clear()
            self._glyph_cache[key] = surf
        return surf

    def draw(self, canvas: TextCanvas, mode: DisplayMode) -> int:
        """Bring the surface up to date with the canvas; returns the number of cells redrawn."""
        changed = 0
        blit = self.surface.blit
        if mode.key() != self._mode_key:
            self.invalidate()
            self._mode_key = mode.key()
        for r in range(ROWS):
            chars, fgs, bgs, drawn = canvas.chars[r], canvas.fgs[r], canvas.bgs[r], self._drawn[r]
            last = self._rows[r]
            if last is not None and last[0] == chars and last[1] == fgs and last[2] == bgs:
                continue  # the row is as it was: skip it cheaply (the common case when idle)
            self._rows[r] = (chars[:], fgs[:], bgs[:])
            for c in range(COLS):
                fg_rgb, bg_rgb = mode.pair(fgs[c], bgs[c])
                key = (chars[c], fg_rgb, bg_rgb)
                if drawn[c] != key:
                    blit(self._glyph_surface(*key), (c * CELL_W, r * CELL_H))
                    drawn[c] = key
                    changed += 1
        return changed


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
    else:
        target.blit(pygame.transform.scale(screen, rect.size), rect)
