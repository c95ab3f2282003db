"""The Mus rule bot: a fixed reference player for the arena (``game.ai.baselines``).

It never changes once written, so figures measured against it stay comparable over time. It
is deliberately plain (simpler than the easy player): it looks at its own four cards only,
ignores the score, the position, the partner's calls and everything the opponents said, never
bluffs, never raises, never opens an órdago, and never uses ``rng``.
"""

from __future__ import annotations

import random
from typing import Any

from game.rules.mus import CARD_INDEX, F_PBONUS, F_TOTAL, MusObservation, hand_features, role_system

__all__ = ["mus_rule"]

RULE_MAX_MUS_ROUNDS = 3


def _shape(obs: MusObservation) -> tuple[list[int], int, int, int, int, int, int]:
    """(roles, top role, kings, aces, pares category 0-3, highest paired role or -1, point total)
    of the observer's four cards."""
    kings8 = dict(obs.options).get("kings", 8) == 8
    system = role_system(kings8)
    ints = [CARD_INDEX[c] for c in obs.hand]
    roles = [system.card_roles[c] for c in ints]
    top = system.king
    counts: dict[int, int] = {}
    for r in roles:
        counts[r] = counts.get(r, 0) + 1
    feats = hand_features(ints, kings8)
    paired = max((r for r, n in counts.items() if n >= 2), default=-1)
    return roles, top, counts.get(top, 0), counts.get(0, 0), feats[F_PBONUS], paired, feats[F_TOTAL]


def mus_rule(rules: Any, observation: MusObservation, rng: random.Random) -> str:
    """The rule bot's action. Deterministic (it never uses ``rng``). Its rules, all of them:

    - One legal action: that action. The replay choice: ``continue``.
    - Señas phase (señas on): passes every seña its hand fits (``ciego`` when none), the first
      legal action; it reads no seña it sees.
    - Mus phase: ``cut`` with juego (31 to 40 points), medias or duples, or two kings or more
      together with any pares; ``cut`` always once 3 mus rounds have been discarded; else
      ``mus``.
    - Discards: throw every card that is not a king, an ace or part of a pair (or three or four
      of a kind). If that throws nothing, throw the first card in hand order that is not a king
      (the first card if all four are kings).
    - "Strong" and "fair" hands per lance (kings and aces count 3s and 2s with 8 kings):
      Grande strong with 2+ kings, fair with 1; Chica strong with 2+ aces, fair with 1; Pares
      strong with medias, duples or a pair of kings, fair with any pair of the two figures below
      the king (sota, caballo) or better; Juego strong with 31, fair with 32; Punto strong with
      28 or more, fair with 25 or more. "Very strong": Grande or Chica 3+ kings / aces, Pares
      duples, Juego 31, Punto 30.
    - Opening a lance: ``envido 2`` when strong, else ``paso``. It never opens an órdago.
    - Answering an envido or a raise: ``quiero`` when strong or fair, else ``no-quiero``; but
      ``quiero`` whenever refusing would give the opponents the game (their points plus the deje
      reach the target). It never raises.
    - Answering an órdago: ``quiero`` when very strong or when refusing would give the opponents
      the game, else ``no-quiero``.
    """
    legal = observation.legal_actions
    if len(legal) == 1:
        return legal[0]
    phase = observation.phase
    if phase == "replay" or "continue" in legal:
        return "continue"
    if phase == "senas":
        return legal[0]  # every seña the hand fits, or ciego (the engine lists that turn first)
    roles, top, kings, aces, pares, paired, total = _shape(observation)
    options = dict(observation.options)
    if phase == "mus":
        if (total >= 31 or pares >= 2 or (kings >= 2 and pares >= 1)
                or len(observation.discard_counts) >= RULE_MAX_MUS_ROUNDS):
            return "cut"
        return "mus"
    if phase == "discard":
        throw = [i for i, r in enumerate(roles) if r != top and r != 0 and roles.count(r) < 2]
        if not throw:
            throw = [next((i for i, r in enumerate(roles) if r != top), 0)]
        action = "discard " + " ".join(observation.hand[i] for i in throw)
        return action if action in legal else legal[0]
    lance = observation.lance or "grande"
    figure = top - 2  # the sota's role
    if lance == "grande":
        strong, fair, very = kings >= 2, kings >= 1, kings >= 3
    elif lance == "chica":
        strong, fair, very = aces >= 2, aces >= 1, aces >= 3
    elif lance == "pares":
        strong = pares >= 2 or (pares == 1 and paired == top)
        fair, very = strong or paired >= figure, pares == 3
    elif lance == "juego":
        strong, fair, very = total == 31, total in (31, 32), total == 31
    else:
        strong, fair, very = total >= 28, total >= 25, total == 30
    if observation.bettor_team is None:
        return "envido 2" if strong and "envido 2" in legal else "paso"
    us = observation.seat % 2
    target = int(options.get("target", 40))
    deje = observation.stake_seen if observation.stake_seen > 0 else 1
    must = observation.team_points[1 - us] + deje >= target
    if observation.ordago:
        return "quiero" if very or must else "no-quiero"
    return "quiero" if fair or must else "no-quiero"
