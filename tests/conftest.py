"""Shared fixtures: every test runs headless, with its own user folder."""

from __future__ import annotations

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh user folder for settings and saves."""
    monkeypatch.setenv("DOS_CARDS_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def make_app(home):
    """Start the real program headless; ``make_app("--skip-intro")``."""
    from game.tools.headless import headless_app

    apps = []

    def start(*argv: str, open_window: bool = True):
        app = headless_app(list(argv), home=home, open_window=open_window)
        apps.append(app)
        return app

    yield start
    for app in apps:
        app.ai.close()
