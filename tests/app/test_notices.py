"""Notices: whole, in plain words, when they apply, and rereadable."""

from __future__ import annotations

from game.app.app import NOTICE_SECONDS
from game.scenes.dialogs import NoticeLogScene
from game.screen.canvas import COLS

LONG = ("Your settings file is damaged and could not be read, so the defaults are used. It was moved "
        "aside as settings.toml.damaged-20261201-120000 in your user folder.")


def bottom_row(app) -> str:
    return app.screen_text().splitlines()[-1].rstrip()


def test_a_long_notice_is_shown_whole_a_row_at_a_time(make_app):
    app = make_app("S*")
    app.notice(LONG)
    shown: list[str] = []
    for _ in range(int(4 * NOTICE_SECONDS / 0.25)):
        row = bottom_row(app)
        if "F1" not in row and (not shown or shown[-1] != row):
            shown.append(row)
        app.tick(0.25)
    assert all(len(row) <= COLS for row in shown)
    assert all(row.endswith(" »") for row in shown[:-1]) and not shown[-1].endswith("»")  # more to come
    assert len(shown) >= 2 and " ".join(row.removesuffix(" »") for row in shown).split() == LONG.split()


def test_the_menu_rereads_every_notice_of_the_session(make_app):
    app = make_app("S*")
    app.notice("First thing to know.")
    app.notice(LONG)
    app.press("N")
    assert isinstance(app.top_scene(), NoticeLogScene)
    text = " ".join(app.screen_text().replace("║", " ").split())
    assert "- First thing to know." in text and LONG in text
    app.press("ESC")
    assert not isinstance(app.top_scene(), NoticeLogScene)


def test_the_log_says_when_there_is_nothing_to_reread(make_app):
    app = make_app("S*")
    app.notice_log.clear()
    app.press("N")
    assert "No notices so far" in app.screen_text()
    lines = app.screen_text().splitlines()
    keys = next(i for i, line in enumerate(lines) if "Any other key: close" in line)
    assert lines[keys + 1].strip().startswith("╚"), "the keys sit inside the box, above its frame"


def test_an_unwritable_user_folder_is_announced_at_start(tmp_path, monkeypatch):
    from game.tools.headless import headless_app

    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    app = headless_app(["S*"], home=blocker / "home")
    try:
        said = " ".join(app.notice_log)
        assert "cannot be written to" in said
        assert "settings, matches and statistics will not be kept" in said
        assert app.settings.path is None and app.saves.folder is None and app.stats.path is None
    finally:
        app.ai.close()
