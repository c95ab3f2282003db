"""Render any scene headless to a PNG.

    python -m game.tools.snap --out shot.png                    # the menu
    python -m game.tools.snap --game klaberjass --seed 7 --step 12 --out table.png
    python -m game.tools.snap --game klaberjass --keys F5 PAGEDOWN --out help.png
    python -m game.tools.snap --scene intro --time 4 --out intro.png

``--step N`` lets the computer play N actions for every seat first; ``--keys`` then presses
keys (names as in game.app.keys: F1-F12, ENTER, ESC, LEFT, a letter or digit...).
``--text`` also prints the 80x25 screen as text.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from game.tools.headless import advance, headless_app


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.snap", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", help="start at this game's table")
    parser.add_argument("--scene", choices=("menu", "intro", "options", "attract"), default="menu")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--step", type=int, default=0, help="computer actions to play first")
    parser.add_argument("--time", type=float, default=0.0, help="seconds to let pass before the shot")
    parser.add_argument("--keys", nargs="*", default=[], help="keys to press before the shot")
    parser.add_argument("--mono", action="store_true")
    parser.add_argument("--scale", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("snap.png"))
    parser.add_argument("--text", action="store_true", help="print the screen as text too")
    ns = parser.parse_args(argv)

    argv_app = ["--seed", str(ns.seed)]
    if ns.game:
        argv_app += ["--game", ns.game]
    elif ns.scene != "intro":
        argv_app.append("--skip-intro")
    if ns.scene == "attract":
        argv_app.append("--demo")
    if ns.mono:
        argv_app.append("--mono")
    app = headless_app(argv_app, open_window=False)
    if ns.scene == "options":
        app.press("O")
    if ns.step:
        advance(app, ns.step)
    elapsed = 0.0
    while elapsed < ns.time:
        app.tick(0.05)
        elapsed += 0.05
    for key in ns.keys:
        app.press(key)
    app.save_png(ns.out, scale=ns.scale)
    if ns.text:
        print(app.screen_text())
    print(f"wrote {ns.out}")
    app.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
