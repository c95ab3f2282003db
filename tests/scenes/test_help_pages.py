"""Every F5 help text is written to fit its pager, and the pager shows it exactly as written.

The pager does not re-wrap (a table or a hanging indent would fall apart), so a line or a
page that does not fit is a defect of the text, caught here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.scenes.help import BOX_W, HELP_DIR, LINES_PER_PAGE, TEXT_W, HelpScene, help_pages, text_pages
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
            if line.strip():  # headings (capitals from the first column) in yellow, nothing else
                first = len(line) - len(line.lstrip())
                heading = not first and line.isupper()
                assert (canvas.cell(left + 2 + first, 1 + i).fg == palette.YELLOW) == heading, line
