"""F4's hint and the deal review, played headless by keys in every game.

- F4 at every kind of decision of each game shows Hard's choice for that observation and the
  decision's seed (the one a computer player in that seat would use), changes nothing else,
  and F4 again (or a move) cancels it; at another's turn it only says when hints come.
- A hint marks the deal: it is counted apart in the statistics, not as an unaided deal.
- The review of a finished deal: R on the summary, every decision of the player listed
  costliest first once analysed, Left/Right stepping through the whole deal with the table
  as it was, Esc back to the summary; leaving mid-analysis cancels the work and plays on.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from game.ai import rank_actions
from game.ai.analysis import EXACT, MODEL, SAMPLED, Estimate, Ranking
from game.app.match import decision_seed
from game.app.review import DealReplay, Decision
from game.registry import GAME_NAMES
from game.rules import get_rules
from game.scenes.review import DECISION_MAX, YOU_MAX, ReviewScene, cost_text
from game.scenes.table import (
    CHANCE_DECIDES,
    MESSAGE_ROW,
    PROMPT_GUARD,
    PROMPT_ROW,
    TableScene,
    percent,
    points_text,
    shown_points,
)
from game.screen.cards import card_name, hand_key
from tests.scenes.driving import wait_for_your_turn
from tests.scenes.test_tables_common import TABLES, decide, settle

CASES = {case.game: case for case in TABLES}


def kind(game: str, obs: Any) -> str:
    """The kind of decision ``obs`` asks for, in the terms of the issue's list."""
    legal = obs.legal_actions
    if game == "klaberjass":
        if obs.phase == "bid":
            return f"bid round {obs.bid_round}"
        if obs.phase == "play":
            return "bella" if any(a.endswith(" bella") for a in legal) else ("lead" if not obs.trick else "follow")
        return str(obs.phase)  # schmeiss (the answer), dix, declare
    if game == "jubmoo":
        return "lead" if not obs.trick else "follow"
    if game == "mus":
        if obs.phase != "bet":
            return str(obs.phase)  # mus, discard
        if "quiero" in legal:
            return "answer an órdago" if obs.ordago else "answer a bet"
        return "open a bet"
    if obs.phase == "call":
        return "call"
    if "claim" in legal:
        return "claim"
    if legal[0].startswith("discard"):
        return "throw"
    return "lead" if not obs.trick else "beat"


KINDS = {
    "klaberjass": ("bid round 1", "bid round 2", "schmeiss", "dix", "declare", "lead", "follow", "bella"),
    "jubmoo": ("lead", "follow"),
    "mus": ("mus", "discard", "senas", "open a bet", "answer a bet", "answer an órdago"),
    "lukfu": ("call", "lead", "beat", "throw", "claim"),
}


def find_states(game: str, wanted: tuple[str, ...], options: dict[str, Any]) -> dict[str, Any]:
    """A state of random play for each kind of decision, seat 0 to decide with a real choice."""
    rules = get_rules(game)
    rng = random.Random(4)
    found: dict[str, Any] = {}
    for seed in range(400):
        state = rules.new_match(seed, options)
        for _ in range(300):
            if rules.is_over(state):
                break
            seat = rules.current_player(state)
            obs = rules.observation(state, seat)
            legal = obs.legal_actions
            if seat == 0 and len(legal) > 1 and kind(game, obs) not in found and kind(game, obs) in wanted:
                found[kind(game, obs)] = state
            state = rules.apply(state, rng.choice(legal))
        if len(found) == len(wanted):
            break
    return found


def wait_for_hint(app: Any, table: TableScene, ticks: int = 100) -> None:
    """Let the hint being worked out arrive (or the time run out)."""
    for _ in range(ticks):
        if table.hint_ticket is None:
            break
        app.tick(0.02)


def hint_now(app: Any, table: TableScene) -> str:
    """F4, and the message once the hint is shown."""
    app.press("F4")
    wait_for_hint(app, table, 50)
    return table.message


def shown_cost(ranking: Ranking, action: str) -> float:
    """The points ``action`` lost against Hard's choice, as the two values are written (whole
    from 10 up, else to the tenth): what the review's list shows."""
    best, mine = ranking.best.points, ranking.estimate(action).points
    if not ranking.cost(action) or ranking.best.action == action or best is None or mine is None:
        return 0.0
    return round(max(0.0, shown_points(best) - shown_points(mine)), 1)


def shown_chance_lost(ranking: Ranking, action: str) -> float:
    """The chance of winning ``action`` lost against Hard's choice, as the two chances are
    written (whole percents): what the review's list shows."""
    best, mine = ranking.best.win_chance, ranking.estimate(action).win_chance
    if not ranking.chance_cost(action) or best is None or mine is None:
        return 0.0
    return max(0, percent(ranking.best) - percent(ranking.estimate(action))) / 100


def hint_start(table: TableScene, ranking: Ranking, obs: Any) -> str:
    """How the hint of ``ranking`` begins: Hard's move in words; a Luk Fu throw of several
    cards, its first card and then the cards Hard throws after it."""
    if ranking.best.action.startswith("discard ") and getattr(obs, "to_discard", 0) > 1:
        return f"Hint: throw {ranking.best.action.split()[1]}, then "
    return "Hint: " + table.hint_move(ranking, obs)[0]


@pytest.mark.parametrize("game", GAME_NAMES)
def test_f4_at_every_kind_of_decision_shows_hards_choice(make_app, game: str) -> None:
    app = make_app("--game", game, "--seed", "3")
    app.settings.values["play"]["hand_sort"] = False  # Klaberjass asks which runs to declare
    table = app.top_scene()
    assert isinstance(table, TableScene)
    states = find_states(game, KINDS[game], dict(table.match.options))
    assert set(states) == set(KINDS[game]), f"random play found no {set(KINDS[game]) - set(states)}"
    rules = table.match.rules
    for name in KINDS[game]:
        table.match.state = states[name]
        table.panel = None
        table.hold = 0.0
        table.refresh()
        wait_for_your_turn(app, table, ticks=20)
        assert table.human_to_act, name
        obs = table.match.observation(0)
        steps = len(table.match.steps)
        ranking = rank_actions(rules, obs, "hard", random.Random(decision_seed(table.match.seed, steps)))
        mode, named = table.prompt().hand, ranking.best.action.split()
        cards = [c for c in table.hand.cards if mode is not None and c in mode.playable]
        if mode is not None:  # the highlight on another card than Hard's
            table.hand.cursor = table.hand.cards.index(next((c for c in cards[::-1] if c not in named), cards[-1]))
        message = hint_now(app, table)
        assert message.startswith(hint_start(table, ranking, obs)), (name, message)
        if any(c in named for c in cards):  # found by a tester: it stayed on the hint's worst card
            assert table.hand.current in named, (name, named, table.hand.current)
        assert table.match.observation(0) == obs and len(table.match.steps) == steps, "F4 played something"
        assert len(message) <= 76, "the hint fits its row"
        assert app.screen_text().splitlines()[MESSAGE_ROW].strip("║ ").startswith("Hint:")
        assert table.deal_hinted


def test_f4_at_a_forced_move_puts_the_highlight_on_the_one_card(make_app) -> None:
    """Found in review: with one card to play and the highlight moved off it, F4 said "your
    only choice" and Enter was refused."""
    app = make_app("--game", "jubmoo", "--seed", "11")
    table = app.top_scene()

    def forced() -> bool:
        return len(table.obs.legal_actions) == 1 and len(table.obs.hand) > 1

    play(app, table, "jubmoo", at_turn=forced)
    only = table.obs.legal_actions[0]
    table.hand.cursor = next(i for i, card in enumerate(table.hand.cards) if card != only)
    assert "it is your only choice" in hint_now(app, table)
    assert table.hand.current == only
    steps = len(table.match.steps)
    app.press("ENTER")
    assert table.match.steps[steps] == only


def test_multi_card_hints_raise_the_cards_and_prompt_hints_take_the_highlight(make_app) -> None:
    """Found by a tester: F4 then Enter led a single card for a hinted Luk Fu run, was refused
    at a hinted Mus discard ("you have chosen none"), and passed where the hint named a suit."""
    from game.scenes.table import Choice, Prompt

    app = make_app("--game", "mus", "--seed", "3")
    table = app.top_scene()
    play(app, table, "mus", at_turn=lambda: table.obs.phase == "discard")
    named = table.obs.legal_actions[-1]  # a discard of several cards, as a hint may name it
    table.hint_named = (table._decision, (named,))
    table.hint_shown(named)
    cards = named.split()[1:]
    assert table.hand.picked == set(cards) and table.hand.current == cards[0]
    single = f"discard {cards[0]}"  # one card too: Enter throws only cards raised (a tester)
    table.hint_named = (table._decision, (single,))
    table.hint_shown(single)
    assert table.hand.picked == {cards[0]}
    # A choice on the prompt: the highlight goes to it.
    table.prompt = lambda: Prompt("", (Choice("P", "Pass", "pass"), Choice("C", "Clubs", "name C")))
    table.hint_shown("name C")
    assert table.choice_cursor == 1


def test_a_hinted_mus_bet_is_the_one_enter_makes(make_app) -> None:
    """Found in review: no test saw the prompt's highlight go to a hinted bet of another amount
    than the prompt's own, the amount being set after the highlight had looked for it."""
    app = make_app("--game", "mus", "--seed", "3")
    table = app.top_scene()
    play(app, table, "mus", at_turn=lambda: any(a.startswith("envido") for a in table.obs.legal_actions))
    bet = "envido 5"
    table.hint_named = (table._decision, (bet,))
    table.hint_shown(bet)
    assert table.prompt().choices[table.choice_cursor].action == bet
    steps = len(table.match.steps)
    app.press("ENTER")
    assert table.match.steps[steps] == bet


def test_a_hinted_ordago_is_asked_about_on_yes(make_app) -> None:
    """Found by a tester following every hint with Enter: the hinted Órdago's question opened on
    No, and the second Enter said "No órdago."; where the hint named it, it opens on Yes."""
    app = make_app("--game", "mus", "--seed", "3")
    table = app.top_scene()
    play(app, table, "mus", at_turn=lambda: "ordago" in table.obs.legal_actions)
    table.hint_named = (table._decision, ("ordago",))
    table.hint_shown("ordago")
    steps = len(table.match.steps)
    app.press("ENTER")
    assert table.asking_ordago and len(table.match.steps) == steps  # still asked first
    app.press("ENTER")
    assert table.match.steps[steps] == "ordago"


def test_a_hinted_bella_or_silence_is_played_by_enter_enter(make_app) -> None:
    """Found by a tester: the question "call it or not?" after a hinted card had its highlight
    on Bella whatever the hint said (a hinted silence was called); it opens on the hint's answer,
    and both stay open (a reviewer: skipping the question had left no key to call Bella)."""
    from tests.scenes.test_klaberjass_table import bella_to_follow

    app = make_app("--game", "klaberjass", "--seed", "5")
    table = app.top_scene()
    app.settings.values["play"]["delay"] = 0.0
    for hinted in ("KH", "KH bella"):
        table.hold = 0.0
        bella_to_follow(table)
        while not table.human_to_act or table.guarded:
            app.tick(0.1)
        assert {"KH", "KH bella"} <= set(table.obs.legal_actions)
        table.hint_named = (table._decision, (hinted,))
        table.hint_shown(hinted)
        steps = len(table.match.steps)
        app.press("ENTER")
        assert table.bella_card == "KH" and table.prompt().choices[table.choice_cursor].action == hinted
        app.press("ENTER")
        assert table.bella_card is None and table.match.steps[steps] == hinted


def test_cards_raised_while_the_hint_thinks_are_the_players(make_app) -> None:
    """Found in review: cards raised during "the computer is thinking" were lowered for the
    hint's move when it came, and Enter played that."""
    app = make_app("--game", "lukfu", "--seed", "3")
    table = app.top_scene()
    play(app, table, "lukfu", at_turn=lambda: table.obs.phase == "play" and not table.obs.trick
         and len(table.hand.cards) > 2)
    poll = app.ai.poll
    app.ai.poll = lambda ticket: (None, None)  # Hard still thinking
    app.press("F4")
    raised = table.hand.cards[-1]
    app.press(hand_key(len(table.hand.cards) - 1))
    assert raised in table.hand.picked
    app.ai.poll = poll
    wait_for_hint(app, table)
    assert table.message.startswith("Hint:") and raised in table.hand.picked


def test_a_choice_that_lost_only_chance_says_so_in_the_table_view(make_app) -> None:
    """Found in review: "Cost 0.0 points, 3% of the game." for a choice whose cost was all in
    the chance of winning."""
    app = make_app("--game", "mus", "--seed", "4")
    table = app.top_scene()
    play(app, table, "mus", at_turn=lambda: len(table.obs.legal_actions) > 1)
    observation = table.match.observation(0)
    chosen, other = observation.legal_actions[:2]
    review = ReviewScene(app, table, 0)
    app.stack.push(review)
    for _ in range(100):
        if review.ready:
            break
        app.tick(0.01)
    review.decisions = [Decision(0, observation, chosen, 0)]
    review.rankings[0] = Ranking.of([Estimate(other, 1.02, 250, 0.52), Estimate(chosen, 1.0, 250, 0.49)], other,
                                    SAMPLED)
    app.tick(0.01)
    app.press("ENTER")
    verdict = app.screen_text().splitlines()[MESSAGE_ROW]
    assert "Cost 3% of the game, no points." in verdict and "0.0" not in verdict, verdict


def test_a_hint_due_under_a_panel_is_shown_when_it_closes(make_app) -> None:
    """Found in review: a hint that came while the O panel was up was lost (its "thinking" words
    came back with the table) though the deal counted as hinted; it waits for the panel."""
    app = make_app("--game", "lukfu", "--seed", "3")
    table = app.top_scene()
    play(app, table, "lukfu", at_turn=lambda: table.obs.phase == "play" and not table.obs.trick
         and len(table.hand.cards) > 3)
    poll = app.ai.poll
    app.ai.poll = lambda ticket: (None, None)  # Hard still thinking as O is pressed
    app.press("F4", "O")
    assert table.panel is not None
    app.ai.poll = poll
    wait_for_hint(app, table)
    assert table.hint_ticket is not None and not table.deal_hinted, "not shown under the panel"
    app.press("ESC")
    wait_for_hint(app, table)
    assert table.message.startswith("Hint:") and table.deal_hinted
    hinted = table.hinted_move()
    steps = len(table.match.steps)
    app.press("ENTER")
    assert tuple(table.match.steps[steps:steps + len(hinted)]) == hinted


def test_f4_over_an_aside_panel_at_your_turn_goes_back_to_the_table_and_asks(make_app) -> None:
    """Found in review: O then F4 at the player's own turn said "F4 gives a hint when it is your
    turn to decide"; F4 closes the box and asks, as over Jub Moo's recalled trick."""
    app = make_app("--game", "lukfu", "--seed", "3")
    table = app.top_scene()
    play(app, table, "lukfu", at_turn=lambda: table.obs.phase == "play" and len(table.hand.cards) > 3)
    app.press("O")
    assert table.panel is not None and table.panel.aside
    assert hint_now(app, table).startswith("Hint:") and table.panel is None and table.hinted_move()


def test_f3_while_the_hint_thinks_or_after_it_keeps_the_hinted_move(make_app) -> None:
    """Found by a tester: F3 while Hard thought moved the highlighted card's place, which read as
    the player's own choice, so the hint was not readied (Enter passed where it said call);
    and Luk Fu's F3 after a hinted throw of one card moved the highlight to another card."""
    from tests.scenes.test_lukfu_table import to_act

    app = make_app("--game", "lukfu", "--seed", "1")
    table = app.top_scene()
    app.settings.values["play"]["delay"] = 0.0
    play(app, table, "lukfu", at_turn=to_act(table, lambda: table.discarding and table.owed == 1
                                             and len(table.hand.cards) > 3))
    poll = app.ai.poll
    app.ai.poll = lambda ticket: (None, None)  # Hard still thinking as F3 is pressed
    app.press("F4", "F3")
    app.ai.poll = poll
    wait_for_hint(app, table)
    hinted = table.hinted_move()
    assert hinted and table.hand.current == hinted[0].split()[1], "readied, F3 or not"
    app.press("F3")
    assert table.hand.current == hinted[0].split()[1], "F3 keeps the highlight on the hinted card"
    steps = len(table.match.steps)
    app.press("ENTER")
    assert tuple(table.match.steps[steps:]) == hinted


def test_f6_at_a_decision_keeps_the_move_the_hint_readied(make_app) -> None:
    """Found in review: F6 (an option, no move) started the decision afresh, lowering the throw
    the hint had raised, so Enter threw nothing."""
    from tests.scenes.test_lukfu_table import to_act

    app = make_app("--game", "lukfu", "--seed", "3")
    table = app.top_scene()
    play(app, table, "lukfu", at_turn=to_act(table, lambda: table.discarding and table.owed > 1))
    hint_now(app, table)
    throw = [a.split()[1] for a in table.hinted_move()]
    assert len(throw) > 1 and table.hand.picked == set(throw)
    app.press("F6")
    assert table.hand.picked == set(throw) and table.hinted_move()
    steps = len(table.match.steps)
    app.press("ENTER")
    assert [s for s in table.match.steps[steps:] if isinstance(s, str)] == [f"discard {c}" for c in throw]


def test_f4_under_the_ordago_question_readies_the_hinted_bet(make_app) -> None:
    """Found in review: F4 at "Bet the whole game on Grande? Y/N" left the question up; Enter
    then said "No órdago." and the next Enter made the prompt's own choice, not the hint's."""
    app = make_app("--game", "mus", "--seed", "4")
    table = app.top_scene()
    play(app, table, "mus", at_turn=lambda: "ordago" in table.obs.legal_actions)
    app.press("O")
    assert table.asking_ordago
    hint_now(app, table)
    assert not table.asking_ordago and table.message.startswith("Hint:")
    hinted = table.hinted_move()
    steps = len(table.match.steps)
    app.press("ENTER")
    if hinted == ("ordago",):  # asked first, on Yes
        app.press("ENTER")
    assert tuple(table.match.steps[steps:]) == hinted
    # F4 that only cancels a hint leaves the question as it was (a reviewer).
    play(app, table, "mus", at_turn=lambda: "ordago" in table.obs.legal_actions)
    app.ai.poll = lambda ticket: (None, None)  # Hard still thinking
    app.press("F4", "O", "F4")
    assert table.hint_ticket is None and table.asking_ordago and table.message == "Hint cancelled."


def test_a_choice_as_good_as_hards_says_so_in_the_table_view(make_app) -> None:
    """Found in review: "Cost 0.0 points" where the list called the choice as good as Hard's."""
    app = make_app("--game", "jubmoo", "--seed", "3")
    table = app.top_scene()
    review = ReviewScene(app, table, 0)
    observation = table.match.observation(0)
    review.decisions = [Decision(0, observation, "8H", 0)]
    review.rankings[0] = Ranking.of([Estimate("JS", 113.3, 250), Estimate("8H", 113.1, 250)], "JS", SAMPLED)
    app.stack.push(review)
    app.tick(0.01)
    app.press("ENTER")
    text = app.screen_text()
    assert "as good as Hard's" in text and "Cost" not in text


def test_a_single_card_hint_is_not_raised_where_enter_plays_the_highlight(make_app) -> None:
    """Found in review: F4 named a single Luk Fu lead and raised it, so another card's key made
    two raised and Enter was refused; one card Enter plays as highlighted stays down."""
    app = make_app("--game", "lukfu", "--seed", "7")
    table = app.top_scene()
    play(app, table, "lukfu", at_turn=lambda: table.obs.phase == "play" and not table.obs.trick
         and sum(a in table.hand.cards for a in table.obs.legal_actions) > 1)
    first, other = [a for a in table.obs.legal_actions if a in table.hand.cards][:2]
    table.hint_named = (table._decision, (first,))
    table.hint_shown(first)
    assert table.hand.current == first and not table.hand.picked
    steps = len(table.match.steps)
    app.press(hand_key(table.hand.cards.index(other)), "ENTER")
    assert table.match.steps[steps] == other


def test_f4_twice_cancels_and_at_anothers_turn_only_explains(make_app, monkeypatch) -> None:
    app = make_app("--game", "jubmoo", "--seed", "5")
    table = app.top_scene()
    wait_for_your_turn(app, table, ticks=200)
    # Keep the worker busy so that the second press comes while it thinks.
    monkeypatch.setattr(app.ai, "inline", False)
    monkeypatch.setattr(app.ai, "_conn", None)
    monkeypatch.setattr(app.ai, "_decide_here", lambda pending: None)
    app.press("F4")
    assert table.hint_ticket is not None and "thinking" in table.message
    app.press("F4")
    assert table.hint_ticket is None and table.message == "Hint cancelled."
    assert not table.deal_hinted, "a cancelled hint marks nothing"
    # A move cancels a hint that is still being worked out.
    app.press("F4")
    decide(app, table, CASES["jubmoo"])
    app.tick(0.02)
    assert table.hint_ticket is None
    monkeypatch.undo()
    for _ in range(50):
        if not table.human_to_act:
            break
        app.tick(0.01)
    if not table.human_to_act:
        app.press("F4")
        assert "when it is your turn" in table.message


def play_a_deal_with_one_hint(app: Any, table: TableScene, game: str) -> str:
    """Play to the deal's summary, taking one hint at the first turn; the hint's words."""
    hinted: list[str] = []

    def hint_once() -> bool:
        if not hinted:
            hinted.append(hint_now(app, table))
        return False

    play(app, table, game, at_turn=hint_once, until=at_summary(table))
    assert hinted
    return hinted[0]


def test_a_hinted_deal_is_counted_apart(make_app) -> None:
    app = make_app("--game", "jubmoo", "--seed", "5")
    table = app.top_scene()
    play_a_deal_with_one_hint(app, table, "jubmoo")
    counters = app.stats.games["jubmoo"]
    assert counters["deals_hinted"] == 1 and counters["deals_played"] == 0
    assert table.computer_helped, "a match with a hint is not counted as the player's own"


def test_a_resumed_deal_with_a_hint_says_it_counts_as_hinted(make_app) -> None:
    """Found by a tester: the hint's words were gone on resume while the deal still counted as
    hinted, without a word."""
    from game.scenes.jubmoo_table import JubMooTable

    app = make_app("--game", "jubmoo", "--seed", "5")
    table = app.top_scene()
    play(app, table, "jubmoo", at_turn=lambda: len(table.obs.legal_actions) > 1)
    hint_now(app, table)
    assert table.deal_hinted
    table.save()
    match, humans = app.saves.load("jubmoo")
    resumed = JubMooTable.resume(app, match, humans, app.saves.table_state)
    assert resumed.deal_hinted and "This deal counts as hinted" in app.screen_text().splitlines()[-1]
    # Not in hot seat, where nothing is counted (a tester read it as a statistics matter).
    app.withdraw_notice("This deal counts as hinted: you took a hint in it before you left.")
    app.tick(5.0)
    hot = JubMooTable.resume(app, match, (0, 1), app.saves.table_state)
    assert hot.deal_hinted and "counts as hinted" not in app.screen_text()


def test_a_hinted_deal_that_does_not_count_is_not_counted_as_hinted_either(make_app, home) -> None:
    """Found by a tester: a replayed deal and a deal F2 played in part, each with a hint, were
    added to "Deals with hints", though replayed and F2-played deals do not count."""
    (home / "settings.toml").write_text("[play]\ndelay = 0.0\nreplay = true\n", encoding="utf-8")
    app = make_app("--game", "jubmoo", "--seed", "5")
    table = app.top_scene()
    counters = app.stats.games["jubmoo"]
    done: list[str] = []

    def hint_then_f2() -> bool:
        if not done:
            done.append(hint_now(app, table))
            app.press("F2")  # the computer plays a card or two for you
            for _ in range(40):
                app.tick(0.05)
            app.press("F2")
        return False

    play(app, table, "jubmoo", at_turn=hint_then_f2, until=at_summary(table))
    assert done and counters["deals_hinted"] == 0 and counters["deals_played"] == 0
    app.tick(PROMPT_GUARD)
    app.press("ENTER")
    play(app, table, "jubmoo", at_turn=lambda: "replay" in table.obs.legal_actions)
    app.press("R")  # the same deal again, with a hint in it
    done.clear()

    def hint_once() -> bool:
        if not done:
            done.append(hint_now(app, table))
        return False

    play(app, table, "jubmoo", at_turn=hint_once, until=at_summary(table))
    assert table.obs.last_deal.deal_number == 1
    assert counters["deals_hinted"] == 0 and counters["deals_played"] == 0


def play(app: Any, table: TableScene, game: str, at_turn: Callable[[], bool] = lambda: False,
         until: Callable[[], bool] = lambda: False, rounds: int = 8000) -> None:
    """Play on as a player would: panels and held tricks cleared by their keys, each turn of the
    player's decided by ``decide``. Stops when ``until()`` holds, or when ``at_turn()``, asked
    at each of the player's turns before deciding, returns True."""
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
            if at_turn():
                return
            decide(app, table, CASES[game])
        else:
            app.tick(0.05)
    raise AssertionError(f"{game}: the table never got there")


def at_summary(table: TableScene) -> Callable[[], bool]:
    return lambda: table.panel is not None and table.panel.review


def play_to_summary(app: Any, table: TableScene, game: str) -> None:
    play(app, table, game, until=at_summary(table))


def open_review(app: Any, analysed: bool = False, ticks: int = 400) -> ReviewScene:
    """R on the deal's summary: the review once it has read the deal back (``analysed``: and
    Hard has valued every decision)."""
    app.press("R")
    review = app.top_scene()
    assert isinstance(review, ReviewScene)
    for _ in range(ticks):
        if review.ready and (not analysed or review.analysed == len(review.decisions)):
            break
        app.tick(0.02)
    return review


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_review_steps_through_the_whole_deal(make_app, game: str) -> None:
    app, table, review = reviewed(make_app, game, "8")
    summary = table.panel  # the summary stays under the review
    assert summary is not None and summary.review
    expected = DealReplay(game, table.match.seed, table.match.options, table.match.steps, 0).run()
    expected = [d for d in expected if d.step not in table.auto_steps]  # F3's declarations: not his
    assert [d.step for d in review.decisions] == [d.step for d in expected] and expected
    rules = table.match.rules
    costs, chances = [], []
    for d in review.decisions:
        ranking = review.rankings[d.step]
        again = rank_actions(rules, d.observation, "hard", random.Random(d.seed))
        assert ranking == again, "the review is Hard's ranking with the decision's own seed"
        costs.append(shown_cost(ranking, d.action))  # as the two values are written (0.0 counts as good)
        assert costs[-1] >= 0 and (costs[-1] == 0 if ranking.best.action == d.action else True)
        chances.append(shown_chance_lost(ranking, d.action))  # as the two chances are written
    # Costliest first: the chance of winning lost (Mus, Luk Fu), then the points.
    assert [(review.chance_lost(d), review.cost(d)) for d in review.ordered()] == \
        sorted(zip(chances, costs, strict=True), reverse=True)
    text = app.screen_text()
    good = sum(1 for c, p in zip(chances, costs, strict=True) if c == 0 and p == 0)
    if good == len(costs):
        every = "both" if good == 2 else f"all {good}"
        assert f"Done: {every} of your choices are as good as Hard's." in text
    else:
        done = review.progress()
        assert done in text and len(done) <= 76 and f" {cost_text(sum(costs))} points" in done
        assert re.match(rf"Done: {good} of (your )?{len(costs)} ", done), done
    # Enter opens the costliest; Left to the first decision, then Right through the deal.
    app.press("ENTER")
    assert review.showing is review.ordered()[0]
    for _ in range(len(review.decisions)):
        app.press("LEFT")
    assert review.showing is review.decisions[0]
    for i, d in enumerate(review.decisions):
        assert review.showing is d
        text = app.screen_text()
        assert f"DECISION {i + 1} of {len(review.decisions)}" in text
        assert "Values:" in text and ("you chose to" in text or ": you " in text)
        verdict = text.splitlines()[MESSAGE_ROW].strip("║ ")
        assert verdict.endswith("."), f"the verdict was cut: {verdict}"
        for card in table.hand_cards(d.observation)[:1]:
            assert table.action_words(card, d.observation, short=True)[:1] in text
        app.press("RIGHT")
    app.press("ESC")
    assert review.showing is None
    app.press("ESC")
    assert app.top_scene() is table and table.panel is summary, "back to the summary"
    app.press("R")
    again = app.top_scene()
    assert isinstance(again, ReviewScene)
    for _ in range(20):
        app.tick(0.02)
    assert again.analysed == len(again.decisions), "a second look reuses the analysis"


def test_leaving_the_review_mid_analysis_cancels_it_and_play_goes_on(make_app) -> None:
    app = make_app("--game", "klaberjass", "--seed", "8")
    app.settings.values["play"]["delay"] = 0.0
    table = app.top_scene()
    play_to_summary(app, table, "klaberjass")
    app.press("R")
    review = app.top_scene()
    for _ in range(100):
        if review.ready and review.analysed >= 1:
            break
        app.tick(0.02)
    assert 0 < review.analysed < len(review.decisions) or len(review.decisions) == 1
    app.press("ESC")
    assert app.top_scene() is table and review.ticket is None
    app.press("SPACE")  # the summary closes
    steps = len(table.match.steps)
    play_to_summary(app, table, "klaberjass")
    assert len(table.match.steps) > steps


def test_a_replayed_deal_is_reviewed_as_played_again(make_app) -> None:
    app = make_app("--game", "jubmoo", "--seed", "12")
    app.settings.values["play"]["delay"] = 0.0
    table = app.top_scene()
    app.press("F6")
    play_to_summary(app, table, "jubmoo")
    first = DealReplay("jubmoo", table.match.seed, table.match.options, table.match.steps, 0).run()
    app.press("SPACE")
    for _ in range(200):
        if table.human_to_act and not table.guarded and "replay" in table.obs.legal_actions:
            break
        app.tick(0.05)
    app.press({c.action: c.key for c in table.prompt().choices}["replay"])
    replay_at = len(table.match.steps)
    play_to_summary(app, table, "jubmoo")
    app.press("R")
    review = app.top_scene()
    for _ in range(100):
        app.tick(0.02)
    assert review.decisions and all(d.step >= replay_at for d in review.decisions)
    assert review.decisions[0].observation.hand == first[0].observation.hand, "the same cards, played again"


def test_hot_seat_hint_and_review_serve_the_player_at_the_keyboard(make_app, home) -> None:
    (home / "settings.toml").write_text("[jubmoo]\nhumans = 2\n[play]\ndelay = 0.0\n", encoding="utf-8")
    app = make_app("--game", "jubmoo", "--seed", "5")
    table = app.top_scene()
    assert table.humans == frozenset({0, 1})
    hinted_for = set()
    for _ in range(8000):
        if table.panel is not None and table.panel.review:
            break
        if table.panel is not None:
            if table.guarded:
                app.tick(0.05)  # a summary that just came up ignores keys for a moment
            else:
                app.press("ENTER")
            app.tick(0.5)
        elif table.hold > 0:
            app.press("SPACE")
        elif table.human_to_act and not table.guarded:
            seat = table.match.current_player
            if seat not in hinted_for:
                obs = table.match.observation(seat)
                message = hint_now(app, table)
                assert message.startswith("Hint:")
                named = set(re.findall(r"[2-9TJQKA][♠♥♦♣]", message))
                assert named and named <= {card_name(c) for c in obs.hand}, "only the player's own cards"
                hinted_for.add(seat)
            decide(app, table, CASES["jubmoo"])
        else:
            app.tick(0.05)
    assert hinted_for == {0, 1}
    viewer = table.viewer
    settle(app, table)
    app.press("R")
    review = app.top_scene()
    for _ in range(100):
        app.tick(0.02)
    assert review.decisions and all(d.observation.seat == viewer for d in review.decisions)


def test_f4_away_from_a_table_says_where_hints_are_given(make_app) -> None:
    app = make_app("*")
    app.press("F4")
    assert app.screen_text().splitlines()[24].startswith("F4 gives a hint at your turn in a game")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_with_open_hands_the_hint_searches_the_true_deal(make_app, home, game: str) -> None:
    """Klaberjass, Jub Moo and Luk Fu search the one true deal; Mus's players read its tables and
    worlds as without open hands (docs/ai-mus.md), and its hint says so like any other."""
    (home / "settings.toml").write_text(f"[{game}]\nopen_hands = true\n[play]\ndelay = 0.0\n", encoding="utf-8")
    app = make_app("--game", game, "--seed", "6")
    table = app.top_scene()
    rules = table.match.rules

    def searched_on_the_true_deal() -> bool:
        obs = table.match.observation(table.viewer)
        ranking = rank_actions(rules, obs, "hard", random.Random(table.match.decision_seed()))
        if ranking.basis == "exact" or (game == "mus" and len(obs.legal_actions) > 1):
            message = hint_now(app, table)
            assert message.startswith(hint_start(table, ranking, obs)), message
            return True
        return False

    play(app, table, game, at_turn=searched_on_the_true_deal, rounds=3000)


LIMITED = "30 imagined deals; chosen by the chance of winning the match; best of its 8 likeliest"


def limited_ranking(chosen: str, others: list[str], note: str = LIMITED, chances: bool = True) -> Ranking:
    """Luk Fu hard's ranking when a play outside its candidates shows a better number: the
    chosen play 24% (-2.8 points), the first other 26% (-2.4), the rest lower."""
    def est(action: str, points: float, chance: float) -> Estimate:
        return Estimate(action, points, 30, chance if chances else None)

    estimates = [est(chosen, -2.8, 0.238), est(others[0], -2.4, 0.261)]
    estimates += [est(a, -3.0 - i, 0.2 - i / 100) for i, a in enumerate(others[1:])]
    return Ranking.of(estimates, chosen, SAMPLED, note)


def test_the_hint_never_shows_a_better_number_without_its_reason(make_app) -> None:
    app = make_app("--game", "lukfu", "--seed", "3")
    table = app.top_scene()
    others = ["T4", "C5", "S1", "S4", "S9", "M9", "T3"]
    hint = table.hint_text(limited_ranking("C8", others))
    # The whole note does not fit: its reason does, beside the number it explains, the choice's
    # own numbers written short to make room.
    assert hint == "Hint: lead the C8 (-2.8, 24%); T4 -2.4, 26%; ... [best of its 8 likeliest]"
    hint = table.hint_text(limited_ranking("C8", others, chances=False))
    assert hint == "Hint: lead the C8 (-2.8 points); T4 -2.4; ... [best of its 8 likeliest]"
    # A reason too long for the row: the better-looking value is left out, the others shown.
    long_reason = "30 imagined deals; " + "x" * 60
    hint = table.hint_text(limited_ranking("C8", others, long_reason, chances=False))
    assert "T4" not in hint and "; C5 -3" in hint and len(hint) <= 76, hint
    # With the choice on top the note's first clauses are said as room allows.
    plain = Ranking.of(limited_ranking("C8", others[:3], chances=False).estimates, "T4", SAMPLED, LIMITED)
    assert table.hint_text(plain) == "Hint: lead the T4 (-2.4 points); C8 -2.8; C5 -3; S1 -4 [30 imagined deals]"


def test_a_hint_by_rule_of_thumb_is_never_cut_mid_word(make_app) -> None:
    """Found by a reviewer: Klaberjass's ranking when no imagined deal is solved in time read
    "Hint: play the 8♦, by rule of thumb (no values this time: no imagined deal s"."""
    from game.ai.analysis import RULE

    app = make_app("--game", "lukfu", "--seed", "3")
    table = app.top_scene()
    note = "no imagined deal solved in time: the manual's rules of thumb"
    hint = table.hint_text(Ranking((Estimate("C8", None), Estimate("T4", None)), RULE, note))
    assert hint == "Hint: lead the C8, by rule of thumb: no values this time."
    short = table.hint_text(Ranking((Estimate("C8", None), Estimate("T4", None)), RULE, "no time"))
    assert short == "Hint: lead the C8, by rule of thumb: no values this time [no time]."


def test_choices_left_out_of_the_hint_are_marked(make_app) -> None:
    """Found by a tester: "Hint: lead the 9♥ (+67 points); J♥ +67; Q♥ +67; 8♣ +44; 9♣ +44" had
    left out a choice, and nothing said so."""
    app = make_app("--game", "lukfu", "--seed", "3")
    table = app.top_scene()
    cards = ["T4", "C8", "C5", "S1", "S4", "S9", "M9", "T3", "T7", "C2", "S6", "M2"]
    ranking = Ranking.of([Estimate(c, -2.0 - i, 30) for i, c in enumerate(cards)], "T4", SAMPLED, "30 imagined deals")
    hint = table.hint_text(ranking)
    assert hint.endswith("; M9 -8; ...") and len(hint) <= 76, hint
    whole = Ranking.of(ranking.estimates[:3], "T4", SAMPLED, "30 imagined deals")
    assert "..." not in table.hint_text(whole)


def test_the_hint_shortens_its_chance_to_show_one_other_choice(make_app) -> None:
    """Found by a tester: "Hint: call (be the Caller) (-0.1 points, 26% to win the match); ..."
    at a call-or-pass, where "to win" left room for the pass."""
    app = make_app("--game", "lukfu", "--seed", "3")
    table = app.top_scene()
    ranking = Ranking.of([Estimate("call", -0.1, 100, 0.26), Estimate("pass", -0.6, 100, 0.22)], "call", SAMPLED,
                         "100 imagined deals; chosen by the chance of winning the match")
    hint = table.hint_text(ranking)
    assert hint.startswith("Hint: call (be the Caller) (-0.1 points, 26% to win); pass -0.6, 22%"), hint
    assert len(hint) <= 76


def test_a_number_written_alike_is_not_better(make_app) -> None:
    """Found by a tester: Mus's seña hint left out "none -3, 43%" beside "ciego (-3 points,
    43%)", as if it were a better number whose reason did not fit."""
    app = make_app("--game", "lukfu", "--seed", "3")
    table = app.top_scene()
    tie = Ranking.of([Estimate("T4", -3.04, 30, 0.431), Estimate("C8", -2.96, 30, 0.434)], "T4", SAMPLED,
                     "30 imagined deals; " + "x" * 70)
    assert table.hint_text(tie) == "Hint: lead the T4 (-3 points, 43% to win the match); C8 -3, 43%"


def test_with_open_hands_the_hint_says_it_rests_on_the_true_deal(make_app) -> None:
    """Found by a tester: Jub Moo's open-hands note never fitted beside its values, so the hint
    never said that its numbers come from the true deal."""
    app = make_app("--game", "jubmoo", "--seed", "3")
    table = app.top_scene()
    cards = ["8C", "5C", "3C", "2C", "TD", "9D", "8D", "7D"]
    exact = Ranking.of([Estimate(c, 56.0 - i, 0) for i, c in enumerate(cards)], "8C", EXACT,
                       "the true deal (open hands); each card played out once")
    hint = table.hint_text(exact)
    assert hint.startswith("Hint: ") and hint.endswith(" [the true deal (open hands)]") and len(hint) <= 76, hint
    assert "; 5♣ +55" in hint, "the other values still fill the row"


def test_a_klaberjass_hint_at_a_match_deciding_deal_always_says_the_match_counts(make_app) -> None:
    """Found by a tester: with many choices the row ran out before the note, and "9♦ -656"
    read as points of one deal; the match's 1,000 is said before more choices."""
    import dataclasses

    from game.ai.klaberjass import MATCH_NOTE

    app = make_app("--game", "klaberjass", "--seed", "3")
    table = app.top_scene()
    cards = ["9D", "TC", "AC", "QH", "8S", "7S", "KH"]
    plain = Ranking.of([Estimate(c, -183.0 - 90 * i, 60) for i, c in enumerate(cards)], "9D", SAMPLED,
                       "60 imagined deals")
    ranking = dataclasses.replace(plain, note=f"{MATCH_NOTE}; 60 imagined deals", note_first=True)
    hint = table.hint_text(ranking)
    # The note before more choices, and one choice at least, Hard's numbers written short for it.
    assert hint == f"Hint: lead the 9♦ (-183); T♣ -273; ... [{MATCH_NOTE}]"
    assert MATCH_NOTE not in table.hint_text(plain)
    # A long choice writes its own numbers short rather than lose the note (a tester's bella).
    bella = Ranking.of([Estimate("KS bella", 1086.0, 60), Estimate("KS", 1066.0, 60)], "KS bella", SAMPLED,
                       f"{MATCH_NOTE}; 60 imagined deals")
    hint = table.hint_text(dataclasses.replace(bella, note_first=True))
    assert hint.endswith(f" [{MATCH_NOTE}]") and "(+1,086)" in hint and len(hint) <= 76, hint


def test_with_open_hands_mus_says_its_numbers_rest_on_its_own_cards(make_app, home) -> None:
    """Found by a tester: with open hands Mus's betting hints and the review's values line
    left out "own cards only" (the row was full of values), though a rival's king could be seen
    to beat the hand the hint backed."""
    (home / "settings.toml").write_text("[mus]\nopen_hands = true\n", encoding="utf-8")
    app = make_app("--game", "mus", "--seed", "11")
    table = app.top_scene()
    observation = table.match.observation(0)
    assert dict(observation.options)["open_hands"]
    bets = ["envido 2", "envido 3", "envido 4", "envido 5", "paso", "ordago"]
    ranking = Ranking.of([Estimate(a, 0.1 - i / 10, 40, 0.5 - i / 100) for i, a in enumerate(bets)], "envido 2",
                         SAMPLED, "own cards only; 40 imagined deals")
    hint = table.hint_text(ranking)
    assert hint.endswith(" [own cards only]") and len(hint) <= 76, hint
    review = ReviewScene(app, table, 0)
    line = review._values_line(Decision(0, observation, "paso", 0), ranking)
    assert line.endswith(" [own cards only]") and "*Paso" in line and len(line) <= 76, line


def test_a_klaberjass_hint_whose_note_speaks_of_the_pass_shows_the_pass(make_app) -> None:
    """Found by a tester: "Hint: name spades (+71 points); schmeiss 0; ... [pass: Hard's bar
    (-12)]": the pass was among the choices cut off, while the bracket spoke of it."""
    from dataclasses import replace as replaced

    app = make_app("--game", "klaberjass", "--seed", "5")
    table = app.top_scene()
    observation = table.match.observation(0)
    values = {"name S": 71, "schmeiss": 0, "name H": -5, "name D": -8, "sans-tout": -10,
              "tout-atout": -11, "pass": -12}
    ranking = replaced(Ranking.of([Estimate(a, v) for a, v in values.items()], "name S", MODEL,
                                  "pass: Hard's bar (-12); the bidding model"), note_first=True)
    hint = table.hint_text(ranking)
    assert "; pass -12" in hint and "[pass: Hard's bar (-12)" in hint and len(hint) <= 76, hint
    line = ReviewScene(app, table, 0)._values_line(Decision(0, observation, "name H", 0), ranking)
    assert "pass -12" in line.lower() and len(line) <= 76, line


def test_a_review_with_no_choices_says_so_plainly(make_app) -> None:
    """Found by a tester: a deal with no choice of his read "Done: all 0 of your choices are
    as good as Hard's", offered Up/Down and Enter with nothing to choose, and named no deal."""
    app = make_app("--game", "jubmoo", "--seed", "4")
    app.settings.values["play"]["delay"] = 0.0
    table = app.top_scene()
    play_to_summary(app, table, "jubmoo")
    review = open_review(app)
    review.decisions = []
    text = app.screen_text()
    assert "made no choice in this deal" in text and "Done: nothing to analyse." in text
    assert "all 0" not in text and "Up/Down" not in text and "Esc: back to the summary" in text
    assert "Deal 1" in text.splitlines()[0]
    assert "Your decisions in this deal, costliest first, as Hard reckons them" in text
    # Where a chance of winning is reckoned, the list puts a lost chance first, and says so (a
    # tester read 0.2 above 0.3 as a sorting fault under "costliest first").
    review.chance_shown = lambda: True
    assert "Your decisions, costliest first: chance to win lost, then points" in app.screen_text()
    # In hot seat the longer name and what F2 took wrap, and the keys offered are only those
    # that work (a tester saw the sentence cut, and Up/Down, Enter offered over nothing).
    review.by_computer = 11
    table.humans = frozenset({0, 2})
    table.seat_name = lambda seat: "Player 1" if seat == 0 else "Player 2"
    text = app.screen_text()
    lines = [line.strip() for line in text.splitlines()]
    said = " ".join(lines)
    assert "Player 1 made no choice in this deal: 11 choices by F2" in said, said
    assert "by F2" in text and "Up/Down" not in text and "Tab: Player 2's   Esc: the summary" in text


def test_the_review_never_shows_a_better_value_without_its_reason(make_app) -> None:
    app = make_app("--game", "lukfu", "--seed", "8")
    app.settings.values["play"]["delay"] = 0.0
    table = app.top_scene()
    play_to_summary(app, table, "lukfu")
    review = open_review(app)
    decision = max(review.decisions, key=lambda d: len(d.observation.legal_actions))
    legal = list(decision.observation.legal_actions)
    assert len(legal) >= 3, legal
    words = {a: review._words(decision, a) for a in legal}
    # Hard chose another play than yours, and a third one shows a better value than Hard's.
    chosen, better = [a for a in legal if a != decision.action][:2]
    others = [better, decision.action] + [a for a in legal if a not in (chosen, better, decision.action)]
    line = review._values_line(decision, limited_ranking(chosen, others))
    # The better value and its reason do not both fit beside Hard's choice and yours: neither
    # is shown (a reason without the number it explains puzzled a tester).
    assert len(line) <= 76 and "likeliest" not in line and "-2.4, 26%" not in line, line
    # With room for both, the better value comes next to Hard's choice, with the reason.
    short = replace(limited_ranking(chosen, others), note="30 imagined deals; top 8")
    line = review._values_line(decision, short)
    assert line.startswith(f"Values: {words[chosen]} -2.8, 24%; {words[better]} -2.4, 26%;"), line
    assert line.endswith(" [top 8]") and len(line) <= 76, line
    assert line.startswith(f"Values: {words[chosen]} -2.8, 24%;") and f"*{words[decision.action]}" in line, line
    # Your play is the better-looking one: it is shown, with the reason.
    line = review._values_line(decision, limited_ranking(chosen, [decision.action, *others[2:]]))
    assert f"*{words[decision.action]} -2.4, 26%" in line and line.endswith(" [best of its 8 likeliest]"), line
    assert len(line) <= 76 and line.startswith(f"Values: {words[chosen]} -2.8, 24%;"), "the reason was cut off"


def test_the_reviews_title_names_no_earlier_deal_while_it_reads_the_record(make_app, monkeypatch) -> None:
    """Found by a tester: R under deal 4's summary showed "Deal 1", "Deal 2", "Deal 3" in the
    title while it read the deal back, then "Deal 4"."""
    import game.scenes.review as review_module

    monkeypatch.setattr(review_module, "REPLAY_SLICE", 5)
    app = make_app("--game", "klaberjass", "--seed", "3")
    app.settings.values["play"]["delay"] = 0.0
    table = app.top_scene()
    for _ in range(2):  # the summary of deal 2
        if table.panel is not None:
            while table.guarded:
                app.tick(0.05)
            app.press("SPACE")
        play_to_summary(app, table, "klaberjass")
    app.press("R")
    review = app.top_scene()
    titles = set()
    while not review.ready:
        titles.add(app.screen_text().splitlines()[0])
        app.tick(0.02)
    assert titles and not any("Deal" in t for t in titles), titles
    assert "Deal 2" in app.screen_text().splitlines()[0]


def test_certain_values_are_not_said_to_rest_on_imagined_deals(make_app) -> None:
    """Noticed in review: Luk Fu's values line read "claim +4, 100%; *T4 +2, 100% [30 imagined
    deals]" where both values shown are certain (no sample behind them)."""
    app = make_app("--game", "lukfu", "--seed", "8")
    app.settings.values["play"]["delay"] = 0.0
    table = app.top_scene()
    note = "30 imagined deals; sure"
    certain = [Estimate("claim", 4.0, 0, 1.0), Estimate("T4", 2.0, 0, 1.0)]
    sampled = [Estimate(c, -3.0 - i, 30, 0.4) for i, c in enumerate(["C8", "C5", "S1", "S4", "S9", "M9", "T3"])]
    both = Ranking.of(certain, "claim", SAMPLED, note)
    assert table.hint_text(both).endswith("T4 +2, 100% [sure]")
    mixed = Ranking.of([Estimate("T4", 2.0, 0), Estimate("C8", -3.0, 30)], "T4", SAMPLED, note)
    assert table.hint_text(mixed) == f"Hint: lead the T4 (+2 points); C8 -3 [{note}]"  # a sample on the row: said
    alone = Ranking.of([Estimate("T4", 2.0, 0), Estimate("C8", -3.0, 0)], "T4", SAMPLED, note)
    assert table.hint_text(alone) == "Hint: lead the T4 (+2 points); C8 -3 [sure]"
    play_to_summary(app, table, "lukfu")
    review = open_review(app)
    decision = review.decisions[0]
    mine = Estimate(decision.action, 2.0, 0, 1.0)
    line = review._values_line(decision, Ranking.of([Estimate("claim", 4.0, 0, 1.0), mine], "claim", SAMPLED, note))
    assert "imagined" not in line and line.endswith(" [sure]"), line
    ranking = Ranking.of([Estimate("claim", 4.0, 0, 1.0), mine, *sampled[:1]], "claim", SAMPLED, note)
    line = review._values_line(decision, ranking)
    assert "imagined deals" in line, line  # the sampled values shown rest on them


@pytest.mark.parametrize("game", GAME_NAMES)
def test_f4_at_the_replay_choice_names_it_in_words(make_app, home, game: str) -> None:
    """With replays on, a finished deal asks to replay it or go on: F4 there says which the
    computer would take, in words, and that it is a matter of taste (found by the soak test:
    Klaberjass read "continue" as a card)."""
    (home / "settings.toml").write_text("[play]\ndelay = 0.0\nreplay = true\n", encoding="utf-8")
    app = make_app("--game", game, "--seed", "8")
    table = app.top_scene()
    play(app, table, game, at_turn=lambda: "replay" in table.match.observation(table.viewer).legal_actions)
    message = hint_now(app, table)
    assert message == "Hint: go on to the next deal (a matter of taste, not of points).", message
    assert not table.deal_hinted
    app.tick(0.01)  # the hint takes one row: the choice it is about stays on screen under it
    assert "R Replay" in app.screen_text().splitlines()[PROMPT_ROW]


def reviewed(make_app: Callable[..., Any], game: str, seed: str) -> tuple[Any, TableScene, ReviewScene]:
    """A deal of ``game`` played by keys to its summary, its review opened and analysed."""
    app = make_app("--game", game, "--seed", seed)
    app.settings.values["play"]["delay"] = 0.0
    table = app.top_scene()
    play_to_summary(app, table, game)
    assert "R: review" in app.screen_text()
    review = open_review(app, analysed=True)
    assert review.decisions and review.analysed == len(review.decisions)
    return app, table, review


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_review_list_shows_each_decision_in_whole_words_in_aligned_columns(make_app, game: str) -> None:
    """Found by the testers: the Decision column cut its words to 11 characters, so Klaberjass
    read "bid, round" for "bid, round 1" (seed 1: the player bids in the first round)."""
    app, table, review = reviewed(make_app, game, "1")
    lines = app.screen_text().splitlines()
    header = lines[3]
    columns = {name: header.index(name) for name in ("Cost", "Decision", "You", "Hard's choice")}
    assert header[:2] == "  " and columns["Cost"] < columns["Decision"] < columns["You"] < columns["Hard's choice"]
    items = review.ordered()
    wheres = [table.decision_words(d.observation) for d in items]
    if game == "klaberjass":
        assert "bid, round 1" in wheres
    for row, decision, where in zip(lines[5:], items[:14], wheres, strict=False):
        assert row[:2] == "  " and row[78:] == "  ", f"inside the frame: {row!r}"
        assert row[columns["Decision"] : columns["You"]].rstrip() == where, row
        you = review._words(decision, decision.action)
        assert row[columns["You"] : columns["Hard's choice"]].rstrip() == you, row
        ranking = review.rankings[decision.step]
        hard = "the same" if review.agrees(decision) else review._words(decision, ranking.best.action)
        assert row[columns["Hard's choice"] :].startswith(hard), row
        assert row[columns["Cost"] + 4 - 6 : columns["Cost"] + 4].strip() == cost_text(review.cost(decision)), row


@pytest.mark.parametrize(("game", "seed"), [*((game, "1") for game in GAME_NAMES), ("mus", "5")])
def test_the_review_lists_the_win_chance_only_where_hard_reckons_it(make_app, game: str, seed: str) -> None:
    """Found by the testers: a "Game" column stood empty in Klaberjass and Jub Moo. It is shown
    only when a decision has a value for it, headed with the words its legend begins with."""
    app, _table, review = reviewed(make_app, game, seed)
    lost = {d.step: review.rankings[d.step].chance_cost(d.action) for d in review.decisions}
    written = {d.step: shown_chance_lost(review.rankings[d.step], d.action) for d in review.decisions}
    shown = any(v is not None for v in lost.values())
    assert shown == (game in ("mus", "lukfu")), "Mus and Luk Fu's Hard reckon in the chance of winning the game"
    lines = app.screen_text().splitlines()
    header = lines[3]
    assert "Game" not in header.split()
    assert ("Chance lost" in header) == shown
    goal = "match" if game == "lukfu" else "game"  # a Luk Fu match is won on its deals' net points
    legend = [line.strip() for line in lines if line.strip().startswith("Chance lost:")]
    # A choice Hard values in points only (a Mus mus or discard) reads n/a, and the legend says
    # so (a blank cell had gone unexplained).
    points_only = any(v is None for v in lost.values())
    assert points_only or seed != "5", "seed 5's Mus deal has a mus and a discard of the player's"
    expected = ("Chance lost: what your choice cost of your chance to win; n/a: points only." if points_only
                else f"Chance lost: what your choice cost of your chance to win the {goal}, by Hard.")
    assert legend == ([expected] if shown else [])
    if shown:
        end = header.index("Chance lost") + len("Chance lost")
        for row, decision in zip(lines[5:], review.ordered()[:14], strict=False):
            value = lost[decision.step]
            text = "n/a" if value is None else f"{written[decision.step]:.0%}"  # a loss, as the legend says
            assert row[end - len("Chance lost") : end].strip() == text, row
            assert row[end : end + 2] == "  ", row


def test_the_values_line_drops_whole_values_never_cuts_one(make_app) -> None:
    """Found by the testers: the room for the values line did not count the "...; " it adds, so
    a value was cut: "Values: claim +2, 34%; S8 +2, 34%; ...; *C4 -0.7, 26"."""
    app = make_app("--game", "lukfu", "--seed", "3")
    table = app.top_scene()
    review = ReviewScene(app, table, 0)
    observation = table.match.observation(0)
    cut = 0
    for fillers in range(1, 9):
        for pad in range(12):  # values of every length, so that some line ends at each column
            actions = ["claim", "S8", *(f"T{i}{'x' * pad}" for i in range(fillers)), "C4"]
            estimates = [Estimate(a, 2.0 - i / 10, 30, 0.34 - i / 100) for i, a in enumerate(actions[:-1])]
            estimates.append(Estimate("C4", -0.7, 30, 0.26))
            ranking = Ranking.of(estimates, "claim", SAMPLED, "30 imagined deals")
            decision = Decision(0, observation, "C4", 0)
            line = review._values_line(decision, ranking)
            assert len(line) <= 76 and line.startswith("Values: claim +2, 34%; "), line
            values = line.removeprefix("Values: ")
            if values.endswith("]"):
                values = values[: values.rindex(" [")]
            pieces = values.split("; ")
            whole = {f"{'*' if e.action == 'C4' else ''}{review._words(decision, e.action)} {points_text(e)}"
                     for e in ranking.estimates}
            assert all(p in whole or p == "..." for p in pieces), line
            assert pieces[-1] == "*C4 -0.7, 26%", "yours, marked, always"
            values_shown = [p for p in pieces if p != "..."]
            assert ("..." in pieces) == (len(values_shown) < len(ranking.estimates)), line
            cut += "..." in pieces
    assert cut, "some lines had to leave values out"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_review_leaves_out_the_choices_f2_made_for_the_player(make_app, game: str) -> None:
    """Found by the testers: moves the computer played in the player's seat (F2 on for part of
    the deal) were listed and charged as "your decisions"."""
    app = make_app("--game", game, "--seed", "1")
    app.settings.values["play"]["delay"] = 0.0
    table = app.top_scene()
    app.press("F2")
    while not table.computer_steps:  # the computer has played one of the player's decisions
        app.tick(0.05)
    app.press("F2")
    play_to_summary(app, table, game)
    app.press("R")
    review = app.top_scene()
    assert isinstance(review, ReviewScene)
    while not review.ready:
        app.tick(0.02)
    assert review.by_computer >= 1
    assert not {d.step for d in review.decisions} & table.computer_steps
    assert len(review.decisions) + review.by_computer + review.by_table == len(review.replay.decisions)
    app.tick(0.02)
    assert "by F2" in app.screen_text()


def test_what_the_table_took_for_the_player_is_left_out_of_the_review(make_app) -> None:
    """Noticed by a tester: with F3 on, Klaberjass declares every run for the player, and the
    review listed that as his decision, to be charged for. It is left out, and said so."""
    app = make_app("--game", "klaberjass", "--seed", "1")
    app.settings.values["play"]["delay"] = 0.0
    table = app.top_scene()
    assert table.sorted_hand  # F3 on: the runs are declared for the player
    play_to_summary(app, table, "klaberjass")
    assert table.auto_steps, "a declaration was taken for the player in this deal"
    review = open_review(app)
    assert review.by_table >= 1 and not {d.step for d in review.decisions} & table.auto_steps
    plural = "s" if review.by_table > 1 else ""
    assert f"{review.by_table} declaration{plural} by F3" in app.screen_text()


def test_the_review_label_replaces_the_whole_score_on_the_title_row(make_app) -> None:
    """Found by a tester: "REVIEW 1 of 3" left the "Y" of a long Luk Fu score beside it."""
    app, table, review = reviewed(make_app, "lukfu", "1")
    long_right = "YOU -13   EAST -13   WEST +26"
    table.title = lambda: ("LUK FU", "DEAL 5 OF 8", long_right)  # type: ignore[method-assign]
    app.press("ENTER")
    app.tick(0.01)
    row = app.screen_text().splitlines()[0]
    label = f" DECISION 1 of {len(review.decisions)} "
    assert row.endswith(label) and row[: -len(label)].rstrip().endswith("DEAL 5 OF 8"), row
    # The scores of that moment, longer than today's, give way too (found by a tester: a "Y").
    table.title = lambda: ("LUK FU", "DEAL 5 OF 8",  # type: ignore[method-assign]
                           long_right if table._shown_mode is not None else "YOU 0  EAST 0  WEST 0")
    app.tick(0.01)
    row = app.screen_text().splitlines()[0]
    assert row.endswith(label) and row[: -len(label)].rstrip().endswith("DEAL 5 OF 8"), row


def test_a_choice_whose_value_is_written_as_hards_costs_nothing(make_app) -> None:
    """Found by a tester: "Cost 0.2 points" over "Values: J♠ +113; 3♥ +113; 7♥ +113; *8♥ +113"
    (values from 10 up are written whole); the cost is that of the values as written."""
    app = make_app("--game", "jubmoo", "--seed", "3")
    table = app.top_scene()
    review = ReviewScene(app, table, 0)
    observation = table.match.observation(0)
    review.decisions = [Decision(0, observation, "8H", 0), Decision(1, observation, "3H", 0)]
    review.rankings[0] = Ranking.of([Estimate("JS", 113.3, 250), Estimate("8H", 113.1, 250)], "JS", SAMPLED)
    review.rankings[1] = Ranking.of([Estimate("JS", 116.4, 250), Estimate("3H", 113.6, 250)], "JS", SAMPLED)
    shown, cheaper = review.decisions
    assert review.cost(shown) == 0.0 and review.as_good(shown)
    assert review.cost(cheaper) == 2.0  # +116 against +114, as written
    assert review.progress() == "Done: 1 of your 2 choices as good as Hard's; the rest cost 2.0 points."


def test_costs_that_count_the_match_are_marked_and_kept_out_of_the_points(make_app) -> None:
    """Found by a tester: a Klaberjass review that may decide the match added a card's 174
    (winning the match counting 1,000) to a bid's 38.8 points: "the rest cost 326.8 points"."""
    from dataclasses import replace

    from game.ai.klaberjass import MATCH_NOTE

    app = make_app("--game", "klaberjass", "--seed", "3")
    table = app.top_scene()
    review = ReviewScene(app, table, 0)
    observation = table.match.observation(0)
    review.decisions = [Decision(0, observation, "take", 0), Decision(1, observation, "QS", 0)]
    review.rankings[0] = Ranking.of([Estimate("pass", 30.0, 40), Estimate("take", -8.8, 40)], "pass", SAMPLED)
    card = Ranking.of([Estimate("JC", 130.0, 40), Estimate("QS", -44.0, 40)], "JC", SAMPLED, MATCH_NOTE)
    review.rankings[1] = replace(card, note_first=True, bonus=MATCH_NOTE)
    assert review.progress() == "Done: 0 of 2 choices as good as Hard's; the rest cost 38.8 points, † apart."
    app.stack.push(review)
    app.tick(0.01)
    text = app.screen_text()
    assert "174†" in text and "† where winning the match counts 1,000: 174 more, not in the total" in text
    review.rankings[1] = replace(review.rankings[1], estimates=(Estimate("JC", 1130.0, 40), Estimate("QS", -91.0, 40)))
    app.tick(0.01)
    text = app.screen_text()  # it was cut (a tester); written as 1,000 is, in the list too (a reviewer)
    assert "† where winning the match counts 1,000: 1,221 more, not in the total" in text and "1,221†" in text
    # The table view of that choice: not "points" (a tester read "Cost 258 points" under "258†"),
    # and no † on a choice that cost nothing (a reviewer's "Cost 0.0†").
    app.press("ENTER")
    assert review.showing is not None and review.bonus(review.showing)
    text = app.screen_text()  # short of room, the mark alone, the values line saying what it counts
    assert "Cost 1,221†." in text and "[winning the match counts 1,000]" in text
    app.press("ESC")
    # A choice that counts the match and cost nothing: no mark, in the list or the table view.
    review.rankings[1] = replace(review.rankings[1], estimates=(Estimate("JC", 130.0, 40), Estimate("QS", 129.96, 40)))
    app.tick(0.01)
    assert review.cost(review.decisions[1]) == 0.0 and "0.0†" not in app.screen_text()
    review.cursor = review.ordered().index(review.decisions[1])
    app.press("ENTER")
    assert review.showing is review.decisions[1] and "as good as Hard's" in app.screen_text()
    assert "†" not in app.screen_text().splitlines()[MESSAGE_ROW]
    app.press("ESC")
    review.rankings[1] = replace(review.rankings[1], estimates=(Estimate("JC", 1130.0, 40), Estimate("QS", -91.0, 40)))
    del review.rankings[0], review.decisions[0]
    assert review.progress() == "Done: your one choice is not as good as Hard's; it is marked †."


def test_one_choices_total_keeps_its_subject(make_app) -> None:
    """Found by a tester: "Done: not as good as Hard's; it cost 2.9 points, 14% of the match."."""
    app = make_app("--game", "lukfu", "--seed", "3")
    table = app.top_scene()
    review = ReviewScene(app, table, 0)
    review.decisions = [Decision(0, table.match.observation(0), "pass", 0)]
    review.rankings[0] = Ranking.of([Estimate("call", 1.0, 30, 0.40), Estimate("pass", -1.9, 30, 0.26)], "call",
                                    SAMPLED)
    # and its chance, where a shorter wording has room for both (it had been dropped: a tester)
    assert review.progress() == "Done: your one choice cost 2.9 points, 14% of the match."
    # A chance alone, said as the table view says it (a reviewer: "cost no points, 14%" read as fine)
    review.rankings[0] = Ranking.of([Estimate("call", 1.0, 30, 0.40), Estimate("pass", 1.0, 30, 0.26)], "call",
                                    SAMPLED)
    assert review.progress() == "Done: your one choice cost 14% of the match, no points."


def test_a_choice_that_lowers_the_chance_of_winning_is_not_as_good_as_hards(make_app) -> None:
    """Found by a tester: a Luk Fu row read "0.0  -1%" (no points lost, a point of the match's
    chance lost), yet the footer said all choices were as good as Hard's, and it was not listed
    first or in red."""
    app = make_app("--game", "lukfu", "--seed", "3")
    table = app.top_scene()
    review = ReviewScene(app, table, 0)
    observation = table.match.observation(0)
    review.decisions = [Decision(0, observation, "pass", 0), Decision(1, observation, "call", 0)]
    review.rankings[0] = Ranking.of([Estimate("call", -0.1, 30, 0.26), Estimate("pass", -0.1, 30, 0.25)], "call",
                                    SAMPLED)
    review.rankings[1] = Ranking.of([Estimate("call", 0.5, 30, 0.30), Estimate("pass", 0.4, 30, 0.30)], "call",
                                    SAMPLED)
    later, chosen = review.decisions[1], review.decisions[0]
    assert review.cost(chosen) == 0.0 and not review.as_good(chosen) and review.as_good(later)
    assert review.ordered()[0] is chosen, "the choice that lost some chance comes first"
    # "no points", not "0.0 points" beside "not as good" (a reviewer)
    assert review.progress() == "Done: 1 of 2 choices as good as Hard's; no points lost, 1% of the match."
    review.rankings[1] = Ranking.of([Estimate("call", 0.5, 30, 0.30), Estimate("pass", 0.5, 30, 0.28)], "call",
                                    SAMPLED)
    review.decisions[1] = Decision(1, observation, "pass", 0)  # two chances lost, no points
    assert review.progress() == "Done: 0 of 2 choices as good as Hard's; the rest lost chances of winning."
    review.decisions[1] = Decision(1, observation, "call", 0)  # back to the pair above, for what follows
    review.rankings[1] = Ranking.of([Estimate("call", 0.5, 30, 0.30), Estimate("pass", 0.4, 30, 0.30)], "call",
                                    SAMPLED)
    # A loss, written as the Cost column beside it is and as the legend reads ("how much less
    # likely"): a later tester read "-2%" as a gain.
    assert review._list_line(chosen, chance=True).split()[:2] == ["0.0", "1%"]
    review.rankings[0] = Ranking.of([Estimate("call", -0.1, 30, 0.254), Estimate("pass", -0.1, 30, 0.251)], "call",
                                    SAMPLED)
    assert review.as_good(chosen), "a chance lost that shows as 0% is none"
    assert review.progress() == "Done: both of your choices are as good as Hard's.", "not all 2"


def test_a_choice_with_a_higher_chance_of_winning_than_hards_costs_no_points(make_app) -> None:
    """Found by a tester: an Envido 9 at 60% beside Hard's órdago at 58% (Hard bets only 2 or
    5) was charged 0.9 points and listed as the costliest choice of the deal."""
    app = make_app("--game", "mus", "--seed", "3")
    table = app.top_scene()
    review = ReviewScene(app, table, 0)
    observation = table.match.observation(0)
    review.decisions = [Decision(0, observation, "envido 9", 0), Decision(1, observation, "paso", 0)]
    review.rankings[0] = Ranking.of([Estimate("ordago", 6.0, 40, 0.58), Estimate("envido 9", 5.1, 40, 0.60)],
                                    "ordago", SAMPLED)
    review.rankings[1] = Ranking.of([Estimate("envido 2", 1.0, 40, 0.50), Estimate("paso", 0.2, 40, 0.50)],
                                    "envido 2", SAMPLED)
    higher, same = review.decisions
    assert review.cost(higher) == 0.0 and review.as_good(higher)
    assert review.cost(same) == 0.8 and not review.as_good(same)  # the same chance: the points decide
    assert review.ordered()[0] is same


def test_a_cost_is_written_as_the_values_it_comes_from() -> None:
    """Found by a tester: the review's "123.0" beside the hint's "+163" and "+40"."""
    assert [cost_text(x) for x in (123.0, 10.0, 9.6, 3.0, 0.0, 16.8)] == ["123", "10", "9.6", "3.0", "0.0", "16.8"]
    assert cost_text(sum([2.7, 7.3, 7.1, 1.6, 7.3])) == "26" and cost_text(sum([0.1] * 100)) == "10"  # sums of tenths


def test_a_value_too_small_to_show_reads_zero_never_minus_or_plus_zero() -> None:
    """Found by testers: Luk Fu's hint read "pass -0, 25%" for a value of -0.04, and
    Klaberjass's "throw the deal in (+0)" read as a gain."""
    assert points_text(Estimate("pass", -0.04, 30, 0.25)) == "0, 25%"
    assert points_text(Estimate("pass", -0.04), unit=True) == "0 points"
    assert points_text(Estimate("throw-in", 0.0)) == "0"
    assert points_text(Estimate("pass", -0.06)) == "-0.1"


def test_a_near_tie_played_the_other_way_says_why(make_app, home) -> None:
    """Found by a tester: Mus's hint backed Quiero (35%) and left out No quiero (36%) with no
    reason, and the review showed the better number unexplained; Hard mixes near ties at
    random, and now says so."""
    (home / "settings.toml").write_text("[mus]\nopen_hands = true\n", encoding="utf-8")
    app = make_app("--game", "mus", "--seed", "5")
    table = app.top_scene()
    observation = table.match.observation(0)
    ranking = Ranking.of([Estimate("quiero", -2.0, 40, 0.35), Estimate("no-quiero", -1.6, 40, 0.36),
                          Estimate("raise 2", -3.8, 40, 0.31)], "quiero", SAMPLED,
                         "own cards only; 40 imagined deals; near ties mixed at random")
    hint = table.hint_text(ranking)
    # With open hands what the numbers rest on comes first: where the reason does not fit
    # beside it, the better number it explains is left out (a later tester read a hint without
    # "own cards only" while he could see every hand).
    assert hint == "Hint: Quiero (-2, 35%); Raise 2 -3.8, 31%; ... [own cards only]", hint
    review = ReviewScene(app, table, 0)
    line = review._values_line(Decision(0, observation, "no-quiero", 0), ranking)
    assert "*No quiero -1.6, 36%" in line and line.endswith("]") and len(line) <= 76, line
    assert "own cards only" in line or "near ties mixed at random" in line


def test_the_same_chance_with_more_points_says_the_chance_decides(make_app) -> None:
    """Found in review: Mus's hint backed Envido 5 (+2.2 points, 70%) beside Envido 6 (+2.5,
    70%) with no word of why. Hard decides by the chance, which is a hair higher."""
    app = make_app("--game", "mus", "--seed", "5")
    table = app.top_scene()
    ranking = Ranking.of([Estimate("envido 5", 2.24, 500, 0.6967), Estimate("envido 6", 2.47, 500, 0.6962),
                          Estimate("paso", -1.0, 500, 0.61)], "envido 5", SAMPLED, "500 imagined deals")
    hint = table.hint_text(ranking)
    # The reason is given; the better-looking number beside it only where both fit the row.
    assert len(hint) <= 76 and hint.endswith(f"[{CHANCE_DECIDES}]"), hint
    short = replace(ranking, estimates=(ranking.estimates[0], replace(ranking.estimates[1], action="paso")))
    assert table.hint_text(short) == f"Hint: Envido 5 (+2.2, 70%); Paso +2.5, 70% [{CHANCE_DECIDES}]"
    review = ReviewScene(app, table, 0)
    line = review._values_line(Decision(0, table.match.observation(0), "envido 6", 0), ranking)
    assert CHANCE_DECIDES in line and len(line) <= 76, line
    # Without the reason the number would read as a mistake; a written tie on both is no reason.
    tie = Ranking.of([Estimate("envido 5", 2.24, 500, 0.6967), Estimate("envido 6", 2.24, 500, 0.6962)],
                     "envido 5", SAMPLED, "500 imagined deals")
    assert CHANCE_DECIDES not in table.hint_text(tie)
    # When the other choice's chance is higher before rounding, the noise is the reason, not the chance.
    noisy = Ranking.of([Estimate("envido 5", 2.24, 500, 0.6962), Estimate("envido 6", 2.47, 500, 0.6967)],
                       "envido 5", SAMPLED, "500 imagined deals; near ties mixed at random")
    assert table.hint_text(noisy).endswith("[near ties mixed at random]")


def test_chance_decides_explains_only_a_number_at_the_same_chance(make_app) -> None:
    """Found by a tester: "pass (Paso) (+0.1, 23%); Envido 10 +1, 26%; ... [chance decides]":
    the number shown has a higher chance, so its reason is the note's, not the chance."""
    app = make_app("--game", "mus", "--seed", "5")
    table = app.top_scene()
    ranking = Ranking.of([Estimate("paso", 0.1, 500, 0.231), Estimate("envido 10", 1.0, 500, 0.26),
                          Estimate("envido 2", 0.5, 500, 0.229)], "paso", SAMPLED,
                         "500 imagined deals; it bets only 2 or 5")
    hint = table.hint_text(ranking)
    assert "Envido 10 +1, 26%" in hint and hint.endswith("[it bets only 2 or 5]"), hint
    line = values_line(app, table, ranking, "paso")
    assert "Envido 10 +1, 26%" in line and line.endswith("[it bets only 2 or 5]"), line
    # Your own choice at the same chance with more points is what CHANCE_DECIDES explains.
    line = values_line(app, table, ranking, "envido 2")
    assert "*Envido 2 +0.5, 23%" in line and line.endswith(f"[{CHANCE_DECIDES}]"), line


def values_line(app, table, ranking: Ranking, chosen: str) -> str:
    """The review's values line for the player's first decision, had he chosen ``chosen``."""
    review = ReviewScene(app, table, 0)
    return review._values_line(Decision(0, table.match.observation(0), chosen, 0), ranking)


def test_each_reason_stands_beside_the_number_it_explains(make_app) -> None:
    """Found by a tester: "Hint: pass (Paso) (+0.1, 51%); Envido 2 +0.2, 51%; ... [it bets only
    2 or 5]": Envido 2 was a near tie, and the reason shown was the one for an amount Hard never
    bets (Envido 10), the row having no room for both."""
    import dataclasses

    app = make_app("--game", "mus", "--seed", "5")
    table = app.top_scene()
    ranking = dataclasses.replace(
        Ranking.of([Estimate("paso", 0.0, 500, 0.512), Estimate("envido 2", 0.2, 500, 0.514),
                    Estimate("envido 10", -0.4, 500, 0.513)], "paso", SAMPLED,
                   "500 imagined deals, weighed by the calls so far; near ties mixed at random; it bets only 2 or 5"),
        reasons=(("envido 2", "near ties mixed at random"), ("envido 10", "it bets only 2 or 5")))
    hint = table.hint_text(ranking)
    assert "Envido 2 +0.2, 51%" in hint and hint.endswith("[near ties mixed at random]"), hint
    line = values_line(app, table, ranking, "paso")
    assert "Envido 2 +0.2, 51%" in line and line.endswith("[near ties mixed at random]"), line
    assert "bets only" not in values_line(app, table, ranking, "envido 10")  # not beside Envido 2


def test_a_reason_comes_with_the_number_it_explains_or_not_at_all(make_app) -> None:
    """Found by a tester: Mus's hint read "Quiero (-1.8 points, 46% to win) [near ties mixed
    at random]" and left out the No quiero at 47% that the reason was about."""
    app = make_app("--game", "mus", "--seed", "11")
    table = app.top_scene()
    note = "500 imagined deals, weighed by the calls so far; near ties mixed at random"
    ranking = Ranking.of([Estimate("quiero", -1.8, 500, 0.46), Estimate("no-quiero", -1.4, 500, 0.47)],
                         "quiero", SAMPLED, note)
    hint = table.hint_text(ranking)
    assert hint == "Hint: Quiero (-1.8, 46%); No quiero -1.4, 47% [near ties mixed at random]", hint
    # A reason too long for the row beside the number: neither, and the basis alone.
    long = replace(ranking, note="500 imagined deals; " + "x" * 50)
    hint = table.hint_text(long)
    assert "47%" not in hint and "xxx" not in hint and len(hint) <= 76, hint


def test_the_reason_keeps_its_number_beside_the_mark_of_choices_left_out(make_app) -> None:
    """Found by a tester: "Hint: Envido 2 (+0.3, 49%); ... [near ties mixed at random]" left
    out the Órdago at 50% the reason was about (the room kept for the two forgot the "; ...");
    and the review showed his own better-looking Envido 7 with no reason, keeping the room
    for another better value instead."""
    app = make_app("--game", "mus", "--seed", "1")
    table = app.top_scene()
    note = "500 imagined deals, weighed by the calls so far; near ties mixed at random"
    ranking = Ranking.of([Estimate("envido 2", 0.3, 500, 0.49), Estimate("ordago", 0.9, 500, 0.50),
                          Estimate("paso", -0.2, 500, 0.47), Estimate("envido 5", -0.5, 500, 0.46),
                          Estimate("envido 7", -0.9, 500, 0.45)], "envido 2", SAMPLED, note)
    hint = table.hint_text(ranking)
    assert "; Órdago +0.9, 50%" in hint and hint.endswith(" [near ties mixed at random]") and len(hint) <= 76, hint
    review = ReviewScene(app, table, 0)
    bets = Ranking.of([Estimate("envido 5", 7.0, 500, 0.22), Estimate("envido 10", 9.8, 500, 0.28),
                       Estimate("envido 9", 9.3, 500, 0.27), Estimate("envido 7", 8.3, 500, 0.24),
                       Estimate("envido 4", 6.3, 500, 0.21)], "envido 5", SAMPLED,
                      "500 imagined deals, weighed by the calls so far; it bets only 2 or 5")
    line = review._values_line(Decision(0, table.match.observation(0), "envido 7", 0), bets)
    assert "*Envido 7 +8.3, 24%" in line and line.endswith(" [it bets only 2 or 5]") and len(line) <= 76, line


def test_the_review_verdict_keeps_a_verb_and_counts_one_choice_in_words(make_app) -> None:
    """Found by a tester: "Trick 2: you M8; Hard: T5." and "Done: all 1 of your choices"."""
    app = make_app("--game", "lukfu", "--seed", "3")
    table = app.top_scene()
    assert table.choice_words("M8", table.obs, short=True) == "chose M8"
    review = ReviewScene(app, table, 0)
    review.replay.done_steps = len(review.replay.steps)
    decision = Decision(0, table.match.observation(0), "pass", 0)
    review.decisions = [decision]
    review.rankings[0] = Ranking.of([Estimate("pass", 1.0, 30, 0.5), Estimate("call", 0.5, 30, 0.4)], "pass", SAMPLED)
    assert review.progress() == "Done: your one choice is as good as Hard's."


def test_a_choice_too_long_for_its_column_is_marked_cut(make_app) -> None:
    """Found by a tester: the list's You column cut "dos reyes + treinta y una" to "dos reyes +
    treinta", the name of another seña; a cut now ends in "…"."""
    app = make_app("--game", "mus", "--seed", "1")
    table = app.top_scene()
    review = ReviewScene(app, table, 0)
    review._column_widths = lambda: (DECISION_MAX, YOU_MAX)  # as wide as the columns grow
    row = review._row("0.5", "-1%", "señas", "dos reyes + treinta y una", "none (+7, 63%)")
    assert "dos reyes + treinta…" in row, row
    assert "treinta y una" not in row and len(row) <= 76


def test_a_long_hint_shortens_its_words_to_mark_the_choices_left_out(make_app) -> None:
    """Found by a tester: "Hint: lead a set of 3 eights (C8 S8 T8) (+5.3 points, 52% to win the
    match)" named no other play and no "; ...", and read as the only play."""
    app = make_app("--game", "lukfu", "--seed", "3")
    table = app.top_scene()
    ranking = Ranking.of([Estimate("C8 S8 T8", 5.3, 30, 0.52), Estimate("T4", 1.0, 30, 0.4),
                          Estimate("T5", 0.5, 30, 0.38)], "C8 S8 T8", SAMPLED, "30 imagined deals")
    hint = table.hint_text(ranking)
    assert hint.startswith("Hint: lead a set of three eights") and hint.endswith("; ...") and len(hint) <= 76, hint


def test_a_chance_is_never_written_certain_unless_it_is() -> None:
    """Found by a tester: "100% to win the match" while a loss was still possible."""
    exact = [Estimate("x", 0.0, 0, c) for c in (0.0, 0.001, 0.004, 0.5, 0.996, 0.9999, 1.0)]
    assert [percent(e) for e in exact] == [0, 1, 1, 50, 99, 99, 100]
    assert points_text(Estimate("pass", -0.6, 30, 0.997)) == "-0.6, 99%"
    # Every imagined deal won (or lost) is not certainty (a tester lost such a "100%" match).
    assert [percent(Estimate("x", 0.0, 30, c)) for c in (0.0, 1.0)] == [1, 99]


def test_mus_names_the_reason_when_noise_picks_a_near_tie() -> None:
    """A better chance than Hard's choice comes with its reason: the noise mixing near ties
    among the actions Hard weighs, or an amount it never bets (a tester saw Envido 10 at 28%
    beside Hard's Envido 5 at 22% called a near tie)."""
    from game.ai import rank_actions
    from game.ai.mus import BUDGETS
    from game.rules import get_rules

    rules, sizes, seen = get_rules("mus"), BUDGETS["hard"].sizes, set()
    for seed in range(60):
        state = rules.new_match(seed, {})
        rng = random.Random(seed)
        while rules.current_player(state) is not None and len(seen) < 2:
            obs = rules.observation(state, rules.current_player(state))
            if obs.phase == "bet" and len(obs.legal_actions) > 1:
                ranking = rank_actions(rules, obs, "hard", random.Random(seed))
                for e in ranking.estimates[1:]:
                    if (e.win_chance or 0.0) > (ranking.best.win_chance or 0.0) + 1e-9:
                        unweighed = e.action.split()[0] in ("envido", "raise") and int(e.action.split()[1]) not in sizes
                        reason = "it bets only 2 or 5" if unweighed else "near ties mixed at random"
                        assert reason in ranking.note.split("; "), (e, ranking)
                        seen.add(reason)
            state = rules.apply(state, rng.choice(obs.legal_actions))
    assert seen, "no better chance than Hard's choice in these deals"


def mus_review_of_pasos(make_app, count: int) -> tuple[Any, ReviewScene]:
    """A Mus review of ``count`` Pasos, each where Hard bets Envido 2 (1.4 points and 4% better)."""
    app = make_app("--game", "mus", "--seed", "5")
    table = app.top_scene()
    review = ReviewScene(app, table, 0)
    observation = table.match.observation(0)
    review.decisions = [Decision(i, observation, "paso", 0) for i in range(count)]
    for i in range(count):
        review.rankings[i] = Ranking.of([Estimate("envido 2", 1.5, 40, 0.52), Estimate("paso", 0.1, 40, 0.48)],
                                        "envido 2", SAMPLED)
    return app, review


def test_the_reviews_total_is_written_whole_on_its_row(make_app) -> None:
    """Found by a tester: "...the rest cost 16.5 points, 43% of" (the row ended there)."""
    _app, review = mus_review_of_pasos(make_app, 12)
    text = review.progress()
    # Chances lost at different moments are not added (a later tester's summed to 126%): the list's
    # column gives each
    assert len(text) <= 76 and text.endswith(".") and "16.8 points" in text and "%" not in text, text


def test_a_long_lists_counter_leaves_the_legend_whole(make_app) -> None:
    """Found in review: with more decisions than rows, "1-14 of 16" was written over the end of
    the legend's row; it stands on the rule above the list."""
    app, review = mus_review_of_pasos(make_app, 16)
    app.stack.push(review)
    app.tick(0.01)
    lines = app.screen_text().splitlines()
    assert "1-14 of 16" in lines[4] and lines[19].strip().endswith("by Hard."), (lines[4], lines[19])


def test_one_point_is_written_in_the_singular() -> None:
    """Found by a tester: "(-1 points)"."""
    assert points_text(Estimate("C8", -1.0), unit=True) == "-1 point"
    assert points_text(Estimate("C8", 1.04), unit=True) == "+1 point"
    assert points_text(Estimate("C8", 1.2), unit=True) == "+1.2 points"


def test_a_hinted_deal_thrown_in_is_not_counted_as_hinted(make_app) -> None:
    """Found by a tester: a Klaberjass deal thrown in after a schmeiss (no contract played) was
    added to "Deals with hints", though deals thrown in are not counted."""
    app = make_app("--game", "klaberjass", "--seed", "2")
    app.settings.values["play"]["delay"] = 0.0
    table = app.top_scene()
    counters = app.stats.games["klaberjass"]
    wait_for_your_turn(app, table, ticks=200)
    hint_now(app, table)
    assert table.deal_hinted
    app.press("X")  # schmeiss: on this seed the computer throws the deal in
    for _ in range(400):
        if table.obs.deal_number > 1:
            break
        app.tick(0.05)
    assert table.obs.last_deal is not None and table.obs.last_deal.outcome == "thrown-in"
    assert counters["deals_hinted"] == 0 and counters["deals_played"] == 0


def test_a_sampled_99_beside_a_certain_100_is_a_chance_lost(make_app) -> None:
    """Found by a tester: Luk Fu's review said 0% lost, "as good as Hard's", for a card written
    99% (every imagined deal won, which is not every deal) beside the claim's certain 100%."""
    from game.app.review import Decision
    from game.scenes.review import ReviewScene

    app = make_app("--game", "lukfu", "--seed", "3")
    table = app.top_scene()
    review = ReviewScene(app, table, table.viewer)
    decision = Decision(0, table.obs, "T6", 0)
    review.decisions = [decision]
    review.rankings[0] = Ranking.of([Estimate("claim", 4.0, 0, 1.0), Estimate("T6", 5.1, 30, 1.0)], "claim", SAMPLED)
    assert review.chance_lost(decision) == 0.01 and not review.as_good(decision)


def test_red_rows_of_the_review_are_explained_and_red_under_the_highlight_too(make_app) -> None:
    """Found by a newcomer: rows not as good as Hard's were red with nothing to say why, and
    the highlighted one (grey) not, so only the second row looked wrong."""
    from game.scenes.review import RED_LEGEND

    app, _table, review = reviewed(make_app, "mus", "8")
    worse = [d for d in review.ordered() if d.step in review.rankings and not review.as_good(d)]
    assert worse, "a deal with a choice not as good as Hard's"
    lines = app.screen_text().splitlines()
    assert RED_LEGEND in lines[4]
    from game.scenes.review import LIST_TOP
    from game.screen import palette

    review.cursor = review.scroll = review.ordered().index(worse[0])
    app.tick(0.02)
    assert RED_LEGEND in app.screen_text().splitlines()[4]
    highlighted = app.canvas.cell(3, LIST_TOP)
    assert highlighted.bg == palette.GREY and highlighted.fg == palette.RED


def test_on_a_mono_monitor_the_reviews_worse_rows_are_marked_not_coloured(make_app) -> None:
    """Found in review: mono draws red and white alike, so "red: ..." above the list meant
    nothing there; the rows are marked ! and the rule says so."""
    from game.scenes.review import LIST_TOP, MONO_LEGEND

    app = make_app("M", "--game", "mus", "--seed", "8")
    app.settings.values["play"]["delay"] = 0.0
    table = app.top_scene()
    play_to_summary(app, table, "mus")
    review = open_review(app, analysed=True)
    app.tick(0.02)
    lines = app.screen_text().splitlines()
    assert MONO_LEGEND in lines[4]
    marked = [line[2] == "!" for line in lines[LIST_TOP:LIST_TOP + len(review.ordered())]]
    assert marked == [d.step in review.rankings and not review.as_good(d) for d in review.ordered()[:len(marked)]]


@pytest.mark.parametrize(("game", "move"), [("lukfu", "claim"), ("mus", "ordago")])
def test_a_hinted_choice_is_still_readied_after_a_resume(make_app, home, game, move) -> None:
    """Found by a learner following F4 and Enter: left and resumed between them, a hinted Luk
    Fu claim became a lead of the highlighted card, a hinted Mus órdago's question opened on
    No. What the hint readied is saved with the rest of the prompt."""
    (home / "settings.toml").write_text("[play]\ndelay = 0.0\n[mus]\nsenas = false\n", encoding="utf-8")
    for seed in range(1, 40):
        for saves in home.glob("saves/*"):
            saves.unlink()
        app = make_app("--game", game, "--seed", str(seed))
        table = app.top_scene()
        play(app, table, game, at_turn=lambda t=table: move in t.obs.legal_actions or t.obs.deal_number > 1)
        if move in table.obs.legal_actions and table.obs.deal_number == 1:
            break
        app.quit()
    else:
        raise AssertionError(f"no {move} open to the player")
    others = [a for a in table.obs.legal_actions if a != move]
    hard = Ranking.of([Estimate(move, 9.0, 30, 0.9), *(Estimate(a, 1.0, 30, 0.5) for a in others)], move, SAMPLED)
    app.ai.poll = lambda ticket: (hard, None)
    assert hint_now(app, table).startswith("Hint: ")
    steps = len(table.match.steps)
    app.quit()
    again = make_app("*", "--game", game)
    again.press("Y")
    resumed = again.top_scene()
    while resumed.guarded:
        again.tick(0.05)
    again.press("ENTER")
    if game == "mus":
        again.press("ENTER")  # Enter on the question's Yes, where the hint named the órdago
    assert resumed.match.steps[steps] == move, resumed.match.steps[steps:]


def test_the_cards_an_only_choice_hint_raised_are_saved(make_app, home) -> None:
    """Found by a learner: "it is your only choice" raised a Luk Fu run without saving it, so a
    resume lowered it and Enter was refused."""
    (home / "settings.toml").write_text("[play]\ndelay = 0.0\n", encoding="utf-8")
    app = make_app("--game", "lukfu", "--seed", "202")
    table = app.top_scene()
    play(app, table, "lukfu", at_turn=lambda: len(table.obs.legal_actions) == 1
         and len(table.obs.legal_actions[0].split()) > 1, rounds=40000)
    only = table.obs.legal_actions[0]
    assert len(only.split()) > 1
    hint_now(app, table)
    assert set(table.hand.picked) == set(only.split())
    app.quit()
    again = make_app("*", "--game", "lukfu")
    again.press("Y")
    assert set(again.top_scene().hand.picked) == set(only.split())


def test_a_hinted_choice_turned_away_from_is_not_readied_again_by_a_resume(make_app, home) -> None:
    """Found in review: Backspace after a hinted Luk Fu claim turned Enter back to the cards, but
    it saved nothing, so a resume readied the claim again."""
    (home / "settings.toml").write_text("[play]\ndelay = 0.0\n", encoding="utf-8")
    for seed in range(1, 40):
        for saves in home.glob("saves/*"):
            saves.unlink()
        app = make_app("--game", "lukfu", "--seed", str(seed))
        table = app.top_scene()
        play(app, table, "lukfu", at_turn=lambda t=table: "claim" in t.obs.legal_actions or t.obs.deal_number > 1)
        if "claim" in table.obs.legal_actions and table.obs.deal_number == 1:
            break
        app.quit()
    others = [a for a in table.obs.legal_actions if a != "claim"]
    hard = Ranking.of([Estimate("claim", 9.0, 30, 0.9), *(Estimate(a, 1.0, 30, 0.5) for a in others)], "claim", SAMPLED)
    app.ai.poll = lambda ticket: (hard, None)
    hint_now(app, table)
    assert table.hinted_choice == "claim"
    app.press("BACKSPACE")
    assert table.hinted_choice is None
    app.quit()
    again = make_app("*", "--game", "lukfu")
    again.press("Y")
    assert again.top_scene().hinted_choice is None


def test_the_highlighted_decision_stays_highlighted_as_the_list_sorts(make_app) -> None:
    """Found by a tester: the list sorts itself costliest first as the analyses come in, and
    the highlight stayed on its row, so Enter opened another decision than the one he chose.
    Until the player moves it, the highlight stays on the top row (the costliest so far)."""
    app = make_app("--game", "jubmoo", "--seed", "8")
    app.settings.values["play"]["delay"] = 0.0
    table = app.top_scene()
    play_to_summary(app, table, "jubmoo")
    review = open_review(app)
    assert review.analysed < 3
    # Not moved, the highlight stays on the top row as the analyses come in.
    for _ in range(400):
        if review.analysed >= 3:
            break
        app.tick(0.02)
        assert review.cursor == 0
    app.press("DOWN", "DOWN", "DOWN")
    chosen, moved = review.ordered()[review.cursor], False
    for _ in range(400):
        if review.analysed == len(review.decisions):
            break
        app.tick(0.02)
        moved = moved or review.ordered().index(chosen) != 3
        assert review.ordered()[review.cursor] is chosen
    assert review.analysed == len(review.decisions) and moved  # the list did sort around it
    app.press("ENTER")
    assert review.showing is chosen


def test_the_review_says_how_many_forced_moves_it_leaves_out(make_app) -> None:
    """Found by a tester: a forced play (one legal move) is no decision, so the list went from
    trick 1 to trick 3 with no word of trick 2. Jub Moo's last card is always forced."""
    app, table, review = reviewed(make_app, "jubmoo", "8")
    assert review.forced >= 1
    app.tick(0.05)
    text = app.screen_text()
    n = review.forced
    assert f"Not counted: {n} forced move{'s' if n > 1 else ''}." in text, text
    assert len(review.decisions) + n == 13  # the player's thirteen cards of the deal, each one way or the other
    # A move the table made for him with no choice (Klaberjass's "no run", declared by F3) is
    # not his forced move (a tester's count had one more than he played).
    table.auto_steps.add(review.replay.forced[0])
    assert review.forced == n - 1
    table.auto_steps.discard(review.replay.forced[0])
    # With all three kinds, two-figure counts still fit the row (they had been cut mid-word).
    review.by_computer, review.by_table, review.replay.forced = 12, 2, list(range(100, 113))
    app.tick(0.05)
    said = "Not counted: 12 choices by F2, 2 declarations by F3, 13 forced moves."
    assert said in app.screen_text() and len(said) <= 76
