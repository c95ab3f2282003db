"""Information-set Monte Carlo tree search for Jub Moo: a measured alternative to hard's PIMC.

No level plays it. It is here so that the comparison in docs/ai-jubmoo.md ("A stronger hard")
can be played again: the arena's ``ismcts`` player (``python -m game.tools.arena --game jubmoo
--a ismcts --b normal``). Measured against three normal players at three to four times hard's
thinking time, it did no better than hard.

The method is single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012), as the rules file
§5.4 describes it: one tree over the observing seat's information sets instead of one search
per sampled deal. Every iteration

1. draws a deal with ``rules.determinize`` (the hidden cards where the public record allows),
   redrawn with hard's Q♠ signs (``qs_suspects``): a deal that gives Q♠ to a seat whose play
   says it lacks it is kept with chance ``QS_KEPT_WEIGHT`` per sign, as hard weighs it;
2. walks down the tree while every card the seat to play may play in this deal has a node,
   choosing by UCB1 on the mover's own average result, with each node's count of the
   iterations in which it was playable in place of its parent's visits (cards differ from deal
   to deal);
3. adds one untried playable card at random, plays the rest of the deal with hard's playout
   policy (``game.ai.jubmoo_search.playout``) and scores it with the engine's deal scoring;
4. adds to every node on the way the result for the seat that played its card: ``utility``,
   in hundreds of points.

The card played is the root's most visited. The work is a fixed count of iterations (and a cap
on simulated card plays), never a clock, so a decision reproduces from the same ``rng``.
"""

from __future__ import annotations

import math
import random
from typing import Any

from game.ai.jubmoo_search import QS_BIT, QS_KEPT_WEIGHT, Context, piles, playout, qs_suspects, utility
from game.rules.jubmoo import CARD_INDEX, JubMooObservation

__all__ = ["ITERATIONS", "choose"]

#: Iterations per decision: three to four times hard's thinking time on the same machine.
ITERATIONS = 2_000
#: Stop adding iterations once this many card plays were simulated (hard's own cap).
PLAYS_CAP = 100_000
#: UCB1's exploration constant, on results in hundreds of points.
EXPLORATION = 0.7
#: How often a deal is redrawn when the Q♠ signs reject it before it is taken as it is.
REDRAWS = 8
_SUIT_MASKS = tuple(0x1FFF << (13 * s) for s in range(4))


class _Node:
    """A card played from an information set: its visits, the iterations in which it could be
    played, and the sum of the results of the seat that played it."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 1
        self.total = 0.0
        self.children: dict[int, _Node] = {}


def choose(
    rules: Any,
    obs: JubMooObservation,
    rng: random.Random,
    iterations: int | None = None,
    exploration: float | None = None,
) -> str:
    """The card the search plays: the root's most visited (the first in legal order on a tie)
    after ``iterations`` with UCB1's ``exploration`` (``ITERATIONS`` and ``EXPLORATION`` when
    None, read at the call, so a measurement can set them for the arena's player)."""
    legal = obs.legal_actions
    if len(legal) == 1:
        return legal[0]
    if "continue" in legal:  # the replay choice, which no search values
        return "continue"
    me = obs.seat
    ctx = Context(dict(obs.options))
    values = ctx.values
    won0, pv0 = piles(obs, ctx)
    trick0 = [CARD_INDEX[c] for _, c in obs.trick]
    leader0 = obs.trick[0][0] if obs.trick else obs.leader
    suspects = qs_suspects(obs)
    suspects[me] = 0
    explore = EXPLORATION if exploration is None else exploration
    root = _Node()
    spent = 0
    for _ in range(ITERATIONS if iterations is None else iterations):
        if spent >= PLAYS_CAP:
            break
        hands = _draw(rules, obs, rng, suspects)
        won, pv = won0[:], pv0[:]
        trick, leader = trick0[:], leader0
        node = root
        path: list[tuple[_Node, int]] = []
        while True:
            seat = (leader + len(trick)) & 3
            hand = hands[seat]
            if not hand:
                break
            playable = hand & _SUIT_MASKS[trick[0] // 13] if trick else 0
            playable = playable or hand
            card, child, new = _select(node, playable, explore, rng)
            path.append((child, seat))
            hands[seat] = hand ^ (1 << card)
            trick.append(card)
            if len(trick) == 4:
                suit = trick[0] // 13
                best, wi = trick[0], 0
                for i in range(1, 4):
                    if trick[i] // 13 == suit and trick[i] < best:
                        best, wi = trick[i], i
                taker = (leader + wi) & 3
                for c in trick:
                    won[taker] |= 1 << c
                    pv[taker] += values[c]
                leader, trick = taker, []
            node = child
            if new:
                break
        if hands[0] | hands[1] | hands[2] | hands[3]:
            spent += playout(hands, won, pv, leader, trick, ctx)
        deal = ctx.scores(won)
        for child, seat in path:
            child.visits += 1
            child.total += utility(deal, obs.scores, seat, ctx.target) / 100.0
    moves = [CARD_INDEX[a] for a in legal]
    visits = [root.children[c].visits if c in root.children else -1 for c in moves]
    return legal[visits.index(max(visits))]


def _draw(rules: Any, obs: JubMooObservation, rng: random.Random, suspects: list[int]) -> list[int]:
    """A deal's hands as masks, redrawn while the Q♠ signs reject it (at most ``REDRAWS`` times)."""
    for _ in range(REDRAWS):
        hands = list(rules.determinize(obs, rng).hands)
        holder = next((s for s in range(4) if hands[s] & QS_BIT), None)  # None once Q♠ is played
        if holder is None or not suspects[holder] or rng.random() < QS_KEPT_WEIGHT ** suspects[holder]:
            return hands
    return hands


def _select(node: _Node, playable: int, exploration: float, rng: random.Random) -> tuple[int, _Node, bool]:
    """The card to play from ``node`` among the ``playable`` ones (a mask), its child node, and
    whether that node is new: an untried card at random if there is one, else UCB1."""
    children = node.children
    untried = []
    tried = []
    mask = playable
    while mask:
        bit = mask & -mask
        card = bit.bit_length() - 1
        child = children.get(card)
        if child is None:
            untried.append(card)
        else:
            child.available += 1
            tried.append((card, child))
        mask ^= bit
    if untried:
        card = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
        child = children[card] = _Node()
        return card, child, True
    best_value = -math.inf
    best = tried[0]
    for card, child in tried:
        value = child.total / child.visits + exploration * math.sqrt(math.log(child.available) / child.visits)
        if value > best_value:
            best_value, best = value, (card, child)
    return best[0], best[1], False
