"""The computer player for Mus (rules file §6): bets from the strength of its own hand.

``choose(rules, observation, level, rng)`` decides from the observation alone: its own four
cards, its position from mano, the public declarations, the stakes and the score. It never
looks at its partner's or the opponents' cards (R2.13, A-24) and takes no ``determinize``.

All three levels ("easy", "normal", "hard") play these easy heuristics for now (§6.3 point 7:
fixed thresholds on single-hand strength plus noise); the stronger levels come later.

- Mus or cut (§6.3 point 6): cut with a good hand (31, juego with pares, medias or duples,
  three kings, or two kings with pares as mano); say mus with a weak one, and cut anyway once
  the mus phase has gone round a few times ("mus fatigue", MUSVISTO #37).
- Discards: keep kings, aces and paired cards, throw the rest (at least one card).
- Betting: ``p`` is a rough chance that the team wins the lance at the showdown, from tables of
  §6.1 by hand and position (mano wins ties). Open with envido when ``p`` is high, now and
  then bluff (more often as the last to speak), accept when ``p`` beats the expected-value
  threshold of §6.2 ``(s - deje) / (2s + b_us + b_them)`` give or take some noise, raise with
  very strong hands, answer an órdago on ``p`` and the score, and always accept when refusing
  would hand the opponents the game.
"""

from __future__ import annotations

import random
from typing import Any

from game.ai import LEVELS
from game.rules.mus import MusObservation, card_role, juego_total

MAX_MUS_ROUNDS = 3

# §6.1 team win chances when contested, (mano, postre); interpolated by distance from mano.
_JUEGO_P = {31: (1.0, 0.63), 32: (0.64, 0.53), 40: (0.50, 0.47), 37: (0.46, 0.39), 36: (0.39, 0.31),
            35: (0.32, 0.25), 34: (0.24, 0.15), 33: (0.13, 0.09)}
_PUNTO_P = {30: (1.0, 0.92), 29: (0.91, 0.86), 28: (0.83, 0.69), 27: (0.68, 0.58), 26: (0.56, 0.49),
            25: (0.48, 0.42)}
# Pareja by pair role (8-king roles 0 = ace .. 7 = king).
_PAIR_P = {0: (0.30, 0.24), 1: (0.34, 0.30), 2: (0.37, 0.33), 3: (0.40, 0.37), 4: (0.44, 0.44),
           5: (0.47, 0.48), 6: (0.52, 0.52), 7: (0.82, 0.62)}
# Grande by number of kings, Chica by number of aces (§6.1, mano).
_COUNT_P = (0.34, 0.50, 0.88, 0.995, 1.0)


def _between(pair: tuple[float, float], distance: int) -> float:
    mano, postre = pair
    return mano + (postre - mano) * distance / 3


class _Hand:
    """What the player knows of its own cards."""

    def __init__(self, obs: MusObservation) -> None:
        options = dict(obs.options)
        self.kings8 = options.get("kings", 8) == 8
        self.top = 7 if self.kings8 else 9
        self.cards = obs.hand
        self.roles = [card_role(c, options) for c in obs.hand]
        self.total = juego_total(obs.hand, options) if len(obs.hand) == 4 else 0
        counts: dict[int, int] = {}
        for r in self.roles:
            counts[r] = counts.get(r, 0) + 1
        self.counts = counts
        groups = sorted((n, r) for r, n in counts.items() if n >= 2)
        self.pair_groups = groups
        if not groups:
            self.pares = 0
        elif groups[-1][0] == 4 or len(groups) == 2:
            self.pares = 3
        elif groups[-1][0] == 3:
            self.pares = 2
        else:
            self.pares = 1
        self.kings = counts.get(self.top, 0)
        self.aces = counts.get(0, 0)

    def pair_role(self) -> int:
        """The highest paired role, scaled to the 8-king roles 0..7."""
        r = max(r for _, r in self.pair_groups)
        return r if self.kings8 else round(r * 7 / 9)

    def juego_bonus(self) -> int:
        if self.total < 31:
            return 0
        return 3 if self.total == 31 else 2


def _strength(hand: _Hand, lance: str, distance: int, obs: MusObservation) -> float:
    """A rough chance that our team wins ``lance`` at the showdown."""
    if lance == "grande":
        p = _COUNT_P[min(hand.kings, 4)]
        if hand.kings == 0:
            p -= 0.04 * (hand.top - max(hand.roles))
    elif lance == "chica":
        p = _COUNT_P[min(hand.aces, 4)]
        if hand.aces == 0:
            p -= 0.04 * min(hand.roles)
    elif lance == "pares":
        if hand.pares == 0:
            p = 0.2
        elif hand.pares == 3:
            p = 0.95
        elif hand.pares == 2:
            p = 0.82 + 0.1 * hand.pair_role() / 7
        else:
            p = _between(_PAIR_P[hand.pair_role()], distance)
    elif lance == "juego":
        p = _between(_JUEGO_P[hand.total], distance) if hand.total in _JUEGO_P else 0.1
    else:
        pair = _PUNTO_P.get(hand.total)
        p = _between(pair, distance) if pair else max(0.05, 0.42 - 0.04 * (25 - hand.total))
    p -= 0.02 * distance if lance in ("grande", "chica") else 0.0
    partner = (obs.seat + 2) % 4
    index = {"pares": 0, "juego": 1}.get(lance)
    if index is not None and obs.declarations[partner][index]:
        p += (1 - p) * 0.3  # the partner holds pares / juego too
    return min(1.0, max(0.0, p))


def _bonuses(hand: _Hand, lance: str, obs: MusObservation) -> tuple[float, float]:
    """Expected bonuses (ours, theirs) that go with winning this lance at the count."""
    if lance == "punto":
        return 1.0, 1.0
    if lance not in ("pares", "juego"):
        return 0.0, 0.0
    index, each = (0, 1.3) if lance == "pares" else (1, 2.2)
    mine = hand.pares if lance == "pares" else hand.juego_bonus()
    partner = (obs.seat + 2) % 4
    ours = mine + (each if obs.declarations[partner][index] else 0.0)
    theirs = sum(each for s in range(4) if s % 2 != obs.seat % 2 and obs.declarations[s][index])
    return ours, theirs


def _mus_or_cut(hand: _Hand, obs: MusObservation, rng: random.Random) -> str:
    rounds = len(obs.discard_counts)
    distance = (obs.seat - obs.mano) % 4
    strong = (
        hand.total == 31
        or (hand.total >= 31 and hand.pares)
        or hand.pares >= 2
        or hand.kings >= 3
        or (hand.kings >= 2 and hand.pares and distance == 0)
        or (hand.pares == 1 and hand.pair_role() == 7 and hand.kings >= 2)
    )
    if strong or rounds >= MAX_MUS_ROUNDS:
        return "cut"
    if rng.random() < 0.12 * rounds:  # mus fatigue: cut sooner as the rounds go by
        return "cut"
    return "mus"


def _discard(hand: _Hand, legal: tuple[str, ...]) -> str:
    def keep_score(i: int) -> float:
        role = hand.roles[i]
        if hand.counts[role] >= 2:
            return 4.0 + role / 10
        if role == hand.top:
            return 5.0
        if role == 0:
            return 3.0
        return role / 10  # 4-7 and figures: the higher, the more useful for juego
    scores = [keep_score(i) for i in range(len(hand.cards))]
    throw = [i for i, sc in enumerate(scores) if sc < 2.0]
    if hand.total == 31:
        throw = []
    if not throw:
        throw = [min(range(len(scores)), key=lambda i: scores[i])]
    action = "discard " + " ".join(hand.cards[i] for i in sorted(throw))
    return action if action in legal else legal[0]


def _bet(hand: _Hand, obs: MusObservation, rng: random.Random) -> str:
    legal = obs.legal_actions
    lance = obs.lance or "grande"
    distance = (obs.seat - obs.mano) % 4
    p = _strength(hand, lance, distance, obs)
    us, them = obs.seat % 2, 1 - obs.seat % 2
    target = dict(obs.options).get("target", 40)
    ours, theirs = obs.team_points[us], obs.team_points[them]
    if obs.bettor_team is None:  # opening
        if p >= 0.95 and "ordago" in legal and (theirs >= target - 8 or rng.random() < 0.1):
            return "ordago"
        if p >= 0.72:
            amount = 2 if p < 0.9 or rng.random() < 0.6 else 4
            for n in (amount, 2):
                if f"envido {n}" in legal:
                    return f"envido {n}"
        last = len(obs.to_speak) == 1
        if p < 0.45 and rng.random() < (0.18 if last else 0.07):
            return "envido 2"  # a bluff (§6.2: 15-25 % of opening bets)
        return "paso"
    deje = obs.stake_seen if obs.stake_seen > 0 else 1
    must_accept = theirs + deje >= target  # refusing hands them the game (R2.10.2)
    if obs.ordago:
        need = 0.62
        if theirs - ours >= 15:
            need = 0.5
        elif ours - theirs >= 15:
            need = 0.75
        if must_accept or p + rng.uniform(-0.04, 0.04) >= need:
            return "quiero"
        return "no-quiero"
    if p >= 0.97 and "ordago" in legal and rng.random() < 0.2:
        return "ordago"
    if p >= 0.88 and "raise 2" in legal and rng.random() < 0.5:
        return "raise 2"
    stake = obs.stakes
    b_us, b_them = _bonuses(hand, lance, obs)
    threshold = (stake - deje) / (2 * stake + b_us + b_them)
    if must_accept or p > threshold + 0.1 + rng.uniform(-0.05, 0.05):
        return "quiero"
    return "no-quiero"


def choose(rules: Any, observation: MusObservation, level: str, rng: random.Random) -> str:
    """One of ``observation.legal_actions``, chosen from the observation only."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    legal = observation.legal_actions
    if not legal:
        raise ValueError("the observing seat has no decision to make")
    if len(legal) == 1:
        return legal[0]
    phase = observation.phase
    if phase == "replay":
        return "continue"
    hand = _Hand(observation)
    if phase == "mus":
        return _mus_or_cut(hand, observation, rng)
    if phase == "discard":
        return _discard(hand, legal)
    action = _bet(hand, observation, rng)
    return action if action in legal else legal[0]
