"""Unfinished matches, kept on disk after every action so that no way of quitting loses one.

A save is the match record of API.md: game, options, seed and the steps (action texts and
F6 option changes), plus which seats the humans hold. Resuming replays the steps through
the rules, so a save can never put the program into a state the rules could not reach.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from game import registry
from game.app import storage
from game.app.match import Match
from game.rules import IllegalAction, get_rules

FORMAT = "dos-card-games-save"
VERSION = 1
DAMAGED = "the file is damaged"
CARRIED = "-next-match"  # the file of what a finished match hands on: "<game>-next-match.json"


class SaveStore:
    """One save file per game in ``folder``. A folder that cannot be written is still read (a
    tester's saved match, in a folder gone read-only, was not offered at all): what is played
    then is kept in memory, and the files on disk are left as they are."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.writing = folder is not None  # False: the folder is only read
        self.why_unsaved = storage.UNWRITABLE  # why, once ``writing`` is False
        self.dropped: set[Path] = set()  # files finished with that could not be removed: read no more
        self.memory: dict[str, dict[str, Any]] = {}
        self.notices: list[str] = []
        self.table_state: dict[str, Any] = {}  # the table's own part of the last save loaded
        self.carried: dict[str, dict[str, Any]] = {}  # what finished matches hand on (``carry``), by game
        # Games played on in this run whose moves could not be written: kept in memory until
        # the program closes (a save already on disk stays as it was, offered next time).
        self.unsaved: set[str] = set()

    def path(self, game: str) -> Path | None:
        return None if self.folder is None else self.folder / f"{game}.json"

    def write(self, match: Match, humans: tuple[int, ...], table: dict[str, Any] | None = None) -> None:
        """Save ``match``; ``table`` is what the table keeps of its own (the player's order of
        his hand), given back by ``table_state`` after a ``load``."""
        record = {"format": FORMAT, "version": VERSION, **match.record(), "humans": list(humans),
                  "table": dict(table or {})}
        self.memory[match.game] = record
        path = self.path(match.game)
        if path is None or not self.writing:
            self.unsaved.add(match.game)
            return
        try:
            storage.atomic_write(path, json.dumps(record, ensure_ascii=False))
        except (OSError, TypeError, ValueError) as exc:
            if isinstance(exc, OSError):
                self.why_unsaved = storage.failure_words(exc)
            self.notices.append(f"The match cannot be saved in {path.parent} ({self.why_unsaved}), so it is "
                                "kept only until you close the program.")
            self.writing = False
            self.unsaved.add(match.game)

    def delete(self, game: str) -> None:
        self.memory.pop(game, None)
        self.unsaved.discard(game)
        path = self.path(game)
        if path is None or not self._on_disk(path):
            return
        if not self.writing:
            self.dropped.add(path)  # the file stays as it was; this run offers it no more
            return
        try:
            path.unlink(missing_ok=True)
        except OSError:
            self.notices.append(f"The finished match's save {path} could not be removed.")
            self.dropped.add(path)

    def _on_disk(self, path: Path | None) -> bool:
        """A file at ``path`` that this run has not finished with (``dropped``)."""
        return path not in self.dropped and _on_disk(path)

    def carry(self, game: str, options: dict[str, Any]) -> None:
        """Keep what a finished match hands on to the next one (Jub Moo: its pig leads), for a
        new match started later from the menu, not only by Enter under the result (a tester
        started his next match from the menu, and the pig's lead was lost)."""
        self.carried.pop(game, None)
        if options:
            self.carried[game] = dict(options)
        path = self.carried_path(game)
        if path is None or not self.writing:
            if path is not None and self._on_disk(path):
                self.dropped.add(path)  # an older match's, on disk: this one's (in memory) is newer
            return
        try:
            if options:
                record = {"format": FORMAT, "version": VERSION, "carried": dict(options)}
                storage.atomic_write(path, json.dumps(record))
            else:
                path.unlink(missing_ok=True)
        except (OSError, TypeError, ValueError):
            pass  # only a first lead at stake, and it is still kept in memory

    def take_carried(self, game: str) -> dict[str, Any]:
        """What the last finished match handed on (``carry``), once: a new match takes it. A
        file that cannot be read is moved aside with a notice, and hands on nothing: the first
        lead is then the rules' own, as if there had been no match before."""
        carried = self.carried.pop(game, None)
        path = self.carried_path(game)
        if path is None or not self._on_disk(path):
            return carried or {}
        if carried is None:
            try:
                carried = _carried(json.loads(path.read_text(encoding="utf-8")))
            except (OSError, UnicodeDecodeError, ValueError, RecursionError):
                carried = None
        if carried is None:
            moved = storage.move_aside(path)
            where = f" It was moved aside as {moved.name} (in {moved.parent})." if moved else ""
            self.notices.append(f"{carried_words(game)} could not be read, so the new match starts without it.{where}")
            return {}
        self.dropped.add(path)  # taken once, even if it cannot be removed
        if self.writing:
            with contextlib.suppress(OSError):
                path.unlink(missing_ok=True)
        return carried

    def carried_path(self, game: str) -> Path | None:
        return None if self.folder is None else self.folder / f"{game}{CARRIED}.json"

    def exists(self, game: str) -> bool:
        """Whether there is a save to offer: exactly when ``load`` either resumes a match or
        says why it cannot (both read the disk through ``_on_disk``)."""
        return game in self.memory or self._on_disk(self.path(game))

    def load(self, game: str) -> tuple[Match, tuple[int, ...]] | None:
        """The saved match, replayed to where it was; a damaged save is moved aside (notice).

        None with no notice only when there is no save at all (``exists`` is false): a file
        that holds JSON but not a save's object (``null``, ``[]``, ``42``...) is damaged, as
        json's None is not "no save" (found by a tester: ``null`` started a new match silently)."""
        record: Any
        path = self.path(game)
        if game in self.memory:
            record = self.memory[game]
        elif path is not None and self._on_disk(path):
            try:
                record = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, ValueError, RecursionError):  # nested past reading
                self._damaged(game, DAMAGED)
                return None
        else:
            return None
        try:
            match, humans = restore(record, game)
        except ValueError as exc:
            self._damaged(game, str(exc))
            return None
        table = record.get("table", {})
        self.table_state = dict(table) if isinstance(table, dict) else {}
        return match, humans

    def _damaged(self, game: str, why: str) -> None:
        """Move the bad save aside and say so, in words that name no Python error."""
        self.memory.pop(game, None)
        path = self.path(game)
        moved = storage.move_aside(path) if path is not None and self.writing and self._on_disk(path) else None
        if path is not None and moved is None:
            self.dropped.add(path)  # left where it is, but not offered again
        where = f"It was moved aside as {moved.name} (in {moved.parent}); a" if moved else "A"
        self.notices.append(f"The saved {get_rules(game).title} match could not be read: {why}. "
                            f"{where} new match starts.")


def carried_words(game: str) -> str:
    """What a finished match hands on, in a notice's words: only Jub Moo hands on anything,
    its pig's first lead."""
    return f"What the last {get_rules(game).title} match handed on to the next (who leads first)"


def _carried(record: Any) -> dict[str, Any] | None:
    """The options a ``carry`` record hands on; None if it is not such a record."""
    carried = record.get("carried") if isinstance(record, dict) and record.get("format") == FORMAT else None
    return dict(carried) if isinstance(carried, dict) else None


def _on_disk(path: Path | None) -> bool:
    """Whether a save file (or anything in its place) is at ``path``; a folder that cannot
    even be looked into counts as none, for the menu and ``load`` alike."""
    if path is None:
        return False
    try:
        return path.exists()
    except OSError:
        return False


def restore(record: Any, game: str) -> tuple[Match, tuple[int, ...]]:
    """Rebuild a Match from its record, checking every field; raises ValueError if it cannot."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise ValueError("it is not a save file of this program")
    if record.get("version") != VERSION:
        raise ValueError("it was written by another version of the program")
    if record.get("game") != game:
        raise ValueError("it belongs to another game")
    # A field missing or of the wrong shape is a damaged file; only the record's own fields are
    # read under this catch, so an engine's error while replaying a good save is not hidden.
    try:
        seed, options, steps = record["seed"], record["options"], record["steps"]
        humans = tuple(record.get("humans", [0]))
    except (KeyError, TypeError) as exc:
        raise ValueError(DAMAGED) from exc
    # JSON's true is no seed (a tester's was read as 1, then named in Python's words).
    if type(seed) is not int or not isinstance(options, dict) or not isinstance(steps, list):
        raise ValueError(DAMAGED)
    if not all(type(h) is int for h in humans):  # JSON's true is no seat (a tester's read as 1)
        raise ValueError(DAMAGED)
    problem = options_problem(game, options)
    if problem:
        raise ValueError(problem)
    try:
        match = Match(game, seed, options)
    except ValueError as exc:
        raise ValueError(f"its options are not valid ({exc})") from exc
    # People sit in the first seats, as many as the game lets share the keyboard (a tester's
    # Luk Fu save edited to seat 1 put him in another player's place without a word).
    most = registry.max_people(game)
    if not humans:
        raise ValueError("it has nobody at the keyboard")
    if len(humans) > most:
        raise ValueError(f"it has {len(humans)} people at the keyboard, and this game lets "
                         f"{'only one' if most == 1 else f'at most {most}'} play")
    if humans != tuple(range(len(humans))):
        raise ValueError("it puts a person at the keyboard in a computer player's place")
    for step in steps:
        if isinstance(step, dict) and set(step) == {"option", "value"}:
            if step["option"] != "replay" or not isinstance(step["value"], bool):
                raise ValueError("its moves change an option other than turning the replay (F6) on or off")
        elif not isinstance(step, str):
            raise ValueError(DAMAGED)
        try:
            match.replay_step(step)
        except IllegalAction as exc:  # a move of the game, not in this deal (an edited seed, a tester)
            raise ValueError("one of its moves cannot be played in its deal") from exc
        except ValueError as exc:  # the rules' own words name their notation: not a player's
            raise ValueError(f"one of its moves ({json.dumps(step)[:20]}) is no move of "
                             f"{get_rules(game).title}") from exc
    return match, humans


def options_problem(game: str, options: dict[str, Any]) -> str:
    """What is wrong with a save's options, named as the options screen names them (a tester
    read "option 'target' must be 40 or 30" for Mus's "Game to"); "" if nothing."""
    specs = registry.rules_option_specs(game)
    for key, value in options.items():
        spec = specs.get(key)
        if spec is None:
            return f"it has an option this game does not have ({json.dumps(key)[:30]})"
        if not spec.valid(value):
            return f"its option \"{spec.label}\" must be {spec.allowed()}, not {json.dumps(value)[:20]}"
    return ""
