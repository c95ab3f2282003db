"""The program runs from a real install, not only from a checkout.

Builds the wheel, installs it (not editable) into a fresh virtual environment, and starts
the installed program from an unrelated folder, so every data file it reads must have
travelled inside the wheel.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bin folder of a fresh virtual environment holding the installed wheel."""
    base = tmp_path_factory.mktemp("install")
    wheels = base / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(ROOT), "-w", str(wheels)],
                   check=True, cwd=base)
    (wheel,) = wheels.glob("dos_card_games-*.whl")
    env_dir = base / "venv"
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", str(wheel)], check=True, cwd=base)
    return bin_dir


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", DOS_CARDS_HOME=str(home))
    return env


def test_the_wheel_holds_the_data_files(installed: Path) -> None:
    code = ("import game.data as d, game.scenes.help as h; "
            "names = sorted(p.name for p in d.DATA_DIR.iterdir()); print(names); "
            "print(sorted(p.name for p in h.HELP_DIR.iterdir()))")
    out = subprocess.run([str(installed / "python"), "-c", code], capture_output=True, text=True, check=True,
                         cwd=installed.parent.parent).stdout
    for name in ("defaults.toml", "glyphs.txt", "effects.txt", "klaberjass.txt", "program.txt"):
        assert name in out
    assert str(ROOT) not in subprocess.run([str(installed / "python"), "-c", "import game; print(game.__file__)"],
                                           capture_output=True, text=True, check=True,
                                           cwd=installed.parent.parent).stdout


def test_the_installed_command_starts_from_any_folder(installed: Path, tmp_path: Path) -> None:
    command = installed / "dos-card-games"
    usage = subprocess.run([str(command), "--help"], capture_output=True, text=True, cwd=tmp_path)
    assert usage.returncode == 0 and "usage: dos-card-games " in usage.stdout, "the usage names the command typed"
    assert "python main.py" not in usage.stdout
    proc = subprocess.Popen([str(command), "S*", "--game", "mus", "--seed", "3"], cwd=tmp_path,
                            env=_env(tmp_path / "home"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        # The program runs until it is closed: still running after a few seconds means it
        # started, found its data and reached the table.
        deadline = time.monotonic() + 6
        while time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.2)
        assert proc.poll() is None, proc.communicate()[1]
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    assert "Traceback" not in err


def test_the_snap_tool_runs_from_the_install(installed: Path, tmp_path: Path) -> None:
    out = tmp_path / "menu.png"
    subprocess.run([str(installed / "python"), "-m", "game.tools.snap", "--scene", "menu", "--out", str(out)],
                   check=True, cwd=tmp_path, env=_env(tmp_path / "home"), capture_output=True)
    assert out.stat().st_size > 1000
