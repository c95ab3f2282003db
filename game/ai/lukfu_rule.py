"""The Luk Fu rule bot: a fixed, simple reference player for the arena (``game.ai.baselines``).

It never changes once written, so figures measured against it stay comparable over time.
"""

from __future__ import annotations

import random
from typing import Any

from game.rules.lukfu import ANCIENT, SUITS, LukFuObservation


def _card_key(card: str) -> tuple[int, int]:
    """Low first: value, then suit (Coins < Strings < Myriads < Tens)."""
    return int(card[1]), SUITS.index(card[0])


def lukfu_rule(rules: Any, observation: LukFuObservation, rng: random.Random) -> str:
    """The Luk Fu rule bot. Deterministic (it never uses ``rng``). Its rules, all of them:

    - Only one legal action: take it. Replay choice: ``continue``.
    - Call phase: ``call`` with at least 3 Ancient cards (the four 9s, C1, T1) as the Master,
      at least 4 otherwise; else ``pass``.
    - Leading: ``claim`` whenever it may. Otherwise lead the longest set or run it may lead
      (the first in legal-action order on a tie); with none, its lowest legal single (lowest
      value, then lowest suit).
    - Following with a beat: the first legal beat in legal-action order (the engine lists
      beats cheapest first: lowest single, lowest set, lowest run).
    - Discarding: its lowest card that is not Ancient (lowest value, then lowest suit); with
      only Ancient cards left, the lowest of those.
    """
    legal = observation.legal_actions
    if len(legal) == 1:
        return legal[0]
    if "continue" in legal:
        return "continue"
    if observation.phase == "call":
        ancients = sum(1 for c in observation.hand if c in ANCIENT)
        need = 3 if observation.master == observation.seat else 4
        return "call" if ancients >= need else "pass"
    if legal[0].startswith("discard "):
        cards = [a.split()[1] for a in legal]
        plain = [c for c in cards if c not in ANCIENT]
        return "discard " + min(plain or cards, key=_card_key)
    if observation.trick:
        return legal[0]
    if "claim" in legal:
        return "claim"
    combos = [a for a in legal if " " in a]
    if combos:
        longest = max(len(a.split()) for a in combos)
        return next(a for a in combos if len(a.split()) == longest)
    return min(legal, key=_card_key)


__all__ = ["lukfu_rule"]
