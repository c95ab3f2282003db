"""The Jub Moo table: four seats round a green table, your 13 cards along the bottom.

The seat at the keyboard is drawn at the bottom, the next seat in play order on the right
(on the left with the clockwise option), the one opposite at the top. Each seat shows its
cards in hand (backs), tricks, what its stack would score now, its running total and the
point cards it has won; the trick is a cross in the middle. Everything drawn comes from the
viewer's observation.

Built on the table kit (game.scenes.table): this file holds the layout, the narration and
the game's own keys (L recalls the last trick). A trick the player at the keyboard takes
stays on the table until his key, since his own lead would come next.

Hot seat: with 2-4 human players, seats 0..h-1 are people sharing the keyboard. Before a
different human acts the table hides every hand behind a "pass the keyboard" panel (which
ignores keys for a moment, as a new prompt does), then turns to that player's view, his
hand in his own order.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING, Any

from game import registry
from game.app.keys import Key
from game.app.match import Match, deal_ended
from game.rules.jubmoo import OPTION_SPECS, RULES, JubMooObservation, pig_seats, winner_seats
from game.scenes.hand import CardLook, Hand, HandGeometry, HandMode
from game.scenes.table import (
    PANEL_LINE,
    REPLAY_KEYS,
    SUMMARY_MAX,
    TABLE_BG,
    Choice,
    Panel,
    Prompt,
    TableScene,
    deal_of,
)
from game.scenes.widgets import signed
from game.screen import glyphs, palette
from game.screen.canvas import COLS, TextCanvas
from game.screen.cards import card_name, draw_back, draw_face, draw_slot, french_face, play_keys_text

if TYPE_CHECKING:
    from game.app.app import App

CARD_W, CARD_H, CARD_STEP = 5, 4, 6  # the narrow card: 13 of them fill the width
NORTH_ROW = 2  # two rows: the seat's line and its point cards
SOUTH_ROW = 14
SIDE_ROW = 5  # the west and east blocks, rows 5-12
SIDE_W = 26
LEFT_COL, RIGHT_COL = 2, 52
HAND_ROW, KEYS_ROW = 16, 20
# Where each position's trick card lies: 0 bottom, 1 right, 2 top, 3 left.
TRICK_AT = {0: (37, 10), 1: (44, 7), 2: (37, 4), 3: (30, 7)}
#: Seconds the hot seat's "pass the keyboard" ignores keys: longer than a prompt's guard, as
#: the last player's next key came 0.4 s later and showed the next player's hand (a tester).
HAND_OVER_GUARD = 1.5
COMPASS = {1: "East", 2: "North", 3: "West"}
#: Each scoring's name as the options name it ("All suits", "Gong Zhu"), and in capitals.
RULESET_NAMES = {choice: name.removesuffix(" (literal)") for choice, name in
                 zip(OPTION_SPECS["ruleset"].choices, OPTION_SPECS["ruleset"].names, strict=True)}
RULESET_TITLES = {choice: name.upper() for choice, name in RULESET_NAMES.items()}
SORTED_SUITS = "SHCD"  # F3's sort: suits in alternating colours, each from the ace down
RANKS = "AKQJT98765432"
SPECIAL_FIRST = ("QS", "JD", "TC")


# ---- text helpers (shared with the Score Tester) ----
def nice_label(label: str) -> str:
    """An engine breakdown label for the screen: ``QS`` -> ``Q♠``, ``TC`` -> ``10♣``; at most
    29 characters, as two stand side by side in the Score Tester, blanks between."""
    label = label.replace("Chuan: all 13 hearts turn positive", "Chuan: 13 hearts count plus")
    label = label.replace("Sweep: QS (the pig) counts plus", "Sweep: the pig QS counts plus")
    # The doubling's points are the rest counted again: "doubles the rest -259" was read as
    # the rest after doubling by a tester, beside "= -518".
    label = label.replace("TC doubles", "TC doubles: the rest again")
    label = label.replace("TC alone", "TC alone (no other points)")
    label = re.sub(r"\bQS\b", "Q" + glyphs.SPADE, label)
    label = re.sub(r"\bJD\b", "J" + glyphs.DIAMOND, label)
    return re.sub(r"\bTC\b", "10" + glyphs.CLUB, label)


def card_colour(card: str) -> int:
    """Colour of a card written as text on the green table."""
    return palette.LIGHT_RED if card[1] in "HD" else palette.WHITE


def point_tokens(cards: tuple[str, ...] | list[str], by_suit: bool) -> list[tuple[str, int]]:
    """Won cards as short words: ``Q♠ J♦ T♣ A♥ 7♥``, or by suit (``♠AK3 ♥Q72``) when there may be many."""
    if by_suit:
        out = []
        for suit in "SHDC":
            ranks = "".join(sorted((c[0] for c in cards if c[1] == suit), key=RANKS.index))
            if ranks:
                out.append((glyphs.FRENCH_SUIT_GLYPH[suit] + ranks, card_colour("x" + suit)))
        return out
    ordered = [c for c in SPECIAL_FIRST if c in cards] + [c for c in cards if c not in SPECIAL_FIRST]
    return [(card_name(c), card_colour(c)) for c in ordered]


def wrap_tokens(tokens: list[tuple[str, int]], width: int) -> list[list[tuple[str, int]]]:
    """Words into lines of at most ``width`` columns (a space between words)."""
    lines: list[list[tuple[str, int]]] = [[]]
    used = 0
    for word, colour in tokens:
        need = len(word) + (1 if lines[-1] else 0)
        if lines[-1] and used + need > width:
            lines.append([])
            used, need = 0, len(word)
        lines[-1].append((word, colour))
        used += need
    return lines if lines[-1] else []


def draw_tokens(canvas: TextCanvas, col: int, row: int, line: list[tuple[str, int]], bg: int = TABLE_BG) -> int:
    for i, (word, colour) in enumerate(line):
        if i:
            col += 1
        col = canvas.text(col, row, word, colour, bg)
    return col


def mirrored(place: int) -> int:
    """A seat or place seen the other way round (clockwise play): right and left swap."""
    return {1: 3, 3: 1}.get(place, place)


def sort_key(card: str) -> tuple[int, int]:
    return SORTED_SUITS.index(card[1]), RANKS.index(card[0])


def card_corner(canvas: TextCanvas, col: int, row: int, card: str, dim: bool = False) -> None:
    """The narrow card's second corner: the suit again, bottom right."""
    face = french_face(card)
    canvas.put(col + CARD_W - 2, row + CARD_H - 2, face.suit, palette.DARK_GREY if dim else face.colour)


class JubMooTable(TableScene[JubMooObservation]):
    game_name = "jubmoo"
    KEYS = (
        Choice("L", "Last trick", "last"),
        *REPLAY_KEYS,
    )
    REPLAY_KEEPS = "leader and totals"
    OWN_ACTIONS = frozenset({"last"})

    @classmethod
    def people(cls, app: App, attract: bool) -> tuple[int, ...]:
        """Hot seat: seats 0..h-1 are people."""
        humans = 1 if attract else int(app.settings.get(cls.game_name, "humans"))
        return tuple(range(max(1, min(registry.max_people(cls.game_name), humans))))

    def __init__(self, app: App, match: Match, attract: bool = False, humans: tuple[int, ...] = (0,)) -> None:
        self.arrangements: dict[int, list[str]] = {}  # each person's own order when F3 (sort) is off
        self.passing = False  # the keyboard is being passed: every hand is hidden
        self.show_last = False  # L: the last trick is shown in the middle
        # The way round is the match's, kept with its save: changed on the menu during a match, it
        # had swapped East and West mid-deal on resuming (a tester). The next match takes the new one.
        self._clockwise = bool(app.settings.get(self.game_name, "clockwise"))
        super().__init__(app, match, attract, humans)
        self.pass_to_first_person()  # a new or resumed match

    def pass_to_first_person(self) -> None:
        """In hot seat, nobody sees a hand before its player is ready (the keyboard may still be
        with whoever played last): the first person to play after the computers that play
        before him gets the keyboard first."""
        seat = self.match.current_player
        if self.hot_seat and seat is not None and not self.attract and not self.match.is_over:
            first = next(((seat + i) % 4 for i in range(4) if not self.computer_plays((seat + i) % 4)), None)
            if first is not None:
                self.hand_over(first)

    def show_summary(self, last_deal: Any) -> None:
        """A deal's summary, read by everybody at a hot-seat table: the next deal starts as a new
        match does, behind "pass the keyboard" (a tester saw the last player's new hand face up
        after the summary, while the computers led)."""
        super().show_summary(last_deal)
        if self.panel is not None and self.hot_seat:
            self.panel.on_close = self.pass_to_first_person

    # ---- who sits where ----
    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    @property
    def clockwise(self) -> bool:
        return self._clockwise

    def table_options(self) -> dict[str, Any]:
        """This match's own options: its people and its way round, whatever the menu says now."""
        return {**super().table_options(), "humans": len(self.humans), "clockwise": self.clockwise}

    def position(self, seat: int) -> int:
        """0 bottom, 1 right, 2 top, 3 left: the viewer at the bottom, play going round."""
        pos = super().position(seat)
        return mirrored(pos) if self.clockwise else pos

    def seat_at(self, position: int) -> int:
        return next(s for s in range(4) if self.position(s) == position)

    def seat_name(self, seat: int) -> str:
        if self.hot_seat:
            return f"Player {seat + 1}" if seat in self.humans else f"Computer {seat + 1}"
        if seat in self.humans:
            return "You"
        pos = seat % 4
        return COMPASS[mirrored(pos) if self.clockwise else pos]

    @property
    def ruleset(self) -> str:
        return str(dict(self.view.options)["ruleset"])

    @property
    def target(self) -> int:
        return int(dict(self.view.options)["target"])

    # ---- the hot seat ----
    @property
    def hand_hidden(self) -> bool:
        """Nobody's cards while the keyboard changes hands, nor in hot seat once the person at
        the screen has played and another is to play (a computer, or the next person after the
        trick's pause): his hand had stayed face up for the others to see (a tester); nor in hot
        seat while F2 plays."""
        if self.passing:
            return True
        if not self.hot_seat or self.showing_decision or self.view.all_hands is not None:
            return False  # with open hands every hand is shown anyway (it had flickered: a reviewer)
        if self.app.demo:
            # F2 plays every seat, while the people still sit at the screen: nobody's hand (the
            # last person's had stayed face up for the others to read: a tester).
            return True
        seat = self.match.current_player
        return seat is not None and seat != self.viewer

    def hand_over(self, seat: int) -> None:
        """Hide every hand, then show ``seat``'s view once its player presses Enter. The panel
        comes up under the last player's fingers: it ignores keys for ``HAND_OVER_GUARD``."""
        self.set_viewer(seat)
        self.passing = True
        name = self.seat_name(seat)
        # Not "plays next" while computers play first (a tester saw Computer 4 lead after it).
        turn = f"It is {name}'s turn." if self.match.current_player == seat else f"{name} is the next person to play."
        if "replay" in self.obs.legal_actions:  # a choice for the whole table, said as such (a tester)
            turn = f"{name} decides whether deal {self.obs.deal_number} is replayed."
        lines = [(turn, palette.YELLOW), ("", palette.WHITE),
                 (f"Hand the keyboard to {name}; everyone else,", palette.WHITE),
                 ("please look away from the screen.", palette.WHITE)]

        def key(key: Key) -> bool:
            # L said, as F4 is, where it would show a trick (it did nothing: a tester).
            if key.typed == "L" and self.view.phase == "play" and self.view.last_trick:
                self.app.notice(f"L: {name} presses Enter first; then L shows the last trick.",
                                replaces="L:", log=False)
            return key.is_confirm and not self.guarded

        def done() -> None:
            self.passing = False

        self.show_panel(Panel("Pass the keyboard", lines, f"{name}: press Enter when ready", on_key=key,
                              on_close=done))
        self.guard_keys(HAND_OVER_GUARD)

    def on_demo_changed(self) -> None:
        """F2 behind "pass the keyboard": the hands stay hidden until the person named presses
        Enter, so say that the demo waits for it (a tester saw F2 turned on and nothing move)."""
        super().on_demo_changed()
        if not self.app.demo and self.hot_seat and not self.passing:
            # F2 off after it played every seat: whoever is at the screen now, the next person
            # to play is handed the keyboard, the last one to see his hand too (it had turned
            # face up at once for whoever pressed F2: a reviewer).
            self.hand_over_due = True
        if self.passing and self.panel is not None:
            name = self.seat_name(self.viewer)
            # One row's worth: a tester saw only its first half, cut at the row's end. F2 again
            # takes it off the row at once (a tester read "Demo on" over a demo turned off).
            self.app.clear_notices()
            if self.app.demo:
                self.app.notice(f"Demo on: once {name} presses Enter, the computer plays every seat.")
            else:
                self.app.notice(f"Demo off: {name} plays after pressing Enter.")

    def on_hint(self) -> bool:
        """F4 behind "pass the keyboard": Enter first (it had answered "when it is your turn"
        beside "It is Player 1's turn": a tester); over the last trick recalled with L, back to
        the table first."""
        if self.passing and self.panel is not None:
            self.app.notice(f"F4: {self.seat_name(self.viewer)} presses Enter first; then F4 gives a hint.",
                            replaces="F4:", log=False)
            return True
        if self.show_last and self.human_to_act:  # back to the table, as any key goes, for the hint's
            self.show_last = False  # Enter to play (it only closed the recall: a tester)
            self.hand.to_playable(self.prompt().hand)
        return super().on_hint()

    def set_viewer(self, seat: int) -> None:
        """Turn to ``seat``: his own order of his cards (F3 off) comes back with him."""
        self.arrangements[self.viewer] = list(self.hand.arrangement)
        self.hand.arrangement = self.arrangements.get(seat, [])
        self.show_last = False
        super().set_viewer(seat)

    def table_state(self) -> dict[str, Any]:
        """Every person's own order of his hand (hot seat), not only the one on screen."""
        orders = {**self.arrangements, self.viewer: list(self.hand.arrangement)}
        return {"arrangements": {str(seat): cards for seat, cards in orders.items()}, "clockwise": self.clockwise}

    def restore_state(self, state: dict[str, Any]) -> None:
        if isinstance(state.get("clockwise"), bool):
            self._clockwise = state["clockwise"]
        orders = state.get("arrangements")
        if not isinstance(orders, dict):
            return
        seats = {str(seat): seat for seat in range(4)}  # not int(): "²" is a digit int() refuses (a tester)
        for seat, cards in orders.items():
            if seat in seats and isinstance(cards, list) and all(isinstance(card, str) for card in cards):
                self.arrangements[seats[seat]] = list(cards)
        super().restore_state({"arrangement": self.arrangements.get(self.viewer, [])})

    # ---- the hand ----
    def make_hand(self) -> Hand:
        return Hand(french_face, arrange=True, decorate=self._corner)

    def hand_geometry(self) -> HandGeometry:
        return HandGeometry(row=HAND_ROW, keys_row=KEYS_ROW, width=CARD_W, height=CARD_H, step=CARD_STEP)

    def hand_cards(self, view: JubMooObservation) -> list[str]:
        """F3's order: suits in alternating colours, each from the ace down."""
        return sorted(view.hand, key=sort_key)

    @staticmethod
    def _corner(canvas: TextCanvas, col: int, row: int, card: str, look: CardLook) -> None:
        card_corner(canvas, col, row, card, look.dim)

    # ---- the prompt and the keys ----
    def decision(self) -> Prompt:
        obs = self.view
        if obs.phase != "play":
            return self.replay_offer()
        who = f"{self.seat_name(self.viewer)}, your" if self.hot_seat else "Your"
        lead = "lead" if not obs.trick else "turn"
        last = (self.offer("last"),) if obs.last_trick else ()  # offered once there is one
        keys = play_keys_text(obs.hand, yours=not self.hot_seat)  # room for L beside a name
        return Prompt(f"{who} {lead}: {keys}.   ", last, hand=HandMode(frozenset(obs.legal_actions)))

    def paused(self) -> bool:
        """The last trick recalled with L stays until a key, the others' play waiting (it had
        gone at their next card, under "Any key: back to the table": a tester)."""
        return self.show_last and self.panel is None

    def prompt(self) -> Prompt:
        """The last trick recalled with L takes the whole line."""
        if self.show_last and self.panel is None and self.hold <= 0:
            name = self.seat_name(self.view.last_trick_winner or 0)
            return Prompt(f"The last trick, taken by {'you' if name == 'You' else name}. Any key: back to the table.")
        return super().prompt()

    def waiting_text(self, seat: int) -> str:
        if seat in self.humans and not (self.app.demo or self.attract):
            return f"Waiting for {self.seat_name(seat)}."
        return super().waiting_text(seat)

    def table_key(self, key: Key) -> bool:
        """L shows the last trick in the middle; any key goes back to the table."""
        if self.show_last:
            self.show_last = False
            if self.human_to_act:
                self.hand.to_playable(self.prompt().hand)
            return True
        if key.typed == "L" and self.view.phase == "play":
            if self.view.last_trick:
                self.show_last = True
            else:
                self.refuse("No trick has been completed yet in this deal.")
            return True
        if key.typed == "L":  # said as every "not now" is (a tester at the replay offer)
            self.refuse("L shows the last trick while a deal is played; the last deal is over.")
            return True
        return False

    # ---- after each action ----
    def after_action(self, seat: int, action: str, before: JubMooObservation, after: JubMooObservation) -> None:
        self.message = self.move_message(seat, action, before, after)
        self.show_last = False
        same_deal = deal_of(after) == deal_of(before)
        if action in ("replay", "continue"):
            self.app.sound("select")
        elif same_deal and sum(after.tricks_won) > sum(before.tricks_won):
            self.hold_trick(until_key=True)
            self.app.sound("trick")
        elif not same_deal:
            if deal_ended(before, after, action):
                self.hold_trick()  # the thirteenth trick, then the deal's summary
            self.app.sound("trick")
        else:
            self.app.sound("click")

    def deal_end_view(self, before: JubMooObservation, seat: int, action: str,
                      after: JubMooObservation) -> JubMooObservation:
        """The deal as it ended: the thirteenth trick on the table (the engine deals on at
        once, so the view before its last card is amended from the deal's summary)."""
        last = after.last_deal
        if last is None:  # (no deal has ended: nothing to amend)
            return before
        sizes = list(before.hand_sizes)
        sizes[seat] -= 1
        all_hands = before.all_hands
        if all_hands is not None:
            all_hands = tuple(h if s != seat else tuple(c for c in h if c != action) for s, h in enumerate(all_hands))
        return dataclasses.replace(
            before, hand=tuple(c for c in before.hand if c != action) if seat == before.seat else before.hand,
            hand_sizes=tuple(sizes), all_hands=all_hands, trick=(), last_trick=last.tricks[-1],
            last_trick_winner=last.trick_winners[-1], tricks_won=last.tricks_won, point_cards=last.stacks,
            deal_scores_so_far=last.scores, scores=after.scores, plays=(*before.plays, (seat, action)),
            current_player=None, legal_actions=())

    def move_words(self, action: str, view: JubMooObservation, short: bool = False) -> str:
        return card_name(action) if short else f"{'lead' if not view.trick else 'play'} the {card_name(action)}"

    def decision_words(self, view: JubMooObservation) -> str:
        return f"trick {len(view.plays) // 4 + 1}"

    def deal_opening(self, view: JubMooObservation) -> str:
        """Who leads the deal and why, from the rules' own event ("2 holds 2C and leads."): a
        tester with "First lead: Two of clubs" saw East lead a spade and nothing say why."""
        found = re.fullmatch(r"(\d) (.+)", view.events[1]) if len(view.events) > 1 else None
        if found is None or view.trick or view.tricks_won != (0, 0, 0, 0):
            return ""
        seat, why = int(found.group(1)), found.group(2)
        name = self.seat_name(seat)
        you = name == "You"
        lead = "lead" if you else "leads"
        if why.startswith("holds 2C"):
            said = f"{self.verb(seat, 'hold', 'holds')} the 2{glyphs.CLUB} and {lead} first (any card may be led)."
        elif why.startswith("took QS"):
            said = f"{name} took the pig last deal and {lead} this one."
        elif why.startswith("is drawn"):
            said = f"{name} {'are' if you else 'is'} drawn to lead."
        else:  # a seat set for the first deal: the last match's pig (the option is not on the screen)
            said = f"{name} {'were' if you else 'was'} the last match's pig and {lead} first."
        return self.deal_says(view, said)  # with its number, as every table's (a tester)

    def describe(self, seat: int, action: str, before: JubMooObservation, after: JubMooObservation) -> str:
        leading = not before.trick
        text = self.verb(seat, "lead", "leads") if leading else self.verb(seat, "play", "plays")
        text += f" the {card_name(action)}"
        if action == "QS":
            text += " (the pig)"
        if deal_of(after) == deal_of(before):
            if sum(after.tricks_won) > sum(before.tricks_won) and after.last_trick_winner is not None:
                text += f". {self.verb(after.last_trick_winner, 'take', 'takes')} the trick."
            else:
                text += "."
        elif after.last_deal is not None:
            winner = after.last_deal.trick_winners[-1]
            text += f". {self.verb(winner, 'take', 'takes')} the last trick."
        else:
            text += "."
        return text

    # ---- settings ----
    def on_setting_changed(self, section: str, key: str) -> None:
        super().on_setting_changed(section, key)
        if (section, key) == ("play", "hand_sort"):
            self.arrangements.clear()

    # ---- summary and result ----
    def summary_lines(self, last: Any) -> list[tuple[str, int]]:
        """Each seat's pile and every rule that scored it, then the totals; at most ``SUMMARY_MAX`` lines."""
        by_suit = self.ruleset == "all-suits"
        # In hot seat Player 1..4 in turn, the same every deal (the columns had started from
        # whoever was at the keyboard, and moved from deal to deal: a tester).
        order = list(range(4)) if self.hot_seat else [self.seat_at(p) for p in range(4)]
        # Hot seat's "COMPUTER 3" is written "COMP 3", so the names leave the cards their room.
        short = {s: self.seat_name(s).upper().replace("COMPUTER ", "COMP ") for s in order}
        width = max(len(name) for name in short.values()) + 2
        body_w = 58 - width
        chunks = {s: self._wrap_parts([f"{nice_label(label)} {signed(points)}" for label, points in last.breakdowns[s]],
                                      body_w) for s in order}
        effects = {s: self._effect(last, s) for s in order}
        piles = {s: self._pile_lines(short[s], width, last, s, by_suit) for s in order}
        names = "".join(f"{short[s]:>10}" for s in order)  # a column is 10 wide
        table = [(f"{'':12}{names}", palette.LIGHT_CYAN)]
        for label, values in (("Before", last.totals_before), ("This deal", last.scores), ("Total", last.totals)):
            row = "".join(f"{signed(values[s]):>10}" for s in order)  # signed, as Luk Fu's sheet is
            table.append((f"{label:<12}{row}", palette.YELLOW if label == "Total" else palette.WHITE))

        def spare() -> int:
            """Rows left beside the seats' lines, the table without its "Before" row and the footer."""
            seats = sum(len(chunks[s]) + bool(effects[s]) + len(piles[s]) for s in order)
            return SUMMARY_MAX - seats - (len(table) - 1) - 1

        while spare() < 0:  # long all-suits breakdowns: shorten the longest
            seat = max(order, key=lambda s: len(chunks[s]))
            del chunks[seat][-1]
            chunks[seat][-1] = chunks[seat][-1].rstrip(",") + " ..."
        # Kept while the panel has the rows, in this order: the blank between the seats and the
        # table, the blank above the footer, then the "Before" row. (A summary with no room for
        # all three had dropped all three, two rows of the panel left empty, and its last
        # breakdown ran into the table's heading in the same cyan.)
        rows = spare()
        gap: list[tuple[str, int]] = [("", palette.WHITE)]
        above_table = gap if rows >= 1 else []
        above_footer = gap if rows >= 2 else []
        if rows < 3:
            table = [table[0], *table[2:]]
        lines: list[tuple[str, int]] = []
        for seat in order:
            colour = palette.YELLOW if seat == last.pig_taker else palette.WHITE
            lines.extend((pile, colour) for pile in piles[seat])
            for i, chunk in enumerate(chunks[seat]):
                # The sum after its last part (on the first of two lines a tester read
                # "Hearts (1) -8, J♦ +100, = +184", the 10♣'s doubling below it).
                tail = f"= {signed(last.scores[seat]):>5}" if i == len(chunks[seat]) - 1 else ""
                lines.append((f"{'':{width}}{chunk:<{body_w}}  {tail}".rstrip(), palette.LIGHT_CYAN))
            if effects[seat]:
                lines.append((f"{'':{width}}{effects[seat]}", palette.LIGHT_MAGENTA))
        taker = self.seat_name(last.pig_taker)
        footer = f"{taker} took the pig (Q{glyphs.SPADE})"
        if self.obs.phase == "over":  # said on the deciding deal's summary (a newcomer learnt it a key later)
            footer += "; the match is over"
        elif dict(self.view.options)["later_leads"] == "pig-taker":
            footer += f" and {'lead' if taker == 'You' else 'leads'} the next deal"
        return [*lines, *above_table, *table, *above_footer, (footer + ".", palette.WHITE)]

    @staticmethod
    def _pile_lines(name: str, width: int, last: Any, seat: int, by_suit: bool) -> list[str]:
        """``NORTH  3 tricks  won Q♠ A♥ ...``: the seat's tricks and point cards, every card shown
        (a long pile goes on under the cards, on a line of its own)."""
        tricks = last.tricks_won[seat]
        head = f"{name:<{width}}{tricks:>2} trick{'s' if tricks != 1 else ' '}  "
        words = [word for word, _ in point_tokens(last.stacks[seat], by_suit)]
        if tricks == 0:
            return [head + "won nothing"]
        if not words:
            return [head + "no point cards"]
        rows = [""]
        for word in ["won", *words]:
            if rows[-1] and len(head) + len(rows[-1]) + 1 + len(word) > PANEL_LINE:
                rows.append(word)
            else:
                rows[-1] = f"{rows[-1]} {word}" if rows[-1] else word
        return [head + rows[0], *(" " * len(head) + row for row in rows[1:])]

    def _effect(self, last: Any, seat: int) -> str:
        """A plain sentence for the rare rules that changed this stack's score."""
        if last.big_chuan == seat:
            return "BIG CHUAN! Every trick won: +1000 flat, nothing else counts."
        if last.sweep == seat:
            return "SWEEP! All 16 point cards: hearts and the pig count plus."
        if last.chuan == seat:
            return "CHUAN! All 13 hearts taken: they count plus instead of minus."
        return ""

    @staticmethod
    def _wrap_parts(parts: list[str], width: int) -> list[str]:
        """``a, b, c`` over lines of at most ``width`` columns, never breaking a part."""
        lines = [""]
        for i, part in enumerate(parts):
            part += "," if i < len(parts) - 1 else ""
            if lines[-1] and len(lines[-1]) + 1 + len(part) > width:
                lines.append(part)
            else:
                lines[-1] = f"{lines[-1]} {part}" if lines[-1] else part
        return lines

    def pigs(self) -> tuple[int, ...]:
        return self.obs.pigs or pig_seats(self.obs.scores)

    def winners(self) -> tuple[int, ...]:
        return self.obs.winner or winner_seats(self.obs.scores)

    def result_lines(self) -> list[tuple[str, int]]:
        scores = self.obs.scores
        pigs = self.pigs()
        names = [self.seat_name(s).upper() for s in pigs]
        if len(pigs) == 1:
            head = "YOU ARE THE PIG!" if names[0] == "YOU" else f"{names[0]} IS THE PIG!"
        else:
            head = " AND ".join(names) + " ARE THE PIGS!"
        lines: list[tuple[str, int]] = [(head, palette.LIGHT_MAGENTA), ("", palette.WHITE)]
        deals = self.obs.deal_number
        lines.append((f"Final totals after {deals} deal{'s' if deals != 1 else ''} (the match ends at {self.target}):",
                      palette.WHITE))
        ranked = sorted(range(4), key=lambda s: (-scores[s], s))
        for seat in ranked:
            place = 1 + sum(scores[other] > scores[seat] for other in range(4))  # ties share a place: 1, 1, 3
            note = "  the pig" if seat in pigs else ("  top score" if seat in self.winners() else "")
            colour = palette.LIGHT_RED if seat in pigs else (palette.LIGHT_GREEN if note else palette.WHITE)
            lines.append((f"  {place}.  {self.seat_name(seat):<12}{signed(scores[seat]):>7}{note}", colour))
        lines.append(("", palette.WHITE))
        winners = [self.seat_name(s) for s in self.winners()]
        if not self.hot_seat and winners == ["You"]:
            lines.append(("YOU HAVE THE TOP SCORE: YOU WIN THE MATCH!", palette.LIGHT_GREEN))
        elif not self.hot_seat and 0 not in pigs and "You" not in winners:
            lines.append((f"You escaped the pig; {' and '.join(winners)} won the match.", palette.WHITE))
        elif len(winners) == 1:
            lines.append((f"{winners[0]} wins the match.", palette.WHITE))
        else:
            lines.append((f"{' and '.join(winners)} share the win.", palette.WHITE))
        if "first_leader" in self.next_match_options():  # said where it is decided (a tester)
            lines.append(("The pig leads the next match's first deal.", palette.WHITE))
        return lines

    def waits_for_any_key(self) -> bool:
        """The last trick shown (L) goes back on any key, so on a click too (a tester)."""
        return super().waits_for_any_key() or (self.show_last and self.panel is None)

    def human_won(self) -> bool:
        """A first place shared counts as won, as in Luk Fu."""
        return any(s in self.winners() for s in self.humans)

    @classmethod
    def carried_options(cls, app: App, options: dict[str, Any], carried: dict[str, Any]) -> dict[str, Any]:
        """The pig's lead only while the lead options still ask for it (they may have changed
        on the menu since the match that made the pig). The pig is the player drawn in his
        place at the table: if the new match goes round the other way, the seat in play order
        of that place is the other side's (a tester's West pig saw East lead)."""
        full = RULES.default_options() | options
        if not (full.get("first_lead") == "random" and full.get("later_leads") == "pig-taker"):
            return {}
        if "first_leader" not in carried:
            return {}
        # Seats name other players once the people at the keyboard are more or fewer: the last
        # match's pig, East, had become "Player 2" (a tester). The rules' first lead, then.
        if carried.get("people", 1) != len(cls.people(app, attract=False)):
            return {}
        seat = carried["first_leader"]
        way_changed = carried.get("clockwise", False) != bool(app.settings.get(cls.game_name, "clockwise"))
        if type(seat) is int and way_changed:  # anything else is refused by the rules (a damaged record)
            seat = mirrored(seat)
        return {"first_leader": seat}

    def next_match_options(self) -> dict[str, Any]:
        """The last match's pig leads the next match's first deal (rules file §1.2), unless the
        options make the first lead the two of clubs' or every lead random; co-pigs leave it
        to the first-lead rule."""
        options = self.match.rules.default_options() | dict(self.match.options)
        pigs = self.pigs()
        if options.get("first_lead") == "random" and options.get("later_leads") == "pig-taker" and len(pigs) == 1:
            # The way round names his place, and the people at the keyboard who sits where.
            return {"first_leader": pigs[0], "clockwise": self.clockwise, "people": len(self.humans)}
        return {}

    def human_score(self) -> int:
        return max(int(self.obs.scores[s]) for s in self.humans)

    def deal_stats(self, last: Any) -> tuple[bool, dict[str, int]] | None:
        """A deal is won by the best deal score (ties shared); Chuans and Big Chuans count as Chuans."""
        best = max(last.scores)
        won = any(last.scores[s] == best for s in self.humans)
        chuans = int(last.chuan in self.humans or last.big_chuan in self.humans)
        return won, {"chuans": chuans}

    def match_extra(self) -> dict[str, int]:
        return {"pigs": int(any(s in self.pigs() for s in self.humans))}

    # ---- drawing ----
    def title(self) -> tuple[str, str, str]:
        return ("JUB MOO", f"DEAL {self.view.deal_number}   PIG AT {self.target}",
                f"{RULESET_TITLES.get(self.ruleset, self.ruleset.upper())} SCORING")

    def draw_layout(self, canvas: TextCanvas) -> None:
        obs = self.view
        done = sum(obs.tricks_won)
        # A finished trick held on screen is still the trick named (the header had moved on to
        # the next beside the four cards of the one before).
        held = self.hold > 0 and bool(obs.last_trick)
        if self.deal_on():
            number = done if held else min(13, done + 1)
            canvas.text(2, 1, f" TRICK {number} OF 13 ", palette.WHITE, TABLE_BG)
            direction = " PLAY GOES CLOCKWISE " if self.clockwise else " PLAY GOES ANTICLOCKWISE "
            canvas.text(COLS - 2 - len(direction), 1, direction, palette.WHITE, TABLE_BG)
        else:  # no deal on: no trick to count (a tester read "TRICK 13 OF 13" under "Match over")
            canvas.text(2, 1, " MATCH OVER " if obs.phase == "over" else " DEAL OVER ", palette.WHITE, TABLE_BG)
        self.draw_wide_seat(canvas, self.seat_at(2), NORTH_ROW, with_hand=True)
        self.draw_side_seat(canvas, self.seat_at(3), LEFT_COL)
        self.draw_side_seat(canvas, self.seat_at(1), RIGHT_COL)
        self.draw_wide_seat(canvas, self.viewer, SOUTH_ROW, with_hand=False)
        self.draw_trick(canvas)
        if self.hand_hidden:
            geometry = self.hand_geometry()
            for i in range(len(self.hand.cards)):
                draw_back(canvas, geometry.card_col(i, len(self.hand.cards)), HAND_ROW, CARD_W, CARD_H)
        else:
            self.draw_hand(canvas)

    def deal_figure(self, seat: int) -> int:
        """DEAL: what the seat's pile scores so far. A seat with no trick yet shows 0: the -50
        of an empty pile (none under Gong Zhu) is only due if the deal ends so. A settled deal
        shows its scores."""
        obs = self.view
        if not self.deal_on() and obs.last_deal is not None:
            return obs.last_deal.scores[seat]
        return obs.deal_scores_so_far[seat] if obs.tricks_won[seat] else 0

    def seat_tags(self, seat: int) -> list[tuple[str, int]]:
        """LEAD by the seat that led the trick shown (a noun: "YOU LEADS" read wrong)."""
        shown, _ = self.trick_shown()  # a held or recalled trick: who led that one (a tester
        leader = shown[0][0] if shown else self.view.leader  # saw LEAD move to its winner beside it)
        return [("LEAD", palette.LIGHT_CYAN)] if leader == seat else []

    def _hand_text(self, seat: int) -> list[tuple[str, int]]:
        """A seat's hand: a row of backs and the count, or its cards by suit with open hands."""
        obs = self.view
        n = obs.hand_sizes[seat]
        if obs.all_hands is not None and not self.passing:
            return point_tokens(obs.all_hands[seat], by_suit=True) or [("-", palette.WHITE)]
        return [(glyphs.SHADE_MEDIUM * n, palette.LIGHT_BLUE), (f"{n:>2}", palette.WHITE)]

    def _draw_hand_text(self, canvas: TextCanvas, col: int, row: int, seat: int) -> int:
        for i, (text, colour) in enumerate(self._hand_text(seat)):
            if i:
                col += 1
            bg = palette.BLUE if text and text[0] == glyphs.SHADE_MEDIUM else TABLE_BG
            col = canvas.text(col, row, text, colour, bg)
        return col

    def _won_lines(self, seat: int, width: int) -> list[list[tuple[str, int]]]:
        tokens = point_tokens(self.view.point_cards[seat], self.ruleset == "all-suits")
        return wrap_tokens(tokens or [("-", palette.WHITE)], width)

    def draw_wide_seat(self, canvas: TextCanvas, seat: int, row: int, with_hand: bool) -> None:
        """The top seat (and yours): name, hand and figures on one line, won cards on the next."""
        obs = self.view
        self.draw_seat_label(canvas, 3, row, seat)
        if with_hand:  # name and tag end before column 20, the figures start at 42 or later:
            self._draw_hand_text(canvas, 21, row, seat)  # 13 open cards of four suits take 21..40
        figures = (f"TRICKS {obs.tricks_won[seat]:>2}  DEAL {signed(self.deal_figure(seat)):>5}"
                   f"  TOTAL {signed(obs.scores[seat]):>6}")  # signed, as the summary writes them (a tester)
        canvas.text(COLS - 3 - len(figures), row, figures, palette.WHITE, TABLE_BG)
        canvas.text(4, row + 1, "WON", palette.YELLOW, TABLE_BG)
        lines = self._won_lines(seat, COLS - 12)
        draw_tokens(canvas, 8, row + 1, lines[0])

    def draw_side_seat(self, canvas: TextCanvas, seat: int, col: int) -> None:
        """A seat on the left or right: a block of short lines (rows 5-13)."""
        obs = self.view
        row = SIDE_ROW
        self.draw_seat_label(canvas, col, row, seat)
        self._draw_hand_text(canvas, col + 1, row + 1, seat)
        for i, (label, value) in enumerate((("TRICKS", str(obs.tricks_won[seat])),
                                            ("DEAL", signed(self.deal_figure(seat))),
                                            ("TOTAL", signed(obs.scores[seat])))):
            canvas.text(col + 1, row + 2 + i, f"{label:<7}{value:>6}", palette.WHITE, TABLE_BG)
        canvas.text(col + 1, row + 5, "WON", palette.YELLOW, TABLE_BG)
        for i, line in enumerate(self._won_lines(seat, SIDE_W - 5)[:4]):
            draw_tokens(canvas, col + 5, row + 5 + i, line)

    def trick_shown(self) -> tuple[tuple[tuple[int, str], ...], int | None]:
        """The cards in the middle and the seat to mark as the winner (a held or recalled trick)."""
        obs = self.view
        if (self.hold > 0 or self.show_last) and obs.last_trick:
            return obs.last_trick, obs.last_trick_winner
        return obs.trick, None

    def draw_trick(self, canvas: TextCanvas) -> None:
        trick, winner = self.trick_shown()
        played = dict(trick)
        for position, (col, row) in TRICK_AT.items():
            seat = self.seat_at(position)
            if seat in played:
                draw_face(canvas, col, row, french_face(played[seat]), CARD_W, CARD_H, highlight=seat == winner)
                card_corner(canvas, col, row, played[seat])
            else:
                fg = palette.YELLOW if self.to_act_now(seat) and winner is None else palette.DARK_GREY
                draw_slot(canvas, col, row, CARD_W, CARD_H, fg=fg, bg=TABLE_BG)
        if self.show_last and self.view.last_trick:
            canvas.text(37, 8, "LAST", palette.YELLOW, TABLE_BG)
            canvas.text(37, 9, "TRICK", palette.YELLOW, TABLE_BG)
