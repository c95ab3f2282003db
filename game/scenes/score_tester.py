"""The Jub Moo Score Tester: turn cards of the deck face up to make a stack, watch its score.

A 4x13 grid of the deck (spades, hearts, diamonds, clubs; 2 to ace). A face-up card is in
the stack, a back is not. Beside and below the grid: the number of cards, the score with a
line for every rule that produced it, and the same stack under the other scorings. V shows
the selected scoring's table (card values and the scores of the piles that make its special
rules), ? the 10♣ rule. The tester scores with the game's own functions (``card_value``,
``stack_score`` and ``score_breakdown`` of ``game.rules.jubmoo``), and every figure of those
boxes comes from them, so what it shows is what a deal would score.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame

from game.app.keys import Key
from game.app.scene import Scene
from game.rules.jubmoo import (
    CARDS,
    RULESETS,
    card_value,
    parse_card,
    score_breakdown,
    stack_score,
    ten_clubs_in_force,
)
from game.scenes.dialogs import MessageScene
from game.scenes.jubmoo_table import RULESET_NAMES, RULESET_TITLES, nice_label
from game.scenes.widgets import signed, title_bar
from game.screen import glyphs, palette
from game.screen.canvas import COLS, TextCanvas
from game.screen.cards import card_name, draw_back, draw_face, french_face

if TYPE_CHECKING:
    from game.app.app import App

TABLE_BG = palette.GREEN
SUITS = "SHDC"  # grid rows
RANKS = "23456789TJQKA"  # grid columns, low to high as on a score card
CELL_W, CELL_H = 5, 3
GRID_COL, GRID_ROW = 4, 2  # top-left cell; the rank headers sit on the frame above
SIDE_COL = 70  # the column of figures right of the grid (a blank column on each side)
SCORE_ROW = 14  # the score line, then four rows of breakdown, the comparison, three rows of keys
BREAK_COLS = (3, 41)  # the breakdown's two columns, three blanks apart (one had read as a run-on line)
LABEL_W = 29  # the longest label (``nice_label``); then six columns of points
SPECIALS = ("QS", "JD", "TC")
HEARTS = tuple(rank + "H" for rank in RANKS)
POINT_CARDS = (*HEARTS, *SPECIALS)
TEN_CLUBS_NAMES = {"double": "doubles", "add-and-double": "adds 50 and doubles"}
TC_ADDS = "+50x2"  # the 10♣ that adds 50 and doubles, as the badge and the cursor write it (the cursor has 8 columns)
KEYS_LINES = (
    "Face up = in the pile.   Arrows move;  Space or Enter turns the card over.",
    "/: find a card (/QS)  H: hearts  P: Q♠ J♦ 10♣  A: all  Bksp: none",
    "R: random  Tab: scoring  V: table  D: 10♣ rule  ?: the 10♣  Esc: back",
)
# The piles the scoring table scores, each showing one rule (§1.3-1.4 and their examples).
TABLE_PILES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("All 13 hearts (a Chuan)", HEARTS),
    (f"All 13 hearts + 10{glyphs.CLUB}", (*HEARTS, "TC")),
    (f"All 13 hearts + Q{glyphs.SPADE}", (*HEARTS, "QS")),
    # named by its cards: under All suits every card scores, so "the 16 point cards" misread (a tester)
    (f"All 13 hearts + Q{glyphs.SPADE} J{glyphs.DIAMOND} 10{glyphs.CLUB}", POINT_CARDS),
    ("Every card (13 tricks)", CARDS),
    ("No trick at all", ()),
    (f"Q{glyphs.SPADE} + J{glyphs.DIAMOND} + 10{glyphs.CLUB}", ("QS", "JD", "TC")),
    (f"10{glyphs.CLUB} + 3{glyphs.HEART}", ("TC", "3H")),
)
TABLE_CELL = 5  # the width of a value in the card grid of the V box
TABLE_PILE_W = 36  # the width of a pile and its score; two side by side


def scoring_table(ruleset: str, ten_clubs: str) -> list[str]:
    """The V box: every card's value under ``ruleset`` in a suit-by-rank grid, then what the
    piles of ``TABLE_PILES`` score. Every figure comes from the game's own functions."""
    ten_clubs = ten_clubs_in_force(ruleset, ten_clubs)
    options = {"ruleset": ruleset, "ten_clubs": ten_clubs}
    order = RANKS[::-1]  # ace first, as the rules file lists the values
    lines = ["Card" + "".join(f"{'10' if r == 'T' else r:>{TABLE_CELL}}" for r in order)]
    for suit in SUITS:
        cells = ["x2" if r + suit == "TC" else signed(card_value(r + suit, ruleset)) for r in order]
        lines.append(f"  {glyphs.FRENCH_SUIT_GLYPH[suit]} " + "".join(f"{c:>{TABLE_CELL}}" for c in cells))
    lines += [f"  x2: the 10{glyphs.CLUB} {TEN_CLUBS_NAMES[ten_clubs]} the rest of the pile, or is +50",
              "  with no other point card (? explains it"
              + ("; D changes the rule)." if ruleset != "gongzhu" else ")."), "", "Piles:"]
    cells = [f"  {label:<{TABLE_PILE_W - 8}}{signed(stack_score(pile, ruleset, options)):>6}"
             for label, pile in TABLE_PILES]
    half = (len(cells) + 1) // 2
    for left, right in zip(cells[:half], [*cells[half:], ""], strict=False):
        lines.append(f"{left:<{TABLE_PILE_W}}{right}".rstrip())
    lines += ["", "Press any key."]
    return lines


def ten_clubs_sum(pile: tuple[str, ...] | list[str], ruleset: str, ten_clubs: str) -> str:
    """What ``pile`` scores, written as the 10♣ works it out ("2 x 194 = +388", "2 x (0 + 50) =
    +100"): every figure is read from ``score_breakdown``, the game's own lines for the pile."""
    lines = score_breakdown(pile, ruleset, {"ruleset": ruleset, "ten_clubs": ten_clubs})
    total = sum(points for _, points in lines)
    labels = [label for label, _ in lines]
    base = sum(points for label, points in lines if not label.startswith("TC "))
    rest = f"({base})" if base < 0 else str(base)
    if "TC adds 50" in labels:
        return f"2 x ({base} + 50) = {signed(total)}"
    if "TC doubles" in labels and base:
        return f"2 x {rest} = {signed(total)}"
    return signed(total)


def ten_clubs_title(ruleset: str, ten_clubs: str) -> str:
    """The ? box's title: the scoring it explains."""
    ten_clubs = ten_clubs_in_force(ruleset, ten_clubs)
    return f"The 10{glyphs.CLUB} rule ({RULESET_NAMES[ruleset]} scoring, {TEN_CLUBS_NAMES[ten_clubs]})"


def ten_clubs_rule(ruleset: str, ten_clubs: str) -> list[str]:
    """The ? box: the 10♣ rule as the selected scoring (``ruleset`` and the ``ten_clubs`` option)
    has it, every figure scored by the game's own functions under both.

    Found by a tester: the box was given the ruleset only, so with D (10♣ adds 50 and doubles)
    the score line read +100 for Q♠ + J♦ + 10♣ while the box still said 0, and 2 x 194 = +388
    for a Chuan with the 10♣ where the game scores +488."""
    ten_clubs = ten_clubs_in_force(ruleset, ten_clubs)
    options = {"ruleset": ruleset, "ten_clubs": ten_clubs}
    adds = ten_clubs == "add-and-double"
    spade, diamond, club = glyphs.SPADE, glyphs.DIAMOND, glyphs.CLUB
    alone = signed(stack_score(["TC"], ruleset, options))
    lines = [
        f"The 10{club} is worth nothing by itself: what it does depends on the rest",
        "of the pile.",
        "",
    ]
    if any(c not in POINT_CARDS and card_value(c, ruleset) for c in CARDS):  # every other card has a value
        lines += [f"  With no other card of value it scores {alone}; here every other card has",
                  f"  one, so only the 10{club} by itself would: no trick of four leaves that."]
    else:
        lines.append(f"  With no other point card (no heart, no Q{spade}, no J{diamond}) it scores {alone}.")
    zero_hearts = [h for h in HEARTS if not card_value(h, ruleset)]
    if zero_hearts:
        names = " ".join(card_name(h) for h in reversed(zero_hearts))
        lines += [f"  A heart worth 0 ({names}) is still a point card:",
                  f"    10{club} + {card_name(zero_hearts[0])} scores "
                  f"{ten_clubs_sum(['TC', zero_hearts[0]], ruleset, ten_clubs)}, not +50."]
    if adds:
        lines.append("  Otherwise it adds 50 to the rest and doubles: 2 x (the rest + 50).")
    else:
        lines.append("  Otherwise it doubles the rest of the pile: 2 x (the rest).")
    other = "double" if adds else "add-and-double"
    lines += [
        f"    So Q{spade} + J{diamond} + 10{club} scores {ten_clubs_sum(('QS', 'JD', 'TC'), ruleset, ten_clubs)}, "
        "not +50,",
        f"    and 10{club} with all 13 hearts (a Chuan) scores {ten_clubs_sum((*HEARTS, 'TC'), ruleset, ten_clubs)}.",
        f"  D switches to '{TEN_CLUBS_NAMES[other]}': "
        + ("2 x (the rest), no 50 added." if adds else "2 x (the rest + 50).")
        if ruleset != "gongzhu" else f"  Gong Zhu's 10{club} only doubles; D changes it under Hearts and All suits.",
        "",
    ]
    everything = score_breakdown(CARDS, ruleset, options)
    if everything[0][0].startswith("Big Chuan"):
        lines.append(f"A Big Chuan (all 52 cards: every trick) is {signed(everything[0][1])} flat and never doubled.")
    else:
        lines += [f"A sweep (all 16 point cards; every card is one too): the hearts, the Q{spade}",
                  f"and the J{diamond} all count plus, and the 10{club} "
                  + ("adds 50 and doubles them:" if adds else "doubles them:"),
                  f"  {ten_clubs_sum(POINT_CARDS, ruleset, ten_clubs)}."]
    lines += ["", "Press any key."]
    return lines


def banner(lines: list[tuple[str, int]]) -> str:
    """The headline rule of a breakdown, if any."""
    labels = [label for label, _ in lines]
    if any(label.startswith("Big Chuan") for label in labels):
        return f"BIG CHUAN: {signed(lines[0][1])} FLAT"
    if any(label.startswith("No cards") for label in labels):
        return f"EMPTY PILE: {signed(lines[0][1])}" if lines[0][1] else "EMPTY PILE: NO PENALTY"
    head = ""
    if any(label.startswith("Sweep") for label in labels):
        head = "SWEEP!"
    elif any(label.startswith("Chuan") for label in labels):
        head = "CHUAN!"
    if "TC alone" in labels:
        return (head + f" 10{glyphs.CLUB} ALONE: +50").strip()
    if "TC adds 50" in labels:  # the rule in force, as the heading names it (a tester)
        return (head + f" 10{glyphs.CLUB} {TC_ADDS}").strip()
    if "TC doubles" in labels:
        return (head + f" 10{glyphs.CLUB} DOUBLES").strip()
    return head


class ScoreTesterScene(Scene):
    """Keyboard-driven stack builder; scores under the selected ruleset and 10♣ rule."""

    game_name = "jubmoo"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        options = self._options()
        self.ruleset = str(options.get("ruleset", "hearts"))
        self.ten_clubs = str(options.get("ten_clubs", "double"))
        self.stack: set[str] = set()
        self.row = 0  # suit row of the cursor
        self.col = 10  # rank column of the cursor (starts on the Q of spades)
        self.typing: str | None = None  # "/" was pressed: the card being typed
        self.message = ""
        self.rng = random.Random(app.seed_source.getrandbits(32))

    def _options(self) -> dict[str, Any]:
        """The options of the Jub Moo match on the stack, else those of the settings."""
        from game.scenes.jubmoo_table import JubMooTable

        table = self.app.stack.find(JubMooTable)
        if isinstance(table, JubMooTable):
            return dict(table.obs.options)
        return self.app.settings.game_options("jubmoo")

    # ---- the stack and its score ----
    @property
    def cursor_card(self) -> str:
        return RANKS[self.col] + SUITS[self.row]

    def cards(self) -> list[str]:
        """The stack in the game's canonical order."""
        return [c for c in CARDS if c in self.stack]

    def scoring(self) -> dict[str, str]:
        return {"ruleset": self.ruleset, "ten_clubs": self.ten_clubs}

    def score(self, ruleset: str | None = None) -> int:
        options = {**self.scoring(), "ruleset": ruleset or self.ruleset}
        return stack_score(self.cards(), options["ruleset"], options)

    def breakdown(self) -> list[tuple[str, int]]:
        return score_breakdown(self.cards(), self.ruleset, self.scoring())

    def toggle(self, cards: tuple[str, ...] | list[str]) -> None:
        """Turn a group face up, or face down if it is all face up already."""
        if all(c in self.stack for c in cards):
            self.stack.difference_update(cards)
        else:
            self.stack.update(cards)
        self.app.sound("click")

    # ---- keys ----
    def on_key(self, key: Key) -> None:
        self.message = ""
        if self.typing is not None:
            self._typing_key(key)
            return
        if key.is_cancel:
            self.app.stack.pop()
        elif key.is_left or key.is_right:
            self.col = (self.col + (1 if key.is_right else -1)) % len(RANKS)
        elif key.is_up or key.is_down:
            self.row = (self.row + (1 if key.is_down else -1)) % len(SUITS)
        elif key.is_confirm:
            self.toggle([self.cursor_card])
        elif key.code == pygame.K_BACKSPACE:
            self.stack.clear()
            self.app.sound("click")
        elif key.code == pygame.K_TAB:
            self.ruleset = RULESETS[(RULESETS.index(self.ruleset) + 1) % len(RULESETS)]
            self.app.sound("select")
        elif key.typed == "/":
            self.typing = ""
        elif key.typed == "?":
            title = ten_clubs_title(self.ruleset, self.ten_clubs)
            self.app.stack.push(MessageScene(self.app, title, ten_clubs_rule(self.ruleset, self.ten_clubs)))
        elif key.typed == "V":
            title = f"{RULESET_NAMES[self.ruleset]} scoring"
            self.app.stack.push(MessageScene(self.app, title, scoring_table(self.ruleset, self.ten_clubs)))
        elif key.typed == "H":
            self.toggle(HEARTS)
        elif key.typed == "P":
            self.toggle(SPECIALS)
        elif key.typed == "A":
            self.stack = set(CARDS)
            self.app.sound("click")
        elif key.typed == "R":
            tricks = self.rng.randint(1, 12)
            self.stack = set(self.rng.sample(CARDS, 4 * tricks))
            self.message = f"A random pile of {tricks} trick{'s' if tricks > 1 else ''} ({4 * tricks} cards)."
            self.app.sound("click")
        elif key.typed == "D" and self.ruleset == "gongzhu":
            # Within the row (the end had been cut): what D does, and where.
            self.message = f"Gong Zhu's 10{glyphs.CLUB} only doubles; D works under Hearts and All suits (Tab)."
            self.app.sound("buzz")
        elif key.typed == "D":
            self.ten_clubs = "add-and-double" if self.ten_clubs == "double" else "double"
            self.app.sound("select")

    def _typing_key(self, key: Key) -> None:
        """After "/": a rank and a suit (QS, TC, 10C, 2H) find that card and turn it."""
        assert self.typing is not None
        if key.is_cancel:
            self.typing = None
            return
        if key.code == pygame.K_BACKSPACE:
            self.typing = self.typing[:-1]
            return
        if not key.typed or key.typed == " ":
            return
        self.typing += key.typed
        text = self.typing
        if text in ("1", "10") or len(text) < 2:
            return
        self.typing = None
        try:
            card = parse_card(text)
        except ValueError:
            self.message = f"{text!r} is not a card: type a rank and a suit, e.g. QS, TC or 2H."
            self.app.sound("buzz")
            return
        self.row, self.col = SUITS.index(card[1]), RANKS.index(card[0])
        self.toggle([card])

    def on_click(self, col: int, row: int) -> None:
        """Clicking a card of the grid turns it; a part of the keys under it presses its key.
        While a card is typed, only its own "Esc: cancel" (a click on "R: random" had typed R)."""
        if self.typing is not None:
            if row == SCORE_ROW + 5:
                super().on_click(col, row)
            return
        c, r = (col - GRID_COL) // CELL_W, (row - GRID_ROW) // CELL_H
        if col >= GRID_COL and row >= GRID_ROW and c < len(RANKS) and r < len(SUITS):
            self.row, self.col = r, c
            self.toggle([self.cursor_card])
            return
        super().on_click(col, row)

    # ---- drawing ----
    def draw(self, canvas: TextCanvas) -> None:
        title_bar(canvas, "JUB MOO", "SCORE TESTER", f"{RULESET_TITLES[self.ruleset]} SCORING")
        canvas.fill(0, 1, COLS, 23, " ", palette.WHITE, TABLE_BG)
        canvas.box(0, 1, COLS, 23, fg=palette.WHITE, bg=TABLE_BG, double=True)
        self.draw_grid(canvas)
        self.draw_side(canvas)
        self.draw_score(canvas)
        self.draw_keys(canvas)

    def draw_grid(self, canvas: TextCanvas) -> None:
        for c, rank in enumerate(RANKS):
            canvas.put(GRID_COL + c * CELL_W + CELL_W // 2, GRID_ROW - 1, rank, palette.YELLOW, TABLE_BG)
        for r, suit in enumerate(SUITS):
            row = GRID_ROW + r * CELL_H
            glyph = glyphs.FRENCH_SUIT_GLYPH[suit]
            canvas.put(2, row + 1, glyph, palette.LIGHT_RED if suit in "HD" else palette.WHITE, TABLE_BG)
            for c, rank in enumerate(RANKS):
                card = rank + suit
                col = GRID_COL + c * CELL_W
                cursor = (r, c) == (self.row, self.col)
                if card in self.stack:
                    draw_face(canvas, col, row, french_face(card), CELL_W, CELL_H, highlight=cursor)
                else:
                    draw_back(canvas, col, row, CELL_W, CELL_H)
                    if cursor:
                        canvas.box(col, row, CELL_W, CELL_H, fg=palette.WHITE, bg=palette.GREY, double=True)

    def draw_side(self, canvas: TextCanvas) -> None:
        """Right of the grid: the stack's size and score, and the card under the cursor."""
        col = SIDE_COL
        n = len(self.stack)
        total = self.score()
        rows: list[tuple[str, int]] = [
            ("PILE", palette.YELLOW), (f"{n} card{'s' if n != 1 else ''}", palette.WHITE), ("", palette.WHITE),
            ("SCORE", palette.YELLOW), (f"{signed(total):>6}", palette.WHITE), ("", palette.WHITE),
            ("CURSOR", palette.YELLOW),
        ]
        card = self.cursor_card
        value, where = self.cursor_value(card)
        rows.append((f"{card_name(card)} {value}", palette.WHITE))
        rows.append((where, palette.WHITE))
        for i, (text, colour) in enumerate(rows):
            canvas.text(col, GRID_ROW + i, text[: COLS - 2 - col], colour, TABLE_BG)  # a blank before the frame

    def cursor_value(self, card: str) -> tuple[str, str]:
        """The cursor's card: its value as this pile counts it, and where it is. A pile that
        turns a card says so, with the value it then has (testers read "Q♠ -100 in pile" above
        "Sweep: the pig counts plus +100", then "Q♥ -30 in Chuan"): a Chuan's hearts count plus
        (under Gong Zhu all 13 together, no value each), a sweep's pig +100, in a Big Chuan no
        card has a value of its own, and the 10♣ is +50 alone or with the 50 its rule adds."""
        printed = "x2" if card == "TC" else signed(card_value(card, self.ruleset))
        if card not in self.stack:
            return printed, "outside"
        labels = [label for label, _ in self.breakdown()]
        if labels and labels[0].startswith("Big Chuan"):
            return "flat", "in pile"
        if card == "QS" and any(label.startswith("Sweep") for label in labels):
            return signed(-card_value(card, self.ruleset)), "in sweep"
        if card.endswith("H") and any(label.startswith("Chuan") for label in labels):
            return ("plus" if self.ruleset == "gongzhu" else signed(-card_value(card, self.ruleset))), "in Chuan"
        if card == "TC" and "TC alone" in labels:  # as the badge says (the cursor said x2: a reviewer)
            return "+50", "alone"
        if card == "TC" and "TC adds 50" in labels:
            return TC_ADDS, "in pile"
        return printed, "in pile"

    def draw_score(self, canvas: TextCanvas) -> None:
        lines = self.breakdown()
        total = self.score()
        assert total == sum(points for _, points in lines)
        rule = TEN_CLUBS_NAMES[ten_clubs_in_force(self.ruleset, self.ten_clubs)]
        head = f"{RULESET_NAMES[self.ruleset]} scoring, 10{glyphs.CLUB} {rule}: "
        if lines and lines[0][0].startswith("Big Chuan"):  # nothing but its flat score counts (a tester)
            head = f"{RULESET_NAMES[self.ruleset]} scoring: "
        col = canvas.text(3, SCORE_ROW, head, palette.WHITE, TABLE_BG)
        col = canvas.text(col, SCORE_ROW, f"{signed(total)}", palette.YELLOW, TABLE_BG)
        headline = banner(lines)
        if headline:
            canvas.text(COLS - 3 - len(headline), SCORE_ROW, headline, palette.LIGHT_MAGENTA, TABLE_BG)
        for i, (label, points) in enumerate(lines[:8]):
            # One column while four lines fit it; more go two to a row, read left to right (a fifth
            # at the top right had read as the second step of the sum: a tester).
            col, row = (BREAK_COLS[0], i) if len(lines) <= 4 else (BREAK_COLS[i % 2], i // 2)
            text = nice_label(label)
            canvas.text(col, SCORE_ROW + 1 + row, f"{text[:LABEL_W]:<{LABEL_W}}{signed(points):>6}",
                        palette.WHITE, TABLE_BG)
        row = SCORE_ROW + 5
        if self.typing is not None:
            text = f"Find a card: type its rank and suit (QS, TC, 2H): {self.typing}_   Esc: cancel"
            self.key_line(canvas, 3, row, text, palette.YELLOW, TABLE_BG)
        elif self.message:
            canvas.text(3, row, self.message[: COLS - 6], palette.YELLOW, TABLE_BG)
        else:
            col = canvas.text(3, row, "Same pile:", palette.LIGHT_CYAN, TABLE_BG)
            for ruleset in RULESETS:
                fg = palette.YELLOW if ruleset == self.ruleset else palette.LIGHT_CYAN
                col = canvas.text(col + 3, row, f"{RULESET_NAMES[ruleset]} {signed(self.score(ruleset))}",
                                  fg, TABLE_BG)

    def draw_keys(self, canvas: TextCanvas) -> None:
        for i, line in enumerate(KEYS_LINES):  # each part "K: what it does", so it takes a click
            self.key_line(canvas, 3, SCORE_ROW + 6 + i, line[: COLS - 5],
                          palette.LIGHT_CYAN if i == 0 else palette.WHITE, TABLE_BG)
