"""PC-speaker sound: music-macro strings rendered as one square-wave voice.

The sounds are data (``game/data/effects.txt``). ``render`` turns a macro into samples for the
format the mixer actually opened, so nothing is assumed about the audio device. With no
audio device (or ``--no-sound``), ``Speaker`` stays silent and says why once.
"""

from __future__ import annotations

import array
import contextlib
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game.data import data_file

EFFECTS_FILE = data_file("effects.txt")
NOTE_OFFSETS = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
VOLUME = 0.18  # of full scale: a speaker, not a siren

Tone = tuple[float, float, bool]  # (frequency in Hz, 0 = rest; seconds; glide to next)


def load_effects(path: Path = EFFECTS_FILE) -> dict[str, str]:
    effects: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            name, macro = line.split("=", 1)
            effects[name.strip()] = macro.strip()
    return effects


def parse_macro(macro: str) -> list[Tone]:
    """Music-macro text to a list of tones. Raises ValueError on text it cannot read."""
    tempo, length, octave = 120, 4, 4
    tones: list[Tone] = []
    tokens = re.findall(r"[A-Ga-g][#+-]?\d*\.*|[TtLlOoNn]\d+|[PpRr]\d*\.*|[<>~]|\S", macro)
    for tok in tokens:
        head = tok[0].upper()
        if head in "TLON" and len(tok) > 1 and tok[1:].isdigit():
            value = int(tok[1:])
            if head == "T":
                tempo = max(32, min(255, value))
            elif head == "L":
                length = max(1, min(64, value))
            elif head == "O":
                octave = max(0, min(6, value))
            else:
                freq = 0.0 if value == 0 else 440.0 * 2 ** ((value - 34) / 12)
                tones.append((freq, 240.0 / tempo / length, False))
            continue
        if tok == "<":
            octave = max(0, octave - 1)
        elif tok == ">":
            octave = min(6, octave + 1)
        elif tok == "~":
            if tones:
                f, d, _ = tones[-1]
                tones[-1] = (f, d, True)
        elif head in NOTE_OFFSETS or head in "PR":
            m = re.fullmatch(r"([A-GPR])([#+-]?)(\d*)(\.*)", tok.upper())
            if not m:
                raise ValueError(f"bad note {tok!r}")
            letter, accidental, digits, dots = m.groups()
            note_len = int(digits) if digits else length
            seconds = 240.0 / tempo / max(1, note_len)
            seconds *= 1.5 ** len(dots)
            if letter in "PR":
                tones.append((0.0, seconds, False))
            else:
                semitone = NOTE_OFFSETS[letter] + {"#": 1, "+": 1, "-": -1, "": 0}[accidental]
                midi = 12 * (octave + 1) + semitone  # O4 C = middle C (MIDI 60)
                freq = 440.0 * 2 ** ((midi - 69) / 12)
                tones.append((freq, seconds * 0.875, False))  # staccato, as PLAY's "normal" legato
                tones.append((0.0, seconds * 0.125, False))
        else:
            raise ValueError(f"cannot read {tok!r} in sound macro")
    return tones


def render(tones: list[Tone], rate: int) -> list[float]:
    """Square-wave samples in -1..1 at ``rate`` Hz."""
    out: list[float] = []
    phase = 0.0
    for i, (freq, seconds, glide) in enumerate(tones):
        count = int(seconds * rate)
        target = freq
        if glide:
            target = next((f for f, _, _ in tones[i + 1 :] if f > 0), freq)
        for n in range(count):
            f = freq + (target - freq) * (n / count) if glide else freq
            if f <= 0:
                out.append(0.0)
                continue
            phase = (phase + f / rate) % 1.0
            out.append(VOLUME if phase < 0.5 else -VOLUME)
    return out


def to_bytes(samples: list[float], fmt: int, channels: int) -> bytes:
    """Pack samples for the mixer's format (pygame's size codes: -16, 16, -8, 8, 32...)."""
    bits = abs(fmt) & 0xFF
    data: array.array[float] | array.array[int]
    if bits == 32:
        data = array.array("f", (s for s in samples for _ in range(channels)))
    elif bits == 8:
        if fmt < 0:
            data = array.array("b", (int(s * 127) for s in samples for _ in range(channels)))
        else:
            data = array.array("B", (int(128 + s * 127) for s in samples for _ in range(channels)))
    elif fmt < 0:
        data = array.array("h", (int(s * 32767) for s in samples for _ in range(channels)))
    else:
        data = array.array("H", (int(32768 + s * 32767) for s in samples for _ in range(channels)))
    return data.tobytes()


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Hide what C libraries print on the process's stderr while the block runs.

    Opening audio on a machine without a sound card makes ALSA and PulseAudio print a dozen
    lines of their own; the program knows the outcome and says it once, in plain words.
    """
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no real stderr (a GUI launcher): nothing to hide
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


NO_DEVICE = "No sound device was found, so the game plays silently."


class Speaker:
    """Plays named effects. Silent (never raising) when there is no usable audio device."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.available = False
        self.notice: str | None = None
        self._mixer: Any = None
        self._sounds: dict[str, Any] = {}
        self._channel: Any = None

    def start(self) -> None:
        """Open the mixer and render every effect for its format; no device means silence. Only
        the device's failure is caught: a broken effect in the shipped file is a bug to see,
        not "no sound device"."""
        import pygame

        try:
            if not pygame.mixer.get_init():
                with quiet_stderr():
                    pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            init = pygame.mixer.get_init()
        except (pygame.error, OSError):  # no device, no driver
            init = None
        if not init:
            self.available = False
            self.notice = NO_DEVICE
            return
        rate, fmt, channels = init
        samples = {name: to_bytes(render(parse_macro(macro), rate), fmt, channels)
                   for name, macro in load_effects().items()}
        try:
            self._sounds = {name: pygame.mixer.Sound(buffer=raw) for name, raw in samples.items()}
        except pygame.error:  # the device took no sound after all
            self.available = False
            self.notice = NO_DEVICE
            return
        self._mixer = pygame.mixer
        self.available = True

    def play(self, name: str) -> None:
        if not (self.enabled and self.available):
            return
        sound = self._sounds.get(name)
        if sound is None:
            return
        try:
            if self._channel is not None:
                self._channel.stop()  # one voice, like the speaker
            self._channel = sound.play()
        except Exception:
            self.available = False

    def stop(self) -> None:
        if self._channel is not None:
            with contextlib.suppress(Exception):
                self._channel.stop()
