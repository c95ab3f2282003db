"""Attract mode, the screenshot tool and the mouse."""

from game import registry
from game.scenes.attract import AttractScene
from game.scenes.menu import MenuScene
from game.scenes.table import TableScene
from game.tools import snap


def test_idle_menu_starts_demo_and_any_key_returns(make_app):
    app = make_app("*")
    app.settings.values["play"]["attract_seconds"] = 2
    app.tick(0.5, steps=5)
    assert isinstance(app.top_scene(), AttractScene)
    table = app.top_scene().table
    for _ in range(100):
        app.tick(0.1)
    assert len(table.match.steps) > 3, "the demo plays by itself"
    app.top_scene().blink = 0.0  # the banner blinks: look while it is lit
    assert "DEMO - press any key but an F-key" in app.screen_text()
    app.press("x")
    assert isinstance(app.top_scene(), MenuScene)


def test_demo_flag_starts_in_attract(make_app):
    app = make_app("--demo")
    assert isinstance(app.top_scene(), AttractScene)
    app.press("F2")
    assert isinstance(app.top_scene(), MenuScene)


def test_f2_over_the_demos_help_ends_the_demo(make_app):
    """Found by a tester: F5 then F2 during the demo only said where F2 works, and the demo went on."""
    from game.scenes.help import HelpScene

    app = make_app("--demo")
    app.press("F5")
    assert isinstance(app.top_scene(), HelpScene)
    # The bar says what F2 does there: it ends the show (it had said DEMO: a tester).
    assert "F2 NODEMO" in app.screen_text().splitlines()[24]
    app.press("F2")
    assert isinstance(app.top_scene(), MenuScene)


def test_the_demo_show_follows_the_computer_delay(make_app):
    """Found by a tester: F9 raised the delay on the bar to 9.5 s and the demo show played on
    at its own pace. It plays at 0.6 of the delay, never faster than 0.3 s a move."""
    app = make_app("--demo")
    table = app.top_scene().table
    paces = []
    for delay in (1.0, 9.5, 0.0):
        app.settings.set("play", "delay", delay)
        paces.append(table.move_delay())
    assert paces == [0.6, 0.6 * 9.5, 0.3]


def test_without_a_seed_each_start_shows_other_demo_deals(make_app):
    """Found by a tester: every start opened the demo on the same Klaberjass hand."""
    draws = {make_app("--demo").attract_seeds.random() for _ in range(3)}
    assert len(draws) == 3
    seeded = {make_app("--demo", "--seed", "5").attract_seeds.random() for _ in range(2)}
    assert len(seeded) == 1  # a --seed still fixes it


def test_after_the_demo_show_a_game_is_the_players_own(make_app):
    app = make_app("--demo", "S*", "--seed", "5")
    assert isinstance(app.top_scene(), AttractScene)
    app.tick(0.05)
    assert "F2 NODEMO" in app.screen_text().splitlines()[24]  # F2 ends the show, as its label says
    assert app.top_scene().table.match.seed != 5  # the show's deals are its own
    app.press("x")
    assert isinstance(app.top_scene(), MenuScene) and not app.demo
    app.press("1")
    table = app.top_scene()
    assert table.game_name == "klaberjass" and not table.computer_plays(table.viewer)
    assert table.match.seed == 5, "--seed is the seed of the player's first match, not the demo show's"


def test_demo_with_a_game_starts_its_table_with_the_computer_in_your_seat(make_app):
    app = make_app("--demo", "--game", "mus", "S*")
    table = app.top_scene()
    assert table.game_name == "mus" and app.demo and table.computer_plays(table.viewer)
    app.press("F2")
    assert not table.computer_plays(table.viewer)


def test_leaving_a_table_in_demo_mode_leaves_the_demo_there(make_app):
    """Found by a tester: after F2 played a match to its end, the next game chosen on the menu
    was played by the computer too, and the menu's F2 said NODEMO but started the demo show."""
    app = make_app("--demo", "--game", "lukfu", "S*")
    app.press("F7")
    app.press("Y")
    assert isinstance(app.top_scene(), MenuScene) and not app.demo
    assert "F2 DEMO" in app.screen_text().splitlines()[24]
    app.press("4")
    if not isinstance(app.top_scene(), TableScene):
        app.press("N")  # a new match, not the saved one
    table = app.top_scene()
    assert isinstance(table, TableScene) and not table.computer_plays(table.viewer)


def test_attract_moves_on_to_the_next_game(make_app):
    app = make_app("--demo")
    attract = app.top_scene()
    first = attract.table
    for _ in range(20000):
        app.tick(0.2)
        if attract.table is not first:
            break
    assert attract.table is not first


def test_snap_tool_writes_png(tmp_path, home, capsys):
    out = tmp_path / "t.png"
    assert snap.main(["--game", "klaberjass", "--seed", "3", "--step", "6", "--out", str(out), "--text"]) == 0
    assert out.stat().st_size > 2000
    assert "KLABERJASS" in capsys.readouterr().out


def test_snap_tool_leaves_no_user_folder_behind(tmp_path):
    """Each run plays in a scratch user folder; a helper taking hundreds of screenshots had left
    hundreds of folders in the temporary directory."""
    import os
    import subprocess
    import sys

    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = {**os.environ, "TMPDIR": str(scratch), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("DOS_CARDS_HOME", None)
    out = tmp_path / "t.png"
    subprocess.run([sys.executable, "-m", "game.tools.snap", "--scene", "menu", "--out", str(out)],
                   env=env, check=True, capture_output=True, timeout=120)
    assert out.exists()
    assert list(scratch.iterdir()) == []


def test_click_on_key_bar_presses_the_f_key(make_app):
    app = make_app("*")
    app.compose()
    _, start, _ = next(span for span in app._key_bar_spans if span[0] == 1)
    from game.screen.render import layout

    _, rect = layout(app.window.get_size())
    x = rect.x + (start + 1) * rect.width // 80
    y = rect.y + 24 * rect.height // 25 + 2
    app.handle_click((x, y))
    assert app.settings.get("play", "sound") is False


def test_bench_rules_figures_print_for_every_game(capsys):
    """The bench's rules part runs through every engine and prints a row per game (no figure is
    checked against a time: the machine decides those)."""
    from game.tools import bench

    figures = bench.compare_with_reference("klaberjass", 0.1, slices=2)
    assert set(figures) == {"reference", "deals", "actions", "ratio"}
    assert all(value > 0 for value in figures.values())
    assert bench.main(["--only", "rules", "--seconds", "0.2"]) == 0
    rows = [line.split()[0] for line in capsys.readouterr().out.splitlines()[3:]]
    assert rows == list(registry.GAME_NAMES)


def test_the_demo_show_never_asks_for_a_key_of_its_own(make_app):
    """Under "DEMO - press any key" the table shows no prompt of a player's ("Any key: go on.")."""
    app = make_app("--demo", "S*")
    attract = app.top_scene()
    assert isinstance(attract, AttractScene)
    held = 0
    for _ in range(3000):
        app.tick(0.05)
        if attract.table.hold > 0:
            held += 1
            assert "go on" not in app.screen_text()
    assert held, "a finished trick was held on screen during the show"
