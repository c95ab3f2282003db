"""The Luk Fu table: you at the bottom, West on the left, East on the right, the trick between.

Built on the table kit (game.scenes.table): this file holds the layout, the narration and
the game's own keys. Each computer seat shows its name (with the Master and Caller marks),
its hand and its face-down discards as backs, its fu and the winning plays it took, face
up. The trick row holds each seat's play in its own place (face-down discards as backs),
the play now winning marked BEST. Your line counts fu + Old cards toward six; the line
under it names your Old cards and says why each is Old; your hand has its Old cards marked
on the top edge.

Your hand is the kit's hand in multi mode: cards are raised with the keys under them (or
Left/Right and Space, Up, Down) and played together with Enter, the prompt line saying what
the raised cards make ("run of 3, Strings 4-6"); Enter with none raised plays the
highlighted card. A follower who cannot beat picks the cards to throw face down the same
way, the prompt counting them, and Enter throws them all once they are as many as owed.
The call, the pass and the claim are labelled keys; O explains the Old cards.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import cast

from game.ai.analysis import Estimate, Ranking
from game.ai.lukfu import view_after_own_throw
from game.app.keys import Key
from game.app.match import deal_ended
from game.app.review import Decision
from game.rules.lukfu import (
    ANCIENT,
    CARDS,
    PLAY_BY_TEXT,
    SUIT_NAMES,
    SUITS,
    VALUE_WORDS,
    DealSummary,
    LukFuObservation,
    deal_points,
    describe_play,
    old_cards,
    play_name,
    play_of_cards,
)
from game.scenes.hand import CardLook, Decorate, Hand, HandGeometry, HandMode
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
    points_text,
)
from game.scenes.widgets import signed, wrap
from game.screen import glyphs, palette
from game.screen.canvas import COLS, TextCanvas
from game.screen.cards import (
    CARD_BG,
    LUKFU_COLOUR,
    Face,
    draw_back,
    draw_face,
    draw_slot,
    hand_keys_text,
    lukfu_face,
)

CARD_W, CARD_H, CARD_STEP = 6, 5, 6
# Rows of the screen (row 0 is the title bar, row 1 and row 23 the table's frame).
SEAT_ROW = 2  # West and East: name, then hand and discards, then the plays they won
CAPTION_ROW, TRICK_ROW = 6, 7  # the trick: who played what, then the cards (rows 7-11)
YOU_ROW, OLD_ROW = 12, 13  # your count and won plays; your Old cards and why
HAND_ROW, KEYS_ROW = 15, 20  # your cards (a raised card starts on row 14), the keys under them
BLOCK_COLS = {2: 2, 1: 41}  # West's and East's blocks
BLOCK_W = 37
SLOT_COLS = {2: 2, 0: 27, 1: 52}  # the trick: West's place, yours, East's
SLOT_W = 25
CAPTION_W = SLOT_W - 1  # a place's caption, with a blank column before the next place's
BEST_BADGE = " BEST"  # after the caption of the play now winning
WON_LEFT_OUT = "..."  # before the plays won that fit, when the earlier ones are left out for room

SEAT_NAMES = {0: "You", 1: "East", 2: "West"}
SUIT_PLURAL = dict(zip(SUITS, SUIT_NAMES, strict=True))
NAMED_CARDS = {"C1": "Mau Gung", "T1": "Bak Chi"}


def value_of(card: str) -> int:
    return int(card[1])


def suit_index(card: str) -> int:
    return SUITS.index(card[0])


def short_play(cards: tuple[str, ...] | list[str], compact: bool = False, words: bool = False) -> str:
    """A play in a few characters for the trick's captions: ``M7``, ``3 sixes``, ``Myriads 3-7``
    (a set in figures for room; ``words``: ``three sixes``, as every sentence says it);
    ``compact`` names a run by its end cards (``M3-M7``)."""
    play = play_of_cards(cards)
    if play is None:
        return " ".join(cards)
    if play.kind == 0:
        return play.text
    if play.kind == 1:
        return play_name(play.index) if words else f"{play.size} {VALUE_WORDS[play.key - 1]}"
    low = play.key - play.size + 1
    if compact:
        return f"{SUITS[play.suit]}{low}-{SUITS[play.suit]}{play.key}"
    return f"{SUIT_NAMES[play.suit]} {low}-{play.key}"


def play_caption(name: str, verb: str, cards: tuple[str, ...], best: bool) -> str:
    """A play's caption in the trick (``WEST LED MYRIADS 6-8``); the play now winning keeps
    room for its BEST badge (`` BEST``) inside the caption's width, naming a long run by its
    end cards (``WEST LED M6-M8``) when the suit's name leaves none."""
    caption = f"{name} {verb} {short_play(cards).upper()}"
    if best and len(caption) + len(BEST_BADGE) > CAPTION_W:
        caption = f"{name} {verb} {short_play(cards, compact=True).upper()}"
    return caption


def long_play(cards: tuple[str, ...] | list[str], short: bool = False) -> str:
    """A play for the message line: ``the M7``, ``a set of three sixes (S6 M6 T6)``, ``a run of 3,
    Strings 4-6``; ``short`` leaves out "a set of" (``three sixes (S6 M6 T6)``)."""
    text = describe_play(cards)
    if text.startswith("single "):
        return "the " + text[7:]
    if text.startswith("set of "):
        return f"{text[7:] if short else 'a ' + text} ({' '.join(cards)})"
    return "a " + text


def old_reasons(hand: tuple[str, ...], old: tuple[str, ...], public: tuple[str, ...]) -> list[tuple[str, str]]:
    """Your Old cards grouped by why they are Old: [(cards, reason)], the always-Old ones first."""
    hand_set, public_set, old_set = set(hand), set(public), set(old)
    out: list[tuple[str, str]] = []
    always = [c for c in hand if c in old_set and c in ANCIENT]
    if always:
        out.append((" ".join(always), "always Old"))
    for suit in SUITS:
        group = [c for c in hand if c in old_set and c not in ANCIENT and c[0] == suit]
        if not group:
            continue
        low = min(value_of(c) for c in group)
        above = [f"{suit}{v}" for v in range(low + 1, 10) if f"{suit}{v}" not in group]
        played = [c for c in above if c in public_set]
        yours = [c for c in above if c in hand_set]
        parts = []
        if played:
            parts.append(" ".join(played) + " played")
        if yours:
            parts.append(" ".join(yours) + " yours")
        out.append((" ".join(group), ", ".join(parts)))
    return out


def old_card_reason(card: str, hand: tuple[str, ...], public: tuple[str, ...]) -> str:
    """Why one card of your hand is Old (or what keeps it from being Old), in a sentence."""
    if card in ANCIENT:
        if card in NAMED_CARDS:
            return f"{NAMED_CARDS[card]}: always Old; led alone, nothing can beat it."
        return "a 9: always Old, nothing of its suit is higher."
    suit, value = card[0], value_of(card)
    above = [f"{suit}{v}" for v in range(value + 1, 10)]
    unseen = [c for c in above if c not in hand and c not in public]
    if unseen:
        # "not seen" would be odd for a card you threw face down yourself: it counts as unseen.
        return f"not Old: {' '.join(unseen)} not played face up yet."
    played = [c for c in above if c in public]
    yours = [c for c in above if c in hand]
    parts = []
    if played:
        parts.append(f"{cards_in_runs(played)} played")
    if yours:
        parts.append(f"{cards_in_runs(yours)} in your hand")
    return f"Old: every higher {SUIT_PLURAL[suit][:-1]} is seen ({', '.join(parts)})."


def cards_in_runs(cards: list[str]) -> str:
    """Cards of one suit in order, a run of three or more as its ends ("S2-S8 T9"), so that a
    reason fits its line (the O panel's had run past the panel's edge: a newcomer)."""
    runs: list[list[str]] = []
    for card in cards:
        if runs and value_of(card) == value_of(runs[-1][-1]) + 1:
            runs[-1].append(card)
        else:
            runs.append([card])
    return " ".join(f"{run[0]}-{run[-1]}" if len(run) >= 3 else " ".join(run) for run in runs)


def cards_width(groups: list[tuple[str, ...]], spacing: int) -> int:
    """Columns the small cards take, a blank of the table between plays: spacing 2 (a blank
    of the card colour around each card) or 1 (one only between the cards of a play)."""
    if not groups:
        return 0
    edges = 1 if spacing == 2 else -1
    return sum(len(g) * 3 + edges for g in groups) + len(groups) - 1


def draw_mini_cards(canvas: TextCanvas, col: int, row: int, groups: list[tuple[str, ...]], width: int) -> int:
    """Plays as small face-up cards, one block of the card colour per play (``S8 M8 T8``), a
    blank of the table between plays; with a blank around each card when there is room.
    Cards are never run together: when they cannot all fit, the latest that do follow
    ``...`` for those left out. Never drawn past ``width``. Returns the column after them."""
    groups = [g for g in groups if g]
    spacing = 2 if cards_width(groups, 2) <= width else 1
    cells: list[tuple[str, int, int]] = []
    if cards_width(groups, 1) > width:
        room = width - len(WON_LEFT_OUT) - 1
        while len(groups) > 1 and cards_width(groups, 1) > room:
            groups = groups[1:]
        if groups and cards_width(groups, 1) > room:  # the latest play alone is too long: its top cards
            keep = max(0, (room + 1) // 3)
            groups = [groups[0][len(groups[0]) - keep:]] if keep else []
        cells += [(char, palette.WHITE, TABLE_BG) for char in WON_LEFT_OUT + " "]
    for i, group in enumerate(groups):
        if i:
            cells.append((" ", palette.WHITE, TABLE_BG))
        for j, card in enumerate(group):
            if spacing == 2 or j:
                cells.append((" ", palette.BLACK, CARD_BG))
            cells += [(char, LUKFU_COLOUR[card[0]], CARD_BG) for char in card]
        if spacing == 2:
            cells.append((" ", palette.BLACK, CARD_BG))
    for char, fg, bg in cells[: max(0, width)]:
        canvas.put(col, row, char, fg, bg)
        col += 1
    return col


def down_width(down: int) -> int:
    """Columns ``DOWN ▒▒▒ 3`` takes."""
    return len("DOWN ") + down + 1 + len(str(down))


def draw_mini_backs(canvas: TextCanvas, col: int, row: int, count: int) -> int:
    """``count`` face-down cards seen edge on."""
    return canvas.text(col, row, glyphs.SHADE_MEDIUM * count, palette.LIGHT_BLUE, palette.BLUE)


def claim_label(view: LukFuObservation) -> str:
    """The claim on the prompt: your count (fu + Old) and what the claim wins you, written as
    the hint writes its value ("Claim 7 (+4 points)"): the prompt's "(worth 2)", one share of
    the deal, beside the hint's "+4 points" for the same claim had read as two answers to one
    question (a newcomer)."""
    caller = view.seat if view.caller is None else view.caller  # (a claim comes after the call)
    won = deal_points(view.claim_count, view.seat, caller)[view.seat]
    return f"Claim {view.claim_count} ({points_text(Estimate('claim', won), unit=True)})"


#: Seconds "All three passed: new cards are dealt" stays at least, before the call goes on.
REDEAL_HOLD = 2.5


class LukFuHand(Hand):
    """The kit's hand, whose highlight starts where ``suggest`` says (the card to throw face
    down when you cannot beat) instead of on the first card it may play. F3 off sorts by
    value (sets side by side), so it is an order of its own."""

    off_is_an_order = True

    def __init__(self, face: Callable[[str], Face], *, arrange: bool = False, decorate: Decorate | None = None,
                 suggest: Callable[[], str | None]) -> None:
        super().__init__(face, arrange=arrange, decorate=decorate)
        self.suggest = suggest

    def begin(self, mode: HandMode | None) -> None:
        """A new decision: the cursor on the suggested card, if any, else as the kit puts it.
        (Not at F3, which keeps the highlight on its card: a tester's hinted throw of the M1 had
        become the S1.)"""
        super().begin(mode)
        card = self.suggest() if mode is not None else None
        if mode is not None and card in self.cards and card in mode.playable:
            self.cursor = self.cards.index(card)


class LukFuTable(TableScene[LukFuObservation]):
    game_name = "lukfu"
    LIVE_PHASES = ("call", "play")
    REPLAY_KEEPS = "Master and scores"
    MOST_CARDS = 12
    WIN_GOAL = "match"  # a Luk Fu match is its deals' net points: Hard reckons the chance of winning it
    # F3 off is an order too, by value (sets side by side): "NOSORT" had read as no order at all.
    SORT_WORDS = ("BY VALUE", "BY SUIT")
    RAISED_PLAYS = True
    KEYS = (
        Choice("C", "Call (be the Caller)", "call"),
        Choice("P", "Pass", "pass"),
        Choice("C", "Claim", "claim"),
        Choice("O", "Old cards", "old"),  # the panel of every card and why it is Old
        Choice("X", "Lower all", "lower"),  # puts every raised card back (as Backspace)
        *REPLAY_KEYS,
    )
    OWN_ACTIONS = frozenset({"old", "lower"})

    # ---- names ----
    def seat_name(self, seat: int) -> str:
        return SEAT_NAMES[self.position(seat)]

    @property
    def deals(self) -> int:
        return int(dict(self.view.options)["deals"])

    # ---- the hand ----
    def make_hand(self) -> Hand:
        return LukFuHand(lukfu_face, arrange=True, decorate=self.mark_old, suggest=self.first_card)

    def hand_geometry(self) -> HandGeometry:
        return HandGeometry(row=HAND_ROW, keys_row=KEYS_ROW, width=CARD_W, height=CARD_H, step=CARD_STEP)

    def hand_cards(self, view: LukFuObservation) -> list[str]:
        return self.shown_hand_of(view.hand)

    def shown_hand_of(self, cards: tuple[str, ...]) -> list[str]:
        """Cards in the order F3 asks for: by suit (runs side by side), or by value (sets)."""
        hand = list(cards)
        if not self.sorted_hand:
            hand.sort(key=lambda c: (value_of(c), suit_index(c)))
        return hand

    def mark_old(self, canvas: TextCanvas, col: int, row: int, card: str, look: CardLook) -> None:
        """Your Old cards carry OLD on their top edge."""
        if card in self.view.old_cards:
            canvas.text(col + 1, row, "OLD", palette.RED, CARD_BG)

    # ---- what you may do now ----
    @property
    def discarding(self) -> bool:
        """You cannot beat the play now winning: the legal actions are discards."""
        legal = self.obs.legal_actions
        return bool(legal) and all(a.startswith("discard ") for a in legal)

    @property
    def leading(self) -> bool:
        return self.obs.phase == "play" and not self.obs.trick

    @property
    def owed(self) -> int:
        """The cards you must throw face down now (0 when you can beat or lead)."""
        return (self.obs.to_discard or len(self.obs.best)) if self.discarding else 0

    def playable_cards(self) -> frozenset[str]:
        """Cards that are part of some legal play now (the others are drawn dim)."""
        out: set[str] = set()
        for action in self.obs.legal_actions:
            if action not in ("claim", "call", "pass", "replay", "continue"):
                out.update(action.split()[-1:] if action.startswith("discard ") else action.split())
        return frozenset(out)

    def decision(self) -> Prompt:
        obs = self.obs
        if obs.phase == "replay":
            return self.replay_offer()
        if obs.phase == "call":
            master = "You are Master. " if obs.master == self.viewer else ""
            # Enter alone passes: a stray key must not make a Caller, who pays both shares if he loses.
            return Prompt(f"{master}Play this hand? ", (self.offer("call"), self.offer("pass")), default=1)
        mode = HandMode(self.playable_cards(), multi=True)
        picked = self.hand.picked_cards()
        if self.discarding:
            return Prompt(self.throw_text(picked), hand=mode)
        if picked:
            return Prompt(self.raised_text(picked), hand=mode)
        claim = (self.offer("claim", label=claim_label(obs)),) if obs.can_claim else ()
        return Prompt(self.play_text(), claim, hand=mode)

    def keys_text(self) -> str:
        """Written short: a claim may be offered beside a full hand at your lead."""
        return hand_keys_text(len(self.hand.cards), compact=True)

    def play_text(self) -> str:
        """Nothing raised: what Enter plays (the highlighted card, when it may be played alone)."""
        obs = self.obs
        head = "Your lead" if self.leading else f"Beat {short_play(obs.best, words=True)}"
        current = self.hand.current
        if self.hinted_choice is not None:  # the hint named the claim: Enter makes it (``hinted_choice``)
            return f"{head}: Enter claims, or raise cards ({self.keys_text()}). "
        if len(self.hand.cards) == 1:
            return f"{head}: your last card, {current}; Enter plays it. "
        if [a for a in obs.legal_actions if a != "claim"] == [current]:  # no cards to raise then (a tester)
            return f"{head}: your only play, {current}; Enter plays it. "
        if current in obs.legal_actions:
            return f"{head}: Enter plays {current}, or raise cards ({self.keys_text()}). "
        return f"{head}: raise cards ({self.keys_text()}, Space), Enter plays them. "

    def raised_text(self, picked: tuple[str, ...]) -> str:
        """What the raised cards make, and whether Enter may play them."""
        action = self.play_action(picked)
        what = describe_play(picked)
        # Each key as "K: what it does", so a click on it presses that key (a tester's click on
        # "X lowers all" had played the cards).
        if action in self.obs.legal_actions:
            return f"Raised: {what}.  Enter: play it  X: lower all"
        if what == "not a legal play":
            return f"Raised {action}: not a legal play.  X: lower all"
        return f"Raised: {what}, not allowed now.  Enter: why"

    def throw_text(self, picked: tuple[str, ...]) -> str:
        """How many cards you owe face down, and those chosen so far."""
        owed, chosen = self.owed, len(picked)
        cards = "a card" if owed == 1 else f"{owed} cards"
        if not chosen:
            # Why, where higher cards of its suit are in the hand (a newcomer held T7 and T9 under a T1).
            if tuple(self.obs.best) in (("C1",), ("T1",)):
                return (f"{self.obs.best[0]} led alone cannot be beaten: throw a card face down "
                        f"(Enter throws {self.hand.current}).")
            if owed == 1:  # short enough for a run's name (it was cut before "C3": a tester)
                return (f"You cannot beat {short_play(self.obs.best, words=True)}: throw a card face down "
                        f"(Enter throws {self.hand.current}).")
            return (f"You cannot beat {short_play(self.obs.best, words=True)}: throw {cards} face down "
                    f"({self.keys_text()}, Space).")
        if chosen < owed:
            return f"Throw {cards} face down: {' '.join(picked)} chosen; pick {owed - chosen} more."
        if chosen > owed:
            return f"Throw {cards} face down: {chosen} chosen, put {chosen - owed} back."
        shown = " ".join(self.throw_order(picked))
        return f"Throw {cards} face down: {shown}. Enter throws {'it' if owed == 1 else 'them'}."

    def throw_order(self, cards: tuple[str, ...]) -> tuple[str, ...]:
        """The order the chosen cards are thrown in: those the hint named go in its order, Hard's
        own, so that the review of a throw that followed the hint finds Hard's choice at every
        card (and the prompt lists them so: a tester re-raised them to "fix" the order)."""
        hinted = tuple(a.split()[1] for a in self.hinted_move() if a.startswith("discard "))
        return hinted if sorted(hinted) == sorted(cards) else cards

    def first_card(self) -> str | None:
        """Where the highlight starts at a new decision: at a throw, ``throw_first``; else, when
        the card under it may not be played alone, the first that may, so that Enter plays it
        (a tester's first lead started on a card of a run, and his Enter was refused); None
        leaves it to the kit."""
        throw = self.throw_first()
        if throw is not None or self.obs.phase != "play":
            return throw
        singles = [card for card in self.hand.cards if card in self.obs.legal_actions]
        return None if not singles or self.hand.current in singles else singles[0]

    def throw_first(self) -> str | None:
        """When you must throw face down, the card the highlight starts on: the lowest that is not
        Old (throwing it costs no Old card), else the lowest other than Mau Gung and Bak Chi (the
        bottom of its suit's Old cards, so the others stay Old). None while you do not throw."""
        if not self.discarding or not self.hand.cards:
            return None
        old = set(self.obs.old_cards)
        return min(self.hand.cards, key=lambda c: (c in old, c in NAMED_CARDS, value_of(c), suit_index(c)))

    def play_action(self, cards: tuple[str, ...]) -> str:
        """The play of ``cards``, in the rules' order."""
        return " ".join(c for c in self.obs.hand if c in cards)

    # ---- keys ----
    def table_key(self, key: Key) -> bool:
        """O explains your Old cards; while you play, C claims (the rules say why not) and X
        lowers every raised card."""
        obs = self.obs
        if key.typed == "O" and self.old_key_live:
            self.show_old_panel()
            return True
        if key.typed == "O" and not self.attract:  # said as every "not now" is (a tester at the replay offer)
            self.refuse("O explains your Old cards while a deal is played; the last one is over.")
            return True
        if not (self.human_to_act and obs.phase == "play"):
            return False
        if key.typed == "C":
            self.human_act("claim")
            return True
        if key.typed == "X":
            self.hand.picked.clear()
            return True
        return False

    def cards_action(self, cards: tuple[str, ...]) -> str | None:
        """Enter: the raised cards (none raised: the highlighted card alone); when you cannot
        beat, the cards chosen are thrown face down together, once they are as many as owed."""
        if not cards and self.hand.current is not None and (not self.discarding or self.owed == 1):
            cards = (self.hand.current,)
        if not self.discarding:
            return self.play_action(cards) or None
        owed = self.owed
        if len(cards) != owed:
            self.refuse(f"You must throw {'a card' if owed == 1 else f'{owed} cards'} face down: "
                        f"you have chosen {len(cards) or 'none'}.")
            return None
        for card in self.throw_order(cards):  # one action each
            if not self.human_act(f"discard {card}"):
                break
        return None

    # ---- acting ----
    def after_action(self, seat: int, action: str, before: LukFuObservation, after: LukFuObservation) -> None:
        self.message = self.move_message(seat, action, before, after)
        if after.redeals != before.redeals:
            self.hand.restart()  # new cards, the same deal for the kit (its message stays)
        if after.redeals > before.redeals and after.deal_number == before.deal_number:
            # Held as a finished trick is, for a key when you speak first: the new cards came
            # and the Master called before a tester could read that all three had passed.
            # (Not a deal that ends a redealt one: its claim had been held as a redeal.)
            self.hold_trick(until_key=True)
            self.hold = max(self.hold, REDEAL_HOLD)
            self.app.sound("deal")
            return
        new_deal = deal_of(after) != deal_of(before)
        if new_deal and deal_ended(before, after, action):
            if self.trick_taker(seat, action, before, after) is not None:
                self.hold_trick()  # the deal's last trick, then its summary
            self.app.sound("trick")
        elif len(after.tricks) > len(before.tricks):
            self.hold_trick(until_key=True)  # when you lead next, "Any key: go on." waits for it
            self.app.sound("trick")
        elif action.startswith("discard"):
            self.app.sound("deal")
        elif action in ("call", "claim"):
            self.app.sound("select")
        else:
            self.app.sound("click")

    def deal_end_view(self, before: LukFuObservation, seat: int, action: str,
                      after: LukFuObservation) -> LukFuObservation:
        """The deal as it ended. When a trick ended it (the last trick, six fu, or the claim at
        six fu), that trick is complete on the table (held, then under the summary), its cards
        out of their hand and its fu counted; the engine may deal on at once, so the view
        before the last play is amended from it and the deal's summary. A claim at the lead
        ended it before any card. Either way the top row shows the scores the summary gives
        (while the last trick is held, those before it: ``held_view``)."""
        last = after.last_deal
        if last is None:
            return before
        if self.trick_taker(seat, action, before, after) is None:
            return dataclasses.replace(before, scores=last.totals, can_claim=False, current_player=None,
                                       legal_actions=())
        words = action.split()
        gone = (words[1],) if words[0] == "discard" else tuple(words)
        trick = before.trick
        if words[0] != "discard":
            trick = (*trick, (seat, gone))
        elif trick[-1][0] == seat:  # one more card of a throw face down
            trick = (*trick[:-1], (seat, (*trick[-1][1], "down")))
        else:
            trick = (*trick, (seat, ("down",)))
        sizes = list(before.hand_sizes)
        sizes[seat] -= len(gone)
        down = list(before.discards_down)
        down[seat] += words[0] == "discard"
        mine = seat == before.seat
        hand = tuple(c for c in before.hand if c not in gone) if mine else before.hand
        public = before.public_played if words[0] == "discard" else tuple(
            c for c in CARDS if c in before.public_played or c in gone)
        hands = before.hands
        if hands is not None:
            hands = tuple(h if s != seat else tuple(c for c in h if c not in gone) for s, h in enumerate(hands))
        my_discards, groups = before.my_discards, before.my_discard_groups
        if mine and words[0] == "discard":
            index = len(before.tricks)
            earlier = tuple(c for t, cards in groups if t == index for c in cards)
            my_discards = (*my_discards, *gone)
            groups = (*((t, cards) for t, cards in groups if t != index), (index, (*earlier, *gone)))
        old = tuple(c for c in CARDS if c in old_cards(hand, public))
        return dataclasses.replace(
            before, hand=hand, hand_sizes=(sizes[0], sizes[1], sizes[2]), hands=hands,
            discards_down=(down[0], down[1], down[2]), trick=(), best=(), best_seat=None,
            tricks=(*before.tricks, trick), fu=last.fu, scores=last.totals, public_played=public, old_cards=old,
            claim_count=last.fu[before.seat] + len(old), my_discards=my_discards, my_discard_groups=groups,
            can_claim=False, to_discard=0, current_player=None, legal_actions=())

    def choice_words(self, action: str, view: LukFuObservation, short: bool = False) -> str:
        """The call's words as done: "you called", "you passed" (a tester read "you chose call"),
        and a card thrown face down, "you threw the S2 face down" or short "you threw S2": each
        card of a throw is its own decision, said alike (testers read "you chose throw S2", and
        "then 3 more" beside one card and not the next)."""
        done = {"call": "called", "pass": "passed"}.get(action)
        if done is None and action.startswith("discard "):
            card = action.split()[1]
            done = f"threw {card}" if short else f"threw the {card} face down"
        return done if done is not None else super().choice_words(action, view, short)

    def move_words(self, action: str, view: LukFuObservation, short: bool = False) -> str:
        words = action.split()
        head = words[0]
        if head in ("call", "pass", "claim"):
            if short or head == "pass":
                return head
            if head == "call":
                return "call (be the Caller)"
            if not view.old_cards:  # a claim on fu alone (fu + Old cards >= 6, §2.10): nothing to show
                return f"claim (your {view.fu[view.seat]} fu win the deal now)"
            return "claim (show your Old cards)"
        if head == "discard":
            if short:
                return f"throw {words[1]}"
            # One discard is one action, but the player picks all the trick asks for at once.
            more = view.to_discard - 1
            return f"throw the {words[1]} face down" + (f", then {more} more" if more > 0 else "")
        if short:  # as the screen names plays ("Coins 3-5", not "C3 C4 C5" beside "run of 3, Tens 4-6")
            return play_name(PLAY_BY_TEXT[action]) if action in PLAY_BY_TEXT else " ".join(words)
        return f"{'lead' if not view.trick else 'beat with'} {long_play(words)}"

    def hint_follow(self, ranking: Ranking, observation: LukFuObservation) -> LukFuObservation | None:
        """A throw of several cards face down is one move of one action per card: after Hard's
        card, the player still owes more, so the hint asks Hard for the next one too."""
        return view_after_own_throw(self.match.rules, observation, ranking.best.action)

    def hint_move(self, ranking: Ranking, view: LukFuObservation,
                  then: tuple[str, ...] = ()) -> tuple[str, tuple[str, ...]]:
        """A throw of several cards names them all, as Hard would throw them one after the
        other ("throw C4, then T7 S5"); the value shown is the first card's. (Found by a
        tester: the hint named Hard's next-best single cards, Old ones too, and the review then
        charged the player for following it.)"""
        if not then:
            return super().hint_move(ranking, view)
        cards = [action.split()[1] for action in (ranking.best.action, *then)]
        return f"throw {cards[0]}, then {' '.join(cards[1:])}", (ranking.best.action, *then)

    def same_move(self, decision: Decision, decisions: list[Decision]) -> frozenset[str]:
        """A throw of several cards face down is one move, taken one card (one action) at a
        time: as many discards as the lead had cards, read from the record, so a last card
        left no choice (not among the decisions) is part of it too (a tester's throw of his
        last four cards was shown with three raised)."""
        if not decision.action.startswith("discard "):
            return frozenset()
        view = cast(LukFuObservation, decision.observation)
        thrown = sum(len(cards) for seat, cards in view.trick if seat == view.seat)  # this throw's so far
        first = decision.step - thrown
        steps = self.match.steps[first:first + len(view.trick[0][1])]
        return frozenset(step for step in steps if isinstance(step, str) and step.startswith("discard "))

    def waiting_text(self, seat: int) -> str:
        """A computer part way through a throw face down is throwing, not thinking (found by a
        tester: "East cannot beat: throws 5 cards face down." above "East is thinking...")."""
        trick = self.view.trick
        if not (self.app.demo or self.attract) and trick and trick[-1][0] == seat and "down" in trick[-1][1]:
            return f"{self.seat_name(seat)} throws face down..."
        return super().waiting_text(seat)

    def decision_words(self, view: LukFuObservation) -> str:
        """The call (after all three passed, the call of the cards dealt again), or the trick."""
        if view.phase == "call":
            return f"call (redeal {view.redeals})" if view.redeals else "the call"
        return f"trick {len(view.tricks) + 1}"

    def thrown_order(self, cards: list[str]) -> list[str]:
        """Your throw's cards in the order you threw them, as the hint names them (a tester read
        "S2 M5 T5" after following "throw T5, then M5 S2"): the observation keeps them as a set,
        the match's last steps in order, where they are these cards."""
        moves = [step for step in self.match.steps if isinstance(step, str)][-len(cards):]  # (F6's steps are none)
        order = [move.split()[1] for move in moves if move.startswith("discard ")]
        return order if sorted(order) == sorted(cards) else sorted(cards, key=CARDS.index)

    def deal_opening(self, view: LukFuObservation) -> str:
        """Who is Master, until someone calls."""
        return self.deal_role(view, view.master, "are Master", "is Master") if view.phase == "call" else ""

    def describe(self, seat: int, action: str, before: LukFuObservation, after: LukFuObservation) -> str:
        head = action.split()[0]
        if head == "call":
            return self.verb(seat, "call: you are", "calls and is") + " the Caller."  # not "it is" (a tester)
        if head == "pass":
            if after.redeals > before.redeals and after.deal_number == before.deal_number:
                master = "you are" if after.master == self.viewer else f"{self.seat_name(after.master)} is"
                return f"All three passed: new cards are dealt; {master} still Master."
            return self.verb(seat, "pass", "passes") + "."
        if head == "claim":
            last = after.last_deal
            if last is None:
                return self.verb(seat, "claim", "claims") + "."
            old = f" ({' '.join(last.old_cards)})" if last.old_cards else ""
            return (self.verb(seat, "claim", "claims") + f": {last.fu[seat]} fu + {len(last.old_cards)} Old{old}"
                    f" = {last.count}, worth {last.value}.")
        taker = self.trick_taker(seat, action, before, after)
        if head == "discard":
            if seat == self.viewer:
                earlier = [c for t, cards in before.my_discard_groups if t == len(before.tricks) for c in cards]
                thrown = self.thrown_order([*earlier, action.split()[1]])
                owed = after.to_discard if after.current_player == seat and taker is None else 0
                more = f" ({owed} more to go)" if owed else ""
                what = f"the {thrown[0]}" if len(thrown) == 1 else f"{len(thrown)} cards"
                which = f": {' '.join(thrown)}" if len(thrown) > 1 else ""
                text = f"You throw {what} face down{which}{more}."
            else:
                owed = len(before.best)
                # The cards go down one at a time: so many down so far, while the throw goes on
                # (the whole throw was announced beside "EAST 1 DOWN": a tester).
                down = next((len(cards) for s, cards in after.trick if s == seat and "down" in cards), owed)
                so_far = f" ({down} down so far)" if down < owed else ""
                text = (f"{self.seat_name(seat)} cannot beat: throws "
                        f"{'a card' if owed == 1 else f'{owed} cards'} face down{so_far}.")
            if taker is not None:
                text += " " + self.verb(taker, "take", "takes") + f" the trick: {len(before.best)} fu."
            return text
        cards = action.split()
        if not before.trick:
            return self.verb(seat, "lead", "leads") + f" {long_play(cards)}."
        if taker is not None:
            return (self.verb(seat, "beat", "beats") + f" with {long_play(cards, short=True)} and "
                    + ("take" if seat == self.viewer else "takes") + f" the trick: {len(cards)} fu.")
        return self.verb(seat, "beat", "beats") + f" it with {long_play(cards)}."

    def trick_taker(self, seat: int, action: str, before: LukFuObservation, after: LukFuObservation) -> int | None:
        """Who took the trick, when this action ended it (else None)."""
        if before.phase != "play" or not before.trick or action in ("claim", "call", "pass"):
            return None
        same_deal = deal_of(after) == deal_of(before)
        ended = len(after.tricks) > len(before.tricks) if same_deal else deal_ended(before, after, action)
        if not ended:
            return None
        return before.best_seat if action.startswith("discard") else seat

    # ---- the Old-card explanation (O) ----
    @property
    def old_key_live(self) -> bool:
        """O explains the Old cards now: a deal is being played, with cards in your hand, at
        the live table (not the demo, nor the review's table as it was)."""
        obs = self.obs
        return not self.attract and not self.reviewed and obs.phase in ("call", "play") and bool(obs.hand)

    def show_old_panel(self) -> None:
        """O: every card of your hand, Old or not, and why."""
        obs = self.obs
        lines: list[tuple[str, int]] = [
            ("Old: one of the six always-Old cards (the 9s, C1 Mau Gung, T1 Bak", palette.WHITE),
            ("Chi), or every higher card of its suit is played or in your hand.", palette.WHITE),
            ("Led alone it cannot be beaten; at your lead, fu + Old >= 6 may claim.", palette.WHITE),
            ("", palette.WHITE),
        ]
        old = set(obs.old_cards)
        reasons = [(card, wrap(old_card_reason(card, obs.hand, obs.public_played), PANEL_LINE - 4))
                   for card in self.hand.cards]
        # Wrapped under itself where a reason is still too long for the panel (a newcomer's ran
        # past its edge, the reason cut), while the panel has the rows; else the first row, marked.
        wrapped = len(lines) + sum(len(rows) for _, rows in reasons) <= SUMMARY_MAX
        for card, rows in reasons:
            colour = palette.LIGHT_GREEN if card in old else palette.GREY
            if not wrapped and len(rows) > 1:
                rows = [rows[0][: PANEL_LINE - 7] + "..."]
            lines += [(f"{card if i == 0 else '':4}{row}", colour) for i, row in enumerate(rows)]
        title = f"Your Old cards: {obs.fu[self.viewer]} fu + {len(old)} Old = {obs.claim_count}"
        self.app.sound("select")
        self.show_panel(Panel(title, lines, aside=True))

    # ---- summary and result ----
    def deal_end_sentence(self, last: DealSummary) -> str:
        """How the deal ended: a claim, the hands running out, or a draw (§2.10)."""
        if last.winner is None:
            return "Nobody reached six fu: the deal is drawn, nobody scores."
        if last.how in ("claim", "auto-claim"):
            old = f" ({' '.join(last.old_cards)})" if last.old_cards else ""
            auto = " at once (six fu won)" if last.how == "auto-claim" else ""
            return (self.verb(last.winner, "claimed", "claimed") + auto
                    + f": {last.fu[last.winner]} fu + {len(last.old_cards)} Old{old} = {last.count}.")
        if last.how == "last-trick":
            return self.verb(last.winner, "took", "took") + f" the last trick, with {last.count} fu in all."
        wins = "win" if last.winner == self.viewer else "wins"
        return f"The hands ran out. {self.verb(last.winner, 'have', 'has')} {last.count} fu and {wins} the deal."

    def payment_sentence(self, last: DealSummary) -> str:
        """Who pays whom: a winning Caller is paid by both others, a losing one pays both shares (§2.11)."""
        if last.winner is None:
            return ""
        s = last.value
        if last.winner == last.caller:
            payers = [p for p in self.seats_order() if p != last.winner]
            names = " and ".join(self.seat_name(p) for p in payers).replace("You", "you")
            return f"The Caller won: {names} pay {s} each."
        third = next(p for p in range(3) if p not in (last.winner, last.caller))
        caller = self.verb(last.caller, "pay", "pays").replace("You", "you")
        third_pays = self.verb(third, "pay", "pays").replace("You", "you")
        return f"The Caller lost: {caller} both shares ({2 * s}); {third_pays} nothing."

    def seats_order(self) -> tuple[int, int, int]:
        """You, East, West (as seen from the keyboard)."""
        v = self.viewer
        return (v, (v + 1) % 3, (v + 2) % 3)

    def summary_lines(self, last: DealSummary) -> list[tuple[str, int]]:
        order = self.seats_order()
        master = self.verb(last.master, "were", "was")
        master = master[0].lower() + master[1:] if last.master == self.viewer else master
        lines: list[tuple[str, int]] = [(f"{self.seat_name(last.caller)} called; {master} Master.", palette.WHITE)]
        won = last.winner is not None and last.winner == self.viewer
        colour = palette.LIGHT_GREEN if won else (palette.WHITE if last.winner is None else palette.LIGHT_RED)
        lines.append((self.deal_end_sentence(last), colour))
        if last.winner is not None:
            lines.append((f"It is worth {last.count} - 5 = {last.value} point{'s' if last.value > 1 else ''}.",
                          palette.WHITE))
            lines.append((self.payment_sentence(last), palette.WHITE))
        lines.append(("", palette.WHITE))
        head = f"{'':16}" + "".join(f"{self.seat_name(s).upper():>7}" for s in order)
        lines.append((head, palette.LIGHT_CYAN))
        lines.append((f"{'Fu won':16}" + "".join(f"{last.fu[s]:>7}" for s in order), palette.WHITE))
        history = list(self.view.deal_history)
        if not history or history[-1] != last:
            history = [d for d in history if d.deal_number < last.deal_number] + [last]
        if len(lines) + 3 + len(history) + 1 > SUMMARY_MAX:  # "This deal", the blank, the heading; the total
            # Every deal its own row where the sheet's last (this deal's, in yellow) can stand for
            # "This deal" and the blank goes (a tester could not count the deals won in "Deals 1-2").
            lines.append(("SCORE SHEET (net points)", palette.LIGHT_CYAN))
        else:
            lines.append((f"{'This deal':16}" + "".join(f"{signed(last.points[s]):>7}" for s in order),
                          palette.YELLOW))
            lines += [("", palette.WHITE), ("SCORE SHEET (net points)", palette.LIGHT_CYAN)]
        room = SUMMARY_MAX - len(lines) - 1  # the total takes the last line
        shown = history[-room:] if len(history) <= room else history[-(room - 1):]
        earlier = history[: len(history) - len(shown)]
        if earlier:
            sums = [sum(d.points[s] for d in earlier) for s in order]
            label = f"Deals 1-{earlier[-1].deal_number}"
            lines.append((f"{label:16}" + "".join(f"{signed(v):>7}" for v in sums), palette.WHITE))
        for d in shown:
            label = f"Deal {d.deal_number}" + (" drawn" if d.winner is None else "")
            lines.append((f"{label:16}" + "".join(f"{signed(d.points[s]):>7}" for s in order),
                          palette.WHITE if d != last else palette.YELLOW))
        lines.append((f"{'Total':16}" + "".join(f"{signed(last.totals[s]):>7}" for s in order), palette.YELLOW))
        return lines

    def summary_title(self, last_deal: DealSummary) -> str:
        return f"Deal {last_deal.deal_number} of {self.deals}: " + ("drawn" if last_deal.drawn else "result")

    def winners(self) -> tuple[int, ...]:
        return tuple(self.obs.winner or ())

    def result_lines(self) -> list[tuple[str, int]]:
        obs = self.obs
        winners = self.winners()
        order = self.seats_order()
        if winners == (self.viewer,):
            head = ("YOU WIN THE MATCH!", palette.LIGHT_GREEN)
        elif self.viewer in winners:
            others = " and ".join(self.seat_name(s) for s in winners if s != self.viewer)
            head = (f"You share first place with {others}.", palette.YELLOW)
        elif len(winners) == 1:
            head = (f"{self.seat_name(winners[0])} wins the match.", palette.LIGHT_RED)
        else:
            head = (f"{' and '.join(self.seat_name(s) for s in winners)} share first place.", palette.LIGHT_RED)
        history = obs.deal_history
        lines = [head, ("", palette.WHITE),
                 (f"Net points after {len(history)} deal{'s' if len(history) != 1 else ''}:", palette.WHITE),
                 ("   ".join(f"{self.seat_name(s).upper()} {signed(obs.scores[s])}" for s in order), palette.YELLOW)]
        wins = [sum(1 for d in history if d.winner == s) for s in order]
        drawn = sum(1 for d in history if d.winner is None)
        lines.append((f"Deals won: you {wins[0]}, East {wins[1]}, West {wins[2]}; drawn {drawn}.", palette.WHITE))
        return lines

    def human_won(self) -> bool:
        """A first place shared counts as won, as in Jub Moo (a reviewer found the two apart)."""
        return self.viewer in self.winners()

    def deal_stats(self, last: DealSummary) -> tuple[bool, dict[str, int]] | None:
        """A deal is won by winning it (claim or end of the hands); drawn deals count as played."""
        mine = last.winner == self.viewer
        return mine, {"claims": int(mine and last.how in ("claim", "auto-claim")), "draws": int(last.drawn)}

    # ---- drawing ----
    def title(self) -> tuple[str, str, str]:
        obs = self.view
        scores = "  ".join(f"{self.seat_name(s).upper()} {signed(obs.scores[s])}" for s in self.seats_order())
        return "LUK FU", f"DEAL {obs.deal_number} OF {self.deals}", scores

    def draw_layout(self, canvas: TextCanvas) -> None:
        obs = self.view
        order = self.seats_order()
        canvas.text(2, 1, f" {self.phase_title()} ", palette.YELLOW, TABLE_BG)
        if self.deal_on():  # as Jub Moo's: no play to go round with the match over
            # From whoever goes first now, the Master at the call, the leader in a trick ("YOU →"
            # first read as "you speak first" beside "West is Master": a tester).
            held = self.hold > 0 and not obs.trick and obs.tricks  # a finished trick still on show: its own
            first = obs.master if obs.phase == "call" else (obs.tricks[-1][0][0] if held else obs.leader)
            names = [self.seat_name((first + k) % 3).upper() for k in range(3)]
            order_text = f" PLAY GOES {f' {glyphs.ARROW_RIGHT} '.join(names)} "
            canvas.text(COLS - 2 - len(order_text), 1, order_text, palette.WHITE, TABLE_BG)
        for seat in (order[2], order[1]):
            self.draw_seat(canvas, seat)
        if obs.phase == "call":
            self.draw_call(canvas)
        else:
            self.draw_trick(canvas)
        self.draw_you(canvas)
        self.draw_old_line(canvas)
        self.draw_hand(canvas)

    def phase_title(self) -> str:
        obs = self.view
        if obs.phase == "call":
            return "THE CALL" + (f" (REDEAL {obs.redeals})" if obs.redeals else "")
        if obs.phase == "play" and obs.current_player is None:
            return "DEAL OVER"  # its last trick, then its summary
        if obs.phase == "play":
            held = self.hold > 0 and not obs.trick and obs.tricks
            return f"TRICK {len(obs.tricks) + (0 if held else 1)}"
        return "MATCH OVER" if obs.phase == "over" else "DEAL OVER"

    def seat_tags(self, seat: int) -> list[tuple[str, int]]:
        obs = self.view
        return [*([("MASTER", palette.LIGHT_CYAN)] if obs.master == seat else []),
                *([("CALLER", palette.LIGHT_MAGENTA)] if obs.caller == seat else [])]

    def seat_groups(self, seat: int) -> list[tuple[str, ...]]:
        """The winning plays a seat took this deal, one group per trick."""
        obs = self.view
        groups: list[tuple[str, ...]] = []
        for trick in obs.tricks:
            winning = [cards for _, cards in trick if cards[0] != "down"]
            owner = [s for s, cards in trick if cards[0] != "down"][-1]
            if owner == seat:
                groups.append(tuple(winning[-1]))
        return groups

    def draw_seat(self, canvas: TextCanvas, seat: int) -> None:
        """Name, marks and fu; the hand (backs and a count, or with open hands the cards with a
        blank between them, a full hand taking the block's width) and the face-down cards;
        WON and the plays won (with open hands the face-down cards follow them)."""
        obs = self.view
        col = BLOCK_COLS[self.position(seat)]
        at = self.draw_seat_label(canvas, col, SEAT_ROW, seat)
        canvas.text(at + 2, SEAT_ROW, f"FU {obs.fu[seat]}", palette.WHITE, TABLE_BG)
        hand_row, won_row = SEAT_ROW + 1, SEAT_ROW + 2
        down = obs.discards_down[seat]
        if obs.hands is not None:  # open hands: the cards themselves, as the plays won are written
            draw_mini_cards(canvas, col, hand_row, [tuple(self.shown_hand_of(obs.hands[seat]))], BLOCK_W)
        else:
            at = canvas.text(col, hand_row, "HAND ", palette.WHITE, TABLE_BG)
            at = draw_mini_backs(canvas, at, hand_row, obs.hand_sizes[seat])
            at = canvas.text(at + 1, hand_row, str(obs.hand_sizes[seat]), palette.WHITE, TABLE_BG)
            if down:
                self.draw_down(canvas, at + 2, hand_row, down)
                down = 0
        at = canvas.text(col, won_row, "WON ", palette.WHITE, TABLE_BG)
        groups = self.seat_groups(seat)
        if groups:
            room = col + BLOCK_W - at - (down_width(down) + 2 if down else 0)
            at = draw_mini_cards(canvas, at, won_row, groups, room)
        else:
            at = canvas.text(at, won_row, "-", palette.WHITE, TABLE_BG)
        if down:
            self.draw_down(canvas, at + 2, won_row, down)

    def draw_down(self, canvas: TextCanvas, col: int, row: int, down: int) -> int:
        """``DOWN`` and ``down`` face-down cards as backs, then their count; the column after."""
        col = canvas.text(col, row, "DOWN ", palette.WHITE, TABLE_BG)
        col = draw_mini_backs(canvas, col, row, down)
        return canvas.text(col + 1, row, str(down), palette.WHITE, TABLE_BG)

    def draw_call(self, canvas: TextCanvas) -> None:
        """The call: who is Master, who said what, and what calling means."""
        obs = self.view
        master = self.verb(obs.master, "are", "is") + " Master: first to speak, first to lead."
        lines: list[tuple[str, int]] = [(master, palette.WHITE)]
        said = [f"{self.seat_name(s)}: {'CALL' if c == 'call' else 'pass'}" for s, c in obs.calls]
        lines.append(("   ".join(said) if said else "Nobody has spoken yet.", palette.YELLOW))
        lines.append(("The first to call is the Caller, who pays both shares if another wins.", palette.LIGHT_CYAN))
        lines.append(("If all three pass, the cards are dealt again.", palette.LIGHT_CYAN))
        for i, (text, colour) in enumerate(lines):
            canvas.centre(CAPTION_ROW + 1 + i, text, colour, TABLE_BG, left=1, width=COLS - 2)

    def trick_shown(self) -> tuple[tuple[tuple[int, tuple[str, ...]], ...], bool]:
        """(the trick to draw, whether it is the finished trick held on screen)."""
        obs = self.view
        if obs.trick:
            return obs.trick, False
        if self.hold > 0 and obs.tricks:
            return obs.tricks[-1], True
        return (), False

    def draw_trick(self, canvas: TextCanvas) -> None:
        obs = self.view
        trick, held = self.trick_shown()
        plays = {seat: cards for seat, cards in trick}
        best_seat = None
        if held:
            best_seat = [s for s, cards in trick if cards[0] != "down"][-1]
        elif trick:
            best_seat = obs.best_seat
        leader = trick[0][0] if trick else None
        for pos, col in SLOT_COLS.items():
            seat = (self.viewer + pos) % 3
            cards = plays.get(seat)
            name = self.seat_name(seat).upper()
            if cards is None:
                waiting = self.to_act_now(seat) and obs.phase == "play"
                caption = f"{name} TO {'LEAD' if not trick else 'PLAY'}" if waiting else name
                canvas.text(col, CAPTION_ROW, caption[:CAPTION_W], palette.YELLOW if waiting else palette.WHITE,
                            TABLE_BG)
                fg = palette.YELLOW if waiting else palette.DARK_GREY
                draw_slot(canvas, col + (SLOT_W - CARD_W) // 2, TRICK_ROW, CARD_W, CARD_H, fg=fg, bg=TABLE_BG)
                continue
            down = cards[0] == "down"
            best = seat == best_seat and not down
            if down:
                caption = f"{name} {len(cards)} DOWN"
            elif held and best:
                caption = f"{name} {'WIN' if seat == self.viewer else 'WINS'} {len(cards)} FU"
            else:
                caption = play_caption(name, "LED" if seat == leader else "BEAT", cards, best)
            colour = palette.WHITE if not best else palette.LIGHT_GREEN
            end = canvas.text(col, CAPTION_ROW, caption[:CAPTION_W], colour, TABLE_BG)
            if best and not held and end + len(BEST_BADGE) <= col + CAPTION_W:  # play_caption left room
                canvas.text(end + 1, CAPTION_ROW, BEST_BADGE.strip(), palette.BLACK, palette.GREY)
            self.draw_play(canvas, col, TRICK_ROW, cards, best)

    def draw_play(self, canvas: TextCanvas, col: int, row: int, cards: tuple[str, ...], best: bool) -> None:
        """One seat's play in its place of the trick, overlapped when it is long."""
        n = len(cards)
        step = CARD_STEP if n * CARD_STEP <= SLOT_W else max(1, (SLOT_W - CARD_W) // max(1, n - 1))
        width = CARD_W + step * (n - 1)
        start = col + (SLOT_W - width) // 2
        for i, card in enumerate(cards):
            at = start + i * step
            if card == "down":
                draw_back(canvas, at, row, CARD_W, CARD_H)
            else:
                draw_face(canvas, at, row, lukfu_face(card), CARD_W, CARD_H, highlight=best)

    def draw_you(self, canvas: TextCanvas) -> None:
        obs = self.view
        you = self.viewer
        col = self.draw_seat_label(canvas, 2, YOU_ROW, you) + 2
        old = len(obs.old_cards)
        count = f"FU {obs.fu[you]} + OLD {old} = {obs.fu[you] + old}"
        count_colour = palette.LIGHT_GREEN if obs.fu[you] + old >= 6 else palette.WHITE
        col = canvas.text(col, YOU_ROW, count, count_colour, TABLE_BG) + 2
        down = obs.discards_down[you]
        if down:
            col = self.draw_down(canvas, col, YOU_ROW, down) + 2
        groups = self.seat_groups(you)
        col = canvas.text(col, YOU_ROW, "WON ", palette.WHITE, TABLE_BG)
        if groups:
            draw_mini_cards(canvas, col, YOU_ROW, groups, COLS - 2 - col)
        else:
            canvas.text(col, YOU_ROW, "-", palette.WHITE, TABLE_BG)

    def old_line(self) -> list[tuple[str, int]]:
        """The parts of the Old line: the label, then each group of Old cards with its reason."""
        obs = self.view
        width = COLS - 4 - 4
        # The key is written only while it works: the review's table as it was and the replay
        # offer between deals had shown "O: why" to an O that did nothing or was refused.
        key, key_each = ("  O: why", "  O: why each is Old") if self.old_key_live else ("", "")
        if not obs.hand:  # no card left to be Old (the deal is over, or ends with this trick): no line
            return []  # (a tester read "none yet" under a finished deal)
        reasons = old_reasons(obs.hand, obs.old_cards, obs.public_played)
        if not reasons:
            explains = "; O explains" if self.old_key_live else ""
            return [("OLD ", palette.YELLOW),
                    (f"none yet (a 9, C1, T1, or a card with no higher one unseen{explains})", palette.WHITE)]
        full = "; ".join(f"{cards} ({why})" for cards, why in reasons)
        if len(full) + len(key) <= width:
            return [("OLD ", palette.YELLOW), (full, palette.LIGHT_GREEN), (key, palette.LIGHT_CYAN)]
        if len(full) <= width:
            return [("OLD ", palette.YELLOW), (full, palette.LIGHT_GREEN)]
        short = "; ".join(f"{cards} ({'always' if why == 'always Old' else 'all higher seen'})"
                          for cards, why in reasons)
        if len(short) + len(key) <= width:
            return [("OLD ", palette.YELLOW), (short, palette.LIGHT_GREEN), (key, palette.LIGHT_CYAN)]
        names = " ".join(obs.old_cards)
        return [("OLD ", palette.YELLOW), (names, palette.LIGHT_GREEN), (key_each, palette.LIGHT_CYAN)]

    def draw_old_line(self, canvas: TextCanvas) -> None:
        col = 2
        for text, colour in self.old_line():
            if text.startswith("  O: why"):
                self.clickable(col, OLD_ROW, text)  # a click on it is the O key (a tester's did nothing)
            col = canvas.text(col, OLD_ROW, text[: max(0, COLS - 2 - col)], colour, TABLE_BG)
