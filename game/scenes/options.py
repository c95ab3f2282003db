"""The options screen: display and play settings, and each game's rules options and level.

Left/Right (or Enter/Space) change the highlighted value; numbers can also be typed and
confirmed with Enter. Tab or PgUp/PgDn switch between the pages. Every change is saved at
once; rules options take effect from the next match.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game import registry
from game.app.keys import Key
from game.app.scene import Scene
from game.app.settings import PROGRAM_OPTIONS
from game.options import OptionSpec
from game.scenes.widgets import dialog, title_bar, wrap
from game.screen import palette
from game.screen.canvas import COLS, TextCanvas

if TYPE_CHECKING:
    from game.app.app import App


@dataclass(frozen=True)
class Option:
    """One row of the options screen: a setting and its spec (label, values, help)."""

    section: str
    key: str
    spec: OptionSpec

    @property
    def label(self) -> str:
        return self.spec.label

    @property
    def values(self) -> tuple[Any, ...]:
        """The values Left/Right cycle through; () for a number stepped or typed."""
        return self.spec.choices

    @property
    def names(self) -> tuple[str, ...]:
        return self.spec.names

    @property
    def numeric(self) -> bool:
        return not self.values

    @property
    def typable(self) -> bool:
        """A number can be typed: a number option, or a choice of numbers (the computer's delay,
        the window size...), which takes a typed number that is one of its choices."""
        return self.numeric or self.spec.numbers

    @property
    def decimals(self) -> bool:
        """A typed number may have a decimal point (a choice of numbers such as 1.5)."""
        return any(type(v) is float for v in self.values)

    def limits(self) -> str:
        """The values a typed number may take, in words: "from 100 to 9999", "from 0.0 to 9.5 in
        steps of 0.5" (short enough for the message row: F5 names a border colour's numbers)."""
        return self.spec.range_words()

    @property
    def see_f5(self) -> str:
        """What a message about a typed number adds when the shown names hide the numbers."""
        return " F5 names each number." if self.spec.numbers and not self.spec.names_show_numbers() else ""


def _rows(section: str, specs: dict[str, OptionSpec]) -> list[Option]:
    return [Option(section, key, spec) for key, spec in specs.items() if spec.shown]


def build_pages() -> dict[str, list[Option]]:
    """The pages: the program's display and play settings, then one page per game."""
    pages = {"General": [row for section in PROGRAM_OPTIONS for row in _rows(section, PROGRAM_OPTIONS[section])]}
    for game in registry.GAMES:
        pages[game.short] = _rows(game.name, registry.option_specs(game.name))
    return pages


PAGES: dict[str, list[Option]] = build_pages()
PAGE_NAMES = tuple(PAGES)
TABS_ROW = 2  # the pages' tabs
FIRST_OPTION_ROW = 4  # the first option's row; one row each below it
LIST_BOTTOM = 19  # the bottom edge of the list's frame
VALUE_COL = 50  # where an option's value is written ("< value >" when highlighted)


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


WELCOME = "Every change is saved at once; rules options apply from the next match."
#: The same where the settings cannot be written (a tester read "saved at once" there), and why.
WELCOME_UNSAVED = "Changes last until you close the program: {why}."


class OptionsScene(Scene):
    def __init__(self, app: App, page: str = "General") -> None:
        super().__init__(app)
        self.page = page
        self.cursor = 0
        self.typing: str | None = None  # the number being typed ("" once erased); None: not typing
        self.message = self.welcome()
        self.explaining = False  # F5: the panel explaining the option under the cursor

    def welcome(self) -> str:
        """The message line of a page just opened."""
        settings = self.app.settings
        return WELCOME if settings.path is not None else WELCOME_UNSAVED.format(why=settings.why_unsaved)

    @property
    def options(self) -> list[Option]:
        return PAGES[self.page]

    def value(self, option: Option) -> Any:
        # What is on screen and heard: the M, C or S letter may override the setting for this run.
        if (option.section, option.key) == ("display", "mono"):
            return self.app.mode.mono
        if (option.section, option.key) == ("play", "sound"):
            return self.app.speaker.enabled
        return self.app.settings.values.get(option.section, {}).get(option.key)

    def applies(self, option: Option) -> bool:
        """Whether the option has an effect under its section's other settings as they are
        now (``OptionSpec.needs``; the M or C letter counts for the monitor)."""
        if not option.spec.needs:
            return True
        specs = self.section_specs(option.section)
        return option.spec.applies({key: self.value(Option(option.section, key, specs[key]))
                                    for key, _ in option.spec.needs})

    def needed(self, option: Option) -> str:
        """What the option needs to have an effect, in words: '"Sans Tout / Tout Atout bids" On'
        (the name quoted: "only with Non-callers lead singles only Off" read as garbled, a tester)."""
        specs = self.section_specs(option.section)
        return " and ".join(f'"{specs[key].label}" ' + " or ".join(specs[key].name_of(v) for v in values)
                            for key, values in option.spec.needs)

    @staticmethod
    def section_specs(section: str) -> dict[str, OptionSpec]:
        """The specs of one settings section: the program's own, or a game's."""
        return PROGRAM_OPTIONS.get(section) or registry.option_specs(section)

    def shown(self, option: Option) -> str:
        name = option.spec.name_of(self.value(option))
        if (option.section, option.key) == ("play", "sound") and self.value(option) and not self.app.speaker.available:
            return f"{name} (no sound device)"  # on, and silent: not a fault to look for (a tester)
        letter = self.run_letter(option)
        return f"{name} (this run: {letter})" if letter else name

    def run_letter(self, option: Option) -> str:
        """The command-line letter (M, C or S) that makes this run's monitor or sound differ
        from the setting kept for the next start; "" where none does (a tester took the M's
        "Mono" for the saved setting)."""
        stored = self.app.settings.values.get(option.section, {}).get(option.key)
        if (option.section, option.key) == ("display", "mono") and self.value(option) != stored:
            return "M" if self.value(option) else "C"
        if (option.section, option.key) == ("play", "sound") and self.value(option) != stored:
            return "S"
        return ""

    def on_setting_changed(self, section: str, key: str) -> None:
        """An F-key changed a setting (F1 sound, F8/F9 delay, F10 border...): a row of this page
        shows its new value, and so does the message line, which had kept the old one under it
        (a tester read "Border colour: Brown" under a Light Grey row)."""
        if self.typing is not None:
            return  # the message says what Enter does with the number being typed
        for option in self.options:
            if (option.section, option.key) == (section, key):
                self.message = f"{option.label}: {self.shown(option)}"

    def on_help(self) -> bool:
        """F5 explains the option under the cursor (F5 again closes the explanation)."""
        self.explaining = not self.explaining
        return True

    def on_key(self, key: Key) -> None:
        option = self.options[self.cursor]
        if self.explaining and self.typing is not None and (key.is_cancel or key.is_confirm):
            # Its own "Esc: close" first: F5 pressed while typing a number had opened it, and
            # Esc then threw the number away under a box that stayed (a tester).
            self.explaining = False
            return
        if self.typing is not None:
            self._typing_key(option, self.typing, key)
            return
        if self.explaining:
            # The explanation follows the cursor; Esc or Enter closes it, any other key closes
            # it and does its usual work.
            if key.is_up or key.is_down:
                pass
            elif key.is_cancel or key.is_confirm:
                self.explaining = False
                return
            else:
                self.explaining = False
        if key.is_cancel:
            self.app.stack.pop()
        elif self.page_step(key):
            self._switch_page(self.page_step(key))
        elif key.is_up:
            self.cursor = (self.cursor - 1) % len(self.options)
        elif key.is_down:
            self.cursor = (self.cursor + 1) % len(self.options)
        elif key.is_left:
            self.change(option, -1)
        elif key.is_right or key.is_confirm:
            self.change(option, +1)
        elif option.typable and self._number_char(option, key.typed, ""):
            self.typing = key.typed
            self.message = "Enter (or moving on) keeps the number you type; Esc leaves it as it was."
        elif key.typed:
            # Found by a tester: a digit typed on the Computer delay row showed nothing and said
            # nothing. A typed key is never ignored without a word.
            if option.typable:
                self.message = f"Type a number {option.limits()} here, or use Left/Right.{option.see_f5}"
            else:
                self.message = "This row takes no typed value: Left/Right or Enter change it."
            self.app.sound("buzz")

    @staticmethod
    def _number_char(option: Option, char: str, typed: str) -> bool:
        """Whether ``char`` may follow ``typed`` in a number typed for ``option``: a digit, a
        minus sign first, or (for a choice such as 1.5 seconds) one decimal point."""
        if char.isdigit():
            return True
        if char == "-":
            return not typed
        return char == "." and option.decimals and "." not in typed

    @staticmethod
    def tab_columns() -> list[tuple[str, int]]:
        """Each page's tab and its first column, for drawing and clicks alike."""
        out, col = [], 2
        for name in PAGE_NAMES:
            out.append((name, col))
            col += len(name) + 3  # " name " and a blank
        return out

    def on_click(self, col: int, row: int) -> None:
        """A click on a page's tab opens it; on an option's row highlights it, and on the "<"
        or ">" of the highlighted one changes it as Left or Right do; on the keys under the
        list presses the key clicked. (While a number is typed or an option explained, only
        the keys: the typing or the panel first.)"""
        if self.typing is None and not self.explaining:
            if row == TABS_ROW:
                for name, first in self.tab_columns():
                    if first <= col < first + len(name) + 2 and name != self.page:
                        self._switch_page(PAGE_NAMES.index(name) - PAGE_NAMES.index(self.page))
                        self.app.sound("click")
                return
            index = row - FIRST_OPTION_ROW
            if 0 <= index < len(self.options) and 3 <= col < COLS - 3:
                option = self.options[index]
                if index == self.cursor and col == VALUE_COL:
                    self.change(option, -1)
                elif index == self.cursor and col == VALUE_COL + len(self.shown(option)) + 3:
                    self.change(option, +1)
                else:
                    self.cursor = index
                return
        elif self.typing is not None and (row == TABS_ROW or FIRST_OPTION_ROW <= row < FIRST_OPTION_ROW
                                          + len(self.options)):
            # Said, not ignored (a tester's clicks on a tab and a row did nothing, without a word).
            self.message = "Enter keeps the number you type, Esc leaves it as it was; then click on."
            self.app.sound("buzz")
            return
        super().on_click(col, row)

    @staticmethod
    def page_step(key: Key) -> int:
        """+1 for the next page (Tab, PgDn), -1 for the one before (PgUp, and Shift+Tab as
        elsewhere: a tester's went on), 0 for any other key."""
        if key.code == pygame.K_PAGEDOWN or (key.code == pygame.K_TAB and not key.shift):
            return 1
        return -1 if key.code in (pygame.K_TAB, pygame.K_PAGEUP) else 0

    def _switch_page(self, step: int, keep_message: bool = False) -> None:
        index = (PAGE_NAMES.index(self.page) + step) % len(PAGE_NAMES)
        self.page = PAGE_NAMES[index]
        self.cursor = 0
        if not keep_message:  # the last page's "Match ends at: -100" read as this page's (a tester)
            self.message = self.welcome()

    def _typing_key(self, option: Option, typed: str, key: Key) -> None:
        """Digits and Backspace edit the number; Esc drops it; Enter keeps it, and so does any
        other key (Up/Down, Tab...), which then does its usual work: a typed number is never
        lost without a word. A number erased to nothing leaves the value as it was. A letter,
        which has no usual work here, is refused with a word and the number stays."""
        if key.is_cancel:
            self.typing = None
            self.message = f"{option.label}: left at {self.shown(option)}."
        elif key.code == pygame.K_BACKSPACE:
            self.typing = typed[:-1]
        elif key.typed and not key.is_confirm:
            fits = self._number_char(option, key.typed, typed)
            if fits and len(typed) < typed_length(option.spec):
                self.typing = typed + key.typed
                return
            keeps = f"Enter keeps {typed}, Esc drops it." if typed else "Enter or Esc leaves the value as it was."
            length = typed_length(option.spec)
            why = f"{key.typed!r} cannot go in the number" if not fits else \
                f"{NUMBER_WORDS.get(length, str(length))} characters at most"
            self.message = f"{why}: {keeps}"
            self.app.sound("buzz")
        else:
            self.typing = None
            number = _number(typed)
            if not typed:
                self.message = f"{option.label}: left at {self.shown(option)}."
            elif number is None:  # a lone minus sign or decimal point
                self.message = f"{typed!r} is not a number."
                self.app.sound("buzz")
                return
            elif not self.store(option, number):
                return  # refused, and said: the key waits (a Tab had switched the page over the reason)
            if self.page_step(key):
                # What became of the number stays said, with the page it is on (not read as
                # the new page's own: a tester).
                self.message = f"{self.page}: {self.message}"
                self._switch_page(self.page_step(key), keep_message=True)
            elif not key.is_confirm:
                self.on_key(key)

    def change(self, option: Option, step: int) -> None:
        value = self.value(option)
        if option.numeric:
            lo, hi = option.spec.lo, option.spec.hi
            new = int(value) + step * option.spec.step
            new = new if lo is None else max(lo, new)
            new = new if hi is None else min(hi, new)
        else:
            index = next((i for i, v in enumerate(option.values) if v == value and type(v) is type(value)), -1)
            if option.spec.ordered:  # a scale stops at its ends (a tester's Left at 0.0 s gave 9.5 s)
                new = option.values[max(0, min(len(option.values) - 1, index + step))]
            else:
                new = option.values[(index + step) % len(option.values)]
        if new == value and type(new) is type(value):
            # At an end, said: a tester pressed Enter on "Human players" at 4 and heard the
            # click of a change that did not come.
            most, back = ("most", "Left") if step > 0 else ("least", "Right")
            self.message = f"{option.label}: {self.shown(option)} is the {most}; {back} goes back."
            self.app.sound("buzz")
            return
        self.store(option, new)

    def store(self, option: Option, value: Any) -> bool:
        """Set the option to ``value`` and say so; False, with the reason said, if it is refused."""
        if not option.spec.valid(value):
            limits = option.limits() if option.typable else option.spec.allowed()
            # "Label: it must be", as the settings notices say it ("Match ends at must be" read oddly).
            self.message = f"{option.label}: it must be {limits}.{option.see_f5 if option.typable else ''}"
            hi = option.spec.hi  # a tester typed 300 for "to 300": the sign is what is missing
            if isinstance(value, int) and value > 0 and hi is not None and hi < 0 and option.spec.valid(-value):
                self.message = f"{option.label}: it must be {option.limits()}; type the minus sign: -{value}."
            self.app.sound("buzz")
            return False
        value = option.spec.canonical(value)  # 3 typed for a delay is the 3.0 of its choices
        if option.section in registry.GAME_NAMES and option.key not in registry.app_option_keys(option.section):
            candidate = {**self.app.settings.game_options(option.section), option.key: value}
            error = check_rules_option(option.section, candidate)
            if error:
                self.message = error
                self.app.sound("buzz")
                return False
        self.app.settings.set(option.section, option.key, value)
        if (option.section, option.key) == ("play", "sound"):
            self.app.speaker.enabled = bool(value)
        if option.section == "display" and option.key in ("mono", "phosphor"):
            # A new phosphor keeps the monitor on screen (which the M or C letter may have chosen).
            mono = bool(value) if option.key == "mono" else self.app.mode.mono
            self.app.set_mono(mono, str(self.app.settings.get("display", "phosphor")))
        # Said once the change is made: the monitor and sound rows read the program's state,
        # and had named the old value (a tester read "Monitor: Mono" over a colour screen).
        self.message = f"{option.label}: {self.shown(option)}"
        if not self.applies(option):  # a dimmed row changed: why nothing changes (a tester)
            # The need named, shorter where the long way does not fit (the Klaberjass rows had
            # only "F5 says why", the border row the need itself: a tester).
            needed = self.needed(option)
            ways = (f"{self.message}, which has an effect only with {needed}.", f"{self.message} (needs {needed})",
                    f"{option.label} (needs {needed})", f"{self.message} (no effect now: F5 says why)")
            self.message = next((said for said in ways if len(said) <= COLS - 4), ways[-1])
        self.app.sound("click")
        for notice in self.app.settings.notices:
            self.app.notice(notice)
        self.app.settings.notices.clear()
        return True

    def draw(self, canvas: TextCanvas) -> None:
        canvas.fill(0, 1, COLS, 23, " ", palette.WHITE, palette.BLUE)
        title_bar(canvas, "OPTIONS", "", "Esc: back", bg=palette.CYAN, fg=palette.BLACK, keys_of=self)
        for name, col in self.tab_columns():
            active = name == self.page
            canvas.text(col, TABS_ROW, f" {name} ", palette.BLACK if active else palette.WHITE,
                        palette.GREY if active else palette.BLUE)
        canvas.box(1, 3, COLS - 2, LIST_BOTTOM - 3 + 1, fg=palette.LIGHT_CYAN, bg=palette.BLUE)  # rows 3 to LIST_BOTTOM
        for i, option in enumerate(self.options):
            row = FIRST_OPTION_ROW + i
            selected = i == self.cursor
            # A row with no effect under the game's other options is dimmed; F5 says what it
            # needs (a tester saw nothing set Tout Atout's rows apart while those bids were off).
            idle = not self.applies(option)
            if selected:  # under the cursor too (a tester's dimmed row looked live there), but a
                # mono monitor shows dark grey on grey as no bar at all: the bar stays there
                dim = idle and not self.app.mode.mono
                fg, value_fg, bg = (palette.DARK_GREY, palette.DARK_GREY, palette.GREY) if dim else \
                    (palette.BLACK, palette.RED, palette.GREY)
            else:
                fg, value_fg, bg = (palette.GREY, palette.GREY, palette.BLUE) if idle else \
                    (palette.WHITE, palette.YELLOW, palette.BLUE)
            canvas.fill(3, row, COLS - 6, 1, " ", fg, bg)
            canvas.text(4, row, option.label, fg, bg)
            shown = self.shown(option)
            if selected and self.typing is not None:
                shown = self.typing + "_"
            canvas.text(VALUE_COL, row, f"< {shown} >" if selected else f"  {shown}", value_fg, bg)
        if self.explaining:
            # The keys below the list are not the panel's (it says its own): left out, so no
            # ends of them peek out beside it ("Up/Dow", "nu", seen by a tester).
            self.draw_explanation(canvas, self.options[self.cursor])
            return
        self.key_line(canvas, 2, 20, "Up/Down: choose   Left/Right/Enter: change   digits: type a number",
                      palette.LIGHT_CYAN, palette.BLUE)
        self.key_line(canvas, 2, 21, "Tab/PgDn: next page   Shift+Tab/PgUp: previous   F5: explain   Esc: menu",
                      palette.LIGHT_CYAN, palette.BLUE)
        # Two rows where it needs them (a second window's "another window of the program is
        # using the folder" had been cut at the edge: a tester).
        for row, line in enumerate(wrap(self.message, COLS - 4)[:2], start=22):
            canvas.text(2, row, line, palette.YELLOW, palette.BLUE)

    def draw_explanation(self, canvas: TextCanvas, option: Option) -> None:
        """The option's help line and its values, in a panel below its row."""
        # The value now, in every box (it had been said only where the box hid its row: a tester).
        values = wrap(f"Values: {values_in_words(option.spec)}. Now: {self.shown(option)}.", EXPLAIN_W - 4)
        lines = [*wrap(option.spec.help, EXPLAIN_W - 4), "", *(line.replace(NO_BREAK, " ") for line in values)]
        if option.spec.needs:
            # What it needs to have an effect (the same fact that keeps it off a table's F5
            # list of its options when it has none, and dims its row here).
            now = "" if self.applies(option) else " (not now)"
            lines += ["", *wrap(f"It has an effect only with {self.needed(option)}{now}.", EXPLAIN_W - 4)]
        letter = self.run_letter(option)
        if letter:
            kept = option.spec.name_of(self.app.settings.values[option.section][option.key])
            how = "here or with F1" if (option.section, option.key) == ("play", "sound") else "here"
            said = (f"The {letter} letter on the command line set it for this run only; the settings keep "
                    f"{kept} for the next start unless it is changed {how}.")
            lines += ["", *wrap(said, EXPLAIN_W - 4)]
        if (option.section, option.key) == ("play", "sound") and not self.app.speaker.available:
            lines += ["", *wrap("No sound device was found, so nothing is heard whichever it is; the setting "
                                "stays as it is for when there is one.", EXPLAIN_W - 4)]
        # Inside the list's frame (testers saw boxes of low rows break its bottom edge): below
        # its row, else above it, else over it (its values line says the value it hides).
        row, height = FIRST_OPTION_ROW + self.cursor, len(lines) + 3
        if row + height <= LIST_BOTTOM - 1:
            top = row + 1
        elif row - height >= FIRST_OPTION_ROW:
            top = row - height
        else:
            top = max(FIRST_OPTION_ROW, LIST_BOTTOM - len(lines) - 3)
        col, row = dialog(canvas, EXPLAIN_W, len(lines) + 3, option.label, fg=palette.WHITE, bg=palette.CYAN,
                          row=top)
        for i, line in enumerate(lines):
            canvas.text(col, row + i, line, palette.BLACK, palette.CYAN)
        footer = " F5 or Esc: close "
        self.key_line(canvas, col + EXPLAIN_W - 4 - len(footer), row + len(lines) + 1, footer, palette.BLUE,
                      palette.CYAN)


EXPLAIN_W = 64


def _number(typed: str) -> int | float | None:
    """The number typed ("3" is 3, "1.5" is 1.5); None for a lone "-", "." or "-."."""
    try:
        return float(typed) if "." in typed else int(typed)
    except ValueError:
        return None


def values_in_words(spec: OptionSpec) -> str:
    """What the option may be set to, as the options screen names the values."""
    if spec.kind == "int" and not spec.choices:
        steps = f", in steps of {spec.step} with Left/Right, or type it" if spec.step > 1 else ", or type it"
        return f"{spec.range_words()}{steps}"
    names = list(spec.names)
    run = spec.number_run()
    if len(names) > 10:
        steps = f" in steps of {run[2]:g}" if run is not None and run[2] != 1 else ""
        words = f"{names[0]} to {names[-1]}{steps}"
    else:
        words = f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else names[0]
    if not spec.numbers:
        return words
    if spec.names_show_numbers():
        return f"{words}, or type it"
    # One list, in the numbers' order (the names in Left/Right's order beside it had read as a
    # second, different list), each "7 = Light Grey" kept whole on its row (a tester's "7 =").
    pairs = [pair.replace(" ", NO_BREAK) for pair in spec.numbered_pairs()]
    return f"{', '.join(pairs)}: type the number, or step with Left/Right"


NUMBER_WORDS = {6: "Six", 7: "Seven", 8: "Eight", 9: "Nine", 10: "Ten"}  # as the screens write small counts


def typed_length(spec: OptionSpec) -> int:
    """How many characters a typed number may have: six, or as many as the option's limits
    take (Jub Moo's floor, -999999999, could not be typed in six: a reviewer)."""
    return max([6, *(len(str(limit)) for limit in (spec.lo, spec.hi) if limit is not None)])


#: Joins words the explanation's wrapping must keep on one row; drawn as a space.
NO_BREAK = "\u00a0"
