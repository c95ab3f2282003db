"""F5: the instructions for the game on screen, paged, drawn over the table.

The texts live beside this module in ``help/`` (each game's file is named in the game
registry; written by us from the rules files); every game's pages end with the pages on
the keys, from ``help/keys.txt``. They are shown exactly as written: a line '---' starts a
new page, and nothing is re-wrapped, so hanging indents and tables stay aligned. The text
is written to fit (TEXT_W columns, LINES_PER_PAGE lines a page);
tests/scenes/test_help_pages.py checks that it does.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import registry
from game.app.keys import Key
from game.app.scene import Scene
from game.scenes.table import TableScene
from game.scenes.widgets import dialog
from game.screen import palette
from game.screen.canvas import COLS, TextCanvas

if TYPE_CHECKING:
    from game.app.app import App

HELP_DIR = Path(__file__).resolve().parent / "help"
BOX_W, BOX_H = COLS - 2, 23
TEXT_W = BOX_W - 4
LINES_PER_PAGE = BOX_H - 4
PROGRAM_TITLE = "The Card Parlour"


def text_pages(text: str) -> list[list[str]]:
    """A help text's pages: its lines as written, cut at the '---' lines.

    Blank lines before a '---' (or at the end) are dropped: they show nothing.
    """
    pages: list[list[str]] = [[]]
    for line in text.split("\n"):
        if line.strip() == "---":
            pages.append([])
        else:
            pages[-1].append(line.rstrip())
    for page in pages:
        while page and not page[-1]:
            page.pop()
    return pages


def help_pages(game: str | None) -> list[list[str]]:
    """The pages for ``game`` (None: the program itself), then the pages on the keys."""
    names = [registry.entry(game).help if game else "program.txt", "keys.txt"]
    pages: list[list[str]] = []
    for name in names:
        path = HELP_DIR / name
        if path.exists():
            pages += text_pages(path.read_text(encoding="utf-8"))
    return pages


def options_page(game: str, options: dict[str, Any], own: dict[str, Any] | None = None) -> list[str]:
    """A first page naming the options of the match on screen that differ from the usual ones,
    its rules ``options`` and the game's ``own`` options at its table (Jub Moo's way round),
    since the pages after it describe the usual game (a tester read "every 3 plays as a king"
    at a table of four kings); nothing when the match has the usual options."""
    specs = registry.rules_option_specs(game)
    usual = {key: spec.default for key, spec in specs.items()} | registry.table_defaults(game)
    # An option with no effect under the others (the catch of señas with señas off) is left
    # out: a tester read it as a rule in force.
    changed = [(spec.label, spec.name_of(options[key])) for key, spec in specs.items()
               if spec.shown and key in options and options[key] != usual.get(key) and spec.applies(options)]
    changed += [(spec.label, spec.name_of((own or {})[key])) for key, spec in registry.entry(game).options
                if key in (own or {}) and (own or {})[key] != spec.default]
    if not changed:
        return []
    width = max(34, *(len(label) + 2 for label, _ in changed))  # a long label keeps a gap before its value
    return ["THIS TABLE'S OPTIONS", "",
            "The pages that follow describe the game with its usual options. This",
            "match is played with:", "",
            *(f"  {label:<{width}}{value}" for label, value in changed), "",
            "Where an option changes a rule, its explanation says how: O on the",
            "menu, then F5 on the option's row."]


def is_heading(line: str) -> bool:
    """A heading is written in capitals from the first column ("  J♦  +100" is a table row),
    and ends no sentence ("BIDDING)." ends a cross-reference: a tester saw it yellow)."""
    return line.isupper() and not line.startswith(" ") and not line.rstrip().endswith(".")


class HelpScene(Scene):
    # The pages cover the screen on black: drawn over the scene below, its title bar and frame
    # had peeked out at the corners and under the box, like leftovers (noticed by a tester).
    transparent = False

    def __init__(self, app: App, game: str | None) -> None:
        super().__init__(app)
        self.game = game
        self.pages = help_pages(game)
        tables = [scene for scene in app.stack.scenes if isinstance(scene, TableScene) and scene.game_name == game]
        if game and tables:
            first = options_page(game, dict(tables[-1].match.options), tables[-1].table_options())
            self.pages = [first, *self.pages] if first else self.pages
        self.page = 0

    def on_key(self, key: Key) -> None:
        last = len(self.pages) - 1
        if key.is_cancel:
            self.app.stack.pop()
        elif key.is_right or key.is_down or key.code == pygame.K_PAGEDOWN or key.is_confirm:
            if self.page == last and key.is_confirm:
                self.app.stack.pop()
            else:
                self.page = min(last, self.page + 1)
        elif key.is_left or key.is_up or key.code == pygame.K_PAGEUP:
            self.page = max(0, self.page - 1)
        elif key.code == pygame.K_HOME:
            self.page = 0
        elif key.code == pygame.K_END:
            self.page = last
        elif key.typed == "T" and self.game == "jubmoo":
            from game.scenes.score_tester import ScoreTesterScene

            below = self.app.stack.scenes[-2] if len(self.app.stack.scenes) > 1 else None
            if isinstance(below, ScoreTesterScene):
                self.app.stack.pop()  # back to the tester the instructions were opened from
            else:
                self.app.stack.push(ScoreTesterScene(self.app))

    def draw(self, canvas: TextCanvas) -> None:
        title = f"Instructions: {registry.entry(self.game).short if self.game else PROGRAM_TITLE}"
        canvas.fill(0, 0, COLS, BOX_H + 1, " ", palette.GREY, palette.BLACK)
        col, row = dialog(canvas, BOX_W, BOX_H, title, fg=palette.WHITE, bg=palette.BLUE, row=0)
        for i, line in enumerate(self.pages[self.page]):
            fg = palette.YELLOW if is_heading(line) else palette.WHITE
            canvas.text(col, row + i, line, fg, palette.BLUE)
        page = f" Page {self.page + 1} of {len(self.pages)}   "
        footer = f"{page}PgDn/PgUp or arrows: turn   Esc: close "
        if self.game == "jubmoo":
            footer = f"{page}PgDn/PgUp, arrows: turn   T: Score Tester   Esc: close "
        self.key_line(canvas, (COLS - len(footer)) // 2, BOX_H - 1, footer, palette.LIGHT_CYAN, palette.BLUE)
