"""``rank_actions`` keeps the promises of ``choose_action``, in every game of the registry.

For positions of every phase, drawn from random matches:
- every legal action is ranked exactly once, and nothing else;
- the first action is what ``choose_action`` plays with the same rng state, so the hint is
  Hard's choice and a reviewed decision equal to Hard's costs 0; no cost is negative;
- the same rng state gives the same ranking (and the ranking survives pickling: the AI
  worker sends it across processes);
- it reads only the observation: every world the seat cannot tell apart gets the same ranking.
"""

from __future__ import annotations

import math
import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

from game.ai import RANKING_LEVELS, choose_action, rank_actions
from game.ai.analysis import BASES, FORCED, NO_VALUES
from game.registry import GAME_NAMES
from game.rules import get_rules

# Positions per game and level; hard decides at full strength, so it gets fewer.
POSITIONS = {"normal": 24, "hard": 8}


def positions(game: str, count: int, seed: int) -> Iterator[Any]:
    """Observations of the seat to act with a real choice, spread over the phases of the deal
    (in the first ten matches each phase is taken at most ``count // 3 + 1`` times, so rare
    phases get their turn; after them the cap is lifted, so a game with fewer than three phases,
    such as Jub Moo's play and replay choice, still finds ``count``)."""
    rules = get_rules(game)
    rng = random.Random(seed)
    per_phase: dict[str, int] = {}
    found = 0
    match = 0
    while found < count and match < 40:
        state = rules.new_match(seed * 100 + match, {"replay": match % 5 == 4})
        match += 1
        steps = 0
        while not rules.is_over(state) and found < count and steps < 600:
            seat = rules.current_player(state)
            assert seat is not None
            obs = rules.observation(state, seat)
            phase = str(getattr(obs, "phase", ""))
            cap = count // 3 if match <= 10 else count
            if len(obs.legal_actions) > 1 and per_phase.get(phase, 0) <= cap and rng.random() < 0.35:
                per_phase[phase] = per_phase.get(phase, 0) + 1
                found += 1
                yield obs
            state = rules.apply(state, choose_action(rules, obs, "easy", rng))
            steps += 1


@pytest.mark.parametrize("level", RANKING_LEVELS)
@pytest.mark.parametrize("game", GAME_NAMES)
def test_ranking_covers_the_legal_actions_and_leads_with_the_levels_choice(game: str, level: str) -> None:
    rules = get_rules(game)
    checked = 0
    for i, obs in enumerate(positions(game, POSITIONS[level], seed=11 if level == "hard" else 3)):
        ranking = rank_actions(rules, obs, level, random.Random(i))
        assert sorted(ranking.actions) == sorted(obs.legal_actions), (game, obs.phase)
        assert ranking.basis in BASES
        assert ranking.best.action == choose_action(rules, obs, level, random.Random(i)), (game, obs.phase)
        assert ranking.cost(ranking.best.action) == 0.0
        assert ranking.chance_cost(ranking.best.action) in (None, 0.0)
        for e in ranking.estimates:
            assert ranking.cost(e.action) >= 0.0
            assert (ranking.chance_cost(e.action) or 0.0) >= 0.0
            if ranking.basis in NO_VALUES:
                assert e.points is None
            else:
                assert e.points is not None and math.isfinite(e.points), (game, obs.phase, e)
            assert e.worlds >= 0
            assert e.win_chance is None or 0.0 <= e.win_chance <= 1.0
        assert rank_actions(rules, obs, level, random.Random(i)) == ranking
        assert pickle.loads(pickle.dumps(ranking)) == ranking
        checked += 1
    assert checked == POSITIONS[level]


@pytest.mark.parametrize("game", GAME_NAMES)
def test_ranking_reads_only_the_observation(game: str) -> None:
    rules = get_rules(game)
    for i, obs in enumerate(positions(game, 6, seed=5)):
        expected = rank_actions(rules, obs, "normal", random.Random(i))
        for k in range(2):
            world = rules.determinize(obs, random.Random(1000 + k))
            again = rules.observation(world, obs.seat)
            assert again == obs
            assert rank_actions(rules, again, "normal", random.Random(i)) == expected


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_forced_decision_is_ranked_as_forced(game: str) -> None:
    rules = get_rules(game)
    state = rules.new_match(1)
    for _ in range(400):
        if rules.is_over(state):  # Mus offers no forced decision: match 1 ends first
            break
        seat = rules.current_player(state)
        assert seat is not None
        obs = rules.observation(state, seat)
        if len(obs.legal_actions) == 1:
            ranking = rank_actions(rules, obs, "hard", random.Random(0))
            assert ranking.basis == FORCED and ranking.actions == tuple(obs.legal_actions)
            return
        state = rules.apply(state, choose_action(rules, obs, "easy", random.Random(0)))
    pytest.skip(f"{game}: no forced decision in match 1 (or its first 400 steps)")


def test_easy_keeps_no_values() -> None:
    rules = get_rules(GAME_NAMES[0])
    obs = next(positions(GAME_NAMES[0], 1, seed=1))
    with pytest.raises(ValueError, match="easy"):
        rank_actions(rules, obs, "easy", random.Random(0))
