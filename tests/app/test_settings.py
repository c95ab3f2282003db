import os
import stat

import pytest

from game import registry
from game.app.settings import DEFAULTS_FILE, PROGRAM_OPTIONS, Settings, load_defaults, section_specs, sections
from game.rules import get_rules


def test_defaults_file_agrees_with_every_spec():
    """The specs are the source of every default; game/data/defaults.toml lists them for the
    reader and must say the same (a key it leaves out takes its spec's default)."""
    import tomllib

    with DEFAULTS_FILE.open("rb") as handle:
        listed = tomllib.load(handle)
    for section in sections():
        for key, spec in section_specs(section).items():
            if key in listed.get(section, {}):
                assert listed[section][key] == spec.default, f"{section}.{key}: {DEFAULTS_FILE.name} differs"
    for section, entries in listed.items():
        assert set(entries) <= set(section_specs(section)), f"[{section}] lists a key no spec declares"
    for section in PROGRAM_OPTIONS:  # the program's own settings are all listed, with their comments
        assert set(listed[section]) == set(PROGRAM_OPTIONS[section]), section


def test_game_sections_hold_every_rules_option():
    """Every rules option is a setting, defaulting to the engine's default or, where the game's
    registry entry says so, to the table's (Mus: señas on at the table, off in the engine)."""
    defaults = load_defaults()
    for game in registry.GAME_NAMES:
        rules = get_rules(game)
        table = registry.table_defaults(game)
        assert set(table) <= set(rules.default_options()), f"{game}: a table default for no rules option"
        for key, value in rules.default_options().items():
            if key.startswith("first_") or key == "replay":
                continue  # drawn at random / switched by F6
            assert key in defaults[game], f"{game}.{key} not in the settings"
            expected = table.get(key, value)
            assert defaults[game][key] == expected, f"{game}.{key}: the settings' default differs"
            assert registry.option_specs(game)[key].default == expected


def test_mus_table_plays_with_senas_by_default_and_the_engine_without():
    """The design of issue 17: the bare engine reproduces the old game, the table starts with
    señas on, and the settings file and the defaults file say so."""
    import tomllib

    assert get_rules("mus").default_options()["senas"] is False
    assert registry.table_defaults("mus") == {"senas": True}
    assert load_defaults()["mus"]["senas"] is True
    with DEFAULTS_FILE.open("rb") as handle:
        assert tomllib.load(handle)["mus"]["senas"] is True
    assert all(not registry.table_defaults(game) for game in registry.GAME_NAMES if game != "mus")


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


def test_a_damaged_file_names_the_line_it_stopped_at(home):
    """Found by a tester: one duplicated key reset every setting, and nothing said where."""
    (home / "settings.toml").write_text("[play]\ndelay = 1.0\ndelay = 2.0\n", encoding="utf-8")
    settings = Settings.load(home)
    assert len(settings.notices) == 1 and "is damaged at line 3 and could not be read" in settings.notices[0]


def test_a_damaged_file_keeps_the_settings_before_the_damage(home):
    """Found by a tester: a file cut short in the middle of a section named no line, and the
    settings before the cut (sound off, no delay) went back to their defaults with the rest."""
    (home / "settings.toml").write_text("[play]\nsound = false\ndelay = 0.0\n[klaberjass]\ngame_", encoding="utf-8")
    settings = Settings.load(home)
    assert settings.get("play", "sound") is False and settings.get("play", "delay") == 0.0
    assert len(settings.notices) == 1, settings.notices
    assert "damaged at line 5 (the file ends part way)" in settings.notices[0]
    assert "only its lines before line 5 are used, the defaults for the rest" in settings.notices[0]
    # What was kept is written back at once, so the next start keeps it too (it had lasted one
    # run: the next found no file and used the defaults, with no word).
    again = Settings.load(home)
    assert not again.notices and again.get("play", "sound") is False and again.get("play", "delay") == 0.0
    # A duplicated key: the lines before it are kept, the duplicate and what follows are not.
    (home / "settings.toml").write_text("[play]\ndelay = 1.0\ndelay = 2.0\nsound = false\n", encoding="utf-8")
    settings = Settings.load(home)
    assert settings.get("play", "delay") == 1.0 and settings.get("play", "sound") is True


def test_a_file_that_is_not_text_says_so(home):
    (home / "settings.toml").write_bytes(b"\xff garbage [[[ = \n")
    settings = Settings.load(home)
    said = "is damaged at line 1 (it is not text from there) and could not be read, so the defaults are used"
    assert len(settings.notices) == 1 and said in settings.notices[0], settings.notices
    # One byte that is no text (a Latin-1 "café" in a comment) keeps the lines before it (a tester).
    (home / "settings.toml").write_bytes(b"[display]\nborder = 4\n# caf\xe9\n")
    settings = Settings.load(home)
    assert settings.get("display", "border") == 4 and "at line 3 (it is not text from there)" in settings.notices[0]


def test_a_full_disk_is_called_full(home, monkeypatch):
    """Found by a tester: a full disk was called a folder that cannot be written; the
    notices and the questions that depend on it say which."""
    import errno

    from game.app import storage
    from game.app.saves import SaveStore
    from game.app.stats import StatsStore
    from game.scenes.options import WELCOME_UNSAVED

    def full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage, "atomic_write", full)
    settings = Settings.load(home)
    settings.set("play", "delay", 2.0)
    assert "(the disk is full)" in settings.notices[-1] and settings.why_unsaved == "the disk is full"
    assert WELCOME_UNSAVED.format(why=settings.why_unsaved).endswith(": the disk is full.")
    stats = StatsStore(home)
    stats.record_deal("mus", True)
    assert "(the disk is full)" in stats.notices[-1]
    from game.app.match import Match

    saves = SaveStore(home / "saves")
    saves.write(Match("mus", 1, {}), (0,))
    assert "(the disk is full)" in saves.notices[-1] and saves.why_unsaved == "the disk is full"

    def denied(path, text):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(storage, "atomic_write", denied)
    saves = SaveStore(home / "saves")
    saves.write(Match("mus", 1, {}), (0,))
    assert "(the folder cannot be written)" in saves.notices[-1]


def test_binary_garbage_is_moved_aside(home):
    (home / "settings.toml").write_bytes(b"\xff\xfe\x00garbage\x00")
    settings = Settings.load(home)
    assert settings.notices and list(home.glob("settings.toml.damaged-*"))
    assert "DecodeError" not in settings.notices[0] and "damaged" in settings.notices[0]


def test_a_byte_order_mark_is_no_damage(home):
    """Found by a tester: a file saved by Notepad (which writes a UTF-8 byte-order mark) was
    moved aside whole, every setting back to its default."""
    (home / "settings.toml").write_bytes(b"\xef\xbb\xbf[play]\ndelay = 2.0\n")
    settings = Settings.load(home)
    assert settings.notices == [] and settings.get("play", "delay") == 2.0
    assert not list(home.glob("settings.toml.damaged-*"))


def test_bad_values_are_dropped_not_fatal(home):
    (home / "settings.toml").write_text(
        '[play]\ndelay = 77\nsound = false\n[display]\nphosphor = "purple"\nborder = 12\n[nonsense]\nx = 1\n',
        encoding="utf-8"
    )
    settings = Settings.load(home)
    assert settings.get("play", "sound") is False  # the good value is kept
    assert settings.get("play", "delay") == load_defaults()["play"]["delay"]
    assert settings.get("display", "phosphor") == "green"
    assert any("[play] delay = 77" in n for n in settings.notices)
    assert any('[display] phosphor = "purple"' in n for n in settings.notices)
    assert settings.get("display", "border") == 1 and any("[display] border = 12" in n for n in settings.notices)
    assert any("Ignored unknown settings: nonsense." in n for n in settings.notices)


def test_a_known_section_written_as_a_value_is_named_as_a_section(home):
    """Found by a tester: "display = 5" was reported as an unknown setting "display"."""
    (home / "settings.toml").write_text("display = 5\n[play]\nsound = false\n", encoding="utf-8")
    settings = Settings.load(home)
    assert settings.get("play", "sound") is False and settings.get("display", "scale") == 2
    assert settings.notices == ["Ignored display = 5: display is a section of settings, written [display] "
                                "with its keys below it."]
    # A list of tables and an empty key, named as a settings file writes them (a tester read
    # Python's "[{'level': 'hard'}]" and "play.").
    (home / "settings.toml").write_text('[[klaberjass]]\nlevel = "hard"\n[play]\n"" = 3\n', encoding="utf-8")
    settings = Settings.load(home)
    assert "Ignored [[klaberjass]]: klaberjass is a section of settings, written [klaberjass] with its keys " \
           "below it." in settings.notices
    assert 'Ignored unknown settings: play."".' in settings.notices


def test_rules_option_of_wrong_type_dropped(home):
    (home / "settings.toml").write_text('[klaberjass]\ngame_point = "lots"\n', encoding="utf-8")
    settings = Settings.load(home)
    assert settings.get("klaberjass", "game_point") == 500
    assert '[klaberjass] game_point = "lots"' in settings.notices[0]


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_unwritable_folder_keeps_settings_in_memory(home):  # pragma: no cover - not as root
    home.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        settings = Settings.load(home)
        settings.set("play", "delay", 3.0)
        assert settings.get("play", "delay") == 3.0
        assert settings.path is None and "until you close the program" in settings.notices[-1]
    finally:
        home.chmod(stat.S_IRWXU)


def test_unwritable_path_keeps_settings_in_memory(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    settings = Settings.load(blocker)
    settings.set("play", "delay", 3.0)
    assert settings.get("play", "delay") == 3.0
    assert settings.path is None
    assert "until you close the program" in settings.notices[-1]


# A stored value out of range or of a wrong choice used to pass the type check and crash the
# engine when the game started (issue 14, item 1): each is dropped with a notice, the default
# is used, and the game starts.
CRASH_CASES = [
    ("klaberjass", "game_point", "50"),
    ("jubmoo", "target", "0"),
    ("jubmoo", "target", "-1" + "0" * 60),  # a tester's: it ran over the table's title, unsaid
    ("jubmoo", "ruleset", '"poker"'),
    ("mus", "games", "2"),
    ("mus", "kings", "5"),
    ("lukfu", "deals", "0"),
]


@pytest.mark.parametrize(("game", "key", "stored"), CRASH_CASES)
def test_stored_value_out_of_range_is_dropped_and_the_game_starts(make_app, home, game, key, stored):
    (home / "settings.toml").write_text(f"[{game}]\n{key} = {stored}\n[play]\ndelay = 0.0\n", encoding="utf-8")
    settings = Settings.load(home)
    default = registry.option_specs(game)[key].default
    assert settings.get(game, key) == default
    assert len(settings.notices) == 1
    notice = settings.notices[0]
    assert f"[{game}] {key} = {stored}" in notice and "it must be" in notice and "Traceback" not in notice

    from game.scenes.table import TableScene

    app = make_app("--game", game, "--seed", "3")
    table = app.top_scene()
    assert isinstance(table, TableScene) and table.game_name == game
    assert dict(table.match.rules.observation(table.match.state, 0).options)[key] == default
    assert any(f"[{game}] {key} = {stored}" in text for text in app.notice_log)


def test_notices_name_the_allowed_values_in_words(home):
    (home / "settings.toml").write_text('[klaberjass]\ngame_point = 50\n[mus]\nkings = 5\n', encoding="utf-8")
    notices = Settings.load(home).notices
    assert notices == [
        "Ignored [klaberjass] game_point = 50: it must be a whole number from 100 to 9999. Using 500.",
        "Ignored [mus] kings = 5: it must be 8 or 4. Using 8.",
    ]


def test_a_list_of_numbers_is_named_in_order_not_in_f10s_cycle(home):
    """Found by a tester: ``[display] border = 99`` gave "it must be 1, 0, ... or 8. Using 1."
    (the values in F10's cycle, most of them left out), so a newcomer could not tell whether 2
    to 7 were allowed. Numbers in equal steps are named as their range, in order, with each
    number's name where the names do not show the numbers; a short list is named whole."""
    (home / "settings.toml").write_text("[display]\nborder = 99\nscale = 0\n[play]\ndelay = 0.7\n"
                                        "[jubmoo]\nhumans = 7\n[mus]\ngames = 2\n", encoding="utf-8")
    notices = Settings.load(home).notices
    assert notices == [
        "Ignored [display] border = 99: it must be a whole number from 0 to 8 (0 = Black, 1 = Blue, 2 = Green, "
        "3 = Cyan, 4 = Red, 5 = Magenta, 6 = Brown, 7 = Light Grey, 8 = Dark Grey). Using 1.",
        "Ignored [display] scale = 0: it must be a whole number from 1 to 6. Using 2.",
        "Ignored [play] delay = 0.7: it must be a number from 0.0 to 9.5 in steps of 0.5. Using 1.0.",
        "Ignored [jubmoo] humans = 7: it must be a whole number from 1 to 4. Using 1.",
        "Ignored [mus] games = 2: it must be 1 or 3 (1 = One game, 3 = Best of three). Using 1.",
    ]
    for section in sections():  # one place builds them: no notice of any option leaves values out
        for spec in section_specs(section).values():
            assert "..." not in spec.allowed()


def test_rules_file_spelling_is_stored_in_its_canonical_form(home):
    (home / "settings.toml").write_text('[lukfu]\npassed_master_scope = "first_lead"\n[play]\ndelay = 2\n',
                                        encoding="utf-8")
    settings = Settings.load(home)
    assert settings.notices == []
    assert settings.get("lukfu", "passed_master_scope") == "first-lead"
    assert settings.get("play", "delay") == 2.0 and isinstance(settings.get("play", "delay"), float)


def test_a_broken_defaults_file_raises(tmp_path):
    broken = tmp_path / "defaults.toml"
    broken.write_text("[mus]\nkings = 5\n", encoding="utf-8")
    with pytest.raises(ValueError, match="kings"):
        load_defaults(broken)
