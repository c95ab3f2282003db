"""The game registry: each game declared once, and every list of games read from it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game import registry
from game.rules import get_rules

ROOT = Path(__file__).resolve().parents[1]


def test_names_are_unique_and_every_module_named_exists():
    import importlib

    from game.scenes.help import HELP_DIR

    assert len(set(registry.GAME_NAMES)) == len(registry.GAMES) == 4
    for game in registry.GAMES:
        rules = get_rules(game.name)
        assert rules.name == game.name and importlib.import_module(game.rules).RULES is rules
        ai = importlib.import_module(game.ai)  # every function the program and the arena call
        assert callable(ai.choose) and callable(ai.rank) and callable(ai.oracle)
        table = registry.table_class(game.name)
        assert table is not None and table.game_name == game.name
        assert (HELP_DIR / game.help).is_file()
        assert rules.num_players % game.sides == 0  # players, or teams of equal size
        assert game.speed_target > 0
        assert game.title.startswith(game.short)


def test_quick_options_and_counters_are_real():
    from game.app.stats import empty

    for game in registry.GAMES:
        rules = get_rules(game.name)
        state = rules.new_match(1, dict(game.quick_options))
        assert dict(rules.observation(state, 0).options).items() >= dict(game.quick_options).items()
        counters = empty(game.name)
        keys = [key for key, _ in game.counters]
        assert len(set(keys)) == len(keys) and all(counters[key] == 0 for key in keys)


def test_unknown_game_names_the_known_ones():
    with pytest.raises(ValueError, match="klaberjass, jubmoo, mus, lukfu"):
        get_rules("poker")
    with pytest.raises(KeyError):
        registry.entry("poker")


def test_the_registry_is_pure_data():
    """Tools read it without a screen, and the rules and AI read it too: importing it loads
    nothing of the program's but ``game.options`` (no pygame, no rules, AI or scenes)."""
    code = ("import sys, game.registry; "
            "print(sorted(m for m in sys.modules if m == 'pygame' or m.startswith('game.')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['game.options', 'game.registry']"


def test_no_other_module_lists_the_games():
    """The games are named once, in game/registry.py (and in each game's own files)."""
    pattern = '"klaberjass", "jubmoo"'
    offenders = [str(path.relative_to(ROOT)) for path in (ROOT / "game").rglob("*.py")
                 if pattern in path.read_text(encoding="utf-8")]
    assert offenders == []


def test_the_screens_follow_the_registry(make_app):
    app = make_app("*")
    menu = app.screen_text()
    for number, game in enumerate(registry.GAMES, start=1):
        assert f"{number}  {game.title}" in menu
    app.press("t")  # statistics: one column per game
    heading = app.screen_text().splitlines()[2].split()
    assert " ".join(heading) == " ".join(g.short for g in registry.GAMES)
