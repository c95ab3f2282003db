"""The Jub Moo rule bot: a fixed reference player for the arena (``game.ai.baselines``).

It never changes once written, so figures measured against it stay comparable over time. It
is deliberately plain (simpler than the easy player): it never counts cards beyond the trick
on the table, ignores the scores, the ruleset and the 10♣, and never uses ``rng``.
"""

from __future__ import annotations

import random
from typing import Any

from game.rules.jubmoo import RANKS, JubMooObservation

__all__ = ["jubmoo_rule"]


def _rank(card: str) -> int:
    """0 for an ace ... 12 for a 2: a lower number is a higher card."""
    return RANKS.index(card[0])


def jubmoo_rule(rules: Any, observation: JubMooObservation, rng: random.Random) -> str:
    """The rule bot's action. Deterministic (it never uses ``rng``). Its rules, all of them:

    - One legal action: that action. The replay choice: ``continue``.
    - Leading: the lowest card of its shortest suit among spades, diamonds and clubs (spades
      left out while it holds Q♠; ties in the order S, D, C); with none of those, its lowest
      heart; then its lowest spade; Q♠ only when nothing else is left.
    - Following suit:
      - Q♠ when A♠ or K♠ is winning the trick;
      - else its highest card of the suit that loses to the card winning the trick, leaving out
        Q♠ and J♦ while another such card exists;
      - else (every card of the suit would win): when last to play, its highest card other
        than Q♠; otherwise its lowest card.
    - Void in the led suit: Q♠; else its highest heart; else its highest-ranked card other than
      J♦ (the first in hand order on a tie); J♦ only when it is the last card.
    """
    legal = observation.legal_actions
    if len(legal) == 1:
        return legal[0]
    if "continue" in legal:
        return "continue"
    hand = list(legal)
    trick = observation.trick
    if not trick:
        return _lead(list(observation.hand))
    led = trick[0][1][1]
    if hand[0][1] != led:
        return _discard(hand)
    winning = min((c for _, c in trick if c[1] == led), key=_rank)
    if "QS" in hand and winning in ("AS", "KS"):
        return "QS"
    losers = [c for c in hand if _rank(c) > _rank(winning)]
    if len(losers) > 1:
        losers = [c for c in losers if c not in ("QS", "JD")] or losers
    if losers:
        return min(losers, key=_rank)
    if len(trick) == 3:
        highest = [c for c in hand if c != "QS"] or hand
        return min(highest, key=_rank)
    return max(hand, key=_rank)


def _lead(hand: list[str]) -> str:
    suits = [s for s in ("S", "D", "C") if any(c[1] == s for c in hand)]
    if "QS" in hand and "S" in suits:
        suits.remove("S")
    if suits:
        shortest = min(suits, key=lambda s: sum(1 for c in hand if c[1] == s))
        return max((c for c in hand if c[1] == shortest), key=_rank)
    hearts = [c for c in hand if c[1] == "H"]
    if hearts:
        return max(hearts, key=_rank)
    rest = [c for c in hand if c != "QS"]
    return max(rest, key=_rank) if rest else "QS"


def _discard(hand: list[str]) -> str:
    if "QS" in hand:
        return "QS"
    hearts = [c for c in hand if c[1] == "H"]
    if hearts:
        return min(hearts, key=_rank)
    others = [c for c in hand if c != "JD"]
    if others:
        return min(others, key=_rank)
    return hand[0]
