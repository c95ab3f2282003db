"""Jub Moo played through the keyboard, headless, as a player would.

What every table does (F-keys, replay, open hands, refusals, mono, the input guard) is in
test_tables_common.py; this file holds what only Jub Moo has: four seats, the last trick,
the hot seat, its summaries and its figures.
"""

from __future__ import annotations

import random
import re
import shutil

import pygame
import pytest

from game.app.keys import Key
from game.rules.jubmoo import CARDS, RULES, DealSummary, pig_seats, score_breakdown, stack_score
from game.scenes.attract import AttractScene
from game.scenes.help import HelpScene
from game.scenes.jubmoo_table import HAND_OVER_GUARD, HAND_ROW, TRICK_AT, JubMooTable, point_tokens
from game.scenes.menu import MenuScene
from game.scenes.score_tester import ScoreTesterScene
from game.scenes.table import PROMPT_GUARD, PROMPT_ROW, SUMMARY_MAX
from game.screen.canvas import COLS, ROWS
from game.screen.cards import card_name, hand_key
from tests.scenes.test_tables_common import settle


@pytest.fixture
def table_app(make_app, home):
    def start(seed: int = 5, settings: str = "", *extra: str):
        (home / "settings.toml").write_text(settings + "\n[play]\ndelay = 0.0\n", encoding="utf-8")
        shutil.rmtree(home / "saves", ignore_errors=True)  # a fresh match each time, not the last one's save
        app = make_app("--game", "jubmoo", "--seed", str(seed), *extra)
        table = app.top_scene()
        assert isinstance(table, JubMooTable)
        return app, table

    return start


def assert_grid(app) -> list[str]:
    """The screen is 25 rows of 80 columns, the key bar at the bottom."""
    lines = app.screen_text().splitlines()
    assert len(lines) == ROWS and all(len(line) == COLS for line in lines)
    assert lines[24].startswith("F1 ") or app.notice_left > 0
    return lines


def first_legal_key(table: JubMooTable) -> str:
    """The key under the leftmost card that may be played, read off the hand as shown."""
    hand = table.hand.cards
    return hand_key(next(i for i, card in enumerate(hand) if card in table.obs.legal_actions))


def ready(table: JubMooTable) -> bool:
    """The player's prompt is up and takes keys."""
    return table.human_to_act and not table.guarded


def play_by_keys(app, table: JubMooTable, until, max_rounds: int = 20000, check_every: int = 0) -> None:
    """Press keys as a player (first legal card, first offered choice) until ``until()``;
    a prompt or a pass-the-keyboard panel that just came up is given its moment first."""
    for n in range(max_rounds):
        if until():
            settle(app, table)
            return
        if check_every and n % check_every == 0:
            assert_grid(app)
        if table.guarded:
            app.tick(0.05)
        elif table.panel is not None:
            app.press("ENTER")
        elif table.hold > 0:
            app.press("SPACE")
        elif table.human_to_act:
            prompt = table.prompt()
            if prompt.hand is not None:
                app.press(first_legal_key(table))
            else:
                app.press(next(c.key for c in prompt.choices if c.action in table.obs.legal_actions))
        else:
            app.tick(0.05)
    raise AssertionError("the table stopped making progress")


def test_the_thirteenth_trick_is_shown_before_the_summary(table_app):
    app, table = table_app(11)
    play_by_keys(app, table, lambda: table.summary_due is not None)
    last = table.summary_due
    assert table.panel is None and table.hold > 0  # the last trick waits on the table, as every trick does
    trick, winner = table.trick_shown()
    assert trick == last.tricks[-1] and winner == last.trick_winners[-1]
    app.tick(0.01)
    text = app.screen_text()
    assert re.search(r"takes? the last trick", text)
    assert ("Any key: go on." in text) == table.holding_for_key  # invited only where it waits for it
    assert table.view.hand == () and table.view.tricks_won == last.tricks_won
    app.press("SPACE")  # the key ends the pause and brings the summary at once, nothing else
    assert table.panel is not None and "summary" in table.panel.title and table.obs.deal_number == 2


def test_the_summary_follows_the_last_trick_with_no_picture_between(table_app):
    """Found by a tester: the update that ended the last trick's pause drew the next deal's
    prompt over an empty table, and the summary came only with the update after."""
    app, table = table_app(11)
    play_by_keys(app, table, lambda: table.summary_due is not None)
    table.hold_for_key = False  # a pause that ends by itself
    table.hold = 0.01
    table.update(0.05)  # one update: the pause ends and the summary is up
    assert table.panel is not None and "summary" in table.panel.title


def hidden_cards(table: JubMooTable, seats) -> list[str]:
    """The cards still in these seats' hands (the test may look; the table may not show them)."""
    return [card for seat in seats for card in RULES.hand(table.match.state, seat)]


def test_first_screen_shows_the_four_seats_and_your_thirteen_cards(table_app):
    app, table = table_app()
    lines = assert_grid(app)
    assert lines[0].strip().startswith("JUB MOO") and "PIG AT -1000" in lines[0] and "HEARTS SCORING" in lines[0]
    assert "TRICK 1 OF 13" in lines[1] and "PLAY GOES ANTICLOCKWISE" in lines[1]
    assert "NORTH" in lines[2] and "WEST" in lines[5] and "EAST" in lines[5] and "YOU" in lines[14]
    assert lines[20].strip("║ ").split() == list("1234567890ABC")  # a key under each of the 13 cards
    assert all(card_name(card) in lines[HAND_ROW + 1] for card in table.obs.hand)
    assert sum("LEAD" in line for line in lines[2:16]) == 1


def test_a_whole_deal_by_keys_ends_in_the_summary(table_app):
    app, table = table_app(11)
    play_by_keys(app, table, lambda: table.panel is not None and "summary" in table.panel.title, check_every=7)
    text = "\n".join(assert_grid(app))
    last = table.obs.last_deal
    assert "Deal 1 summary" in text and "took the pig" in text
    total_row = next(line for line in text.splitlines() if "Total " in line)
    shown = [int(n) for n in re.findall(r"-?\d+", total_row.split("Total")[1])[:4]]
    assert shown == [last.totals[table.seat_at(p)] for p in range(4)]  # you, right, opposite, left
    app.press("ENTER")
    assert table.panel is None and table.obs.deal_number == 2
    lines = assert_grid(app)
    pig_taker = table.seat_name(last.pig_taker).upper()
    assert any(pig_taker in line and "LEAD" in line for line in lines[2:16])  # the pig taker leads


def test_a_whole_match_by_keys_names_the_pig(table_app):
    app, table = table_app(3, "[jubmoo]\ntarget = -100\n")
    play_by_keys(app, table, lambda: table.result_shown, check_every=25)
    text = "\n".join(assert_grid(app))
    pigs = pig_seats(table.obs.scores)
    assert "Match over" in text and "Enter: new match" in text
    names = [table.seat_name(s).upper() for s in pigs]
    assert ("YOU ARE THE PIG!" if names == ["YOU"] else " AND ".join(names)) in text
    assert "the pig" in text and "(the match ends at -100)" in text
    app.press("ESC")
    assert isinstance(app.top_scene(), MenuScene)


def finished_with_one_pig(table_app, seats: tuple[int, ...] = (0, 1, 2, 3)):
    """A match of Jub Moo played to its result by keys, with a single pig (in one of ``seats``)."""
    for seed in range(3, 40):
        app, table = table_app(seed, "[jubmoo]\ntarget = -100\n")
        play_by_keys(app, table, lambda table=table: table.result_shown)
        pigs = pig_seats(table.obs.scores)
        if len(pigs) == 1 and pigs[0] in seats:
            return app, table, pigs[0]
    pytest.fail("no match with a single pig")


@pytest.mark.parametrize("change", ["none", "ruleset", "first lead", "damaged", "way round", "people"])
def test_the_pig_leads_a_new_match_started_from_the_menu(table_app, home, change):
    """Found by a tester: the pig led the next match only when it was started by Enter under
    the result; started from the menu (to change an option first), the lead was drawn. A lead
    option changed on the menu since asks for another first lead, and a damaged record of the
    pig leaves the lead to the rules, as if there had been no match before. Another tester set
    Play clockwise between the matches, and East led for West, the pig: the pig is the player
    in his place at the table, whichever way play goes round."""
    app, table, pig = finished_with_one_pig(table_app, (1, 3) if change == "way round" else (0, 1, 2, 3))
    app.press("ESC")
    assert isinstance(app.top_scene(), MenuScene)
    if change == "way round":  # East or West: the places play order swaps
        app.settings.set("jubmoo", "clockwise", True)
        pig_name = table.seat_name(pig)
        app.tick(0.5)
        app.press("2")
        fresh = app.top_scene()
        assert isinstance(fresh, JubMooTable) and fresh.clockwise and not table.clockwise
        assert fresh.seat_name(fresh.obs.leader) == pig_name and fresh.obs.leader == {1: 3, 3: 1}.get(pig, pig)
        return
    if change == "ruleset":
        app.settings.set("jubmoo", "ruleset", "gongzhu")
    elif change == "first lead":
        app.settings.set("jubmoo", "first_lead", "two-of-clubs")
    elif change == "people":  # seats name other players now (a tester's East pig became "Player 2")
        app.settings.set("jubmoo", "humans", 2)
    elif change == "damaged":
        (home / "saves" / "jubmoo-next-match.json").write_text("{not json", encoding="utf-8")
        app.saves.carried.clear()  # as after a restart: only the damaged file is left
    app.tick(0.5)
    app.press("2")
    fresh = app.top_scene()
    assert isinstance(fresh, JubMooTable) and fresh is not table and fresh.obs.deal_number == 1
    if change in ("none", "ruleset"):
        assert fresh.match.options["first_leader"] == pig and fresh.obs.leader == pig
    else:
        assert "first_leader" not in fresh.match.options
    assert not (home / "saves" / "jubmoo-next-match.json").exists()  # the next match's, once
    if change == "damaged":
        assert any("could not be read" in text for text in app.notice_log)
        assert list((home / "saves").glob("jubmoo-next-match.json.damaged-*"))


def test_a_carried_lead_that_is_no_seat_starts_the_match_as_if_none(table_app, home):
    """A hand-edited record of the pig ("first_leader": [1]) starts the next match with the
    rules' own first lead, and no crash, whichever way play goes round."""
    app, _ = table_app(3, "[jubmoo]\nclockwise = true\n")
    for odd in ([1], 99, -1, True, 10**30):
        app.saves.carry("jubmoo", {"first_leader": odd, "clockwise": False})
        app.notice_log.clear()
        fresh = JubMooTable.new(app)
        assert "first_leader" not in fresh.match.options and fresh.obs.deal_number == 1
        assert any("does not fit this match, so it starts without it" in text for text in app.notice_log), odd


def test_the_pig_of_a_finished_match_leads_the_next_ones_first_deal(table_app):
    """Rules file §1.2: the first deal of a new game is led by the previous game's pig. The
    result says so, and the new match's first deal opens saying why he leads (a tester read
    only "You lead first.")."""
    app, table, pig = finished_with_one_pig(table_app)
    assert "The pig leads the next match's first deal." in app.screen_text()
    app.press("ENTER")
    fresh = app.top_scene()
    assert isinstance(fresh, JubMooTable) and fresh is not table
    assert fresh.obs.deal_number == 1 and fresh.obs.leader == pig
    assert fresh.match.options["first_leader"] == pig
    assert "the last match's pig and lead" in fresh.message, fresh.message


def test_with_the_two_of_clubs_first_lead_a_new_match_does_not_follow_the_pig(table_app):
    app, table = table_app(3, "[jubmoo]\ntarget = -100\nfirst_lead = \"two-of-clubs\"\n")
    play_by_keys(app, table, lambda: table.result_shown)
    app.press("ENTER")
    fresh = app.top_scene()
    assert "first_leader" not in fresh.match.options
    assert "2C" in fresh.match.rules.observation(fresh.match.state, fresh.obs.leader).hand


def test_illegal_card_buzzes_with_the_reason(table_app):
    app, table = table_app(5)
    play_by_keys(app, table, lambda: ready(table) and len(table.obs.legal_actions) < len(table.obs.hand))
    hand = table.hand.cards
    bad = next(i for i, card in enumerate(hand) if card not in table.obs.legal_actions)
    led = table.obs.trick[0][1][1]
    steps = len(table.match.steps)
    app.press(hand_key(bad))
    assert len(table.match.steps) == steps
    suit = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}[led]
    assert table.message == f"You must follow suit: play a {suit}."
    assert table.message in app.screen_text()


def test_arrow_keys_and_enter_play_the_highlighted_card(table_app):
    app, table = table_app(8)
    play_by_keys(app, table, lambda: ready(table))
    hand = list(table.hand.cards)
    target = max(i for i, card in enumerate(hand) if card in table.obs.legal_actions)
    for _ in range((target - table.hand.cursor) % len(hand)):
        app.press("RIGHT")
    assert table.hand.cursor == target
    steps = len(table.match.steps)
    app.press("ENTER")
    assert table.match.steps[steps] == hand[target]


def test_the_last_card_is_offered_in_a_sentence(table_app):
    """Found by a tester: "Your turn: 1, or ←/→ then Enter." offered arrows with one card."""
    app, table = table_app(8)
    play_by_keys(app, table, lambda: ready(table) and len(table.obs.hand) == 1)
    line = next(line for line in app.screen_text().splitlines() if "your last card" in line)
    assert "←" not in line and f"your last card, the {card_name(table.obs.hand[0])}; 1 or Enter plays it." in line
    card = table.obs.hand[0]
    app.press("ENTER")
    assert table.match.steps[-1] == card
    # In hot seat, beside a player's name and "L Last trick", inside the frame (a reviewer).
    app, table = table_app(4, "[jubmoo]\nhumans = 4\n")
    play_by_keys(app, table, lambda: ready(table) and len(table.obs.hand) == 1)
    row = next(line for line in app.screen_text().splitlines() if "last card" in line)
    assert "L Last trick" in row and row[-1] == "║", row
    assert f": last card, the {card_name(table.obs.hand[0])}; 1 or Enter plays it." in row, row


def test_sort_off_lets_you_move_cards_and_a_click_plays_one(table_app):
    app, table = table_app(8)
    sorted_hand = table.hand.cards
    assert [c[1] for c in sorted_hand] == sorted((c[1] for c in sorted_hand), key="SHCD".index)  # ♠ ♥ ♣ ♦
    app.press("F3")
    play_by_keys(app, table, lambda: ready(table))
    hand = list(table.hand.cards)
    while table.hand.cursor:
        app.press("LEFT")
    app.handle_key(Key(pygame.K_RIGHT, "", shift=True))  # Shift+Right carries the card along
    assert table.hand.cards == [hand[1], hand[0], *hand[2:]] and table.hand.cursor == 1
    hand = list(table.hand.cards)
    index = next(i for i, card in enumerate(hand) if card in table.obs.legal_actions)
    steps = len(table.match.steps)
    table.on_click(table.hand_geometry().card_col(index, len(hand)) + 2, HAND_ROW + 1)
    assert table.match.steps[steps] == hand[index]


def test_the_review_shows_the_hand_in_the_order_the_player_had_it(table_app):
    """Found by a tester: with F3 off the review's table showed the hand sorted, so the card
    he had led with key 7 sat under key 2."""
    app, table = table_app(8)
    app.press("F3")
    play_by_keys(app, table, lambda: ready(table))
    while table.hand.cursor:
        app.press("LEFT")
    app.handle_key(Key(pygame.K_RIGHT, "", shift=True))
    hand = list(table.hand.cards)
    assert hand != sorted(hand, key=list(table.hand_cards(table.obs)).index)  # not the sorted order
    steps, observation = len(table.match.steps), table.obs
    index = next(i for i, card in enumerate(hand) if card in observation.legal_actions)
    app.press(hand_key(index))
    assert table.match.steps[steps] == hand[index]
    play_by_keys(app, table, lambda: ready(table) and len(table.hand.cards) < len(hand) - 1)
    with table.showing(observation, hand[index], steps):
        assert table.hand.cards == hand and table.hand.cursor == index
    with table.showing(observation, hand[index]):  # a decision whose order is not known: sorted
        assert table.hand.cards == list(table.hand_cards(observation))


def test_a_finished_trick_is_held_and_l_shows_it_again(table_app):
    app, table = table_app(6)
    play_by_keys(app, table, lambda: table.hold > 0)
    winner = table.obs.last_trick_winner
    lines = assert_grid(app)
    assert "the trick." in lines[21] and "Any key: go on." in lines[22]
    assert "TRICK 1 OF 13" in lines[1]  # the header names the trick held, not the next
    col, row = TRICK_AT[table.position(winner)]
    assert lines[row][col] == "╔"  # the winner's card is framed
    app.press("SPACE")
    assert table.hold <= 0
    play_by_keys(app, table, lambda: ready(table))
    assert "TRICK 2 OF 13" in assert_grid(app)[1]
    app.press("L")
    assert table.show_last
    lines = assert_grid(app)
    assert "LAST" in lines[8] and "The last trick, taken by" in lines[22]
    for seat, card in table.obs.last_trick:
        col, row = TRICK_AT[table.position(seat)]
        assert lines[row + 1][col + 1: col + 3] == card_name(card)
    steps = len(table.match.steps)
    app.press("1")  # any key goes back to the table without playing
    assert not table.show_last and len(table.match.steps) == steps
    assert table.hand.current in table.prompt().hand.playable


def test_f5_opens_the_instructions_and_t_the_score_tester(table_app):
    app, table = table_app(9)
    app.press("F5")
    assert isinstance(app.top_scene(), HelpScene)
    text = app.screen_text()
    assert "Instructions: Jub Moo" in text and "T: Score Tester" in text
    app.press("T")
    assert isinstance(app.top_scene(), ScoreTesterScene)
    app.press("ESC")
    assert isinstance(app.top_scene(), HelpScene)
    app.press("ESC")
    assert app.top_scene() is table
    app.press("F2")  # demo: the computer plays your seat too
    steps = len(table.match.steps)
    shown = set()
    for _ in range(200):
        app.tick(0.05)
        shown.add(table.prompt().text)
    assert app.demo and len(table.match.steps) > steps + 8 and "Demo: the computer plays every seat." in shown


def test_replay_offer_restarts_the_deal(table_app):
    app, table = table_app(12)
    app.press("F6")
    play_by_keys(app, table, lambda: ready(table) and "replay" in table.obs.legal_actions)
    text = app.screen_text()
    assert "R Replay it (same cards)" in text and "C Continue to deal 2" in text
    first_hand = table.obs.last_deal.hands[0]
    app.press("R")
    assert "Replaying the last deal" in table.message
    assert table.obs.deal_number == 1 and table.obs.hand == first_hand and table.obs.scores == (0, 0, 0, 0)
    play_by_keys(app, table, lambda: ready(table) and "continue" in table.obs.legal_actions)
    app.press("C")
    assert table.obs.deal_number == 2 and len(table.obs.hand) == 13
    # Who leads it and why, as a deal dealt at once says (it had said only "Deal 2 is dealt.").
    assert table.message == table.deal_opening(table.obs) != "" and table.message in app.screen_text()


def test_hot_seat_hides_every_hand_while_the_keyboard_is_passed(table_app):
    app, table = table_app(7, "[jubmoo]\nhumans = 2\n")
    assert table.seat_name(0) == "Player 1" and table.seat_name(2) == "Computer 3"
    passes = 0
    while passes < 3:
        play_by_keys(app, table, lambda: table.passing)
        passes += 1
        seat = table.match.current_player
        text = "\n".join(assert_grid(app))
        assert "Pass the keyboard" in text and f"Hand the keyboard to Player {seat + 1}" in text
        for card in hidden_cards(table, (0, 1)):
            assert card_name(card) not in text  # nobody's hand shows while the keyboard is passed
        app.tick(HAND_OVER_GUARD)
        app.press("SPACE")  # Enter or Space: the next player is ready
        assert not table.passing and table.viewer == seat
        lines = assert_grid(app)
        assert f"PLAYER {seat + 1}" in lines[14]  # the player at the keyboard sits at the bottom
        assert all(card_name(card) in lines[HAND_ROW + 1] for card in table.obs.hand)
        other = "".join(lines)
        assert not any(card_name(card) in other for card in hidden_cards(table, (1 - seat,)))
        play_by_keys(app, table, lambda: ready(table))
        app.press(first_legal_key(table))


def test_a_resumed_hot_seat_match_starts_with_the_keyboard_passed(table_app):
    app, table = table_app(7, "[jubmoo]\nhumans = 2\n")
    play_by_keys(app, table, lambda: table.passing and table.match.current_player == 1)
    resumed = JubMooTable.resume(app, table.match, (0, 1))
    assert resumed.passing and resumed.viewer == 1 and resumed.panel is not None
    app.stack.replace(resumed)
    text = app.screen_text()
    assert not any(card_name(card) in text for card in hidden_cards(resumed, (0, 1)))
    # The last move's words come back after the box (they went with it: a tester).
    words = resumed.last_words()
    assert words
    while resumed.guarded:
        app.tick(0.1)
    app.press("ENTER")
    assert resumed.panel is None and resumed.message == words


def test_a_hot_seat_persons_highlight_comes_back_when_the_keyboard_reaches_him(table_app, make_app):
    """Found by a tester: resumed in hot seat, Player 2's highlight (saved at his turn) was lost:
    the table opens on Player 1's view behind "pass the keyboard", and the saved prompt was
    dropped there. It is taken back once his decision comes up."""
    app, table = table_app(7, "[jubmoo]\nhumans = 2\n")
    play_by_keys(app, table, lambda: table.passing and table.match.current_player == 1)
    while table.guarded:
        app.tick(0.1)
    app.press("ENTER")  # Player 2 takes the keyboard
    while table.guarded:
        app.tick(0.1)
    assert table.viewer == 1 and table.human_to_act
    app.press("RIGHT")
    if table.hand.current not in table.prompt().hand.playable:  # onto a card he may play
        app.press("LEFT", "LEFT")
    highlight = table.hand.current
    assert highlight in table.prompt().hand.playable
    app.quit()
    again = make_app("*", "--game", "jubmoo")
    again.press("Y")
    resumed = again.top_scene()
    assert isinstance(resumed, JubMooTable) and resumed.passing
    while resumed.guarded:
        again.tick(0.1)
    again.press("ENTER")
    assert resumed.viewer == 1 and resumed.hand.current == highlight


def test_in_hot_seat_a_persons_hand_is_face_down_once_another_is_to_play(table_app):
    """Found by a tester: after Player 2 played, his hand stayed face up while the computers
    played and through the trick's pause, for Player 1 (next) to see."""
    app, table = table_app(7, "[jubmoo]\nhumans = 2\n")
    seen = 0
    for _ in range(3000):
        if table.panel is not None:
            while table.guarded:
                app.tick(0.05)
            app.press("ENTER")
            continue
        seat = table.match.current_player
        if seat is None or table.obs.deal_number > 1:
            break
        if table.human_to_act and not table.guarded:
            app.press(first_legal_key(table))
        elif seat != table.viewer:
            mine = RULES.hand(table.match.state, table.viewer)
            text = app.screen_text()
            assert table.hand_hidden and not any(card_name(card) in text for card in mine), text
            seen += 1
        app.tick(0.05)
    assert seen > 10
    # F2 at a person's turn plays every seat while the people still sit at the screen: no
    # person's hand is face up (the last one's had stayed so: a tester).
    for _ in range(200):
        if table.human_to_act and not table.guarded and table.panel is None:
            break
        if table.panel is not None and not table.guarded:
            app.press("ENTER")
        app.tick(0.05)
    app.press("F2")
    assert app.demo
    for _ in range(60):
        app.tick(0.05)
        text = app.screen_text()
        mine = RULES.hand(table.match.state, table.viewer)
        assert table.hand_hidden and not any(card_name(card) in text for card in mine), text
    # F2 off on the turn of the last person to see his hand: he is handed the keyboard first (his
    # cards had turned face up at once for whoever pressed F2: a reviewer).
    for _ in range(400):
        if table.match.current_player == table.viewer:
            break
        app.tick(0.05)
    assert table.match.current_player == table.viewer
    app.press("F2")
    for _ in range(400):
        app.tick(0.05)
        if table.passing:
            break
        assert table.hand_hidden, "a person's hand came up with no pass-the-keyboard screen"
    assert table.passing and not app.demo
    # One person at the keyboard: his hand is his to see while the computers play.
    app, table = table_app(7)
    play_by_keys(app, table, lambda: table.match.current_player not in (None, 0) and table.panel is None
                 and table.hold <= 0)
    hand_rows = "\n".join(app.screen_text().splitlines()[15:20])
    assert not table.hand_hidden and "▒▒▒" not in hand_rows, hand_rows  # his cards, face up


def test_a_new_hot_seat_match_starts_with_the_keyboard_passed_to_its_first_player(table_app):
    """Found by a tester: a new hot-seat match whose first player was Player 1 showed his 13
    cards at once, with the keyboard still with Player 2 (who had played last)."""
    app, table = table_app(7, "[jubmoo]\nhumans = 2\n")
    first = next(s for s in (table.match.current_player + i for i in range(4)) if s % 4 in (0, 1)) % 4
    assert table.passing and table.viewer == first and table.panel is not None
    text = app.screen_text()
    assert f"Hand the keyboard to Player {first + 1}" in text
    assert not any(card_name(card) in text for card in hidden_cards(table, (0, 1)))


@pytest.mark.parametrize(("later", "second"), [("random", "drawn to lead."), ("pig-taker", "took the pig last deal")])
def test_each_deal_opens_saying_who_leads_it_and_why(table_app, later, second):
    """Found by a tester: with "First lead: Two of clubs" East led a spade and nothing said he
    held the 2♣; with "Later leads: Random" nothing said the leader was drawn."""
    app, table = table_app(101, f'[jubmoo]\nfirst_lead = "two-of-clubs"\nlater_leads = "{later}"\n')
    leader = table.match.current_player
    holds = table.verb(leader, "hold", "holds").replace("You", "you")
    assert table.message == f"Deal 1: {holds} the 2♣ and " + ("lead" if leader == 0 else "leads") + \
        " first (any card may be led)."
    assert table.message in app.screen_text()
    play_by_keys(app, table, lambda: table.panel is not None and table.frozen_obs is not None)
    app.press("ENTER")  # the summary goes: the next deal opens with its leader
    assert table.obs.deal_number == 2 and second in table.message, table.message
    assert table.seat_name(table.match.current_player).replace("You", "you") in table.message
    assert table.message.startswith("Deal 2: ")  # numbered, as every table's opening is (a tester)


def test_a_hot_seat_review_names_whose_decisions_it_lists(table_app):
    """Found by a tester: R in hot seat listed the last player's decisions as "Your decisions"."""
    from game.scenes.review import ReviewScene

    app, table = table_app(3, "[jubmoo]\nhumans = 2\n")
    play_by_keys(app, table, lambda: table.panel is not None and "summary" in table.panel.title)
    assert "R: review each player's decisions" in app.screen_text()  # not "your": it opens on the last to play
    app.press("R")
    review = app.top_scene()
    assert isinstance(review, ReviewScene)
    app.tick(0.01)
    assert f"{table.seat_name(review.seat)}'s decisions in this deal" in app.screen_text()
    assert table.seat_name(review.seat).startswith("Player ")
    # Each person can review his own (found by a tester: only the last to play could).
    first, other = review.seat, 1 - review.seat
    assert f"Tab: Player {other + 1}'s" in app.screen_text()
    app.press("TAB")
    for _ in range(400):
        app.tick(0.02)
        if review.decisions and review.analysed == len(review.decisions):
            break
    assert review.seat == other and review.decisions
    assert all(d.observation.seat == other for d in review.decisions)
    assert f"Player {other + 1}'s decisions in this deal" in app.screen_text() and "Done:" in app.screen_text()
    header = app.screen_text().splitlines()[3]  # his choices' column is headed by his name, not "You"
    assert f"Player {other + 1}" in header and " You " not in header
    done = next(line for line in app.screen_text().splitlines() if "Done:" in line)
    assert " your " not in done and "Done: your" not in done, done
    app.press("ENTER")  # the table as it was: turned to the player who decided (found by a tester)
    lines = app.screen_text().splitlines()
    assert f"PLAYER {other + 1}" in lines[14] and f"PLAYER {first + 1}" not in lines[14]
    assert f": Player {other + 1} " in lines[21] and ": you " not in lines[21]  # his choice, in his name
    assert all(card_name(card) in lines[HAND_ROW + 1] for card in review.showing.observation.hand)
    app.press("ESC")
    app.press("TAB")
    assert review.seat == first
    app.press("ESC")  # back to the summary: its totals are headed by names that tell the computers apart
    header = next(text for text, _ in table.panel.lines if "PLAYER 1" in text and "trick" not in text)
    assert sorted(header.split()) == sorted(["PLAYER", "1", "PLAYER", "2", "COMP", "3", "COMP", "4"]), header


def test_four_humans_pass_after_every_card(table_app):
    app, table = table_app(4, "[jubmoo]\nhumans = 4\n")
    assert table.seat_name(3) == "Player 4"
    for _ in range(6):
        play_by_keys(app, table, lambda: ready(table))
        seat = table.match.current_player
        assert table.viewer == seat
        app.press(first_legal_key(table))
        if table.hold > 0:
            assert table.viewer == seat  # the trick waits for its key before the keyboard goes
            app.tick(5.0)
            assert table.hold > 0 and not table.passing
            app.press("SPACE")
        app.tick(0.05)
        if table.match.current_player == seat:  # won the trick and leads again: no need to pass
            assert not table.passing
        else:
            assert table.passing and table.viewer == table.match.current_player
            app.tick(HAND_OVER_GUARD)
            app.press("ENTER")


def test_clockwise_draws_the_next_player_on_the_left(table_app):
    app, table = table_app(2, "[jubmoo]\nclockwise = true\n")
    lines = assert_grid(app)
    assert "PLAY GOES CLOCKWISE" in lines[1] and table.position(1) == 3 and table.seat_name(1) == "West"
    play_by_keys(app, table, lambda: any(seat == 1 for seat, _ in table.obs.trick) and table.hold <= 0)
    card = dict(table.obs.trick)[1]
    col, row = TRICK_AT[3]
    assert assert_grid(app)[row + 1][col + 1: col + 3] == card_name(card)
    assert col < 40  # the left of the table


def test_the_way_round_is_kept_with_the_match(table_app, make_app):
    """Found by a tester: "Play clockwise" changed on the menu during a match swapped East and
    West mid-deal once the match was resumed. The match keeps its own way round; the next one
    takes the new setting, and F5's first page names it."""
    app, table = table_app(2)
    play_by_keys(app, table, lambda: len(table.match.steps) >= 2 and table.human_to_act)
    app.settings.set("jubmoo", "clockwise", True)
    resumed = make_app("--game", "jubmoo", "--seed", "2")
    resumed.press("Y")  # resume the saved match
    again = resumed.top_scene()
    assert isinstance(again, JubMooTable) and len(again.match.steps) >= 2
    assert not again.clockwise and again.seat_name(1) == "East" and "GOES ANTICLOCKWISE" in resumed.screen_text()
    fresh = JubMooTable.new(resumed)
    assert fresh.clockwise and fresh.seat_name(1) == "West"
    resumed.stack.push(fresh)
    resumed.press("F5")
    assert "THIS TABLE'S OPTIONS" in resumed.screen_text() and "Play clockwise" in resumed.screen_text()


def test_open_hands_shows_the_others_cards(table_app):
    app, table = table_app(4, "[jubmoo]\nopen_hands = true\n")
    text = "\n".join(assert_grid(app))
    assert "▒" not in text
    for seat in (1, 2, 3):
        hand = table.obs.all_hands[seat]
        for suit in "SHDC":
            ranks = "".join(card[0] for card in hand if card[1] == suit)
            if ranks:
                assert card_name("x" + suit)[1] + ranks in text
    # The top seat's thirteen cards, by suit, keep a blank before its figures (found by a tester:
    # four suits ran into TRICKS).
    for seed in range(4, 40):
        app, table = table_app(seed, "[jubmoo]\nopen_hands = true\n")
        top = table.seat_at(2)
        if len({card[1] for card in table.obs.all_hands[top]}) == 4:
            break
    row = assert_grid(app)[2]
    assert re.search(r"[♠♥♦♣]\S+ TRICKS", row) and "  " in row[3:21], row


def test_big_chuan_deal_summary(table_app):
    """You hold every spade and lead: nobody else can follow, so you win all 13 tricks."""
    app, table = table_app(1)
    spades = [r + "S" for r in "AKQJT98765432"]
    others = [c for c in (r + s for s in "HDC" for r in "AKQJT98765432")]
    deck = [spades[i // 4] if i % 4 == 0 else others.pop() for i in range(52)]
    table.match.state = RULES.new_match(1, {"first_leader": 0}, deck=deck)
    table.refresh()
    play_by_keys(app, table, lambda: table.panel is not None)
    text = "\n".join(assert_grid(app))
    assert "BIG CHUAN! Every trick won: +1000 flat" in text
    assert "Big Chuan: every trick +1000" in text
    assert text.count("No cards won -50") == 3
    assert table.obs.last_deal.scores == (1000, -50, -50, -50)


def test_a_big_chuan_with_the_minus_50_waived_keeps_the_summary_whole(table_app):
    """Found by a tester: with "Big Chuan: others -50" off, each empty seat said the waiver twice
    (its breakdown line and a sentence), and the summary dropped its "Before" row for room."""
    app, table = table_app(1, "[jubmoo]\nbig_chuan_others_minus_50 = false\n")
    spades = [r + "S" for r in "AKQJT98765432"]
    others = [c for c in (r + s for s in "HDC" for r in "AKQJT98765432")]
    deck = [spades[i // 4] if i % 4 == 0 else others.pop() for i in range(52)]
    table.match.state = RULES.new_match(1, {"first_leader": 0, "big_chuan_others_minus_50": False}, deck=deck)
    table.refresh()
    play_by_keys(app, table, lambda: table.panel is not None)
    text = "\n".join(line for line, _ in table.panel.lines)
    assert text.count("No cards (waived after a Big Chuan)") == 3 and "is waived" not in text
    assert "Before" in text and "This deal" in text and "Total" in text


def test_gong_zhu_sweep_deal_summary(table_app):
    """The Big Chuan deal under Gong Zhu: every card is the sweep of the 16 point cards (+800),
    and the three players without a trick score nothing."""
    app, table = table_app(1, '[jubmoo]\nruleset = "gongzhu"\n')
    spades = [r + "S" for r in "AKQJT98765432"]
    others = [c for c in (r + s for s in "HDC" for r in "AKQJT98765432")]
    deck = [spades[i // 4] if i % 4 == 0 else others.pop() for i in range(52)]
    table.match.state = RULES.new_match(1, {"first_leader": 0, "ruleset": "gongzhu"}, deck=deck)
    table.refresh()
    play_by_keys(app, table, lambda: table.panel is not None)
    text = "\n".join(assert_grid(app))
    assert "SWEEP! All 16 point cards: hearts and the pig count plus." in text
    assert "Sweep: the pig Q♠ counts plus +100" in text and "=  +800" in text
    assert "BIG CHUAN" not in text and "-50" not in text
    assert text.count("No cards won 0") == 3
    assert table.obs.last_deal.scores == (800, 0, 0, 0)


def test_summary_spells_out_chuan_ten_of_clubs_and_the_empty_pile(table_app):
    app, table = table_app(1)
    stacks = ((*(r + "H" for r in "AKQJT98765432"), "QS"), ("TC", "5S", "6S", "7S"), ("JD",), ())
    summary = DealSummary(
        deal_number=1, leader=0, hands=((),) * 4, tricks=(), trick_winners=(), tricks_won=(9, 2, 2, 0),
        stacks=stacks, scores=tuple(stack_score(s) for s in stacks),
        breakdowns=tuple(tuple(score_breakdown(s)) for s in stacks), totals_before=(0, 0, 0, 0),
        totals=tuple(stack_score(s) for s in stacks), pig_taker=0, chuan=0, big_chuan=None, empty=(3,))
    table.frozen_obs = table.obs
    table.show_summary(summary)
    text = "\n".join(assert_grid(app))
    assert "CHUAN! All 13 hearts taken" in text and "Chuan: 13 hearts count plus +194" in text
    assert "Q♠ (the pig) -100" in text and "=   +94" in text
    assert "10♣ alone (no other points) +50" in text and "J♦ +100" in text
    assert "0 tricks  won nothing" in text and "No cards won -50" in text
    assert "You took the pig (Q♠) and lead the next deal." in text


def test_the_ten_of_clubs_doubling_reads_as_the_rest_counted_again(table_app):
    """Found by a tester: "10♣ doubles the rest -259" beside "= -518" read as if -259 were the
    doubled pile; the doubling's points are the rest counted once more."""
    app, table = table_app(1)
    stacks = (("QS", "TC", *(r + "H" for r in "AKQJT98765")), ("JD",), (), ())
    summary = DealSummary(
        deal_number=1, leader=0, hands=((),) * 4, tricks=(), trick_winners=(), tricks_won=(3, 1, 0, 0),
        stacks=stacks, scores=tuple(stack_score(s) for s in stacks),
        breakdowns=tuple(tuple(score_breakdown(s)) for s in stacks), totals_before=(0, 0, 0, 0),
        totals=tuple(stack_score(s) for s in stacks), pig_taker=0, chuan=None, big_chuan=None, empty=(2, 3))
    table.frozen_obs = table.obs
    table.show_summary(summary)
    text = "\n".join(assert_grid(app))
    rest = stack_score(stacks[0]) // 2
    assert f"10♣ doubles: the rest again {rest}" in text and f"= {2 * rest:>5}" in text


@pytest.mark.parametrize("humans", [1, 3])
def test_any_summary_fits_its_panel(table_app, humans):
    """Random piles under the longest breakdowns (all suits, 10♣ adds and doubles) still fit 18
    lines, every card of every pile shown (found by a tester: hot seat's longer names cut the
    end of a pile off)."""
    _, table = table_app(1, f'[jubmoo]\nruleset = "all-suits"\nten_clubs = "add-and-double"\nhumans = {humans}\n')
    options = {"ruleset": "all-suits", "ten_clubs": "add-and-double"}
    rng = random.Random(5)
    for _ in range(200):
        cut = sorted(rng.sample(range(1, 13), 3))
        sizes = [a - b for a, b in zip([*cut, 13], [0, *cut], strict=True)]
        deck = rng.sample(CARDS, 52)
        piles, start = [], 0
        for size in sizes:
            piles.append(tuple(c for c in CARDS if c in deck[start:start + 4 * size]))
            start += 4 * size
        scores = tuple(stack_score(p, "all-suits", options) for p in piles)
        summary = DealSummary(
            deal_number=1, leader=0, hands=((),) * 4, tricks=(), trick_winners=(), tricks_won=tuple(sizes),
            stacks=tuple(piles), scores=scores, breakdowns=tuple(tuple(score_breakdown(p, "all-suits", options))
                                                                   for p in piles),
            totals_before=(0, 0, 0, 0), totals=scores, pig_taker=0, chuan=None, big_chuan=None, empty=())
        lines = [text for text, _ in table.summary_lines(summary)]
        assert len(lines) <= SUMMARY_MAX and max(map(len, lines)) <= 72
        shown = " ".join(lines)
        assert all(word in shown for pile in piles for word, _ in point_tokens(pile, True)), lines
        assert lines[-2].startswith("Total") or lines[-3].startswith("Total")
        assert "took the pig" in lines[-1]
        # A blank row or the "Before" row is left out only when the panel is full: the "Before"
        # row first, then the blank above the footer, the one above the table last.
        gaps, before = summary_gaps(lines), any(line.startswith("Before") for line in lines)
        assert len(lines) == SUMMARY_MAX or (gaps == (True, True) and before), lines
        assert gaps != (False, True) and (gaps == (True, True) or not before), lines
        # A pile's sum follows its last part, not the first line of several (a tester read
        # "Hearts (1) -8, J♦ +100, = +184" with the 10♣'s doubling on the line below).
        assert not any(re.search(r",\s+= ", line) for line in lines), lines


def summary_gaps(lines: list[str]) -> tuple[bool, bool]:
    """Whether a summary's blank rows are there: above the table's heading (the row before its
    "Before" or "This deal" row), and above the footer."""
    heading = next(i for i, line in enumerate(lines) if line.startswith(("Before", "This deal"))) - 1
    return lines[heading - 1] == "", lines[-2] == ""


def test_a_tall_summary_keeps_its_blank_rows_while_it_has_the_rows(table_app):
    """Found by a reviewer: four players at the keyboard, a chuan with the pig and the 10♣
    (adds and doubles), a pile of two rows, the match's last deal: a summary one row too tall
    for its "Before" row dropped both blank rows too, its last breakdown running into the
    table's heading and the totals into the footer, two rows of the panel left empty."""
    import dataclasses

    _, table = table_app(1, '[jubmoo]\nhumans = 4\nten_clubs = "add-and-double"\n')
    options = {"ten_clubs": "add-and-double"}
    chuan = (*(r + "H" for r in "AKQJT98765432"), "QS", "TC", "JD")
    rest = [card for card in CARDS if card not in chuan]
    stacks = (chuan, tuple(rest[:20]), tuple(rest[20:]), ())  # Player 2's 20 cards take two rows
    scores = tuple(stack_score(s, options=options) for s in stacks)
    before = (-900, -950, -400, -300)
    summary = DealSummary(
        deal_number=7, leader=0, hands=((),) * 4, tricks=(), trick_winners=(), tricks_won=(4, 5, 4, 0),
        stacks=stacks, scores=scores,
        breakdowns=tuple(tuple(score_breakdown(s, options=options)) for s in stacks), totals_before=before,
        totals=tuple(b + s for b, s in zip(before, scores, strict=True)), pig_taker=0, chuan=0, big_chuan=None,
        empty=(3,))
    table.obs = dataclasses.replace(table.obs, phase="over")
    lines = [text for text, _ in table.summary_lines(summary)]
    assert len(lines) == SUMMARY_MAX, lines  # no row of the panel left empty
    assert summary_gaps(lines) == (True, True), lines
    assert "the match is over" in lines[-1] and not any(line.startswith("Before") for line in lines)


def test_a_hot_seat_sweep_shows_all_sixteen_point_cards(table_app):
    """Found by a tester: in hot seat the Gong Zhu sweep's pile lost its 2♥ at the panel's edge."""
    _, table = table_app(1, '[jubmoo]\nruleset = "gong-zhu"\nhumans = 3\n')
    sweep = (*(r + "H" for r in "AKQJT98765432"), "QS", "JD", "TC")
    stacks = ((), (), (), sweep)
    summary = DealSummary(
        deal_number=1, leader=0, hands=((),) * 4, tricks=(), trick_winners=(), tricks_won=(1, 2, 2, 8),
        stacks=stacks, scores=(0, 0, 0, 800), breakdowns=((), (), (), (("Sweep", 800),)),
        totals_before=(0, 0, 0, 0), totals=(0, 0, 0, 800), pig_taker=3, chuan=None, big_chuan=None, empty=(),
        sweep=3)
    lines = [text for text, _ in table.summary_lines(summary)]
    assert max(map(len, lines)) <= 72
    text = " ".join(lines)
    assert all(card_name(card) in text for card in sweep), lines


def test_attract_mode_plays_jub_moo(make_app):
    app = make_app("*")
    attract = AttractScene(app)
    while attract.table.game_name != "jubmoo":
        attract.index += 1
        attract.table = attract._next_table()
    app.stack.push(attract)
    table = attract.table
    for _ in range(400):
        app.tick(0.7)
        assert_grid(app)
        if table.deals_seen:
            break
    assert table.deals_seen == 1 and not table.passing
    assert app.screen_text().startswith(" JUB MOO")


# ---- issue 14: no card you did not choose, figures a player expects, the hot seat ----
def test_a_key_pressed_to_go_on_after_a_trick_plays_no_card(make_app):
    """``main.py 'S*' --game jubmoo --seed 7``, B, five seconds, Space: the 7♦ was led unasked.

    You take the trick you led and lead the next one, so "Any key: go on." waits for its key
    and the key only goes on; the lead prompt that follows ignores keys for a moment."""
    for wait in (2.0, 3.0, 3.5, 4.0, 4.1, 4.3, 5.0, 8.0):  # before, at and after the end of the old hold
        app = make_app("S*", "--game", "jubmoo", "--seed", "7")
        table = app.top_scene()
        assert isinstance(table, JubMooTable) and app.delay == 1.0  # the default delay between moves
        app.press("B")
        assert table.match.steps == ["AD"]
        for _ in range(round(wait / 0.05)):
            app.tick(0.05)
        if wait >= 3.0:
            assert "You take the trick." in app.screen_text() and "Any key: go on." in app.screen_text()
        app.press("SPACE")
        app.press("SPACE")  # and again at once
        assert table.match.steps == ["AD", "8D", "KD", "TD"][:len(table.match.steps)], f"a card led after {wait} s"
        app.saves.delete("jubmoo")  # the next start is a new match, not a resume
    assert table.hold <= 0 and table.guarded and "Your lead" in app.screen_text()
    app.tick(PROMPT_GUARD)
    card = table.hand.current
    app.press("SPACE")  # the prompt has been on screen: now Space leads the card highlighted on it
    assert table.match.steps[4] == card


def test_a_trick_a_computer_takes_goes_on_by_itself(table_app):
    app, table = table_app(6)
    play_by_keys(app, table, lambda: table.hold > 0 and table.match.current_player not in table.humans)
    steps = len(table.match.steps)
    app.tick(1.5)
    assert table.hold <= 0
    app.tick(0.05)
    assert len(table.match.steps) > steps  # the computer that took it leads at once (no delay)


def deal_figures(lines: list[str], table: JubMooTable) -> dict[int, int]:
    """The DEAL figure shown for each seat: the wide seats' lines and the side blocks."""
    shown = {}
    for seat, row in ((table.seat_at(0), 14), (table.seat_at(2), 2)):
        shown[seat] = int(re.search(r"DEAL +(-?\d+)", lines[row]).group(1))
    for seat, col in ((table.seat_at(3), 3), (table.seat_at(1), 53)):
        text = lines[8][col:col + 13]
        assert text.startswith("DEAL")
        shown[seat] = int(text[4:])
    return shown


def test_no_deal_figure_counts_the_empty_pile_before_the_deal_is_over(table_app):
    """DEAL is what the cards won so far score: 0 before a seat takes a trick, not the -50
    an empty pile costs only if the deal ends so (the summary counts it then)."""
    app, table = table_app(7)
    lines = assert_grid(app)
    assert deal_figures(lines, table) == {0: 0, 1: 0, 2: 0, 3: 0} and "-50" not in "".join(lines[2:16])
    for _ in range(6):  # tricks later: a seat that took tricks shows its pile's score, the others 0
        play_by_keys(app, table, lambda: table.hold > 0)
        obs = table.obs
        want = {s: obs.deal_scores_so_far[s] if obs.tricks_won[s] else 0 for s in range(4)}
        assert deal_figures(assert_grid(app), table) == want
        app.press("SPACE")
    assert 0 in want.values() and any(want.values())  # both kinds were seen
    app.press("F6")  # with the replay offer, the settled deal stays on the table under it
    play_by_keys(app, table, lambda: ready(table) and "continue" in table.obs.legal_actions)
    last = table.obs.last_deal
    assert last.empty and deal_figures(assert_grid(app), table) == dict(enumerate(last.scores))
    assert all(last.scores[s] == -50 for s in last.empty)  # the empty pile's -50 comes with the deal's end


def hot_seat_pass(app, table: JubMooTable) -> None:
    """Play by keys until the keyboard is passed."""
    play_by_keys(app, table, lambda: table.passing)


def test_hot_seat_the_pass_panel_and_the_new_prompt_ignore_keys_for_a_moment(table_app):
    """A key pressed as the panel comes up (meant for what was before) does not show the next
    player's hand, and an Enter right after the one that closes it does not play his card."""
    app, table = table_app(7, "[jubmoo]\nhumans = 2\n")
    for _ in range(3):
        hot_seat_pass(app, table)
        seat = table.match.current_player
        assert table.guarded
        for key in ("ENTER", "SPACE", "ENTER"):
            app.press(key)
        assert table.passing and "Pass the keyboard" in app.screen_text()
        assert not any(card_name(c) in app.screen_text() for c in hidden_cards(table, (0, 1)))
        app.tick(0.4)
        app.press("ENTER")  # the last player's next key, 0.4 s on (a tester): still his, not the next's
        assert table.passing and not any(card_name(c) in app.screen_text() for c in hidden_cards(table, (0, 1)))
        app.tick(HAND_OVER_GUARD)
        steps = len(table.match.steps)
        app.press("ENTER")
        assert not table.passing and table.viewer == seat and table.guarded
        app.press("ENTER")  # a second Enter at once: his card is not played for him
        assert len(table.match.steps) == steps
        app.tick(PROMPT_GUARD + 0.01)
        assert ready(table)


def test_hot_seat_after_a_deal_summary_the_keyboard_is_passed_again(table_app):
    """Found by a tester: after a summary everybody had read, the last player's new hand lay face
    up while the computers led. The next deal starts behind "pass the keyboard", as a match does."""
    app, table = table_app(7, "[jubmoo]\nhumans = 2\n")
    play_by_keys(app, table, lambda: table.panel is not None and "summary" in table.panel.title)
    app.tick(HAND_OVER_GUARD)
    app.press("SPACE")  # the summary closes
    assert table.passing and "Pass the keyboard" in app.screen_text()
    assert not any(card_name(c) in app.screen_text() for c in hidden_cards(table, (0, 1)))


def test_esc_at_the_pass_the_keyboard_box_asks_to_leave(table_app):
    """Found by a tester: Esc at hot seat's "Pass the keyboard" did nothing and said nothing."""
    app, table = table_app(7, "[jubmoo]\nhumans = 2\n")
    hot_seat_pass(app, table)
    while table.guarded:
        app.tick(0.1)
    app.press("ESC")
    assert "Leave this game for the menu?" in app.screen_text()
    app.press("ESC")
    assert table.passing and app.top_scene() is table  # stayed: the box still waits for Enter


def test_hot_seat_f2_behind_the_pass_panel_says_the_demo_waits_for_enter(table_app):
    """Found by a tester: F2 on "pass the keyboard" turned the demo on and nothing moved. The
    hands stay hidden until the person named presses Enter, and the notice says so, on one row
    (a tester saw only its first half, cut at the row's end, and took nothing for an answer)."""
    app, table = table_app(7, "[jubmoo]\nhumans = 2\n")
    hot_seat_pass(app, table)
    app.press("F2")
    name = f"Player {table.viewer + 1}"
    notice = f"Demo on: once {name} presses Enter, the computer plays every seat."
    assert table.passing and app.screen_text().splitlines()[-1].strip() == notice
    app.press("F2")  # off again: the row says so at once, not "Demo on" for seconds more
    off = f"Demo off: {name} plays after pressing Enter."
    assert not app.demo and app.screen_text().splitlines()[-1].strip() == off
    app.press("F2")
    assert not any(card_name(c) in app.screen_text() for c in hidden_cards(table, (0, 1)))
    app.tick(HAND_OVER_GUARD)
    app.press("ENTER")
    steps = len(table.match.steps)
    for _ in range(200):
        app.tick(0.05)
    assert not table.passing and len(table.match.steps) > steps  # the computer plays on
    app.press("F2")


def test_hot_seat_a_key_refused_behind_the_pass_panel_leaves_no_message_after_it(table_app):
    """Found by a tester: F4 on the pass panel said "F4 gives a hint when it is your turn",
    and the words stayed on the message line after the next player pressed Enter."""
    app, table = table_app(7, "[jubmoo]\nhumans = 2\n")
    hot_seat_pass(app, table)
    before = table.message
    app.press("F4")  # "when it is your turn" read wrong beside "It is Player 1's turn" (a later tester)
    name = table.seat_name(table.viewer)
    assert app.screen_text().splitlines()[-1].startswith(f"F4: {name} presses Enter first; then F4 gives a hint.")
    assert table.message == before
    app.tick(HAND_OVER_GUARD)
    app.press("ENTER")
    assert not table.passing and table.message == before
    assert "F4 gives a hint" not in table.message


def test_hot_seat_f4_at_a_pause_before_the_other_persons_turn_goes_on(table_app):
    """Found by a tester: at "Any key: go on." before the other person's turn, F4 said "when it
    is your turn" and the pause stayed, F4 after F4; it goes on, as any key does, to the pass."""
    app, table = table_app(31, "[jubmoo]\nhumans = 2\n")
    play_by_keys(app, table, lambda: table.holding_for_key and table.match.current_player != table.viewer)
    app.press("F4")
    assert table.hold <= 0 and "when it is your turn" not in app.screen_text()
    app.tick(0.1)
    assert table.passing


def test_f4_over_the_recalled_last_trick_goes_back_to_the_table(table_app):
    """Found by a tester following hints with Enter: after L, F4 hinted but the recall stayed,
    and the Enter meant to play only closed it."""
    from tests.scenes.test_hint_and_review import hint_now

    app, table = table_app(33)
    play_by_keys(app, table, lambda: table.human_to_act and not table.guarded and bool(table.obs.last_trick))
    app.press("L")
    assert table.show_last
    assert hint_now(app, table).startswith("Hint:") and not table.show_last
    steps = len(table.match.steps)
    app.press("ENTER")
    assert len(table.match.steps) > steps


def test_a_hint_that_comes_while_the_last_trick_is_recalled_is_readied_after_it(table_app):
    """Found by a tester: F4, then L while Hard thought; the hint came over the recalled trick,
    was not readied, and Enter back at the table played the card highlighted before (the Q♠)."""
    from tests.scenes.test_hint_and_review import wait_for_hint

    app, table = table_app(33)
    play_by_keys(app, table, lambda: table.human_to_act and not table.guarded and bool(table.obs.last_trick)
                 and len(table.obs.legal_actions) > 1)
    before = table.hand.current
    poll = app.ai.poll
    app.ai.poll = lambda ticket: (None, None)  # Hard still thinking as L is pressed
    app.press("F4", "L")
    assert table.show_last
    app.ai.poll = poll
    wait_for_hint(app, table)
    assert table.hint_ticket is not None, "it waits for the recall to close"
    app.press("SPACE")
    wait_for_hint(app, table)
    hinted = table.hinted_move()[0]
    assert table.message.startswith("Hint:") and table.hand.current == hinted != before
    steps = len(table.match.steps)
    app.press("ENTER")
    assert table.match.steps[steps] == hinted


def test_hot_seat_the_hand_and_the_keys_are_those_of_the_player_to_act(table_app):
    """Each person sees and plays his own cards, in his own order (F3 off)."""
    app, table = table_app(7, "[jubmoo]\nhumans = 2\n")
    app.press("F3")
    orders: dict[int, list[str]] = {}
    seen = set()
    for _ in range(12):
        play_by_keys(app, table, lambda: ready(table))
        seat = table.match.current_player
        assert table.viewer == seat
        mine = RULES.hand(table.match.state, seat)
        assert sorted(table.hand.cards) == sorted(mine)
        if seat in orders:  # his own order came back with him
            assert table.hand.cards == [c for c in orders[seat] if c in mine]
        elif len(table.hand.cards) > 1:  # he arranges his cards: the first goes second
            while table.hand.cursor:
                app.press("LEFT")
            app.handle_key(Key(pygame.K_RIGHT, "", shift=True))
        orders[seat] = list(table.hand.cards)
        seen.add(seat)
        index = next(i for i, c in enumerate(table.hand.cards) if c in table.obs.legal_actions)
        card = table.hand.cards[index]
        app.press(hand_key(index))
        assert table.match.steps[-1] == card and card in mine  # his key played his card
    assert seen == {0, 1}


def test_a_hot_seat_resume_gives_each_person_his_own_order(table_app):
    app, table = table_app(7, "[jubmoo]\nhumans = 2\n")
    app.settings.values["play"]["hand_sort"] = False
    hands = [list(RULES.hand(table.match.state, seat)) for seat in (0, 1)]
    orders = {0: hands[0][::-1], 1: hands[1][1:] + hands[1][:1]}
    table.arrangements = {1: orders[1]}
    table.hand.arrangement = orders[0]
    saved = table.table_state()
    resumed = JubMooTable.resume(app, table.match, (0, 1), saved)
    assert resumed.arrangements[1] == orders[1]
    assert resumed.arrangements.get(resumed.viewer) == orders[resumed.viewer]
    resumed.set_viewer(1 - resumed.viewer)
    assert list(resumed.hand.cards) == orders[resumed.viewer]


def test_odd_seats_in_a_saved_order_are_ignored(table_app):
    """Found by a tester: a save whose orders were keyed "²" (a digit to str.isdigit, not to
    int) ended the program at every resume."""
    app, table = table_app(7)
    for odd in ("²", "-1", "9", " 1", "x", ""):
        resumed = JubMooTable.resume(app, table.match, (0,), {"arrangements": {odd: ["AS"], "1": "AS"}})
        assert resumed.arrangements == {}


def test_a_hot_seat_match_is_not_counted_in_the_statistics(table_app):
    """Found by a tester: in hot seat one match counted as won and as the pig at once (the
    statistics are one player's record, so hot seat keeps out of them)."""
    app, table = table_app(7, "[jubmoo]\nhumans = 2\ntarget = -100\n")
    play_by_keys(app, table, lambda: table.result_shown, max_rounds=60000)
    counters = app.stats.games.get("jubmoo", {})
    assert not counters.get("matches_played") and not counters.get("deals_played"), counters
    alone, single = table_app(7, "[jubmoo]\ntarget = -100\n")
    play_by_keys(alone, single, lambda: single.result_shown, max_rounds=60000)
    assert alone.stats.games["jubmoo"]["matches_played"] == 1  # one person: counted


def test_totals_wait_for_the_summary_and_a_tie_shares_its_place(table_app):
    """Found by a tester: while the deal's last trick was held, TOTAL already had the deal in it
    ("TRICKS 0  DEAL 0  TOTAL -50"); and two top scores of 0 were ranked "1." and "2."."""
    import dataclasses

    app, table = table_app(5)
    before = table.obs.scores
    play_by_keys(app, table, lambda: table.summary_due is not None or table.panel is not None)
    assert table.summary_due is not None and table.view.scores == before
    play_by_keys(app, table, lambda: table.panel is not None and table.panel.review)
    assert table.view.scores == table.obs.scores != before
    table.obs = dataclasses.replace(table.obs, scores=(-102, -184, 0, 0), pigs=(), winner=())
    text = "\n".join(line for line, _ in table.result_lines())
    first = [line for line in text.splitlines() if "top score" in line]
    assert len(first) == 2 and all(line.strip().startswith("1.") for line in first), text
    assert any(line.strip().startswith("3.") for line in text.splitlines())


def test_a_hot_seat_match_left_at_a_summary_resumes_on_it_in_fixed_order(table_app, make_app):
    """Found by a tester: a hot-seat match left at a deal's summary resumed on the next person's
    "Pass the keyboard", the summary and its review lost; and the summary's columns started
    from whoever played last, moving from deal to deal."""
    app, table = table_app(3, "[jubmoo]\nhumans = 2\n")
    play_by_keys(app, table, lambda: table.panel is not None and table.panel.review)
    names = [line for line, _ in table.panel.lines if "PLAYER 1" in line and "PLAYER 2" in line]
    assert names and names[0].index("PLAYER 1") < names[0].index("PLAYER 2") < names[0].index("COMP 3")
    last = table.obs.last_deal
    app.quit()
    again = make_app("*", "--game", "jubmoo")
    again.press("Y")
    resumed = again.top_scene()
    assert resumed.panel is not None and resumed.panel.review and resumed.obs.last_deal == last
    for _ in range(40):
        again.tick(0.05)
    again.press("SPACE")  # read: the person at the keyboard is asked for next
    assert resumed.panel is not None and "Pass the keyboard" in resumed.panel.title


def test_lead_marks_the_leader_of_the_trick_held(table_app):
    """Found by a tester: LEAD moved to the trick's winner while the finished trick was still
    on the table; it marks who led the trick shown."""
    for seed in range(1, 20):
        app, table = table_app(seed)
        play_by_keys(app, table, lambda t=table: t.hold > 0)
        led, winner = table.obs.last_trick[0][0], table.obs.last_trick_winner
        if led == winner:
            continue
        leads = [line for line in assert_grid(app)[2:16] if "LEAD" in line]
        assert len(leads) == 1 and f"{table.seat_name(led).upper()}  LEAD" in leads[0], leads
        return
    pytest.fail("no seed's first trick was taken by another than its leader")


def test_the_last_trick_recalled_while_others_play_waits_for_a_key(table_app):
    """Found by a tester: L pressed while the computers played showed the last trick only until
    their next card, under "Any key: back to the table"; and L was offered before any trick."""
    app, table = table_app(5)
    assert "L Last trick" not in assert_grid(app)[PROMPT_ROW]  # no trick yet: not offered
    play_by_keys(app, table, lambda: table.obs.last_trick and table.hold <= 0
                 and table.match.current_player not in table.humans and not table.guarded)
    steps = len(table.match.steps)
    app.press("L")
    app.tick(2.0)
    assert table.show_last and len(table.match.steps) == steps  # the others wait
    assert "Any key: back to the table." in app.screen_text()
    app.press("SPACE")
    app.tick(1.0)
    assert not table.show_last and len(table.match.steps) > steps


def test_the_summary_and_the_result_sign_every_total(table_app):
    """Found by testers: "This deal +73" stood above "Total 73", where Luk Fu's sheet signs
    its totals; a plus total reads the same in every row and in the match result."""
    import dataclasses

    app, table = table_app(11)
    play_by_keys(app, table, lambda: table.panel is not None and "summary" in table.panel.title)
    last = dataclasses.replace(table.obs.last_deal, totals_before=(40, -10, 0, -30), totals=(120, -10, 0, -50))
    rows = {line.split()[0]: line for line, _ in table.summary_lines(last) if line.split()}
    assert "+120" in rows["Total"] and "+40" in rows["Before"] and " 0" in rows["Total"]


def test_the_tables_figures_are_signed_as_the_summary_writes_them(table_app):
    """Found by a tester: "TOTAL 60" on the table after "+60" on the summary."""
    import dataclasses

    app, table = table_app(8)
    table.obs = dataclasses.replace(table.obs, scores=(60, -50, 0, 1200))
    text = app.screen_text()
    assert re.search(r"TOTAL +\+60\b", text) and re.search(r"TOTAL +-50\b", text), text
    assert re.search(r"TOTAL +\+1200\b", text) and re.search(r"TOTAL +0\b", text)


def test_in_hot_seat_one_key_ends_a_pause_under_a_long_message(table_app):
    """Found in review: the key that ended a trick's pause under a long message before another
    person's turn left the message over that person's prompt, asking for a key again."""
    app, table = table_app(5, "[jubmoo]\nhumans = 2\n")
    for _ in range(3000):
        if table.hold > 0 and table.holding_for_key and table.match.current_player != table.viewer:
            break
        if table.panel is not None and not table.guarded:
            app.press("ENTER")
        elif table.human_to_act and not table.guarded:
            app.press(first_legal_key(table))
        app.tick(0.05)
    assert table.holding_for_key and table.match.current_player != table.viewer
    table.message = "A long message about the trick just taken. " * 3
    app.press("SPACE")
    assert table.message == "" and not table.message_covers_prompt


def test_hot_seat_keys_behind_the_pass_panel_and_the_replay_offer_are_said(table_app):
    """Found by a tester (3 people): L on "pass the keyboard" did nothing and said nothing; F4 at a
    trick's pause before another person's turn was dropped unsaid; the replay offer, a choice
    for the whole table, was passed on as "It is Player 1's turn."."""
    app, table = table_app(7, "[jubmoo]\nhumans = 2\n")
    app.press("F6")  # the replay offer on
    play_by_keys(app, table, lambda: table.passing and table.panel is not None and sum(table.obs.tricks_won) > 0)
    while table.guarded:
        app.tick(0.1)
    app.press("L")
    assert "L: " in app.screen_text().splitlines()[-1] and "presses Enter first" in app.screen_text()
    play_by_keys(app, table, lambda: table.hold > 0 and table.match.current_player in table.humans
                 and table.match.current_player != table.viewer)
    following = table.seat_name(table.match.current_player)
    app.press("F4")
    assert table.hold == 0 and f"F4: {following} takes the keyboard first" in app.screen_text().splitlines()[-1]
    play_by_keys(app, table, lambda: table.passing and table.panel is not None and "replay" in table.obs.legal_actions)
    assert "decides whether deal 1 is replayed." in app.screen_text()
