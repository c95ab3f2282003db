"""The mouse off the tables: a click on a part of a key line presses its key, on every screen
that writes one. Found by a tester playing by the mouse: F7 on the key bar asked "Leave this
game for the menu? (Y/N)", and no click could answer it."""

from __future__ import annotations

import pytest

from game.app.keys import key_at
from game.scenes.dialogs import NoticeLogScene, QuitDialog, ResumeDialog
from game.scenes.help import HelpScene
from game.scenes.klaberjass_table import KlaberjassTable
from game.scenes.menu import MenuScene
from game.scenes.options import OptionsScene
from game.scenes.statistics import StatisticsScene
from tests.app.test_saves import _played_table
from tests.scenes.driving import wait_for_your_turn
from tests.scenes.test_tables_common import click


def click_on(app, text: str, offset: int = 0) -> None:
    """Click ``offset`` characters into the first place the screen shows ``text``."""
    for row, line in enumerate(app.screen_text().splitlines()):
        if text in line:
            click(app, line.index(text) + offset, row)
            return
    raise AssertionError(f"{text!r} is not on the screen:\n{app.screen_text()}")


@pytest.mark.parametrize(("line", "offset", "key"), [
    ("Y: leave   N/Esc: stay", 0, "Y"),
    ("Y: leave   N/Esc: stay", 5, "Y"),  # on the part's words: its first key
    ("Y: leave   N/Esc: stay", 11, "N"),
    ("Y: leave   N/Esc: stay", 13, "ESC"),  # on a key's own name: that key
    ("Y: leave   N/Esc: stay", 19, "N"),
    ("Y: leave   N/Esc: stay", 8, None),  # between the parts: none
    (" Page 1 of 3   PgDn/PgUp or arrows: turn   Esc: close ", 2, None),
    (" Page 1 of 3   PgDn/PgUp or arrows: turn   Esc: close ", 20, "PAGEUP"),
    (" Page 1 of 3   PgDn/PgUp or arrows: turn   Esc: close ", 36, "PAGEDOWN"),  # "turn": the first key
    (" Page 1 of 3   PgDn/PgUp or arrows: turn   Esc: close ", 30, None),  # "arrows" names no one key
    (" F5 or Esc: close ", 1, "F5"),  # a line that starts with a blank
    (" F5 or Esc: close ", 12, "F5"),
    ("Enter: throw away 1 card, 6♥.  Space: pick (1-4, ←/→)", 40, "SPACE"),  # on "pick"
    ("Enter: throw away 1 card, 6♥.  Space: pick (1-4, ←/→)", 47, "SPACE"),
    ("Enter: throw away 1 card, 6♥.  Space: pick (1-4, ←/→)", 10, "ENTER"),
    ("Raised: single T5.  Enter: play it  X: lower all", 37, "X"),
    ("Raised: single T5.  Enter: play it  X: lower all", 2, None),  # a label, no key: the table plays
    ("1-4 or ←/→ Space: pick.", 7, "LEFT"),  # a key written among others is the one clicked
    ("R: review your decisions    Any other key: go on", 33, "SPACE"),
    ("Demo: goes on by itself    F2: stop the demo", 29, "F2"),
    ("Demo: goes on by itself    F2: stop the demo", 2, None),  # "Demo" is no key
    ("Tab/PgDn: next page   Shift+Tab/PgUp: previous   F5: explain", 32, "PAGEUP"),
    ("Tab/PgDn: next page   Shift+Tab/PgUp: previous   F5: explain", 22, "SHIFT+TAB"),
    ("Tab/PgDn: next page   Shift+Tab/PgUp: previous   F5: explain", 40, "SHIFT+TAB"),  # "previous" (a tester)
    ("/: find a card (/QS)  H: hearts", 5, "/"),
    ("R: random  ?: the 10♣  Esc: back", 12, "?"),
])
def test_key_at_reads_the_key_clicked_in_a_key_line(line, offset, key):
    assert key_at(line, offset) == key


def test_the_quit_question_takes_clicks_at_the_menu_and_at_a_table(make_app):
    app = make_app("*")
    click_on(app, "F7")
    assert isinstance(app.top_scene(), QuitDialog)
    click_on(app, "N/Esc: stay", 8)
    assert isinstance(app.top_scene(), MenuScene) and app.running
    click_on(app, "Klaberjass")
    assert isinstance(app.top_scene(), KlaberjassTable)
    app.press("F7")
    assert "Y: leave   N/Esc: stay" in app.screen_text()
    click_on(app, "Y: leave")
    assert isinstance(app.top_scene(), MenuScene) and app.running
    app.press("F7")
    click_on(app, "Y: quit")
    assert not app.running


def test_the_saved_match_question_takes_clicks(make_app, home):
    app, table = _played_table(make_app)
    steps = list(table.match.steps)
    app.quit()
    again = make_app("*")
    again.press("1")
    assert isinstance(again.top_scene(), ResumeDialog)
    click_on(again, "Esc: back")
    assert isinstance(again.top_scene(), MenuScene)
    again.press("1")
    click_on(again, "Y: resume")
    resumed = again.top_scene()
    assert isinstance(resumed, KlaberjassTable) and resumed.match.steps == steps
    again.press("F7", "Y", "1")
    click_on(again, "N: new match", 4)
    assert isinstance(again.top_scene(), KlaberjassTable) and again.top_scene().match.steps != steps


def test_statistics_reset_by_clicks_and_its_question_has_its_own_keys(make_app):
    app = make_app("*")
    app.stats.games["mus"]["deals_played"] = 3
    app.press("t")
    assert isinstance(app.top_scene(), StatisticsScene)
    click_on(app, "R: reset statistics")
    assert app.top_scene().confirm_reset
    click_on(app, "R: reset statistics")  # under the question: not its keys
    assert app.top_scene().asking == "which" and app.stats.games["mus"]["deals_played"] == 3
    click_on(app, "A: all")
    click_on(app, "N/Esc: keep")
    assert not app.top_scene().confirm_reset and app.stats.games["mus"]["deals_played"] == 3
    click_on(app, "R: reset")
    click_on(app, "A: all")
    click_on(app, "Y: reset")
    assert app.stats.games["mus"]["deals_played"] == 0
    click_on(app, "Esc: back")
    assert isinstance(app.top_scene(), MenuScene)


def test_the_instructions_turn_and_close_by_clicks(make_app):
    app = make_app("*")
    app.press("F5")
    help_scene = app.top_scene()
    assert isinstance(help_scene, HelpScene) and help_scene.page == 0
    click_on(app, "PgDn/PgUp")
    assert help_scene.page == 1
    click_on(app, "PgDn/PgUp", 5)
    assert help_scene.page == 0
    click_on(app, "Esc: close")
    assert isinstance(app.top_scene(), MenuScene)


def test_the_options_take_clicks_on_tabs_rows_arrows_and_keys(make_app):
    app = make_app("*")
    app.press("o")
    options = app.top_scene()
    assert isinstance(options, OptionsScene)
    click_on(app, " Mus ", 1)
    assert options.page == "Mus" and options.cursor == 0
    second = options.options[1]
    click_on(app, second.label)
    assert options.cursor == 1
    before = options.value(second)
    click_on(app, ">")
    assert options.value(second) != before
    click_on(app, "<")
    assert options.value(second) == before
    click_on(app, "F5: explain")
    assert options.explaining
    click_on(app, "Esc: close")  # the explanation's own line of keys
    assert not options.explaining
    # While a number is typed, a click on a tab or a row says what to do first (it was silent).
    click_on(app, " General ", 1)
    options.cursor = next(i for i, o in enumerate(options.options) if o.typable)
    app.press("3")
    click_on(app, " Klaberjass ", 1)
    assert options.page == "General" and options.typing == "3" and "Enter keeps the number" in options.message
    app.press("ESC")
    click_on(app, "Shift+Tab", 1)  # the page before, as the key does
    assert options.page != "General"
    click_on(app, "Esc: menu")
    assert isinstance(app.top_scene(), MenuScene)


def test_the_menus_f5_help_takes_a_click(make_app):
    app = make_app("*")
    click_on(app, "F5: help")
    assert isinstance(app.top_scene(), HelpScene)


def test_a_click_closes_the_notice_log_and_ends_the_demo_show(make_app):
    app = make_app("*")
    app.press("n")
    assert isinstance(app.top_scene(), NoticeLogScene)
    click(app, 40, 12)
    assert isinstance(app.top_scene(), MenuScene)
    demo = make_app("--demo")
    click(demo, 40, 12)
    assert isinstance(demo.top_scene(), MenuScene)


def test_the_review_takes_clicks_on_its_rows_and_keys(make_app):
    """Found by a tester: "R: review" opened the review by a click, and no click could leave it."""
    from game.scenes.review import LIST_TOP
    from tests.scenes.test_hint_and_review import reviewed

    app, table, review = reviewed(make_app, "klaberjass", "5")
    if len(review.ordered()) > 1:
        click(app, 10, LIST_TOP + 1)
        assert review.cursor == 1 and review.showing is None  # a click highlights a decision...
    click(app, 10, LIST_TOP + review.cursor)
    assert review.showing is review.ordered()[review.cursor]  # ...and on it again shows the table
    click_on(app, "Esc: the list")
    assert review.showing is None
    click_on(app, "Esc: back")  # the title bar's
    assert app.top_scene() is table


def test_the_score_testers_keys_and_the_hot_seats_box_take_clicks(make_app, home):
    """Found by a tester: no key line of the Score Tester took a click ("H hearts" had no colon);
    a click on "Player 1: press Enter when ready" pressed "1", which the box ignored."""
    from game.scenes.jubmoo_table import JubMooTable
    from game.scenes.score_tester import ScoreTesterScene

    app = make_app("*")
    app.press("s")
    tester = app.top_scene()
    assert isinstance(tester, ScoreTesterScene)
    click_on(app, "H: hearts")
    assert len(tester.stack) == 13
    click_on(app, "Bksp: none")
    assert not tester.stack
    click_on(app, "/: find a card")
    assert tester.typing == ""
    click_on(app, "R: random")  # while a card is typed: not typed into it
    assert tester.typing == "" and not tester.stack
    click_on(app, "Esc: cancel")
    assert tester.typing is None
    click_on(app, "Esc: back")
    assert isinstance(app.top_scene(), MenuScene)
    assert key_at("Player 1: press Enter when ready", 12) is None  # a label, not the key 1
    (home / "settings.toml").write_text("[jubmoo]\nhumans = 2\n", encoding="utf-8")
    seat = make_app("*", "--game", "jubmoo", "--seed", "3")
    table = seat.top_scene()
    assert isinstance(table, JubMooTable) and table.panel is not None and "press Enter" in table.panel.prompt
    for _ in range(40):
        seat.tick(0.05)
    click_on(seat, "press Enter when ready", 3)
    assert table.panel is None


def test_one_games_statistics_are_reset_alone(make_app):
    """Found by a tester: R could only reset every game's statistics, so restarting one game's
    record lost the others'. R asks which (the menu's numbers, or A for all), then Y/N."""
    app = make_app("*")
    for game in ("klaberjass", "mus"):
        app.stats.games[game]["deals_played"] = 3
    app.press("t", "R", "3")
    assert "Reset Mus's statistics? (Y/N)" in app.screen_text()
    app.press("X", "ENTER", "SPACE")  # a stray key neither resets nor quietly keeps: the question stays
    assert app.top_scene().asking == "mus" and app.stats.games["mus"]["deals_played"] == 3
    app.press("Y")
    assert app.stats.games["mus"]["deals_played"] == 0 and app.stats.games["klaberjass"]["deals_played"] == 3
    assert app.notice_log[-1] == "Mus's statistics were reset."  # said, so the player knows which went
    app.press("R", "1", "N")  # N keeps
    assert not app.top_scene().confirm_reset and app.stats.games["klaberjass"]["deals_played"] == 3
    app.press("R", "ESC")  # Esc at "which": nothing reset, the question gone
    assert not app.top_scene().confirm_reset and app.stats.games["klaberjass"]["deals_played"] == 3
    app.press("R", "9", "X")  # keys that name no choice: still asking
    assert app.top_scene().asking == "which"


def test_a_click_on_a_throws_prompt_plays_only_what_it_says_enter_plays(make_app, home):
    """Found by a mouse player: with nothing raised at a Luk Fu lead, a click on "or raise cards
    (1-B)" led the highlighted card, never chosen. Only the "Enter plays ..." clause plays it
    then; with cards raised, a click on the words plays them, as before."""
    (home / "settings.toml").write_text("[play]\ndelay = 0.0\n", encoding="utf-8")
    app = make_app("--game", "lukfu", "--seed", "11")
    table = app.top_scene()
    for _ in range(400):
        if table.human_to_act and not table.guarded and table.obs.phase == "play" and not table.obs.trick:
            break
        if table.human_to_act and not table.guarded:
            app.press("C" if table.obs.phase == "call" else "ENTER")
        app.tick(0.05)
    text = table.prompt().text
    assert text.startswith("Your lead: Enter plays ") and "raise cards" in text, text
    steps = len(table.match.steps)
    click_on(app, "raise cards")
    assert len(table.match.steps) == steps and not table.hand.picked
    click_on(app, "Enter plays")
    assert len(table.match.steps) == steps + 1


def test_a_click_on_a_card_at_a_prompt_of_choices_is_refused_as_its_key_is(make_app, home):
    """Found by a mouse player: at Mus's mus-or-cut question a click on a card said nothing,
    where its key said why no card is played now."""
    (home / "settings.toml").write_text("[play]\ndelay = 0.0\n[mus]\nsenas = false\n", encoding="utf-8")
    app = make_app("--game", "mus", "--seed", "5")
    table = app.top_scene()
    wait_for_your_turn(app, table)
    assert table.prompt().hand is None and table.prompt().choices
    geometry = table.hand_geometry()
    click(app, geometry.card_col(0, len(table.hand.cards)) + 1, geometry.row + 2)
    said = table.message
    app.press("1")
    assert said == table.message and said == table.no_cards_now() != ""


def test_a_click_on_a_prompt_naming_the_only_play_plays_it(make_app, home):
    """Found in review: once clicks off the "Enter ..." clause stopped playing, "your only play,
    T5; Enter plays it" took no click on its first words; only a clause telling to raise cards
    is held back."""
    from game.scenes.table import on_raise_clause

    text = "Your lead: Enter plays S2, or raise cards (1-B)."
    assert [on_raise_clause(text, text.index(w)) for w in ("Your", "Enter", "S2", "raise", "(1-B)")] == \
        [False, False, False, True, True]
    only = "Beat T3: your only play, T5; Enter plays it."
    assert not any(on_raise_clause(only, i) for i in range(len(only)))
