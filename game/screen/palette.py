"""The 16 CGA colours, and the mono-monitor mapping of them.

Colours are referred to by their CGA index everywhere (``WHITE``, ``RED``...), so the same
screen can be shown in colour or on a green, amber or white phosphor monitor.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

CGA: tuple[RGB, ...] = (
    (0x00, 0x00, 0x00),  # 0 black
    (0x00, 0x00, 0xAA),  # 1 blue
    (0x00, 0xAA, 0x00),  # 2 green
    (0x00, 0xAA, 0xAA),  # 3 cyan
    (0xAA, 0x00, 0x00),  # 4 red
    (0xAA, 0x00, 0xAA),  # 5 magenta
    (0xAA, 0x55, 0x00),  # 6 brown
    (0xAA, 0xAA, 0xAA),  # 7 light grey
    (0x55, 0x55, 0x55),  # 8 dark grey
    (0x55, 0x55, 0xFF),  # 9 light blue
    (0x55, 0xFF, 0x55),  # 10 light green
    (0x55, 0xFF, 0xFF),  # 11 light cyan
    (0xFF, 0x55, 0x55),  # 12 light red
    (0xFF, 0x55, 0xFF),  # 13 light magenta
    (0xFF, 0xFF, 0x55),  # 14 yellow
    (0xFF, 0xFF, 0xFF),  # 15 white
)

BLACK, BLUE, GREEN, CYAN, RED, MAGENTA, BROWN, GREY = range(8)
DARK_GREY, LIGHT_BLUE, LIGHT_GREEN, LIGHT_CYAN, LIGHT_RED, LIGHT_MAGENTA, YELLOW, WHITE = range(8, 16)

COLOUR_NAMES: tuple[str, ...] = (
    "black", "blue", "green", "cyan", "red", "magenta", "brown", "light grey",
    "dark grey", "light blue", "light green", "light cyan", "light red", "light magenta",
    "yellow", "white",
)

# The colours F10 cycles the border through (backgrounds only use the dark half).
BORDER_CYCLE: tuple[int, ...] = (BLUE, BLACK, GREEN, CYAN, RED, MAGENTA, BROWN, GREY, DARK_GREY)

PHOSPHORS: dict[str, tuple[RGB, RGB]] = {
    # name: (normal intensity, bright intensity)
    "green": ((0x20, 0xB0, 0x30), (0x66, 0xFF, 0x77)),
    "amber": ((0xC0, 0x78, 0x00), (0xFF, 0xC0, 0x30)),
    "white": ((0xA8, 0xA8, 0xA8), (0xFF, 0xFF, 0xFF)),
}
PHOSPHOR_NAMES: tuple[str, ...] = tuple(PHOSPHORS)


def mono_level(colour: int) -> int:
    """0 = dark, 1 = normal, 2 = bright: how a mono monitor shows a CGA colour."""
    if colour == BLACK:
        return 0
    if colour >= DARK_GREY and colour != DARK_GREY:
        return 2
    return 1


def mono_pair(fg: int, bg: int) -> tuple[int, int]:
    """Map a colour pair to mono levels (fg, bg), keeping text readable.

    A cell with a lit background becomes reverse video (dark text on a normal glow), as
    MDA-style monitors showed highlights, except dark grey ink there (every cell of a card that
    may not be played), which stays lit on black so that a dimmed card shows as an unlit card
    with a lit outline, unlike the others; everything else is light text on black.
    """
    bg_level = 0 if bg in (BLACK, BLUE, GREEN, DARK_GREY) else 1
    if bg_level:
        return (1, 0) if fg == DARK_GREY else (0, 1)
    fg_level = mono_level(fg)
    if fg_level == 0 and fg != bg:
        fg_level = 1
    return fg_level, 0


def mono_rgb(level: int, phosphor: str) -> RGB:
    if level == 0:
        return (0, 0, 0)
    normal, bright = PHOSPHORS.get(phosphor, PHOSPHORS["green"])
    return bright if level == 2 else normal
