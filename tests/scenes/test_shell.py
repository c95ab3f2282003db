"""The program driven headless through its keys: startup, menu, hotkeys, dialogs."""

import pytest

from game.app.keys import Key
from game.app.settings import Settings
from game.scenes.dialogs import QuitDialog
from game.scenes.help import HelpScene
from game.scenes.intro import IntroScene
from game.scenes.menu import MenuScene
from game.scenes.options import PAGES, OptionsScene
from game.screen.canvas import COLS
from tests.scenes.driving import wait_for_your_turn


def test_startup_show_then_menu_on_any_key(make_app):
    app = make_app()
    assert isinstance(app.top_scene(), IntroScene)
    app.tick(0.5, steps=6)
    assert "PARLOUR" not in app.screen_text()  # big letters, not plain text
    app.press("x")
    assert isinstance(app.top_scene(), MenuScene)
    assert "Choose a game" in app.screen_text()


def test_startup_show_keeps_falling_suits_off_its_words(make_app):
    app = make_app()
    lines = (("Four card", "world"), ("Klaberjass", "Luk Fu"), ("Version", "copy"))
    for _ in range(10):  # the suits fall through every row while the words stand
        app.tick(0.5)
        if not isinstance(app.top_scene(), IntroScene):
            break
        for row in app.screen_text().splitlines():
            for first, last in lines:
                if first in row:  # a blank cell at either end of the line's words
                    start, end = row.index(first), row.index(last) + len(last)
                    assert row[start - 1] == " " and row[end] == " ", row


def test_demo_games_started_over_the_show_end_on_the_menu(make_app):
    """With a short idle setting the demo began over the show, and the key that ended the demo
    brought the show back (found by a tester); F2 during the show does the same."""
    from game.scenes.attract import AttractScene

    for start_demo in ("idle", "F2"):
        app = make_app()
        app.settings.values["play"]["attract_seconds"] = 2
        if start_demo == "idle":
            app.tick(0.5, steps=6)
        else:
            app.tick(0.5)
            app.press("F2")
        assert isinstance(app.top_scene(), AttractScene)
        assert not any(isinstance(scene, IntroScene) for scene in app.stack.scenes)
        app.tick(0.5)
        app.press("x")
        assert isinstance(app.top_scene(), MenuScene)


def test_a_second_key_meant_for_the_show_does_not_pick_a_game(make_app):
    """Found by a tester: Space twice, 0.15 s apart, ended the show and chose Klaberjass."""
    app = make_app()
    app.tick(0.5)
    app.press("SPACE")
    app.tick(0.15)
    app.press("SPACE")
    assert isinstance(app.top_scene(), MenuScene)
    app.tick(0.3)
    app.press("SPACE")  # a moment later the menu takes its keys again
    assert not isinstance(app.top_scene(), MenuScene)


def test_startup_show_ends_by_itself(make_app):
    app = make_app()
    app.tick(0.5, steps=25)
    assert isinstance(app.top_scene(), MenuScene)


def test_star_skips_the_show(make_app):
    app = make_app("*")
    assert isinstance(app.top_scene(), MenuScene)


def test_key_bar_on_bottom_row_and_toggles_name_next_mode(make_app):
    app = make_app("*")
    bar = app.screen_text().splitlines()[24]
    assert bar.startswith("F1 NOSND") and "F2 DEMO" in bar and "F7 QUIT" in bar and "DLY 1.0" in bar
    app.press("F1")
    assert "F1 SND" in app.screen_text().splitlines()[24]
    assert Settings.load().get("play", "sound") is False  # saved at once
    app.press("1", ctrl=True)  # second binding
    assert "F1 NOSND" in app.screen_text().splitlines()[24]


@pytest.mark.parametrize("game", [None, "lukfu"])
def test_key_bar_shows_every_key_in_every_state(make_app, game):
    """On the menu and at a Luk Fu table, whose F3 words are its own (its F3 off is an order
    by value: "NOSORT" had read as none)."""
    app = make_app("*", *(("--game", game) if game else ()))
    keys = ("F1 ", "F2 ", "F3 ", "F4 HINT", "F5 HELP", "F6 ", "F7 QUIT", "F8/9 ", "F10 BORD")
    for sound in (True, False):
        for sort in (True, False):
            for replay in (True, False):
                for demo in (True, False):
                    app.settings.values["play"].update(sound=sound, hand_sort=sort, replay=replay, delay=9.5)
                    app.demo = demo
                    app.speaker.enabled = sound
                    words = " ".join(f"{k} {w}" for k, w, _ in app.key_bar_items())
                    assert len(words) <= COLS
                    app.tick(0.05)
                    bar = app.screen_text().splitlines()[24]
                    assert all(key in bar for key in keys) and "9.5" in bar, bar
                    if game == "lukfu":
                        assert ("F3 VALUE" if sort else "F3 SUIT") in bar or \
                            ("F3 BY VALUE" if sort else "F3 BY SUIT") in bar, bar
                    if sound and sort and not replay and not demo:
                        # Luk Fu's longer F3 words give way first: the shared keys read as at
                        # any table (its F1 had read MUTE and its delay 9.5s there).
                        assert "F1 NOSND" in bar and "DLY 9.5" in bar, bar


def test_delay_keys_step_by_half_seconds_within_limits(make_app):
    app = make_app("*")
    for _ in range(30):
        app.press("F9")
    assert app.delay == 9.5
    assert "F9: the computers' delay is already at its longest, 9.5 s." in app.screen_text()  # F9 past it
    app.press("F8")
    assert app.delay == 9.0 and "DLY 9.0" in app.screen_text()  # the tip gone with the next F-key
    for _ in range(30):
        app.press("8", ctrl=True)
    assert app.delay == 0.0


def test_border_cycles_and_is_saved(make_app):
    app = make_app("*")
    first = app.settings.get("display", "border")
    app.press("F10")
    assert app.settings.get("display", "border") != first
    assert Settings.load().get("display", "border") == app.settings.get("display", "border")


def test_f3_f6_toggle_and_save(make_app):
    app = make_app("*")
    app.press("F3")
    app.press("F6")
    saved = Settings.load()
    assert saved.get("play", "hand_sort") is False and saved.get("play", "replay") is True
    bar = app.screen_text().splitlines()[24]
    assert "F3 SORT" in bar and "F6 NORPLY" in bar


def test_help_pager_pages_and_closes(make_app):
    app = make_app("*")
    app.press("F5")
    assert isinstance(app.top_scene(), HelpScene)
    text = app.screen_text()
    assert "Instructions" in text and "Page 1 of" in text
    pages = len(app.top_scene().pages)
    for _ in range(pages + 2):
        app.press("PAGEDOWN")
    assert f"Page {pages} of {pages}" in app.screen_text()
    app.press("ESC")
    assert isinstance(app.top_scene(), MenuScene)
    app.press("5", ctrl=True)
    assert isinstance(app.top_scene(), HelpScene)
    app.press("F5")
    assert isinstance(app.top_scene(), MenuScene)


def test_the_mouse_on_the_menu_and_the_key_bar(make_app):
    """Found by a tester playing by the mouse: a click on a menu row did nothing; a click on a
    red notice pressed the F-key hidden under it (the replay option, the quit question); and
    F8/9 on the bar could only lower the delay."""
    from tests.scenes.test_tables_common import click

    app = make_app("*")
    app.press("F4")  # a notice covers the key bar
    assert app.notices and app.notice_left > 0
    for col in range(0, 80, 5):
        click(app, col, 24)
    assert isinstance(app.top_scene(), MenuScene) and app.settings.get("play", "replay") is False
    app.clear_notices()
    app.compose()
    f8 = next(start for number, start, _ in app._key_bar_spans if number == 8)
    f9 = next(start for number, start, _ in app._key_bar_spans if number == 9)
    assert f9 == f8 + 2  # "F8" lowers, "/9 DLY 1.0" raises
    delay = app.delay
    click(app, f9 + 3, 24)
    assert app.delay > delay
    click(app, f8, 24)
    assert app.delay == delay
    menu = app.top_scene()
    row = next(i for i, line in enumerate(app.screen_text().splitlines()) if "Statistics" in line)
    click(app, 20, row)
    from game.scenes.statistics import StatisticsScene

    assert isinstance(app.top_scene(), StatisticsScene) and menu.items()[menu.cursor][2] == "statistics"


def test_f7_asks_and_n_keeps_going(make_app):
    app = make_app("*")
    app.press("DOWN", "F7")
    assert isinstance(app.top_scene(), QuitDialog)
    assert "(Y/N)" in app.screen_text()
    # It covers the menu's rows whole: no highlight bar or line ends peek out (a tester).
    row = next(r for r in app.screen_text().splitlines() if "(Y/N)" in r)
    assert row.count("║") == 2 and row.strip().strip("║").strip() == "Quit The Card Parlour? (Y/N)", row
    assert "Notices of this session" not in app.screen_text()  # its N is not the answer N
    app.press("n")
    assert isinstance(app.top_scene(), MenuScene) and app.running
    app.press("F7")
    app.press("y")
    assert not app.running


def test_f7_in_the_demo_show_leaves_it_for_the_menu(make_app):
    """Found by a newcomer: F7 while a demo table was on screen asked whether to quit the
    program; it leaves the show for the menu, as F7 leaves a table."""
    from game.scenes.attract import AttractScene

    app = make_app("*")
    app.press("F2")
    assert isinstance(app.top_scene(), AttractScene)
    app.press("F7")
    assert isinstance(app.top_scene(), QuitDialog) and "Leave the demo for the menu? (Y/N)" in app.screen_text()
    assert "Y: leave" in app.screen_text()
    # In a table's small box, not the menu's, which had run over the table's bottom frame.
    rows = app.screen_text().splitlines()
    box = [i for i, row in enumerate(rows) if "Quit" in row or "(Y/N)" in row or "Y: leave" in row]
    assert max(box) - min(box) <= 4 and rows[23].count("╚") == 1, rows
    app.press("n")
    assert isinstance(app.top_scene(), AttractScene)
    app.press("F7", "y")
    assert isinstance(app.top_scene(), MenuScene) and app.running


def test_a_key_just_after_the_show_ended_by_itself_picks_no_game(make_app):
    """Found by a newcomer: his Space, pressed late to skip the show, landed on the menu just
    after the show had ended by itself, and started a Klaberjass match."""
    from game.scenes.intro import ENDED_ALONE_GUARD

    app = make_app()
    while isinstance(app.top_scene(), IntroScene):
        app.tick(0.1)
    assert isinstance(app.top_scene(), MenuScene)
    app.tick(ENDED_ALONE_GUARD - 0.5)
    app.press("SPACE")
    assert isinstance(app.top_scene(), MenuScene)
    row = next(i for i, line in enumerate(app.screen_text().splitlines()) if "Klaberjass" in line)
    app.click_cell(20, row)  # a click too (it had started the game)
    assert isinstance(app.top_scene(), MenuScene)
    app.tick(0.6)
    app.press("SPACE")  # later, a key is the menu's again
    assert not isinstance(app.top_scene(), MenuScene)


def test_menu_quit_entry(make_app):
    app = make_app("*")
    app.press("q")
    app.press("Y")
    assert not app.running


def test_options_change_values_and_save(make_app):
    app = make_app("*")
    app.press("o")
    assert isinstance(app.top_scene(), OptionsScene)
    assert "Monitor" in app.screen_text()
    app.press("RIGHT")  # Monitor: Colour -> Mono
    assert app.mode.mono
    assert Settings.load().get("display", "mono") is True
    app.press("LEFT")
    assert not app.mode.mono
    app.press("TAB")  # Klaberjass page
    assert "Game point" in app.screen_text()
    app.press("DOWN")
    app.press("1", "0", "0", "0", "ENTER")
    assert Settings.load().get("klaberjass", "game_point") == 1000
    app.press("5", "ENTER")  # out of range: refused with a message
    assert Settings.load().get("klaberjass", "game_point") == 1000
    assert "must be from 100" in app.screen_text()
    app.press("ESC")
    assert isinstance(app.top_scene(), MenuScene)


def test_a_typed_number_is_kept_by_moving_on_and_dropped_by_esc_with_a_word(make_app):
    """Found by testers: digits then Down did nothing, and Esc dropped the number silently."""
    app = make_app("*")
    app.press("o", "TAB", "DOWN")  # Klaberjass: Game point
    scene = app.top_scene()
    app.press("7", "5", "0")
    assert "Enter (or moving on) keeps the number" in app.screen_text()
    app.press("DOWN")  # keeps 750 and moves on
    assert Settings.load().get("klaberjass", "game_point") == 750 and scene.cursor == 2 and not scene.typing
    app.press("UP", "9", "ESC")
    assert Settings.load().get("klaberjass", "game_point") == 750
    assert "Game point: left at 750." in app.screen_text() and isinstance(app.top_scene(), OptionsScene)
    app.press("1", "2", "3", "4", "5", "6", "7")  # six digits at most: the seventh is ignored
    assert scene.typing == "123456"
    app.press("ESC", "7", "BACKSPACE", "ENTER")  # typed, then erased: Enter leaves the value as it was
    assert Settings.load().get("klaberjass", "game_point") == 750 and "left at 750" in app.screen_text()
    app.press("3", "BACKSPACE", "ESC")  # Esc while typing drops the typing, and stays on the screen
    assert isinstance(app.top_scene(), OptionsScene) and scene.typing is None


def test_options_show_the_monitor_the_command_line_forced(make_app):
    app = make_app("M*")  # the saved setting is Colour; the M letter forces mono for this run
    app.press("o")
    row = next(line for line in app.screen_text().splitlines() if "Monitor" in line)
    assert "Mono" in row
    app.press("DOWN", "RIGHT")  # another phosphor keeps the mono screen the M letter chose
    assert app.mode.mono and "Mono" in next(line for line in app.screen_text().splitlines() if "Monitor" in line)
    app.press("UP", "RIGHT")  # Mono -> Colour, from what is on screen
    assert not app.mode.mono
    assert Settings.load().get("display", "mono") is False


def test_options_show_the_sound_the_s_letter_silenced(make_app):
    """Found by a tester: with S the row said "On" while nothing was heard, and took two presses."""
    app = make_app("S*")
    app.press("o")
    row = next(line for line in app.screen_text().splitlines() if "Sound effects" in line)
    assert "Off" in row
    scene = app.top_scene()
    scene.cursor = next(i for i, o in enumerate(scene.options) if o.key == "sound")
    app.press("RIGHT")
    assert app.speaker.enabled and Settings.load().get("play", "sound") is True


def test_every_options_page_fits():
    for options in PAGES.values():
        assert len(options) <= 15
        for option in options:
            assert len(option.label) < 46
            assert all(len(name) <= 24 for name in option.names)


def test_mono_flag_and_screenshot(make_app, tmp_path):
    app = make_app("M*")
    assert app.mode.mono
    out = tmp_path / "shot.png"
    app.save_png(out)
    assert out.stat().st_size > 1000


def test_alt_enter_toggles_fullscreen(make_app):
    app = make_app("*")
    app.handle_key(Key.named("ENTER", alt=True))
    assert app.fullscreen
    assert app.settings.get("display", "fullscreen") is True


def test_alt_f4_closes_the_window_and_is_no_hint(make_app):
    """Found by a tester: with no window manager to take it, Alt+F4 reached the table as F4
    and gave a hint (marking the deal as hinted)."""
    app = make_app("--game", "klaberjass", "--seed", "5")
    table = app.top_scene()
    app.handle_key(Key.named("F4", alt=True))
    assert not app.running and table.hint_ticket is None and not table.deal_hinted


def test_f10_on_a_mono_monitor_says_why_nothing_changes(make_app):
    """Found by testers: F10 in mono changed an invisible setting with no word, then with the
    words "the border colour is kept", which read as unchanged. It names the new colour."""
    from game.screen import palette

    app = make_app("M*")
    app.press("F10")
    name = palette.COLOUR_NAMES[int(app.settings.get("display", "border"))].title()
    said = app.notices[0][0]  # a tip answering the key: on the bottom row, not in the log
    assert f"the border colour is now {name}" in said
    assert "only a colour monitor shows it" in said and len(said) <= 80
    # Pressed again and again, the row names the colour set now, not one queued before it.
    app.notice("Something else.")
    for _ in range(3):
        app.press("F10")
        app.tick(1.0)
        name = palette.COLOUR_NAMES[int(app.settings.get("display", "border"))].title()
        assert app.notices[0][0] == f"F10: the border colour is now {name}; only a colour monitor shows it."
        assert sum(row.startswith("F10:") for row, _ in app.notices) == 1
    colour = make_app("C*")
    colour.press("F10")
    assert not any("colour monitor" in text for text in colour.notice_log)


def test_two_saved_matches_are_announced_in_the_plural(make_app, home):
    for game in ("mus", "lukfu"):
        make_app("S*", "--game", game, "--seed", "3").quit()
    app = make_app("S*")
    assert any("Mus, Luk Fu. Choose one on the menu" in text for text in app.notice_log), app.notice_log


def test_odd_keys_everywhere_never_crash(make_app):
    app = make_app()
    for name in ["F4", "F11", "F12", "TAB", "HOME", "END", "BACKSPACE", "z", "!", "ENTER", "o", "F5", "ESC",
                 "UP", "DOWN", "PAGEUP", "ESC", "F7", "ESC", "F2", "x"]:
        app.press(name)
        app.tick(0.05)
    assert app.running


def test_s_letter_silences_and_the_bar_says_so(make_app):
    app = make_app("S*")
    assert not app.speaker.enabled
    assert "F1 SND" in app.screen_text().splitlines()[24]
    assert Settings.load().get("play", "sound") is True  # the letter is for this run only
    app.press("F1")
    assert app.speaker.enabled
    assert "F1 NOSND" in app.screen_text().splitlines()[24]


def test_f2_on_a_screen_with_no_seat_says_where_it_works(make_app):
    """Found by a tester: on the options screen or a dialog over the menu, F2 turned the bottom
    row to NODEMO and started nothing; back on the menu it read DEMO again."""
    app = make_app("*")
    app.press("O")
    assert isinstance(app.top_scene(), OptionsScene)
    app.press("F2")
    assert not app.demo and "F2 NODEMO" not in app.screen_text().splitlines()[24]
    assert app.screen_text().splitlines()[24].startswith("F2: the demo games on the menu; at a table, the computer")
    app.press("ESC")
    app.press("F7")
    assert isinstance(app.top_scene(), QuitDialog)
    app.press("F2")
    assert not app.demo


def test_the_menu_says_who_sits_at_a_hot_seat_table(make_app):
    """Found by a tester: with two people set to play Jub Moo, the menu still read "you and 3
    computers"."""
    app = make_app("*")
    assert "catch the pig: you and 3 computers" in app.screen_text()
    for people, words in ((2, "hot seat: 2 people, 2 computers"), (3, "hot seat: 3 people, 1 computer"),
                          (4, "hot seat: 4 people")):
        app.settings.set("jubmoo", "humans", people)
        line = next(row for row in app.screen_text().splitlines() if "Jub Moo" in row)
        assert line.split("Jub Moo", 1)[1].strip().rstrip("║ ").strip() == words, line


def test_the_statistics_say_every_kind_of_play_left_out(make_app):
    """Found by a tester: two finished hot-seat matches left "Matches played 0" with no word why."""
    app = make_app("*")
    app.press("t")
    text = app.screen_text()
    for words in ("demo", "F2", "replayed", "thrown-in", "hot-seat", "hint", "a match with a hint or replay"):
        assert words in text, words


def test_a_notice_given_at_start_waits_out_the_startup_show(make_app, home):
    """Found by a tester: the damaged settings' notice ran out behind the show (which has no
    bottom row), so the menu came up without a word of it."""
    (home / "settings.toml").write_text("[play]\ndelay = 0.3\n", encoding="utf-8")
    app = make_app()
    assert isinstance(app.top_scene(), IntroScene)
    app.tick(0.5, steps=24)  # longer than a notice lasts
    if isinstance(app.top_scene(), IntroScene):
        app.press("x")
    assert isinstance(app.top_scene(), MenuScene)
    assert "Ignored [play] delay = 0.3" in app.screen_text().splitlines()[-1]


def key_down(app, code: int, char: str = "") -> None:
    import pygame

    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, unicode=char, mod=0, scancode=0))


def test_a_held_arrow_repeats_on_lists_and_a_held_enter_never_acts_twice(make_app):
    """Found by a tester: holding Down on the options list moved one row (the program never
    asked for key repeat). A key down again with no key up between is the key held."""
    import pygame

    app = make_app("*")
    app.press("O")
    scene = app.top_scene()
    for _ in range(3):
        key_down(app, pygame.K_DOWN)  # down, then two repeats
    assert scene.cursor == 3
    app.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_DOWN, mod=0, scancode=0))
    key_down(app, pygame.K_ESCAPE, "\x1b")
    key_down(app, pygame.K_ESCAPE, "\x1b")  # held Esc: the menu stays (a second Esc would ask to quit)
    assert isinstance(app.top_scene(), MenuScene)


def test_at_a_table_only_left_and_right_repeat(make_app):
    """Up and Down play the highlighted card at a table: held, they must not play a second."""
    import pygame

    app = make_app("--game", "jubmoo", "--seed", "3")
    table = app.top_scene()
    app.settings.values["play"]["delay"] = 0.0
    wait_for_your_turn(app, table)
    assert pygame.K_UP not in table.repeating_keys and pygame.K_LEFT in table.repeating_keys
    cursor = table.hand.cursor
    key_down(app, pygame.K_RIGHT)
    key_down(app, pygame.K_RIGHT)  # held: repeats
    assert table.hand.cursor == (cursor + 2) % len(table.hand.cards)


def test_a_held_arrow_never_closes_a_summary_or_ends_a_pause(make_app):
    """Found by a tester: Right held at a Luk Fu prompt went on repeating after a claim ended the
    deal, and closed its summary unread. A repeat moves a highlight; it is no "any key"."""
    import pygame

    app = make_app("--game", "jubmoo", "--seed", "3")
    table = app.top_scene()
    app.settings.values["play"]["delay"] = 0.0
    while table.hold <= 0:  # a trick finished, held on the table
        if table.human_to_act and not table.guarded:
            app.press("ENTER")
        app.tick(0.05)
    key_down(app, pygame.K_RIGHT)  # pressed: ends the pause, as any key does
    assert table.hold <= 0
    table.hold_trick(until_key=True)
    key_down(app, pygame.K_RIGHT)  # held: repeats, and the pause stays
    assert table.hold > 0


def test_a_held_arrow_leaves_the_recalled_last_trick_up(make_app):
    """Found by a tester: with Right held, Jub Moo's last trick recalled with L went at the next
    repeat, under "Any key: back to the table"."""
    import pygame

    app = make_app("--game", "jubmoo", "--seed", "3")
    table = app.top_scene()
    app.settings.values["play"]["delay"] = 0.0
    for _ in range(2000):
        if table.obs.last_trick and table.human_to_act and not table.guarded:
            break
        if table.holding_for_key or (table.human_to_act and not table.guarded):
            app.press("ENTER")  # go on after a trick, or play
        app.tick(0.05)
    key_down(app, pygame.K_RIGHT)
    app.press("L")
    assert table.show_last
    key_down(app, pygame.K_RIGHT)  # Right still held: its repeat
    assert table.show_last


def test_leaving_a_table_says_the_match_is_kept(make_app):
    """Found by a tester: "Leave this game for the menu?" left a newcomer mid-deal unsure whether
    his match would be lost; it is kept, and the question says so."""
    app = make_app("--game", "mus", "--seed", "2")
    app.press("F7")
    assert "Leave this game for the menu? The match is kept to resume. (Y/N)" in app.screen_text()
