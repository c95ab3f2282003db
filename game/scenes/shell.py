"""The scenes layer's policy for the program: the first scenes, attract mode, and the scenes
F2, F5 and F7 open.

``game.main`` builds a ``Shell`` and hands it to ``App``, which knows it only by the
``Shell`` protocol of ``game.app.scene``: so nothing in ``game.app`` imports ``game.scenes``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import registry
from game.app.scene import Scene
from game.scenes.attract import AttractScene
from game.scenes.dialogs import QuitDialog
from game.scenes.help import HelpScene
from game.scenes.intro import IntroScene
from game.scenes.menu import MenuScene

if TYPE_CHECKING:
    from game.app.app import App


class Shell:
    def open(self, app: App) -> None:
        """The menu, then the game named on the command line, the demo games or the startup
        show; and a notice of the unfinished matches the menu can resume (but the one of the
        game named, whose table asks at once)."""
        menu = MenuScene(app)
        app.stack.push(menu)
        if app.args.game:
            menu.start_game(app.args.game)
        elif app.args.demo:
            app.start_attract()
        elif app.settings.get("play", "intro") and not app.args.skip_intro:
            app.stack.push(IntroScene(app))
        saved = [g.title for g in registry.GAMES if app.saves.exists(g.name) and g.name != app.args.game]
        if saved:
            head, which = ("Unfinished match saved", "it") if len(saved) == 1 else ("Unfinished matches saved", "one")
            menu.saved_notice = f"{head}: {', '.join(saved)}. Choose {which} on the menu to resume."
            app.notice(menu.saved_notice)

    def attract(self, app: App) -> Scene | None:
        """Demo games of every playable game in turn; None when no game is playable."""
        return AttractScene(app) if registry.available() else None

    def is_attract(self, scene: Scene | None) -> bool:
        return isinstance(scene, AttractScene)

    def help(self, app: App, game: str | None) -> Scene:
        """F5: the instructions of ``game`` (None: of the program)."""
        return HelpScene(app, game)

    def is_help(self, scene: Scene | None) -> bool:
        return isinstance(scene, HelpScene)

    def quit_dialog(self, app: App) -> Scene:
        """F7: leave the table, or quit the program from the menu."""
        return QuitDialog(app)

    def is_quit_dialog(self, scene: Scene | None) -> bool:
        return isinstance(scene, QuitDialog)
