"""Jub Moo (Thai "catch the pig"): the pure rules engine.

The rules are ``../shared/rules/jubmoo.md`` (the decision on every rule); the interface is
``../shared/API.md`` and the project conventions are ``docs/engines.md``.

Four players, each for themselves, 13 cards each from one 52-card pack, no trumps and no
passing. The leader plays any card; the others must follow suit if they can; the highest
card of the led suit wins the trick and its winner leads the next. After 13 tricks every
player scores the cards they won (§1.3-1.4: hearts, Q♠ -100, J♦ +100, the 10♣ doubler,
Chuan, Big Chuan, -50 for no trick). The ``gongzhu`` ruleset scores as Chinese Gong Zhu
instead (§1.3): its heart table, no Big Chuan and no -50, and in a sweep of all 16 point
cards the pig counts +100 too (+800 with the 10♣). Deals follow one another until, after a
complete deal, some running total is at or below ``target``; the lowest total is the pig.

Seats are in play order (counter-clockwise at the table): 0 = you (south), 1 = east,
2 = north, 3 = west. Seat ``i + 1`` plays after seat ``i``.

Cards
-----
A card is two characters, rank then suit: rank ``A K Q J T 9 8 7 6 5 4 3 2``, suit
``S H D C`` (``QS`` the pig, ``JD`` +100, ``TC`` the 10♣). The canonical card order (hands,
legal actions, stacks) is by suit S, H, D, C and, within a suit, from the ace down to the 2.
``parse_card`` also accepts lower case, ``10`` for ``T``, suit symbols (♠♥♦♣ ♤♡♢♧), the suit
written first and spaces.

Action grammar
--------------
::

    action   := card | "replay" | "continue"
    card     := RANK SUIT           e.g. "QS", "TC", "2H" (canonical form only in apply)
    RANK     := "A" | "K" | "Q" | "J" | "T" | "9" | ... | "2"
    SUIT     := "S" | "H" | "D" | "C"

- A card: the player to act plays it to the current trick.
- ``replay`` / ``continue``: only while the ``replay`` option is on, at the start of every deal
  after the first, seat 0 chooses. ``replay`` restarts the previous deal exactly as it began
  (same hands, same leader, same scores, same deal number, nothing drawn from the random
  stream: the resulting state equals the state the deal started from); ``continue`` deals the
  next deal.

``parse_action`` accepts loose spellings (``qs``, ``10h``, ``Q♠``, `` Replay ``) and returns
the canonical action; ``action_text`` returns an action unchanged.

Observation (``JubMooObservation``, frozen and hashable)
---------------------------------------------------------
- ``seat: int``: the observing seat.
- ``options: OptionItems``: ``freeze_options`` of the match options (sorted key/value pairs).
- ``scores: tuple[int, ...]``: the four running totals (before the deal being played; after
  it once it is scored).
- ``deal_number: int``: 1 for the first deal; a replay keeps the number of the deal it replays.
- ``phase: str``: ``"play"``, ``"choice"`` (seat 0 chooses replay or continue) or ``"over"``.
- ``leader: int``: who led the current trick (in ``choice``/``over``: who won the last trick).
- ``current_player: int | None``: whose turn it is, ``None`` once the match is over.
- ``legal_actions: tuple[str, ...]``: the seat's legal actions when it is to act, else ``()``.
- ``hand: tuple[str, ...]``: the seat's own cards, canonical order.
- ``hand_sizes: tuple[int, ...]``: every seat's number of cards in hand.
- ``trick: tuple[tuple[int, str], ...]``: the current trick, (seat, card) pairs, leader first.
- ``last_trick: tuple[tuple[int, str], ...]``: the previous completed trick of this deal, same shape.
- ``last_trick_winner: int | None``: who won ``last_trick`` (``None`` before the first trick ends).
- ``tricks_won: tuple[int, ...]``: tricks each seat has won this deal.
- ``point_cards: tuple[tuple[str, ...], ...]``: each seat's scoring cards won this deal (hearts,
  QS, JD, TC; every card under the all-suits ruleset), canonical order.
- ``deal_scores_so_far: tuple[int, ...]``: ``stack_score`` of what each seat has won so far
  (so -50 for a seat with no trick yet, 0 under Gong Zhu), a running indication.
- ``pig_taker_last_deal: int | None``: who took QS in ``last_deal``.
- ``plays: tuple[tuple[int, str], ...]``: every card played this deal, in order, as (seat, card).
- ``voids: tuple[str, ...]``: per seat, the suits (letters of ``SHDC``) it has shown void in this
  deal by not following suit.
- ``events: tuple[str, ...]``: the public events of this deal as short sentences with card codes
  (``"Deal 2 is dealt."``, ``"3 took QS last deal and leads."``, ``"1 plays JH"``,
  ``"1 wins trick 4"``, ``"Deal 2 is over."``, ``"The match is over."``).
- ``last_deal: DealSummary | None``: the previous scored deal (the deal-summary screen).
- ``prior_deal: DealSummary | None``: only in the ``choice`` phase: the summary that was
  ``last_deal`` when the deal offered for replay began (what ``replay`` puts back); else ``None``.
- ``all_hands: tuple[tuple[str, ...], ...] | None``: every seat's hand when ``open_hands`` is on.
- ``pigs: tuple[int, ...] | None``: once the match is over, the seats with the lowest total.
- ``winner: tuple[int, ...] | None``: once the match is over, the seats with the highest total.

Randomness: the state carries ``(stream, draws)``; every shuffle and every random leader uses
``rng_for(stream, draws)`` and then increments ``draws`` (``game.rules.common``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.options import OptionSpec, resolve_options
from game.rules.common import (
    BETWEEN_DEALS_ONLY,
    IllegalAction,
    OptionItems,
    freeze_options,
    is_bool,
    rng_for,
)

__all__ = [
    "CARDS",
    "CARD_INDEX",
    "FULL",
    "HEARTS",
    "JD",
    "QS",
    "RANKS",
    "RULES",
    "RULESETS",
    "SUITS",
    "SUIT_MASKS",
    "TC",
    "DealSummary",
    "JubMooObservation",
    "JubMooRules",
    "JubMooState",
    "card_mask",
    "card_value",
    "card_values",
    "legal_plays",
    "mask_cards",
    "mask_deal_scores",
    "mask_score",
    "parse_card",
    "pig_seats",
    "point_card_mask",
    "point_cards_decide",
    "score_breakdown",
    "stack_score",
    "ten_clubs_in_force",
    "trick_winner",
    "winner_index",
    "winner_seats",
]

# --------------------------------------------------------------------------------------------
# Cards and precomputed tables
# --------------------------------------------------------------------------------------------

SUITS = "SHDC"
RANKS = "AKQJT98765432"
SUIT_NAMES = ("spade", "heart", "diamond", "club")
RULESETS = ("hearts", "all-suits", "gongzhu")

#: The 52 cards in canonical order; a card's index here is its bit in a card mask.
CARDS: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
CARD_INDEX: dict[str, int] = {card: i for i, card in enumerate(CARDS)}

#: The mask of the whole deck.
FULL = (1 << 52) - 1
_SUIT_BITS = 0x1FFF
#: The mask of each suit's 13 cards, by suit index (``SUITS``); within a suit a lower bit is a higher rank.
SUIT_MASKS: tuple[int, ...] = tuple(_SUIT_BITS << (13 * s) for s in range(4))
_SUIT_OF: tuple[int, ...] = tuple(c // 13 for c in range(52))
_BIT: tuple[int, ...] = tuple(1 << c for c in range(52))
#: The indices of the three special cards: Q♠ (the pig), J♦ (the goat) and 10♣ (the doubler).
QS, JD, TC = CARD_INDEX["QS"], CARD_INDEX["JD"], CARD_INDEX["TC"]
_2C = CARD_INDEX["2C"]
#: The mask of the 13 hearts.
HEARTS = SUIT_MASKS[1]
_TC_BIT = _BIT[TC]

# Rank values of the seed's table (all-suits ruleset; hearts in the default ruleset).
_RANK_VALUES: tuple[int, ...] = (-50, -40, -30, -20, -10, -9, -8, -7, -6, -5, -4, -3, -2)
# Gong Zhu hearts: A K Q J, then 10..5 at -10 and 4..2 at 0 (total -200).
_GONGZHU_HEARTS: tuple[int, ...] = (-50, -40, -30, -20, -10, -10, -10, -10, -10, -10, 0, 0, 0)
_GONGZHU = RULESETS.index("gongzhu")

_PLAY, _CHOICE, _OVER = 0, 1, 2
_PHASE_NAMES = ("play", "choice", "over")
_CHOICE_ACTIONS: tuple[str, ...] = ("continue", "replay")


def _value_of(card: int, ruleset: int) -> int:
    """The value of one card under ruleset index ``ruleset`` (10♣ counts 0: it is special)."""
    if card == TC:
        return 0
    if card == QS:
        return -100
    if card == JD:
        return 100
    suit, rank = divmod(card, 13)
    if suit == 1:
        return _GONGZHU_HEARTS[rank] if ruleset == _GONGZHU else _RANK_VALUES[rank]
    return _RANK_VALUES[rank] if ruleset == 1 else 0


_VALUES: tuple[tuple[int, ...], ...] = tuple(tuple(_value_of(c, r) for c in range(52)) for r in range(3))
# Scoring cards other than 10♣ (what makes the 10♣ "not alone", §1.4 step 5 / ambiguity 3):
# every heart (even a 0-valued one), Q♠ and J♦; under all-suits every card with a value.
_OTHER_SCORING: tuple[int, ...] = (
    HEARTS | _BIT[QS] | _BIT[JD],
    sum(_BIT[c] for c in range(52) if _VALUES[1][c] != 0),
    HEARTS | _BIT[QS] | _BIT[JD],
)
#: Cards shown as "point cards" in a stack: the scoring cards plus 10♣.
_POINT_MASKS: tuple[int, ...] = tuple(m | _BIT[TC] for m in _OTHER_SCORING)
#: The 16 point cards of Jub Moo and Gong Zhu: every heart, Q♠, J♦ and 10♣.
_SWEEP = HEARTS | _BIT[QS] | _BIT[JD] | _BIT[TC]
# Per ruleset index, the rules that differ beyond the card values (§1.3-1.4). Jub Moo scores a
# stack of all 52 cards +1000 flat (Big Chuan) and an empty one -50; Gong Zhu has neither, and
# in its sweep (all 16 point cards) the pig counts +100 instead of -100.
_BIG_CHUAN: tuple[bool, ...] = tuple(r != _GONGZHU for r in range(len(RULESETS)))
_EMPTY_SCORE: tuple[int, ...] = tuple(0 if r == _GONGZHU else -50 for r in range(len(RULESETS)))
_SWEEP_BONUS: tuple[int, ...] = tuple(-2 * _VALUES[r][QS] if r == _GONGZHU else 0 for r in range(len(RULESETS)))


def _sum_table(values: Sequence[int]) -> tuple[int, ...]:
    table = [0] * 8192
    for m in range(1, 8192):
        low = m & -m
        table[m] = table[m ^ low] + values[low.bit_length() - 1]
    return tuple(table)


def _build_value_tables() -> tuple[tuple[tuple[int, ...], ...], ...]:
    cache: dict[tuple[int, ...], tuple[int, ...]] = {}
    result = []
    for r in range(3):
        per_suit = []
        for s in range(4):
            vals = _VALUES[r][13 * s : 13 * s + 13]
            if vals not in cache:
                cache[vals] = _sum_table(vals)
            per_suit.append(cache[vals])
        result.append(tuple(per_suit))
    return tuple(result)


# _TABLES[ruleset][suit][13-bit mask] = sum of those cards' values.
_TABLES = _build_value_tables()


def _build_card_tuples() -> tuple[tuple[tuple[str, ...], ...], ...]:
    result = []
    for s in range(4):
        table: list[tuple[str, ...]] = [()] * 8192
        for m in range(1, 8192):
            low = m & -m
            table[m] = (CARDS[13 * s + low.bit_length() - 1], *table[m ^ low])
        result.append(tuple(table))
    return tuple(result)


# _SUIT_CARDS[suit][13-bit mask] = the cards of that mask in canonical order.
_SUIT_CARDS = _build_card_tuples()
_S0, _S1, _S2, _S3 = _SUIT_CARDS

# _PAIRS[seat << 6 | card] = (seat, card name): a play record entry as observations and deal
# summaries show it, looked up instead of built (codes with no card map to an empty name).
_PAIRS: tuple[tuple[int, str], ...] = tuple((p >> 6, CARDS[p & 63] if p & 63 < 52 else "") for p in range(256))


def mask_cards(mask: int) -> tuple[str, ...]:
    """The cards of a card mask (bit ``i`` = ``CARDS[i]``), in canonical order."""
    return _S0[mask & 0x1FFF] + _S1[(mask >> 13) & 0x1FFF] + _S2[(mask >> 26) & 0x1FFF] + _S3[mask >> 39]


def parse_card(text: str) -> str:
    """The canonical form of a card written loosely (``qs``, ``10h``, ``Q♠``, ``♠q``, ``q s``).

    Raises ValueError if ``text`` is not one card.
    """
    if not isinstance(text, str):
        raise ValueError(f"not a card: {text!r}")
    t = text.strip().upper().replace(" ", "")
    for symbols, letter in (("♠♤", "S"), ("♥♡", "H"), ("♦♢", "D"), ("♣♧", "C")):
        for sym in symbols:
            t = t.replace(sym, letter)
    t = t.replace("10", "T")
    if len(t) == 2:
        if t in CARD_INDEX:
            return t
        if t[1] + t[0] in CARD_INDEX:
            return t[1] + t[0]
    raise ValueError(f"not a card: {text!r} (write rank then suit, e.g. QS, TC, 2H)")


def card_mask(cards: Iterable[str]) -> int:
    """The mask of a collection of cards (loose spellings accepted; duplicates count once)."""
    if isinstance(cards, str):
        raise ValueError(f"expected a collection of cards, not the string {cards!r}")
    mask = 0
    for card in cards:
        index = CARD_INDEX.get(card) if isinstance(card, str) else None
        if index is None:
            index = CARD_INDEX[parse_card(card)]
        mask |= 1 << index
    return mask


def _ruleset_index(ruleset: str) -> int:
    if ruleset not in RULESETS:
        raise ValueError(f"option 'ruleset' must be one of {', '.join(RULESETS)}, not {ruleset!r}")
    return RULESETS.index(ruleset)


def card_values(ruleset: str = "hearts") -> tuple[int, ...]:
    """Every card's value under ``ruleset`` by card index, as ``card_value`` gives it (10♣ is 0)."""
    return _VALUES[_ruleset_index(ruleset)]


def point_card_mask(ruleset: str = "hearts") -> int:
    """The mask of the cards that score under ``ruleset``: every card with a value, every heart, Q♠, J♦ and 10♣."""
    return _POINT_MASKS[_ruleset_index(ruleset)]


def card_value(card: str, ruleset: str = "hearts") -> int:
    """A card's value under ``ruleset`` (§1.3). 10♣ returns 0: it is scored by the 10♣ rule."""
    return _VALUES[_ruleset_index(ruleset)][CARD_INDEX[parse_card(card)]]


def ten_clubs_in_force(ruleset: str, ten_clubs: str) -> str:
    """The 10♣ rule a pile is scored by: the ``ten_clubs`` option under the Jub Moo rulesets;
    Gong Zhu's 10♣ only doubles (§1.3: Q♠ + J♦ + 10♣ = 0, the sweep +800), whatever the option."""
    return "double" if ruleset == "gongzhu" else ten_clubs


def _adds_50(ruleset: int, add_and_double: bool) -> bool:
    """``ten_clubs_in_force`` on the engine's ruleset index: the 10♣ adds 50 before doubling."""
    return add_and_double and ruleset != _GONGZHU


def _score(mask: int, ruleset: int, add_and_double: bool) -> int:
    """§1.4 on a card mask (the engine's fast path), with §1.3's Gong Zhu differences."""
    if not mask:
        return _EMPTY_SCORE[ruleset]
    if mask == FULL and _BIG_CHUAN[ruleset]:
        return 1000
    tables = _TABLES[ruleset]
    hearts = (mask >> 13) & 0x1FFF
    heart_value = tables[1][hearts]
    base = tables[0][mask & 0x1FFF] + tables[2][(mask >> 26) & 0x1FFF] + tables[3][mask >> 39]
    if hearts == 0x1FFF:
        base -= heart_value
        if mask & _SWEEP == _SWEEP:
            base += _SWEEP_BONUS[ruleset]
    else:
        base += heart_value
    if not mask & _TC_BIT:
        return base
    if not mask & _OTHER_SCORING[ruleset]:
        return 50
    return 2 * (base + 50) if _adds_50(ruleset, add_and_double) else 2 * base


def _ten_clubs_flag(ten_clubs: str) -> bool:
    if ten_clubs not in ("double", "add-and-double"):
        raise ValueError(f"option 'ten_clubs' must be 'double' or 'add-and-double', not {ten_clubs!r}")
    return ten_clubs == "add-and-double"


def mask_score(mask: int, ruleset: str = "hearts", ten_clubs: str = "double") -> int:
    """``stack_score`` on a card mask (bit ``i`` = ``CARDS[i]``), for callers that keep masks."""
    add = _ten_clubs_flag(ten_clubs)
    if not 0 <= mask <= FULL:
        raise ValueError(f"not a card mask: {mask!r}")
    return _score(mask, _ruleset_index(ruleset), add)


def _deal_scores(won: Sequence[int], ruleset: int, add_and_double: bool, waive_minus_50: bool) -> list[int]:
    """The four deal scores of a finished deal; the Big Chuan waiver is a deal rule, not a stack's."""
    if waive_minus_50 and _BIG_CHUAN[ruleset] and FULL in won:
        return [1000 if w == FULL else 0 for w in won]
    return [_score(won[0], ruleset, add_and_double), _score(won[1], ruleset, add_and_double),
            _score(won[2], ruleset, add_and_double), _score(won[3], ruleset, add_and_double)]


def mask_deal_scores(
    won: Sequence[int], ruleset: str = "hearts", ten_clubs: str = "double", big_chuan_others_minus_50: bool = True
) -> list[int]:
    """The four deal scores of a finished deal from the seats' card masks, as the engine settles
    it (with the Big Chuan waiver option); the AI's playouts score with this."""
    if len(won) != 4 or any(not 0 <= m <= FULL for m in won):
        raise ValueError(f"not four card masks: {won!r}")
    add = _ten_clubs_flag(ten_clubs)
    return _deal_scores(won, _ruleset_index(ruleset), add, not big_chuan_others_minus_50)


def point_cards_decide(ruleset: str = "hearts") -> bool:
    """Whether a stack's score depends on its point cards alone (``point_card_mask``): true
    under Gong Zhu, which has no Big Chuan and no -50 for an empty stack, so a deal's scores
    are fixed once every point card is won."""
    r = _ruleset_index(ruleset)
    return not _BIG_CHUAN[r] and _EMPTY_SCORE[r] == 0


# --------------------------------------------------------------------------------------------
# Options
# --------------------------------------------------------------------------------------------


# Each option once: its values, label and help line. The engine, the settings file and the
# options screen all read them from here (OptionSpec in common.py).
OPTION_SPECS: dict[str, OptionSpec] = {
    "target": OptionSpec.integer(
        -1000, -999_999_999, -100, "Match ends at", step=100,  # a floor a title bar can show (nine digits)
        help="Deals go on until someone's total falls to this score; the lowest total is the pig."),
    "ruleset": OptionSpec.choice(
        "hearts", RULESETS, ("Hearts", "All suits (literal)", "Gong Zhu"), "Scoring",
        "Hearts: hearts, Q♠ cost, J♦ pays. All suits: other suits by rank too. "
        "Gong Zhu: hearts 10-5 -10, 4-2 0, all 13 +200; no Big Chuan, no -50; 16 point cards +800."),
    "ten_clubs": OptionSpec.choice(
        "double", ("double", "add-and-double"), ("Doubles", "Adds and doubles"), "Ten of clubs",
        "The ten of clubs doubles the rest of its taker's cards (+50 alone); or adds 50, then doubles "
        "(Gong Zhu's only doubles).",
        needs=(("ruleset", tuple(r for r in RULESETS if r != "gongzhu")),)),
    "first_lead": OptionSpec.choice(
        "random", ("random", "two-of-clubs"), ("Random", "Two of clubs"), "First lead",
        "Who leads the first deal: a random player, or whoever holds the 2♣. "
        "With Random and Later leads Pig taker, a match's only pig leads the next match."),
    "later_leads": OptionSpec.choice(
        "pig-taker", ("pig-taker", "random"), ("Pig taker", "Random"), "Later leads",
        "Who leads later deals: whoever took the pig (Q♠) last deal, or a random player. "
        "With Pig taker and First lead Random, a match's only pig leads the next match."),
    "big_chuan_others_minus_50": OptionSpec.boolean(
        True, "Big Chuan: others -50",
        "When one player wins every trick, the other three also lose 50 for winning none "
        "(Gong Zhu has neither the Big Chuan nor the -50).",
        needs=(("ruleset", tuple(r for r in RULESETS if r != "gongzhu")),)),
    "first_leader": OptionSpec.seat(4, "First leader", "The seat that leads the first deal; None follows First lead."),
    "open_hands": OptionSpec.boolean(
        False, "Open hands (learning)",
        "Every hand is shown face up, to learn from the computers' play; the computers then see every hand too."),
    "replay": OptionSpec.boolean(
        False, "Offer to replay each deal", "Each new deal first offers to replay the last one (F6).", shown=False),
}


def _resolve_scoring(ruleset: str, options: Mapping[str, Any] | None) -> tuple[int, bool]:
    opts = resolve_options(OPTION_SPECS, options)
    if options is not None and "ruleset" in options and ruleset == "hearts":
        ruleset = opts["ruleset"]
    return _ruleset_index(ruleset), opts["ten_clubs"] == "add-and-double"


@dataclass(frozen=True, slots=True)
class _Config:
    """The resolved options of a match, parsed once (shared by every state of the match)."""

    items: OptionItems
    target: int
    ruleset: int
    add_and_double: bool
    first_lead_2c: bool
    later_random: bool
    waive_minus_50: bool
    first_leader: int | None
    open_hands: bool
    replay: bool

    @staticmethod
    def build(options: dict[str, Any]) -> _Config:
        return _Config(
            items=freeze_options(options),
            target=options["target"],
            ruleset=RULESETS.index(options["ruleset"]),
            add_and_double=options["ten_clubs"] == "add-and-double",
            first_lead_2c=options["first_lead"] == "two-of-clubs",
            later_random=options["later_leads"] == "random",
            waive_minus_50=not options["big_chuan_others_minus_50"],
            first_leader=options["first_leader"],
            open_hands=options["open_hands"],
            replay=options["replay"],
        )


_CONFIG_CACHE: dict[OptionItems, _Config] = {}


def _config_from_items(items: OptionItems) -> _Config:
    cfg = _CONFIG_CACHE.get(items)
    if cfg is None:
        cfg = _Config.build(resolve_options(OPTION_SPECS, dict(items)))
        if len(_CONFIG_CACHE) < 1024:
            _CONFIG_CACHE[items] = cfg
    return cfg


# --------------------------------------------------------------------------------------------
# Pure helpers of API.md
# --------------------------------------------------------------------------------------------


def stack_score(stack: Iterable[str], ruleset: str = "hearts", options: Mapping[str, Any] | None = None) -> int:
    """A player's score for one deal from the cards they won (§1.4).

    Empty stack = won no trick (-50; 0 under Gong Zhu); all 52 cards = won every trick (Big
    Chuan, +1000; under Gong Zhu the sweep of all 16 point cards, +800).
    ``options`` is a match's options dict (missing keys take defaults): ``ten_clubs`` is used,
    and its ``ruleset`` when the ``ruleset`` argument is left at its default. The Big Chuan
    waiver of the others' -50 (``big_chuan_others_minus_50``) is applied when a deal is
    settled (``mask_deal_scores``), not here: an empty stack always scores -50 on its own.
    """
    r, add = _resolve_scoring(ruleset, options)
    return _score(card_mask(stack), r, add)


def score_breakdown(
    stack: Iterable[str], ruleset: str = "hearts", options: Mapping[str, Any] | None = None
) -> list[tuple[str, int]]:
    """The Score Tester's lines (label, points) for a stack; the points add up to ``stack_score``."""
    r, add = _resolve_scoring(ruleset, options)
    return _breakdown(card_mask(stack), r, add)


def _breakdown(mask: int, ruleset: int, add_and_double: bool) -> list[tuple[str, int]]:
    if not mask:
        return [("No cards won", _EMPTY_SCORE[ruleset])]
    if mask == FULL and _BIG_CHUAN[ruleset]:
        return [("Big Chuan: every trick", 1000)]
    lines: list[tuple[str, int]] = []
    values = _VALUES[ruleset]
    tables = _TABLES[ruleset]
    hearts = mask & HEARTS
    heart_value = tables[1][hearts >> 13]
    if hearts == HEARTS:
        lines.append(("Chuan: all 13 hearts turn positive", -heart_value))
    elif hearts:
        lines.append((f"Hearts ({hearts.bit_count()})", heart_value))
    if mask & _BIT[QS]:
        if mask & _SWEEP == _SWEEP and _SWEEP_BONUS[ruleset]:
            lines.append(("Sweep: QS (the pig) counts plus", values[QS] + _SWEEP_BONUS[ruleset]))
        else:
            lines.append(("QS (the pig)", values[QS]))
    if mask & _BIT[JD]:
        lines.append(("JD", values[JD]))
    if ruleset == 1:
        for s, name in ((0, "Spades"), (2, "Diamonds"), (3, "Clubs")):
            others = mask & SUIT_MASKS[s] & ~(_BIT[QS] | _BIT[JD] | _BIT[TC])
            if others:
                total = tables[s][others >> (13 * s)]
                lines.append((f"{name} ({others.bit_count()})", total))
    base = sum(points for _, points in lines)
    if mask & _BIT[TC]:
        if not mask & _OTHER_SCORING[ruleset]:
            lines.append(("TC alone", 50))
        elif _adds_50(ruleset, add_and_double):
            lines.append(("TC adds 50", 50))
            lines.append(("TC doubles", base + 50))
        else:
            lines.append(("TC doubles", base))
    if not lines:
        lines.append(("No point cards", 0))
    return lines


def legal_plays(hand: Iterable[str], trick: Sequence[str]) -> set[str]:
    """The cards of ``hand`` that may be played to ``trick`` (cards so far, leader first)."""
    mask = card_mask(hand)
    led_cards = [CARD_INDEX[parse_card(c)] for c in trick]
    if len(led_cards) > 3:
        raise ValueError("a trick has at most 4 cards; this one is complete")
    if led_cards:
        follow = mask & SUIT_MASKS[_SUIT_OF[led_cards[0]]]
        if follow:
            mask = follow
    return set(mask_cards(mask))


def winner_index(cards: Sequence[int]) -> int:
    """The position in ``cards`` (card indices, leader first) of the card winning the trick."""
    best = 0
    best_card = cards[0]
    suit = _SUIT_OF[best_card]
    for i in range(1, len(cards)):
        c = cards[i]
        if c < best_card and _SUIT_OF[c] == suit:
            best, best_card = i, c
    return best


def trick_winner(trick: Sequence[str]) -> int:
    """Index in ``trick`` of the card winning it: the highest-ranked card of the led suit."""
    if not trick:
        raise ValueError("an empty trick has no winner")
    return winner_index([CARD_INDEX[parse_card(c)] for c in trick])


def pig_seats(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the lowest total (ties are co-pigs)."""
    low = min(totals)
    return tuple(i for i, t in enumerate(totals) if t == low)


def winner_seats(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest total (ties share the win)."""
    high = max(totals)
    return tuple(i for i, t in enumerate(totals) if t == high)


# --------------------------------------------------------------------------------------------
# State, summary, observation
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealSummary:
    """A scored deal, as the deal-summary screen shows it. Everything here is public."""

    deal_number: int
    leader: int  # who led the first trick
    hands: tuple[tuple[str, ...], ...]  # the 13 cards dealt to each seat
    tricks: tuple[tuple[tuple[int, str], ...], ...]  # 13 tricks of (seat, card), leader first
    trick_winners: tuple[int, ...]
    tricks_won: tuple[int, ...]
    stacks: tuple[tuple[str, ...], ...]  # each seat's point cards won
    scores: tuple[int, ...]  # each seat's deal score
    breakdowns: tuple[tuple[tuple[str, int], ...], ...]  # per seat, lines adding up to its score
    totals_before: tuple[int, ...]
    totals: tuple[int, ...]  # running totals after this deal
    pig_taker: int  # who took QS
    chuan: int | None  # who took all 13 hearts (not counted on a Big Chuan)
    big_chuan: int | None  # who won every trick, where that is a Big Chuan (never under Gong Zhu)
    empty: tuple[int, ...]  # seats that won no trick
    sweep: int | None = None  # Gong Zhu: who took all 16 point cards (the pig counts plus)


@dataclass(slots=True)
class JubMooState:
    """A Jub Moo match. Cards are bit masks (bit ``i`` = ``CARDS[i]``); see the module docstring.

    Immutable by convention, not by ``frozen=True``: nothing assigns to a state after it is
    built (``apply`` builds a new one, and the property tests check its input is untouched),
    and a frozen dataclass's ``__init__`` costs several times more on every move.
    """

    cfg: _Config
    stream: int
    draws: int
    deal_number: int
    phase: int  # 0 play, 1 choice (replay/continue), 2 over
    scores: tuple[int, ...]
    hands: tuple[int, ...]
    leader: int  # leader of the current trick (winner of the last one)
    trick: tuple[int, ...]  # cards played to the current trick, leader first
    won: tuple[int, ...]  # card mask each seat has won this deal
    plays: tuple[int, ...]  # every play of the deal: seat << 6 | card
    last_deal: DealSummary | None
    prior_deal: DealSummary | None  # only in the choice phase: last_deal when that deal began


@dataclass(frozen=True, slots=True)
class JubMooObservation:
    """What one seat may know (fields described in the module docstring)."""

    seat: int
    options: OptionItems
    scores: tuple[int, ...]
    deal_number: int
    phase: str
    leader: int
    current_player: int | None
    legal_actions: tuple[str, ...]
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, str], ...]
    last_trick: tuple[tuple[int, str], ...]
    last_trick_winner: int | None
    tricks_won: tuple[int, ...]
    point_cards: tuple[tuple[str, ...], ...]
    deal_scores_so_far: tuple[int, ...]
    pig_taker_last_deal: int | None
    plays: tuple[tuple[int, str], ...]
    voids: tuple[str, ...]
    events: tuple[str, ...]
    last_deal: DealSummary | None
    prior_deal: DealSummary | None
    all_hands: tuple[tuple[str, ...], ...] | None
    pigs: tuple[int, ...] | None
    winner: tuple[int, ...] | None


_new_state = object.__new__


def _deck_from(deck: Sequence[str]) -> list[int]:
    if isinstance(deck, str) or not isinstance(deck, Sequence):
        raise ValueError("deck: must be a sequence of the 52 cards, top card first")
    try:
        order = [CARD_INDEX[parse_card(c)] for c in deck]
    except ValueError as exc:
        raise ValueError(f"deck: {exc}") from None
    if len(order) != 52 or len(set(order)) != 52:
        raise ValueError("deck: must hold each of the 52 cards exactly once")
    return order


def _shuffled_deck(rng: random.Random) -> list[int]:
    """``rng.shuffle(list(range(52)))`` with the shuffle's inner ``_randbelow`` call inlined.

    A deal's biggest cost. This is ``random.Random.shuffle`` step for step (Fisher-Yates from
    the top, each index drawn by ``_randbelow_with_getrandbits``: ``k`` random bits, redrawn
    until below the bound), so it draws the same bits and gives the same deck; a test checks
    it against ``random.shuffle``.
    """
    deck = list(range(52))
    getrandbits = rng.getrandbits
    for i in range(51, 0, -1):
        bound = i + 1
        k = bound.bit_length()
        j = getrandbits(k)
        while j >= bound:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _deal(
    cfg: _Config,
    stream: int,
    draws: int,
    deal_number: int,
    scores: tuple[int, ...],
    last_deal: DealSummary | None,
    order: list[int] | None = None,
) -> JubMooState:
    """A new deal: shuffle (unless ``order`` is given), card ``i`` to seat ``i % 4``, choose the leader."""
    if order is None:
        order = _shuffled_deck(rng_for(stream, draws))
        draws += 1
    # Card i goes to seat i % 4; the cards are distinct, so summing their bits is or-ing them.
    h = [sum([_BIT[c] for c in order[s::4]]) for s in range(4)]
    if deal_number == 1 and cfg.first_leader is not None:
        leader = cfg.first_leader
    elif deal_number == 1 and cfg.first_lead_2c:
        leader = next(s for s in range(4) if h[s] & _BIT[_2C])
    elif deal_number > 1 and not cfg.later_random and last_deal is not None:
        leader = last_deal.pig_taker
    else:
        leader = rng_for(stream, draws).randrange(4)
        draws += 1
    return JubMooState(
        cfg,
        stream,
        draws,
        deal_number,
        _PLAY,
        scores,
        tuple(h),
        leader,
        (),
        (0, 0, 0, 0),
        (),
        last_deal,
        None,
    )


def _tricks_of(plays: Sequence[int]) -> list[tuple[list[int], int]]:
    """The complete tricks of a play record: (cards, winning seat)."""
    out = []
    for k in range(0, len(plays) - 3, 4):
        group = plays[k : k + 4]
        cards = [p & 63 for p in group]
        out.append((cards, group[winner_index(cards)] >> 6))
    return out


def _summary(state: JubMooState, won: tuple[int, ...], plays: tuple[int, ...]) -> tuple[DealSummary, tuple[int, ...]]:
    cfg = state.cfg
    r = cfg.ruleset
    scores = _deal_scores(won, r, cfg.add_and_double, cfg.waive_minus_50)
    lines = [tuple(_breakdown(won[s], r, cfg.add_and_double)) for s in range(4)]
    big = next((s for s in range(4) if won[s] == FULL), None) if _BIG_CHUAN[r] else None
    if big is not None and cfg.waive_minus_50:
        for s in range(4):
            if s != big:
                lines[s] = (("No cards (waived after a Big Chuan)", 0),)
    chuan = None if big is not None else next((s for s in range(4) if won[s] & HEARTS == HEARTS), None)
    sweep = next((s for s in range(4) if won[s] & _SWEEP == _SWEEP), None) if _SWEEP_BONUS[r] else None
    # One pass over the record: the hands as dealt, each trick's (seat, card) pairs and winner
    # (``winner_index`` inlined: a suit's cards are the indexes 13*suit..13*suit+12, the
    # highest rank first, so the winner is the lowest index in the led card's block).
    start = [0, 0, 0, 0]
    tricks: list[tuple[tuple[int, str], ...]] = []
    winners: list[int] = []
    for k in range(0, len(plays) - 3, 4):
        a, b, c, d = plays[k : k + 4]
        start[a >> 6] |= _BIT[a & 63]
        start[b >> 6] |= _BIT[b & 63]
        start[c >> 6] |= _BIT[c & 63]
        start[d >> 6] |= _BIT[d & 63]
        tricks.append((_PAIRS[a], _PAIRS[b], _PAIRS[c], _PAIRS[d]))
        best = a & 63
        low = best - best % 13
        seat = a >> 6
        for p in (b, c, d):
            if low <= p & 63 < best:
                best, seat = p & 63, p >> 6
        winners.append(seat)
    totals = tuple(state.scores[s] + scores[s] for s in range(4))
    summary = DealSummary(
        deal_number=state.deal_number,
        leader=plays[0] >> 6,
        hands=tuple(mask_cards(m) for m in start),
        tricks=tuple(tricks),
        trick_winners=tuple(winners),
        tricks_won=tuple(w.bit_count() // 4 for w in won),
        stacks=tuple(mask_cards(w & _POINT_MASKS[r]) for w in won),
        scores=tuple(scores),
        breakdowns=tuple(lines),
        totals_before=state.scores,
        totals=totals,
        pig_taker=next(s for s in range(4) if won[s] & _BIT[QS]),
        chuan=chuan,
        big_chuan=big,
        empty=tuple(s for s in range(4) if not won[s]),
        sweep=sweep,
    )
    return summary, totals


def _settle(state: JubMooState, won: tuple[int, ...], plays: tuple[int, ...], leader: int) -> JubMooState:
    """Score the finished deal; end the match, offer the replay choice, or deal the next deal."""
    cfg = state.cfg
    summary, totals = _summary(state, won, plays)
    empty = (0, 0, 0, 0)
    if min(totals) <= cfg.target:
        return JubMooState(
            cfg,
            state.stream,
            state.draws,
            state.deal_number,
            _OVER,
            totals,
            empty,
            leader,
            (),
            won,
            plays,
            summary,
            None,
        )
    if cfg.replay:
        return JubMooState(
            cfg,
            state.stream,
            state.draws,
            state.deal_number,
            _CHOICE,
            totals,
            empty,
            leader,
            (),
            won,
            plays,
            summary,
            state.last_deal,
        )
    return _deal(cfg, state.stream, state.draws, state.deal_number + 1, totals, summary)


def _continue(state: JubMooState) -> JubMooState:
    return _deal(state.cfg, state.stream, state.draws, state.deal_number + 1, state.scores, state.last_deal)


def _replay(state: JubMooState) -> JubMooState:
    """The state the previous deal began from (draws nothing from the random stream)."""
    summary = state.last_deal
    assert summary is not None
    hands = tuple(card_mask(h) for h in summary.hands)
    return JubMooState(
        state.cfg,
        state.stream,
        state.draws,
        summary.deal_number,
        _PLAY,
        summary.totals_before,
        hands,
        summary.leader,
        (),
        (0, 0, 0, 0),
        (),
        state.prior_deal,
        None,
    )


def _voids(plays: Sequence[int]) -> list[int]:
    """Per seat, a 4-bit set of the suits it has shown void in."""
    voids = [0, 0, 0, 0]
    led = 0
    for i, p in enumerate(plays):
        suit = _SUIT_OF[p & 63]
        if i % 4 == 0:
            led = suit
        elif suit != led:
            voids[p >> 6] |= 1 << led
    return voids


def _lead_sentence(cfg: _Config, deal_number: int, leader: int) -> str:
    if deal_number == 1:
        if cfg.first_leader is not None:
            return f"{leader} leads first (seat chosen in the options)."
        if cfg.first_lead_2c:
            return f"{leader} holds 2C and leads."
    elif not cfg.later_random:
        return f"{leader} took QS last deal and leads."
    return f"{leader} is drawn to lead."


def _events(state: JubMooState) -> tuple[str, ...]:
    plays = state.plays
    first = plays[0] >> 6 if plays else state.leader
    events = [f"Deal {state.deal_number} is dealt.", _lead_sentence(state.cfg, state.deal_number, first)]
    cards: list[int] = []
    for i, p in enumerate(plays):
        seat, card = p >> 6, p & 63
        events.append(f"{seat} plays {CARDS[card]}")
        cards.append(card)
        if len(cards) == 4:
            winner = plays[i - 3 + winner_index(cards)] >> 6
            events.append(f"{winner} wins trick {i // 4 + 1}")
            cards = []
    if state.phase != _PLAY:
        events.append(f"Deal {state.deal_number} is over.")
    if state.phase == _OVER:
        events.append("The match is over.")
    return tuple(events)


def _play_error(state: JubMooState, card: int) -> str:
    """Why ``card`` cannot be played now (a sentence for the player)."""
    seat = (state.leader + len(state.trick)) & 3
    hand = state.hands[seat]
    if not hand >> card & 1:
        return f"You do not hold {CARDS[card]}." if seat == 0 else f"Seat {seat} does not hold {CARDS[card]}."
    led = _SUIT_OF[state.trick[0]]
    return f"You must follow suit: play a {SUIT_NAMES[led]}."


def _pairs(plays: Sequence[int]) -> tuple[tuple[int, str], ...]:
    return tuple([_PAIRS[p] for p in plays])


# --------------------------------------------------------------------------------------------
# Determinization: dealing the hidden cards where the public record allows
# --------------------------------------------------------------------------------------------


def _feasible(counts: Sequence[int], need: Sequence[int], allowed_suits: Sequence[int]) -> bool:
    """Can cards (``counts`` per suit) fill the seats' ``need`` when seat ``s`` takes only suits
    in the 4-bit set ``allowed_suits[s]``? (Hall's condition over subsets of suits.)"""
    for subset in range(1, 16):
        supply = sum(counts[x] for x in range(4) if subset >> x & 1)
        if supply and supply > sum(need[s] for s in range(4) if allowed_suits[s] & subset):
            return False
    return True


def _sample_hidden(
    unknown: int, need: list[int], allowed_suits: list[int], hands: list[int], rng: random.Random
) -> list[int]:
    """Deal the ``unknown`` cards so that seat ``s`` gets ``need[s]`` of them, of allowed suits only.

    The most constrained seats draw first, each a uniform sample of the cards it may hold, and
    the least constrained seat takes the rest (exactly uniform when at most one seat has shown
    a void; close to it otherwise). Should that fail repeatedly, cards are placed one at a time
    keeping the rest feasible.
    """
    cards = [c for c in range(52) if unknown >> c & 1]
    seats = [s for s in range(4) if need[s]]
    if all(allowed_suits[s] == 15 for s in seats):
        rng.shuffle(cards)
        result = list(hands)
        pos = 0
        for s in seats:
            for c in cards[pos : pos + need[s]]:
                result[s] |= 1 << c
            pos += need[s]
        return result
    room = {s: sum(1 for c in cards if allowed_suits[s] >> _SUIT_OF[c] & 1) for s in seats}
    seats.sort(key=lambda s: room[s] - need[s])
    for _ in range(20):
        pool = list(cards)
        result = list(hands)
        ok = True
        for s in seats[:-1]:
            allowed = allowed_suits[s]
            fits = [c for c in pool if allowed >> _SUIT_OF[c] & 1]
            if len(fits) < need[s]:
                ok = False
                break
            taken = 0
            for c in rng.sample(fits, need[s]):
                taken |= 1 << c
            result[s] |= taken
            pool = [c for c in pool if not taken >> c & 1]
        last = seats[-1]
        if ok and all(allowed_suits[last] >> _SUIT_OF[c] & 1 for c in pool):
            for c in pool:
                result[last] |= 1 << c
            return result
    return _place_one_by_one(cards, need, allowed_suits, hands, rng)


def _place_one_by_one(
    cards: list[int], need: list[int], allowed_suits: list[int], hands: list[int], rng: random.Random
) -> list[int]:
    """Place ``cards`` one at a time on seats allowed to hold them, never leaving the rest
    impossible to place; the seat is drawn in proportion to the cards it still needs."""
    seats = [s for s in range(4) if need[s]]
    cards = list(cards)
    result = list(hands)
    need = list(need)
    counts = [0, 0, 0, 0]
    for c in cards:
        counts[_SUIT_OF[c]] += 1
    rng.shuffle(cards)
    cards.sort(key=lambda c: sum(1 for s in seats if allowed_suits[s] >> _SUIT_OF[c] & 1))
    for c in cards:
        x = _SUIT_OF[c]
        counts[x] -= 1
        options = []
        for s in seats:
            if need[s] and allowed_suits[s] >> x & 1:
                need[s] -= 1
                if _feasible(counts, need, allowed_suits):
                    options.append(s)
                need[s] += 1
        if not options:
            raise ValueError("the observation is inconsistent: no deal of the hidden cards fits it")
        weights = [need[s] for s in options]
        s = rng.choices(options, weights)[0]
        need[s] -= 1
        result[s] |= 1 << c
    return result


# What ``determinize`` reads from an observation before it deals the hidden cards: the config,
# phase, play record, known hands, hidden cards, cards each seat still needs, allowed suits,
# stacks and trick.
_WorldSetup = tuple[
    _Config, int, tuple[int, ...], list[int], int, list[int], list[int], tuple[int, ...], tuple[int, ...]
]
# The last observation ``determinize`` read and its setup: a search draws many worlds from one
# (immutable) observation in a row, and reading it is about half the cost of a world.
_LAST_SETUP: tuple[JubMooObservation, _WorldSetup] | None = None


def _world_setup(obs: JubMooObservation) -> _WorldSetup:
    """The part of ``determinize`` that depends on the observation only (not on the rng)."""
    cfg = _config_from_items(obs.options)
    phase = _PHASE_NAMES.index(obs.phase)
    plays = tuple(s << 6 | CARD_INDEX[c] for s, c in obs.plays)
    unknown = 0
    need = [0, 0, 0, 0]
    allowed = [15, 15, 15, 15]
    if obs.all_hands is not None:
        hands = [card_mask(h) for h in obs.all_hands]
    else:
        hands = [0, 0, 0, 0]
        own = card_mask(obs.hand)
        hands[obs.seat] = own
        played = 0
        for p in plays:
            played |= 1 << (p & 63)
        unknown = FULL & ~own & ~played
        need = [0 if s == obs.seat else obs.hand_sizes[s] for s in range(4)]
        voids = _voids(plays)
        allowed = [15 & ~v for v in voids]
        first = plays[0] >> 6 if plays else obs.leader
        if obs.deal_number == 1 and cfg.first_leader is None and cfg.first_lead_2c and unknown & _BIT[_2C]:
            # The first leader was chosen for holding 2C, and has not played it yet.
            hands[first] |= _BIT[_2C]
            need[first] -= 1
            unknown &= ~_BIT[_2C]
    won = [0, 0, 0, 0]
    for cards, winner in _tricks_of(plays):
        for c in cards:
            won[winner] |= 1 << c
    trick = tuple(CARD_INDEX[c] for _, c in obs.trick)
    return cfg, phase, plays, hands, unknown, need, allowed, tuple(won), trick


# --------------------------------------------------------------------------------------------
# The game object
# --------------------------------------------------------------------------------------------


class JubMooRules:
    """The ``RULES`` object of API.md for Jub Moo."""

    name = "jubmoo"
    title = "Jub Moo"
    num_players = 4

    def default_options(self) -> dict[str, Any]:
        return {key: spec.default for key, spec in OPTION_SPECS.items()}

    def new_match(
        self, seed: int, options: dict[str, Any] | None = None, deck: Sequence[str] | None = None
    ) -> JubMooState:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, not {seed!r}")
        cfg = _Config.build(resolve_options(OPTION_SPECS, options))
        order = None if deck is None else _deck_from(deck)
        return _deal(cfg, seed, 0, 1, (0, 0, 0, 0), None, order)

    def current_player(self, state: JubMooState) -> int | None:
        if state.phase == _PLAY:
            return (state.leader + len(state.trick)) & 3
        return 0 if state.phase == _CHOICE else None

    def legal_actions(self, state: JubMooState) -> tuple[str, ...]:
        if state.phase == _PLAY:
            # The hand, or its cards of the led suit if it has any. Written out because it is
            # the hottest call of a playout: a follower's cards are one entry of _SUIT_CARDS.
            trick = state.trick
            hand = state.hands[(state.leader + len(trick)) & 3]
            if trick:
                suit = _SUIT_OF[trick[0]]
                follow = (hand >> (13 * suit)) & _SUIT_BITS
                if follow:
                    return _SUIT_CARDS[suit][follow]
            return mask_cards(hand)
        return _CHOICE_ACTIONS if state.phase == _CHOICE else ()

    def apply(self, state: JubMooState, action: str) -> JubMooState:
        if state.phase != _PLAY:
            return self._apply_choice(state, action)
        c = CARD_INDEX.get(action) if isinstance(action, str) else None
        if c is None:
            if action in _CHOICE_ACTIONS:
                raise IllegalAction(BETWEEN_DEALS_ONLY)
            raise IllegalAction(f"{action!r} is not a card: write cards like QS, TC or 2H.")
        trick = state.trick
        n = len(trick)
        leader = state.leader
        seat = (leader + n) & 3
        hands = state.hands
        hand = hands[seat]
        bit = _BIT[c]
        if not hand & bit:
            raise IllegalAction(_play_error(state, c))
        if n:
            led = SUIT_MASKS[_SUIT_OF[trick[0]]]
            if hand & led and not bit & led:  # holds the led suit but plays another
                raise IllegalAction(_play_error(state, c))
        new_hands = list(hands)
        new_hands[seat] = hand ^ bit
        plays = (*state.plays, seat << 6 | c)
        if n >= 3:
            cards = (*trick, c)
            leader = (leader + winner_index(cards)) & 3
            new_won = list(state.won)
            new_won[leader] |= _BIT[cards[0]] | _BIT[cards[1]] | _BIT[cards[2]] | bit
            if len(plays) == 52:
                return _settle(state, tuple(new_won), plays, leader)
        # The next state, built field by field on a bare instance: the hottest line of a
        # playout, and a third cheaper than calling JubMooState(...) with 13 arguments.
        new: JubMooState = _new_state(JubMooState)
        new.cfg = state.cfg
        new.stream = state.stream
        new.draws = state.draws
        new.deal_number = state.deal_number
        new.phase = _PLAY
        new.scores = state.scores
        new.hands = tuple(new_hands)
        new.leader = leader
        if n >= 3:
            new.trick = ()
            new.won = tuple(new_won)
        else:
            new.trick = (*trick, c)
            new.won = state.won
        new.plays = plays
        new.last_deal = state.last_deal
        new.prior_deal = None
        return new

    def _apply_choice(self, state: JubMooState, action: str) -> JubMooState:
        if state.phase == _OVER:
            raise IllegalAction("The match is over.")
        if action == "continue":
            return _continue(state)
        if action == "replay":
            return _replay(state)
        raise IllegalAction("Choose 'replay' to replay the last deal or 'continue' to deal the next one.")

    def is_over(self, state: JubMooState) -> bool:
        return state.phase == _OVER

    def match_scores(self, state: JubMooState) -> tuple[int, ...]:
        return state.scores

    def hand(self, state: JubMooState, seat: int) -> tuple[str, ...]:
        return mask_cards(state.hands[seat])

    def observation(self, state: JubMooState, seat: int) -> JubMooObservation:
        if not isinstance(seat, int) or not 0 <= seat < 4:
            raise ValueError(f"no seat {seat!r} in Jub Moo (seats 0-3)")
        cfg = state.cfg
        r = cfg.ruleset
        plays = state.plays
        n = len(state.trick)
        done = len(plays) - n  # plays in complete tricks
        current = self.current_player(state)
        won = state.won
        over = state.phase == _OVER
        voids = _voids(plays)
        last = state.last_deal
        return JubMooObservation(
            seat=seat,
            options=cfg.items,
            scores=state.scores,
            deal_number=state.deal_number,
            phase=_PHASE_NAMES[state.phase],
            leader=state.leader,
            current_player=current,
            legal_actions=self.legal_actions(state) if current == seat else (),
            hand=mask_cards(state.hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in state.hands),
            trick=_pairs(plays[done:]),
            last_trick=_pairs(plays[done - 4 : done]) if done else (),
            last_trick_winner=state.leader if done else None,
            tricks_won=tuple(w.bit_count() // 4 for w in won),
            point_cards=tuple(mask_cards(w & _POINT_MASKS[r]) for w in won),
            deal_scores_so_far=tuple(_score(w, r, cfg.add_and_double) for w in won),
            pig_taker_last_deal=last.pig_taker if last is not None else None,
            plays=_pairs(plays),
            voids=tuple("".join(SUITS[x] for x in range(4) if v >> x & 1) for v in voids),
            events=_events(state),
            last_deal=last,
            prior_deal=state.prior_deal,
            all_hands=tuple(mask_cards(h) for h in state.hands) if cfg.open_hands else None,
            pigs=pig_seats(state.scores) if over else None,
            winner=winner_seats(state.scores) if over else None,
        )

    def determinize(self, observation: JubMooObservation, rng: random.Random) -> JubMooState:
        global _LAST_SETUP
        last = _LAST_SETUP
        if last is not None and last[0] is observation:
            setup = last[1]
        else:
            setup = _world_setup(observation)
            _LAST_SETUP = (observation, setup)
        cfg, phase, plays, hands, unknown, need, allowed, won, trick = setup
        if unknown:
            hands = _sample_hidden(unknown, need, allowed, hands, rng)
        obs = observation
        return JubMooState(
            cfg,
            rng.getrandbits(62),
            0,
            obs.deal_number,
            phase,
            obs.scores,
            tuple(hands),
            obs.leader,
            trick,
            won,
            plays,
            obs.last_deal,
            obs.prior_deal,
        )

    def action_text(self, action: str) -> str:
        return action

    def parse_action(self, state: JubMooState, text: str) -> str:
        if not isinstance(text, str):
            raise ValueError(f"not an action: {text!r}")
        word = text.strip().lower()
        legal = self.legal_actions(state)
        if word in _CHOICE_ACTIONS:
            if word not in legal:
                raise IllegalAction(BETWEEN_DEALS_ONLY)
            return word
        card = parse_card(text)
        if card not in legal:
            if state.phase == _OVER:
                raise IllegalAction("The match is over.")
            if state.phase == _CHOICE:
                raise IllegalAction("Choose 'replay' or 'continue' first.")
            raise IllegalAction(_play_error(state, CARD_INDEX[card]))
        return card

    def set_option(self, state: JubMooState, key: str, value: Any) -> JubMooState:
        if key != "replay":
            if key in OPTION_SPECS:
                raise ValueError(f"option {key!r} cannot change during a match (only 'replay' can)")
            raise ValueError(f"unknown option {key!r}")
        if not is_bool(value):
            raise ValueError(f"option 'replay' must be true or false, not {value!r}")
        options = dict(state.cfg.items)
        options["replay"] = value
        cfg = _Config.build(options)
        new = JubMooState(
            cfg,
            state.stream,
            state.draws,
            state.deal_number,
            state.phase,
            state.scores,
            state.hands,
            state.leader,
            state.trick,
            state.won,
            state.plays,
            state.last_deal,
            state.prior_deal,
        )
        if not value and state.phase == _CHOICE:
            return _continue(new)
        return new


RULES = JubMooRules()
