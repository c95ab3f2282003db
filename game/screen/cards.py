"""Drawing cards with box-drawing characters, for the three decks of the collection.

A card is described by a ``Face`` (corner label, suit glyph, colours); each deck has a
function from its card code to a Face, and every table scene uses the same drawing code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.screen import glyphs, palette
from game.screen.canvas import TextCanvas

CARD_BG = palette.GREY
BACK_BG = palette.BLUE


@dataclass(frozen=True, slots=True)
class Face:
    label: str  # corner rank label, 1 or 2 characters
    suit: str  # one glyph
    colour: int  # colour of rank and suit
    middle: str = ""  # optional centre glyph(s) (Luk Fu's numeral + suit mark)
    legend: str = ""  # plain text legend shown where there is room ("C3")


def french_face(card: str) -> Face:
    """``JH`` -> J and a red heart. Ten is shown as T, as the manual writes it."""
    rank, suit = card[0], card[1]
    colour = palette.RED if suit in "HD" else palette.BLACK
    return Face(rank, glyphs.FRENCH_SUIT_GLYPH[suit], colour)


SPANISH_LABEL = {"A": "1", "S": "10", "C": "11", "R": "12"}
SPANISH_COLOUR = {"o": palette.BROWN, "c": palette.RED, "e": palette.BLUE, "b": palette.GREEN}


def spanish_face(card: str) -> Face:
    """``Ro`` -> 12 with the oros glyph; Spanish cards are numbered 1-7 and 10-12."""
    rank, suit = card[0], card[1]
    return Face(SPANISH_LABEL.get(rank, rank), glyphs.SPANISH_SUIT_GLYPH[suit], SPANISH_COLOUR[suit])


LUKFU_COLOUR = {"C": palette.BROWN, "S": palette.GREEN, "M": palette.RED, "T": palette.BLUE}


def lukfu_face(card: str) -> Face:
    """``C3`` -> the numeral three over the Coins mark, with the legend C3."""
    suit, value = card[0], int(card[1])
    return Face(str(value), glyphs.LUKFU_SUIT_GLYPH[suit], LUKFU_COLOUR[suit],
                middle=glyphs.CHINESE_NUMERAL[value], legend=card)


def draw_face(canvas: TextCanvas, col: int, row: int, face: Face, width: int = 7, height: int = 5,
              highlight: bool = False, dim: bool = False) -> None:
    """A face-up card with its top-left corner at (col, row).

    ``highlight`` draws a double frame (the card under the cursor or selected); ``dim``
    greys the frame, rank and suit (a card that may not be played now): every cell in dark
    grey ink, which a mono monitor shows as an unlit card with a lit outline (the rank alone in
    grey had shown as lit blocks on a lit card, which a tester took for a glitch).
    """
    # Dim wins over the highlight's white: a dimmed card under the cursor is still unlit in mono
    # (its double frame shows the cursor).
    frame = palette.DARK_GREY if dim else (palette.WHITE if highlight else palette.BLACK)
    ink = palette.DARK_GREY if dim else face.colour
    canvas.box(col, row, width, height, fg=frame, bg=CARD_BG, double=highlight, fill=True)
    label = face.label
    canvas.text(col + 1, row + 1, label, ink, CARD_BG)
    if face.middle:
        canvas.put(col + width // 2, row + 1, face.middle, ink, CARD_BG)
        canvas.put(col + width // 2, row + 2, face.suit, ink, CARD_BG)
        if height >= 5 and face.legend and width >= len(face.legend) + 2:
            canvas.text(col + width - 1 - len(face.legend), row + height - 2, face.legend, ink, CARD_BG)
        return
    if height >= 5:
        canvas.put(col + width // 2, row + height // 2, face.suit, ink, CARD_BG)
        canvas.text(col + width - 1 - len(label), row + height - 2, label, ink, CARD_BG)
    else:
        canvas.put(col + 1 + len(label), row + 1, face.suit, ink, CARD_BG)


def draw_back(canvas: TextCanvas, col: int, row: int, width: int = 7, height: int = 5) -> None:
    """A face-down card: the blue crosshatch back."""
    canvas.box(col, row, width, height, fg=palette.BLACK, bg=CARD_BG)
    canvas.fill(col + 1, row + 1, width - 2, height - 2, glyphs.SHADE_MEDIUM, palette.LIGHT_BLUE, BACK_BG)


def draw_slot(canvas: TextCanvas, col: int, row: int, width: int = 7, height: int = 5,
              fg: int = palette.DARK_GREY, bg: int = palette.GREEN) -> None:
    """An empty place on the table where a card will go."""
    canvas.box(col, row, width, height, fg=fg, bg=bg)


def card_name(card: str) -> str:
    """``JH`` -> ``J♥``: a French card for messages on the screen."""
    return card[0] + glyphs.FRENCH_SUIT_GLYPH[card[1]]


HAND_KEYS = "1234567890ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def hand_key(index: int) -> str:
    """The key that picks the card at ``index`` of a hand: 1-9, then 0, then letters."""
    return HAND_KEYS[index] if index < len(HAND_KEYS) else "?"


def hand_keys_text(n: int, compact: bool = False) -> str:
    """``1-9, 0, A-C`` for 13 cards: the keys that pick a card of an n-card hand, as every
    prompt writes them (0 named, as "1-C" would hide it); ``compact``: ``1-C``, where the
    prompt must leave room for more (Luk Fu's claim beside a full hand)."""
    if n <= 9 or compact:
        return "1" if n == 1 else f"1-{hand_key(n - 1)}"
    text = "1-9, 0"
    if n == 11:
        text += ", A"
    elif n > 11:
        text += f", A-{hand_key(n - 1)}"
    return text


def play_keys_text(hand: Sequence[str], yours: bool = True) -> str:
    """How a card of ``hand`` is played, after "Your lead: ", alike at the tables that play a
    card by its key: ``1-9, or ←/→ then Enter``, or the last card in a sentence, ``your last
    card, the K♦; 1 or Enter plays it`` ("1-1" had read as nothing: a tester; ``yours`` False
    leaves out "your" where a name already says whose)."""
    if len(hand) == 1:
        return f"{'your ' if yours else ''}last card, the {card_name(hand[0])}; 1 or Enter plays it"
    return f"{hand_keys_text(len(hand))}, or {glyphs.ARROW_LEFT}/{glyphs.ARROW_RIGHT} then Enter"


def key_index(char: str, hand_size: int) -> int | None:
    """The hand index a typed character picks, or None."""
    i = HAND_KEYS.find(char.upper())
    return i if 0 <= i < hand_size else None
