"""Scenes and the scene stack.

A scene draws itself on the text canvas and reacts to keys. The stack draws from the
lowest opaque scene upward, so a transparent scene (the help pager, a dialog) appears over
the table; only the top scene receives keys and time, so the table waits while a dialog is up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.app.keys import Key, key_at
from game.screen.canvas import TextCanvas

if TYPE_CHECKING:
    from game.app.app import App


class Scene:
    transparent = False  # draw the scenes below first
    allow_attract = False  # idle here long enough and demo games start
    is_table = False  # a game's table: F2 here (or over it) hands the player's seat to the computer
    game_name: str | None = None  # the game whose instructions F5 shows
    click_goes_on = False  # any key goes on here, so a click anywhere does too
    hotkeys_go_on = False  # an F-key does its work and then goes on, as any other key (no key bar here)
    opens_table = False  # a question that leads to a table: F2 here switches who plays your seat there
    # The keys that repeat while held here (lists, pages, a cursor); a held Enter, letter or
    # F-key never acts twice.
    repeating_keys: frozenset[int] = frozenset((pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT,
                                                pygame.K_PAGEUP, pygame.K_PAGEDOWN))

    def __init__(self, app: App) -> None:
        self.app = app
        self.key_lines: list[tuple[int, int, str]] = []  # (col, row, text) of the key lines drawn last

    def key_line(self, canvas: TextCanvas, col: int, row: int, text: str, fg: int, bg: int) -> None:
        """Draw a line of keys ("Y: leave   N/Esc: stay") that a click on its parts presses."""
        canvas.text(col, row, text, fg, bg)
        self.clickable(col, row, text)

    def clickable(self, col: int, row: int, text: str) -> None:
        """Let a click on the parts of a key line drawn otherwise (a title bar's "Esc: back")
        press their keys. (Once each: a scene drawn inside another, as the demo draws its table,
        is not cleared by the stack, and its lines must not pile up frame after frame.)"""
        if (col, row, text) not in self.key_lines:
            self.key_lines.append((col, row, text))

    def on_click(self, col: int, row: int) -> None:
        """A click on a part of a key line this scene drew presses its key, through the same
        path as the keyboard (so an F-key there is the hotkey); elsewhere it goes on where any
        key does (``click_goes_on``). A mouse player met questions he could not answer."""
        name = self.key_line_at(col, row)
        if name is not None:
            self.app.handle_key(Key.named(name))
        elif self.click_goes_on:
            self.app.handle_key(Key.named("SPACE"))

    def key_line_at(self, col: int, row: int) -> str | None:
        """The key a click at ``col``, ``row`` presses on a key line this scene drew, if any."""
        for first, line_row, text in self.key_lines:
            name = key_at(text, col - first) if row == line_row else None
            if name is not None:
                return name
        return None

    def on_key(self, key: Key) -> None:
        """React to a key the global hotkeys did not take."""

    def on_help(self) -> bool:
        """F5 was pressed: explain something of this scene's own and return True, or return
        False to have the instructions shown (the options screen explains its options)."""
        return False

    def on_hint(self) -> bool:
        """F4 was pressed: give or cancel a hint and return True, or return False when this
        scene has nothing to hint at (the program then says where hints are given)."""
        return False

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds (only the top scene is updated)."""

    def draw(self, canvas: TextCanvas) -> None:
        """Draw on rows 0-23; row 24 is the function-key bar."""

    def on_setting_changed(self, section: str, key: str) -> None:
        """A setting changed through a hotkey (sound, sort, replay, delay...)."""

    def on_demo_changed(self) -> None:
        """F2 switched demo mode."""

    def on_top(self) -> None:
        """This scene became the top of the stack again."""

    def before_attract(self) -> None:
        """The demo games are about to start over this scene (idle, or F2)."""


class Shell(Protocol):
    """The scenes layer's policy that App follows: which scenes open first, the demo games of
    attract mode, and the scenes F2, F5 and F7 open or close. The entry point (``game.main``)
    builds the scenes layer's Shell and hands it to App, so no module of game.app imports a scene."""

    def open(self, app: App) -> None:
        """Push the first scenes (App.start calls it once, after the window opens)."""

    def attract(self, app: App) -> Scene | None:
        """The attract-mode scene, or None when there is no demo to show."""

    def is_attract(self, scene: Scene | None) -> bool:
        """F2 on this scene leaves it."""

    def help(self, app: App, game: str | None) -> Scene:
        """What F5 opens: the instructions of ``game``, or of the program for None."""

    def is_help(self, scene: Scene | None) -> bool:
        """F5 on this scene closes it."""

    def quit_dialog(self, app: App) -> Scene:
        """What F7 opens."""

    def is_quit_dialog(self, scene: Scene | None) -> bool:
        """F7 on this scene does nothing more."""


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)

    def pop(self) -> Scene | None:
        scene = self.scenes.pop() if self.scenes else None
        if self.top is not None:
            self.top.on_top()
        return scene

    def remove(self, scene: Scene) -> None:
        """Take ``scene`` (and everything above it) off the stack."""
        if scene in self.scenes:
            del self.scenes[self.scenes.index(scene):]
            if self.top is not None:
                self.top.on_top()

    def pop_to(self, scene: Scene) -> None:
        """Take every scene above ``scene`` off the stack."""
        if scene in self.scenes:
            del self.scenes[self.scenes.index(scene) + 1:]
            scene.on_top()

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop()
        self.scenes.append(scene)

    def find(self, kind: type) -> Scene | None:
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def draw(self, canvas: TextCanvas) -> None:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if not self.scenes[i].transparent:
                start = i
                break
        for scene in self.scenes[start:]:
            scene.key_lines.clear()  # a scene's clickable keys are those it draws now
            scene.draw(canvas)

    def game_on_screen(self) -> str | None:
        for scene in reversed(self.scenes):
            if scene.game_name:
                return scene.game_name
        return None
