"""The game menu: pick one of the four games, the options, the instructions, or quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import registry
from game.app.keys import Key
from game.app.scene import Scene
from game.scenes.widgets import MENU_BOX_TOP, MENU_BOX_W, big_text, title_bar
from game.screen import glyphs, palette
from game.screen.canvas import COLS, TextCanvas

if TYPE_CHECKING:
    from game.app.app import App


MENU_FIRST_ROW = MENU_BOX_TOP + 2  # the first game's row


class MenuScene(Scene):
    allow_attract = True
    is_menu = True  # F7 from a table comes back here (the quit dialog looks for it by this mark)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.cursor = 0
        self.message = ""
        self.saved_notice = ""  # the start's notice of unfinished matches, withdrawn once a game is chosen

    def items(self) -> list[tuple[str, str, str]]:
        """(key, label, action) rows of the menu."""
        rows = [(str(i + 1), game.title, f"game:{game.name}") for i, game in enumerate(registry.GAMES)]
        rows.append(("S", "Score Tester (Jub Moo)", "score-tester"))
        rows.append(("O", "Options", "options"))
        rows.append(("T", "Statistics", "statistics"))
        rows.append(("N", "Notices of this session", "notices"))
        rows.append(("Q", "Quit", "quit"))
        return rows

    def on_key(self, key: Key) -> None:
        items = self.items()
        self.message = ""
        if key.is_up:
            self.cursor = (self.cursor - 1) % len(items)
            self.app.sound("click")
        elif key.is_down:
            self.cursor = (self.cursor + 1) % len(items)
            self.app.sound("click")
        elif key.is_confirm:
            self.choose(items[self.cursor][2])
        elif key.is_cancel:
            self.choose("quit")
        else:
            for i, (k, _, action) in enumerate(items):
                if key.typed == k:
                    self.cursor = i
                    self.choose(action)
                    return

    def on_click(self, col: int, row: int) -> None:
        """A click on a row of the menu chooses it, as its key does (a tester's clicked nothing)."""
        items = self.items()
        index = row - MENU_FIRST_ROW
        if 0 <= index < len(items) and (COLS - MENU_BOX_W) // 2 < col < (COLS + MENU_BOX_W) // 2:
            self.cursor = index
            self.choose(items[index][2])
            return
        super().on_click(col, row)  # the title bar's "F5: help"

    def choose(self, action: str) -> None:
        if action.startswith("game:"):
            self.start_game(action[5:])
        elif action == "options":
            from game.scenes.options import OptionsScene

            self.app.stack.push(OptionsScene(self.app))
        elif action == "score-tester":
            from game.scenes.score_tester import ScoreTesterScene

            self.app.stack.push(ScoreTesterScene(self.app))
        elif action == "statistics":
            from game.scenes.statistics import StatisticsScene

            self.app.stack.push(StatisticsScene(self.app))
        elif action == "notices":
            from game.scenes.dialogs import NoticeLogScene

            self.app.stack.push(NoticeLogScene(self.app))
        elif action == "quit":
            from game.scenes.dialogs import QuitDialog

            self.app.stack.push(QuitDialog(self.app))

    def on_top(self) -> None:
        """Back on the menu: F2's demo mode (the computer playing your seat) ends with the table
        it played at, so the next game you choose is yours, and F2 here watches demo games."""
        self.app.set_demo(False)

    def start_game(self, name: str) -> None:
        # The game's row is the one highlighted, also when --game started it (a tester's saved
        # Jub Moo match was asked about over Klaberjass's row, where Esc then went back).
        self.cursor = [action for _, _, action in self.items()].index(f"game:{name}")
        table = registry.table_class(name)
        if table is None:
            self.message = f"{registry.entry(name).title} is still being built; it is not playable yet."
            self.app.sound("buzz")
            return
        self.app.sound("select")
        if self.saved_notice:  # its advice is taken: it goes from the bottom row (it had stayed
            self.app.withdraw_notice(self.saved_notice)  # over the resumed match: a tester)
            self.saved_notice = ""
        if self.app.saves.exists(name):
            from game.scenes.dialogs import ResumeDialog

            self.app.stack.push(ResumeDialog(self.app, name))
            return
        self.app.stack.push(table.new(self.app))

    def draw(self, canvas: TextCanvas) -> None:
        canvas.fill(0, 1, COLS, 23, " ", palette.WHITE, palette.BLUE)
        # Written as the other screens' "Esc: back", and a click on it is F5 (a tester's did nothing).
        title_bar(canvas, "THE CARD PARLOUR", "", "F5: help", bg=palette.CYAN, fg=palette.BLACK, keys_of=self)
        for i, line in enumerate(big_text("CARDS")):
            canvas.text(20, 2 + i, line, palette.YELLOW, palette.BLUE)
        suits = f"{glyphs.SPADE} {glyphs.HEART} {glyphs.CLUB} {glyphs.DIAMOND}"
        canvas.text(62, 4, suits, palette.WHITE, palette.BLUE)
        canvas.text(62, 5, f"{glyphs.OROS} {glyphs.COPAS} {glyphs.ESPADAS} {glyphs.BASTOS}", palette.WHITE,
                    palette.BLUE)
        canvas.box((COLS - MENU_BOX_W) // 2, MENU_BOX_TOP, MENU_BOX_W, 12, fg=palette.LIGHT_CYAN, bg=palette.BLUE,
                   double=True)
        canvas.centre(MENU_BOX_TOP, " Choose a game ", palette.YELLOW, palette.BLUE)
        available = {g.name for g in registry.available()}
        for i, (key, label, action) in enumerate(self.items()):
            row = MENU_FIRST_ROW + i
            selected = i == self.cursor
            playable = not action.startswith("game:") or action[5:] in available
            fg = palette.WHITE if playable else palette.DARK_GREY
            bg = palette.BLUE
            if selected:
                fg, bg = palette.BLACK, palette.GREY
            canvas.fill(8, row, 64, 1, " ", fg, bg)
            canvas.text(9, row, key, palette.RED if selected else palette.YELLOW, bg)
            canvas.text(12, row, label, fg, bg)
            if action.startswith("game:"):
                game = registry.entry(action[5:])
                people = int(self.app.settings.get(game.name, "humans")) if any(
                    key == "humans" for key, _ in game.options) else 1
                blurb = game.menu_blurb(people) if playable else "(not playable yet)"
                if playable and self.app.saves.exists(action[5:]):
                    # Played on in this run where the folder cannot be written, its new moves
                    # are kept in memory only (a tester read "saved", and lost them).
                    unsaved = action[5:] in self.app.saves.unsaved
                    blurb = "(unfinished; moves not saved)" if unsaved else "(unfinished match saved)"
                canvas.text(36, row, blurb[:35], fg, bg)
        hint = self.message or "Number or arrows + Enter.  O: options.  F2: watch a demo."
        canvas.centre(22, hint, palette.LIGHT_CYAN if not self.message else palette.YELLOW, palette.BLUE)
