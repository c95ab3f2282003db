"""Perfect-information Monte Carlo search for the Luk Fu "normal" and "hard" levels (§6.4).

The search reads only the observation: it draws complete worlds with ``rules.determinize``
(which deals the hidden cards only where the public record allows: the must-beat voids), then
for every legal action and every world plays the action with the real engine and the rest of
the deal with a fast greedy playout on bitmasks (the §6.3 heuristics, with every player seeing
the world's hands), or with a policy playout (``policy_points``: every seat plays a given
player from its own view of the world, so the playout neither cashes with knowledge nobody has
nor assumes the others see the searcher's cards). ``evaluate`` returns each action's mean net
points for the deal (§2.11; a draw is 0) and its mean ``Objective`` (the same points, or with
``match_aware`` the chance of finishing the match on top). The same worlds serve every action
(common random numbers), and the work is a fixed number of worlds, never the clock, so a given
``rng`` state always gives the same values.

The greedy playout policy (every seat, caller restrictions R1 and R2 applied as in the engine):
- Call: the easy player's strength test (Old cards in the bare hand plus combination bonuses,
  a lower threshold for the Master).
- Lead: with N = fu + Old cards of six or more, claim at once (cashing plays that only the
  world's hidden hands prove safe would be cheating inside the playout; the root search still
  compares cashing a play against claiming). Otherwise lead the play no opponent can beat
  that adds the most non-Old cards; with none, the lowest non-Old single it may lead.
- Follow: the last player beats as cheaply as possible; the middle player beats cheapest with
  a play the last player cannot top, else cheapest; with no beat, it discards its lowest
  cards, Old cards last.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.rules import lukfu as lf
from game.rules.common import bits
from game.rules.lukfu import (
    COLUMN,
    P_MASK,
    P_SIZE,
    PLAYS,
    RUNS_IN,
    LukFuObservation,
    LukFuState,
    can_beat,
    follow_indices,
    lead_indices,
    old_mask,
)

_CALL_MASTER = 4.0
_CALL_OTHER = 5.0
Points = tuple[int, int, int]  # every seat's net points for a deal (§2.11)
_DRAW: Points = (0, 0, 0)  # a drawn deal


class Redealt(tuple[int, int, int]):
    """Nobody scores, and the deal does not count: all three passed, so it is thrown in and
    dealt again (§2.4.3, A6). ``Objective`` tells it from a drawn deal, which does count: a
    deal is still to come after a redeal, even in the match's last deal."""


REDEALT: Points = Redealt((0, 0, 0))


# The kinds of decision (``decision_kind``): the call, a lead when claiming is legal ("claim"),
# any other lead, a beat ("follow") and a face-down discard.
DECISIONS = ("call", "claim", "lead", "follow", "discard")


@dataclass(frozen=True)
class Search:
    """How a level searches a kind of decision whose choice it takes from the values."""

    worlds: int
    # Played out with the greedy playout (``deal_points``); else by the heuristic players
    # (``policy_points``).
    greedy: bool = False
    # The level plays the best of only its this-many likeliest actions (``prior_order``), the
    # candidates its strength was measured with; every legal action is still valued. 0: all.
    candidates: int = 0


@dataclass(frozen=True)
class Plan:
    """What ``Budget.plan`` settles for one decision."""

    worlds: int
    greedy: bool
    candidates: int  # see ``Search.candidates``; 0 when the values do not decide
    decides: bool  # the values decide; else the heuristics choose and the values are for the hint
    charge: float  # points off a play that may be beaten, at a claim the heuristics decide


@dataclass(frozen=True)
class Budget:
    """Fixed work per decision, never the clock.

    The decisions in ``searched`` (and in the match's last deal those in ``last_deal``) are
    decided by the search's values; the others by the easy player's heuristics, which in the
    arena made the level stronger there (docs/ai-lukfu.md). Every decision is still valued, so
    the hint and the deal review can show numbers: the heuristic ones over ``hint_worlds``
    worlds of policy playouts, at most ``playouts`` playouts a decision."""

    searched: Mapping[str, Search]
    hint_worlds: Mapping[str, int]
    last_deal: Mapping[str, Search] = field(default_factory=dict)
    # Value an outcome by the chance of finishing the match with the best net instead of by
    # the deal's points (see ``Objective``).
    match_aware: bool = False
    # At most this many playouts for the hint's values of a heuristic decision (0: no limit).
    playouts: int = 0
    # At a claim the heuristics decide, a play that may be beaten is charged this many points
    # of the deal against the certain claim (``evaluate``'s ``charge``): policy playouts of
    # imagined deals are too kind to playing on (docs/ai-lukfu.md, "Values behind the hint").
    claim_charge: float = 2.0

    def plan(self, decision: str, actions: int, last_deal: bool = False) -> Plan:
        """How a decision of this kind with this many legal actions is searched and decided."""
        search = (self.last_deal.get(decision) if last_deal else None) or self.searched.get(decision)
        if search is not None:
            return Plan(search.worlds, search.greedy, search.candidates, True, 0.0)
        worlds = self.hint_worlds[decision]
        if self.playouts and worlds * actions > self.playouts:
            worlds = max(1, self.playouts // actions)
        return Plan(worlds, False, 0, False, self.claim_charge if decision == "claim" else 0.0)


def call_strength(hand: int) -> float:
    """The easy player's call strength of a hand mask (Old cards + combination bonuses)."""
    strength = float(old_mask(hand, 0).bit_count())
    for v in range(6, 9):
        n = ((hand >> v) & COLUMN).bit_count()
        if n >= 3:
            strength += 0.5 * (n - 2)
    for s in range(4):
        sm = (hand >> (9 * s)) & 511
        for j in RUNS_IN[s][sm]:
            if s == 3 or PLAYS[j].key == 9:
                strength += 0.5
    return strength


def would_call(hand: int, is_master: bool) -> bool:
    return call_strength(hand) >= (_CALL_MASTER if is_master else _CALL_OTHER)


def settle_points(winner: int, caller: int, n: int) -> Points:
    """Every seat's net points when ``winner`` wins with count ``n`` (§2.11)."""
    v = n - 5
    points = [0, 0, 0]
    points[winner] = 2 * v
    for p in range(3):
        if p != winner:
            points[p] = -v if winner == caller else (-2 * v if p == caller else 0)
    return (points[0], points[1], points[2])


class Sim:
    """A play-phase position on masks, played out greedily to the end of the deal."""

    __slots__ = (
        "best",
        "best_seat",
        "caller",
        "fu",
        "hands",
        "leader",
        "master",
        "public",
        "r1_deal",
        "singles_only",
        "tricked",
        "turn",
    )  # fmt: skip

    def __init__(self, st: LukFuState) -> None:
        self.hands = list(st.hands)
        self.public = st.public
        self.fu = list(st.fu)
        self.caller = st.caller
        self.master = st.master
        self.r1_deal = st.cfg.scope_deal
        self.singles_only = st.cfg.singles_only
        self.tricked = bool(st.tricks)
        self.turn = st.turn
        self.leader = st.leader
        self.best = st.best if st.trick else -1
        self.best_seat = st.best_seat

    def settle(self, winner: int, n: int) -> Points:
        return settle_points(winner, self.caller, n)

    def lead_plays(self, p: int) -> tuple[int, int, list[int]]:
        hand = self.hands[p]
        om = old_mask(hand, self.public)
        n = self.fu[p] + om.bit_count()
        r1 = p == self.master and self.caller != self.master and (self.r1_deal or not self.tricked)
        return n, om, lead_indices(hand, om, n, p == self.caller, self.singles_only, r1)

    def choose_lead(self, p: int) -> int:
        """A play index, or -1 to claim."""
        n, om, plays = self.lead_plays(p)
        if n >= 6:
            # Claim at once: cashing "safe" plays here would use the world's hidden hands.
            return -1
        h1 = self.hands[(p + 1) % 3]
        h2 = self.hands[(p + 2) % 3]
        best_j, best_fresh = -1, 0
        for j in plays:
            fresh = (P_MASK[j] & ~om).bit_count()
            if fresh > best_fresh and not can_beat(h1, j) and not can_beat(h2, j):
                best_j, best_fresh = j, fresh
        if best_j >= 0:
            return best_j
        low, low_key = plays[0], 99
        for j in plays:
            if j < 36 and not (om >> j) & 1 and j % 9 < low_key:
                low, low_key = j, j % 9
        return low

    def follow(self, p: int) -> None:
        hand = self.hands[p]
        best = self.best
        beats = follow_indices(hand, best)
        if beats:
            j = beats[0]
            if len(beats) > 1 and (p + 1) % 3 != self.leader:
                nxt = self.hands[(p + 1) % 3]
                for k in beats:
                    if not can_beat(nxt, k):
                        j = k
                        break
            m = P_MASK[j]
            self.hands[p] = hand & ~m
            self.public |= m
            self.best = j
            self.best_seat = p
            return
        k = P_SIZE[best]
        om = old_mask(hand, self.public)
        cards = sorted(bits(hand), key=lambda c: ((om >> c) & 1, c % 9))
        for c in cards[:k]:
            hand &= ~(1 << c)
        self.hands[p] = hand

    def finish_trick(self) -> int:
        """Resolve the trick: the winner, who leads next (-1 when the hands ran out)."""
        w = self.best_seat
        self.fu[w] += P_SIZE[self.best]
        self.tricked = True
        self.best = -1
        if not self.hands[w]:
            return -1
        return w

    def end_value(self, last: int) -> Points:
        fu = self.fu
        if fu[last] >= 6:
            return self.settle(last, fu[last])
        for p in range(3):
            if fu[p] >= 6:
                return self.settle(p, fu[p])
        return _DRAW

    def run(self) -> Points:
        """Play to the end of the deal; every seat's points."""
        if self.best >= 0:
            p = self.turn
            while p != self.leader:
                self.follow(p)
                p = (p + 1) % 3
            last = self.best_seat
            p = self.finish_trick()
            if p < 0:
                return self.end_value(last)
        else:
            p = self.turn
        while True:
            j = self.choose_lead(p)
            if j < 0:
                n = self.fu[p] + old_mask(self.hands[p], self.public).bit_count()
                return self.settle(p, n)
            m = P_MASK[j]
            self.hands[p] &= ~m
            self.public |= m
            self.best = j
            self.best_seat = p
            self.leader = p
            self.follow((p + 1) % 3)
            self.follow((p + 2) % 3)
            last = self.best_seat
            p = self.finish_trick()
            if p < 0:
                return self.end_value(last)


def decision_kind(obs: LukFuObservation) -> str:
    """Which of ``DECISIONS`` the observing seat faces."""
    if obs.phase == "call":
        return "call"
    if obs.legal_actions[0].startswith("discard "):
        return "discard"
    if obs.trick:
        return "follow"
    return "claim" if "claim" in obs.legal_actions else "lead"


def deals_left(obs: LukFuObservation) -> int:
    """How many deals of the match come after the one being played."""
    deals = int(dict(obs.options).get("deals", lf.OPTION_SPECS["deals"].default))
    return max(0, deals - obs.deal_number)


class Objective:
    """What the outcome of the deal being searched is worth to the searching seat ``me``.

    By default its net points (§2.11). With ``match_aware`` it is the chance of finishing the
    match with the best net: the totals after this deal, with the deals still to come adding
    independent normal noise of ``DEAL_SPREAD`` points per deal to each seat (a share of 1/k for
    a k-way tie after the last deal). Near the end of a match that makes a leader avoid risk
    and a trailer take it.
    """

    DEAL_SPREAD = 3.0  # the spread of a seat's net over one deal, measured in self-play

    def __init__(self, obs: LukFuObservation, match_aware: bool = False) -> None:
        self.me = obs.seat
        self.match_aware = match_aware
        self.totals = obs.scores
        # Two seats' nets differ by sqrt(3) spreads a deal (three nets that add up to zero).
        self.spread = self.DEAL_SPREAD * math.sqrt(3 * deals_left(obs))
        # After a redeal this deal is played again: one deal more to come. (Without it, in the
        # last deal a pass read as the match already lost or won: a tester trailing by 3 saw
        # "pass +0, 0%" and passed into a redeal that won him the match.)
        self.redeal_spread = self.DEAL_SPREAD * math.sqrt(3 * (deals_left(obs) + 1))

    def value(self, points: Sequence[float]) -> float:
        """The value of the deal ending with these points for the three seats."""
        me = self.me
        if not self.match_aware:
            return points[me]
        final = [self.totals[p] + points[p] for p in range(3)]
        spread = self.redeal_spread if isinstance(points, Redealt) else self.spread
        if spread == 0:
            top = max(final)
            return 1.0 / final.count(top) if final[me] == top else 0.0
        chance = 1.0
        for p in range(3):
            if p != me:
                chance *= 0.5 * (1.0 + math.erf((final[me] - final[p]) / (spread * math.sqrt(2))))
        return chance


def deal_points(rules: Any, st: LukFuState, deal: int, history: int, redeals: int) -> Points:
    """Every seat's points for the deal from state ``st`` (after the root action), played out
    with the greedy playout (the others still to speak call by the easy call test)."""
    if st.deal_number != deal or len(st.history) != history or st.phase != lf.PH_PLAY:
        if len(st.history) > history:
            return st.history[history].points  # the deal is settled
        if st.phase == lf.PH_CALL and st.deal_number == deal:
            # Still calling: the others speak with the call heuristic.
            while st.phase == lf.PH_CALL and st.deal_number == deal and st.redeals == redeals:
                p = st.turn
                st = rules.apply(st, "call" if would_call(st.hands[p], p == st.master) else "pass")
            if st.phase != lf.PH_PLAY or st.deal_number != deal or st.redeals != redeals:
                return REDEALT
        else:
            return _DRAW
    return Sim(st).run()


def deal_value(rules: Any, st: LukFuState, deal: int, history: int, redeals: int, objective: Objective) -> float:
    """The objective's value of ``deal_points``."""
    return objective.value(deal_points(rules, st, deal, history, redeals))


# A player for policy playouts: (rules, state, rng) -> the action of the seat to play, chosen
# from what that seat may know (``game.ai.lukfu.easy_move``).
Policy = Callable[[Any, LukFuState, random.Random], str]


def policy_points(
    rules: Any, st: LukFuState, deal: int, history: int, redeals: int, policy: Policy, rng: random.Random
) -> Points:
    """Every seat's points for the deal from ``st``, played out by ``policy`` for every seat,
    each on its own view of the world (so nobody in the playout sees hidden cards, and
    the searching seat's later choices are the ones it would really make). The others still to
    speak call by the easy call test."""
    while st.deal_number == deal and len(st.history) == history and st.redeals == redeals:
        p = st.turn
        if st.phase == lf.PH_CALL:
            st = rules.apply(st, "call" if would_call(st.hands[p], p == st.master) else "pass")
        elif st.phase == lf.PH_PLAY:
            st = rules.apply(st, policy(rules, st, rng))
        else:
            break
    if len(st.history) > history:
        return st.history[history].points
    return REDEALT  # thrown in after three passes


def policy_value(
    rules: Any,
    st: LukFuState,
    deal: int,
    history: int,
    redeals: int,
    objective: Objective,
    policy: Policy,
    rng: random.Random,
) -> float:
    """The objective's value of ``policy_points``."""
    return objective.value(policy_points(rules, st, deal, history, redeals, policy, rng))


def _prior(action: str, obs: LukFuObservation) -> float:
    """How promising an action looks before any search: the order that breaks exact ties (claim
    first, then longer leads; the last follower the cheaper beat, the middle one the higher)."""
    if action == "claim":
        return 1000.0
    cards = action.split()
    if cards[0] in ("call", "pass", "continue", "replay", "discard"):
        return 0.0
    if obs.trick:
        # Following: the last player beats cheaply, the middle one high (out of reach).
        last = (obs.seat + 1) % 3 == obs.leader
        top = max(int(c[1]) for c in cards)
        return -top if last else top
    if len(cards) > 1:
        return 100.0 + len(cards)
    card = cards[0]
    suit_cards = [c for c in obs.hand if c[0] == card[0]]
    score = int(card[1]) / 100.0
    if card == max(suit_cards, key=lambda c: c[1]):
        score += 4.0
    if card == min(suit_cards, key=lambda c: c[1]):
        score += 3.0
    if card in obs.old_cards:
        score += 2.0
    return score


@dataclass(frozen=True)
class Value:
    """One action's totals over the worlds searched."""

    points: float  # the searching seat's net points of the deal, summed over the worlds
    objective: float  # the objective's value, summed over the worlds
    worlds: int  # how many worlds the totals add up
    exact: bool = False  # the same number in every world (a claim): no sample behind it

    @property
    def mean_points(self) -> float:
        return self.points / self.worlds

    @property
    def mean_objective(self) -> float:
        return self.objective / self.worlds


def evaluate(
    rules: Any,
    obs: LukFuObservation,
    n_worlds: int,
    rng: random.Random,
    objective: Objective,
    policy: Policy | None = None,
    charged: frozenset[int] = frozenset(),
    charge: float = 0.0,
    truth: LukFuState | None = None,
) -> list[Value]:
    """Every legal action of ``obs``, in order, valued over ``n_worlds`` worlds: played out
    greedily, or by ``policy`` when one is given, with the same worlds (and the same playout
    randomness) for every action. The actions whose indices are in ``charged`` have ``charge``
    points taken off the searching seat's result in every world. A claim's value is exact (the
    same in every world). With ``truth`` (the arena's oracle) every world is that state, the true
    deal, instead of one drawn with ``rules.determinize``."""
    legal = obs.legal_actions
    me = obs.seat
    points = [0.0] * len(legal)
    values = [0.0] * len(legal)
    caller = -1 if obs.caller is None else obs.caller
    for _ in range(n_worlds):
        world = rules.determinize(obs, random.Random(rng.getrandbits(64))) if truth is None else truth
        deal, history, redeals = world.deal_number, len(world.history), world.redeals
        seed = rng.getrandbits(32) if policy is not None else 0
        for i, a in enumerate(legal):
            if a == "claim":
                outcome = settle_points(me, caller, obs.claim_count)
            else:
                after = rules.apply(world, a)
                if policy is None:
                    outcome = deal_points(rules, after, deal, history, redeals)
                else:
                    # The same playout randomness for every action (common random numbers).
                    outcome = policy_points(rules, after, deal, history, redeals, policy, random.Random(seed))
            if i in charged:
                mine = [float(x) for x in outcome]
                mine[me] -= charge
                points[i] += mine[me]
                values[i] += objective.value(mine)
            else:
                points[i] += outcome[me]
                values[i] += objective.value(outcome)
    return [Value(points[i], values[i], n_worlds, a == "claim") for i, a in enumerate(legal)]


def prior_order(obs: LukFuObservation) -> list[int]:
    """The legal actions' indices, most promising first (``_prior``): the order that breaks ties."""
    legal = obs.legal_actions
    return sorted(range(len(legal)), key=lambda i: (-_prior(legal[i], obs), i))


__all__ = [
    "DECISIONS",
    "Budget",
    "Objective",
    "Plan",
    "Points",
    "Policy",
    "Search",
    "Sim",
    "Value",
    "call_strength",
    "deal_points",
    "deal_value",
    "deals_left",
    "decision_kind",
    "evaluate",
    "policy_points",
    "policy_value",
    "prior_order",
    "settle_points",
    "would_call",
]
