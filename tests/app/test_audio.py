import pytest

from game.app import audio


def played_names() -> set[str]:
    """Every effect the program asks for by name (``sound("trick")``), read from its source."""
    import re
    from pathlib import Path

    source = Path(audio.__file__).parents[1]
    calls = (re.findall(r"""\bsound\((.*)$""", path.read_text(encoding="utf-8"), re.MULTILINE)
             for path in source.rglob("*.py"))  # the rest of the line: a name may be chosen there
    return {name for found in calls for call in found for name in re.findall(r"""["']([a-z]+)["']""", call)}


def test_every_effect_played_exists_parses_and_renders():
    """A name the program plays but the effects file lacks would be silent (``play`` skips it)."""
    effects = audio.load_effects()
    names = played_names()
    assert {"click", "select", "trick", "buzz", "lost"} <= names  # the reading finds the calls
    for name in names:
        assert name in effects, name
        samples = audio.render(audio.parse_macro(effects[name]), 22050)
        assert samples, name
        assert max(samples) <= audio.VOLUME and min(samples) >= -audio.VOLUME


def test_macro_pitch_and_length():
    tones = audio.parse_macro("T120 L4 O4 A")
    freq, seconds, _ = tones[0]
    assert freq == pytest.approx(440.0)
    assert seconds + tones[1][1] == pytest.approx(0.5)  # a quarter note at 120 bpm


def test_bad_macro_raises():
    with pytest.raises(ValueError):
        audio.parse_macro("T120 Q")


@pytest.mark.parametrize(("fmt", "channels", "width"), [(-16, 1, 2), (16, 2, 4), (8, 1, 1), (-8, 2, 2), (32, 2, 8)])
def test_samples_packed_for_the_mixer_format(fmt, channels, width):
    data = audio.to_bytes([0.1, -0.1, 0.0], fmt, channels)
    assert len(data) == 3 * width


def test_no_audio_device_means_silence(monkeypatch):
    import pygame

    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    speaker = audio.Speaker(enabled=True)
    speaker.start()
    assert not speaker.available
    assert "No sound" in (speaker.notice or "")
    speaker.play("click")  # silently nothing
    speaker.stop()
