"""Unfinished matches, kept on disk after every action so that no way of quitting loses one.

A save is the match record of API.md: game, options, seed and the steps (action texts and
F6 option changes), plus which seats the humans hold. Resuming replays the steps through
the rules, so a save can never put the program into a state the rules could not reach.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.app import storage
from game.app.match import Match

FORMAT = "dos-card-games-save"
VERSION = 1


class SaveStore:
    """One save file per game in ``folder``; in memory only if the folder is unwritable."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.memory: dict[str, dict[str, Any]] = {}
        self.notices: list[str] = []

    def path(self, game: str) -> Path | None:
        return None if self.folder is None else self.folder / f"{game}.json"

    def write(self, match: Match, humans: tuple[int, ...]) -> None:
        record = {"format": FORMAT, "version": VERSION, **match.record(), "humans": list(humans)}
        self.memory[match.game] = record
        path = self.path(match.game)
        if path is None:
            return
        try:
            storage.atomic_write(path, json.dumps(record, ensure_ascii=False))
        except (OSError, TypeError, ValueError) as exc:
            self.notices.append(f"Cannot save the match ({exc}); it is kept in memory for this session.")
            self.folder = None

    def delete(self, game: str) -> None:
        self.memory.pop(game, None)
        path = self.path(game)
        if path is not None:
            try:
                path.unlink(missing_ok=True)
            except OSError as exc:
                self.notices.append(f"Cannot remove the finished match's save ({exc}).")

    def exists(self, game: str) -> bool:
        path = self.path(game)
        return game in self.memory or (path is not None and path.exists())

    def load(self, game: str) -> tuple[Match, tuple[int, ...]] | None:
        """The saved match, replayed to where it was; a damaged save is moved aside (notice)."""
        record = self.memory.get(game)
        path = self.path(game)
        if record is None and path is not None and path.exists():
            try:
                record = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, ValueError) as exc:
                self._damaged(game, f"unreadable ({type(exc).__name__})")
                return None
        if record is None:
            return None
        try:
            match, humans = restore(record, game)
        except (KeyError, TypeError, ValueError) as exc:
            self._damaged(game, str(exc) or type(exc).__name__)
            return None
        return match, humans

    def _damaged(self, game: str, why: str) -> None:
        self.memory.pop(game, None)
        path = self.path(game)
        moved = storage.move_aside(path) if path is not None and path.exists() else None
        where = f", moved to {moved.name}" if moved else ""
        self.notices.append(f"The saved {game} match could not be resumed ({why}){where}.")


def restore(record: Any, game: str) -> tuple[Match, tuple[int, ...]]:
    """Rebuild a Match from its record, checking every field; raises ValueError if it cannot."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise ValueError("not a save file of this program")
    if record.get("version") != VERSION:
        raise ValueError(f"save format version {record.get('version')!r}, expected {VERSION}")
    if record.get("game") != game:
        raise ValueError("the save belongs to another game")
    seed, options, steps = record["seed"], record["options"], record["steps"]
    humans = tuple(record.get("humans", [0]))
    if not isinstance(seed, int) or not isinstance(options, dict) or not isinstance(steps, list):
        raise ValueError("a field has the wrong type")
    if not humans or not all(isinstance(h, int) for h in humans):
        raise ValueError("bad human seats")
    match = Match(game, seed, options)
    for step in steps:
        if isinstance(step, str):
            match.apply(match.rules.parse_action(match.state, step))
        elif isinstance(step, dict) and set(step) == {"option", "value"}:
            match.set_option(step["option"], step["value"])
        else:
            raise ValueError(f"bad step {step!r}")
    return match, humans
