"""The program: window, main loop, global hotkeys, the function-key bar and notices."""

from __future__ import annotations

import contextlib
import os
import random
import textwrap
import time
import warnings
from collections import deque
from collections.abc import Callable
from pathlib import Path

import pygame

from game.app import storage
from game.app.ai_worker import AIWorker
from game.app.audio import Speaker, quiet_stderr
from game.app.cli import Args
from game.app.keys import Key, function_number
from game.app.saves import SaveStore
from game.app.scene import Scene, SceneStack, Shell
from game.app.settings import PROGRAM_OPTIONS, Settings
from game.app.stats import StatsStore
from game.screen import palette
from game.screen.canvas import COLS, ROWS, TextCanvas
from game.screen.render import FRAME_H, FRAME_W, DisplayMode, Renderer, layout, present

KEY_BAR_ROW = ROWS - 1
ACTIVE_FPS = 60
KEY_REPEAT = (400, 60)  # a held key repeats after 400 ms, every 60 ms (where the scene lets it)
IDLE_POLL = 0.02  # seconds between looks for events while nothing moves
NOTICE_SECONDS = 4.0
BAR_PEEK_SECONDS = 2.0  # a switching F-key shows the bottom row's keys this long over a notice
HEADLESS_DRIVERS = ("offscreen", "dummy")  # SDL video drivers that draw into memory only
DESKTOP_MARGIN = 32  # rows of the desktop a window leaves at least to its title bar


def user_folder(sub: str = "") -> Path | None:
    """A folder under the user folder, or None when there is none (everything stays in memory)."""
    try:
        return storage.user_dir() / sub if sub else storage.user_dir()
    except Exception:
        return None


def keep_minimum_size() -> None:
    """Stop the window from being made smaller than the 80x25 picture: below it, whole-
    multiple scaling has nothing left to show and the text becomes unreadable."""
    with warnings.catch_warnings():  # pygame-ce wants its Window API for drawing; we only set a size
        warnings.simplefilter("ignore", DeprecationWarning)
        # an older pygame-ce, or a driver without windows: nothing to keep
        with contextlib.suppress(pygame.error, AttributeError):
            pygame.Window.from_display_module().minimum_size = (FRAME_W, FRAME_H)


def fitting_scale(scale: int, desktop: tuple[int, int] | None) -> int:
    """The largest whole multiple up to ``scale`` whose window fits the ``desktop`` (width,
    height; None: unknown), with room left for a title bar; 1 at least."""
    if desktop is None:
        return scale
    width, height = desktop
    fits = [s for s in range(1, scale + 1) if FRAME_W * s <= width and FRAME_H * s + DESKTOP_MARGIN <= height]
    return max(fits, default=1)


def desktop_size() -> tuple[int, int] | None:
    """The first desktop's size, or None where SDL cannot tell (no such driver, or one that
    draws into memory and makes a desktop size up)."""
    with contextlib.suppress(pygame.error, AttributeError):
        if pygame.display.get_driver() in HEADLESS_DRIVERS:
            return None
        sizes = pygame.display.get_desktop_sizes()
        if sizes and sizes[0][0] > 0 and sizes[0][1] > 0:
            return (int(sizes[0][0]), int(sizes[0][1]))
    return None


class NoDisplayError(RuntimeError):
    """No video device: the program cannot open its window."""


class App:
    def __init__(self, args: Args, settings: Settings, shell: Shell, *, inline_ai: bool = False,
                 folder_claim: storage.FolderClaim | None = None) -> None:
        self.args = args
        # The program's claim on the user folder (not a tool's or a test's), taken before its
        # files are read: a second window of the program writes nothing there.
        self.folder_claim = folder_claim
        self.settings = settings
        self.shell = shell
        self.canvas = TextCanvas()
        mono = settings.get("display", "mono") if args.mono is None else args.mono
        self.mode = DisplayMode(mono=mono, phosphor=settings.get("display", "phosphor"))
        self.renderer: Renderer | None = None
        self.window: pygame.Surface | None = None
        self.stack = SceneStack()
        sound = settings.get("play", "sound") and args.sound is not False
        self.speaker = Speaker(enabled=bool(sound))
        self.ai = AIWorker(inline=inline_ai)
        self.saves = SaveStore(user_folder("saves"))
        self.stats = StatsStore(user_folder())
        # F2's demo mode: the computer plays your seat. ``--demo --game NAME`` starts that table
        # in it; ``--demo`` alone is the attract show, after which your games are your own.
        self.demo = args.demo and args.game is not None
        self.notices: deque[tuple[str, float]] = deque()
        self.notice_left = 0.0
        self.notice_log: list[str] = []  # every notice of this run, oldest first
        self.bar_peek = 0.0  # seconds the key bar still shows over a notice (a switching F-key)
        self._peek_over = ""  # the notice row it shows over (one the key itself gave shows at once)
        self._tip_rows: set[str] = set()  # rows of the F-keys' tips (``notice(log=False)``): the next F-key drops them
        self.idle_seconds = 0.0
        self.key_guard = 0.0  # seconds the scenes still ignore keys (ignore_keys)
        self.active_seconds = 0.0
        self.running = True
        self.fullscreen = bool(settings.get("display", "fullscreen"))
        self._windowed_size: tuple[int, int] | None = None  # the window's size before full screen
        self.seed_source = random.Random(args.seed)
        # The demo show draws from a source of its own (--seed is the player's), fixed only by
        # a --seed: without one, every start had shown the same demo deal (a tester).
        self.attract_seeds = random.Random(None if args.seed is None else f"demo show {args.seed}")
        self._needs_present = True
        self._since_render = 0.0
        self._first_seed = args.seed
        self._key_bar_spans: list[tuple[int, int, int]] = []  # (F-number, first col, end col)
        self._held_keys: set[int] = set()  # keys down now: another key down of one is its repeat

    # ---- start and stop ----
    def start(self, open_window: bool = True) -> None:
        """Open the window (or a hidden surface for tests) and push the first scenes."""
        with quiet_stderr():  # sound libraries complain on stderr when there is no sound card
            pygame.init()
        if open_window:
            self._open_window()
        pygame.key.set_repeat(*KEY_REPEAT)
        self.renderer = Renderer()
        self.speaker.start()
        self.ai.start()
        self._check_user_folder()
        self.flush_notices()
        if self.speaker.notice and self.speaker.enabled:
            self.notice(self.speaker.notice)
        if self.ai.notice:
            self.notice(self.ai.notice)
        self.shell.open(self)

    def _check_user_folder(self) -> None:
        """Say at once, not at the first failed save, that nothing will be kept: the folder
        cannot be written, or another window of the program holds it."""
        folder = user_folder()
        in_use = self.folder_claim is not None and self.folder_claim.elsewhere
        if not in_use and folder is not None and storage.writable(folder):  # (no probe file in a held folder)
            return
        self.settings.path = None  # keep everything in memory, without a notice per failure
        self.saves.writing = False  # a save already there is still offered
        self.stats.path = None
        if in_use:
            self.settings.why_unsaved = self.saves.why_unsaved = storage.IN_USE
            self.notice(f"The Card Parlour is already open in another window, using {folder}: this one "
                        "keeps its settings, matches and statistics only until you close it.",
                        seconds=2 * NOTICE_SECONDS)
            return
        where = f"Your user folder {folder}" if folder is not None else "No user folder"
        self.notice(f"{where} cannot be written to, so settings, matches and statistics "
                    "will not be kept after you close the program.", seconds=2 * NOTICE_SECONDS)

    def window_scale(self) -> int:
        """The window size asked for (``--scale``, else the setting), made smaller when it
        would not fit the screen: a window hanging off the desktop hides the F-key row."""
        asked = self.args.scale or int(self.settings.get("display", "scale"))
        desktop = desktop_size()
        scale = fitting_scale(asked, desktop)
        if scale < asked and desktop is not None:
            self.notice(f"Window size x{asked} is too big for your {desktop[0]}x{desktop[1]} screen: "
                        f"it opens at x{scale}.")
        return scale

    def _open_window(self) -> None:
        scale = self.window_scale()
        from game import registry

        pygame.display.set_caption("Card Parlour: " + ", ".join(game.short for game in registry.GAMES))
        try:
            if self.fullscreen:
                self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self.window = pygame.display.set_mode((FRAME_W * scale, FRAME_H * scale), pygame.RESIZABLE)
        except pygame.error as exc:
            raise NoDisplayError(str(exc)) from exc
        keep_minimum_size()
        driver = pygame.display.get_driver()
        if driver in HEADLESS_DRIVERS and not os.environ.get("SDL_VIDEODRIVER"):
            # SDL fell back to drawing into memory: the program would run where nobody sees it.
            raise NoDisplayError(f"no display was found (SDL chose its {driver!r} driver)")

    def start_attract(self) -> None:
        """Demo games of every playable game in turn, until a key is pressed."""
        scene = self.shell.attract(self)
        if scene is None:
            self.notice("No game is playable yet, so there is no demo to show.")
            return
        top = self.stack.top
        if top is not None:
            top.before_attract()
        self.stack.push(scene)

    def end_attract(self) -> None:
        """End the demo show, with whatever is over it (F2, or F7's "leave the demo"): back to
        the screen under it."""
        attract = next((scene for scene in self.stack.scenes if self.shell.is_attract(scene)), None)
        if attract is not None:
            self.stack.remove(attract)

    def quit(self) -> None:
        self.running = False

    def shutdown(self) -> None:
        self.ai.close()
        self.speaker.stop()
        if self.folder_claim is not None:
            self.folder_claim.release()
        pygame.quit()

    # ---- the loop ----
    def run(self) -> None:
        clock = pygame.time.Clock()
        while self.running:
            self.run_once(clock)

    def run_once(self, clock: pygame.time.Clock) -> None:
        """One pass of the main loop: wait for the next frame or event, react, draw."""
        idle = self.active_seconds <= 0
        if idle:
            # Look for events every 20 ms (a key still answers at once to the eye) and sleep
            # in between: SDL's own wait polls busily on some video drivers.
            events = pygame.event.get()
            if not events:
                time.sleep(IDLE_POLL)
            clock.tick()
        else:
            clock.tick(ACTIVE_FPS)
            events = pygame.event.get()
        dt = min(clock.get_time() / 1000.0, 0.25)
        for event in events:
            self.handle_event(event)
        notices_before = (len(self.notices), self.notice_shown())
        self.update(dt)
        self._since_render += dt
        # Nothing moves on an idle screen unless an event came or a notice appeared or went:
        # skip drawing then (still redraw once a second, whatever happens).
        quiet = idle and not events and notices_before == (len(self.notices), self.notice_shown())
        if not quiet or self._since_render >= 1.0:
            self.render()
            self._since_render = 0.0

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.KEYDOWN:
            # A key down again with no key up between is the key held: it repeats only where
            # the scene on top lets that key repeat (a tester held Down on the options list
            # and moved one row; a held Enter must never play twice).
            repeat = event.key in self._held_keys
            self._held_keys.add(event.key)
            top = self.stack.top
            if repeat and (top is None or event.key not in top.repeating_keys):
                return
            self.handle_key(Key.from_event(event, repeat))
        elif event.type == pygame.KEYUP:
            self._held_keys.discard(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self._held_keys.clear()  # its key up goes to another window
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED):
            # The display surface may be a new one (full screen off): drawing and clicks use the
            # one shown (a tester's picture stayed shifted a row down, and clicks with it).
            if self.window is not None:
                self.window = pygame.display.get_surface() or self.window
            self._needs_present = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.handle_click(event.pos)

    def handle_key(self, key: Key) -> None:
        self.idle_seconds = 0.0
        self.active_seconds = 2.0
        if key.is_modifier:
            return  # the key it modifies is still to come
        if key.alt and key.is_enter:
            self.toggle_fullscreen()
            return
        if key.alt and key.code == pygame.K_F4:
            # Where no window manager takes Alt+F4 for itself it reached the table as F4 (a
            # hint that marked the deal as hinted); it closes the window, as players expect.
            self.quit()
            return
        number = function_number(key)
        if number is not None:
            top = self.stack.top
            self.hotkey(number)
            if top is not None and top.hotkeys_go_on and top is self.stack.top:
                top.on_key(key)  # and it goes on, as any key does (the startup show ends)
            return
        if key.is_unbound_combination:
            return  # no binding: nothing (it is not "any key" either)
        top = self.stack.top
        if top is not None and self.key_guard <= 0:
            top.on_key(key)

    def ignore_keys(self, seconds: float) -> None:
        """Drop the keys (not the F-keys) and the clicks (not on the key bar) of the next
        ``seconds``: the screen just changed under them, and they were meant for the one before
        (the startup show ended by a key; a late click to skip it had started a game)."""
        self.key_guard = seconds

    def handle_click(self, pos: tuple[int, int]) -> None:
        """A mouse click: on the key bar it presses that F-key; elsewhere the scene decides."""
        if self.window is None:
            return
        _, rect = layout(self.window.get_size())
        if not rect.collidepoint(pos) or rect.width == 0:
            return
        col = (pos[0] - rect.x) * COLS // rect.width
        row = (pos[1] - rect.y) * ROWS // rect.height
        self.idle_seconds = 0.0
        self.active_seconds = 2.0
        top = self.stack.top
        if row == KEY_BAR_ROW and (top is None or getattr(top, "shows_key_bar", True)):
            if self.notice_shown():
                return  # a notice covers the keys: a click presses none the player cannot see (a tester)
            for number, start, end in self._key_bar_spans:
                if start <= col < end:
                    self.hotkey(number)
                    return
            return
        if top is not None and self.key_guard <= 0:  # a click is dropped as a key is (``ignore_keys``)
            top.on_click(col, row)

    def update(self, dt: float) -> None:
        self.key_guard = max(0.0, self.key_guard - dt)
        self.idle_seconds += dt
        self.active_seconds = max(0.0, self.active_seconds - dt)
        top = self.stack.top
        peeked = min(dt, self.bar_peek) if self._peeking() else 0.0
        self.bar_peek = max(0.0, self.bar_peek - dt)
        # A notice's time runs only where the bottom row shows it: those given at start waited
        # out the startup show unseen (a tester's damaged settings were never mentioned).
        if self.notice_shown() and (top is None or getattr(top, "shows_key_bar", True)):
            self.notice_left -= dt - peeked
            if self.notice_left <= 0 and self.notices:
                self.notices.popleft()
                self.notice_left = self.notices[0][1] if self.notices else 0.0
        if top is None:
            self.quit()
            return
        top.update(dt)
        if self.ai.notice:
            self.notice(self.ai.notice)
            self.ai.notice = None
        if self.stack.top is not None and self.stack.top.allow_attract:
            limit = int(self.settings.get("play", "attract_seconds"))
            if limit and self.idle_seconds >= limit:
                self.idle_seconds = 0.0
                self.start_attract()

    def keep_active(self) -> None:
        """Scenes with something moving call this so the loop runs at full frame rate."""
        self.active_seconds = max(self.active_seconds, 0.5)

    def compose(self) -> TextCanvas:
        """Draw every visible scene and the key bar on the canvas."""
        self.canvas.clear()
        self.stack.draw(self.canvas)
        top = self.stack.top
        if top is None or getattr(top, "shows_key_bar", True):
            self.draw_key_bar(self.canvas)
        return self.canvas

    def render(self) -> None:
        canvas = self.compose()
        if self.renderer is None or self.window is None:
            return
        changed = self.renderer.draw(canvas, self.mode)
        if changed or self._needs_present:
            border = self.mode.border_rgb(int(self.settings.get("display", "border")))
            present(self.window, self.renderer.surface, border)
            pygame.display.flip()
            self._needs_present = False

    # ---- global hotkeys ----
    def set_demo(self, on: bool) -> None:
        """F2's demo mode (the computer plays your seat too) on or off, told to every scene."""
        if on != self.demo:
            self.demo = on
            for scene in list(self.stack.scenes):
                scene.on_demo_changed()

    def hotkey(self, number: int) -> None:
        # An F-key's tip on the bottom row goes at the next F-key, so the row shows what this
        # one switches or says (a tester's F6 and F9 under the F4 tip seemed to do nothing, and
        # F10's own tip on a mono monitor waited behind it).
        self._drop_notice_rows(lambda row: row in self._tip_rows and not row.startswith(f"F{number}:")
                               and not row.startswith(f"F{number} "))
        covered = self.notices[0][0] if self.notices and self.notice_left > 0 else None
        bar = self.key_bar_items()
        self._hotkey(number)
        if covered is not None and self.notices and self.notices[0][0] == covered and self.key_bar_items() != bar:
            # The key switched something the bottom row shows, under a notice: the notice steps
            # aside for a moment and then goes on with the time it had left (the change had
            # been hidden for up to 8 s). A key that changed nothing leaves it be.
            self.bar_peek, self._peek_over = BAR_PEEK_SECONDS, covered

    def _hotkey(self, number: int) -> None:
        top = self.stack.top
        if number == 1:
            # F1 switches what you hear now (the S letter may have silenced a sound setting
            # that is on), and remembers it.
            self.settings.set("play", "sound", not self.speaker.enabled)
            self.speaker.enabled = bool(self.settings.get("play", "sound"))
            self._setting_changed("play", "sound")
            self.sound("select")
        elif number == 2:
            if any(self.shell.is_attract(scene) for scene in self.stack.scenes):
                self.end_attract()  # with what is over it (its help)
            elif top is not None and top.allow_attract:
                self.start_attract()
            elif self.demo or (top is not None and top.opens_table) or any(s.is_table for s in self.stack.scenes):
                self.set_demo(not self.demo)
            else:  # an options page, a dialog: nobody's seat to take, no demo to start
                self.notice("F2: the demo games on the menu; at a table, the computer plays for you.", log=False)
        elif number == 3:
            self.toggle_setting("play", "hand_sort")
        elif number == 5:
            if self.shell.is_help(top):
                self.stack.pop()
            elif top is not None and top.on_help():
                pass
            else:
                self.stack.push(self.shell.help(self, self.stack.game_on_screen()))
        elif number == 6:
            self.toggle_setting("play", "replay")
        elif number == 7:
            if not self.shell.is_quit_dialog(top):
                self.stack.push(self.shell.quit_dialog(self))
        elif number in (8, 9):
            # The next of the setting's own values (its spec is the one place they are written).
            before = float(self.settings.get("play", "delay"))
            values = sorted(PROGRAM_OPTIONS["play"]["delay"].choices)
            if number == 8:
                delay = max((v for v in values if v < before), default=values[0])
            else:
                delay = min((v for v in values if v > before), default=values[-1])
            if delay == before:  # at an end: said, as other F-keys that change nothing are (a tester)
                end = "shortest" if number == 8 else "longest"
                self.notice(f"F{number}: the computers' delay is already at its {end}, {delay:.1f} s.",
                            replaces=f"F{number}:", log=False)
                return
            self.settings.set("play", "delay", delay)
            self._setting_changed("play", "delay")
        elif number == 10:
            cycle = palette.BORDER_CYCLE
            current = int(self.settings.get("display", "border"))
            nxt = cycle[(cycle.index(current) + 1) % len(cycle)] if current in cycle else cycle[0]
            self.settings.set("display", "border", nxt)
            self._needs_present = True
            self._setting_changed("display", "border")
            if self.mode.mono:  # a mono monitor draws no border colour (a tester saw nothing change)
                name = palette.COLOUR_NAMES[nxt].title()  # the setting changed: said, not "kept" (a tester)
                self.notice(f"F10: the border colour is now {name}; only a colour monitor shows it.", replaces="F10:",
                            log=False)
        elif number == 4 and (top is None or not top.on_hint()):
            # The one F-key the manual leaves free: Hard's advice at the player's turn.
            self.notice("F4 gives a hint at your turn in a game: what the Hard player would do.", log=False)

    def toggle_setting(self, section: str, key: str) -> None:
        self.settings.set(section, key, not self.settings.get(section, key))
        self._setting_changed(section, key)

    def _setting_changed(self, section: str, key: str) -> None:
        for scene in list(self.stack.scenes):
            scene.on_setting_changed(section, key)
        self._flush_setting_notices()

    def _flush_setting_notices(self) -> None:
        for notice in self.settings.notices:
            self.notice(notice)
        self.settings.notices.clear()

    def flush_notices(self) -> None:
        """Show what the settings and the save store had to say."""
        self._flush_setting_notices()
        for store in (self.saves, self.stats):
            for notice in store.notices:
                self.notice(notice)
            store.notices.clear()

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.settings.set("display", "fullscreen", self.fullscreen)
        if self.window is not None:
            try:
                if not self.fullscreen:
                    raise pygame.error("back to a window: made afresh below")
                self._windowed_size = self.window.get_size()
                pygame.display.toggle_fullscreen()
                self.window = pygame.display.get_surface() or self.window
            except pygame.error:
                # Back to a window, made afresh at the size it had before full screen (or, for
                # a window that started full screen, the size the options say), with its minimum:
                # the driver's own toggle had left it desktop-sized, with no minimum, and its
                # picture a row down until something was redrawn (testers).
                scale = fitting_scale(int(self.settings.get("display", "scale")), desktop_size())
                flags = pygame.FULLSCREEN if self.fullscreen else pygame.RESIZABLE
                size = (0, 0) if self.fullscreen else (self._windowed_size or (FRAME_W * scale, FRAME_H * scale))
                self.window = pygame.display.set_mode(size, flags)
            keep_minimum_size()
        self._needs_present = True

    def set_mono(self, mono: bool, phosphor: str | None = None) -> None:
        self.mode = DisplayMode(mono=mono, phosphor=phosphor or self.mode.phosphor)
        if self.renderer is not None:
            self.renderer.invalidate()
        self._needs_present = True

    # ---- helpers for scenes ----
    @property
    def delay(self) -> float:
        return float(self.settings.get("play", "delay"))

    def sound(self, name: str) -> None:
        self.speaker.play(name)

    def notice(self, text: str, seconds: float = NOTICE_SECONDS, replaces: str | None = None,
               log: bool = True) -> None:
        """A message on the bottom row for a few seconds. One too long for the row is shown
        whole, a row at a time; every notice stays in the log (N on the menu rereads it).
        ``replaces``: how the notices this one makes out of date begin (F10's: "F10:"); they
        go, and this one takes the place of one on the row (a tester pressing F10 three times
        read the first colour named while the third was set). ``log`` False: a tip answering an
        F-key, not kept in the notice log (N lists troubles, not tips: a tester)."""
        if log:
            self.notice_log.append(text)
        rows = self._notice_rows(text)
        if not log:
            self._tip_rows.update(rows)
        if replaces is not None and any(row.startswith(replaces) for row, _ in self.notices):
            on_row = self.notices[0][0].startswith(replaces)
            kept = [(row, left) for row, left in self.notices if not row.startswith(replaces)]
            new = [(row, seconds) for row in rows]
            self.notices = deque(new + kept if on_row else kept + new)
            if on_row:
                self.notice_left = self.notices[0][1]
            return
        if not log:
            # A tip answers the key just pressed: shown at once, before a notice waiting on the
            # row (F4's tip under the start's notices came 12 s later, on another screen: a
            # tester), which then goes on with the time it had left. Pressed again, it starts again.
            self._drop_notice_rows(lambda row: row in rows)
            if self.notices and self.notice_left > 0:  # back for what it had left, not a flash
                self.notices[0] = (self.notices[0][0], max(self.notice_left, NOTICE_SECONDS / 2))
            self.notices.extendleft((row, seconds) for row in reversed(rows))
            self.notice_left = seconds
            return
        if [row for row, _ in self.notices][-len(rows):] == rows:
            # The same notice again (a key pressed over and over) is not queued behind itself,
            # which held the bottom row for a minute (a tester): on the row, it starts again.
            if len(self.notices) == len(rows):
                self.notice_left = self.notices[0][1]
            return
        self.notices.extend((row, seconds) for row in rows)
        if self.notice_left <= 0:
            self.notice_left = self.notices[0][1]

    @staticmethod
    def _notice_rows(text: str) -> list[str]:
        """A notice's rows on the bottom row: whole if it fits, else a page at a time, each but
        the last marked " »" (a notice two columns too long had left "resume." alone for 4 s),
        as few rows as the words need and, of those, the split whose shortest row is longest:
        no word left alone on the row for its seconds ("quit." after "...will not be kept after
        you »", also beside a folder's path that cannot be broken: testers)."""
        if len(text) <= COLS:
            return [text]
        width = COLS - 3
        words = [piece for word in text.split() for piece in textwrap.wrap(word, width)]  # a path too long: cut
        count = len(textwrap.wrap(" ".join(words), width, break_on_hyphens=False, break_long_words=False))
        # best[k][i]: the longest shortest row of words[:i] in k rows, and where the last begins.
        best: list[list[tuple[int, int] | None]] = [[None] * (len(words) + 1) for _ in range(count + 1)]
        best[0][0] = (width, 0)
        for k in range(1, count + 1):
            for i in range(1, len(words) + 1):
                for j in range(i - 1, -1, -1):
                    row = len(" ".join(words[j:i]))
                    if row > width:
                        break
                    before, now = best[k - 1][j], best[k][i]
                    if before is not None and (now is None or min(before[0], row) > now[0]):
                        best[k][i] = (min(before[0], row), j)
        rows: list[str] = []
        end = len(words)
        for k in range(count, 0, -1):
            cell = best[k][end]
            assert cell is not None  # the greedy wrap's rows are one such split
            rows.insert(0, " ".join(words[cell[1]:end]))
            end = cell[1]
        return [row + (" »" if i < len(rows) - 1 else "") for i, row in enumerate(rows)]

    def withdraw_notice(self, text: str) -> None:
        """Take one notice off the bottom row, if it is still there (it stays in the log): what
        it asked is done ("Choose it on the menu to resume" over the resumed match: a tester)."""
        rows = self._notice_rows(text)
        self._drop_notice_rows(lambda row: row in rows)

    def _drop_notice_rows(self, dropped: Callable[[str], bool]) -> None:
        """Take the rows ``dropped`` picks off the bottom row's queue; the one shown next gets
        its whole time if the one on the row went."""
        showing = self.notices[0][0] if self.notices else None
        self.notices = deque((row, left) for row, left in self.notices if not dropped(row))
        if (self.notices[0][0] if self.notices else None) != showing:
            self.notice_left = self.notices[0][1] if self.notices else 0.0

    def notice_shown(self) -> bool:
        """A notice is on the bottom row now (not while a switching F-key shows the keys)."""
        return bool(self.notices) and self.notice_left > 0 and not self._peeking()

    def _peeking(self) -> bool:
        """The keys show over the notice a switching F-key found on the row."""
        return self.bar_peek > 0 and bool(self.notices) and self.notices[0][0] == self._peek_over

    def clear_notices(self) -> None:
        """Take the waiting notices off the bottom row (they stay in the log): a dialog that
        explains the moment better replaces them."""
        self.notices.clear()
        self.notice_left = 0.0

    def new_seed(self, attract: bool = False) -> int:
        """The seed of the player's next match: the --seed for the first, then drawn from it.
        The demo show's matches draw from a source of their own, so they never take it."""
        if attract:
            return self.attract_seeds.randrange(1, 2**31)
        if self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None
            return seed
        return self.seed_source.randrange(1, 2**31)

    # ---- the bottom row ----
    def key_bar_items(self) -> list[tuple[str, str, int]]:
        """(key label, word, F-number); toggles name the mode the key switches to.

        Words shorten only while the row would overflow (DELAY to DLY, BORDER to BORD, SOUND
        to SND, REPLAY to RPLY, Luk Fu's BY VALUE to VALUE, then NOSND to MUTE and DLY 1.0 to
        1.0s): with every toggle at its longest word, all nine keys still fit the 80 columns.
        """
        play = self.settings.values["play"]
        delay = f"{self.delay:.1f}"
        table = next((s for s in reversed(self.stack.scenes) if s.is_table), None)
        sort_on, sort_off = getattr(table, "SORT_WORDS", ("NOSORT", "SORT"))  # a table's own words, else the usual
        items = [
            ("F1", "NOSOUND" if self.speaker.enabled else "SOUND", 1),
            # F2 ends the show, also from a box over it (the bar had said DEMO there: a tester).
            ("F2", "NODEMO" if self.demo or any(self.shell.is_attract(s) for s in self.stack.scenes) else "DEMO", 2),
            ("F3", sort_on if play["hand_sort"] else sort_off, 3),
            ("F4", "HINT", 4),
            ("F5", "HELP", 5),
            ("F6", "NOREPLAY" if play["replay"] else "REPLAY", 6),
            ("F7", "QUIT", 7),
            ("F8/9", f"DELAY {delay}", 8),
            ("F10", "BORDER", 10),
        ]
        shorter = (("DELAY", "DLY"), ("BORDER", "BORD"), ("SOUND", "SND"), ("REPLAY", "RPLY"), ("BY VALUE", "VALUE"),
                   ("BY SUIT", "SUIT"), ("NOSND", "MUTE"), (f"DLY {delay}", f"{delay}s"))
        for long, short in shorter:
            if sum(len(k) + len(w) + 2 for k, w, _ in items) - 1 <= COLS:
                break
            items = [(k, w.replace(long, short), n) for k, w, n in items]
        return items

    def draw_key_bar(self, canvas: TextCanvas) -> None:
        row = KEY_BAR_ROW
        canvas.fill(0, row, COLS, 1, " ", palette.BLACK, palette.CYAN)
        if self.notice_shown():
            text = self.notices[0][0][:COLS]
            canvas.fill(0, row, COLS, 1, " ", palette.WHITE, palette.RED)
            canvas.text(0, row, text, palette.WHITE, palette.RED)
            return
        items = self.key_bar_items()
        width = sum(len(k) + 1 + len(w) for k, w, _ in items)
        gap = max(1, (COLS - width) // (len(items) - 1)) if len(items) > 1 else 1
        col = 0
        spans: list[tuple[int, int, int]] = []
        for label, word, number in items:
            start = col
            col = canvas.text(col, row, label, palette.RED, palette.CYAN)
            if label == "F8/9":  # its "/9" and the word after it are F9's (a tester could only lower it)
                spans.append((8, start, start + 2))
                start += 2
                number = 9
            col = canvas.text(col + 1, row, word, palette.BLACK, palette.CYAN)
            spans.append((number, start, col))
            col += gap
        self._key_bar_spans = spans

    # ---- screenshots ----
    def save_png(self, path: Path, scale: int = 2) -> None:
        """Render the current screen, border included, to a PNG file."""
        canvas = self.compose()
        renderer = self.renderer or Renderer()
        renderer.invalidate()
        renderer.draw(canvas, self.mode)
        target = pygame.Surface((FRAME_W * scale, FRAME_H * scale))
        present(target, renderer.surface, self.mode.border_rgb(int(self.settings.get("display", "border"))))
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(target, os.fspath(path))

    # ---- for tests and tools: drive the program without a real loop ----
    def press(self, *names: str, ctrl: bool = False) -> None:
        for name in names:
            self.handle_key(Key.named(name, ctrl=ctrl))

    def click_cell(self, col: int, row: int) -> None:
        """A mouse click on the middle of the text cell at ``col``, ``row``, as the window shows it."""
        if self.window is None:
            return
        self.compose()
        _, rect = layout(self.window.get_size())
        self.handle_click((rect.x + (2 * col + 1) * rect.width // (2 * COLS),
                           rect.y + (2 * row + 1) * rect.height // (2 * ROWS)))

    def tick(self, seconds: float = 0.1, steps: int = 1) -> None:
        for _ in range(steps):
            self.update(seconds)
        self.compose()

    def screen_text(self) -> str:
        return self.compose().dump()

    def top_scene(self) -> Scene | None:
        return self.stack.top
