"""Attract mode: demo games of every playable game in turn, until a key is pressed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game import registry
from game.app.keys import Key
from game.app.scene import Scene
from game.screen import palette
from game.screen.canvas import COLS, TextCanvas

if TYPE_CHECKING:
    from game.app.app import App
    from game.scenes.table import TableScene

DEALS_PER_GAME = 2


class AttractScene(Scene):
    click_goes_on = True  # any key ends it, so a click does
    repeating_keys: frozenset[int] = frozenset()  # a held key is no second "any key"
    def __init__(self, app: App, start: int = 0) -> None:
        super().__init__(app)
        self.index = start
        self.blink = 0.0
        self.table = self._next_table()

    @property
    def game_name(self) -> str | None:  # type: ignore[override]
        return self.table.game_name

    def _next_table(self) -> TableScene[Any]:
        games = registry.available()
        entry = games[self.index % len(games)]
        cls = registry.table_class(entry.name)
        assert cls is not None
        table: TableScene[Any] = cls.new(self.app, attract=True)
        return table

    def on_key(self, key: Key) -> None:
        self.app.stack.pop()

    def update(self, dt: float) -> None:
        self.blink += dt
        self.app.keep_active()
        self.table.update(dt)
        if self.table.finished or (self.table.deals_seen >= DEALS_PER_GAME and self.table.panel is None):
            self.index += 1
            self.table = self._next_table()

    def draw(self, canvas: TextCanvas) -> None:
        self.table.draw(canvas)
        if int(self.blink * 2) % 2 == 0:
            # F-keys keep their work here (F8/F9 set the show's pace), so the banner says which
            # keys end it (a tester's F10 changed the border under "press any key").
            label = " DEMO - press any key but an F-key "
            canvas.text((COLS - len(label)) // 2, 23, label, palette.WHITE, palette.RED)
