"""Klaberjass ("Clobby"): the pure rules engine (``../shared/rules/klaberjass.md``, API.md).

Two players: seat 0 (you) and seat 1 (the computer). The dealer alternates every deal;
the other seat is *elder*. Cards are ``rank + suit`` with ranks ``A K Q J T 9 8 7`` and suits
``S H D C``; the canonical card order is suit by suit (S, H, D, C), each suit from 7 up to A
in the natural (sequence) order, so ``hand()`` and every action list cards that way.
A contract is ``"S"``, ``"H"``, ``"D"``, ``"C"`` (that suit is trump), ``"NT"`` (sans tout)
or ``"AT"`` (tout atout).

Action grammar (one action is one decision; every action is its canonical text)
-----------------------------------------------------------------------------
- ``replay`` / ``continue``: with the ``replay`` option on, seat 0 chooses at the start of
  every deal after the first whether to replay the previous deal (same deck, dealer and
  scores as before it; nothing is drawn from the random stream) or to deal a new one.
- Bidding, round 1 (the proposed suit is the turn-up's, or clubs with ``clubs_preferred``):
  ``take``, ``pass``, ``schmeiss``; elder speaks first, then the dealer.
- Answer to a schmeiss (phase ``schmeiss``, by the schmeisser's opponent): ``throw-in``
  (the deal ends, nothing scored, the deal passes) or ``make-play`` (round 1: the proposed
  suit is trump and the schmeisser is maker; round 2: the schmeisser must now name).
- Bidding, round 2: ``name S`` / ``name H`` / ``name D`` / ``name C`` (any suit but the
  proposed one), ``sans-tout`` (only with ``tout_atout``), ``tout-atout`` (only with
  ``tout_atout`` and ``tout_atout_direct``), ``pass``, ``schmeiss``. If both pass the deal is
  annulled. A schmeisser who is made to play must ``name X`` (or ``sans-tout``, or with
  ``tout_atout_direct`` ``tout-atout``).
  After ``sans-tout`` the opponent answers ``tout-atout`` (he becomes maker of an all-trump
  deal) or ``pass`` (the caller is maker of a no-trump deal).
- Dix (phase ``dix``): asked only of the holder of the 7 of trumps, only when trump is the
  turn-up's suit: ``exchange`` (the 7 for the turn-up) or ``keep``.
- Declaring (phase ``declare``, elder first, then the dealer): ``declare 7C 8C 9C`` lists the
  cards of the maximal runs the player declares (any subset of his runs, whole runs only,
  cards in canonical order); ``declare none`` declares nothing (forced when he has no run).
  Skipped in sans tout when ``nt_melds`` is off.
- Play (phase ``play``): a card, ``JH``; ``QH bella`` plays the second card of a K+Q pair of
  trumps (of any suit in tout atout; never in sans tout) and announces bella (+20). Playing
  it without ``bella`` stays silent.

Observation fields (``KlaberjassObservation``; tuples of ``(seat, card)`` are leader first)
-----------------------------------------------------------------------------------------
- ``seat: int`` the observer; ``options: OptionItems`` the options (``freeze_options``).
- ``scores: tuple[int, int]``; ``deal_number: int`` (a replay keeps the replayed number);
  ``dealer: int``; ``elder: int`` (in phase ``replay`` these are the previous deal's).
- ``phase: str`` one of ``replay bid schmeiss dix declare play over``; ``bid_round: int``
  (1 or 2 in phases ``bid``/``schmeiss``, else 0).
- ``current_player: int | None``; ``legal_actions: tuple[str, ...]`` (empty unless the
  observer is to act); ``hand: tuple[str, ...]``; ``hand_sizes: tuple[int, int]``.
- ``proposed_suit: str | None`` the round-1 suit; ``turn_up: str | None`` the card now face up
  beside the stock (the turn-up, or the 7 after an exchange); ``original_turn_up: str | None``
  the card turned at the deal (None with ``clubs_preferred``); ``dix_by: int | None`` who
  exchanged; ``bottom_card: str | None`` once turned.
- ``contract: str | None``; ``maker: int | None``; ``bids: tuple[tuple[int, str], ...]`` every
  bidding action in order (answers to a schmeiss and to a sans tout included).
- ``declared: tuple[str, ...] | None`` the observer's own declared cards (None before he
  declares); ``meld_messages: tuple[str, ...]`` the top-meld protocol (A10), e.g.
  ``"Elder: 50"``, ``"Dealer: how high?"``, ``"Elder: high J"``, ``"Elder: in trumps"``,
  ``"Dealer: good"`` / ``"Dealer: not good"`` / ``"Dealer: tie"`` / ``"Dealer: none"``, and after
  ``"Elder: none"`` the dealer's own ``"Dealer: 20"`` / ``"Dealer: 50"``;
  ``top_meld: int | None`` the seat that scores melds once decided; ``meld_value: int`` its
  meld points, public once shown after trick 1 (0 before); ``shown_melds`` per seat the cards
  shown (lowest four of a longer run); ``shown_tops`` per seat the announced top card of each
  shown run longer than four ("50, high J", A7).
- ``trick`` the cards on the table now; ``tricks`` the completed tricks of this deal;
  ``last_trick`` the previous completed trick (empty before); ``last_trick_winner: int | None``;
  ``tricks_won: tuple[int, int]``; ``card_points: tuple[int, int]`` card points won so far.
- ``bellas: tuple[int, ...]`` a seat per bella announced; ``opponent_hand`` the other hand
  with ``open_hands``, else None.
- ``history: tuple[tuple[int, str], ...]`` every action of this deal in order, the opponent's
  declaration shown as ``"declare ?"``; ``events: tuple[str, ...]`` the deal's public events
  as short English (``"1 plays JH"``), reset at each deal (phase ``replay``: empty; phase ``over``:
  the last deal's); ``last_deal: DealSummary | None``; ``winner: int | None``.

``DealSummary`` (the previous finished deal, public cards only): deal_number, dealer, contract and
maker (None unless played out), outcome (``made tie bete thrown-in annulled``), card_points,
last_trick (10 or 0), melds, bella, raw, added (what settlement added), scores_after, hands (the
cards each seat played; empty unless played out), shown_melds, top_meld, turn_up, bottom_card,
dix_by, tricks and the deal's events. A ``replay`` restores the scores but keeps ``last_deal``
(the summary of the deal being replayed).
"""

from __future__ import annotations

import _random
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
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
    "RULES",
    "DealSummary",
    "KlaberjassObservation",
    "KlaberjassRules",
    "State",
    "card_points",
    "legal_plays",
    "meld_points",
    "parse_card",
    "settle",
    "top_meld",
    "trick_winner",
]

# ---------------------------------------------------------------------------------------
# Cards and precomputed tables
# ---------------------------------------------------------------------------------------

SUITS = "SHDC"
NAT_RANKS = "789TJQKA"  # natural (sequence) order; a card's id is suit * 8 + natural index
SUIT_WORDS = ("spade", "heart", "diamond", "club")
CARDS: tuple[str, ...] = tuple(r + s for s in SUITS for r in NAT_RANKS)
CARD_ID: dict[str, int] = {c: i for i, c in enumerate(CARDS)}
SUIT_MASK: tuple[int, ...] = tuple(0xFF << (8 * s) for s in range(4))
ALL_CARDS = (1 << 32) - 1
CONTRACTS = ("S", "H", "D", "C", "NT", "AT")
NT, AT = 4, 5
#: The natural indexes (a card's id & 7) of the 7, 9, jack, queen and king.
SEVEN, NINE, JACK, QUEEN, KING = 0, 2, 4, 5, 6

# Card points and trick-taking power by natural index; public, like follower_wins, legal_mask and
# the BEAT_ masks below, because the AI's endgame solver (game.ai.klaberjass_search) works on the
# same card bits and must follow exactly these rules.
TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)
PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
TRUMP_POWER = (0, 1, 6, 4, 7, 2, 3, 5)  # 7 < 8 < Q < K < T < A < 9 < J
PLAIN_POWER = (0, 1, 2, 6, 3, 4, 5, 7)  # 7 < 8 < 9 < J < Q < K < T < A


def _is_trump(card: int, code: int) -> bool:
    return code == AT or (code < 4 and card >> 3 == code)


POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(TRUMP_POINTS[c & 7] if _is_trump(c, code) else PLAIN_POINTS[c & 7] for c in range(32)) for code in range(6)
)
# Legal-play / trick variants: 0-3 suit contracts, 4 sans tout, 5 tout atout (cross-suit, A16),
# 6 tout atout with only the led suit able to win (all_trump_cross_suit off).


def follower_wins(led: int, fol: int, variant: int) -> bool:
    """Whether card ``fol`` beats the led card ``led`` in trick variant ``variant`` (§1.8, §1.14, A16)."""
    ls, fs = led >> 3, fol >> 3
    if variant < 4:
        lt, ft = ls == variant, fs == variant
        if ft and not lt:
            return True
        if ls != fs:
            return False
        pw = TRUMP_POWER if lt else PLAIN_POWER
        return pw[fol & 7] > pw[led & 7]
    if variant == 4:
        return ls == fs and PLAIN_POWER[fol & 7] > PLAIN_POWER[led & 7]
    if variant == 5:
        return TRUMP_POWER[fol & 7] > TRUMP_POWER[led & 7]
    return ls == fs and TRUMP_POWER[fol & 7] > TRUMP_POWER[led & 7]


_WIN: tuple[bytes, ...] = tuple(
    bytes(1 if follower_wins(led, fol, v) else 0 for led in range(32) for fol in range(32)) for v in range(7)
)
# Cards of the same suit ranking higher in trump order; cards of any suit ranking higher.
BEAT_SAME: tuple[int, ...] = tuple(
    sum(1 << c for c in range(32) if c >> 3 == x >> 3 and TRUMP_POWER[c & 7] > TRUMP_POWER[x & 7]) for x in range(32)
)
BEAT_RANK: tuple[int, ...] = tuple(
    sum(1 << c for c in range(32) if TRUMP_POWER[c & 7] > TRUMP_POWER[x & 7]) for x in range(32)
)


def _runs8(pattern: int) -> tuple[tuple[int, int], ...]:
    """Maximal runs of 3+ in an 8-bit suit pattern, as (lowest natural index, length)."""
    runs: list[tuple[int, int]] = []
    i = 0
    while i < 8:
        if pattern >> i & 1:
            j = i
            while j < 8 and pattern >> j & 1:
                j += 1
            if j - i >= 3:
                runs.append((i, j - i))
            i = j
        else:
            i += 1
    return tuple(runs)


_RUNS8: tuple[tuple[tuple[int, int], ...], ...] = tuple(_runs8(p) for p in range(256))
_MELD8: tuple[int, ...] = tuple(sum(20 if n == 3 else 50 for _, n in runs) for runs in _RUNS8)
_SUIT_CARDS: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(tuple(CARDS[s * 8 + i] for i in range(8) if p >> i & 1) for p in range(256)) for s in range(4)
)
_SUIT_IDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(s * 8 + i for i in range(8) if p >> i & 1) for p in range(256)) for s in range(4)
)
_POPCOUNT8 = tuple(bin(p).count("1") for p in range(256))

# Deck positions (API.md / rules §1.3): the first 3+3+3+3, then the completion, E D E D E D.
_FIRST_ELDER = (0, 1, 2, 6, 7, 8)
_FIRST_DEALER = (3, 4, 5, 9, 10, 11)
_TURN_UP_POS = 12
_BOTTOM_POS = 31


def _completion_positions(clubs_preferred: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(elder's, dealer's) completion positions: d13-d18, or d12-d17 with no turn-up (A12)."""
    base = 12 if clubs_preferred else 13
    return (base, base + 2, base + 4), (base + 1, base + 3, base + 5)


def _cards(mask: int) -> tuple[str, ...]:
    """The cards of a mask, canonical order."""
    return (
        _SUIT_CARDS[0][mask & 255]
        + _SUIT_CARDS[1][mask >> 8 & 255]
        + _SUIT_CARDS[2][mask >> 16 & 255]
        + _SUIT_CARDS[3][mask >> 24 & 255]
    )


def _ids(mask: int) -> tuple[int, ...]:
    return (
        _SUIT_IDS[0][mask & 255]
        + _SUIT_IDS[1][mask >> 8 & 255]
        + _SUIT_IDS[2][mask >> 16 & 255]
        + _SUIT_IDS[3][mask >> 24 & 255]
    )


def _count(mask: int) -> int:
    return (
        _POPCOUNT8[mask & 255]
        + _POPCOUNT8[mask >> 8 & 255]
        + _POPCOUNT8[mask >> 16 & 255]
        + _POPCOUNT8[mask >> 24 & 255]
    )


_SUIT_SYMBOLS = {"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C"}


def parse_card(text: str) -> str:
    """A card in canonical form from a loose spelling (``jh``, ``10H``, ``J♥``); ValueError if none."""
    t = text.strip().upper()
    if t and t[-1] in _SUIT_SYMBOLS:
        t = t[:-1] + _SUIT_SYMBOLS[t[-1]]
    if t.startswith("10"):
        t = "T" + t[2:]
    if t in CARD_ID:
        return t
    raise ValueError(f"{text!r} is not a Klaberjass card (write e.g. JH, TC, 7S)")


def _card_id(text: str) -> int:
    return CARD_ID[parse_card(text)]


def _mask_of(cards: Iterable[str]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << _card_id(c)
    return mask


def _contract_code(contract: str) -> int:
    if contract not in CONTRACTS:
        raise ValueError(f"unknown contract {contract!r}; use one of {', '.join(CONTRACTS)}")
    return CONTRACTS.index(contract)


# ---------------------------------------------------------------------------------------
# Options
# ---------------------------------------------------------------------------------------

# Each option once: its values, label and help line. The engine, the settings file and the
# options screen all read them from here (OptionSpec in common.py).
OPTION_SPECS: dict[str, OptionSpec] = {
    "game_point": OptionSpec.integer(
        500, 100, 9999, "Game point", step=50,
        help="The first player to reach this score after a deal, and be ahead, wins the match."),
    "no_tie": OptionSpec.boolean(
        False, "No-Tie (a top-meld tie goes to elder)",
        "When both best runs are equal, the non-dealer's runs score; without it, nobody's do."),
    "clubs_preferred": OptionSpec.boolean(
        False, "Clubs Preferred (no turn-up)",
        "No card is turned up: clubs is the suit offered as trump in the first round."),
    "tout_atout": OptionSpec.boolean(
        False, "Sans Tout / Tout Atout bids",
        "In round two a player may bid no-trump, and the other may overcall with all-trump."),
    # A15: tout atout only as an overcall of sans tout unless this is on (needs tout_atout).
    "tout_atout_direct": OptionSpec.boolean(
        False, "Tout Atout may be bid directly",
        "With those bids on, all-trump may be bid at once, not only over a no-trump bid.",
        needs=(("tout_atout", (True,)),)),
    "all_trump_cross_suit": OptionSpec.boolean(
        True, "Tout Atout: any suit can win",
        "Yes: in all-trump, a card of another suit wins a trick by its rank (the old program). "
        "No: only the suit led can win (Coinche).", off="No (Coinche)", on="Yes",
        needs=(("tout_atout", (True,)),)),
    "nt_melds": OptionSpec.boolean(
        True, "Melds score in Sans Tout",
        "Runs are declared and scored in a no-trump deal too; Off: no runs score there.",
        needs=(("tout_atout", (True,)),)),
    "first_dealer": OptionSpec.seat(2, "First dealer", "The seat that deals first; None draws it from the seed."),
    "open_hands": OptionSpec.boolean(
        False, "Open hands (learning)",
        "Both hands are shown face up, to learn from the computer's play; the computer then sees your hand too."),
    "replay": OptionSpec.boolean(
        False, "Offer to replay each deal", "Each new deal first offers to replay the last one (F6).", shown=False),
}


@dataclass(frozen=True, slots=True)
class _Opts:
    items: OptionItems
    game_point: int
    no_tie: bool
    clubs: bool
    tout_atout: bool
    direct: bool
    cross: bool
    nt_melds: bool
    open_hands: bool
    replay: bool

    @staticmethod
    def make(options: Mapping[str, Any] | None) -> _Opts:
        o = resolve_options(OPTION_SPECS, options)
        return _Opts(
            freeze_options(o),
            o["game_point"],
            o["no_tie"],
            o["clubs_preferred"],
            o["tout_atout"],
            o["tout_atout_direct"],
            o["all_trump_cross_suit"],
            o["nt_melds"],
            o["open_hands"],
            o["replay"],
        )

    def as_dict(self) -> dict[str, Any]:
        return dict(self.items)


_DEFAULT_OPTS = _Opts.make(None)  # shared by every match with the default options (an _Opts never changes)


def variant_of(contract: int, cross: bool) -> int:
    """The trick variant of contract code ``contract`` (its index in ``CONTRACTS``) with the
    ``all_trump_cross_suit`` option ``cross``: 6 for tout atout without cross-suit wins, else the code."""
    return 6 if contract == AT and not cross else contract


# ---------------------------------------------------------------------------------------
# Pure helpers (API.md)
# ---------------------------------------------------------------------------------------


def card_points(card: str, contract: str) -> int:
    """The card points of ``card`` when the contract is ``contract`` (§1.2, §1.14)."""
    return POINTS[_contract_code(contract)][_card_id(card)]


def _follow_rule(lead: int, variant: int) -> tuple[int, int, int]:
    """How to answer ``lead`` (§1.8 / §1.14) as three card sets, (beat, follow, fallback): a player
    must play a card of the first set he holds any of, and may play any card if he holds none."""
    ls = lead >> 3
    suit = SUIT_MASK[ls]
    if variant < 4:  # follow suit, beating a trump lead if he can; else trump if he can
        return (BEAT_SAME[lead] if ls == variant else suit), suit, SUIT_MASK[variant]
    if variant == 4:  # sans tout: follow suit
        return suit, suit, 0
    # tout atout: follow suit beating the lead if he can; cross-suit, else beat it in rank
    return BEAT_SAME[lead], suit, (BEAT_RANK[lead] if variant == 5 else 0)


_FOLLOW_RULES: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(_follow_rule(lead, variant) for lead in range(32)) for variant in range(7)
)


def legal_mask(hand: int, lead: int, variant: int) -> int:
    """The cards of ``hand`` that may be played to ``lead`` (-1 = leading), §1.8 / §1.14."""
    if lead < 0:
        return hand
    beat, follow, fallback = _FOLLOW_RULES[variant][lead]
    return hand & beat or hand & follow or hand & fallback or hand


def _follow_forbidden(lead: int, fol: int, variant: int) -> int:
    """Cards the follower cannot have held when he answered ``lead`` with ``fol`` legally."""
    ls, fs = lead >> 3, fol >> 3
    if variant < 4:
        if fs == ls:
            if ls == variant and not (BEAT_SAME[lead] >> fol & 1):
                return BEAT_SAME[lead]
            return 0
        if fs == variant:
            return SUIT_MASK[ls]
        return SUIT_MASK[ls] | SUIT_MASK[variant]
    if variant == 4:
        return 0 if fs == ls else SUIT_MASK[ls]
    if fs == ls:
        return 0 if BEAT_SAME[lead] >> fol & 1 else BEAT_SAME[lead]
    if variant == 5:
        return SUIT_MASK[ls] | (0 if BEAT_RANK[lead] >> fol & 1 else BEAT_RANK[lead])
    return SUIT_MASK[ls]


def legal_plays(
    hand: Iterable[str], led: str | None, contract: str, options: Mapping[str, Any] | None = None
) -> set[str]:
    """The cards of ``hand`` that may be played when ``led`` was led (None: leading)."""
    opts = resolve_options(OPTION_SPECS, options)
    code = _contract_code(contract)
    lead = -1 if led is None else _card_id(led)
    return set(_cards(legal_mask(_mask_of(hand), lead, variant_of(code, opts["all_trump_cross_suit"]))))


def trick_winner(led: str, follow: str, contract: str, options: Mapping[str, Any] | None = None) -> int:
    """0 if the leader's card wins the trick, 1 if the follower's (§1.8, A16)."""
    opts = resolve_options(OPTION_SPECS, options)
    variant = variant_of(_contract_code(contract), opts["all_trump_cross_suit"])
    return _WIN[variant][_card_id(led) * 32 + _card_id(follow)]


def _meld_value(mask: int) -> int:
    return _MELD8[mask & 255] + _MELD8[mask >> 8 & 255] + _MELD8[mask >> 16 & 255] + _MELD8[mask >> 24 & 255]


def meld_points(hand: Iterable[str]) -> int:
    """The value of all sequences in ``hand``: 20 per maximal 3-run, 50 per 4+ run (§1.6, A8)."""
    return _meld_value(_mask_of(hand))


# Per suit and 8-bit pattern: its maximal runs of 3+ as (suit, lowest natural index, length).
_SUIT_RUNS: tuple[tuple[tuple[tuple[int, int, int], ...], ...], ...] = tuple(
    tuple(tuple((s, lo, n) for lo, n in runs) for runs in _RUNS8) for s in range(4)
)


def _runs(mask: int) -> tuple[tuple[int, int, int], ...]:
    """Maximal runs of 3+ as (suit, lowest natural index, length)."""
    return (
        _SUIT_RUNS[0][mask & 255]
        + _SUIT_RUNS[1][mask >> 8 & 255]
        + _SUIT_RUNS[2][mask >> 16 & 255]
        + _SUIT_RUNS[3][mask >> 24 & 255]
    )


def _run_mask(suit: int, low: int, length: int) -> int:
    return ((1 << length) - 1) << (suit * 8 + low)


def _run_key(suit: int, low: int, length: int, trump: int) -> int:
    """§1.6 key (capped length, top card, trump) packed in one comparable int."""
    return min(length, 4) * 32 + (low + length - 1) * 2 + (1 if suit == trump else 0)


def _best_key(mask: int, trump: int) -> int | None:
    best: int | None = None
    for s, lo, n in _runs(mask):
        k = _run_key(s, lo, n, trump)
        if best is None or k > best:
            best = k
    return best


def _display(mask: int) -> int:
    """The cards shown for the runs in ``mask``: each run's lowest four (§1.7, A7)."""
    shown = 0
    for s, lo, n in _runs(mask):
        shown |= _run_mask(s, lo, min(n, 4))
    return shown


def _protocol(ke: int | None, kd: int | None, suit_game: bool, no_tie: bool) -> tuple[tuple[str, ...], int]:
    """The spoken top-meld protocol (A10): its messages and the winner (0 elder, 1 dealer, -1 none)."""
    if ke is None:
        if kd is None:
            return ("Elder: none", "Dealer: none"), -1
        # Elder has none: the dealer announces his own meld, as the manual's protocol goes.
        return ("Elder: none", "Dealer: 20" if kd >> 5 == 3 else "Dealer: 50"), 1
    msgs = ["Elder: 20" if ke >> 5 == 3 else "Elder: 50"]
    if kd is None or kd >> 5 < ke >> 5:
        msgs.append("Dealer: good")
        return tuple(msgs), 0
    if kd >> 5 > ke >> 5:
        msgs.append("Dealer: not good")
        return tuple(msgs), 1
    te, td = ke >> 1 & 15, kd >> 1 & 15
    msgs += ["Dealer: how high?", f"Elder: high {NAT_RANKS[te]}"]
    if td < te:
        msgs.append("Dealer: good")
        return tuple(msgs), 0
    if td > te:
        msgs.append("Dealer: not good")
        return tuple(msgs), 1
    if suit_game:
        if ke & 1:
            msgs += ["Elder: in trumps", "Dealer: good"]
            return tuple(msgs), 0
        msgs.append("Elder: not in trumps")
        if kd & 1:
            msgs.append("Dealer: not good")
            return tuple(msgs), 1
    msgs.append("Dealer: tie")
    return tuple(msgs), 0 if no_tie else -1


def top_meld(elder_runs: Iterable[str], dealer_runs: Iterable[str], contract: str, no_tie: bool = False) -> str | None:
    """Who scores melds: ``"elder"``, ``"dealer"`` or None (nobody, or a tie without No-Tie), §1.6."""
    code = _contract_code(contract)
    trump = code if code < 4 else -1
    ke = _best_key(_mask_of(elder_runs), trump)
    kd = _best_key(_mask_of(dealer_runs), trump)
    role = _protocol(ke, kd, code < 4, no_tie)[1]
    return None if role < 0 else ("elder", "dealer")[role]


def settle(maker_raw: int, opponent_raw: int) -> tuple[int, int]:
    """What maker and opponent add to their scores (§1.10, A19)."""
    if maker_raw > opponent_raw:
        return maker_raw, opponent_raw
    if maker_raw == opponent_raw:
        return 0, opponent_raw
    return 0, maker_raw + opponent_raw


# ---------------------------------------------------------------------------------------
# States, summaries, observations
# ---------------------------------------------------------------------------------------

P_REPLAY, P_BID, P_SCHMEISS, P_DIX, P_DECLARE, P_PLAY, P_OVER = range(7)
PHASES = ("replay", "bid", "schmeiss", "dix", "declare", "play", "over")
# Bidding sub-steps inside P_BID.
_SUB_NORMAL, _SUB_MUST_NAME, _SUB_OVERCALL = 0, 1, 2
_BID_WORDS = frozenset(
    {
        "take",
        "pass",
        "schmeiss",
        "throw-in",
        "make-play",
        "sans-tout",
        "tout-atout",
        "name S",
        "name H",
        "name D",
        "name C",
    }
)


@dataclass(frozen=True, slots=True)
class DealSummary:
    """A finished deal as the deal-summary screen shows it; only cards that were public."""

    deal_number: int
    dealer: int
    contract: str | None
    maker: int | None
    outcome: str  # "made", "tie", "bete", "thrown-in", "annulled"
    card_points: tuple[int, int]
    last_trick: tuple[int, int]  # 10 or 0 per seat
    melds: tuple[int, int]
    bella: tuple[int, int]
    raw: tuple[int, int]
    added: tuple[int, int]
    scores_after: tuple[int, int]
    hands: tuple[tuple[str, ...], tuple[str, ...]]  # the cards each seat played (empty if not played out)
    shown_melds: tuple[tuple[str, ...], tuple[str, ...]]
    top_meld: int | None
    turn_up: str | None  # the card turned at the deal
    bottom_card: str | None
    dix_by: int | None
    tricks: tuple[tuple[tuple[int, str], ...], ...]
    events: tuple[str, ...]


class _LastDeal:
    """A finished deal's DealSummary, built on first use.

    A playout finishes many deals and looks back at few, and building a summary (twenty fields, the
    played cards, tricks and events as strings) costs as much as playing several cards. So settling
    a deal keeps ``_summary``'s arguments here (the settled state is never changed afterwards) and
    ``get`` builds the summary once. States copied from one another share the holder, so every one
    of them gives the very same DealSummary object; holders compare by their summaries.
    """

    __slots__ = ("_args", "_value")

    def __init__(self, value: DealSummary | None = None, args: tuple[Any, ...] = ()) -> None:
        self._value = value
        self._args = args

    def get(self) -> DealSummary:
        value = self._value
        if value is None:
            value = self._value = _summary(*self._args)
            self._args = ()
        return value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _LastDeal) and self.get() == other.get()

    def __hash__(self) -> int:
        return hash(self.get())

    def __repr__(self) -> str:
        return repr(self.get())


def _ready(summary: DealSummary | None) -> _LastDeal | None:
    """A holder for a summary already built (or None)."""
    return None if summary is None else _LastDeal(summary)


@dataclass(slots=True)
class _Deal:
    """The part of a state that changes at most a few times a deal: the match so far, the bidding,
    the declarations, the shown melds and bellas. Kept apart from State so that playing a card, which
    changes none of it, copies only the fields that do change (see State)."""

    opts: _Opts
    stream: int
    draws: int
    deal_number: int
    dealer: int
    deck: tuple[int, ...]  # this deal's deck, top first (phase replay: the deal to replay)
    summary: _LastDeal | None  # the previous deal's summary (``State.last_deal``), built on first use
    winner: int | None
    bid_round: int
    sub: int
    proposed: int  # the round-1 suit, -1 outside a deal
    turn_up: int  # the card turned at the deal (d12), -1 if none
    contract: int  # -1 until fixed
    variant: int  # the contract's legal-play / trick variant (``variant_of``), -1 until fixed
    maker: int  # -1 until fixed (during the sans-tout overcall: the caller)
    dix_by: int
    bottom: int  # -1 until turned
    declared: tuple[int, int]  # -1 until declared
    top: int  # top-meld seat, -1 none
    meld_value: int
    messages: tuple[str, ...]
    shown: tuple[int, int]
    bellas: tuple[int, ...]
    bella_cards: int  # the cards played with bella announced


@dataclass(slots=True)
class State:
    """A Klaberjass match. Cards are ids 0-31 (suit * 8 + natural index), hands are bitmasks.

    Immutable by convention, not by ``frozen=True``: nothing in this module ever assigns to a
    state (or its ``deal``) that anyone else has seen. An action copies its input with ``_copy``
    (and the deal with ``_copy_deal`` if it changes it), which is several times cheaper than the
    dataclass ``__init__``, then sets the fields it changes on the copy; the property tests check
    that the input is untouched. The AI's searches and the playouts pay this on every move, so the
    state holds only what a card play changes and keeps the rest in ``deal``.
    """

    deal: _Deal
    scores: tuple[int, int]
    start_scores: tuple[int, int]  # the scores when this deal began (what a replay restores)
    phase: int
    actor: int  # -1: nobody
    hands: tuple[int, int]
    honours_played: tuple[int, int]  # per seat, the kings and queens he played that can make a bella
    leader: int
    lead: int  # the card led to the current trick, -1 if none
    tricks: tuple[tuple[int, int, int], ...]  # (leader, led card, follower's card)
    # This deal's actions and public events in order, but for the cards played: a card play records
    # only ``tricks`` and ``lead``, and its history entry and events are derived from those when
    # asked for (``_play_log``), which keeps the playouts' hot path short.
    history: tuple[tuple[int, str], ...]
    events: tuple[str, ...]

    # The deal's facts that are read straight from a state (by the tests, among others).
    @property
    def deal_number(self) -> int:
        return self.deal.deal_number

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @property
    def deck(self) -> tuple[int, ...]:
        return self.deal.deck

    @property
    def draws(self) -> int:
        return self.deal.draws

    @property
    def winner(self) -> int | None:
        return self.deal.winner

    @property
    def top(self) -> int:
        return self.deal.top

    @property
    def messages(self) -> tuple[str, ...]:
        return self.deal.messages

    @property
    def last_deal(self) -> DealSummary | None:
        """The summary of the previous finished deal."""
        summary = self.deal.summary
        return None if summary is None else summary.get()


def _make_copy(cls: type[Any]) -> Callable[[Any], Any]:
    """A field-by-field shallow copy of a ``cls`` instance, written out once (``copy.copy`` and the
    dataclass ``__init__`` are several times slower, and every action makes one)."""
    body = "".join(f"    new.{f.name} = s.{f.name}\n" for f in fields(cls))
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    exec(f"def _copy(s):\n    new = _new(_cls)\n{body}    return new\n", namespace)
    copier: Callable[[Any], Any] = namespace["_copy"]
    return copier


_copy: Callable[[State], State] = _make_copy(State)
_copy_deal: Callable[[_Deal], _Deal] = _make_copy(_Deal)


def _evolve(state: State, deal: dict[str, Any] | None = None, **changes: Any) -> State:
    """``dataclasses.replace`` for the less frequent actions: a copy with ``changes`` set, and the
    deal's fields named in ``deal`` set on a copy of the deal."""
    new = _copy(state)
    for name, value in changes.items():
        setattr(new, name, value)
    if deal:
        new.deal = d = _copy_deal(state.deal)
        for name, value in deal.items():
            setattr(d, name, value)
    return new


@dataclass(frozen=True, slots=True)
class KlaberjassObservation:
    """What one seat may know (see the module docstring for every field)."""

    seat: int
    options: OptionItems
    scores: tuple[int, int]
    deal_number: int
    dealer: int
    elder: int
    phase: str
    bid_round: int
    current_player: int | None
    legal_actions: tuple[str, ...]
    hand: tuple[str, ...]
    hand_sizes: tuple[int, int]
    proposed_suit: str | None
    turn_up: str | None
    original_turn_up: str | None
    dix_by: int | None
    bottom_card: str | None
    contract: str | None
    maker: int | None
    bids: tuple[tuple[int, str], ...]
    declared: tuple[str, ...] | None
    meld_messages: tuple[str, ...]
    top_meld: int | None
    meld_value: int
    shown_melds: tuple[tuple[str, ...], tuple[str, ...]]
    shown_tops: tuple[tuple[str, ...], tuple[str, ...]]
    trick: tuple[tuple[int, str], ...]
    tricks: tuple[tuple[tuple[int, str], ...], ...]
    last_trick: tuple[tuple[int, str], ...]
    last_trick_winner: int | None
    tricks_won: tuple[int, int]
    card_points: tuple[int, int]
    bellas: tuple[int, ...]
    opponent_hand: tuple[str, ...] | None
    history: tuple[tuple[int, str], ...]
    events: tuple[str, ...]
    last_deal: DealSummary | None
    winner: int | None


# What a finished deal leaves behind, when no new deal starts at once (phases replay and over).
_CLEARED_DEAL: dict[str, Any] = {
    "bid_round": 0,
    "sub": 0,
    "proposed": -1,
    "turn_up": -1,
    "contract": -1,
    "variant": -1,
    "maker": -1,
    "dix_by": -1,
    "bottom": -1,
    "declared": (-1, -1),
    "top": -1,
    "meld_value": 0,
    "messages": (),
    "shown": (0, 0),
    "bellas": (),
    "bella_cards": 0,
}
_CLEARED_STATE: dict[str, Any] = {
    "hands": (0, 0),
    "honours_played": (0, 0),
    "leader": -1,
    "lead": -1,
    "tricks": (),
    "history": (),
    "events": (),
}
# A deal and a state before anything happens, which _start_deal copies (cheaper than building
# them field by field with the dataclass __init__) and then fills in.
_FRESH_DEAL = _Deal(
    opts=_DEFAULT_OPTS,
    stream=0,
    draws=0,
    deal_number=0,
    dealer=0,
    deck=(),
    summary=None,
    winner=None,
    **_CLEARED_DEAL,
)
_FRESH_STATE = State(deal=_FRESH_DEAL, scores=(0, 0), start_scores=(0, 0), phase=P_BID, actor=-1, **_CLEARED_STATE)

# The Fisher-Yates steps of a 32-card shuffle: (index i, bits needed to draw a number 0..i).
_SHUFFLE_STEPS = tuple((i, (i + 1).bit_length()) for i in range(31, 0, -1))


def _shuffled_deck(stream: int, draws: int) -> tuple[int, ...]:
    """``rng_for(stream, draws).shuffle(list(range(32)))``, written out: the same draws as
    ``random.Random.shuffle`` (Fisher-Yates, each index drawn by rejection from ``getrandbits``,
    as ``Random._randbelow`` does) at about two thirds of the cost, paid once a deal. A test pins
    the two together."""
    # The C generator random.Random is built on, seeded exactly as rng_for seeds random.Random (an
    # int seed goes straight to it) without random.Random's Python-level __init__ and seed: only
    # getrandbits is needed here.
    getrandbits = _random.Random((stream << 20) ^ (draws * 0x9E3779B1) ^ 0x5DEECE66D).getrandbits
    cards = list(range(32))
    for i, bits in _SHUFFLE_STEPS:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def _start_deal(
    opts: _Opts,
    stream: int,
    draws: int,
    scores: tuple[int, int],
    deal_number: int,
    dealer: int,
    deck: tuple[int, ...],
    last_deal: _LastDeal | None,
) -> State:
    """Deal the first 3+3+3+3 and turn the proposed trump (§1.3)."""
    elder = 1 - dealer
    # _FIRST_ELDER and _FIRST_DEALER, written out.
    e = 1 << deck[0] | 1 << deck[1] | 1 << deck[2] | 1 << deck[6] | 1 << deck[7] | 1 << deck[8]
    d = 1 << deck[3] | 1 << deck[4] | 1 << deck[5] | 1 << deck[9] | 1 << deck[10] | 1 << deck[11]
    deal = _copy_deal(_FRESH_DEAL)
    deal.opts = opts
    deal.stream = stream
    deal.draws = draws
    deal.deal_number = deal_number
    deal.dealer = dealer
    deal.deck = deck
    deal.summary = last_deal
    deal.bid_round = 1
    if opts.clubs:
        deal.proposed = 3
        first = f"Deal {deal_number}: {dealer} deals, clubs proposed"
    else:
        turn_up = deck[_TURN_UP_POS]
        deal.turn_up = turn_up
        deal.proposed = turn_up >> 3
        first = f"Deal {deal_number}: {dealer} deals, turn-up {CARDS[turn_up]}"
    state = _copy(_FRESH_STATE)
    state.deal = deal
    state.scores = scores
    state.start_scores = scores
    state.phase = P_BID
    state.actor = elder
    state.hands = (e, d) if elder == 0 else (d, e)
    state.events = (first,)
    return state


def _deal_from_stream(
    opts: _Opts,
    stream: int,
    draws: int,
    scores: tuple[int, int],
    deal_number: int,
    dealer: int,
    last_deal: _LastDeal | None,
) -> State:
    return _start_deal(opts, stream, draws + 1, scores, deal_number, dealer, _shuffled_deck(stream, draws), last_deal)


def _pair(values: tuple[int, int], seat: int, value: int) -> tuple[int, int]:
    return (value, values[1]) if seat == 0 else (values[0], value)


def _pair_of(seat: int, value: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return (value, ()) if seat == 0 else ((), value)


def _contract_name(code: int) -> str:
    if code == NT:
        return "Sans tout"
    if code == AT:
        return "Tout atout"
    return f"Trump {SUITS[code]}"


def _fix_contract(
    state: State, contract: int, maker: int, history: tuple[tuple[int, str], ...], events: tuple[str, ...]
) -> State:
    """Trump is fixed: deal the 3+3 completion, then the dix (§1.5) or the bottom card."""
    deal = state.deal
    dealer = deal.dealer
    elder = 1 - dealer
    deck = deal.deck
    p = 12 if deal.opts.clubs else 13  # _completion_positions, written out
    to_elder = state.hands[elder] | 1 << deck[p] | 1 << deck[p + 2] | 1 << deck[p + 4]
    to_dealer = state.hands[dealer] | 1 << deck[p + 1] | 1 << deck[p + 3] | 1 << deck[p + 5]
    hands = (to_elder, to_dealer) if elder == 0 else (to_dealer, to_elder)
    new = _copy(state)
    new.deal = d = _copy_deal(deal)
    d.contract = contract
    d.variant = variant_of(contract, deal.opts.cross)
    d.maker = maker
    d.sub = _SUB_NORMAL
    d.bid_round = 0
    new.hands = hands
    new.history = history
    new.events = (*events, f"{_contract_name(contract)}, maker {maker}")
    t = deal.turn_up
    if t >= 0 and contract == t >> 3 and t & 7 != SEVEN:
        seven = 1 << (contract * 8 + SEVEN)
        for seat in (elder, dealer):
            if hands[seat] & seven:
                new.phase = P_DIX
                new.actor = seat
                return new
    return _turn_bottom(new, d)


def _turn_bottom(new: State, deal: _Deal) -> State:
    """Turn the bottom card (after the dix, A6), then declaring or play. Sets the fields on ``new``
    and ``deal`` (its deal): fresh copies that nobody else has seen yet."""
    bottom = deal.deck[_BOTTOM_POS]
    elder = 1 - deal.dealer
    deal.bottom = bottom
    new.events = (*new.events, f"Bottom card {CARDS[bottom]}")
    new.actor = elder
    if deal.contract == NT and not deal.opts.nt_melds:
        new.phase = P_PLAY
        new.leader = elder
    else:
        new.phase = P_DECLARE
    return new


# The cards of an 8-bit suit pattern that lie in runs of 3 or more.
_RUN_CARDS8: tuple[int, ...] = tuple(sum(((1 << n) - 1) << lo for lo, n in runs) for runs in _RUNS8)
_DECL_OPTIONS: dict[int, tuple[str, ...]] = {}
_DECL_MASKS: dict[str, int] = {}  # every declare action in _DECL_OPTIONS: the cards it declares


def _decl_options(hand: int) -> tuple[str, ...]:
    """``declare`` actions: every subset of the maximal runs, the full set first, none last.

    Cached by the hand's cards in runs, which alone decide the list: most hands have none, and
    the few run patterns recur, so each list of strings is built once."""
    in_runs = (
        _RUN_CARDS8[hand & 255]
        | _RUN_CARDS8[hand >> 8 & 255] << 8
        | _RUN_CARDS8[hand >> 16 & 255] << 16
        | _RUN_CARDS8[hand >> 24 & 255] << 24
    )
    options = _DECL_OPTIONS.get(in_runs)
    if options is None:
        runs = [_run_mask(s, lo, n) for s, lo, n in _runs(in_runs)]
        out: list[str] = []
        for sub in range((1 << len(runs)) - 1, -1, -1):
            mask = 0
            for i, r in enumerate(runs):
                if sub >> i & 1:
                    mask |= r
            action = "declare " + " ".join(_cards(mask)) if mask else "declare none"
            _DECL_MASKS[action] = mask
            out.append(action)
        options = _DECL_OPTIONS[in_runs] = tuple(out)
    return options


_QUEENS = sum(1 << (s * 8 + QUEEN) for s in range(4))
_KINGS = sum(1 << (s * 8 + KING) for s in range(4))
# The kings and queens that can make a bella: the trump suit's, every suit's in tout atout, none in sans tout.
_BELLA_CARDS: tuple[int, ...] = tuple(
    (_QUEENS | _KINGS) & (SUIT_MASK[code] if code < 4 else ALL_CARDS if code == AT else 0) for code in range(6)
)


def _bella_mask(state: State, seat: int) -> int:
    """The cards whose play would complete a K+Q pair ``seat`` held: he played the other one (§1.9, A29)."""
    done = state.honours_played[seat]
    return ((done >> 1) & _QUEENS) | ((done << 1) & _KINGS)


def _legal_actions(state: State) -> tuple[str, ...]:
    phase = state.phase
    if phase == P_PLAY:
        seat = state.actor
        hand = state.hands[seat]
        lead = state.lead
        if lead < 0:
            legal = hand
            cards = _cards(hand)
        else:  # legal_mask, written out
            beat, follow, fallback = _FOLLOW_RULES[state.deal.variant][lead]
            legal = hand & beat or hand & follow or hand & fallback or hand
            suit = lead >> 3
            if legal & SUIT_MASK[suit] == legal:  # nearly always: cards of the led suit, one table lookup
                cards = _SUIT_CARDS[suit][legal >> 8 * suit]
            else:
                cards = _cards(legal)
        if not state.honours_played[seat]:  # no bella to announce (nearly always)
            return cards
        bella = _bella_mask(state, seat) & legal
        if not bella:
            return cards
        out: list[str] = []
        for c in _ids(legal):
            out.append(CARDS[c])
            if bella >> c & 1:
                out.append(CARDS[c] + " bella")
        return tuple(out)
    if phase == P_BID:
        deal = state.deal
        opts = deal.opts
        if deal.sub == _SUB_OVERCALL:
            return ("tout-atout", "pass")
        if deal.bid_round == 1:
            return ("take", "pass", "schmeiss")
        names = [f"name {SUITS[s]}" for s in range(4) if s != deal.proposed]
        if opts.tout_atout:
            names.append("sans-tout")
            if opts.direct:
                names.append("tout-atout")
        if deal.sub == _SUB_MUST_NAME:
            return tuple(names)
        return (*names, "pass", "schmeiss")
    if phase == P_SCHMEISS:
        return ("throw-in", "make-play")
    if phase == P_DECLARE:
        return _decl_options(state.hands[state.actor])
    if phase == P_DIX:
        return ("exchange", "keep")
    if phase == P_REPLAY:
        return ("replay", "continue")
    return ()


# What each action does, in the words of a sentence ("You cannot <words> now").
_ACTION_WORDS = {
    "take": "take",
    "pass": "pass",
    "schmeiss": "schmeiss",
    "throw-in": "throw the deal in",
    "make-play": "make him play",
    "sans-tout": "call Sans Tout",
    "tout-atout": "call Tout Atout",
    "exchange": "exchange the dix",
    "keep": "keep the dix",
    "replay": "replay the last deal",
    "continue": "go on to the next deal",
}


def _action_words(action: str, general: bool = False) -> str:
    """``name H`` -> ``name hearts`` (``general``: ``name a suit``); a card -> ``play a card``."""
    if action in _ACTION_WORDS:
        return _ACTION_WORDS[action]
    if action.startswith("name ") and action[5:] in SUITS:
        return "name a suit" if general else f"name {SUIT_WORDS[SUITS.index(action[5:])]}s"
    if action.startswith("declare"):
        return "declare your runs"
    return "play a card"


def _is_action(action: str) -> bool:
    """``action`` is written as some Klaberjass action (legal or not)."""
    card = action[:-6] if action.endswith(" bella") else action
    return (action in _ACTION_WORDS or card in CARD_ID or action.startswith("declare ")
            or (action.startswith("name ") and action[5:] in SUITS))


def _card_words(card: str) -> str:
    """``KD`` -> ``K♦``: a card as the player reads it (a tester saw "You must beat KD")."""
    return card[0] + next(symbol for symbol, suit in _SUIT_SYMBOLS.items() if suit == card[1])


def _illegal(state: State, action: object) -> IllegalAction:
    """Why ``action`` is not legal now, in a sentence for the player whose turn it is."""
    if state.phase == P_OVER:
        return IllegalAction("The match is over: no more actions.")
    legal = _legal_actions(state)
    if not isinstance(action, str) or not _is_action(action):
        return IllegalAction(f"{action!r} is not a Klaberjass action.")
    if state.phase == P_PLAY:
        text = action[:-6] if action.endswith(" bella") else action
        card = CARD_ID.get(text, -1)
        if card >= 0:
            seat = state.actor
            hand = state.hands[seat]
            if not hand >> card & 1:
                return IllegalAction(f"You do not hold the {_card_words(text)}.")
            if text != action:
                return IllegalAction(
                    f"The {_card_words(text)} does not complete a king-queen pair you hold: bella is announced "
                    "with the second of the pair of trumps."
                )
            lead = state.lead
            ls = lead >> 3
            code = state.deal.contract
            if hand & SUIT_MASK[ls]:
                if code in (ls, AT) and card >> 3 == ls:
                    led = _card_words(CARDS[lead])
                    return IllegalAction(f"You must beat the {led}: play a higher {SUIT_WORDS[ls]}.")
                return IllegalAction(f"You must follow suit: play a {SUIT_WORDS[ls]}.")
            if code < 4:
                return IllegalAction(f"You cannot follow suit, so you must trump: play a {SUIT_WORDS[code]}.")
            return IllegalAction(f"You must play a card that beats the {_card_words(CARDS[lead])}.")
    if state.phase == P_BID and state.deal.bid_round == 2 and action == f"name {SUITS[state.deal.proposed]}":
        return IllegalAction(f"You cannot name {SUIT_WORDS[state.deal.proposed]}s: that suit was offered in round one.")
    if state.phase == P_DECLARE and action.startswith("declare"):
        return IllegalAction("You can declare only whole runs of your hand, or none.")
    options = list(dict.fromkeys(_action_words(a, general=True) for a in legal))
    choice = options[0] if len(options) == 1 else f"{', '.join(options[:-1])} or {options[-1]}"
    choice = _SHORTER.get(choice, choice)
    return IllegalAction(f"You cannot {_action_words(action)} now: you may {choice}.")


# Two choices said shorter, so that a refusal fits the message row (a tester's ran onto the
# prompt: "... you may exchange the dix or keep the dix.").
_SHORTER = {
    "exchange the dix or keep the dix": "exchange the dix or keep it",
    "replay the last deal or go on to the next deal": "replay the last deal or go on",
}


def _name_code(action: str) -> int:
    if action == "sans-tout":
        return NT
    if action == "tout-atout":
        return AT
    return SUITS.index(action[5])


def _apply_bid(state: State, action: str) -> State:
    deal = state.deal
    seat = state.actor
    other = 1 - seat
    elder = 1 - deal.dealer
    history = (*state.history, (seat, action))
    events = state.events
    if state.phase == P_SCHMEISS:
        if action == "throw-in":
            return _end_unplayed(state, "thrown-in", f"{seat} throws in")
        events = (*events, f"{seat} makes {other} play")
        if deal.bid_round == 1:
            return _fix_contract(state, deal.proposed, other, history, events)
        return _evolve(state, {"sub": _SUB_MUST_NAME}, phase=P_BID, actor=other, history=history, events=events)
    if action == "schmeiss":
        new = _copy(state)
        new.phase = P_SCHMEISS
        new.actor = other
        new.history = history
        new.events = (*events, f"{seat} schmeisses")
        return new
    if deal.sub == _SUB_OVERCALL:
        if action == "tout-atout":
            return _fix_contract(state, AT, seat, history, (*events, f"{seat} overcalls tout atout"))
        return _fix_contract(state, NT, other, history, (*events, f"{seat} passes"))
    if action == "pass":
        passes = f"{seat} passes"
        if seat == elder:
            new = _copy(state)
            new.actor = other
            new.history = history
            new.events = (*events, passes)
            return new
        if deal.bid_round == 1:
            return _evolve(state, {"bid_round": 2}, actor=elder, history=history, events=(*events, passes))
        return _end_unplayed(state, "annulled", passes)
    if action == "take":
        return _fix_contract(state, deal.proposed, seat, history, (*events, f"{seat} takes"))
    code = _name_code(action)
    if code == NT:
        return _evolve(
            state,
            {"sub": _SUB_OVERCALL, "maker": seat},
            actor=other,
            history=history,
            events=(*events, f"{seat} calls sans tout"),
        )
    if code == AT:
        return _fix_contract(state, AT, seat, history, (*events, f"{seat} calls tout atout"))
    return _fix_contract(state, code, seat, history, (*events, f"{seat} names {SUITS[code]}"))


_DECLARES = ("0 declares", "1 declares")  # the event of a declaration, per seat


def _apply_declare(state: State, action: str) -> State:
    deal = state.deal
    seat = state.actor
    declared = _pair(deal.declared, seat, _DECL_MASKS[action])  # a legal action, so listed there
    new = _copy(state)
    new.deal = d = _copy_deal(deal)
    d.declared = declared
    new.history = (*state.history, (seat, action))
    events = (*state.events, _DECLARES[seat])
    dealer = deal.dealer
    elder = 1 - dealer
    if seat == elder:
        new.actor = dealer
        new.events = events
        return new
    code = deal.contract
    trump = code if code < 4 else -1
    ke = _best_key(declared[elder], trump)
    kd = _best_key(declared[dealer], trump)
    messages, role = _protocol(ke, kd, code < 4, deal.opts.no_tie)
    top = -1 if role < 0 else (elder, dealer)[role]
    d.top = top
    d.meld_value = _meld_value(declared[top]) if top >= 0 else 0
    d.messages = messages
    new.phase = P_PLAY
    new.actor = elder
    new.leader = elder
    new.events = events + messages
    return new


# Play and trick events, looked up rather than formatted on every card.
_PLAY_EVENTS: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{seat} plays {card}" for card in CARDS) + tuple(f"{seat} plays {card}, bella" for card in CARDS)
    for seat in (0, 1)
)
_MAX_TRICK_POINTS = 2 * max(max(row) for row in POINTS)
_TRICK_EVENTS: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{seat} wins the trick, {pts} points" for pts in range(_MAX_TRICK_POINTS + 1)) for seat in (0, 1)
)
# A play action's (card, announces bella).
_PLAY_MOVES: dict[str, tuple[int, bool]] = {
    **{card: (i, False) for i, card in enumerate(CARDS)},
    **{card + " bella": (i, True) for i, card in enumerate(CARDS)},
}


def _show_melds(new: State) -> None:
    """After the first trick the top-meld holder shows his declared runs (§1.7): sets the shown cards
    on ``new``, a state being built (its deal is copied first)."""
    new.deal = deal = _copy_deal(new.deal)
    top = deal.top
    deal.shown = _pair(deal.shown, top, _display(deal.declared[top]))


def _play_log(state: State) -> tuple[tuple[tuple[int, str], ...], tuple[str, ...]]:
    """The history entries and the events of the cards played so far this deal, derived from the
    tricks: playing a card records nothing else, which keeps the playouts' hot path short."""
    if not state.tricks and state.lead < 0:
        return (), ()
    deal = state.deal
    bella = deal.bella_cards
    history: list[tuple[int, str]] = []
    events: list[str] = []

    def play(seat: int, card: int) -> None:
        announced = bella >> card & 1
        history.append((seat, CARDS[card] + " bella" if announced else CARDS[card]))
        events.append(_PLAY_EVENTS[seat][card + 32 if announced else card])

    wins = _WIN[deal.variant]
    points = POINTS[deal.contract]
    for number, (leader, a, b) in enumerate(state.tricks, 1):
        play(leader, a)
        play(1 - leader, b)
        winner = leader ^ wins[a * 32 + b]
        events.append(_TRICK_EVENTS[winner][points[a] + points[b]])
        if number == 1 and deal.top >= 0:
            events.append(f"{deal.top} shows {_show_text(deal.declared[deal.top])}")
        if number == 9:
            events.append(f"{winner} wins the last trick, 10 points")
    if state.lead >= 0:
        play(state.leader, state.lead)
    return tuple(history), tuple(events)


def _played_cards(state: State) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The cards each seat played to this deal's completed tricks."""
    played = [0, 0]
    for leader, a, b in state.tricks:
        played[leader] |= 1 << a
        played[1 - leader] |= 1 << b
    return _cards(played[0]), _cards(played[1])


def _card_points(state: State) -> tuple[int, int]:
    """Per seat, the card points of the tricks he won (what _trick_totals gives first, in fewer steps:
    settling pays this every deal)."""
    pts = [0, 0]
    deal = state.deal
    wins = _WIN[deal.variant]
    points = POINTS[deal.contract]
    for leader, a, b in state.tricks:
        pts[leader ^ wins[a * 32 + b]] += points[a] + points[b]
    return pts[0], pts[1]


def _trick_totals(state: State) -> tuple[tuple[int, int], tuple[int, int]]:
    """Per seat, the card points and the number of tricks won so far (derived from the tricks
    rather than kept in the state, which would cost every card played)."""
    pts = [0, 0]
    won = [0, 0]
    if state.tricks:
        deal = state.deal
        wins = _WIN[deal.variant]
        points = POINTS[deal.contract]
        for leader, a, b in state.tricks:
            winner = leader ^ wins[a * 32 + b]
            pts[winner] += points[a] + points[b]
            won[winner] += 1
    return (pts[0], pts[1]), (won[0], won[1])


def _show_text(declared: int) -> str:
    """The show announcement: each run's shown cards and value, the top of a 5+ run named (A7)."""
    parts = []
    for s, lo, n in _runs(declared):
        shown = " ".join(_cards(_run_mask(s, lo, min(n, 4))))
        if n > 4:
            parts.append(f"{shown} (50, high {CARDS[s * 8 + lo + n - 1]})")
        else:
            parts.append(f"{shown} ({20 if n == 3 else 50})")
    return ", ".join(parts)


def _shown_tops(declared: int) -> tuple[str, ...]:
    return tuple(CARDS[s * 8 + lo + n - 1] for s, lo, n in _runs(declared) if n > 4)


def _trick_pairs(tricks: tuple[tuple[int, int, int], ...]) -> tuple[tuple[tuple[int, str], ...], ...]:
    return tuple(((ld, CARDS[a]), (1 - ld, CARDS[b])) for ld, a, b in tricks)


def _summary(
    state: State,
    outcome: str,
    raw_parts: tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]],
    raw: tuple[int, int],
    added: tuple[int, int],
    scores_after: tuple[int, int],
    closing: tuple[str, ...],
) -> DealSummary:
    """The summary of the deal ``state`` ended; ``closing``: the events that ended it."""
    deal = state.deal
    played_out = outcome in ("made", "tie", "bete")
    face_up_turn = deal.turn_up
    return DealSummary(
        deal_number=deal.deal_number,
        dealer=deal.dealer,
        contract=CONTRACTS[deal.contract] if played_out else None,
        maker=deal.maker if played_out else None,
        outcome=outcome,
        card_points=raw_parts[0],
        last_trick=raw_parts[1],
        melds=raw_parts[2],
        bella=raw_parts[3],
        raw=raw,
        added=added,
        scores_after=scores_after,
        hands=_played_cards(state) if played_out else ((), ()),
        shown_melds=(_cards(deal.shown[0]), _cards(deal.shown[1])),
        top_meld=deal.top if played_out and deal.top >= 0 else None,
        turn_up=CARDS[face_up_turn] if face_up_turn >= 0 else None,
        bottom_card=CARDS[deal.bottom] if deal.bottom >= 0 else None,
        dix_by=deal.dix_by if deal.dix_by >= 0 else None,
        tricks=_trick_pairs(state.tricks),
        events=state.events + _play_log(state)[1] + closing,
    )


def _match_winner(scores: tuple[int, int], game_point: int) -> int | None:
    """§1.11: at or above the game point and ahead; equal scores at/above it play on."""
    a, b = scores
    if a >= game_point or b >= game_point:
        if a > b:
            return 0
        if b > a:
            return 1
    return None


def _settle_deal(state: State, last_winner: int) -> State:
    """Score a played-out deal (§1.10) and move on."""
    deal = state.deal
    maker = deal.maker
    last = _pair((0, 0), last_winner, 10)
    melds = _pair((0, 0), deal.top, deal.meld_value) if deal.top >= 0 else (0, 0)
    bella = (20 * deal.bellas.count(0), 20 * deal.bellas.count(1))
    pts = _card_points(state)
    raw = (pts[0] + last[0] + melds[0] + bella[0], pts[1] + last[1] + melds[1] + bella[1])
    m_add, o_add = settle(raw[maker], raw[1 - maker])
    added = (m_add, o_add) if maker == 0 else (o_add, m_add)
    scores = (state.scores[0] + added[0], state.scores[1] + added[1])
    if raw[maker] > raw[1 - maker]:
        outcome, line = "made", f"{maker} makes it, {raw[maker]} to {raw[1 - maker]}"
    elif raw[maker] == raw[1 - maker]:
        outcome, line = "tie", f"Tie at {raw[maker]}: maker {maker} scores nothing"
    else:
        outcome, line = "bete", f"{maker} is bete, {raw[maker]} to {raw[1 - maker]}"
    closing = (line, f"Scores {scores[0]} to {scores[1]}")
    summary = _LastDeal(args=(state, outcome, (pts, last, melds, bella), raw, added, scores, closing))
    return _next_deal(state, summary, True, scores)


def _end_unplayed(state: State, outcome: str, last_event: str) -> State:
    """A thrown-in (A4) or annulled (A3) deal, ``last_event`` the last action's: nothing scored, the
    deal passes."""
    closing = (last_event, "Deal thrown in" if outcome == "thrown-in" else "Both pass: deal annulled")
    zero = (0, 0)
    summary = _LastDeal(args=(state, outcome, (zero, zero, zero, zero), zero, zero, state.scores, closing))
    return _next_deal(state, summary, False, state.scores)


def _next_deal(state: State, summary: _LastDeal, settled: bool, scores: tuple[int, int]) -> State:
    """After a deal: the end of the match (only a settled deal can end it, §1.11), the replay
    choice, or the next deal (the deal always alternates)."""
    deal = state.deal
    opts = deal.opts
    winner = _match_winner(scores, opts.game_point) if settled else None
    if winner is not None:
        return _evolve(
            state,
            {**_CLEARED_DEAL, "summary": summary, "winner": winner},
            scores=scores,
            phase=P_OVER,
            actor=-1,
            **{**_CLEARED_STATE, "events": (*summary.get().events, f"{winner} wins the match")},
        )
    if opts.replay:
        return _evolve(
            state, {**_CLEARED_DEAL, "summary": summary}, scores=scores, phase=P_REPLAY, actor=0, **_CLEARED_STATE
        )
    return _deal_from_stream(opts, deal.stream, deal.draws, scores, deal.deal_number + 1, 1 - deal.dealer, summary)


def _apply(state: State, action: str) -> State:
    if state.phase != P_PLAY:
        return _apply_other(state, action)
    # Card plays are most of the actions of a playout, so they are played here, in one call: the
    # card is checked against the legal-play mask (no list of legal actions is built), and the
    # state is copied once and only the fields that change are set on the copy.
    move = _PLAY_MOVES.get(action) if isinstance(action, str) else None
    if move is None:
        raise _illegal(state, action)
    card, bella = move
    seat = state.actor
    hand = state.hands[seat]
    lead = state.lead
    deal = state.deal
    if lead < 0:
        legal = hand
    else:  # legal_mask, written out
        beat, follow, fallback = _FOLLOW_RULES[deal.variant][lead]
        legal = hand & beat or hand & follow or hand & fallback or hand
    if not legal >> card & 1 or (bella and not _bella_mask(state, seat) >> card & 1):
        raise _illegal(state, action)
    new = _copy(state)
    bit = 1 << card
    h0, h1 = state.hands
    new.hands = (h0 & ~bit, h1) if seat == 0 else (h0, h1 & ~bit)
    if bit & _BELLA_CARDS[deal.contract]:  # a king or queen that can make a bella (a few a deal)
        new.honours_played = _pair(state.honours_played, seat, state.honours_played[seat] | bit)
        if bella:
            new.deal = d = _copy_deal(deal)
            d.bellas = (*deal.bellas, seat)
            d.bella_cards = deal.bella_cards | bit
    if lead < 0:
        new.lead = card
        new.actor = 1 - seat
        return new
    leader = state.leader
    winner = leader ^ _WIN[deal.variant][lead * 32 + card]
    new.tricks = tricks = (*state.tricks, (leader, lead, card))
    new.lead = -1
    new.leader = winner
    new.actor = winner
    number = len(tricks)
    if number == 1 and deal.top >= 0:
        _show_melds(new)
    elif number == 9:
        return _settle_deal(new, winner)
    return new


def _apply_other(state: State, action: str) -> State:
    """Every action but a card play."""
    phase = state.phase
    if not isinstance(action, str) or action not in _legal_actions(state):
        raise _illegal(state, action)
    if phase in (P_BID, P_SCHMEISS):
        return _apply_bid(state, action)
    if phase == P_DECLARE:
        return _apply_declare(state, action)
    deal = state.deal
    if phase == P_DIX:
        seat = state.actor
        new = _copy(state)
        new.deal = d = _copy_deal(deal)
        new.history = (*state.history, (seat, action))
        if action == "keep":
            new.events = (*state.events, f"{seat} keeps the dix")
        else:
            seven = deal.contract * 8 + SEVEN
            new.hands = _pair(state.hands, seat, (state.hands[seat] & ~(1 << seven)) | 1 << deal.turn_up)
            d.dix_by = seat
            new.events = (*state.events, f"{seat} exchanges {CARDS[seven]} for {CARDS[deal.turn_up]}")
        return _turn_bottom(new, d)
    # P_REPLAY
    if action == "replay":
        return _start_deal(
            deal.opts,
            deal.stream,
            deal.draws,
            state.start_scores,
            deal.deal_number,
            deal.dealer,
            deal.deck,
            deal.summary,
        )
    return _deal_from_stream(
        deal.opts, deal.stream, deal.draws, state.scores, deal.deal_number + 1, 1 - deal.dealer, deal.summary
    )


# ---------------------------------------------------------------------------------------
# Observation
# ---------------------------------------------------------------------------------------


def _observation(state: State, seat: int) -> KlaberjassObservation:
    if seat not in (0, 1):
        raise ValueError(f"seat must be 0 or 1, not {seat!r}")
    other = 1 - seat
    phase = state.phase
    deal = state.deal
    tricks = _trick_pairs(state.tricks)
    last_trick = tricks[-1] if tricks else ()
    last_winner: int | None = None
    if state.tricks:
        ld, a, b = state.tricks[-1]
        last_winner = ld ^ _WIN[deal.variant][a * 32 + b]
    play_history, play_events = _play_log(state)
    own_history = state.history + play_history
    history = tuple((s, "declare ?") if s == other and a.startswith("declare") else (s, a) for s, a in own_history)
    turn_up: str | None = None
    if deal.turn_up >= 0:
        turn_up = CARDS[deal.contract * 8 + SEVEN] if deal.dix_by >= 0 else CARDS[deal.turn_up]
    shown_done = bool(state.tricks)
    own_decl = deal.declared[seat]
    card_points, tricks_won = _trick_totals(state)
    tops: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    if shown_done and deal.top >= 0:
        tops = _pair_of(deal.top, _shown_tops(deal.declared[deal.top]))
    return KlaberjassObservation(
        seat=seat,
        options=deal.opts.items,
        scores=state.scores,
        deal_number=deal.deal_number,
        dealer=deal.dealer,
        elder=1 - deal.dealer,
        phase=PHASES[phase],
        bid_round=deal.bid_round if phase in (P_BID, P_SCHMEISS) else 0,
        current_player=state.actor if state.actor >= 0 else None,
        legal_actions=_legal_actions(state) if state.actor == seat else (),
        hand=_cards(state.hands[seat]),
        hand_sizes=(_count(state.hands[0]), _count(state.hands[1])),
        proposed_suit=SUITS[deal.proposed] if deal.proposed >= 0 else None,
        turn_up=turn_up,
        original_turn_up=CARDS[deal.turn_up] if deal.turn_up >= 0 else None,
        dix_by=deal.dix_by if deal.dix_by >= 0 else None,
        bottom_card=CARDS[deal.bottom] if deal.bottom >= 0 else None,
        contract=CONTRACTS[deal.contract] if deal.contract >= 0 else None,
        maker=deal.maker if deal.contract >= 0 else None,
        bids=tuple((s, a) for s, a in own_history if a in _BID_WORDS),
        declared=None if own_decl < 0 else _cards(own_decl),
        meld_messages=deal.messages,
        top_meld=deal.top if deal.top >= 0 else None,
        meld_value=deal.meld_value if shown_done else 0,
        shown_melds=(_cards(deal.shown[0]), _cards(deal.shown[1])),
        shown_tops=tops,
        trick=((state.leader, CARDS[state.lead]),) if state.lead >= 0 else (),
        tricks=tricks,
        last_trick=last_trick,
        last_trick_winner=last_winner,
        tricks_won=tricks_won,
        card_points=card_points,
        bellas=deal.bellas,
        opponent_hand=_cards(state.hands[other]) if deal.opts.open_hands else None,
        history=history,
        events=state.events + play_events,
        last_deal=state.last_deal,
        winner=deal.winner,
    )


# ---------------------------------------------------------------------------------------
# Determinization
# ---------------------------------------------------------------------------------------

_DETERMINIZE_TRIES = 20000


def _sample(rng: random.Random, pool: int, k: int) -> int:
    ids = _ids(pool)
    mask = 0
    for c in rng.sample(ids, k):
        mask |= 1 << c
    return mask


def _deal_positions(dealer: int, clubs: bool, completed: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The deck positions dealt to seat 0 and seat 1 so far."""
    e_pos, d_pos = _completion_positions(clubs)
    elder_pos = _FIRST_ELDER + (e_pos if completed else ())
    dealer_pos = _FIRST_DEALER + (d_pos if completed else ())
    return (elder_pos, dealer_pos) if dealer == 1 else (dealer_pos, elder_pos)


def _build_deck(
    rng: random.Random,
    dealt: tuple[int, int],
    positions: tuple[tuple[int, ...], tuple[int, ...]],
    fixed: Mapping[int, int],
) -> tuple[int, ...]:
    """A deck with each seat's dealt cards on its positions, ``fixed`` positions set, the rest random."""
    deck = [-1] * 32
    used = 0
    for pos, card in fixed.items():
        deck[pos] = card
        used |= 1 << card
    for seat in (0, 1):
        cards = list(_ids(dealt[seat]))
        rng.shuffle(cards)
        for pos, card in zip(positions[seat], cards, strict=True):
            deck[pos] = card
        used |= dealt[seat]
    rest = list(_ids(ALL_CARDS & ~used))
    rng.shuffle(rest)
    it = iter(rest)
    for i in range(32):
        if deck[i] < 0:
            deck[i] = next(it)
    return tuple(deck)


def _possible_keys(suit_game: bool) -> list[int | None]:
    keys: list[int | None] = [None]
    for cap in (3, 4):
        for top in range(cap - 1, 8):
            for trump in (0, 1) if suit_game else (0,):
                keys.append(cap * 32 + top * 2 + trump)
    return keys


def _determinize_between(obs: KlaberjassObservation, rng: random.Random) -> State:
    """Phase replay or over: no deal in progress; rebuild the previous deal's deck from its summary."""
    opts = _Opts.make(dict(obs.options))
    stream = rng.getrandbits(62)
    summary = obs.last_deal
    deck: tuple[int, ...]
    start_scores = obs.scores
    if summary is None:
        deck = tuple(rng.sample(range(32), 32))
    else:
        start_scores = (obs.scores[0] - summary.added[0], obs.scores[1] - summary.added[1])
        fixed: dict[int, int] = {}
        if summary.turn_up is not None:
            fixed[_TURN_UP_POS] = CARD_ID[summary.turn_up]
        if summary.bottom_card is not None:
            fixed[_BOTTOM_POS] = CARD_ID[summary.bottom_card]
        if summary.hands[0] or summary.hands[1]:
            code = CONTRACTS.index(summary.contract) if summary.contract else -1
            dealt = [_mask_of(summary.hands[0]), _mask_of(summary.hands[1])]
            if summary.dix_by is not None and summary.turn_up is not None:
                x = summary.dix_by
                dealt[x] = dealt[x] & ~(1 << CARD_ID[summary.turn_up]) | 1 << (code * 8 + SEVEN)
            deck = _build_deck(rng, (dealt[0], dealt[1]), _deal_positions(summary.dealer, opts.clubs, True), fixed)
        else:
            deck = _build_deck(rng, (0, 0), ((), ()), fixed)
    phase = P_OVER if obs.phase == "over" else P_REPLAY
    deal = _Deal(
        opts=opts,
        stream=stream,
        draws=0,
        deal_number=obs.deal_number,
        dealer=obs.dealer,
        deck=deck,
        summary=_ready(summary),
        winner=obs.winner,
        **_CLEARED_DEAL,
    )
    return State(
        deal=deal,
        scores=obs.scores,
        start_scores=start_scores,
        phase=phase,
        actor=0 if phase == P_REPLAY else -1,
        **{**_CLEARED_STATE, "events": obs.events},
    )


def _meld_seeds(
    targets: list[int | None], trump: int, shown: int, tops: int, mine: int, candidates: int, free: int
) -> list[int]:
    """Runs that would give the opponent a best declared key among ``targets`` (A10), to plant in his
    hand: only 3- and 4-card runs (a longer run has the key of its top four), or once he has shown
    (``shown`` >= 0) the runs his shown cards and announced tops allow. ``mine``: cards known his."""
    seeds: list[int] = []
    for sg in range(4):
        for lo in range(6):
            for n in range(3, 9 - lo):
                if (shown < 0 and n > 4) or _run_key(sg, lo, n, trump) not in targets:
                    continue
                if shown >= 0 and (
                    _run_mask(sg, lo, min(n, 4)) & ~shown
                    or (n > 4) != bool(tops & SUIT_MASK[sg])
                    or (n > 4 and not tops >> (sg * 8 + lo + n - 1) & 1)
                ):
                    continue
                need = _run_mask(sg, lo, n) & ~mine
                if not need & ~candidates and _count(need) <= free:
                    seeds.append(_run_mask(sg, lo, n))
    return seeds


def _declarations(
    hand: int, own_declared: int, opponent_is_dealer: bool, trump: int, no_tie: bool, obs: KlaberjassObservation
) -> list[int]:
    """The declarations (subsets of maximal runs of ``hand``) the opponent could have made, given the
    protocol messages and, if he scored melds and has shown them, what he showed."""
    runs = [_run_mask(sg, lo, n) for sg, lo, n in _runs(hand)]
    shown = _mask_of(obs.shown_melds[1 - obs.seat]) if obs.tricks and obs.top_meld == 1 - obs.seat else -1
    k_own = _best_key(own_declared, trump)
    choices: list[int] = []
    for sub in range(1 << len(runs)):
        d = 0
        for i, r in enumerate(runs):
            if sub >> i & 1:
                d |= r
        if obs.meld_messages:
            k = _best_key(d, trump)
            ke, kd = (k_own, k) if opponent_is_dealer else (k, k_own)
            if _protocol(ke, kd, trump >= 0, no_tie)[0] != obs.meld_messages:
                continue
            if shown >= 0 and (_display(d) != shown or _meld_value(d) != obs.meld_value):
                continue
        choices.append(d)
    return choices


def _determinize(obs: KlaberjassObservation, rng: random.Random) -> State:
    """A world for ``obs``: the opponent's hand, his declaration and the stock sampled within every
    public constraint, then the deal's history replayed on it; kept only if it looks the same."""
    if obs.phase in ("replay", "over"):
        return _determinize_between(obs, rng)
    opts = _Opts.make(dict(obs.options))
    s = obs.seat
    o = 1 - s
    dealer = obs.dealer
    code = CONTRACTS.index(obs.contract) if obs.contract is not None else -1
    completed = code >= 0
    suit_game = 0 <= code < 4
    trump = code if suit_game else -1
    variant = variant_of(code, opts.cross) if completed else 0
    own_hand = _mask_of(obs.hand)
    played = [0, 0]
    follow_forbidden = 0
    for trick in obs.tricks:
        (ld, a), (fl, b) = trick
        ia, ib = CARD_ID[a], CARD_ID[b]
        played[ld] |= 1 << ia
        played[fl] |= 1 << ib
        if fl == o:
            follow_forbidden |= _follow_forbidden(ia, ib, variant)
    for seat, card in obs.trick:
        played[seat] |= 1 << CARD_ID[card]
    turn_up = CARD_ID[obs.original_turn_up] if obs.original_turn_up is not None else -1
    seven = trump * 8 + SEVEN if suit_game else -1
    dix_applies = suit_game and turn_up >= 0 and turn_up >> 3 == trump and turn_up & 7 != SEVEN
    asked = -1
    if dix_applies:
        if obs.phase == "dix":
            asked = obs.current_player if obs.current_player is not None else -1
        for seat, a in obs.history:
            if a in ("exchange", "keep"):
                asked = seat
    known_out = own_hand | played[0] | played[1]
    if turn_up >= 0:
        known_out |= 1 << turn_up
    if obs.dix_by is not None:
        known_out |= 1 << seven
    if obs.bottom_card is not None:
        known_out |= 1 << CARD_ID[obs.bottom_card]
    shown_o = _mask_of(obs.shown_melds[o])
    tops_o = _mask_of(obs.shown_tops[o])
    required = shown_o & ~played[o]
    for sg in range(4):
        top_bits = tops_o >> (sg * 8) & 255
        if top_bits:  # a shown 5+ run: every card from its lowest to its announced top is his
            lo = _RUNS8[shown_o >> (sg * 8) & 255][0][0]
            required |= _run_mask(sg, lo, top_bits.bit_length() - lo) & ~played[o]
    if obs.dix_by == o and not played[o] >> turn_up & 1:
        required |= 1 << turn_up
    if asked == o and obs.dix_by is None and not played[o] >> seven & 1:
        required |= 1 << seven
    forbidden = follow_forbidden
    if dix_applies and asked < 0 and obs.phase in ("declare", "play"):
        forbidden |= 1 << seven  # nobody was asked: the 7 of trumps is in the stock
    # A shown run ends where shown, or at its announced top (A7): its neighbours are not his.
    for sg in range(4):
        top_bits = tops_o >> (8 * sg) & 255
        for lo, n in _RUNS8[shown_o >> (8 * sg) & 255]:
            if lo > 0:
                forbidden |= 1 << (sg * 8 + lo - 1)
            end = top_bits.bit_length() if top_bits else lo + n
            if end < 8:
                forbidden |= 1 << (sg * 8 + end)
    pool = ALL_CARDS & ~known_out & ~required
    candidates = pool & ~forbidden
    size = obs.hand_sizes[o]
    free = size - _count(required)
    own_declared = _mask_of(obs.declared) if obs.declared is not None else -1
    o_declared = any(seat == o and a.startswith("declare") for seat, a in obs.history)
    messages = obs.meld_messages
    shown_done = bool(obs.tricks)
    o_top_shown = shown_done and obs.top_meld == o
    seeds: list[int] = []
    if messages:
        k_own = _best_key(own_declared, trump)
        # The best keys of the opponent's declaration that give the public messages.
        targets = [
            k
            for k in _possible_keys(suit_game)
            if _protocol(*((k_own, k) if o == dealer else (k, k_own)), suit_game, opts.no_tie)[0] == messages
        ]
        if None not in targets or o_top_shown:
            mine = played[o] | required
            seeds = _meld_seeds(targets, trump, shown_o if o_top_shown else -1, tops_o, mine, candidates, free)
    open_hand = _mask_of(obs.opponent_hand) if obs.opponent_hand is not None else -1
    positions = _deal_positions(dealer, opts.clubs, completed)
    fixed: dict[int, int] = {}
    if turn_up >= 0:
        fixed[_TURN_UP_POS] = turn_up
    if obs.bottom_card is not None:
        fixed[_BOTTOM_POS] = CARD_ID[obs.bottom_card]
    own_dealt = own_hand | played[s]
    if obs.dix_by == s:
        own_dealt = own_dealt & ~(1 << turn_up) | 1 << seven
    for _ in range(_DETERMINIZE_TRIES):
        if open_hand >= 0:
            hand_o = open_hand
        else:
            hand_o = required
            avail = candidates
            if seeds:
                need = rng.choice(seeds) & ~played[o] & ~required
                hand_o |= need
                avail &= ~need
            k = size - _count(hand_o)
            if k < 0 or _count(avail) < k:
                continue
            hand_o |= _sample(rng, avail, k)
        decl_hand = hand_o | played[o]
        o_decl = -1
        if o_declared:
            choices = _declarations(decl_hand, own_declared, o == dealer, trump, opts.no_tie, obs)
            if not choices:
                continue
            o_decl = rng.choice(choices)
        o_dealt = decl_hand if completed else hand_o
        if obs.dix_by == o:
            o_dealt = o_dealt & ~(1 << turn_up) | 1 << seven
        dealt = (own_dealt, o_dealt) if s == 0 else (o_dealt, own_dealt)
        deck = _build_deck(rng, dealt, positions, fixed)
        state = _start_deal(
            opts, rng.getrandbits(62), 0, obs.scores, obs.deal_number, dealer, deck, _ready(obs.last_deal)
        )
        try:
            for seat, a in obs.history:
                if seat == o and a == "declare ?":
                    a = "declare " + " ".join(_cards(o_decl)) if o_decl > 0 else "declare none"
                state = _apply(state, a)
        except IllegalAction:
            continue
        if _observation(state, s) == obs:
            return state
    raise ValueError("no world is consistent with this observation")  # pragma: no cover


# ---------------------------------------------------------------------------------------
# Action parsing
# ---------------------------------------------------------------------------------------

_KEYWORDS = {
    "take": "take",
    "take-it": "take",
    "pass": "pass",
    "schmeiss": "schmeiss",
    "throw-in": "throw-in",
    "throwin": "throw-in",
    "make-play": "make-play",
    "make-him-play": "make-play",
    "makeplay": "make-play",
    "sans-tout": "sans-tout",
    "santout": "sans-tout",
    "sanstout": "sans-tout",
    "tout-atout": "tout-atout",
    "toutatout": "tout-atout",
    "exchange": "exchange",
    "keep": "keep",
    "replay": "replay",
    "continue": "continue",
}
_SUIT_WORDS = {"s": "S", "h": "H", "d": "D", "c": "C", "spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}


def _suit_of(word: str) -> str:
    w = word.strip().lower()
    if w in _SUIT_WORDS:
        return _SUIT_WORDS[w]
    if word.strip() in _SUIT_SYMBOLS:
        return _SUIT_SYMBOLS[word.strip()]
    raise ValueError(f"{word!r} is not a suit")


def _canonical(text: str) -> str:
    words = text.replace(",", " ").split()
    if not words:
        raise ValueError("empty action")
    head = words[0].lower()
    if head == "declare":
        if [w.lower() for w in words[1:]] == ["none"]:
            return "declare none"
        if len(words) < 2:
            raise ValueError("declare what? write e.g. 'declare 7C 8C 9C' or 'declare none'")
        return "declare " + " ".join(_cards(_mask_of(words[1:])))
    if head == "name" and len(words) == 2:
        return "name " + _suit_of(words[1])
    joined = "-".join(w.lower() for w in words)
    if joined in _KEYWORDS:
        return _KEYWORDS[joined]
    if len(words) == 2 and words[1].lower() == "bella":
        return parse_card(words[0]) + " bella"
    if len(words) == 2 and words[0].lower() == "bella":
        return parse_card(words[1]) + " bella"
    if len(words) == 1:
        return parse_card(words[0])
    raise ValueError(f"{text!r} is not a Klaberjass action")


# ---------------------------------------------------------------------------------------
# The game object
# ---------------------------------------------------------------------------------------


class KlaberjassRules:
    """The Klaberjass game object of API.md."""

    name = "klaberjass"
    title = "Klaberjass"
    num_players = 2

    def default_options(self) -> dict[str, Any]:
        return {key: spec.default for key, spec in OPTION_SPECS.items()}

    def new_match(self, seed: int, options: dict[str, Any] | None = None, deck: Sequence[str] | None = None) -> State:
        opts = _DEFAULT_OPTS if options is None else _Opts.make(options)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, not {seed!r}")
        draws = 0
        first = opts.as_dict()["first_dealer"]
        if first is None:
            first = rng_for(seed, draws).randrange(2)
            draws += 1
        if deck is None:
            return _deal_from_stream(opts, seed, draws, (0, 0), 1, first, None)
        if isinstance(deck, str):
            raise ValueError("deck must be a sequence of 32 card strings")
        try:
            ids = tuple(_card_id(c) for c in deck)
        except (ValueError, AttributeError) as exc:
            raise ValueError(f"deck: {exc}") from None
        if len(ids) != 32 or len(set(ids)) != 32:
            raise ValueError("deck must hold each of the 32 cards exactly once")
        return _start_deal(opts, seed, draws, (0, 0), 1, first, ids, None)

    def current_player(self, state: State) -> int | None:
        return state.actor if state.actor >= 0 else None

    # legal_actions and apply are the module functions themselves, not methods calling them: one
    # Python call fewer on every step of a playout.
    legal_actions = staticmethod(_legal_actions)
    apply = staticmethod(_apply)

    def is_over(self, state: State) -> bool:
        return state.phase == P_OVER

    def match_scores(self, state: State) -> tuple[int, ...]:
        return state.scores

    def hand(self, state: State, seat: int) -> tuple[str, ...]:
        return _cards(state.hands[seat])

    def observation(self, state: State, seat: int) -> KlaberjassObservation:
        return _observation(state, seat)

    def determinize(self, observation: KlaberjassObservation, rng: random.Random) -> State:
        return _determinize(observation, rng)

    def action_text(self, action: str) -> str:
        if not isinstance(action, str):
            raise ValueError(f"{action!r} is not a Klaberjass action")
        return action

    def parse_action(self, state: State, text: str) -> str:
        if not isinstance(text, str):
            raise ValueError(f"{text!r} is not a Klaberjass action")
        action = _canonical(text)
        if action not in _legal_actions(state):
            raise _illegal(state, action)
        return action

    def set_option(self, state: State, key: str, value: Any) -> State:
        if key != "replay":
            raise ValueError(f"option {key!r} cannot change during a match (only 'replay' can)")
        options = state.deal.opts.as_dict()
        options["replay"] = value
        opts = _Opts.make(options)
        state = _evolve(state, {"opts": opts})
        if state.phase == P_REPLAY and not value:
            return _apply(state, "continue")
        return state


RULES = KlaberjassRules()
