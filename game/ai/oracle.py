"""The oracle: Hard's search given the true deal, for the arena only (docs/oracle.md).

It is the ceiling no honest player can pass: the same decisions as Hard, with Hard's own
budget, except that where Hard imagines the hidden cards (sampled or determinized worlds) the
oracle uses the cards as they really lie. It is not a level: ``game.ai.LEVELS`` and the options
screen never offer it, and no table, hint or review calls it.

It reads a *state*, not an observation, so it is kept apart from ``game.ai.choose_action``.
The state is the true state of the match played with ``open_hands`` on: the arena plays that
match beside the real one, applying the same actions (the seed deals the same cards and
``open_hands`` changes only what observations show), and hands it to the oracle's seat alone;
every other seat decides from its observation of the real match. Each game's AI module (named
by the registry) says in ``oracle(rules, state, observation, rng)`` what it makes of the true
deal (``observation`` is the seat's own view of ``state``: every hand shown).
"""

from __future__ import annotations

import importlib
import random
from typing import Any

from game.registry import entry
from game.rules.common import Rules

ORACLE = "oracle"  # its name in the arena, beside the levels and the baselines


def true_options(options: dict[str, Any]) -> dict[str, Any]:
    """The rules options of the match the oracle reads: the real match's, with every hand open."""
    return {**options, "open_hands": True}


def in_step(rules: Rules, real: Any, true: Any) -> bool:
    """Whether the open match ``true`` is the real match ``real`` seen open: the same seat to act,
    the same legal actions and the same cards in every hand (a cheap guard that the two matches
    have not drifted apart)."""
    return (
        rules.current_player(real) == rules.current_player(true)
        and list(rules.legal_actions(real)) == list(rules.legal_actions(true))
        and all(rules.hand(real, s) == rules.hand(true, s) for s in range(rules.num_players))
    )


def choose_oracle(rules: Rules, state: Any, seat: int, rng: random.Random) -> str:
    """The oracle's action for ``seat``, which must be the seat to act in ``state`` (the true
    state of a match played with ``open_hands`` on)."""
    observation = rules.observation(state, seat)
    if not dict(observation.options).get("open_hands"):
        raise ValueError("the oracle reads a match played with open_hands on (game.ai.oracle.true_options)")
    legal = observation.legal_actions
    if rules.current_player(state) != seat or not legal:
        raise ValueError(f"seat {seat} has nothing to decide now")
    if len(legal) == 1:
        return str(legal[0])
    module = importlib.import_module(entry(rules.name).ai)
    action: str = module.oracle(rules, state, observation, rng)
    return action


__all__ = ["ORACLE", "choose_oracle", "in_step", "true_options"]
