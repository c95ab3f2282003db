"""Pure rules of the four games (see ../shared/API.md for the contract).

Nothing in this package imports pygame, touches files, reads the clock or uses the
global random state. Every game module exposes ``RULES`` plus its pure helpers.
"""

from __future__ import annotations

from game.rules.common import IllegalAction

__all__ = ["IllegalAction", "get_rules"]


def get_rules(name: str):  # type: ignore[no-untyped-def]
    """The ``RULES`` object of the game called ``name`` (imported on first use)."""
    import importlib

    # The game registry names the games and their modules (imported here, not at the top:
    # the registry itself reads the option type from game.rules.common).
    from game.registry import GAME_NAMES, entry

    if name not in GAME_NAMES:
        raise ValueError(f"unknown game {name!r}; choose one of {', '.join(GAME_NAMES)}")
    return importlib.import_module(entry(name).rules).RULES
