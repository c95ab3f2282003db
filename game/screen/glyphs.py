"""Characters of the text-mode font that have names in the program.

The base font is the 8x16 UNSCII bitmap font (code page 437 shapes, suits, box drawing).
Glyphs no PC font had (Spanish suits, Luk Fu's numerals and suit marks) are drawn in
``game/data/glyphs.txt`` and live in Unicode's private use area.
"""

from __future__ import annotations

HEART, DIAMOND, CLUB, SPADE = "♥", "♦", "♣", "♠"
FRENCH_SUIT_GLYPH = {"H": HEART, "D": DIAMOND, "C": CLUB, "S": SPADE}

OROS, COPAS, ESPADAS, BASTOS = "\ue000", "\ue001", "\ue002", "\ue003"
SPANISH_SUIT_GLYPH = {"o": OROS, "c": COPAS, "e": ESPADAS, "b": BASTOS}

CHINESE_NUMERAL = {n: chr(0xE010 + n) for n in range(1, 10)}
LUKFU_SUIT_GLYPH = {"C": "\ue020", "S": "\ue021", "M": "\ue022", "T": "\ue023"}

SHADE_LIGHT, SHADE_MEDIUM, SHADE_DARK, FULL_BLOCK = "░", "▒", "▓", "█"
ARROW_LEFT, ARROW_RIGHT, ARROW_UP = "←", "→", "↑"
