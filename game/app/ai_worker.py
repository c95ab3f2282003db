"""Runs the computer players off the drawing path.

By default a separate process does the thinking, so the window keeps drawing and taking
keys however long a decision takes; the table asks, then polls once a frame. ``inline``
mode decides at once in the caller (tests, the screenshot tool, and the fallback when no
process can be started).

Two jobs: ``"choose"`` (a computer player's action) and ``"rank"`` (every legal action with
the level's values, ``game.ai.rank_actions``: the hint key and the deal review). The worker
answers one request at a time, in order, so a caller with many rankings to make (the review)
asks for the next only when the last is answered: leaving it then wastes at most one.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import random
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.rules import Observation

JOBS = ("choose", "rank")


def decide(game: str, observation: Observation, level: str, seed: int) -> str:
    """One decision, exactly as the worker makes it (so both modes agree)."""
    from game.ai import choose_action
    from game.rules import get_rules

    return choose_action(get_rules(game), observation, level, random.Random(seed))


def work(job: str, game: str, observation: Observation, level: str, seed: int) -> Any:
    """One job, exactly as the worker does it: an action (``choose``) or a Ranking (``rank``)."""
    if job == "choose":
        return decide(game, observation, level, seed)
    if job == "rank":
        from game.ai import rank_actions
        from game.rules import get_rules

        return rank_actions(get_rules(game), observation, level, random.Random(seed))
    raise ValueError(f"unknown job {job!r}; one of {', '.join(JOBS)}")


def _worker_main(conn: Connection) -> None:
    """The worker process: answer (ticket, job, game, observation, level, seed) requests."""
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        ticket, job, game, observation, level, seed = request
        try:
            conn.send((ticket, work(job, game, observation, level, seed), None))
        except Exception as exc:  # report, keep serving
            conn.send((ticket, None, f"{type(exc).__name__}: {exc}"))


@dataclass
class _Pending:
    job: str
    game: str
    observation: Observation
    level: str
    seed: int
    result: Any = None
    error: str | None = None


class AIWorker:
    def __init__(self, inline: bool = False) -> None:
        self.inline = inline
        self.notice: str | None = None
        self._next = 0
        self._pending: dict[int, _Pending] = {}
        self._proc: BaseProcess | None = None
        self._conn: Connection | None = None

    def start(self) -> None:
        if self.inline:
            return
        try:
            ctx = multiprocessing.get_context("spawn")
            parent, child = ctx.Pipe()
            self._proc = ctx.Process(target=_worker_main, args=(child,), daemon=True, name="ai-worker")
            self._proc.start()
            self._conn = parent
        except Exception as exc:
            self.inline = True
            self.notice = f"AI runs in the window's process ({exc})."

    def request(self, game: str, observation: Observation, level: str, seed: int, job: str = "choose") -> int:
        """Ask for a decision (or, ``job="rank"``, a Ranking); returns a ticket to poll."""
        if job not in JOBS:
            raise ValueError(f"unknown job {job!r}; one of {', '.join(JOBS)}")
        self._next += 1
        ticket = self._next
        pending = _Pending(job, game, observation, level, seed)
        self._pending[ticket] = pending
        if self.inline or self._conn is None:
            self._decide_here(pending)
        else:
            try:
                self._conn.send((ticket, job, game, observation, level, seed))
            except (OSError, ValueError, EOFError):
                self._fall_back()
                self._decide_here(pending)
        return ticket

    def _decide_here(self, pending: _Pending) -> None:
        try:
            pending.result = work(pending.job, pending.game, pending.observation, pending.level, pending.seed)
        except Exception as exc:
            pending.error = f"{type(exc).__name__}: {exc}"

    def _fall_back(self) -> None:
        self.inline = True
        self.notice = "The AI worker stopped; thinking in the window's process."
        for pending in self._pending.values():
            if pending.result is None and pending.error is None:
                self._decide_here(pending)

    def _drain(self) -> None:
        if self.inline or self._conn is None:
            return
        try:
            while self._conn.poll(0):
                ticket, result, error = self._conn.recv()
                pending = self._pending.get(ticket)
                if pending is not None:
                    pending.result, pending.error = result, error
        except (EOFError, OSError):
            self._fall_back()
            return
        if self._proc is not None and not self._proc.is_alive():
            self._fall_back()

    def poll(self, ticket: int) -> tuple[Any, str | None]:
        """(result, error) once done, else (None, None). The ticket is spent when answered."""
        self._drain()
        pending = self._pending.get(ticket)
        if pending is None:
            return None, "unknown ticket"
        if pending.result is None and pending.error is None:
            return None, None
        del self._pending[ticket]
        return pending.result, pending.error

    def cancel(self, ticket: int) -> None:
        self._pending.pop(ticket, None)

    def close(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.send(None)
        if self._proc is not None:
            self._proc.join(timeout=0.5)
            if self._proc.is_alive():
                self._proc.terminate()
        self._proc = self._conn = None
