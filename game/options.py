"""How an option is declared: its kind, default, range or choices, label and help line.

Options are data so that each is written once: a game's rules module declares its rules
options (``OPTION_SPECS``), the game registry the program's own options of each game, and
the engines' validation, the settings loader, the options screen and its F5 explanations all
read the same ``OptionSpec``. This module imports nothing of the program's, so every layer
may use it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

KINDS = ("bool", "int", "choice", "seat")


def _same(value: Any, choice: Any) -> bool:
    """``value`` is ``choice``: equal and of the same type (True is not 1), except that a
    number option offered in halves also takes a whole number (2 for 2.0)."""
    if type(value) is type(choice):
        return bool(value == choice)
    return type(choice) is float and type(value) is int and value == choice


def _words(values: Sequence[str]) -> str:
    return values[0] if len(values) == 1 else f"{', '.join(values[:-1])} or {values[-1]}"


def as_toml(value: Any) -> str:
    """A value as a settings file spells it (None, which TOML lacks, as None)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return "None" if value is None else str(value)


@dataclass(frozen=True)
class OptionSpec:
    """One option, declared once: the rules' check, the settings file's check, the options
    screen's row and its F5 explanation are all read from it.

    ``kind`` is "bool", "int" (a whole number from ``lo`` to ``hi``, None = no limit, stepped
    by ``step`` on the options screen, or cycled through ``choices`` when it has any), "choice"
    (one of ``choices``; ``aliases`` are other spellings accepted, each with the choice it
    means) or "seat" (None or a seat from 0 to ``hi``). ``names`` are how the options screen
    shows each of ``choices`` (for a bool: off, on). ``shown``: the option is on the options
    screen and in the settings file (False for the first-seat keys and replay, which the
    table sets). ``needs``: (option, values it must have) pairs without which this option has
    no effect (the catch of señas needs señas on), so a table's list of its options leaves it
    out.
    """

    kind: str
    default: Any
    label: str
    help: str
    shown: bool = True
    lo: int | None = None
    hi: int | None = None
    step: int = 1
    choices: tuple[Any, ...] = ()
    names: tuple[str, ...] = ()
    aliases: tuple[tuple[Any, Any], ...] = ()
    needs: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    ordered: bool = False  # a choice whose values are a scale (a delay, a size): Left/Right stop at its ends

    @classmethod
    def boolean(cls, default: bool, label: str, help: str, off: str = "Off", on: str = "On",
                shown: bool = True, needs: tuple[tuple[str, tuple[Any, ...]], ...] = ()) -> OptionSpec:
        """An on/off option; ``off`` and ``on`` are what the options screen shows."""
        return cls("bool", default, label, help, shown=shown, choices=(False, True), names=(off, on), needs=needs)

    @classmethod
    def integer(cls, default: int, lo: int | None, hi: int | None, label: str, help: str,
                step: int = 1, needs: tuple[tuple[str, tuple[Any, ...]], ...] = ()) -> OptionSpec:
        """A whole number from ``lo`` to ``hi`` (None: no limit); the options screen steps it by
        ``step``, or takes it typed."""
        return cls("int", default, label, help, lo=lo, hi=hi, step=step, needs=needs)

    def applies(self, options: Mapping[str, Any]) -> bool:
        """Whether the option has an effect under ``options`` (see ``needs``)."""
        return all(any(_same(options.get(key), v) for v in values) for key, values in self.needs)

    @classmethod
    def choice(cls, default: Any, choices: tuple[Any, ...], names: tuple[str, ...], label: str, help: str,
               aliases: tuple[tuple[Any, Any], ...] = (),
               needs: tuple[tuple[str, tuple[Any, ...]], ...] = (), ordered: bool = False) -> OptionSpec:
        """One of ``choices``, each shown on the options screen by its name in ``names``; an
        ``ordered`` one is a scale, which the options screen does not wrap round."""
        return cls("choice", default, label, help, choices=choices, names=names, aliases=aliases, needs=needs,
                   ordered=ordered)

    @classmethod
    def seat(cls, num_players: int, label: str, help: str) -> OptionSpec:
        """None (drawn from the seed) or a fixed seat; set by tests and tools, not on the screen."""
        return cls("seat", None, label, help, shown=False, hi=num_players - 1)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown option kind {self.kind!r}")
        if len(self.names) != len(self.choices):
            raise ValueError(f"option {self.label!r}: one name for each choice")
        if not self.valid(self.default):
            raise ValueError(f"option {self.label!r}: the default {self.default!r} is not allowed")

    def valid(self, value: Any) -> bool:
        """Whether ``value`` is allowed (its type included: 1 is not true, "40" is not 40)."""
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "choice":
            return any(_same(value, c) for c in self.choices) or any(_same(value, a) for a, _ in self.aliases)
        if self.kind == "seat" and value is None:
            return True
        if not isinstance(value, int) or isinstance(value, bool):
            return False
        lo = 0 if self.kind == "seat" else self.lo
        return (lo is None or value >= lo) and (self.hi is None or value <= self.hi)

    def canonical(self, value: Any) -> Any:
        """The allowed ``value`` in its stored form: an alias becomes the choice it means."""
        for alias, meant in self.aliases:
            if _same(value, alias):
                return meant
        for choice in self.choices:
            if _same(value, choice):
                return choice
        return value

    @property
    def numbers(self) -> bool:
        """A choice option whose choices are all numbers (not true or false): a settings file
        holds them as numbers, and the options screen takes them typed."""
        return self.kind == "choice" and all(type(c) in (int, float) for c in self.choices)

    def number_run(self) -> tuple[Any, Any, Any] | None:
        """(lowest, highest, step) when the choices are every number from the lowest to the
        highest in equal steps (three or more of them, in any order); None otherwise."""
        if not self.numbers or len(self.choices) < 3:
            return None
        ordered = sorted(self.choices)
        step = ordered[1] - ordered[0]
        if step <= 0 or any(abs((b - a) - step) > 1e-9 for a, b in pairwise(ordered)):
            return None
        return ordered[0], ordered[-1], step

    def range_words(self) -> str:
        """A number option's limits in words: "from 100 to 9999", "-100 or lower"; for a choice
        of numbers, in order: "from 0 to 8", "from 0.0 to 9.5 in steps of 0.5", or "1 or 3"."""
        if self.kind == "choice":
            run = self.number_run()
            if run is None:
                return _words([as_toml(c) for c in self.choices])
            lo, hi, step = run
            steps = "" if step == 1 else f" in steps of {step:g}"
            return f"from {as_toml(lo)} to {as_toml(hi)}{steps}"
        if self.lo is not None and self.hi is not None:
            return f"from {self.lo} to {self.hi}"
        if self.hi is not None:
            return f"{self.hi} or lower"
        return f"{self.lo} or higher" if self.lo is not None else "any whole number"

    def names_show_numbers(self) -> bool:
        """Whether each choice's name shows its number ("1.5", "x2", "8 (3s and 2s)"); a border
        colour's name ("Red") does not, so a notice gives the number of each name."""
        return all(as_toml(c) in n or f"{c:g}" in n for c, n in zip(self.choices, self.names, strict=True))

    def numbered_pairs(self) -> list[str]:
        """Each choice's number and name, in the numbers' order: "0 = Black", ... "8 = Dark Grey"."""
        pairs = sorted(zip(self.choices, self.names, strict=True), key=lambda pair: pair[0])
        return [f"{as_toml(c)} = {n}" for c, n in pairs]

    def numbered_names(self) -> str:
        """``numbered_pairs`` in a sentence: "0 = Black, 1 = Blue, ... 8 = Dark Grey"."""
        return ", ".join(self.numbered_pairs())

    def allowed(self) -> str:
        """The allowed values in words, as an error message or a notice names them: every one
        of them, or for numbers in equal steps their range, read in order (found by a tester:
        the border's "1, 0, ... or 8", F10's order, did not say whether 2 to 7 were allowed),
        with each number's name when the names do not show the numbers."""
        if self.kind == "bool":
            return "true or false"
        if self.kind == "int":
            return f"a whole number {self.range_words()}"
        if self.kind == "seat":
            return f"None or a seat from 0 to {self.hi}"
        if not self.numbers:
            return _words([as_toml(c) for c in self.choices])
        words = self.range_words()
        if self.number_run() is not None:
            words = f"{'a whole number' if all(type(c) is int for c in self.choices) else 'a number'} {words}"
        return words if self.names_show_numbers() else f"{words} ({self.numbered_names()})"

    def name_of(self, value: Any) -> str:
        """How the options screen shows ``value``."""
        for choice, name in zip(self.choices, self.names, strict=True):
            if type(value) is type(choice) and value == choice:
                return name
        return str(value)


def resolve_options(specs: Mapping[str, OptionSpec], options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Fill in defaults and validate; an unknown key or bad value raises ValueError naming the
    key and the values it allows."""
    result = {key: spec.default for key, spec in specs.items()}
    for key, value in (options or {}).items():
        if key not in specs:
            raise ValueError(f"unknown option {key!r}; the options are {', '.join(specs)}")
        spec = specs[key]
        if not spec.valid(value):
            raise ValueError(f"option {key!r} must be {spec.allowed()}, not {value!r}")
        result[key] = spec.canonical(value)
    return result
