"""Pieces every rules module shares: the error type, option checking, seeded randomness.

Randomness: a match's seed drives one stream. States are immutable, so instead of
carrying a ``random.Random`` around, a state carries ``(stream, draws)``: the stream's
seed and how many random decisions were taken from it. ``rng_for(stream, draws)`` gives
the generator for the next decision, so the same match always replays identically and
``determinize`` can give a world fresh future shuffles by choosing a new ``stream``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol


class IllegalAction(ValueError):
    """An action that is not legal in the state it was applied to."""


OptionItems = tuple[tuple[str, Any], ...]


def rng_for(stream: int, draws: int) -> random.Random:
    """The generator for random decision number ``draws`` of the match stream ``stream``."""
    return random.Random((stream << 20) ^ (draws * 0x9E3779B1) ^ 0x5DEECE66D)


def bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, lowest first: a card mask's card indices.

    The one bit loop of the rules and the AI (cards are bits of an int in every engine)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(indices: Iterable[int]) -> int:
    """The mask with the bits ``indices`` set (the inverse of ``bits``)."""
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def freeze_options(options: Mapping[str, Any]) -> OptionItems:
    """A hashable, ordered form of an options dict (observations must be hashable)."""
    return tuple(sorted(options.items()))


#: Why the replay offer's answers (``replay``, ``continue``) cannot be given in a deal's play,
#: in a player's words, on one row (Jub Moo's and Luk Fu's rules; Klaberjass's and Mus's name
#: instead what may be done now, as their every refusal does).
BETWEEN_DEALS_ONLY = "No replay offer now: it comes between deals, with the replay option on."


def is_bool(value: Any) -> bool:
    return isinstance(value, bool)


class DealRecord(Protocol):
    """What every game's ``DealSummary`` (an observation's ``last_deal``) has in common."""

    @property
    def deal_number(self) -> int: ...


class Observation(Protocol):
    """What every game's observation has (API.md): the members a screen or a bot may read
    without knowing the game. Each game's observation class has many more; code that knows
    its game narrows to that class (``KlaberjassObservation``, ...). Read-only members, so
    that a game may type them more precisely (``tuple[int, int]`` for ``scores``)."""

    @property
    def seat(self) -> int: ...
    @property
    def options(self) -> OptionItems: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def deal_number(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def current_player(self) -> int | None: ...
    @property
    def legal_actions(self) -> tuple[str, ...]:
        """The seat's legal actions now: empty unless it is this seat's turn."""
    @property
    def hand(self) -> tuple[str, ...]: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def events(self) -> tuple[str, ...]: ...
    @property
    def last_deal(self) -> DealRecord | None:
        """The last settled deal's summary (a new one means a deal just ended)."""
    def __hash__(self) -> int: ...


class Rules(Protocol):
    """The game object of API.md; every game module's ``RULES`` satisfies it.

    Actions are canonical action-text strings. States are each game's own (immutable)
    class, opaque to everyone but its rules module, hence ``Any``. ``determinize`` takes
    ``Any`` for the same reason a state does: each game accepts only its own observation
    class, and a protocol parameter may not be narrower than its implementations'.
    """

    name: str
    title: str
    num_players: int

    def default_options(self) -> dict[str, Any]: ...
    def new_match(self, seed: int, options: dict[str, Any] | None = None, deck: Sequence[str] | None = None) -> Any: ...
    def current_player(self, state: Any) -> int | None: ...
    def legal_actions(self, state: Any) -> Sequence[str]: ...
    def apply(self, state: Any, action: str) -> Any: ...
    def is_over(self, state: Any) -> bool: ...
    def match_scores(self, state: Any) -> tuple[int, ...]: ...
    def hand(self, state: Any, seat: int) -> tuple[str, ...]: ...
    def observation(self, state: Any, seat: int) -> Observation: ...
    def determinize(self, observation: Any, rng: random.Random) -> Any: ...
    def action_text(self, action: str) -> str: ...
    def parse_action(self, state: Any, text: str) -> str: ...
    def set_option(self, state: Any, key: str, value: Any) -> Any:
        """A state with a live option changed (only ``replay``, F6, may change in a match)."""
