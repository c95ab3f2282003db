"""Klaberjass card-play search: PIMC over determinized worlds with an exact double-dummy solver.

Rules file §5.2. For every decision of the play phase the searching levels

1. draw worlds with ``rules.determinize(observation, rng)`` (it respects voids, "no trump
   above X", shown melds, the dix and the meld protocol), weighting each world by how well the
   opponent's dealt hand explains his bids (``world_weight``, a soft likelihood from the bidding
   model, rules file §5.2 item 1 "soft weights from bids");
2. solve each world exactly: an alpha-beta search with a transposition table over the two
   remaining hands as 32-bit masks (the value of a position is the leader's card points minus
   the follower's from here on, the last trick's 10 included). Equal-point cards that are
   neighbours in trick order once the cards held by nobody are ignored are played only once;
   the last two tricks are counted without recursion. One table serves every world and every
   root move of a decision, because a position's value depends only on the two hands;
3. map each root move's exact point difference through the settlement transform (made / tie /
   bete, rules §1.10, with the bellas still to announce, the melds and, when the deal can end
   the match, a large bonus for winning it), which is exact per world because the transform is
   monotone in the point difference, and average over the worlds.

The work is bounded by fixed counts, not by the clock, so a decision reproduces exactly from the
same ``rng``: at most ``Budget.worlds`` worlds, and no new world once ``Budget.nodes`` search
nodes have been spent (after at least ``Budget.min_worlds``). With ``open_hands`` the observation
holds the opponent's hand and one exact solve of the real position decides.

Nothing here reads a hidden card: a world is built by ``determinize`` from the observation, and
read only through the rules' public API (``rules.hand``, ``rules.observation``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.rules.common import bits
from game.rules.klaberjass import (
    BEAT_RANK,
    BEAT_SAME,
    CARD_ID,
    CONTRACTS,
    KING,
    PLAIN_POWER,
    POINTS,
    QUEEN,
    SUIT_MASK,
    TRUMP_POINTS,
    TRUMP_POWER,
    KlaberjassObservation,
    follower_wins,
    legal_mask,
    variant_of,
)

# ---------------------------------------------------------------------------------------
# Cards as bits: id = suit * 8 + natural index (7 8 9 T J Q K A), the engine's canonical order
# ---------------------------------------------------------------------------------------

INF = 1 << 20


def mask_of(cards: tuple[str, ...] | list[str]) -> int:
    m = 0
    for c in cards:
        m |= 1 << CARD_ID[c]
    return m


def _red_table(width: int) -> tuple[int, ...]:
    """For 3-bit patterns of zero-point cards (mine, the other hand's): my cards that repeat the
    card just below them (no card of the other hand in between), so need not be tried."""
    out = []
    for i in range(64):
        mine, other = i >> 3, i & 7
        red = 0
        prev = False
        for b in range(width):
            if mine >> b & 1:
                if prev:
                    red |= 1 << b
                prev = True
            elif other >> b & 1:
                prev = False
        out.append(red)
    return tuple(out)


_RED_PLAIN = _red_table(3)  # plain 7 8 9: no points, adjacent in trick order
_RED_TRUMP = _red_table(2)  # trump 7 8


@dataclass(frozen=True, slots=True)
class Tables:
    """Per contract (and the tout-atout trick variant): points, who beats whom, move orders."""

    code: int
    variant: int
    points: tuple[int, ...]
    beats: tuple[int, ...]  # per led card: the follower's cards that beat it
    power: tuple[int, ...]  # strength for ordering (trumps above plain cards)


_TABLES: dict[tuple[int, int], Tables] = {}


def tables(code: int, cross: bool = True) -> Tables:
    v = variant_of(code, cross)
    key = (code, v)
    t = _TABLES.get(key)
    if t is None:
        pts = POINTS[code]
        beats = tuple(sum(1 << f for f in range(32) if follower_wins(led, f, v)) for led in range(32))
        power = tuple(
            8 + TRUMP_POWER[c & 7] if (v >= 5 or (v < 4 and c >> 3 == v)) else PLAIN_POWER[c & 7] for c in range(32)
        )
        t = Tables(code, v, pts, beats, power)
        _TABLES[key] = t
    return t


# ---------------------------------------------------------------------------------------
# The exact solver
# ---------------------------------------------------------------------------------------


class SearchAborted(Exception):
    """A world's solve went past the decision's node cap; the world is dropped."""


class Solver:
    """Exact double-dummy values of two-hand positions under one contract.

    ``value(hl, hf)`` is the leader's card points minus the follower's over the remaining tricks
    (the last trick's 10 included) when both play perfectly with both hands known; ``hl`` and
    ``hf`` are the leader's and the follower's hands (equal sizes). ``nodes`` counts the
    positions expanded; the transposition table is kept for the solver's lifetime. The root
    methods raise ``SearchAborted`` once ``nodes`` passes ``cap``.
    """

    def __init__(self, t: Tables, cap: int = 1 << 62) -> None:
        self.t = t
        self.cap = cap
        self.nodes = 0
        self.tt: dict[int, tuple[int, int]] = {}
        self.alphabeta = self.build_alphabeta()

    def release(self) -> None:
        """Free the tables now. The recursive search closure is a reference cycle that holds
        them (and the solver) until the garbage collector comes round, at its leisure: a hard
        player's tables of one decision after another had lifted its process to 115 MB."""
        self.tt.clear()
        for cache in self.caches:
            cache.clear()

    def value(self, hl: int, hf: int) -> int:
        if not hl:
            return 0
        return self.alphabeta(hl, hf, -INF, INF)

    def bounded(self, hl: int, hf: int, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta value: exact inside (alpha, beta), else a bound on that side."""
        if not hl:
            return 0
        return self.alphabeta(hl, hf, alpha, beta)

    def build_alphabeta(self) -> Callable[[int, int, int, int], int]:
        """The alpha-beta search ``(hl, hf, alpha, beta) -> value``, a closure over the tables
        (its inner loop reads locals, which are faster than attributes)."""
        t = self.t
        v = t.variant
        P = t.points
        BEATS = t.beats
        pw = t.power
        SM = SUIT_MASK
        BS = BEAT_SAME
        BR = BEAT_RANK
        tt = self.tt
        lead_cache: dict[int, tuple[int, ...]] = {}
        fol_cache: dict[int, tuple[int, ...]] = {}
        self.caches = (lead_cache, fol_cache)  # for ``release``
        reds = tuple(_RED_TRUMP if (v >= 5 or s == v) else _RED_PLAIN for s in range(4))
        r0, r1, r2, r3 = reds
        solver = self

        def red(m: int, o: int) -> int:
            return (
                r0[(m & 7) << 3 | (o & 7)]
                | r1[(m >> 8 & 7) << 3 | (o >> 8 & 7)] << 8
                | r2[(m >> 16 & 7) << 3 | (o >> 16 & 7)] << 16
                | r3[(m >> 24 & 7) << 3 | (o >> 24 & 7)] << 24
            )

        def lead_order(m: int) -> tuple[int, ...]:
            r = lead_cache.get(m)
            if r is None:
                # Plain cards before trumps, strongest first.
                r = tuple(sorted(bits(m), key=lambda c: (pw[c] >= 8, -pw[c], c)))
                lead_cache[m] = r
            return r

        def fol_order(fl: int, lead: int) -> tuple[int, ...]:
            w = fl & BEATS[lead]
            lo = fl ^ w
            return tuple(sorted(bits(w), key=lambda c: (-P[c], pw[c]))) + tuple(
                sorted(bits(lo), key=lambda c: (P[c], pw[c]))
            )

        def ab(hl: int, hf: int, alpha: int, beta: int) -> int:
            key = hl << 32 | hf
            e = tt.get(key)
            if e is not None:
                lo, hi = e
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            else:
                lo, hi = -INF, INF
            solver.nodes += 1
            if not hl & (hl - 1):  # the last trick
                a = hl.bit_length() - 1
                b = hf.bit_length() - 1
                pts = P[a] + P[b] + 10
                val = -pts if BEATS[a] >> b & 1 else pts
                tt[key] = (val, val)
                return val
            a0 = alpha
            best = -INF
            for lead in lead_order(hl & ~red(hl, hf)):
                hl2 = hl ^ (1 << lead)
                pl = P[lead]
                ls = lead >> 3
                follow = hf & SM[ls]
                if v < 4:
                    if follow:
                        fl = ((follow & BS[lead]) or follow) if ls == v else follow
                    else:
                        fl = (hf & SM[v]) or hf
                elif v == 4:
                    fl = follow or hf
                elif follow:
                    fl = (follow & BS[lead]) or follow
                elif v == 5:
                    fl = (hf & BR[lead]) or hf
                else:
                    fl = hf
                fl &= ~red(fl, hl)
                fk = fl << 5 | lead
                fo = fol_cache.get(fk)
                if fo is None:
                    fo = fol_order(fl, lead)
                    fol_cache[fk] = fo
                bl = BEATS[lead]
                worst = INF
                if not hl2 & (hl2 - 1):  # two tricks left: count the last one directly
                    a = hl2.bit_length() - 1
                    for f in fo:
                        b = (hf ^ (1 << f)).bit_length() - 1
                        p2 = P[a] + P[b] + 10
                        if bl >> f & 1:
                            val = -pl - P[f] - (-p2 if BEATS[b] >> a & 1 else p2)
                        else:
                            val = pl + P[f] + (-p2 if BEATS[a] >> b & 1 else p2)
                        if val < worst:
                            worst = val
                else:
                    for f in fo:
                        ub = beta if beta < worst else worst
                        pts = pl + P[f]
                        hf2 = hf ^ (1 << f)
                        if bl >> f & 1:
                            val = -pts - ab(hf2, hl2, -ub - pts, -alpha - pts)
                        else:
                            val = pts + ab(hl2, hf2, alpha - pts, ub - pts)
                        if val < worst:
                            worst = val
                            if worst <= alpha:
                                break
                if worst > best:
                    best = worst
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
            if best <= a0:
                tt[key] = (lo, best if best < hi else hi)
            elif best >= beta:
                tt[key] = (best if best > lo else lo, hi)
            else:
                tt[key] = (best, best)
            return best

        return ab

    def lead_values(self, me: int, opp: int) -> dict[int, int]:
        """For each card I may lead: my exact points minus the opponent's from here on."""
        t = self.t
        P, BEATS, v = t.points, t.beats, t.variant
        out: dict[int, int] = {}
        for c in bits(me):
            me2 = me ^ (1 << c)
            worst = INF
            for f in bits(legal_mask(opp, c, v)):
                out_val = self.after_trick(c, f, me2, opp ^ (1 << f), P, BEATS, worst)
                if out_val < worst:
                    worst = out_val
                if self.nodes > self.cap:
                    raise SearchAborted
            out[c] = worst
        return out

    def follow_values(self, me: int, opp: int, lead: int) -> dict[int, int]:
        """For each card I may play to ``lead`` (the opponent's card, no longer in ``opp``)."""
        t = self.t
        P, BEATS, v = t.points, t.beats, t.variant
        out: dict[int, int] = {}
        for f in bits(legal_mask(me, lead, v)):
            me2 = me ^ (1 << f)
            pts = P[lead] + P[f] + (10 if not me2 else 0)
            if BEATS[lead] >> f & 1:
                out[f] = pts + self.value(me2, opp)
            else:
                out[f] = -pts - self.value(opp, me2)
            if self.nodes > self.cap:
                raise SearchAborted
        return out

    def after_trick(
        self, c: int, f: int, me2: int, opp2: int, P: tuple[int, ...], BEATS: tuple[int, ...], worst: int
    ) -> int:
        """My value after I led ``c`` and the opponent answered ``f``; values at or above ``worst``
        only need to be known as such."""
        pts = P[c] + P[f] + (10 if not me2 else 0)
        if BEATS[c] >> f & 1:
            return -pts - self.bounded(opp2, me2, -worst - pts, INF)
        return pts + self.bounded(me2, opp2, -INF, worst - pts)


# ---------------------------------------------------------------------------------------
# Settlement transform (rules §1.10, §1.11)
# ---------------------------------------------------------------------------------------

MATCH_BONUS = 1000.0


def settle_utility(me_raw: int, opp_raw: int, me_is_maker: bool, scores: tuple[int, int], game_point: int) -> float:
    """What the deal is worth to me: (what I add) - (what the opponent adds), plus
    ``MATCH_BONUS`` if the settlement makes me win the match (minus it if he wins)."""
    if me_is_maker:
        if me_raw > opp_raw:
            add_me, add_opp = me_raw, opp_raw
        elif me_raw == opp_raw:
            add_me, add_opp = 0, opp_raw
        else:
            add_me, add_opp = 0, me_raw + opp_raw
    elif opp_raw > me_raw:
        add_me, add_opp = me_raw, opp_raw
    elif opp_raw == me_raw:
        add_me, add_opp = me_raw, 0
    else:
        add_me, add_opp = me_raw + opp_raw, 0
    u = float(add_me - add_opp)
    a, b = scores[0] + add_me, scores[1] + add_opp
    if (a >= game_point or b >= game_point) and a != b:
        u += MATCH_BONUS if a > b else -MATCH_BONUS
    return u


# ---------------------------------------------------------------------------------------
# PIMC over determinized worlds
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Budget:
    """Fixed work per decision: at most ``worlds`` worlds; no new world once ``nodes`` search nodes
    are spent, unless fewer than ``min_worlds`` have been solved; and a world whose solve takes
    the total past ``cap`` nodes is dropped (this bounds the slowest decision)."""

    worlds: int
    min_worlds: int
    nodes: int
    cap: int


@dataclass(slots=True)
class _Bella:
    """The K+Q pairs of the deal that can still score: per seat, pairs still to announce."""

    pending: list[int]  # per seat: pairs whose second card is still to come
    completing: dict[int, int]  # my card -> 1 if playing it completes one of my pairs


def _bella_pairs(code: int) -> list[tuple[int, int]]:
    if code == 4:
        return []
    suits = range(4) if code == 5 else (code,)
    return [(s * 8 + KING, s * 8 + QUEEN) for s in suits]


def _bella_state(code: int, me: int, hands: tuple[int, int], played: tuple[int, int]) -> _Bella:
    """Which bellas are still open: a pair is open for a seat that holds both, or played one
    and still holds the other (the rules: announced with the second card, §1.9, A29)."""
    pending = [0, 0]
    completing: dict[int, int] = {}
    for k, q in _bella_pairs(code):
        pair = 1 << k | 1 << q
        for seat in (0, 1):
            held = hands[seat] & pair
            gone = played[seat] & pair
            if held | gone == pair and held:
                pending[seat] += 1
                if seat == me and gone:
                    completing[held.bit_length() - 1] = 1
    return _Bella(pending, completing)


def _remaining_points(t: Tables, cards: int) -> int:
    return sum(t.points[c] for c in bits(cards)) + 10


@dataclass
class PlayContext:
    """The public facts of the deal the search needs, read once from the observation."""

    obs: KlaberjassObservation
    me: int
    opp: int
    code: int
    t: Tables
    maker_is_me: bool
    scores: tuple[int, int]  # (mine, the opponent's)
    game_point: int
    lead: int  # the card on the table (-1 when I lead)
    points: tuple[int, int]  # card points won so far (mine, the opponent's)
    bellas_done: tuple[int, int]  # bellas announced (mine, the opponent's)
    my_hand: int
    played: tuple[int, int]  # cards played so far per seat (trick on the table included)
    actions: tuple[str, ...]


def play_context(obs: KlaberjassObservation) -> PlayContext:
    me = obs.seat
    opp = 1 - me
    code = CONTRACTS.index(obs.contract or "NT")
    options = dict(obs.options)
    t = tables(code, bool(options.get("all_trump_cross_suit", True)))
    played = [0, 0]
    for trick in obs.tricks:
        for seat, card in trick:
            played[seat] |= 1 << CARD_ID[card]
    lead = -1
    for seat, card in obs.trick:
        played[seat] |= 1 << CARD_ID[card]
        lead = CARD_ID[card]
    return PlayContext(
        obs=obs,
        me=me,
        opp=opp,
        code=code,
        t=t,
        maker_is_me=obs.maker == me,
        scores=(obs.scores[me], obs.scores[opp]),
        game_point=int(options.get("game_point", 500)),
        lead=lead,
        points=(obs.card_points[me], obs.card_points[opp]),
        bellas_done=(obs.bellas.count(me), obs.bellas.count(opp)),
        my_hand=mask_of(obs.hand),
        played=(played[0], played[1]),
        actions=obs.legal_actions,
    )


def _melds(ctx: PlayContext, rules: Any, world: Any) -> tuple[int, int]:
    """Meld points (mine, the opponent's): public once shown after trick 1; before that the top
    meld's seat is public and his declared cards are read from the world."""
    from game.rules.klaberjass import meld_points

    obs = ctx.obs
    top = obs.top_meld
    if top is None:
        return 0, 0
    if obs.tricks:
        value = obs.meld_value
    elif top == ctx.me:
        value = meld_points(obs.declared or ())
    else:
        value = meld_points(rules.observation(world, ctx.opp).declared or ())
    return (value, 0) if top == ctx.me else (0, value)


def _utilities(ctx: PlayContext, d_values: dict[int, int], opp_hand: int, melds: tuple[int, int]) -> dict[str, float]:
    """Each legal action's settled utility in one world, from the exact point differences."""
    me, opp = ctx.me, ctx.opp
    hands = (ctx.my_hand, opp_hand) if me == 0 else (opp_hand, ctx.my_hand)
    bella = _bella_state(ctx.code, me, hands, ctx.played)
    my_pending, opp_pending = bella.pending[me], bella.pending[opp]
    remaining = _remaining_points(ctx.t, ctx.my_hand | opp_hand | (1 << ctx.lead if ctx.lead >= 0 else 0))
    base_me = ctx.points[0] + melds[0] + 20 * ctx.bellas_done[0]
    base_opp = ctx.points[1] + melds[1] + 20 * ctx.bellas_done[1]
    out: dict[str, float] = {}
    for action in ctx.actions:
        is_bella = action.endswith(" bella")
        card = CARD_ID[action[:-6] if is_bella else action]
        d = d_values[card]
        fut_me = (remaining + d) // 2
        me_raw = base_me + fut_me
        opp_raw = base_opp + remaining - fut_me
        mine_open = my_pending
        if card in bella.completing:
            mine_open -= 1  # decided now, by this very action
            if is_bella:
                me_raw += 20
        out[action] = _best_bellas(ctx, me_raw, opp_raw, mine_open, opp_pending)
    return out


def _best_bellas(ctx: PlayContext, me_raw: int, opp_raw: int, mine: int, theirs: int) -> float:
    """The utility once the bellas still open are announced: a defender always announces, a maker
    announces as suits him (he knows the outcome by then in a world: hindsight is exact here)."""
    maker_me = ctx.maker_is_me
    if maker_me:
        opp_raw += 20 * theirs
        return max(settle_utility(me_raw + 20 * k, opp_raw, True, ctx.scores, ctx.game_point) for k in range(mine + 1))
    me_raw += 20 * mine
    return min(settle_utility(me_raw, opp_raw + 20 * k, False, ctx.scores, ctx.game_point) for k in range(theirs + 1))


WorldWeight = Callable[[KlaberjassObservation, Any, Any], float]


def search_play(
    rules: Any,
    obs: KlaberjassObservation,
    rng: random.Random,
    budget: Budget,
    weight: WorldWeight | None = None,
) -> tuple[str, dict[str, float], int]:
    """The best play action by PIMC, each action's average utility and the worlds used. The action
    is "" when no world could be solved within the cap (the caller then falls back)."""
    ctx = play_context(obs)
    solver = Solver(ctx.t, budget.cap)
    try:
        totals = dict.fromkeys(ctx.actions, 0.0)
        total_weight = 0.0
        open_hand = obs.opponent_hand is not None
        n_worlds = 1 if open_hand else budget.worlds
        used = 0
        for i in range(n_worlds):
            if i >= budget.min_worlds and solver.nodes >= budget.nodes:
                break
            world = rules.determinize(obs, rng)
            opp_hand = mask_of(rules.hand(world, ctx.opp))
            w = 1.0 if open_hand or weight is None else weight(obs, rules, world)
            if w <= 0.0:
                continue
            try:
                if ctx.lead >= 0:
                    d_values = solver.follow_values(ctx.my_hand, opp_hand, ctx.lead)
                else:
                    d_values = solver.lead_values(ctx.my_hand, opp_hand)
            except SearchAborted:
                break
            utils = _utilities(ctx, d_values, opp_hand, _melds(ctx, rules, world))
            for a, u in utils.items():
                totals[a] += w * u
            total_weight += w
            used += 1
    finally:
        solver.release()
    if total_weight <= 0.0:
        return "", totals, used
    avg = {a: u / total_weight for a, u in totals.items()}
    best = max(ctx.actions, key=lambda a: (round(avg[a], 6), -ctx.actions.index(a)))
    return best, avg, used


# ---------------------------------------------------------------------------------------
# The bidding model (rules §5.2 item 3): hand-strength features of the six cards seen
# ---------------------------------------------------------------------------------------

BID_FEATURES = (
    "bias",
    "jass",
    "menel",
    "trump_ace",
    "trump_ten",
    "trump_kq",
    "trump_low",
    "trumps_sq",
    "jass_x_trumps",
    "side_aces",
    "side_tens_guarded",
    "side_tens_bare",
    "side_kings",
    "side_jacks",
    "voids",
    "meld",
    "bella",
    "elder",
    "elder_x_jass",
    "dix_mine",
    "turn_up_pts",
    "round2",
)


def bid_features(hand: int, trump: int, elder: bool, turn_up: int, round1: bool) -> list[float]:
    """Features of ``hand`` (the six cards a bidder sees, as a mask) for suit ``trump`` as trump.
    ``turn_up`` is the turned card (-1 with clubs preferred); in round 1 the holder of the 7 of
    trumps may exchange it for the turn-up (``dix_mine``: it is this hand)."""
    tb = hand >> (8 * trump) & 255
    jass = tb >> 4 & 1
    menel = tb >> 2 & 1
    trumps = bin(tb).count("1")
    side_aces = side_tg = side_tb = side_k = side_j = voids = 0
    for s in range(4):
        if s == trump:
            continue
        sb = hand >> (8 * s) & 255
        if not sb:
            voids += 1
            continue
        ace = sb >> 7 & 1
        side_aces += ace
        if sb >> 3 & 1:
            if ace:
                side_tg += 1
            else:
                side_tb += 1
        side_k += sb >> 6 & 1
        side_j += sb >> 4 & 1
    meld = 0
    for s in range(4):
        sb = hand >> (8 * s) & 255
        run = 0
        for i in range(9):
            if i < 8 and sb >> i & 1:
                run += 1
            else:
                if run >= 3:
                    meld += 20 if run == 3 else 50
                run = 0
    bella = 1 if tb >> KING & 1 and tb >> QUEEN & 1 else 0
    dix = 0.0
    tu_pts = 0.0
    if round1 and turn_up >= 0 and turn_up >> 3 == trump and turn_up & 7:
        tu_pts = TRUMP_POINTS[turn_up & 7] / 10.0
        if tb & 1:
            dix = tu_pts
    e = 1.0 if elder else 0.0
    return [
        1.0,
        float(jass),
        float(menel),
        float(tb >> 7 & 1),
        float(tb >> 3 & 1),
        float((tb >> 5 & 1) + (tb >> 6 & 1)),
        float((tb & 1) + (tb >> 1 & 1)),
        trumps * trumps / 4.0,
        float(jass * trumps),
        float(side_aces),
        float(side_tg),
        float(side_tb),
        float(side_k),
        float(side_j),
        float(voids),
        meld / 20.0,
        float(bella),
        e,
        e * jass,
        dix,
        tu_pts,
        0.0 if round1 else 1.0,
    ]


# Least-squares fit of the maker's settled margin (his additions minus the opponent's) on the
# features above, from double-dummy solved random deals: ``python -m game.tools.fit_klaberjass_bids``.
BID_COEF: tuple[float, ...] = (
    -112.15,  # bias
    49.50,  # jass
    33.53,  # menel
    19.93,  # trump_ace
    18.65,  # trump_ten
    20.27,  # trump_kq
    7.87,  # trump_low
    8.16,  # trumps_sq
    3.72,  # jass_x_trumps
    27.33,  # side_aces
    12.26,  # side_tens_guarded
    15.87,  # side_tens_bare
    3.94,  # side_kings
    0.83,  # side_jacks
    4.73,  # voids
    18.06,  # meld
    16.45,  # bella
    6.90,  # elder
    6.69,  # elder_x_jass
    20.54,  # dix_mine
    -0.18,  # turn_up_pts
    -1.20,  # round2
)


def bid_value(hand: int, trump: int, elder: bool, turn_up: int, round1: bool) -> float:
    """The model's expected settled margin for this hand as maker with ``trump`` as trump."""
    f = bid_features(hand, trump, elder, turn_up, round1)
    return sum(c * x for c, x in zip(BID_COEF, f, strict=True))


# ---------------------------------------------------------------------------------------
# The no-trump and all-trump model (option ``tout_atout``): the same kind of fit for the two
# contracts that have no trump suit to choose, from the counts the manual's rule looks at
# ---------------------------------------------------------------------------------------

NT_FEATURES = ("bias", "aces", "tens_guarded", "tens_bare", "kings", "voids", "meld", "elder")
AT_FEATURES = ("bias", "jacks", "nines", "jack_nine", "aces", "tens", "bellas", "meld", "elder")


def contract_features(hand: int, code: int, elder: bool, melds: bool = True) -> list[float]:
    """Features of ``hand`` (the six cards a bidder sees) for Sans Tout (``code`` 4) or Tout Atout
    (5). ``melds``: whether runs score in this contract (``nt_melds`` for Sans Tout)."""
    suits = [hand >> (8 * s) & 255 for s in range(4)]
    meld = 0
    if melds:
        for sb in suits:
            run = 0
            for i in range(9):
                if i < 8 and sb >> i & 1:
                    run += 1
                else:
                    if run >= 3:
                        meld += 20 if run == 3 else 50
                    run = 0
    e = 1.0 if elder else 0.0
    if code == 4:
        aces = sum(sb >> 7 & 1 for sb in suits)
        guarded = sum(1 for sb in suits if sb >> 3 & 1 and sb >> 7 & 1)
        bare = sum(1 for sb in suits if sb >> 3 & 1 and not sb >> 7 & 1)
        kings = sum(sb >> KING & 1 for sb in suits)
        voids = sum(1 for sb in suits if not sb)
        return [1.0, float(aces), float(guarded), float(bare), float(kings), float(voids), meld / 20.0, e]
    jacks = sum(sb >> 4 & 1 for sb in suits)
    nines = sum(sb >> 2 & 1 for sb in suits)
    jack_nine = sum(1 for sb in suits if sb >> 4 & 1 and sb >> 2 & 1)
    aces = sum(sb >> 7 & 1 for sb in suits)
    tens = sum(sb >> 3 & 1 for sb in suits)
    bellas = sum(1 for sb in suits if sb >> KING & 1 and sb >> QUEEN & 1)
    return [
        1.0,
        float(jacks),
        float(nines),
        float(jack_nine),
        float(aces),
        float(tens),
        float(bellas),
        meld / 20.0,
        e,
    ]


# Least-squares fits of the maker's settled margin on the features above, from double-dummy
# solved random deals: ``python -m game.tools.fit_klaberjass_bids --samples 6000 --seed 1
# --contract nt`` (R² 0.18) and ``--contract at`` (R² 0.20), about 4 and 8 minutes with ``--jobs 2``.
NT_COEF: tuple[float, ...] = (
    -80.45,  # bias
    32.87,  # aces
    12.44,  # tens_guarded
    19.30,  # tens_bare
    3.78,  # kings
    3.29,  # voids
    23.61,  # meld
    10.35,  # elder
)
AT_COEF: tuple[float, ...] = (
    -162.84,  # bias
    62.59,  # jacks
    31.47,  # nines
    3.78,  # jack_nine
    15.75,  # aces
    10.02,  # tens
    32.75,  # bellas
    25.24,  # meld
    9.33,  # elder
)


def contract_value(hand: int, code: int, elder: bool, melds: bool = True) -> float:
    """The model's expected settled margin for this hand as maker of Sans Tout (``code`` 4) or
    Tout Atout (5)."""
    coef = NT_COEF if code == 4 else AT_COEF
    return sum(c * x for c, x in zip(coef, contract_features(hand, code, elder, melds), strict=True))
