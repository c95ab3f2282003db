"""What every game's table has in common: seats, pacing, the computer's turns, panels.

A table holds a ``Match`` and draws the observation of the seat at the keyboard (never the
state). Computer seats ask the AI worker and wait the F8/F9 delay, overlapping the two; a
finished trick is held on screen; a deal summary and the match result are panels the table
draws over itself, so the same table works on the stack and inside the demo (attract) show.

A game's table subclasses this and writes ``draw_table``, ``table_key``, ``describe`` (the
message after an action), ``summary_lines`` and ``result_lines``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.app.keys import Key
from game.app.match import Match
from game.app.scene import Scene
from game.rules import IllegalAction
from game.scenes.widgets import dialog
from game.screen import palette
from game.screen.canvas import COLS, TextCanvas

if TYPE_CHECKING:
    from game.app.app import App

ATTRACT_DELAY = 0.6
MIN_TRICK_HOLD = 1.0  # seconds a finished trick stays on screen, at least
ATTRACT_TRICK_HOLD = 0.8


@dataclass(frozen=True)
class Choice:
    """One labelled decision on the prompt line: its hot key, its words, its action."""

    key: str
    label: str
    action: str


@dataclass
class Panel:
    """A box over the table: a deal summary, the match result, a question."""

    title: str
    lines: list[tuple[str, int]]
    prompt: str = "Press any key to continue"
    auto_seconds: float | None = None  # closes by itself after this long (demo)
    on_key: Callable[[Key], bool] | None = None  # returns True when the key closes the panel
    on_close: Callable[[], None] | None = None
    width: int = 0


class TableScene(Scene):
    is_table = True
    game_name = ""

    @classmethod
    def new(cls, app: App, attract: bool = False) -> TableScene:
        """A table with a fresh match, its options from the settings."""
        options = app.settings.game_options(cls.game_name)
        options["replay"] = False if attract else bool(app.settings.get("play", "replay"))
        match = Match(cls.game_name, app.new_seed(), options)
        return cls(app, match, attract=attract)

    @classmethod
    def resume(cls, app: App, match: Match, humans: tuple[int, ...]) -> TableScene:
        """A table for a saved match, exactly where it was left."""
        return cls(app, match, humans=humans)

    def __init__(self, app: App, match: Match, attract: bool = False, humans: tuple[int, ...] = (0,)) -> None:
        super().__init__(app)
        self.match = match
        self.attract = attract
        self.humans = frozenset(humans)
        self.viewer = min(self.humans) if self.humans else 0
        self.obs = match.observation(self.viewer)
        self.ticket: int | None = None
        self.ticket_seat: int | None = None
        self.wait = 0.0
        self.hold = 0.0
        self.panel: Panel | None = None
        self.message = ""
        self.cursor = 0  # the highlighted card of the hand
        self.choice_cursor = 0  # the highlighted labelled choice
        self.finished = False  # the match is over and its result was dismissed
        self.deals_seen = 0
        self.result_shown = False
        self.frozen_obs: Any = None  # the finished deal's last view, kept under its summary
        self.deal_counts = not attract  # False once the deal is replayed or the computer played for you
        self.human_decided = False  # the human made a decision in this match (statistics)

    @property
    def view(self) -> Any:
        """The observation to draw: the current one, or the finished deal under its summary."""
        return self.frozen_obs if self.frozen_obs is not None else self.obs

    # ---- who decides ----
    def computer_plays(self, seat: int) -> bool:
        return self.attract or self.app.demo or seat not in self.humans

    @property
    def level(self) -> str:
        return str(self.app.settings.get(self.game_name, "level"))

    def move_delay(self) -> float:
        return ATTRACT_DELAY if self.attract else self.app.delay

    @property
    def human_to_act(self) -> bool:
        seat = self.match.current_player
        return seat is not None and not self.computer_plays(seat) and self.panel is None and self.hold <= 0

    # ---- time ----
    def update(self, dt: float) -> None:
        if self.panel is not None:
            if self.panel.auto_seconds is not None:
                self.app.keep_active()
                self.panel.auto_seconds -= dt
                if self.panel.auto_seconds <= 0:
                    self.close_panel()
            return
        if self.hold > 0:
            self.app.keep_active()
            self.hold -= dt
            if self.hold <= 0:
                self.on_hold_over()
            return
        if self.match.is_over:
            if not self.result_shown:
                self.show_result()
            return
        seat = self.match.current_player
        if seat is None:
            return
        if not self.computer_plays(seat):
            self._cancel_ticket()
            return
        self.app.keep_active()
        if self.ticket is None or self.ticket_seat != seat:
            self._cancel_ticket()
            obs = self.match.observation(seat)
            self.ticket = self.app.ai.request(self.game_name, obs, self.level, self.match.decision_seed())
            self.ticket_seat = seat
            self.wait = self.move_delay()
        self.wait -= dt
        if self.wait > 0:
            return
        action, error = self.app.ai.poll(self.ticket)
        if action is None and error is None:
            return
        self.ticket = None
        if error or action is None:
            self.app.notice(f"Computer player error ({error}); it plays its first legal move.")
            action = self.match.observation(seat).legal_actions[0]
        self.perform(seat, action)

    def _cancel_ticket(self) -> None:
        if self.ticket is not None:
            self.app.ai.cancel(self.ticket)
            self.ticket = None
            self.ticket_seat = None

    def hold_trick(self) -> None:
        """Keep a finished trick on screen long enough to read (any key goes on)."""
        self.hold = ATTRACT_TRICK_HOLD if self.attract else max(MIN_TRICK_HOLD, self.app.delay)

    def on_hold_over(self) -> None:
        """The pause after a trick ended."""

    # ---- acting ----
    def perform(self, seat: int, action: str) -> bool:
        """Apply ``action`` for ``seat``; False (with a buzz and the reason) if it is illegal."""
        before = self.obs
        if seat in self.humans and not self.attract:
            if self.app.demo:
                self.deal_counts = False
            else:
                self.human_decided = True
        if action == "replay":
            self.deal_counts = False
        try:
            self.match.apply(action)
        except IllegalAction as exc:
            self.message = str(exc)
            self.app.sound("buzz")
            return False
        self.obs = self.match.observation(self.viewer)
        self.save()
        self.after_action(seat, action, before, self.obs)
        last = getattr(self.obs, "last_deal", None)
        # A new last_deal means a deal just ended; after "replay" it only means the replayed
        # deal's result was taken back (engines differ in that), which is no new summary.
        if action != "replay" and last is not None and last != getattr(before, "last_deal", None):
            self.deals_seen += 1
            self.count_deal(last)
            self.frozen_obs = before
            self.show_summary(last)
        self.cursor = max(0, min(self.cursor, len(self.obs.hand) - 1))
        return True

    def save(self) -> None:
        """Keep the match on disk after every action; a finished match leaves no save."""
        if self.attract:
            return
        if self.match.is_over:
            self.app.saves.delete(self.game_name)
        else:
            self.app.saves.write(self.match, tuple(sorted(self.humans)))
        self.app.flush_notices()

    def human_act(self, action: str) -> bool:
        """The human at the keyboard chose ``action``."""
        if not self.human_to_act:
            return False
        seat = self.match.current_player
        assert seat is not None
        return self.perform(seat, action)

    def after_action(self, seat: int, action: str, before: Any, after: Any) -> None:
        """Messages, sounds and the trick hold after an action (games refine it)."""
        self.message = self.describe(seat, action, before, after)

    def describe(self, seat: int, action: str, before: Any, after: Any) -> str:
        return f"{self.seat_name(seat)}: {action}"

    def seat_name(self, seat: int) -> str:
        return "You" if seat == self.viewer else f"Player {seat + 1}"

    # ---- keys ----
    def on_key(self, key: Key) -> None:
        if self.panel is not None:
            self._panel_key(key)
            return
        if self.hold > 0:
            self.hold = 0.0  # any key ends the pause after a trick
            self.on_hold_over()
            return
        if not self.human_to_act:
            return
        legal = self.obs.legal_actions
        if "replay" in legal and key.typed == "R":
            self.human_act("replay")
            return
        if "continue" in legal and (key.typed == "C" or key.is_confirm):
            self.human_act("continue")
            return
        self.table_key(key)

    def table_key(self, key: Key) -> None:
        """Keys for the game's own decisions."""

    def _panel_key(self, key: Key) -> None:
        panel = self.panel
        assert panel is not None
        if panel.on_key is None or panel.on_key(key):
            self.close_panel()

    # ---- labelled choices (bids, answers, bets) ----
    def choice_key(self, key: Key, choices: list[Choice]) -> bool:
        """Hot key, or Left/Right then Enter, picks a choice; True if the key was used."""
        if not choices:
            return False
        self.choice_cursor = min(self.choice_cursor, len(choices) - 1)
        for choice in choices:
            if key.typed and key.typed == choice.key:
                self.human_act(choice.action)
                self.choice_cursor = 0
                return True
        if key.is_left:
            self.choice_cursor = (self.choice_cursor - 1) % len(choices)
            return True
        if key.is_right:
            self.choice_cursor = (self.choice_cursor + 1) % len(choices)
            return True
        if key.is_confirm:
            action = choices[self.choice_cursor].action
            self.choice_cursor = 0
            self.human_act(action)
            return True
        return False

    def draw_choices(self, canvas: TextCanvas, col: int, row: int, choices: list[Choice],
                     fg: int = palette.WHITE, bg: int = palette.GREEN) -> int:
        """Draw ``K Label`` items; the one under the cursor in reverse video."""
        cursor = min(self.choice_cursor, max(0, len(choices) - 1))
        for i, choice in enumerate(choices):
            selected = i == cursor
            key_fg, text_fg, back = (palette.RED, palette.BLACK, palette.GREY) if selected else (palette.YELLOW, fg, bg)
            col = canvas.text(col, row, choice.key, key_fg, back)
            col = canvas.text(col, row, " " + choice.label, text_fg, back)
            col += 2
        return col

    # ---- panels ----
    def show_panel(self, panel: Panel) -> None:
        if self.attract or (self.app.demo and panel.auto_seconds is None):
            panel.auto_seconds = max(3.0, 2 * self.move_delay())
        self.panel = panel

    def close_panel(self) -> None:
        panel, self.panel = self.panel, None
        self.frozen_obs = None
        if panel is not None and panel.on_close is not None:
            panel.on_close()

    def show_summary(self, last_deal: Any) -> None:
        self.show_panel(Panel(f"Deal {getattr(last_deal, 'deal_number', '')} summary", self.summary_lines(last_deal)))

    # ---- statistics ----
    def count_deal(self, last_deal: Any) -> None:
        """Add a finished deal to the statistics, if it was really played."""
        if self.deal_counts:
            counted = self.deal_stats(last_deal)
            if counted is not None:
                won, extra = counted
                self.app.stats.record_deal(self.game_name, won, extra)
                self.app.flush_notices()
        self.deal_counts = not self.attract

    def count_match(self) -> None:
        if self.attract or not self.human_decided:
            return
        self.app.stats.record_match(self.game_name, self.human_won(), self.human_score(), self.match_extra())
        self.app.flush_notices()

    def deal_stats(self, last_deal: Any) -> tuple[bool, dict[str, int]] | None:
        """(did the human win this deal, game-specific counters); None: do not count."""
        return None

    def human_score(self) -> int:
        return int(self.match.rules.match_scores(self.match.state)[self.viewer])

    def match_extra(self) -> dict[str, int]:
        return {}

    def show_result(self) -> None:
        self.result_shown = True
        self.count_match()
        self.app.sound("won" if self.human_won() else "lost")

        def key(key: Key) -> bool:
            if key.is_cancel or key.typed == "M":
                self._leave()
                return True
            if key.is_confirm or key.typed == "N":
                self._restart()
                return True
            return False

        self.show_panel(Panel("Match over", self.result_lines(), "Enter: new match    Esc: back to the menu",
                              on_key=None if self.attract else key, on_close=self._finish))

    def _finish(self) -> None:
        self.finished = True

    def _leave(self) -> None:
        self.app.stack.remove(self)

    def _restart(self) -> None:
        fresh = type(self).new(self.app)
        if self in self.app.stack.scenes:
            index = self.app.stack.scenes.index(self)
            self.app.stack.scenes[index] = fresh

    def human_won(self) -> bool:
        return False

    def summary_lines(self, last_deal: Any) -> list[tuple[str, int]]:
        return [(str(last_deal), palette.WHITE)]

    def result_lines(self) -> list[tuple[str, int]]:
        return [(f"Scores: {self.match.rules.match_scores(self.match.state)}", palette.WHITE)]

    # ---- settings ----
    def on_setting_changed(self, section: str, key: str) -> None:
        if (section, key) == ("play", "replay") and not self.attract:
            try:
                self.match.set_option("replay", bool(self.app.settings.get("play", "replay")))
            except ValueError as exc:
                self.app.notice(f"Replay option not changed: {exc}")
            self.obs = self.match.observation(self.viewer)
            if not self.match.is_over:
                self.save()

    # ---- drawing ----
    def draw(self, canvas: TextCanvas) -> None:
        self.draw_table(canvas)
        if self.panel is not None:
            self.draw_panel(canvas, self.panel)

    def draw_table(self, canvas: TextCanvas) -> None:
        """The game's table, from ``self.obs`` only."""

    def draw_panel(self, canvas: TextCanvas, panel: Panel) -> None:
        width = panel.width or max([len(t) for t, _ in panel.lines] + [len(panel.prompt), len(panel.title) + 4]) + 6
        width = min(width, COLS - 2)
        col, row = dialog(canvas, width, len(panel.lines) + 5, panel.title)
        for i, (text, colour) in enumerate(panel.lines):
            canvas.text(col + 1, row + 1 + i, text[: width - 6], colour, palette.BLUE)
        prompt = panel.prompt if panel.auto_seconds is None or not self.attract else ""
        canvas.text(col + 1, row + len(panel.lines) + 2, prompt, palette.LIGHT_CYAN, palette.BLUE)
