"""Every game, declared once: the menu, the settings, the options screen, the statistics, the
instructions, attract mode, the AI entry point and the tools (arena, bench, soak) read it here.

Pure data at the bottom of the house: it imports only ``game.options``, so the rules, the AI
and everything above may read it; the rules, AI and table modules are named by their import
paths and loaded when asked for. Adding a game means adding its entry
below and writing that game's own files (docs/adding-a-game.md).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, replace
from typing import Any

from game.options import OptionSpec

# The computer players' strengths, weakest first, and how the options screen names them:
# every game's player offers these (game.ai checks a level against them).
LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
LEVEL_NAMES: tuple[str, ...] = ("Easy", "Normal", "Hard")

# The first row of every game's options page, and the first key of every game's settings.
LEVEL = OptionSpec.choice(
    "easy", LEVELS, LEVEL_NAMES, "Computer plays",
    "Easy plays simple rules of thumb; Normal and Hard think ahead over possible hands, Hard the longest.")


@dataclass(frozen=True)
class GameEntry:
    name: str  # the settings section, the save name, --game
    title: str  # on the menu
    short: str  # options page tab, statistics column, instructions title
    blurb: str  # beside the title on the menu
    rules: str  # module with RULES and OPTION_SPECS
    ai: str  # module with choose and rank(rules, observation, level, rng), and oracle(rules, state, observation, rng)
    table: str  # "module:Class" of its table scene
    help: str  # its F5 text, a file in game/scenes/help/
    sides: int  # who competes: players, or teams (the arena seats A on each side in turn)
    counters: tuple[tuple[str, str], ...]  # its own statistics: (key, label on the statistics screen)
    match_counters: tuple[str, ...] = ()  # those of its counters counted once a match (the others: once a deal)
    options: tuple[tuple[str, OptionSpec], ...] = ()  # the program's own options of this game (not the rules')
    quick_options: tuple[tuple[str, Any], ...] = ()  # rules options of a short match (soak runs)
    # Rules options whose default at this game's table differs from the engine's (which keeps
    # the plain game for tools and tests): the settings, and so every new table match, start here.
    table_defaults: tuple[tuple[str, Any], ...] = ()
    speed_target: float = 0.0  # rules throughput goal, as a fraction of the bench's reference engine

    def menu_blurb(self, people: int = 1) -> str:
        """The words beside the title on the menu; with more than one person at the keyboard
        (a game with the "humans" option), who sits at the table (a tester read "you and 3
        computers" with two people set to play)."""
        if people <= 1:
            return self.blurb
        computers = self.sides - people
        return f"hot seat: {people} people" + (f", {computers} computer{'s' * (computers > 1)}" if computers else "")


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        "klaberjass", 'Klaberjass ("Clobby")', "Klaberjass", "you against the computer",
        "game.rules.klaberjass", "game.ai.klaberjass", "game.scenes.klaberjass_table:KlaberjassTable",
        "klaberjass.txt", sides=2,
        counters=(("makes", "Contracts made"), ("betes", "Contracts bete")),
        options=(("your_hand_on_top", OptionSpec.boolean(
            True, "Your hand is drawn",
            "On top, as the old program draws it, or at the bottom of the screen.",
            off="At the bottom", on="On top")),),
        quick_options=(("game_point", 100),), speed_target=0.8),
    GameEntry(
        "jubmoo", "Jub Moo", "Jub Moo", "catch the pig: you and 3 computers",
        "game.rules.jubmoo", "game.ai.jubmoo", "game.scenes.jubmoo_table:JubMooTable",
        "jubmoo.txt", sides=4,
        counters=(("pigs", "Matches lost as the pig"), ("chuans", "Your Chuans")), match_counters=("pigs",),
        options=(
            ("humans", OptionSpec.choice(
                1, (1, 2, 3, 4), ("1", "2", "3", "4"), "Human players (hot seat)",
                "How many people share the keyboard; a screen hides the hands between their turns.", ordered=True)),
            ("clockwise", OptionSpec.boolean(
                False, "Play clockwise",
                "Play goes round clockwise: after you, the player on your left, then the one opposite, then the "
                "one on your right. West is still drawn on the left and East on the right: only the order of "
                "play and the table's top line (PLAY GOES CLOCKWISE) change.")),
        ),
        quick_options=(("target", -300),), speed_target=0.25),
    GameEntry(
        "mus", "Mus", "Mus", "you and a computer partner vs two",
        "game.rules.mus", "game.ai.mus", "game.scenes.mus_table:MusTable",
        "mus.txt", sides=2,
        counters=(("games_played", "Games played"), ("games_won", "Games won")),
        quick_options=(("target", 30),), table_defaults=(("senas", True),), speed_target=0.25),
    GameEntry(
        "lukfu", "Luk Fu", "Luk Fu", "six tigers: you and 2 computers",
        "game.rules.lukfu", "game.ai.lukfu", "game.scenes.lukfu_table:LukFuTable",
        "lukfu.txt", sides=3,
        counters=(("claims", "Winning claims"), ("draws", "Drawn deals")),
        quick_options=(("deals", 1),), speed_target=0.08),
)
GAME_NAMES: tuple[str, ...] = tuple(game.name for game in GAMES)
_BY_NAME = {game.name: game for game in GAMES}


def entry(name: str) -> GameEntry:
    """The entry of the game called ``name``; KeyError for a name no game has."""
    return _BY_NAME[name]


def max_people(name: str) -> int:
    """How many people can share the keyboard at ``name``'s table: its "humans" option's
    largest choice (hot seat), else one. They hold the first seats, 0 up."""
    spec = dict(entry(name).options).get("humans")
    return max(spec.choices) if spec else 1


def rules_option_specs(name: str) -> dict[str, OptionSpec]:
    """Every rules option of the game, from its rules module (imported on first use)."""
    specs: dict[str, OptionSpec] = importlib.import_module(entry(name).rules).OPTION_SPECS
    return specs


def option_specs(name: str) -> dict[str, OptionSpec]:
    """The game's settings, in options-screen order: the level, the rules options a player sets
    (with the table's defaults, ``GameEntry.table_defaults``), then the program's own options."""
    table = dict(entry(name).table_defaults)
    rules = {key: replace(spec, default=table[key]) if key in table else spec
             for key, spec in rules_option_specs(name).items() if spec.shown}
    return {"level": LEVEL, **rules, **dict(entry(name).options)}


def table_defaults(name: str) -> dict[str, Any]:
    """The rules options of ``name`` whose table default is not the engine's, with that default."""
    return dict(entry(name).table_defaults)


def app_option_keys(name: str) -> frozenset[str]:
    """The keys of the game's settings that are the program's, not the rules module's."""
    return frozenset({"level", *dict(entry(name).options)})


def table_class(name: str) -> type[Any] | None:
    """The table scene class of ``name``, or None while that game has no table yet."""
    module_name, _, cls = entry(name).table.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            return None
        raise
    found: type[Any] = getattr(module, cls)  # a TableScene subclass (game/scenes is not imported here)
    return found


def available() -> list[GameEntry]:
    """The games that can be played now (every game whose table exists)."""
    return [g for g in GAMES if table_class(g.name) is not None]
