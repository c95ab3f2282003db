"""Start the program: read the command line and the settings, open the window, run.

This is the one module that puts the layers together: it hands the scenes layer's policy
(``game.scenes.shell.Shell``) to the ``App`` of ``game.app``, which never imports scenes."""

from __future__ import annotations

import os
import sys

from game.app import cli


def main(argv: list[str] | None = None) -> int:
    args = cli.parse(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.app import storage
    from game.app.app import App, NoDisplayError, user_folder
    from game.app.settings import Settings
    from game.scenes.shell import Shell

    claim = storage.FolderClaim(user_folder())  # before any file there is read (and maybe moved aside)
    settings = Settings.load()
    app = App(args, settings, Shell(), folder_claim=claim)
    try:
        app.start()
    except NoDisplayError as exc:
        print(f"No window can be opened: {exc}.\n"
              "The game needs a desktop to draw its window on. Start it from a desktop session,\n"
              "or over ssh with X forwarding (ssh -X). To run it without a window on purpose\n"
              "(for tests or tools), set SDL_VIDEODRIVER=dummy.", file=sys.stderr)
        app.shutdown()
        return 1
    try:
        app.run()
    except KeyboardInterrupt:
        pass
    finally:
        app.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
