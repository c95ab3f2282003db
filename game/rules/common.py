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


class OptionSpec:
    """One option: its default and a check of its value. ``check`` returns True if valid."""

    def __init__(self, default: Any, check: Any, describe: str) -> None:
        self.default = default
        self.check = check
        self.describe = describe


def resolve_options(specs: Mapping[str, OptionSpec], options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Fill in defaults and validate; an unknown key or bad value raises ValueError naming the key."""
    result = {key: spec.default for key, spec in specs.items()}
    for key, value in (options or {}).items():
        if key not in specs:
            raise ValueError(f"unknown option {key!r}")
        spec = specs[key]
        # bool is a subclass of int: never accept True/False for an int option or 0/1 for a bool one.
        if isinstance(spec.default, bool) and not isinstance(value, bool):
            raise ValueError(f"option {key!r} must be {spec.describe}, not {value!r}")
        if not spec.check(value):
            raise ValueError(f"option {key!r} must be {spec.describe}, not {value!r}")
        result[key] = value
    return result


def is_bool(value: Any) -> bool:
    return isinstance(value, bool)


def int_in(lo: int, hi: int) -> Any:
    def check(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi

    return check


def one_of(*choices: Any) -> Any:
    def check(value: Any) -> bool:
        return any(value == c and type(value) is type(c) for c in choices)

    return check


def seat_or_none(num_players: int) -> Any:
    def check(value: Any) -> bool:
        return value is None or (isinstance(value, int) and not isinstance(value, bool) and 0 <= value < num_players)

    return check


class Rules(Protocol):
    """The game object of API.md. Actions are canonical action-text strings."""

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
    def observation(self, state: Any, seat: int) -> Any: ...
    def determinize(self, observation: Any, rng: random.Random) -> Any: ...
    def action_text(self, action: str) -> str: ...
    def parse_action(self, state: Any, text: str) -> str: ...
    def set_option(self, state: Any, key: str, value: Any) -> Any: ...
