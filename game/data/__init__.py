"""The program's own data files, shipped inside the package so that every kind of install
(a checkout, ``pip install .``, a wheel, pipx) finds them next to the code.

- ``defaults.toml``: every setting with its default, commented.
- ``glyphs.txt``: our own 8x16 glyphs (Spanish suits, Chinese numerals and suit marks).
- ``effects.txt``: the PC-speaker sounds as music-macro strings.
"""

from __future__ import annotations

from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent


def data_file(name: str) -> Path:
    """The path of the shipped data file ``name``."""
    return DATA_DIR / name
