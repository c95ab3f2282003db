import pytest

from game.app import audio


def test_every_effect_parses_and_renders():
    effects = audio.load_effects()
    for name in ("click", "deal", "buzz", "trick", "bella", "bete", "won", "lost", "tune"):
        assert name in effects
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
