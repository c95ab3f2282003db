"""Luk Fu played through the keyboard, headless, as a player would."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable

import pytest

from game import registry
from game.ai import choose_action
from game.app.match import decision_seed
from game.app.review import Decision
from game.rules.lukfu import CARDS, LukFuObservation, classify
from game.scenes.attract import AttractScene
from game.scenes.help import HelpScene
from game.scenes.lukfu_table import (
    BLOCK_COLS,
    BLOCK_W,
    CAPTION_ROW,
    SEAT_ROW,
    SLOT_COLS,
    YOU_ROW,
    LukFuTable,
    claim_label,
    short_play,
)
from game.scenes.menu import MenuScene
from game.scenes.review import DECISION_MAX, ReviewScene
from game.scenes.table import MESSAGE_ROW, PROMPT_ROW
from game.scenes.widgets import signed
from game.screen.canvas import COLS, ROWS
from game.screen.cards import hand_key
from tests.scenes.test_hint_and_review import hint_now
from tests.scenes.test_tables_common import settle

SEED_EVERY_PLAY = 79  # deal 1: you play a set, a run, discard and claim (found by search)
SEED_LAST_TRICK = 47  # deal 1 ends with its last trick, drawn (found by search)
SEED_AUTO_CLAIM = 1  # with the automatic claim on, deal 1 ends with it (found by search)


@pytest.fixture
def table_app(make_app):
    apps: list = []

    def start(seed: int = 5, *extra: str, **options: object):
        for earlier in apps:  # a fresh table, not the resume question for the last one
            earlier.saves.delete("lukfu")
        app = make_app("--game", "lukfu", "--seed", str(seed), *extra)
        apps.append(app)
        app.settings.values["play"]["delay"] = 0.0
        table = app.top_scene()
        assert isinstance(table, LukFuTable)
        if options:
            table.match.state = table.match.rules.new_match(seed, options)
            table.refresh()
        return app, table

    return start


def assert_grid(app) -> list[str]:
    lines = app.screen_text().splitlines()
    assert len(lines) == ROWS and all(len(line) == COLS for line in lines)
    assert lines[24].startswith("F1 ")
    return lines


def keys_for(table: LukFuTable, actions: list[str]) -> list[str]:
    """The keys a player presses for ``actions`` (one, or a whole throw of discards), read off
    the hand as it is shown: the cards' keys, then Enter."""
    action = actions[0]
    if action in ("call", "claim", "continue"):
        return ["C"]
    if action == "pass":
        return ["P"]
    if action == "replay":
        return ["R"]
    hand = table.hand.cards
    cards = [a.split()[1] for a in actions] if action.startswith("discard ") else action.split()
    return [hand_key(hand.index(card)) for card in cards] + ["ENTER"]


def choose_throw(table: LukFuTable, rng: random.Random) -> list[str]:
    """The computer's choice for the player at the keyboard; a throw face down is all its discards."""
    rules, state = table.match.rules, table.match.state
    actions = [choose_action(rules, table.obs, "easy", rng)]
    while actions[-1].startswith("discard "):
        state = rules.apply(state, actions[-1])
        obs = rules.observation(state, table.viewer)
        if obs.current_player != table.viewer or not obs.to_discard or not obs.trick:
            break
        actions.append(choose_action(rules, obs, "easy", rng))
    return actions


def kind_of(action: str) -> str:
    if action.startswith("discard ") or action in ("call", "pass", "claim", "continue", "replay"):
        return action.split()[0]
    found = classify(action.split())
    assert found is not None
    return found[0]


def play_by_keys(app, table: LukFuTable, until: Callable[[], bool], seed: int = 0, max_rounds: int = 20000,
                 check_grid: bool = False, played: list[str] | None = None) -> None:
    """Press keys as a player would (the easy computer chooses, the keys carry it out)."""
    rng = random.Random(seed)
    for _ in range(max_rounds):
        if check_grid:
            assert_grid(app)
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
            actions = choose_throw(table, rng)
            steps = len(table.match.steps)
            for key in keys_for(table, actions):
                app.press(key)
            assert len(table.match.steps) == steps + len(actions), (actions, table.message)
            if played is not None:
                played.extend(actions)
        else:
            app.tick(0.05)
    raise AssertionError("the table stopped making progress")


def to_act(table: LukFuTable, test: Callable[[], bool]) -> Callable[[], bool]:
    return lambda: table.human_to_act and not table.guarded and test()


def card_col(table: LukFuTable, index: int) -> int:
    """The first column of the hand's card at ``index``."""
    return table.hand_geometry().card_col(index, len(table.hand.cards))


def test_first_screen(table_app):
    app, table = table_app(5)
    play_by_keys(app, table, to_act(table, lambda: table.obs.phase == "call"))
    lines = assert_grid(app)
    assert lines[0].strip().startswith("LUK FU") and "DEAL 1 OF 8" in lines[0]
    assert "YOU 0  EAST 0  WEST 0" in lines[0]
    # From the Master, who speaks first (it always began at YOU: a tester)
    master = table.seat_name(table.obs.master).upper()
    assert "THE CALL" in lines[1] and f"PLAY GOES {master} →" in lines[1]
    assert "WEST" in lines[2] and "EAST" in lines[2]
    assert "HAND" in lines[3] and "12" in lines[3]
    assert lines[20].strip("║ ").split() == [hand_key(i) for i in range(12)]  # a key under each of your 12 cards
    assert "Master" in app.screen_text()
    assert "C Call (be the Caller)" in lines[22] and "P Pass" in lines[22]
    assert lines[13].lstrip("║ ").startswith("OLD")


def test_a_new_user_picks_luk_fu_from_the_menu(make_app):
    app = make_app("--skip-intro", "--seed", "3")
    assert isinstance(app.top_scene(), MenuScene)
    assert "Luk Fu" in app.screen_text()
    app.press("4")
    assert isinstance(app.top_scene(), LukFuTable)
    assert_grid(app)


def test_a_whole_deal_by_keys_with_a_set_a_run_a_discard_and_a_claim(table_app):
    app, table = table_app(SEED_EVERY_PLAY)
    played: list[str] = []
    play_by_keys(app, table, lambda: table.panel is not None, seed=SEED_EVERY_PLAY, check_grid=True, played=played)
    kinds = {kind_of(a) for a in played}
    assert {"set", "run", "discard", "claim"} <= kinds
    last = table.obs.last_deal
    assert last.deal_number == 1 and last.winner == 0 and last.how == "claim"
    text = app.screen_text()
    assert "Deal 1 of 8: result" in text and "You claimed" in text
    assert "SCORE SHEET" in text and "Total" in text
    assert f"{last.points[0]:+d}" in text
    # The top row gives the scores the summary gives (found by a tester: the old ones stayed).
    assert f"YOU {signed(last.totals[0])}  EAST {signed(last.totals[1])}  WEST {signed(last.totals[2])}" \
        in text.splitlines()[0]
    app.press("ENTER")
    assert table.panel is None and table.obs.deal_number == 2


def test_a_whole_match_by_keys_and_the_result(table_app):
    app, table = table_app(3, deals=2)
    play_by_keys(app, table, lambda: table.result_shown, seed=3, check_grid=True, max_rounds=40000)
    text = app.screen_text()
    assert "Match over" in text and "Net points after 2 deals" in text
    scores = table.obs.scores
    for name, seat in (("YOU", 0), ("EAST", 1), ("WEST", 2)):
        assert f"{name} {signed(scores[seat])}" in text
    assert table.human_won() == (0 in table.obs.winner)
    assert app.stats.games["lukfu"]["matches_played"] == 1
    # A first place shared counts as won, as in Jub Moo (a reviewer found the two apart).
    table.obs = dataclasses.replace(table.obs, winner=(0, 2))
    assert table.human_won()
    table.obs = dataclasses.replace(table.obs, winner=(1, 2))
    assert not table.human_won()
    app.press("ESC")
    assert isinstance(app.top_scene(), MenuScene)


def long_lead_to_follow(rules, viewer: int) -> object:
    """A position where West has led a play of many cards and the viewer is to follow: West's
    caption is then at its longest, with the BEST badge, right beside "YOU TO PLAY"."""
    west = (viewer + 2) % 3
    for seed in range(500):
        rng = random.Random(seed)
        state = rules.new_match(seed, {})
        while rules.current_player(state) is not None:
            seat = rules.current_player(state)
            obs = rules.observation(state, seat)
            if (seat == viewer and obs.phase == "play" and len(obs.trick) == 1 and obs.trick[0][0] == west
                    and len(short_play(obs.trick[0][1])) >= 11):
                return state
            state = rules.apply(state, choose_action(rules, obs, "easy", rng))
    pytest.fail("no deal led a long play to the viewer")


def test_the_trick_captions_never_run_into_each_other(table_app):
    """Each place of the trick keeps a blank column before the next one's caption, so a long
    lead with its BEST badge never reads as one word with "YOU TO PLAY" beside it."""
    app, table = table_app(1)
    table.match.state = long_lead_to_follow(table.match.rules, table.viewer)
    table.refresh()
    app.tick(0.05)
    row = app.screen_text().splitlines()[CAPTION_ROW]
    assert "YOU TO PLAY" in row and "LED" in row, row
    for col in sorted(SLOT_COLS.values())[1:]:
        assert row[col - 1] == " ", row


def test_call_and_pass_on_their_keys(table_app):
    app, table = table_app(5)
    play_by_keys(app, table, to_act(table, lambda: table.obs.phase == "call"))
    app.press("C")
    assert table.obs.caller == 0 and "You call" in app.screen_text()
    app2, table2 = table_app(5)
    play_by_keys(app2, table2, to_act(table2, lambda: table2.obs.phase == "call"))
    app2.press("P")
    assert (0, "pass") in table2.obs.calls or table2.obs.redeals == 1


def test_raising_cards_describes_the_play_and_enter_plays_it(table_app):
    app, table = table_app(SEED_EVERY_PLAY)
    play_by_keys(app, table, to_act(table, lambda: any(kind_of(a) in ("run", "set") for a in table.obs.legal_actions)
                                    and bool(table.obs.legal_actions) and table.obs.phase == "play"))
    action = next(a for a in table.obs.legal_actions if kind_of(a) in ("run", "set"))
    hand = table.hand.cards
    first = action.split()[0]
    app.press(hand_key(hand.index(first)))
    assert table.hand.picked == {first}
    assert "Raised: single " + first in app.screen_text() or "not allowed now" in app.screen_text()
    app.press("X")
    assert not table.hand.picked
    steps = len(table.match.steps)
    for card in action.split():
        app.press(hand_key(hand.index(card)))
    text = app.screen_text()
    described = {"run": "run of", "set": "set of"}[kind_of(action)]
    assert f"Raised: {described}" in text and "Enter: play it" in text
    assert len(table.match.steps) == steps  # named on the prompt line before it is played
    lines = text.splitlines()
    col = card_col(table, hand.index(first))
    assert lines[14][col] in "┌╔"  # the raised card's top edge is one row up
    app.press("ENTER")
    assert len(table.match.steps) == steps + 1 and table.match.steps[-1] == action
    assert not table.hand.picked


def test_arrows_space_up_down_move_and_raise(table_app):
    app, table = table_app(SEED_EVERY_PLAY)
    play_by_keys(app, table, to_act(table, lambda: table.obs.phase == "play" and not table.discarding))
    hand, start = table.hand.cards, table.hand.cursor
    assert hand[start] in table.prompt().hand.playable  # the cursor starts on a playable card
    app.press("RIGHT")
    app.press("RIGHT")
    at = (start + 2) % len(hand)
    assert table.hand.cursor == at
    app.press("SPACE")
    assert table.hand.picked == {hand[at]}
    app.press("SPACE")
    assert not table.hand.picked
    app.press("UP")
    assert table.hand.picked == {hand[at]}
    app.press("DOWN")
    assert not table.hand.picked
    app.press("LEFT")
    assert table.hand.cursor == (at - 1) % len(hand)


def test_a_throw_of_several_cards_is_chosen_then_thrown_with_enter(table_app):
    app, table = table_app(SEED_EVERY_PLAY)
    play_by_keys(app, table, to_act(table, lambda: table.discarding and table.owed > 1))
    owed, hand = table.owed, table.hand.cards
    assert f"throw {owed} cards face down" in app.screen_text()
    # The review names one discard (one action) and says how many follow; the hint names the
    # whole throw as Hard throws it, card after card (found by testers: "then 2 more" could not
    # be followed, and the next-best single cards it named after were not Hard's throw), and
    # names no card twice.
    card = table.hand.cards[0]
    assert table.action_words(f"discard {card}", table.obs) == f"throw the {card} face down, then {owed - 1} more"
    from game.ai import rank_actions

    rules, obs, throw = table.match.rules, table.obs, []
    for k in range(owed):
        seed = decision_seed(table.match.seed, len(table.match.steps) + k)
        ranking = rank_actions(rules, obs, "hard", random.Random(seed))
        throw.append(ranking.best.action.split()[1])
        if k < owed - 1:
            follow = table.hint_follow(ranking, obs)
            world = rules.determinize(table.obs, random.Random(5))
            for c in throw:  # the same view, whatever deal is sampled
                world = rules.apply(world, f"discard {c}")
            assert follow == rules.observation(world, 0)
            obs = follow
    hint = hint_now(app, table)
    assert hint.startswith(f"Hint: throw {throw[0]}, then {' '.join(throw[1:])} ("), hint
    assert all(f"; throw {c}" not in hint for c in throw) and len(hint) <= 76, hint
    # F4 raised the throw it names, so Enter throws it (a tester's Enter was refused)
    assert table.hand.picked == set(throw)
    assert f"Throw {owed} cards face down: {' '.join(throw)}. Enter throws them." in app.screen_text()
    app.press("BACKSPACE")  # all put back: chosen by hand now
    assert not table.hand.picked
    steps = len(table.match.steps)
    app.press(hand_key(0))
    assert len(table.match.steps) == steps  # a key chooses, it throws nothing
    assert f"Throw {owed} cards face down: {hand[0]} chosen; pick {owed - 1} more." in app.screen_text()
    app.press("ENTER")
    assert len(table.match.steps) == steps
    assert table.message == f"You must throw {owed} cards face down: you have chosen 1."
    chosen = hand[:owed]
    for i in range(1, owed):
        app.press(hand_key(i))
    assert f"Throw {owed} cards face down: {' '.join(chosen)}. Enter throws them." in app.screen_text()
    app.press("ENTER")
    assert table.match.steps[steps:] == [f"discard {c}" for c in chosen]
    assert set(chosen) <= set(table.obs.my_discards)
    assert f"You throw {owed} cards face down: {' '.join(chosen)}." in table.message


def test_a_throw_the_hint_named_is_listed_and_thrown_in_the_hints_order(table_app):
    """Found by a tester: raised in another order, the hinted throw was listed in the hand's
    order on the prompt, so he re-raised the cards to "fix" it; it is thrown in the hint's."""
    app, table = table_app(SEED_EVERY_PLAY)
    play_by_keys(app, table, to_act(table, lambda: table.discarding and table.owed > 1))
    hint_now(app, table)
    throw = [a.split()[1] for a in table.hinted_move()]
    assert len(throw) == table.owed
    assert f"face down: {' '.join(throw)}. Enter throws them." in app.screen_text()  # F4 raised them
    app.press("BACKSPACE")
    steps = len(table.match.steps)
    for card in sorted(throw, key=table.hand.cards.index, reverse=True):
        app.press(hand_key(table.hand.cards.index(card)))
    assert f"face down: {' '.join(throw)}. Enter throws them." in app.screen_text()
    app.press("ENTER")
    assert table.match.steps[steps:] == [f"discard {c}" for c in throw]
    # and said in that order (a tester read "S2 M5 T5" after "throw T5, then M5 S2")
    assert f"You throw {len(throw)} cards face down: {' '.join(throw)}." in table.message
    assert throw != sorted(throw, key=CARDS.index), "a seed whose hinted throw is not in card order"


def test_one_card_owed_is_thrown_by_enter_on_the_highlighted_card(table_app):
    for seed in (SEED_EVERY_PLAY, *range(1, 30)):
        app, table = table_app(seed)
        play_by_keys(app, table, lambda t=table: to_act(t, lambda: t.discarding and t.owed == 1)()
                     or t.obs.deal_number > 1, seed=seed)
        if table.obs.deal_number > 1:
            continue
        card = table.hand.current
        assert f"throw a card face down (Enter throws {card})." in app.screen_text()
        app.press("ENTER")
        assert table.match.steps[-1] == f"discard {card}"
        assert f"You throw the {card} face down." in table.message
        return
    pytest.fail("no seed gave a single card to throw")


def test_claim_on_its_key_and_refused_claim_says_why(table_app):
    app, table = table_app(SEED_EVERY_PLAY)
    play_by_keys(app, table, to_act(table, lambda: table.leading and not table.obs.can_claim))
    steps = len(table.match.steps)
    app.press("C")
    assert len(table.match.steps) == steps
    assert "You cannot claim" in table.message and "You cannot claim" in app.screen_text()
    play_by_keys(app, table, to_act(table, lambda: table.obs.can_claim), seed=SEED_EVERY_PLAY)
    assert f"C Claim {table.obs.claim_count}" in app.screen_text()
    app.press("C")
    assert table.obs.last_deal.how == "claim" and table.obs.last_deal.winner == 0
    assert "You claimed" in app.screen_text()


def test_illegal_plays_buzz_with_the_reason(table_app):
    app, table = table_app(SEED_EVERY_PLAY)
    play_by_keys(app, table, to_act(table, lambda: table.leading))
    hand = table.hand.cards
    steps = len(table.match.steps)
    app.press(hand_key(0), hand_key(1))  # two cards are never a play
    assert "not a legal play" in app.screen_text()
    app.press("ENTER")
    assert len(table.match.steps) == steps
    assert "Two cards are not a play" in table.message
    text = " ".join(line.strip("║ ") for line in app.screen_text().splitlines()[21:23])
    assert "Two cards are not a play" in text  # the whole reason, over two lines if need be
    app.press("X")
    assert "Two cards" not in app.screen_text()  # the next key brings the prompt back, and only that
    app.press("X")  # now X lowers the raised cards
    assert "Your lead" in app.screen_text()
    assert len(hand) == len(table.obs.hand)
    # A click on the prompt's "X: lower all" lowers them too (a tester's click had played them).
    from tests.scenes.test_mouse import click_on

    app.press(hand_key(0), hand_key(1))
    click_on(app, "X: lower all", 3)
    assert not table.hand.picked and len(table.match.steps) == steps and "Your lead" in app.screen_text()


def test_a_follower_must_beat(table_app):
    for seed in range(1, 40):
        app, table = table_app(seed)
        play_by_keys(app, table, lambda t=table: (to_act(t, lambda: t.obs.phase == "play" and bool(t.obs.trick))()
                                                  and not t.discarding) or t.obs.deal_number > 1)
        if table.obs.deal_number > 1:
            continue
        legal = set(table.obs.legal_actions)
        hand = table.hand.cards
        bad = next((c for c in hand if c not in legal), None)
        if bad is None:
            continue
        steps = len(table.match.steps)
        app.press(hand_key(hand.index(bad)), "ENTER")
        assert len(table.match.steps) == steps
        assert "You must beat" in table.message
        return
    pytest.fail("no seed gave a follow with a card that does not beat")


def test_old_cards_are_marked_and_explained(table_app):
    app, table = table_app(SEED_EVERY_PLAY)
    play_by_keys(app, table, to_act(table, lambda: bool(table.obs.old_cards)))
    obs = table.obs
    lines = app.screen_text().splitlines()
    assert lines[13].lstrip("║ ").startswith("OLD")
    for card in obs.old_cards:
        assert card in lines[13]
    hand = table.hand.cards
    marked = [c for i, c in enumerate(hand) if "OLD" in lines[15][card_col(table, i): card_col(table, i) + 6]
              or "OLD" in lines[14][card_col(table, i): card_col(table, i) + 6]]
    assert set(marked) == set(obs.old_cards)
    app.press("O")
    text = app.screen_text()
    assert "Your Old cards" in text and f"= {obs.claim_count}" in text
    for card in hand:
        assert f"{card}  " in text
    assert "always Old" in text or "every higher" in text
    app.press("SPACE")
    assert table.panel is None
    # The "O: why" on the Old line takes a click as the key (a tester's click did nothing)...
    from tests.scenes.test_mouse import click_on

    app.tick(1.0)  # past the moment keys are dropped as the panel closes
    if "O: why" in app.screen_text():
        click_on(app, "O: why", 3)
        assert table.panel is not None and "Your Old cards" in app.screen_text()
        app.press("SPACE")
    # ...and the review's table as it was, where O is not live, leaves it out.
    with table.showing(table.obs):
        assert not any("O:" in text or "O explains" in text for text, _ in table.old_line())
    assert any("O: why" in text for text, _ in table.old_line()) or not table.obs.old_cards
    # A deal over, the hand empty: no Old line (a tester read "none yet" under the deal's end).
    with table.showing(dataclasses.replace(table.obs, hand=())):
        assert table.old_line() == []


def test_old_line_gives_the_reasons():
    from game.scenes.lukfu_table import old_card_reason, old_reasons

    hand = ("C1", "S6", "S7", "S9", "M4", "T8")
    public = ("S8", "T9")
    reasons = old_reasons(hand, ("C1", "S6", "S7", "S9", "T8"), public)
    assert reasons == [("C1 S9", "always Old"), ("S6 S7", "S8 played, S9 yours"), ("T8", "T9 played")]
    assert "Mau Gung" in old_card_reason("C1", hand, public)
    assert "not Old" in old_card_reason("M4", hand, public) and "M9" in old_card_reason("M4", hand, public)
    # Also a card you threw face down yourself keeps yours from being Old; it was seen, by you.
    assert old_card_reason("M4", hand, public).endswith("M9 not played face up yet.")
    assert "S8 played" in old_card_reason("S7", hand, public)


def test_every_f_key_at_the_table(table_app):
    app, table = table_app(9)
    app.press("F1")
    assert app.settings.get("play", "sound") is False
    app.press("F5")
    assert isinstance(app.top_scene(), HelpScene) and "Luk Fu" in app.screen_text()
    assert "LUK FU" in app.screen_text()
    app.press("ESC")
    app.press("F6")
    assert app.settings.get("play", "replay") is True
    assert dict(table.obs.options)["replay"] is True
    app.press("F3")  # your hand by value
    hand = table.hand.cards
    assert [int(c[1]) for c in hand] == sorted(int(c[1]) for c in hand)
    app.press("F3")
    assert table.hand.cards == list(table.obs.hand)
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
    for _ in range(300):
        if table.panel is not None:
            table.close_panel()
        table.hold = 0
        app.tick(0.05)
    assert len(table.match.steps) > steps + 5
    assert any(table.obs.fu) or table.obs.deal_number > 1
    app.press("F2")
    assert not app.demo
    app.press("F7")
    app.press("Y")
    assert isinstance(app.top_scene(), MenuScene)


def test_replay_offer_restores_the_deal(table_app):
    app, table = table_app(11, deals=3)
    app.press("F6")
    play_by_keys(app, table, to_act(table, lambda: table.obs.phase == "replay" and table.obs.deal_number == 2),
                 check_grid=True)
    text = app.screen_text()
    assert "R Replay it (same cards)" in text and "C Continue to deal 3" in text
    # O does not work between deals (it says so): the Old line does not offer it (a tester).
    assert "O: why" not in text and "O explains" not in text
    scores_before = table.obs.scores
    deal2 = table.obs.last_deal
    played = app.stats.games["lukfu"]["deals_played"]
    app.press("R")
    assert "Replaying" in table.message
    assert table.panel is None  # no summary of deal 1 again
    assert table.obs.deal_number == 2 and table.obs.phase == "call"
    assert table.obs.scores == tuple(s - p for s, p in zip(scores_before, deal2.points, strict=True))
    play_by_keys(app, table, to_act(table, lambda: table.obs.phase == "replay"))
    assert app.stats.games["lukfu"]["deals_played"] == played  # a replayed deal does not count
    app.press("C")
    assert table.obs.deal_number == 3


def test_open_hands_show_the_computers_cards(table_app):
    app, table = table_app(4, open_hands=True)
    lines = assert_grid(app)
    for seat, col in ((2, 2), (1, 41)):
        shown = lines[3][col:col + 37]
        assert "▒" not in shown
        for card in table.obs.hands[seat]:
            assert card in shown.replace(" ", "") or card in shown


def test_every_hand_size_and_a_nine_card_run_fit(table_app):
    """You hold T1-T9 and lead them all: long plays overlap inside their place."""
    app, table = table_app(3)
    mine = ["T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", "C1", "C2", "C3"]
    rest = [c for c in CARDS if c not in mine]
    deck = [mine[i // 3] if i % 3 == 0 else rest.pop(0) for i in range(36)]
    table.match.state = table.match.rules.new_match(3, {"first_master": 0}, deck=deck)
    table.refresh()
    app.press("C")
    app.tick(0.5)  # past the input guard
    hand = table.hand.cards
    for card in mine[:9]:
        app.press(hand_key(hand.index(card)))
    assert "Raised: run of 9, Tens 1-9" in app.screen_text()
    assert_grid(app)
    app.press("ENTER")
    play_by_keys(app, table, lambda: table.hold > 0 or table.panel is not None, check_grid=True)
    assert table.hold > 0 and "YOU WIN 9 FU" in app.screen_text()
    assert table.obs.fu[0] == 9
    play_by_keys(app, table, lambda: table.panel is not None or len(table.obs.hand) == 1, check_grid=True)


def test_attract_mode_plays_luk_fu(make_app):
    app = make_app("--skip-intro", "--seed", "6")
    names = [g.name for g in registry.available()]
    assert "lukfu" in names
    show = AttractScene(app, start=names.index("lukfu"))
    app.stack.push(show)
    assert isinstance(show.table, LukFuTable)
    table = show.table
    for _ in range(3000):
        app.tick(0.1)
        if table.deals_seen >= 1:
            break
    assert table.deals_seen >= 1
    assert "DEMO" in app.screen_text()
    app.press("SPACE")
    assert isinstance(app.top_scene(), MenuScene)


def test_clicking_a_card_raises_it(table_app):
    app, table = table_app(SEED_EVERY_PLAY)
    play_by_keys(app, table, to_act(table, lambda: table.obs.phase == "play" and not table.discarding))
    hand = table.hand.cards
    col = card_col(table, 2) + 1
    table.on_click(col, 16)
    assert table.hand.picked == {hand[2]} and table.hand.cursor == 2
    table.on_click(col, 15)  # the raised card is one row higher
    assert not table.hand.picked


# ---- issue 14: a key meant for what was before plays nothing; narration says how many ----
def test_a_key_pressed_as_the_trick_goes_away_does_not_lead_a_card(table_app):
    """The trick you won waits for your key; keys pressed after it land on "Your lead", which
    ignores them for a moment, and play nothing."""
    app, table = table_app(SEED_EVERY_PLAY)
    play_by_keys(app, table, lambda: table.hold > 0 and table.match.current_player == table.viewer)
    app.tick(3.0)
    assert table.holding_for_key and "Any key: go on." in app.screen_text()
    steps = len(table.match.steps)
    app.press("ENTER")
    assert table.hold == 0 and "Your lead" in app.screen_text()
    app.press("ENTER")
    app.press("SPACE")
    app.press("ENTER")
    assert len(table.match.steps) == steps and not table.hand.picked


def test_enter_pressed_twice_on_the_summary_does_not_call(table_app):
    """The second Enter meant for the deal's summary lands on "Play this hand?" and calls nothing."""
    app, table = table_app(SEED_EVERY_PLAY)
    play_by_keys(app, table, lambda: table.panel is not None, seed=SEED_EVERY_PLAY)
    app.press("ENTER", "ENTER")
    assert table.panel is None and table.obs.phase == "call" and table.human_to_act
    assert table.obs.calls == () and table.obs.caller is None
    app.tick(0.5)
    steps = len(table.match.steps)
    app.press("ENTER")  # on its own prompt, Enter alone passes: a stray key makes no Caller
    assert table.match.steps[steps] == "pass" and table.obs.caller != table.viewer


def test_a_computer_throwing_several_cards_face_down_says_how_many(table_app):
    for seed in (SEED_EVERY_PLAY, *range(1, 30)):
        app, table = table_app(seed)

        def throwing(t: LukFuTable = table) -> bool:
            trick = t.obs.trick
            return bool(trick) and trick[-1][0] != t.viewer and trick[-1][1][0] == "down" and len(t.obs.best) > 1

        play_by_keys(app, table, lambda t=table: throwing(t) or t.obs.deal_number > 1, seed=seed)
        if table.obs.deal_number > 1:
            continue
        seat, owed = table.obs.trick[-1][0], len(table.obs.best)
        down = len(table.obs.trick[-1][1])  # one at a time: how many so far (a tester saw 1 down beside 3)
        assert down < owed
        name = table.seat_name(seat)
        assert table.message == f"{name} cannot beat: throws {owed} cards face down ({down} down so far)."
        return
    pytest.fail("no seed gave a computer a throw of several cards")


def test_a_redeal_is_held_on_screen_until_read(table_app):
    """Found by a tester: the new cards came and West called and led before "All three passed:
    new cards are dealt" could be read; it is held as a finished trick is, for a key when you
    speak first."""
    from game.scenes.lukfu_table import REDEAL_HOLD

    app, table = table_app(7)
    play_by_keys(app, table, lambda: table.obs.redeals >= 1, seed=7)
    assert table.message.startswith("All three passed: new cards are dealt")
    steps = len(table.match.steps)
    app.tick(REDEAL_HOLD / 2)
    assert len(table.match.steps) == steps and table.hold > 0
    assert table.holding_for_key  # you speak first: your key goes on, and only goes on
    assert "Any key: go on." in app.screen_text()
    app.press("P")
    assert len(table.match.steps) == steps and table.hold == 0
    # West is Master: the new cards stay REDEAL_HOLD seconds before he speaks (no key to wait for).
    app, table = table_app(1)
    play_by_keys(app, table, lambda: table.obs.redeals >= 1, seed=1)
    assert table.message.startswith("All three passed: new cards are dealt") and not table.holding_for_key
    steps = len(table.match.steps)
    app.tick(REDEAL_HOLD * 0.8)
    assert len(table.match.steps) == steps and table.hold > 0
    for _ in range(40):
        app.tick(0.1)
    assert table.hold <= 0 and len(table.match.steps) > steps


def test_the_end_of_a_redealt_deal_is_no_redeal(table_app):
    """Found by a tester: a claim ending a deal whose cards had been dealt again was held as a
    redeal (2.5 s, the trick before it shown again as won); a deal's end holds as any does."""
    from game.scenes.lukfu_table import REDEAL_HOLD

    app, table = table_app(7)
    play_by_keys(app, table, lambda: table.obs.redeals >= 1, seed=7)
    deal = table.obs.deal_number
    play_by_keys(app, table, lambda: table.obs.last_deal is not None and table.obs.last_deal.deal_number == deal,
                 seed=7)
    assert table.hold < REDEAL_HOLD and not table.message.startswith("All three passed")


def test_new_cards_start_in_order_even_when_they_share_some_with_the_last(table_app):
    """F3 off: a redeal and a new deal show the new hand by value from its first card, not
    the old hand's places for the cards the two happen to share."""
    app, table = table_app(7)
    app.press("F3")
    play_by_keys(app, table, to_act(table, lambda: table.obs.redeals >= 1), seed=7)
    assert table.hand.cards == table.hand_cards(table.view) and table.hand.cursor == 0
    assert table.message == "All three passed: new cards are dealt; you are still Master."
    play_by_keys(app, table, lambda: table.obs.deal_number == 2 and table.panel is None, seed=7)
    assert table.hand.cards == table.hand_cards(table.view) and table.hand.cursor == 0


# ---- every seat's won plays labelled, BEST always shown, open hands spaced, the card to throw ----
def position(rules, test: Callable[[object, LukFuObservation], bool], options: dict[str, object] | None = None,
             seeds: range = range(1, 300)) -> object:
    """The first state, in deals the easy computer plays for every seat, where ``test`` holds
    for (the state, your observation in it)."""
    for seed in seeds:
        rng = random.Random(seed)
        state = rules.new_match(seed, dict(options or {}))
        while rules.current_player(state) is not None and rules.observation(state, 0).deal_number == 1:
            if test(state, rules.observation(state, 0)):
                return state
            seat = rules.current_player(state)
            state = rules.apply(state, choose_action(rules, rules.observation(state, seat), "easy", rng))
    pytest.fail("no deal came to the position")


def screen_at(app, table: LukFuTable, state: object) -> list[str]:
    table.match.state = state
    table.refresh()
    app.tick(0.05)
    return assert_grid(app)


def test_every_seat_shows_its_won_plays_under_won(table_app):
    """West and East write the plays they won after WON, as your own row does."""
    app, table = table_app(2)
    state = position(table.match.rules, lambda state, me: me.phase == "play" and all(me.fu))
    lines = screen_at(app, table, state)
    for seat, col in ((2, BLOCK_COLS[2]), (1, BLOCK_COLS[1])):
        row = lines[SEAT_ROW + 2][col:col + BLOCK_W]
        assert row.startswith("WON  "), row
        for cards in table.seat_groups(seat):
            assert " ".join(cards) in row, row
    you = lines[YOU_ROW]
    assert "WON  " + " ".join(table.seat_groups(0)[0]) in you, you


def test_the_play_now_winning_is_always_marked_best(table_app):
    """A long run led by West keeps its BEST badge (named by its end cards), still a blank
    column short of "YOU TO PLAY"."""
    app, table = table_app(1)
    lines = screen_at(app, table, long_lead_to_follow(table.match.rules, table.viewer))
    row = lines[CAPTION_ROW]
    led = table.obs.trick[0][1]
    west = row[SLOT_COLS[2]:SLOT_COLS[0]]
    assert west == f"WEST LED {led[0]}-{led[-1]} BEST".ljust(len(west)), row
    assert row[SLOT_COLS[0] - 1] == " " and "YOU TO PLAY" in row


def test_every_play_leaves_room_for_best_in_its_caption():
    from game.rules.lukfu import PLAYS
    from game.scenes.lukfu_table import BEST_BADGE, CAPTION_W, play_caption

    for play in PLAYS:
        cards = tuple(play.text.split())
        for name in ("WEST", "EAST", "YOU"):
            for verb in ("LED", "BEAT"):
                caption = play_caption(name, verb, cards, best=True)
                assert len(caption) + len(BEST_BADGE) <= CAPTION_W, caption
                assert caption == f"{name} {verb} {short_play(cards).upper()}" or len(cards) >= 3, caption
                plain = play_caption(name, verb, cards, best=False)
                assert plain == f"{name} {verb} {short_play(cards).upper()}"


def test_open_hands_write_the_cards_apart_in_their_block(table_app):
    """Open hands: each computer's cards with a blank between them, the full 12 too, inside its
    block; its face-down cards move next to the plays it won."""
    app, table = table_app(4, open_hands=True)

    def spaced(lines: list[str]) -> None:
        for seat in (2, 1):
            col = BLOCK_COLS[(seat - table.viewer) % 3]
            shown = " ".join(table.shown_hand_of(table.obs.hands[seat]))
            assert lines[SEAT_ROW + 1][col:col + BLOCK_W].strip() == shown, lines[SEAT_ROW + 1]
        for row in lines[SEAT_ROW:SEAT_ROW + 3]:  # the blocks do not meet
            assert row[BLOCK_COLS[1] - 2:BLOCK_COLS[1]] == "  ", row

    lines = assert_grid(app)
    assert all(len(table.obs.hands[s]) == 12 for s in (1, 2))
    spaced(lines)
    state = position(table.match.rules, lambda state, me: me.phase == "play" and len(me.hands[2]) >= 9
                     and me.discards_down[2] >= 3, options={"open_hands": True})
    lines = screen_at(app, table, state)
    spaced(lines)
    down = table.obs.discards_down[2]
    assert f"DOWN {'▒' * down} {down}" in lines[SEAT_ROW + 2][BLOCK_COLS[2]:BLOCK_COLS[1]]


def test_the_highlight_starts_on_a_card_to_throw_not_an_old_one(table_app):
    """Cannot beat: the highlight starts on the lowest card that is not Old, so Enter throws no Old card."""
    def lowest_not_old(t: LukFuTable) -> str | None:
        cards = [c for c in t.hand.cards if c not in t.obs.old_cards]
        return min(cards, key=lambda c: (int(c[1]), CARDS.index(c))) if cards else None

    def throwing(t: LukFuTable) -> bool:
        """A throw face down with Old cards in hand, the lowest card not Old not the first."""
        lowest = lowest_not_old(t)
        return t.discarding and bool(t.obs.old_cards) and lowest is not None and t.hand.cards[0] != lowest

    for seed in (SEED_EVERY_PLAY, *range(1, 40)):
        app, table = table_app(seed)
        play_by_keys(app, table, lambda t=table: to_act(t, lambda: throwing(t))() or t.obs.deal_number > 1,
                     seed=seed)
        if table.obs.deal_number > 1:
            continue
        lowest = lowest_not_old(table)
        assert table.hand.current == lowest, (table.hand.cards, table.obs.old_cards)
        if table.owed == 1:
            assert f"(Enter throws {lowest})." in app.screen_text()
        app.press("F3")  # the hand in the other order: the highlight stays on the card to throw
        assert table.hand.current == lowest
        return
    pytest.fail("no seed gave a throw face down with Old cards in hand")


@pytest.mark.parametrize("seed, auto_claim", [(SEED_LAST_TRICK, False), (SEED_AUTO_CLAIM, True)])
def test_the_trick_that_ends_a_deal_stays_on_the_table_before_the_summary(table_app, seed, auto_claim):
    """Found in review: the trick that ended a deal (its last trick, or the one that reached six
    fu with the automatic claim on) was never shown; the summary came up over the trick before."""
    app, table = table_app(seed, auto_claim_at_six_won=auto_claim)
    play_by_keys(app, table, lambda: table.summary_due is not None or table.panel is not None, seed=seed)
    assert table.panel is None and table.hold > 0, "the trick waits on the table, as every trick does"
    last = table.summary_due
    assert last.how == ("auto-claim" if auto_claim else "draw")
    trick, held = table.trick_shown()
    assert held and len(trick) == 3 and table.view.fu == last.fu
    # The totals change with the summary that explains them, not under the held trick.
    assert table.view.scores == tuple(t - p for t, p in zip(last.totals, last.points, strict=True))
    taker = [s for s, cards in trick if cards[0] != "down"][-1]
    assert table.seat_groups(taker)[-1] == next(cards for s, cards in reversed(trick) if s == taker)
    lines = assert_grid(app)
    assert "DEAL OVER" in lines[1] and "the trick" in app.screen_text()
    assert ("Any key: go on." in app.screen_text()) == table.holding_for_key
    app.press("SPACE")  # the key ends the pause and does nothing else
    app.tick(0.05)
    assert table.panel is not None and table.panel.review  # the deal's summary
    assert table.obs.deal_number == 2 and table.view.scores == last.totals


def test_the_review_shows_a_play_of_several_cards_raised_as_it_was_played(table_app):
    """Found by a tester: the review's table framed the first card of a set he had led and left
    the other two flat in the hand, so the hand did not show which set it was."""
    app, table = table_app(SEED_EVERY_PLAY)
    rng = random.Random(SEED_EVERY_PLAY)
    rules, state = table.match.rules, table.match.state
    while True:  # on to a lead of several cards of the player's
        obs = rules.observation(state, 0)
        several = [a for a in obs.legal_actions if len(a.split()) > 1 and not a.startswith("discard")]
        if rules.current_player(state) == 0 and obs.phase == "play" and several:
            break
        seat = rules.current_player(state)
        state = rules.apply(state, choose_action(rules, rules.observation(state, seat), "easy", rng))
    review = ReviewScene(app, table, 0)
    review.decisions = [Decision(0, obs, several[0], 0)]
    review.showing = review.decisions[0]
    app.stack.push(review)
    app.tick(0.01)
    lines = app.screen_text().splitlines()
    raised = lines[14]  # a raised card's top row, one above the hand's
    assert raised.count("┌") + raised.count("╔") == len(several[0].split()), raised


def test_the_call_of_cards_dealt_again_is_named_apart_in_the_review(table_app):
    """Found by a tester: after all three passed, the review listed two "the call" rows."""
    _app, table = table_app(5)
    first = table.obs
    later = dataclasses.replace(first, redeals=1)
    assert table.decision_words(first) == "the call" and table.decision_words(later) == "call (redeal 1)"
    assert len(table.decision_words(later)) <= DECISION_MAX


def _throws(table, seed: int, count: int = 1, empty_hand: bool = False) -> list[list[Decision]]:
    """Play a match at ``table`` on (easy players; the player leading his longest play, so that
    his hand runs low) until he has thrown ``count`` times face down, several cards each (the
    last throw emptying his hand, if asked): the review's decisions of each throw, as
    ``DealReplay`` makes them (a card that left no choice is none)."""
    from game.app.match import Match

    match = table.match = Match("lukfu", seed, {})
    rng = random.Random(seed)
    throws: list[list[Decision]] = []
    while not match.is_over:
        seat = match.current_player
        obs = match.observation(seat)
        size = len(obs.trick[0][1]) if obs.trick else 0
        if seat == 0 and obs.legal_actions[0].startswith("discard ") and size >= 2 \
                and (not empty_hand or len(obs.hand) == size) and not any(s == 0 for s, _ in obs.trick):
            throws.append([])
            for _ in range(size):
                obs = match.observation(0)
                if len(obs.legal_actions) > 1:
                    throws[-1].append(Decision(len(match.steps), obs, obs.legal_actions[-1], 0))
                match.replay_step(obs.legal_actions[-1])
            if len(throws) == count:
                return throws
            continue
        if seat == 0 and not obs.trick and obs.phase == "play":
            action = max((a for a in obs.legal_actions if a != "claim"), key=lambda a: len(a.split()))
        else:
            action = choose_action(match.rules, obs, "easy", rng)
        match.replay_step(action)
    raise AssertionError("no such throw in this match")


def test_the_review_takes_a_throw_of_several_cards_as_one_move(table_app):
    """Found by a tester: he threw M2, C3 and S1 face down; the review listed "throw C3, Hard:
    throw M2" at a cost, though he threw the M2 too, in the same move."""
    from game.ai.analysis import SAMPLED, Estimate, Ranking

    app, table = table_app(3)
    first_throw, later_throw = _throws(table, 3, count=2)
    throw = [d.action for d in first_throw]
    assert len(throw) >= 2
    later = later_throw[0]
    review = ReviewScene(app, table, 0)
    review.decisions = [*first_throw, later]
    values = {throw[1]: -2.5, throw[0]: -2.8, **dict.fromkeys(throw[2:], -2.9), later.action: -3.5}
    for d in review.decisions:
        review.rankings[d.step] = Ranking.of([Estimate(a, v, 30, 0.1) for a, v in values.items()], throw[1],
                                             SAMPLED)
    first = first_throw[0]
    assert table.same_move(first, review.decisions) >= frozenset(throw)
    assert later.action not in table.same_move(first, review.decisions)
    assert review.agrees(first) and review.cost(first) == 0.0 and review.chance_lost(first) == 0.0
    assert review.agrees(first_throw[-1]) and review.as_good(first_throw[-1])
    assert not review.agrees(later) and review.cost(later) == 1.0
    assert "the same" in review._list_line(first, chance=True)


def test_the_reviews_verdict_on_hards_card_of_a_throw_speaks_of_that_card_only(table_app):
    """Found by a tester: the first card of his throw was Hard's, and the table view said "you
    chose to throw the C3 face down, then 3 more, as Hard would", above red rows for the next
    cards: read as the whole throw approved. The verdict is of that card."""
    from game.ai.analysis import SAMPLED, Estimate, Ranking
    from game.screen.canvas import TextCanvas

    app, table = table_app(3)
    (throw,) = _throws(table, 3)
    first = throw[0]
    review = ReviewScene(app, table, 0)
    review.decisions = list(throw)
    review.rankings[first.step] = Ranking.of(
        [Estimate(first.action, -2.0, 30, 0.1), *(Estimate(a, -3.0, 30, 0.1) for a in first.observation.legal_actions
                                                  if a != first.action)], first.action, SAMPLED)
    review.showing = first
    canvas = TextCanvas()
    review.draw(canvas)
    verdict = canvas.row_text(MESSAGE_ROW)
    card = first.action.split()[1]
    assert f"you threw {card}, as Hard would for this card of the move." in verdict, verdict
    assert "more" not in verdict, verdict
    # Every card of the throw is said alike, long or short (one had read "you chose to throw the
    # T9 face down", the others "you threw T4": a tester).
    for decision in throw:
        card = decision.action.split()[1]
        assert table.choice_words(decision.action, decision.observation) == f"threw the {card} face down"
        assert table.choice_words(decision.action, decision.observation, short=True) == f"threw {card}"


@pytest.mark.parametrize("empty_hand", [False, True])
def test_the_reviews_table_raises_every_card_of_a_throw_still_in_hand(table_app, empty_hand):
    """Found by testers: he raised three cards and threw them face down; the review's table at
    the throw showed only the first raised (each card is one action), at the next only the
    second; and a throw of his last cards showed its last card lowered (it left no choice, so
    it is no decision). Every card of the throw still in hand is raised, this decision's framed."""
    from game.screen.canvas import TextCanvas

    app, table = table_app(3)
    (decisions,) = _throws(table, 2 if empty_hand else 3, empty_hand=empty_hand)
    first = decisions[0]
    cards = [step.split()[1] for step in table.match.steps[first.step:first.step + len(first.observation.trick[0][1])]]
    assert len(decisions) == len(cards) - empty_hand
    review = ReviewScene(app, table, 0)
    review.decisions = decisions
    seen = []
    showing = table.showing

    def spy(view, played=None, step=None):
        manager = showing(view, played, step)
        seen.append(played)
        return manager

    table.showing = spy
    for decision in review.decisions:
        review._draw_table(TextCanvas(), decision)
    table.showing = showing
    for at, (decision, played) in enumerate(zip(review.decisions, seen, strict=True)):
        words = played.split()
        assert words[:2] == decision.action.split() and {f"discard {c}" for c in cards[at:]} == {
            " ".join(words[i:i + 2]) for i in range(0, len(words), 2) if words[i + 1] in cards[at:]}
    with table.showing(first.observation, seen[0], first.step):
        assert table.hand.picked == set(cards) and table.hand.cards[table.hand.cursor] == cards[0]


def test_a_better_value_than_the_rule_of_thumbs_choice_comes_with_its_reason(table_app):
    """Found by a tester: "Values: throw T7 -0.8, 19%; *throw S8 -0.2, 22%; ..." named Hard's
    choice below his own with no reason: the reason did not fit the row."""
    from game.ai.analysis import SAMPLED, Estimate, Ranking

    app, table = table_app(3)
    review = ReviewScene(app, table, 0)
    values = {"discard T7": (-0.8, 0.19), "discard S8": (-0.2, 0.22), "discard M7": (-0.8, 0.19),
              "discard C4": (-1.1, 0.18), "discard T5": (-1.3, 0.17)}
    ranking = Ranking.of([Estimate(a, p, 8, c) for a, (p, c) in values.items()], "discard T7", SAMPLED,
                         "8 imagined deals; chosen by rule of thumb")
    line = review._values_line(Decision(0, table.obs, "discard S8", 0), ranking)
    assert "*throw S8 -0.2, 22%" in line and line.endswith(" [chosen by rule of thumb]") and len(line) <= 76, line


def test_the_claim_with_no_old_cards_does_not_speak_of_old_cards(table_app):
    """Found by a tester: with "OLD none yet" on screen the hint read "Hint: claim (show your Old
    cards) (+4 points...)": a claim on fu alone shows no Old cards. It now says what the claim
    rests on; a claim with Old cards still says to show them."""
    from game.ai.analysis import SAMPLED, Estimate, Ranking

    app, table = table_app(2)
    state = position(table.match.rules, lambda state, me: me.current_player == 0 and me.can_claim
                     and not me.old_cards)
    lines = screen_at(app, table, state)
    assert "OLD none yet" in lines[YOU_ROW + 1]
    fu = table.obs.fu[table.viewer]
    lead = next(a for a in table.obs.legal_actions if a != "claim")
    ranking = Ranking.of([Estimate("claim", 4.0, 30), Estimate(lead, 1.0, 30)], "claim", SAMPLED)
    hint = table.hint_text(ranking)
    assert hint.startswith(f"Hint: claim (your {fu} fu win the deal now) (+4"), hint
    assert "Old" not in hint
    assert table.choice_words("claim", table.obs) == f"chose to claim (your {fu} fu win the deal now)"
    with_old = dataclasses.replace(table.obs, old_cards=("C1",))
    assert table.action_words("claim", with_old) == "claim (show your Old cards)"
    assert table.action_words("claim", table.obs, short=True) == "claim"


def won_view(table: LukFuTable, yours: list[tuple[str, ...]], easts: list[tuple[str, ...]]) -> LukFuObservation:
    """The table's view with you (Master and Caller, three cards down) and East having won ``yours``
    and ``easts``, one trick each, the others throwing face down."""
    tricks = tuple(((1, ("down",) * len(g)), (2, ("down",) * len(g)), (0, g)) for g in yours)
    tricks += tuple(((0, ("down",) * len(g)), (2, ("down",) * len(g)), (1, g)) for g in easts)
    fu = (sum(map(len, yours)), sum(map(len, easts)), 0)
    return dataclasses.replace(table.obs, phase="play", tricks=tricks, trick=(), master=0, caller=0, fu=fu,
                               discards_down=(3, 2, 3))


def won_cards_shown(app, row: int, start: int, end: int, groups: list[tuple[str, ...]]) -> list[str]:
    """The cards written after WON between ``start`` and ``end``, checked: each card apart, the
    cards of one trick on the card colour between them, tricks apart on the table's; the latest
    cards, after "..." when some are left out."""
    from game.scenes.table import TABLE_BG
    from game.screen.cards import CARD_BG

    text = app.canvas.row_text(row)[start:end]
    at = start + text.index("WON ") + 4
    words = app.canvas.row_text(row)[at:end].split()
    if words and words[-1].startswith("DOWN"):
        words = words[:words.index(next(w for w in words if w.startswith("DOWN")))]
    flat = [card for g in groups for card in g]
    left_out = bool(words) and words[0] == "..."
    cards = words[1:] if left_out else words
    assert all(card in CARDS for card in cards), text  # never two names run together
    assert cards == flat[len(flat) - len(cards):], text  # the latest
    assert left_out == (len(cards) < len(flat)), text
    trick_of = {card: i for i, g in enumerate(groups) for card in g}
    row_text = app.canvas.row_text(row)
    places = [row_text.index(card, at) for card in cards]
    for (a, b), (start_a, start_b) in zip(itertools.pairwise(cards), itertools.pairwise(places), strict=True):
        between = [app.canvas.cell(c, row) for c in range(start_a + 2, start_b)]
        assert between and all(cell.char == " " for cell in between), (text, a, b)
        backs = {cell.bg for cell in between}
        assert backs == {CARD_BG} if trick_of[a] == trick_of[b] else TABLE_BG in backs, (text, a, b)
    return cards


@pytest.mark.parametrize("yours, easts", [
    ([("C8", "S8", "T8"), ("S9",), ("S7",), ("S6",), ("C1",)],
     [("M2", "M3", "M4"), ("T5",), ("T6",), ("T7", "T8", "T9"), ("C5",)]),
    ([("C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9")],
     [("S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9"), ("M1", "M2", "M3")]),
    ([("C8", "S8", "T8"), ("S9",)], [("M2", "M3", "M4"), ("T5",)]),
])
def test_the_won_row_never_runs_cards_together(table_app, yours, easts):
    """Found by a tester: once DOWN was shown the row read "WON C8S8T8 S9 S7 S6 C1" (and East's
    "M2M3M4 T5 T6 T7T8T9"): short of room, the cards were packed with no blank. They now stay
    apart, a trick's cards on the card colour and tricks apart; when they cannot all fit the
    latest are shown after "..." for those left out."""
    app, table = table_app(3)
    table.frozen_obs = won_view(table, yours, easts)
    app.tick(0.05)
    lines = assert_grid(app)
    assert "DOWN" in lines[YOU_ROW], lines[YOU_ROW]
    mine = won_cards_shown(app, YOU_ROW, 2, COLS - 2, yours)
    theirs = won_cards_shown(app, SEAT_ROW + 2, BLOCK_COLS[1], BLOCK_COLS[1] + BLOCK_W, easts)
    assert mine and theirs
    if len(yours) == 2:  # room for all, each card with a blank around it
        assert " C8 S8 T8   S9 " in lines[YOU_ROW] and " M2 M3 M4   T5 " in lines[SEAT_ROW + 2]


def test_the_help_text_breaks_no_line_early():
    """Found by a tester: two lines of the help broke mid-sentence far short of the box's width
    ("A match is a number of deals (8" / "unless you change it)", "highlighted card. F6 turns" /
    "on the replay option"). Every line of a paragraph now takes as many words as fit."""
    from game.scenes.help import HELP_DIR, TEXT_W

    lines = (HELP_DIR / "lukfu.txt").read_text(encoding="utf-8").split("\n")

    def prose(line: str) -> bool:  # not a blank line, page break, heading or indented table row
        return bool(line.strip()) and line != "---" and not line.startswith(" ") and not line.isupper()

    early = [f"{number}: {line!r}" for number, (line, after) in enumerate(itertools.pairwise(lines), 1)
             if prose(line) and prose(after) and len(line) + 1 + len(after.split()[0]) <= TEXT_W]
    assert not early, early


def test_a_throw_that_follows_the_hint_is_hards_throw_in_the_review(table_app):
    """Found by a tester: he threw the three cards the hint named, and the review charged the
    third (Hard, asked again at that card, threw another)."""
    from tests.scenes.test_hint_and_review import open_review, play_to_summary

    app, table = table_app(SEED_EVERY_PLAY)
    play_by_keys(app, table, to_act(table, lambda: table.discarding and table.owed > 1))
    hint = hint_now(app, table)
    named = hint.split(" (")[0].removeprefix("Hint: throw ").replace(", then", "").split()
    assert len(named) == table.owed, hint
    steps = len(table.match.steps)
    assert table.hand.picked == set(named)  # F4 raised them: Enter throws what it named
    app.press("ENTER")
    assert table.match.steps[steps:] == [f"discard {c}" for c in named], (hint, table.match.steps[steps:])
    play_to_summary(app, table, "lukfu")
    review = open_review(app, analysed=True, ticks=3000)
    thrown = [d for d in review.decisions if steps <= d.step < steps + len(named)]
    assert [d.action for d in thrown] == [f"discard {c}" for c in named]
    for decision in thrown:
        assert review.rankings[decision.step].best.action == decision.action  # Hard throws it too
        assert review.as_good(decision)


def test_a_computer_part_way_through_a_throw_is_throwing_not_thinking(table_app):
    """Found by a tester: "East cannot beat: throws 5 cards face down." sat above "East is
    thinking..." while East went on throwing."""
    app, table = table_app(SEED_EVERY_PLAY)

    def mid_throw() -> bool:
        trick, seat = table.view.trick, table.match.current_player
        return seat not in (None, 0) and bool(trick) and trick[-1][0] == seat and "down" in trick[-1][1]

    play_by_keys(app, table, mid_throw)
    seat = table.match.current_player
    assert table.waiting_text(seat) == f"{table.seat_name(seat)} throws face down..."


def test_f6_under_the_summary_of_a_matchs_last_deal_says_why_no_replay(table_app):
    """The rules offer a replay before a deal; after the match's last deal there is none, and
    F6 there had seemed to do nothing (a tester)."""
    app, table = table_app(3, deals=1)
    play_by_keys(app, table, lambda: table.panel is not None and table.match.is_over, seed=3, max_rounds=40000)
    app.press("F6")
    assert any("this match is over" in text for text in app.notice_log)
    assert "replay" not in table.obs.legal_actions


def test_the_totals_change_with_the_summary_not_under_the_last_trick(table_app):
    """As at Klaberjass (a tester): while the trick that ended the deal is held, the top row keeps
    the totals from before it; the new ones come with the summary that explains them."""
    for seed in range(1, 30):
        app, table = table_app(seed, auto_claim_at_six_won=True)  # six fu won by a trick ends the deal there
        before = table.obs.scores
        play_by_keys(app, table, lambda t=table: t.summary_due is not None or t.panel is not None, seed=seed)
        if table.summary_due is None or table.obs.scores == before:
            continue  # ended by a claim at the lead (nothing held), or drawn (nothing changes)
        assert table.view.scores == before
        play_by_keys(app, table, lambda t=table: t.panel is not None, seed=seed)
        assert table.view.scores == table.obs.scores != before
        return
    pytest.fail("no seed ended its first deal on a held trick")


def test_the_call_says_what_calling_risks_and_not_that_it_doubles_a_win(table_app):
    """Found by a tester: the call read "The first to call is the Caller: wins double, or pays
    both shares", but every winner scores twice the value (§2.11); calling only risks paying
    both shares when another wins."""
    app, table = table_app(5)
    assert table.view.phase == "call"
    text = app.screen_text()
    assert "The first to call is the Caller, who pays both shares if another wins." in text
    assert "double" not in text


def test_the_why_panel_leaves_the_cards_raised_as_they_were(table_app):
    """Found by a tester: he raised a set of three, pressed O to read why his cards were Old,
    closed it, and found every card lowered; his next click led one card. O is an aside: the
    decision goes on after it as he left it."""
    app, table = table_app(SEED_EVERY_PLAY)
    play_by_keys(app, table, to_act(table, lambda: table.obs.phase == "play" and not table.obs.trick))
    app.tick(1.0)
    first = table.hand.cards[table.hand.cursor]
    app.press("SPACE")  # raise the highlighted card
    assert table.hand.picked == {first}
    app.press("O")
    assert table.panel is not None
    app.press("SPACE")
    app.tick(1.0)
    assert table.panel is None and table.hand.picked == {first}


def test_the_throw_prompt_fits_its_row_after_a_run(table_app, monkeypatch):
    """Found by a reviewer: with one card of three still to throw under a run, the prompt ran to
    80 columns and lost "Enter throws C3." at the edge."""
    from game.scenes.lukfu_table import LukFuTable
    from game.scenes.table import COLS

    _app, table = table_app()
    monkeypatch.setattr(LukFuTable, "owed", property(lambda self: 1))
    table.obs = dataclasses.replace(table.obs, best=("M4", "M5", "M6"))
    text = table.throw_text(())
    assert text.startswith("You cannot beat Myriads 4-6") and text.endswith(f"(Enter throws {table.hand.current}).")
    assert len(text) <= COLS - 4


def test_the_hand_keys_are_written_by_one_function_and_the_lead_prompt_fits_a_claim(table_app):
    """Found by a reviewer: Jub Moo wrote "1-9, 0, A-C" and Luk Fu "1-B" for the same keys,
    each its own way; one function writes both. Luk Fu's short form leaves room for the claim,
    which may be offered at your lead with all 12 cards in hand (every single may be led then,
    §2.6, so Enter plays the highlighted card), the longest claim beside it."""
    from game.screen.cards import hand_keys_text

    assert [hand_keys_text(n) for n in (1, 5, 10, 11, 12, 13)] == \
        ["1", "1-5", "1-9, 0", "1-9, 0, A", "1-9, 0, A-B", "1-9, 0, A-C"]
    assert [hand_keys_text(n, compact=True) for n in (1, 5, 10, 12)] == ["1", "1-5", "1-0", "1-B"]
    app, table = table_app(5)
    play_by_keys(app, table, to_act(table, lambda: table.leading and len(table.obs.hand) == 12))
    table.obs = dataclasses.replace(table.obs, claim_count=12, can_claim=True,
                                    legal_actions=("claim", *table.obs.hand))
    app.tick(0.1)
    row = assert_grid(app)[PROMPT_ROW]
    assert "Enter plays" in row and row.rstrip("║ ").endswith(f"C {claim_label(table.obs)}"), row


def test_the_claim_says_the_points_the_hint_gives_it(table_app):
    """Found by a reviewer: the claim read "Claim 8 (worth 3)" and F4's hint for the same
    claim "+6 points", and a newcomer could not tell what either number was. The deal is
    worth 3 a share and its winner is paid two shares (§2.11): the claim says the +6 too."""
    app, table = table_app(SEED_EVERY_PLAY)
    play_by_keys(app, table, to_act(table, lambda: table.obs.can_claim), seed=SEED_EVERY_PLAY)
    count = table.obs.claim_count
    points = f"+{2 * (count - 5)} points"
    assert f"C Claim {count} ({points})" in assert_grid(app)[PROMPT_ROW]
    hint = hint_now(app, table)
    assert hint.startswith(f"Hint: claim (show your Old cards) ({points}"), hint
    app.press("C")
    assert table.obs.scores[table.viewer] == 2 * (count - 5)  # what the claim won


def test_the_review_says_a_call_or_a_pass_was_made(table_app):
    """Found by a tester: "The call: you chose call; Hard: pass."."""
    _app, table = table_app(5)
    view = table.obs
    assert table.choice_words("call", view, short=True) == "called" == table.choice_words("call", view)
    assert table.choice_words("pass", view) == "passed"


def test_a_lead_starts_on_a_card_enter_plays_alone(table_app):
    """Found by a tester: his first lead started on S7, a card of his only run, and Enter was
    refused; the highlight starts on a card that may be led alone."""
    for seed in range(1, 40):
        app, table = table_app(seed)
        play_by_keys(app, table, to_act(table, lambda t=table: t.leading), seed=seed)
        singles = [card for card in table.hand.cards if card in table.obs.legal_actions]
        if not singles:
            continue
        assert table.hand.current in singles, (seed, table.hand.current, singles)
        card, text = table.hand.current, app.screen_text()
        assert f"Enter plays {card}" in text or f"your only play, {card}; Enter plays it" in text


def test_the_play_order_starts_from_whoever_goes_first(table_app):
    """Found by a tester: "PLAY GOES YOU → EAST → WEST" beside "West is Master: first to
    speak" read as "you speak first"; at the call it starts from the Master, in a trick from
    its leader."""
    app, table = table_app(1)  # West is Master
    play_by_keys(app, table, to_act(table, lambda: table.obs.phase == "call"))
    assert "PLAY GOES WEST → YOU → EAST" in app.screen_text().splitlines()[1]
    play_by_keys(app, table, lambda: table.obs.phase == "play" and bool(table.obs.trick), seed=1)
    leader = table.seat_name(table.obs.leader).upper()
    assert f"PLAY GOES {leader} →" in app.screen_text().splitlines()[1]
    # While a finished trick is held, from its leader, not the next one's (a reviewer).
    play_by_keys(app, table, lambda: table.hold > 0 and not table.obs.trick and bool(table.obs.tricks)
                 and table.obs.tricks[-1][0][0] != table.obs.leader, seed=1)  # won by another than its leader
    led = table.seat_name(table.obs.tricks[-1][0][0]).upper()
    assert f"PLAY GOES {led} →" in app.screen_text().splitlines()[1]


def test_a_hinted_claim_is_what_enter_makes(table_app):
    """Found by a tester following every hint with Enter: "Hint: claim ..." and Enter led the
    highlighted card, an Old one, so the claim was lost. The hinted choice takes Enter, drawn
    highlighted, until a key turns to the cards."""
    from tests.scenes.test_hint_and_review import hint_now

    for seed in range(1, 40):
        app, table = table_app(seed)
        play_by_keys(app, table, lambda t=table: t.obs.deal_number > 1 or (
            t.human_to_act and not t.guarded and t.leading and t.obs.can_claim), seed=seed)
        if table.obs.deal_number > 1:
            continue
        hint = hint_now(app, table)
        if not hint.startswith("Hint: claim"):
            table.hint_named = (table._decision, ("claim",))
            table.hint_shown("claim")
        assert "Enter claims" in app.screen_text()
        app.press("RIGHT")  # a key to the cards: Enter is the hand's again
        assert table.hinted_choice is None and "Enter claims" not in app.screen_text()
        table.hint_shown("claim")
        app.press("SPACE")  # Space raises the card, as everywhere (it had claimed: a reviewer)
        assert table.hand.picked and table.hinted_choice is None
        table.hint_shown("claim")  # F4 with a card raised: the hint's move, not the raised card
        assert not table.hand.picked and "Enter claims" in app.screen_text()
        geometry = table.hand_geometry()  # a click on a card turns to the cards too
        app.click_cell(geometry.card_col(0, len(table.hand.cards)) + 1, geometry.row + 1)
        assert table.hinted_choice is None
        app.press("BACKSPACE")
        table.hint_shown("claim")
        drawn = []  # one highlight: the claim's on the prompt, none on the cards (a reviewer)
        draw = table.hand.draw
        table.hand.draw = lambda *args, d=draw, seen=drawn, **kw: seen.append(kw.get("cursor", True)) or d(*args, **kw)
        app.tick(0.01)
        app.compose()
        assert drawn and not any(drawn)
        table.hand.draw = draw
        steps = len(table.match.steps)
        app.press("ENTER")
        assert table.match.steps[steps] == "claim"
        assert table.hinted_choice is None  # gone with the decision (left, it hid the review's frame)
        return
    pytest.fail("no seed came to a claim")


def test_a_call_is_said_of_its_caller(table_app):
    """Found by a tester: "West calls: it is the Caller." read as if something else were."""
    _app, table = table_app(SEED_EVERY_PLAY)
    assert table.describe(2, "call", table.obs, table.obs) == "West calls and is the Caller."
    assert table.describe(0, "call", table.obs, table.obs) == "You call: you are the Caller."


def test_the_prompts_name_a_set_in_words_as_the_messages_do(table_app):
    """Found in review: "West leads a set of three fives (C5 M5 T5)." above "You cannot beat 3
    fives: ...": a set is said in words in every sentence (the trick's captions keep figures)."""
    import dataclasses

    _app, table = table_app(SEED_EVERY_PLAY)
    best = ("C5", "M5", "T5")
    table.obs = dataclasses.replace(table.obs, phase="play", best=best, trick=((1, best),),
                                    legal_actions=("discard C2", "discard C3"), to_discard=3)
    assert table.throw_text(()).startswith("You cannot beat three fives: throw 3 cards face down")
    table.obs = dataclasses.replace(table.obs, legal_actions=("C9 M9 T9",), to_discard=0)
    assert table.play_text().startswith("Beat three fives:")
    assert short_play(best) == "3 fives"  # the caption's room


def test_a_single_legal_play_is_offered_as_the_only_one(table_app):
    """Found by a tester: "Beat M3: Enter plays M5, or raise cards (1-9)." where the M5 was the
    only card that could be played: raising another only buzzed."""
    import dataclasses

    _app, table = table_app(SEED_EVERY_PLAY)
    card = table.hand.cards[0]
    table.obs = dataclasses.replace(table.obs, phase="play", best=("M3",), trick=((1, ("M3",)),),
                                    legal_actions=(card,), to_discard=0)
    table.hand.cursor = 0
    assert table.play_text() == f"Beat M3: your only play, {card}; Enter plays it. "


@pytest.mark.parametrize("deals", [7, 8])
def test_the_score_sheet_of_a_whole_match_gives_every_deal_its_row(table_app, deals):
    """Found by a tester: the last summary of an 8-deal match joined deals 1 and 2 in one row,
    so the deals won could not be counted on it. Every deal has its row: the sheet's last row
    (this deal's, in yellow) stands for "This deal" where room is short."""
    from game.rules.lukfu import DealSummary
    from game.scenes.table import SUMMARY_MAX

    _app, table = table_app()
    history, totals = [], (0, 0, 0)
    for n in range(1, deals + 1):
        points = (2, -1, -1) if n % 3 else (-2, 4, -2)
        totals = tuple(t + p for t, p in zip(totals, points, strict=True))
        history.append(DealSummary(n, n % 3, n % 3, 0 if n % 3 else 1, "claim", (6, 2, 1), (), 7, 2, points, totals))
    table.obs = dataclasses.replace(table.obs, deal_history=tuple(history))
    lines = [line for line, _ in table.summary_lines(history[-1])]
    assert len(lines) <= SUMMARY_MAX
    assert [line.split()[1] for line in lines if line.startswith("Deal ")] == [str(n) for n in range(1, deals + 1)]
    assert not any(line.startswith("Deals ") for line in lines)
    assert lines[-1].startswith("Total")
    assert any(line.startswith("This deal") for line in lines) == (deals == 7), lines


def test_the_old_card_reasons_fit_the_panel(table_app):
    """Found by a newcomer: "T3  Old: every higher Ten is seen (T4 T5 T6 T8 played, T7 T9 in your
    han" ran past the O panel's edge, the reason cut. A run of cards is written by its ends, and
    a reason still too long goes on under itself."""
    from game.scenes.lukfu_table import cards_in_runs, old_card_reason
    from game.scenes.table import PANEL_LINE

    assert cards_in_runs(["S2", "S3", "S4", "S5", "S6", "S7", "S8"]) == "S2-S8"
    assert cards_in_runs(["T4", "T5", "T6", "T8"]) == "T4-T6 T8" and cards_in_runs(["T7", "T9"]) == "T7 T9"
    assert old_card_reason("S1", ("S1", "S9"), tuple(f"S{v}" for v in range(2, 9))) == \
        "Old: every higher String is seen (S2-S8 played, S9 in your hand)."
    _app, table = table_app()
    table.obs = dataclasses.replace(table.obs, hand=("S1", "S3", "S5", "S7", "S9"),
                                    public_played=("S2", "S4", "S6", "S8"))
    table.hand.show(table.hand_cards(table.view), table.sorted_hand)
    table.show_old_panel()
    assert table.panel is not None and all(len(line) <= PANEL_LINE for line, _ in table.panel.lines)
    assert any(line.startswith("    ") for line, _ in table.panel.lines)  # the long one, wrapped
    from game.scenes.table import ASIDE_PROMPT

    assert table.panel.prompt == ASIDE_PROMPT  # worded as the pauses are (a mouse player)


def test_a_led_one_says_why_it_cannot_be_beaten(table_app):
    """Found by a newcomer: "You cannot beat T1" while he held T7 and T9; a 1 of coins or tens led
    alone cannot be beaten, and the prompt says so."""
    _app, table = table_app()
    table.obs = dataclasses.replace(table.obs, best=("T1",), to_discard=1)
    text = table.throw_text(())
    assert text.startswith("T1 led alone cannot be beaten: throw a card face down") and len(text) <= 76, text
    table.obs = dataclasses.replace(table.obs, best=("T3",), to_discard=1)
    assert table.throw_text(()).startswith("You cannot beat T3")


def test_the_old_panel_keeps_to_its_rows_with_many_long_reasons(table_app):
    """Wrapping every long reason could run the O panel past the screen: where the rows run out,
    a reason keeps its first row, marked cut."""
    from game.scenes.table import PANEL_LINE, SUMMARY_MAX

    _app, table = table_app()
    hand = ("S1", "S3", "S5", "S7", "M1", "M3", "M5", "M7", "C2", "C4", "C6", "C8")
    public = ("S2", "S4", "S6", "S8", "S9", "M2", "M4", "M6", "M8", "M9", "C3", "C5", "C7", "C9")
    table.obs = dataclasses.replace(table.obs, hand=hand, public_played=public)
    table.hand.show(list(hand), table.sorted_hand)
    table.show_old_panel()
    lines = [line for line, _ in table.panel.lines]
    assert len(lines) <= SUMMARY_MAX and all(len(line) <= PANEL_LINE for line in lines), lines
    assert any(line.endswith("...") for line in lines)  # (the reasons here are too long to wrap all)
