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


def test_a_notice_of_several_rows_leaves_no_word_alone_on_one():
    """Found by a tester: "quit." alone on the bottom row for seconds, after "...will not be
    kept after you »"."""
    from game.app.app import App

    text = (f"Your user folder /tmp/{'x' * 38} cannot be written to, so settings, matches and "
            "statistics will not be kept after you quit.")  # at 77 columns: "quit." on a third row
    rows = App._notice_rows(text)
    assert len(rows) == 3 and min(len(row) for row in rows) > 30, rows
    assert " ".join(row.removesuffix(" »") for row in rows).split() == text.split()
    # Beside a path no row can break (a later tester: 67, 64, then 27 columns).
    text = ("Your user folder /tmp/rev33/hotel/homefile/.config/dos-card-games cannot be written to, so "
            "settings, matches and statistics will not be kept after you quit.")
    rows = App._notice_rows(text)
    assert len(rows) == 3 and min(len(row) for row in rows) > 40 and all(len(row) <= COLS for row in rows), rows
    # A path longer than the row is cut, as it must be; nothing empty breaks it.
    long = "The match cannot be saved in /home/" + "u" * 84 + ", so it is kept only until you close the program."
    assert all(len(row) <= COLS for row in App._notice_rows(long)) and App._notice_rows(long)[-1] != "quit."
    assert App._notice_rows("") == [""]


def test_a_notice_the_row_holds_is_one_page(make_app):
    """Found by a tester: a notice of 79 columns was cut at 77 and its last word, "resume.",
    stood alone on the row for 4 s."""
    app = make_app("S*")
    text = "Unfinished match saved: Klaberjass (\"Clobby\"). Choose it on the menu to resume."
    assert 77 < len(text) <= COLS
    app.notice(text)
    assert bottom_row(app).rstrip() == text
    app.tick(NOTICE_SECONDS + 0.25)
    assert "F1" in bottom_row(app)


def test_a_long_notice_breaks_between_words_never_inside_a_path(make_app):
    """Found by a tester: the damaged-settings notice broke its path at a hyphen, across two
    pages ("dos-card- »", "games/settings.toml")."""
    app = make_app("S*")
    path = "/tmp/rev27/verify/home/.config/dos-card-games/settings.toml"
    app.notice(f"Your settings file {path} is damaged and could not be read, so the defaults are used.")
    shown = []
    for _ in range(int(3 * NOTICE_SECONDS / 0.25)):
        row = bottom_row(app)
        if "F1" not in row and (not shown or shown[-1] != row):
            shown.append(row)
        app.tick(0.25)
    assert any(path in row for row in shown), shown


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
    keys = next(i for i, line in enumerate(lines) if "Any key: close" in line)
    assert lines[keys + 1].strip().startswith("╚"), "the keys sit inside the box, above its frame"


def test_a_notice_given_again_and_again_is_listed_once_and_pages_turn(make_app):
    """Found by a tester: F4 pressed 14 times on the menu gave 14 copies of its line, and PgDn
    closed the list where it turns pages everywhere else. (F4's tip is no longer logged at all:
    a notice given again and again stands in for it.)"""
    app = make_app("S*")
    for _ in range(14):
        app.notice("The same trouble again.")
    for i in range(30):
        app.notice(f"Notice number {i}.")
    app.press("N")
    log = app.top_scene()
    text = " ".join(log.lines)
    assert text.count("The same trouble again.") == 1 and "(x14)" in text
    assert "PgUp/PgDn" in app.screen_text()
    total = len(log.lines)  # opens on the newest, and says where that is (a tester missed the first)
    assert f"Lines {total - log.HEIGHT + 1}-{total} of {total}" in app.screen_text()
    app.press("PAGEUP")
    assert app.top_scene() is log and "Notice number 29." not in app.screen_text()
    app.press("PAGEDOWN")
    assert app.top_scene() is log and "Notice number 29." in app.screen_text()


def test_a_notice_given_again_is_not_queued_behind_itself(make_app):
    """Found by a tester: F10 pressed 14 times on a mono monitor held the bottom row for a
    minute, one copy of its notice after another; it starts again instead."""
    app = make_app("M*")
    app.notices.clear()
    app.notice_left = 0.0
    for _ in range(14):
        app.press("F10")
    assert len(app.notices) == 1 and not any(text.startswith("F10:") for text in app.notice_log)  # a tip: no log
    app.notice("Something else.")
    app.press("F10")  # the F10 notice on the row: replaced there
    assert [row[:4] for row, _ in app.notices] == ["F10:", "Some"]
    app.tick(4.5)  # "Something else." on the row now
    app.press("F10")
    assert [row[:4] for row, _ in app.notices] == ["F10:", "Some"]  # a tip answers its key at once


def test_an_unwritable_user_folder_is_announced_at_start(tmp_path, monkeypatch):
    from game.tools.headless import headless_app

    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    app = headless_app(["S*"], home=blocker / "home")
    try:
        said = " ".join(app.notice_log)
        assert "cannot be written to" in said
        assert "settings, matches and statistics will not be kept" in said
        assert app.settings.path is None and not app.saves.writing and app.stats.path is None
    finally:
        app.ai.close()


def test_with_nothing_writable_no_screen_says_a_match_is_saved(tmp_path):
    """Found by a tester: with a user folder that cannot be written, the quit box said "The
    match is kept to resume", the menu "(unfinished match saved)", and quitting lost it."""
    from game.tools.headless import headless_app

    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    app = headless_app(["S*", "--game", "klaberjass"], home=blocker / "home")
    try:
        for _ in range(200):
            if app.top_scene().human_to_act and not app.top_scene().guarded:
                break
            app.tick(0.05)
        app.press("ENTER")  # a bid: the match has begun
        app.press("F7")
        words = " ".join(app.screen_text().replace("║", " ").split())
        assert "Leave this game? The match is kept until you close the program (the folder cannot be written)." \
            in words
        app.press("Y")
        assert "(unfinished; moves not saved)" in app.screen_text() and "match saved" not in app.screen_text()
        app.press("F7")
        words = " ".join(app.screen_text().replace("║", " ").split())
        assert "Moves that could not be saved (the folder cannot be written) are lost." in words
        app.press("N", "F9", "F7")  # a setting changed is lost too, and said (a tester)
        words = " ".join(app.screen_text().replace("║", " ").split())
        assert "Moves and setting changes that could not be saved (the folder cannot be written) are lost." in words
        app.press("N", "o")
        assert "Changes last until you close the program: the folder cannot be written." in app.screen_text()
    finally:
        app.ai.close()


def test_the_saved_match_notice_goes_once_a_game_is_chosen(make_app, home):
    """Found by a tester: "Unfinished match saved: Mus. Choose it on the menu to resume." stayed
    on the bottom row over the resumed match."""
    from game.app.match import Match
    from game.app.saves import SaveStore

    match = Match("mus", 3, {})
    match.apply(match.rules.legal_actions(match.state)[0])
    SaveStore(home / "saves").write(match, (0,))
    app = make_app("*")
    assert bottom_row(app).startswith("Unfinished match saved: Mus.")
    app.press("3", "Y")
    assert "Unfinished match saved" not in bottom_row(app)
    assert any(text.startswith("Unfinished match saved") for text in app.notice_log)  # still in the log


def test_an_f_keys_tip_goes_at_the_next_f_key_and_is_no_notice_of_the_session(make_app):
    """Found by a tester: under the F4 tip on the menu, F6 and F9 changed their settings with no
    sign on the covered bottom row; and N listed the tip as a notice of this session (troubles)."""
    app = make_app("S*")
    app.press("F4")
    assert bottom_row(app).startswith("F4 gives a hint")
    app.press("F6")
    assert "RPLY" in bottom_row(app) or "NORPLY" in bottom_row(app)  # the row shows the switch
    assert not any(text.startswith("F4 gives a hint") for text in app.notice_log)
    app.press("F4")
    app.press("F10")  # a tip of its own (a mono monitor): at once, not behind F4's (a tester)
    assert not bottom_row(app).startswith("F4 gives")


def test_f10s_tip_on_a_mono_monitor_replaces_another_keys_tip_at_once(make_app):
    app = make_app("S*M")
    app.press("F4")
    app.press("F10")
    assert bottom_row(app).startswith("F10: the border colour is now")


def test_a_trouble_notice_steps_aside_for_a_switching_f_key_and_then_goes_on(make_app):
    """Noticed in review: a notice on the bottom row hid F1's change for up to 8 s. The keys
    show for a moment, then the notice comes back with the time it had left."""
    from game.app.app import BAR_PEEK_SECONDS

    app = make_app("S*")
    text = "No sound device was found, so the game is silent."
    app.notice(text)
    app.tick(1.0)
    app.press("F1")
    assert bottom_row(app).startswith("F1 NOSND")  # the switch is seen: sound now on (S had it off)
    app.tick(BAR_PEEK_SECONDS / 2)
    app.press("F3")  # a second switch keeps the keys up
    app.tick(BAR_PEEK_SECONDS * 0.75)
    assert "F1" in bottom_row(app)
    app.tick(BAR_PEEK_SECONDS / 2)  # the keys' last 0.5 s, then 0.5 s of the notice
    assert bottom_row(app) == text  # back, not dropped
    app.tick(NOTICE_SECONDS - 1.75)
    assert bottom_row(app) == text  # with the time it had left: 4 s less 1 s before F1, 0.5 s since
    app.tick(0.5)
    assert "F1" in bottom_row(app)
    assert text in app.notice_log


def test_an_f_keys_tip_shows_at_once_and_the_notice_it_covers_comes_back(make_app):
    """Found in review: F2 on the options screen, where it switches nothing, hid a notice (or
    its own tip) behind an unchanged key bar for 2 s; and a tip given under a notice waited
    behind it, to show many seconds later on another screen."""
    app = make_app("S*")
    app.press("o")
    app.press("F2")
    tip = bottom_row(app)
    assert tip.startswith("F2: ")
    app.press("F2")
    assert bottom_row(app) == tip  # its own tip again, not the key bar
    app.tick(NOTICE_SECONDS + 0.5)
    text = "No sound device was found, so the game plays silently."
    app.notice(text)
    app.tick(1.0)
    app.press("F2")
    assert bottom_row(app) == tip  # the tip answers the key now
    app.tick(NOTICE_SECONDS + 0.1)
    assert bottom_row(app) == text  # the notice comes back, with the 3 s it had left
    app.tick(2.8)
    assert bottom_row(app) == text
    app.tick(0.3)
    assert bottom_row(app).startswith("F1 ")
    app.notice(text)
    app.tick(NOTICE_SECONDS - 0.1)  # nearly over when the tip comes
    app.press("F2")
    app.tick(NOTICE_SECONDS + 0.1)
    app.tick(NOTICE_SECONDS / 2 - 0.2)
    assert bottom_row(app) == text  # back long enough to be read, not a flash


def test_several_saved_matches_are_named_in_the_plural(make_app, home):
    """Found by a tester: "Unfinished match saved: Klaberjass, Jub Moo, Mus, Luk Fu"."""
    from game.app.match import Match
    from game.app.saves import SaveStore

    for game in ("mus", "lukfu"):
        match = Match(game, 3, {})
        match.apply(match.rules.legal_actions(match.state)[0])
        SaveStore(home / "saves").write(match, (0,))
    app = make_app("*")
    assert any(text.startswith("Unfinished matches saved: Mus, Luk Fu. Choose one") for text in app.notice_log)
