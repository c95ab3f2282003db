"""The Klaberjass computer player: the manual's heuristics (rules file §5.1).

``choose(rules, observation, level, rng)`` returns one of ``observation.legal_actions`` and reads
nothing but the observation (no state, no hidden card). All three levels ("easy", "normal",
"hard") currently play these easy heuristics; the searching levels of §5.2 (PIMC with an
exact endgame) are not written yet.

What it does:
- replay/continue: always ``continue``.
- Bidding: the manual's count of the six cards for a prospective trump suit (Menel 14, each ace
  11, bella 20, sequences 20/50, an A-T pair 21 when the hand can lead trumps (4+ trumps) else 16,
  lone tens 0). With the prospective Jass in a reasonable hand (another trump, or 11 more
  points) it takes / names; without it only from 40 up. Elder never schmeisses in round 1;
  in round 2 a middling elder sometimes schmeisses to stop the dealer naming his own suit.
  Sans tout with three aces or more, tout atout with three jacks (or two jacks and two nines).
- A schmeiss is answered ``make-play`` when this hand would likely bete the schmeisser.
- Dix: exchange unless the swap lowers the hand's meld value.
- Declaring: every run, except a 3-card trump run holding the Menel but not the Jass (7-8-9 or
  8-9-T) while the Jass is unseen: showing it would expose the Menel (§5.1).
- Bella: a defender always announces; the maker announces unless he would be bete even with
  the 20, judged from the public points so far (the rest of the deal assumed shared evenly).
- Card play: lead the Jass at once; lead trumps only with four or more; cash safe masters; lead
  worthless cards where the opponent is void to draw his trumps; else open the longest suit
  low, avoiding tenaces (A22: a gap in trick order among the counting cards) and bare tens.
  Following: win a trick worth 10 or more (or the last) with the cheapest winning card, never
  spend a trump on a cheap trick when a card may be thrown, and otherwise throw the cheapest card.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from game.rules.klaberjass import KlaberjassObservation, card_points, meld_points, trick_winner

LEVELS = ("easy", "normal", "hard")
SUITS = "SHDC"
NAT = "789TJQKA"
_ALL = tuple(r + s for s in SUITS for r in NAT)
_TRUMP_POW = {"J": 7, "9": 6, "A": 5, "T": 4, "K": 3, "Q": 2, "8": 1, "7": 0}
_PLAIN_POW = {"A": 7, "T": 6, "K": 5, "Q": 4, "J": 3, "9": 2, "8": 1, "7": 0}


def choose(rules: Any, observation: KlaberjassObservation, level: str, rng: random.Random) -> str:
    """One of ``observation.legal_actions`` (see the module docstring)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; use one of {', '.join(LEVELS)}")
    legal = observation.legal_actions
    if not legal:
        raise ValueError("the observing seat has no action to take")
    if len(legal) == 1:
        return legal[0]
    phase = observation.phase
    if phase == "replay":
        return "continue"
    if phase == "bid":
        return _bid(observation, rng)
    if phase == "schmeiss":
        return _answer_schmeiss(observation)
    if phase == "dix":
        return _dix(observation)
    if phase == "declare":
        return _declare(observation)
    return _play(observation)


# ---------------------------------------------------------------------------------------
# Hand evaluation (§5.1: the manual's 40-point count)
# ---------------------------------------------------------------------------------------


def suit_count(hand: tuple[str, ...], trump: str) -> tuple[bool, int]:
    """(holds the prospective Jass, the manual's count of ``hand`` with ``trump`` as trump suit)."""
    cards = set(hand)
    trumps = sum(1 for c in hand if c[1] == trump)
    count = 14 if "9" + trump in cards else 0
    count += 11 * sum(1 for c in hand if c[0] == "A")
    if "K" + trump in cards and "Q" + trump in cards:
        count += 20
    count += meld_points(hand)
    for s in SUITS:
        if "A" + s in cards and "T" + s in cards:
            count += 10 if trumps >= 4 else 5
    return "J" + trump in cards, count


def _takes(hand: tuple[str, ...], trump: str) -> bool:
    jass, count = suit_count(hand, trump)
    if jass:
        return sum(1 for c in hand if c[1] == trump) >= 2 or count >= 11
    return count >= 40


def _strength(hand: tuple[str, ...], trump: str) -> int:
    jass, count = suit_count(hand, trump)
    return count + (40 if jass else 0)


def _nt_strong(hand: tuple[str, ...]) -> bool:
    return sum(1 for c in hand if c[0] == "A") >= 3


def _at_strong(hand: tuple[str, ...]) -> bool:
    jacks = sum(1 for c in hand if c[0] == "J")
    nines = sum(1 for c in hand if c[0] == "9")
    return jacks >= 3 or (jacks >= 2 and nines >= 2)


def _bid(obs: KlaberjassObservation, rng: random.Random) -> str:
    legal = obs.legal_actions
    hand = obs.hand
    if legal == ("tout-atout", "pass"):
        return "tout-atout" if _at_strong(hand) else "pass"
    if "take" in legal:
        proposed = obs.proposed_suit or "C"
        return "take" if _takes(hand, proposed) else "pass"
    names = [a for a in legal if a.startswith("name ")]
    best = max(names, key=lambda a: _strength(hand, a[5]))
    if "tout-atout" in legal and _at_strong(hand):
        return "tout-atout"
    if "sans-tout" in legal and _nt_strong(hand) and not _takes(hand, best[5]):
        return "sans-tout"
    if "pass" not in legal:  # made to play after a schmeiss: must name
        return best
    if _takes(hand, best[5]):
        return best
    if "sans-tout" in legal and _nt_strong(hand):
        return "sans-tout"
    if obs.current_player == obs.elder and suit_count(hand, best[5])[1] >= 25 and rng.random() < 0.25:
        return "schmeiss"
    return "pass"


def _answer_schmeiss(obs: KlaberjassObservation) -> str:
    hand = obs.hand
    if obs.bid_round == 1:
        jass, count = suit_count(hand, obs.proposed_suit or "C")
        return "make-play" if jass or count >= 35 else "throw-in"
    aces = sum(1 for c in hand if c[0] == "A")
    jacks = sum(1 for c in hand if c[0] == "J")
    return "make-play" if 11 * aces + 10 * jacks >= 42 else "throw-in"


def _dix(obs: KlaberjassObservation) -> str:
    trump = obs.contract or ""
    turn_up = obs.turn_up or ""
    after = [c for c in obs.hand if c != "7" + trump] + [turn_up]
    return "exchange" if meld_points(after) >= meld_points(obs.hand) else "keep"


def _declare(obs: KlaberjassObservation) -> str:
    full = obs.legal_actions[0]
    trump = obs.contract or ""
    if len(trump) != 1 or full == "declare none":
        return full
    jass, menel = "J" + trump, "9" + trump
    public = {c for trick in obs.tricks for _, c in trick} | {obs.turn_up, obs.bottom_card}
    if jass in obs.hand or jass in public:
        return full
    runs = _runs(full.split()[1:])
    sunk = [r for r in runs if len(r) == 3 and menel in r]
    if not sunk:
        return full
    kept = [c for r in runs if r not in sunk for c in r]
    return "declare " + " ".join(kept) if kept else "declare none"


def _runs(cards: list[str]) -> list[list[str]]:
    """Split a declaration (canonical order) into its runs."""
    runs: list[list[str]] = []
    for c in cards:
        if runs and runs[-1][-1][1] == c[1] and NAT.index(c[0]) == NAT.index(runs[-1][-1][0]) + 1:
            runs[-1].append(c)
        else:
            runs.append([c])
    return runs


# ---------------------------------------------------------------------------------------
# Card play
# ---------------------------------------------------------------------------------------


class _View:
    """What the player knows during play, derived from the observation only."""

    def __init__(self, obs: KlaberjassObservation) -> None:
        self.obs = obs
        self.contract = obs.contract or "NT"
        self.options = dict(obs.options)
        self.me = obs.seat
        self.opp = 1 - obs.seat
        self.trump = self.contract if len(self.contract) == 1 else ""
        played = {c for trick in obs.tricks for _, c in trick} | {c for _, c in obs.trick}
        self.played = played
        known = set(obs.hand) | played
        if obs.turn_up:
            known.add(obs.turn_up)
        if obs.bottom_card:
            known.add(obs.bottom_card)
        opp_known = {c for c in obs.shown_melds[self.opp] if c not in played}
        if obs.dix_by == self.opp and obs.original_turn_up and obs.original_turn_up not in played:
            opp_known.add(obs.original_turn_up)
        if self.trump and (self.opp, "keep") in obs.history and "7" + self.trump not in played:
            opp_known.add("7" + self.trump)
        if obs.opponent_hand is not None:
            opp_known |= set(obs.opponent_hand)
        self.opp_known = opp_known
        self.outstanding = (set(_ALL) - known) | opp_known
        self.void: set[str] = set()
        self.no_trump = False
        for trick in obs.tricks:
            (_, led), (seat, fol) = trick
            if seat == self.opp and fol[1] != led[1]:
                self.void.add(led[1])
                if self.trump and fol[1] != self.trump:
                    self.no_trump = True
        if self.trump and self.trump in self.void:
            self.no_trump = True
        if obs.opponent_hand is not None:
            held = {c[1] for c in obs.opponent_hand}
            self.void = set(SUITS) - held
            self.no_trump = not self.trump or self.trump not in held

    def points(self, card: str) -> int:
        return card_points(card, self.contract)

    def power(self, card: str) -> int:
        """Strength for choosing among cards: trumps above every plain card."""
        if self.contract == "AT" or card[1] == self.trump:
            return 10 + _TRUMP_POW[card[0]]
        return _PLAIN_POW[card[0]]

    def wins(self, led: str, follow: str) -> bool:
        return trick_winner(led, follow, self.contract, self.options) == 1

    def opp_may_trump(self) -> bool:
        if not self.trump or self.no_trump:
            return False
        return any(c[1] == self.trump for c in self.outstanding)

    def master(self, card: str) -> bool:
        """No outstanding card of the suit would beat it."""
        return not any(c[1] == card[1] and self.wins(card, c) for c in self.outstanding)


def _play(obs: KlaberjassObservation) -> str:
    view = _View(obs)
    legal = obs.legal_actions
    cards = [a for a in legal if " " not in a]
    card = _follow(view, cards) if obs.trick else _lead(view, cards)
    if card + " bella" in legal and _announce_bella(view, card):
        return card + " bella"
    return card


def _cheapest(view: _View, cards: list[str]) -> str:
    return min(cards, key=lambda c: (view.points(c), view.power(c), c))


def _lead(view: _View, cards: list[str]) -> str:
    trump = view.trump
    if trump:
        trumps = [c for c in cards if c[1] == trump]
        opp_trumps = view.opp_may_trump()
        if "J" + trump in trumps and opp_trumps:
            return "J" + trump
        if len(trumps) >= 4 and opp_trumps:
            top = max(trumps, key=view.power)
            return top if view.master(top) else min(trumps, key=view.power)
    side = [c for c in cards if c[1] != trump] or cards
    # Safe masters that carry points: the opponent must follow (or has no trump to ruff with).
    masters = [
        c
        for c in side
        if view.points(c) >= 10
        and view.master(c)
        and (c[1] not in view.void or not view.opp_may_trump() or c[1] == trump)
    ]
    if masters:
        return max(masters, key=lambda c: (view.points(c), view.power(c), c))
    if trump and view.opp_may_trump():
        forcing = [c for c in side if c[1] in view.void and c[1] != trump and view.points(c) == 0]
        if forcing:
            return min(forcing, key=lambda c: (view.power(c), c))

    def suit_order(suit: str) -> tuple[int, int, str]:
        mine = [c for c in side if c[1] == suit]
        return (0 if _tenace(view, mine) else 1, len(mine), suit)

    suits = {c[1] for c in side}
    best = max(suits, key=suit_order)
    return _cheapest(view, [c for c in side if c[1] == best])


def _tenace(view: _View, mine: list[str]) -> bool:
    """A gap in trick order among the counting cards held (A22: A-K without T, A-Q without T and K),
    or a bare ten (a counting card of 10+ with a higher card outstanding and at most one guard)."""
    honours = sorted((c for c in mine if view.points(c) >= 2), key=view.power, reverse=True)
    if not honours:
        return False
    for high, low in itertools.pairwise(honours):
        if any(view.power(low) < view.power(c) < view.power(high) for c in view.outstanding if c[1] == high[1]):
            return True
    top = honours[0]
    return view.points(top) >= 10 and not view.master(top) and len(mine) <= 2


def _follow(view: _View, cards: list[str]) -> str:
    led = view.obs.trick[0][1]
    last = len(view.obs.tricks) == 8
    winners = [c for c in cards if view.wins(led, c)]
    losers = [c for c in cards if c not in winners]
    if not winners:
        return _cheapest(view, cards)
    winner = min(winners, key=lambda c: (view.power(c), -view.points(c), c))
    if not losers or view.points(led) + view.points(winner) + (10 if last else 0) >= 10:
        return winner
    ruff = bool(view.trump) and winner[1] == view.trump and led[1] != view.trump
    cheapest_loser = _cheapest(view, losers)
    if not ruff and view.points(winner) <= view.points(cheapest_loser):
        return winner  # a cheap trick won at no cost (e.g. the 8 over the 7)
    return cheapest_loser


def _announce_bella(view: _View, card: str) -> bool:
    """Defenders always announce; the maker stays silent only when bete even with the 20."""
    obs = view.obs
    if obs.maker != view.me:
        return True
    mine = obs.card_points[view.me] + 20 * obs.bellas.count(view.me)
    theirs = obs.card_points[view.opp] + 20 * obs.bellas.count(view.opp)
    if obs.top_meld == view.me:
        mine += obs.meld_value
    elif obs.top_meld == view.opp:
        theirs += obs.meld_value
    return mine + 20 >= theirs
