"""Driving a table by time, as the scene tests do: shared so each test reads as its steps."""

from __future__ import annotations

from typing import Any


def wait_for_your_turn(app: Any, table: Any, ticks: int = 400) -> None:
    """Let the computers play until the player's own prompt is up and takes keys (it ignores
    them for a moment as it appears); at most ``ticks`` updates of 0.05 s."""
    for _ in range(ticks):
        if table.human_to_act and not table.guarded:
            return
        app.tick(0.05)
