"""Which games the menu offers, and the table scene that plays each."""

from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class GameEntry:
    name: str
    title: str
    blurb: str
    table: str  # "module:Class" of its table scene


GAMES: tuple[GameEntry, ...] = (
    GameEntry("klaberjass", 'Klaberjass ("Clobby")', "you against the computer",
              "game.scenes.klaberjass_table:KlaberjassTable"),
    GameEntry("jubmoo", "Jub Moo", "catch the pig: you and 3 computers",
              "game.scenes.jubmoo_table:JubMooTable"),
    GameEntry("mus", "Mus", "you and a computer partner vs two",
              "game.scenes.mus_table:MusTable"),
    GameEntry("lukfu", "Luk Fu", "six tigers: you and 2 computers",
              "game.scenes.lukfu_table:LukFuTable"),
)


def entry(name: str) -> GameEntry:
    for game in GAMES:
        if game.name == name:
            return game
    raise KeyError(name)


def table_class(name: str) -> type | None:
    """The table scene class of ``name``, or None while that game has no table yet."""
    module_name, _, cls = entry(name).table.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            return None
        raise
    found: type = getattr(module, cls)
    return found


def available() -> list[GameEntry]:
    return [g for g in GAMES if table_class(g.name) is not None]
