"""A match that ends in demo (F2) leaves a way on; mono keeps the key letter of a choice visible."""

from __future__ import annotations

import pytest

from game.scenes.table import PROMPT_ROW, TableScene
from game.screen import palette
from game.screen.palette import mono_pair
from tests.scenes.test_tables_common import settle


def quick_klaberjass(make_app, home, *letters: str) -> tuple:
    (home / "settings.toml").write_text("[klaberjass]\ngame_point = 100\n[play]\ndelay = 0.0\n", encoding="utf-8")
    app = make_app("S*", *letters, "--game", "klaberjass", "--seed", "5")
    table = app.top_scene()
    assert isinstance(table, TableScene)
    return app, table


def finish_with_f2(app, table: TableScene) -> None:
    """F2 on: the computer plays the match to its end; the deciding deal's summary waits for a
    key (it is read), then the result comes."""
    app.press("F2")
    for _ in range(200_000):
        if table.result_shown:
            return
        if table.match.is_over and table.panel is not None and table.panel.review and not table.guarded:
            app.press("SPACE")
        app.tick(0.05)
    raise AssertionError("the match did not end")


def f2_to_deciding_summary(app, table: TableScene) -> None:
    """F2 on: the computer plays the match up to the summary of its last deal, ready for keys."""
    app.press("F2")
    for _ in range(200_000):
        if table.match.is_over and table.panel is not None and table.panel.review and not table.guarded:
            return
        app.tick(0.05)
    raise AssertionError("the match did not end")


def test_a_match_the_computer_finished_for_you_waits_on_its_result(make_app, home):
    app, table = quick_klaberjass(make_app, home)
    finish_with_f2(app, table)
    assert table.panel is not None
    app.tick(0.5, steps=20)  # 10 s: the result does not close by itself
    assert table.panel is not None and "Enter: new match" in app.screen_text()
    assert app.stats.games["klaberjass"]["matches_played"] == 0, "the computer played it for you"
    frame = app.screen_text().splitlines()[1]  # no deal is on: no dealer, trump or maker (a tester)
    assert "YOUR HAND" in frame and "DEALER" not in app.screen_text() and "MAKER" not in frame
    app.press("ENTER")
    fresh = app.top_scene()
    assert isinstance(fresh, TableScene) and fresh is not table and not fresh.match.steps


QUICK_MATCHES = {  # settings for a short match, and the seed
    "jubmoo": ('[jubmoo]\nruleset = "all-suits"\ntarget = -400\n', 3),
    "mus": ("[mus]\ntarget = 30\nsenas = false\n", 4),
    "lukfu": ("[lukfu]\ndeals = 1\n", 4),
}


@pytest.mark.parametrize("game", sorted(QUICK_MATCHES))
def test_the_result_frame_names_no_deal(make_app, home, game):
    """Found by testers: "TRICK 13 OF 13" and "PLAY GOES ANTICLOCKWISE" under Jub Moo's "Match
    over"; Mus's frame read "DEAL 2 ═ MATCH OVER" (the next deal's number); Luk Fu's "DEAL OVER"."""
    settings, seed = QUICK_MATCHES[game]
    (home / "settings.toml").write_text(settings + "[play]\ndelay = 0.0\n", encoding="utf-8")
    app = make_app("S*", "--game", game, "--seed", str(seed))
    table = app.top_scene()
    finish_with_f2(app, table)
    frame = app.screen_text().splitlines()[1]
    assert "MATCH OVER" in frame and "DEAL" not in frame and "TRICK" not in frame
    assert "PLAY GOES" not in frame and "MANO" not in frame


def test_the_finished_matchs_replay_notice_goes_with_it(make_app, home):
    """Found by a tester: F6 under the last summary said there is no next deal to offer it in;
    Enter, Enter, and that notice still stood on the new match's bottom row."""
    from game.scenes.table import NO_REPLAY_AFTER_MATCH

    app, table = quick_klaberjass(make_app, home)
    f2_to_deciding_summary(app, table)
    app.press("F2", "F6")
    assert NO_REPLAY_AFTER_MATCH in app.notice_log and len(NO_REPLAY_AFTER_MATCH) <= 80  # one row (a tester)
    assert app.screen_text().splitlines()[-1].startswith("F6: this match is over")
    app.press("SPACE")
    while not table.result_shown or table.guarded:
        app.tick(0.05)
    app.press("ENTER")  # a new match
    assert app.top_scene() is not table and not app.screen_text().splitlines()[-1].startswith("F6: this match is over")


def test_the_replay_notice_goes_with_f6_off_and_with_f7(make_app, home):
    """Found in review: F6 off again left "F6 offers each deal again from the next match on",
    and F7 then Y carried it to the menu and the next match; F7 at the last summary said
    nothing of the match kept, though it resumes there."""
    from game.scenes.table import NO_REPLAY_AFTER_MATCH

    app, table = quick_klaberjass(make_app, home)
    f2_to_deciding_summary(app, table)
    app.press("F2", "F6")
    assert app.screen_text().splitlines()[-1].startswith("F6: this match is over")
    app.press("F6")
    assert not app.screen_text().splitlines()[-1].startswith("F6: this match is over")
    app.press("F6", "F7")
    assert "The match is kept to resume." in app.screen_text()
    app.press("Y")
    assert not any(row.startswith(NO_REPLAY_AFTER_MATCH[:20]) for row, _ in app.notices)


def test_f2_off_under_the_last_summary_offers_r_again(make_app, home):
    """Found by a tester: a choice of his own in the deciding deal, F2 to finish it, F2 off:
    the summary still said "Press any key to continue", and R opened the review unoffered."""
    from game.scenes.table import LAST_PANEL_PROMPT, LAST_REVIEW_PROMPTS, REVIEW_PROMPT
    from tests.scenes.test_tables_common import TABLES, decide

    # The deciding deal's: its next key brings the match result, and it says so (a newcomer).
    prompt = LAST_REVIEW_PROMPTS[REVIEW_PROMPT]

    (home / "settings.toml").write_text("[lukfu]\ndeals = 1\n[play]\ndelay = 0.0\n", encoding="utf-8")
    app = make_app("S*", "--game", "lukfu", "--seed", "4")
    table = app.top_scene()
    while not (table.human_to_act and not table.guarded):
        app.tick(0.05)
    decide(app, table, next(case for case in TABLES if case.game == "lukfu"))
    f2_to_deciding_summary(app, table)
    assert prompt not in app.screen_text()  # the computer plays on for you: no review
    assert LAST_PANEL_PROMPT in app.screen_text()  # but what the next key brings is said (a reviewer)
    app.press("F2")
    assert prompt in app.screen_text()
    app.press("F2")
    assert prompt not in app.screen_text()


def test_escape_on_the_result_goes_back_to_the_menu(make_app, home):
    from game.scenes.menu import MenuScene

    app, table = quick_klaberjass(make_app, home)
    finish_with_f2(app, table)
    settle(app, table)
    app.press("ESC")
    assert isinstance(app.top_scene(), MenuScene)


def test_only_enter_on_the_result_starts_a_new_match(make_app, home):
    """Found by a tester: Space under "Enter: new match  Esc: back to the menu" dealt a new
    match for a player clearing the box."""
    app, table = quick_klaberjass(make_app, home)
    finish_with_f2(app, table)
    settle(app, table)
    app.press("SPACE")
    assert app.top_scene() is table and table.panel is not None and table.panel.title == "Match over"
    app.press("ENTER")
    assert app.top_scene() is not table and type(app.top_scene()) is type(table)  # a new match


def test_mono_keeps_the_highlighted_choice_key_apart_from_its_label(make_app, home):
    app, table = quick_klaberjass(make_app, home, "M")
    for _ in range(2000):
        if table.human_to_act and not table.guarded and table.prompt().choices:
            break
        app.tick(0.05)
    canvas = app.compose()
    row_text = canvas.row_text(PROMPT_ROW)
    first = table.prompt().choices[table.choice_cursor]  # the highlighted one (at a bid: Pass)
    col = row_text.index(f"{first.key} {first.label}")
    key, label = canvas.cell(col, PROMPT_ROW), canvas.cell(col + 2, PROMPT_ROW)
    key_look = mono_pair(key.fg, key.bg)
    label_look = mono_pair(label.fg, label.bg)
    assert label_look == (0, 1), "the highlighted label is in reverse video"
    assert key_look != label_look, "its key letter is not lost in the reversed run"
    assert key.bg != palette.GREY
