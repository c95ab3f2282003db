"""Klaberjass played through the keyboard, headless, as a player would."""

from __future__ import annotations

import pytest

from game.scenes.help import HelpScene
from game.scenes.klaberjass_table import KlaberjassTable
from game.scenes.menu import MenuScene
from game.screen.canvas import COLS, ROWS


@pytest.fixture
def table_app(make_app):
    def start(seed: int = 5, *extra: str):
        app = make_app("--game", "klaberjass", "--seed", str(seed), *extra)
        app.settings.values["play"]["delay"] = 0.0
        table = app.top_scene()
        assert isinstance(table, KlaberjassTable)
        return app, table

    return start


def human_turn_keys(table: KlaberjassTable) -> list[str]:
    """The keys a player would try now, read off what the table offers."""
    _, choices = table.prompt()
    if choices:
        return [choices[0].key]
    if table.obs.phase == "play":
        return [str(i + 1) for i in range(len(table.obs.hand))]
    return ["ENTER"]


def play_by_keys(app, table: KlaberjassTable, until, max_rounds: int = 5000) -> None:
    """Press keys as a player (first offered choice, first legal card) until ``until()``."""
    for _ in range(max_rounds):
        if until():
            return
        if table.panel is not None:
            app.press("ENTER")
        elif table.hold > 0:
            app.press("SPACE")
        elif table.human_to_act:
            steps = len(table.match.steps)
            for key in human_turn_keys(table):
                app.press(key)
                if len(table.match.steps) != steps or table.bella_card is not None:
                    break
            if table.bella_card is not None:
                app.press("B")
        else:
            app.tick(0.05)
    raise AssertionError("the table stopped making progress")


def test_first_screen_is_the_manuals_layout(table_app):
    app, _ = table_app()
    lines = app.screen_text().splitlines()
    assert len(lines) == ROWS and all(len(line) == COLS for line in lines)
    assert lines[0].strip().startswith("KLABERJASS") and "GAME TO 500" in lines[0]
    assert "YOUR HAND" in lines[1]  # your hand on top, as in the manual
    assert "COMPUTER'S HAND" in lines[8]
    assert "TURN-UP" in lines[15] and "BOTTOM" in lines[15] and "DECK" in lines[15]
    assert lines[24].startswith("F1 ")


def test_a_whole_deal_by_keys_ends_in_a_summary(table_app):
    app, table = table_app(11)
    play_by_keys(app, table, lambda: table.panel is not None and "summary" in table.panel.title)
    text = app.screen_text()
    assert "Scores" in text
    assert table.obs.deal_number == 2 or table.obs.last_deal.outcome in ("thrown-in", "annulled")
    app.press("ENTER")
    assert table.panel is None


def test_a_whole_match_by_keys(table_app):
    app, table = table_app(3)
    table.match.state = table.match.rules.new_match(3, {"game_point": 100})
    table.obs = table.match.observation(0)
    play_by_keys(app, table, lambda: table.result_shown, max_rounds=40000)
    assert "Match over" in app.screen_text()
    assert "Enter: new match" in app.screen_text()
    app.press("ESC")
    assert isinstance(app.top_scene(), MenuScene)


def test_illegal_card_buzzes_with_the_reason(table_app):
    app, table = table_app(5)
    play_by_keys(app, table, lambda: table.human_to_act and table.obs.phase == "play" and bool(table.obs.trick)
                 and len({a.split()[0] for a in table.obs.legal_actions}) < len(table.obs.hand))
    legal = {a.split()[0] for a in table.obs.legal_actions}
    hand = table.shown_hand()
    bad = next(i for i, c in enumerate(hand) if c not in legal)
    steps = len(table.match.steps)
    app.press(str(bad + 1))
    assert len(table.match.steps) == steps
    assert table.message  # the reason is on screen
    assert table.message in app.screen_text()


def test_arrow_keys_and_enter_play_the_highlighted_card(table_app):
    app, table = table_app(8)
    play_by_keys(app, table, lambda: table.human_to_act and table.obs.phase == "play")
    legal = {a.split()[0] for a in table.obs.legal_actions}
    hand = table.shown_hand()
    target = next(i for i, c in enumerate(hand) if c in legal)
    for _ in range(target):
        app.press("RIGHT")
    assert table.cursor == target
    steps = len(table.match.steps)
    app.press("ENTER")
    assert len(table.match.steps) > steps or table.bella_card is not None


def test_every_f_key_at_the_table(table_app):
    app, table = table_app(9)
    app.press("F1")
    assert app.settings.get("play", "sound") is False
    app.press("F3")
    assert app.settings.get("play", "hand_sort") is False
    app.press("F5")
    assert isinstance(app.top_scene(), HelpScene) and "Klaberjass" in app.screen_text()
    app.press("ESC")
    app.press("F6")
    assert app.settings.get("play", "replay") is True
    assert dict(table.obs.options)["replay"] is True
    app.press("F8")
    app.press("F9")
    app.press("F10")
    app.press("F7")
    assert "Leave this game" in app.screen_text()
    app.press("N")
    assert app.top_scene() is table
    app.press("F2")  # demo: the computer plays your seat
    assert app.demo
    steps = len(table.match.steps)
    for _ in range(200):
        if table.panel is not None:
            table.close_panel()
        table.hold = 0
        app.tick(0.05)
    assert len(table.match.steps) > steps + 5
    app.press("F2")
    assert not app.demo
    app.press("F7")
    app.press("Y")
    assert isinstance(app.top_scene(), MenuScene)


def test_replay_offer_restores_the_deal(table_app):
    app, table = table_app(12)
    app.press("F6")
    play_by_keys(app, table, lambda: "replay" in table.obs.legal_actions and table.human_to_act)
    assert "R Replay the last deal" in app.screen_text()
    scores_before = table.obs.last_deal.scores_after
    app.press("R")
    assert "Replaying" in table.message
    assert table.obs.scores != scores_before or table.obs.last_deal.added == (0, 0)


def test_declaring_runs_by_choice_with_sort_off(table_app):
    """F3 off: a hand with a run gets a choice to declare it or sink it."""
    for seed in range(1, 80):
        app, table = table_app(seed)
        app.press("F3")
        play_by_keys(app, table, lambda t=table: t.obs.phase in ("declare", "play") or t.panel is not None)
        while table.obs.phase == "declare" and not table.human_to_act:
            app.tick(0.05)
        if table.obs.phase == "declare" and len(table.choices()) > 1:
            text = app.screen_text()
            assert "Declare which runs?" in text and "N none" in text
            app.press("N")
            assert table.obs.declared == ()
            return
        app.ai.close()
    pytest.fail("no seed gave a hand with a run")


def test_open_hands_shows_the_computers_cards(table_app, make_app):
    app, table = table_app(4)
    table.match.state = table.match.rules.new_match(4, {"open_hands": True})
    table.obs = table.match.observation(0)
    text = app.screen_text()
    assert "▒" not in "".join(text.splitlines()[9:14])


def test_hand_drawn_at_the_bottom_option(table_app):
    app, _ = table_app(4)
    app.settings.values["klaberjass"]["your_hand_on_top"] = False
    lines = app.screen_text().splitlines()
    assert "COMPUTER'S HAND" in lines[1] and "YOUR HAND" in lines[8]


def test_mono_table_screenshot(table_app, tmp_path):
    app, _ = table_app(4, "M")
    app.save_png(tmp_path / "mono.png")
    assert (tmp_path / "mono.png").stat().st_size > 2000
