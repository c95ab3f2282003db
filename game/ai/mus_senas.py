"""The strong Mus players' señas (issue 17): what each seña turn is worth, and which they take.

A seña tells the partner something true of the passer's hand; with the chance ``sena_catch``
each rival catches it too, and a caught seña is known to the whole rival side. What that is
worth is reckoned by the machinery the bets use (``game.ai.mus``): the worlds the seat could be
in (``_View.worlds``: the hidden hands under every seña it saw, weighed at hard by the mus
calls and the discards), and in each the whole deal's four lances played by the self-model
(every seat opens with an envido by ``p_open_bet`` of its team-win chance, the other side
answers by ``p_accept``, then the showdown with the bonuses). Knowing a seña moves a seat's
team-win chance in every lance (``uplift``): a partner told "duples" expects to win Pares and
answers bets there; rivals who caught it expect to lose and stop paying our bets. A turn's
value is the deal's expected net points over the worlds, averaged over which of its señas the
rivals catch; its win chance is the chance of winning the game after the deal, from sampled
paths of the same lances (``MATCH_EQUITY``).

The level passes the turn worth most (the first of equals, in the order of the legal actions,
so the whole set before any part of it); docs/ai-mus.md records whether withholding paid.
"""

from __future__ import annotations

import dataclasses
import math
import random
from bisect import bisect_left
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from game.ai.analysis import SAMPLED, Estimate, Ranking
from game.ai.mus import (
    CHICA,
    GRANDE,
    JUEGO,
    PARES,
    PUNTO,
    Budget,
    _View,
    best_position,
    fitting_hands,
    hand_kind,
    match_equity,
    p_accept,
    p_open_bet,
    tables,
)
from game.rules.mus import F_JBONUS, F_PBONUS, SENAS_NONE

Need = tuple[str, ...] | None  # the señas a seat's hand is known to fit (None: nothing known)
_ANY: tuple[bool | None, bool | None] = (None, None)

#: Why Hard passed señas with a lower chance of winning than another turn: it goes by points here.
BY_POINTS = "señas chosen by points"


@lru_cache(maxsize=2)
def _prior(kings8: bool) -> tuple[float, ...]:
    """Per hand index, its chance of being dealt from a full deck."""
    kind = hand_kind(kings8)
    ways = []
    for roles in kind.hands:
        w = 1
        for r in set(roles):
            w *= math.comb(kind.deck_counts[r], roles.count(r))
        ways.append(w)
    total = sum(ways)
    return tuple(w / total for w in ways)


class _KeyDist:
    """The distribution of one seat's key in one lance: distinct keys ascending, their
    chances, and the chance of a key below each."""

    def __init__(self, chances: dict[int, float]) -> None:
        total = sum(chances.values())
        self.keys = sorted(chances)
        self.probs = [chances[k] / total for k in self.keys]
        below = [0.0]
        for p in self.probs:
            below.append(below[-1] + p)
        self.below = below

    def split(self, key: int) -> tuple[int, float, float]:
        """(index of ``key`` or of the first key above it, chance below, chance equal)."""
        i = bisect_left(self.keys, key)
        eq = self.probs[i] if i < len(self.keys) and self.keys[i] == key else 0.0
        return i, self.below[i], eq

    def not_beating(self, key: int, at: int, seat_at: int) -> float:
        """The chance that a seat ``seat_at`` places from mano does not beat ``key`` held ``at``
        places from mano (ties go to the seat nearer mano)."""
        _, below, eq = self.split(key)
        return below + eq if seat_at > at else below


@lru_cache(maxsize=1024)
def _key_dist(kings8: bool, lance: int, need: Need) -> _KeyDist | None:
    """A seat's key in ``lance`` when its hand fits ``need`` (None: any hand), the hands drawn
    by their frequency in the deck; Punto is only played when nobody has juego, so its hands are
    those without. None when no hand fits."""
    kind = hand_kind(kings8)
    prior = _prior(kings8)
    hands = range(len(kind.hands)) if need is None else fitting_hands(kings8, need, _ANY)
    chances: dict[int, float] = {}
    for h in hands:
        f = kind.feats[h]
        if lance == PUNTO and f[JUEGO]:
            continue
        chances[f[lance]] = chances.get(f[lance], 0.0) + prior[h]
    return _KeyDist(chances) if chances else None


@lru_cache(maxsize=4096)
def team_win_given(kings8: bool, lance: int, at: int, mate_at: int, rivals_at: tuple[int, int],
                   mate_need: Need, rival_need: Need) -> tuple[float, ...] | None:
    """Per hand of a seat ``at`` places from mano: the chance its team wins ``lance`` at the
    showdown when its partner (``mate_at``) holds a hand that fits ``mate_need`` and the first
    rival (``rivals_at[0]``) one that fits ``rival_need``, the other rival any hand; the three
    hands drawn independently by their frequency in the deck (no card removal). None when no
    hand fits."""
    mate = _key_dist(kings8, lance, mate_need)
    r1 = _key_dist(kings8, lance, rival_need)
    r2 = _key_dist(kings8, lance, None)
    if mate is None or r1 is None or r2 is None:
        return None
    p1, p2 = rivals_at

    def phi(key: int, where: int) -> float:
        """The chance that neither rival beats the team's best, ``key`` held ``where``."""
        return r1.not_beating(key, where, p1) * r2.not_beating(key, where, p2)

    n = len(mate.keys)
    above = [0.0] * (n + 1)  # above[i]: the partner's hands from the i-th key up, each with its phi
    for i in range(n - 1, -1, -1):
        above[i] = above[i + 1] + mate.probs[i] * phi(mate.keys[i], mate_at)
    out = []
    for f in hand_kind(kings8).feats:
        key = f[lance]
        i, below, eq = mate.split(key)
        j = i + 1 if eq else i
        if mate_at > at:  # a tie with the partner: this seat's hand is the team's best
            out.append((below + eq) * phi(key, at) + above[j])
        else:
            out.append(below * phi(key, at) + above[j] + eq * phi(key, mate_at))
    return tuple(out)


@lru_cache(maxsize=4096)
def uplift(kings8: bool, lance: int, at: int, mate_at: int, rivals_at: tuple[int, int],
           mate_need: Need, rival_need: Need) -> tuple[float, ...]:
    """Per hand: how much knowing the señas (``mate_need`` of the partner, ``rival_need`` of
    the first rival) moves the team-win chance of ``team_win_given`` (0 where nothing fits)."""
    told = team_win_given(kings8, lance, at, mate_at, rivals_at, mate_need, rival_need)
    blind = team_win_given(kings8, lance, at, mate_at, rivals_at, None, None)
    if told is None or blind is None:
        return (0.0,) * len(hand_kind(kings8).hands)
    return tuple(a - b for a, b in zip(told, blind, strict=True))


def shown(action: str) -> tuple[str, ...]:
    """The señas a ``senas`` action shows (``()`` for ``senas none``)."""
    return () if action == SENAS_NONE else tuple(action.split(" ")[1:])


def catch_patterns(senas: tuple[str, ...], catch: int) -> list[tuple[tuple[str, ...], float]]:
    """Every set of these señas the rival side may catch, with its chance: each rival catches
    each seña with the chance ``catch`` percent, and one catch shows it to both."""
    p = catch / 100
    side = 1.0 - (1.0 - p) ** 2
    out = []
    for size in range(len(senas) + 1):
        for caught in combinations(senas, size):
            out.append((caught, side ** size * (1.0 - side) ** (len(senas) - size)))
    return [(c, w) for c, w in out if w > 0]


Config = tuple[Need, Need]  # (what the partner knows of our hand, what the rivals know of it)


def _lance_facts(feats: Sequence[Sequence[int]], world: tuple[int, int, int, int], order: tuple[int, ...],
                 team: int, lance: int) -> tuple[int, list[int], bool, int, int, int] | None:
    """(the lance's table index, the seats that may bet in it in order, whether our team wins
    the showdown, our bonus, theirs, the points of the lance en paso) in one world; None for a
    lance with nothing in it (Pares that nobody holds)."""
    if lance == JUEGO and not any(feats[world[s]][JUEGO] for s in order):
        lance = PUNTO
    keys = [feats[world[s]][lance] for s in order]
    win = order[best_position(keys)] % 2 == team
    if lance in (GRANDE, CHICA):
        return lance, list(order), win, 0, 0, 1
    if lance == PUNTO:
        return lance, list(order), win, 1, 1, 0
    holders = [s for s in order if feats[world[s]][lance]]
    if not holders:
        return None
    index = F_PBONUS if lance == PARES else F_JBONUS
    bu = sum(feats[world[s]][index] for s in range(4) if s % 2 == team)
    bt = sum(feats[world[s]][index] for s in range(4) if s % 2 != team)
    return lance, holders, win, bu, bt, 0


@lru_cache(maxsize=8192)
def answers(kings8: bool, lance: int, at: int, mate_at: int, rivals_at: tuple[int, int], mate_need: Need,
            rival_need: Need) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Per hand of a seat ``at`` places from mano, the self-model's chance that it opens
    ``lance`` with an envido and that it refuses an envido of 2 there, from its team-win chance
    (``TEAM_WIN``) moved by what it knows (``uplift``: nothing when both needs are None)."""
    tw = tables(kings8).team_win
    told = None if mate_need is None and rival_need is None else uplift(
        kings8, lance, at, mate_at, rivals_at, mate_need, rival_need)
    opens, refuses = [], []
    for h in range(len(tw)):
        sigma = tw[h][at][lance]
        if told is not None:
            sigma = min(1.0, max(0.0, sigma + told[h]))
        opens.append(p_open_bet(sigma))
        refuses.append(1.0 - p_accept(sigma, 2, lance))
    return tuple(opens), tuple(refuses)


def rank_senas(view: _View, budget: Budget, rng: random.Random) -> Ranking:
    """Every seña turn valued in net points of the deal (and its win chance) over sampled
    worlds; the level passes the best (see the module docstring)."""
    obs = view.obs
    legal = obs.legal_actions
    catch = int(dict(obs.options).get("sena_catch", 20))
    kings8 = view.kind.kings8
    seat, team, dist = view.seat, view.team, view.dist
    partner = seat ^ 2
    rivals = ((seat + 1) % 4, (seat + 3) % 4)
    feats = view.kind.feats
    order = tuple((view.mano + i) % 4 for i in range(4))

    # The configurations of knowledge each action may lead to, with their chances.
    plans: dict[str, list[tuple[Config, float]]] = {}
    configs: list[Config] = []
    for action in legal:
        mine = shown(action)
        plan: list[tuple[Config, float]] = [((None, None), 1.0)]
        if mine:
            plan = [((mine, caught or None), w) for caught, w in catch_patterns(mine, catch)]
        plans[action] = plan
        for config, _ in plan:
            if config not in configs:
                configs.append(config)

    # Per configuration and lance, each seat's chances to open and to refuse, by hand.
    chances: dict[tuple[Config, int], list[tuple[tuple[float, ...], tuple[float, ...]]]] = {}
    for config in configs:
        mate_need, rival_need = config
        for lance in (GRANDE, CHICA, PARES, JUEGO, PUNTO):
            row = []
            for s in range(4):
                at, mate_at, around = dist[s], dist[s ^ 2], (dist[(s + 1) % 4], dist[(s + 3) % 4])
                if s == partner and mate_need is not None:  # it knows our señas: we are its partner
                    row.append(answers(kings8, lance, at, mate_at, around, mate_need, None))
                elif s in rivals and rival_need is not None:  # it caught some: we are its first rival
                    first = (dist[seat], dist[partner])
                    row.append(answers(kings8, lance, at, mate_at, first, None, rival_need))
                else:
                    row.append(answers(kings8, lance, at, mate_at, around, None, None))
            chances[config, lance] = row

    worlds = view.worlds(budget.sena_worlds, rng)
    weights = view.weights(worlds, budget.reads) if budget.reads != "nothing" else [1.0] * len(worlds)
    total_w = sum(weights)
    target = view.target
    ours0, theirs0 = view.ours, view.theirs
    points = dict.fromkeys(configs, 0.0)
    equity = dict.fromkeys(configs, 0.0)
    n_rows = 0
    lances = (GRANDE, CHICA, PARES, JUEGO)
    for w, world in zip(weights, worlds, strict=True):
        if w <= 0:
            continue
        n_rows += 1
        p = w / total_w
        lanes = []
        fixed_net, fixed_us, fixed_them = 0, 0, 0
        for lance in lances:
            f = _lance_facts(feats, world, order, team, lance)
            if f is None:
                continue
            real, seats, win, bu, bt, base = f
            ours_in = [s for s in seats if s % 2 == team]
            theirs_in = [s for s in seats if s % 2 != team]
            if not ours_in or not theirs_in:  # not contested: the holders take their bonuses
                gain_us, gain_them = (base + bu, 0) if ours_in else (0, base + bt)
                fixed_net += gain_us - gain_them
                fixed_us += gain_us
                fixed_them += gain_them
                continue
            showdown = (2 + bu, 0) if win else (0, 2 + bt)
            paso = (base + bu, 0) if win else (0, base + bt)
            draws = (rng.random(), rng.random(), rng.random(), rng.random(), rng.random())
            lanes.append((real, seats, ours_in, theirs_in, showdown, paso, (1 + bu, 0), (0, 1 + bt), draws))
        for config in configs:
            net = float(fixed_net)
            got_us, got_them = fixed_us, fixed_them
            for real, seats, ours_in, theirs_in, showdown, paso, deje_us, deje_them, u in lanes:
                row = chances[config, real]
                refuse_ours = 1.0
                for s in ours_in:
                    refuse_ours *= row[s][1][world[s]]
                refuse_theirs = 1.0
                for s in theirs_in:
                    refuse_theirs *= row[s][1][world[s]]
                sd = showdown[0] - showdown[1]
                value = 0.0
                nobody = 1.0
                path: tuple[int, int] | None = None
                for k, s in enumerate(seats):
                    pb = row[s][0][world[s]]
                    if s % 2 == team:
                        refused, deje = refuse_theirs, deje_us
                    else:
                        refused, deje = refuse_ours, deje_them
                    value += nobody * pb * ((1.0 - refused) * sd + refused * (deje[0] - deje[1]))
                    nobody *= 1.0 - pb
                    if path is None and u[k] < pb:
                        path = deje if u[4] < refused else showdown
                value += nobody * (paso[0] - paso[1])
                if path is None:
                    path = paso
                net += value
                got_us += path[0]
                got_them += path[1]
            points[config] += p * net
            equity[config] += p * match_equity(min(target, ours0 + got_us), min(target, theirs0 + got_them),
                                               target, view.mano_next)

    values = {a: sum(wt * points[c] for c, wt in plan) for a, plan in plans.items()}
    wins = {a: sum(wt * equity[c] for c, wt in plan) for a, plan in plans.items()}
    choice = legal[0]
    if budget.withhold:
        for a in legal:
            if values[a] > values[choice] + 1e-9:
                choice = a
    estimates = [Estimate(a, values[a], n_rows, min(1.0, max(0.0, wins[a]))) for a in legal]
    note = f"{n_rows} imagined deals, the whole deal bet by the self-model"
    # Señas are passed by points, where Mus's bets go by the chance: a turn with a higher chance
    # is said to be left for that reason (a tester's hint had left it out, unexplained).
    higher = [a for a in legal if a != choice and wins[a] > wins[choice] + 1e-9] if budget.withhold else []
    if higher:
        note += "; " + BY_POINTS
    reasons = tuple((a, BY_POINTS) for a in higher)
    return dataclasses.replace(Ranking.of(estimates, choice, SAMPLED, note), reasons=reasons)
