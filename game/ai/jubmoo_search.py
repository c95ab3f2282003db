"""Jub Moo card-play search for the normal and hard players: PIMC over determinized worlds.

Rules file §5.4. For every decision with a real choice:

1. draw worlds with ``rules.determinize(observation, rng)``: the hidden cards dealt where the
   public record allows (voids, cards played, hand sizes). With ``open_hands`` the observation
   holds every hand and the one real world is used. Nothing here reads a hidden card: a world
   comes from the observation, and only its hands are read from it;
2. weight each world by how well it explains what the others did (``Budget.inference``, the
   rules file's "crude rules"): a player who showed void and threw a card other than Q♠, or who
   followed a spade trick already won by A♠/K♠ with a spade other than Q♠, probably does not
   hold Q♠, so worlds that give it to them count ``QS_KEPT_WEIGHT`` each time. (``PlayModel``
   weighs every play of the others instead, by whether the playout policy would have made it:
   measured against normal players it gained nothing (docs/ai-jubmoo.md), so no level uses it);
3. for every legal card, play each world to the end of the deal with a fast heuristic played
   by all four seats (``playout``: see ``_lead``, ``_follow``, ``_discard``; a seat's card
   depends on its own hand, the trick, the cards still out and the points already won, never
   on where the other hidden cards lie in the world), score
   the stacks with the engine's own deal scoring for the active ruleset (``mask_deal_scores``:
   10♣, Chuan, Big Chuan and its waiver, the -50 of an empty stack, or Gong Zhu's sweep), and
   average ``utility`` over the worlds;
4. play the card with the best weighted average (the first in legal order on a tie).

With open hands the one true deal is played out once (the policy is deterministic), or, for
the arena's oracle (``Budget.noise``), many times with random cards mixed into the playouts.

``search`` returns every legal card's averages (``Result``), the values behind the hint and the
deal review (``game.ai.jubmoo.rank``): the averaged ``utility`` it decides by, and beside it
the averaged ``margin`` of the same playouts, the deal's points; the two differ only in playouts
that end the match (``MATCH_BONUS`` is not a point of the deal).

``utility`` is the deal score of the seat minus the mean of the others' (rules file §5.3.7:
"own score minus mean of the others"), plus, when the deal ends the match (some running total
reaches the target), ``MATCH_BONUS`` for finishing with the highest total (split on ties) and
minus ``MATCH_BONUS`` for finishing with the lowest (the pig).

The work is bounded by fixed counts, not by the clock, so a decision reproduces exactly from
the same ``rng``: at most ``Budget.worlds`` worlds, and no new world once ``Budget.plays``
simulated card plays have been spent (after at least ``Budget.min_worlds``). Between worlds,
cards whose average trails the best by more than ``Budget.prune`` points (after
``Budget.prune_after`` worlds) stop being simulated, so the rest of the work goes to the
candidates that are still close.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.rules.jubmoo import (
    CARD_INDEX,
    JD,
    QS,
    RANKS,
    RULESETS,
    TC,
    JubMooObservation,
    card_mask,
    card_values,
    mask_deal_scores,
    mask_score,
    point_card_mask,
    point_cards_decide,
)

__all__ = [
    "MATCH_BONUS",
    "QS_KEPT_WEIGHT",
    "Budget",
    "Candidate",
    "Context",
    "PlayModel",
    "Result",
    "margin",
    "piles",
    "playout",
    "qs_suspects",
    "search",
    "utility",
]

AS = CARD_INDEX["AS"]
KS = CARD_INDEX["KS"]
QS_BIT = 1 << QS
JD_BIT = 1 << JD
TC_BIT = 1 << TC
HIGH_SPADES = 1 << AS | 1 << KS
ABOVE_JD = 1 << CARD_INDEX["AD"] | 1 << CARD_INDEX["KD"] | 1 << CARD_INDEX["QD"]
# Within a suit's 13 bits, bit r is rank r of "AKQJT98765432": a lower bit is a higher card.
_R_Q, _R_J, _R_T = RANKS.index("Q"), RANKS.index("J"), RANKS.index("T")

#: Points a world's utility gains (loses) when the deal ends the match and the seat finishes
#: with the highest (lowest) total.
MATCH_BONUS = 300.0
#: The weight of a world for each time it gives Q♠ to a player whose play says they lack it.
QS_KEPT_WEIGHT = 0.25


def _low_bit_table() -> tuple[int, ...]:
    return (-1, *((m & -m).bit_length() - 1 for m in range(1, 8192)))


def _high_bit_table() -> tuple[int, ...]:
    return (-1, *(m.bit_length() - 1 for m in range(1, 8192)))


# For a 13-bit suit mask: _TOP[m] the rank index of its highest card, _BOTTOM[m] of its lowest.
_TOP = _low_bit_table()
_BOTTOM = _high_bit_table()
_COUNT = tuple(m.bit_count() for m in range(8192))


@dataclass(frozen=True, slots=True)
class Budget:
    """Fixed work per decision (see the module docstring)."""

    worlds: int
    plays: int
    min_worlds: int = 4
    inference: bool = True
    prune: float = 60.0
    prune_after: int = 12
    # With ``mismatch`` below 1, worlds are weighted by ``PlayModel`` (each play of another seat
    # that the playout policy would not have made in the world multiplies its weight by this)
    # instead of by the Q♠ signs alone.
    mismatch: float = 1.0
    # The chance that a card of a playout is a random legal one instead of the policy's (0: the
    # deterministic policy). With open hands and noise the one true deal is played out up to
    # ``worlds`` times instead of once: the arena's oracle, whose single deterministic playout
    # was no ceiling (docs/oracle.md). No level uses noise (measured: docs/ai-jubmoo.md).
    noise: float = 0.0


class Context:
    """The scoring rules of a match, all read from the rules module: values for the playout,
    the engine's deal scoring for the result."""

    __slots__ = ("empty_gain", "others_minus_50", "points_decide", "points_mask", "ruleset", "target", "ten_clubs",
                 "values")

    def __init__(self, options: dict[str, Any]) -> None:
        self.ruleset: str = options.get("ruleset", "hearts")
        if self.ruleset not in RULESETS:
            raise ValueError(f"unknown ruleset {self.ruleset!r}")
        self.ten_clubs: str = options.get("ten_clubs", "double")
        self.target: int = options.get("target", -1000)
        self.others_minus_50: bool = options.get("big_chuan_others_minus_50", True)
        self.values: tuple[int, ...] = card_values(self.ruleset)
        # Cards that can still change a score once played (the playout stops when none is out).
        self.points_mask = point_card_mask(self.ruleset)
        # What a first trick saves a seat with an empty stack (50 in Jub Moo, 0 under Gong Zhu).
        self.empty_gain: int = -mask_score(0, self.ruleset, self.ten_clubs)
        # Whether the scores are settled once the point cards are (no empty-stack or Big Chuan rule).
        self.points_decide: bool = point_cards_decide(self.ruleset)

    def scores(self, won: list[int]) -> list[int]:
        """Each seat's deal score from the stacks of a finished deal, as the engine settles it."""
        return mask_deal_scores(won, self.ruleset, self.ten_clubs, self.others_minus_50)


# --------------------------------------------------------------------------------------------
# The playout policy: one card for one seat, from its own hand and the cards still out
# --------------------------------------------------------------------------------------------


EMPTY_LATE = 5


# ``_lead`` reads, for each suit, one packed candidate from a table built here once: the card
# it would lead from that suit's holding and its key, packed so that one integer comparison
# ranks the candidates (the higher key first, then the earlier suit, as the loop it replaces).
_NO_LEAD = -(1 << 40)  # the suit offers no lead; below every candidate, and ``& 63`` gives 0
# _BELOW[card]: the 13-bit mask of the higher ranks of the card's suit.
_BELOW: tuple[int, ...] = tuple((1 << (c % 13)) - 1 for c in range(52))
_ONE_HIGHER = 16 << 8  # the key bonus for one higher card out, in packed units
_TWO_HIGHER = 32 << 8  # for two or more


def _lead_table(suit: int, qs_out: bool) -> tuple[int, ...]:
    """Per 13-bit holding of ``suit``: ``(key << 8) | (3 - suit) << 6 | card`` of the card
    ``_lead`` considers leading from it, the key before the bonus for higher cards out, or
    ``_NO_LEAD``. The rules are those of ``_lead``'s docstring."""
    table = [_NO_LEAD]
    for m in range(1, 8192):
        key = 0
        if suit == 0:
            if m & 4:
                m &= ~4
                if not m:
                    table.append(_NO_LEAD)
                    continue
                key = -100
            elif qs_out and m & 3:
                key = -100
        elif suit == 2:
            if m & 8 and m != 8:
                m &= ~8
        elif suit == 3 and m & 16 and m != 16:
            m &= ~16
        key -= _COUNT[m]
        table.append((key * 4 + 3 - suit) << 6 | (13 * suit + _BOTTOM[m]))
    return tuple(table)


_LEAD_SPADES = _lead_table(0, False)
_LEAD_SPADES_QS_OUT = _lead_table(0, True)
_LEAD_HEARTS = _lead_table(1, False)
_LEAD_DIAMONDS = _lead_table(2, False)
_LEAD_CLUBS = _lead_table(3, False)


def _lead(hand: int, out: int) -> int:
    """The card a seat leads. ``out``: the cards still held by the other seats.

    - J♦ when no higher diamond is out (it wins +100);
    - a low spade to chase the pig, while Q♠ is out and the seat holds none of A♠ K♠;
    - otherwise the lowest card of the suit where it is most likely to lose the trick (the most
      higher cards out, counted up to two), the shorter suit on a tie, the order S H D C after
      that. Spades come last while the seat holds Q♠ (Q♠ itself is left out), or A♠/K♠ with
      Q♠ out; J♦ and 10♣ are kept back while other cards of their suit remain;
    - Q♠ when nothing else is left.

    The per-suit candidates come from the ``_lead_table`` tables (the hottest policy call).
    """
    if hand & JD_BIT and not out & ABOVE_JD:
        return JD
    spades = hand & 0x1FFF
    qs_out = out & QS_BIT
    if qs_out and spades and not spades & 3:
        return _BOTTOM[spades]
    below = _BELOW
    # The four suits are written out rather than looped: this runs for every lead of every
    # playout, and the loop's overhead was a measurable share of a hard decision.
    best = (_LEAD_SPADES_QS_OUT if qs_out else _LEAD_SPADES)[spades]
    x = out & below[best & 63]
    if x:
        best += _TWO_HIGHER if x & (x - 1) else _ONE_HIGHER
    v = _LEAD_HEARTS[(hand >> 13) & 0x1FFF]
    x = (out >> 13) & below[v & 63]
    if x:
        v += _TWO_HIGHER if x & (x - 1) else _ONE_HIGHER
    if v > best:
        best = v
    v = _LEAD_DIAMONDS[(hand >> 26) & 0x1FFF]
    x = (out >> 26) & below[v & 63]
    if x:
        v += _TWO_HIGHER if x & (x - 1) else _ONE_HIGHER
    if v > best:
        best = v
    v = _LEAD_CLUBS[hand >> 39]
    x = (out >> 39) & below[v & 63]
    if x:
        v += _TWO_HIGHER if x & (x - 1) else _ONE_HIGHER
    if v > best:
        best = v
    return QS if best == _NO_LEAD else best & 63


def _discard(hand: int, out: int, taker_pile: int) -> int:
    """The card a seat void in the led suit throws. ``taker_pile``: the points (10♣ aside) the
    player winning the trick would hold with it.

    Q♠ first; then A♠/K♠ while Q♠ is out; 10♣ onto a negative pile; the highest heart; the
    highest other card (J♦ and 10♣ kept back); then 10♣, then J♦.
    """
    if hand & QS_BIT:
        return QS
    if hand & HIGH_SPADES and out & QS_BIT:
        return AS if hand & 1 else KS
    if hand & TC_BIT and taker_pile < 0:
        return TC
    hearts = (hand >> 13) & 0x1FFF
    if hearts:
        return 13 + _TOP[hearts]
    rest = hand & ~(JD_BIT | TC_BIT)
    if rest:
        best = -1
        best_rank = 99
        for base in (0, 26, 39):
            m = (rest >> base) & 0x1FFF
            if m:
                r = _TOP[m]
                if r < best_rank:
                    best_rank = r
                    best = base + r
        return best
    return TC if hand & TC_BIT else JD


def _follow(m: int, suit: int, best: int, last: bool, gain: int, out: int) -> int:
    """The card of the led suit (the seat's cards of it: the 13-bit ``m``) a seat plays.

    ``best``: the rank index of the card winning the trick; ``gain``: what winning the trick
    is worth to the seat as it stands (the trick's points, with the 10♣ switch applied to its
    own pile); ``out``: the cards of the suit (13 bits) the other seats still hold.

    - Q♠ under a winning A♠/K♠; otherwise Q♠ only when it is the last spade;
    - J♦ never under a higher diamond while another diamond can be played;
    - last to play: win a trick worth nothing or more with the highest winning card (J♦ when
      it wins), else duck with the highest card that loses, else win with the highest card;
    - earlier: on a trick worth points, win with the highest card if it beats every card still
      out; duck with the highest card that loses; if every card wins, the lowest one on a bad
      trick and the highest on a clean one. 10♣ is kept back while another card will do.
    """
    base = 13 * suit
    if suit == 0 and m & 4:
        if best < _R_Q:
            return QS
        if m == 4:
            return QS
        m &= ~4
    overs = m & ((1 << best) - 1)
    unders = m & ~overs
    if suit == 2 and unders & 8 and unders != 8:
        unders &= ~8
    elif suit == 2 and unders == 8 and overs:
        unders = 0
    if suit == 3 and m & 16 and m != 16:
        if overs & 16 and overs != 16:
            overs &= ~16
        if unders & 16 and unders != 16:
            unders &= ~16
    if last:
        if overs and gain >= 0:
            if suit == 2 and overs & 8:
                return JD
            return base + _TOP[overs]
        if unders:
            return base + _TOP[unders]
        if suit == 1:
            return base + _BOTTOM[overs]
        return base + _TOP[overs]
    if overs and gain > 0:
        top = _TOP[overs]
        if not out & ((1 << top) - 1):
            return base + top
    if unders:
        return base + _TOP[unders]
    if gain < 0:
        return base + _BOTTOM[overs]
    return base + _TOP[overs]


def _random_card(mask: int, rng: random.Random) -> int:
    """One of the set bits of ``mask``, uniformly at random."""
    k = rng.randrange(mask.bit_count())
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def playout(
    hands: list[int],
    won: list[int],
    pv: list[int],
    leader: int,
    trick: list[int],
    ctx: Context,
    noise: float = 0.0,
    rng: random.Random | None = None,
) -> int:
    """Play the deal to its end in place (``hands``, ``won`` and ``pv`` change) with the
    playout policy at every seat. ``trick``: the cards of the current trick, leader first (may
    be complete; read, never changed). ``pv``: per seat, the points of its stack (10♣ aside).
    ``ctx``: the match's scoring. With ``noise`` (and ``rng``), each card a seat chooses is
    instead, with that chance, a legal card at random (``_random_card``): the oracle's many
    different playouts of one true deal. Returns the number of cards played: the playout stops
    once nothing left can change a score."""
    values = ctx.values
    points_mask = ctx.points_mask
    empty_gain = ctx.empty_gain
    points_decide = ctx.points_decide
    out_all = hands[0] | hands[1] | hands[2] | hands[3]
    start = out_all.bit_count()
    follow, discard, lead = _follow, _discard, _lead
    top = _TOP
    # A seat with one card it may play plays it without asking the policy (the policy would
    # choose it too); ``h & (h - 1)`` is zero for such a one-card mask.
    cards = trick
    while True:
        if cards:  # the trick on the table when the playout starts
            n = len(cards)
            first = cards[0]
            suit = first // 13
            best = first
            wi = 0
            tv = 0
            tmask = 0
            for i in range(n):
                c = cards[i]
                if c < best and c // 13 == suit:
                    best = c
                    wi = i
                tv += values[c]
                tmask |= 1 << c
            cards = []
        else:
            h = hands[leader]
            best = lead(h, out_all ^ h) if h & (h - 1) else h.bit_length() - 1
            if noise and h & (h - 1) and rng is not None and rng.random() < noise:
                best = _random_card(h, rng)
            tmask = 1 << best
            hands[leader] = h ^ tmask
            out_all ^= tmask
            suit = best // 13
            wi = 0
            tv = values[best]
            n = 1
        base = 13 * suit
        while n < 4:
            p = (leader + n) & 3
            h = hands[p]
            m = (h >> base) & 0x1FFF
            if m:
                if m & (m - 1):
                    gain = tv
                    if tmask & TC_BIT:
                        pile = pv[p] + tv
                        gain = pile if pile else 50
                    if empty_gain and not won[p] and h.bit_count() <= EMPTY_LATE:
                        gain += empty_gain
                    c = follow(m, suit, best - base, n == 3, gain, ((out_all >> base) & 0x1FFF) ^ m)
                    if noise and rng is not None and rng.random() < noise:
                        c = base + _random_card(m, rng)
                else:
                    c = base + top[m]
                if c < best:
                    best = c
                    wi = n
            elif h & (h - 1):
                c = discard(h, out_all ^ h, pv[(leader + wi) & 3] + tv)
                if noise and rng is not None and rng.random() < noise:
                    c = _random_card(h, rng)
            else:
                c = h.bit_length() - 1
            bit = 1 << c
            hands[p] = h ^ bit
            out_all ^= bit
            tv += values[c]
            tmask |= bit
            n += 1
        w = (leader + wi) & 3
        won[w] |= tmask
        pv[w] += tv
        if not out_all or (not out_all & points_mask and (points_decide or (won[0] and won[1] and won[2] and won[3]))):
            return start - out_all.bit_count()
        leader = w


# --------------------------------------------------------------------------------------------
# The search
# --------------------------------------------------------------------------------------------


def piles(obs: JubMooObservation, ctx: Context) -> tuple[list[int], list[int]]:
    """Per seat, the mask of the cards in its stack after the finished tricks of the deal, and
    their points (10♣ aside): where a playout of the rest of the deal starts."""
    values = ctx.values
    won = [0, 0, 0, 0]
    pv = [0, 0, 0, 0]
    plays = [(s, CARD_INDEX[c]) for s, c in obs.plays]
    done = len(plays) - len(obs.trick)
    for k in range(0, done, 4):
        group = plays[k : k + 4]
        suit = group[0][1] // 13
        wi = 0
        for i in range(1, 4):
            c = group[i][1]
            if c // 13 == suit and c < group[wi][1]:
                wi = i
        taker = group[wi][0]
        for _, c in group:
            won[taker] |= 1 << c
            pv[taker] += values[c]
    return won, pv


def margin(scores: list[int], me: int) -> float:
    """Seat ``me``'s deal score minus the mean of the others' deal scores (rules file §5.3.7)."""
    return scores[me] - (scores[0] + scores[1] + scores[2] + scores[3] - scores[me]) / 3.0


def utility(scores: list[int], totals: tuple[int, ...], me: int, target: int) -> float:
    """What a finished deal is worth to seat ``me`` (module docstring): its ``margin``, plus or
    minus ``MATCH_BONUS`` when the deal ends the match."""
    value = margin(scores, me)
    after = [totals[0] + scores[0], totals[1] + scores[1], totals[2] + scores[2], totals[3] + scores[3]]
    if min(after) <= target:
        top = max(after)
        if after[me] == top:
            value += MATCH_BONUS / after.count(top)
        low = min(after)
        if after[me] == low:
            value -= MATCH_BONUS / after.count(low)
    return value


def qs_suspects(obs: JubMooObservation) -> list[int]:
    """Per seat, how many times its play said it did not hold Q♠ (rules file §5.4 inference):
    it showed void and threw another card, or it followed a spade trick won by A♠/K♠ with a
    spade other than Q♠."""
    counts = [0, 0, 0, 0]
    plays = obs.plays
    for k in range(0, len(plays), 4):
        group = plays[k : k + 4]
        first = CARD_INDEX[group[0][1]]
        suit = first // 13
        best = first
        for seat, text in group[1:]:
            c = CARD_INDEX[text]
            if c == QS:
                break
            if c // 13 != suit or (suit == 0 and best < QS):
                counts[seat] += 1
            if c // 13 == suit and c < best:
                best = c
    return counts


class PlayModel:
    """How likely each seat's plays so far are in a world, if they had played the playout policy
    (``Budget.mismatch``: inference from the play, as the strongest Skat programs weigh their
    worlds). Everything but the hidden hands is public, so the context of every past play of the
    other seats (the trick, the cards still out, the piles) is read once from the observation;
    a world then only supplies each seat's hand, rebuilt as its hand now plus the cards it
    played since. A play the policy would have made in that world counts 1, any other
    ``mismatch``; forced plays (one legal card) count 1."""

    __slots__ = ("checks", "mismatch")

    def __init__(self, obs: JubMooObservation, ctx: Context, mismatch: float) -> None:
        self.mismatch = mismatch
        values = ctx.values
        plays = [(s, CARD_INDEX[c]) for s, c in obs.plays]
        later = [0] * len(plays)  # per play: the mask of the cards played from it on
        acc = 0
        for k in range(len(plays) - 1, -1, -1):
            acc |= 1 << plays[k][1]
            later[k] = acc
        mine_later = [[0] * 4 for _ in plays]  # per play, per seat: its cards played from it on
        accs = [0, 0, 0, 0]
        for k in range(len(plays) - 1, -1, -1):
            accs[plays[k][0]] |= 1 << plays[k][1]
            mine_later[k] = accs[:]
        won = [0, 0, 0, 0]
        pv = [0, 0, 0, 0]
        # (seat, its cards played from here on, the cards played from here on, kind, args, card)
        self.checks: list[tuple[int, int, int, int, tuple[int, ...], int]] = []
        for t in range(0, len(plays), 4):
            group = plays[t : t + 4]
            first = group[0][1]
            suit = first // 13
            best, wi, tv, tmask = first, 0, 0, 0
            for i, (seat, c) in enumerate(group):
                k = t + i
                if seat != obs.seat:
                    if i == 0:
                        self.checks.append((seat, mine_later[k][seat], later[k], 0, (), c))
                    else:
                        gain = tv
                        if tmask & TC_BIT:
                            pile = pv[seat] + tv
                            gain = pile if pile else 50
                        size = 13 - (t // 4)  # cards in every hand before this trick
                        if ctx.empty_gain and not won[seat] and size <= EMPTY_LATE:
                            gain += ctx.empty_gain
                        taker_pile = pv[group[wi][0]] + tv
                        args = (suit, best - 13 * suit, int(i == 3), gain, taker_pile)
                        self.checks.append((seat, mine_later[k][seat], later[k], 1, args, c))
                if c // 13 == suit and c < best:
                    best, wi = c, i
                tv += values[c]
                tmask |= 1 << c
            if len(group) == 4:
                taker = group[wi][0]
                won[taker] |= tmask
                pv[taker] += tv

    def weight(self, hands: list[int]) -> float:
        """The world's weight: ``mismatch`` to the power of the plays the policy would not have
        made in it."""
        misses = 0
        now = hands[0] | hands[1] | hands[2] | hands[3]
        for seat, own_later, all_later, kind, args, card in self.checks:
            h = hands[seat] | own_later
            if not h & (h - 1):
                continue
            out = (now | all_later) ^ h  # the cards the other seats held then
            if kind == 0:
                policy = _lead(h, out)
            else:
                suit, best, last, gain, taker_pile = args
                base = 13 * suit
                m = (h >> base) & 0x1FFF
                if m:
                    if not m & (m - 1):
                        continue
                    policy = _follow(m, suit, best, bool(last), gain, (out >> base) & 0x1FFF)
                else:
                    policy = _discard(h, out, taker_pile)
            if policy != card:
                misses += 1
        return self.mismatch**misses


@dataclass(frozen=True, slots=True)
class Candidate:
    """One legal card's averages over the worlds it was played out in (weighted as the search
    weighs them), and how many worlds that was. A card pruned after ``Budget.prune_after`` or
    more worlds is valued against the chosen card: the choice's averages plus the pruned card's
    average shortfall to it over the worlds both were played in."""

    card: str
    utility: float  # what the search compares: ``utility``, the margin plus any match bonus
    points: float  # the ``margin`` alone: the deal's points, own score minus the others' mean
    worlds: int


@dataclass(frozen=True, slots=True)
class Result:
    """What a search found: the card to play and every legal card's averages (legal order)."""

    best: str
    candidates: tuple[Candidate, ...]
    worlds: int  # worlds drawn (1 with open hands: the true deal)
    open_hands: bool
    match_weighed: bool  # some playout ended the match, so some utility differs from its points


def search(rules: Any, obs: JubMooObservation, rng: random.Random, budget: Budget) -> Result:
    """The card to play (the best weighted average ``utility`` among the cards not pruned, the
    first in legal order on a tie) and every legal card's averages."""
    legal = obs.legal_actions
    me = obs.seat
    ctx = Context(dict(obs.options))
    won0, pv0 = piles(obs, ctx)
    trick = [CARD_INDEX[c] for _, c in obs.trick]
    leader = obs.trick[0][0] if obs.trick else obs.leader
    moves = [CARD_INDEX[a] for a in legal]
    move_bits = [1 << c for c in moves]
    # The trick after each candidate (``playout`` only reads it, so one list serves every world).
    tricks = [[*trick, c] for c in moves]
    scores = ctx.scores
    totals = obs.scores
    target = ctx.target
    n = len(moves)
    sums = [0.0] * n  # weighted sums of the utility
    point_sums = [0.0] * n  # of the margin
    weights = [0.0] * n  # of the weights of the worlds each card was played in
    counts = [0] * n  # and how many those were
    pruned_at: dict[int, tuple[list[float], list[float]]] = {}  # the sums when a card was dropped
    weight_sum = 0.0
    match_weighed = False
    active = list(range(n))
    model = PlayModel(obs, ctx, budget.mismatch) if budget.mismatch < 1.0 and obs.all_hands is None else None
    suspects = qs_suspects(obs) if budget.inference and model is None and obs.all_hands is None else [0, 0, 0, 0]
    suspects[me] = 0
    if obs.all_hands is not None:
        fixed: list[int] | None = [card_mask(h) for h in obs.all_hands]
        max_worlds = budget.worlds if budget.noise else 1
    else:
        fixed = None
        max_worlds = budget.worlds
    spent = 0
    worlds = 0
    while worlds < max_worlds and (worlds < budget.min_worlds or spent < budget.plays):
        hands = fixed if fixed is not None else list(rules.determinize(obs, rng).hands)
        weight = 1.0 if model is None else model.weight(hands)
        for s in range(4):
            if suspects[s] and hands[s] & QS_BIT:
                weight = QS_KEPT_WEIGHT ** suspects[s]
        worlds += 1
        weight_sum += weight
        mine = hands[me]
        # The same noise for every candidate in this world (common random numbers).
        seed = rng.getrandbits(32) if budget.noise else 0
        for i in active:
            h = list(hands)
            h[me] = mine ^ move_bits[i]
            won = won0[:]
            noisy = random.Random(seed) if budget.noise else None
            spent += playout(h, won, pv0[:], leader, tricks[i], ctx, budget.noise, noisy)
            deal = scores(won)
            u = utility(deal, totals, me, target)
            m = margin(deal, me)
            match_weighed |= u != m
            sums[i] += weight * u
            point_sums[i] += weight * m
            weights[i] += weight
            counts[i] += 1
        if worlds >= budget.prune_after and len(active) > 1:
            top = max(sums[i] for i in active)
            cut = budget.prune * weight_sum
            kept = [i for i in active if sums[i] >= top - cut]
            if len(kept) < len(active):
                snapshot = (sums[:], point_sums[:])
                for i in active:
                    if i not in kept:
                        pruned_at[i] = snapshot
            active = kept
    best = max(active, key=lambda i: (sums[i], -i))

    def averages(i: int) -> tuple[float, float]:
        """A card's (utility, points). A pruned card is compared with the chosen one over the
        worlds both were played in, its shortfall there added to the choice's full averages:
        the same worlds for both, not the pruned card's first few against the choice's many."""
        if i not in pruned_at:
            return sums[i] / weights[i], point_sums[i] / weights[i]
        then_sums, then_points = pruned_at[i]
        w = weights[i]
        return (sums[best] / weights[best] + (then_sums[i] - then_sums[best]) / w,
                point_sums[best] / weights[best] + (then_points[i] - then_points[best]) / w)

    candidates = tuple(Candidate(legal[i], *averages(i), counts[i]) for i in range(n))
    return Result(legal[best], candidates, worlds, fixed is not None, match_weighed)
