"""The Luk Fu computer player (``../shared/rules/lukfu.md`` §6.3 heuristics).

``choose(rules, observation, level, rng)`` returns one of ``observation.legal_actions`` and
reads nothing but the observation: its own hand and face-down discards, every face-up card
played this deal, the tricks (who discarded against what), the fu and the hand sizes. With
``open_hands`` on it also uses the hands the observation shows.

Levels: ``"easy"`` plays the heuristics below. ``"normal"`` and ``"hard"`` search
(``game.ai.lukfu_search``, §6.4): they compare the candidate actions over worlds drawn with
``rules.determinize`` and greedy playouts, with fixed budgets (``BUDGETS``: worlds, candidates
and which decisions are searched; never the clock). Measured in the arena (docs/ai-lukfu.md),
searching the call pays most; searching leads and claims with greedy playouts made the player
*weaker* than these heuristics (the playouts' perfect-information cashing and weak opponents
make playing on look better than claiming), so:
- normal searches the call (12 worlds, valued by the deal's net points) and plays the
  heuristics otherwise;
- hard searches the call (150 worlds) and its beats (30 worlds, at most 8 candidates), and plays
  the heuristics for leads, claims and discards. It also plays for the match, not the deal: it
  values an outcome by its chance of finishing the match with the best net (``Objective``), so
  late in a match a leader takes fewer risks and a trailer more; in the last deal, where that
  chance is exact, it searches its leads and claims too.
Discards are never searched (§6.4: no search when the only choice is which card to throw).

What it knows about the hidden cards: the unknown pool U (neither in its hand, nor played face
up, nor among its own discards), the hand sizes, and the voids the must-beat rule proves: a
player who discarded against a play held nothing that beats it, then or later (§6.2). A play
is *safe* when no opponent can hold a play that beats it.

- **Call** (§6.3.1) when the hand is strong: its Old cards (the Ancients and the cards proved
  highest by its own hand) plus a bonus for high sets and runs, against a threshold that is
  lower for the Master (who leads first) than for the others.
- **Claim** (§6.3.2) when it may, but first cash the safe plays that raise the count: a safe
  set or run (or a single made safe by its own discards) wins the trick for sure, keeps the
  lead and adds its non-Old cards to the fu, so the claim that follows is worth more.
- **Lead** (§6.3.3) the play with the best expected gain (chance to win x fu not already
  counted as Old), with a penalty for plays an opponent near six can beat; Old cards are kept.
  With nothing promising it leads its cheapest card (low, far from becoming Old).
- **Follow** (§6.3.4): as the last player, the cheapest beat (it wins whatever it plays); in
  the middle, the cheapest beat the last player cannot top, else the best expected one.
- **Discard** (§6.3.5) the least useful card: never an Old card while another will do, then
  not a piece of a set or run, then the low card of a suit with many unknown higher cards.
A tiny amount of noise from ``rng`` breaks exact ties, so equal choices are not always the
same card; the same ``rng`` state gives the same choice. It returns at once when only one
action is legal and always chooses ``continue`` at the replay choice.
"""

from __future__ import annotations

import random
from typing import Any

from game.ai.lukfu_search import Budget, deals_left, search
from game.rules.lukfu import (
    FULL,
    HIGHER,
    PLAYS,
    LukFuObservation,
    beaters_of,
    card_index,
    cards_to_mask,
    old_mask,
    play_of_cards,
)

LEVELS = ("easy", "normal", "hard")
BUDGETS: dict[str, Budget] = {
    "normal": Budget(worlds=8, candidates=5, call_worlds=12, decisions=("call",)),
    "hard": Budget(
        worlds=30,
        candidates=8,
        call_worlds=150,
        decisions=("call", "follow"),
        match_aware=True,
        last_deal=("claim", "lead", "follow"),
    ),
}

_SINGLE, _SET, _RUN = 0, 1, 2
_NOISE = 1e-6
# Call thresholds on the hand strength (Old cards + combination bonus), from §6.3.1: the
# Master's EV as Caller turns positive around three Ancient cards; others need more.
_CALL_MASTER = 4.0
_CALL_OTHER = 5.0


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _View:
    """What the observation tells about the deal, as masks."""

    def __init__(self, obs: LukFuObservation) -> None:
        self.obs = obs
        self.seat = obs.seat
        self.hand = cards_to_mask(obs.hand)
        self.public = cards_to_mask(obs.public_played)
        self.mine_down = cards_to_mask(obs.my_discards)
        self.unknown = FULL & ~self.hand & ~self.public & ~self.mine_down
        self.sizes = obs.hand_sizes
        self.old = old_mask(self.hand, self.public)
        # Voids proved by the must-beat rule: plays (and single cards) a seat cannot hold.
        self.cannot: list[set[int]] = [set(), set(), set()]
        self.cannot_cards = [0, 0, 0]
        if obs.hands is not None:
            for p in range(3):
                if p != self.seat:
                    self.cannot_cards[p] = FULL & ~cards_to_mask(obs.hands[p])
        tricks = [*obs.tricks, obs.trick] if obs.trick else list(obs.tricks)
        for tv in tricks:
            best = -1
            for s, cards in tv:
                if cards and cards[0] == "down":
                    if best >= 0 and s != self.seat:
                        for j in beaters_of(best):
                            if PLAYS[j].kind == _SINGLE:
                                self.cannot_cards[s] |= PLAYS[j].mask
                            else:
                                self.cannot[s].add(j)
                else:
                    play = play_of_cards(cards)
                    if play is not None:
                        best = play.index

    def opponents(self) -> list[int]:
        return [p for p in range(3) if p != self.seat]

    def can_hold(self, p: int, j: int) -> bool:
        """Whether seat p may hold play j now."""
        m = PLAYS[j].mask
        if m & ~self.unknown or m & self.cannot_cards[p] or j in self.cannot[p]:
            return False
        return PLAYS[j].size <= self.sizes[p]

    def win_chance(self, j: int, seats: list[int]) -> float:
        """A rough chance that none of ``seats`` holds a play beating play j (1.0 = safe)."""
        u = max(1, self.unknown.bit_count())
        chance = 1.0
        for b in beaters_of(j):
            size = PLAYS[b].size
            for p in seats:
                if self.can_hold(p, b):
                    frac = min(1.0, self.sizes[p] / u)
                    chance *= 1.0 - frac**size
        return chance

    def keep_value(self, c: int, hand: int | None = None) -> float:
        """How much the card is worth keeping (higher = keep)."""
        hand = self.hand if hand is None else hand
        bit = 1 << c
        if bit & old_mask(hand, self.public):
            return 20.0 + (c % 9)
        value = 0.0
        # A piece of a set or run in hand.
        v = c % 9
        same = sum(1 for s in range(4) if hand >> (s * 9 + v) & 1)
        if same >= 3:
            value += 4.0 + v * 0.3
        suit_base = (c // 9) * 9
        for start in range(max(0, v - 2), min(v, 6) + 1):
            run = 7 << (suit_base + start)
            if run & hand == run:
                value += 3.0 + (c // 9) * 0.5
                break
        # Closer to Old: few unknown higher cards of the suit.
        above = (HIGHER[c] & self.unknown).bit_count()
        value += 6.0 - above + v * 0.1
        return value


def _call(view: _View) -> str:
    hand = view.hand
    strength = float(old_mask(hand, 0).bit_count())
    for j in _plays_in(hand):
        p = PLAYS[j]
        if p.kind == _SET and p.key >= 7:
            strength += 0.5 * (p.size - 2)
        elif p.kind == _RUN and p.size >= 3 and (p.suit == 3 or p.key == 9):
            strength += 0.5
    threshold = _CALL_MASTER if view.obs.master == view.seat else _CALL_OTHER
    return "call" if strength >= threshold else "pass"


def _plays_in(hand: int) -> list[int]:
    return [p.index for p in PLAYS if p.kind != _SINGLE and p.mask & hand == p.mask]


def _count_after(view: _View, m: int) -> int:
    """N after winning a trick with play mask m from the current hand."""
    hand = view.hand & ~m
    return view.obs.fu[view.seat] + m.bit_count() + old_mask(hand, view.public | m).bit_count()


def _choose_lead(view: _View, legal: tuple[str, ...], rng: random.Random) -> str:
    obs = view.obs
    opps = view.opponents()
    plays = [(a, play_of_cards(a.split())) for a in legal if a != "claim"]
    if "claim" in legal:
        # Cash safe plays that raise the count first (§6.3.2), then claim.
        now = obs.claim_count
        best_gain, best_action = 0, "claim"
        for a, p in plays:
            if p is None or view.win_chance(p.index, opps) < 1.0:
                continue
            gain = _count_after(view, p.mask) - now
            if gain > best_gain or (gain == best_gain and gain > 0 and len(a) > len(best_action)):
                best_gain, best_action = gain, a
        return best_action
    danger = max(obs.fu[p] for p in opps)
    best_score = float("-inf")
    choice = plays[0][0]
    for a, p in plays:
        assert p is not None
        w = view.win_chance(p.index, opps)
        fresh = (p.mask & ~view.old).bit_count()  # fu not already counted as Old
        cost = sum(view.keep_value(c) for c in _bits(p.mask)) / 10.0
        score = w * (fresh * 2.0 + p.size * 0.5) - (1.0 - w) * cost
        if p.mask & view.old:
            score -= 1.5 * (p.mask & view.old).bit_count() * (1.0 if fresh else 0.5)
        if w < 1.0 and danger >= 4:
            score -= (1.0 - w) * (danger - 3)
        score += rng.random() * _NOISE
        if score > best_score:
            best_score, choice = score, a
    return choice


def _choose_follow(view: _View, legal: tuple[str, ...], rng: random.Random) -> str:
    obs = view.obs
    if legal[0].startswith("discard "):
        best_action, best_value = legal[0], float("inf")
        for a in legal:
            value = view.keep_value(card_index(a.split()[1])) + rng.random() * _NOISE
            if value < best_value:
                best_action, best_value = a, value
        return best_action
    last = (view.seat + 1) % 3 == obs.leader
    later = [] if last else [(view.seat + 1) % 3]
    best_action, best_score = legal[0], float("-inf")
    for a in legal:
        p = play_of_cards(a.split())
        assert p is not None
        cost = sum(view.keep_value(c) for c in _bits(p.mask)) / 10.0
        if last:
            score = -cost
        else:
            w = view.win_chance(p.index, later)
            score = (3.0 if w >= 1.0 else 0.0) + w * p.size * 2.0 - cost
        score += rng.random() * _NOISE
        if score > best_score:
            best_action, best_score = a, score
    return best_action


def choose(
    rules: Any, observation: LukFuObservation, level: str, rng: random.Random, budget: Budget | None = None
) -> str:
    """One of ``observation.legal_actions`` for the observing seat (see the module docstring).
    ``budget`` overrides the level's search budget (tests use small ones)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    legal = observation.legal_actions
    if not legal:
        raise ValueError("this seat has no decision to take now")
    if len(legal) == 1:
        return legal[0]
    if "continue" in legal:
        return "continue"
    if level != "easy" and not legal[0].startswith("discard "):
        budget = budget or BUDGETS[level]
        if observation.phase == "call":
            decision = "call"
        elif observation.trick:
            decision = "follow"
        else:
            decision = "claim" if "claim" in legal else "lead"
        searched = budget.decisions + (budget.last_deal if deals_left(observation) == 0 else ())
        if decision in searched:
            return search(rules, observation, budget, rng)
    view = _View(observation)
    if observation.phase == "call":
        return _call(view)
    if observation.trick:
        return _choose_follow(view, legal, rng)
    return _choose_lead(view, legal, rng)


__all__ = ["BUDGETS", "LEVELS", "choose"]
