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

# The Mus faces (señas): 3 cells wide, 2 high. Top row: left eye and brow, hair and forehead,
# right eye and brow; bottom row: left shoulder, the mouth, right shoulder. Each part has its
# own cells, so a face composes any mouth (or raised brows) with any eye or shoulders.
FACE_LEFT_EYE = {"open": "\ue030", "raised": "\ue031", "closed": "\ue032"}
FACE_FOREHEAD = "\ue033"
FACE_RIGHT_EYE = {"open": "\ue034", "raised": "\ue035", "closed": "\ue036", "raised-closed": "\ue037"}
FACE_LEFT_SHOULDER = {"down": "\ue038", "up": "\ue039"}
FACE_MOUTH = {"rest": "\ue03a", "bite": "\ue03b", "side-bite": "\ue03c", "kiss": "\ue03d", "tongue": "\ue03e",
              "side-tongue": "\ue03f", "twist": "\ue040"}
FACE_RIGHT_SHOULDER = {"down": "\ue041", "up": "\ue042"}
