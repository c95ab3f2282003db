"""Fixed reference players for measuring the real ones (the arena, ``game.tools.arena``).

They never change once written, so figures measured against them stay comparable over time.

- ``random``: a uniformly random legal action, in any game.
- ``rule``: a fixed, simple heuristic bot per game, in ``RULE_PLAYERS`` (game name -> function):
  Klaberjass's is below, the others are in ``game.ai.<game>_rule``.

``choose_baseline(name, rules, observation, rng)`` plays either; like the real players it reads
nothing but the observation.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game.ai.jubmoo_rule import jubmoo_rule
from game.ai.lukfu_rule import lukfu_rule
from game.ai.mus_rule import mus_rule
from game.rules.klaberjass import CARD_ID, PLAIN_POWER, TRUMP_POWER, KlaberjassObservation, card_points, trick_winner

BASELINES: tuple[str, ...] = ("random", "rule")

Player = Callable[[Any, Any, random.Random], str]


def random_player(rules: Any, observation: Any, rng: random.Random) -> str:
    """A uniformly random legal action (any game)."""
    return str(rng.choice(observation.legal_actions))


# ---------------------------------------------------------------------------------------
# Klaberjass
# ---------------------------------------------------------------------------------------


def klaberjass_rule(rules: Any, obs: KlaberjassObservation, rng: random.Random) -> str:
    """The Klaberjass rule bot. Deterministic (it never uses ``rng``). Its rules, all of them:

    - Replay choice: ``continue``.
    - Round 1 of bidding: ``take`` with the Jass of the proposed suit and at least one more trump,
      or with the Menel, two more trumps and an ace; else ``pass``. It never schmeisses.
    - Round 2: ``name`` the suit (other than the proposed one) in which it holds the Jass and at
      least one more trump, the longest such suit (the first in S H D C order on a tie); else
      ``pass``. If it must name (made to play), it names its longest suit. It never calls sans
      tout; it answers a sans tout with ``pass``.
    - Answer to a schmeiss: ``make-play`` in round 1 when it holds the Jass or three trumps of
      the proposed suit, in round 2 when it holds two jacks or more; else ``throw-in``.
    - Dix: always ``exchange``. Declaring: declares every run.
    - Leading: a side-suit (not trump) ace if it has one (the first in hand order); else the
      lowest card (fewest points, then lowest rank) of its longest side suit; with only trumps
      left, its lowest trump.
    - Following: the lowest card of the led suit that wins the trick, if it has one; else, if the
      led card is worth 10 points or more, its lowest card that wins (a trump); else its card
      worth the fewest points (the lowest rank on a tie).
    - Bella: always announced.
    """
    legal = obs.legal_actions
    if len(legal) == 1:
        return legal[0]
    phase = obs.phase
    hand = obs.hand
    if phase == "replay":
        return "continue"
    if phase == "bid":
        return _rule_bid(obs)
    if phase == "schmeiss":
        proposed = obs.proposed_suit or "C"
        if obs.bid_round == 1:
            trumps = [c for c in hand if c[1] == proposed]
            return "make-play" if "J" + proposed in hand or len(trumps) >= 3 else "throw-in"
        return "make-play" if sum(1 for c in hand if c[0] == "J") >= 2 else "throw-in"
    if phase == "dix":
        return "exchange"
    if phase == "declare":
        return legal[0]
    return _rule_play(obs)


def _rule_bid(obs: KlaberjassObservation) -> str:
    legal = obs.legal_actions
    hand = obs.hand
    if "take" in legal:
        s = obs.proposed_suit or "C"
        trumps = sum(1 for c in hand if c[1] == s)
        aces = sum(1 for c in hand if c[0] == "A")
        jass, menel = "J" + s in hand, "9" + s in hand
        if (jass and trumps >= 2) or (menel and trumps >= 3 and aces >= 1):
            return "take"
        return "pass"
    if legal == ("tout-atout", "pass"):
        return "pass"  # the answer to a sans tout
    names = [a for a in legal if a.startswith("name ")]
    good = [a for a in names if "J" + a[5] in hand and sum(1 for c in hand if c[1] == a[5]) >= 2]
    if good and "pass" in legal:
        return max(good, key=lambda a: (sum(1 for c in hand if c[1] == a[5]), -names.index(a)))
    if "pass" in legal:
        return "pass"
    if names:
        return max(names, key=lambda a: (sum(1 for c in hand if c[1] == a[5]), -names.index(a)))
    return legal[0]


def _rule_play(obs: KlaberjassObservation) -> str:
    contract = obs.contract or "NT"
    options = dict(obs.options)
    trump = contract if len(contract) == 1 else ""
    legal = obs.legal_actions
    cards = [a for a in legal if " " not in a]

    def pts(c: str) -> int:
        return card_points(c, contract)

    def power(c: str) -> int:
        if contract == "AT" or c[1] == trump:
            return 10 + TRUMP_POWER[CARD_ID[c] & 7]
        return PLAIN_POWER[CARD_ID[c] & 7]

    def lowest(cs: list[str]) -> str:
        return min(cs, key=lambda c: (pts(c), power(c), cards.index(c)))

    if obs.trick:
        led = obs.trick[0][1]
        winners = [c for c in cards if trick_winner(led, c, contract, options) == 1]
        same = [c for c in winners if c[1] == led[1]]
        if same:
            card = min(same, key=lambda c: (power(c), cards.index(c)))
        elif winners and pts(led) >= 10:
            card = min(winners, key=lambda c: (power(c), cards.index(c)))
        else:
            card = lowest(cards)
    else:
        side = [c for c in cards if c[1] != trump]  # every card in sans tout and tout atout
        aces = [c for c in side if c[0] == "A"]
        if aces:
            card = aces[0]
        elif side:
            suits = sorted({c[1] for c in side}, key=lambda s: (-sum(1 for c in side if c[1] == s), "SHDC".index(s)))
            card = lowest([c for c in side if c[1] == suits[0]])
        else:
            card = lowest(cards)
    return card + " bella" if card + " bella" in legal else card


RULE_PLAYERS: dict[str, Player] = {
    "klaberjass": klaberjass_rule,
    "jubmoo": jubmoo_rule,
    "mus": mus_rule,
    "lukfu": lukfu_rule,
}


def choose_baseline(name: str, rules: Any, observation: Any, rng: random.Random) -> str:
    """The action of baseline ``name`` (``random`` or ``rule``) for the seat of ``observation``."""
    legal = observation.legal_actions
    if not legal:
        raise ValueError("the observing seat has nothing to decide now")
    if name == "random":
        return random_player(rules, observation, rng)
    if name == "rule":
        player = RULE_PLAYERS.get(rules.name)
        if player is None:
            raise ValueError(f"no rule bot for {rules.name} yet (only {', '.join(sorted(RULE_PLAYERS))})")
        return player(rules, observation, rng)
    raise ValueError(f"unknown baseline {name!r}; choose one of {', '.join(BASELINES)}")
