"""The statistics screen: each game's matches, deals, best and worst scores, and its own
counters. R resets one game's or all of them (which, then a Y/N question)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.app.keys import Key
from game.app.scene import Scene
from game.app.stats import COMMON_ROWS
from game.registry import GAMES, entry
from game.scenes.widgets import dialog, title_bar
from game.screen import palette
from game.screen.canvas import COLS, TextCanvas

if TYPE_CHECKING:
    from game.app.app import App

def shown(value: Any) -> str:
    return "-" if value is None else str(value)


class StatisticsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        # The reset being asked about: "which" (one game's or all: a tester could only reset
        # all, losing one game's record to restart another's), then a game's name or "all".
        self.asking: str | None = None

    @property
    def confirm_reset(self) -> bool:
        return self.asking is not None

    def on_key(self, key: Key) -> None:
        if self.asking == "which":
            number = int(key.typed) if key.typed.isdigit() else 0
            if 1 <= number <= len(GAMES):
                self.asking = GAMES[number - 1].name
            elif key.typed == "A":
                self.asking = "all"
            elif key.is_cancel:
                self.asking = None
            return
        if self.asking is not None:
            # Only the answers named do anything: a stray key neither resets nor quietly keeps
            # (a tester's Enter closed the question with no word of what it had done).
            if key.typed == "Y":
                whose = None if self.asking == "all" else self.asking
                self.app.stats.reset(whose)
                self.app.flush_notices()
                self.app.notice("Every game's statistics were reset." if whose is None
                                else f"{entry(whose).short}'s statistics were reset.")
                self.app.sound("select")
            if key.typed in ("Y", "N") or key.is_cancel:
                self.asking = None
            return
        if key.typed == "R":
            self.asking = "which"
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
        keys = "R: reset statistics   Esc: back"
        if self.asking is None:
            self.key_line(canvas, 2, 21, keys, palette.LIGHT_CYAN, palette.BLUE)
            return
        canvas.text(2, 21, keys, palette.LIGHT_CYAN, palette.BLUE)  # under the question, not its keys
        if self.asking == "which":
            question = "Reset the statistics of which game?"
            answers = "  ".join(f"{i}: {game.short}" for i, game in enumerate(GAMES, 1)) + "  A: all  Esc: keep"
        else:
            whose = "every game's" if self.asking == "all" else f"{entry(self.asking).short}'s"
            question, answers = f"Reset {whose} statistics? (Y/N)", "Y: reset   N/Esc: keep"
        width = max(len(question), len(answers))
        col, top = dialog(canvas, width + 6, 6, "Reset", bg=palette.RED)
        canvas.text(col + 1 + (width - len(question)) // 2, top + 1, question, palette.WHITE, palette.RED)
        self.key_line(canvas, col + 1 + (width - len(answers)) // 2, top + 3, answers, palette.YELLOW,
                      palette.RED)
