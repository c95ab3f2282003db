"""Klaberjass played through the keyboard, headless, as a player would.

What every table does (F-keys, replay, open hands, refusals, mono, the input guard) is in
test_tables_common.py; this file holds what only Klaberjass has.
"""

from __future__ import annotations

import dataclasses

import pytest

from game.scenes.klaberjass_table import INFO_ROWS, SUIT_NAMES, KlaberjassTable
from game.scenes.menu import MenuScene
from game.scenes.table import MIN_TRICK_HOLD
from game.screen.canvas import COLS, ROWS
from tests.rules.test_klaberjass import BETE_DEALER, BETE_ELDER, to_play
from tests.rules.test_klaberjass import play as rules_play
from tests.scenes.driving import wait_for_your_turn
from tests.scenes.test_hint_and_review import hint_now
from tests.scenes.test_tables_common import TABLES, play

CASE = next(case for case in TABLES if case.game == "klaberjass")


@pytest.fixture
def table_app(make_app):
    def start(seed: int = 5, *extra: str):
        app = make_app("--game", "klaberjass", "--seed", str(seed), *extra)
        app.settings.values["play"]["delay"] = 0.0
        table = app.top_scene()
        assert isinstance(table, KlaberjassTable)
        return app, table

    return start


def play_by_keys(app, table: KlaberjassTable, until, max_rounds: int = 6000) -> None:
    play(app, table, CASE, until, max_rounds)


def test_first_screen_is_the_manuals_layout(table_app):
    app, _ = table_app()
    lines = app.screen_text().splitlines()
    assert len(lines) == ROWS and all(len(line) == COLS for line in lines)
    assert lines[0].strip().startswith("KLABERJASS") and "GAME TO 500" in lines[0]
    assert "YOUR HAND" in lines[1]  # your hand on top, as in the manual
    assert lines[2].strip("║ ") == ""  # the row a raised card goes to
    assert "COMPUTER'S HAND" in lines[9]
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


def test_the_replay_offer_names_no_trump_maker_or_dealer(table_app):
    """Found in review: between deals, at "Deal 1 is over. R Replay it  C Continue", the frame
    still read "TRUMP -   MAKER: -", a deal's marks with no deal on."""
    app, table = table_app(11)
    app.press("F6")
    play_by_keys(app, table, lambda: "continue" in table.view.legal_actions and table.panel is None)
    assert "TRUMP" not in app.screen_text() and "DEALER" not in app.screen_text()


def test_the_totals_change_with_the_summary_not_under_the_last_trick(table_app):
    """Found by a tester: while the last trick was held, the top row already had the new totals
    (97 more, a bete) beside a trick panel that did not add up to them; the summary that
    explains them came after the pause."""
    app, table = table_app(11)
    before = table.obs.scores
    play_by_keys(app, table, lambda: table.summary_due is not None or table.panel is not None)
    assert table.summary_due is not None, "the deal should end on a held last trick"
    you, it = before[table.viewer], before[1 - table.viewer]
    assert f"YOU {you}   COMPUTER {it}" in app.screen_text().splitlines()[0]
    play_by_keys(app, table, lambda: table.panel is not None)
    after = table.obs.scores
    assert after != before
    assert f"YOU {after[table.viewer]}   COMPUTER {after[1 - table.viewer]}" in app.screen_text().splitlines()[0]


def test_the_summary_covers_the_deal_as_it_ended(table_app):
    """Under the summary: no card left in a hand, the last trick counted, the new scores on top."""
    app, table = table_app(11)
    for _ in range(6):  # the first deal played out (one may be thrown in first)
        play_by_keys(app, table, lambda: table.panel is not None and "summary" in table.panel.title)
        last = table.obs.last_deal
        if last.tricks:
            break
        app.press("ENTER")
    view = table.view
    assert view.hand == () and view.hand_sizes == (0, 0) and sum(view.tricks_won) == 9
    assert view.card_points == last.card_points and view.last_trick == last.tricks[-1]
    you, it = last.scores_after[table.viewer], last.scores_after[1 - table.viewer]
    assert f"YOU {you}   COMPUTER {it}" in app.screen_text().splitlines()[0]
    app.press("ENTER")
    assert table.view is table.obs and len(table.obs.hand) > 0


def test_a_whole_match_by_keys(table_app):
    app, table = table_app(3)
    table.match.state = table.match.rules.new_match(3, {"game_point": 100})
    table.refresh()
    play_by_keys(app, table, lambda: table.result_shown, max_rounds=40000)
    assert "Match over" in app.screen_text()
    assert "Enter: new match" in app.screen_text()
    app.press("ESC")
    assert isinstance(app.top_scene(), MenuScene)


def test_arrow_keys_and_enter_play_the_highlighted_card(table_app):
    app, table = table_app(8)
    play_by_keys(app, table, lambda: table.human_to_act and not table.guarded and table.obs.phase == "play")
    legal = {a.split()[0] for a in table.obs.legal_actions}
    hand = table.hand.cards
    target = max(i for i, c in enumerate(hand) if c in legal)
    while table.hand.cursor != target:
        app.press("RIGHT")
    steps = len(table.match.steps)
    app.press("ENTER")
    assert len(table.match.steps) > steps or table.bella_card == hand[target]


def test_declaring_runs_by_choice_with_sort_off(table_app):
    """F3 off: a hand with a run gets a choice to declare it or sink it."""
    for seed in range(1, 80):
        app, table = table_app(seed)
        app.press("F3")
        play_by_keys(app, table, lambda t=table: t.obs.phase in ("declare", "play") or t.panel is not None)
        while table.obs.phase == "declare" and (not table.human_to_act or table.guarded):
            app.tick(0.05)
        if table.obs.phase == "declare" and len(table.prompt().choices) > 1:
            text = app.screen_text()
            assert "Declare which runs?" in text and "N none" in text and "A " in text
            app.press("N")
            assert table.obs.declared == ()
            return
        app.ai.close()
    pytest.fail("no seed gave a hand with a run")


def test_hand_drawn_at_the_bottom_option(table_app):
    app, table = table_app(4)
    app.settings.values["klaberjass"]["your_hand_on_top"] = False
    lines = app.screen_text().splitlines()
    assert "COMPUTER'S HAND" in lines[1] and "YOUR HAND" in lines[7]
    assert table.hand_geometry().row == 9  # the keys and the mouse follow the hand


def bella_to_follow(table: KlaberjassTable) -> None:
    """You deal and hold K+Q of hearts (trump); the computer leads J then 9 of hearts, you
    follow with the Q and now complete your bella, completing the trick too."""
    state = to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "take"), first_dealer=0)
    table.match.state = rules_play(state, "JH", "QH", "9H")
    table.refresh()


def test_the_bella_question_and_the_trick_it_completes_is_held(table_app):
    app, table = table_app(5)
    bella_to_follow(table)
    assert "KH bella" in table.obs.legal_actions and table.human_to_act
    app.tick(0.5)  # past the input guard
    app.press(str(table.hand.cards.index("KH") + 1))
    assert table.bella_card == "KH" and "completes your bella" in app.screen_text()
    assert "B Play K♥ and call Bella!" in app.screen_text() and "N Play K♥ silently" in app.screen_text()
    app.press("B")
    assert table.obs.bellas == (0,)
    assert table.hold == MIN_TRICK_HOLD  # as long as any other trick
    text = app.screen_text()
    assert "Bella!" in text
    # The computer's jack takes it and leads next: the pause ends by itself and invites no key.
    assert table.match.current_player == 1 and not table.holding_for_key and "Any key: go on." not in text


def test_f4_under_the_bella_question_answers_it_or_drops_it_for_another_card(table_app):
    """Found by testers: F4 at "B Play K♥ and call Bella!  N Play K♥ silently" once named a
    lead while only B and N were on the prompt, and later dropped the question even for a hint
    of that card, so the card had to be played again. A hint for that card keeps the question,
    its highlight on the hint's answer (one Enter); one for another card drops it."""
    app, table = table_app(5)
    bella_to_follow(table)
    app.tick(0.5)
    app.press(str(table.hand.cards.index("KH") + 1))
    assert table.bella_card == "KH"
    hint_now(app, table)
    hinted = table.hinted_move()[0]
    assert table.message.startswith("Hint: ") and hinted.split()[0] == "KH"  # the only card that may be played
    assert table.bella_card == "KH" and table.prompt().choices[table.choice_cursor].action == hinted
    steps = len(table.match.steps)
    app.press("ENTER")
    assert table.match.steps[steps] == hinted and table.bella_card is None
    # A hint for another card than the question's drops the question for the card's keys.
    table.bella_card = "KH"
    table.hint_shown("QS")
    assert table.bella_card is None


def test_any_other_key_drops_the_bella_question(table_app):
    app, table = table_app(5)
    bella_to_follow(table)
    app.tick(0.5)
    app.press(str(table.hand.cards.index("KH") + 1))
    steps = len(table.match.steps)
    # The K♥ is the only card that may be played here: no other card is offered (a reviewer);
    # where another may be, it is.
    assert "completes your bella: call it or not." in app.screen_text() and "another card" not in app.screen_text()
    legal = table.obs.legal_actions
    table.obs = dataclasses.replace(table.obs, legal_actions=(*legal, "7C"))
    assert table.bella_question("KH").endswith("(Esc: another card).")
    table.obs = dataclasses.replace(table.obs, legal_actions=legal)
    app.press("ESC")
    assert table.bella_card is None and len(table.match.steps) == steps
    assert "Your play" in app.screen_text()
    assert "completes your bella" not in app.screen_text()  # its words go with it (a tester)
    assert "The K♥ is not played: choose your card." in app.screen_text()  # a stray key said nothing (a tester)
    app.press(str(table.hand.cards.index("KH") + 1), "X")
    assert table.bella_card is None and "The K♥ is not played" in app.screen_text()
    # A click on a card does as its key does (it did nothing, silently: a tester).
    app.press(str(table.hand.cards.index("KH") + 1))
    geometry = table.hand_geometry()
    other = next(i for i, card in enumerate(table.hand.cards) if card != "KH")
    app.click_cell(geometry.first_col(len(table.hand.cards)) + other * geometry.step + 1, geometry.row + 1)
    assert table.bella_card is None and len(table.match.steps) == steps
    assert "The K♥ is not played: choose your card." in app.screen_text()
    # The card's own key again asks again (it had taken the card back: a tester).
    app.press(str(table.hand.cards.index("KH") + 1))
    app.press(str(table.hand.cards.index("KH") + 1))
    assert table.bella_card == "KH" and "completes your bella: call it or not" in app.screen_text()
    assert len(table.match.steps) == steps


def test_the_last_card_is_offered_in_a_sentence(table_app):
    """Issue 14: the prompt read "Your play: 1-1" for the last card."""
    app, table = table_app(11)
    play_by_keys(app, table, lambda: table.human_to_act and not table.guarded and table.obs.phase == "play"
                 and len(table.obs.hand) == 1)
    line = app.screen_text().splitlines()[22]
    assert "1-1" not in line
    assert "your last card, the " in line and "1 or Enter plays it." in line
    card = table.obs.hand[0]
    app.press("1")
    assert table.match.steps[-1].split()[0] == card


def test_the_longest_bidding_prompt_fits_the_frame(table_app):
    """Found by a tester: with Sans Tout and a direct Tout Atout the second round's choices
    ran past the frame ("X Sch")."""
    app, table = table_app(5)
    table.match.state = table.match.rules.new_match(
        5, {"tout_atout": True, "tout_atout_direct": True, "clubs_preferred": True})
    table.refresh()
    for _ in range(200):  # the player passes in the first round; the computer passes too on seed 5
        if table.human_to_act and not table.guarded:
            if "tout-atout" in table.obs.legal_actions:
                break
            app.press("P")
        else:
            app.tick(0.05)
    app.tick(0.01)
    row = app.screen_text().splitlines()[22]
    labels = [f"{c.key} {c.label}" for c in table.prompt().choices]
    assert len(labels) == 7 and all(label in row for label in labels), row
    # Two blanks between the choices and one before the frame: the suits' signs alone then
    # (with their words the row touched the frame, one blank apart: a tester).
    assert "  ".join(labels) in row and row.endswith(" ║") and "S ♠  H ♥" in row, row
    # With the clubs preferred nothing is turned up, and the empty frame says so (a tester).
    assert "none" in app.screen_text().splitlines()[table_row_of(app, "TURN-UP") + 3]


def table_row_of(app, text: str) -> int:
    return next(i for i, line in enumerate(app.screen_text().splitlines()) if text in line)


def test_a_sans_tout_without_melds_says_no_runs_score_and_two_bellas_are_counted(table_app):
    """Found by a tester: with "Melds score in Sans Tout" off the heading read "TOP MELD:" and
    nothing else all deal; two bellas of one player read "BELLA: you, you"."""
    _app, table = table_app(5)
    options = dict(table.obs.options)
    off = tuple((name, False if name == "nt_melds" else value) for name, value in options.items())
    lines = info_text(table, phase="play", contract="NT", options=off, meld_messages=(), top_meld=None, trick=())
    assert lines[0] == "NO RUNS SCORE IN SANS TOUT" and len(lines[0]) <= 26
    on = tuple((name, True if name == "nt_melds" else value) for name, value in options.items())
    assert info_text(table, phase="play", contract="NT", options=on, meld_messages=("Elder: none", "Dealer: none"),
                     top_meld=None, trick=())[0] == "TOP MELD: -"
    you, it = table.viewer, 1 - table.viewer
    assert "BELLA: you x2, comp" in info_text(table, phase="play", contract="AT", bellas=(you, it, you), trick=())
    # Before the runs (the dix) and between deals, no empty "TOP MELD:" heading (a tester).
    for phase in ("dix", "replay"):
        assert not any(line.startswith("TOP MELD") for line in info_text(table, phase=phase, top_meld=None))
    assert info_text(table, phase="declare", top_meld=None, meld_messages=())[0] == "TOP MELD: declaring"


def info_text(table: KlaberjassTable, **fields) -> list[str]:
    """The deal's lines beside the trick for the table's view with ``fields`` changed."""
    table.frozen_obs = dataclasses.replace(table.obs, **fields)
    try:
        return [text for text, _ in table.deal_lines()]
    finally:
        table.frozen_obs = None


def test_the_deal_beside_the_trick_keeps_the_whole_announcement_then_the_bella_and_the_dix(table_app):
    """Found by a tester: the announcement lost its first words ("Elder: 20"), and a bella called
    after a run was shown never appeared (the panel drew six of its seven lines)."""
    _app, table = table_app(5)
    you, it = table.viewer, 1 - table.viewer
    said = ("Elder: 50", "Dealer: how high?", "Elder: high J", "Elder: not in trumps", "Dealer: not good")
    before_play = info_text(table, phase="declare", meld_messages=said, top_meld=it, meld_value=50)
    # Each line by who said it: "You: not good" is what you told the computer.
    names = {"Elder": "You" if table.obs.elder == you else "Comp",
             "Dealer": "You" if table.obs.dealer == you else "Comp"}
    spoken = [f"  {names[m.split(':')[0]]}:{m.split(':')[1]}" for m in said]
    assert before_play == ["TOP MELD: COMP'S, 50", *spoken]
    playing = info_text(table, phase="play", meld_messages=said, top_meld=it, meld_value=50, trick=(),
                        tricks=(((0, "7S"), (1, "8S")),), shown_melds=((), ("9S", "TS", "JS", "QS")),
                        bellas=(you,), dix_by=it, original_turn_up="TS", turn_up="7S")
    assert len(playing) <= 6 and playing[0] == "TOP MELD: COMP'S, 50"
    assert "DIX: COMP TOOK T♠" in playing and "BELLA: you" in playing and "COMP SHOW 9♠ T♠ J♠ Q♠" in playing
    assert any(line.startswith("TRICKS") for line in playing)
    two_runs = info_text(table, phase="play", meld_messages=said, top_meld=it, meld_value=100, trick=(),
                         tricks=(((0, "7S"), (1, "8S")),),
                         shown_melds=((), ("9S", "TS", "JS", "QS", "7H", "8H", "9H", "TH")))
    assert "COMP SHOW 9♠-Q♠ 7♥-T♥" in two_runs, "runs too long one by one are written by their ends"
    roomier = info_text(table, phase="play", meld_messages=said, top_meld=it, meld_value=50, trick=(),
                        tricks=(((0, "7S"), (1, "8S")),), shown_melds=((), ("9S", "TS", "JS", "QS")))
    assert roomier[1:3] == [spoken[0], "…" + spoken[-1][1:]], "the class, then the verdict, steps left out marked"
    # Found by a tester: with the bella's row come, one row was left, and the class went.
    short = ("Elder: 20", "Dealer: how high?", "Elder: high K", "Dealer: not good")
    named = [f"{names[m.split(':')[0]]}:{m.split(':')[1]}" for m in short]
    tight = info_text(table, phase="play", meld_messages=short, top_meld=you, meld_value=20, trick=(),
                      tricks=(((0, "7S"), (1, "8S")),), bellas=(it,), dix_by=it, original_turn_up="TS",
                      turn_up="7S")
    assert tight[:2] == ["TOP MELD: YOURS, 20", f"{named[0]} … {named[-1]}"] and len(tight) == 6
    assert tight[-1] == "BELLA: comp" and "DIX: COMP TOOK T♠" in tight


def test_declaring_no_run_reads_whole_in_the_review(table_app):
    """Found by a tester: "Declaring: you chose to no run; Hard: 8♥ 9♥ T♥."."""
    _app, table = table_app(5)
    assert table.action_words("declare none", table.obs) == "declare no run"
    assert table.action_words("declare none", table.obs, short=True) == "no run"
    assert table.action_words("declare 8H 9H TH", table.obs) == "declare 8♥ 9♥ T♥"


def test_the_whole_announcement_is_read_before_play_beside_the_dix(table_app):
    """Found by a tester (seed 239: take hearts, the computer exchanges the dix, declare 9♦-J♦):
    the dix line took a row and the dealer's "how high?" was left out, so the exchange read
    "You: 20 / You: high J". Before the first trick is won every step is on the panel."""
    _app, table = table_app(5)
    you, it = table.viewer, 1 - table.viewer
    names = {"Elder": "You" if table.obs.elder == you else "Comp",
             "Dealer": "You" if table.obs.dealer == you else "Comp"}
    said = ("Elder: 20", "Dealer: how high?", "Elder: high J", "Elder: not in trumps", "Dealer: tie")
    dix = {"dix_by": it, "original_turn_up": "8H", "turn_up": "7H"}
    for trick in ((), ((table.obs.elder, "AS"),)):  # before the lead, and during the first trick
        lines = info_text(table, phase="play", meld_messages=said, top_meld=None, meld_value=0, trick=trick,
                          tricks=(), shown_melds=((), ()), bellas=(), **dix)
        assert len(lines) <= 6 and lines[0] == "TOP MELD: -" and "DIX: COMP TOOK 8♥" in lines
        text = " ".join(lines)
        at = [text.find(f"{names[role]}: {words}") for role, _, words in (m.partition(": ") for m in said)]
        assert -1 not in at and at == sorted(at), f"every step, in order: {lines}"
        assert all(len(line) <= 26 for line in lines), lines  # the panel's columns to the frame
    # With no dix each step has its own row, as before.
    lines = info_text(table, phase="play", meld_messages=said, top_meld=None, meld_value=0, trick=(), tricks=(),
                      shown_melds=((), ()), bellas=(), dix_by=None)
    assert lines[1:] == [f"  {names[m.split(':')[0]]}:{m.split(':')[1]}" for m in said]


def test_every_line_beside_the_trick_fits_its_box(table_app):
    """The longest lines of the panel: three runs shown by the computer (all nine cards), card
    points in three figures, and a long announcement with every other line during play."""
    _app, table = table_app(5)
    you, it = table.viewer, 1 - table.viewer
    said = ("Elder: 50", "Dealer: how high?", "Elder: high Q", "Elder: not in trumps", "Dealer: not good")
    three_runs = ("7C", "8C", "9C", "JH", "QH", "KH", "8S", "9S", "TS")
    lines = info_text(table, phase="play", meld_messages=said, top_meld=it, meld_value=60, trick=(),
                      tricks=(((0, "7S"), (1, "8S")),), tricks_won=(5, 3), card_points=(104, 38),
                      shown_melds=((), three_runs), bellas=(you, it), dix_by=it, original_turn_up="TS",
                      turn_up="7S")
    assert all(len(line) <= 26 for line in lines), lines
    assert "COMP SHOW 7-9♣ J-K♥ 8-T♠" in lines, "each run's suit once when its ends do not fit"
    assert "POINTS  YOU 104 COMP 38" in lines, "three figures do not run into the next word"
    assert "BELLA: you, comp" in lines and "DIX: COMP TOOK T♠" in lines and len(lines) == 6


@pytest.mark.parametrize("on_top", [True, False])
def test_raised_cards_in_the_review_stay_off_the_labels(table_app, on_top):
    """Found by a tester (seeds 1 and 239, the review's "Declaring" step): the declared cards,
    raised as a play of several cards is in the review, were drawn onto the frame line, over
    the hand's title ("YOUR HAN…E") and under "TRUMP ♥ MAKER: YOU". Your hand keeps a row free
    above its cards, as the other tables do."""
    app, table = table_app(239)
    app.settings.values["klaberjass"]["your_hand_on_top"] = on_top
    obs = table.obs
    label = " YOUR HAND (DEALER) " if obs.dealer == table.viewer else " YOUR HAND "
    with table.showing(obs, played="declare " + " ".join(obs.hand)):  # every card raised
        lines = app.screen_text().splitlines()
    label_row, cards_row, _ = table.hand_rows()[0]
    assert label in lines[label_row] and "TRUMP" in lines[1] and "MAKER:" in lines[1]
    assert not set("┌┐╔╗│║") & set(lines[label_row][1:-1]), lines[label_row]
    assert set("┌╔") & set(lines[cards_row - 1]), "the cards are raised, into the free row"
    bottoms = lines[cards_row + 3]  # a raised card's bottom edge, a row above the others'
    assert table.hand_geometry().row == cards_row and bottoms.count("┘") + bottoms.count("╝") == len(obs.hand)


def test_the_suit_offered_in_round_one_named_in_round_two_is_refused_in_words(table_app):
    """Found by a tester: C for the turned-up clubs in round two did nothing, without a word."""
    app, table = table_app(1)  # the computer is elder and passes; you pass too, then it passes again
    wait_for_your_turn(app, table)
    assert table.human_to_act, "your turn never came"
    app.press("P")
    wait_for_your_turn(app, table)
    assert table.human_to_act and table.obs.bid_round == 2
    offered = table.obs.proposed_suit
    steps = len(table.match.steps)
    app.press(offered)
    assert len(table.match.steps) == steps
    assert table.message == f"You cannot name {SUIT_NAMES[offered]}: that suit was offered in round one."
    app.press("M")  # a key that means nothing here takes the refusal away, which read as its own
    assert "cannot name" not in table.message
    app.press("A")  # Tout Atout, which F5 names: closed in this match by its option (a tester's did nothing)
    assert table.message == "No Tout Atout in this match: the option Sans Tout / Tout Atout bids is off."
    assert len(table.match.steps) == steps


def test_tout_atout_not_bid_directly_is_refused_in_words(table_app, home):
    (home / "settings.toml").write_text("[klaberjass]\ntout_atout = true\n", encoding="utf-8")
    app, table = table_app(1)
    for key in ("P", "A"):  # pass round one, then A in round two with no Sans Tout bid
        wait_for_your_turn(app, table)
        app.press(key)
    assert table.obs.bid_round == 2 and "N" in [c.key for c in table.prompt().choices]
    assert table.message == "Tout Atout only over a Sans Tout: the option 'may be bid directly' is off."
    assert len(table.message) <= COLS - 4  # one row: the prompt stays (it had covered it, eating a key)


def test_the_bidding_panel_speaks_the_tables_words(table_app):
    """Found by a tester: the panel read "Comp: make-play", the record's name for a bid."""
    import dataclasses

    _app, table = table_app(53)
    bids = ((table.viewer, "pass"), (1 - table.viewer, "schmeiss"), (table.viewer, "make-play"),
            (1 - table.viewer, "name S"), (table.viewer, "throw-in"))
    table.frozen_obs = dataclasses.replace(table.obs, phase="bid", bids=bids)
    text = [line for line, _ in table.bidding_lines()]
    assert text[1:] == ["You: pass", "Comp: schmeiss", "You: make him play", "Comp: spades", "You: throw in"]
    table.frozen_obs = None


def test_the_bidding_lists_each_bid_under_its_round(table_app):
    """Found by a tester: once both passed round one, "BIDDING, ROUND 2" stood over round one's
    two passes, which read as bids already made in round two."""
    _app, table = table_app(5)
    for _ in range(2):  # both pass round one
        table.perform(table.match.current_player, "pass")
    assert table.obs.bid_round == 2 and table.obs.phase == "bid"
    lines = [text for text, _ in table.bidding_lines()]
    assert lines[0] == "BIDDING, ROUND 1" and lines[1].endswith(": pass") and lines[2].endswith(": pass")
    assert lines[3:] == ["ROUND 2"]
    table.perform(table.match.current_player, "pass")  # elder passes round two
    assert [text for text, _ in table.bidding_lines()][3:] == ["ROUND 2", lines[1]]
    # The longest round two keeps to the rows beside the trick, under its own heading.
    more = dataclasses.replace(table.obs, bids=(*table.obs.bids, (0, "schmeiss"), (1, "make-play"), (0, "pass")))
    table.frozen_obs = more
    try:
        crowded = [text for text, _ in table.bidding_lines()]
    finally:
        table.frozen_obs = None
    assert len(crowded) <= INFO_ROWS and crowded[0] == "BIDDING, ROUND 2"


def test_a_deal_thrown_in_lists_the_answer_that_ended_it(table_app):
    """Found by a tester: answered "throw in", the bidding beside the trick stopped at the
    schmeiss; the answer that ended the deal is listed under it, as "make him play" is."""
    _app, table = table_app(5)
    table.perform(table.match.current_player, "schmeiss")
    seat = table.match.current_player
    table.perform(seat, "throw-in")
    assert table.frozen_obs is not None and table.frozen_obs.bids[-1] == (seat, "throw-in")
    lines = [text for text, _ in table.bidding_lines()]
    assert lines[-2].endswith(": schmeiss") and lines[-1].endswith(": throw in"), lines


def test_enter_alone_at_a_bid_passes(table_app):
    """Found by a tester: a Space meant to go on after a summary fell on the new deal's bidding
    prompt and took the contract (Take was highlighted). Enter or Space alone passes there."""
    app, table = table_app(1)
    wait_for_your_turn(app, table)
    assert "pass" in table.obs.legal_actions
    steps = len(table.match.steps)
    app.press("SPACE")
    assert table.match.steps[steps] == "pass"


def test_the_dix_prompt_says_which_cards_it_exchanges(table_app):
    """Found by a tester: "E Exchange the dix  K Keep" left a newcomer to remember from F5 that
    the dix is his 7 of trumps and that it goes for the turn-up."""
    import random

    from game.app.match import Match
    from game.screen.cards import card_name

    _app, table = table_app()
    for seed in range(80):
        match, rng = Match("klaberjass", seed, {}), random.Random(seed)
        while not match.is_over and not (match.current_player == 0
                                         and "exchange" in match.rules.legal_actions(match.state)):
            match.apply(rng.choice(list(match.rules.legal_actions(match.state))))
        if not match.is_over:
            break
    table.match = match
    table.refresh()
    obs = table.obs
    labels = [choice.label for choice in table.prompt().choices]
    assert f"Exchange your {card_name('7' + obs.contract)} for the {card_name(obs.turn_up)}" in labels


def test_a_suit_named_in_round_two_is_written_short_as_the_suit_alone(table_app):
    """Found by a tester: the dealer's last-chance hint had room for one suit of three, each
    written "name diamonds" among the others."""
    _app, table = table_app(5)
    assert table.action_words("name D", table.obs, short=True) == "diamonds"
    assert table.action_words("name D", table.obs) == "name diamonds"


def test_runs_declared_for_you_follow_the_bid_that_ended_the_bidding(table_app):
    """Found by a tester: as elder with F3 on, the computer's last bid was replaced in the same
    frame by "You declare no run." (and "Declare which runs?" flashed): the declaration's words
    now follow the bid's, and no question is shown for a choice the table makes."""
    app, table = table_app(4)
    for _ in range(400):
        if table.human_to_act and not table.guarded and table.obs.phase == "bid":
            app.press("P")
        if table.obs.phase == "declare" and table.match.current_player == 0:
            assert table.prompt().text == "" and not table.prompt().choices
        if any(step.startswith("declare") for step in table.match.steps if isinstance(step, str)):
            break
        app.tick(0.05)
    assert table.auto_steps, "the table declared for you"
    assert table.message.startswith("Computer names ") and "You declare" in table.message, table.message


def test_a_hint_on_the_row_is_not_joined_to_a_declaration_made_for_you(table_app):
    """Found in review: "Hint: declare J♥ Q♥ K♥ A♥ (+47 points); no run -5.9 You declare ...":
    only the last move's own words are followed by a declaration the table makes."""
    app, table = table_app(8)
    app.press("F3")  # sort off: the runs are asked about
    for _ in range(400):
        if table.human_to_act and not table.guarded and table.obs.phase == "bid":
            app.press("P")
        if table.human_to_act and not table.guarded and table.obs.phase == "declare":
            break
        app.tick(0.05)
    assert table.obs.phase == "declare"
    hint_now(app, table)
    assert table.message.startswith("Hint:")
    app.press("F3")  # sort on: the table declares for you at once
    app.tick(0.05)
    # Said to be F3's doing (a newcomer pressed it to sort his hand, and lost the choice unsaid),
    # and still said once the computer has declared after it.
    from game.scenes.klaberjass_table import DECLARED_FOR_YOU

    assert table.message.startswith(DECLARED_FOR_YOU) and "Hint" not in table.message, table.message
    said = table.message
    for _ in range(200):
        if any(step.startswith("declare") for step in table.match.steps[-1:] if isinstance(step, str)) \
                and table.match.current_player is not None and table.obs.phase == "play":
            break
        app.tick(0.05)
    assert table.message.startswith(said), table.message


def test_the_summary_says_what_was_compared_and_where_a_betes_points_go(table_app):
    """Found by a newcomer: "The computer went BETE!  Added 113 0" under totals of 71 and 42
    did not say that the totals were compared, nor that both went to the opponent."""
    from types import SimpleNamespace

    from game.scenes.table import PANEL_LINE

    _app, table = table_app(5)
    pairs = {"card_points": (61, 32), "last_trick": (10, 0), "melds": (0, 0), "bella": (0, 10)}

    def summary(outcome: str, raw: tuple[int, int], added: tuple[int, int]) -> list[str]:
        last = SimpleNamespace(outcome=outcome, maker=1, contract="H", raw=raw, added=added,
                               scores_after=added, **pairs)
        return [text for text, _ in table.summary_lines(last)]

    lines = summary("bete", (71, 42), (113, 0))
    assert "The computer went BETE! 42 against 71: you score both (42 + 71)." in lines
    assert all(len(line) <= PANEL_LINE for line in lines)
    assert "The computer made it: 71 against 42, both added." in summary("made", (42, 71), (42, 71))


def you_schmeiss(table: KlaberjassTable) -> None:
    """A match (seed 5) at the computer's answer to your schmeiss."""
    from game.app.match import Match

    table.match = Match("klaberjass", 5, {})
    while "schmeiss" not in table.match.observation(table.match.current_player).legal_actions \
            or table.match.current_player != 0:
        table.match.apply("pass")
    table.match.apply("schmeiss")
    table.refresh()


def test_the_computer_throwing_the_deal_in_is_held_and_named(table_app):
    """Found by a newcomer: after his schmeiss the summary came up at once, "The deal was
    thrown in", and nothing said the computer had thrown it in. The computer's move that ends a
    deal is held on screen, as a last trick is, and the summary names who threw it in."""
    app, table = table_app()
    you_schmeiss(table)
    assert table.match.current_player == 1
    table.perform(1, "throw-in")
    assert table.panel is None and table.hold > 0 and table.message == "Computer throws the deal in."
    for _ in range(100):
        if table.panel is not None:
            break
        app.tick(0.05)
    assert "The computer threw the deal in, answering the schmeiss: nobody scores." in app.screen_text()


def test_a_round_two_schmeiss_is_answered_by_making_him_name_a_suit(table_app):
    """Found by a newcomer: in round two "M Make him play" meant making the schmeisser name a
    suit (the F5 page's "throw it in or make me name a suit")."""
    from game.app.match import Match

    _app, table = table_app()
    table.match = Match("klaberjass", 22, {})
    while not (table.match.observation(table.match.current_player).bid_round == 2
               and table.match.current_player == 1):
        table.match.apply("pass")
    table.match.apply("schmeiss")
    table.refresh()
    labels = [c.label for c in table.prompt().choices]
    assert table.obs.phase == "schmeiss" and "Make him name a suit" in labels and "Make him play" not in labels
    # The hint's and the message's words say so too (they had said "make him play": a reviewer).
    assert table.action_words("make-play", table.obs) == "make him name a suit"
    table.perform(0, "make-play")
    assert table.message == "You make the computer name a suit."


def test_runs_f3_declared_after_your_bid_stay_said_when_the_computer_declares(table_app):
    """Found in review: taking as elder, "You take hearts. F3 (sort) declared for you: ..." was
    replaced by "The computer has declared." a moment later (the join looked only at a message
    that began with F3's words)."""
    from game.scenes.klaberjass_table import DECLARED_FOR_YOU

    app, table = table_app(2)
    for _ in range(400):
        if table.human_to_act and not table.guarded and table.obs.phase == "bid":
            break
        app.tick(0.05)
    app.press("T")
    for _ in range(400):
        if table.obs.phase == "play" and any(isinstance(s, str) and s.startswith("declare")
                                             for s in table.match.steps[-1:]):
            break
        app.tick(0.05)
    assert DECLARED_FOR_YOU in table.message and table.message.endswith("The computer has declared."), table.message


def test_f4_in_the_pause_before_a_summary_ends_it_and_keeps_its_words(table_app):
    """Found by a tester: F4 during the pause that holds the computer's throw-in replaced its
    words with "F4 gives a hint when it is your turn"; it ends the pause, as any key does."""
    app, table = table_app()
    you_schmeiss(table)
    table.perform(1, "throw-in")
    assert table.hold > 0
    app.press("F4")
    assert table.hold == 0 and table.panel is not None and "when it is your turn" not in app.screen_text()


def test_b_where_bella_is_not_asked_says_why_and_still_picks_the_second_declaration(table_app, monkeypatch):
    """Found by a newcomer: B at a bid did nothing and said nothing, where E, K or M said why
    not. B is Bella's key, and bella is no move of its own (it goes with a card), so the rules
    could not read it alone: now it is refused in words, with the buzz, wherever bella is not
    asked. On the declarations' prompt B still declares the second choice."""
    import random

    from game.app.match import Match
    from game.scenes.klaberjass_table import NO_BELLA_IN_SANS_TOUT, NO_BELLA_NOW

    app, table = table_app(5)
    sounds: list[str] = []
    monkeypatch.setattr(app, "sound", sounds.append)
    wait_for_your_turn(app, table)
    assert table.obs.phase == "bid"
    steps, sounds[:] = len(table.match.steps), []
    app.press("B")
    assert table.message == NO_BELLA_NOW and table._refusal == table.message and sounds == ["buzz"]
    assert len(table.match.steps) == steps and len(NO_BELLA_NOW) <= COLS - 4
    assert NO_BELLA_NOW in app.screen_text()
    # At a lead or a play, before the card that completes the bella is chosen: the same.
    bella_to_follow(table)
    app.tick(0.5)
    assert table.prompt().hand is not None and table.bella_card is None
    table.message, steps = "", len(table.match.steps)
    app.press("B")
    assert table.message == NO_BELLA_NOW and len(table.match.steps) == steps and table.bella_card is None
    table.obs = dataclasses.replace(table.obs, contract="NT")
    app.press("B")
    assert table.message == NO_BELLA_IN_SANS_TOUT
    table.refresh()
    # Under the question B still calls it.
    app.press(str(table.hand.cards.index("KH") + 1), "B")
    assert table.obs.bellas == (0,)

    # The declarations are lettered A, B, C...: B declares the second (F3 off: you choose).
    def two_runs(match: Match) -> bool:
        legal = match.rules.legal_actions(match.state)
        return match.current_player == 0 and len([a for a in legal if a.startswith("declare ")]) >= 3

    match, rng = Match("klaberjass", 3, {}), random.Random(3)
    while not match.is_over and not two_runs(match):
        match.apply(rng.choice(list(match.rules.legal_actions(match.state))))
    assert not match.is_over, "no deal gave you two declarations to choose from"
    app.press("SPACE")  # the trick the bella completed ends its pause
    app.press("F3")  # sort off: you choose the runs
    table.match = match
    table.refresh()
    second = table.prompt().choices[1]
    assert second.key == "B" and second.action.startswith("declare ") and second.action != "declare none"
    steps = len(match.steps)
    app.press("B")
    assert match.steps[steps] == second.action and table.message != NO_BELLA_NOW


def test_the_first_schmeiss_offered_in_a_match_says_what_it_does(table_app, home):
    """Found by a newcomer: "X Schmeiss" on the bidding prompt, and nothing said what a schmeiss
    is or does (F5 says it; he had not looked). The first bid of a match that offers it says so
    after the row's words, once, on one row: the prompt is never covered."""
    from game.scenes.klaberjass_table import schmeiss_meaning

    def your_bid(app, table) -> None:
        for _ in range(400):
            if table.human_to_act and not table.guarded and table.obs.phase == "bid":
                return
            app.tick(0.05)
        raise AssertionError("no bid of yours came")

    app, table = table_app(5)  # you deal: the computer passes first
    your_bid(app, table)
    said = "Computer passes. Schmeiss: he throws the deal in or makes you take ♠."
    assert table.obs.proposed_suit == "S" and table.message == said and said in app.screen_text()
    app.press("P")  # the computer passes again: round two's schmeiss asks another thing, said too
    your_bid(app, table)
    assert table.obs.bid_round == 2 and "schmeiss" in table.obs.legal_actions
    assert table.message == "Computer passes. Schmeiss: he throws the deal in or makes you name a suit."
    assert table.table_state()["schmeiss_told"] == [1, 2]  # a resumed match does not say them again
    app.saves.delete("klaberjass")
    app.ai.close()

    # As elder, after the deal's opening (the longest it goes with, on one row).
    app, table = table_app(2)
    app.tick(0.05)
    assert table.message == "Deal 1: Computer deals. Schmeiss: he throws the deal in or makes you take ♥."
    assert len(table.message) <= COLS - 4 and table.schmeiss_told
    app.saves.delete("klaberjass")
    app.ai.close()
    app, table = table_app(2)  # the same, resumed from a save where it was said: not again
    table.restore_state({**table.table_state(), "schmeiss_told": True})
    app.tick(0.05)
    assert table.message == "Deal 1: Computer deals."
    app.saves.delete("klaberjass")
    app.ai.close()

    # No room beside the row's words: a later bid says it (round two's, "name a suit"); a
    # refusal said meanwhile is not added to.
    app, table = table_app(2)
    table.message = "x" * 40
    app.tick(0.05)
    assert table.message == "x" * 40 and not table.schmeiss_told
    table.message = "You cannot do that."  # as a refusal or a hint would say it at this bid
    app.tick(0.5)
    assert table.message == "You cannot do that." and not table.schmeiss_told
    app.press("P")
    your_bid(app, table)
    assert table.message == f"Computer passes. {schmeiss_meaning(table.obs)}"
    assert table.message.endswith("makes you name a suit.")
