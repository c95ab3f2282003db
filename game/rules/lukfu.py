"""Luk Fu (六虎, "Six Tigers"): three players, 36 Chinese money cards, single and multi-card tricks.

The rules are ``../shared/rules/lukfu.md`` (sections cited as §2.x, ambiguities as Ax); the API
is ``../shared/API.md``. Seats: 0 = you (S), 1 = east (E), 2 = west (W); seat ``i + 1`` acts
after seat ``i``.

Cards are ``C S M T`` (Coins < Strings < Myriads < Tens) then a value ``1``-``9``: ``C1`` (Mau
Gung), ``T1`` (Bak Chi), ``M9``. The canonical card order is suit first, then value.

Action grammar (an action *is* its canonical text):

- ``call`` / ``pass``: the call phase (§2.4). The Master speaks first; the first ``call`` makes
  the Caller and ends the phase; three passes redeal with the same Master.
- a play, its cards in canonical order separated by one space: ``C3`` (a single), ``S6 M6 T6``
  (a set of 3 or 4 equal values), ``S4 S5 S6`` (a run of 3 or more in one suit). Used both to
  lead (§2.6, restrictions R1 and R2) and to beat the play now winning the trick (§2.7).
- ``discard C2``: a follower who cannot beat throws one card face down; a follower facing a
  play of k cards discards k times in a row.
- ``claim``: at your own lead when fu + Old cards in hand reach six (§2.10).
- ``replay`` / ``continue``: with the ``replay`` option on, seat 0 chooses at the start of every
  deal after the first (before it is shuffled) whether to replay the previous deal.
``parse_action`` also accepts lower case, any card order, extra spaces or commas, ``play`` for
``call``, and cards written as ``3C`` or ``Coins-3``.

Observation fields (``LukFuObservation``, frozen and hashable):

- ``seat: int``: the observing seat.
- ``options: tuple[tuple[str, Any], ...]``: ``freeze_options`` of the match options.
- ``scores: tuple[int, int, int]``: net points of each seat over the match so far.
- ``deal_number: int``: 1 for the first deal; redeals after three passes and replays keep it.
- ``master: int``: this deal's Master (speaks first, leads trick 1).
- ``caller: int | None``: the Caller once someone called.
- ``phase: str``: ``"replay"`` (seat 0 chooses replay / continue; the finished deal is still on
  the table), ``"call"``, ``"play"`` or ``"over"`` (the match has ended; the last deal stays on
  the table).
- ``current_player: int | None``: the seat to act, ``None`` once the match is over.
- ``legal_actions: tuple[str, ...]``: the observer's legal actions when it is to act, else ``()``.
- ``hand: tuple[str, ...]``: the observer's cards, canonical order.
- ``hand_sizes: tuple[int, int, int]``: every seat's number of cards in hand.
- ``calls: tuple[tuple[int, str], ...]``: ``(seat, "pass" | "call")`` in order, this deal.
- ``trick: tuple[tuple[int, tuple[str, ...]], ...]``: the trick in progress in play order; a
  face-up play shows its cards, a face-down discard shows one ``"down"`` per card thrown.
- ``best: tuple[str, ...]``: the play now winning the trick (``()`` between tricks).
- ``best_seat: int | None``: who made it.
- ``leader: int``: who leads (or led) the current trick.
- ``fu: tuple[int, int, int]``: fu won by each seat this deal.
- ``won_cards: tuple[tuple[str, ...], ...]``: the face-up winning plays each seat has taken.
- ``discards_down: tuple[int, int, int]``: face-down cards each seat has thrown this deal.
- ``old_cards: tuple[str, ...]``: the observer's Old cards now (§2.9).
- ``public_played: tuple[str, ...]``: every face-up card played this deal (canonical order).
- ``can_claim: bool``: the observer may ``claim`` now.
- ``events: tuple[str, ...]``: the public events of the deal as short sentences (``"1 leads S6
  M6 T6."``, ``"2 discards a card face down."``).
- ``last_deal: DealSummary | None``: the previous settled deal (``deal_history[-1]``).
- ``winner: tuple[int, ...] | None``: the seats with the best net once the match is over.
Extra fields:
- ``tricks: tuple[tuple[tuple[int, tuple[str, ...]], ...], ...]``: the completed tricks of this
  deal, each in the format of ``trick`` (its winner is the last face-up play).
- ``my_discards: tuple[str, ...]``: the observer's own face-down discards this deal.
- ``my_discard_groups: tuple[tuple[int, tuple[str, ...]], ...]``: the same by trick: (index of
  the trick in ``tricks``, or ``len(tricks)`` for the trick in progress, the cards thrown).
- ``to_discard: int``: face-down cards the current player still owes in this trick: shown to
  everyone once they threw the first one, and to the player itself as soon as it cannot beat.
- ``claim_count: int``: the observer's N = fu + Old cards in hand.
- ``redeals: int``: redeals after three passes in this deal so far.
- ``hands: tuple[tuple[str, ...], ...] | None``: every seat's hand when ``open_hands`` is on.
- ``deal_history: tuple[DealSummary, ...]``: every settled deal of the match in order (the
  score sheet); a replayed deal's line is removed when the replay starts.

Decisions where the rules file is silent (also listed in the module tests):
- A replay restarts the deal that was actually played (the last deck after any redeals) in
  exactly the state it started in (same hands, Master, scores, history and first event).
- After the last deal the match is over: no replay choice is offered then.
- A claim shows the claimer's Old cards (in ``last_deal.old_cards``); the rest stay hidden.
- With ``auto_claim_at_six_won`` a player whose won fu reach six claims (with the Old cards in
  hand) as soon as the trick that got them there ends.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.options import OptionSpec, resolve_options
from game.rules.common import (
    BETWEEN_DEALS_ONLY,
    IllegalAction,
    OptionItems,
    bits,
    freeze_options,
    rng_for,
)

__all__ = [
    "ANCIENT",
    "ANCIENT_MASK",
    "BEATERS",
    "BEATER_MASKS",
    "CARDS",
    "COLUMN",
    "DISCARD_TEXT",
    "FULL",
    "HIGHER",
    "PLAYS",
    "PLAY_BY_MASK",
    "PLAY_BY_TEXT",
    "P_MASK",
    "P_SIZE",
    "RULES",
    "RUN",
    "RUNS_IN",
    "SET",
    "SETS_IN",
    "SINGLE",
    "DealSummary",
    "LukFuObservation",
    "LukFuRules",
    "LukFuState",
    "Play",
    "beaters_of",
    "beats",
    "can_beat",
    "card_index",
    "cards_to_mask",
    "classify",
    "describe_play",
    "follow_indices",
    "lead_indices",
    "lead_plays",
    "lead_singles_mask",
    "legal_follows",
    "mask_to_cards",
    "old_cards",
    "old_mask",
    "play_of_cards",
]

# ---------------------------------------------------------------------------------------------
# Cards: index = suit * 9 + (value - 1); a set of cards is an int bitmask.

SUITS = "CSMT"
SUIT_NAMES = ("Coins", "Strings", "Myriads", "Tens")
VALUE_WORDS = ("ones", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines")
NUM_PLAYERS = 3
HAND_SIZE = 12
FULL = (1 << 36) - 1

CARDS: tuple[str, ...] = tuple(f"{s}{v}" for s in SUITS for v in range(1, 10))
_CARD_INDEX: dict[str, int] = {c: i for i, c in enumerate(CARDS)}
ANCIENT: frozenset[str] = frozenset({"C9", "S9", "M9", "T9", "C1", "T1"})
ANCIENT_MASK = sum(1 << _CARD_INDEX[c] for c in ANCIENT)
SUIT_MASK = tuple(511 << (9 * s) for s in range(4))
# HIGHER[c]: the cards above c in its suit.
HIGHER = tuple(((511 << (c % 9 + 1)) & 511) << (9 * (c // 9)) for c in range(36))
#: The four cards of value 1 (shift it left by ``v`` for value ``v + 1``): a set's column.
COLUMN = 1 | (1 << 9) | (1 << 18) | (1 << 27)
# _OLD_ABOVE[u]: the suit positions strictly above the highest unknown position u (all if none).
_OLD_ABOVE = tuple(511 if u == 0 else (511 << u.bit_length()) & 511 for u in range(512))


def _parse_card(text: str) -> int:
    """The index of a card written ``C3``, ``c3``, ``3C`` or ``Coins-3``; ValueError otherwise."""
    u = text.strip().upper()
    idx = _CARD_INDEX.get(u)
    if idx is not None:
        return idx
    if len(u) == 2 and u[0].isdigit() and u[1] in SUITS:
        u = u[1] + u[0]
        if u in _CARD_INDEX:
            return _CARD_INDEX[u]
    for s, name in enumerate(SUIT_NAMES):
        for sep in ("-", " ", ""):
            prefix = name.upper() + sep
            if u.startswith(prefix) and u[len(prefix) :].isdigit():
                v = int(u[len(prefix) :])
                if 1 <= v <= 9:
                    return s * 9 + v - 1
    raise ValueError(f"{text!r} is not a Luk Fu card (write a suit C, S, M or T and a value 1-9, e.g. C3)")


def card_index(card: str) -> int:
    """The index 0-35 of a card (suit * 9 + value - 1)."""
    return _parse_card(card)


def cards_to_mask(cards: Iterable[str]) -> int:
    """The bitmask of a collection of card strings (duplicates collapse)."""
    m = 0
    for c in cards:
        m |= 1 << _parse_card(c)
    return m


def mask_to_cards(mask: int) -> tuple[str, ...]:
    """The cards of a bitmask in canonical order."""
    return tuple([CARDS[i] for i in bits(mask)])


# ---------------------------------------------------------------------------------------------
# The 193 plays (§2.5), beats (§2.7) and Old cards (§2.9).

#: The kinds of play (``Play.kind``).
SINGLE, SET, RUN = 0, 1, 2
_KIND_NAMES = ("single", "set", "run")


@dataclass(frozen=True, slots=True)
class Play:
    """One of the 193 plays: ``kind`` 0 single / 1 set / 2 run, ``key`` the value (single,
    set) or the top value (run), 1-9; ``suit`` 0-3 (-1 for a set)."""

    index: int
    mask: int
    kind: int
    size: int
    suit: int
    key: int
    text: str


def _build_plays() -> tuple[Play, ...]:
    raw: list[tuple[int, int, int, int, int]] = []
    for c in range(36):
        raw.append((1 << c, SINGLE, 1, c // 9, c % 9 + 1))
    for v in range(9):
        col = [1 << (s * 9 + v) for s in range(4)]
        for skip in range(3, -1, -1):  # the four triples (without T, M, S, C), then the quad
            raw.append((sum(col) - col[skip], SET, 3, -1, v + 1))
        raw.append((sum(col), SET, 4, -1, v + 1))
    for s in range(4):
        for start in range(9):
            for length in range(3, 10 - start):
                m = ((1 << length) - 1) << (s * 9 + start)
                raw.append((m, RUN, length, s, start + length))
    return tuple(Play(i, m, k, n, s, key, " ".join(mask_to_cards(m))) for i, (m, k, n, s, key) in enumerate(raw))


PLAYS: tuple[Play, ...] = _build_plays()
#: The index in ``PLAYS`` of the play made of a card mask (masks that are no play are absent).
PLAY_BY_MASK: dict[int, int] = {p.mask: p.index for p in PLAYS}
#: The index in ``PLAYS`` of the play with this action text.
PLAY_BY_TEXT: dict[str, int] = {p.text: p.index for p in PLAYS}
#: ``PLAYS[j].mask`` by play index, for inner loops.
P_MASK = tuple(p.mask for p in PLAYS)
_P_TEXT = tuple(p.text for p in PLAYS)
#: ``PLAYS[j].size`` (its number of cards) by play index, for inner loops.
P_SIZE = tuple(p.size for p in PLAYS)
_P_KIND = tuple(p.kind for p in PLAYS)
_UNBEATABLE_SINGLES = {_CARD_INDEX["C1"], _CARD_INDEX["T1"]}


def _beats_idx(x: Play, b: Play) -> bool:
    if x.kind != b.kind or x.size != b.size:
        return False
    if x.kind == SINGLE:
        if b.index in _UNBEATABLE_SINGLES:
            return False
        return x.suit == b.suit and x.key > b.key
    if x.kind == SET:
        return x.key == 9 if b.key == 1 else x.key > b.key
    return x.suit > b.suit or (x.suit == b.suit and x.key > b.key)


#: ``BEATERS[j]``: the indices of the plays that beat play ``j``, cheapest first (§2.7).
BEATERS: tuple[tuple[int, ...], ...] = tuple(tuple(x.index for x in PLAYS if _beats_idx(x, b)) for b in PLAYS)
#: ``BEATER_MASKS[j]``: the card masks of ``BEATERS[j]``, in the same order.
BEATER_MASKS: tuple[tuple[int, ...], ...] = tuple(tuple(P_MASK[j] for j in bs) for bs in BEATERS)
#: ``RUNS_IN[suit][m]``: the indices of the runs made of cards of the suit's 9-bit mask ``m``.
RUNS_IN: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(p.index for p in PLAYS if p.kind == RUN and p.suit == s and (p.mask >> (9 * s)) & ~sm == 0)
        for sm in range(512)
    )
    for s in range(4)
)
#: ``SETS_IN[v][m]``: the indices of the sets of value ``v + 1`` made of the suits of the 4-bit mask ``m``.
SETS_IN: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            p.index
            for p in PLAYS
            if p.kind == SET and p.key == v + 1 and all((p.mask >> (s * 9 + v)) & 1 <= (sm >> s) & 1 for s in range(4))
        )
        for sm in range(16)
    )
    for v in range(9)
)
#: The action text discarding card ``c``, by card index.
DISCARD_TEXT = tuple(f"discard {c}" for c in CARDS)
_DISCARD_BY_TEXT = {t: i for i, t in enumerate(DISCARD_TEXT)}


def beaters_of(play_index: int) -> tuple[int, ...]:
    """Indices in ``PLAYS`` of every play that beats play ``play_index``."""
    return BEATERS[play_index]


def play_of_cards(cards: Iterable[str]) -> Play | None:
    """The ``Play`` made of these cards, or None when they are not a legal play."""
    lst = list(cards)
    m = cards_to_mask(lst)
    if m.bit_count() != len(lst):
        return None
    idx = PLAY_BY_MASK.get(m)
    return None if idx is None else PLAYS[idx]


def classify(cards: Collection[str]) -> tuple[str, int] | None:
    """``("single", 1)``, ``("set", 3 | 4)``, ``("run", n)``, or None when not a legal play (§2.5)."""
    p = play_of_cards(cards)
    return None if p is None else (_KIND_NAMES[p.kind], p.size)


def beats(play: Collection[str], best: Collection[str]) -> bool:
    """Whether ``play`` beats ``best``, the play now winning the trick (§2.7)."""
    x = play_of_cards(play)
    b = play_of_cards(best)
    if x is None or b is None:
        return False
    return x.index in BEATERS[b.index]


def follow_indices(hand: int, best: int) -> list[int]:
    """The indices of the plays in the card mask ``hand`` that beat play ``best``, cheapest first."""
    return [j for j in BEATERS[best] if P_MASK[j] & hand == P_MASK[j]]


def can_beat(hand: int, best: int) -> bool:
    """Whether the card mask ``hand`` holds a play that beats play ``best``."""
    for m in BEATER_MASKS[best]:  # noqa: SIM110 (a loop is faster than any() here)
        if m & hand == m:
            return True
    return False


def legal_follows(hand: Collection[str], best: Collection[str]) -> list[frozenset[str]]:
    """Every play in ``hand`` that beats ``best``; empty means the player must discard (§2.7)."""
    b = play_of_cards(best)
    if b is None:
        raise ValueError(f"{' '.join(best)!r} is not a legal play")
    return [frozenset(mask_to_cards(P_MASK[j])) for j in follow_indices(cards_to_mask(hand), b.index)]


def old_mask(hand: int, public: int) -> int:
    """The Old cards of ``hand`` (a mask) given the face-up cards ``public`` (§2.9)."""
    known = hand | public
    res = hand & ANCIENT_MASK
    for shift in (0, 9, 18, 27):
        h = (hand >> shift) & 511
        if h:
            res |= (h & _OLD_ABOVE[~(known >> shift) & 511]) << shift
    return res


def old_cards(hand: Collection[str], public: Collection[str]) -> set[str]:
    """The cards of ``hand`` that are Old, given the cards played face up so far (§2.9)."""
    return set(mask_to_cards(old_mask(cards_to_mask(hand), cards_to_mask(public))))


def play_name(j: int) -> str:
    """A play (its index in ``PLAYS``) as the screen names it, short: a single by its card
    (``M4``), a set by count and value (``three fives``), a run by suit and values (``Coins
    2-4``); a tester's refusal read "You must beat C2 C3 C4" beside "West leads a run of 3,
    Coins 2-4"."""
    p = PLAYS[j]
    if p.kind == SINGLE:
        return p.text
    if p.kind == SET:
        return f"{('three', 'four')[p.size - 3]} {VALUE_WORDS[p.key - 1]}"
    return f"{SUIT_NAMES[p.suit]} {p.key - p.size + 1}-{p.key}"


def describe_play(cards: Collection[str]) -> str:
    """A plain description for the screen: ``"single C3"``, ``"set of three fives"`` (a set in
    the words ``play_name`` gives it),
    ``"run of 3, Strings 4-6"``, or ``"not a legal play"``."""
    try:
        p = play_of_cards(cards)
    except ValueError:
        return "not a legal play"
    if p is None:
        return "not a legal play"
    if p.kind == SINGLE:
        return f"single {p.text}"
    if p.kind == SET:
        return f"set of {play_name(p.index)}"
    return f"run of {p.size}, {SUIT_NAMES[p.suit]} {p.key - p.size + 1}-{p.key}"


# ---------------------------------------------------------------------------------------------
# Options, states, observations.

# Each option once: its values, label and help line. The engine, the settings file and the
# options screen all read them from here (OptionSpec in common.py).
OPTION_SPECS: dict[str, OptionSpec] = {
    "deals": OptionSpec.integer(
        8, 1, 99, "Deals in a match",
        help="How many deals make a match; the best net total wins. 1 is a single deal."),
    # The rules file spells it first_lead (A7); API.md's first-lead is the stored form.
    "passed_master_scope": OptionSpec.choice(
        "deal", ("deal", "first-lead"), ("Whole deal", "First lead only"), "Passed Master's restriction",
        "A Master who passed may not lead four of a kind or a run of four or more: for the whole deal, "
        "or only at the first lead.", aliases=(("first_lead", "first-lead"),),
        # A Master who passed is no Caller: with non-callers leading singles only, he leads no
        # set or run anyway (a tester found the row lit where it changes nothing).
        needs=(("noncaller_singles_only", (False,)),)),
    "noncaller_singles_only": OptionSpec.boolean(
        False, "Non-callers lead singles only",
        "Only the Caller may lead sets and runs; the others lead single cards."),
    "auto_claim_at_six_won": OptionSpec.boolean(
        False, "Claim automatically at six fu",
        "When a player's won fu reach six, he claims at once, without asking; his Old cards then count in "
        "the claim too."),
    "first_master": OptionSpec.seat(
        NUM_PLAYERS, "First Master", "The seat that is Master in the first deal; None draws it."),
    "open_hands": OptionSpec.boolean(
        False, "Open hands (learning)",
        "East's and West's hands are shown face up, to learn from the computers' play; the computers "
        "then see every hand too."),
    "replay": OptionSpec.boolean(
        False, "Offer to replay each deal", "Each new deal first offers to replay the last one (F6).", shown=False),
}


@dataclass(frozen=True, slots=True)
class _Config:
    items: OptionItems
    deals: int
    scope_deal: bool
    singles_only: bool
    auto_claim: bool
    open_hands: bool
    replay: bool


def _config(options: Mapping[str, Any] | None) -> _Config:
    opts = resolve_options(OPTION_SPECS, options)  # turns the rules file's "first_lead" into "first-lead"
    return _Config(
        freeze_options(opts),
        opts["deals"],
        opts["passed_master_scope"] == "deal",
        opts["noncaller_singles_only"],
        opts["auto_claim_at_six_won"],
        opts["open_hands"],
        opts["replay"],
    )


PH_REPLAY, PH_CALL, PH_PLAY, PH_OVER = 0, 1, 2, 3
PHASE_NAMES = ("replay", "call", "play", "over")

# A trick entry is (seat, mask, face_up): face_up 1 for a play, 0 for that seat's discards.
Entry = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class DealSummary:
    """What the deal-summary screen shows about a settled deal (§2.10-2.11)."""

    deal_number: int
    master: int
    caller: int
    winner: int | None  # None: the deal was drawn
    how: str  # "claim", "auto-claim", "last-trick", "six-fu" (end-of-deal rules 1 and 2), "draw"
    fu: tuple[int, int, int]
    old_cards: tuple[str, ...]  # the claimer's Old cards counted (empty unless a claim)
    count: int  # N = fu + Old cards counted (0 when drawn)
    value: int  # s = N - 5 (0 when drawn)
    points: tuple[int, int, int]  # net points of each seat for this deal
    totals: tuple[int, int, int]  # the match totals after it

    @property
    def drawn(self) -> bool:
        return self.winner is None


@dataclass(frozen=True, slots=True)
class LukFuState:
    """A complete position. Hands and card sets are 36-bit masks; see the module docstring."""

    cfg: _Config
    stream: int
    draws: int
    deal_number: int
    phase: int
    master: int
    caller: int  # -1 before the call
    passes: int  # passes so far in the call phase
    redeals: int
    turn: int  # -1 once over
    hands: tuple[int, int, int]
    discards: tuple[int, int, int]
    played: tuple[int, int, int]  # face-up cards each seat played this deal
    public: int
    fu: tuple[int, int, int]
    won: tuple[int, int, int]
    leader: int
    trick: tuple[Entry, ...]
    best: int  # index in PLAYS of the play winning the trick, -1 between tricks
    best_seat: int
    need: int  # discards the current player still owes in this trick after a first one
    tricks: tuple[tuple[Entry, ...], ...]
    events: tuple[str, ...]
    scores: tuple[int, int, int]
    history: tuple[DealSummary, ...]  # every settled deal of the match, in order

    @property
    def last_deal(self) -> DealSummary | None:
        return self.history[-1] if self.history else None


TrickView = tuple[tuple[int, tuple[str, ...]], ...]


@dataclass(frozen=True, slots=True)
class LukFuObservation:
    """What one seat may know (fields documented in the module docstring)."""

    seat: int
    options: OptionItems
    scores: tuple[int, int, int]
    deal_number: int
    master: int
    caller: int | None
    phase: str
    current_player: int | None
    legal_actions: tuple[str, ...]
    hand: tuple[str, ...]
    hand_sizes: tuple[int, int, int]
    calls: tuple[tuple[int, str], ...]
    trick: TrickView
    best: tuple[str, ...]
    best_seat: int | None
    leader: int
    fu: tuple[int, int, int]
    won_cards: tuple[tuple[str, ...], ...]
    discards_down: tuple[int, int, int]
    old_cards: tuple[str, ...]
    public_played: tuple[str, ...]
    can_claim: bool
    events: tuple[str, ...]
    last_deal: DealSummary | None
    deal_history: tuple[DealSummary, ...]
    winner: tuple[int, ...] | None
    tricks: tuple[TrickView, ...]
    my_discards: tuple[str, ...]
    my_discard_groups: tuple[tuple[int, tuple[str, ...]], ...]
    to_discard: int
    claim_count: int
    redeals: int
    hands: tuple[tuple[str, ...], ...] | None


def _set3(t: tuple[int, int, int], i: int, v: int) -> tuple[int, int, int]:
    if i == 0:
        return (v, t[1], t[2])
    if i == 1:
        return (t[0], v, t[2])
    return (t[0], t[1], v)


def _hands_from_deck(order: Sequence[int], master: int) -> tuple[int, int, int]:
    h = [0, 0, 0]
    for i, c in enumerate(order):
        h[(master + i) % 3] |= 1 << c
    return (h[0], h[1], h[2])


def _shuffled_hands(stream: int, draws: int, master: int) -> tuple[int, int, int]:
    order = list(range(36))
    rng_for(stream, draws).shuffle(order)
    return _hands_from_deck(order, master)


def _new_deal(
    cfg: _Config,
    stream: int,
    draws: int,
    deal_number: int,
    master: int,
    scores: tuple[int, int, int],
    history: tuple[DealSummary, ...],
    hands: tuple[int, int, int] | None = None,
    redeals: int = 0,
) -> LukFuState:
    """A deal in its call phase; shuffles from the stream unless ``hands`` are given."""
    if hands is None:
        hands = _shuffled_hands(stream, draws, master)
        draws += 1
    if redeals:
        first = f"Deal {deal_number}: all passed, redeal {redeals}; {master} is still Master."
    else:
        first = f"Deal {deal_number}: {master} is Master."
    return LukFuState(
        cfg=cfg,
        stream=stream,
        draws=draws,
        deal_number=deal_number,
        phase=PH_CALL,
        master=master,
        caller=-1,
        passes=0,
        redeals=redeals,
        turn=master,
        hands=hands,
        discards=(0, 0, 0),
        played=(0, 0, 0),
        public=0,
        fu=(0, 0, 0),
        won=(0, 0, 0),
        leader=master,
        trick=(),
        best=-1,
        best_seat=-1,
        need=0,
        tricks=(),
        events=(first,),
        scores=scores,
        history=history,
    )


def _count(state: LukFuState, seat: int) -> tuple[int, int]:
    """(N, old mask) of a seat: fu + Old cards in hand."""
    om = old_mask(state.hands[seat], state.public)
    return state.fu[seat] + om.bit_count(), om


def _r1_applies(state: LukFuState, seat: int) -> bool:
    return seat == state.master and state.caller != state.master and (state.cfg.scope_deal or not state.tricks)


def lead_singles_mask(hand: int, om: int) -> int:
    """R2 without its escapes: the non-Old cards (``om``: the Old mask) of the highest suit holding one."""
    nonold = hand & ~om
    for shift in (27, 18, 9, 0):
        part = nonold & (511 << shift)
        if part:
            return part
    return hand


def _lead_singles(state: LukFuState, seat: int, hand: int, om: int, n: int) -> int:
    """The mask of singles the seat may lead (R2 of §2.6)."""
    if seat == state.caller or n >= 6 or om == hand:
        return hand
    return lead_singles_mask(hand, om)


def lead_plays(state: LukFuState, seat: int) -> tuple[bool, list[int]]:
    """(may claim, the play indices the seat may lead), in PLAYS order."""
    hand = state.hands[seat]
    n, om = _count(state, seat)
    caller = seat == state.caller
    return n >= 6, lead_indices(hand, om, n, caller, state.cfg.singles_only, _r1_applies(state, seat))


def lead_indices(hand: int, om: int, n: int, caller: bool, singles_only: bool, r1: bool) -> list[int]:
    """The play indices a seat may lead (§2.6), in PLAYS order, from its hand mask, its Old mask
    ``om``, its count ``n`` (fu + Old cards), whether it is the Caller, the
    ``noncaller_singles_only`` option and whether restriction R1 binds it now."""
    out = bits(hand if caller or n >= 6 or om == hand else lead_singles_mask(hand, om))
    if not caller and singles_only:
        return out
    for v in range(9):
        col = (hand >> v) & COLUMN
        if col.bit_count() >= 3:
            sm = (col & 1) | ((col >> 8) & 2) | ((col >> 16) & 4) | ((col >> 24) & 8)
            for j in SETS_IN[v][sm]:
                if not (r1 and P_SIZE[j] == 4):
                    out.append(j)
    for s in range(4):
        sm = (hand >> (9 * s)) & 511
        if sm:
            for j in RUNS_IN[s][sm]:
                if not (r1 and P_SIZE[j] >= 4):
                    out.append(j)
    return out


def _legal(state: LukFuState) -> tuple[str, ...]:
    ph = state.phase
    if ph == PH_PLAY:
        seat = state.turn
        hand = state.hands[seat]
        if state.need:
            return tuple(DISCARD_TEXT[c] for c in bits(hand))
        if not state.trick:
            claim, plays = lead_plays(state, seat)
            acts = [_P_TEXT[j] for j in plays]
            return ("claim", *acts) if claim else tuple(acts)
        follows = follow_indices(hand, state.best)
        if follows:
            return tuple(_P_TEXT[j] for j in follows)
        return tuple(DISCARD_TEXT[c] for c in bits(hand))
    if ph == PH_CALL:
        return ("call", "pass")
    if ph == PH_REPLAY:
        return ("continue", "replay")
    return ()


# ---------------------------------------------------------------------------------------------
# Settling a deal.


def deal_points(count: int, winner: int, caller: int) -> tuple[int, int, int]:
    """Each seat's points for a deal won with ``count`` (§2.11): it is worth count - 5 a share,
    and the winner is paid two shares, by both others when he called, else by the Caller alone."""
    value = count - 5
    pts = [-value] * 3 if winner == caller else [0, 0, 0]
    pts[winner] = 2 * value
    if winner != caller:
        pts[caller] = -2 * value
    return pts[0], pts[1], pts[2]


def _settle(state: LukFuState, winner: int | None, how: str, count: int, om: int, events: list[str]) -> LukFuState:
    caller = state.caller
    if winner is None:
        value = 0
        points = (0, 0, 0)
        events.append("Nobody reached six fu: the deal is drawn.")
    else:
        value = count - 5
        points = deal_points(count, winner, caller)
        shares = ", ".join(f"{p} {points[p]:+d}" for p in range(3))
        events.append(f"{winner} wins the deal with {count}: {shares}.")
    totals = (state.scores[0] + points[0], state.scores[1] + points[1], state.scores[2] + points[2])
    summary = DealSummary(
        deal_number=state.deal_number,
        master=state.master,
        caller=caller,
        winner=winner,
        how=how,
        fu=state.fu,
        old_cards=mask_to_cards(om),
        count=count if winner is not None else 0,
        value=value,
        points=points,
        totals=totals,
    )
    history = (*state.history, summary)
    if state.deal_number >= state.cfg.deals:
        return dataclasses.replace(
            state, phase=PH_OVER, turn=-1, scores=totals, history=history, events=state.events + tuple(events)
        )
    if state.cfg.replay:
        return dataclasses.replace(
            state, phase=PH_REPLAY, turn=0, scores=totals, history=history, events=state.events + tuple(events)
        )
    master = state.master if winner is None else winner
    return _new_deal(state.cfg, state.stream, state.draws, state.deal_number + 1, master, totals, history)


def _claim(state: LukFuState, seat: int, how: str, events: list[str]) -> LukFuState:
    n, om = _count(state, seat)
    events.append(
        f"{seat} claims: {state.fu[seat]} fu + {om.bit_count()} Old"
        + (f" ({' '.join(mask_to_cards(om))})" if om else "")
        + f" = {n}."
    )
    return _settle(state, seat, how, n, om, events)


def _end_of_deal(state: LukFuState, last_winner: int, events: list[str]) -> LukFuState:
    fu = state.fu
    if fu[last_winner] >= 6:
        return _settle(state, last_winner, "last-trick", fu[last_winner], 0, events)
    for p in range(3):
        if fu[p] >= 6:
            return _settle(state, p, "six-fu", fu[p], 0, events)
    return _settle(state, None, "draw", 0, 0, events)


# ---------------------------------------------------------------------------------------------
# Applying actions.


def _suit_list(mask: int) -> str:
    return " or ".join(mask_to_cards(mask))


def _explain_lead(state: LukFuState, seat: int, idx: int | None, action: str) -> str:
    hand = state.hands[seat]
    if action == "claim":
        n, om = _count(state, seat)
        old = om.bit_count()
        return (f"You cannot claim: you have {n} (fu {state.fu[seat]} + {old} Old card{'' if old == 1 else 's'});"
                " you need six.")
    if idx is None:
        if action.startswith("discard"):
            return "You have the lead: only a follower who cannot beat discards. Lead a play."
        if action in _WORDS:
            return "You have the lead: lead a single, a set or a run."
        try:
            m = cards_to_mask(action.split())
        except ValueError:
            return f"{action!r} is not a Luk Fu action."
        if m.bit_count() == 2:
            return (
                "Two cards are not a play (no pairs, no 2-card runs): lead a single, a set of 3 or 4, or a run of 3+."
            )
        return f"{action} is not a legal play: lead a single, a set of 3 or 4, or a run of 3 or more in one suit."
    p = PLAYS[idx]
    if p.mask & hand != p.mask:
        return f"You do not hold {p.text}."
    if seat != state.caller and state.cfg.singles_only and p.kind != SINGLE:
        return "Only the Caller may lead sets and runs in this match; lead a single."
    if _r1_applies(state, seat) and ((p.kind == SET and p.size == 4) or (p.kind == RUN and p.size >= 4)):
        when = "in this deal" if state.cfg.scope_deal else "at the deal's first lead (the options' rule)"
        return f"A Master who passed may not lead four of a kind or a run of four or more {when}."
    n, om = _count(state, seat)
    allowed = _lead_singles(state, seat, hand, om, n)
    return (
        f"As a non-caller you must lead a single that is not Old from your highest such suit: {_suit_list(allowed)}"
        + (" (or a set or run)." if not state.cfg.singles_only else ".")
    )


def _illegal(state: LukFuState, action: str) -> IllegalAction:
    ph = state.phase
    if ph == PH_OVER:
        return IllegalAction("The match is over.")
    if ph == PH_CALL:
        return IllegalAction("It is the call: you may call or pass.")
    if ph == PH_REPLAY:
        return IllegalAction("Choose first: replay the last deal, or continue to the next.")
    if action in ("replay", "continue"):
        return IllegalAction(BETWEEN_DEALS_ONLY)
    if action == "call":  # (a pass is told what the lead or the trick asks for, below)
        return IllegalAction("The call is over: it is the play.")
    seat = state.turn
    if action == "claim" and state.trick:
        return IllegalAction("You cannot claim now: you may claim only when you have the lead.")
    if state.need or (state.trick and not can_beat(state.hands[seat], state.best)):
        k = state.need or P_SIZE[state.best]
        more = "more " if state.need else ""
        owed = f"{k} {more}cards" if k > 1 else ("one more card" if state.need else "a card")
        return IllegalAction(f"You cannot beat {play_name(state.best)}: throw {owed} face down.")
    if state.trick:
        plays = [play_name(j) for j in follow_indices(state.hands[seat], state.best)]
        which = plays[0] if len(plays) == 1 else f"one of {', '.join(plays[:-1])} or {plays[-1]}"
        return IllegalAction(f"You must beat {play_name(state.best)} if you can: play {which}.")
    return IllegalAction(_explain_lead(state, seat, PLAY_BY_TEXT.get(action), action))


def _apply(state: LukFuState, action: str) -> LukFuState:
    ph = state.phase
    if ph == PH_PLAY:
        seat = state.turn
        hand = state.hands[seat]
        if state.need or state.trick:
            # Following.
            di = _DISCARD_BY_TEXT.get(action)
            if di is not None:
                bit = 1 << di
                if not hand & bit:
                    raise IllegalAction(f"You do not hold {CARDS[di]}.")
                if state.need:
                    need = state.need - 1
                    last = state.trick[-1]
                    trick = (*state.trick[:-1], (seat, last[1] | bit, 0))
                elif can_beat(hand, state.best):
                    raise _illegal(state, action)
                else:
                    need = P_SIZE[state.best] - 1
                    trick = (*state.trick, (seat, bit, 0))
                hands = _set3(state.hands, seat, hand & ~bit)
                discards = _set3(state.discards, seat, state.discards[seat] | bit)
                events = (*state.events, f"{seat} discards a card face down.")
                if need:
                    return _play_state(
                        state, seat, hands, discards, state.played, state.public, state.fu, state.won,
                        state.leader, trick, state.best, state.best_seat, need, state.tricks, events,
                    )  # fmt: skip
                return _follow_done(
                    state, seat, hands, discards, state.played, state.public, trick, state.best, state.best_seat, events
                )
            j = PLAY_BY_TEXT.get(action)
            if j is None or state.need or j not in BEATERS[state.best] or P_MASK[j] & hand != P_MASK[j]:
                raise _illegal(state, action)
            m = P_MASK[j]
            return _follow_done(
                state,
                seat,
                _set3(state.hands, seat, hand & ~m),
                state.discards,
                _set3(state.played, seat, state.played[seat] | m),
                state.public | m,
                (*state.trick, (seat, m, 1)),
                j,
                seat,
                (*state.events, f"{seat} beats with {action}."),
            )
        # Leading.
        if action == "claim":
            n, _ = _count(state, seat)
            if n < 6:
                raise _illegal(state, action)
            return _claim(state, seat, "claim", [])
        j = PLAY_BY_TEXT.get(action)
        if j is None:
            raise _illegal(state, action)
        m = P_MASK[j]
        if m & hand != m:
            raise _illegal(state, action)
        kind = _P_KIND[j]
        if kind == SINGLE:
            if seat != state.caller:
                n, om = _count(state, seat)
                if not m & _lead_singles(state, seat, hand, om, n):
                    raise _illegal(state, action)
        else:
            if seat != state.caller and state.cfg.singles_only:
                raise _illegal(state, action)
            if P_SIZE[j] >= 4 and _r1_applies(state, seat):
                raise _illegal(state, action)
        return _play_state(
            state, (seat + 1) % 3, _set3(state.hands, seat, hand & ~m), state.discards,
            _set3(state.played, seat, state.played[seat] | m), state.public | m, state.fu, state.won,
            seat, ((seat, m, 1),), j, seat, 0, state.tricks, (*state.events, f"{seat} leads {action}."),
        )  # fmt: skip
    if ph == PH_CALL:
        seat = state.turn
        if action == "call":
            return dataclasses.replace(
                state,
                phase=PH_PLAY,
                caller=seat,
                turn=state.master,
                leader=state.master,
                events=(*state.events, f"{seat} calls."),
            )
        if action == "pass":
            if state.passes == 2:
                return _new_deal(
                    state.cfg,
                    state.stream,
                    state.draws,
                    state.deal_number,
                    state.master,
                    state.scores,
                    state.history,
                    redeals=state.redeals + 1,
                )
            return dataclasses.replace(
                state, passes=state.passes + 1, turn=(seat + 1) % 3, events=(*state.events, f"{seat} passes.")
            )
        raise _illegal(state, action)
    if ph == PH_REPLAY:
        if action == "continue":
            return _continue(state)
        if action == "replay":
            return _replay(state)
        raise _illegal(state, action)
    raise _illegal(state, action)


def _play_state(
    s: LukFuState,
    turn: int,
    hands: tuple[int, int, int],
    discards: tuple[int, int, int],
    played: tuple[int, int, int],
    public: int,
    fu: tuple[int, int, int],
    won: tuple[int, int, int],
    leader: int,
    trick: tuple[Entry, ...],
    best: int,
    best_seat: int,
    need: int,
    tricks: tuple[tuple[Entry, ...], ...],
    events: tuple[str, ...],
) -> LukFuState:
    """A play-phase successor of ``s`` (the constructor directly: much faster than replace)."""
    return LukFuState(
        s.cfg, s.stream, s.draws, s.deal_number, PH_PLAY, s.master, s.caller, s.passes, s.redeals, turn,
        hands, discards, played, public, fu, won, leader, trick, best, best_seat, need, tricks, events,
        s.scores, s.history,
    )  # fmt: skip


def _follow_done(
    s: LukFuState,
    seat: int,
    hands: tuple[int, int, int],
    discards: tuple[int, int, int],
    played: tuple[int, int, int],
    public: int,
    trick: tuple[Entry, ...],
    best: int,
    best_seat: int,
    events: tuple[str, ...],
) -> LukFuState:
    """After a follower's play or last discard: the next follower, or the trick resolved (§2.8)."""
    nxt = (seat + 1) % 3
    if nxt != s.leader:
        return _play_state(
            s, nxt, hands, discards, played, public, s.fu, s.won, s.leader, trick, best, best_seat, 0, s.tricks, events
        )
    w = best_seat
    size = P_SIZE[best]
    fu = _set3(s.fu, w, s.fu[w] + size)
    st = _play_state(
        s, w, hands, discards, played, public, fu, _set3(s.won, w, s.won[w] | P_MASK[best]), w, (), -1, -1, 0,
        (*s.tricks, trick), (*events, f"{w} wins the trick: {size} fu."),
    )  # fmt: skip
    if not hands[w]:
        return _end_of_deal(st, w, [])
    if st.cfg.auto_claim and fu[w] >= 6:
        return _claim(st, w, "auto-claim", [])
    return st


def _start_hands(state: LukFuState) -> tuple[int, int, int]:
    h, d, p = state.hands, state.discards, state.played
    return (h[0] | d[0] | p[0], h[1] | d[1] | p[1], h[2] | d[2] | p[2])


def _continue(state: LukFuState) -> LukFuState:
    last = state.last_deal
    master = state.master if last is None or last.winner is None else last.winner
    return _new_deal(state.cfg, state.stream, state.draws, state.deal_number + 1, master, state.scores, state.history)


def _replay(state: LukFuState) -> LukFuState:
    """The settled deal again from its start: its hands, Master and scores; its line leaves the
    history (so ``last_deal`` is again the one before); nothing is drawn from the stream."""
    last = state.last_deal
    assert last is not None
    before = (
        state.scores[0] - last.points[0],
        state.scores[1] - last.points[1],
        state.scores[2] - last.points[2],
    )
    return _new_deal(
        state.cfg,
        state.stream,
        state.draws,
        state.deal_number,
        state.master,
        before,
        state.history[:-1],
        hands=_start_hands(state),
    )


# ---------------------------------------------------------------------------------------------
# Parsing.

_WORDS = {"call": "call", "play": "call", "pass": "pass", "claim": "claim", "replay": "replay", "continue": "continue"}


def _canonical(text: str) -> str:
    """The canonical form of an action text (it may still be illegal); ValueError if malformed."""
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not an action text")
    words = text.replace(",", " ").split()
    if not words:
        raise ValueError("empty action")
    low = [w.lower() for w in words]
    if len(low) == 1 and low[0] in _WORDS:
        return _WORDS[low[0]]
    if low[0] == "discard":
        if len(words) != 2:
            raise ValueError("discard one card at a time, e.g. discard C2")
        return DISCARD_TEXT[_parse_card(words[1])]
    idxs = [_parse_card(w) for w in words]
    m = 0
    for i in idxs:
        m |= 1 << i
    if m.bit_count() != len(idxs):
        raise ValueError(f"{text!r} names a card twice")
    return " ".join(mask_to_cards(m))


# ---------------------------------------------------------------------------------------------
# Observations.


def _trick_view(trick: Iterable[Entry]) -> TrickView:
    return tuple((s, mask_to_cards(m) if up else ("down",) * m.bit_count()) for s, m, up in trick)


def _observation(state: LukFuState, seat: int) -> LukFuObservation:
    ph = state.phase
    hand = state.hands[seat]
    om = old_mask(hand, state.public)
    legal = _legal(state) if state.turn == seat else ()
    calls: list[tuple[int, str]] = [((state.master + i) % 3, "pass") for i in range(state.passes)]
    if state.caller >= 0:
        calls.append((state.caller, "call"))
    winner: tuple[int, ...] | None = None
    if ph == PH_OVER:
        top = max(state.scores)
        winner = tuple(p for p in range(3) if state.scores[p] == top)
    return LukFuObservation(
        seat=seat,
        options=state.cfg.items,
        scores=state.scores,
        deal_number=state.deal_number,
        master=state.master,
        caller=state.caller if state.caller >= 0 else None,
        phase=PHASE_NAMES[ph],
        current_player=state.turn if state.turn >= 0 else None,
        legal_actions=legal,
        hand=mask_to_cards(hand),
        hand_sizes=(state.hands[0].bit_count(), state.hands[1].bit_count(), state.hands[2].bit_count()),
        calls=tuple(calls),
        trick=_trick_view(state.trick),
        best=mask_to_cards(P_MASK[state.best]) if state.best >= 0 else (),
        best_seat=state.best_seat if state.best_seat >= 0 else None,
        leader=state.leader,
        fu=state.fu,
        won_cards=tuple(mask_to_cards(m) for m in state.won),
        discards_down=(state.discards[0].bit_count(), state.discards[1].bit_count(), state.discards[2].bit_count()),
        old_cards=mask_to_cards(om),
        public_played=mask_to_cards(state.public),
        can_claim="claim" in legal,
        events=state.events,
        last_deal=state.last_deal,
        deal_history=state.history,
        winner=winner,
        tricks=tuple(_trick_view(t) for t in state.tricks),
        my_discards=mask_to_cards(state.discards[seat]),
        my_discard_groups=tuple(
            (t, mask_to_cards(m))
            for t, trick in enumerate((*state.tricks, state.trick))
            for s, m, up in trick
            if s == seat and not up
        ),
        to_discard=_to_discard(state, seat),
        claim_count=state.fu[seat] + om.bit_count(),
        redeals=state.redeals,
        hands=tuple(mask_to_cards(h) for h in state.hands) if state.cfg.open_hands else None,
    )


def _to_discard(state: LukFuState, seat: int) -> int:
    """Discards the current player still owes: public once they started, else known to them only."""
    if state.phase != PH_PLAY or not state.trick:
        return 0
    if state.need:
        return state.need
    if state.turn != seat or can_beat(state.hands[seat], state.best):
        return 0
    return P_SIZE[state.best]


# ---------------------------------------------------------------------------------------------
# Determinization: a complete state behind an observation.
#
# Every hidden card (the other hands, every face-down discard, and the split of the observer's
# own discards between tricks) goes to a *slot*: a seat's hand or the group of cards that seat
# threw face down in one trick. A card in a slot that left at trick L was among that seat's
# holdings at the start of every trick t <= L. The public record constrains those holdings:
# - FOLLOW: a follower who discarded held nothing that beats the best play then (§2.7);
# - LEAD: a non-caller's single lead obeyed R2 (§2.6): the card was a non-Old card of the
#   highest suit holding a non-Old card ("compliant"), or the leader could claim (N >= 6) or
#   held only Old cards ("escape");
# - CLAIM: a claimer's Old cards are exactly those shown.
# A randomized backtracking search finds an assignment. Before each attempt every LEAD is given
# a mode: compliant (pruned as cards are placed), escape (a random set of cards that makes
# N >= 6 is placed among the leader's holdings first) or free (checked when complete); the last
# attempt leaves every mode free and has no node limit, so a world is always found.

_FOLLOW, _LEAD, _CLAIM = 0, 1, 2
_FREE, _COMPLIANT, _ESCAPE, _ALL_OLD = 0, 1, 2, 3
_INF_T = 99


@dataclass(slots=True)
class _Constraint:
    owner: int
    t: int  # the holdings are the cards the owner held at the start of trick t
    kind: int
    idx: int  # FOLLOW: the best play's index; LEAD: the card led
    pub: int = 0  # public cards before trick t (LEAD) / at the claim (CLAIM)
    fu: int = 0  # LEAD: the owner's fu before trick t
    size: int = 0  # LEAD: cards the owner held at the start of trick t
    target: int = 0  # CLAIM: the Old cards shown
    beaters: tuple[int, ...] = ()  # FOLLOW: beater masks the owner might have held
    known_in: int = 0  # cards known to be among the holdings
    known_out: int = 0  # cards known not to be among them (public ones excepted)
    slots: tuple[int, ...] = ()  # the slots whose cards are among the holdings
    slot_mask: int = 0
    mode: int = _FREE


def _fits(cards: list[int], domain: Mapping[int, int], caps: Sequence[int]) -> bool:
    """Whether the cards can all go to slots of their domains within the slots' room."""
    load = [0] * len(caps)
    holders: list[list[int]] = [[] for _ in caps]

    def place(c: int, seen: set[int]) -> bool:
        for j in bits(domain[c]):
            if j in seen:
                continue
            seen.add(j)
            if load[j] < caps[j]:
                load[j] += 1
                holders[j].append(c)
                return True
            for other in list(holders[j]):
                if place(other, seen):
                    holders[j].remove(other)
                    holders[j].append(c)
                    return True
        return False

    return all(place(c, set()) for c in cards)


def _luby(i: int) -> int:
    """The Luby restart sequence 1 1 2 1 1 2 4 1 1 2 ... (1-based)."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


def _below(cards: int, out: int) -> int:
    """The cards (Ancients excepted) with a card of ``out`` above them in their suit: they
    cannot be Old while the cards of ``out`` are neither held nor public."""
    res = 0
    for shift in (0, 9, 18, 27):
        o = (out >> shift) & 511
        if o:
            res |= ((cards >> shift) & ((1 << (o.bit_length() - 1)) - 1)) << shift
    return res & ~ANCIENT_MASK


def _suits_above(card: int) -> int:
    return FULL & ~((1 << (9 * (card // 9 + 1))) - 1)


def _holds(con: _Constraint, h: int) -> bool:
    """Whether a constraint holds for the complete holdings h."""
    if con.kind == _FOLLOW:
        return not any(b & h == b for b in con.beaters)
    if con.kind == _LEAD:
        return _lead_ok(con, h)
    return old_mask(h, con.pub) == con.target


def _lead_ok(con: _Constraint, h: int) -> bool:
    """R2 held for a single lead of con.idx from holdings h (§2.6)."""
    om = old_mask(h, con.pub)
    if con.fu + om.bit_count() >= 6 or om == h:
        return True
    return bool(lead_singles_mask(h, om) >> con.idx & 1)


class _Worlds:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.slot_owner: list[int] = []
        self.slot_t: list[int] = []
        self.slot_cap: list[int] = []
        self.constraints: list[_Constraint] = []
        self.domain: dict[int, int] = {}  # hidden card -> slots it may take

    def add_slot(self, owner: int, t: int, cap: int) -> int:
        self.slot_owner.append(owner)
        self.slot_t.append(t)
        self.slot_cap.append(cap)
        return len(self.slot_owner) - 1

    def slots_from(self, owner: int, t: int) -> int:
        m = 0
        for j, (o, u) in enumerate(zip(self.slot_owner, self.slot_t, strict=True)):
            if o == owner and u >= t:
                m |= 1 << j
        return m

    def prepare(self) -> None:
        """Static pruning: single beaters leave the domains; slot lists of every constraint."""
        for con in self.constraints:
            con.slot_mask = self.slots_from(con.owner, con.t)
            con.slots = tuple(bits(con.slot_mask))
            if con.kind == _FOLLOW and _P_KIND[con.idx] == SINGLE:
                for b in con.beaters:
                    c = b.bit_length() - 1
                    if c in self.domain:
                        self.domain[c] &= ~con.slot_mask
        # Cards whose every slot is among a constraint's holdings are surely among them; a
        # constraint whose holdings are then complete is settled already (it held).
        for con in self.constraints:
            room = sum(self.slot_cap[j] for j in con.slots)
            sure = 0
            for c, d in self.domain.items():
                if d and d & ~con.slot_mask == 0:
                    sure |= 1 << c
            con.known_in |= sure
            if sure.bit_count() == room:
                con.slot_mask = 0
                con.slots = ()
        self.constraints = [
            con for con in self.constraints if self.possible(con, self.domain) or not _holds(con, con.known_in)
        ]

    def possible_mask(self, con: _Constraint, cards: int, domain: dict[int, int]) -> int:
        """The cards of ``cards`` that may still go among a constraint's holdings."""
        m = 0
        for c in bits(cards):
            if domain[c] & con.slot_mask:
                m |= 1 << c
        return m

    def possible(self, con: _Constraint, domain: dict[int, int]) -> int:
        """Hidden cards that may still be among a constraint's holdings."""
        m = 0
        for c, d in domain.items():
            if d & con.slot_mask:
                m |= 1 << c
        return m

    def choose_modes(self, domain: dict[int, int], randomize: bool) -> bool:
        """Give every LEAD a mode and narrow the domains accordingly (a mode whose narrowing
        leaves no room for every card is skipped); False if hopeless."""
        rng = self.rng
        leads = [con for con in self.constraints if con.kind == _LEAD]
        if randomize:
            rng.shuffle(leads)  # the witnesses of one lead must not always starve another's
        for con in leads:
            c = con.idx
            # Compliant is impossible when the lead card is surely Old or a held card of a
            # higher suit is surely not Old.
            sure_non_old = 0
            for e in bits(con.known_in & ~ANCIENT_MASK):
                if HIGHER[e] & con.known_out & ~con.pub:
                    sure_non_old |= 1 << e
            c_sure_old = bool((1 << c) & ANCIENT_MASK) or HIGHER[c] & ~con.pub & ~con.known_in == 0
            modes = []
            if not c_sure_old and not sure_non_old & _suits_above(c):
                modes.append(_COMPLIANT)
            modes.append(_ESCAPE)
            if not sure_non_old:
                modes.append(_ALL_OLD)
            if randomize:
                rng.shuffle(modes)
                if len(modes) > 1 and modes[0] == _ALL_OLD and rng.random() < 0.7:
                    modes.append(modes.pop(0))  # all-Old is the rarest reason
            con.mode = _FREE
            for mode in modes:
                trial = self.narrow(con, mode, dict(domain))
                if trial is None or not _fits(list(trial), trial, self.slot_cap):
                    continue
                con.mode = mode
                if any(self.broken(other, trial) for other in leads if other.mode != _FREE):
                    con.mode = _FREE
                    continue
                domain.update(trial)
                break
        return True

    def broken(self, con: _Constraint, domain: dict[int, int]) -> bool:
        """Whether a LEAD's mode surely fails with these domains (a card whose every slot is
        among the holdings is surely held; one with none of them surely is not)."""
        if con.mode in (_FREE, _ESCAPE):
            return False
        inn, out = con.known_in, con.known_out
        for e, d in domain.items():
            if d & ~con.slot_mask == 0:
                inn |= 1 << e
            elif not d & con.slot_mask:
                out |= 1 << e
        out &= ~con.pub
        scope = _suits_above(con.idx) if con.mode == _COMPLIANT else FULL
        for e in bits(inn & scope & ~ANCIENT_MASK):
            if HIGHER[e] & out:
                return True
        c = con.idx
        return con.mode == _COMPLIANT and bool((1 << c) & ANCIENT_MASK or HIGHER[c] & ~con.pub & ~inn == 0)

    def narrow(self, con: _Constraint, mode: int, domain: dict[int, int]) -> dict[int, int] | None:
        """The domains under a LEAD mode: compliant and all-Old keep the cards that would surely
        not be Old out of the holdings; escape places a random set of cards making N >= 6."""
        if mode != _ESCAPE:
            scope = _suits_above(con.idx) if mode == _COMPLIANT else FULL
            for e, d in domain.items():
                if (1 << e) & scope & ~ANCIENT_MASK and d & con.slot_mask and HIGHER[e] & con.known_out & ~con.pub:
                    domain[e] = d & ~con.slot_mask
            return domain
        possible = self.possible(con, domain)
        forced = 0
        held = con.known_in
        room = con.size - held.bit_count()
        count = con.fu + old_mask(held, con.pub).bit_count()
        while count < 6:
            gains = []
            if room > 0:
                for e in bits(possible & ~forced):
                    g = con.fu + old_mask(held | (1 << e), con.pub).bit_count()
                    if g > count:
                        cards = bits(forced | (1 << e))
                        if _fits(cards, {x: domain[x] & con.slot_mask for x in cards}, self.slot_cap):
                            gains.append((e, g))
            if not gains:
                return None
            e, count = gains[self.rng.randrange(len(gains))]
            forced |= 1 << e
            held |= 1 << e
            room -= 1
        for e in bits(forced):
            domain[e] &= con.slot_mask
        return domain

    def solve(self, budget: int, randomize: bool, free: bool = False) -> list[int] | None:
        """One attempt (``budget`` nodes, 0 = no limit); ``free`` leaves every LEAD mode free."""
        rng = self.rng
        domain = dict(self.domain)
        for con in self.constraints:
            con.mode = _FREE
        if not free and not self.choose_modes(domain, randomize):
            return None
        if not _fits(list(domain), domain, self.slot_cap):
            return None
        nslots = len(self.slot_owner)
        order = list(domain)
        rng.shuffle(order)
        # Fewest choices first, then high cards first (so Old status is settled early).
        order.sort(key=lambda c: (domain[c].bit_count(), -(c % 9)))
        caps = list(self.slot_cap)
        assign = [0] * nslots
        unassigned = 0
        for c in order:
            unassigned |= 1 << c
        follows = [con for con in self.constraints if con.kind == _FOLLOW and _P_KIND[con.idx] != SINGLE]
        others = [con for con in self.constraints if con.kind != _FOLLOW]
        nodes = 0

        def held(con: _Constraint) -> int:
            h = con.known_in
            for j in con.slots:
                h |= assign[j]
            return h

        def partial_ok(slot: int) -> bool:
            for con in follows:
                if con.slot_mask >> slot & 1:
                    h = held(con)
                    for b in con.beaters:
                        if b & h == b:
                            return False
            for con in others:
                if con.kind == _LEAD and con.mode == _ESCAPE:
                    continue
                inn = held(con)
                out = ~(inn | unassigned) & FULL & ~con.pub
                non_old = _below(inn, out)
                if con.kind == _CLAIM:
                    if non_old & con.target or old_mask(inn, con.pub) & ~con.target:
                        return False
                    continue
                c = con.idx
                c_old = (1 << c) & ANCIENT_MASK or HIGHER[c] & ~con.pub & ~inn == 0
                broken = c_old or non_old & _suits_above(c)
                if con.mode == _COMPLIANT:
                    if broken:
                        return False
                elif con.mode == _ALL_OLD:
                    if non_old:
                        return False
                elif broken and non_old:
                    # Could the leader still have had N >= 6 then?
                    reach = inn | self.possible_mask(con, unassigned, domain)
                    may_old = reach & ~_below(reach, out)
                    if con.fu + min(con.size - non_old.bit_count(), may_old.bit_count()) < 6:
                        return False
            return True

        def exact_ok() -> bool:
            return all(_holds(con, held(con)) for con in self.constraints)

        def rec(k: int) -> bool:
            nonlocal unassigned, nodes
            if k == len(order):
                return exact_ok()
            nodes += 1
            if budget and nodes > budget:
                return False
            c = order[k]
            cands = [j for j in bits(domain[c]) if caps[j] > 0]
            # A random order weighted by the room left in each slot (uniform when unconstrained).
            cands.sort(key=lambda j: -(rng.random() ** (1.0 / caps[j])))
            bit = 1 << c
            unassigned &= ~bit
            for j in cands:
                caps[j] -= 1
                assign[j] |= bit
                ok = partial_ok(j)
                if ok:
                    open_slots = 0
                    for i in range(nslots):
                        if caps[i] > 0:
                            open_slots |= 1 << i
                    for d in order[k + 1 :]:
                        if not domain[d] & open_slots:
                            ok = False
                            break
                if ok and rec(k + 1):
                    return True
                caps[j] += 1
                assign[j] &= ~bit
                if budget and nodes > budget:
                    break
            unassigned |= bit
            return False

        return assign if rec(0) else None


def _determinize(obs: LukFuObservation, rng: random.Random) -> LukFuState:
    cfg = _config(dict(obs.options))
    seat = obs.seat
    phase = PHASE_NAMES.index(obs.phase)
    caller = -1 if obs.caller is None else obs.caller
    my_hand = cards_to_mask(obs.hand)
    my_disc = cards_to_mask(obs.my_discards)
    public = cards_to_mask(obs.public_played)
    hidden = FULL & ~my_hand & ~my_disc & ~public
    known_hands = [0, 0, 0]
    if obs.hands is not None:
        known_hands = [cards_to_mask(h) for h in obs.hands]
        for h in known_hands:
            hidden &= ~h
    known_hands[seat] = my_hand
    w = _Worlds(rng)
    hand_slot = [-1, -1, -1]
    # A claimer's Old cards were shown: they are known to be in its hand.
    last = obs.last_deal
    claimer = -1
    target = 0
    if phase in (PH_REPLAY, PH_OVER) and last is not None and last.how in ("claim", "auto-claim"):
        claimer = -1 if last.winner is None else last.winner
        target = cards_to_mask(last.old_cards)
        if claimer >= 0:
            known_hands[claimer] |= target
            hidden &= ~target
    if obs.hands is None:
        for p in range(3):
            room = obs.hand_sizes[p] - known_hands[p].bit_count()
            if p != seat and room > 0:
                hand_slot[p] = w.add_slot(p, _INF_T, room)
    # Walk the record: completed tricks, then the trick in progress.
    views = [*obs.tricks, obs.trick] if obs.trick else list(obs.tricks)
    faceup: list[list[tuple[int, int]]] = [[], [], []]
    gone: list[list[tuple[int, int]]] = [[], [], []]  # known cards and the trick they left in
    own_groups = {t: cards_to_mask(cards) for t, cards in obs.my_discard_groups}
    group_slot: dict[tuple[int, int], int] = {}
    pub_before = 0
    fu_before = [0, 0, 0]
    size_before = HAND_SIZE
    for t, tv in enumerate(views):
        best = -1
        for s, cards in tv:
            if cards[0] == "down":
                if s == seat:
                    gone[s].append((t, own_groups[t]))
                else:
                    group_slot[(s, t)] = w.add_slot(s, t, len(cards))
                w.constraints.append(_Constraint(owner=s, t=t, kind=_FOLLOW, idx=best))
            else:
                m = cards_to_mask(cards)
                faceup[s].append((t, m))
                gone[s].append((t, m))
                if best < 0 and s != caller and len(cards) == 1:
                    w.constraints.append(
                        _Constraint(
                            owner=s,
                            t=t,
                            kind=_LEAD,
                            idx=_CARD_INDEX[cards[0]],
                            pub=pub_before,
                            fu=fu_before[s],
                            size=size_before,
                        )
                    )
                best = PLAY_BY_MASK[m]
        if t < len(obs.tricks):
            for s, cards in reversed(tv):  # the winner made the last face-up play
                if cards[0] != "down":
                    fu_before[s] += len(cards)
                    break
            for _s, cards in tv:
                if cards[0] != "down":
                    pub_before |= cards_to_mask(cards)
            size_before -= len(tv[0][1])
    if claimer >= 0:
        w.constraints.append(_Constraint(owner=claimer, t=_INF_T, kind=_CLAIM, idx=-1, pub=public, target=target))
    every_slot = (1 << len(w.slot_owner)) - 1
    for c in bits(hidden):
        w.domain[c] = every_slot
    # What is known about each constraint's holdings.
    for con in w.constraints:
        p, t = con.owner, con.t
        inn = known_hands[p]
        out = 0
        for u, m in gone[p]:
            if u >= t:
                inn |= m
            else:
                out |= m
        for q in range(3):
            if q != p:
                out |= known_hands[q]
                for _u, m in gone[q]:
                    out |= m
        if p == seat:
            out |= hidden
        con.known_in = inn
        con.known_out = out & ~inn
        if con.kind == _FOLLOW:
            con.beaters = tuple(b for b in BEATER_MASKS[con.idx] if not b & con.known_out)
    # A lead made while the leader could surely claim says nothing about its other cards.
    w.constraints = [
        con
        for con in w.constraints
        if not (con.kind == _LEAD and con.fu + old_mask(con.known_in, con.pub).bit_count() >= 6)
        and not (con.kind == _FOLLOW and not con.beaters)
    ]
    w.prepare()
    # Short attempts restart often (a search stuck in a bad corner rarely recovers): the
    # likeliest modes first, then all modes free and random modes in turn; at last, free
    # modes without a limit.
    assign = w.solve(200, randomize=False)
    attempt = 1
    while assign is None and attempt < 60:
        budget = 200 * _luby(attempt)
        assign = w.solve(budget, randomize=True, free=attempt % 4 == 1)
        attempt += 1
    if assign is None:
        assign = w.solve(0, randomize=False, free=True)
    if assign is None:
        raise ValueError("no deal is consistent with this observation")
    hands = list(known_hands)
    discards = [0, 0, 0]
    discards[seat] = my_disc
    for j, m in enumerate(assign):
        p = w.slot_owner[j]
        if w.slot_t[j] == _INF_T:
            hands[p] |= m
        else:
            discards[p] |= m
    played = [0, 0, 0]
    for p in range(3):
        for _u, m in faceup[p]:
            played[p] |= m

    def entries(t: int, tv: TrickView) -> tuple[Entry, ...]:
        out: list[Entry] = []
        for s, cards in tv:
            if cards[0] != "down":
                out.append((s, cards_to_mask(cards), 1))
            else:
                out.append((s, own_groups[t] if s == seat else assign[group_slot[(s, t)]], 0))
        return tuple(out)

    trick = entries(len(obs.tricks), obs.trick) if obs.trick else ()
    need = 0
    if trick and obs.to_discard and trick[-1][2] == 0 and trick[-1][0] == obs.current_player:
        need = obs.to_discard
    return LukFuState(
        cfg=cfg,
        stream=rng.getrandbits(62),
        draws=0,
        deal_number=obs.deal_number,
        phase=phase,
        master=obs.master,
        caller=caller,
        passes=sum(1 for _s, c in obs.calls if c == "pass"),
        redeals=obs.redeals,
        turn=-1 if obs.current_player is None else obs.current_player,
        hands=(hands[0], hands[1], hands[2]),
        discards=(discards[0], discards[1], discards[2]),
        played=(played[0], played[1], played[2]),
        public=public,
        fu=obs.fu,
        won=(cards_to_mask(obs.won_cards[0]), cards_to_mask(obs.won_cards[1]), cards_to_mask(obs.won_cards[2])),
        leader=obs.leader,
        trick=trick,
        best=PLAY_BY_MASK[cards_to_mask(obs.best)] if obs.best else -1,
        best_seat=-1 if obs.best_seat is None else obs.best_seat,
        need=need,
        tricks=tuple(entries(t, tv) for t, tv in enumerate(obs.tricks)),
        events=obs.events,
        scores=obs.scores,
        history=obs.deal_history,
    )


# ---------------------------------------------------------------------------------------------
# The game object.


class LukFuRules:
    """The Luk Fu game object of API.md (actions are their canonical text)."""

    name = "lukfu"
    title = "Luk Fu"
    num_players = NUM_PLAYERS

    def default_options(self) -> dict[str, Any]:
        return {key: spec.default for key, spec in OPTION_SPECS.items()}

    def new_match(
        self, seed: int, options: dict[str, Any] | None = None, deck: Sequence[str] | None = None
    ) -> LukFuState:
        cfg = _config(options)
        opts = dict(cfg.items)
        order: list[int] | None = None
        if deck is not None:
            order = [_parse_card(c) for c in deck]
            if len(order) != 36 or len(set(order)) != 36:
                raise ValueError("deck must hold each of the 36 cards exactly once")
        stream = seed
        draws = 0
        master = opts["first_master"]
        if master is None:
            master = rng_for(stream, draws).randrange(3)
            draws += 1
        hands = None if order is None else _hands_from_deck(order, master)
        return _new_deal(cfg, stream, draws, 1, master, (0, 0, 0), (), hands=hands)

    def current_player(self, state: LukFuState) -> int | None:
        return state.turn if state.turn >= 0 else None

    def legal_actions(self, state: LukFuState) -> tuple[str, ...]:
        return _legal(state)

    def apply(self, state: LukFuState, action: str) -> LukFuState:
        if not isinstance(action, str):
            raise IllegalAction(f"{action!r} is not an action")
        return _apply(state, action)

    def is_over(self, state: LukFuState) -> bool:
        return state.phase == PH_OVER

    def match_scores(self, state: LukFuState) -> tuple[int, ...]:
        return state.scores

    def hand(self, state: LukFuState, seat: int) -> tuple[str, ...]:
        return mask_to_cards(state.hands[seat])

    def observation(self, state: LukFuState, seat: int) -> LukFuObservation:
        return _observation(state, seat)

    def determinize(self, observation: LukFuObservation, rng: random.Random) -> LukFuState:
        return _determinize(observation, rng)

    def action_text(self, action: str) -> str:
        return action

    def parse_action(self, state: LukFuState, text: str) -> str:
        canon = _canonical(text)
        if canon not in _legal(state):
            raise _illegal(state, canon)
        return canon

    def set_option(self, state: LukFuState, key: str, value: Any) -> LukFuState:
        if key != "replay":
            raise ValueError(f"option {key!r} cannot change during a match (only 'replay' can)")
        cfg = _config({**dict(state.cfg.items), "replay": value})
        st = dataclasses.replace(state, cfg=cfg)
        if st.phase == PH_REPLAY and not value:
            return _continue(st)
        return st


RULES = LukFuRules()
