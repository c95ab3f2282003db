"""Computer players. They decide from an observation only, never from a full state.

``choose_action(rules, observation, level, rng)`` is the one entry point: the table scenes,
demo mode, the arena and the tests all call it. Each game's player is the module the game
registry names (``game.ai.<game name>``), as ``choose(rules, observation, level, rng)``.

``rank_actions(rules, observation, level, rng)`` says why: every legal action with the level's
own value of it, best first (``game.ai.analysis``); each game's module writes it as
``rank(rules, observation, level, rng)``. The hint key and the deal review read it.

The one exception to "an observation only" is the arena's oracle (``game.ai.oracle``): Hard
given the true deal, a measuring instrument kept out of ``LEVELS`` and out of reach of play.
"""

from __future__ import annotations

import importlib
import random

from game.ai.analysis import Estimate, Ranking
from game.registry import LEVEL_NAMES, LEVELS, entry
from game.rules.common import Observation, Rules

__all__ = ["LEVELS", "LEVEL_NAMES", "RANKING_LEVELS", "Estimate", "Ranking", "choose_action", "rank_actions"]

# The levels that reckon a value for every choice (easy plays by rules of thumb and keeps none).
RANKING_LEVELS = ("normal", "hard")


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


def rank_actions(rules: Rules, observation: Observation, level: str, rng: random.Random) -> Ranking:
    """Every legal action of ``observation``'s seat with ``level``'s value of it, best first. The
    first is what ``choose_action`` plays with the same ``rng`` state; like it, it reads nothing
    but the observation and the same rng state gives the same ranking."""
    if level not in RANKING_LEVELS:
        raise ValueError(f"level {level!r} keeps no values to rank by; use one of {', '.join(RANKING_LEVELS)}")
    legal = observation.legal_actions
    if not legal:
        raise ValueError("the observing seat has nothing to decide now")
    if len(legal) == 1:
        return Ranking.forced(str(legal[0]))
    if set(legal) == {"replay", "continue"}:
        return Ranking.preference(legal, choose_action(rules, observation, level, rng))
    module = importlib.import_module(entry(rules.name).ai)
    ranking: Ranking = module.rank(rules, observation, level, rng)
    return ranking
