"""The Jub Moo computer player (``../shared/rules/jubmoo.md`` §5.3 strategy notes).

``choose(rules, observation, level, rng)`` returns one of ``observation.legal_actions`` and
reads nothing but the observation: its own hand, the trick on the table, every card played
this deal (``plays``: it counts cards), the voids shown, and the options (the scoring uses the
active ruleset through ``game.rules.jubmoo.mask_score``, never hard-coded values). With
``open_hands`` on it uses the hands the observation shows.

Levels:

- ``"easy"``: the one-trick heuristic described below (no search; well under a millisecond).
- ``"normal"`` and ``"hard"``: PIMC search over worlds drawn by ``rules.determinize``, each
  world played to the end of the deal by a fast playout policy at every seat
  (``game.ai.jubmoo_search``). They differ only in ``BUDGETS``: normal looks at a handful of
  worlds (a few milliseconds per card), hard at up to a couple of hundred, prunes the
  candidates that fall far behind and weights the worlds by what the others' play says about
  who holds Q♠. The work is a fixed count of worlds and simulated card plays, never a clock,
  so a decision reproduces from the same ``rng``.

``rank(rules, observation, level, rng)`` (normal and hard) is every legal card with the search's
own values (``game.ai.analysis.Ranking``, read by the hint key and the deal review); the
searching levels' ``choose`` plays its first card, so the hint is always the level's choice.

The easy heuristic rates every legal card as

    P(win) x (what winning the trick does to my deal score)
    + (1 - P(win)) x (what handing the card to another player is worth to me)
    + (how much safer my hand is without the card)

- P(win) counts the higher cards of the suit that the players still to play may hold (voids
  and played cards excluded): none left means a sure win; otherwise players are expected to
  duck a trick worth negative points when they can and to overtake one worth positive points.
  A card that cannot beat the trick has P(win) = 0.
- Winning is scored with the real stack score of my stack plus the trick under the active
  ruleset (so the 10♣ doubles, Chuan flips, Gong Zhu's sweep and the -50 of an empty stack,
  where the ruleset has one, all count), less a rough estimate of what the later players add
  (hearts followed, Q♠ dropped under A♠/K♠, dumps from players void in the suit) and a small
  cost for having to lead next. The empty stack's score only counts late in the deal.
- Handing a card over: Q♠ and hearts are good riddance (the pig is dumped first, then the
  highest heart); J♦ is not thrown onto another player's trick; 10♣ is dumped only on a player
  whose pile is negative; hearts are not fed to a player collecting them all.
- Safety: high cards (above all A♠/K♠ while Q♠ is out) are liabilities, so it ducks with the
  highest card that still loses and wins a forced trick with its highest card. It leads low
  spades to chase the pig when it holds none of Q♠/A♠/K♠, and avoids leading spades while
  holding Q♠; J♦ and 10♣ wait for tricks that are safe to win.
A little noise (from ``rng``, at most half a point) breaks near-ties, so it is not perfectly
predictable; the same ``rng`` state gives the same choice. It returns at once when only one
action is legal, and always chooses ``continue`` at the replay choice.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from game.ai import LEVELS
from game.ai.analysis import EXACT, SAMPLED, Estimate, Ranking
from game.ai.jubmoo_search import Budget, search
from game.rules.common import bits, mask_of
from game.rules.jubmoo import (
    CARD_INDEX,
    HEARTS,
    JD,
    QS,
    SUIT_MASKS,
    SUITS,
    TC,
    JubMooObservation,
    card_mask,
    card_values,
    mask_score,
    winner_index,
)

# The searching levels' work per decision (fixed counts, so a decision reproduces from its rng).
BUDGETS: dict[str, Budget] = {
    "normal": Budget(worlds=10, plays=6_000, min_worlds=4, inference=False),
    "hard": Budget(worlds=250, plays=100_000, min_worlds=8, inference=True),
}
# The arena's oracle (``oracle``): hard's budget, the true deal played out many times with noise.
ORACLE_BUDGET = dataclasses.replace(BUDGETS["hard"], noise=0.1)

_AS = CARD_INDEX["AS"]
_KS = CARD_INDEX["KS"]
# Winning a trick means leading the next one, which is a small risk of its own: it makes the
# player duck when a trick is worth nothing either way.
_LEAD_COST = 8.0
# Up to this many points of noise break near-ties, so the player is not perfectly predictable.
_NOISE = 0.5


class _View:
    """What the observation says, as card masks."""

    def __init__(self, obs: JubMooObservation) -> None:
        options = dict(obs.options)
        self.ruleset: str = options["ruleset"]
        self.ten_clubs: str = options["ten_clubs"]
        self.values = card_values(self.ruleset)
        self.me = obs.seat
        self.hand = card_mask(obs.hand)
        self.won = [0, 0, 0, 0]
        played = 0
        plays = [(s, CARD_INDEX[c]) for s, c in obs.plays]
        for _, card in plays:
            played |= 1 << card
        for k in range(0, len(plays) - 3, 4):
            group = plays[k : k + 4]
            cards = [c for _, c in group]
            taker = group[winner_index(cards)][0]
            for c in cards:
                self.won[taker] |= 1 << c
        self.tricks_done = len(plays) // 4
        self.unseen = ((1 << 52) - 1) & ~self.hand & ~played
        voids = [sum(SUIT_MASKS[SUITS.index(x)] for x in v) for v in obs.voids]
        if obs.all_hands is not None:
            self.possible = [card_mask(h) for h in obs.all_hands]
        else:
            self.possible = [self.unseen & ~voids[p] for p in range(4)]
        self.possible[self.me] = self.hand
        self.trick = [(s, CARD_INDEX[c]) for s, c in obs.trick]
        self.qs_out = bool(self.unseen >> QS & 1)  # another player still holds the pig

    def trick_value(self, mask: int) -> int:
        """The plain sum of the card values in ``mask`` (10♣ counts 0)."""
        return sum(self.values[c] for c in bits(mask))

    def score(self, mask: int) -> int:
        return mask_score(mask, self.ruleset, self.ten_clubs)

    def my_base(self) -> int:
        """My stack's score now; an empty stack's -50 only counts late in the deal."""
        won = self.won[self.me]
        if not won and self.tricks_done < 8:
            return 0
        return self.score(won)

    def followers_cost(self, card: int, players: list[int]) -> float:
        """A rough estimate of the points ``players`` add to a trick that ``card`` wins."""
        suit = card // 13
        suit_mask = SUIT_MASKS[suit]
        bad_out = bool(self.unseen & (HEARTS | 1 << QS))
        cost = 0.0
        qs_holders = [p for p in players if self.possible[p] >> QS & 1]
        for p in players:
            follow = self.possible[p] & suit_mask & ~(1 << QS)
            if follow:
                vals = [self.values[c] for c in bits(follow)]
                cost += 0.6 * sum(vals) / len(vals)
            elif not self.possible[p] & suit_mask and bad_out:
                cost -= 30.0
        if suit == 0 and card < QS and qs_holders:
            cost -= 100.0 * 0.6
        return cost

    def liability(self, card: int) -> float:
        """How much safer my hand is without ``card``."""
        if card in (QS, JD, TC):
            return 0.0
        strength = 12 - card % 13
        if card in (_AS, _KS) and self.qs_out:
            return 20.0 + strength
        if card // 13 == 1:
            return 1.0 * strength
        return 0.8 * strength

    def give(self, card: int, taker: int | None, trick_mask: int) -> float:
        """What handing ``card`` to another player (``taker`` if known) is worth to me."""
        if card == QS:
            return 80.0
        if card == JD:
            return -80.0
        if card == TC:
            if taker is None:
                return -20.0
            pile = self.won[taker] | trick_mask
            return 30.0 if self.score(pile) < 0 and self.won[taker] else -30.0
        value = self.values[card]
        if card // 13 == 1 and taker is not None:
            hearts_taken = (self.won[taker] | trick_mask) & HEARTS
            others_hearts = sum((self.won[p] & HEARTS).bit_count() for p in range(4) if p != taker)
            if hearts_taken.bit_count() >= 7 and not others_hearts and not self.hand & HEARTS & ~(1 << card):
                return float(value)  # feeding a Chuan
        return -0.5 * value


def _win_chance(threats: int, trick_value: int) -> float:
    """P(a card wins) when ``threats`` higher cards may still come: players duck a trick
    worth negative points if they can, and overtake one worth positive points."""
    if not threats:
        return 1.0
    if trick_value < 0:
        return 0.75
    if trick_value > 0:
        return 0.3**threats
    return 0.5**threats


def _rate_follow(view: _View, card: int) -> float:
    led = view.trick[0][1] // 13
    cards = [c for _, c in view.trick]
    best = winner_index(cards)
    taker, best_card = view.trick[best]
    trick_mask = mask_of(cards)
    n_later = 3 - len(view.trick)
    later = [(view.me + i) % 4 for i in range(1, n_later + 1)]
    p_win = 0.0
    if card // 13 == led and card < best_card:
        higher = SUIT_MASKS[led] & ((1 << card) - 1)
        threats = 0
        for p in later:
            threats |= view.possible[p] & higher
        p_win = _win_chance(threats.bit_count(), view.trick_value(trick_mask | 1 << card))
    value = view.liability(card)
    if p_win:
        gain = float(view.score(view.won[view.me] | trick_mask | 1 << card) - view.my_base())
        gain += view.followers_cost(card, later) - _LEAD_COST
        value += p_win * gain
    if p_win < 1.0:
        value += (1.0 - p_win) * view.give(card, taker, trick_mask)
    return value


def _rate_lead(view: _View, card: int) -> float:
    suit = card // 13
    others = [(view.me + i) % 4 for i in range(1, 4)]
    higher = SUIT_MASKS[suit] & ((1 << card) - 1)
    threats = 0
    for p in others:
        threats |= view.possible[p] & higher
    p_win = _win_chance(threats.bit_count(), view.trick_value(1 << card))
    gain = float(view.score(view.won[view.me] | 1 << card) - view.my_base())
    gain += view.followers_cost(card, others) - _LEAD_COST
    value = p_win * gain + (1.0 - p_win) * view.give(card, None, 0) + 0.5 * view.liability(card)
    if suit == 0:
        if view.hand >> QS & 1:
            value -= 25.0  # never invite the pig hunt holding the pig
        elif view.qs_out and card > QS and not view.hand & (1 << _AS | 1 << _KS):
            value += 12.0  # chase the pig with low spades
    value += 2.0 * (4 - (view.hand & SUIT_MASKS[suit]).bit_count())  # shorten suits towards voids
    return value


def choose(
    rules: Any, observation: JubMooObservation, level: str, rng: random.Random, budget: Budget | None = None
) -> str:
    """One of ``observation.legal_actions`` for the observing seat (see the module docstring).

    ``budget`` replaces the searching levels' work per decision (``BUDGETS[level]``); the tests
    use small ones. It is ignored at level ``"easy"``.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    legal = observation.legal_actions
    if not legal:
        raise ValueError("this seat has no decision to take now")
    if len(legal) == 1:
        return legal[0]
    if "continue" in legal:
        return "continue"
    if level != "easy":
        return rank(rules, observation, level, rng, budget).best.action
    view = _View(observation)
    rate = _rate_follow if view.trick else _rate_lead
    best_action = legal[0]
    best_value = float("-inf")
    for action in legal:
        value = rate(view, CARD_INDEX[action]) + rng.random() * _NOISE
        if value > best_value:
            best_action, best_value = action, value
    return best_action


def oracle(rules: Any, state: Any, observation: JubMooObservation, rng: random.Random) -> str:
    """The arena's oracle (``game.ai.oracle``, docs/oracle.md): hard's search on the seat's view of
    a match played with open hands, which shows every hand, so every world is the one true deal.
    Played out once by the deterministic policy, that deal is no ceiling (it lost to hard); so
    the oracle plays it out as often as hard plays its worlds, each time with some random cards
    (``ORACLE_BUDGET``). ``state`` is not read: the open observation holds every card."""
    if observation.all_hands is None:
        raise ValueError("the oracle needs every hand: an observation with open hands")
    return choose(rules, observation, "hard", rng, ORACLE_BUDGET)


def rank(
    rules: Any, observation: JubMooObservation, level: str, rng: random.Random, budget: Budget | None = None
) -> Ranking:
    """Every legal card with the searching ``level``'s value of it, its choice first (``choose``
    plays ``rank(...).best.action``, so the two cannot drift apart).

    ``points`` is the search's average, over the worlds the card was played out in, of the
    seat's deal score minus the mean of the other three seats' deal scores (the ``margin`` of
    ``game.ai.jubmoo_search``), weighted as the search weighs the worlds; ``worlds`` says how
    many worlds that was (fewer for a card pruned early, 0 with open hands, where the one true
    deal is played out). When the deal can end the match the search also weighs finishing
    first or last (``MATCH_BONUS``), which is no point of the deal: then its choice need not be
    the card with the most points, and the note says so.
    """
    if level not in BUDGETS:
        raise ValueError(f"level {level!r} keeps no values to rank by; use one of {', '.join(BUDGETS)}")
    legal = observation.legal_actions
    if not legal:
        raise ValueError("this seat has no decision to take now")
    if len(legal) == 1:
        return Ranking.forced(legal[0])
    if "continue" in legal:
        return Ranking.preference(legal, "continue")
    result = search(rules, observation, rng, budget or BUDGETS[level])
    estimates = [Estimate(c.card, c.points, 0 if result.open_hands else c.worlds) for c in result.candidates]
    if result.open_hands:
        basis, note = EXACT, "the true deal (open hands); each card played out once"
    else:
        basis, note = SAMPLED, f"{result.worlds} imagined deals"
    if result.match_weighed:
        note += "; the match result weighed too"
    return Ranking.of(estimates, first=result.best, basis=basis, note=note)
