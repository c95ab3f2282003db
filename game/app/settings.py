"""Settings: the shipped defaults (``game/data/defaults.toml``) plus the user's own file.

The user file holds every setting, written atomically after every change. A damaged user
file is moved aside with a one-line notice and the defaults are used; a value of the wrong
type or out of range is dropped with a notice; an unwritable folder leaves the settings in
memory for this run, with a notice.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tomli_w

from game.app import storage
from game.data import data_file
from game.screen.palette import PHOSPHOR_NAMES

DEFAULTS_FILE = data_file("defaults.toml")
SETTINGS_NAME = "settings.toml"
LEVELS = ("easy", "normal", "hard")

Check = Callable[[Any], bool]


def _bool(v: Any) -> bool:
    return isinstance(v, bool)


def _int(lo: int, hi: int) -> Check:
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _choice(*values: Any) -> Check:
    return lambda v: any(v == c and type(v) is type(c) for c in values)


def _delay(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and 0 <= v <= 9.5 and (v * 2) == int(v * 2)


# Every setting the program knows, with the check its value must pass. Game sections also
# accept their rules options, checked by the rules module itself (``RULES.new_match``).
SCHEMA: dict[str, dict[str, Check]] = {
    "display": {
        "mono": _bool,
        "phosphor": _choice(*PHOSPHOR_NAMES),
        "border": _int(0, 15),
        "scale": _int(1, 6),
        "fullscreen": _bool,
    },
    "play": {
        "sound": _bool,
        "hand_sort": _bool,
        "replay": _bool,
        "delay": _delay,
        "attract_seconds": _int(0, 3600),
        "intro": _bool,
    },
    "klaberjass": {"level": _choice(*LEVELS), "your_hand_on_top": _bool},
    "jubmoo": {"level": _choice(*LEVELS), "humans": _int(1, 4), "clockwise": _bool},
    "mus": {"level": _choice(*LEVELS)},
    "lukfu": {"level": _choice(*LEVELS)},
}
GAME_SECTIONS = ("klaberjass", "jubmoo", "mus", "lukfu")
# Keys of a game section that are the program's, not the rules module's options.
APP_GAME_KEYS = {"level", "your_hand_on_top", "humans", "clockwise"}


def load_defaults(path: Path = DEFAULTS_FILE) -> dict[str, dict[str, Any]]:
    """The shipped defaults. A broken defaults file is a broken install: it raises."""
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    return {section: dict(values) for section, values in data.items()}


class Settings:
    """All settings as ``section -> key -> value``, with saving and notices."""

    def __init__(self, values: dict[str, dict[str, Any]], path: Path | None,
                 notices: list[str] | None = None) -> None:
        self.values = values
        self.path = path  # None: keep in memory only
        self.notices: list[str] = notices or []

    # ---- loading ----
    @classmethod
    def load(cls, folder: Path | None = None) -> Settings:
        values = load_defaults()
        notices: list[str] = []
        try:
            folder = storage.user_dir() if folder is None else folder
        except Exception:  # platformdirs could not name a folder; App announces it at start
            return cls(values, None, notices)
        path = folder / SETTINGS_NAME
        if not path.exists():
            return cls(values, path, notices)
        try:
            with path.open("rb") as handle:
                user = tomllib.load(handle)
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError, ValueError):
            moved = storage.move_aside(path)
            where = f"It was moved aside as {moved.name}." if moved else "It was left where it is."
            notices.append(f"Your settings file {path} is damaged and could not be read, so the defaults "
                           f"are used. {where}")
            return cls(values, path, notices)
        dropped = merge_user_values(values, user)
        if dropped:
            notices.append("Ignored bad settings: " + ", ".join(dropped) + ".")
        return cls(values, path, notices)

    # ---- reading and changing ----
    def get(self, section: str, key: str) -> Any:
        return self.values[section][key]

    def set(self, section: str, key: str, value: Any) -> None:
        """Change one setting and save at once."""
        self.values.setdefault(section, {})[key] = value
        self.save()

    def game_options(self, game: str) -> dict[str, Any]:
        """The rules options of ``game`` (its section without the program's own keys)."""
        return {k: v for k, v in self.values.get(game, {}).items() if k not in APP_GAME_KEYS}

    def save(self) -> None:
        if self.path is None:
            return
        try:
            storage.atomic_write(self.path, tomli_w.dumps(_toml_safe(self.values)))
        except OSError:
            self.notices.append(f"Your settings cannot be saved in {self.path.parent}, so changes last only "
                                "until you quit.")
            self.path = None


def merge_user_values(values: dict[str, dict[str, Any]], user: dict[str, Any]) -> list[str]:
    """Copy valid user values over ``values``; returns the names of the ones dropped."""
    dropped: list[str] = []
    for section, entries in user.items():
        if section not in values or not isinstance(entries, dict):
            dropped.append(section)
            continue
        for key, value in entries.items():
            if key not in values[section]:
                dropped.append(f"{section}.{key}")
                continue
            check = SCHEMA.get(section, {}).get(key)
            if check is None:  # a rules option: same type as its default
                default = values[section][key]
                ok = type(value) is type(default) or (isinstance(default, float) and isinstance(value, int))
            else:
                ok = check(value)
            if ok:
                values[section][key] = value
            else:
                dropped.append(f"{section}.{key}")
    return dropped


def _toml_safe(values: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """TOML has no null: leave out None values (they mean 'the default draw')."""
    return {s: {k: v for k, v in kv.items() if v is not None} for s, kv in values.items()}
