"""The computer players for Mus (rules file §6): easy, normal and hard.

``choose(rules, observation, level, rng)`` decides from the observation alone: its own four
cards, its position from mano, the public declarations, every call of the deal (mus and cut,
discard counts, bets and answers), the stakes and the score. It never looks at its partner's or
the opponents' cards (R2.13, A-24). Every level is deterministic for a given ``rng`` state and
works to a fixed budget (no clock), so arena runs reproduce.

``rank(rules, observation, level, rng)`` (normal and hard) is every legal action with that
level's value of it, its choice first (``game.ai.rank_actions``, for the hint key and the deal
review); the strong ``choose`` plays the head of that ranking, so the two cannot drift apart.
docs/ai-mus.md ("Values behind the hint and the review") says what the numbers mean.

**Easy** (§6.3 point 7: fixed thresholds on single-hand strength plus noise):

- Mus or cut (§6.3 point 6): cut with a good hand (31, juego with pares, medias or duples,
  three kings, or two kings with pares as mano); say mus with a weak one, and cut anyway once
  the mus phase has gone round a few times ("mus fatigue", MUSVISTO #37).
- Discards: keep kings, aces and paired cards, throw the rest (at least one card).
- Señas (with the ``senas`` option on): passes every seña its hand fits, or ciego; it does not
  read the señas it sees.
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
  come from a self-model: logistic functions of their own ``TEAM_WIN`` in that world. Of the
  actions the budget weighs (paso, quiero, no-quiero, órdago, envido / raise of its sizes) the
  one with the best expected utility is taken, with a little noise so that near-ties mix; the
  other amounts are valued the same way for the ranking but never chosen.
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

import dataclasses
import math
import random
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import accumulate, combinations_with_replacement
from typing import Any

from game.ai import LEVELS, mus_tables
from game.ai.analysis import MODEL, SAMPLED, Estimate, Ranking
from game.rules.mus import (
    CARD_INDEX,
    CARDS,
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
    allowed_senas,
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
    if phase == "senas":
        return legal[0]  # honest and open: every seña the hand fits (ciego when none)
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


@lru_cache(maxsize=2)
def hand_senas(kings8: bool) -> tuple[tuple[str, ...], ...]:
    """Per hand index, the señas the hand fits (``allowed_senas`` of the rules, asked once per
    hand with cards of its roles)."""
    kind = hand_kind(kings8)
    by_role: list[list[int]] = [[] for _ in range(kind.roles)]
    for c, r in enumerate(kind.card_role):
        by_role[r].append(c)
    options = {"kings": 8 if kings8 else 4}
    out = []
    for roles in kind.hands:
        used = [0] * kind.roles
        cards = []
        for r in roles:
            cards.append(CARDS[by_role[r][used[r]]])
            used[r] += 1
        out.append(allowed_senas(cards, options))
    return tuple(out)


@lru_cache(maxsize=512)
def fitting_hands(kings8: bool, need: tuple[str, ...], decl: tuple[bool | None, bool | None]) -> tuple[int, ...]:
    """The hand indices that fit every seña of ``need`` (a seen ``ciego``: no other seña) and
    the pares / juego declarations ``decl``."""
    kind = hand_kind(kings8)
    senas = hand_senas(kings8)
    want_p, want_j = decl
    return tuple(
        h for h, f in enumerate(kind.feats)
        if all(n in senas[h] for n in need)
        and (want_p is None or (f[F_PARES] > 0) == want_p) and (want_j is None or (f[F_JUEGO] > 0) == want_j))


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
    sena_worlds: int  # sampled deals per seña turn (``game.ai.mus_senas``)
    withhold: bool  # pass the seña turn worth most (else always every seña the hand fits)


BUDGETS: dict[str, Budget] = {
    "normal": Budget(worlds=100, reads="ordagos", equity=True, raises=True, sizes=(2,), sena_worlds=60,
                     withhold=True),
    "hard": Budget(worlds=500, reads="deal", equity=True, raises=True, sizes=(2, 5), sena_worlds=250,
                   withhold=True),
}

# Cut when (value now - value expected after discarding + the average gain) beats this, lowered
# by every mus round already played and (hard) by every opponent who said mus this round.
CUT_THETA = 0.0
CUT_FATIGUE = 0.35
CUT_OPP_MUS = 0.25
CUT_SOFTNESS = 0.35
MAX_STRONG_MUS_ROUNDS = 4
# The self-model's answer to a bet: from a floor, a logistic of the seat's team-win chance
# around a threshold (Grande and Chica, Pares and Juego) that rises a little with the stake.
ACCEPT_FLOOR = 0.06
ACCEPT_SPAN = 0.88
ACCEPT_SOFTNESS = 0.06
ACCEPT_AT = 0.38
ACCEPT_AT_PARES = 0.30
ACCEPT_STEP = 0.01
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


def _accept_threshold(stake: int, lance: int) -> float:
    return (ACCEPT_AT if lance < PARES else ACCEPT_AT_PARES) + ACCEPT_STEP * (stake - 2)


def p_accept(sigma: float, stake: int, lance: int) -> float:
    """Self-model: chance a seat answers a bet of ``stake`` (quiero or more)."""
    t = (ACCEPT_AT if lance < PARES else ACCEPT_AT_PARES) + ACCEPT_STEP * (stake - 2)  # _accept_threshold
    return ACCEPT_FLOOR + ACCEPT_SPAN * _sig((sigma - t) / ACCEPT_SOFTNESS)


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
    """What a strong player works from: the observation in table form. ``true_hands`` (every
    seat's hand, by seat) is given only to the arena's oracle: every world is then the true deal."""

    def __init__(self, obs: MusObservation, true_hands: Sequence[Sequence[str]] | None = None) -> None:
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
        needs: list[list[str]] = [[], [], [], []]
        for seen in obs.senas_seen:
            if seen.seat != obs.seat:
                needs[seen.seat].append(seen.sena)
        # Per seat, the señas this seat saw it pass (its partner's, the rivals' it caught).
        self.needs: tuple[tuple[str, ...], ...] = tuple(tuple(n) for n in needs)
        self.true_hands = true_hands

    def worlds(self, n: int, rng: random.Random) -> list[tuple[int, int, int, int]]:
        """``n`` deals of the unseen cards to the other seats (hand indices by seat), each
        consistent with the public pares/juego declarations (rejection per seat) and with every
        seña the seat saw (``_sena_worlds``). For the oracle, ``n`` times the true deal: the
        same budget, so what the worlds carry (the seña turn's sampled paths) is drawn as often."""
        if self.true_hands is not None:
            h0, h1, h2, h3 = (self.kind.of_cards([CARD_INDEX[c] for c in hand]) for hand in self.true_hands)
            return [(h0, h1, h2, h3)] * n
        if any(self.needs):
            return self._sena_worlds(n, rng)
        kind = self.kind
        bits, index, feats = kind.card_bits, kind.index, kind.feats
        decl = self.obs.declarations
        others = [s for s in range(4) if s != self.seat]
        others.sort(key=lambda s: -(decl[s][1] is not None) * 2 - (decl[s][0] is not None))
        last = others[-1]
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
                if s != last:  # the same order as filtering, at C speed; the last seat's cards are not needed
                    avail = avail.copy()
                    remove = avail.remove
                    remove(a)
                    remove(b)
                    remove(c)
                    remove(d)
            out.append((hands[0], hands[1], hands[2], hands[3]))
        return out

    def _sena_worlds(self, n: int, rng: random.Random) -> list[tuple[int, int, int, int]]:
        """``worlds`` when the seat saw señas: each seat seen to pass a seña is dealt first, a
        hand drawn uniformly among the card sets of the unseen cards that fit its señas and its
        declarations (by hand shape, so never a hand that contradicts a seña, however rare the
        seña); then the others as ``worlds`` deals them."""
        kind = self.kind
        role = kind.card_role
        bits, index, feats = kind.card_bits, kind.index, kind.feats
        decl = self.obs.declarations
        others = [s for s in range(4) if s != self.seat]
        bound = [s for s in others if self.needs[s]]
        free = [s for s in others if not self.needs[s]]
        free.sort(key=lambda s: -(decl[s][1] is not None) * 2 - (decl[s][0] is not None))
        fits = {s: fitting_hands(kind.kings8, self.needs[s], decl[s]) for s in bound}
        bound.sort(key=lambda s: len(fits[s]))  # the most telling seña first
        pool = self.pool
        base = [0] * kind.roles
        for c in pool:
            base[role[c]] += 1
        shapes = _shapes(kind.kings8)

        def ways(h: int, counts: list[int]) -> int:
            w = 1
            for r, k in shapes[h]:
                w *= math.comb(counts[r], k)
            return w

        # The signalling seats' hands together, uniformly among the card sets of the unseen cards
        # that fit (rejection): each proposed by its card sets in the whole pool, the later ones
        # kept with the share of those sets that the earlier hands left free.
        proposals = {s: (fits[s], list(accumulate(ways(h, base) for h in fits[s]))) for s in bound}
        out: list[tuple[int, int, int, int]] = []
        sample = rng.sample
        fp, fj = F_PARES, F_JUEGO
        last = free[-1] if free else -1
        for _ in range(n):
            hands = [self.hand, self.hand, self.hand, self.hand]
            for _restart in range(100_000):  # rejected: deal the signalling seats again
                counts = base.copy()
                for j, s in enumerate(bound):
                    cands, cum = proposals[s]
                    h = cands[bisect_right(cum, rng.random() * cum[-1])]
                    if j and rng.random() * ways(h, base) >= ways(h, counts):
                        break
                    hands[s] = h
                    for r, k in shapes[h]:
                        counts[r] -= k
                else:
                    break
            else:
                raise RuntimeError("no deal of the unseen cards fits the señas seen")
            avail = pool.copy()
            for s in bound:
                for r, k in shapes[hands[s]]:
                    for _k in range(k):
                        avail.remove(next(c for c in avail if role[c] == r))
            for s in free:
                want_p, want_j = decl[s]
                for _try in range(80):
                    a, b, c, d = sample(avail, 4)
                    h = index[bits[a] + bits[b] + bits[c] + bits[d]]
                    f = feats[h]
                    if (want_p is None or (f[fp] > 0) == want_p) and (want_j is None or (f[fj] > 0) == want_j):
                        break
                hands[s] = h
                if s != last:
                    avail = avail.copy()
                    for x in (a, b, c, d):
                        avail.remove(x)
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
        if whole_deal and counts and self.obs.phase in ("bet", "senas"):
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


@lru_cache(maxsize=2)
def _shapes(kings8: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per hand index, its roles as (role, how many)."""
    return tuple(tuple((r, roles.count(r)) for r in sorted(set(roles))) for roles in hand_kind(kings8).hands)


def _keepers(roles: tuple[int, ...], f: Feat, nroles: int) -> int:
    """Cards a player would keep in a discard: kings, aces, paired cards; all four with juego."""
    if f[F_JUEGO]:
        return 4
    top = nroles - 1
    return sum(1 for r in roles if r == top or r == 0 or roles.count(r) >= 2)


# ---------------------------------------------------------------------------------------------
# Mus or cut, and discards
# ---------------------------------------------------------------------------------------------


def _strong_mus(view: _View, budget: Budget, rng: random.Random) -> Ranking:
    """Cut or mus by the hand tables, valued in hand value (``VALUE``: net points of the deal).

    Cut keeps this hand's value. Mus is worth the value expected after the best discard less
    what a mus gives the average hand (the others draw too), less the fatigue of every mus
    round already played and (hard) of every opponent who has just said mus. The level cuts
    exactly when cut is worth more; from the fourth round it always cuts (a rule that ends the
    mus phase: mus is then valued at most as cut). Hard mixes one call in ten (the lead is
    still its call, which may then be the lower-valued one)."""
    obs = view.obs
    d = view.dist[view.seat]
    tab = view.tab
    h = view.hand
    rounds = len(obs.discard_counts)
    said_mus = 0
    stay = tab.value[h][d]
    score = tab.value[h][d] - tab.best[h][d] + tab.gain[d] - CUT_THETA + CUT_FATIGUE * rounds
    if rounds >= MAX_STRONG_MUS_ROUNDS:
        choice = "cut"
    elif budget.reads == "deal":
        said_mus = sum(1 for s in range(4) if s % 2 != view.team and obs.speech[s] == "Mus")
        score += CUT_OPP_MUS * said_mus
        if rng.random() < 0.9:
            choice = "cut" if score > 0 else "mus"
        else:
            choice = "cut" if rng.random() < _sig(score / CUT_SOFTNESS) else "mus"
    else:
        choice = "cut" if score > 0 else "mus"
    go = stay - score
    if rounds >= MAX_STRONG_MUS_ROUNDS:
        go = min(go, stay)
    values = {"cut": stay, "mus": go}
    # The calls are named only where some were heard (a tester saw them named before anybody spoke).
    note = "the hand tables and the mus calls" if said_mus else "the hand tables"
    return Ranking.of((Estimate(a, values[a]) for a in obs.legal_actions), choice, MODEL, note)


@lru_cache(maxsize=16)
def _multisets(nroles: int, m: int) -> tuple[tuple[int, ...], ...]:
    return tuple(combinations_with_replacement(range(nroles), m))


def _strong_discard(view: _View) -> Ranking:
    """Every discard valued by its expected hand value over every possible draw; the level
    takes the best (the first of equals)."""
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
    estimates: list[Estimate] = []
    for action in obs.legal_actions:
        thrown = set(action.split(" ")[1:])
        kept = tuple(sorted(kind.card_role[CARD_INDEX[c]] for c in obs.hand if c not in thrown))
        ev = expect_cache.get(kept)
        if ev is None:
            ev = _expected_value(kept, counts, kind, value, d)
            expect_cache[kept] = ev
        estimates.append(Estimate(action, ev))
        if ev > best_ev + 1e-9:
            best_action, best_ev = action, ev
    return Ranking.of(estimates, best_action, MODEL, "the hand tables, every draw counted")


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


def _amount(action: str) -> int:
    """The amount of an ``envido N`` or ``raise N``."""
    return int(action.rsplit(" ", 1)[1])


def _other_amounts(rows: Sequence[tuple[float, bool, int, int, tuple[float, ...]]], seats: Sequence[int],
                   lance: int, stakes: Sequence[int], fold_stake: int,
                   outcomes: tuple[list[float], list[float], list[float], list[float]]) -> list[tuple[float, float]]:
    """(equity, points) of a bet or raise to each of these stakes, by the same sum as the
    budget's own amounts: ``seats`` answer by ``p_accept`` (a refusal leaves us ``fold_stake``
    and our bonuses), an acceptance goes to the showdown. Quicker than calling ``p_accept``
    per stake: a stake moves its threshold, which scales the logistic's odds by a factor, so
    each hand costs one exponential; worlds are summed per (winner, bonuses)."""
    t0 = _accept_threshold(2, lance)
    factors = [math.exp(ACCEPT_STEP * (s - 2) / ACCEPT_SOFTNESS) for s in stakes]
    n = len(stakes)
    per_sigma: dict[float, list[float]] = {}

    def refusals(sigma: float) -> list[float]:
        r = per_sigma.get(sigma)
        if r is None:
            odds = math.exp(-(sigma - t0) / ACCEPT_SOFTNESS)
            r = per_sigma[sigma] = [1.0 - ACCEPT_FLOOR - ACCEPT_SPAN / (1.0 + odds * f) for f in factors]
        return r

    # Per (winner, bonuses): the weight refusing each stake, and the total weight.
    parts: dict[tuple[bool, int, int], list[list[float]]] = {}
    one = seats[0] if len(seats) == 1 else -1
    first, second = (seats[0], seats[1]) if len(seats) == 2 else (-1, -1)
    for p, win, bu, bt, sig in rows:
        if one >= 0:
            refuse = [p * x for x in refusals(sig[one])]
        elif first >= 0:
            refuse = [p * x * y for x, y in zip(refusals(sig[first]), refusals(sig[second]), strict=True)]
        else:
            refuse = [p] * n
            for s in seats:
                refuse = [a * b for a, b in zip(refuse, refusals(sig[s]), strict=True)]
        refuse.append(p)
        parts.setdefault((win, bu, bt), []).append(refuse)
    groups = {key: [sum(column) for column in zip(*lists, strict=True)] for key, lists in parts.items()}
    up, down, gain, loss = outcomes
    out = [(0.0, 0.0)] * n
    for (win, bu, bt), g in groups.items():
        total = g[n]
        fold, fold_p = up[fold_stake + bu], gain[fold_stake + bu]
        for k, stake in enumerate(stakes):
            refused = g[k]
            sd = up[stake + bu] if win else down[stake + bt]
            sd_p = gain[stake + bu] if win else loss[stake + bt]
            e, q = out[k]
            out[k] = (e + (total - refused) * sd + refused * fold, q + (total - refused) * sd_p + refused * fold_p)
    return out


def _strong_bet(view: _View, budget: Budget, rng: random.Random) -> Ranking:
    """Every legal bet or answer valued over the sampled worlds, one ply deep.

    The level chooses on match equity (``win_chance``) among the actions its budget considers
    (envido / raise 2, hard also 5; órdago), with gaussian noise so that near-ties mix. The
    same worlds, weights and self-model probabilities give ``points``: the net points (ours
    less theirs) the lance brings to the score, the count stopping at the target (an órdago won
    is worth the points we lacked, one lost the points they lacked). The amounts the budget
    does not consider are valued the same way but never chosen."""
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

    # Utility of a points outcome (to us, to them) and of a game won or lost. Every outcome
    # gives points to one team only: ``up[x]`` is the utility of our taking x, ``down[x]`` of
    # theirs; ``gain`` and ``loss`` are the same outcomes in points of the score, net to us (the
    # count stops at the target).
    ours, theirs, target = view.ours, view.theirs, view.target
    room_us, room_them = target - ours, target - theirs
    top = max((_amount(a) for a in legal if a.startswith(("envido ", "raise "))), default=0)
    span = range(max(obs.stakes, obs.stake_seen, 2) + top + 10)  # every stake, bonuses and base
    if budget.equity:
        mano_next = view.mano_next
        up = [match_equity(min(target, ours + x), min(target, theirs), target, mano_next) for x in span]
        down = [match_equity(min(target, ours), min(target, theirs + x), target, mano_next) for x in span]
        win_game, lose_game = 1.0, 0.0
    else:
        up = [float(x) for x in span]
        down = [float(-x) for x in span]
        win_game, lose_game = float(target - ours), float(-(target - theirs))
    gain = [float(min(x, room_us)) for x in span]
    loss = [float(-min(x, room_them)) for x in span]
    win_pts, lose_pts = float(room_us), float(-room_them)

    # Per-world facts: who wins at the showdown and the bonuses each team would take.
    rows: list[tuple[float, bool, int, int, tuple[float, ...]]] = []
    total_w = sum(weights)
    mates = [s for s in range(4) if s % 2 == team]
    rivals = [s for s in range(4) if s % 2 != team]
    m0, m1, r0, r1 = mates[0], mates[1], rivals[0], rivals[1]
    d0, d1, d2, d3 = dist
    for w, world in zip(weights, worlds, strict=True):
        if w <= 0:
            continue
        keys = [feats[world[s]][lance] for s in order]
        win = order[best_position(keys)] % 2 == team
        if lance == PUNTO:
            bu = bt = 1
        elif lance >= PARES:
            bu = feats[world[m0]][bonus_index] + feats[world[m1]][bonus_index]
            bt = feats[world[r0]][bonus_index] + feats[world[r1]][bonus_index]
        else:
            bu = bt = 0
        sig: tuple[float, ...] = (tw[world[0]][d0][lance], tw[world[1]][d1][lance],
                                  tw[world[2]][d2][lance], tw[world[3]][d3][lance])
        rows.append((w / total_w, win, bu, bt, sig))

    # The self-model's answers, remembered per (team-win chance, stake) within the decision.
    refusal: dict[tuple[float, int], float] = {}
    refusal_ordago: dict[float, float] = {}

    def team_accepts(sig: tuple[float, ...], seats: Sequence[int], stake: int) -> float:
        refuse = 1.0
        for s in seats:
            key = (sig[s], stake)
            r = refusal.get(key)
            if r is None:
                r = refusal[key] = 1.0 - p_accept(sig[s], stake, lance)
            refuse *= r
        return 1.0 - refuse

    def team_accepts_ordago(sig: tuple[float, ...], seats: Sequence[int]) -> float:
        refuse = 1.0
        for s in seats:
            r = refusal_ordago.get(sig[s])
            if r is None:
                r = refusal_ordago[sig[s]] = 1.0 - p_accept_ordago(sig[s])
            refuse *= r
        return 1.0 - refuse

    # Equity and points per action; the budget's actions are the candidates, in this order.
    ev: dict[str, float] = {}
    pts: dict[str, float] = {}
    if obs.bettor_team is None:
        later = obs.to_speak[1:]
        sizes = [n for n in budget.sizes if n == 2 or f"envido {n}" in legal]
        ev_bets = [0.0] * len(sizes)
        pt_bets = [0.0] * len(sizes)
        ev_ord = pt_ord = 0.0
        fixed = acc = rej = 0.0
        fixed_p = acc_p = rej_p = 0.0
        ordago_open = "ordago" in legal
        for p, win, bu, bt, sig in rows:
            fold, fold_p = up[1 + bu], gain[1 + bu]
            bet_value = bet_pts = 0.0
            for k, n in enumerate(sizes):
                pacc = team_accepts(sig, opp, n)
                value = pacc * (up[n + bu] if win else down[n + bt]) + (1 - pacc) * fold
                points = pacc * (gain[n + bu] if win else loss[n + bt]) + (1 - pacc) * fold_p
                ev_bets[k] += p * value
                pt_bets[k] += p * points
                if n == 2:
                    bet_value, bet_pts = value, points
            if ordago_open:
                po = team_accepts_ordago(sig, opp)
                ev_ord += p * (po * (win_game if win else lose_game) + (1 - po) * fold)
                pt_ord += p * (po * (win_pts if win else lose_pts) + (1 - po) * fold_p)
            nobody = 1.0
            for r in later:
                pb = p_open_bet(sig[r])
                first = nobody * pb
                if r % 2 == team:
                    fixed += p * first * bet_value
                    fixed_p += p * first * bet_pts
                else:
                    acc += p * first * (up[2 + bu] if win else down[2 + bt])
                    rej += p * first * down[1 + bt]
                    acc_p += p * first * (gain[2 + bu] if win else loss[2 + bt])
                    rej_p += p * first * loss[1 + bt]
                nobody *= 1 - pb
            fixed += p * nobody * (up[base + bu] if win else down[base + bt])
            fixed_p += p * nobody * (gain[base + bu] if win else loss[base + bt])
        # After a pass, an opponent's bet is answered the better way for the game.
        ev["paso"] = fixed + max(acc, rej)
        pts["paso"] = fixed_p + (acc_p if acc >= rej else rej_p)
        for k, n in enumerate(sizes):
            if f"envido {n}" in legal:
                ev[f"envido {n}"] = ev_bets[k]
                pts[f"envido {n}"] = pt_bets[k]
        if ordago_open and budget.raises:
            ev["ordago"] = ev_ord
            pts["ordago"] = pt_ord
        seats, start, fold_stake, ordago_values = opp, 0, 1, (ev_ord, pt_ord)
    else:
        stake = obs.stakes
        deje = obs.stake_seen if obs.stake_seen > 0 else 1
        partner_next = partner in obs.to_speak[1:]
        their = [s for s in eligible if s % 2 != team]
        their_order = [s for s in ((view.seat + k) % 4 for k in (1, 2, 3)) if s in their]
        e_q = e_n = e_o = 0.0
        p_q = p_n = p_o = 0.0
        raises = [n for n in budget.sizes if f"raise {n}" in legal] if budget.raises else []
        e_r = [0.0] * len(raises)
        p_r = [0.0] * len(raises)
        ordago_open = "ordago" in legal
        for p, win, bu, bt, sig in rows:
            refuse, refuse_p = down[deje + bt], loss[deje + bt]
            if obs.ordago:
                called = win_game if win else lose_game
                called_p = win_pts if win else lose_pts
                e_q += p * called
                p_q += p * called_p
                if partner_next:
                    pp = p_accept_ordago(sig[partner])
                    e_n += p * (pp * called + (1 - pp) * refuse)
                    p_n += p * (pp * called_p + (1 - pp) * refuse_p)
                else:
                    e_n += p * refuse
                    p_n += p * refuse_p
                continue
            sd = up[stake + bu] if win else down[stake + bt]
            sd_p = gain[stake + bu] if win else loss[stake + bt]
            e_q += p * sd
            p_q += p * sd_p
            if partner_next:
                pp = p_accept(sig[partner], stake, lance)
                e_n += p * (pp * sd + (1 - pp) * refuse)
                p_n += p * (pp * sd_p + (1 - pp) * refuse_p)
            else:
                e_n += p * refuse
                p_n += p * refuse_p
            fold, fold_p = up[stake + bu], gain[stake + bu]
            for k, n in enumerate(raises):
                pr = team_accepts(sig, their_order, stake + n)
                e_r[k] += p * (pr * (up[stake + n + bu] if win else down[stake + n + bt]) + (1 - pr) * fold)
                p_r[k] += p * (pr * (gain[stake + n + bu] if win else loss[stake + n + bt]) + (1 - pr) * fold_p)
            if ordago_open:
                po = team_accepts_ordago(sig, their_order)
                e_o += p * (po * (win_game if win else lose_game) + (1 - po) * fold)
                p_o += p * (po * (win_pts if win else lose_pts) + (1 - po) * fold_p)
        ev["quiero"], pts["quiero"] = e_q, p_q
        ev["no-quiero"], pts["no-quiero"] = e_n, p_n
        if budget.raises and not obs.ordago:
            for k, n in enumerate(raises):
                ev[f"raise {n}"], pts[f"raise {n}"] = e_r[k], p_r[k]
            if ordago_open:
                ev["ordago"], pts["ordago"] = e_o, p_o
        seats, start, fold_stake, ordago_values = their_order, stake, stake, (e_o, p_o)
    # A little noise so that near-ties are mixed rather than a fixed function of the hand.
    scale = abs(up[1] - down[1]) * 0.15 + 1e-9
    best = max(ev, key=lambda a: ev[a] + rng.gauss(0.0, scale))
    choice = best if best in legal else legal[0]
    weighed = set(ev)
    noise_chose = best != max(ev, key=lambda a: ev[a])
    # The legal actions the budget does not consider get their values too (never chosen).
    if "ordago" in legal and "ordago" not in ev:
        ev["ordago"], pts["ordago"] = ordago_values
    others = [a for a in legal if a not in ev]
    if others:
        stakes = [start + _amount(a) for a in others]
        amounts = _other_amounts(rows, seats, lance, stakes, fold_stake, (up, down, gain, loss))
        for a, (e, q) in zip(others, amounts, strict=True):
            ev[a], pts[a] = e, q
    n_rows = len(rows)
    equity = budget.equity
    estimates = [Estimate(a, pts[a], n_rows, min(1.0, max(0.0, ev[a])) if equity else None) for a in legal]
    note = f"{n_rows} imagined deals" + (", weighed by the calls so far" if budget.reads != "nothing" else "")
    # Why a better-looking number was not chosen: the noise, or an amount the level never bets
    # (valued for the hint and the review only; a tester saw Envido 10 at 28% beside Hard's
    # Envido 5 at 22% explained as a near tie).
    mixed, only = "near ties mixed at random", f"it bets only {' or '.join(str(n) for n in budget.sizes)}"
    unbet = [a for a in ev if a not in weighed and ev[a] > ev[best]]
    if noise_chose:
        note += "; " + mixed
    if unbet:
        note += "; " + only
    # Each reason beside the choices it explains, when there are both.
    reasons = tuple((a, only if a in unbet else mixed) for a in legal if a != choice) if noise_chose and unbet else ()
    return dataclasses.replace(Ranking.of(estimates, choice, SAMPLED, note), reasons=reasons)


def rank_strong(observation: MusObservation, budget: Budget, rng: random.Random,
                true_hands: Sequence[Sequence[str]] | None = None) -> Ranking:
    """Every legal action with the normal / hard value of it, the level's choice first (see the
    module docstring and docs/ai-mus.md, "Values behind the hint and the review"). With
    ``true_hands`` (the oracle only) the bets and the seña turn are valued in the true deal."""
    view = _View(observation, true_hands)
    phase = observation.phase
    if phase == "mus":
        return _strong_mus(view, budget, rng)
    if phase == "discard":
        return _strong_discard(view)
    if phase == "senas":
        from game.ai.mus_senas import rank_senas  # it builds on this module

        return rank_senas(view, budget, rng)
    return _strong_bet(view, budget, rng)


def choose_strong(observation: MusObservation, budget: Budget, rng: random.Random) -> str:
    """The normal / hard decision: the head of its ranking, so the two cannot drift apart."""
    return rank_strong(observation, budget, rng).best.action


def oracle(rules: Any, state: Any, observation: MusObservation, rng: random.Random) -> str:
    """The arena's oracle (``game.ai.oracle``, docs/oracle.md): hard with every world it would
    sample (the bets and answers, the seña turn) replaced by the true deal, the four hands the
    open observation shows. Mus or cut and the discards are hard's own: its hand tables value a
    hand against random hands and draws, and the draws (the deck stream) are hidden from the
    oracle too. Hard's players ignore open hands (they decide from their own cards at a table
    with open hands), so the true deal reaches the search only through this function.
    ``state`` is not read: the observation's hands are all the oracle knows."""
    hands = observation.all_hands
    if hands is None:
        raise ValueError("the oracle needs every hand: an observation with open hands")
    legal = observation.legal_actions
    if len(legal) == 1:
        return legal[0]
    if observation.phase == "replay":
        return "continue"
    return rank_strong(observation, BUDGETS["hard"], rng, hands).best.action


# The first clause of a ranking's note with open hands: Hard decides from the seat's own cards,
# as the computers at such a table do, so its numbers do not use the hands shown face up.
OWN_CARDS_ONLY = "own cards only"


def rank(rules: Any, observation: MusObservation, level: str, rng: random.Random) -> Ranking:
    """Every legal action of ``observation``'s seat with ``level``'s value of it, best first;
    the first is what ``choose`` plays with the same ``rng`` state (``game.ai.rank_actions``)."""
    budget = BUDGETS.get(level)
    if budget is None:
        raise ValueError(f"level {level!r} keeps no values to rank by; use one of {', '.join(BUDGETS)}")
    legal = observation.legal_actions
    if not legal:
        raise ValueError("the observing seat has no decision to make")
    if len(legal) == 1:
        return Ranking.forced(legal[0])
    if observation.phase == "replay":
        return Ranking.preference(legal, "continue")
    ranking = rank_strong(observation, budget, rng)
    if observation.all_hands is not None:  # said first: with open hands a learner would think otherwise
        ranking = replace(ranking, note=f"{OWN_CARDS_ONLY}; {ranking.note}")
    return ranking
