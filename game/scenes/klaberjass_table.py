"""The Klaberjass table, in the manual's layout: your hand on top, the computer's below,
the deck, the turn-up beside it and the bottom card, the trick, and the score panel.

Built on the table kit (game.scenes.table): this file holds the layout, the narration and
the game's own keys. Everything drawn comes from seat 0's observation. Bids and answers
are labelled keys on the prompt line (``KEYS``); cards are played with 1-9, or
Left/Right and Enter, Space, Up or Down; the second of K+Q of trumps asks about bella.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.app.keys import Key
from game.app.match import deal_ended
from game.rules.klaberjass import KlaberjassObservation
from game.scenes.hand import Hand, HandGeometry, HandMode
from game.scenes.table import REPLAY_KEYS, TABLE_BG, Choice, Prompt, TableScene, deal_of
from game.screen import glyphs, palette
from game.screen.canvas import COLS, TextCanvas
from game.screen.cards import (
    card_name,
    draw_back,
    draw_face,
    draw_slot,
    french_face,
    hand_key,
    key_index,
    play_keys_text,
)

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.match import Match

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
CONTRACT_NAMES = {"NT": "Sans Tout", "AT": "Tout Atout"}
CARD_W, CARD_H, CARD_STEP = 7, 5, 8
HAND_COL = 3
# Rows of the hands: (label row, cards row, keys row) of yours, (label row, cards row) of the
# computer's, with your hand on top or below. The top label sits on the table's frame. Your hand
# keeps the row above its cards free for a raised card (the deal review raises the runs you
# declared), as the other tables do; the computer's hand needs no row of keys.
YOURS_ON_TOP = ((1, 3, 8), (9, 10))
YOURS_BELOW = ((7, 9, 14), (1, 2))
TABLE_ROW = 15  # label row of the deck / turn-up / bottom / trick line
INFO_ROWS = 6  # rows of the bidding or the deal beside the trick (the label row and the cards')
INFO_COL = 52
INFO_W = COLS - INFO_COL - 2  # its columns, to the table's frame


def contract_text(contract: str | None) -> str:
    if contract is None:
        return "-"
    return CONTRACT_NAMES.get(contract, glyphs.FRENCH_SUIT_GLYPH.get(contract, contract))


def runs_text(cards: Sequence[str], compact: bool = False) -> str:
    """``7C 8C 9C JH QH KH`` -> ``7♣-9♣ J♥-K♥``: each run by its ends (cards come in runs);
    ``compact``, its suit once: ``7-9♣ J-K♥``."""
    order = "789TJQKA"
    runs: list[list[str]] = []
    for card in cards:
        if runs and runs[-1][-1][1] == card[1] and order.index(card[0]) == order.index(runs[-1][-1][0]) + 1:
            runs[-1].append(card)
        else:
            runs.append([card])
    return " ".join(f"{card_name(r[0])[:-1] if compact else card_name(r[0])}-{card_name(r[-1])}" for r in runs)


def cards_text(cards: Any) -> str:
    return " ".join(card_name(c) for c in cards)


def made_to(view: Any) -> str:
    """What a schmeiss answered by "make him play" makes the schmeisser do: in round two name the
    suit (the prompt had said "Make him play" there, the F5 page "make me name a suit": a newcomer)."""
    return "name a suit" if view.bid_round == 2 else "play"


def schmeiss_meaning(view: Any) -> str:
    """What a schmeiss asks of the other player, in the prompt's own words ("Take ♥"): said on
    the message row the first time a match offers it to you (a newcomer read "X Schmeiss" and
    did not know what it was or did)."""
    made = made_to(view) if view.bid_round == 2 else f"take {glyphs.FRENCH_SUIT_GLYPH[view.proposed_suit]}"
    return f"Schmeiss: he throws the deal in or makes you {made}."


#: Why Bella's key (B) is refused where bella is not asked: it is called with a card, not alone.
NO_BELLA_NOW = "No bella now: you call it as you play the second of your K and Q of trumps."
NO_BELLA_IN_SANS_TOUT = "No bella in Sans Tout: there are no trumps."

#: A declaration F3 (hand sort on) made for the player, where he had a choice.
DECLARED_FOR_YOU = "F3 (sort) declared for you:"
# The decisions offered by their own key (the declarations and the bella question are built apart).
ACTIONS_WITH_KEYS = ("take", "pass", "schmeiss", "throw-in", "make-play", "sans-tout", "tout-atout", "exchange",
                     "keep")


class KlaberjassTable(TableScene[KlaberjassObservation]):
    game_name = "klaberjass"
    LIVE_PHASES = ("bid", "schmeiss", "dix", "declare", "play")  # not the replay offer, nor "over"
    REPLAY_KEEPS = "dealer and scores"
    MOST_CARDS = 9
    KEYS = (
        Choice("T", "Take", "take"),
        Choice("P", "Pass", "pass"),
        Choice("X", "Schmeiss", "schmeiss"),
        Choice("T", "Throw in", "throw-in"),
        Choice("M", "Make him play", "make-play"),
        *(Choice(suit, SUIT_NAMES[suit], f"name {suit}") for suit in "HSDC"),
        Choice("N", "Sans Tout", "sans-tout"),
        Choice("A", "Tout Atout", "tout-atout"),
        Choice("E", "Exchange the dix", "exchange"),
        Choice("K", "Keep", "keep"),
        Choice("A", "runs", "declare"),  # the declarations are lettered A, B, C...
        Choice("N", "none", "declare none"),
        Choice("B", "Bella", "bella"),
        Choice("N", "silently", "silent"),
        *REPLAY_KEYS,
    )

    def __init__(self, app: App, match: Match, attract: bool = False, humans: tuple[int, ...] = (0,)) -> None:
        self.bella_card: str | None = None  # waiting for "with or without bella?"
        self.schmeiss_told: set[int] = set()  # the bidding rounds whose schmeiss was explained in this match
        self._schmeiss_checked: Any = None  # ... looked for at this decision of yours
        super().__init__(app, match, attract, humans)

    def table_state(self) -> dict[str, Any]:
        """The hand's order, and whether what a schmeiss does was said (once in a match, resumed too)."""
        return {**super().table_state(), "schmeiss_told": sorted(self.schmeiss_told)}

    def restore_state(self, state: dict[str, Any]) -> None:
        told = state.get("schmeiss_told")  # the rounds explained (True: round one, in older saves)
        rounds = [1] if told is True else told if isinstance(told, list) else []
        self.schmeiss_told = {r for r in rounds if r in (1, 2)}
        super().restore_state(state)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.tell_schmeiss()

    def tell_schmeiss(self) -> None:
        """The first bid of yours in each bidding round of a match that offers the schmeiss says
        what it does there, after the row's words ("Computer passes. Schmeiss: he throws the deal
        in or makes you take ♥."; in round two "... makes you name a suit."), once the deal's
        opening or the computer's bid has been said (a newcomer did not know what "X Schmeiss"
        was, nor that round two's asks another thing; F5 says it, but he had not looked). Where
        the row has no room for both, a later bid says it: the row's words stay, and the prompt
        is never covered."""
        obs = self.obs
        if obs.bid_round in self.schmeiss_told or not self.human_to_act or obs.phase != "bid" \
                or "schmeiss" not in obs.legal_actions:
            return
        decision = self.decision_key()
        if decision == self._schmeiss_checked:
            return  # looked at as the decision began: a refusal or a hint since is not added to
        self._schmeiss_checked = decision
        # The deal's opening ("Deal 1: you deal.") before the computer's bid gives way where
        # both do not fit (the hand's frame says who deals).
        for words in (self.message, re.sub(r"^Deal \d+: [^.]*\.\s*", "", self.message)):
            said = f"{words} {schmeiss_meaning(obs)}".strip()
            if len(said) <= COLS - 4:
                self.message = said
                self.schmeiss_told.add(obs.bid_round)
                return

    # ---- names ----
    def seat_name(self, seat: int) -> str:
        return "You" if seat == self.viewer else "Computer"

    # ---- the hand ----
    def make_hand(self) -> Hand:
        return Hand(french_face, arrange=True)

    def hand_geometry(self) -> HandGeometry:
        _, cards_row, keys_row = self.hand_rows()[0]
        return HandGeometry(row=cards_row, keys_row=keys_row, width=CARD_W, height=CARD_H, step=CARD_STEP,
                            col=HAND_COL)

    # ---- decisions ----
    def choices(self, suit_words: bool = True) -> tuple[Choice, ...]:
        """The labelled choices for a decision that is not a card (empty while playing). A suit
        is named in words beside its sign unless that leaves the prompt no room for two blanks
        between the choices (round two with Sans Tout and Tout Atout bid directly had run
        into the frame)."""
        obs = self.obs
        out: list[Choice] = []
        for action in obs.legal_actions:
            if action == "take" and obs.proposed_suit:
                out.append(self.offer(action, label=f"Take {glyphs.FRENCH_SUIT_GLYPH[obs.proposed_suit]}"))
            elif action.startswith("name "):
                suit = action[5]
                words = f" {SUIT_NAMES[suit]}" if suit_words else ""
                out.append(self.offer(action, label=f"{glyphs.FRENCH_SUIT_GLYPH[suit]}{words}"))
            elif action == "exchange" and obs.turn_up and obs.contract:
                # What the dix is, said: the 7 of trumps for the turn-up (a newcomer had to
                # remember it from F5).
                seven = card_name("7" + obs.contract)
                out.append(self.offer(action, label=f"Exchange your {seven} for the {card_name(obs.turn_up)}"))
            elif action == "keep" and obs.contract:
                out.append(self.offer(action, label=f"Keep your {card_name('7' + obs.contract)}"))
            elif action == "make-play":
                out.append(self.offer(action, label=f"Make him {made_to(obs)}"))
            elif action in ACTIONS_WITH_KEYS:
                out.append(self.offer(action))
        declares = sorted((a for a in obs.legal_actions if a.startswith("declare")), key=len, reverse=True)
        for i, action in enumerate(declares):
            if action == "declare none":
                out.append(self.offer(action))
            else:
                out.append(self.offer("declare", action, runs_text(action.split()[1:]), nth=i))
        width = sum(len(c.key) + 1 + len(c.label) + 2 for c in out) - 2
        if suit_words and width > COLS - 4 and any(a.startswith("name ") for a in obs.legal_actions):
            return self.choices(suit_words=False)
        return tuple(out)

    def decision(self) -> Prompt:
        obs = self.obs
        if self.bella_card is not None:
            card, name = self.bella_card, card_name(self.bella_card)
            return Prompt("", (self.offer("bella", f"{card} bella", f"Play {name} and call Bella!"),
                               self.offer("silent", card, f"Play {name} silently")))
        if obs.phase == "play":
            lead = "lead" if not obs.trick else "play"
            playable = frozenset(a.split()[0] for a in obs.legal_actions)
            return Prompt(f"Your {lead}: {play_keys_text(obs.hand)}.", hand=HandMode(playable))
        if obs.phase == "replay":
            return self.replay_offer()
        choices = self.choices()
        if obs.phase == "declare":
            return Prompt("Declare which runs? ", choices)
        # Enter or Space alone passes a bid: a stray key on a new deal's prompt had taken the
        # contract, the costliest choice if it goes bete (a tester's "go on" key after a summary).
        default = next((i for i, choice in enumerate(choices) if choice.action == "pass"), 0)
        return Prompt("", choices, default=default)

    def waiting_text(self, seat: int) -> str:
        if self.app.demo or self.attract:
            return "Demo: the computer plays both hands."
        return "The computer is thinking..."

    def table_key(self, key: Key) -> bool:
        """While "with or without bella?" is asked, a key that is not its answer drops the question.
        (In round two the suit offered in round one is not on the prompt: its letter goes to the
        rules, which say why it cannot be named, as the kit's ``closed_key`` does for every key.)"""
        legal = self.obs.legal_actions
        bid = {"N": "sans-tout", "A": "tout-atout"}.get(key.typed)
        if bid and "pass" in legal and bid not in legal and self.human_to_act:
            # A bid F5 names but not on the prompt: said why (a tester's A did nothing), by the
            # match's options where they close it, else by the rules.
            closed = self.closed_bid(bid)
            if closed:
                self.refuse(closed)
            else:
                self.human_act(bid)
            return True
        if self.bella_card is None or key.typed in ("B", "N") or key.is_confirm or key.is_left or key.is_right:
            return False
        index = key_index(key.typed, len(self.hand.cards)) if key.typed else None
        if index is not None and self.hand.cards[index] == self.bella_card:
            self.message = self.bella_question(self.bella_card)  # the card's own key asks again (it had
            return True  # taken the card back: a tester)
        name = card_name(self.bella_card)
        self.drop_bella_question()
        self.message = f"The {name} is not played: choose your card."  # (a stray key had said nothing: a tester)
        return True

    def closed_key(self, key: Key) -> bool:
        """B, Bella's key, where bella is not asked (at a bid, a lead): said why not, as the kit's
        ``closed_key`` says it for every key of a move not open now. Bella is no move of its own
        (it goes with a card: "KH bella"), so the rules cannot read it alone and the kit let B
        do nothing, silently (a newcomer at a bid). B on the declarations' prompt is not here:
        it chose the second declaration before this is asked."""
        if key.typed == self.offer("bella").key and self.human_to_act:
            self.refuse(NO_BELLA_IN_SANS_TOUT if self.obs.contract == "NT" else NO_BELLA_NOW)
            return True
        return super().closed_key(key)

    def closed_bid(self, bid: str) -> str:
        """Why this match's options close Sans Tout or Tout Atout to you now ("": they do not)."""
        options = dict(self.obs.options)
        if not options["tout_atout"]:
            name = "Sans Tout" if bid == "sans-tout" else "Tout Atout"
            return f"No {name} in this match: the option Sans Tout / Tout Atout bids is off."
        if bid == "tout-atout" and not options["tout_atout_direct"] and self.obs.bid_round == 2:
            return "Tout Atout only over a Sans Tout: the option 'may be bid directly' is off."
        return ""

    def on_click(self, col: int, row: int) -> None:
        """A click on a card of the hand while "with or without bella?" is asked does what its
        key does: the question goes, and says so (the click did nothing, silently: a tester)."""
        if self.bella_card is not None and self.human_to_act and not self.guarded and self.panel is None:
            index = self.hand.card_at(col, row, self.hand_geometry())
            if index is not None:
                self.on_key(Key.named(hand_key(index)))
                return
        super().on_click(col, row)

    def bella_question(self, card: str) -> str:
        """The message above "B Play K♥ and call Bella!  N Play K♥ silently", with the way back
        where there is another card to choose (not for the last card: a tester)."""
        back = " (Esc: another card)" if len({a.split()[0] for a in self.obs.legal_actions}) > 1 else ""
        return f"{card_name(card)} completes your bella: call it or not{back}."

    def drop_bella_question(self) -> None:
        """The question goes, and its words with it ("K♥ completes your bella." had stayed
        above the card prompt: a tester)."""
        if self.bella_card is not None and self.message == self.bella_question(self.bella_card):
            self.message = ""
        self.bella_card = None

    def hint_shown(self, action: str) -> None:
        """F4 under "with or without bella?": a hint for that card keeps the question, its
        highlight on the hint's answer (a tester had had to play the card again); a hint for
        another card drops it, so that the card's keys are back for it (a tester's hint named a
        lead with only B and N on screen)."""
        if self.bella_card is not None and action.split()[0] != self.bella_card:
            self.drop_bella_question()
        super().hint_shown(action)

    def cards_action(self, cards: tuple[str, ...]) -> str | None:
        """The card's play; the second of K+Q of trumps first asks about bella. A card that
        cannot be played goes to the rules, which say why."""
        card = cards[0]
        legal: tuple[str, ...] = self.obs.legal_actions
        actions = [a for a in legal if a.split()[0] == card and not a.startswith(("declare", "name"))]
        if len(actions) > 1:
            self.bella_card = card
            self.message = self.bella_question(card)
            # Its highlight on the hint's answer where the hint named this card (silently too):
            # Enter, Enter does what it says (a tester's hinted silence was called), and both
            # answers stay open (a reviewer).
            choices = [choice.action for choice in self.prompt().choices]
            self.choice_cursor = next((i for i, a in enumerate(choices) if a in self.hinted_move()), 0)
            return None
        return actions[0] if actions else card

    def auto_action(self) -> str | None:
        """Declarations with F3 on (or nothing to choose): every run, the longest declaration."""
        declares: list[str] = [a for a in self.obs.legal_actions if a.startswith("declare")]
        if self.obs.phase == "declare" and (len(declares) == 1 or self.sorted_hand):
            return max(declares, key=len)
        return None

    # ---- after each action ----
    def after_action(self, seat: int, action: str, before: KlaberjassObservation, after: KlaberjassObservation) -> None:
        mark = self.message.find(DECLARED_FOR_YOU)  # after the bid it may follow ("You take hearts. F3 ...")
        own_declaration = self.message[mark:] if mark >= 0 else ""
        self.message = self.move_message(seat, action, before, after)
        if own_declaration and action.startswith("declare") and seat != self.viewer:
            self.message = f"{own_declaration} {self.message}"  # the runs F3 declared stay said (a newcomer)
        self.bella_card = None
        same_deal = deal_of(after) == deal_of(before)
        trick_done = same_deal and len(after.tricks) > len(before.tricks)
        if trick_done:
            self.hold_trick(until_key=True)  # when you lead next, "Any key: go on." waits for it
        if " bella" in action:
            self.app.sound("bella")
        elif trick_done:
            self.app.sound("trick")
        elif action in ("take", "name H", "name S", "name D", "name C", "schmeiss", "sans-tout", "tout-atout"):
            self.app.sound("select")
        elif not action.startswith("declare"):
            self.app.sound("click")
        if not same_deal and after.last_deal is not None:
            self.app.sound("bete" if after.last_deal.outcome == "bete" else "trick")
            if before.phase == "play":
                self.hold_trick()  # the last trick, then the deal's summary

    def deal_end_view(self, before: KlaberjassObservation, seat: int, action: str,
                      after: KlaberjassObservation) -> KlaberjassObservation:
        """The deal as it ended: the last trick (held on the table, then under the summary),
        out of its player's hand, and the scores the summary gives. The engine deals on at
        once, so the view before the last card is amended from the deal's summary."""
        last = after.last_deal
        if before.phase != "play" or last is None or not last.tricks:
            # Thrown in or annulled in the bidding: nothing was played; the bid that ended it is
            # listed with the others (a tester's panel had stopped at the schmeiss answered).
            return dataclasses.replace(before, bids=(*before.bids, (seat, action)), current_player=None,
                                       legal_actions=())
        card = action.split()[0]
        sizes = list(before.hand_sizes)
        sizes[seat] -= 1
        won = list(before.tricks_won)
        winner = 0 if last.last_trick[0] else 1  # the last trick's 10 went to its winner
        won[winner] += 1
        return dataclasses.replace(
            before,
            hand=tuple(c for c in before.hand if c != card) if seat == self.viewer else before.hand,
            opponent_hand=None if before.opponent_hand is None or seat == self.viewer
            else tuple(c for c in before.opponent_hand if c != card),
            hand_sizes=(sizes[0], sizes[1]), trick=(), last_trick=last.tricks[-1], last_trick_winner=winner,
            tricks_won=(won[0], won[1]), card_points=last.card_points, scores=after.scores,
            current_player=None, legal_actions=())

    def move_words(self, action: str, view: KlaberjassObservation, short: bool = False) -> str:
        words = action.split()
        head = words[0]
        if head == "take":
            return "take" if short else f"take {SUIT_NAMES.get(view.proposed_suit or '', 'it')}"
        if head == "name":  # short, the suit alone: the dealer's last hint had room for one of three (a tester)
            return SUIT_NAMES[words[1]] if short else f"name {SUIT_NAMES[words[1]]}"
        if head == "declare":
            what = "no run" if words[1] == "none" else cards_text(words[1:])
            return what if short else f"declare {what}"
        fixed = {"pass": "pass", "schmeiss": "schmeiss", "throw-in": "throw in",
                 "make-play": f"make him {made_to(view)}", "sans-tout": "Sans Tout", "tout-atout": "Tout Atout",
                 "exchange": "exchange", "keep": "keep"}
        if head in fixed:
            long = {"throw-in": "throw the deal in", "sans-tout": "call Sans Tout",
                    "tout-atout": "call Tout Atout", "exchange": "exchange the dix", "keep": "keep the dix"}
            return fixed[head] if short else long.get(head, fixed[head])
        card = card_name(head)
        bella = "bella" in words
        # The same card played without calling bella, where calling it is a choice too, says so
        # (a tester read "K♠ and call Bella (+1086 points); K♠ +1066" as one card twice).
        silently = not bella and f"{head} bella" in getattr(view, "legal_actions", ())
        if short:
            return card + (" bella" if bella else " silently" if silently else "")
        return f"{'lead' if not view.trick else 'play'} the {card}" + (
            " and call Bella" if bella else " silently" if silently else "")

    def decision_words(self, view: KlaberjassObservation) -> str:
        return {"bid": f"bid, round {view.bid_round}", "schmeiss": "schmeiss", "dix": "the dix",
                "declare": "declaring"}.get(view.phase, f"trick {len(view.tricks) + 1}")

    def deal_opening(self, view: KlaberjassObservation) -> str:
        """Who deals, until the first bid."""
        if view.phase != "bid" or view.bids:
            return ""
        return self.deal_role(view, view.dealer, "deal", "deals")

    def describe(self, seat: int, action: str, before: KlaberjassObservation, after: KlaberjassObservation) -> str:
        words = action.split()
        head = words[0]
        if head == "take":
            return self.verb(seat, "take", "takes") + f" {SUIT_NAMES.get(before.proposed_suit or '', 'it')}."
        if head == "pass":
            return self.verb(seat, "pass", "passes") + "."
        if head == "schmeiss":
            return self.verb(seat, "schmeiss", "schmeisses") + "!"
        if head == "throw-in":
            return self.verb(seat, "throw", "throws") + " the deal in."
        if head == "make-play":
            other = "you" if seat != self.viewer else "the computer"
            return self.verb(seat, "make", "makes") + f" {other} {made_to(before)}."
        if head == "name":
            return self.verb(seat, "name", "names") + f" {SUIT_NAMES[words[1]]}."
        if head == "sans-tout":
            return self.verb(seat, "call", "calls") + " Sans Tout."
        if head == "tout-atout":
            return self.verb(seat, "call", "calls") + " Tout Atout!"
        if head == "exchange":
            turned = f" for the {card_name(before.turn_up)}" if before.turn_up else ""
            return self.verb(seat, "exchange", "exchanges") + f" the dix{turned}."
        if head == "keep":
            return "You keep the dix." if seat == self.viewer else ""
        if head == "declare":
            if seat != self.viewer:  # what it declared stays hidden: the announcement says what the rules let be known
                return "The computer has declared."
            choices = [a for a in before.legal_actions if a.startswith("declare")]
            if words[1] != "none" and len(choices) > 1 and len(self.match.steps) - 1 in self.auto_steps:
                # F3 on chose for the player among several: said (a newcomer pressed F3 to sort
                # his hand, and his runs were declared with no word of it).
                return f"{DECLARED_FOR_YOU} {cards_text(words[1:])}."
            return "You declare no run." if words[1] == "none" else f"You declare {cards_text(words[1:])}."
        card = head
        leading = not before.trick
        text = self.verb(seat, "lead", "leads") if leading else self.verb(seat, "play", "plays")
        text += f" the {card_name(card)}"
        if "bella" in words:
            text += " and " + ("call" if seat == self.viewer else "calls") + " Bella!"
        else:
            text += "."
        if after.deal_number == before.deal_number and len(after.tricks) > len(before.tricks):
            if after.last_trick_winner is not None:
                text += f" {self.verb(after.last_trick_winner, 'take', 'takes')} the trick."
        elif deal_ended(before, after, action) and after.last_deal is not None:
            winner = 0 if after.last_deal.last_trick[0] else 1
            text += f" {self.verb(winner, 'take', 'takes')} the last trick."
        return text

    # ---- summary and result ----
    def summary_lines(self, last: Any) -> list[tuple[str, int]]:
        you, it = self.viewer, 1 - self.viewer
        lines: list[tuple[str, int]] = []
        if last.outcome == "thrown-in":  # who threw it in (a tester could not tell)
            thrower = next((int(e.split()[0]) for e in last.events if e.endswith(" throws in")), None)
            who = "You" if thrower == you else "The computer"
            said = "The deal was thrown in" if thrower is None else f"{who} threw the deal in, answering the schmeiss"
            lines.append((f"{said}: nobody scores.", palette.WHITE))
        elif last.outcome == "annulled":
            lines.append(("Both passed twice: the deal is annulled.", palette.WHITE))
        else:
            maker = "You" if last.maker == you else "The computer"
            lines.append((f"Contract {contract_text(last.contract)}, maker: {maker}", palette.YELLOW))
            lines.append(("", palette.WHITE))
            lines.append((f"{'':16}{'YOU':>8}{'COMPUTER':>10}", palette.LIGHT_CYAN))
            for label, pair in (("Card points", last.card_points), ("Last trick", last.last_trick),
                                ("Melds", last.melds), ("Bella", last.bella), ("Total", last.raw)):
                lines.append((f"{label:16}{pair[you]:>8}{pair[it]:>10}", palette.WHITE))
            lines.append(("", palette.WHITE))
            # What was compared, and where a bete's points go (a newcomer read "Added 113 / 0"
            # under 71 and 42 without a word why).
            m, o = last.raw[last.maker], last.raw[1 - last.maker]
            other = "the computer scores" if last.maker == you else "you score"
            verdict = {"made": f"{maker} made it: {m} against {o}, both added.",
                       "tie": f"A tie at {m}: {maker.lower()} score nothing.",
                       "bete": f"{maker} went BETE! {m} against {o}: {other} both ({m} + {o})."}[last.outcome]
            if last.outcome == "tie" and last.maker != you:
                verdict = f"A tie at {m}: the computer scores nothing."
            lines.append((verdict, palette.LIGHT_RED if last.outcome != "made" else palette.LIGHT_GREEN))
            lines.append((f"Added{'':11}{last.added[you]:>8}{last.added[it]:>10}", palette.WHITE))
        if last.outcome in ("thrown-in", "annulled"):  # no score table above: the columns need their names
            lines.append(("", palette.WHITE))
            lines.append((f"{'':16}{'YOU':>8}{'COMPUTER':>10}", palette.LIGHT_CYAN))
        lines.append((f"Scores{'':10}{last.scores_after[you]:>8}{last.scores_after[it]:>10}", palette.YELLOW))
        return lines

    def result_lines(self) -> list[tuple[str, int]]:
        scores = self.obs.scores
        you, it = scores[self.viewer], scores[1 - self.viewer]
        if self.obs.winner == self.viewer:
            head = ("YOU WIN THE MATCH!", palette.LIGHT_GREEN)
        else:
            head = ("The computer wins the match.", palette.LIGHT_RED)
        return [head, ("", palette.WHITE), (f"You {you}   Computer {it}", palette.WHITE),
                (f"Game point {self.game_point}", palette.WHITE)]

    def deal_stats(self, last: Any) -> tuple[bool, dict[str, int]] | None:
        """A deal is won by the higher settled points; thrown-in and annulled deals do not count."""
        if last.outcome in ("thrown-in", "annulled"):
            return None
        you, it = self.viewer, 1 - self.viewer
        mine = last.maker == you
        return last.added[you] > last.added[it], {"makes": int(mine and last.outcome == "made"),
                                                  "betes": int(mine and last.outcome == "bete")}

    def human_won(self) -> bool:
        return bool(self.obs.winner == self.viewer)

    @property
    def game_point(self) -> int:
        return int(dict(self.obs.options)["game_point"])

    # ---- drawing ----
    def hand_rows(self) -> tuple[tuple[int, int, int], tuple[int, int]]:
        """(your rows, the computer's rows): yours on top as in the manual, or below."""
        on_top = bool(self.app.settings.get("klaberjass", "your_hand_on_top"))
        return YOURS_ON_TOP if on_top else YOURS_BELOW

    def title(self) -> tuple[str, str, str]:
        you, it = self.view.scores[self.viewer], self.view.scores[1 - self.viewer]
        return "KLABERJASS", f"GAME TO {self.game_point}", f"YOU {you}   COMPUTER {it}"

    def draw_layout(self, canvas: TextCanvas) -> None:
        obs = self.view
        mine, theirs = self.hand_rows()
        label = " YOUR HAND (DEALER) " if self.shows_dealer(self.viewer) else " YOUR HAND "
        canvas.text(2, mine[0], label, palette.YELLOW, TABLE_BG)
        self.draw_hand(canvas)
        self.draw_computer_hand(canvas, theirs)
        if self.deal_on():  # else no trump, no maker to name
            right = f" TRUMP {contract_text(obs.contract)}   MAKER: "
            right += "- " if obs.maker is None else ("YOU " if obs.maker == self.viewer else "COMPUTER ")
            canvas.text(COLS - 2 - len(right), 1, right, palette.WHITE, TABLE_BG)
        self.draw_stock_and_trick(canvas)
        self.draw_info(canvas)

    def shows_dealer(self, seat: int) -> bool:
        """``seat`` deals the deal on screen (``deal_on``)."""
        return bool(self.view.dealer == seat and self.deal_on())

    def draw_computer_hand(self, canvas: TextCanvas, rows: tuple[int, int]) -> None:
        label_row, cards_row = rows
        obs = self.view
        it = 1 - self.viewer
        label = " COMPUTER'S HAND (DEALER) " if self.shows_dealer(it) else " COMPUTER'S HAND "
        canvas.text(2, label_row, label, palette.YELLOW, TABLE_BG)
        open_cards = obs.opponent_hand
        for i in range(obs.hand_sizes[it]):
            col = HAND_COL + i * CARD_STEP
            if open_cards is not None and i < len(open_cards):
                draw_face(canvas, col, cards_row, french_face(open_cards[i]), CARD_W, CARD_H)
            else:
                draw_back(canvas, col, cards_row, CARD_W, CARD_H)

    def draw_stock_and_trick(self, canvas: TextCanvas) -> None:
        obs = self.view
        row = TABLE_ROW
        labels = ((3, "DECK"), (12, "TURN-UP"), (21, "BOTTOM"))
        for col, text in labels:
            canvas.text(col, row, text, palette.YELLOW, TABLE_BG)
        draw_back(canvas, 3, row + 1, CARD_W, CARD_H)  # the stock: at most 18 of the 32 cards are ever dealt
        if obs.turn_up:
            draw_face(canvas, 12, row + 1, french_face(obs.turn_up), CARD_W, CARD_H)
        else:
            draw_slot(canvas, 12, row + 1, CARD_W, CARD_H)
            if dict(obs.options)["clubs_preferred"]:  # an empty frame had puzzled a tester
                canvas.text(13, row + 3, " none", palette.WHITE, TABLE_BG)
        if obs.bottom_card:
            draw_face(canvas, 21, row + 1, french_face(obs.bottom_card), CARD_W, CARD_H)
        else:
            draw_slot(canvas, 21, row + 1, CARD_W, CARD_H)
        held = bool(self.hold > 0 and obs.last_trick)
        trick = obs.last_trick if held else obs.trick
        if trick:
            names = ["YOU" if seat == self.viewer else "COMP" for seat, _ in trick]
            canvas.text(32, row, "  ".join(f"{n:^7}" for n in names), palette.YELLOW, TABLE_BG)
        else:
            canvas.text(32, row, "TRICK", palette.YELLOW, TABLE_BG)
        for i in range(2):
            col = 32 + i * 9
            if i < len(trick):
                seat, card = trick[i]
                winner = held and seat == obs.last_trick_winner
                draw_face(canvas, col, row + 1, french_face(card), CARD_W, CARD_H, highlight=winner)
            else:
                draw_slot(canvas, col, row + 1, CARD_W, CARD_H)

    def draw_info(self, canvas: TextCanvas) -> None:
        obs = self.view
        lines = self.bidding_lines() if obs.phase in ("bid", "schmeiss") else self.deal_lines()
        for i, (text, colour) in enumerate(lines[:INFO_ROWS]):
            canvas.text(INFO_COL, TABLE_ROW + i, text[:INFO_W], colour, TABLE_BG)

    def bidding_lines(self) -> list[tuple[str, int]]:
        """Every bid under the round it was said in (a tester read round one's two passes under
        "ROUND 2"): round two comes only after two passes, as any other bid ends round one."""
        obs = self.view
        # In the table's words, not the record's ("Comp: make-play" read a tester).
        said = [(f"{'You' if seat == self.viewer else 'Comp'}: {self.action_words(bid, obs, short=True)}",
                 palette.WHITE) for seat, bid in obs.bids]
        if obs.bid_round != 2:
            return [("BIDDING, ROUND 1", palette.YELLOW), *said[-(INFO_ROWS - 1):]]
        lines = [("BIDDING, ROUND 1", palette.YELLOW), *said[:2], ("ROUND 2", palette.YELLOW), *said[2:]]
        if len(lines) > INFO_ROWS:  # round two alone, then
            lines = [("BIDDING, ROUND 2", palette.YELLOW), *said[2:][-(INFO_ROWS - 1):]]
        return lines

    def deal_lines(self) -> list[tuple[str, int]]:
        """After the bidding, in ``INFO_ROWS`` rows: the top meld, the dix taken, tricks and
        points once a trick is won, the runs shown and the bellas called; the top-meld
        announcement in the rows left (``announcement``)."""
        obs = self.view
        you, it = self.viewer, 1 - self.viewer
        if obs.contract == "NT" and not dict(obs.options)["nt_melds"]:
            # Nothing is declared: the heading had stayed blank all deal (a tester).
            meld = "NO RUNS SCORE IN SANS TOUT"
        elif obs.top_meld is None:
            # While the runs are declared, before a word is said, it says so (a bare heading had
            # been left: a tester).
            meld = "TOP MELD: -" if obs.meld_messages else (
                "TOP MELD: declaring" if obs.phase == "declare" else "TOP MELD:")
        else:
            owner = "YOURS" if obs.top_meld == you else "COMP'S"
            meld = f"TOP MELD: {owner}" + (f", {obs.meld_value}" if obs.meld_value else "")
        after: list[tuple[str, int]] = []
        if obs.dix_by is not None and obs.original_turn_up:  # public: the 7 was swapped for the turn-up
            who = "YOU" if obs.dix_by == you else "COMP"
            after.append((f"DIX: {who} TOOK {card_name(obs.original_turn_up)}", palette.LIGHT_CYAN))
        if obs.tricks:  # not during the first trick: both would read 0, and the announcement needs the rows
            after.append((f"TRICKS  YOU {obs.tricks_won[you]:<4}COMP {obs.tricks_won[it]}", palette.WHITE))
            after.append((f"POINTS  YOU {obs.card_points[you]:<4}COMP {obs.card_points[it]}", palette.WHITE))
        for seat in (you, it):
            if obs.shown_melds[seat]:
                who = "YOU" if seat == you else "COMP"
                shown = f"{who} SHOW {cards_text(obs.shown_melds[seat])}"
                for runs in (runs_text(obs.shown_melds[seat]), runs_text(obs.shown_melds[seat], compact=True)):
                    if len(shown) <= INFO_W:
                        break
                    shown = f"{who} SHOW {runs}"  # by their ends; three runs, each suit once: 7-9♣ J-K♥ 8-T♠
                after.append((shown, palette.LIGHT_CYAN))
        if obs.bellas:
            # Two bellas of one player (Tout Atout) read "you x2", not "you, you" (a tester).
            called = Counter(obs.bellas)
            names = ", ".join(("you" if s == you else "comp") + (f" x{n}" if n > 1 else "") for s, n in called.items())
            after.append((f"BELLA: {names}", palette.LIGHT_MAGENTA))
        if obs.phase not in ("declare", "play"):
            # Before the runs (the dix) or between deals (the replay offer), an empty "TOP MELD:"
            # heading meant nothing (a tester, after a deal thrown in).
            return after[:INFO_ROWS]
        spoken = self.announcement(max(0, INFO_ROWS - 1 - len(after)))
        return [(meld, palette.WHITE), *((line, palette.LIGHT_CYAN) for line in spoken), *after][:INFO_ROWS]

    def announcement(self, room: int) -> list[str]:
        """The top-meld announcement in ``room`` rows, each step by who said it, indented.

        Found by a tester: with the dix line below it, the five steps of a tie on the top card
        lost the dealer's "how high?" before play. Now two steps that fit one row side by side
        share it ("You: 20  Comp: how high?"), so before play every step is read. Still too
        many (during play, beside the tricks, the runs shown and the bellas): the last step, the
        verdict, and the first, the class (the top line has the value), on one row when only
        one is left if they fit; an ellipsis marks where steps were left out, so that none goes
        silently. No row is left only beside the dix, the tricks, the points, a bella and the
        run shown: that run is what the words were about, and stands for them (help says so)."""
        lines = ["  " + self.spoken(m) for m in self.view.meld_messages]
        joined = list(lines)
        while len(joined) > room:
            pair = next((i for i in range(len(joined) - 1) if len(joined[i]) + len(joined[i + 1]) <= INFO_W), None)
            if pair is None:
                break
            joined[pair:pair + 2] = [joined[pair] + joined[pair + 1]]  # "  A" and "  B" -> "  A  B"
        if len(joined) <= room:
            return joined
        if room == 1:  # the first and the last on one row if they fit (a tester lost "Comp: 20")
            both = f"{lines[0].strip()} … {lines[-1].strip()}"
            return [both if len(both) <= INFO_W else "…" + lines[-1][1:]]
        first = int(room >= 2)
        last = lines[len(lines) - (room - first):] if room > first else []
        if last:
            last[0] = "…" + last[0][1:]  # "… Comp: tie": the steps before it are left out
        return lines[:first] + last

    def spoken(self, message: str) -> str:
        """An announcement by who said it: "Elder: 20" is "Comp: 20" when the computer is elder,
        so that "You: not good" reads as what you told him."""
        role, _, words = message.partition(": ")
        seat = self.view.elder if role == "Elder" else self.view.dealer
        return f"{'You' if seat == self.viewer else 'Comp'}: {words}"
