"""The code-quality gates CI enforces, run as tests so the one test command covers them."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _tool(name: str) -> list[str]:
    local = Path(sys.executable).parent / name
    if local.exists():
        return [str(local)]
    found = shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed: pip install -e '.[test]'")
    return [found]


def test_ruff_clean():
    result = subprocess.run([*_tool("ruff"), "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_clean():
    """mypy strict on the files listed in pyproject's [tool.mypy]: all of game/."""
    result = subprocess.run([*_tool("mypy")], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_pure_layers_do_not_import_pygame():
    for folder in ("game/rules", "game/ai"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert "import pygame" not in text and "from pygame" not in text, path


def test_pure_layers_load_nothing_of_the_screen_even_indirectly():
    """Importing every rules and AI module loads no pygame and none of the program's screen
    layers (app, scenes, screen), through whatever they import in turn."""
    modules = sorted(f"game.{folder}.{path.stem}" for folder in ("rules", "ai")
                     for path in (ROOT / "game" / folder).glob("*.py") if path.stem != "__init__")
    code = (f"import importlib, sys; [importlib.import_module(m) for m in {modules!r}]; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame' "
            "or m.startswith(('game.app', 'game.scenes', 'game.screen'))))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_app_layer_does_not_import_scenes():
    """The scenes are handed to App as a Shell by game/main.py; game/app names no scene module."""
    for path in (ROOT / "game/app").rglob("*.py"):
        assert "game.scenes" not in path.read_text(encoding="utf-8"), path
