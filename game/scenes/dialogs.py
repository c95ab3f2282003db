"""Small dialogs drawn over whatever is on screen."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

import pygame

from game.app import storage
from game.app.keys import Key
from game.app.scene import Scene
from game.scenes.widgets import MENU_BOX_TOP, MENU_BOX_W, PLAY_ROWS, dialog
from game.screen import palette
from game.screen.canvas import COLS, TextCanvas

if TYPE_CHECKING:
    from game.app.app import App


class QuitDialog(Scene):
    """F7: quit the table to the menu, or from the menu quit the program. Y or N."""

    transparent = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        below = app.stack.scenes[:]
        self.leaving_table = any(s.is_table for s in below)
        from game.scenes.table import TableScene

        # Said where it is so: the match stays saved to resume (a newcomer mid-deal could not tell).
        # (Also a match over whose result is still to be seen: it resumes there, saved.)
        self.keeps_match = any(isinstance(s, TableScene) and not s.attract and not (s.match.is_over and s.result_shown)
                               for s in below)
        self.game = next((s.game_name for s in below if isinstance(s, TableScene)), "")
        # The demo show is left for what is under it (the menu), as a table is (a newcomer
        # watching a demo table was asked whether to quit the program), in a table's box.
        self.leaving_demo = not self.leaving_table and any(app.shell.is_attract(s) for s in below)
        self.at_menu = not self.leaving_table and not self.leaving_demo and any(getattr(s, "is_menu", False)
                                                                                for s in below)
        app.sound("select")

    @property
    def question(self) -> str:
        # Where nothing can be written, moves played are kept only until the program closes,
        # and that is said where it matters (a tester was told "kept to resume", and lost it);
        # a save already on disk stays as it was.
        unsaved = self.app.saves.unsaved
        if self.leaving_demo:
            return "Leave the demo for the menu? (Y/N)"
        if self.leaving_table:
            if not self.keeps_match:
                return "Leave this game for the menu? (Y/N)"
            if self.game in unsaved:  # (true too of a match with no move of yours yet: a tester)
                return (f"Leave this game? The match is kept until you close the program "
                        f"({self.app.saves.why_unsaved}). (Y/N)")
            return "Leave this game for the menu? The match is kept to resume. (Y/N)"
        # F1 or F9 on the menu are lost too (a tester was told of moves only).
        lost = [what for what, gone in (("moves", unsaved), ("setting changes", self.app.settings.unsaved)) if gone]
        if lost:
            why = self.app.saves.why_unsaved if unsaved else self.app.settings.why_unsaved
            return (f"Quit The Card Parlour? {' and '.join(lost).capitalize()} that could not be saved ({why}) "
                    "are lost. (Y/N)")
        return "Quit The Card Parlour? (Y/N)"

    @property
    def keys(self) -> str:
        return f"Y: {'leave' if self.leaving_table or self.leaving_demo else 'quit'}   N/Esc: stay"

    def on_key(self, key: Key) -> None:
        if key.typed == "Y":
            self.app.stack.pop()
            if self.leaving_demo:
                self.app.end_attract()
            elif self.leaving_table:
                from game.scenes.table import TableScene

                for scene in self.app.stack.scenes:
                    if isinstance(scene, TableScene):
                        scene.on_leave()
                menu = next((s for s in reversed(self.app.stack.scenes) if getattr(s, "is_menu", False)), None)
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
        if self.at_menu:
            menu_question(self, canvas, "Quit", [text], self.keys, palette.RED)
            return
        lines = fit_lines([text], MESSAGE_TEXT_W)  # never past the frame
        inside = max(len(line) for line in lines)
        col, row = dialog(canvas, inside + 6, 5 + len(lines), "Quit", bg=palette.RED)
        for i, line in enumerate(lines):
            canvas.text(col + 1, row + 1 + i, line, palette.WHITE, palette.RED)
        self.key_line(canvas, col + 1 + (inside - len(self.keys)) // 2, row + 2 + len(lines), self.keys,
                      palette.YELLOW, palette.RED)


def menu_question(scene: Scene, canvas: TextCanvas, title: str, lines: list[str], keys: str,
                  bg: int = palette.BLUE) -> None:
    """A question asked over the menu covers its box and the keys under it, which do not answer
    it: a tester read "N Notices" beside "N starts a new match", and pressed O of "O: options"
    to no effect; narrower, the highlight bar and line ends peeked out beside it. Its own keys
    stand a blank row under it, and take clicks (``scene.key_line``)."""
    height = PLAY_ROWS - MENU_BOX_TOP
    col, row = dialog(canvas, MENU_BOX_W, height, title, bg=bg, row=MENU_BOX_TOP)
    inside = MENU_BOX_W - 6
    lines = fit_lines(lines, inside)  # never into the frame
    first = row + (height - 2 - len(lines) - 2) // 2
    for i, line in enumerate(lines):
        canvas.text(col + 1, first + i, line.center(inside), palette.WHITE, bg)
    scene.key_line(canvas, col + 1 + (inside - len(keys)) // 2, first + len(lines) + 1, keys, palette.YELLOW, bg)


MESSAGE_TEXT_W = COLS - 8  # the widest text a message box holds inside a frame, a column clear of it


def fit_lines(lines: list[str], width: int) -> list[str]:
    """Each line as written, unless it is wider than ``width``: then it wraps, keeping its
    indentation, so a box never has to run past its border or the screen's edge."""
    out: list[str] = []
    for line in lines:
        if len(line) <= width:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip(" ")))
        out.extend(textwrap.wrap(line, width, initial_indent="", subsequent_indent=indent))
    return out


class MessageScene(Scene):
    """A box of text; any key (or click) closes it."""

    transparent = True
    click_goes_on = True
    repeating_keys: frozenset[int] = frozenset()  # a held key is no second "any key"

    def __init__(self, app: App, title: str, lines: list[str]) -> None:
        super().__init__(app)
        self.title = title
        self.lines = fit_lines(lines, MESSAGE_TEXT_W)

    def on_key(self, key: Key) -> None:
        self.app.stack.pop()

    def draw(self, canvas: TextCanvas) -> None:
        width = max([len(line) for line in self.lines] + [len(self.title) + 4, 30]) + 4
        width += width % 2  # even, so it sits centred (an odd width came out a column to the left)
        col, row = dialog(canvas, width, len(self.lines) + 4, self.title)
        for i, line in enumerate(self.lines):
            canvas.text(col, row + 1 + i, line, palette.WHITE, palette.BLUE)
        canvas.text(col, row + len(self.lines) + 1, "", palette.WHITE, palette.BLUE)


class NoticeLogScene(Scene):
    """N on the menu: every notice of this run, newest last, to reread at leisure."""

    transparent = True
    click_goes_on = True  # any key but the scrolling ones closes it
    HEIGHT = 16  # text rows shown at once

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.lines: list[str] = []
        # A notice given again and again in a row (F4 pressed on the menu) is listed once, with
        # how many times: a tester found 14 copies of one line.
        runs: list[tuple[str, int]] = []
        for text in app.notice_log:
            if runs and runs[-1][0] == text:
                runs[-1] = (text, runs[-1][1] + 1)
            else:
                runs.append((text, 1))
        for text, times in runs:
            said = f"{text} (x{times})" if times > 1 else text
            self.lines.extend(textwrap.wrap(said, MESSAGE_TEXT_W, initial_indent="- ", subsequent_indent="  "))
        if not self.lines:
            self.lines = ["No notices so far in this session."]
        self.top = max(0, len(self.lines) - self.HEIGHT)  # open on the newest

    def on_key(self, key: Key) -> None:
        last = max(0, len(self.lines) - self.HEIGHT)
        if key.is_up:
            self.top = max(0, self.top - 1)
        elif key.is_down:
            self.top = min(last, self.top + 1)
        elif key.code == pygame.K_PAGEUP:  # pages turn here as they do in the instructions
            self.top = max(0, self.top - self.HEIGHT)
        elif key.code == pygame.K_PAGEDOWN:
            self.top = min(last, self.top + self.HEIGHT)
        else:
            self.app.stack.pop()

    def draw(self, canvas: TextCanvas) -> None:
        shown = self.lines[self.top:self.top + self.HEIGHT]
        col, row = dialog(canvas, COLS - 2, len(shown) + 5, "Notices of this session")  # a blank row, then the keys
        for i, line in enumerate(shown):
            canvas.text(col, row + 1 + i, line, palette.WHITE, palette.BLUE)
        scrolls = len(self.lines) > self.HEIGHT
        # Where the rows shown sit in the log: it opens on the newest, and a tester did not see
        # that the first notices (a damaged file, say) were above.
        where = f"Lines {self.top + 1}-{self.top + len(shown)} of {len(self.lines)}   "
        keys = where + "Up/Down, PgUp/PgDn: scroll   Any other key: close" if scrolls else "Any key: close"
        self.key_line(canvas, col, row + len(shown) + 2, keys, palette.LIGHT_CYAN, palette.BLUE)


class ResumeDialog(Scene):
    """Choosing a game with a saved match: resume it (Y) or start a new one (N)."""

    transparent = True
    opens_table = True  # F2 both ways (with --demo --game it could only turn the demo off: a tester)

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
            if loaded is None:
                # Say at once why the answer Y starts a new match (not later, on the bottom row).
                problems = list(self.app.saves.notices)
                self.app.saves.notices.clear()
                self.app.stack.push(table.new(self.app))
                if problems:
                    for text in problems:
                        self.app.notice_log.append(text)
                    self.app.clear_notices()
                    self.app.stack.push(MessageScene(self.app, "The saved match could not be resumed",
                                                     [*problems, "", "Press any key to play."]))
            else:
                self.app.flush_notices()
                match, humans = loaded
                self.app.stack.push(table.resume(self.app, match, humans, self.app.saves.table_state))
        elif key.typed == "N":
            self.app.stack.pop()
            self.app.stack.push(table.new(self.app))
        elif key.is_cancel:
            self.app.stack.pop()

    def draw(self, canvas: TextCanvas) -> None:
        from game import registry

        lines = [f"You have an unfinished {registry.entry(self.game).title} match.",
                 "Resume it where you left it? (Y/N)"]
        if self.app.saves.why_unsaved == storage.IN_USE:
            # It may be the match the other window is playing: what is played here is not kept
            # there (a reviewer: the offer had not said so).
            lines[1:1] = ["Another window of the program may be playing it:",
                          "what you play here is kept until you close this window."]
        menu_question(self, canvas, "Saved match", lines, "Y: resume   N: new match   Esc: back")
