"""The Jub Moo Score Tester, driven by keys: the menu entry, the grid, every key, the same scoring."""

from __future__ import annotations

import re

import pytest

from game.app.settings import Settings
from game.rules.jubmoo import CARDS, card_value, score_breakdown, stack_score, ten_clubs_in_force
from game.scenes.dialogs import MessageScene
from game.scenes.help import HelpScene
from game.scenes.jubmoo_table import JubMooTable
from game.scenes.menu import MenuScene
from game.scenes.score_tester import SCORE_ROW, ScoreTesterScene
from game.scenes.widgets import signed
from game.screen.canvas import COLS, ROWS


@pytest.fixture
def tester_app(make_app):
    def start(*extra: str):
        app = make_app("*", *extra)
        assert isinstance(app.top_scene(), MenuScene)
        assert "S  Score Tester (Jub Moo)" in app.screen_text()
        app.press("S")
        tester = app.top_scene()
        assert isinstance(tester, ScoreTesterScene)
        return app, tester

    return start


HEARTS = [rank + "H" for rank in "AKQJT98765432"]


def screen(app) -> list[str]:
    lines = app.screen_text().splitlines()
    assert len(lines) == ROWS and all(len(line) == COLS for line in lines)
    return lines


def shown_score(app) -> int:
    """The score as the score line prints it."""
    line = screen(app)[SCORE_ROW]
    return int(re.search(r": ([+-]?\d+)", line).group(1))


def test_opens_on_an_empty_pile_of_backs(tester_app):
    app, _ = tester_app()
    lines = screen(app)
    assert "SCORE TESTER" in lines[0] and "HEARTS SCORING" in lines[0]
    assert lines[1].replace("═", " ").strip("╔╗ ").split() == list("23456789TJQKA")  # rank headers
    assert "".join(lines).count("▒▒▒") == 52 and "║▒▒▒║" in lines[3]  # the pack face down, the cursor on Q♠
    assert shown_score(app) == -50 and "EMPTY PILE: -50" in lines[SCORE_ROW]
    assert "No cards won" in lines[SCORE_ROW + 1]
    assert "Face up = in the pile" in lines[SCORE_ROW + 6]


def test_arrows_and_enter_turn_cards(tester_app):
    app, tester = tester_app()
    assert tester.cursor_card == "QS"
    app.press("ENTER")
    assert tester.stack == {"QS"} and shown_score(app) == -100
    assert "Q♠ (the pig)" in screen(app)[SCORE_ROW + 1]
    app.press("DOWN", "SPACE")  # Q♥
    assert tester.stack == {"QS", "QH"} and shown_score(app) == -130
    app.press("RIGHT", "RIGHT", "RIGHT")  # wraps from A round to 2
    assert tester.cursor_card == "2H"
    app.press("UP", "UP")  # wraps from spades round to clubs
    assert tester.cursor_card == "2C"
    app.press("ENTER", "ENTER")  # on and off again
    assert "2C" not in tester.stack
    lines = screen(app)
    assert "CURSOR" in "".join(lines) and "outside" in "".join(lines)


def test_typing_a_card_finds_and_turns_it(tester_app):
    app, tester = tester_app()
    app.press("/", "J", "D")
    assert tester.stack == {"JD"} and tester.cursor_card == "JD" and shown_score(app) == 100
    app.press("/", "1", "0", "C")  # 10C is the ten of clubs
    assert tester.stack == {"JD", "TC"} and shown_score(app) == 200
    assert "10♣ DOUBLES" in screen(app)[SCORE_ROW]
    app.press("/", "X")
    assert "type its rank and suit" in "".join(screen(app))
    app.press("Z")
    assert tester.typing is None and "not a card" in tester.message and tester.stack == {"JD", "TC"}
    app.press("/", "Q")
    app.press("ESC")  # cancels the typing, stays in the tester
    assert tester.typing is None and app.top_scene() is tester


def test_group_keys_chuan_big_chuan_and_clear(tester_app):
    app, tester = tester_app()
    app.press("H")
    assert shown_score(app) == 194 and "CHUAN!" in screen(app)[SCORE_ROW]
    assert tester.cursor_value("QH") == ("+30", "in Chuan") and tester.cursor_value("QS") == ("-100", "outside")
    app.press("P")  # Q♠ J♦ 10♣ as well: 2 x (194 - 100 + 100)
    assert shown_score(app) == 388
    app.press("P")
    assert tester.stack == {r + "H" for r in "AKQJT98765432"}
    app.press("H")
    assert tester.stack == set()
    app.press("A")
    assert len(tester.stack) == 52 and shown_score(app) == 1000
    assert "BIG CHUAN: +1000 FLAT" in screen(app)[SCORE_ROW]
    assert "Hearts scoring: +1000" in screen(app)[SCORE_ROW]  # no 10♣ rule named: none counts (a tester)
    assert tester.cursor_value("QS") == ("flat", "in pile")
    tester.stack = {"TC"}  # the 10♣ as the badge says it (it read x2 beside "10♣ ALONE: +50": a reviewer)
    assert tester.cursor_value("TC") == ("+50", "alone") and "10♣ ALONE: +50" in screen(app)[SCORE_ROW]
    tester.stack = {"TC", "5S", "3H"}
    assert tester.cursor_value("TC") == ("x2", "in pile")
    tester.ten_clubs = "add-and-double"
    assert tester.cursor_value("TC") == ("+50x2", "in pile") and "10♣ +50x2" in screen(app)[SCORE_ROW]
    app.press("BACKSPACE")
    assert tester.stack == set() and shown_score(app) == -50


def test_five_lines_of_a_sum_read_left_to_right_and_the_badge_names_the_rule(tester_app):
    """Found by a tester: with the 10♣ adding 50, the fifth line of the sum stood at the top
    right, beside the first, and the badge said "10♣ DOUBLES" under "10♣ adds 50 and doubles"."""
    app, tester = tester_app()
    app.press("H", "P", "D")
    lines = screen(app)
    if "adds 50" not in lines[SCORE_ROW]:
        app.press("D")
        lines = screen(app)
    assert "10♣ adds 50 and doubles" in lines[SCORE_ROW] and "10♣ +50x2" in lines[SCORE_ROW]
    labels = [label for label, _ in tester.breakdown()]
    assert len(labels) == 5
    rows = lines[SCORE_ROW + 1 : SCORE_ROW + 4]
    assert "Chuan" in rows[0] and "pig" in rows[0] and "10♣ doubles" in rows[2], rows


def test_ten_of_clubs_alone_and_the_explanation(tester_app):
    app, tester = tester_app()
    app.press("/", "T", "C", "/", "5", "S")
    assert shown_score(app) == 50 and "10♣ alone (no other points)" in screen(app)[SCORE_ROW + 1]
    app.press("?")
    assert isinstance(app.top_scene(), MessageScene)
    assert "Q♠ + J♦ + 10♣ scores 0" in app.screen_text()
    app.press("x")
    assert app.top_scene() is tester


def test_tab_and_d_change_the_scoring_with_the_games_own_function(tester_app):
    app, tester = tester_app()
    app.press("H", "/", "Q", "S", "/", "T", "C", "/", "K", "S")
    cards = sorted(tester.stack)
    for ruleset, title in (("all-suits", "ALL SUITS"), ("gongzhu", "GONG ZHU"), ("hearts", "HEARTS")):
        app.press("TAB")
        assert tester.ruleset == ruleset and f"{title} SCORING" in screen(app)[0]
        for ten_clubs in ("add-and-double", "double"):
            app.press("D")
            if ruleset == "gongzhu":  # its 10♣ only doubles: D is refused, and says why
                assert tester.ten_clubs == "double" and "Gong Zhu's 10♣ only doubles" in tester.message
                assert tester.message in "\n".join(screen(app)), "said whole, within the row"
                assert "10♣ doubles:" in screen(app)[SCORE_ROW]
                tester.message = ""
                continue
            assert tester.ten_clubs == ten_clubs
            options = {"ruleset": ruleset, "ten_clubs": ten_clubs}
            assert shown_score(app) == stack_score(cards, ruleset, options)
    assert "Same pile:" in screen(app)[SCORE_ROW + 5]


def test_random_piles_score_as_the_game_scores_them(tester_app):
    app, tester = tester_app()
    for _ in range(25):
        app.press("R")
        cards = [c for c in CARDS if c in tester.stack]
        assert len(cards) % 4 == 0 and 4 <= len(cards) <= 48
        lines = score_breakdown(cards, tester.ruleset)
        assert shown_score(app) == stack_score(cards, tester.ruleset) == sum(points for _, points in lines)
        text = "\n".join(screen(app))
        assert "random pile of" in text
        for label, _ in lines[:8]:
            assert label.split(" ")[0].replace("QS", "Q♠").replace("JD", "J♦").replace("TC", "10♣") in text


def test_click_turns_a_card_and_esc_goes_back_to_the_menu(tester_app):
    app, tester = tester_app()
    tester.on_click(5, 3)  # the 2 of spades
    assert tester.stack == {"2S"}
    app.press("ESC")
    assert isinstance(app.top_scene(), MenuScene)


def test_from_the_table_it_scores_the_matchs_ruleset(make_app, home):
    settings = Settings.load(home)
    settings.set("jubmoo", "ruleset", "gongzhu")
    app = make_app("--game", "jubmoo", "--seed", "2")
    table = app.top_scene()
    assert isinstance(table, JubMooTable)
    app.settings.set("jubmoo", "ruleset", "hearts")  # the match on the table keeps its own
    app.press("F5")
    assert isinstance(app.top_scene(), HelpScene)
    app.press("T")
    tester = app.top_scene()
    assert isinstance(tester, ScoreTesterScene) and tester.ruleset == "gongzhu"
    app.press("H")
    assert shown_score(app) == 200  # the Gong Zhu hearts flip to +200
    app.press("F5")  # the tester's instructions are Jub Moo's; T goes back to the same tester
    assert isinstance(app.top_scene(), HelpScene)
    app.press("T")
    assert app.top_scene() is tester
    app.press("ESC")
    assert isinstance(app.top_scene(), HelpScene)
    app.press("ESC")
    assert app.top_scene() is table


def test_the_explanation_box_stays_inside_its_border(tester_app):
    """Every row of the "?" box has its right border where the top border ends."""
    app, _ = tester_app()
    app.press("?")
    lines = screen(app)
    top = next(i for i, line in enumerate(lines) if "10♣ rule" in line)
    left, right = lines[top].index("╔", 1), lines[top].rindex("╗")
    bottom = next(i for i in range(top + 1, ROWS) if lines[i][left] == "╚")
    for row in range(top + 1, bottom):
        assert lines[row][left] == "║" and lines[row][right] == "║", lines[row]
    assert "rest" in "".join(lines[top + 1:bottom])


@pytest.mark.parametrize("keys", [("TAB", "?"), ("TAB", "TAB", "D", "V"), ("V",), ("?",), ("TAB", "D", "?")])
def test_every_box_sits_centred_a_column_clear_of_the_frame(tester_app, keys):
    """Found by a tester: the widest boxes (All suits "?", Gong Zhu with D then V) came out a
    column to the left, over the Score Tester's own frame."""
    app, _ = tester_app()
    app.press(*keys)
    assert isinstance(app.top_scene(), MessageScene)
    lines = screen(app)
    top = next(line for line in lines if line.count("═") > 10 and "╔" in line[1:-1])
    left, right = top.index("╔", 1), top.rindex("╗")
    assert left >= 2 and right <= COLS - 3 and left == COLS - 1 - right, top


def test_the_side_figures_keep_a_blank_column_before_the_frame(tester_app):
    app, _ = tester_app()
    for keys in ((), ("RIGHT",) * 11, ("DOWN", "ENTER")):  # Q♠, then 10♠... and a card in the stack
        if keys:
            app.press(*keys)
        for line in screen(app)[2:13]:
            assert line[COLS - 2] == " ", line


def box_lines(app, title: str) -> list[str]:
    """The inside of the message box titled ``title``, checking its frame on every row."""
    lines = screen(app)
    top = next(i for i, line in enumerate(lines) if title in line)
    left, right = lines[top].index("╔", 1), lines[top].rindex("╗")
    bottom = next(i for i in range(top + 1, ROWS) if lines[i][left] == "╚")
    for row in range(top + 1, bottom):
        assert lines[row][left] == "║" and lines[row][right] == "║", lines[row]
    return [line[left + 1:right] for line in lines[top + 1:bottom]]


def test_gong_zhu_scores_the_sweep_and_no_penalty(tester_app):
    app, tester = tester_app()
    app.press("TAB", "TAB")
    assert tester.ruleset == "gongzhu" and "GONG ZHU SCORING" in screen(app)[0]
    assert shown_score(app) == 0 and "EMPTY PILE: NO PENALTY" in screen(app)[SCORE_ROW]
    assert "Same pile:   Hearts -50   All suits -50   Gong Zhu 0" in screen(app)[SCORE_ROW + 5]
    app.press("H")
    assert shown_score(app) == 200 and "CHUAN!" in screen(app)[SCORE_ROW]
    app.press("/", "T", "C")
    assert shown_score(app) == 400  # 13 hearts + 10♣
    app.press("/", "Q", "S", "/", "T", "C")
    assert shown_score(app) == 100  # 13 hearts + Q♠
    app.press("/", "T", "C", "/", "J", "D")  # all 16 point cards: the sweep
    lines = screen(app)
    assert shown_score(app) == 800 and "SWEEP! 10♣ DOUBLES" in lines[SCORE_ROW]
    assert "Sweep: the pig Q♠ counts plus  +100" in lines[SCORE_ROW + 2]
    assert "Hearts +388   All suits +388   Gong Zhu +800" in lines[SCORE_ROW + 5]
    # The cursor's card says the sweep turns it, as the breakdown adds it (a tester read
    # "Q♠ -100 in pile" above "+100").
    scene = app.top_scene()
    assert scene.cursor_value("QS") == ("+100", "in sweep") and scene.cursor_value("AH") == ("plus", "in Chuan")
    assert scene.cursor_value("JD") == ("+100", "in pile")
    app.press("A")  # every card is the same sweep, no Big Chuan
    assert shown_score(app) == 800 and "BIG CHUAN" not in "".join(screen(app))
    assert "Hearts +1000   All suits +1000   Gong Zhu +800" in screen(app)[SCORE_ROW + 5]
    app.press("BACKSPACE", "/", "T", "C", "/", "3", "H")
    assert shown_score(app) == 0  # the 3♥ is worth 0 but is a point card: 10♣ doubles it
    app.press("/", "3", "H", "/", "5", "S")
    assert shown_score(app) == 50
    app.press("BACKSPACE", "/", "Q", "S", "/", "J", "D", "/", "T", "C")
    assert shown_score(app) == 0


@pytest.mark.parametrize("ruleset", ["hearts", "all-suits", "gongzhu"])
def test_v_shows_the_scoring_table_of_the_selected_ruleset(tester_app, ruleset):
    app, tester = tester_app()
    while tester.ruleset != ruleset:
        app.press("TAB")
    app.press("V")
    assert isinstance(app.top_scene(), MessageScene)
    title = {"hearts": "Hearts", "all-suits": "All suits", "gongzhu": "Gong Zhu"}[ruleset]
    inside = box_lines(app, f"{title} scoring")
    header = next(line for line in inside if line.strip().startswith("Card"))
    assert header.split()[1:] == ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
    for suit, glyph in zip("SHDC", "♠♥♦♣", strict=True):
        row = next(line for line in inside if line.strip().startswith(glyph))
        shown = row.split()[1:]
        for rank, cell in zip("AKQJT98765432", shown, strict=True):
            card = rank + suit
            assert cell == ("x2" if card == "TC" else signed(card_value(card, ruleset))), card
    piles = {"All 13 hearts (a Chuan)": HEARTS, "All 13 hearts + 10♣": [*HEARTS, "TC"],
             "All 13 hearts + Q♠": [*HEARTS, "QS"], "All 13 hearts + Q♠ J♦ 10♣": [*HEARTS, "QS", "JD", "TC"],
             "Every card (13 tricks)": CARDS, "No trick at all": [], "Q♠ + J♦ + 10♣": ["QS", "JD", "TC"],
             "10♣ + 3♥": ["TC", "3H"]}
    text = "\n".join(inside)
    for label, pile in piles.items():
        value = re.search(re.escape(label) + r" +([+-]?\d+)", text)
        assert value is not None and int(value.group(1)) == stack_score(pile, ruleset), label
    app.press("x")
    assert app.top_scene() is tester


def test_the_scoring_table_follows_the_ten_of_clubs_rule(tester_app):
    app, _ = tester_app()
    app.press("D", "V")
    text = "\n".join(box_lines(app, "Hearts scoring"))
    assert "the 10♣ adds 50 and doubles the rest" in text and "D changes the rule" in text
    app.press("x", "TAB", "TAB", "V")  # Gong Zhu's 10♣ only doubles, whatever D chose
    text = "\n".join(box_lines(app, "Gong Zhu scoring"))
    assert "the 10♣ doubles the rest" in text and "D changes" not in text
    assert re.search(r"All 13 hearts \+ Q♠ J♦ 10♣ +\+800", text)  # 2 x 400


def test_the_ten_of_clubs_rule_speaks_of_the_selected_ruleset(tester_app):
    app, _ = tester_app()
    app.press("?")
    text = " ".join(" ".join(box_lines(app, "10♣ rule")).split())
    assert "2 x 194 = +388" in text and "Big Chuan" in text and "worth 0" not in text
    app.press("x", "TAB", "TAB", "?")
    text = " ".join(" ".join(box_lines(app, "10♣ rule")).split())
    assert "2 x 200 = +400" in text and "Big Chuan" not in text
    assert "A heart worth 0 (4♥ 3♥ 2♥) is still a point card: 10♣ + 2♥ scores 0" in text
    assert "doubles them: 2 x 400 = +800" in text and "Q♠ + J♦ + 10♣ scores 0" in text


def test_the_ten_of_clubs_rule_follows_the_d_setting(tester_app):
    """Found by a tester: after D (10♣ adds 50 and doubles) the score line read "+100" for
    Q♠ + J♦ + 10♣, but the ? box still said "scores 0, not +50" and "2 x 194 = +388" for a
    Chuan with the 10♣: it was built from the ruleset alone, not the 10♣ rule."""
    app, tester = tester_app()
    app.press("D", "P")
    assert tester.ten_clubs == "add-and-double" and shown_score(app) == 100
    assert "10♣ adds 50 and doubles: +100" in screen(app)[SCORE_ROW]
    app.press("?")
    text = " ".join(" ".join(box_lines(app, "10♣ rule")).split())
    assert "Q♠ + J♦ + 10♣ scores 2 x (0 + 50) = +100" in text
    assert "(a Chuan) scores 2 x (194 + 50) = +488" in text
    assert "2 x (the rest + 50)" in text and "+388" not in text and "scores 0" not in text
    assert "The 10♣ rule (Hearts scoring, adds 50 and doubles)" in app.screen_text()


@pytest.mark.parametrize("ruleset", ["hearts", "all-suits", "gongzhu"])
@pytest.mark.parametrize("ten_clubs", ["double", "add-and-double"])
def test_every_figure_of_the_ten_of_clubs_box_is_the_games_score(tester_app, ruleset, ten_clubs):
    """Each pile the ? box scores shows what ``stack_score`` gives it under the ruleset and the
    10♣ rule selected (Tab, D), as the score line does, and the box's title names that scoring."""
    app, tester = tester_app()
    if ten_clubs != tester.ten_clubs:
        app.press("D")  # under Hearts: Gong Zhu refuses D, and its 10♣ only doubles
    while tester.ruleset != ruleset:
        app.press("TAB")
    options = {"ruleset": ruleset, "ten_clubs": ten_clubs}
    rule = ten_clubs_in_force(ruleset, ten_clubs)
    app.press("P")
    assert shown_score(app) == stack_score(["QS", "JD", "TC"], ruleset, options)
    app.press("?")
    name = {"double": "doubles", "add-and-double": "adds 50 and doubles"}[rule]
    title = {"hearts": "Hearts", "all-suits": "All suits", "gongzhu": "Gong Zhu"}[ruleset]
    text = " ".join(" ".join(box_lines(app, f"10♣ rule ({title} scoring, {name})")).split())

    def figure(pattern: str) -> int:
        found = re.search(pattern + r" (?:2 x \(?(-?\d+)(?: \+ 50)?\)? = )?([+-]?\d+)", text)
        assert found is not None, (pattern, text)
        if rule == "add-and-double" and found.group(1) is not None:
            assert "+ 50)" in found.group(0)
        return int(found.group(2))

    assert figure(r"Q♠ \+ J♦ \+ 10♣ scores") == stack_score(["QS", "JD", "TC"], ruleset, options)
    assert figure(r"all 13 hearts \(a Chuan\) scores") == stack_score([*HEARTS, "TC"], ruleset, options)
    assert figure(r"it scores") == stack_score(["TC"], ruleset, options) == 50
    if ruleset == "gongzhu":
        assert figure(r"10♣ \+ 2♥ scores") == stack_score(["TC", "2H"], ruleset, options)
        assert figure(r"doubles them:") == stack_score([*HEARTS, "QS", "JD", "TC"], ruleset, options)
    else:
        assert f"is {signed(stack_score(CARDS, ruleset, options))} flat" in text
    if ruleset == "gongzhu":
        assert "Gong Zhu's 10♣ only doubles; D changes it under Hearts and All suits." in text
        return
    other = "2 x (the rest + 50)." if ten_clubs == "double" else "2 x (the rest), no 50 added."
    assert f"D switches to '{'adds 50 and doubles' if ten_clubs == 'double' else 'doubles'}': {other}" in text


def test_every_breakdown_label_fits_its_column_and_the_columns_stand_apart(tester_app):
    """Found by a tester: the second column began one blank after the first one's points, so
    "... count plus  +194 Diamonds (12)" read as one line. Every label the engine gives fits
    the column, and the columns are three blanks apart."""
    import random

    from game.rules.jubmoo import RULESETS
    from game.scenes.jubmoo_table import nice_label
    from game.scenes.score_tester import BREAK_COLS, LABEL_W

    rng = random.Random(5)
    piles = [CARDS, (), tuple(c for c in CARDS if c[1] == "H"), ("TC",), ("TC", "QS", "JD", "2H")]
    piles += [tuple(rng.sample(CARDS, rng.randrange(1, 52))) for _ in range(300)]
    for ruleset in RULESETS:
        for ten_clubs in ("double", "add-and-double"):
            for pile in piles:
                for label, points in score_breakdown(pile, ruleset, {"ten_clubs": ten_clubs}):
                    assert len(nice_label(label)) <= LABEL_W, nice_label(label)
                    assert len(signed(points)) <= 5
    assert BREAK_COLS[1] - (BREAK_COLS[0] + LABEL_W + 6) == 3
    app, _tester = tester_app()
    app.press("TAB", "A")  # all suits, every card but one: more lines than one column holds
    app.press("/", "2", "C")
    row = screen(app)[SCORE_ROW + 1]
    assert row[BREAK_COLS[1] - 3:BREAK_COLS[1]] == "   " and row[BREAK_COLS[1]] != " ", row
