"""Pure rules of the four games (see ../shared/API.md for the contract).

Nothing in this package imports pygame, touches files, reads the clock or uses the
global random state. Every game module exposes ``RULES`` plus its pure helpers.
"""

from __future__ import annotations

import importlib

from game.registry import GAME_NAMES, entry
from game.rules.common import IllegalAction, Observation, Rules

__all__ = ["IllegalAction", "Observation", "Rules", "get_rules"]


def get_rules(name: str) -> Rules:
    """The ``RULES`` object of the game called ``name`` (imported on first use)."""
    if name not in GAME_NAMES:
        raise ValueError(f"unknown game {name!r}; choose one of {', '.join(GAME_NAMES)}")
    rules: Rules = importlib.import_module(entry(name).rules).RULES
    return rules
