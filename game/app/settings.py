"""Settings: the shipped defaults (``game/data/defaults.toml``) plus the user's own file.

The user file holds every setting, written atomically after every change. A damaged user
file is moved aside with a one-line notice and the defaults are used; a value of the wrong
type or out of range is dropped with a notice; an unwritable folder leaves the settings in
memory for this run, with a notice.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import tomli_w

from game import registry
from game.app import storage
from game.data import data_file
from game.options import OptionSpec, as_toml
from game.screen import palette
from game.screen.palette import PHOSPHOR_NAMES

DEFAULTS_FILE = data_file("defaults.toml")
SETTINGS_NAME = "settings.toml"

# The program's display and play settings, each declared once (the game sections' settings
# are declared by the game registry and the rules modules: registry.option_specs, whose
# defaults are the table's, as GameEntry.table_defaults sets them, e.g. Mus's señas on).
_DELAYS = tuple(x / 2 for x in range(20))
PROGRAM_OPTIONS: dict[str, dict[str, OptionSpec]] = {
    "display": {
        "mono": OptionSpec.boolean(
            False, "Monitor", "Colour, or the single colour of a mono monitor (the M and C letters override it).",
            off="Colour", on="Mono"),
        "phosphor": OptionSpec.choice(
            "green", PHOSPHOR_NAMES, tuple(name.title() for name in PHOSPHOR_NAMES), "Mono phosphor",
            "The colour a mono monitor glows with.", needs=(("mono", (True,)),)),
        "border": OptionSpec.choice(
            1, palette.BORDER_CYCLE, tuple(palette.COLOUR_NAMES[c].title() for c in palette.BORDER_CYCLE),
            "Border colour", "The colour of the border round the screen; F10 changes it too.",
            needs=(("mono", (False,)),)),
        "scale": OptionSpec.choice(
            2, (1, 2, 3, 4, 5, 6), ("x1", "x2", "x3", "x4", "x5", "x6"), "Window size (next start)",
            "How many times the 672 x 432 picture is enlarged; it takes effect at the next start.", ordered=True),
        "fullscreen": OptionSpec.boolean(
            False, "Full screen", "Start in full screen; Alt+Enter switches.", shown=False),
    },
    "play": {
        "sound": OptionSpec.boolean(True, "Sound effects", "The PC-speaker beeps and tunes; F1 switches them too."),
        "hand_sort": OptionSpec.boolean(
            True, "Hand sort / auto-declare runs",
            "Your hand is kept sorted, and in Klaberjass your runs are declared for you; F3 switches it too."),
        "replay": OptionSpec.boolean(
            False, "Offer to replay each deal",
            "Each new deal first offers to play the last one again, same cards; F6 switches it too."),
        "delay": OptionSpec.choice(
            1.0, _DELAYS, tuple(f"{x:.1f}" for x in _DELAYS), "Computer delay (seconds)",
            "How long the computer waits between its moves, so you can follow them; F8 and F9 change it too.",
            ordered=True),
        "attract_seconds": OptionSpec.integer(
            60, 0, 3600, "Demo after idle (seconds, 0 = never)", step=15,
            help="Left this long on the title or the menu, the computer plays demo games until a key that is "
                 "not an F-key is pressed."),
        "intro": OptionSpec.boolean(True, "Startup show", "The title show at the start; the * letter skips it once."),
    },
}


def section_specs(section: str) -> dict[str, OptionSpec]:
    """Every setting of ``section``, with its spec; {} for a section the program does not know."""
    if section in PROGRAM_OPTIONS:
        return PROGRAM_OPTIONS[section]
    if section in registry.GAME_NAMES:
        return registry.option_specs(section)
    return {}


def sections() -> tuple[str, ...]:
    return (*PROGRAM_OPTIONS, *registry.GAME_NAMES)


def load_defaults(path: Path = DEFAULTS_FILE) -> dict[str, dict[str, Any]]:
    """The shipped defaults: every spec's default, as ``game/data/defaults.toml`` also lists them
    (a test keeps the two equal). A broken defaults file is a broken install: it raises."""
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    values = {section: {key: spec.default for key, spec in section_specs(section).items()} for section in sections()}
    for section, entries in data.items():
        specs = section_specs(section)
        for key, value in entries.items():
            if key not in specs or not specs[key].valid(value):
                raise ValueError(f"{path.name}: [{section}] {key} = {value!r} is not a setting this program has")
            values[section][key] = specs[key].canonical(value)
    return values


class Settings:
    """All settings as ``section -> key -> value``, with saving and notices."""

    def __init__(self, values: dict[str, dict[str, Any]], path: Path | None,
                 notices: list[str] | None = None) -> None:
        self.values = values
        self.path = path  # None: keep in memory only
        self.notices: list[str] = notices or []
        self.unsaved = False  # a change made in this run could not be written: lost at the close
        self.why_unsaved = storage.UNWRITABLE  # why, once ``path`` is None

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
        text = None
        try:
            raw = path.read_bytes()
            # "utf-8-sig": Notepad's byte-order mark is no damage (a tester's file was moved aside for it).
            text = raw.decode("utf-8-sig")
            user = tomllib.loads(text)
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError, ValueError, RecursionError) as exc:
            if isinstance(exc, UnicodeDecodeError):  # the text before the first byte that is none
                text = exc.object[: exc.start].decode("utf-8-sig", errors="replace")
            moved = storage.move_aside(path)
            where = f"It was moved aside as {moved.name}." if moved else "It was left where it is."
            at, line = damage_at(exc, text)
            kept = read_before(text, line)
            used = "so the defaults are used"
            if kept:
                used = f"so only its lines before line {line} are used, the defaults for the rest"
                notices.extend(merge_user_values(values, kept))
            notices.insert(0, f"Your settings file {path} is damaged{at} and could not be read, {used}. {where}")
            settings = cls(values, path, notices)
            if kept and moved is not None:
                # Written back at once, so what was kept is there at the next start too (it
                # had lasted this run only: the next found no file, and used the defaults).
                settings.save()
            return settings
        notices.extend(merge_user_values(values, user))
        return cls(values, path, notices)

    # ---- reading and changing ----
    def get(self, section: str, key: str) -> Any:
        return self.values[section][key]

    def set(self, section: str, key: str, value: Any) -> None:
        """Change one setting and save at once."""
        self.values.setdefault(section, {})[key] = value
        self.save()
        self.unsaved = self.unsaved or self.path is None

    def game_options(self, game: str) -> dict[str, Any]:
        """The rules options of ``game`` (its section without the program's own keys)."""
        own = registry.app_option_keys(game)
        return {k: v for k, v in self.values.get(game, {}).items() if k not in own}

    def save(self) -> None:
        if self.path is None:
            return
        try:
            storage.atomic_write(self.path, tomli_w.dumps(_toml_safe(self.values)))
        except OSError as exc:
            self.why_unsaved = storage.failure_words(exc)
            self.notices.append(f"Your settings cannot be saved in {self.path.parent} ({self.why_unsaved}), so "
                                "changes last only until you close the program.")
            self.path = None


def damage_at(exc: Exception, text: str | None) -> tuple[str, int | None]:
    """Where a settings file's reading stopped, in words (" at line 3", " at line 9 (the file
    ends part way)", " at line 1 (it is not text from there)"), and that line's number if known:
    a tester's duplicated key sent him comparing the files, and a file cut short named no line."""
    if isinstance(exc, UnicodeDecodeError):  # ``text``: what comes before the byte that is no text
        line = (text or "").count("\n") + 1
        return f" at line {line} (it is not text from there)", line
    if not isinstance(exc, tomllib.TOMLDecodeError) or text is None:
        return "", None
    found = re.search(r"at line (\d+)", str(exc))
    if found:
        return f" at line {found.group(1)}", int(found.group(1))
    if "end of document" in str(exc):
        line = max(1, len(text.splitlines()))
        return f" at line {line} (the file ends part way)", line
    return "", None


def read_before(text: str | None, line: int | None) -> dict[str, Any]:
    """The settings of a damaged file's lines before ``line``, where those read cleanly ({}
    otherwise): one bad line, or a file cut short, had sent every setting back to its default."""
    if text is None or line is None or line <= 1:
        return {}
    try:
        return tomllib.loads("".join(text.splitlines(keepends=True)[: line - 1]))
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        return {}


def merge_user_values(values: dict[str, dict[str, Any]], user: dict[str, Any]) -> list[str]:
    """Copy valid user values over ``values``; returns a notice for each value dropped.

    A value is kept only if its spec allows it (the same check the rules make), so a stored
    value out of range never reaches a new match: it is dropped and the default stays."""
    unknown: list[str] = []
    notices: list[str] = []
    for section, entries in user.items():
        if section not in values:
            unknown.append(section)
            continue
        if not isinstance(entries, dict):  # "display = 5" where [display] and its keys belong
            # [[section]] reads as a list of tables: named as written, not in Python's words (a tester)
            written = f"[[{section}]]" if isinstance(entries, list) else f"{section} = {as_toml(entries)}"
            notices.append(f"Ignored {written}: {section} is a section of settings, "
                           f"written [{section}] with its keys below it.")
            continue
        specs = section_specs(section)
        for key, value in entries.items():
            spec = specs.get(key)
            if spec is None or key not in values[section]:
                unknown.append(f"{section}.{key or chr(34) * 2}")  # an empty key named as written: play.""
            elif spec.valid(value):
                values[section][key] = spec.canonical(value)
            else:
                notices.append(f"Ignored [{section}] {key} = {as_toml(value)}: it must be {spec.allowed()}. "
                               f"Using {as_toml(values[section][key])}.")
    if unknown:
        notices.insert(0, "Ignored unknown settings: " + ", ".join(unknown) + ".")
    return notices


def _toml_safe(values: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """TOML has no null: leave out None values (they mean 'the default draw')."""
    return {s: {k: v for k, v in kv.items() if v is not None} for s, kv in values.items()}
