"""The computer players for Mus (rules file §6): easy, normal and hard.

``choose(rules, observation, level, rng)`` decides from the observation alone: its own four
cards, its position from mano, the public declarations, every call of the deal (mus and cut,
discard counts, bets and answers), the stakes and the score. It never looks at its partner's or
the opponents' cards (R2.13, A-24). Every level is deterministic for a given ``rng`` state and
works to a fixed budget (no clock), so arena runs reproduce.

**Easy** (§6.3 point 7: fixed thresholds on single-hand strength plus noise):

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

**Normal and hard** (``choose_strong``; tables from ``mus_tables``, built by
``game.tools.fit_mus_tables``):

- Hand tables: the 330 distinct hands (715 with 4 kings) with their lance keys and bonuses;
  per hand and distance from mano, the team's chance of winning each lance against random
  hands (``TEAM_WIN``), a hand value (``VALUE``: the en-paso point difference plus a premium for
  near-sure lances) and the value expected after the best discard (``BEST``).
- Mus or cut: cut when the hand would gain less from a mus than the average hand does
  (``VALUE - BEST + GAIN > 0``), the bar lowered by every mus round already played (mus
  fatigue; always cut from the fourth round). Hard also counts the opponents who have just said
  mus (their hands are weaker than random) and mixes 10 % of its calls.
- Discards: every legal discard is scored exactly: ``VALUE`` averaged over every draw of the
  missing cards from the cards it has not seen (own hand and own face-down discards removed).
- Betting: ``worlds`` deals of the unseen cards to the other three seats, consistent with the
  pares/juego declarations (drawn here rather than by ``rules.determinize``: a bet needs only
  the three hidden hands, not a whole replayable state, and this is far cheaper). In each, the
  showdown winner of the lance and both teams' bonuses.
  Every legal answer is scored one ply deep with the §6.2 payoffs (deje, bonuses to the lance
  winner, the Punto point, an accepted órdago winning the game): the other seats' answers
  (accept, raise, órdago, a later bet after a pass, the partner's answer after our no-quiero)
  come from a self-model: logistic functions of their own ``TEAM_WIN`` in that world. The
  action with the best expected utility is taken, with a little noise so that near-ties mix.
  Utility is match equity (``MATCH_EQUITY``, §6.3 point 5), so dejes near 40, órdagos and
  desperate calls are weighed by what they do to the chance of winning the game.
- Normal: 100 worlds; it reads only the órdagos of the lance being bet (an órdago against it
  means a strong hand); bets and raises 2.
- Hard: 500 worlds, each weighted by the self-model likelihood of every public call of the other
  three seats in this deal (§6.3 point 2): the last mus round's mus / cut calls, the number of
  cards each discarded, and every pass, bet, answer, raise and órdago in every lance so far
  (an opponent who bet Grande holds kings; a partner who passed Pares holds a weak pair). It
  bets and raises 2 or 5, and counts the opponents who have just said mus when it cuts.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

from game.ai import LEVELS, mus_tables
from game.rules.mus import (
    CARD_INDEX,
    F_CHICA,
    F_GRANDE,
    F_JBONUS,
    F_JUEGO,
    F_PARES,
    F_PBONUS,
    F_TOTAL,
    LANCE_FEATURE,
    LANCE_TITLES,
    LANCES,
    Feat,
    MusObservation,
    hand_features,
    role_system,
)

MAX_MUS_ROUNDS = 3  # easy: always cut from this mus round on

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
    """What the player knows of its own four cards."""

    def __init__(self, obs: MusObservation) -> None:
        self.kings8 = dict(obs.options).get("kings", 8) == 8
        system = role_system(self.kings8)
        self.top = system.king
        self.cards = obs.hand
        ints = [CARD_INDEX[c] for c in obs.hand]
        self.roles = [system.card_roles[c] for c in ints]
        feats = hand_features(ints, self.kings8)
        self.total = feats[F_TOTAL]
        self.pares = feats[F_PBONUS]  # 0 none, 1 pareja, 2 medias, 3 duples
        self.jbonus = feats[F_JBONUS]
        counts: dict[int, int] = {}
        for r in self.roles:
            counts[r] = counts.get(r, 0) + 1
        self.counts = counts
        self.pair_groups = sorted((n, r) for r, n in counts.items() if n >= 2)
        self.kings = counts.get(self.top, 0)
        self.aces = counts.get(0, 0)

    def pair_role(self) -> int:
        """The highest paired role, scaled to the 8-king roles 0..7."""
        r = max(r for _, r in self.pair_groups)
        return r if self.kings8 else round(r * 7 / 9)


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
    mine = hand.pares if lance == "pares" else hand.jbonus
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
    if level != "easy":
        return choose_strong(observation, BUDGETS[level], rng)
    hand = _Hand(observation)
    if phase == "mus":
        return _mus_or_cut(hand, observation, rng)
    if phase == "discard":
        return _discard(hand, legal)
    action = _bet(hand, observation, rng)
    return action if action in legal else legal[0]


# =============================================================================================
# The strong levels ("normal" and "hard")
# =============================================================================================
#
# Hand tables: with 8 kings a hand is one of 330 rank multisets (715 with 4 kings). Each has its
# lance keys (bigger is better, the engine's comparison of R2.14), its point total and bonuses.
# ``mus_tables`` (built by ``game.tools.fit_mus_tables``) adds, per hand and distance from mano,
# the team's chance of winning each lance against random hands, a hand value for the mus phase
# and the value expected after the best discard, and the match-equity table.

# A lance's index in the tables (``TEAM_WIN``'s last axis) is the feature index of its key.
GRANDE, CHICA, PARES, JUEGO, PUNTO = F_GRANDE, F_CHICA, F_PARES, F_JUEGO, F_TOTAL
LANCE_INDEX = LANCE_FEATURE


class HandKind:
    """The distinct hands of one card-role system (``role_system``): 8 kings (330 hands) or 4
    kings (715), numbered in ``combinations_with_replacement`` order of their roles, with their
    features from the rules (``RoleSystem.features``)."""

    def __init__(self, kings8: bool) -> None:
        system = role_system(kings8)
        self.kings8 = kings8
        self.roles = system.count
        self.card_role: tuple[int, ...] = system.card_roles
        self.card_bits: tuple[int, ...] = system.bits
        self.deck_counts: tuple[int, ...] = tuple(self.card_role.count(r) for r in range(self.roles))
        self.hands: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(range(self.roles), 4))
        self.index: dict[int, int] = {sum(1 << (3 * r) for r in h): i for i, h in enumerate(self.hands)}
        self.feats: tuple[Feat, ...] = tuple(system.features[key] for key in self.index)

    def of_cards(self, cards: Sequence[int]) -> int:
        """The hand index of four card indices."""
        b = self.card_bits
        return self.index[b[cards[0]] + b[cards[1]] + b[cards[2]] + b[cards[3]]]

    def of_roles(self, roles: Sequence[int]) -> int:
        return self.index[sum(1 << (3 * r) for r in roles)]


@lru_cache(maxsize=2)
def hand_kind(kings8: bool) -> HandKind:
    return HandKind(kings8)


def best_position(keys: Sequence[int]) -> int:
    """The winning position among keys listed from mano (ties go to the one nearer mano)."""
    best, top = 0, keys[0]
    for i in range(1, len(keys)):
        if keys[i] > top:
            best, top = i, keys[i]
    return best


@dataclass(frozen=True)
class Tables:
    kind: HandKind
    team_win: tuple[tuple[tuple[float, ...], ...], ...]  # [hand][distance][lance]
    value: tuple[tuple[float, ...], ...]  # [hand][distance]
    best: tuple[tuple[float, ...], ...]  # [hand][distance]: value expected after the best discard
    gain: tuple[float, ...]  # [distance]: mean of best - value over dealt hands


def _unpack(text: str, *shape: int) -> Any:
    """A ``mus_tables`` string of thousandths as nested tuples of floats of this shape."""
    flat: tuple[Any, ...] = tuple(int(x) / 1000 for x in text.split())
    for size in reversed(shape[1:]):
        flat = tuple(flat[i:i + size] for i in range(0, len(flat), size))
    if len(flat) != shape[0]:
        raise ValueError("mus_tables does not match the hand tables: regenerate it")
    return flat


@lru_cache(maxsize=2)
def tables(kings8: bool) -> Tables:
    """The precomputed tables of one card-role system, unpacked on first use."""
    t = mus_tables
    kind = hand_kind(kings8)
    n = len(kind.hands)
    if kings8:
        raw = (t.TEAM_WIN8, t.VALUE8, t.BEST8, t.GAIN8)
    else:
        raw = (t.TEAM_WIN4, t.VALUE4, t.BEST4, t.GAIN4)
    return Tables(kind, _unpack(raw[0], n, 4, 5), _unpack(raw[1], n, 4), _unpack(raw[2], n, 4),
                  _unpack(raw[3], 4))


@lru_cache(maxsize=1)
def _match_equity_table() -> tuple[tuple[tuple[float, ...], ...], ...]:
    table: tuple[tuple[tuple[float, ...], ...], ...] = _unpack(mus_tables.MATCH_EQUITY, 2, 41, 41)
    return table


def match_equity(ours: int, theirs: int, target: int, mano_next: bool) -> float:
    """P(our team wins the game) from ``ours``-``theirs`` (``mus_tables.MATCH_EQUITY``, fitted
    for 40 points; a 30-point game reads it 10 points on)."""
    if ours >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    shift = 40 - target
    return _match_equity_table()[1 if mano_next else 0][ours + shift][theirs + shift]


# ---------------------------------------------------------------------------------------------
# Budgets and the self-model
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Budget:
    """Fixed work per decision (no clock, so results reproduce)."""

    worlds: int  # sampled deals of the hidden cards per betting decision
    reads: str  # which public calls weight the worlds (self-model likelihoods): "deal" (every
    # call of the deal: mus and cut, discard counts, every bet and answer), "lance" (the calls of
    # the lance being bet), "ordagos" (the órdagos of the lance being bet) or "nothing"
    equity: bool  # utility in match equity (else points)
    raises: bool  # consider raising and answering with an órdago
    sizes: tuple[int, ...]  # envido and raise amounts considered


BUDGETS: dict[str, Budget] = {
    "normal": Budget(worlds=100, reads="ordagos", equity=True, raises=True, sizes=(2,)),
    "hard": Budget(worlds=500, reads="deal", equity=True, raises=True, sizes=(2, 5)),
}

# Cut when (value now - value expected after discarding + the average gain) beats this, lowered
# by every mus round already played and (hard) by every opponent who said mus this round.
CUT_THETA = 0.0
CUT_FATIGUE = 0.35
CUT_OPP_MUS = 0.25
CUT_SOFTNESS = 0.35
MAX_STRONG_MUS_ROUNDS = 4
# The self-model's answer to an órdago.
ORDAGO_ACCEPT_AT = 0.72
ORDAGO_FLOOR = 0.03


def _sig(x: float) -> float:
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def p_open_bet(sigma: float) -> float:
    """Self-model: chance a seat opens with an envido, given its team-win chance in the lance."""
    return 0.08 + 0.84 * _sig((sigma - 0.66) / 0.06)


def p_open_ordago(sigma: float) -> float:
    return 0.01 + 0.3 * _sig((sigma - 0.93) / 0.03)


def p_accept(sigma: float, stake: int, lance: int) -> float:
    """Self-model: chance a seat answers a bet of ``stake`` (quiero or more)."""
    t = (0.38 if lance < PARES else 0.30) + 0.01 * (stake - 2)
    return 0.06 + 0.88 * _sig((sigma - t) / 0.06)


def p_raise(sigma: float) -> float:
    """Self-model: chance an answer that is not a rejection is a raise."""
    return 0.04 + 0.6 * _sig((sigma - 0.82) / 0.05)


def p_accept_ordago(sigma: float) -> float:
    return ORDAGO_FLOOR + (0.97 - ORDAGO_FLOOR) * _sig((sigma - ORDAGO_ACCEPT_AT) / 0.05)


# ---------------------------------------------------------------------------------------------
# Reading the public record
# ---------------------------------------------------------------------------------------------

_OPEN_PASS, _OPEN_BET, _OPEN_ORDAGO, _ACCEPT, _REJECT, _RAISE, _ORDAGO_RAISE = range(7)
_ACCEPT_ORDAGO, _REJECT_ORDAGO, _SAY_MUS, _CUT = range(7, 11)
_LANCE_TITLE = {LANCE_TITLES[name]: LANCE_INDEX[name] for name in LANCES}

Call = tuple[int, int, int, int]  # (seat, lance, kind, stake)


def public_calls(obs: MusObservation) -> list[Call]:
    """Every call of the other seats in this deal that the self-model can explain: the mus-phase
    calls of the last mus round (made with the hands now held) and every bet, pass and answer."""
    calls: list[Call] = []
    events = obs.events
    last_discard = max((i for i, e in enumerate(events) if " discards " in e), default=-1)
    lance, stake, ordago = -1, 0, False
    for i, event in enumerate(events):
        title = _LANCE_TITLE.get(event)
        if title is not None:
            lance, stake, ordago = title, 0, False
            continue
        words = event.split(" ")
        if not words[0].isdigit() or len(words) < 2:
            continue
        seat = int(words[0])
        if seat == obs.seat:
            verb = ""
        else:
            verb = words[1]
        if lance < 0:
            if i > last_discard and verb in ("says", "cuts"):
                calls.append((seat, -1, _SAY_MUS if verb == "says" else _CUT, 0))
            continue
        rest = " ".join(words[1:])
        kind = -1
        if rest == "passes":
            kind = _OPEN_PASS
        elif words[1] == "envido":
            kind, new_stake = _OPEN_BET, int(words[2])
            if verb:
                calls.append((seat, lance, kind, stake))
            stake = new_stake
            continue
        elif rest == "ordago":
            kind = _ORDAGO_RAISE if stake or ordago else _OPEN_ORDAGO
            if verb:
                calls.append((seat, lance, kind, stake))
            ordago = True
            continue
        elif rest == "quiero":
            kind = _ACCEPT_ORDAGO if ordago else _ACCEPT
        elif rest == "no quiero":
            kind = _REJECT_ORDAGO if ordago else _REJECT
        elif words[1] == "raises":
            kind = _RAISE
            if verb:
                calls.append((seat, lance, kind, stake))
            stake = int(words[4])
            continue
        if kind >= 0 and verb:
            calls.append((seat, lance, kind, stake))
    return calls


def _call_likelihood(kind: int, sigma: float, stake: int, lance: int) -> float:
    if kind == _OPEN_PASS:
        return max(0.05, 1.0 - p_open_bet(sigma) - p_open_ordago(sigma))
    if kind == _OPEN_BET:
        return p_open_bet(sigma)
    if kind == _OPEN_ORDAGO:
        return 0.02 + p_open_ordago(sigma)
    if kind == _ACCEPT:
        return p_accept(sigma, max(stake, 2), lance) * (1.0 - p_raise(sigma))
    if kind == _REJECT:
        return 1.0 - p_accept(sigma, max(stake, 2), lance)
    if kind == _RAISE:
        return p_accept(sigma, max(stake, 2), lance) * p_raise(sigma)
    if kind == _ORDAGO_RAISE:
        return 0.02 + p_accept(sigma, max(stake, 2), lance) * p_raise(sigma)
    if kind == _ACCEPT_ORDAGO:
        return p_accept_ordago(sigma)
    return 1.0 - p_accept_ordago(sigma)  # _REJECT_ORDAGO


# ---------------------------------------------------------------------------------------------
# The decision context and sampled worlds
# ---------------------------------------------------------------------------------------------


class _View:
    """What a strong player works from: the observation in table form."""

    def __init__(self, obs: MusObservation) -> None:
        options = dict(obs.options)
        self.obs = obs
        self.tab = tables(options.get("kings", 8) == 8)
        self.kind = self.tab.kind
        self.target = int(options.get("target", 40))
        self.seat = obs.seat
        self.team = obs.seat % 2
        self.mano = obs.mano
        self.dist = tuple((s - obs.mano) % 4 for s in range(4))
        self.cards = tuple(CARD_INDEX[c] for c in obs.hand)
        self.hand = self.kind.of_cards(self.cards) if len(self.cards) == 4 else -1
        known = set(self.cards) | {CARD_INDEX[c] for c in obs.my_discards}
        self.pool = [c for c in range(40) if c not in known]
        self.ours = obs.team_points[self.team]
        self.theirs = obs.team_points[1 - self.team]
        self.mano_next = (obs.mano + 1) % 2 == self.team

    def worlds(self, n: int, rng: random.Random) -> list[tuple[int, int, int, int]]:
        """``n`` deals of the unseen cards to the other seats (hand indices by seat), each
        consistent with the public pares/juego declarations (rejection per seat)."""
        kind = self.kind
        bits, index, feats = kind.card_bits, kind.index, kind.feats
        decl = self.obs.declarations
        others = [s for s in range(4) if s != self.seat]
        others.sort(key=lambda s: -(decl[s][1] is not None) * 2 - (decl[s][0] is not None))
        out: list[tuple[int, int, int, int]] = []
        pool = self.pool
        sample = rng.sample
        fp, fj = F_PARES, F_JUEGO
        for _ in range(n):
            avail = pool
            hands = [self.hand, self.hand, self.hand, self.hand]
            for s in others:
                want_p, want_j = decl[s]
                for _try in range(80):
                    a, b, c, d = sample(avail, 4)
                    h = index[bits[a] + bits[b] + bits[c] + bits[d]]
                    f = feats[h]
                    if (want_p is None or (f[fp] > 0) == want_p) and (want_j is None or (f[fj] > 0) == want_j):
                        break
                hands[s] = h
                avail = [x for x in avail if x != a and x != b and x != c and x != d]
            out.append((hands[0], hands[1], hands[2], hands[3]))
        return out

    def weights(self, worlds: list[tuple[int, int, int, int]], reads: str) -> list[float]:
        """Self-model likelihood in each world of the public calls that ``reads`` names (see
        ``Budget``)."""
        calls = public_calls(self.obs)
        whole_deal = reads == "deal"
        if not whole_deal:
            current = LANCE_INDEX.get(self.obs.lance or "", -2)
            kinds = (_OPEN_ORDAGO, _ORDAGO_RAISE) if reads == "ordagos" else tuple(range(11))
            calls = [c for c in calls if c[1] == current and c[2] in kinds]
        tw = self.tab.team_win
        dist = self.dist
        out = [1.0] * len(worlds)
        value, best, gain = self.tab.value, self.tab.best, self.tab.gain
        rounds = len(self.obs.discard_counts)
        for seat, lance, kind, stake in calls:
            cache: dict[int, float] = {}
            d = dist[seat]
            for i, w in enumerate(worlds):
                h = w[seat]
                p = cache.get(h)
                if p is None:
                    if lance < 0:
                        score = value[h][d] - best[h][d] + gain[d] - CUT_THETA + CUT_FATIGUE * rounds
                        cut = 0.05 + 0.9 * _sig(score / CUT_SOFTNESS)
                        p = cut if kind == _CUT else 1.0 - cut
                    else:
                        p = _call_likelihood(kind, tw[h][d][lance], stake, lance)
                    cache[h] = p
                out[i] *= p
        counts = self.obs.discard_counts
        if whole_deal and counts and self.obs.phase == "bet":
            row = counts[-1]
            feats = self.kind.feats
            for seat in range(4):
                k = row[seat]
                if seat == self.seat or k == 0 or k == 4:
                    continue
                need = 4 - k
                for i, w in enumerate(worlds):
                    if _keepers(self.kind.hands[w[seat]], feats[w[seat]], self.kind.roles) < need:
                        out[i] *= 0.4
        total = sum(out)
        if total <= 0:
            return [1.0] * len(worlds)
        return out


def _keepers(roles: tuple[int, ...], f: Feat, nroles: int) -> int:
    """Cards a player would keep in a discard: kings, aces, paired cards; all four with juego."""
    if f[F_JUEGO]:
        return 4
    top = nroles - 1
    return sum(1 for r in roles if r == top or r == 0 or roles.count(r) >= 2)


# ---------------------------------------------------------------------------------------------
# Mus or cut, and discards
# ---------------------------------------------------------------------------------------------


def _strong_mus(view: _View, budget: Budget, rng: random.Random) -> str:
    obs = view.obs
    d = view.dist[view.seat]
    tab = view.tab
    h = view.hand
    rounds = len(obs.discard_counts)
    if rounds >= MAX_STRONG_MUS_ROUNDS:
        return "cut"
    score = tab.value[h][d] - tab.best[h][d] + tab.gain[d] - CUT_THETA + CUT_FATIGUE * rounds
    if budget.reads == "deal":
        said_mus = sum(1 for s in range(4) if s % 2 != view.team and obs.speech[s] == "Mus")
        score += CUT_OPP_MUS * said_mus
        if rng.random() < 0.9:
            return "cut" if score > 0 else "mus"
        return "cut" if rng.random() < _sig(score / CUT_SOFTNESS) else "mus"
    return "cut" if score > 0 else "mus"


@lru_cache(maxsize=16)
def _multisets(nroles: int, m: int) -> tuple[tuple[int, ...], ...]:
    return tuple(combinations_with_replacement(range(nroles), m))


def _strong_discard(view: _View) -> str:
    """The discard with the best expected hand value over every possible draw."""
    obs = view.obs
    kind = view.kind
    d = view.dist[view.seat]
    value = view.tab.value
    counts = list(kind.deck_counts)
    for c in view.cards:
        counts[kind.card_role[c]] -= 1
    for name in obs.my_discards:
        counts[kind.card_role[CARD_INDEX[name]]] -= 1
    best_action, best_ev = obs.legal_actions[0], -1e9
    expect_cache: dict[tuple[int, ...], float] = {}
    for action in obs.legal_actions:
        thrown = set(action.split(" ")[1:])
        kept = tuple(sorted(kind.card_role[CARD_INDEX[c]] for c in obs.hand if c not in thrown))
        ev = expect_cache.get(kept)
        if ev is None:
            ev = _expected_value(kept, counts, kind, value, d)
            expect_cache[kept] = ev
        if ev > best_ev + 1e-9:
            best_action, best_ev = action, ev
    return best_action


def _expected_value(kept: tuple[int, ...], counts: list[int], kind: HandKind,
                    value: tuple[tuple[float, ...], ...], d: int) -> float:
    m = 4 - len(kept)
    total_w = 0.0
    acc = 0.0
    for draw in _multisets(kind.roles, m):
        w = 1
        prev, run = -1, 0
        for r in draw:
            run = run + 1 if r == prev else 1
            prev = r
            w = w * (counts[r] - run + 1) // run if counts[r] - run + 1 > 0 else 0
            if not w:
                break
        if not w:
            continue
        total_w += w
        acc += w * value[kind.of_roles(kept + draw)][d]
    return acc / total_w if total_w else 0.0


# ---------------------------------------------------------------------------------------------
# Betting
# ---------------------------------------------------------------------------------------------


def _strong_bet(view: _View, budget: Budget, rng: random.Random) -> str:
    obs = view.obs
    legal = obs.legal_actions
    lance = LANCE_INDEX[obs.lance or "grande"]
    worlds = view.worlds(budget.worlds, rng)
    if budget.reads != "nothing":
        weights = view.weights(worlds, budget.reads)
    else:
        weights = [1.0] * len(worlds)
    feats = view.kind.feats
    tw = view.tab.team_win
    dist = view.dist
    mano = view.mano
    team = view.team
    order = tuple((mano + i) % 4 for i in range(4))
    decl = obs.declarations
    if lance == PARES:
        eligible = [s for s in order if decl[s][0]]
    elif lance == JUEGO:
        eligible = [s for s in order if decl[s][1]]
    else:
        eligible = list(order)
    partner = (view.seat + 2) % 4
    opp = [s for s in eligible if s % 2 != team]
    bonus_index = F_PBONUS if lance == PARES else F_JBONUS
    base = 1 if lance in (GRANDE, CHICA) else 0

    # Utility of a points outcome (to us, to them) and of a game won or lost.
    ours, theirs, target = view.ours, view.theirs, view.target
    if budget.equity:
        cache: dict[tuple[int, int], float] = {}

        def util(x_us: int, x_them: int) -> float:
            key = (x_us, x_them)
            u = cache.get(key)
            if u is None:
                u = match_equity(min(target, ours + x_us), min(target, theirs + x_them), target, view.mano_next)
                cache[key] = u
            return u

        win_game, lose_game = 1.0, 0.0
    else:

        def util(x_us: int, x_them: int) -> float:
            return float(x_us - x_them)

        win_game, lose_game = float(target - ours), float(-(target - theirs))

    # Per-world facts: who wins at the showdown and the bonuses each team would take.
    rows: list[tuple[float, bool, int, int, tuple[float, ...]]] = []
    total_w = sum(weights)
    for w, world in zip(weights, worlds, strict=True):
        if w <= 0:
            continue
        keys = [feats[world[s]][lance] for s in order]
        win = order[best_position(keys)] % 2 == team
        if lance == PUNTO:
            bu = bt = 1
        elif lance >= PARES:
            bu = sum(feats[world[s]][bonus_index] for s in range(4) if s % 2 == team)
            bt = sum(feats[world[s]][bonus_index] for s in range(4) if s % 2 != team)
        else:
            bu = bt = 0
        sig = tuple(tw[world[s]][dist[s]][lance] for s in range(4))
        rows.append((w / total_w, win, bu, bt, sig))

    def showdown(win: bool, bu: int, bt: int, stake: int) -> float:
        return util(stake + bu, 0) if win else util(0, stake + bt)

    def team_accepts(sig: tuple[float, ...], seats: Sequence[int], stake: int) -> float:
        refuse = 1.0
        for s in seats:
            refuse *= 1.0 - p_accept(sig[s], stake, lance)
        return 1.0 - refuse

    def team_accepts_ordago(sig: tuple[float, ...], seats: Sequence[int]) -> float:
        refuse = 1.0
        for s in seats:
            refuse *= 1.0 - p_accept_ordago(sig[s])
        return 1.0 - refuse

    ev: dict[str, float] = {}
    if obs.bettor_team is None:
        later = obs.to_speak[1:]
        sizes = [n for n in budget.sizes if n == 2 or f"envido {n}" in legal]
        ev_bets = [0.0] * len(sizes)
        ev_ord = 0.0
        fixed = acc = rej = 0.0
        for p, win, bu, bt, sig in rows:
            bet_value = 0.0
            for k, n in enumerate(sizes):
                pacc = team_accepts(sig, opp, n)
                value = pacc * showdown(win, bu, bt, n) + (1 - pacc) * util(1 + bu, 0)
                ev_bets[k] += p * value
                if n == 2:
                    bet_value = value
            if "ordago" in legal:
                po = team_accepts_ordago(sig, opp)
                ev_ord += p * (po * (win_game if win else lose_game) + (1 - po) * util(1 + bu, 0))
            nobody = 1.0
            for r in later:
                pb = p_open_bet(sig[r])
                first = nobody * pb
                if r % 2 == team:
                    fixed += p * first * bet_value
                else:
                    acc += p * first * showdown(win, bu, bt, 2)
                    rej += p * first * util(0, 1 + bt)
                nobody *= 1 - pb
            fixed += p * nobody * (util(base + bu, 0) if win else util(0, base + bt))
        ev["paso"] = fixed + max(acc, rej)
        for k, n in enumerate(sizes):
            if f"envido {n}" in legal:
                ev[f"envido {n}"] = ev_bets[k]
        if "ordago" in legal and budget.raises:
            ev["ordago"] = ev_ord
    else:
        stake = obs.stakes
        deje = obs.stake_seen if obs.stake_seen > 0 else 1
        partner_next = partner in obs.to_speak[1:]
        their = [s for s in eligible if s % 2 != team]
        their_order = [s for s in ((view.seat + k) % 4 for k in (1, 2, 3)) if s in their]
        e_q = e_n = e_o = 0.0
        raises = [n for n in budget.sizes if f"raise {n}" in legal] if budget.raises else []
        e_r = [0.0] * len(raises)
        for p, win, bu, bt, sig in rows:
            if obs.ordago:
                called = win_game if win else lose_game
                e_q += p * called
                refuse = util(0, deje + bt)
                if partner_next:
                    pp = p_accept_ordago(sig[partner])
                    e_n += p * (pp * called + (1 - pp) * refuse)
                else:
                    e_n += p * refuse
                continue
            sd = showdown(win, bu, bt, stake)
            e_q += p * sd
            refuse = util(0, deje + bt)
            if partner_next:
                pp = p_accept(sig[partner], stake, lance)
                e_n += p * (pp * sd + (1 - pp) * refuse)
            else:
                e_n += p * refuse
            if budget.raises:
                for k, n in enumerate(raises):
                    pr = team_accepts(sig, their_order, stake + n)
                    e_r[k] += p * (pr * showdown(win, bu, bt, stake + n) + (1 - pr) * util(stake + bu, 0))
                po = team_accepts_ordago(sig, their_order)
                e_o += p * (po * (win_game if win else lose_game) + (1 - po) * util(stake + bu, 0))
        ev["quiero"] = e_q
        ev["no-quiero"] = e_n
        if budget.raises and not obs.ordago:
            for k, n in enumerate(raises):
                ev[f"raise {n}"] = e_r[k]
            if "ordago" in legal:
                ev["ordago"] = e_o
    # A little noise so that near-ties are mixed rather than a fixed function of the hand.
    scale = abs(util(1, 0) - util(0, 1)) * 0.15 + 1e-9
    best = max(ev, key=lambda a: ev[a] + rng.gauss(0.0, scale))
    return best if best in legal else legal[0]


def choose_strong(observation: MusObservation, budget: Budget, rng: random.Random) -> str:
    """The normal / hard decision (see the module docstring)."""
    view = _View(observation)
    phase = observation.phase
    if phase == "mus":
        return _strong_mus(view, budget, rng)
    if phase == "discard":
        return _strong_discard(view)
    return _strong_bet(view, budget, rng)
