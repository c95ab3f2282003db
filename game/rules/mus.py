"""Mus: the Spanish four-player partnership game (rules: ``../shared/rules/mus.md``, R2.x, A-x).

Seats 0..3 in play order (counter-clockwise): 0 = you (P1), 1 = right opponent (P2),
2 = your partner (P3), 3 = left opponent (P4). Team 0 = seats {0, 2}, team 1 = seats {1, 3}.
Mano (first to speak, wins every tie) is ``mano``; the postre (dealer) is ``(mano + 3) % 4``.
After every deal mano moves to the next seat (R2.2.3).

Cards: rank ``A 2 3 4 5 6 7 S C R`` then suit ``o c e b``: ``Ro``, ``3e``, ``Ab``, ``Sc``.
The canonical card order is by rank in that order, then by suit. With ``kings=8`` (default)
a 3 is a king and a 2 an ace for every purpose (R2.1.2); with ``kings=4`` they are natural.
``parse_card`` also accepts lower case and the numbers 1, 10, 11, 12 for A, S, C, R.

Action grammar (an action is its canonical text; ``parse_action`` accepts looser spellings):

- ``replay`` | ``continue``: seat 0, at the start of every deal after the first while the
  ``replay`` option is on (``replay`` restarts the previous deal: same deck, mano, scores).
- ``mus`` | ``cut``: the mus phase (R2.4.1), from mano. The first ``cut`` ends it; four
  ``mus`` start the discards.
- ``discard C1 [C2 [C3 [C4]]]``: 1 to 4 cards of the hand, in canonical order (R2.4.3). Every
  seat discards in turn from mano; then the replacements are served in one block per seat
  (R2.4.4), the earlier rounds' discards being reshuffled when the stock runs out (R2.4.5),
  and a new mus round starts.
- ``senas A [B]`` | ``senas none``: with the ``senas`` option on, once the mus is cut (the
  hands are final), before Grande: each seat in turn from mano passes the señas it shows
  (R2.13, A-24; the set and its meanings are ``SENAS``, ``SENA_MEANINGS``), words in the
  order of ``SENAS``, at most one of each category (pares / juego), or withholds them all.
  A seña never lies and is never partial: only señas the hand fits are legal (``allowed_senas``);
  ``senas ciego`` only when no other seña fits. Each rival catches each seña with the chance
  ``sena_catch`` percent, drawn from the match's stream; the partner always sees it.
- Betting in a lance (R2.8, R2.9), by eligible seats only (R2.7):
  ``paso`` | ``envido N`` | ``ordago`` to open (N from 2 to min(10, cap));
  ``quiero`` | ``no-quiero`` | ``raise N`` | ``ordago`` to answer a bet (raise N from 2 while
  the new stake stays within the cap); only ``quiero`` | ``no-quiero`` answer an órdago.
  The cap (R2.8.5) is ``max(2, target - min(team points))``. ``ordago`` exists only with the
  ``ordago`` option on.

Everything else is automatic: the pares and juego declarations (truthful, public, R2.7.1),
lances without betting (R2.7.3), the deje paid at once (R2.8.6, R2.10), the final count in
lance order stopping at the target (R2.11, R2.12.2), new deals and games. The opening amount
may be 2 to 10 as API.md and A-3's "+N" picker allow (the seed's plain envido is ``envido 2``).

Phases: ``mus``, ``discard``, ``senas`` (only with the ``senas`` option on) and ``bet`` during
a deal; ``replay`` (seat 0 to choose, before the next deal is dealt) and ``over`` hold no
dealt cards: every hand is empty. A finished deal is described by ``last_deal``; once the
match is over ``events`` still hold the last deal's events.

Observation fields (``MusObservation``):

- ``seat: int``: the observing seat.
- ``options: OptionItems``: the match options, frozen.
- ``scores: tuple[int, int, int, int]``: each seat's team points in the current game.
- ``team_points: tuple[int, int]``: team 0 (seats 0, 2) and team 1 (seats 1, 3) points.
- ``games_won: tuple[int, int]``: games won by each team.
- ``deal_number: int``: 1 for the first deal (a replay keeps the number of the deal it replays).
- ``mano: int``: the seat that is mano in this deal.
- ``phase: str``: ``"replay"``, ``"mus"``, ``"discard"``, ``"senas"``, ``"bet"`` or ``"over"``.
- ``lance: str | None``: the lance being bet now (``"grande"``, ``"chica"``, ``"pares"``,
  ``"juego"``, ``"punto"``), else None.
- ``current_player: int | None``: whose turn it is; None once the match is over.
- ``legal_actions: tuple[str, ...]``: the observer's legal actions when it is to act, else ().
- ``hand: tuple[str, ...]``: the observer's cards, canonical order.
- ``hand_sizes: tuple[int, int, int, int]``: every seat's number of cards.
- ``discard_counts: tuple[tuple[int, int, int, int], ...]``: per mus round, the number of
  cards each seat discarded (0 = not yet, in the round being discarded).
- ``my_discards: tuple[str, ...]``: the observer's own discards still face down in the discard
  pile (those of the rounds since the stock was last rebuilt, R2.4.5), canonical order.
- ``stock_size: int``: cards left in the stock.
- ``reshuffles: tuple[int, ...]``: the mus rounds (0-based) in which the stock was rebuilt
  from the earlier discards (R2.4.5).
- ``speech: tuple[str, str, str, str]``: each seat's latest call in this lance (the mus-phase
  calls stay up through Grande), as words: "Mus", "Corto", "Descarta 2", "Paso", "Envido 2",
  "2 más", "Quiero", "No quiero", "Órdago!", "Pares sí", "No tengo pares", "Juego sí",
  "No tengo juego" ("" = nothing yet).
- ``stakes: int``: the stake offered now in this lance (0 before any bet; with an órdago on
  the table, the stake that stood before it).
- ``stake_seen: int``: the stake implicitly accepted by the last raise (R2.8.3; 0 at first).
- ``bettor_team: int | None``: the team whose bet is being answered, None when nobody bet.
- ``ordago: bool``: an órdago is on the table.
- ``to_speak: tuple[int, ...]``: the seats still to speak in this betting round (in the
  ``senas`` phase: still to pass their señas), in order.
- ``lance_results: tuple[LanceResult, ...]``: the lances already settled in this deal, in order:
  ``LanceResult(lance, outcome, team, amount)`` with ``outcome`` ``"passed"`` (en paso),
  ``"accepted"`` (``amount``: the stake, scored at the count), ``"rejected"`` (a deje of
  ``amount`` paid at once to ``team``), ``"no-bet"`` (only ``team`` held pares / juego) or
  ``"nobody"`` (nobody held pares); ``team`` is None and ``amount`` 0 where they do not apply.
- ``declarations: tuple[tuple[bool | None, bool | None], ...]``: per seat (has pares, has
  juego), None until declared.
- ``senas_seen: tuple[SenaSeen, ...]``: the señas of this deal that the observer's side saw,
  in the order passed: ``SenaSeen(seat, sena, caught_by)``, ``caught_by`` None for a seña of
  the observer's own side (its own or its partner's, always seen), else the seat of the
  observer's side that caught it (the observer itself when it did, else its partner). The
  rivals' uncaught señas are not there, nor whether the rivals caught this side's señas.
- ``senas_passed: tuple[bool, bool, bool, bool]``: per seat, whether it has had its seña turn
  in this deal (public: everyone sees the turns go round, not what they show).
- ``events: tuple[str, ...]``: the public events of the current deal, in order.
- ``last_deal: DealSummary | None``: the previous settled deal.
- ``winner: int | None``: the team that won the match, once it is over.
- ``all_hands: tuple[tuple[str, ...], ...] | None``: every seat's hand with ``open_hands`` on.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Any

from game.options import OptionSpec, resolve_options
from game.rules.common import (
    IllegalAction,
    OptionItems,
    freeze_options,
    rng_for,
)

__all__ = [
    "CARDS",
    "CARD_INDEX",
    "F_CHICA",
    "F_GRANDE",
    "F_JBONUS",
    "F_JUEGO",
    "F_PARES",
    "F_PBONUS",
    "F_TOTAL",
    "JUEGO_ORDER",
    "LANCES",
    "LANCE_FEATURE",
    "LANCE_TITLES",
    "RULES",
    "SENAS",
    "SENAS_NONE",
    "SENA_CATEGORY",
    "SENA_FACES",
    "SENA_MEANINGS",
    "SENA_WORDS",
    "DealSummary",
    "Feat",
    "LanceCount",
    "LanceResult",
    "MusObservation",
    "MusRules",
    "MusState",
    "RoleSystem",
    "SenaSeen",
    "SenaTrack",
    "allowed_senas",
    "card_role",
    "hand_features",
    "juego_bonus",
    "juego_total",
    "lance_winner",
    "pares_bonus",
    "parse_card",
    "role_system",
    "sena_fits",
]

# ---------------------------------------------------------------------------------------------
# Cards and hand tables
# ---------------------------------------------------------------------------------------------

_RANKS = "A234567SCR"
_SUITS = "oceb"
CARDS: tuple[str, ...] = tuple(r + s for r in _RANKS for s in _SUITS)
#: A card's index in ``CARDS`` (the engine's card ints).
CARD_INDEX: dict[str, int] = {name: i for i, name in enumerate(CARDS)}
_RANK_ALIASES = {"1": "A", "10": "S", "11": "C", "12": "R"}

LANCES: tuple[str, ...] = ("grande", "chica", "pares", "juego", "punto")
#: Each lance's name as the events write it (the line that opens the lance).
LANCE_TITLES = {"grande": "Grande", "chica": "Chica", "pares": "Pares", "juego": "Juego", "punto": "Punto"}

#: The juego key of each juego total, bigger is better: 31 > 32 > 40 > 37 > ... > 33 (R2.6.5; 38, 39 cannot occur).
JUEGO_ORDER = {31: 8, 32: 7, 40: 6, 37: 5, 36: 4, 35: 3, 34: 2, 33: 1}

# Card roles: 8 kings (3 = R, 2 = A; R2.1.2) or natural ranks (kings=4, R2.1.5).
_ROLE8 = {"A": 0, "2": 0, "4": 1, "5": 2, "6": 3, "7": 4, "S": 5, "C": 6, "R": 7, "3": 7}
_ROLE4 = {r: i for i, r in enumerate(_RANKS)}
_VALUE_OF_ROLE8 = (1, 4, 5, 6, 7, 10, 10, 10)
_VALUE_OF_ROLE4 = (1, 2, 3, 4, 5, 6, 7, 10, 10, 10)

#: Indices into a hand's features (``hand_features``): the grande, chica, pares and juego keys (bigger is
#: better, R2.14), the point total (the punto key), the pares bonus and the juego bonus (R2.11).
F_GRANDE, F_CHICA, F_PARES, F_JUEGO, F_TOTAL, F_PBONUS, F_JBONUS = range(7)
#: The feature index of each lance's key (punto: the point total).
LANCE_FEATURE = {"grande": F_GRANDE, "chica": F_CHICA, "pares": F_PARES, "juego": F_JUEGO, "punto": F_TOTAL}

#: A hand's features: see ``F_GRANDE`` ... ``F_JBONUS``.
Feat = tuple[int, int, int, int, int, int, int]


def _build_features(num_roles: int, values: Sequence[int]) -> dict[int, Feat]:
    """Every 4-card role multiset -> (grande, chica, pares, juego keys, total, bonuses).

    Keys are ints where bigger is better (R2.14): grande = roles high->low as digits, chica =
    9999 - roles low->high, pares = category*100 + high*10 + low, juego = JUEGO_ORDER.
    """
    table: dict[int, Feat] = {}
    for combo in combinations_with_replacement(range(num_roles), 4):
        key = sum(1 << (3 * r) for r in combo)
        desc = sorted(combo, reverse=True)
        asc = sorted(combo)
        grande = desc[0] * 1000 + desc[1] * 100 + desc[2] * 10 + desc[3]
        chica = 9999 - (asc[0] * 1000 + asc[1] * 100 + asc[2] * 10 + asc[3])
        counts = {r: combo.count(r) for r in set(combo)}
        groups = sorted(((c, r) for r, c in counts.items() if c >= 2), reverse=True)
        if not groups:
            pares = 0
        elif groups[0][0] == 4:
            pares = 300 + groups[0][1] * 10 + groups[0][1]  # four of a kind = two pairs
        elif len(groups) == 2:
            hi, lo = max(groups[0][1], groups[1][1]), min(groups[0][1], groups[1][1])
            pares = 300 + hi * 10 + lo  # duples
        elif groups[0][0] == 3:
            pares = 200 + groups[0][1] * 10  # medias
        else:
            pares = 100 + groups[0][1] * 10  # pareja: kickers never count
        total = sum(values[r] for r in combo)
        juego = JUEGO_ORDER.get(total, 0)
        jbonus = 3 if total == 31 else (2 if juego else 0)
        table[key] = (grande, chica, pares, juego, total, pares // 100, jbonus)
    return table


_FEATS8 = _build_features(8, _VALUE_OF_ROLE8)
_FEATS4 = _build_features(10, _VALUE_OF_ROLE4)
_BITS8 = tuple(1 << (3 * _ROLE8[name[0]]) for name in CARDS)
_BITS4 = tuple(1 << (3 * _ROLE4[name[0]]) for name in CARDS)


@dataclass(frozen=True)
class RoleSystem:
    """The card roles of one ``kings`` option (R2.1), for code that tabulates hands by roles (the AI).

    Roles run 0 (ace) .. ``king``; a hand's key is the sum of its four cards' ``bits``."""

    kings8: bool
    count: int  # how many roles: 8 with 8 kings, 10 with 4
    king: int  # the king's role, the highest
    card_roles: tuple[int, ...]  # each card's role (``card_role``), by card int
    values: tuple[int, ...]  # each role's juego points (R2.1.4)
    bits: tuple[int, ...]  # each card's key part, ``1 << (3 * role)``, by card int
    features: Mapping[int, Feat]  # every hand key's features


_ROLE_SYSTEMS = tuple(
    RoleSystem(k8, len(values), len(values) - 1, tuple((_ROLE8 if k8 else _ROLE4)[c[0]] for c in CARDS), values,
               bits, feats)
    for k8, values, bits, feats in ((False, _VALUE_OF_ROLE4, _BITS4, _FEATS4), (True, _VALUE_OF_ROLE8, _BITS8, _FEATS8))
)


def role_system(kings8: bool) -> RoleSystem:
    """The card roles with 8 kings (``kings8``) or with 4."""
    return _ROLE_SYSTEMS[kings8]


def hand_features(hand: Sequence[int], kings8: bool) -> Feat:
    """The features (``Feat``) of four card ints, with 8 kings or with 4."""
    if kings8:
        return _FEATS8[_BITS8[hand[0]] + _BITS8[hand[1]] + _BITS8[hand[2]] + _BITS8[hand[3]]]
    return _FEATS4[_BITS4[hand[0]] + _BITS4[hand[1]] + _BITS4[hand[2]] + _BITS4[hand[3]]]


def parse_card(text: str) -> str:
    """The canonical form of a card (``"ro"`` -> ``"Ro"``, ``"12o"`` -> ``"Ro"``); ValueError if none."""
    t = text.strip()
    if len(t) >= 2:
        rank = t[:-1].upper()
        rank = _RANK_ALIASES.get(rank, rank)
        name = rank + t[-1].lower()
        if name in CARD_INDEX:
            return name
    raise ValueError(f"{text!r} is not a Spanish card (rank A 2 3 4 5 6 7 S C R, suit o c e b)")


def _card_int(text: str) -> int:
    return CARD_INDEX[parse_card(text)]


def _fmt(cards: Sequence[int]) -> tuple[str, ...]:
    return tuple(CARDS[c] for c in cards)


def _kings8(options: dict[str, Any] | None) -> bool:
    opts = resolve_options(OPTION_SPECS, options)
    return bool(opts["kings"] == 8)


def _hand_ints(hand: Sequence[str]) -> tuple[int, ...]:
    cards = tuple(_card_int(c) for c in hand)
    if len(cards) != 4 or len(set(cards)) != 4:
        raise ValueError(f"a Mus hand is 4 different cards, not {list(hand)!r}")
    return cards


# ---------------------------------------------------------------------------------------------
# Pure helpers (API.md)
# ---------------------------------------------------------------------------------------------


def lance_winner(lance: str, hands: Sequence[Sequence[str]], mano: int,
                 options: dict[str, Any] | None = None) -> int | None:
    """The seat that wins ``lance`` with these four hands (R2.6): ties go to the seat nearest
    mano (R2.2.5). None for ``"pares"`` / ``"juego"`` when nobody holds pares / juego; for
    ``"punto"`` the best total wins whether or not someone has juego."""
    if lance not in LANCE_FEATURE:
        raise ValueError(f"unknown lance {lance!r}; choose one of {', '.join(LANCES)}")
    if len(hands) != 4 or not (isinstance(mano, int) and 0 <= mano < 4):
        raise ValueError("lance_winner needs four hands (by seat) and a mano seat 0-3")
    k8 = _kings8(options)
    feats = [hand_features(_hand_ints(h), k8) for h in hands]
    return _best_seat(feats, LANCE_FEATURE[lance], mano)


def _best_seat(feats: Sequence[Feat], index: int, mano: int) -> int | None:
    best = -1
    seat: int | None = None
    for d in range(4):
        s = (mano + d) % 4
        key = feats[s][index]
        if key > best:
            best, seat = key, s
    if best == 0 and index in (F_PARES, F_JUEGO):
        return None
    return seat


def card_role(card: str, options: dict[str, Any] | None = None) -> int:
    """The rank a card plays as (R2.1.3), low to high. With 8 kings: 0 = ace (A or 2), 1-4 =
    4-7, 5 = S, 6 = C, 7 = king (R or 3). With ``kings=4``: 0-9 in the order A 2 3 4 5 6 7 S C R."""
    rank = parse_card(card)[0]
    return _ROLE8[rank] if _kings8(options) else _ROLE4[rank]


def pares_bonus(hand: Sequence[str], options: dict[str, Any] | None = None) -> int:
    """0 without pares, 1 for a pareja, 2 for medias, 3 for duples (R2.11.1)."""
    return hand_features(_hand_ints(hand), _kings8(options))[F_PBONUS]


def juego_total(hand: Sequence[str], options: dict[str, Any] | None = None) -> int:
    """The point total of a hand (R2.1.4): figures 10, pips their value, aces 1."""
    return hand_features(_hand_ints(hand), _kings8(options))[F_TOTAL]


def juego_bonus(hand: Sequence[str], options: dict[str, Any] | None = None) -> int:
    """3 for a 31, 2 for any other juego (32-40), 0 without juego (R2.11.2)."""
    return hand_features(_hand_ints(hand), _kings8(options))[F_JBONUS]


# ---------------------------------------------------------------------------------------------
# Señas (partner signals, R2.13 and A-24; the set of the public Spanish rule texts)
# ---------------------------------------------------------------------------------------------

#: Every seña, in the canonical order of a ``senas`` action: the pares category, the juego /
#: punto category, then ``ciego`` (nothing to signal).
SENAS: tuple[str, ...] = ("dos-reyes", "tres-reyes", "solomillo", "dos-ases", "tres-ases", "medias", "duples",
                          "treinta-y-una", "treinta", "veintinueve", "ciego")
#: Each seña's name as the table and the instructions write it.
SENA_WORDS: dict[str, str] = {
    "dos-reyes": "dos reyes", "tres-reyes": "tres reyes (medias de reyes)", "solomillo": "solomillo",
    "dos-ases": "dos ases", "tres-ases": "tres ases (medias de ases)", "medias": "medias", "duples": "duples",
    "treinta-y-una": "treinta y una", "treinta": "treinta", "veintinueve": "veintinueve", "ciego": "ciego",
}
#: What the hand must be for each seña (kings and aces as the ``kings`` option makes them).
SENA_MEANINGS: dict[str, str] = {
    "dos-reyes": "exactly one pair, and it is of kings",
    "tres-reyes": "three kings, the fourth card not an ace",
    "solomillo": "three kings and an ace",
    "dos-ases": "exactly one pair, and it is of aces",
    "tres-ases": "three aces",
    "medias": "three of a kind of another rank than kings or aces",
    "duples": "two pairs or four of a kind (kings and aces too)",
    "treinta-y-una": "juego of exactly 31",
    "treinta": "no juego and 30 points",
    "veintinueve": "no juego and 29 points",
    "ciego": "nothing another seña could tell",
}
#: The face of each seña, as the table says a player makes it ("East is winking").
SENA_FACES: dict[str, str] = {
    "dos-reyes": "biting the lower lip", "tres-reyes": "biting the lip at one side",
    "solomillo": "blowing a silent kiss", "dos-ases": "putting the tongue out",
    "tres-ases": "putting the tongue out at one side", "medias": "twisting the closed lips to one side",
    "duples": "raising the eyebrows", "treinta-y-una": "winking", "treinta": "shrugging both shoulders",
    "veintinueve": "shrugging one shoulder", "ciego": "closing both eyes",
}
#: Each seña's category: at most one ``pares`` and one ``juego`` seña describe a hand, ``ciego`` alone.
SENA_CATEGORY: dict[str, str] = {
    **dict.fromkeys(SENAS[:7], "pares"), **dict.fromkeys(SENAS[7:10], "juego"), "ciego": "ciego"}
SENAS_NONE = "senas none"
_SENA_RANK = {name: i for i, name in enumerate(SENAS)}


def _senas_of(feat: Feat, king: int) -> tuple[str, ...]:
    """The señas a hand of these features fits (never partial: one per category at most)."""
    out: list[str] = []
    pares = feat[F_PARES]
    kind, high = pares // 100, pares // 10 % 10
    if kind == 1 and high in (0, king):
        out.append("dos-reyes" if high == king else "dos-ases")
    elif kind == 2:
        if high == king:  # the fourth card is the lowest digit of the grande key
            out.append("solomillo" if feat[F_GRANDE] % 10 == 0 else "tres-reyes")
        else:
            out.append("tres-ases" if high == 0 else "medias")
    elif kind == 3:
        out.append("duples")
    total = feat[F_TOTAL]
    if 29 <= total <= 31:
        out.append({31: "treinta-y-una", 30: "treinta", 29: "veintinueve"}[total])
    return tuple(out) or ("ciego",)


# Per role system (by ``kings8``): every hand key's señas.
_SENAS_BY_KEY: tuple[dict[int, tuple[str, ...]], ...] = tuple(
    {key: _senas_of(feat, rs.king) for key, feat in rs.features.items()} for rs in _ROLE_SYSTEMS)


def _hand_senas(hand: Sequence[int], kings8: bool) -> tuple[str, ...]:
    """The señas four card ints allow (``allowed_senas`` on ints)."""
    bits = _BITS8 if kings8 else _BITS4
    return _SENAS_BY_KEY[kings8][bits[hand[0]] + bits[hand[1]] + bits[hand[2]] + bits[hand[3]]]


def allowed_senas(hand: Sequence[str], options: dict[str, Any] | None = None) -> tuple[str, ...]:
    """The señas this hand may pass, in ``SENAS`` order: one of the pares category and one of
    the juego category at most, each describing the hand exactly; ``("ciego",)`` when no
    other seña fits. With ``kings=8`` a 3 is a king and a 2 an ace (R2.1.2)."""
    return _hand_senas(_hand_ints(hand), _kings8(options))


def sena_fits(hand: Sequence[str], sena: str, options: dict[str, Any] | None = None) -> bool:
    """Whether passing ``sena`` with this hand tells the truth, the whole truth of its category."""
    if sena not in _SENA_RANK:
        raise ValueError(f"unknown seña {sena!r}; the señas are {', '.join(SENAS)}")
    return sena in allowed_senas(hand, options)


@lru_cache(maxsize=64)
def _sena_actions(allowed: tuple[str, ...]) -> tuple[str, ...]:
    """The legal seña turns of a hand allowing ``allowed``: every non-empty subset (the whole
    set first, then the smaller ones, in ``SENAS`` order), then ``senas none``."""
    out = [f"senas {' '.join(combo)}" for size in range(len(allowed), 0, -1) for combo in combinations(allowed, size)]
    return (*out, SENAS_NONE)


# ---------------------------------------------------------------------------------------------
# Options
# ---------------------------------------------------------------------------------------------

# Each option once: its values, label and help line. The engine, the settings file and the
# options screen all read them from here (OptionSpec in common.py).
OPTION_SPECS: dict[str, OptionSpec] = {
    "target": OptionSpec.choice(
        40, (40, 30), ("40", "30"), "Game to", "The points a team needs to win a game: 40, or 30 for a shorter game."),
    "games": OptionSpec.choice(
        1, (1, 3), ("One game", "Best of three"), "Match",
        "One game decides the match, or the first team to win two games of three."),
    "kings": OptionSpec.choice(
        8, (8, 4), ("8 (3s and 2s)", "4 (natural)"), "Kings",
        "8: the 3s count as kings and the 2s as aces. 4: every card keeps its own rank."),
    "ordago": OptionSpec.boolean(True, "Órdago allowed", "A player may bet the whole game on one lance (órdago)."),
    "senas": OptionSpec.boolean(
        False, "Señas (signals)",
        "Once the mus is cut each player may pass señas (faces) that tell the partner his cards; "
        "rivals may catch them."),
    "sena_catch": OptionSpec.integer(
        20, 0, 100, "Rival catches a seña (%)",
        "The chance that each rival catches each seña passed, in percent.", step=5,
        needs=(("senas", (True,)),)),
    "first_mano": OptionSpec.seat(4, "First mano", "The seat that is mano in the first deal; None draws it."),
    "open_hands": OptionSpec.boolean(
        False, "Open hands (learning)",
        "Every hand is shown face up, for learning; the computers, and Hard's hint and review, still "
        "decide from their own cards."),
    "replay": OptionSpec.boolean(
        False, "Offer to replay each deal", "Each new deal first offers to replay the last one (F6).", shown=False),
}

# ---------------------------------------------------------------------------------------------
# Values: state, summaries, observation
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LanceResult:
    """A lance settled during the current deal, before the count (``MusObservation.lance_results``).

    ``outcome``: ``"passed"`` (en paso), ``"accepted"`` (``amount`` = the stake accepted),
    ``"rejected"`` (a deje of ``amount`` paid at once to ``team``), ``"no-bet"`` (only ``team``
    could bet) or ``"nobody"`` (nobody had pares). ``team`` is None for passed, accepted and
    nobody; ``amount`` is 0 for passed, no-bet and nobody.
    """

    lance: str
    outcome: str
    team: int | None
    amount: int


@dataclass(frozen=True, slots=True)
class LanceCount:
    """How one lance of a settled deal was scored.

    ``outcome``: ``"passed"`` (en paso), ``"accepted"``, ``"rejected"`` (deje paid during
    play), ``"no-bet"`` (only one team could bet), ``"nobody"`` (nobody had pares),
    ``"ordago"`` (accepted órdago: the deal stopped there). ``stake``: the accepted stake or the
    deje paid. ``winner_seat``: the seat whose cards won (None when won by a rejection or
    nobody won). ``points``: the lance points added at the count (1 en paso, the stake, the
    Punto point...), ``bonuses``: the pares/juego bonuses added per seat. ``counted`` is False
    when the count had already stopped at the target before this lance. ``uncounted``: what
    the count left out of this lance when it stopped part way through it (R2.12.2), so the
    summary can say why a bonus the hands show was not added.
    """

    lance: str
    outcome: str
    stake: int
    winner_seat: int | None
    winner_team: int | None
    points: int
    bonuses: tuple[int, int, int, int]
    counted: bool
    uncounted: int = 0


@dataclass(frozen=True, slots=True)
class DealSummary:
    """The previous settled deal, for the deal-summary screen.

    ``hands``: all four hands (by seat) if they were shown (final count or accepted órdago),
    else None. ``ended_by``: ``"count"``, ``"ordago"`` or ``"deje"`` (a rejected bet reached
    the target). ``stopped_at_target``: a team reached the target during the count, so the
    count stopped there (R2.12.2). ``game_winner``: the team that won the game in this deal.
    """

    deal_number: int
    mano: int
    hands: tuple[tuple[str, ...], ...] | None
    lances: tuple[LanceCount, ...]
    points_before: tuple[int, int]
    points_after: tuple[int, int]
    games_won_before: tuple[int, int]
    games_won_after: tuple[int, int]
    ended_by: str
    stopped_at_target: bool
    game_winner: int | None


@dataclass(frozen=True, slots=True)
class SenaSeen:
    """A seña the observer's side saw (``MusObservation.senas_seen``): ``seat`` passed ``sena``;
    ``caught_by`` is None when ``seat`` is the observer or its partner, else the seat of the
    observer's side that caught it (the observer itself if it did, else its partner)."""

    seat: int
    sena: str
    caught_by: int | None


#: One seña passed in the current deal: (seat, seña, the rivals who caught it in draw order).
SenaPassed = tuple[int, str, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class SenaTrack:
    """The señas of the current deal (``MusState.senas``; None there while the option is off).

    ``catch``: the ``sena_catch`` percent; ``passed``: every seña passed, in order;
    ``turns``: per seat, whether it has had its seña turn in this deal."""

    catch: int
    passed: tuple[SenaPassed, ...]
    turns: tuple[bool, ...]


# Deal-start snapshot kept for the ``replay`` action: (deck, mano, points, games_won, deal_number).
Snapshot = tuple[tuple[int, ...], int, tuple[int, int], tuple[int, int], int]
Decl = tuple[bool | None, bool | None]


@dataclass(slots=True)
class MusState:
    """A complete Mus position. Cards are ints (index in ``CARDS``); hands are sorted.

    Immutable by convention, not by ``frozen=True``: nothing assigns to a state once it has
    been returned (``apply`` copies with ``_copy`` and sets fields on the fresh copy only, and
    the property tests check its input is untouched). A frozen dataclass's ``__init__`` costs
    about ten times more, and a Mus move builds one or two states. ``__hash__`` is the one a
    frozen dataclass would have, so states stay hashable.
    """

    options: OptionItems
    target: int
    games: int
    kings8: bool
    ordago_on: bool
    replay_on: bool
    open_hands: bool
    stream: int
    draws: int
    games_won: tuple[int, int]
    points: tuple[int, int]
    start_points: tuple[int, int]
    deal_number: int
    mano: int
    hands: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]  # top first
    pile: tuple[int, ...]  # earlier mus rounds' discards, face down (sorted)
    rounds: tuple[tuple[tuple[int, ...], ...], ...]  # per mus round, each seat's discards
    reshuffles: tuple[int, ...]
    deal_deck: tuple[int, ...]
    prev: Snapshot | None
    phase: str
    to_act: int  # -1 when nobody
    lance: int  # 0 grande, 1 chica, 2 pares, 3 juego/punto; -1 outside the lances
    punto: bool
    queue: tuple[int, ...]
    stake: int
    seen: int
    bettor: int  # team, -1 when nobody bet
    ordago: bool
    results: tuple[LanceResult, ...]
    declarations: tuple[Decl, ...]
    speech: tuple[str, ...]
    events: tuple[str, ...]
    last_deal: DealSummary | None
    winner: int | None
    senas: SenaTrack | None  # None: the senas option is off

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, name) for name in _STATE_FIELDS))


_STATE_FIELDS = tuple(f.name for f in fields(MusState))
_new_state = object.__new__


def _copy(state: MusState) -> MusState:
    """A shallow copy, field by field (several times cheaper than calling ``MusState(...)``).

    Callers set the fields that change on the copy before returning it; nothing else may
    assign to a state. Every field of ``MusState`` must be listed here (a test checks it).
    """
    new: MusState = _new_state(MusState)
    new.options = state.options
    new.target = state.target
    new.games = state.games
    new.kings8 = state.kings8
    new.ordago_on = state.ordago_on
    new.replay_on = state.replay_on
    new.open_hands = state.open_hands
    new.stream = state.stream
    new.draws = state.draws
    new.games_won = state.games_won
    new.points = state.points
    new.start_points = state.start_points
    new.deal_number = state.deal_number
    new.mano = state.mano
    new.hands = state.hands
    new.stock = state.stock
    new.pile = state.pile
    new.rounds = state.rounds
    new.reshuffles = state.reshuffles
    new.deal_deck = state.deal_deck
    new.prev = state.prev
    new.phase = state.phase
    new.to_act = state.to_act
    new.lance = state.lance
    new.punto = state.punto
    new.queue = state.queue
    new.stake = state.stake
    new.seen = state.seen
    new.bettor = state.bettor
    new.ordago = state.ordago
    new.results = state.results
    new.declarations = state.declarations
    new.speech = state.speech
    new.events = state.events
    new.last_deal = state.last_deal
    new.winner = state.winner
    new.senas = state.senas
    return new


def _evolve(state: MusState, **changes: Any) -> MusState:
    """``dataclasses.replace`` for the colder paths: a ``_copy`` with ``changes`` set on it."""
    new = _copy(state)
    for name, value in changes.items():
        setattr(new, name, value)
    return new


@dataclass(frozen=True, slots=True)
class MusObservation:
    """What one seat may know (fields documented in the module docstring)."""

    seat: int
    options: OptionItems
    scores: tuple[int, ...]
    team_points: tuple[int, int]
    games_won: tuple[int, int]
    deal_number: int
    mano: int
    phase: str
    lance: str | None
    current_player: int | None
    legal_actions: tuple[str, ...]
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    discard_counts: tuple[tuple[int, ...], ...]
    my_discards: tuple[str, ...]
    stock_size: int
    reshuffles: tuple[int, ...]
    speech: tuple[str, ...]
    stakes: int
    stake_seen: int
    bettor_team: int | None
    ordago: bool
    to_speak: tuple[int, ...]
    lance_results: tuple[LanceResult, ...]
    declarations: tuple[Decl, ...]
    events: tuple[str, ...]
    last_deal: DealSummary | None
    winner: int | None
    all_hands: tuple[tuple[str, ...], ...] | None
    senas_seen: tuple[SenaSeen, ...]
    senas_passed: tuple[bool, ...]


# ---------------------------------------------------------------------------------------------
# Action text
# ---------------------------------------------------------------------------------------------

MUS, CUT, PASO, QUIERO, NO_QUIERO, ORDAGO, REPLAY, CONTINUE = (
    "mus", "cut", "paso", "quiero", "no-quiero", "ordago", "replay", "continue")
_ENVIDO = tuple(f"envido {n}" for n in range(11))
_RAISE = tuple(f"raise {n}" for n in range(11))
_MAX_BET = 10
_NO_DECL: tuple[Decl, ...] = ((None, None),) * 4
_NO_TURNS = (False, False, False, False)
_BLANK = ("", "", "", "")
_EMPTY_HANDS: tuple[tuple[int, ...], ...] = ((), (), (), ())
_ALL_CARDS = tuple(range(40))
_ALIASES = {
    "corto": CUT, "cortar": CUT, "no hay mus": CUT, "no mus": CUT, "pass": PASO, "pasar": PASO,
    "accept": QUIERO, "no quiero": NO_QUIERO, "noquiero": NO_QUIERO, "reject": NO_QUIERO,
    "órdago": ORDAGO, "all in": ORDAGO, "envido": "envido 2", "envido más": "raise 2",
    "envido mas": "raise 2", "raise": "raise 2", "subir": "raise 2",
}


# Other spellings of the señas in ``parse_action`` (the display names are read word by word).
_SENA_ALIASES = {
    **{SENA_WORDS[name].split(" (")[0]: name for name in SENAS}, "medias de reyes": "tres-reyes",
    "medias de ases": "tres-ases", "31": "treinta-y-una", "30": "treinta", "29": "veintinueve", "nada": "none",
    "ninguna": "none", "nothing": "none", "none": "none"}


def _parse_senas_text(words: Sequence[str]) -> str:
    """``senas`` followed by the señas in canonical form and order; names may be written as
    the table does ("dos reyes", "medias de reyes", "31"). Unknown words are left for apply
    to refuse."""
    out: list[str] = []
    i = 0
    while i < len(words):
        for size in (3, 2, 1):
            phrase = " ".join(words[i:i + size])
            name = _SENA_ALIASES.get(phrase) or (phrase if size == 1 and phrase in _SENA_RANK else None)
            if name is not None:
                out.append(name)
                i += size
                break
        else:
            out.append(words[i])
            i += 1
    if all(w in _SENA_RANK for w in out) and len(set(out)) == len(out):
        out.sort(key=_SENA_RANK.__getitem__)
    return " ".join(["senas", *out])


@lru_cache(maxsize=8192)
def _discard_actions(hand: tuple[int, ...]) -> tuple[str, ...]:
    out: list[str] = []
    for size in range(1, len(hand) + 1):
        for combo in combinations(hand, size):
            out.append("discard " + " ".join(CARDS[c] for c in combo))
    return tuple(out)


def _team(seat: int) -> int:
    return seat & 1


def _order(mano: int) -> tuple[int, ...]:
    return _ORDERS[mano]


_ORDERS = tuple(tuple((m + d) % 4 for d in range(4)) for m in range(4))


def _lance_name(state: MusState) -> str:
    if state.lance == 3:
        return "punto" if state.punto else "juego"
    return LANCES[state.lance]


def _cap(state: MusState) -> int:
    """R2.8.5: a stake never needs to exceed target - min(team points)."""
    return max(2, state.target - min(state.points))


# ---------------------------------------------------------------------------------------------
# The game object
# ---------------------------------------------------------------------------------------------


class MusRules:
    """The Mus game object of API.md."""

    name = "mus"
    title = "Mus"
    num_players = 4

    # -- setup -----------------------------------------------------------------------------

    def default_options(self) -> dict[str, Any]:
        return {key: spec.default for key, spec in OPTION_SPECS.items()}

    def new_match(self, seed: int, options: dict[str, Any] | None = None,
                  deck: Sequence[str] | None = None) -> MusState:
        opts = resolve_options(OPTION_SPECS, options)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an int, not {seed!r}")
        first_deck: tuple[int, ...] | None = None
        if deck is not None:
            try:
                first_deck = tuple(_card_int(c) for c in deck)
            except (ValueError, AttributeError) as exc:
                raise ValueError(f"deck: {exc}") from None
            if len(first_deck) != 40 or len(set(first_deck)) != 40:
                raise ValueError("deck must hold each of the 40 Spanish cards exactly once")
        draws = 0
        mano = opts["first_mano"]
        if mano is None:
            mano = rng_for(seed, draws).randrange(4)  # R2.2.4
            draws += 1
        base = MusState(
            options=freeze_options(opts), target=opts["target"], games=opts["games"],
            kings8=opts["kings"] == 8, ordago_on=opts["ordago"], replay_on=opts["replay"],
            open_hands=opts["open_hands"], stream=seed, draws=draws, games_won=(0, 0),
            points=(0, 0), start_points=(0, 0), deal_number=1, mano=mano, hands=_EMPTY_HANDS,
            stock=_ALL_CARDS, pile=(), rounds=(), reshuffles=(), deal_deck=_ALL_CARDS, prev=None,
            phase="mus", to_act=mano, lance=-1, punto=False, queue=(), stake=0, seen=0, bettor=-1,
            ordago=False, results=(), declarations=_NO_DECL, speech=_BLANK, events=(),
            last_deal=None, winner=None,
            senas=SenaTrack(opts["sena_catch"], (), _NO_TURNS) if opts["senas"] else None,
        )
        return _deal_into(base, first_deck)

    def set_option(self, state: MusState, key: str, value: Any) -> MusState:
        """Change an option mid-match: only ``replay`` may change (F6)."""
        if key != "replay":
            if key in OPTION_SPECS:
                raise ValueError(f"option {key!r} cannot change during a match (only 'replay' can)")
            raise ValueError(f"unknown option {key!r}")
        if not isinstance(value, bool):
            raise ValueError(f"option 'replay' must be true or false, not {value!r}")
        opts = dict(state.options)
        opts["replay"] = value
        new = _evolve(state, replay_on=value, options=freeze_options(opts))
        if not value and new.phase == "replay":
            return _deal(new, None)
        return new

    # -- queries ---------------------------------------------------------------------------

    def current_player(self, state: MusState) -> int | None:
        return None if state.phase == "over" else state.to_act

    def is_over(self, state: MusState) -> bool:
        return state.phase == "over"

    def match_scores(self, state: MusState) -> tuple[int, ...]:
        a, b = state.points
        return (a, b, a, b)

    def hand(self, state: MusState, seat: int) -> tuple[str, ...]:
        return _fmt(state.hands[seat])

    def legal_actions(self, state: MusState) -> tuple[str, ...]:
        phase = state.phase
        if phase == "bet":
            return _bet_actions(state)
        if phase == "mus":
            return (MUS, CUT)
        if phase == "discard":
            return _discard_actions(state.hands[state.to_act])
        if phase == "senas":
            return _sena_actions(_hand_senas(state.hands[state.to_act], state.kings8))
        if phase == "replay":
            return (REPLAY, CONTINUE)
        return ()

    # -- moves -----------------------------------------------------------------------------

    def apply(self, state: MusState, action: str) -> MusState:
        phase = state.phase
        if not isinstance(action, str):
            raise IllegalAction(f"{action!r} is not a Mus action.")
        try:
            if phase == "bet":
                return _apply_bet(state, action)
            if phase == "mus":
                return _apply_mus(state, action)
            if phase == "discard":
                return _apply_discard(state, action)
            if phase == "replay":
                if action == REPLAY:
                    return _replay(state)
                if action == CONTINUE:
                    return _deal(state, None)
                raise _not_now(action, "replay the last deal or continue.")
        except IllegalAction:
            if action.startswith("senas"):  # a seña out of its moment: say when señas are passed
                raise _senas_refused(state) from None
            raise
        if phase == "senas":
            return _apply_senas(state, action)
        raise IllegalAction("The match is over.")

    # -- text ------------------------------------------------------------------------------

    def action_text(self, action: str) -> str:
        return action

    def parse_action(self, state: MusState, text: str) -> str:
        legal = self.legal_actions(state)
        if not isinstance(text, str):
            raise ValueError(f"not an action: {text!r}")
        t = " ".join(text.strip().lower().split())
        t = _ALIASES.get(t, t)
        words = t.split(" ")
        if words[0] in ("discard", "descarto", "descarta") and len(words) > 1:
            try:
                cards = sorted({_card_int(w) for w in words[1:]})
            except ValueError as exc:
                raise ValueError(str(exc)) from None
            t = "discard " + " ".join(CARDS[c] for c in cards)
        elif len(words) == 2 and words[0] in ("envido", "raise", "sube", "subo") and words[1].isdigit():
            t = ("envido " if words[0] == "envido" else "raise ") + str(int(words[1]))
        elif len(words) == 2 and words[1] in ("más", "mas") and words[0].isdigit():
            t = f"raise {int(words[0])}"
        elif words[0] in ("senas", "señas", "sena", "seña"):
            t = _parse_senas_text(words[1:])
        if t in legal:
            return t
        self.apply(state, t)  # refuses with the reason, in a sentence
        raise IllegalAction(f"{text!r} is not a Mus action.")

    # -- observation -----------------------------------------------------------------------

    def observation(self, state: MusState, seat: int) -> MusObservation:
        if not (isinstance(seat, int) and 0 <= seat < 4):
            raise ValueError(f"seat must be 0-3, not {seat!r}")
        rounds = state.rounds
        a, b = state.points
        track = state.senas
        lance = _lance_name(state) if state.phase == "bet" else None
        current = None if state.phase == "over" else state.to_act
        return MusObservation(
            seat=seat, options=state.options, scores=(a, b, a, b), team_points=state.points,
            games_won=state.games_won, deal_number=state.deal_number, mano=state.mano,
            phase=state.phase, lance=lance, current_player=current,
            legal_actions=self.legal_actions(state) if current == seat else (),
            hand=_fmt(state.hands[seat]), hand_sizes=tuple(len(h) for h in state.hands),
            discard_counts=tuple(tuple(len(d) for d in r) for r in rounds),
            my_discards=_fmt(sorted(c for r in rounds[state.reshuffles[-1] if state.reshuffles else 0:]
                                    for c in r[seat])),
            stock_size=len(state.stock),
            reshuffles=state.reshuffles, speech=state.speech, stakes=state.stake,
            stake_seen=state.seen, bettor_team=None if state.bettor < 0 else state.bettor,
            ordago=state.ordago, to_speak=state.queue,
            lance_results=state.results,
            declarations=state.declarations, events=state.events, last_deal=state.last_deal,
            winner=state.winner,
            all_hands=tuple(_fmt(h) for h in state.hands) if state.open_hands else None,
            senas_seen=() if track is None or not track.passed else _senas_seen(track.passed, seat),
            senas_passed=_NO_TURNS if track is None else track.turns,
        )

    def determinize(self, observation: MusObservation, rng: random.Random) -> MusState:
        return _determinize(observation, rng)


RULES = MusRules()

# ---------------------------------------------------------------------------------------------
# Deals
# ---------------------------------------------------------------------------------------------
#
# The helpers below that take ``new`` change it in place: ``new`` is a fresh ``_copy`` made by
# the move being applied and seen by nobody else yet. One copy per move instead of one per step
# is most of what makes ``apply`` cheap.


def _deal(state: MusState, deck: tuple[int, ...] | None) -> MusState:
    """Start the deal ``state`` describes (mano, points, deal number set): shuffle unless
    ``deck`` is given, and deal 4 cards one at a time from mano (R2.3.1, API.md)."""
    return _deal_into(_copy(state), deck)


def _deal_into(new: MusState, deck: tuple[int, ...] | None) -> MusState:
    """``_deal`` done in place on a fresh copy."""
    draws = new.draws
    if deck is None:
        cards = list(_ALL_CARDS)
        rng_for(new.stream, draws).shuffle(cards)
        deck = tuple(cards)
        draws += 1
    mano = new.mano
    new.draws = draws
    # Card i goes to seat (mano + i) % 4: seat s gets cards (s - mano) % 4, +4, +8 and +12.
    new.hands = tuple(tuple(sorted(deck[(s - mano) % 4:16:4])) for s in range(4))
    new.stock = deck[16:]
    new.deal_deck = deck
    new.start_points = new.points
    _clear_deal(new, "mus", mano, (f"Deal {new.deal_number}: {mano} is mano",))
    return new


def _clear_deal(new: MusState, phase: str, to_act: int, events: tuple[str, ...]) -> None:
    """Reset the per-deal fields of ``new`` (all but the cards) for ``phase``."""
    new.pile = ()
    new.rounds = ()
    new.reshuffles = ()
    new.phase = phase
    new.to_act = to_act
    new.lance = -1
    new.punto = False
    new.queue = ()
    new.stake = 0
    new.seen = 0
    new.bettor = -1
    new.ordago = False
    new.results = ()
    new.declarations = _NO_DECL
    new.speech = _BLANK
    new.events = events
    track = new.senas
    if track is not None and (track.passed or track.turns != _NO_TURNS):
        new.senas = SenaTrack(track.catch, (), _NO_TURNS)


def _replay(state: MusState) -> MusState:
    assert state.prev is not None
    deck, mano, points, games_won, number = state.prev
    new = _copy(state)
    new.mano = mano
    new.points = points
    new.games_won = games_won
    new.deal_number = number
    return _deal_into(new, deck)


def _between_deals(new: MusState, phase: str, events: tuple[str, ...]) -> MusState:
    """Clear the table of ``new`` (no cards dealt) for the ``replay`` choice or the match's end."""
    new.hands = _EMPTY_HANDS
    new.stock = _ALL_CARDS
    _clear_deal(new, phase, 0 if phase == "replay" else -1, events)
    return new


def _end_deal(new: MusState, ended_by: str, shown: bool, counts: tuple[LanceCount, ...],
              stopped: bool) -> MusState:
    """Record the deal summary, settle games and the match, and start the next deal."""
    target = new.target
    points = new.points
    game_winner: int | None = None
    if points[0] >= target:
        game_winner = 0
    elif points[1] >= target:
        game_winner = 1
    games_before = new.games_won
    games_won = games_before
    if game_winner is not None:
        games_won = (games_won[0] + 1, games_won[1]) if game_winner == 0 else (games_won[0], games_won[1] + 1)
    new.last_deal = DealSummary(
        deal_number=new.deal_number, mano=new.mano,
        hands=tuple(_fmt(h) for h in new.hands) if shown else None, lances=counts,
        points_before=new.start_points, points_after=points, games_won_before=games_before,
        games_won_after=games_won, ended_by=ended_by, stopped_at_target=stopped,
        game_winner=game_winner,
    )
    new.prev = (new.deal_deck, new.mano, new.start_points, games_before, new.deal_number)
    new.games_won = games_won
    if game_winner is not None:
        events = (*new.events, f"Team {game_winner} wins the game {points[0]}-{points[1]}")
        if games_won[game_winner] >= new.games // 2 + 1:
            new.winner = game_winner
            return _between_deals(new, "over", (*events, f"Team {game_winner} wins the match"))
        new.points = (0, 0)
    new.mano = (new.mano + 1) % 4
    new.deal_number += 1
    if new.replay_on:
        return _between_deals(new, "replay", (f"Deal {new.deal_number}: replay the last deal or continue?",))
    return _deal_into(new, None)


# ---------------------------------------------------------------------------------------------
# Mus phase and discards
# ---------------------------------------------------------------------------------------------


# A refusal in the player's words: what he cannot do ("You cannot <words> now"), the calls he may make.
_ACTION_WORDS = {MUS: "say Mus", CUT: "cut (Corto)", PASO: "pass (Paso)", "envido": "bet (Envido)",
                 QUIERO: "accept (Quiero)", NO_QUIERO: "refuse (No quiero)", "raise": "raise",
                 ORDAGO: "bet an órdago", "discard": "throw cards away", REPLAY: "replay a deal",
                 CONTINUE: "continue"}
_CALL_WORDS = {PASO: "Paso", "envido": "Envido", QUIERO: "Quiero", NO_QUIERO: "No quiero", "raise": "Raise",
               ORDAGO: "Órdago"}


def _not_now(action: str, then: str) -> IllegalAction:
    """``You cannot <action> now: <then>``; what is no Mus action at all is said so."""
    head = action.split(" ")[0]
    known = head in _ACTION_WORDS and (head not in ("envido", "raise") or _bet_amount(action, head + " ") is not None)
    if not known:
        return IllegalAction(f"{action!r} is not a Mus action.")
    return IllegalAction(f"You cannot {_ACTION_WORDS[head]} now: {then}")


def _calls(legal: Sequence[str]) -> str:
    """``Paso, Envido or Órdago``: the betting calls open, in the words of the table."""
    names = list(dict.fromkeys(_CALL_WORDS[a.split(" ")[0]] for a in legal))
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _set_speech(speech: tuple[str, ...], seat: int, word: str) -> tuple[str, ...]:
    s = list(speech)
    s[seat] = word
    return tuple(s)


def _apply_mus(state: MusState, action: str) -> MusState:
    seat = state.to_act
    if action == CUT:
        new = _copy(state)
        new.speech = _set_speech(state.speech, seat, "Corto")
        new.events = (*state.events, f"{seat} cuts")
        if state.senas is not None:  # the hands are final: señas before Grande (R2.13)
            new.phase = "senas"
            new.to_act = state.mano
            new.queue = _order(state.mano)
            return new
        return _start_lance(new, 0)
    if action != MUS:
        raise _not_now(action, "say Mus to change cards or Corto to play.")
    new = _copy(state)
    new.speech = _set_speech(state.speech, seat, "Mus")
    new.events = (*state.events, f"{seat} says mus")
    nxt = (seat + 1) % 4
    if nxt == state.mano:  # all four said mus (R2.4.3)
        new.phase = "discard"
        new.to_act = state.mano
        new.rounds = (*state.rounds, ((), (), (), ()))
    else:
        new.to_act = nxt
    return new


def _parse_discard(state: MusState, action: str) -> tuple[int, ...]:
    hand = state.hands[state.to_act]
    words = action.split(" ")
    if words[0] != "discard":
        raise _not_now(action, "choose 1 to 4 cards to throw away.")
    if len(words) < 2:
        raise IllegalAction("Choose 1 to 4 cards to throw away.")
    if len(words) > 5:
        raise IllegalAction("You can throw away at most 4 cards.")
    cards: list[int] = []
    for w in words[1:]:
        c = CARD_INDEX.get(w)
        if c is None:
            raise IllegalAction(f"{w!r} is not a card (write cards like 'Ro' or '3e').")
        if c not in hand:
            raise IllegalAction(f"You do not hold {w}.")
        cards.append(c)
    if len(set(cards)) != len(cards) or cards != sorted(cards):
        raise IllegalAction("List each discarded card once, in hand order (parse_action sorts them).")
    return tuple(cards)


def _apply_discard(state: MusState, action: str) -> MusState:
    seat = state.to_act
    cards = _parse_discard(state, action)
    hand = tuple(c for c in state.hands[seat] if c not in cards)
    hands = list(state.hands)
    hands[seat] = hand
    row = list(state.rounds[-1])
    row[seat] = cards
    new = _copy(state)
    new.rounds = (*state.rounds[:-1], tuple(row))
    new.speech = _set_speech(state.speech, seat, f"Descarta {len(cards)}")
    events = (*state.events, f"{seat} discards {len(cards)}")
    nxt = (seat + 1) % 4
    if nxt != state.mano:
        new.hands = tuple(hands)
        new.to_act = nxt
        new.events = events
        return new
    # Everyone has discarded: the postre serves each seat its cards in one block from mano
    # (R2.4.4); an empty stock is rebuilt from the earlier rounds' discards (R2.4.5).
    stock = list(state.stock)
    stock.reverse()  # pop() takes the top card
    pile = state.pile
    draws = state.draws
    reshuffles = state.reshuffles
    round_index = len(state.rounds) - 1
    for s in _order(state.mano):
        owed = len(row[s])
        if not owed:
            continue
        got = list(hands[s])
        for _ in range(owed):
            if not stock:
                fresh = list(pile)
                rng_for(state.stream, draws).shuffle(fresh)
                draws += 1
                stock = fresh[::-1]
                pile = ()
                reshuffles = (*reshuffles, round_index)
                events = (*events, "The stock ran out: earlier discards reshuffled into a new stock")
            got.append(stock.pop())
        hands[s] = tuple(sorted(got))
    stock.reverse()
    new.hands = tuple(hands)
    new.stock = tuple(stock)
    new.pile = tuple(sorted(pile + tuple(c for d in row for c in d)))
    new.draws = draws
    new.reshuffles = reshuffles
    new.phase = "mus"
    new.to_act = state.mano
    new.events = events
    return new


# ---------------------------------------------------------------------------------------------
# Señas phase (R2.13, A-24)
# ---------------------------------------------------------------------------------------------

# What a hand lacks when a seña would lie, in the player's words ("Your hand has no two kings").
_SENA_LACKS = {
    "dos-reyes": "no two kings", "tres-reyes": "no three kings without an ace",
    "solomillo": "no three kings and an ace",
    "dos-ases": "no two aces", "tres-ases": "no three aces", "medias": "no three of a kind but kings or aces",
    "duples": "no duples", "treinta-y-una": "no juego of 31", "treinta": "no 30 without juego",
    "veintinueve": "no 29 without juego",
}
# The least each pares seña needs (kings, aces, another rank three times): a hand holding it
# but a bigger pares seña would tell only part of its pares.
_SENA_NEEDS = {"dos-reyes": (2, 0, False), "tres-reyes": (3, 0, False), "solomillo": (3, 1, False),
               "dos-ases": (0, 2, False), "tres-ases": (0, 3, False), "medias": (0, 0, True)}


def _sena_refusal(hand: tuple[int, ...], sena: str, allowed: tuple[str, ...], kings8: bool) -> IllegalAction:
    """Why ``sena`` would not tell the truth about ``hand``: a lie, or only part of it."""
    if sena == "ciego":
        shown = " and ".join(SENA_WORDS[a] for a in allowed)
        return IllegalAction(f"Your hand has {shown} to pass: ciego would lie.")
    need = _SENA_NEEDS.get(sena)
    if need is not None:
        rs = role_system(kings8)
        roles = [rs.card_roles[c] for c in hand]
        kings, aces = roles.count(rs.king), roles.count(0)
        trio = any(roles.count(r) >= 3 for r in set(roles) if r not in (0, rs.king))
        holds = kings >= need[0] and aces >= need[1] and (trio or not need[2])
        bigger = [a for a in allowed if SENA_CATEGORY[a] == "pares"]
        if holds and bigger:
            return IllegalAction(f"Your hand has {SENA_WORDS[bigger[0]]}: {SENA_WORDS[sena]} would tell only part "
                                 f"of it, and a seña is never partial.")
    return IllegalAction(f"Your hand has {_SENA_LACKS[sena]}: that seña would lie.")


def _check_senas(hand: tuple[int, ...], names: Sequence[str], kings8: bool) -> tuple[str, ...]:
    """The señas a ``senas`` action shows (``()`` for ``senas none``), refusing any that lies."""
    if list(names) == ["none"]:
        return ()
    if not names:
        raise IllegalAction("Say which señas you pass (senas dos-reyes, ...) or senas none.")
    for name in names:
        if name not in _SENA_RANK:
            raise IllegalAction(f"{name!r} is not a seña: the señas are {', '.join(SENAS)} (or none).")
    ranks = [_SENA_RANK[n] for n in names]
    if ranks != sorted(set(ranks)):
        raise IllegalAction("Name each seña once, in the order of the list (parse_action sorts them).")
    allowed = _hand_senas(hand, kings8)
    for name in names:
        if name not in allowed:
            raise _sena_refusal(hand, name, allowed, kings8)
    return tuple(names)


def _senas_refused(state: MusState) -> IllegalAction:
    """The refusal of a ``senas`` action outside the señas phase."""
    if state.senas is None:
        return IllegalAction("Señas are switched off in the options.")
    if state.phase == "bet":
        return IllegalAction("Señas are passed once in a deal, after the cut and before Grande is bet.")
    if state.phase == "over":
        return IllegalAction("The match is over.")
    return IllegalAction("Señas are passed once the mus is cut.")


def _caught(catch: int, rng: random.Random) -> bool:
    """One rival's catch of one seña, with the chance ``catch`` percent (no draw at 0 or 100)."""
    return catch >= 100 or (catch > 0 and rng.randrange(100) < catch)


def _apply_senas(state: MusState, action: str) -> MusState:
    seat = state.to_act
    track = state.senas
    assert track is not None
    words = action.split(" ")
    if words[0] != "senas":
        raise _not_now(action, "pass your señas (or none) first.")
    shown = _check_senas(state.hands[seat], words[1:], state.kings8)
    passed = track.passed
    draws = state.draws
    if shown:
        catch = track.catch
        rivals = _OPPONENTS_AFTER[seat]
        if 0 < catch < 100:  # one draw of the match's stream: each seña in order, each rival in order
            rng = rng_for(state.stream, draws)
            draws += 1
            passed = (*passed, *((seat, sena, tuple(r for r in rivals if rng.randrange(100) < catch))
                                 for sena in shown))
        else:
            caught = rivals if catch else ()
            passed = (*passed, *((seat, sena, caught) for sena in shown))
    turns = list(track.turns)
    turns[seat] = True
    new = _copy(state)
    new.draws = draws
    new.senas = SenaTrack(track.catch, passed, tuple(turns))
    queue = state.queue[1:]
    if queue:
        new.queue = queue
        new.to_act = queue[0]
        return new
    return _start_lance(new, 0)


@lru_cache(maxsize=4096)
def _senas_seen(passed: tuple[SenaPassed, ...], seat: int) -> tuple[SenaSeen, ...]:
    """The señas ``seat``'s side saw: all of its own side's, the rivals' that it caught."""
    partner = seat ^ 2
    out = []
    for who, sena, caught in passed:
        if who in (seat, partner):
            out.append(SenaSeen(who, sena, None))
        elif seat in caught:
            out.append(SenaSeen(who, sena, seat))
        elif partner in caught:
            out.append(SenaSeen(who, sena, partner))
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# Lances and betting
# ---------------------------------------------------------------------------------------------


def _eligible(lance: int, punto: bool, declarations: tuple[Decl, ...], mano: int) -> tuple[int, ...]:
    """The seats that may bet in a lance, in order from mano (R2.7.2)."""
    order = _order(mano)
    if lance == 2:
        return tuple(s for s in order if declarations[s][0])
    if lance == 3 and not punto:
        return tuple(s for s in order if declarations[s][1])
    return order


def _start_lance(new: MusState, lance: int) -> MusState:
    """Begin lance ``lance`` (R2.5.1) on ``new`` in place, skipping or settling it without bets
    where R2.7.3 says."""
    decl = new.declarations
    results = new.results
    events = new.events
    speech = new.speech  # the mus-phase calls stay on show through Grande
    mano = new.mano
    while lance < 4:
        punto = False
        if lance > 0:
            speech = _BLANK
        if lance >= 2:
            idx = lance - 2
            word_yes, word_no = ("Pares sí", "No tengo pares") if lance == 2 else ("Juego sí", "No tengo juego")
            name = "pares" if lance == 2 else "juego"
            events = (*events, LANCE_TITLES[name])
            new_decl = list(decl)
            words = list(speech)
            for s in _order(mano):  # truthful, public declarations (R2.7.1)
                f = hand_features(new.hands[s], new.kings8)
                has = bool(f[F_PARES] if lance == 2 else f[F_JUEGO])
                new_decl[s] = (has, decl[s][1]) if lance == 2 else (decl[s][0], has)
                words[s] = word_yes if has else word_no
                events = (*events, f"{s} {'has' if has else 'has no'} {name}")
            decl = tuple(new_decl)
            speech = tuple(words)
            holders = [s for s in range(4) if decl[s][idx]]
            teams = {_team(s) for s in holders}
            if lance == 3 and not holders:
                punto = True  # nobody has juego: Punto instead (R2.5.1, R2.7.6)
                events = (*events, "Nobody has juego: Punto")
            elif not holders:  # nobody has pares (R2.7.3, R2.11.5)
                results = (*results, LanceResult("pares", "nobody", None, 0))
                events = (*events, "Pares: nobody has pares")
                lance += 1
                continue
            elif len(teams) == 1:  # only one team: no betting (R2.7.3, A-8)
                team = teams.pop()
                results = (*results, LanceResult(name, "no-bet", team, 0))
                events = (*events, f"{LANCE_TITLES[name]}: only team {team} has {name}, no bet")
                lance += 1
                continue
        if lance < 2 or punto:
            events = (*events, LANCE_TITLES["punto" if punto else LANCES[lance]])
        queue = _eligible(lance, punto, decl, mano)
        new.lance = lance
        new.punto = punto
        new.phase = "bet"
        new.speech = speech
        new.events = events
        new.declarations = decl
        new.results = results
        new.stake = 0
        new.seen = 0
        new.bettor = -1
        new.ordago = False
        new.queue = queue
        new.to_act = queue[0]
        return new
    new.declarations = decl
    new.results = results
    new.events = events
    new.speech = speech
    return _final_count(new)


# The other team's seats in table order after each seat (R2.8.3).
_OPPONENTS_AFTER = tuple(((seat + 1) % 4, (seat + 3) % 4) for seat in range(4))


def _responders(state: MusState, seat: int) -> tuple[int, ...]:
    """The other team's eligible seats in table order after ``seat`` (R2.8.3, R2.7.2)."""
    lance = state.lance
    if lance < 2 or (lance == 3 and state.punto):
        return _OPPONENTS_AFTER[seat]
    idx = lance - 2  # pares / juego: only the seats that declared them
    decl = state.declarations
    return tuple(s for s in _OPPONENTS_AFTER[seat] if decl[s][idx])


@lru_cache(maxsize=64)
def _opening_actions(top: int, ordago_on: bool) -> tuple[str, ...]:
    """The legal openings with envidos up to ``top`` (cached: a handful of distinct lists)."""
    out = [PASO, *_ENVIDO[2:top + 1]]
    if ordago_on:
        out.append(ORDAGO)
    return tuple(out)


@lru_cache(maxsize=64)
def _answer_actions(top: int, ordago_on: bool) -> tuple[str, ...]:
    """The legal answers to a bet with raises up to ``top`` (cached like ``_opening_actions``)."""
    out = [QUIERO, NO_QUIERO, *_RAISE[2:top + 1]]
    if ordago_on:
        out.append(ORDAGO)
    return tuple(out)


def _bet_actions(state: MusState) -> tuple[str, ...]:
    cap = _cap(state)
    if state.bettor < 0:
        return _opening_actions(min(_MAX_BET, cap), state.ordago_on)
    if state.ordago:
        return (QUIERO, NO_QUIERO)
    return _answer_actions(min(_MAX_BET, cap - state.stake), state.ordago_on)


# The canonical bet texts and their amounts: a dictionary look-up before ``_bet_amount``'s
# general parse (which gives the same amount for them).
_ENVIDO_AMOUNT = {text: n for n, text in enumerate(_ENVIDO)}
_RAISE_AMOUNT = {text: n for n, text in enumerate(_RAISE)}


def _bet_amount(action: str, prefix: str) -> int | None:
    if action.startswith(prefix):
        digits = action[len(prefix):]
        if digits.isdigit() and str(int(digits)) == digits:
            return int(digits)
    return None


def _apply_bet(state: MusState, action: str) -> MusState:
    seat = state.to_act
    cap = _cap(state)
    if state.bettor < 0:  # opening round (R2.8.1)
        if action == PASO:
            queue = state.queue[1:]
            speech = _set_speech(state.speech, seat, "Paso")
            events = (*state.events, f"{seat} passes")
            if queue:
                new = _copy(state)
                new.speech = speech
                new.events = events
                new.queue = queue
                new.to_act = queue[0]
                return new
            return _settle(state, LanceResult(_lance_name(state), "passed", None, 0), "passed", speech, events,
                           state.points)  # en paso (R2.8.2)
        n = _ENVIDO_AMOUNT.get(action)
        if n is None:
            n = _bet_amount(action, "envido ")
        if n is not None:
            if not 2 <= n <= min(_MAX_BET, cap):
                raise IllegalAction(f"Envido from 2 to {min(_MAX_BET, cap)}.")
            return _open_bet(state, seat, stake=n, seen=0, ordago=False, word=f"Envido {n}",
                             event=f"{seat} envido {n}")
        if action == ORDAGO:
            if not state.ordago_on:
                raise IllegalAction("Órdago is switched off in the options.")
            return _open_bet(state, seat, stake=0, seen=0, ordago=True, word="Órdago!", event=f"{seat} ordago")
        calls = _calls(_bet_actions(state))
        if action in (QUIERO, NO_QUIERO) or action.startswith("raise"):
            raise IllegalAction(f"Nobody has bet yet: say {calls}.")
        raise _not_now(action, f"say {calls}.")
    # answering a bet (R2.8.3, R2.9.1)
    if action == QUIERO:
        speech = _set_speech(state.speech, seat, "Quiero")
        events = (*state.events, f"{seat} quiero")
        if state.ordago:
            new = _copy(state)
            new.speech = speech
            new.events = events
            return _ordago_accepted(new)
        return _settle(state, LanceResult(_lance_name(state), "accepted", None, state.stake),
                       f"accepted at {state.stake}", speech, events, state.points)
    if action == NO_QUIERO:
        queue = state.queue[1:]
        speech = _set_speech(state.speech, seat, "No quiero")
        events = (*state.events, f"{seat} no quiero")
        if queue:  # the partner may still answer (R2.8.3, A-7)
            new = _copy(state)
            new.speech = speech
            new.events = events
            new.queue = queue
            new.to_act = queue[0]
            return new
        deje = state.seen if state.seen > 0 else 1  # R2.8.6
        pts = list(state.points)
        pts[state.bettor] = min(state.target, pts[state.bettor] + deje)  # paid at once (R2.10.1)
        result = LanceResult(_lance_name(state), "rejected", state.bettor, deje)
        return _settle(state, result, f"deje {deje} to team {state.bettor}", speech, events, (pts[0], pts[1]))
    if state.ordago:
        raise IllegalAction("An órdago can only be answered with Quiero or No quiero.")
    n = _RAISE_AMOUNT.get(action)
    if n is None:
        n = _bet_amount(action, "raise ")
    if n is not None:
        top = min(_MAX_BET, cap - state.stake)
        if not 2 <= n <= top:
            if top < 2:
                raise IllegalAction(f"The stake is at its cap: answer {_calls(_bet_actions(state))}.")
            raise IllegalAction(f"Raise from 2 to {top}.")
        return _open_bet(state, seat, stake=state.stake + n, seen=state.stake, ordago=False,
                         word=f"{n} más", event=f"{seat} raises {n} to {state.stake + n}")
    if action == ORDAGO:
        if not state.ordago_on:
            raise IllegalAction("Órdago is switched off in the options.")
        return _open_bet(state, seat, stake=state.stake, seen=state.stake, ordago=True, word="Órdago!",
                         event=f"{seat} ordago")
    calls = _calls(_bet_actions(state))
    if action == PASO or action.startswith("envido"):
        raise IllegalAction(f"The other team has bet: answer {calls}.")
    raise _not_now(action, f"answer {calls}.")


def _open_bet(state: MusState, seat: int, stake: int, seen: int, ordago: bool, word: str,
              event: str) -> MusState:
    queue = _responders(state, seat)
    new = _copy(state)
    new.stake = stake
    new.seen = seen
    new.ordago = ordago
    new.bettor = _team(seat)
    new.queue = queue
    new.to_act = queue[0]
    new.speech = _set_speech(state.speech, seat, word)
    new.events = (*state.events, event)
    return new


def _settle(state: MusState, result: LanceResult, text: str, speech: tuple[str, ...], events: tuple[str, ...],
            points: tuple[int, int]) -> MusState:
    """Close the current lance with ``result`` and move on (R2.10.2: a deje reaching the
    target ends the game at once)."""
    name = result.lance
    new = _copy(state)
    new.results = (*state.results, result)
    new.queue = ()
    new.bettor = -1
    new.ordago = False
    new.speech = speech
    new.points = points
    new.events = (*events, f"{LANCE_TITLES[name]} {text}")
    if max(points) >= new.target:
        return _end_deal(new, "deje", False, _counts_without_count(new), False)
    return _start_lance(new, new.lance + 1)


def _counts_without_count(state: MusState) -> tuple[LanceCount, ...]:
    """Lance records for a deal that ended before the count (nothing counted at a count)."""
    out = []
    for r in state.results:
        out.append(LanceCount(r.lance, r.outcome, r.amount, None, r.team, 0, (0, 0, 0, 0), False))
    return tuple(out)


def _ordago_accepted(new: MusState) -> MusState:
    """R2.9.2: hands shown, the best hand for this lance wins the whole game (``new`` in place)."""
    name = _lance_name(new)
    feats = [hand_features(h, new.kings8) for h in new.hands]
    seat = _best_seat(feats, LANCE_FEATURE[name], new.mano)
    assert seat is not None  # both teams hold pares/juego when an órdago is bet on them
    team = _team(seat)
    pts = list(new.points)
    pts[team] = new.target
    counts = (*_counts_without_count(new),
              LanceCount(name, "ordago", 0, seat, team, 0, (0, 0, 0, 0), True))
    new.points = (pts[0], pts[1])
    new.queue = ()
    new.events = (*new.events, f"Órdago accepted: {seat} wins {name}, team {team} wins the game")
    return _end_deal(new, "ordago", True, counts, False)


def _final_count(new: MusState) -> MusState:
    """R2.11 / R2.12.2: score the lances in order, stopping the moment a team reaches the target
    (``new`` in place)."""
    feats = [hand_features(h, new.kings8) for h in new.hands]
    order = _order(new.mano)
    pts = list(new.points)
    target = new.target
    stopped = max(pts) >= target
    reached = False
    counts: list[LanceCount] = []
    for result in new.results:
        name, outcome, amount = result.lance, result.outcome, result.amount
        if outcome == "nobody":
            counts.append(LanceCount(name, outcome, 0, None, None, 0, (0, 0, 0, 0), not stopped))
            continue
        seat: int | None = None
        if outcome == "rejected" and result.team is not None:
            win_team = result.team
        else:
            seat = _best_seat(feats, LANCE_FEATURE[name], new.mano)
            assert seat is not None
            win_team = _team(seat)
        if name in ("grande", "chica"):
            base = {"passed": 1, "accepted": amount}.get(outcome, 0)
        elif name == "punto":
            base = amount + 1 if outcome == "accepted" else 1  # the Punto point after a deje too
        else:
            base = amount if outcome == "accepted" else 0
        bonus_index = F_PBONUS if name == "pares" else F_JBONUS
        items: list[tuple[int, int]] = [(-1, base)] if base else []
        if name in ("pares", "juego"):
            items += [(s, feats[s][bonus_index]) for s in order if _team(s) == win_team and feats[s][bonus_index]]
        got_base = 0
        bonuses = [0, 0, 0, 0]
        began = not stopped
        left_out = 0
        for who, value in items:
            if stopped:
                left_out += value if began else 0
                continue
            pts[win_team] += value
            if who < 0:
                got_base = value
            else:
                bonuses[who] = value
            if pts[win_team] >= target:
                pts[win_team] = target
                stopped = reached = True
        counts.append(LanceCount(name, outcome, amount, seat, win_team, got_base,
                                 (bonuses[0], bonuses[1], bonuses[2], bonuses[3]), began, left_out))
    new.points = (pts[0], pts[1])
    new.queue = ()
    new.lance = -1
    new.events = (*new.events, f"Count: team 0 {pts[0]}, team 1 {pts[1]}")
    return _end_deal(new, "count", True, tuple(counts), reached)


# ---------------------------------------------------------------------------------------------
# Determinize
# ---------------------------------------------------------------------------------------------



def _determinize(obs: MusObservation, rng: random.Random) -> MusState:
    opts = dict(obs.options)
    kings8 = opts["kings"] == 8
    results = obs.lance_results
    dejes = [0, 0]
    for r in results:
        if r.outcome == "rejected" and r.team is not None:
            dejes[r.team] += r.amount
    start_points = (obs.team_points[0] - dejes[0], obs.team_points[1] - dejes[1])
    prev: Snapshot | None = None
    if obs.last_deal is not None:
        old = list(_ALL_CARDS)
        rng.shuffle(old)
        ld = obs.last_deal
        prev = (tuple(old), ld.mano, ld.points_before, ld.games_won_before, ld.deal_number)
    lance = -1
    punto = False
    if obs.lance is not None:
        lance = min(LANCES.index(obs.lance), 3)
        punto = obs.lance == "punto"
    base = MusState(
        options=obs.options, target=opts["target"], games=opts["games"], kings8=kings8,
        ordago_on=opts["ordago"], replay_on=opts["replay"], open_hands=opts["open_hands"],
        stream=rng.getrandbits(62), draws=0, games_won=obs.games_won, points=obs.team_points,
        start_points=start_points, deal_number=obs.deal_number, mano=obs.mano, hands=_EMPTY_HANDS,
        stock=_ALL_CARDS, pile=(), rounds=(), reshuffles=(), deal_deck=_ALL_CARDS, prev=prev,
        phase=obs.phase, to_act=-1 if obs.current_player is None else obs.current_player, lance=lance,
        punto=punto, queue=obs.to_speak, stake=obs.stakes, seen=obs.stake_seen,
        bettor=-1 if obs.bettor_team is None else obs.bettor_team, ordago=obs.ordago, results=results,
        declarations=obs.declarations, speech=obs.speech, events=obs.events, last_deal=obs.last_deal,
        winner=obs.winner,
        senas=SenaTrack(opts["sena_catch"], (), obs.senas_passed) if opts["senas"] else None,
    )
    if obs.phase in ("replay", "over"):
        return base
    needs = _sena_needs(obs) if obs.senas_seen and obs.all_hands is None else None
    while True:
        world = _skeleton(obs, rng, kings8, needs)
        if world is not None:
            deck, hands, stock, pile, rounds, reshuffles = world
            new = _evolve(base, deal_deck=deck, hands=hands, stock=stock, pile=pile, rounds=rounds,
                          reshuffles=reshuffles)
            if obs.senas_seen:
                new.senas = _world_senas(obs, opts["sena_catch"], rng)
            return new


def _sena_needs(obs: MusObservation) -> tuple[tuple[str, ...], ...]:
    """Per seat, the señas the observer saw it pass (each must be true of its hand in the world;
    the observer's own are true of the hand it holds)."""
    needs: list[list[str]] = [[], [], [], []]
    for seen in obs.senas_seen:
        if seen.seat != obs.seat:
            needs[seen.seat].append(seen.sena)
    return tuple(tuple(n) for n in needs)


def _world_senas(obs: MusObservation, catch: int, rng: random.Random) -> SenaTrack:
    """The señas of a world the observer cannot tell from its own: exactly the señas it saw
    (a rival's turn showed just those it was seen to show, so an uncaught turn is ``senas
    none``), caught as it saw them, and the catches it cannot see (the rivals' of its own
    side's señas, its partner's of a seña it caught too) drawn with the chance ``catch``."""
    me = obs.seat
    partner = me ^ 2
    passed: list[SenaPassed] = []
    for seen in obs.senas_seen:
        rivals = _OPPONENTS_AFTER[seen.seat]
        if seen.caught_by is None:
            caught = tuple(r for r in rivals if _caught(catch, rng))
        elif seen.caught_by == me:
            caught = tuple(r for r in rivals if r == me or _caught(catch, rng))
        else:
            caught = (partner,)
        passed.append((seen.seat, seen.sena, caught))
    return SenaTrack(catch, tuple(passed), obs.senas_passed)


World = tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...],
              tuple[tuple[tuple[int, ...], ...], ...], tuple[int, ...]]


def _skeleton(obs: MusObservation, rng: random.Random, kings8: bool,
              needs: tuple[tuple[str, ...], ...] | None = None) -> World | None:
    """One random history of the deal's mus phase consistent with what ``obs.seat`` knows.

    The public record (discard counts) is replayed with anonymous tokens 0..39 and random
    choices: a random deck, random discards, random reshuffles. Cards play no part in that
    process, so any bijection from tokens to real cards gives a history that could have
    happened. The bijection sends the observer's final tokens to its hand, its discards since
    the stock was last rebuilt to ``my_discards`` (those are the only own discards whose place
    is known: still face down in the pile), the other seats' final tokens to hands that fit
    their public pares/juego declarations and the señas seen of them (``needs``, by seat; those
    seats are dealt first), or to the open hands, and the rest at random.
    Returns None when the declarations could not be met from this draw (retry).
    """
    me, mano = obs.seat, obs.mano
    order = _order(mano)
    counts = obs.discard_counts
    partial = obs.phase == "discard"
    deck = list(_ALL_CARDS)
    rng.shuffle(deck)
    hands: list[list[int]] = [[], [], [], []]
    for i in range(16):
        hands[(mano + i) % 4].append(deck[i])
    stock = deck[16:][::-1]  # pop() = top
    pile: list[int] = []
    rounds: list[tuple[tuple[int, ...], ...]] = []
    reshuffles: list[int] = []
    n = len(counts)
    for i in range(n):
        row = counts[i]
        aside: list[tuple[int, ...]] = [(), (), (), ()]
        for s in order:
            if row[s]:
                picked = rng.sample(hands[s], row[s])
                hands[s] = [t for t in hands[s] if t not in picked]
                aside[s] = tuple(picked)
        rounds.append(tuple(aside))
        if partial and i == n - 1:
            break
        for s in order:
            for _ in range(row[s]):
                if not stock:
                    stock = pile
                    rng.shuffle(stock)
                    pile = []
                    reshuffles.append(i)
                hands[s].append(stock.pop())
        for a in aside:
            pile.extend(a)
    real: dict[int, int] = {}
    window = reshuffles[-1] if reshuffles else 0
    known = [CARD_INDEX[c] for c in obs.my_discards] + [CARD_INDEX[c] for c in obs.hand]
    tokens = [t for r in rounds[window:] for t in r[me]] + hands[me]
    for t, c in zip(tokens, known, strict=True):
        real[t] = c
    used = set(known)
    pool = [c for c in _ALL_CARDS if c not in used]
    if needs is not None:
        order = tuple(sorted(order, key=lambda seat: not needs[seat]))
    for s in order:
        if s == me:
            continue
        slots = hands[s]
        if obs.all_hands is not None:
            cards = [CARD_INDEX[c] for c in obs.all_hands[s]]
        elif needs is not None and needs[s]:
            fitting = _sample_fitting(pool, obs.declarations[s], needs[s], kings8, rng)
            if fitting is None:
                return None
            cards = fitting
        else:
            decl = obs.declarations[s]
            for _ in range(200):
                cards = rng.sample(pool, len(slots))
                if _fits(tuple(cards), decl, kings8):
                    break
            else:
                return None
        for t, c in zip(slots, cards, strict=True):
            real[t] = c
        taken = set(cards)
        pool = [c for c in pool if c not in taken]
    rest = [t for t in _ALL_CARDS if t not in real]
    rng.shuffle(pool)
    for t, c in zip(rest, pool, strict=True):
        real[t] = c
    return (
        tuple(real[t] for t in deck),
        tuple(tuple(sorted(real[t] for t in hh)) for hh in hands),
        tuple(real[t] for t in reversed(stock)),
        tuple(sorted(real[t] for t in pile)),
        tuple(tuple(tuple(sorted(real[t] for t in d)) for d in r) for r in rounds),
        tuple(reshuffles),
    )


def _sample_fitting(pool: Sequence[int], decl: Decl, need: tuple[str, ...], kings8: bool,
                    rng: random.Random) -> list[int] | None:
    """Four cards of ``pool``, uniformly among the hands that fit the declarations ``decl`` and
    show every seña of ``need``; None when no hand of the pool fits.

    Where many hands fit, a few random hands are tried first (a hand that fits is uniform among
    them); otherwise, or if none of those fit, a hand shape (roles and counts) is drawn by how
    many hands of the pool have it, then its cards (uniform too)."""
    shapes, keys, share = _fitting_plan(need, decl, kings8)
    if share >= 0.05:
        bits = _BITS8 if kings8 else _BITS4
        for _ in range(40):
            cards = rng.sample(pool, 4)
            if bits[cards[0]] + bits[cards[1]] + bits[cards[2]] + bits[cards[3]] in keys:
                return cards
    roles = role_system(kings8).card_roles
    by_role: list[list[int]] = [[] for _ in range(10)]
    for c in pool:
        by_role[roles[c]].append(c)
    cumulative: list[int] = []
    total = 0
    for shape in shapes:
        ways = 1
        for role, k in shape:
            ways *= comb(len(by_role[role]), k)
        total += ways
        cumulative.append(total)
    if not total:
        return None
    shape = shapes[bisect_right(cumulative, rng.randrange(total))]
    cards = [c for role, k in shape for c in rng.sample(by_role[role], k)]
    rng.shuffle(cards)
    return cards


Shape = tuple[tuple[int, int], ...]  # a hand by roles: (role, how many), ...


def _all_shapes(kings8: bool) -> tuple[tuple[int, Shape, int], ...]:
    """Every hand of the role system as (key, shape, how many hands of the deck have it)."""
    rs = role_system(kings8)
    in_deck = [rs.card_roles.count(r) for r in range(rs.count)]
    out = []
    for combo in combinations_with_replacement(range(rs.count), 4):
        shape = tuple((r, combo.count(r)) for r in sorted(set(combo)))
        ways = 1
        for r, k in shape:
            ways *= comb(in_deck[r], k)
        out.append((sum(1 << (3 * r) for r in combo), shape, ways))
    return tuple(out)


_SHAPES = (_all_shapes(False), _all_shapes(True))


@lru_cache(maxsize=1024)
def _fitting_plan(need: tuple[str, ...], decl: Decl, kings8: bool) -> tuple[tuple[Shape, ...], frozenset[int], float]:
    """The hand shapes that show each seña of ``need`` and fit ``decl``, their hand keys, and
    the share of all hands of the deck that fit."""
    senas = _SENAS_BY_KEY[kings8]
    features = role_system(kings8).features
    fit = [(key, shape, ways) for key, shape, ways in _SHAPES[kings8]
           if all(n in senas[key] for n in need) and _fits_features(features[key], decl)]
    return (tuple(shape for _, shape, _ in fit), frozenset(key for key, _, _ in fit),
            sum(ways for _, _, ways in fit) / comb(40, 4))


def _fits_features(f: Feat, decl: Decl) -> bool:
    pares, juego = decl
    if pares is not None and bool(f[F_PARES]) != pares:
        return False
    return juego is None or bool(f[F_JUEGO]) == juego


def _fits(hand: tuple[int, ...], decl: Decl, kings8: bool) -> bool:
    pares, juego = decl
    if pares is None and juego is None:
        return True
    f = hand_features(hand, kings8)
    if pares is not None and bool(f[F_PARES]) != pares:
        return False
    return juego is None or bool(f[F_JUEGO]) == juego
