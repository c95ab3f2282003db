import os
import stat

import pytest

from game.app.settings import DEFAULTS_FILE, SCHEMA, Settings, load_defaults


def test_defaults_file_covers_schema():
    defaults = load_defaults()
    for section, checks in SCHEMA.items():
        for key, check in checks.items():
            assert key in defaults[section], f"{section}.{key} missing from {DEFAULTS_FILE.name}"
            assert check(defaults[section][key]), f"default {section}.{key} fails its own check"


def test_game_sections_hold_every_rules_option():
    from game.rules import get_rules

    defaults = load_defaults()
    for game in ("klaberjass", "jubmoo", "mus", "lukfu"):
        try:
            rules = get_rules(game)
        except ModuleNotFoundError:
            continue
        for key, value in rules.default_options().items():
            if key.startswith("first_") or key == "replay":
                continue  # drawn at random / switched by F6
            assert key in defaults[game], f"{game}.{key} not in defaults.toml"
            assert defaults[game][key] == value, f"{game}.{key}: defaults.toml differs from the rules"


def test_missing_file_gives_defaults(home):
    settings = Settings.load(home)
    assert settings.get("play", "delay") == load_defaults()["play"]["delay"]
    assert settings.notices == []


def test_changes_are_saved_and_reloaded(home):
    settings = Settings.load(home)
    settings.set("play", "delay", 2.5)
    settings.set("display", "border", 4)
    again = Settings.load(home)
    assert again.get("play", "delay") == 2.5
    assert again.get("display", "border") == 4
    assert not list(home.glob("*.tmp")), "no temporary file left behind"


def test_damaged_file_is_moved_aside(home):
    (home / "settings.toml").write_text("[play\nsound = maybe", encoding="utf-8")
    settings = Settings.load(home)
    assert settings.get("play", "sound") is True
    assert len(settings.notices) == 1 and "moved aside as settings.toml.damaged-" in settings.notices[0]
    assert "Error" not in settings.notices[0]
    assert not (home / "settings.toml").exists()
    assert list(home.glob("settings.toml.damaged-*"))


def test_binary_garbage_is_moved_aside(home):
    (home / "settings.toml").write_bytes(b"\xff\xfe\x00garbage\x00")
    settings = Settings.load(home)
    assert settings.notices and list(home.glob("settings.toml.damaged-*"))
    assert "DecodeError" not in settings.notices[0] and "damaged" in settings.notices[0]


def test_bad_values_are_dropped_not_fatal(home):
    (home / "settings.toml").write_text(
        '[play]\ndelay = 77\nsound = false\n[display]\nphosphor = "purple"\n[nonsense]\nx = 1\n', encoding="utf-8"
    )
    settings = Settings.load(home)
    assert settings.get("play", "sound") is False  # the good value is kept
    assert settings.get("play", "delay") == load_defaults()["play"]["delay"]
    assert settings.get("display", "phosphor") == "green"
    assert "play.delay" in settings.notices[0] and "display.phosphor" in settings.notices[0]


def test_rules_option_of_wrong_type_dropped(home):
    (home / "settings.toml").write_text('[klaberjass]\ngame_point = "lots"\n', encoding="utf-8")
    settings = Settings.load(home)
    assert settings.get("klaberjass", "game_point") == 500
    assert "klaberjass.game_point" in settings.notices[0]


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_unwritable_folder_keeps_settings_in_memory(home):  # pragma: no cover - not as root
    home.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        settings = Settings.load(home)
        settings.set("play", "delay", 3.0)
        assert settings.get("play", "delay") == 3.0
        assert settings.path is None and "until you quit" in settings.notices[-1]
    finally:
        home.chmod(stat.S_IRWXU)


def test_unwritable_path_keeps_settings_in_memory(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    settings = Settings.load(blocker)
    settings.set("play", "delay", 3.0)
    assert settings.get("play", "delay") == 3.0
    assert settings.path is None
    assert "until you quit" in settings.notices[-1]
