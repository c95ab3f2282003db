"""The statistics screen: each game's matches, deals, best and worst scores, and its own
counters. R resets them (after a Y/N question)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.app.keys import Key
from game.app.scene import Scene
from game.registry import GAMES
from game.scenes.widgets import dialog, title_bar
from game.screen import palette
from game.screen.canvas import COLS, TextCanvas

if TYPE_CHECKING:
    from game.app.app import App

COMMON_ROWS = (("matches_played", "Matches played"), ("matches_won", "Matches won"),
               ("deals_played", "Deals played"), ("deals_won", "Deals won"),
               ("best_score", "Best match score"), ("worst_score", "Worst match score"),
               ("deals_hinted", "Deals with hints"))


def shown(value: Any) -> str:
    return "-" if value is None else str(value)


class StatisticsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.confirm_reset = False

    def on_key(self, key: Key) -> None:
        if self.confirm_reset:
            if key.typed == "Y":
                self.app.stats.reset()
                self.app.flush_notices()
                self.app.sound("select")
            self.confirm_reset = False
            return
        if key.typed == "R":
            self.confirm_reset = True
        elif key.is_cancel or key.is_confirm:
            self.app.stack.pop()

    def draw(self, canvas: TextCanvas) -> None:
        canvas.fill(0, 1, COLS, 23, " ", palette.WHITE, palette.BLUE)
        title_bar(canvas, "STATISTICS", "", "Esc: back", bg=palette.CYAN, fg=palette.BLACK, keys_of=self)
        first, width = 26, 13
        for i, game in enumerate(GAMES):
            canvas.text(first + i * width, 2, game.short.rjust(width - 2), palette.YELLOW, palette.BLUE)
        canvas.text(2, 3, "─" * (COLS - 4), palette.LIGHT_CYAN, palette.BLUE)
        row = 4
        for key, label in COMMON_ROWS:
            canvas.text(2, row, label, palette.WHITE, palette.BLUE)
            for i, game in enumerate(GAMES):
                text = shown(self.app.stats.games[game.name][key]).rjust(width - 2)
                canvas.text(first + i * width, row, text, palette.WHITE, palette.BLUE)
            row += 1
        canvas.text(2, row, "─" * (COLS - 4), palette.LIGHT_CYAN, palette.BLUE)
        row += 1
        for i, game in enumerate(GAMES):
            for key, label in game.counters:
                canvas.text(2, row, label, palette.WHITE, palette.BLUE)
                canvas.text(first + i * width, row, shown(self.app.stats.games[game.name][key]).rjust(width - 2),
                            palette.LIGHT_GREEN, palette.BLUE)
                row += 1
        # Every reason a match or deal is left out, so that zeros are never unexplained (a tester
        # found his hot-seat matches uncounted, with no word of why).
        canvas.text(2, 22, "Not counted: demo, F2 play, replayed or thrown-in deals, hot-seat matches.",
                    palette.LIGHT_CYAN, palette.BLUE)
        canvas.text(2, 23, "A deal with a hint (F4) counts apart; a match with a hint or replay is not.",
                    palette.LIGHT_CYAN, palette.BLUE)
        keys = "R: reset all statistics   Esc: back"
        if not self.confirm_reset:
            self.key_line(canvas, 2, 21, keys, palette.LIGHT_CYAN, palette.BLUE)
            return
        canvas.text(2, 21, keys, palette.LIGHT_CYAN, palette.BLUE)  # under the question, not its keys
        question, answers = "Reset every game's statistics? (Y/N)", "Y: reset   N/Esc: keep"
        col, top = dialog(canvas, len(question) + 6, 6, "Reset", bg=palette.RED)
        canvas.text(col + 1, top + 1, question, palette.WHITE, palette.RED)
        self.key_line(canvas, col + 1 + (len(question) - len(answers)) // 2, top + 3, answers, palette.YELLOW,
                      palette.RED)
