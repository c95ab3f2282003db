"""What a new user sees when the program starts on an odd machine."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest

import game

ROOT = Path(__file__).resolve().parents[2]


def _env(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER")}
    env["DOS_CARDS_HOME"] = str(home)
    env.update(extra)
    return env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="only Linux has no display without DISPLAY")
def test_no_display_says_so_and_exits_with_status_1(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, str(ROOT / "main.py"), "S*"], env=_env(tmp_path), cwd=tmp_path,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert "No window can be opened" in run.stderr
    assert "SDL_VIDEODRIVER=dummy" in run.stderr  # how to run without a window on purpose
    assert "Traceback" not in run.stderr


def test_a_headless_driver_asked_for_runs(tmp_path: Path) -> None:
    """SDL_VIDEODRIVER=dummy is the user's own choice: the program runs (until closed)."""
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "S*"], cwd=tmp_path,
                            env=_env(tmp_path, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(3)
        assert proc.poll() is None, proc.communicate()[1]
    finally:
        proc.terminate()
        proc.communicate(timeout=10)


def test_no_sound_card_prints_at_most_one_line(tmp_path: Path) -> None:
    """Sound on, audio driver left to SDL: on a machine without a sound card the audio
    libraries' own complaints stay hidden (the notice on screen says it in plain words)."""
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "*"], cwd=tmp_path,
                            env=_env(tmp_path, SDL_VIDEODRIVER="dummy"),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(3)
    proc.terminate()
    out, err = proc.communicate(timeout=10)
    assert len((out + err).strip().splitlines()) <= 1, out + err


def test_the_startup_show_gives_the_package_version(make_app) -> None:
    app = make_app()
    for _ in range(400):
        app.tick(0.05)
        if f"Version {game.__version__}" in app.screen_text():
            break
    assert f"Version {game.__version__}" in app.screen_text()


def test_the_window_cannot_be_made_smaller_than_the_picture(make_app) -> None:
    import pygame

    from game.screen.render import FRAME_H, FRAME_W

    make_app("S*")
    with warnings.catch_warnings():  # pygame-ce's nudge towards its Window drawing API
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    assert window.minimum_size == (FRAME_W, FRAME_H)


def test_a_window_too_big_for_the_screen_opens_at_the_largest_size_that_fits():
    """Found by a tester: --scale 3 on a 1400x900 desktop opened a 2016x1296 window hanging off
    every edge, the F-key row out of sight."""
    from game.app.app import fitting_scale

    assert fitting_scale(3, (1400, 900)) == 2  # 2016 > 1400 columns
    assert fitting_scale(2, (1366, 768)) == 1  # 864 > 768 rows
    assert fitting_scale(6, (1920, 1080)) == 2
    assert fitting_scale(2, (3840, 2160)) == 2, "never larger than asked"
    assert fitting_scale(4, (800, 600)) == 1, "x1 at least, however small the screen"
    assert fitting_scale(5, None) == 5, "a desktop of unknown size is taken at its word"


def test_the_window_says_when_it_opens_smaller_than_asked(make_app, monkeypatch):
    from game.app import app as app_module

    monkeypatch.setattr(app_module, "desktop_size", lambda: (1400, 900))
    app = make_app("--skip-intro", "--scale", "6")
    assert app.window_scale() == 2
    assert "Window size x6 is too big for your 1400x900 screen: it opens at x2." in app.notice_log


def test_an_f_key_on_the_startup_show_does_its_work_and_ends_the_show(make_app) -> None:
    """Found by a tester: "Press any key" on the show, whose screen has no key bar, and F1 or F6
    there changed the sound or the replay unseen while the show played on. Now the key does its
    work and the show ends, so the menu's bar shows what it changed; F5 still opens the help."""
    from game.scenes.help import HelpScene
    from game.scenes.intro import IntroScene
    from game.scenes.menu import MenuScene

    app = make_app()
    assert isinstance(app.top_scene(), IntroScene)
    sound = app.speaker.enabled
    app.press("F1")
    assert isinstance(app.top_scene(), MenuScene) and app.speaker.enabled != sound
    assert ("F1 SND" if sound else "F1 NOSND") in app.screen_text().splitlines()[24]
    again = make_app()
    again.press("F5")
    assert isinstance(again.top_scene(), HelpScene)
