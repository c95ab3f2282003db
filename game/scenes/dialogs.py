"""Small dialogs drawn over whatever is on screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.app.keys import Key
from game.app.scene import Scene
from game.scenes.widgets import dialog
from game.screen import palette
from game.screen.canvas import TextCanvas

if TYPE_CHECKING:
    from game.app.app import App


class QuitDialog(Scene):
    """F7: quit the table to the menu, or from the menu quit the program. Y or N."""

    transparent = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        from game.scenes.menu import MenuScene

        below = app.stack.scenes[:]
        self.leaving_table = any(getattr(s, "is_table", False) for s in below)
        self.at_menu = not self.leaving_table and any(isinstance(s, MenuScene) for s in below)
        app.sound("select")

    @property
    def question(self) -> str:
        if self.leaving_table:
            return "Leave this game for the menu? (Y/N)"
        return "Quit the card parlour? (Y/N)"

    def on_key(self, key: Key) -> None:
        if key.typed == "Y":
            self.app.stack.pop()
            if self.leaving_table:
                from game.scenes.menu import MenuScene

                menu = self.app.stack.find(MenuScene)
                if menu is not None:
                    self.app.stack.pop_to(menu)
                else:
                    self.app.quit()
            else:
                self.app.quit()
        elif key.typed == "N" or key.is_cancel:
            self.app.stack.pop()

    def draw(self, canvas: TextCanvas) -> None:
        text = self.question
        col, row = dialog(canvas, len(text) + 6, 5, "Quit", bg=palette.RED)
        canvas.text(col + 1, row + 1, text, palette.WHITE, palette.RED)


class MessageScene(Scene):
    """A box of text; any key closes it."""

    transparent = True

    def __init__(self, app: App, title: str, lines: list[str]) -> None:
        super().__init__(app)
        self.title = title
        self.lines = lines

    def on_key(self, key: Key) -> None:
        self.app.stack.pop()

    def draw(self, canvas: TextCanvas) -> None:
        width = max([len(line) for line in self.lines] + [len(self.title) + 4, 30]) + 4
        col, row = dialog(canvas, width, len(self.lines) + 4, self.title)
        for i, line in enumerate(self.lines):
            canvas.text(col, row + 1 + i, line, palette.WHITE, palette.BLUE)
        canvas.text(col, row + len(self.lines) + 1, "", palette.WHITE, palette.BLUE)


class ResumeDialog(Scene):
    """Choosing a game with a saved match: resume it (Y) or start a new one (N)."""

    transparent = True

    def __init__(self, app: App, game: str) -> None:
        super().__init__(app)
        self.game = game

    def on_key(self, key: Key) -> None:
        from game import registry

        table = registry.table_class(self.game)
        if table is None:
            self.app.stack.pop()
            return
        if key.typed == "Y" or key.is_confirm:
            self.app.stack.pop()
            loaded = self.app.saves.load(self.game)
            self.app.flush_notices()
            if loaded is None:
                self.app.stack.push(table.new(self.app))
            else:
                match, humans = loaded
                self.app.stack.push(table.resume(self.app, match, humans))
        elif key.typed == "N":
            self.app.stack.pop()
            self.app.stack.push(table.new(self.app))
        elif key.is_cancel:
            self.app.stack.pop()

    def draw(self, canvas: TextCanvas) -> None:
        from game import registry

        lines = [f"You have an unfinished {registry.entry(self.game).title} match.",
                 "Resume it where you left it? (Y/N)",
                 "N starts a new match instead; Esc goes back."]
        col, row = dialog(canvas, max(len(line) for line in lines) + 6, len(lines) + 3, "Saved match")
        for i, line in enumerate(lines):
            canvas.text(col + 1, row + 1 + i, line, palette.WHITE, palette.BLUE)
