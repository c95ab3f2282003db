"""Run the real program without a screen or sound card (tests, screenshots, soak runs)."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.app.app import App


def use_dummy_drivers() -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def scratch_home(prefix: str = "dos-cards-") -> Path:
    """A fresh user folder for one run, removed when the run ends.

    Screenshots, soak runs and benchmarks must not write into the player's own settings,
    saves or statistics, nor leave a folder behind in the temporary directory each time.
    """
    home = Path(tempfile.mkdtemp(prefix=prefix))
    atexit.register(shutil.rmtree, home, ignore_errors=True)
    return home


def headless_app(argv: list[str] | None = None, home: Path | None = None, open_window: bool = True) -> App:
    """A started App with dummy drivers, inline AI and its own user folder."""
    use_dummy_drivers()
    if home is None:
        home = scratch_home()
    os.environ["DOS_CARDS_HOME"] = str(home)
    from game.app import cli
    from game.app.app import App
    from game.app.settings import Settings
    from game.scenes.shell import Shell

    args = cli.parse(list(argv or []))
    app = App(args, Settings.load(home), Shell(), inline_ai=True)
    app.start(open_window=open_window)
    return app


def advance(app: App, actions: int, max_updates: int = 200_000) -> int:
    """Let the computer play ``actions`` actions at the table on top (demo on, no delay).

    Returns the number of actions taken; stops early when the match ends.
    """
    from game.scenes.table import TableScene

    table = app.stack.top
    if not isinstance(table, TableScene):
        return 0
    was_demo, app.demo = app.demo, True
    old_delay = app.settings.values["play"]["delay"]
    app.settings.values["play"]["delay"] = 0.0
    taken = 0
    try:
        for _ in range(max_updates):
            if taken >= actions or table.finished or table.result_shown:
                break
            before = len(table.match.steps)
            if table.panel is not None:
                table.close_panel()
            table.hold = 0.0
            table.update(0.05)
            taken += len(table.match.steps) - before
    finally:
        app.demo = was_demo
        app.settings.values["play"]["delay"] = old_delay
    return taken
