"""The values behind the Jub Moo hint and deal review: ``game.ai.jubmoo.rank``.

Card play is Jub Moo's one kind of decision; it comes as a lead, a follow and a discard (void
in the led suit), under each ruleset and with open hands. For each: every legal card ranked
once, the first is ``choose``'s card with the same rng, the points are the search's own
averages (the deal's points: own score minus the others' mean), ``worlds`` counts the worlds
behind each number (fewer for a pruned card, 0 with open hands), a card that hands over the
biggest penalty or prize is valued clearly worse, and the ranking reads only the observation.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

import pytest

from game.ai import choose_action, rank_actions
from game.ai.analysis import EXACT, FORCED, PREFERENCE, SAMPLED, Ranking
from game.ai.jubmoo import BUDGETS, choose, rank
from game.ai.jubmoo_search import MATCH_BONUS, Budget, Result, search
from game.rules.jubmoo import RULES, RULESETS, JubMooObservation
from tests.ai.positions import jubmoo_options
from tests.ai.positions import jubmoo_position as position

# A target no single deal reaches, so the search weighs the deal's points alone.
FAR = {"target": -100_000}


def kind(obs: JubMooObservation) -> str:
    """The kind of card play: lead, follow (suit) or discard (void in the led suit)."""
    if not obs.trick:
        return "lead"
    return "follow" if obs.legal_actions[0][1] == obs.trick[0][1][1] else "discard"


def checked(obs: JubMooObservation, level: str, seed: int = 0, budget: Budget | None = None) -> Ranking:
    """``rank`` for ``obs``, with the promises every ranking keeps checked on the way."""
    ranking = rank(RULES, obs, level, random.Random(seed), budget)
    assert sorted(ranking.actions) == sorted(obs.legal_actions)
    assert ranking.best.action == choose(RULES, obs, level, random.Random(seed), budget)
    assert rank(RULES, obs, level, random.Random(seed), budget) == ranking
    for e in ranking.estimates:
        assert e.points is not None and math.isfinite(e.points)
        assert e.win_chance is None
        assert ranking.cost(e.action) >= 0.0
    if obs.all_hands is not None:
        assert ranking.basis == EXACT and "open hands" in ranking.note
        assert all(e.worlds == 0 for e in ranking.estimates)
    else:
        assert ranking.basis == SAMPLED
        drawn = max(e.worlds for e in ranking.estimates)
        assert ranking.note.startswith(f"{drawn} imagined deals")
        assert ranking.best.worlds == drawn  # the chosen card was never pruned
        assert all(1 <= e.worlds <= drawn for e in ranking.estimates)
    return ranking


def points(ranking: Ranking, card: str) -> float:
    value = ranking.estimate(card).points
    assert value is not None
    return value


def assert_argmax(ranking: Ranking) -> None:
    """Where the search weighs points alone, its card has the most points of the cards it
    played out in every world (a card pruned early keeps the average of fewer worlds)."""
    assert "match" not in ranking.note
    full = [e for e in ranking.estimates if e.worlds == ranking.best.worlds]
    assert points(ranking, ranking.best.action) == max(e.points or 0.0 for e in full)


# --------------------------------------------------------------------------------------------
# Hand-built positions of every kind, in every ruleset
# --------------------------------------------------------------------------------------------


# Under all-suits every trick costs, and with these stacked hands the seat wins so little that
# taking a trick now can be worth its price (the -50 of an empty stack): the two tests below
# hold for the rulesets where Q♠ and J♦ are the only big cards.
@pytest.mark.parametrize("ruleset", ["hearts", "gongzhu"])
def test_a_follow_that_wins_the_own_pig_is_valued_clearly_worse(ruleset: str) -> None:
    # seat 0 holds Q♠ and 2♠ on 3♠ 4♠ 5♠: Q♠ would take the trick and its own -100
    obs = position(
        {0: ["QS", "2S"], 1: ["3S"], 2: ["4S"], 3: ["5S"]}, ["3S", "4S", "5S"], 1, {0: "S"}, FAR | {"ruleset": ruleset}
    )
    assert kind(obs) == "follow" and set(obs.legal_actions) == {"QS", "2S"}
    for level in ("normal", "hard"):
        ranking = checked(obs, level)
        assert ranking.best.action == "2S"
        assert points(ranking, "QS") < points(ranking, "2S") - 25
        assert ranking.cost("QS") > 25
        assert_argmax(ranking)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_follow_that_drops_the_pig_under_the_ace_is_valued_best(ruleset: str) -> None:
    obs = position(
        {0: ["QS", "5S", "2S"], 1: ["3S"], 2: ["AS"], 3: ["4S"]},
        ["3S", "AS", "4S"],
        1,
        options=FAR | {"ruleset": ruleset},
    )
    assert kind(obs) == "follow"
    ranking = checked(obs, "hard")
    assert ranking.best.action == "QS"
    assert points(ranking, "QS") > max(points(ranking, c) for c in ("5S", "2S")) + 50
    assert_argmax(ranking)


@pytest.mark.parametrize("ruleset", ["hearts", "gongzhu"])
def test_a_discard_that_hands_over_the_jack_of_diamonds_is_valued_clearly_worse(ruleset: str) -> None:
    spec = {0: ["JD", "AD", "KD", "2S", "3S", "4H"], 1: ["3C"], 2: ["5C"], 3: ["7C"]}
    obs = position(spec, ["3C", "5C", "7C"], 1, {0: "C"}, FAR | {"ruleset": ruleset})
    assert kind(obs) == "discard" and "JD" in obs.legal_actions
    for level in ("normal", "hard"):
        ranking = checked(obs, level)
        assert ranking.best.action != "JD"
        assert points(ranking, "JD") < points(ranking, ranking.best.action) - 25
        assert ranking.cost("JD") > 25
        assert_argmax(ranking)


def test_a_discard_of_the_pig_is_valued_best() -> None:
    obs = position({0: ["QS", "AH", "KH", "5C"], 1: ["3D"], 2: ["5D"], 3: ["7D"]}, ["3D", "5D", "7D"], 1, {0: "D"}, FAR)
    assert kind(obs) == "discard"
    ranking = checked(obs, "hard")
    assert ranking.best.action == "QS"
    assert points(ranking, "QS") > max(points(ranking, c) for c in obs.legal_actions if c != "QS") + 10
    assert_argmax(ranking)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_lead_of_spades_holding_the_pig_is_valued_worse(ruleset: str) -> None:
    obs = position({0: ["QS", "3S", "2S", "2D", "3C", "4C"]}, [], 0, {0: "SH"}, FAR | {"ruleset": ruleset})
    assert kind(obs) == "lead"
    ranking = checked(obs, "hard")
    assert ranking.best.action[1] != "S"
    assert points(ranking, "QS") < points(ranking, ranking.best.action) - 25
    assert_argmax(ranking)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_open_hands_rank_the_true_deal_exactly(ruleset: str) -> None:
    kinds: set[str] = set()
    rng = random.Random(8)
    for seed in range(40):
        state = RULES.new_match(seed, {"open_hands": True, "ruleset": ruleset, **FAR})
        while not RULES.is_over(state):
            seat = RULES.current_player(state)
            assert seat is not None
            obs = RULES.observation(state, seat)
            if len(obs.legal_actions) > 1 and obs.phase != "choice" and kind(obs) not in kinds and rng.random() < 0.1:
                kinds.add(kind(obs))
                for level in ("normal", "hard"):
                    ranking = checked(obs, level, seed)
                    assert_argmax(ranking)
                # the true deal needs no world drawn: nothing else can stand behind the numbers
                assert rank(NoWorlds(), obs, "hard", random.Random(seed)) == ranking
            state = RULES.apply(state, choose(RULES, obs, "easy", rng))
            if len(kinds) == 3:
                return
    pytest.fail(f"only {sorted(kinds)} found")


class NoWorlds:
    """RULES without ``determinize``: a search that needs no world never asks for one."""

    name = RULES.name

    def determinize(self, observation: Any, rng: random.Random) -> Any:
        raise AssertionError("determinize was called")


# --------------------------------------------------------------------------------------------
# The numbers are the search's own
# --------------------------------------------------------------------------------------------


def test_a_pruned_card_is_valued_against_the_choice_over_the_worlds_both_saw() -> None:
    """The search's worlds come from its rng in the same order whether or not cards are pruned,
    so an unpruned search over as many worlds as a pruned card saw gives both cards' averages
    there: the pruned card's value is the choice's full average plus that shortfall."""
    obs = position({0: ["QS", "3S", "2S", "2D", "3C", "4C"]}, [], 0, {0: "SH"}, FAR)
    budget = BUDGETS["hard"]
    full = search(RULES, obs, random.Random(4), budget)
    chosen = next(c for c in full.candidates if c.card == full.best)
    pruned = [c for c in full.candidates if c.worlds < full.worlds]
    assert pruned and all(c.worlds >= budget.prune_after for c in pruned)
    ranking = rank(RULES, obs, "hard", random.Random(4))
    for c in pruned:
        again = search(RULES, obs, random.Random(4), Budget(c.worlds, 10**9, c.worlds, budget.inference, math.inf))
        same = next(x for x in again.candidates if x.card == c.card)
        choice_then = next(x for x in again.candidates if x.card == full.best)
        assert same.worlds == c.worlds
        assert c.points == pytest.approx(chosen.points + same.points - choice_then.points)
        assert c.utility == pytest.approx(chosen.utility + same.utility - choice_then.utility)
        assert c.utility < chosen.utility, "a card the search dropped is valued below its choice"
        assert ranking.estimate(c.card).points == c.points and ranking.estimate(c.card).worlds == c.worlds


def near_the_end(obs: JubMooObservation, totals: tuple[int, ...]) -> JubMooObservation:
    """The same position with other running totals (which no world and no playout reads)."""
    return dataclasses.replace(obs, scores=totals)


def test_when_the_deal_can_end_the_match_the_points_leave_the_match_bonus_out() -> None:
    spec = {0: ["JD", "AD", "KD", "2S", "3S", "4H"], 1: ["3C"], 2: ["5C"], 3: ["7C"]}
    base = position(spec, ["3C", "5C", "7C"], 1, {0: "C"}, {"target": -1000})
    obs = near_the_end(base, (-980, -990, -60, -40))
    result: Result = search(RULES, obs, random.Random(2), BUDGETS["hard"])
    assert result.match_weighed
    assert any(c.utility != c.points for c in result.candidates)
    for c in result.candidates:
        assert abs(c.utility - c.points) <= MATCH_BONUS
    ranking = checked(obs, "hard", seed=2)
    assert "match result" in ranking.note
    for c in result.candidates:
        assert ranking.estimate(c.card).points == c.points  # the margin, never the bonus
    # the choice is the best utility among the cards played out in every world
    full = [c for c in result.candidates if c.worlds == result.worlds]
    assert ranking.best.action == max(full, key=lambda c: c.utility).card
    # far from the target, utility and points are one number
    far = search(RULES, base, random.Random(2), BUDGETS["hard"])
    assert not far.match_weighed and all(c.utility == c.points for c in far.candidates)
    assert "match" not in rank(RULES, base, "hard", random.Random(2)).note


# --------------------------------------------------------------------------------------------
# Positions from random play: every kind, every ruleset, open hands; the no-cheat check
# --------------------------------------------------------------------------------------------


def sweep(per_kind: int, seed: int) -> list[JubMooObservation]:
    """Positions with a real choice, ``per_kind`` of each (ruleset, open hands, kind)."""
    rng = random.Random(seed)
    wanted = {(r, o, k): per_kind for r in RULESETS for o in (False, True) for k in ("lead", "follow", "discard")}
    found: list[JubMooObservation] = []
    for _ in range(400):
        if not any(wanted.values()):
            return found
        options = jubmoo_options(rng)
        state = RULES.new_match(rng.getrandbits(32), options)
        while not RULES.is_over(state):
            seat = RULES.current_player(state)
            assert seat is not None
            obs = RULES.observation(state, seat)
            if len(obs.legal_actions) > 1 and obs.phase != "choice":
                key = (options["ruleset"], obs.all_hands is not None, kind(obs))
                if wanted[key] and rng.random() < 0.1:
                    wanted[key] -= 1
                    found.append(obs)
            state = RULES.apply(state, choose_action(RULES, obs, "easy", rng))
    pytest.fail(f"positions missing: {[k for k, v in wanted.items() if v]}")


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_every_kind_of_play_in_every_ruleset_ranks_as_the_level_plays(level: str) -> None:
    for i, obs in enumerate(sweep(3 if level == "normal" else 1, seed=19)):
        ranking = rank_actions(RULES, obs, level, random.Random(i))
        assert ranking == checked(obs, level, seed=i)
        assert ranking.best.action == choose_action(RULES, obs, level, random.Random(i))
        if "match" not in ranking.note:
            assert_argmax(ranking)


def test_the_ranking_reads_only_the_observation() -> None:
    """Worlds the seat cannot tell apart (the hidden cards dealt again) rank alike."""
    differ = 0
    for i, obs in enumerate(sweep(1, seed=23)):
        if obs.all_hands is not None:
            continue
        expected = rank(RULES, obs, "normal", random.Random(i))
        for k in range(2):
            world = RULES.determinize(obs, random.Random(500 + k))
            again = RULES.observation(world, obs.seat)
            assert again == obs
            differ += world.hands != RULES.determinize(obs, random.Random(600 + k)).hands
            assert rank(RULES, again, "normal", random.Random(i)) == expected
    assert differ >= 10


def test_forced_plays_the_replay_choice_and_easy() -> None:
    obs = position({0: ["AS"], 1: ["2S"]}, ["AS"], 0, avoid={1: "S"})
    assert rank(NoWorlds(), obs, "hard", random.Random(0)) == Ranking.forced("2S")
    state = RULES.new_match(4, {"replay": True})
    while state.phase == 0:
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    choice = RULES.observation(state, 0)
    assert choice.legal_actions == ("continue", "replay")
    ranking = rank(NoWorlds(), choice, "normal", random.Random(0))
    assert ranking.basis == PREFERENCE and ranking.best.action == "continue"
    assert rank(NoWorlds(), obs, "normal", random.Random(0)).basis == FORCED
    with pytest.raises(ValueError, match="easy"):
        rank(RULES, choice, "easy", random.Random(0))
