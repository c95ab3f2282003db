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
