"""What every table built on the kit must do, played headless by keys as a player would.

Each table is one ``Case`` in ``TABLES``: adding a table is one line there. The helpers
read only what the kit publishes (``prompt()``, ``hand``, ``KEYS``, ``guarded``), so the same
driver plays every game.
"""

from __future__ import annotations

import importlib
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pytest

from game import registry
from game.app.keys import Key
from game.rules import IllegalAction
from game.scenes.help import HELP_DIR, HelpScene
from game.scenes.jubmoo_table import JubMooTable
from game.scenes.table import KEY_CUE, PROMPT_GUARD, PROMPT_ROW, SUMMARY_MAX, Panel, TableScene
from game.scenes.widgets import dialog_top
from game.screen import palette
from game.screen.canvas import COLS
from game.screen.cards import hand_key


def one_card(action: str) -> tuple[str, ...] | None:
    """The card a one-card play plays (``7S``, ``KH bella``); None for other actions."""
    head = action.split()[0]
    return (head,) if len(head) == 2 and head[0] in "23456789TJQKA" and head[1] in "SHDC" else None


def lukfu_cards(action: str) -> tuple[str, ...] | None:
    """The Luk Fu cards an action raises (``S4 S5 S6``, ``discard C2``); None for the words."""
    words = action.split()[1:] if action.startswith("discard ") else action.split()
    return tuple(words) if all(len(w) == 2 and w[0] in "CSMT" and w[1].isdigit() for w in words) else None


def discarded(action: str) -> tuple[str, ...] | None:
    """The cards a Mus discard throws away."""
    return tuple(action.split()[1:]) if action.startswith("discard ") else None


@dataclass(frozen=True)
class Case:
    game: str
    table: str  # module:Class
    cards_of: Callable[[str], tuple[str, ...] | None]  # the cards an action plays (None: not a card play)
    tricks: bool = True  # a finished trick is held on screen (Mus has no tricks)
    every_card_playable: bool = False  # the hand never holds a card it may not play: an empty pick is refused

    @property
    def cls(self) -> type[TableScene]:
        module, name = self.table.split(":")
        cls = getattr(importlib.import_module(module), name)
        assert issubclass(cls, TableScene)
        return cls


TABLES = [
    Case("klaberjass", "game.scenes.klaberjass_table:KlaberjassTable", one_card),
    Case("jubmoo", "game.scenes.jubmoo_table:JubMooTable", one_card),
    Case("mus", "game.scenes.mus_table:MusTable", discarded, tricks=False, every_card_playable=True),
    Case("lukfu", "game.scenes.lukfu_table:LukFuTable", lukfu_cards),
]


@pytest.fixture(params=TABLES, ids=[case.game for case in TABLES])
def case(request) -> Case:
    return request.param


@pytest.fixture
def start(make_app, home, case):
    """``start(seed, *argv)``: the real program at ``case``'s table, no delay between moves."""

    def start(seed: int = 5, *extra: str):
        shutil.rmtree(home / "saves", ignore_errors=True)  # a fresh match each time, not the last one's save
        app = make_app("--game", case.game, "--seed", str(seed), *extra)
        app.settings.values["play"]["delay"] = 0.0
        table = app.top_scene()
        assert isinstance(table, case.cls)
        return app, table

    return start


# ---- a player at the keyboard ----
def state_of(table: TableScene) -> tuple:
    """What a draw must leave alone."""
    hand = table.hand
    return hand.cursor, list(hand.cards), set(hand.picked), list(hand.arrangement), table.choice_cursor, table.message


def bound(table: TableScene, key: str, shown: set[str]) -> bool:
    """``key`` is one of the table's KEYS, or a later letter of a lettered list (a binding on A)
    whose every letter from A to it is on the prompt too (``shown``), as a list's are."""
    if any(b.key == key for b in table.KEYS):
        return True
    run = [chr(c) for c in range(ord("A"), ord(key) + 1)] if len(key) == 1 and "B" <= key <= "Z" else []
    return bool(run) and any(b.key == "A" for b in table.KEYS) and set(run) <= shown


def decide(app, table: TableScene, case: Case) -> None:
    """Press the keys of the first legal action the screen offers, checking the kit's promises."""
    prompt = table.prompt()
    before = state_of(table)
    app.compose()
    assert state_of(table) == before, "drawing changed the table"
    shown = {choice.key for choice in prompt.choices}
    for choice in prompt.choices:
        assert bound(table, choice.key, shown), f"{choice} is not one of the table's KEYS"
    hand = table.hand
    if prompt.hand is not None and hand.cards:
        assert hand.current in prompt.hand.playable, "the cursor does not start on a playable card"
    legal = table.obs.legal_actions
    for action in legal:
        for choice in prompt.choices:
            if choice.action == action:
                app.press(choice.key)
                return
    if prompt.hand is not None:
        for action in legal:
            cards = case.cards_of(action)
            if cards and all(c in hand.cards for c in cards):
                steps = len(table.match.steps)
                for card in cards:
                    app.press(hand_key(hand.cards.index(card)))
                if prompt.hand.multi:
                    app.press("ENTER")
                    if len(table.match.steps) == steps and hand.picked:
                        continue  # one play of several actions (Luk Fu's throws): pick the next one's cards too
                return
    app.press(prompt.choices[0].key if prompt.choices else "ENTER")


def settle(app, table: TableScene) -> None:
    """Let a panel that has just come up by itself (a deal's summary, the result) take keys:
    it ignores them for ``PROMPT_GUARD``, as a player's second quick key is meant for before."""
    while table.panel is not None and table.guarded and not getattr(table, "passing", False):
        app.tick(0.05)  # (Jub Moo's hot-seat "pass the keyboard" panel is tested while guarded)


def play(app, table: TableScene, case: Case, until, rounds: int = 6000) -> None:
    """Play by keys (first legal action) until ``until()``; the computer plays the other seats."""
    for _ in range(rounds):
        if until():
            settle(app, table)
            return
        if table.panel is not None:
            if table.guarded:
                app.tick(0.05)  # a summary that just came up ignores keys for a moment
            else:
                app.press("ENTER")
        elif table.hold > 0:
            app.press("SPACE")
        elif table.human_to_act and not table.guarded:
            decide(app, table, case)
        else:
            app.tick(0.05)
    raise AssertionError("the table stopped making progress")


def choosing_cards(table: TableScene) -> bool:
    return table.human_to_act and not table.guarded and table.prompt().hand is not None


def bottom_row(app) -> str:
    return app.screen_text().splitlines()[-1]


def shift(name: str) -> Key:
    return Key(getattr(pygame, f"K_{name}"), "", shift=True)


def test_the_tallest_panel_leaves_the_title_bar_in_sight(start):
    """Found by a tester: a Jub Moo all-suits summary of the most lines a panel holds was
    drawn over the title bar, leaving "JU" and "ING" of it at the box's ends; and later over
    the frame's edge, its corners and East's scores beside it, the bottom edges run together."""
    app, table = start()
    before = app.screen_text().splitlines()
    table.show_panel(Panel("Deal 1 summary", [("a line", palette.WHITE)] * SUMMARY_MAX))
    lines = app.screen_text().splitlines()
    assert lines[0] == before[0] and lines[1] == before[1]  # the title bar and the frame's top edge
    assert "Deal 1 summary" in lines[2] and lines[2].strip("║ ").startswith("╔")
    assert lines[23] == "╚" + "═" * (COLS - 2) + "╝"  # the frame's bottom edge, whole
    assert all(line[1:3] == "  " and line[-3:-1] == "  " for line in lines[2:23])  # nothing of the table beside it
    assert lines[22].strip("║ ").startswith("╚") and "Press any key" in lines[21]
    assert lines[-1].startswith("F1 ")


def test_a_summary_or_the_result_leaves_nothing_of_the_table_beside_it(start):
    """Found by a tester: "COMP 31", the end of the Klaberjass side panel's points row, showed
    beside a summary whose total said 41."""
    app, table = start()
    for panel in (Panel("Deal 1 summary", [("a line", palette.WHITE)] * 4, review=True),
                  Panel("Match over", [("a line", palette.WHITE)] * 4, result=True)):
        table.show_panel(panel)
        lines = app.screen_text().splitlines()
        inside = [line[1:-1] for line in lines[2:23]]
        left = (COLS - table.panel_width(panel)) // 2 - 1  # the felt's columns left of the box
        assert all(not row[:left].strip() for row in inside), "\n".join(lines)
        table.close_panel()
    aside = Panel("Why", [("a line", palette.WHITE)], aside=True)  # read beside play: the table stays
    before = app.screen_text().splitlines()
    table.show_panel(aside)
    assert app.screen_text().splitlines()[3] == before[3]


def click(app, col: int, row: int) -> None:
    """A mouse click on the text cell at ``col``, ``row``."""
    app.click_cell(col, row)


def test_the_mouse_takes_a_prompt_choice_ends_a_pause_and_closes_a_summary(start, case):
    """Found by a tester playing by the mouse: a click on a prompt's choice ("P Pass") did
    nothing, and a click could not end "Any key: go on." nor close a deal's summary."""
    app, table = start(12)
    play(app, table, case, lambda: table.human_to_act and not table.guarded and bool(table.prompt().choices)
         and table.choice_at(2 + len(table.prompt().text) + 1, PROMPT_ROW) is not None)
    choice = table.choice_at(2 + len(table.prompt().text) + 1, PROMPT_ROW)
    steps, row = len(table.match.steps), app.screen_text().splitlines()[PROMPT_ROW]
    first = row.index(f"{choice.key} {choice.label}")
    assert table.choice_at(first, PROMPT_ROW) == choice and table.choice_at(first - 1, PROMPT_ROW) != choice
    click(app, first + 1, PROMPT_ROW)
    assert len(table.match.steps) > steps or table.prompt().text != row, "the click took the choice"
    play(app, table, case, lambda: table.panel is not None and table.frozen_obs is not None)
    while table.guarded:
        app.tick(0.05)
    click(app, 40, 12)
    assert table.panel is None, "a click closes the summary, as any key does"
    table.hold, table.hold_for_key = 2.0, True  # a trick's pause that waits for a key
    click(app, 40, 12)
    assert table.hold == 0.0
    if isinstance(table, JubMooTable):  # the last trick (L), which any key leaves, a click too
        while table.guarded:
            app.tick(0.05)
        table.show_last = True
        click(app, 40, 12)
        assert not table.show_last


def test_a_click_on_a_panels_prompt_takes_the_key_it_names(start, case):
    """Found by a tester playing by the mouse: a click on "R: review your decisions" closed the
    summary and dealt on, and the match result's "Enter: new match  Esc: back to the menu"
    took no click at all."""
    app, table = start(12)
    play(app, table, case, lambda: table.panel is not None and table.frozen_obs is not None)
    panel = table.panel
    assert panel is not None and panel.prompt.startswith("R: review")
    width, (above, below) = table.panel_width(panel), table.panel_margins(panel)
    col, row = (COLS - width) // 2 + 3, table.panel_top(panel) + 1 + above + len(panel.lines) + below
    prompt_row = row
    assert app.screen_text().splitlines()[row][col:].startswith("R: review")
    assert table.panel_click_key(panel, col + 2, row) == "R"
    assert table.panel_click_key(panel, col + panel.prompt.index("Any other key") + 3, row) == "SPACE"
    result = Panel("Match over", [("", 0)], "Enter: new match    Esc: back to the menu", on_key=lambda key: False)
    width, height = table.panel_width(result), table.panel_height(result)
    col, row = (COLS - width) // 2 + 3, dialog_top(height) + 1 + len(result.lines) + 2
    assert table.panel_click_key(result, col + 1, row) == "ENTER"
    assert table.panel_click_key(result, col + result.prompt.index("Esc") + 4, row) == "ESC"
    assert table.panel_click_key(result, col, row - 2) is None  # elsewhere: neither
    while table.guarded:
        app.tick(0.05)
    click(app, (COLS - table.panel_width(panel)) // 2 + 4, prompt_row)
    from game.scenes.review import ReviewScene

    assert isinstance(app.top_scene(), ReviewScene), "the click on R opened the review"


# ---- the function keys ----
def test_f1_switches_the_sound_and_the_bar_says_so(start):
    app, _ = start()
    assert "F1 NOSND" in bottom_row(app) and app.speaker.enabled
    app.press("F1")
    assert app.settings.get("play", "sound") is False and not app.speaker.enabled
    assert "F1 SND" in bottom_row(app)
    app.press("F1")
    assert app.speaker.enabled and "F1 NOSND" in bottom_row(app)


def f3_says(app, words: str) -> bool:
    """The key bar names F3's next order in the table's words ("SORT"; Luk Fu's "BY SUIT"),
    maybe shortened to their last word where the row is full."""
    return f"F3 {words} " in bottom_row(app) + " " or f"F3 {words.split()[-1]} " in bottom_row(app) + " "


def test_f3_sort_off_lets_shift_arrows_arrange_and_on_sorts_again(start, case):
    app, table = start(7)
    app.press("F3")
    assert app.settings.get("play", "hand_sort") is False and f3_says(app, table.SORT_WORDS[1])
    play(app, table, case, lambda: choosing_cards(table) and len(table.hand.cards) > 2)
    hand = table.hand
    if not hand.can_arrange:
        assert hand.cards == list(table.hand_cards(table.view))
        return
    while hand.cursor != 0:
        app.press("LEFT")
    first, second = hand.cards[:2]
    screen = app.screen_text()
    app.handle_key(shift("RIGHT"))
    assert hand.cards[:2] == [second, first] and hand.cursor == 1
    assert hand.arrangement == hand.cards
    assert app.screen_text() != screen
    app.press("F3")
    assert hand.cards == list(table.hand_cards(table.view)) and f3_says(app, table.SORT_WORDS[0])
    app.handle_key(shift("RIGHT"))  # with F3 on, Shift+Right only moves the highlight
    assert hand.cards == list(table.hand_cards(table.view))


def test_a_hand_f3_reordered_comes_back_in_that_order(start, case, make_app):
    """Found by a tester: at Luk Fu, F3 off put his hand in value order; quit and resumed, it
    came back by suit under "F3 SUIT" (the order F3 gave was not saved until a move)."""
    app, table = start(7)
    play(app, table, case, lambda: choosing_cards(table) and len(table.hand.cards) > 2)
    app.press("F3")
    order = list(table.hand.cards)
    app.quit()
    again = make_app("*", "--game", case.game)
    again.press("Y")  # resume
    resumed = again.top_scene()
    assert isinstance(resumed, case.cls) and again.settings.get("play", "hand_sort") is False
    assert resumed.hand.cards == order


def test_f3_keeps_the_highlight_and_the_raised_cards_on_their_cards(start, case):
    """Found by a tester: F3 with cards raised moved the highlight to the first card (where a
    throw of one card plays the highlighted card)."""
    app, table = start(7)
    play(app, table, case, lambda: choosing_cards(table) and len(table.hand.cards) > 3)
    hand = table.hand
    playable = [i for i, card in enumerate(hand.cards) if card in table.prompt().hand.playable]
    app.press(*(["RIGHT"] * ((playable[-1] - hand.cursor) % len(hand.cards))))
    if table.RAISED_PLAYS:  # Mus, Luk Fu: a card raised, the highlight left on it
        app.press("SPACE")
        assert hand.picked
    card, picked = hand.current, set(hand.picked)
    for _ in range(2):
        app.press("F3")
        assert hand.current == card and hand.picked == picked
    # On a card that may not be played now too (a newcomer's highlight jumped off his raised,
    # dimmed card to the first one that may be played).
    dimmed = [i for i, c in enumerate(hand.cards) if c not in table.prompt().hand.playable]
    if dimmed:
        hand.cursor = dimmed[0]
        card = hand.current
        app.press("F3")
        assert hand.current == card


def test_f6_replay_offers_the_last_deal_again(start, case):
    app, table = start(12)
    first_hand = set(table.match.observation(table.viewer).hand)
    app.press("F6")
    assert app.settings.get("play", "replay") is True and dict(table.obs.options)["replay"] is True
    assert "F6 NORPLY" in bottom_row(app)
    play(app, table, case, lambda: "replay" in table.obs.legal_actions and table.human_to_act and not table.guarded)
    keys = {c.action: c.key for c in table.prompt().choices}
    assert {"replay", "continue"} <= set(keys)
    assert table.prompt().choices[table.choice_cursor].action == "continue"  # Enter goes on, as it shows
    # Worded alike at every table (found in review: four tables, four wordings).
    assert "Deal 1 is over. R Replay it (same cards)  C Continue to deal 2" in app.screen_text()
    # A table's key for the deal in play says, at the offer, that the deal is over (a tester's
    # L in Jub Moo and O in Luk Fu did nothing and said nothing).
    info = {"jubmoo": "L", "lukfu": "O"}.get(table.game_name)
    if info:
        app.press(info)
        assert table.message.startswith(info) and "is over" in table.message, table.message
        assert table._refusal == table.message  # refused as every "not now" is (with the buzz)
        assert "replay" in table.obs.legal_actions
    app.press(keys["replay"])
    assert set(table.obs.hand) == first_hand and table.obs.deal_number == 1
    # In the kit's words at every table (four tables had had four, "same cards" or "the same").
    assert table.message == f"Replaying the last deal: the same cards, {table.REPLAY_KEEPS}."
    # Offered again after the replayed deal, F6 off answers it: the game goes on and says so,
    # with the words a new deal opens with, as C would (a reviewer: each table said its own,
    # or nothing).
    play(app, table, case, lambda: "replay" in table.obs.legal_actions and table.human_to_act and not table.guarded)
    app.press("F6")
    assert "replay" not in table.obs.legal_actions and table.obs.deal_number == 2
    opening = table.deal_opening(table.view)  # who deals or leads it, and (Jub Moo) why
    assert opening.startswith("Deal 2: "), opening
    assert opening and table.message == f"No replay (F6 off). {opening}"
    # The new deal's first prompt waits a while: a tester's C, meant as Continue just after F6,
    # was taken as Luk Fu's Call on a hand he had not seen.
    app.tick(0.5)
    assert table.guarded
    acted: list[str] = []
    table.human_act = acted.append  # what a key would have played for the player
    for key in ("C", "P", "ENTER", "1"):
        app.press(key)
    del table.human_act
    assert acted == []


def test_a_tables_key_for_a_move_not_open_now_is_refused_in_the_rules_words(start, case):
    """Found in review: a key the table names (Klaberjass's E, K, M at a bid; R mid-deal) did
    nothing and said nothing where Mus explained its calls. The rules say why, with the buzz."""
    app, table = start(12)
    play(app, table, case, lambda: choosing_cards(table))
    steps = len(table.match.steps)
    replay_keys = [c.key for c in table.KEYS if c.action == "replay"]
    if [c.key for c in table.KEYS].count("R") == 1:  # (Mus's R raises too: its calls are its own)
        app.press("R")
        assert len(table.match.steps) == steps and table._refusal == table.message
        # In the rules' words, on one row (Klaberjass names what may be done instead).
        said = table.message
        assert said.startswith(("You cannot replay the last deal now: ", "No replay offer now: ")), said
        assert len(table.message) <= 76, table.message
    else:
        assert replay_keys == ["R"] and case.game == "mus"
    if case.game == "klaberjass":
        app, table = start(12)
        play(app, table, case, lambda: table.human_to_act and not table.guarded and table.obs.phase == "bid")
        for key, words in (("E", "exchange the dix"), ("K", "keep the dix"), ("M", "make him play")):
            app.press(key)
            assert table.message.startswith(f"You cannot {words} now: you may "), table.message
        # A key of two moves, neither open (T: Take or Throw in, at the dix), with the first's reason,
        # on one row (found by a tester: "... exchange the dix or keep the dix." ran onto the prompt).
        from game.app.match import Match

        table.match = Match("klaberjass", 1, {})  # the player takes, holding the seven of trumps
        while table.match.current_player != 0:
            table.match.apply("pass")
        table.match.apply("take")
        table.refresh()
        assert table.obs.phase == "dix" and table.human_to_act
        app.tick(1.0)  # past the new prompt's guard
        app.press("T")
        assert table.message == "You cannot take now: you may exchange the dix or keep it."
    if case.game == "mus":  # Y answers only the question O asks (it had named "'yes-ordago'": a tester)
        said = table.message
        app.press("Y")  # at the discard: no órdago to ask about, so Y means nothing (silent)
        assert table.message == said and len(table.match.steps) == steps
        play(app, table, case, lambda: table.human_to_act and not table.guarded and "ordago" in table.obs.legal_actions)
        steps = len(table.match.steps)
        app.press("Y")
        assert table.message.startswith("Y bets your own órdago once O has asked") and len(table.match.steps) == steps


def test_no_seat_is_tagged_between_deals(start, case):
    """Found in review: Luk Fu's MASTER and CALLER stayed by the names at the replay offer,
    where the kit draws no deal's marks (Mus's MANO did not). The marks are the kit's to draw."""
    app, table = start(12)
    app.press("F6")
    tagged = False
    def at_offer() -> bool:
        nonlocal tagged
        tagged = tagged or any(table.seat_tags(seat) for seat in range(len(table.obs.hand_sizes)))
        return "continue" in table.obs.legal_actions and table.human_to_act and not table.guarded
    play(app, table, case, at_offer)
    assert tagged or case.game == "klaberjass"  # (Klaberjass marks the dealer on its hands' frames)
    words = {text for seat in range(len(table.obs.hand_sizes)) for text, _ in table.seat_tags(seat)}
    screen = app.screen_text()
    assert words or case.game == "klaberjass"
    assert not [word for word in words if word in screen], screen


def test_continue_at_the_replay_offer_opens_the_deal_as_a_deal_dealt_at_once(start, case):
    """Found in review: C at the replay offer said "Deal 2 is dealt." (Jub Moo), nothing
    (Klaberjass) or its own sentence, where the deal dealt with F6 off said who leads it."""
    app, table = start(12)
    app.press("F6")
    play(app, table, case, lambda: "continue" in table.obs.legal_actions and table.human_to_act and not table.guarded)
    app.press({c.action: c.key for c in table.prompt().choices}["continue"])
    assert table.obs.deal_number == 2
    assert table.last_move_message == table.deal_opening(table.obs) != ""


def test_f6_turned_on_under_a_deal_summary_offers_that_deal_again(start, case):
    app, table = start(12)
    first_hand = set(table.match.observation(table.viewer).hand)
    play(app, table, case, lambda: table.panel is not None and table.frozen_obs is not None)
    assert table.obs.deal_number == 2 and "replay" not in table.obs.legal_actions
    app.press("F6")
    assert table.panel is not None and {"replay", "continue"} <= set(table.obs.legal_actions)
    app.press("ENTER")  # the summary closes; the choice is the player's
    play(app, table, case, lambda: table.human_to_act and not table.guarded)
    app.press({c.action: c.key for c in table.prompt().choices}["replay"])
    assert set(table.obs.hand) == first_hand and table.obs.deal_number == 1
    assert table.match.record()["steps"][-1] == "replay"


def test_f6_on_off_on_under_a_summary_still_offers_that_deal(start, case):
    """Found by a tester: F6 on, off, then on again under a deal's summary offered nothing, and
    the message still said "Replay option off" over a key bar saying it was on."""
    app, table = start(12)
    play(app, table, case, lambda: table.panel is not None and table.frozen_obs is not None)
    app.press("F6", "F6")
    assert "replay" not in table.obs.legal_actions and table.message.startswith("Replay option off")
    assert not table.guarded  # the summary's keys (R: review) still work at once (a tester)
    app.press("F6")
    assert {"replay", "continue"} <= set(table.obs.legal_actions)
    assert not table.message.startswith("Replay option off")
    app.press("ENTER")
    play(app, table, case, lambda: table.human_to_act and not table.guarded)
    app.press({c.action: c.key for c in table.prompt().choices}["replay"])
    assert table.obs.deal_number == 1
    app.press("F6")


def test_f6_under_a_summary_keeps_what_the_table_marks_by_step_at_its_decisions(start, case):
    """F6 under a summary puts an option step before the deal's last action: the steps F2 and
    the table took and the hand's order at each of the player's decisions move with their
    decisions (the review's table at the deal's last decision showed the hand sorted)."""
    app, table = start(12)
    play(app, table, case, lambda: table.panel is not None and table.frozen_obs is not None)
    last = table.deal_end_steps - 1
    table.hand_orders.setdefault(last, ["the order at the deal's last action"])
    table.computer_steps.add(last)
    marked = {name: {s: table.match.steps[s] for s in getattr(table, name)}
              for name in ("hand_orders", "computer_steps", "auto_steps")}
    orders = dict(table.hand_orders)
    app.press("F6")
    assert table.match.steps[last] == {"option": "replay", "value": True}
    for name, steps in marked.items():
        moved = {s: table.match.steps[s] for s in getattr(table, name)}
        assert sorted(map(str, moved.values())) == sorted(map(str, steps.values())), name
        assert all(table.match.steps[s] == steps[s - (s > last)] for s in moved), name
    assert table.hand_orders[last + 1] == orders[last]


def test_a_replayed_deal_ends_in_its_summary_and_the_deal_after_it_counts(start, case):
    """Found by a tester in Mus: a deal replayed with F6 (turned on under its summary) and played
    the same way ended with a summary equal to the first, which the table took for no deal's
    end: no summary, no review, and the next deal left out of the statistics too."""
    app, table = start(12)
    play(app, table, case, lambda: table.panel is not None and table.frozen_obs is not None)
    first_end = table.obs.last_deal
    said = table._message_under_panel  # the deal's last message ("... takes the last trick.")
    app.press("F6")
    app.press("ENTER")
    play(app, table, case, lambda: table.human_to_act and not table.guarded)
    app.press({c.action: c.key for c in table.prompt().choices}["replay"])
    app.press("F6")  # off again: no more offers
    seen = table.deals_seen
    play(app, table, case, lambda: table.panel is not None and table.frozen_obs is not None)
    assert table.deals_seen == seen + 1 and table.frozen_obs.deal_number == 1  # the replayed deal's summary
    if table.obs.last_deal == first_end:  # played the same way: told the same way (a tester lost "last trick")
        assert table._message_under_panel == said
    deals = app.stats.games[case.game]["deals_played"]
    app.press("ENTER")
    play(app, table, case, lambda: table.panel is not None and table.frozen_obs is not None)
    assert table.frozen_obs.deal_number == 2
    assert app.stats.games[case.game]["deals_played"] == deals + 1  # deal 2 counts; the replay did not


def test_two_quick_keys_at_a_deals_end_never_skip_its_summary(start, case):
    """Found by a tester: Space twice, 50 ms apart, ended the last trick's pause and closed the
    summary before it could be read (it cannot be brought back)."""
    app, table = start(12)
    for _ in range(6000):  # play on until the deal has just ended
        if table.frozen_obs is not None:
            break
        if table.hold > 0:
            app.press("SPACE")
        elif table.human_to_act and not table.guarded:
            decide(app, table, case)
        else:
            app.tick(0.05)
    if table.hold > 0:
        app.press("SPACE")  # the first key ends the last trick's pause
    app.tick(0.05)
    app.press("SPACE")  # the second, meant for the pause too, comes as the summary appears
    assert table.panel is not None and table.panel.review, "the summary stays up"
    app.tick(PROMPT_GUARD)
    app.press("SPACE")
    assert table.panel is None


def test_f8_f9_change_the_delay_shown_on_the_bottom_row(start):
    app, table = start()
    app.settings.values["play"]["delay"] = 1.0
    assert "DLY 1.0" in bottom_row(app)
    app.press("F8")
    assert "DLY 0.5" in bottom_row(app) and table.move_delay() == 0.5
    app.press("F9")
    app.press("F9")
    assert "DLY 1.5" in bottom_row(app) and table.move_delay() == 1.5
    # At an end the key says so (it did nothing, without a word: a tester).
    app.settings.values["play"]["delay"] = 0.0
    app.press("F8")
    assert bottom_row(app).startswith("F8: the computers' delay is already at its shortest, 0.0 s.")
    app.press("F9")
    assert "DLY 0.5" in bottom_row(app)


def test_f8_cuts_a_computer_wait_already_running(start, case):
    """Found by a tester: at 9.5 s, F8 down to 0.0 while a computer "thought" still left the
    whole 9.5 s to wait."""
    app, table = start(5)
    app.settings.values["play"]["delay"] = 9.5
    for _ in range(2000):
        if table.ticket is not None and table.wait > 5:
            break
        if table.panel is not None or table.hold > 0:
            app.press("ENTER" if table.panel is not None else "SPACE")
        elif table.human_to_act and not table.guarded:
            decide(app, table, case)
        else:
            app.tick(0.05)
    assert table.ticket is not None and table.wait > 5
    app.press(*["F8"] * 19)
    assert "DLY 0.0" in bottom_row(app) and table.wait <= 0.0


def test_f10_changes_the_border_colour_of_the_picture(start, tmp_path):
    app, _ = start()
    app.save_png(tmp_path / "before.png")
    border = app.settings.get("display", "border")
    app.press("F10")
    assert app.settings.get("display", "border") != border
    app.save_png(tmp_path / "after.png")
    before = pygame.image.load(str(tmp_path / "before.png")).get_at((0, 0))
    after = pygame.image.load(str(tmp_path / "after.png")).get_at((0, 0))
    assert tuple(after)[:3] == palette.CGA[app.settings.get("display", "border")] != tuple(before)[:3]


def test_f5_f7_and_f2_at_the_table(start, case):
    app, table = start(9)
    app.press("F5")
    assert isinstance(app.top_scene(), HelpScene) and registry.entry(case.game).short in app.screen_text()
    app.press("ESC")
    assert app.top_scene() is table
    app.press("F7")
    assert "Leave this game" in app.screen_text()
    app.press("N")
    assert app.top_scene() is table
    app.press("F2")  # demo: the computer plays your seat
    steps = len(table.match.steps)
    for _ in range(300):
        app.tick(0.1)
    assert len(table.match.steps) > steps + 5
    app.press("F2")
    assert not app.demo


def demo_to_summary(app, table: TableScene) -> None:
    """F2 on: the computer plays the player's seat too, up to the first deal's summary."""
    app.press("F2")
    for _ in range(60000):
        if table.panel is not None and table.panel.review:
            return
        app.tick(0.02)
    raise AssertionError("no summary came")


def test_f2_turned_off_under_a_summary_leaves_it_up_for_the_player(start, case):
    """Found by a tester: with F2 on, a deal's summary closes by itself; F2 turned off under it
    took the seat back, yet the summary still closed unread three seconds later."""
    app, table = start(9)
    demo_to_summary(app, table)
    assert table.panel is not None and table.panel.auto_seconds is not None, "F2 closes it by itself"
    summary = table.panel
    app.press("F2")
    for _ in range(100):
        app.tick(0.1)
    assert table.panel is summary and "Press any key to continue" in app.screen_text()
    assert "R: review" not in app.screen_text()  # F2 made every choice of the deal: nothing to review


def test_f2_turned_on_under_a_summary_closes_it_as_the_demos_do(start, case):
    """Found by a tester: F2 pressed while a deal's summary waited for a key left it up: the
    computer took the seat, yet nothing went on. It now closes by itself, and no longer offers
    R (no review while the computer plays)."""
    app, table = start(11)
    play(app, table, case, lambda: table.panel is not None and table.panel.review)
    summary = table.panel
    assert summary is not None and summary.auto_seconds is None and "R: review" in summary.prompt
    app.press("F2")
    assert summary.auto_seconds is not None and "R: review" not in summary.prompt
    # It asks for no key, as it needs none (a tester read "Press any key to continue").
    assert "Demo: goes on by itself    F2: stop the demo" in app.screen_text()
    assert "Press any key" not in app.screen_text()
    for _ in range(200):
        if table.panel is not summary:
            break
        app.tick(0.1)
    assert table.panel is not summary
    app.press("F2")


def test_with_f2_the_summary_of_the_deal_that_ends_the_match_waits_for_a_key(start, case):
    """Found by a tester: with F2 on in the last deal, its summary closed by itself before the
    result, so he never saw how the deciding deal scored."""
    app, table = start(9)
    app.press("F2")
    for _ in range(60000):
        if table.panel is not None and table.panel.review and table.match.is_over:
            break
        app.tick(0.05)
    summary = table.panel
    assert summary is not None and summary.review and summary.auto_seconds is None
    for _ in range(100):
        app.tick(0.1)
    assert table.panel is summary  # still up: it waits for a key, as the result does
    app.press("SPACE")
    app.tick(0.1)
    assert table.panel is not summary
    app.press("F2")


def test_r_is_offered_only_for_a_deal_with_a_choice_of_the_players_own(start, case):
    """Found by a tester: F2 on for a whole deal, then off under its summary: "R: review your
    decisions" opened a review with nothing in it. The next deal, played by the player, offers
    R again."""
    app, table = start(7)
    demo_to_summary(app, table)
    app.press("F2")
    app.tick(0.05)
    assert table.panel is not None and "R: review" not in app.screen_text() and "Press any key" in app.screen_text()
    app.press("R")
    from game.scenes.review import ReviewScene

    assert not isinstance(app.top_scene(), ReviewScene)
    play(app, table, case, lambda: table.panel is not None and table.panel.review and not table.match.is_over
         and table.summary_decided)
    assert "R: review" in app.screen_text()


def test_answering_the_replay_offer_is_no_choice_to_review(start, case):
    """Found in review: the answer to F6's offer ("C Continue") counted as a choice of the
    player's own, so a deal F2 then played whole offered R, and R opened an empty review."""
    app, table = start(7)
    app.press("F6")
    play(app, table, case, lambda: "continue" in table.view.legal_actions and table.human_to_act)
    table.deal_decided = False
    while table.guarded:
        app.tick(0.05)
    app.press("C")
    assert "continue" not in table.view.legal_actions and not table.deal_decided
    play(app, table, case, lambda: table.deal_decided)  # a card or a bid of his own: one
    assert table.deal_decided


def test_a_match_saved_before_r_followed_choices_still_offers_it(start, case, home):
    """A save without ``deal_decided`` (from before it was kept) offers R as it did then."""
    app, table = start(7)
    play(app, table, case, lambda: table.human_to_act and len(table.match.steps) > 3)
    old = {name: getattr(table, name) for name in table.counting if name not in ("deal_decided", "summary_decided")}
    fresh = type(table).resume(app, table.match, tuple(sorted(table.humans)), {"counting": old})
    assert fresh.deal_decided and fresh.summary_decided
    kept = {name: getattr(table, name) for name in table.counting} | {"deal_decided": False}
    assert not type(table).resume(app, table.match, tuple(sorted(table.humans)), {"counting": kept}).deal_decided


def test_esc_at_a_table_asks_to_leave_as_f7_does(start, case):
    """Found by a tester: Esc at a table's prompt did nothing and said nothing, where it backs
    out of every other screen."""
    app, table = start(5)
    play(app, table, case, lambda: table.human_to_act and not table.guarded)
    steps = len(table.match.steps)
    app.press("ESC")
    assert app.top_scene() is not table and "Leave this game for the menu?" in app.screen_text()
    app.press("ESC")  # stay
    assert app.top_scene() is table and len(table.match.steps) == steps


def test_a_hint_cancelled_by_f2_takes_its_words_with_it(start, case, monkeypatch):
    """Found by a tester: F4, then F2 on and off before the hint came, left "Hint: the computer
    is thinking (F4 again: never mind)..." on the message line for good."""
    app, table = start(5)
    play(app, table, case, lambda: table.human_to_act and not table.guarded)
    monkeypatch.setattr(app.ai, "inline", False)
    monkeypatch.setattr(app.ai, "_conn", None)
    monkeypatch.setattr(app.ai, "_decide_here", lambda pending: None)
    app.press("F4")
    if table.hint_ticket is None:
        return  # a single legal choice: the hint is said at once
    assert "thinking" in table.message
    app.press("F2")  # the computer takes the seat: the hint is for a decision no longer asked
    app.tick(0.05)
    app.press("F2")
    app.tick(0.05)
    assert table.hint_ticket is None and "thinking" not in app.screen_text()


# ---- what the player sees ----
def test_open_hands_shows_the_other_hands(start):
    app, table = start(4)
    backs = app.screen_text().count("▒")
    table.match.state = table.match.rules.new_match(4, {**table.match.options, "open_hands": True})
    table.refresh()
    assert app.screen_text().count("▒") < backs


def test_the_last_deals_message_goes_when_a_new_deal_starts(start, case):
    app, table = start(11)
    play(app, table, case, lambda: table.panel is not None and table.deals_seen == 1)
    last, panel = table.message, table.panel
    table.panel = None  # a tall summary (Jub Moo's) covers the message line: look under it
    assert last and last in app.screen_text()  # the deal's last action, under its summary
    table.panel = panel
    app.press("ENTER")
    assert table.panel is None and table.message != last and last not in app.screen_text()


def test_an_illegal_card_is_refused_with_the_rules_sentence_and_a_buzz(start, case, monkeypatch):
    app, table = start(5)
    sounds: list[str] = []
    monkeypatch.setattr(app, "sound", sounds.append)

    def refused_pick() -> tuple[str, ...] | None:
        """Cards the rules refuse: a card that may not be played, or none at all where every card may."""
        if not choosing_cards(table):
            return None
        mode = table.prompt().hand
        if case.every_card_playable:
            return () if mode.multi else None
        card = next((c for c in table.hand.cards if c not in mode.playable), None)
        return None if card is None else (card,)

    play(app, table, case, lambda: refused_pick() is not None)
    cards = refused_pick()
    action = table.cards_action(cards)
    with pytest.raises(IllegalAction) as refused:
        table.match.rules.apply(table.match.state, action)
    steps, sounds[:] = len(table.match.steps), []
    for card in cards:
        app.press(hand_key(table.hand.cards.index(card)))
    if table.prompt().hand is not None and table.prompt().hand.multi:
        app.press("ENTER")
    assert len(table.match.steps) == steps
    assert table.message == str(refused.value) and repr(action) not in table.message
    assert table.message.split(":")[0] in app.screen_text()
    assert "buzz" in sounds


def mono_colours(app) -> set[tuple[int, int, int]]:
    phosphor = app.mode.phosphor
    return {palette.mono_rgb(level, phosphor) for level in (0, 1, 2)}


def picture_colours(app, path) -> set[tuple[int, int, int]]:
    app.save_png(path)
    data = pygame.image.tobytes(pygame.image.load(str(path)), "RGB")
    return set(zip(data[0::3], data[1::3], data[2::3], strict=True))


def test_a_mono_table_has_only_mono_colours(start, tmp_path):
    app, _ = start(4)
    assert len(picture_colours(app, tmp_path / "colour.png") - mono_colours(app)) > 3  # the check can fail
    app, _ = start(4, "M")
    colours = picture_colours(app, tmp_path / "mono.png")
    assert colours <= mono_colours(app) and len(colours) >= 2


# ---- the keys named in the instructions are the keys the table binds ----
def help_words(text: str) -> list[str]:
    return re.findall(r"[\w'+-]+|[^\w\s]", text)


def test_the_instructions_name_the_keys_the_table_binds(case):
    text = (HELP_DIR / registry.entry(case.game).help).read_text(encoding="utf-8")
    words = [w for w in help_words(text) if w.isalnum() or "'" in w or "-" in w]
    keys = case.cls.KEYS
    assert keys, "the table declares no KEYS"
    for binding in keys:
        label = binding.label.split()[0].lower()
        near = any(w == binding.key and any(v.lower().startswith(label) for v in words[i + 1:i + 7])
                   for i, w in enumerate(words))
        assert near, f"the instructions do not name {binding.key} {binding.label}"
        for other in re.findall(rf"(?<![\w'])([A-Z0-9])\s+{re.escape(binding.label.split()[0])}\b", text):
            assert any(b.key == other and b.label.split()[0] == binding.label.split()[0] for b in keys), \
                f"the instructions say {other} {binding.label}, the table binds {binding.key}"
    for key, word in re.findall(r"^ {2}([A-Z0-9]) {2}(\w+)", text, flags=re.M):
        assert any(b.key == key and b.label.lower().startswith(word.lower()) for b in keys), \
            f"the instructions list {key} {word}, which the table does not bind"


# ---- a key plays only on its own prompt ----
def test_a_key_during_the_trick_hold_only_ends_it(start, case):
    if not case.tricks:
        pytest.skip(f"{case.game} holds no trick")
    app, table = start(7)
    play(app, table, case, lambda: table.hold > 0)
    steps = len(table.match.steps)
    assert ("Any key: go on." in app.screen_text()) == table.holding_for_key  # invited only if it waits
    app.press("SPACE")
    assert table.hold == 0 and len(table.match.steps) == steps


def test_when_you_play_next_the_trick_waits_for_your_key(start, case):
    """Found by a tester: in Klaberjass the trick went away by itself after a second, so the key
    he pressed for "Any key: go on." a moment later led his highlighted card."""
    if not case.tricks:
        pytest.skip(f"{case.game} holds no trick")
    app, table = start(7)
    play(app, table, case, lambda: table.hold > 0 and table.match.current_player in table.humans)
    steps = len(table.match.steps)
    for _ in range(50):
        app.tick(0.1)
    assert table.hold > 0 and "Any key: go on." in app.screen_text() and len(table.match.steps) == steps
    app.press("SPACE")
    assert table.hold == 0 and len(table.match.steps) == steps


def test_f4_while_the_trick_waits_for_your_key_goes_on_and_gives_the_hint(start, case):
    """Found by a tester: F4 under "Any key: go on." before his own lead said "F4 gives a hint
    when it is your turn"; it goes on, as any key does, and asks."""
    if not case.tricks:
        pytest.skip(f"{case.game} holds no trick")
    app, table = start(7)
    play(app, table, case, lambda: table.holding_for_key and table.match.current_player == table.viewer)
    steps = len(table.match.steps)
    app.press("F4")
    assert table.hold == 0 and len(table.match.steps) == steps
    assert "your turn" not in table.message and table.message.startswith("Hint")


def test_a_prompt_that_just_appeared_ignores_keys_for_a_moment(start, case):
    app, table = start(7)
    if case.tricks:
        play(app, table, case, lambda: table.hold > 0 and table.match.current_player in table.humans)
        if table.hold_for_key:
            app.press("SPACE")  # the trick waits for his key: his prompt appears under his fingers
        while table.hold > 0:  # else the trick goes away by itself: the same
            app.tick(0.05)
    else:  # a computer's move brings the player's prompt up
        play(app, table, case, lambda: table.human_to_act and table.guarded)
    assert table.human_to_act and table.guarded
    steps, prompt = len(table.match.steps), table.prompt()
    for key in ("SPACE", "ENTER", "1"):
        app.press(key)
    assert len(table.match.steps) == steps and table.prompt() == prompt
    app.tick(PROMPT_GUARD / 2)
    app.press("ENTER")
    assert len(table.match.steps) == steps
    app.tick(PROMPT_GUARD / 2 + 0.01)
    assert not table.guarded
    decide(app, table, case)
    assert len(table.match.steps) > steps or table.prompt() != prompt


def test_a_click_on_a_card_is_its_key(start, case):
    app, table = start(8)
    play(app, table, case, lambda: choosing_cards(table))
    geometry, hand = table.hand_geometry(), table.hand
    index = hand.cards.index(next(c for c in hand.cards if c in table.prompt().hand.playable))
    col = geometry.card_col(index, len(hand.cards)) + geometry.width // 2
    steps, prompt = len(table.match.steps), table.prompt()
    table.on_click(col, geometry.row + 1)
    assert hand.cursor == index
    assert len(table.match.steps) > steps or table.prompt() != prompt or hand.picked


def test_a_key_that_brings_back_a_prompt_a_long_message_covered_does_nothing_else(start, case):
    app, table = start(6)
    play(app, table, case, lambda: table.human_to_act and not table.guarded)
    table.message = "A message long enough to take the two rows under the table, " * 2
    prompt_row = app.screen_text().splitlines()[22]
    assert table.message.split()[-1] in prompt_row  # the message covers the prompt line
    steps = len(table.match.steps)
    app.press("ENTER")  # pressed to go on: it brings the prompt back and plays nothing
    assert len(table.match.steps) == steps and table.message == ""
    prompt = table.prompt()
    decide(app, table, case)
    assert len(table.match.steps) > steps or table.prompt() != prompt


def test_in_mono_every_choice_shows_its_key_letter(start, case):
    """Issue 14 item 8: the highlighted (reverse-video) choice keeps its key letter readable."""
    app, table = start(9, "M")
    app.press("F6")  # the replay offer (R / C): a prompt of labelled choices in every game
    play(app, table, case, lambda: table.human_to_act and not table.guarded and len(table.prompt().choices) > 1)
    prompt, canvas = table.prompt(), app.compose()
    row = canvas.row_text(PROMPT_ROW)
    highlighted = prompt.choices[min(table.choice_cursor, len(prompt.choices) - 1)] if prompt.hand is None else None
    for choice in prompt.choices:
        col = row.index(f"{choice.key} {choice.label}")
        key, label = canvas.cell(col, PROMPT_ROW), canvas.cell(col + 2, PROMPT_ROW)
        key_look, label_look = palette.mono_pair(key.fg, key.bg), palette.mono_pair(label.fg, label.bg)
        assert key_look[0] != key_look[1], f"{choice.key} of {choice.label} cannot be read in mono"
        if choice == highlighted:  # reversed label: its key stays in normal video, or it would look like the label
            assert label_look == (0, 1) and key_look != label_look
        else:
            assert label_look[1] == key_look[1]  # the key is part of its choice


@pytest.mark.parametrize("lines", [12, 14, 15, 18])
def test_a_tall_panel_leaves_no_words_of_the_table_beside_its_frame(start, case, lines):
    """A deal summary of 15 lines ended on the message row, where "East: No╚════" peeked out
    beside its frame (Mus). A panel reaching the message row, or casting its shadow there,
    clears it; a shorter one leaves the message be."""
    from game.scenes.table import MESSAGE_ROW, Panel

    app, table = start(6)
    table.message = "East: No quiero."
    table.show_panel(Panel("Deal 1: the count", [(f"line {i}", palette.WHITE) for i in range(lines)]))
    screen = app.screen_text().splitlines()
    assert f"line {lines - 1}" in "\n".join(screen)
    below = "\n".join(screen[MESSAGE_ROW:PROMPT_ROW + 1])
    if lines <= 12:
        assert "East: No quiero." in screen[MESSAGE_ROW]
    else:
        assert "East" not in below and "quiero" not in below, below


@pytest.mark.parametrize("f6", [False, True])
def test_a_match_left_at_a_deals_end_resumes_on_its_summary(start, case, make_app, f6):
    """Found by testers: a match left while the last trick of a deal was held, or under its
    summary, resumed on the next deal, its totals changed with no word of why; and so it did
    when F6 had been switched before resuming. It resumes on the summary; once the summary has
    been read, on the next deal."""
    app, table = start(12)
    play(app, table, case, lambda: table.summary_due is not None or (table.panel is not None and table.panel.review))
    last = table.obs.last_deal
    app.quit()
    again = make_app("*", "--game", case.game)
    if f6:
        again.press("F6")  # at the saved-match question: the match follows the setting
    again.press("Y")  # resume
    resumed = again.top_scene()
    assert isinstance(resumed, case.cls) and resumed.panel is not None and resumed.panel.review
    assert resumed.obs.last_deal == last
    # Over the deal as it ended, not the next one's header (a tester).
    assert resumed.frozen_obs is not None and resumed.view.deal_number == last.deal_number
    assert sorted(resumed.hand.cards) == sorted(resumed.hand_cards(resumed.view))  # not the next deal's hand
    for _ in range(40):
        again.tick(0.05)
    again.press("ENTER")  # read: the summary goes, and a match left now resumes without it
    assert resumed.panel is None or not resumed.panel.review
    again.quit()
    third = make_app("*", "--game", case.game)
    third.press("Y")
    assert third.top_scene().panel is None or not third.top_scene().panel.review


def test_a_match_resumed_after_f6_mid_deal_says_its_last_move(start, case, make_app):
    """Found by a tester: F6 pressed mid-deal left the option's change as the record's last
    step, and the resumed message line was empty; the last move's words come back."""
    app, table = start(6)
    play(app, table, case, lambda: choosing_cards(table) and table.last_words() != "", rounds=20000)
    said = table.last_words()
    app.press("F6")
    assert not isinstance(table.match.steps[-1], str)  # the option's step is the last
    app.quit()
    again = make_app("*", "--game", case.game)
    again.press("Y")
    resumed = again.top_scene()
    assert isinstance(resumed, case.cls) and resumed.message == said


def test_what_the_player_set_at_his_prompt_survives_leaving(start, case, make_app):
    """Found by testers: cards raised for a throw or a discard, and the highlight, were lost
    when the window closed; the resumed prompt started afresh. They are saved as they change
    and come back at the same decision."""
    app, table = start(7)
    play(app, table, case, lambda: choosing_cards(table) and len(table.prompt().hand.playable) > 1)
    app.press("RIGHT")
    if table.prompt().hand.multi:
        app.press("UP")  # raise the highlighted card
    set_then = table.hand.current, table.hand.picked_cards(), table.choice_cursor
    assert set_then[0] is not None and (set_then[1] or not table.prompt().hand.multi)
    app.quit()  # the window closed: no save is written on the way out
    again = make_app("*", "--game", case.game)
    again.press("Y")
    resumed = again.top_scene()
    assert isinstance(resumed, case.cls)
    assert (resumed.hand.current, resumed.hand.picked_cards(), resumed.choice_cursor) == set_then


def test_cards_raised_with_the_mouse_survive_leaving(start, case, make_app):
    """Found in review: only keys saved what the player set, so cards raised by a click came back
    lowered; so does a choice highlighted on a prompt of choices."""
    app, table = start(7)
    play(app, table, case, lambda: choosing_cards(table) and len(table.prompt().hand.playable) > 1)
    mode = table.prompt().hand
    if not mode.multi:
        pytest.skip("a click plays the card here: nothing is raised")
    geometry = table.hand_geometry()
    index = next(i for i, card in enumerate(table.hand.cards) if card in mode.playable)
    app.click_cell(geometry.card_col(index, len(table.hand.cards)) + 1, geometry.row + 2)
    assert table.hand.picked
    set_then = table.hand.picked_cards()
    app.quit()
    again = make_app("*", "--game", case.game)
    again.press("Y")
    resumed = again.top_scene()
    assert isinstance(resumed, case.cls) and resumed.hand.picked_cards() == set_then


def test_a_choice_highlighted_on_a_prompt_of_choices_survives_leaving(start, case, make_app):
    app, table = start(7)
    app.press("F6")  # (Jub Moo's one prompt of choices: the replay offer)
    play(app, table, case, lambda: table.human_to_act and not table.guarded and table.prompt().hand is None
         and len(table.prompt().choices) > 1)
    app.press("RIGHT")
    cursor = table.choice_cursor
    app.quit()
    again = make_app("*", "--game", case.game)
    again.press("Y")
    resumed = again.top_scene()
    assert isinstance(resumed, case.cls) and resumed.choice_cursor == cursor


def test_a_damaged_prompt_state_in_a_save_is_ignored(start, case, make_app, home):
    """A save edited by hand: cards not in the hand, a choice out of range, wrong types."""
    import json

    app, table = start(7)
    play(app, table, case, lambda: choosing_cards(table))
    decision = list(table.decision_key())
    fresh = table.hand.current, table.hand.picked_cards(), table.choice_cursor
    app.quit()
    path = home / "saves" / f"{case.game}.json"
    for damaged in ({"decision": decision, "picked": ["ZZ", 5], "highlight": "ZZ", "choice": 99},
                    {"decision": decision, "picked": "7S", "highlight": 3, "choice": True},
                    {"decision": [0, 0, "bidding"], "picked": list(table.hand.cards), "choice": 0}, "junk"):
        record = json.loads(path.read_text())
        record["table"]["prompt"] = damaged
        path.write_text(json.dumps(record))
        again = make_app("*", "--game", case.game)
        again.press("Y")
        resumed = again.top_scene()
        assert isinstance(resumed, case.cls)
        assert (resumed.hand.current, resumed.hand.picked_cards(), resumed.choice_cursor) == fresh
        again.quit()


def test_a_match_resumed_in_a_later_deal_says_its_last_move_as_it_was_said(start, case, make_app):
    """Found by a tester: Klaberjass resumed after the computer's lead in deal 2 read "Computer
    leads the K♥. Computer takes the last trick." (the narration's deal end is told by the
    summary object, and the resumed match's was another one)."""
    app, table = start(6)
    play(app, table, case, lambda: table.obs.deal_number >= 2 and table.obs.phase in table.LIVE_PHASES
         and table.panel is None and table.human_to_act and not table.guarded
         and table.last_words() != "" and len(table.obs.hand) > 1
         and (not case.tricks or bool(table.obs.trick)), rounds=20000)  # a card led, no trick taken
    said = table.last_words()
    assert table.message.startswith(said)  # the live table said it so
    app.quit()
    again = make_app("*", "--game", case.game)
    again.press("Y")
    resumed = again.top_scene()
    assert isinstance(resumed, case.cls) and resumed.message == said


def test_a_save_marked_at_a_summary_where_no_deal_just_ended_resumes_on_the_play(start, case, make_app, home):
    """Found by a tester who edited a save: "summary_up" set in the middle of deal 2 put deal
    1's summary over deal 2's play. A summary is shown only where the last move ended a deal."""
    import json

    app, table = start(12)
    play(app, table, case, lambda: table.obs.last_deal is not None and table.panel is None
         and table.summary_due is None and table.human_to_act and not table.guarded)
    decide(app, table, case)
    app.quit()
    path = home / "saves" / f"{case.game}.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    record["table"]["summary_up"] = True
    path.write_text(json.dumps(record), encoding="utf-8")
    again = make_app("*", "--game", case.game)
    again.press("Y")
    resumed = again.top_scene()
    assert isinstance(resumed, case.cls) and resumed.match.steps == record["steps"]
    assert resumed.panel is None or not resumed.panel.review


@pytest.mark.parametrize("f6", [False, True])
def test_a_match_left_at_its_last_deals_end_resumes_on_its_summary_then_its_result(make_app, home, case, f6):
    """Found by testers: leaving while the last trick of a match's last deal was shown lost
    the save with the match, so neither that deal's summary nor the match result was ever
    seen; with F6 switched before resuming, the summary was skipped. The save stays until the
    result has been shown; then the finished match leaves none."""
    from game import registry

    shutil.rmtree(home / "saves", ignore_errors=True)
    app = make_app("*", "--seed", "12")
    app.settings.values["play"]["delay"] = 0.0
    app.settings.values[case.game].update(registry.entry(case.game).quick_options)
    app.press(str(registry.GAME_NAMES.index(case.game) + 1))
    table = app.top_scene()
    assert isinstance(table, case.cls)
    play(app, table, case, lambda: table.match.is_over)
    assert not table.result_shown
    app.quit()
    again = make_app("*", "--game", case.game)
    if f6:
        again.press("F6")
    again.press("Y")  # resume
    resumed = again.top_scene()
    assert isinstance(resumed, case.cls) and resumed.match.is_over
    assert not any("no next deal" in text for text in again.notice_log)  # no word of an F6 not pressed there
    assert resumed.panel is not None and resumed.panel.review  # the last deal's summary
    for _ in range(40):
        again.tick(0.05)
    again.press("ENTER")
    for _ in range(5):
        again.tick(0.05)
    assert resumed.panel is not None and resumed.panel.title == "Match over"
    assert not (home / "saves" / f"{case.game}.json").exists()  # shown: no save is left
    again.quit()
    third = make_app("*", "--game", case.game)
    assert isinstance(third.top_scene(), case.cls) and not third.top_scene().match.steps  # a new match


def test_the_reviews_table_lights_the_name_of_the_seat_that_decided(start, case):
    """Found by a tester: at play the name of the player to act is lit (reverse video), but the
    review's "table as it was" at his decision showed it plain."""
    from game.app.review import Decision
    from game.scenes.review import ReviewScene
    from game.scenes.table import Panel

    app, table = start(12)
    play(app, table, case, lambda: table.human_to_act and not table.guarded and table.panel is None)
    lit = [(col, row) for row, line in enumerate(app.screen_text().splitlines()[1:-1], 1)
           for col in range(len(line)) if line.startswith(" YOU ", col)
           and app.canvas.cell(col + 1, row).bg == palette.GREY]
    if not lit:
        pytest.skip(f"{case.game} lights no name at play")
    obs = table.obs
    review = ReviewScene(app, table, 0)
    review.decisions = [Decision(len(table.match.steps), obs, obs.legal_actions[0], 0)]
    review.showing = review.decisions[0]
    table.panel = Panel("Deal 1 summary", [("", palette.WHITE)], review=True)  # the review opens from it
    app.stack.push(review)
    canvas = app.compose()
    col, row = lit[0]
    assert canvas.cell(col + 1, row).bg == palette.GREY, app.screen_text()


def test_ctrl_alt_or_shift_alone_is_not_any_key(start, case):
    """Found by a tester: the Alt of Alt+F4 closed an unread summary before the window closed
    (the match then resumed past it), and the Ctrl of Ctrl+6 closed the summary F6 would have
    offered again. A modifier pressed alone goes on nowhere."""
    import pygame

    from game.app.keys import Key

    app, table = start(12)
    play(app, table, case, lambda: table.panel is not None and table.panel.review)
    for code in (pygame.K_LALT, pygame.K_RCTRL, pygame.K_LSHIFT):
        app.handle_key(Key(code, "", code in (pygame.K_LCTRL, pygame.K_RCTRL), code == pygame.K_LALT,
                           code == pygame.K_LSHIFT))
        assert table.panel is not None and table.panel.review, code
    app.press("6", ctrl=True)  # F6's second binding: under a summary, that deal is offered again
    assert {"replay", "continue"} <= set(table.obs.legal_actions)


def test_ctrl_or_alt_with_an_unbound_key_does_nothing_and_alt_f_keys_are_f_keys(start, case):
    """Found by a tester: Ctrl+R or Alt+F5 closed an unread summary as "any key" (its review
    lost), and Alt+4 played a card. An unbound combination does nothing; Alt+F5 is F5."""
    import pygame

    from game.app.keys import Key
    from game.scenes.help import HelpScene

    app, table = start(12)
    play(app, table, case, lambda: table.panel is not None and table.panel.review)
    unbound = (Key(pygame.K_r, "r", True, False), Key(pygame.K_r, "r", False, True), Key(pygame.K_4, "4", False, True))
    for key in unbound:
        app.handle_key(key)
        assert table.panel is not None and table.panel.review and app.top_scene() is table, key
    app.handle_key(Key(pygame.K_F5, "", False, True))
    assert isinstance(app.top_scene(), HelpScene)


def test_a_click_under_a_message_of_two_rows_only_brings_the_prompt_back(start, case):
    """Found by a tester: a message of two rows covers the prompt, and the next key brings the
    prompt back and does nothing else; a click on a card did that and raised or played it too."""
    app, table = start(12)
    play(app, table, case, lambda: choosing_cards(table) and not table.hold)
    app.tick(1.0)
    steps, picked = len(table.match.steps), set(table.hand.picked)
    table.message = "A long message. " * 8
    geometry = table.hand_geometry()
    click(app, geometry.first_col(len(table.hand.cards)) + 2, geometry.row + 2)  # on the first card
    assert table.message == "" and len(table.match.steps) == steps and table.hand.picked == picked


def test_a_message_of_two_rows_over_your_prompt_asks_for_a_key(start, case):
    """Found by a tester: a long seña message covered the prompt and the screen stood still with
    no word that a key was awaited; the end of its second row says so."""
    app, table = start(12)
    play(app, table, case, lambda: choosing_cards(table) and not table.hold)
    app.tick(1.0)
    for message in ("A long message. " * 6, "A long message. " * 9):  # a second row with room, or none
        table.message = message
        lines = app.screen_text().splitlines()
        assert "A long message." in lines[PROMPT_ROW] and f" {KEY_CUE} " in lines[PROMPT_ROW + 1], lines[-3:]
        assert lines[PROMPT_ROW + 1].startswith("╚═") and lines[PROMPT_ROW + 1].endswith("═╝")
    app.press("SPACE")
    lines = app.screen_text().splitlines()
    assert KEY_CUE not in lines[PROMPT_ROW + 1] and table.prompt().text[:10] in lines[PROMPT_ROW], lines[-3:]
