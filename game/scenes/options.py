"""The options screen: display and play settings, and each game's rules options and level.

Left/Right (or Enter/Space) change the highlighted value; numbers can also be typed and
confirmed with Enter. Tab or PgUp/PgDn switch between the pages. Every change is saved at
once; rules options take effect from the next match.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.app.keys import Key
from game.app.scene import Scene
from game.app.settings import APP_GAME_KEYS, GAME_SECTIONS
from game.scenes.widgets import title_bar
from game.screen import palette
from game.screen.canvas import COLS, TextCanvas

if TYPE_CHECKING:
    from game.app.app import App


@dataclass(frozen=True)
class Option:
    section: str
    key: str
    label: str
    values: tuple[Any, ...] = ()  # a list of choices (bools, strings, ints)
    names: tuple[str, ...] = ()  # how each choice is shown
    lo: int = 0  # for numbers typed or stepped
    hi: int = 0
    step: int = 0

    @property
    def numeric(self) -> bool:
        return not self.values


def _bool(section: str, key: str, label: str, off: str = "Off", on: str = "On") -> Option:
    return Option(section, key, label, (False, True), (off, on))


LEVEL = ("easy", "normal", "hard")
LEVEL_NAMES = ("Easy", "Normal", "Hard")

PAGES: dict[str, list[Option]] = {
    "General": [
        Option("display", "mono", "Monitor", (False, True), ("Colour", "Mono")),
        Option("display", "phosphor", "Mono phosphor", ("green", "amber", "white"), ("Green", "Amber", "White")),
        Option("display", "border", "Border colour", tuple(palette.BORDER_CYCLE),
               tuple(palette.COLOUR_NAMES[c].title() for c in palette.BORDER_CYCLE)),
        Option("display", "scale", "Window size (next start)", (1, 2, 3, 4, 5, 6),
               ("x1", "x2", "x3", "x4", "x5", "x6")),
        _bool("play", "sound", "Sound effects"),
        _bool("play", "hand_sort", "Hand sort / auto-declare runs"),
        _bool("play", "replay", "Offer to replay each deal"),
        Option("play", "delay", "Computer delay (seconds)", tuple(x / 2 for x in range(20)),
               tuple(f"{x / 2:.1f}" for x in range(20))),
        Option("play", "attract_seconds", "Demo after idle (seconds, 0 = never)", lo=0, hi=3600, step=15),
        _bool("play", "intro", "Startup show"),
    ],
    "Klaberjass": [
        Option("klaberjass", "level", "Computer plays", LEVEL, LEVEL_NAMES),
        Option("klaberjass", "game_point", "Game point", lo=100, hi=9999, step=50),
        _bool("klaberjass", "no_tie", "No-Tie (a top-meld tie goes to elder)"),
        _bool("klaberjass", "clubs_preferred", "Clubs Preferred (no turn-up)"),
        _bool("klaberjass", "tout_atout", "Sans Tout / Tout Atout bids"),
        _bool("klaberjass", "tout_atout_direct", "Tout Atout may be bid directly"),
        _bool("klaberjass", "all_trump_cross_suit", "Tout Atout: any suit can win", "No (Coinche)", "Yes"),
        _bool("klaberjass", "nt_melds", "Melds score in Sans Tout"),
        _bool("klaberjass", "open_hands", "Open hands (learning)"),
        Option("klaberjass", "your_hand_on_top", "Your hand is drawn", (True, False), ("On top", "At the bottom")),
    ],
    "Jub Moo": [
        Option("jubmoo", "level", "Computer plays", LEVEL, LEVEL_NAMES),
        Option("jubmoo", "target", "Match ends at", lo=-10000, hi=-100, step=100),
        Option("jubmoo", "ruleset", "Scoring", ("hearts", "all-suits", "gongzhu"),
               ("Hearts", "All suits (literal)", "Gong Zhu")),
        Option("jubmoo", "ten_clubs", "Ten of clubs", ("double", "add-and-double"), ("Doubles", "Adds and doubles")),
        Option("jubmoo", "first_lead", "First lead", ("random", "two-of-clubs"), ("Random", "Two of clubs")),
        Option("jubmoo", "later_leads", "Later leads", ("pig-taker", "random"), ("Pig taker", "Random")),
        _bool("jubmoo", "big_chuan_others_minus_50", "Big Chuan: others -50"),
        _bool("jubmoo", "open_hands", "Open hands (learning)"),
        Option("jubmoo", "humans", "Human players (hot seat)", (1, 2, 3, 4), ("1", "2", "3", "4")),
        _bool("jubmoo", "clockwise", "Draw the table clockwise"),
    ],
    "Mus": [
        Option("mus", "level", "Computer plays", LEVEL, LEVEL_NAMES),
        Option("mus", "target", "Game to", (40, 30), ("40", "30")),
        Option("mus", "games", "Match", (1, 3), ("One game", "Best of three")),
        Option("mus", "kings", "Kings", (8, 4), ("8 (3s and 2s)", "4 (natural)")),
        _bool("mus", "ordago", "Ordago allowed"),
        _bool("mus", "open_hands", "Open hands (learning)"),
    ],
    "Luk Fu": [
        Option("lukfu", "level", "Computer plays", LEVEL, LEVEL_NAMES),
        Option("lukfu", "deals", "Deals in a match", lo=1, hi=99, step=1),
        Option("lukfu", "passed_master_scope", "Passed Master's restriction", ("deal", "first-lead"),
               ("Whole deal", "First lead only")),
        _bool("lukfu", "noncaller_singles_only", "Non-callers lead singles only"),
        _bool("lukfu", "auto_claim_at_six_won", "Claim automatically at six fu"),
        _bool("lukfu", "open_hands", "Open hands (learning)"),
    ],
}
PAGE_NAMES = tuple(PAGES)


def check_rules_option(game: str, options: dict[str, Any]) -> str | None:
    """Ask the rules module whether these options make a valid match; the error, or None."""
    from game.rules import get_rules

    try:
        rules = get_rules(game)
    except ModuleNotFoundError:
        return None
    try:
        rules.new_match(0, options)
    except ValueError as exc:
        return str(exc)
    return None


class OptionsScene(Scene):
    def __init__(self, app: App, page: str = "General") -> None:
        super().__init__(app)
        self.page = page
        self.cursor = 0
        self.typing = ""
        self.message = "Every change is saved at once; rules options apply from the next match."

    @property
    def options(self) -> list[Option]:
        return PAGES[self.page]

    def value(self, option: Option) -> Any:
        if (option.section, option.key) == ("display", "mono"):
            return self.app.mode.mono  # what is on screen: the M or C letter may override the setting
        return self.app.settings.values.get(option.section, {}).get(option.key)

    def shown(self, option: Option) -> str:
        value = self.value(option)
        if option.numeric:
            return str(value)
        for v, name in zip(option.values, option.names, strict=True):
            if v == value and type(v) is type(value):
                return name
        return str(value)

    def on_key(self, key: Key) -> None:
        option = self.options[self.cursor]
        if self.typing:
            self._typing_key(option, key)
            return
        if key.is_cancel:
            self.app.stack.pop()
        elif key.code == pygame.K_TAB or key.code == pygame.K_PAGEDOWN:
            self._switch_page(+1)
        elif key.code == pygame.K_PAGEUP:
            self._switch_page(-1)
        elif key.is_up:
            self.cursor = (self.cursor - 1) % len(self.options)
        elif key.is_down:
            self.cursor = (self.cursor + 1) % len(self.options)
        elif key.is_left:
            self.change(option, -1)
        elif key.is_right or key.is_confirm:
            self.change(option, +1)
        elif option.numeric and (key.typed.isdigit() or key.typed == "-"):
            self.typing = key.typed

    def _switch_page(self, step: int) -> None:
        index = (PAGE_NAMES.index(self.page) + step) % len(PAGE_NAMES)
        self.page = PAGE_NAMES[index]
        self.cursor = 0

    def _typing_key(self, option: Option, key: Key) -> None:
        if key.is_cancel:
            self.typing = ""
        elif key.code == pygame.K_BACKSPACE:
            self.typing = self.typing[:-1]
        elif key.code in (pygame.K_RETURN, pygame.K_KP_ENTER):
            text, self.typing = self.typing, ""
            try:
                number = int(text)
            except ValueError:
                self.message = f"{text!r} is not a number."
                self.app.sound("buzz")
                return
            self.store(option, number)
        elif (key.typed.isdigit() or (key.typed == "-" and not self.typing)) and len(self.typing) < 6:
            self.typing += key.typed

    def change(self, option: Option, step: int) -> None:
        value = self.value(option)
        if option.numeric:
            new = int(value) + step * option.step
            new = max(option.lo, min(option.hi, new))
        else:
            index = next((i for i, v in enumerate(option.values) if v == value and type(v) is type(value)), -1)
            new = option.values[(index + step) % len(option.values)]
        self.store(option, new)

    def store(self, option: Option, value: Any) -> None:
        if option.numeric and not option.lo <= value <= option.hi:
            self.message = f"{option.label} must be from {option.lo} to {option.hi}."
            self.app.sound("buzz")
            return
        if option.section in GAME_SECTIONS and option.key not in APP_GAME_KEYS:
            candidate = {**self.app.settings.game_options(option.section), option.key: value}
            error = check_rules_option(option.section, candidate)
            if error:
                self.message = error
                self.app.sound("buzz")
                return
        self.app.settings.set(option.section, option.key, value)
        self.message = f"{option.label}: {self.shown(option)}"
        self.app.sound("click")
        if (option.section, option.key) == ("play", "sound"):
            self.app.speaker.enabled = bool(value)
        if option.section == "display" and option.key in ("mono", "phosphor"):
            self.app.set_mono(bool(self.app.settings.get("display", "mono")),
                              str(self.app.settings.get("display", "phosphor")))
        for notice in self.app.settings.notices:
            self.app.notice(notice)
        self.app.settings.notices.clear()

    def draw(self, canvas: TextCanvas) -> None:
        canvas.fill(0, 1, COLS, 23, " ", palette.WHITE, palette.BLUE)
        title_bar(canvas, "OPTIONS", "", "Esc: back", bg=palette.CYAN, fg=palette.BLACK)
        col = 2
        for name in PAGE_NAMES:
            active = name == self.page
            label = f" {name} "
            canvas.text(col, 2, label, palette.BLACK if active else palette.WHITE,
                        palette.GREY if active else palette.BLUE)
            col += len(label) + 1
        canvas.box(1, 3, COLS - 2, 17, fg=palette.LIGHT_CYAN, bg=palette.BLUE)
        for i, option in enumerate(self.options):
            row = 4 + i
            selected = i == self.cursor
            fg, bg = (palette.BLACK, palette.GREY) if selected else (palette.WHITE, palette.BLUE)
            canvas.fill(3, row, COLS - 6, 1, " ", fg, bg)
            canvas.text(4, row, option.label, fg, bg)
            shown = self.shown(option)
            if selected and self.typing:
                shown = self.typing + "_"
            canvas.text(50, row, f"< {shown} >" if selected else f"  {shown}",
                        palette.RED if selected else palette.YELLOW, bg)
        canvas.text(2, 20, "Up/Down: choose   Left/Right/Enter: change   digits: type a number",
                    palette.LIGHT_CYAN, palette.BLUE)
        canvas.text(2, 21, "Tab/PgDn, PgUp: next/previous page   Esc: back to the menu", palette.LIGHT_CYAN,
                    palette.BLUE)
        canvas.text(2, 22, self.message[: COLS - 4], palette.YELLOW, palette.BLUE)
