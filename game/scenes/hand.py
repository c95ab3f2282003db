"""The hand at the keyboard: one widget for the four tables.

A ``Hand`` keeps the cards in the order they are shown, the highlighted card (the cursor),
the player's own order when F3 (sort) is off (the arrangement, a plain list a table can
save and restore) and the cards picked for a play of several cards. What the player is
asked comes from the table as a ``HandMode``: which cards may be played, and whether a key
plays its card at once (pick mode) or picks it for a play confirmed with Enter (multi
mode). Keys and clicks come back as a ``HandInput`` naming the cards chosen; the table
turns them into an action. The geometry (``HandGeometry``) and the face of a card are
parameters, so one widget draws Klaberjass's wide cards and Jub Moo's thirteen narrow ones.

Only ``show``, ``restart``, ``reorder``, ``begin``, ``key`` and ``click`` change the widget, and they
are called when an observation or an input arrives; ``draw`` reads it and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.app.keys import Key
from game.screen import palette
from game.screen.canvas import COLS, TextCanvas
from game.screen.cards import Face, draw_face, draw_slot, hand_key, key_index

NO_CURSOR = -1  # a cursor on no card: nothing framed (the review of a decision that played none)


@dataclass(frozen=True)
class HandGeometry:
    """Where the hand is drawn: rows, card size, spacing; ``col`` None centres it."""

    row: int  # the cards' top row (a picked card rises ``lift`` rows above it)
    keys_row: int  # the row of the keys under the cards
    width: int = 7
    height: int = 5
    step: int = 8  # columns from one card to the next
    col: int | None = None  # the first card's column; None: the hand is centred
    slots: int = 0  # empty places are drawn up to this many cards (Mus's four)
    lift: int = 1

    def first_col(self, count: int) -> int:
        """The first card's column for a hand of ``count`` cards (and its empty places)."""
        if self.col is not None:
            return self.col
        places = max(1, count, self.slots)
        return max(1, (COLS - (places * self.step - (self.step - self.width))) // 2)

    def card_col(self, index: int, count: int) -> int:
        return self.first_col(count) + index * self.step


@dataclass(frozen=True)
class HandMode:
    """What the hand offers while the player's prompt is up."""

    playable: frozenset[str] = frozenset()  # cards that are part of a legal play; the others are dimmed
    multi: bool = False  # keys pick cards (raised), Enter confirms; else a key plays its card


@dataclass(frozen=True)
class HandInput:
    """What a key or a click did to the hand."""

    used: bool = False  # the hand took the key (nothing else should read it)
    chosen: tuple[str, ...] | None = None  # the player chose these cards (multi mode: maybe none)
    toggled: bool = False  # a card was picked or put back (the table clicks)


NOT_USED = HandInput()
USED = HandInput(used=True)


@dataclass(frozen=True)
class CardLook:
    """How one card of the hand is drawn now, for a table's extra marks on it."""

    highlight: bool
    dim: bool
    picked: bool


# A table's own marks on a drawn card: (canvas, col, row, card, look), row being where it was drawn.
Decorate = Callable[[TextCanvas, int, int, str, CardLook], None]


class Hand:
    def __init__(self, face: Callable[[str], Face], *, arrange: bool = False,
                 decorate: Decorate | None = None) -> None:
        self.face = face
        self.decorate = decorate
        self.can_arrange = arrange  # Shift+Left/Right moves cards while F3 (sort) is off
        self.cards: list[str] = []  # in the order on screen
        self.arrangement: list[str] = []  # the player's own order (F3 off): save and restore it freely
        self.arranging = False
        self.cursor = 0
        self.picked: set[str] = set()

    # ---- what is in the hand ----
    def show(self, cards: Sequence[str], sort: bool) -> None:
        """New cards (a new observation): ``cards`` in F3's order, or in the player's own order.

        With the player's order, cards keep their places and new ones go to the right; a
        hand of new cards only (a new deal) starts with the cursor on its first card.
        """
        if not set(cards) & set(self.cards):
            self.cursor = 0
        self.arranging = self.can_arrange and not sort
        if self.arranging:
            kept = [c for c in self.arrangement if c in cards]
            kept += [c for c in cards if c not in kept]
            self.cards = kept
        else:
            self.cards = list(cards)
        self.arrangement = list(self.cards)
        self.picked &= set(self.cards)
        self.cursor = max(0, min(self.cursor, len(self.cards) - 1))

    def restart(self) -> None:
        """A new deal, whatever cards it shares with the last: the next ``show`` starts the
        player's order afresh, with the cursor on the first card."""
        self.arrangement = []
        self.cursor = 0

    # F3 off is an order of its own (Luk Fu's by value) rather than "where the cards are now".
    off_is_an_order = False

    def reorder(self, cards: Sequence[str], sort: bool) -> None:
        """F3 was pressed: on, the hand in F3's order; off, the cards stay where they are on
        screen, ready to be moved (Mus's hand had jumped back to the order it was dealt in),
        unless ``off_is_an_order``. The highlight stays on its card (a tester's went to another
        where Enter throws the highlighted card)."""
        current = self.current
        if not sort and self.can_arrange and not self.off_is_an_order:
            cards = [c for c in self.cards if c in cards] + [c for c in cards if c not in self.cards]
        self.arrangement = list(cards)
        self.show(cards, sort)
        self.cursor = self.cards.index(current) if current in self.cards else 0

    @property
    def current(self) -> str | None:
        """The highlighted card (None: none, as at ``NO_CURSOR``)."""
        return self.cards[self.cursor] if 0 <= self.cursor < len(self.cards) else None

    def picked_cards(self) -> tuple[str, ...]:
        """The picked cards, in the order on screen."""
        return tuple(c for c in self.cards if c in self.picked)

    # ---- a decision ----
    def begin(self, mode: HandMode | None) -> None:
        """A new decision: nothing picked, the cursor on a playable card."""
        self.picked.clear()
        self.to_playable(mode)

    def to_playable(self, mode: HandMode | None) -> None:
        """Move the cursor to the first playable card unless it is on one."""
        if mode is None or not self.cards or self.cards[self.cursor] in mode.playable:
            return
        self.cursor = next((i for i, c in enumerate(self.cards) if c in mode.playable), self.cursor)

    def key(self, key: Key, mode: HandMode) -> HandInput:
        """Left/Right move (Shift: move the card, F3 off); a card's key plays it, or picks it in
        multi mode, where Space toggles, Up picks, Down puts back, Backspace puts all back and
        Enter confirms; in pick mode Enter, Space, Up and Down play the highlighted card."""
        count = len(self.cards)
        if not count:
            return NOT_USED
        if key.is_left or key.is_right:
            step = -1 if key.is_left else 1
            if key.shift and self.arranging:
                self._move(step)
            else:
                self.cursor = (self.cursor + step) % count
            return USED
        index = key_index(key.typed, count) if key.typed and key.typed != " " else None
        if not mode.multi:
            if index is None and (key.is_confirm or key.is_up or key.is_down):
                index = self.cursor
            if index is None:
                return NOT_USED
            self.cursor = index
            return HandInput(used=True, chosen=(self.cards[index],))
        if index is not None:
            self.cursor = index
            return self._pick(self.cards[index], self.cards[index] not in self.picked)
        card = self.cards[self.cursor]
        if key.code == pygame.K_SPACE:
            return self._pick(card, card not in self.picked)
        if key.is_up or key.is_down:
            return self._pick(card, key.is_up)
        if key.code == pygame.K_BACKSPACE:
            self.picked.clear()
            return USED
        if key.is_confirm:
            return HandInput(used=True, chosen=self.picked_cards())
        return NOT_USED

    def click(self, col: int, row: int, geometry: HandGeometry, mode: HandMode) -> HandInput:
        """A click on a card: plays it (pick mode) or picks / puts it back (multi mode)."""
        index = self.card_at(col, row, geometry, mode)
        if index is None:
            return NOT_USED
        self.cursor = index
        card = self.cards[index]
        if mode.multi:
            return self._pick(card, card not in self.picked)
        return HandInput(used=True, chosen=(card,))

    def card_at(self, col: int, row: int, geometry: HandGeometry, mode: HandMode | None = None) -> int | None:
        """The index of the card drawn at (col, row), or None."""
        top = geometry.row - (geometry.lift if mode is not None and mode.multi else 0)
        if not top <= row < geometry.row + geometry.height:
            return None
        first = geometry.first_col(len(self.cards))
        index, offset = divmod(col - first, geometry.step)
        if col < first or index >= len(self.cards) or offset >= geometry.width:
            return None
        return index

    def _pick(self, card: str, up: bool) -> HandInput:
        if up:
            self.picked.add(card)
        else:
            self.picked.discard(card)
        return HandInput(used=True, toggled=True)

    def _move(self, step: int) -> None:
        """Shift+Left/Right with F3 off: move the highlighted card one place."""
        j = self.cursor + step
        if 0 <= j < len(self.cards):
            cards = self.cards
            cards[self.cursor], cards[j] = cards[j], cards[self.cursor]
            self.arrangement = list(cards)
            self.cursor = j

    # ---- drawing ----
    def draw(self, canvas: TextCanvas, geometry: HandGeometry, mode: HandMode | None,
             bg: int = palette.GREEN, cursor: bool = True) -> None:
        """The faces and the keys under them; with a ``mode`` (the player is asked) the cursor's
        card is framed (unless ``cursor`` is off: the prompt's choice has the highlight), picked
        cards are raised and cards that cannot be played are dimmed."""
        count = len(self.cards)
        for i, card in enumerate(self.cards):
            col = geometry.card_col(i, count)
            look = CardLook(highlight=mode is not None and cursor and i == self.cursor,
                            dim=mode is not None and card not in mode.playable,
                            picked=mode is not None and mode.multi and card in self.picked)
            row = geometry.row - geometry.lift if look.picked else geometry.row
            draw_face(canvas, col, row, self.face(card), geometry.width, geometry.height,
                      highlight=look.highlight, dim=look.dim)
            if self.decorate is not None:
                self.decorate(canvas, col, row, card, look)
            key_fg, key_bg = palette.WHITE, bg
            if look.highlight:
                key_fg, key_bg = palette.BLACK, palette.WHITE
            elif look.picked:
                key_fg, key_bg = palette.BLACK, palette.CYAN
            canvas.put(col + geometry.width // 2, geometry.keys_row, hand_key(i), key_fg, key_bg)
        for i in range(count, geometry.slots):
            draw_slot(canvas, geometry.card_col(i, count), geometry.row, geometry.width, geometry.height,
                      bg=bg)
