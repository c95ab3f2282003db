"""Mus played through the keyboard, headless, as a player would.

What every table does (F-keys, replay, open hands, refusals, mono, the input guard) is in
test_tables_common.py; this file holds what only Mus has.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import shutil

import pytest

from game.ai.analysis import SAMPLED, Estimate, Ranking
from game.app.match import Match
from game.registry import available
from game.rules.mus import SENA_FACES, SENA_MEANINGS, SENAS, LanceResult, SenaSeen, allowed_senas
from game.scenes.attract import AttractScene
from game.scenes.help import HelpScene
from game.scenes.menu import MenuScene
from game.scenes.mus_table import (
    BLOCKS,
    FACE_SECONDS,
    FACES_AT,
    HAND_ROW,
    SENA_GLOSS,
    SENA_LOOKS,
    SMALL_H,
    STAKES_COL,
    YOU_COL,
    MusTable,
    cards_text,
    face_cells,
    sena_name,
)
from game.scenes.table import MESSAGE_ROW, PANEL_LINE, PROMPT_GUARD, PROMPT_ROW
from game.scenes.widgets import wrap
from game.screen import glyphs
from game.screen.canvas import COLS, ROWS
from game.screen.font import glyph, has_glyph
from tests.scenes.test_tables_common import settle, shift


@pytest.fixture
def table_app(make_app, home):
    """``table_app(seed, settings, *argv, senas=False)``: the Mus table with no delay. Señas are
    off unless asked for, so the tests written before them see the table as it was; the señas
    tests at the end of this file (and the common tests) play with the table's default, on."""

    def start(seed: int = 5, settings: str = "", *extra: str, senas: bool = False):
        senas_line = "" if senas else "\n[mus]\nsenas = false\n"
        (home / "settings.toml").write_text(settings + "\n[play]\ndelay = 0.0\n" + senas_line, encoding="utf-8")
        shutil.rmtree(home / "saves", ignore_errors=True)  # a fresh match each time, not the last one's save
        app = make_app("--game", "mus", "--seed", str(seed), *extra)
        table = app.top_scene()
        assert isinstance(table, MusTable)
        sounds: list[str] = []
        app.sound = sounds.append  # every sound the table makes, in order
        app.sounds = sounds
        return app, table

    return start


def set_match(table: MusTable, seed: int, **options) -> None:
    """Start the table on a fresh match with these options (e.g. a fixed mano)."""
    table.match = Match("mus", seed, options)
    table.refresh()


def face_passes(app, table: MusTable) -> None:
    """Let a face's moment run out, the next computer not moving yet (it would in the same
    update at no delay, as the table goes on the moment a pause ends)."""
    app.settings.values["play"]["delay"] = 1.0
    while table.hold > 0:
        app.tick(0.05)
    app.settings.values["play"]["delay"] = 0.0


def perform(table: MusTable, seat: int, action: str) -> None:
    """``seat``'s call, made for it; a deal it ends shows its count at once, as if the pause
    after the last call (held to be read) were over."""
    table.perform(seat, action)
    if table.summary_due is not None:
        table.hold = 0.0
        table._summary_if_due()


def others(table: MusTable, *actions: str) -> None:
    """The other seats' calls, made for them (the table reads the match again after them)."""
    for action in actions:
        perform(table, table.match.current_player, action)
    table.refresh()


def press(app, table: MusTable, *keys: str) -> None:
    """Keys as a player presses them: each once the prompt on screen takes keys (past the guard)."""
    for key in keys:
        while table.guarded:
            app.tick(0.05)
        app.press(key)


def assert_grid(app) -> list[str]:
    """25 rows of 80 columns, the table's double frame unbroken, the key bar at the bottom."""
    lines = app.screen_text().splitlines()
    assert len(lines) == ROWS and all(len(line) == COLS for line in lines)
    assert lines[1][0] == "╔" and lines[1][-1] == "╗"
    assert lines[23][0] == "╚" and lines[23][-1] == "╝"
    for row in range(2, 23):
        assert lines[row][0] == "║" and lines[row][-1] == "║", f"row {row} runs over the frame"
    assert lines[24].startswith("F1 ") or app.notice_left > 0
    return lines


def computer_moves(table: MusTable) -> None:
    """Let the computers play their first legal move until it is seat 0's turn (no waiting)."""
    while table.match.current_player not in (0, None):
        seat = table.match.current_player
        perform(table, seat, table.match.observation(seat).legal_actions[0])
        if table.panel is not None:
            table.close_panel()
    table.refresh()


def human_keys(table: MusTable, rng: random.Random) -> list[str]:
    """Keys a player might press now, read off what the table offers."""
    if table.asking_ordago:
        return ["Y"]
    if table.obs.phase == "discard":
        n = len(table.obs.hand)
        picks = rng.sample([str(i + 1) for i in range(n)], rng.randint(1, n))
        return [*picks, "ENTER"]
    keys = [c.key for c in table.prompt().choices]
    if table.obs.phase == "senas":  # toggle some señas, then pass what is marked (or none at once)
        toggles = [c.key for c in table.prompt().choices if c.action.startswith("toggle ")]
        return [*rng.sample(toggles, rng.randint(0, len(toggles))), rng.choice(["ENTER", "P", "N"])]
    if table.obs.phase == "mus" and table.obs.discard_counts:
        return ["C"]  # one mus round is plenty
    if "O" in keys and rng.random() > 0.05:
        keys.remove("O")  # an órdago now and then, not every other bet
    return [rng.choice(keys)] if keys else ["ENTER"]


def play_by_keys(app, table: MusTable, until, seed: int = 0, max_rounds: int = 20000, check_every: int = 0) -> None:
    """Press keys as a player (a random offered choice) until ``until()``."""
    rng = random.Random(seed)
    for n in range(max_rounds):
        if until():
            settle(app, table)
            return
        if check_every and n % check_every == 0:
            assert_grid(app)
        if table.panel is not None:
            if table.guarded:
                app.tick(0.05)  # a summary that just came up ignores keys for a moment
            else:
                app.press("ENTER")
        elif table.human_to_act and not table.guarded:
            steps = len(table.match.steps)
            for key in human_keys(table, rng):
                app.press(key)
            assert len(table.match.steps) > steps or table.asking_ordago, f"keys did nothing: {table.message}"
        else:
            app.tick(0.05)
    raise AssertionError("the table stopped making progress")


def test_first_screen_shows_the_four_seats(table_app):
    app, _ = table_app(5)
    lines = assert_grid(app)
    assert lines[0].strip().startswith("MUS") and "GAME TO 40" in lines[0] and "US 0" in lines[0]
    assert "DEAL 1" in lines[1] and "MUS ROUND 1" in lines[1] and "MANO:" in lines[1]
    row = BLOCKS[2][1]
    assert "PARTNER" in lines[row] and "WEST" in lines[BLOCKS[3][1]] and "EAST" in lines[BLOCKS[1][1]]
    assert "LANCES" in app.screen_text() and "GRANDE" in app.screen_text() and "JUEGO" in app.screen_text()
    assert "YOU" in lines[HAND_ROW]
    assert lines[20].strip("║ ").split() == ["1", "2", "3", "4"]  # the keys under your four cards
    suits = {glyphs.OROS, glyphs.COPAS, glyphs.ESPADAS, glyphs.BASTOS}
    assert any(char in suits for char in "".join(lines[HAND_ROW:HAND_ROW + 5]))


def test_a_mus_round_a_raise_and_a_quiero_by_keys(table_app):
    """You are mano: mus, discard two cards, cut, envido, a raise answered by your re-raise, accepted."""
    app, table = table_app(21)
    set_match(table, 21, first_mano=0)
    press(app, table, "M")
    assert table.obs.speech[0] == "Mus" and "«Mus»" in app.screen_text()
    others(table, "mus", "mus", "mus")
    assert table.obs.phase == "discard" and table.human_to_act
    assert "Pick cards to throw away" in app.screen_text()
    hand = table.hand.cards.copy()
    press(app, table, "1", "2", "3")
    press(app, table, "3")  # pressed again: the third card stays
    assert table.hand.picked == {hand[0], hand[1]}
    lines = assert_grid(app)
    assert "OUT" in lines[HAND_ROW + 4]
    # what will go, before it goes, in the order the move and the hint name them (a tester)
    thrown = [c for c in table.obs.hand if c in hand[:2]]
    assert f"Enter: throw away 2 cards, {cards_text(thrown)}." in lines[22]
    press(app, table, "ENTER")
    assert table.match.steps[-1] == "discard " + " ".join(thrown)
    assert table.obs.discard_counts == ((2, 0, 0, 0),)
    assert "You throw away" in table.message
    computer_moves(table)  # the others discard; the cards are served
    assert table.obs.phase == "mus" and len(table.obs.hand) == 4
    assert not {hand[0], hand[1]} & set(table.obs.hand)
    assert set(table.obs.my_discards) == {hand[0], hand[1]}
    assert "TOOK 2" in app.screen_text() and "THROWN AWAY" in app.screen_text()
    press(app, table, "C")  # corto: the lances begin, mano (you) first
    assert table.obs.phase == "bet" and table.obs.lance == "grande" and table.human_to_act
    assert "E Envido 2" in app.screen_text()
    press(app, table, "E")
    assert table.obs.stakes == 2 and table.obs.speech[0] == "Envido 2"
    others(table, "raise 2")  # East raises by 2: the stake is 4
    others(table, "no-quiero")  # your partner would not, but you still may
    assert table.human_to_act and "R Raise 2" in app.screen_text() and "Q Quiero" in app.screen_text()
    press(app, table, "+")
    assert "R Raise 3" in app.screen_text()
    press(app, table, "R")
    assert table.obs.stakes == 7 and table.obs.speech[0] == "3 más"
    assert "You raise 3 more on Grande: 7." in app.screen_text()
    others(table, "quiero")
    assert LanceResult("grande", "accepted", None, 7) in table.obs.lance_results
    assert "7 accepted" in app.screen_text()
    # Chica: you pass, East bets, your partner refuses, you accept after all
    press(app, table, "P")
    others(table, "envido 2")
    others(table, "no-quiero")
    assert table.human_to_act and "No quiero pays 1" in app.screen_text()
    press(app, table, "Q")
    assert LanceResult("chica", "accepted", None, 2) in table.obs.lance_results
    play_by_keys(app, table, lambda: table.panel is not None, check_every=5)
    text = app.screen_text()
    assert "Deal 1:" in text and "7 accepted" in text and "2 accepted" in text
    for name in ("You", "Partner", "East", "West"):
        assert name in text
    assert "Points   US" in text
    assert_grid(app)
    press(app, table, "ENTER")
    assert table.panel is None and table.obs.deal_number == 2


def test_a_whole_deal_by_keys_ends_in_the_count(table_app):
    app, table = table_app(11)
    play_by_keys(app, table, lambda: table.panel is not None, seed=3, check_every=3)
    last = table.obs.last_deal
    text = app.screen_text()
    assert f"Deal {last.deal_number}:" in text and "LANCE" in text and "WON BY" in text and "POINTS" in text
    for count in last.lances:
        assert count.lance.capitalize() in text
    after = last.points_after
    assert f"= {after[0]}" in text and f"= {after[1]}" in text
    if last.hands is not None:
        assert "pares" in text or "pair" in text or "medias" in text or "duples" in text


def test_a_whole_match_to_40_by_keys(table_app):
    app, table = table_app(7)
    play_by_keys(app, table, lambda: table.result_shown, seed=7, max_rounds=60000, check_every=25)
    text = app.screen_text()
    assert "Match over" in text and "Enter: new match" in text
    won = table.obs.winner == 0
    assert ("YOU AND YOUR PARTNER WIN THE MATCH!" in text) == won
    assert ("East and West win the match." in text) == (not won)
    assert table.human_won() == won and max(table.obs.team_points) == 40
    assert table.deals_seen == table.obs.last_deal.deal_number >= 2  # every deal ended in its summary
    stats = app.stats.games["mus"]
    assert stats["matches_played"] == 1 and stats["matches_won"] == int(won)
    assert stats["deals_played"] == table.deals_seen and stats["games_played"] == 1
    assert app.sounds[-1] == ("won" if won else "lost")
    press(app, table, "ESC")
    assert isinstance(app.top_scene(), MenuScene)


def test_best_of_three_shows_games_won(table_app):
    app, table = table_app(4)
    set_match(table, 4, games=3, target=30)
    assert "BEST OF 3" in app.screen_text() and "GAMES 0-0" in app.screen_text()
    play_by_keys(app, table, lambda: sum(table.obs.games_won) == 1, seed=4, max_rounds=60000)
    text = app.screen_text()
    won = table.obs.games_won[0] == 1
    assert ("YOU AND YOUR PARTNER WIN THE GAME!" in text) == won
    assert ("East and West win the game." in text) == (not won)
    assert f"Games: US {table.obs.games_won[0]}, THEM {table.obs.games_won[1]}." in text


def test_ordago_asks_first_then_bets_the_game(table_app):
    app, table = table_app(8)
    set_match(table, 8, first_mano=0)
    press(app, table, "C")
    assert table.obs.lance == "grande" and "O Órdago!" in app.screen_text()
    steps = len(table.match.steps)
    press(app, table, "O")
    assert table.asking_ordago and "Bet the whole game on Grande?" in app.screen_text()
    press(app, table, "N")
    assert not table.asking_ordago and len(table.match.steps) == steps
    # Any other key takes it back too, and says so, playing nothing (a stray Q had done nothing
    # and said nothing, a reviewer); the next O asks again.
    for stray in ("Q", "P", "1", "X"):
        press(app, table, "O", stray)
        assert not table.asking_ordago and len(table.match.steps) == steps
        assert table.message == "No órdago: choose your call." and "Bet the whole game" not in app.screen_text()
    # The question takes clicks too, as every prompt's choices do.
    from tests.scenes.test_mouse import click_on

    press(app, table, "O")
    click_on(app, "N No")
    assert not table.asking_ordago and len(table.match.steps) == steps
    press(app, table, "O")
    click_on(app, "Yes: Órdago!")
    assert table.obs.ordago and table.obs.speech[0] == "Órdago!"
    assert "ÓRDAGO" in app.screen_text() and "the game" in app.screen_text()
    others(table, "no-quiero")
    others(table, "no-quiero")
    assert LanceResult("grande", "rejected", 0, 1) in table.obs.lance_results
    assert table.obs.team_points == (1, 0)
    assert "deje 1 to US" in app.screen_text()


def test_an_ordago_on_pares_leaves_the_message_row_to_the_message(table_app):
    """Found by a tester: the stakes block of an órdago on Pares took six lines, the last of
    them ("You, Partner", who answer) on the message row, where a hint then wiped it out."""
    app, table = table_app(8)
    for seed in range(200):
        set_match(table, seed, first_mano=0)
        while table.match.current_player is not None:
            seat = table.match.current_player
            view = table.match.observation(seat)
            if view.ordago and view.lance == "pares":
                break
            legal = view.legal_actions
            wanted = "ordago" if view.lance == "pares" and seat % 2 else "cut" if "cut" in legal else "paso"
            perform(table, seat, wanted if wanted in legal else legal[0])
            if table.panel is not None:
                table.close_panel()
        if table.match.current_player == 0 and set(table.match.observation(0).to_speak) == {0, 2}:
            break
    else:
        raise AssertionError("no órdago on Pares answered by both of us in 200 deals")
    table.refresh()
    app.tick(0.05)
    lines = assert_grid(app)
    block = [line[STAKES_COL: STAKES_COL + 21].rstrip() for line in lines[HAND_ROW: MESSAGE_ROW]]
    assert block[0] == "PARES: ÓRDAGO!" and block[-2:] == ["to answer:", "You, Partner"], block
    assert "You, Partner" not in lines[MESSAGE_ROW] and "and their bonuses" in block


def test_an_accepted_ordago_shows_the_hands(table_app):
    app, table = table_app(8)
    set_match(table, 8, first_mano=0)
    press(app, table, "C", "O", "Y")
    others(table, "quiero")
    assert table.panel is not None and "órdago" in table.panel.title
    text = app.screen_text()
    assert "ÓRDAGO by You" in text and "accepted by East" in text and "win the game" in text
    assert sum(1 for name in ("You ", "Partner ", "East ", "West ") if name in text) == 4
    press(app, table, "ENTER")
    app.tick(0.05)
    assert table.result_shown and "Match over" in app.screen_text()


def test_an_accepted_ordago_is_said_in_plain_words(table_app):
    """Found by a tester: "The órdago is seen" and "An órdago was seen" (Spanish "órdago visto")
    read to a newcomer as someone catching sight of it; they say it was accepted."""
    app, table = table_app(8)
    set_match(table, 8, first_mano=0)
    press(app, table, "C", "O", "Y")
    before = table.obs
    others(table, "quiero")
    said = table.describe(1, "quiero", before, table.obs)
    assert said == "East: Quiero! The órdago is accepted: the hands are shown."
    last = table.obs.last_deal
    assert last is not None and last.ended_by == "ordago"
    summary = " ".join(text for text, _ in table.summary_lines(last))
    assert "An órdago was accepted: the hands are shown." in summary
    assert " seen" not in said + summary + app.screen_text()


def ordago_taken(app, table: MusTable, mano: int, taker: int) -> list[str]:
    """A deal cut at once, its mano's órdago on Grande taken by ``taker``'s Quiero (his partner
    refusing first where he speaks before him): the summary's lines."""
    set_match(table, 8, first_mano=mano)
    others(table, "cut", "ordago")
    while table.panel is None:
        others(table, "quiero" if table.match.current_player == taker else "no-quiero")
    assert table.obs.last_deal.ended_by == "ordago"
    return [line for line, _ in table.panel.lines]


def test_an_accepted_ordagos_row_says_who_bet_it_and_who_took_it(table_app, make_app):
    """Found by a newcomer: the count's row said "ÓRDAGO accepted!" and not who took it, though
    the last call held before it had said "East: Quiero."; then the line under it named him
    ("by East", "by you") and another newcomer asked who had bet it. The row names the bettor,
    the line under it the taker, both in the BETTING column and as WON BY writes them ("You"),
    resumed at the summary too."""
    from game.scenes.mus_table import COUNT_COLUMNS

    app, table = table_app(8)
    for mano, taker, bettor, name in ((1, 2, "East", "Partner"), (1, 0, "East", "You"),
                                      (2, 3, "Partner", "West"), (0, 1, "You", "East")):
        lines = ordago_taken(app, table, mano, taker)
        row = next(i for i, line in enumerate(lines) if line.startswith("Grande"))
        betting = lines[row][COUNT_COLUMNS[0]:COUNT_COLUMNS[0] + COUNT_COLUMNS[1]]
        assert betting == f"{f'ÓRDAGO by {bettor}':<{COUNT_COLUMNS[1]}}" and betting.endswith("  "), lines[row]
        assert lines[row + 1] == " " * COUNT_COLUMNS[0] + f"accepted by {name}", lines
        assert len(lines[row + 1]) <= sum(COUNT_COLUMNS[:2]), lines[row + 1]  # within BETTING
        assert f"accepted by {name}" in app.screen_text()
        table.close_panel()
    set_match(table, 8, first_mano=0)
    press(app, table, "C", "O", "Y")
    others(table, "quiero")
    again = resumed_on_the_summary(app, make_app)
    assert "ÓRDAGO by You" in again.screen_text() and "accepted by East" in again.screen_text()


def resumed_on_the_summary(app, make_app):
    """Quit under a deal's summary and start again: the match resumes on that summary."""
    app.quit()
    again = make_app("*", "--game", "mus")
    again.press("Y")
    resumed = again.top_scene()
    assert isinstance(resumed, MusTable) and resumed.panel is not None and resumed.panel.review
    return again


def to_the_count(table: MusTable, *actions: str) -> list[str]:
    """These calls, then Paso (or the first call open) until the deal's summary: its lines."""
    others(table, *actions)
    while table.panel is None:
        legal = table.match.observation(table.match.current_player).legal_actions
        others(table, "paso" if "paso" in legal else legal[0])
    return [line for line, _ in table.panel.lines]


def test_a_refused_ordagos_row_says_it_was_an_ordago(table_app, make_app):
    """Found by a newcomer: a refused órdago's row read exactly as a refused envido's,
    "Chica   refused: deje 1   US   US +1 deje", with no word of an órdago. It says "ÓRDAGO
    refused" (the deje is in POINTS), a refused envido's as before; in a deal a deje ends too,
    and resumed at the summary."""
    from game.scenes.mus_table import COUNT_COLUMNS

    lance, betting, won_by = COUNT_COLUMNS
    app, table = table_app(8)
    set_match(table, 8, first_mano=1)  # East is mano: his órdago on Grande, refused by you both;
    lines = to_the_count(table, "cut", "ordago", "no-quiero", "no-quiero",  # then Partner's Envido
                         "paso", "envido 2", "no-quiero", "no-quiero")  # on Chica, refused by them (1 each)
    row = next(i for i, line in enumerate(lines) if line.startswith("Grande"))
    grande = lines[row]
    assert grande.startswith(f"{'Grande':<{lance}}{'ÓRDAGO by East':<{betting}}{'THEM':<{won_by}}THEM +1 deje"), lines
    assert lines[row + 1] == " " * lance + "refused: deje 1", lines  # who bet it, and what it paid (a newcomer)
    chica = next(line for line in lines if line.startswith("Chica"))
    assert chica.startswith(f"{'Chica':<{lance}}{'refused: deje 1':<{betting}}{'US':<{won_by}}US +1 deje"), lines
    assert "ÓRDAGO by East" in app.screen_text()
    again = resumed_on_the_summary(app, make_app)
    assert "ÓRDAGO by East" in again.screen_text() and "refused: deje 1" in again.screen_text()
    # West's órdago over Partner's raise to 30, refused: the deje of 30 ends the game to 30.
    app, table = table_app(17)
    set_match(table, 17, first_mano=0, target=30)
    lines = to_the_count(table, "cut", "envido 10", "raise 10", "raise 10", "ordago", "no-quiero", "no-quiero")
    assert table.obs.last_deal.ended_by == "deje", lines
    grande = next(line for line in lines if line.startswith("Grande"))
    assert grande == f"{'Grande':<{lance}}{'ÓRDAGO by West':<{betting}}{'THEM':<{won_by}}THEM +30 deje, paid at once"


def test_every_seats_declarations_stand_clear_of_each_other_and_of_its_name(table_app):
    """Found by a tester: "PARTNER  POSTRE  PARES SÍ JUEGO NO" on the partner's name row read as
    one run, the marks one blank apart, as every seat's were ("PARES NO JUEGO NO"). Two blanks
    part a seat's marks and three the partner's from his name and its MANO or POSTRE: blanks,
    not colours, which a mono screen does not tell apart; nothing cut."""
    app, table = table_app(8)
    set_match(table, 8, first_mano=3)  # the partner speaks last: POSTRE, his widest tag
    while table.obs.lance not in ("juego", "punto") or table.obs.mano != 3:
        assert table.obs.deal_number < 40, "no Juego or Punto lance bet with the partner postre"
        legal = table.match.observation(table.match.current_player).legal_actions
        others(table, next(a for a in ("cut", "paso") if a in legal))
        if table.panel is not None:
            table.close_panel()
    lines = assert_grid(app)
    marks = {}
    for seat, (pares, juego) in enumerate(table.obs.declarations):
        marks[table.position(seat)] = f"PARES {'SÍ' if pares else 'NO'}  JUEGO {'SÍ' if juego else 'NO'} "
    col, row = BLOCKS[2]
    assert lines[row][col:].startswith(f" PARTNER  POSTRE   {marks[2]}"), lines[row]
    under = SMALL_H + 2  # under the cards and the speech (no mus round: no TOOK row)
    for position in (1, 3):
        col, row = BLOCKS[position]
        assert lines[row + under][col + 1:].startswith(marks[position]), lines[row + under]
    assert lines[HAND_ROW + 2][YOU_COL + 2:].startswith(marks[0] + " "), lines[HAND_ROW + 2]  # two short of your cards


def bet_waiting_on(lance: str, team: int | None = None) -> Match:
    """A match, from random play, where a bet on ``lance`` (by ``team``, if given) waits for an answer."""
    def waiting(match: Match) -> bool:
        obs = match.observation(0)
        return (obs.phase == "bet" and obs.lance == lance and obs.bettor_team is not None
                and team in (None, obs.bettor_team))

    for seed in range(200):
        match = Match("mus", seed, {"senas": False})
        rng = random.Random(seed)
        while not match.is_over and not waiting(match):
            match.apply(rng.choice(match.rules.legal_actions(match.state)))
        if not match.is_over:
            return match
    raise AssertionError(f"no {lance} bet in 200 random matches")


def test_at_the_cap_the_amount_says_why_it_cannot_change(table_app):
    """Found by a tester: at 39-39 "+" did nothing under "Envido 2 +/-", and 5 said "Envido
    from 2 to 2.": the label drops +/- and a key that asks for more says why (R2.8.5)."""
    app, table = table_app(9)
    set_match(table, 9, first_mano=0)
    press(app, table, "C")
    table.match.state = dataclasses.replace(table.match.state, points=(39, 39), start_points=(39, 39))
    table.refresh()
    assert "E Envido 2 " in app.screen_text() and "+/-" not in app.screen_text()
    for key in ("+", "5"):
        press(app, table, key)
        assert table.message == "Envido 2 only: no bet goes past what the team behind still needs to win."
    assert app.sounds[-1] == "buzz" and table.picked_amount("envido") == 2


def test_amount_picker_keys(table_app):
    app, table = table_app(9)
    set_match(table, 9, first_mano=0)
    press(app, table, "C")
    for key, label in (("+", "Envido 3"), ("UP", "Envido 4"), ("-", "Envido 3"), ("DOWN", "Envido 2"),
                       ("DOWN", "Envido 2"), ("7", "Envido 7"), ("0", "Envido 10"), ("+", "Envido 10")):
        press(app, table, key)
        assert f"E {label} +/-" in app.screen_text(), key
    # At either end the key says why the amount stays (a tester's + at 10 did nothing).
    assert table.message == "Envido 10 is the most: one envido or raise is at most 10." and app.sounds[-1] == "buzz"
    # An amount then changed takes the refusal back: the line says what it said before (a
    # tester read "Raise 10 is the most" beside "R Raise 9 +/-").
    press(app, table, "-")
    assert "is the most" not in app.screen_text() and "E Envido 9 +/-" in app.screen_text()
    press(app, table, "2", "DOWN")
    assert table.message == "Envido 2 is the least."
    press(app, table, "1")
    assert "Envido from 2 to 10." in table.message and app.sounds[-1] == "buzz"
    press(app, table, "5", "E")
    assert table.obs.stakes == 5 and table.obs.speech[0] == "Envido 5"
    assert "You: Envido 5 on Grande!" in app.screen_text()


def test_illegal_keys_buzz_with_the_reason(table_app):
    app, table = table_app(10)
    set_match(table, 10, first_mano=0)
    steps = len(table.match.steps)
    press(app, table, "2")  # a card's key before mus is said (a tester's did nothing, silently)
    assert table.message == "Say Mus (M) first: cards are changed once all four say mus."
    assert len(table.match.steps) == steps and app.sounds[-1] == "buzz"
    press(app, table, "Q")  # nobody bet anything: there is nothing to accept
    assert len(table.match.steps) == steps and app.sounds[-1] == "buzz"
    assert table.message == "You cannot accept (Quiero) now: say Mus to change cards or Corto to play."
    assert table.message in app.screen_text()
    press(app, table, "M")
    others(table, "mus", "mus", "mus")
    press(app, table, "ENTER")  # nothing picked to throw away
    assert app.sounds[-1] == "buzz" and "Choose 1 to 4 cards to throw away." in app.screen_text()
    press(app, table, "2")  # a card raised: the refusal no longer holds, and goes
    assert "Choose 1 to 4" not in app.screen_text() and table.hand.picked_cards()
    press(app, table, "2", "C")
    assert app.sounds[-1] == "buzz"
    assert table.message == "You cannot cut (Corto) now: choose 1 to 4 cards to throw away."
    press(app, table, "1", "ENTER")
    computer_moves(table)
    press(app, table, "C")
    press(app, table, "N")  # no bet to refuse yet
    assert app.sounds[-1] == "buzz" and "Nobody has bet yet" in table.message
    press(app, table, "P")
    others(table, "ordago")
    others(table, "no-quiero")
    press(app, table, "R")  # an órdago cannot be raised
    assert app.sounds[-1] == "buzz" and "An órdago can only be answered" in table.message
    assert "Órdago on Grande! Q Quiero  N No quiero" in app.screen_text()
    # The whole game: Enter, or a stray Space, refuses it (found by a tester: a late Space took it).
    assert table.prompt().choices[table.choice_cursor].action == "no-quiero"


def test_the_mouse_changes_the_amount_and_throws_the_raised_cards(table_app):
    """Found by a tester playing by the mouse: a click on the "+" of "E Envido 2 +/-" bet Envido
    2 at once, and a discard could not be thrown by mouse (only Enter did it)."""
    from tests.scenes.test_tables_common import click

    app, table = table_app(8)
    set_match(table, 8, first_mano=0)
    press(app, table, "C")
    while table.guarded:
        app.tick(0.05)
    row = app.screen_text().splitlines()[PROMPT_ROW]
    plus = row.index("+/-")
    steps = len(table.match.steps)
    click(app, plus, PROMPT_ROW)
    assert len(table.match.steps) == steps and table.picked_amount("envido") == 3
    click(app, plus + 2, PROMPT_ROW)
    assert table.picked_amount("envido") == 2
    table_app_again, table = table_app(12)
    set_match(table, 12, first_mano=0)
    press(table_app_again, table, "M")
    others(table, "mus", "mus", "mus")
    press(table_app_again, table, "1", "2")
    steps = len(table.match.steps)
    while table.guarded:
        table_app_again.tick(0.05)
    click(table_app_again, 76, PROMPT_ROW)  # the blank after the words: nothing (a tester's threw)
    assert len(table.match.steps) == steps
    picked = set(table.hand.picked)
    row = table_app_again.screen_text().splitlines()[PROMPT_ROW]
    click(table_app_again, row.index("Space: pick"), PROMPT_ROW)  # picks as Space does (it had thrown)
    assert len(table.match.steps) == steps and table.hand.picked != picked
    row = table_app_again.screen_text().splitlines()[PROMPT_ROW]  # one card fewer: the words moved
    click(table_app_again, row.index("Space: pick"), PROMPT_ROW)
    assert table.hand.picked == picked
    click(table_app_again, 3, PROMPT_ROW)  # on the prompt's words: Enter throws the raised cards
    assert len(table.match.steps) == steps + 1 and table.match.steps[-1].startswith("discard ")


def test_arrows_space_up_down_pick_cards_to_discard(table_app):
    app, table = table_app(12)
    set_match(table, 12, first_mano=0)
    press(app, table, "M")
    others(table, "mus", "mus", "mus")
    hand = table.hand.cards.copy()
    press(app, table, "RIGHT", "SPACE")
    assert table.hand.picked == {hand[1]}
    press(app, table, "RIGHT", "UP", "LEFT", "DOWN")
    assert table.hand.picked == {hand[2]}
    press(app, table, "LEFT", "LEFT")
    assert table.hand.cursor == 3
    press(app, table, "UP", "ENTER")
    assert table.obs.discard_counts[0][0] == 2 and table.obs.speech[0] == "Descarta 2"


def test_labelled_choices_by_arrows_and_enter(table_app):
    app, table = table_app(13)
    set_match(table, 13, first_mano=0)
    press(app, table, "RIGHT")  # from "M Mus" to "C Corto"
    press(app, table, "ENTER")
    assert table.obs.speech[0] == "Corto" and table.obs.phase == "bet" and table.human_to_act
    press(app, table, "RIGHT", "RIGHT", "LEFT")  # paso, envido, órdago: back to envido
    press(app, table, "ENTER")
    assert table.obs.stakes == 2 and table.obs.speech[0] == "Envido 2"


def test_every_f_key_at_the_table(table_app):
    app, table = table_app(14)
    app.press("F1")
    assert app.settings.get("play", "sound") is False
    before = table.hand.cards.copy()
    app.press("F3")
    assert app.settings.get("play", "hand_sort") is False
    # Off, the cards stay where they are (help: "off, they stay where you put them"); they had
    # jumped back to the order they were dealt in (a tester).
    assert table.hand.cards == before and list(table.obs.hand) != before
    app.press("F3")
    app.press("F5")
    assert isinstance(app.top_scene(), HelpScene) and "Instructions: Mus" in app.screen_text()
    assert "THIS TABLE'S OPTIONS" in app.screen_text() and "Señas (signals)" in app.screen_text()  # off here
    app.press("PAGEDOWN")
    assert "MUS" in app.screen_text()
    app.press("ESC")
    app.press("F6")
    assert app.settings.get("play", "replay") is True and dict(table.obs.options)["replay"] is True
    app.press("F8")
    app.press("F9")
    app.press("F10")
    app.press("F7")
    assert "Leave this game" in app.screen_text()
    app.press("N")
    assert app.top_scene() is table
    app.press("F2")  # demo: the computer plays your seat too
    assert app.demo
    steps = len(table.match.steps)
    for _ in range(300):
        if table.panel is not None:
            table.close_panel()
        app.tick(0.05)
    assert len(table.match.steps) > steps + 5
    assert "Demo: the computer plays every seat." in app.screen_text() or table.panel is not None
    app.press("F2")
    assert not app.demo
    app.press("F7")
    app.press("Y")
    assert isinstance(app.top_scene(), MenuScene)


def test_replay_offer_restores_the_deal(table_app):
    app, table = table_app(15)
    app.press("F6")
    play_by_keys(app, table, lambda: "replay" in table.obs.legal_actions and table.human_to_act, seed=15)
    text = app.screen_text()
    assert "R Replay it (same cards)" in text and "C Continue to deal" in text and "REPLAY OR CONTINUE?" in text
    frame = text.splitlines()[1]  # no deal on: not the next deal's number above "DEAL 1 AS IT ENDED"
    assert "DEAL" not in frame and "MANO" not in frame and "AS IT ENDED" in text
    last = table.obs.last_deal
    press(app, table, "R")
    assert "Replaying the last deal" in table.message
    assert table.obs.team_points == last.points_before and table.obs.deal_number == last.deal_number
    assert table.obs.mano == last.mano and table.obs.phase == "mus"


def test_open_hands_shows_every_card(table_app):
    app, table = table_app(16)
    set_match(table, 16, open_hands=True)
    lines = app.screen_text().splitlines()
    col, row = BLOCKS[2]
    assert glyphs.SHADE_MEDIUM not in lines[row + 2][col:col + 24]
    hidden_app, _ = table_app(16)
    hidden = hidden_app.screen_text().splitlines()
    assert glyphs.SHADE_MEDIUM in hidden[row + 2][col:col + 24]


def test_mus_is_in_the_menu_and_the_demo_show(make_app):
    assert "mus" in [game.name for game in available()]
    app = make_app("*")
    names = [game.name for game in available()]
    attract = AttractScene(app, start=names.index("mus"))
    app.stack.push(attract)
    assert isinstance(attract.table, MusTable) and attract.table.attract
    steps = 0
    for _ in range(400):
        app.tick(0.25)
        steps = len(attract.table.match.steps)
        if steps > 8:
            break
    assert steps > 8 and app.screen_text().startswith(" MUS")


def test_summary_lines_spell_out_a_deje_deal(table_app):
    """A deal ended by a refused bet reaching the target: no hands, no count."""
    app, table = table_app(17)
    set_match(table, 17, first_mano=0, target=30)
    bets = ["envido 10", "raise 10", "raise 10", "no-quiero", "no-quiero"]  # you, East, Partner, West, East
    for action in ["cut", *bets, *bets]:  # Grande, then Chica: a deje of 20 each
        perform(table, table.match.current_player, action)
    assert table.panel is not None and table.obs.winner == 0
    text = app.screen_text()
    assert "A refused bet took a team to 30: no count." in text and text.count("refused: deje 20") == 2
    assert "US +20 deje, paid at once" in text and "YOU AND YOUR PARTNER WIN THE GAME!" in text
    assert "Points   US 0 + 30 = 30" in text and "10 points past 30 not counted." in text


def test_the_call_that_ends_a_deal_is_held_to_be_read_before_the_count(table_app):
    """Found by a tester: the count came up the moment a computer's last call was made, so
    "East: Quiero" (or his No quiero) was never seen. It is held, with how its lance went,
    as a finished trick is held; then the count comes."""
    app, table = table_app(17)
    set_match(table, 17, first_mano=0, target=30)
    bets = ["envido 10", "raise 10", "raise 10", "no-quiero", "no-quiero"]  # you, East, Partner, West, East
    for action in ["cut", *bets, *bets[:-1]]:
        perform(table, table.match.current_player, action)
    points = table.obs.team_points
    table.perform(1, "no-quiero")  # East's refusal takes US to 30
    assert table.panel is None and table.hold > 0
    assert table.message == "East: No quiero. Chica: deje 20 to US." and "East: No quiero." in app.screen_text()
    # The table as that call left it: its bubble, the lance settled, nobody left to answer (the
    # pause had shown the bet still waiting for East: a tester).
    text = app.screen_text()
    assert "«No quiero»" in text and "THE COUNT" in text and "to answer:" not in text, text
    # The top row's points as they were until the count explains them (they had jumped already).
    assert f"US {points[table.my_team]}   THEM {points[1 - table.my_team]}" in text.splitlines()[0], text
    assert "deje 20" in "".join(line for line in text.splitlines() if "CHICA" in line), text
    for _ in range(100):
        if table.panel is not None:
            break
        app.tick(0.05)
    assert table.panel is not None and "A refused bet took a team to 30" in app.screen_text()


def test_a_count_stopped_at_the_target_says_which_points_it_left_out(table_app):
    """A tester's rows read +1 deje, +2 and "paid at once" beside "US 37 + 3 = 40": each row
    keeps its lance's whole points, the total stops at 40, and the summary says so."""
    from game.rules.mus import DealSummary, LanceCount

    _app, table = table_app(17)
    us = table.my_team
    team_points = (37, 19) if us == 0 else (19, 37)
    after = (40, 19) if us == 0 else (19, 40)
    none = (0, 0, 0, 0)
    last = DealSummary(
        deal_number=6, mano=0, hands=None,
        lances=(LanceCount("grande", "rejected", 1, None, us, 0, none, True),
                LanceCount("chica", "passed", 0, 1, 1 - us, 1, none, False),
                LanceCount("pares", "accepted", 2, 0, us, 2, none, True),
                LanceCount("juego", "rejected", 1, None, us, 0, none, False)),
        points_before=team_points, points_after=after, games_won_before=(0, 0), games_won_after=(1, 0),
        ended_by="count", stopped_at_target=True, game_winner=us)
    text = "\n".join(line for line, _ in table.summary_lines(last))
    assert "US +1 deje, paid at once" in text
    assert "The count stopped when a team reached 40; 1 point past it not counted." in text
    assert "Points   US 37 + 3 = 40" in text


def test_the_counts_hands_read_strongest_first_whatever_f3_says(table_app):
    """Found by a tester: with F3 off the count listed "1 3 4 12 pair of kings", the two kings
    (a 3 counts as a king) split apart. The hands read as Grande counts them."""
    from game.rules.mus import DealSummary

    app, table = table_app(17)
    app.settings.values["play"]["hand_sort"] = False
    assert not table.sorted_hand
    hands = (("Ao", "3c", "4e", "Rb"), ("5o", "6c", "7e", "Sb"), ("2o", "2c", "Cb", "Ce"), ("Ac", "Ae", "4o", "5e"))
    last = DealSummary(deal_number=1, mano=0, hands=hands, lances=(), points_before=(0, 0),
                       points_after=(0, 0), games_won_before=(0, 0), games_won_after=(0, 0),
                       ended_by="count", stopped_at_target=False, game_winner=None)
    row = next(line for line, _ in table.summary_lines(last) if line.startswith("  You "))
    numbers = ["".join(ch for ch in card if ch.isdigit()) for card in row.split()[1:5]]
    assert numbers == ["3", "12", "4", "1"] and row.endswith("pair of kings, 25 points"), row


def test_a_bonus_the_stopped_count_left_out_is_named_in_its_row(table_app):
    """The count stops on one partner's juego bonus: the row says the other's was not
    counted, so a player who sees two juegos in the hands knows why one is missing."""
    from game.rules.mus import LanceCount

    _app, table = table_app(19)
    them = 1 - table.my_team
    row, _colour = table.count_line(LanceCount("juego", "no-bet", 0, them, them, 0,
                                               (0, 2, 0, 0) if them else (2, 0, 0, 0), True, 3))
    assert row.endswith("THEM +2 bonus, 3 not counted")
    assert len(row) <= PANEL_LINE
    # Two blanks at least between the columns (a tester read "one team only: no bet West").
    assert "one team had it  " in row


def test_a_refused_pares_past_the_stop_names_the_bonus_it_left_out(table_app):
    """Found by a tester: the count stopped at 40 on Grande, and the Pares row of THEM's
    refused órdago said only "THEM +1 deje, paid at once", though their duples and pair (4
    bonus) were not counted, as the rows after it said of theirs."""
    from game.rules.mus import LanceCount

    _app, table = table_app(19)
    them = 1 - table.my_team
    hands = [("Ao", "4c", "5e", "7b")] * 4
    hands[them] = ("Ro", "Rc", "So", "Sc")  # duples: 3
    hands[them + 2] = ("7o", "7c", "Ae", "4b")  # a pair: 1
    refused = LanceCount("pares", "rejected", 1, None, them, 0, (0, 0, 0, 0), False)
    row, _colour = table.count_line(refused, tuple(hands))
    assert row.endswith("THEM +1 deje, 4 bonus not counted") and len(row) <= PANEL_LINE, row
    assert table.count_line(refused)[0].endswith("THEM +1 deje, paid at once")  # no hands shown: no bonus known
    # The longest rows fit a panel's line (a tester saw "4 bonus not co", cut at its end).
    longest = [LanceCount("pares", "rejected", 10, None, them, 0, (0,) * 4, False),
               LanceCount("pares", "accepted", 10, them, them, 10, (3, 3, 3, 3), True, 3),
               LanceCount("punto", "accepted", 10, them, them, 11, (0,) * 4, True),
               LanceCount("juego", "no-bet", 0, them, them, 0, (3, 3, 3, 3), True, 3)]
    for count in longest:
        assert len(table.count_line(count, tuple(hands))[0]) <= PANEL_LINE, count


def test_a_bonus_of_two_hands_says_each(table_app):
    """Found by a newcomer: "Juego  one team had it  East  THEM +4 bonus" beside juego 37 and
    33 did not say how 4 was made."""
    from game.rules.mus import LanceCount

    _app, table = table_app(19)
    them = 1 - table.my_team
    bonuses = tuple(2 if seat % 2 == them else 0 for seat in range(4))
    row, _colour = table.count_line(LanceCount("juego", "no-bet", 0, them, them, 0, bonuses, True))
    assert row.endswith("THEM +4 bonus (East 2 + West 2)"), row  # seats 1 and 3
    # Short of room, the figures alone.
    bonuses = tuple((3 if seat == them else 1) if seat % 2 == them else 0 for seat in range(4))
    row, _colour = table.count_line(LanceCount("pares", "accepted", 10, them, them, 10, bonuses, True))
    assert row.endswith("THEM +10 +4 bonus (3+1)") and len(row) <= PANEL_LINE, row
    one = tuple(3 if seat == them else 0 for seat in range(4))
    assert table.count_line(LanceCount("juego", "no-bet", 0, them, them, 0, one, True))[0].endswith("THEM +3 bonus")


def test_a_row_too_long_for_the_panel_puts_what_was_left_out_on_a_line_below(table_app):
    """Found by a tester: "Juego  refused: deje 1  THEM  THEM +1 deje +3 bonus, 2 not count":
    the row ran two columns past a panel's line. What the stopped count left out goes on a line
    of its own, under the points."""
    from game.rules.mus import DealSummary, LanceCount
    from game.scenes.mus_table import POINTS_COLUMN
    from game.scenes.table import PANEL_LINE

    _app, table = table_app(17)
    them = 1 - table.my_team
    bonus = (0, 3, 0, 0) if them else (3, 0, 0, 0)
    none = (0, 0, 0, 0)
    last = DealSummary(
        deal_number=8, mano=0, hands=None,
        lances=(LanceCount("grande", "accepted", 5, 3, them, 5, none, True),
                LanceCount("juego", "rejected", 1, None, them, 0, bonus, True, 2)),
        points_before=(34, 28) if them else (28, 34), points_after=(34, 40) if them else (40, 34),
        games_won_before=(0, 0), games_won_after=(0, 1) if them else (1, 0),
        ended_by="count", stopped_at_target=True, game_winner=them)
    lines = [line for line, _ in table.summary_lines(last)]
    assert all(len(line) <= PANEL_LINE for line in lines), lines
    row = next(i for i, line in enumerate(lines) if line.startswith("Juego"))
    assert lines[row].endswith("THEM +1 deje +3 bonus,")
    assert lines[row + 1] == " " * POINTS_COLUMN + "2 not counted"


def test_a_count_stopped_at_the_target_keeps_its_columns_apart(table_app):
    """Found by a tester: when the count stopped at 40, "Pares  32 accepted  Partner US +32, 2 not
    counted": Partner, the widest name in WON BY, ran into the points with one blank. Every lance
    row keeps two blanks at least between its columns, what the stop left out included, with a
    blank row before the Points line, all within the panel."""
    from game.rules.mus import DealSummary, LanceCount
    from game.scenes.mus_table import COUNT_COLUMNS, POINTS_COLUMN
    from game.scenes.table import SUMMARY_MAX

    app, table = table_app(17)
    set_match(table, 17, games=3)
    us, them = table.my_team, 1 - table.my_team
    partner = (table.viewer + 2) % 4
    none = (0, 0, 0, 0)
    hands = (("Ao", "4c", "5e", "7b"), ("Ro", "Rc", "So", "Sc"), ("7o", "7c", "Ae", "4b"), ("Co", "Cc", "Ce", "2b"))
    last = DealSummary(
        deal_number=8, mano=0, hands=hands,
        lances=(LanceCount("grande", "accepted", 10, partner, us, 10, none, True),
                LanceCount("chica", "passed", 0, partner, us, 1, none, True),
                LanceCount("pares", "accepted", 32, partner, us, 26, none, True, 6),
                LanceCount("juego", "rejected", 10, None, them, 0, (0, 3, 0, 1) if them else (3, 0, 1, 0), False)),
        points_before=(3, 20) if us == 0 else (20, 3), points_after=(40, 30) if us == 0 else (30, 40),
        games_won_before=(0, 0), games_won_after=(1, 0) if us == 0 else (0, 1),
        ended_by="count", stopped_at_target=True, game_winner=us)
    table.show_summary(last)
    lines = [line for line, _ in table.panel.lines]
    assert len(lines) <= SUMMARY_MAX and all(len(line) <= PANEL_LINE for line in lines), lines
    head = next(i for i, line in enumerate(lines) if line.startswith("LANCE"))
    points = next(i for i, line in enumerate(lines) if line.startswith("Points"))
    assert lines[points - 1] == "" and lines[points - 2], lines
    starts = [sum(COUNT_COLUMNS[:i]) for i in range(4)]
    assert starts[3] == POINTS_COLUMN
    for line in lines[head + 1:points - 1]:
        if line.startswith(" "):  # what the stop left out, under the points
            assert line[:POINTS_COLUMN].strip() == "" and line[POINTS_COLUMN] != " ", line
            continue
        cells = [line[start:end] for start, end in zip(starts, [*starts[1:], len(line)], strict=True)]
        assert all(cell[-2:] == "  " and cell[0] != " " for cell in cells[:3]), line
    assert "Partner  US +26, 6 not counted" in lines[head + 3] and "Partner  US +26" in app.screen_text()
    assert_grid(app)


def test_hand_words_follow_the_kings_option(table_app):
    app, table = table_app(18)
    hand = ("3o", "3c", "Ro", "Ab")
    assert table.hand_words(hand) == "medias of kings, juego 31"
    assert table.hand_words(("2o", "Ac", "5e", "5b")) == "duples: 5s+aces, 12 points"
    assert table.hand_words(("Co", "Cc", "Ce", "Cb")) == "duples: four caballos, juego 40"
    set_match(table, 18, kings=4)
    assert table.hand_words(hand) == "pair of 3s, 17 points"
    assert "TOOK" not in app.screen_text()  # no mus round yet


def play_a_deal_to_its_summary(table: MusTable) -> None:
    """Everyone cuts or passes (refusing any bet) until the deal's summary is up."""
    deal = table.obs.deal_number
    while table.panel is None:
        assert table.obs.deal_number <= deal + 1, "the deal ended without its summary"
        legal = table.match.observation(table.match.current_player).legal_actions
        action = next(a for a in ("cut", "paso", "no-quiero", "continue", *legal) if a in legal)
        perform(table, table.match.current_player, action)


def test_a_deal_replayed_the_same_way_ends_in_its_summary(table_app):
    """Found by a tester: Mus keeps the last summary through a replay, so a replayed deal played
    the same way ended with an equal summary, taken for no deal's end (no count, no review)."""
    app, table = table_app(19)
    set_match(table, 19, first_mano=3)
    play_a_deal_to_its_summary(table)
    first = table.obs.last_deal
    settle(app, table)
    app.press("F6")  # under the count: that deal is offered again
    app.press("SPACE")
    perform(table, table.match.current_player, "replay")
    assert table.obs.last_deal == first  # kept through the replay
    play_a_deal_to_its_summary(table)
    assert table.obs.last_deal == first and table.obs.last_deal is not first
    assert table.panel is not None and "Deal 1" in table.panel.title and table.deals_seen == 2
    # The review takes the replayed deal's decisions, not the first playing's.
    from game.app.review import DealReplay

    replay_at = table.match.steps.index("replay")
    decisions = DealReplay("mus", table.match.seed, table.match.options, table.match.steps, table.viewer).run()
    assert decisions and all(d.step > replay_at for d in decisions)


def test_f4_under_a_summary_answers_on_the_bottom_row(table_app):
    """The count's panel covers the message row, so F4's answer there went unseen (a tester:
    Klaberjass answered on the same screen)."""
    app, table = table_app(19)
    set_match(table, 19, first_mano=3)
    play_a_deal_to_its_summary(table)
    settle(app, table)
    assert table.panel is not None and table.covers_message(table.panel)
    app.press("F4")
    assert app.notice_log[-1] == "F4 gives a hint when it is your turn to decide."
    assert "F4 gives a hint when it is your turn" in app.screen_text().splitlines()[-1]
    assert table.panel is not None  # the summary stays up


@pytest.mark.parametrize("replay", [False, True])
def test_enter_pressed_again_after_a_summary_plays_nothing(table_app, replay):
    """Issue 14 item 3: the Enter that closes the summary brings your prompt up under your
    fingers (you are mano of the next deal, or asked to replay); a second Enter pressed to
    go on must not say Mus (or continue) for you."""
    app, table = table_app(19)
    set_match(table, 19, first_mano=3, replay=replay)
    play_a_deal_to_its_summary(table)
    settle(app, table)
    steps = len(table.match.steps)
    app.press("ENTER")  # the summary closes: your prompt appears at once
    assert table.panel is None and table.human_to_act and table.guarded
    app.press("ENTER")
    app.tick(PROMPT_GUARD / 2)
    app.press("SPACE")
    assert len(table.match.steps) == steps and table.obs.speech[0] == ""
    app.tick(PROMPT_GUARD)
    app.press("ENTER")  # now on your own prompt: Enter picks what is highlighted
    assert len(table.match.steps) == steps + 1
    assert table.match.steps[-1] == ("continue" if replay else "mus")


def test_a_key_while_others_bet_changes_nothing(table_app):
    """Keys pressed while the computers bet neither move the amount nor call anything."""
    app, table = table_app(20)
    set_match(table, 20, first_mano=1)
    assert not table.human_to_act
    steps, sounds, message = len(table.match.steps), len(app.sounds), table.message
    assert message == "Deal 1: Partner is mano."  # the deal's opening
    app.press("+", "7", "Q", "O", "ENTER", "1")
    assert len(table.match.steps) == steps and table.amount == 2 and not table.asking_ordago
    assert len(app.sounds) == sounds and table.message == message


def test_enter_on_the_highlighted_ordago_asks_first(table_app):
    app, table = table_app(8)
    set_match(table, 8, first_mano=0)
    press(app, table, "C")
    while table.highlighted(table.prompt()) != "ordago":
        press(app, table, "RIGHT")
    steps = len(table.match.steps)
    press(app, table, "ENTER")
    assert table.asking_ordago and len(table.match.steps) == steps
    assert "Y Yes: Órdago!" in app.screen_text() and "N No" in app.screen_text()
    press(app, table, "ESC")
    assert not table.asking_ordago and table.message == "No órdago." and len(table.match.steps) == steps
    # A second Enter (a tester's Enter, Enter) does not bet the whole game: the question is on No.
    while table.highlighted(table.prompt()) != "ordago":
        press(app, table, "RIGHT")
    press(app, table, "ENTER", "ENTER")
    assert not table.asking_ordago and table.message == "No órdago." and len(table.match.steps) == steps
    press(app, table, "O", "LEFT", "ENTER")  # Yes, chosen
    assert table.match.steps[-1] == "ordago"


def test_with_f3_off_your_cards_stay_where_you_put_them(table_app):
    app, table = table_app(22)
    app.press("F3")
    set_match(table, 22, first_mano=0)
    press(app, table, "M")
    others(table, "mus", "mus", "mus")
    app.handle_key(shift("RIGHT"))  # the first card moves one place right
    arranged = table.hand.cards.copy()
    assert arranged != list(table.obs.hand) and sorted(arranged) == sorted(table.obs.hand)
    press(app, table, "4", "ENTER")  # throw away the last card
    computer_moves(table)
    assert table.hand.cards[:3] == arranged[:3] and table.hand.cards[3] not in arranged


def test_summary_and_result_panels_show_every_line_whole(table_app):
    """Issue 14 item 8: nothing of a panel is cut by its border or the 80 columns."""
    app, table = table_app(23)
    set_match(table, 23, target=30)
    seen = 0
    while not table.result_shown and seen < 40:
        play_by_keys(app, table, lambda: table.panel is not None, seed=seen)
        text = app.screen_text()
        for line, _ in table.panel.lines:
            assert line in text, line
        assert_grid(app)
        last = table.obs.last_deal
        if last is not None and table.frozen_obs is not None:  # a deal's summary: its points on the top row too
            us, them = last.points_after[table.my_team], last.points_after[1 - table.my_team]
            assert f"US {us}   THEM {them}" in text.splitlines()[0], text.splitlines()[0]
        seen += 1
        app.press("ENTER")
        app.tick(0.05)
    assert table.result_shown


# ---- señas (issue 17) ----
# The other seats' seña turns are made for them with ``others`` (their full allowed set, or what
# a test needs), so these tests do not depend on what the computer players choose.
def senas_deals(want, first_mano: int = 2, catch: int = 20, seeds=range(400)):
    """Matches with señas on whose first deal ``want(allowed)`` likes (``allowed``: each seat's
    señas), seed by seed."""
    for seed in seeds:
        match = Match("mus", seed, {"senas": True, "first_mano": first_mano, "sena_catch": catch})
        options = dict(match.options)
        if want([allowed_senas(match.observation(seat).hand, options) for seat in range(4)]):
            yield match


def senas_match(table: MusTable, want, first_mano: int = 2, catch: int = 20, seeds=range(400)) -> None:
    """The table on the first such match."""
    table.match = next(senas_deals(want, first_mano, catch, seeds))
    table.refresh()


def full_set(table: MusTable) -> str:
    """The current seat's turn showing every seña its hand allows."""
    seat = table.match.current_player
    return "senas " + " ".join(allowed_senas(table.match.observation(seat).hand, dict(table.match.options)))


def face_on_screen(app, table: MusTable, seat: int) -> tuple[str, str]:
    col, row = FACES_AT[table.position(seat)]
    lines = app.screen_text().splitlines()
    return lines[row][col:col + 3], lines[row + 1][col:col + 3]


def telling(allowed: tuple[str, ...]) -> bool:
    return allowed != ("ciego",)


def test_the_faces_are_glyphs_of_their_own_and_every_sena_moves_one(table_app):
    cells = {*glyphs.FACE_LEFT_EYE.values(), glyphs.FACE_FOREHEAD, *glyphs.FACE_RIGHT_EYE.values(),
             *glyphs.FACE_LEFT_SHOULDER.values(), *glyphs.FACE_MOUTH.values(), *glyphs.FACE_RIGHT_SHOULDER.values()}
    bitmaps = [glyph(c) for c in cells]
    assert all(has_glyph(c) and any(glyph(c)) for c in cells)
    assert len(set(bitmaps)) == len(cells) == 19  # every cell drawn apart
    rest = face_cells(())
    faces = {sena: face_cells((sena,)) for sena in SENAS}
    assert rest not in faces.values() and len(set(faces.values())) == len(SENAS)
    for pares in SENAS[:7]:
        for juego in SENAS[7:10]:  # a hand may show one of each kind: the face makes both at once
            both = face_cells((pares, juego))
            assert both not in (faces[pares], faces[juego], rest)
            assert all(c in cells for c in "".join(both))


def test_your_partners_sena_shows_on_his_face_with_its_meaning(table_app):
    app, table = table_app(30, senas=True)
    senas_match(table, lambda allowed: telling(allowed[2]))
    assert face_on_screen(app, table, 2) == face_cells(())  # at rest before
    others(table, "cut")
    assert table.obs.phase == "senas" and "SEÑAS" in app.screen_text().splitlines()[1]
    action = full_set(table)
    shown = tuple(action.split()[1:])
    others(table, action)
    assert table.faces[2][0] == shown and face_on_screen(app, table, 2) == face_cells(shown)
    looks = " and ".join(SENA_LOOKS[s][1] for s in shown)
    meanings = " and ".join(f"{sena_name(s)} ({SENA_GLOSS[s]})" for s in shown)
    assert table.message == f"Partner {looks}: {meanings}."
    assert table.hold > 0  # the table waits while it shows; West is next, so it invites no key
    assert not table.holding_for_key and "Any key: go on." not in app.screen_text()
    assert_grid(app)
    face_passes(app, table)
    assert not table.faces and face_on_screen(app, table, 2) == face_cells(())
    assert table.message.startswith("Partner ")  # the line stays until the next action


def test_a_rival_sena_you_catch_is_shown_and_one_nobody_caught_never(table_app):
    app, table = table_app(31, senas=True)
    senas_match(table, lambda allowed: telling(allowed[3]) and telling(allowed[1]), catch=100)
    others(table, "cut", "senas none")  # partner, then West (mano is your partner)
    assert table.message == "Partner passes no seña."
    action = full_set(table)
    shown = tuple(action.split()[1:])
    others(table, action)  # West, caught by both of you: the message says you
    faces = " and ".join(SENA_FACES[s] for s in shown)
    assert table.message.startswith(f"You catch West {faces}: {sena_name(shown[0])} ({SENA_GLOSS[shown[0]]})")
    assert face_on_screen(app, table, 3) == face_cells(shown)
    # Now nobody catches anything: East's seña leaves no trace on your screen.
    app.press("SPACE")  # you are next: the table waits for your key
    senas_match(table, lambda allowed: telling(allowed[1]), first_mano=1, catch=0)
    others(table, "cut")
    action = full_set(table)
    others(table, action)
    assert table.message == "East's señas: nothing caught."
    assert 1 not in table.faces and table.hold <= 0 and face_on_screen(app, table, 1) == face_cells(())
    text = app.screen_text()
    for sena in action.split()[1:]:
        assert sena_name(sena) not in text and SENA_FACES[sena] not in text
    assert table.describe(1, action, table.obs, table.obs) == "East's señas: nothing caught."  # never the action


def test_your_partner_catches_a_rival_and_the_panel_lists_how_each_was_seen(table_app):
    app, table = table_app(33, senas=True)
    for match in senas_deals(lambda allowed: telling(allowed[1]) and telling(allowed[2]), first_mano=1, catch=50):
        table.match = match  # a deal in which only your partner catches East's seña
        table.refresh()
        others(table, "cut", full_set(table))
        if table.obs.senas_seen and {s.caught_by for s in table.obs.senas_seen} == {2}:
            break
    else:
        raise AssertionError("no deal in which only your partner catches")
    east = [s.sena for s in table.obs.senas_seen]
    assert table.message.startswith(f"Your partner catches East {SENA_FACES[east[0]]}: {sena_name(east[0])}")
    others(table, full_set(table))  # your partner
    partner = table.obs.senas_seen[len(east):]
    assert partner and all(s.seat == 2 and s.caught_by is None for s in partner)
    face_passes(app, table)
    others(table, "senas none")  # West
    while table.guarded:
        app.tick(0.05)
    press(app, table, "S")
    assert table.panel is not None and table.panel.title == "Señas seen in deal 1"
    lines = [text for text, _ in table.panel.lines]
    text = app.screen_text()
    assert all(line.rstrip() in text for line in lines), "the panel shows every line whole"
    assert lines[0].startswith("East") and lines[0].endswith("caught by your partner")
    assert lines[1].strip() == f"{sena_name(east[0])}: {SENA_MEANINGS[east[0]]}"
    assert any(line.startswith("Partner") and line.endswith("your partner's") for line in lines)
    assert "West     nothing caught" in lines and "You      still to pass" in lines
    assert_grid(app)
    steps = len(table.match.steps)
    press(app, table, "ENTER")  # any key closes it, and plays nothing
    assert table.panel is None and len(table.match.steps) == steps and table.human_to_act


def test_the_panel_when_nothing_was_seen_yet(table_app):
    app, table = table_app(34, senas=True)
    press(app, table, "S")
    assert [text for text, _ in table.panel.lines] == [
        "No seña yet in this deal: they are passed once the mus is cut."]
    assert_grid(app)
    app.press("SPACE")
    assert table.panel is None


def test_hinted_senas_are_the_ones_marked(table_app):
    """Found by a tester following every hint with Enter: "Hint: pass dos reyes" with both
    señas of his hand marked, and Enter passed both."""
    app, table = table_app(35, senas=True)
    senas_match(table, lambda allowed: len(allowed[0]) == 2, first_mano=0)
    press(app, table, "C")
    allowed = allowed_senas(table.obs.hand, dict(table.match.options))
    press(app, table, "A")  # the first held back by hand: the hint marks its own
    hinted = f"senas {allowed[0]}"
    table.hint_named = (table._decision, (hinted,))
    table.hint_shown(hinted)
    assert table.highlighted(table.prompt()) == hinted
    steps = len(table.match.steps)
    press(app, table, "ENTER")
    assert table.match.steps[steps] == hinted


def test_your_turn_offers_exactly_the_senas_your_hand_allows(table_app):
    app, table = table_app(35, senas=True)
    senas_match(table, lambda allowed: len(allowed[0]) == 2, first_mano=0)
    press(app, table, "C")
    allowed = allowed_senas(table.obs.hand, dict(table.match.options))
    prompt = table.prompt()
    assert [c.action for c in prompt.choices] == [*(f"toggle {s}" for s in allowed), "senas " + " ".join(allowed),
                                                  "senas none"]
    assert [c.key for c in prompt.choices] == ["A", "B", "P", "N"]
    assert table.highlighted(prompt) == "senas " + " ".join(allowed)  # Enter passes the marked ones
    both = " + ".join(sena_name(s) for s in allowed)
    assert f"A √ {sena_name(allowed[0])}" in app.screen_text() and f"P Pass {both}" in app.screen_text()
    before = table.prompt().text
    press(app, table, "1")  # a card: refused
    refusal = table.message
    assert refusal
    press(app, table, "B")  # held back: a change accepted, so the refusal goes (a tester)
    assert table.message != refusal
    text = app.screen_text()
    assert f"B · {sena_name(allowed[1])}" in text and f"P Pass {sena_name(allowed[0])} " in text
    assert table.prompt().text == before  # the choices stay put under the mouse (a tester)
    press(app, table, "A", "A")  # off and on again
    steps = len(table.match.steps)
    assert_grid(app)
    press(app, table, "ENTER")
    assert table.match.steps[steps:] == [f"senas {allowed[0]}"]
    assert table.faces[0][0] == (allowed[0],) and table.hold <= 0  # your own face, and no wait for it
    assert table.message.startswith(f"You {SENA_LOOKS[allowed[0]][0]}: ")
    others(table, "senas none", "senas none", "senas none")
    assert table.obs.lance == "grande" and 0 in table.faces
    press(app, table, "P")  # Paso: the betting goes on, and the faces are at rest
    assert table.match.steps[-1] == "paso" and not table.faces
    # The next deal: everything held back passes nothing (as N does at once).
    senas_match(table, lambda allowed: len(allowed[0]) == 2, first_mano=0, seeds=range(table.match.seed + 1, 999))
    press(app, table, "C", "A", "B")
    assert "P Pass (none marked)" in app.screen_text()
    press(app, table, "P")
    assert table.match.steps[-1] == "senas none" and table.message == "You pass no seña."


def test_ciego_when_the_hand_has_nothing_to_signal_and_n_passes_none(table_app):
    app, table = table_app(36, senas=True)
    senas_match(table, lambda allowed: allowed[0] == ("ciego",), first_mano=0)
    press(app, table, "C")
    assert [c.action for c in table.prompt().choices] == ["toggle ciego", "senas ciego", "senas none"]
    assert "A √ ciego" in app.screen_text()
    press(app, table, "M")  # a call out of its moment: the rules say why
    assert table.message == "You cannot say Mus now: pass your señas (or none) first." and app.sounds[-1] == "buzz"
    press(app, table, "N")
    assert table.match.steps[-1] == "senas none" and 0 not in table.faces


def test_s_at_the_replay_offer_lists_the_señas_of_the_deal_that_ended(table_app):
    """Found by a tester: with F6 on, S at "Replay or continue?" (the table showing deal 1 as it
    ended) opened "Señas seen in deal 2: No seña in this deal", though deal 1 had señas."""
    for seed in range(40, 60):
        app, table = table_app(seed, senas=True)
        app.press("F6")
        play_by_keys(app, table, lambda table=table: table.obs.phase == "replay" and table.human_to_act, seed=seed)
        if table.ended is not None and table.ended.senas_seen:
            break
    else:
        raise AssertionError("no first deal with a seña seen")
    press(app, table, "S")
    assert table.panel is not None and table.panel.title == "Señas seen in deal 1"
    lines = [text for text, _ in table.panel.lines]
    assert "No seña in this deal." not in lines and lines == [text for text, _ in table.senas_lines()]
    seat = table.ended.senas_seen[0].seat
    assert any(line.startswith(table.seat_name(seat)) for line in lines)


def test_s_at_the_match_result_lists_the_last_deals_señas_then_the_result_comes_back(table_app):
    """Found by a tester: S under "Match over" did nothing, though the README promises it lists
    the señas of the deal that ended."""
    app, table = table_app(60, senas=True)
    for seed in range(60, 120):
        set_match(table, seed, senas=True, sena_catch=100)
        while table.match.current_player is not None:  # señas passed; an órdago on Grande, taken
            seat = table.match.current_player
            legal = table.match.observation(seat).legal_actions
            wanted = ("cut", "ordago" if seat % 2 else "paso", "quiero", max(legal, key=len))
            perform(table, seat, next(a for a in wanted if a in legal))
            if table.panel is not None and table.panel.title != "Match over":
                table.close_panel()
        table.refresh()
        for _ in range(200):
            if table.result_shown:
                break
            if table.panel is not None and not table.guarded:
                app.press("ENTER")  # the deal's summary, then the result
            app.tick(0.05)
        if table.ended is not None and table.ended.senas_seen:
            break
    else:
        raise AssertionError("no match ended on a deal with a seña seen")
    settle(app, table)
    result = table.panel
    assert result is not None and result.title == "Match over"
    assert "S: señas seen" in app.screen_text()  # the key is offered, and takes a click
    from tests.scenes.test_mouse import click_on

    click_on(app, "S: señas seen")
    assert table.panel is not None and table.panel.title == f"Señas seen in deal {table.ended.deal_number}"
    assert "AS IT ENDED" in app.screen_text()  # the table under it still shows the last deal
    app.press("SPACE")
    assert table.panel is result and "Match over" in app.screen_text()
    app.press("ESC")
    assert isinstance(app.top_scene(), MenuScene)


def test_keys_while_a_face_shows_only_end_it(table_app):
    app, table = table_app(37, senas=True)
    senas_match(table, lambda allowed: telling(allowed[3]) and len(allowed[0]) == 2, catch=100)
    others(table, "cut", full_set(table))  # your partner cuts and passes
    face_passes(app, table)
    others(table, full_set(table))  # West, whom you catch: his face shows, then it is your turn
    assert table.hold > 0 and 3 in table.faces and not table.human_to_act
    app.tick(FACE_SECONDS + 1.0)  # you are next: the table waits for the key its line asks for
    assert table.hold > 0 and not table.human_to_act
    assert ("Any key: go on." in app.screen_text()) == table.holding_for_key  # invited only if it waits
    steps = len(table.match.steps)
    app.press("S")  # the key ends the face and the wait, and does nothing else
    assert table.hold == 0 and not table.faces and table.panel is None and len(table.match.steps) == steps
    assert table.guarded  # your prompt has just appeared: a key now is ignored for a moment too
    app.press("A")
    assert table.picked_senas() == allowed_senas(table.obs.hand, dict(table.match.options))
    press(app, table, "A")
    assert len(table.picked_senas()) == 1


def test_two_senas_make_a_long_message_that_fits_over_the_prompt(table_app):
    app, table = table_app(38, senas=True)
    senas_match(table, lambda allowed: len(allowed[2]) == 2)
    others(table, "cut", full_set(table))
    assert len(table.message) > COLS - 4
    lines = assert_grid(app)
    assert lines[21].strip("║ ").startswith("Partner ") and "Any key" not in lines[22]
    assert face_on_screen(app, table, 2) == face_cells(table.faces[2][0])


def test_hint_and_review_words_for_senas(table_app):
    _, table = table_app(39, senas=True)
    view = table.obs
    assert table.action_words("senas dos-reyes treinta-y-una", view) == "pass dos reyes and treinta y una"
    assert table.action_words("senas dos-reyes treinta-y-una", view, short=True) == "dos reyes + treinta y una"
    assert table.action_words("senas tres-reyes", view) == "pass tres reyes"
    assert table.action_words("senas none", view) == "pass no seña"
    assert table.action_words("senas none", view, short=True) == "none"
    senas_match(table, lambda allowed: True, first_mano=0)
    others(table, "cut")
    assert table.decision_words(table.obs) == "señas"


def test_the_reviews_mus_rows_name_their_round(table_app):
    """Found by a tester: two rows of a review read "mus or cut" alike, with no round."""
    from game.scenes.review import DECISION_MAX

    _, table = table_app(5)
    obs = table.obs
    assert obs.phase == "mus" and table.decision_words(obs) == "mus, round 1"
    later = dataclasses.replace(obs, discard_counts=((1, 2, 0, 3),))
    assert table.decision_words(later) == "mus, round 2"
    assert table.decision_words(dataclasses.replace(later, phase="discard")) == "discard, round 1"
    assert len(table.decision_words(dataclasses.replace(later, phase="discard"))) <= DECISION_MAX


@pytest.mark.parametrize("seed, extra", [(40, ()), (41, ("--mono",))], ids=["colour", "mono"])
def test_a_deal_with_senas_by_keys_fits_the_screen(table_app, seed, extra):
    app, table = table_app(seed, "", *extra, senas=True)
    phases = set()

    def done() -> bool:
        phases.add(table.obs.phase)
        return table.panel is not None and table.obs.deal_number > 1

    play_by_keys(app, table, done, seed=seed, check_every=2)
    assert "senas" in phases and any(s != "senas none" for s in table.match.steps
                                     if isinstance(s, str) and s.startswith("senas"))


def test_with_senas_off_there_are_no_faces_and_no_sena_turns(table_app):
    app, table = table_app(42)
    assert dict(table.match.options)["senas"] is False
    faces = {*glyphs.FACE_FOREHEAD, *glyphs.FACE_MOUTH.values()}
    seen_phases = set()

    def done() -> bool:
        seen_phases.add(table.obs.phase)
        assert not faces & set(app.screen_text())
        return table.panel is not None

    play_by_keys(app, table, done, seed=4, check_every=1)
    assert "senas" not in seen_phases and not any(s.startswith("senas") for s in table.match.steps
                                                     if isinstance(s, str))
    app.press("ENTER")
    app.tick(0.05)
    app.press("S")
    assert table.panel is None and "switched off" in table.message


def test_the_senas_prompt_fits_its_row_for_every_set_a_hand_may_allow(table_app, monkeypatch):
    app, table = table_app(43, senas=True)
    senas_match(table, lambda allowed: True, first_mano=0)
    press(app, table, "C")
    sets = [(pares, juego) for pares in (*SENAS[:7], None) for juego in (*SENAS[7:10], None)]
    for pares, juego in sets:
        allowed = tuple(s for s in (pares, juego) if s) or ("ciego",)
        monkeypatch.setattr(table, "allowed", lambda allowed=allowed: allowed)
        prompt = table.prompt()
        width = len(prompt.text) + sum(len(c.key) + 1 + len(c.label) + 2 for c in prompt.choices) - 2
        assert width <= COLS - 4, (allowed, prompt)
        assert [c.action for c in prompt.choices][:len(allowed)] == [f"toggle {s}" for s in allowed]


def test_every_sena_message_fits_the_two_rows_a_message_has(table_app):
    _, table = table_app(44, senas=True)
    shown = [(pares, juego) for pares in SENAS[:7] for juego in SENAS[7:10]] + [(s,) for s in SENAS]
    longest = 0
    for senas in shown:
        for seat in range(4):
            catches = [(None,) * len(senas)] if seat in (0, 2) else list(itertools.product((0, 2), repeat=len(senas)))
            for caught in catches:
                seen = tuple(SenaSeen(seat, s, c) for s, c in zip(senas, caught, strict=True))
                text = table.senas_sentence(seat, seen)
                assert len(wrap(text, COLS - 4)) <= 2, text
                assert all(sena_name(s) in text for s in senas), text
                longest = max(longest, len(text))
    assert longest > COLS - 4  # some take both rows: the check can fail


def test_the_reviews_table_frames_no_card_at_a_decision_that_played_none(table_app):
    """Found by a tester: at a bet, the review's table framed card 1 as if it had been played."""
    from game.app.review import Decision
    from game.scenes.review import ReviewScene

    app, table = table_app(11)
    observation = table.match.observation(0)
    review = ReviewScene(app, table, 0)
    review.decisions = [Decision(0, observation, observation.legal_actions[0], 0)]
    review.showing = review.decisions[0]
    app.stack.push(review)
    app.tick(0.01)
    assert "╔" not in "".join(app.screen_text().splitlines()[14:21]), "no card of the hand is framed"
    with table.showing(observation, observation.legal_actions[0]):
        assert table._shown_mode is not None and table._shown_mode.playable == frozenset(table.hand.cards), \
            "nothing dimmed: a bet dims no card"
    assert table.hand.cursor >= 0, "the table's own cursor is put back"


def test_the_reviews_table_raises_a_one_card_discard_as_it_was_played(table_app):
    """Found by a tester: the review showed his discard of one card only framed, where he had
    raised it (OUT) to throw it away; a discard of two was raised."""
    _app, table = table_app(11)
    observation = table.match.observation(0)
    card = observation.hand[2]
    with table.showing(observation, f"discard {card}"):
        assert table.hand.picked == {card} and table.hand.cards[table.hand.cursor] == card
    assert not table.hand.picked  # the table's own put back


def test_a_raise_is_written_as_the_prompt_writes_it(table_app):
    """Found by a tester: the review's You column read "raise 2" beside "Paso" and "No quiero"."""
    _app, table = table_app(11)
    assert table.action_words("raise 2", table.obs, short=True) == "Raise 2"
    assert table.offer("raise", "raise 2", "Raise 2 +/-").label.startswith("Raise 2")


def test_the_review_says_a_call_was_said(table_app):
    """Found by a tester: the review read "Chica: you chose to No quiero" and "Pares: you
    Órdago"; a call is said."""
    _, table = table_app(11)
    view = table.obs
    assert table.choice_words("no-quiero", view) == "said No quiero"
    assert table.choice_words("ordago", view, short=True) == "said Órdago"
    assert table.choice_words("envido 5", view) == "said Envido 5"
    assert table.choice_words("paso", view) == "said Paso" == table.choice_words("paso", view, short=True)
    assert table.choice_words("cut", view) == "said Corto" and table.action_words("paso", view) == "say Paso"


def test_when_every_sena_is_caught_a_rival_without_one_passed_none(table_app):
    """Found by a tester: at "Rival catches 100" a rival with no seña read "nothing caught",
    as if one might have been missed; every seña is caught then, so he passed none."""
    _app, table = table_app(33, senas=True)
    senas_match(table, lambda allowed: True, first_mano=1, catch=100)
    others(table, "cut", "senas none")  # East, the mano
    assert table.message == "East passes no seña."
    senas_match(table, lambda allowed: True, first_mano=1, catch=50)
    others(table, "cut", "senas none")
    assert table.message == "East's señas: nothing caught."


def test_the_punto_point_and_the_bettors_bonuses_are_named(table_app):
    """Found by a tester: "Punto 5 accepted ... THEM +6" with nothing to say why, and "No quiero
    pays 1" on a Pares bet whose refusal also let the bettors' bonuses count."""
    from game.rules.mus import DealSummary, LanceCount

    app, table = table_app(17)
    us = table.my_team
    none = (0, 0, 0, 0)
    last = DealSummary(
        deal_number=4, mano=0, hands=None,
        lances=(LanceCount("grande", "passed", 0, 0, us, 1, none, True),
                LanceCount("chica", "passed", 0, 1, 1 - us, 1, none, True),
                LanceCount("pares", "nobody", 0, None, None, 0, none, True),
                LanceCount("punto", "accepted", 5, 1, 1 - us, 6, none, True)),
        points_before=(0, 0), points_after=(1, 7) if us == 0 else (7, 1), games_won_before=(0, 0),
        games_won_after=(0, 0), ended_by="count", stopped_at_target=False, game_winner=None)
    text = "\n".join(line for line, _ in table.summary_lines(last))
    assert "THEM +5 +1 punto" in text
    refused = dataclasses.replace(last, lances=(*last.lances[:3], LanceCount("punto", "rejected", 1, None, us, 1,
                                                                             none, True)))
    assert "US +1 deje +1 punto" in "\n".join(line for line, _ in table.summary_lines(refused))
    # A bet waiting for an answer says what a refusal pays: Pares and Juego with the bettors'
    # bonuses, Punto with its point.
    # Whose bonuses, as the player would say it (a tester read "their" under "by US" as the rivals').
    for lance, team, also in (("pares", 0, "and our bonuses"), ("juego", 1, "and their bonuses"),
                              ("punto", None, "and the punto point")):
        table.match = bet_waiting_on(lance, team)
        table.refresh()
        assert "No quiero pays" in app.screen_text() and also in app.screen_text(), lance


def test_a_game_counts_only_when_every_deal_of_it_counted(table_app):
    """Found by a tester: a game with a hint in its first deal was counted (won), as games
    were counted by the deal that ended them; one hinted only in its last deal was not. A game
    now counts as a match does: only if the player played every deal of it unaided."""
    from game.rules.mus import DealSummary

    app, table = table_app(21)
    us = table.my_team

    def deal(number: int, ends: bool) -> DealSummary:
        return DealSummary(deal_number=number, mano=0, hands=None, lances=(), points_before=(0, 0),
                           points_after=(5, 0) if us == 0 else (0, 5), games_won_before=(0, 0),
                           games_won_after=(0, 0), ended_by="count", stopped_at_target=ends,
                           game_winner=us if ends else None)

    def played(hinted: bool, ends: bool, number: int) -> None:
        table.deal_counts, table.deal_hinted = True, hinted
        table.count_deal(deal(number, ends))

    stats = app.stats.games["mus"]
    played(True, False, 1)
    assert not table.game_counts
    state = table.table_state() | {"counting": {name: getattr(table, name) for name in table.counting}}
    assert state["counting"]["game_counts"] is False  # kept with the match
    played(False, True, 2)  # the game ends on a clean deal, but its first was hinted
    assert stats["games_played"] == 0 and stats["deals_played"] == 1 and stats["deals_hinted"] == 1
    played(False, True, 3)  # a game of one clean deal
    assert stats["games_played"] == 1 and stats["games_won"] == 1
    played(False, False, 4)
    played(True, True, 5)  # hinted only in its last deal
    assert stats["games_played"] == 1 and stats["deals_played"] == 3
    played(False, True, 6)
    assert stats["games_played"] == 2


def to_first_bet(app, table: MusTable) -> None:
    """Seed 2 without señas, to seat 0's first bet, where Hard says envido 5."""
    set_match(table, 2, senas=False)
    while table.match.current_player != 0 or not any(a.startswith("envido") for a in table.obs.legal_actions):
        legal = table.obs.legal_actions if table.match.current_player == 0 else \
            table.match.rules.legal_actions(table.match.state)
        others(table, next(a for a in legal if a in ("cut", "paso")) if {"cut", "paso"} & set(legal) else legal[0])
    app.tick(PROMPT_GUARD + 0.05)


def test_a_hinted_bet_sets_the_amount_on_its_key(table_app):
    """Found by a tester: the hint said "raise 5 more" above "R Raise 3"; a newcomer who then
    pressed R raised 3. The hint sets the amount on the key."""
    from tests.scenes.test_hint_and_review import hint_now

    app, table = table_app()
    to_first_bet(app, table)
    assert "Envido 2" in app.screen_text()
    assert hint_now(app, table).startswith("Hint: Envido 5")
    assert "Envido 5 +/-" in app.screen_text().splitlines()[PROMPT_ROW]
    steps = len(table.match.steps)
    app.press("E")
    assert table.match.steps[steps] == "envido 5"


def test_a_bet_amount_or_sena_set_while_the_hint_thinks_is_the_players(table_app):
    """Found in review: a digit typed (or a seña toggled) during "the computer is thinking" was
    replaced by the hint's amount (or señas) when it came."""
    from tests.scenes.test_hint_and_review import wait_for_hint

    app, table = table_app()
    to_first_bet(app, table)
    poll = app.ai.poll
    app.ai.poll = lambda ticket: (None, None)  # Hard still thinking
    app.press("F4", "3")
    assert table.amount == 3
    app.ai.poll = poll
    wait_for_hint(app, table)
    assert table.message.startswith("Hint: Envido 5") and table.amount == 3
    # A seña toggled off while Hard thinks stays off (the hint would pass both).
    app, table = table_app(35, senas=True)
    senas_match(table, lambda allowed: len(allowed[0]) == 2, first_mano=0)
    press(app, table, "C")
    allowed = allowed_senas(table.obs.hand, dict(table.match.options))
    app.ai.poll = lambda ticket: (None, None)
    press(app, table, "F4", "A")
    assert allowed[0] not in table.picked_senas()
    both = "senas " + " ".join(allowed)
    hard = Ranking.of([Estimate(both, 1.0, 30, 0.6), Estimate("senas none", 0.5, 30, 0.55)], both, SAMPLED)
    app.ai.poll = lambda ticket: (hard, None)  # Hard would pass both
    wait_for_hint(app, table)
    assert table.message.startswith("Hint: pass ") and allowed[0] not in table.picked_senas()


def test_enter_alone_at_a_bet_refuses_it(table_app):
    """Found by a tester: at a rival's envido the highlight started on Quiero, so a stray Enter
    or Space staked the bet; it starts on No quiero (the deje only), as at an órdago, and goes
    back there after an órdago of yours is taken back."""
    app, table = table_app()
    table.match = bet_waiting_on("grande", team=1)
    table.refresh()
    app.tick(PROMPT_GUARD + 0.05)
    prompt = table.prompt()
    assert prompt.choices[prompt.default].action == "no-quiero"
    assert table.choice_cursor == prompt.default
    app.press("O", "N")  # your own órdago asked, then taken back
    assert table.prompt().choices[table.choice_cursor].action == "no-quiero"


def test_one_key_ends_a_pause_under_a_long_message_and_brings_the_prompt(table_app):
    """Found by a tester: a caught seña's two-row message before your turn took two keys (the
    first ended the pause, the message still covered the prompt and asked again)."""
    app, table = table_app(7, "[mus]\nsena_catch = 100\n", senas=True)
    for _ in range(2000):
        if table.holding_for_key and table.message_covers_prompt:
            break
        if table.human_to_act and not table.guarded and table.obs.phase != "senas":
            app.press(next(c.key for c in table.prompt().choices if c.action in ("mus", "cut", "paso"))
                      if any(c.action in ("mus", "cut", "paso") for c in table.prompt().choices) else "ENTER")
        app.tick(0.05)
    assert table.holding_for_key and table.message_covers_prompt
    assert "Any key: go on." in app.screen_text().splitlines()[PROMPT_ROW + 1]
    app.press("SPACE")
    assert table.human_to_act and not table.message_covers_prompt
    assert table.prompt().text.startswith("Señas") and "Señas" in app.screen_text().splitlines()[PROMPT_ROW]


def test_a_bet_amount_and_senas_held_back_survive_leaving(table_app, make_app):
    """What the player set at a bet (the amount) or a seña turn (a seña held back) comes back
    when the match is resumed at that decision, as raised cards do."""
    app, table = table_app()
    to_first_bet(app, table)
    press(app, table, "3")
    assert table.amount == 3
    app.quit()
    again = make_app("*", "--game", "mus")
    again.press("Y")
    resumed = again.top_scene()
    assert isinstance(resumed, MusTable) and resumed.amount == 3
    app, table = table_app(35, senas=True)
    senas_match(table, lambda allowed: len(allowed[0]) == 2, first_mano=0)
    press(app, table, "C")
    allowed = allowed_senas(table.obs.hand, dict(table.match.options))
    press(app, table, "A")
    assert allowed[0] not in table.picked_senas()
    passed = table.picked_senas()
    app.quit()
    again = make_app("*", "--game", "mus")
    again.press("Y")
    resumed = again.top_scene()
    assert isinstance(resumed, MusTable) and resumed.picked_senas() == passed


def test_a_match_left_under_your_own_ordago_question_resumes_on_the_harmless_choice(table_app, make_app):
    """Found by a tester: left with "Bet the whole game?" up (on No), the resumed bets came back
    highlighted on Envido 2 (No's place), and Enter bet it."""
    app, table = table_app(8)
    set_match(table, 8, first_mano=0)
    press(app, table, "C")
    assert table.obs.lance == "grande"
    press(app, table, "O")
    assert table.asking_ordago and table.choice_cursor == 1
    table.save()
    app.quit()
    again = make_app("*", "--game", "mus")
    again.press("Y")
    resumed = again.top_scene()
    assert isinstance(resumed, MusTable) and not resumed.asking_ordago
    prompt = resumed.prompt()
    assert prompt.choices[resumed.choice_cursor].action == "paso", prompt.choices[resumed.choice_cursor]


def test_the_deals_opening_stays_before_the_computers_moves_until_yours(table_app):
    """Found by a newcomer (at Klaberjass): "Deal 3: you deal." was replaced after one delay by
    the computer's first move, unread. The computers' moves before yours follow the opening, while
    the row has room for both; your own move replaces it."""
    app, table = table_app(5)  # East is mano: three computers speak before you
    opening = table.message
    assert opening == "Deal 1: East is mano."
    for _ in range(200):
        if table.human_to_act:
            break
        app.tick(0.05)
    assert table.human_to_act and table.message.startswith(f"{opening} ") and table.message != opening
    assert table.message in app.screen_text()
