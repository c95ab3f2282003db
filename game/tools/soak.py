"""Soak test: drive the real program headless with random keys and window sizes.

    python -m game.tools.soak --minutes 30            # the full run
    python -m game.tools.soak --steps 5000 --seed 3   # a bounded run (CI uses one like it)

Every so often it picks a game from the menu (short matches: game point 100, Jub Moo to
-300, Mus to 30, one Luk Fu deal), then sends random keys: cards, labelled choices,
arrows, Enter, Esc, and F-keys at every moment (F6 mid-trick, F2 during a bet, F5 over a
dialog, F7 then N or Y), mouse clicks (mostly on a cell with something written in it: a
card, a choice, a key line, the key bar), and random window resizes and full-screen toggles. Time runs
fast (the computer's delay is mostly 0). It reports matches completed, keys sent, and
every exception with the seed and step that reproduce it; each finished match is replayed
from its record through the rules to check that it ended legally.
"""

from __future__ import annotations

import argparse
import random
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from game.registry import GAME_NAMES, GAMES

KEYS_COMMON = ["ENTER", "SPACE", "LEFT", "RIGHT", "UP", "DOWN", "ESC", "TAB", "PAGEDOWN", "PAGEUP",
               *"1234567890", *"ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
F_KEYS = [f"F{n}" for n in range(1, 13)]
MENU_KEYS = [str(number) for number in range(1, len(GAME_NAMES) + 1)]  # the menu numbers the games


@dataclass
class SoakReport:
    seed: int
    keys: int = 0
    clicks: int = 0
    steps: int = 0
    matches: int = 0
    restarts: int = 0
    errors: list[str] = field(default_factory=list)

    def summary(self) -> str:
        lines = [f"soak seed {self.seed}: {self.steps} steps, {self.keys} keys sent, "
                 f"{self.clicks} clicks, {self.matches} matches completed, {self.restarts} program restarts, "
                 f"{len(self.errors)} exceptions"]
        lines.extend(self.errors)
        return "\n".join(lines)


def _new_app(seed: int) -> Any:
    from game.tools.headless import headless_app

    app = headless_app(["*", "--seed", str(seed)])
    app.settings.values["play"].update(delay=0.0, attract_seconds=20, sound=True)
    for game in GAMES:
        app.settings.values[game.name].update(game.quick_options)
    return app


def _click_target(app: Any, rng: random.Random) -> tuple[int, int]:
    """A cell to click: mostly one with something written in it, sometimes any."""
    from game.screen.canvas import COLS, ROWS

    if rng.random() < 0.8:
        written = [(col, row) for row, line in enumerate(app.screen_text().splitlines())
                   for col, char in enumerate(line) if char.strip()]
        if written:
            return rng.choice(written)
    return rng.randrange(COLS), rng.randrange(ROWS)


def _check_legal_end(table: Any) -> str | None:
    """Replay a finished match from its record; it must reach the same final state."""
    from game.app.saves import restore

    record = {"format": "dos-card-games-save", "version": 1, **table.match.record(), "humans": [0]}
    try:
        match, _ = restore(record, table.match.game)
    except ValueError as exc:
        return f"match record does not replay: {exc}"
    if match.state != table.match.state or not match.is_over:
        return "replayed match differs from the one played"
    return None


def run(seed: int, steps: int | None = None, seconds: float | None = None, log_every: int = 0) -> SoakReport:
    import pygame

    from game.app.keys import Key
    from game.scenes.table import TableScene

    rng = random.Random(seed)
    report = SoakReport(seed)
    app = _new_app(seed)
    counted: set[int] = set()
    start = time.monotonic()
    step = 0
    while True:
        if steps is not None and step >= steps:
            break
        if seconds is not None and time.monotonic() - start >= seconds:
            break
        step += 1
        try:
            roll = rng.random()
            if not app.running:
                app.ai.close()
                app = _new_app(rng.randrange(1, 2**31))
                report.restarts += 1
            elif roll < 0.04:
                name = rng.choice(F_KEYS)
                app.press(name)
                report.keys += 1
                if name == "F7":  # answer the question at once, mostly "no"
                    app.press("N" if rng.random() < 0.85 else "Y")
                    report.keys += 1
            elif roll < 0.05:
                size = (rng.randrange(1, 3000), rng.randrange(1, 2000))
                if app.window is not None:
                    app.window = pygame.display.set_mode(size, pygame.RESIZABLE)
                app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
            elif roll < 0.052:
                app.handle_key(Key.named("ENTER", alt=True))  # full screen on / off
            elif roll < 0.06 and not any(isinstance(s, TableScene) for s in app.stack.scenes):
                app.press(rng.choice(MENU_KEYS))  # pick a game on the menu
                app.press("Y" if rng.random() < 0.5 else "N")  # resume or not, if asked
                report.keys += 2
            elif roll < 0.55:
                app.press(rng.choice(KEYS_COMMON))
                report.keys += 1
            elif roll < 0.65:
                app.click_cell(*_click_target(app, rng))
                report.clicks += 1
            app.update(rng.choice((0.02, 0.1, 0.5, 1.5)))
            app.render()
            for scene in app.stack.scenes:
                if isinstance(scene, TableScene) and scene.result_shown and id(scene) not in counted:
                    counted.add(id(scene))
                    report.matches += 1
                    problem = _check_legal_end(scene)
                    if problem:
                        report.errors.append(f"step {step}: {problem} (seed {seed})")
        except Exception:
            report.errors.append(f"step {step} (soak seed {seed}):\n{traceback.format_exc()}")
            app.ai.close()
            app = _new_app(rng.randrange(1, 2**31))
            report.restarts += 1
        if log_every and step % log_every == 0:
            print(f"  step {step}: {report.matches} matches, {report.keys} keys, {len(report.errors)} errors",
                  flush=True)
    report.steps = step
    app.ai.close()
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.soak", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, help="stop after this many steps")
    parser.add_argument("--minutes", type=float, help="stop after this long")
    ns = parser.parse_args(argv)
    seconds = None if ns.minutes is None else ns.minutes * 60
    if ns.steps is None and seconds is None:
        ns.steps = 5000
    report = run(ns.seed, ns.steps, seconds, log_every=5000)
    print(report.summary())
    return 1 if report.errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
