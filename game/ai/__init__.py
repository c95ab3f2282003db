"""Computer players. They decide from an observation only, never from a full state.

``choose_action(rules, observation, level, rng)`` is the one entry point: the table scenes,
demo mode, the arena and the tests all call it. Each game's player is the module the game
registry names (``game.ai.<game name>``), as ``choose(rules, observation, level, rng)``.
"""

from __future__ import annotations

import importlib
import random

from game.registry import LEVEL_NAMES, LEVELS, entry
from game.rules.common import Observation, Rules

__all__ = ["LEVELS", "LEVEL_NAMES", "choose_action"]


def choose_action(rules: Rules, observation: Observation, level: str, rng: random.Random) -> str:
    """The action the computer takes for the seat of ``observation`` at ``level``."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    legal = observation.legal_actions
    if not legal:
        raise ValueError("the observing seat has nothing to decide now")
    if len(legal) == 1:
        return str(legal[0])
    module = importlib.import_module(entry(rules.name).ai)
    action: str = module.choose(rules, observation, level, rng)
    return action
