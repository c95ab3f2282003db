"""Every F5 help text is written to fit its pager, and the pager shows it exactly as written.

The pager does not re-wrap (a table or a hanging indent would fall apart), so a line or a
page that does not fit is a defect of the text, caught here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.scenes.help import BOX_W, HELP_DIR, LINES_PER_PAGE, TEXT_W, HelpScene, help_pages, text_pages
from game.scenes.jubmoo_table import JubMooTable
from game.scenes.options import OptionsScene
from game.scenes.table import TableScene
from game.screen import palette
from game.screen.canvas import COLS, TextCanvas

GAMES = ("klaberjass", "jubmoo", "mus", "lukfu")
TEXTS = sorted(HELP_DIR.glob("*.txt"))
MIN_LINES = 6  # fewer lines than this make a near-empty page
SENTENCE_ENDS = (".", "!", "?", ":", '."', '!"', ".)")


def written_pages(path: Path) -> list[list[str]]:
    """The file's pages, read independently of the pager: its lines between '---' lines."""
    text = path.read_text(encoding="utf-8").rstrip("\n")
    return [chunk.split("\n") for chunk in text.split("\n---\n")]


def test_every_game_and_the_program_has_a_text():
    names = {path.stem for path in TEXTS}
    assert names == {*GAMES, "program", "keys"}


@pytest.mark.parametrize("path", TEXTS, ids=lambda path: path.name)
def test_every_page_fits_and_is_not_near_empty(path):
    text = path.read_text(encoding="utf-8")
    assert "\t" not in text and "\u00a0" not in text
    pages = written_pages(path)
    assert pages == text_pages(text)  # no blank line before a '---' that the pager would drop
    for number, page in enumerate(pages, 1):
        where = f"{path.name} page {number}"
        assert len(page) <= LINES_PER_PAGE, f"{where}: {len(page)} lines, the box holds {LINES_PER_PAGE}"
        for line in page:
            assert len(line) <= TEXT_W, f"{where}: {len(line)} columns, the box holds {TEXT_W}: {line!r}"
            assert line == line.rstrip(), f"{where}: trailing spaces in {line!r}"
        assert page and page[0].strip(), f"{where} starts with a blank line"
        if number < len(pages):
            assert len(page) >= MIN_LINES, f"{where} holds only {len(page)} lines"
            assert page[-1].endswith(SENTENCE_ENDS), f"{where} breaks mid-sentence: {page[-1]!r}"


def test_the_pages_are_the_lines_as_written():
    text = "HEADING\n\nA line far wider than the box " + "x" * 80 + "\n  an indented\n---\nNEXT\n\n"
    assert text_pages(text) == [["HEADING", "", "A line far wider than the box " + "x" * 80, "  an indented"],
                                ["NEXT"]]


@pytest.mark.parametrize("game", (None, *GAMES))
def test_the_pager_draws_each_line_as_written(make_app, game):
    app = make_app("*")
    scene = HelpScene(app, game)
    own = HELP_DIR / f"{game or 'program'}.txt"
    assert scene.pages == help_pages(game) == written_pages(own) + written_pages(HELP_DIR / "keys.txt")
    left = (COLS - BOX_W) // 2  # the box's left border; the text starts two columns in
    for number, page in enumerate(scene.pages):
        scene.page = number
        canvas = TextCanvas()
        scene.draw(canvas)
        assert f"Page {number + 1} of {len(scene.pages)}" in canvas.row_text(LINES_PER_PAGE + 3)
        for i in range(LINES_PER_PAGE):
            row = canvas.row_text(1 + i)
            assert row[left] == row[left + BOX_W - 1] == "║"
            shown = row[left + 2: left + 2 + TEXT_W].rstrip()
            assert shown == (page[i] if i < len(page) else ""), f"page {number + 1}, line {i + 1}"
            assert not row[left + 2 + TEXT_W: left + BOX_W - 1].strip()
            line = page[i] if i < len(page) else ""
            if line.strip():  # headings (capitals from the first column, no sentence's end) in yellow
                first = len(line) - len(line.lstrip())
                heading = not first and line.isupper() and not line.endswith(".")
                assert (canvas.cell(left + 2 + first, 1 + i).fg == palette.YELLOW) == heading, line


def words(text: str) -> str:
    return " ".join(text.split())


def help_text(game: str) -> str:
    return words((HELP_DIR / f"{game}.txt").read_text(encoding="utf-8"))


def test_the_clockwise_option_says_what_the_table_shows(make_app):
    """Found by a tester: F5 on Jub Moo's "Draw the table clockwise" said "East and West swap
    places, as for play to the left", but with it on West is still drawn on the left and East
    on the right: only the order of play and the title "PLAY GOES CLOCKWISE" change."""
    app = make_app("*")
    app.press("o")
    scene = app.top_scene()
    assert isinstance(scene, OptionsScene)
    while scene.page != "Jub Moo":
        app.press("TAB")
    while scene.options[scene.cursor].label != "Play clockwise":
        app.press("DOWN")
    app.press("F5")
    inside = [line.split("║")[1] for line in app.screen_text().splitlines() if line.count("║") == 2]
    said = words(" ".join(inside))
    assert "swap" not in said
    assert "after you, the player on your left, then the one opposite, then the one on your right" in said
    assert "West is still drawn on the left and East on the right" in said and "PLAY GOES CLOCKWISE" in said
    assert "shows the table the other way round" not in help_text("jubmoo")
    assert "With the option Play clockwise, play goes the other way, your left first" in help_text("jubmoo")

    # ... and that is what the table does with it on.
    app.settings.set("jubmoo", "clockwise", True)
    app.press("ESC", "ESC")
    table = make_app("--game", "jubmoo").top_scene()
    assert isinstance(table, JubMooTable) and table.clockwise
    lines = table.app.screen_text().splitlines()
    assert "PLAY GOES CLOCKWISE" in lines[1]
    west = next(line for line in lines if "WEST" in line and "EAST" in line)
    assert west.index("WEST") < COLS // 2 < west.index("EAST")
    after_you = (table.viewer + 1) % 4  # the seat that plays after yours
    assert table.position(after_you) == 3 and table.seat_name(after_you) == "West"  # on your left


@pytest.mark.parametrize("game", ("jubmoo", "lukfu"))
def test_the_pause_after_a_trick_is_told_as_the_table_holds_it(make_app, game):
    """Found by a tester: the Luk Fu instructions said a finished trick "stays on the table a
    moment... any key moves on sooner", but the table holds it until a key, asking "Any key:
    go on.", when the person at the keyboard plays next, and only otherwise for a moment."""
    said = help_text(game)
    assert 'When you play next' in said and 'it waits for your key: "Any key: go on."' in said
    assert "Otherwise it stays a moment (F8/F9 set how long; a key ends it sooner)" in said
    assert "never plays a card" in said

    # The table: with you to play next the trick waits for a key, under those words, and the
    # key plays nothing.
    app = make_app("--game", game)
    app.settings.values["play"]["delay"] = 0.0
    table = app.top_scene()
    assert isinstance(table, TableScene)
    for _ in range(2000):
        if table.human_to_act:
            break
        if table.panel is not None:
            app.press("ENTER")
        app.tick(0.05)
    assert table.human_to_act
    steps = len(table.match.steps)
    table.hold_trick(until_key=True)  # as after a trick the player at the keyboard took
    app.tick(5.0, steps=50)
    assert table.holding_for_key and "Any key: go on." in app.screen_text()
    app.press("SPACE")
    assert table.hold <= 0 and len(table.match.steps) == steps and "Any key: go on." not in app.screen_text()


@pytest.mark.parametrize(("game", "setting", "label"), [
    ("klaberjass", "game_point = 300", "Game point"),
    ("jubmoo", 'ruleset = "gongzhu"', "Scoring"),
    ("mus", "kings = 4", "Kings"),
    ("lukfu", "deals = 3", "Deals"),
])
def test_at_a_table_with_unusual_options_f5_first_names_them(make_app, home, game, setting, label):
    """Found by a tester: at a Mus table of four kings the pages still read "every 3 plays as a
    king", with no word of the options in play; a first page names those that differ."""
    from game import registry

    app = make_app("--game", game, "--seed", "3")
    app.press("F5")
    assert "THIS TABLE'S OPTIONS" not in app.screen_text()  # the usual options: the usual pages
    app.press("ESC")
    (home / "settings.toml").write_text(f"[{game}]\n{setting}\n", encoding="utf-8")
    app.saves.delete(game)
    other = make_app("--game", game, "--seed", "3")
    other.press("F5")
    text = other.screen_text()
    key = setting.split(" = ")[0]
    spec = registry.rules_option_specs(game)[key]
    assert "THIS TABLE'S OPTIONS" in text and spec.label in text, text
    assert label in spec.label
    pager = other.top_scene()
    assert isinstance(pager, HelpScene) and len(pager.pages[0]) <= LINES_PER_PAGE
    assert all(len(line) <= TEXT_W for line in pager.pages[0])


def test_the_options_page_leaves_out_what_has_no_effect_and_keeps_a_gap_before_values() -> None:
    """Found by a tester: "Rival catches a seña (%) 100" listed with señas off, "Big Chuan:
    others -50 Off" under Gong Zhu, and "No-Tie (a top-meld tie goes to elder)On"."""
    from game.scenes.help import options_page

    mus = "\n".join(options_page("mus", {"senas": False, "sena_catch": 100}))  # a table's usual: señas on
    assert "Señas (signals)" in mus and "Rival catches" not in mus
    assert "Rival catches a seña (%)" in "\n".join(options_page("mus", {"senas": True, "sena_catch": 100}))
    jubmoo = "\n".join(options_page("jubmoo", {"ruleset": "gongzhu", "big_chuan_others_minus_50": False}))
    assert "Gong Zhu" in jubmoo and "Big Chuan" not in jubmoo
    assert "Big Chuan" in "\n".join(options_page("jubmoo", {"ruleset": "hearts", "big_chuan_others_minus_50": False}))
    klaberjass = options_page("klaberjass", {"no_tie": True, "all_trump_cross_suit": False, "tout_atout": False})
    row = next(line for line in klaberjass if line.strip().startswith("No-Tie"))
    assert row.endswith(")  On") and not any("any suit can win" in line for line in klaberjass)


def test_a_line_that_ends_a_sentence_in_capitals_is_no_heading():
    """Found by a tester: "BIDDING).", the end of "(see THE DEAL AND THE / BIDDING).", was drawn
    in yellow as a heading, half a cross-reference in another colour."""
    from game.scenes.help import is_heading

    assert is_heading("SANS TOUT AND TOUT ATOUT") and is_heading("OPTIONS (O ON THE MENU, MUS PAGE)")
    assert not is_heading("BIDDING).") and not is_heading("WHAT YOU MAY LEAD).")
    assert not is_heading("  J♦  +100")
