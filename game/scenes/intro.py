"""The startup show: cards fly in, the title builds up, the tune plays. Any key skips it."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game import __version__
from game.app.keys import Key
from game.app.scene import Scene
from game.scenes.table import PROMPT_GUARD
from game.scenes.widgets import big_text
from game.screen import glyphs, palette
from game.screen.canvas import COLS, ROWS, TextCanvas

if TYPE_CHECKING:
    from game.app.app import App

SHOW_SECONDS = 7.0
#: Seconds the menu ignores keys after the show ended by itself: a key pressed then was meant to
#: skip the show (a newcomer's late Space had started a Klaberjass match from the menu).
ENDED_ALONE_GUARD = 1.5
SUITS = (glyphs.SPADE, glyphs.HEART, glyphs.CLUB, glyphs.DIAMOND, glyphs.OROS, glyphs.COPAS,
         glyphs.ESPADAS, glyphs.BASTOS)


class IntroScene(Scene):
    click_goes_on = True  # any key ends it, so a click does
    repeating_keys: frozenset[int] = frozenset()  # a held key is no second "any key"
    # An F-key too, after its work, so the menu's bar shows what it changed: a tester's F1 to skip
    # the show had muted the program unseen (F2, F5 and F7 open their own screens instead).
    hotkeys_go_on = True
    allow_attract = True
    shows_key_bar = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.t = 0.0
        self.played_tune = False
        rng = random.Random(1993)
        self.rain = [(rng.randrange(COLS), rng.uniform(-12, 0), rng.uniform(6, 14), rng.choice(SUITS))
                     for _ in range(48)]

    def on_key(self, key: Key) -> None:
        self.finish()

    def before_attract(self) -> None:
        """The demo replaces the show, so a key that ends the demo lands on the menu (with a
        short idle setting, a tester's key had brought the show back instead)."""
        self.app.speaker.stop()
        self.app.stack.pop()

    def finish(self, guard: float = PROMPT_GUARD) -> None:
        self.app.speaker.stop()
        self.app.stack.pop()
        self.app.ignore_keys(guard)  # a second key meant for the show never picks a game

    def update(self, dt: float) -> None:
        if not self.played_tune:
            self.app.sound("tune")
            self.played_tune = True
        self.t += dt
        self.app.keep_active()
        if self.t >= SHOW_SECONDS + 3.0:
            self.finish(ENDED_ALONE_GUARD)

    def draw(self, canvas: TextCanvas) -> None:
        canvas.fill(0, 0, COLS, ROWS, " ", palette.GREY, palette.BLACK)
        # Suits falling like a card shower, red and white as on a CGA screen.
        for col, start, speed, suit in self.rain:
            row = int(start + self.t * speed) % (ROWS + 6)
            if 0 <= row < ROWS:
                red = suit in (glyphs.HEART, glyphs.DIAMOND, glyphs.COPAS)
                canvas.put(col, row, suit, palette.LIGHT_RED if red else palette.DARK_GREY)
        # The title, revealed column by column.
        reveal = int(min(1.0, self.t / 2.0) * 64)
        for i, line in enumerate(big_text("CARD")):
            canvas.text(24, 2 + i, line[:reveal], palette.YELLOW, palette.BLACK)
        for i, line in enumerate(big_text("PARLOUR")):
            canvas.text(12, 9 + i, line[: max(0, reveal - 8)], palette.LIGHT_CYAN, palette.BLACK)
        # Each line keeps a blank cell at either end, so a falling suit never touches a word.
        if self.t > 2.2:
            canvas.centre(16, " Four card games from four corners of the world ", palette.WHITE, palette.BLACK)
        if self.t > 3.0:
            names = f"Klaberjass {glyphs.SPADE} Jub Moo {glyphs.HEART} Mus {glyphs.OROS} Luk Fu"
            canvas.centre(18, f" {names} ", palette.LIGHT_GREEN, palette.BLACK)
        if self.t > 4.0:
            canvas.centre(21, f" Version {__version__}   (c) 2026 the Card Parlour team   free to copy ", palette.GREY,
                          palette.BLACK)
        if self.t > 4.5 and int(self.t * 2) % 2 == 0:
            canvas.centre(23, " Press any key ", palette.WHITE, palette.BLACK)
