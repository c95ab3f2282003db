"""Per-game statistics of the human's matches, kept in ``statistics.json``.

Only real play counts: demo games, deals the computer played for you (F2) and replayed
deals (F6) are left out; a deal in which you took a hint (F4) is counted apart, as hinted, and
a match with one is not counted as yours. A damaged file is moved aside with a notice and counting starts
again (a bad value costs only its own game's figures); an unwritable folder keeps the figures
in memory for the session.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game import registry
from game.app import storage

FORMAT = "dos-card-games-statistics"
VERSION = 1
GAMES = registry.GAME_NAMES


#: The largest figure a count or score may have: nine digits, as many as its column shows (a
#: tester's edited 10**14 was shown cut, as another number).
FIGURE_MAX = 999_999_999
# Counts of which one cannot exceed the other: more won than played is a damaged file.
WON_OF_PLAYED = (("matches_won", "matches_played"), ("deals_won", "deals_played"), ("games_won", "games_played"))


#: Every game's counters, with the statistics screen's label of each (a score is None until a
#: match ends); a game's own follow them (``GameEntry.counters``).
COMMON_ROWS = (("matches_played", "Matches played"), ("matches_won", "Matches won"),
               ("deals_played", "Deals played"), ("deals_won", "Deals won"),
               ("best_score", "Best match score"), ("worst_score", "Worst match score"),
               ("deals_hinted", "Deals with hints"))
SCORES = ("best_score", "worst_score")


def rows(game: str) -> tuple[tuple[str, str], ...]:
    """``game``'s counters and their labels, in the statistics screen's order."""
    return COMMON_ROWS + registry.entry(game).counters


def empty(game: str) -> dict[str, Any]:
    """Fresh counters of ``game``: the common ones, then its own (named in the game registry)."""
    return {key: None if key in SCORES else 0 for key, _ in rows(game)}


class StatsStore:
    def __init__(self, folder: Path | None) -> None:
        self.path = None if folder is None else folder / "statistics.json"
        self.notices: list[str] = []
        self.games: dict[str, dict[str, Any]] = {game: empty(game) for game in GAMES}
        self._load()

    def _load(self) -> None:
        if self.path is None or not self.path.exists():
            return
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
                raise ValueError("not a statistics file of this version")
            stored_games = data["games"]
            if not isinstance(stored_games, dict):
                raise ValueError("no table of games")
        except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError, RecursionError):
            moved = storage.move_aside(self.path)
            where = f" It was moved aside as {moved.name}." if moved else ""
            self.notices.append(f"The statistics file is damaged and could not be read, so counting starts "
                                f"afresh.{where}")
            return
        # A bad value costs only its own game's figures (a tester's one "3" in quotes had wiped
        # every game's): that game counts afresh, the others are kept, the file as it was is
        # kept aside, and the notice names what was wrong.
        bad = []
        for game in GAMES:
            problem = self._read_game(game, stored_games.get(game, {}))
            if problem:
                self.games[game] = empty(game)
                bad.append(f"{registry.entry(game).short} ({problem})")
        if bad:
            moved = storage.move_aside(self.path)
            where = f" The file as it was is kept as {moved.name}." if moved else ""
            self.notices.append(f"The statistics file had values that are not counts, so these games count "
                                f"afresh: {', '.join(bad)}. The other games' figures are kept.{where}")
            if moved is not None:  # (not over a file left where it is: another window's, say)
                self.save()

    def _read_game(self, game: str, stored: Any) -> str:
        """Take ``game``'s counters from the file; what was wrong with them ("" if nothing)."""
        if not isinstance(stored, dict):
            return "not a table of counts"
        read = empty(game)
        label = dict(rows(game))  # named as the statistics screen names them (a tester read "deals_played")
        for key, value in read.items():
            got = stored.get(key, value)
            # A count is a whole number from 0; a score (None until a match ends) may be below 0.
            # (A tester's null count crashed the end of every deal; -7 matches won were shown.)
            score = value is None
            if not (type(got) is int and (score or got >= 0)) and not (score and got is None):
                return f"{label[key]} is {json.dumps(got)[:20]}, not a {'score' if score else 'count'}"
            if got is not None and abs(got) > FIGURE_MAX:  # no one plays that much: the file was damaged
                return f"{label[key]} {got}, too large"
            read[key] = got
        entry = registry.entry(game)
        wholes = [*WON_OF_PLAYED, *((key, "matches_played" if key in entry.match_counters else "deals_played")
                                    for key, _ in entry.counters if key not in dict(WON_OF_PLAYED))]
        for part, whole in wholes:  # each counted at most once a deal (or a match)
            if part in read and read[part] > read[whole]:
                return f"{label[part]} {read[part]}, more than {label[whole]} {read[whole]}"
        best, worst = read["best_score"], read["worst_score"]
        if (best is None) != (read["matches_played"] == 0) or (worst is None) != (best is None):
            return "match scores without the matches played"
        if best is not None and best < worst:
            return f"{label['best_score']} {best}, below {label['worst_score']} {worst}"
        self.games[game] = read
        return ""

    def save(self) -> None:
        if self.path is None:
            return
        try:
            storage.atomic_write(self.path, json.dumps({"format": FORMAT, "version": VERSION, "games": self.games}))
        except OSError as exc:
            self.notices.append(f"Statistics cannot be saved in {self.path.parent} ({storage.failure_words(exc)}), "
                                "so they last only until you close the program.")
            self.path = None

    @staticmethod
    def _add(counters: dict[str, Any], counts: dict[str, int]) -> None:
        """Add to the counts, each stopping at ``FIGURE_MAX``: the program never writes a figure
        its own check of the file refuses (a tester's count at the limit went one past it, and
        the next start threw the game's figures away)."""
        for key, value in counts.items():
            counters[key] = min(FIGURE_MAX, counters[key] + value)

    def record_deal(self, game: str, won: bool, extra: dict[str, int] | None = None) -> None:
        self._add(self.games[game], {"deals_played": 1, "deals_won": int(won), **(extra or {})})
        self.save()

    def record_hinted_deal(self, game: str) -> None:
        """A deal played with a hint: not the player's unaided, so counted apart."""
        self._add(self.games[game], {"deals_hinted": 1})
        self.save()

    def record_match(self, game: str, won: bool, score: int, extra: dict[str, int] | None = None) -> None:
        counters = self.games[game]
        self._add(counters, {"matches_played": 1, "matches_won": int(won), **(extra or {})})
        score = max(-FIGURE_MAX, min(FIGURE_MAX, score))
        counters["best_score"] = score if counters["best_score"] is None else max(counters["best_score"], score)
        counters["worst_score"] = score if counters["worst_score"] is None else min(counters["worst_score"], score)
        self.save()

    def reset(self, game: str | None = None) -> None:
        for name in GAMES if game is None else (game,):
            self.games[name] = empty(name)
        self.save()
