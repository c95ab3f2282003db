"""Jub Moo hard's inference from the play (``PlayModel``): each world is weighed by how many of the
other seats' plays so far the playout policy would not have made in it.

The model is checked against itself: in a deal where every seat plays the policy, the true
deal keeps weight 1 at every step, and of the legal cards exactly one (the policy's) keeps it.
"""

from __future__ import annotations

import random

import pytest

from game.ai.jubmoo_search import Budget, Context, PlayModel, search
from game.rules.jubmoo import RULES, RULESETS, JubMooObservation, JubMooState

MISMATCH = 0.5


def model_of(obs: JubMooObservation) -> PlayModel:
    return PlayModel(obs, Context(dict(obs.options)), MISMATCH)


def weight_seen_by(state: JubMooState, seat: int) -> float:
    """The true deal's weight in the model ``seat`` builds from its observation."""
    return model_of(RULES.observation(state, seat)).weight(list(state.hands))


def policy_deal(seed: int, ruleset: str) -> list[JubMooState]:
    """The states of one deal in which every seat plays the card the playout policy would, found
    as the one legal card after which the next seat's model still gives the true deal weight 1."""
    state = RULES.new_match(seed, {"ruleset": ruleset})
    deal = state.deal_number
    states = [state]
    while True:
        seat = RULES.current_player(state)
        assert seat is not None
        legal = RULES.observation(state, seat).legal_actions
        if "continue" in legal:
            return states
        after = {a: RULES.apply(state, a) for a in legal}
        if any(s.deal_number != deal for s in after.values()):
            return states  # the deal's last card
        kept = [a for a, s in after.items() if weight_seen_by(s, (seat + 1) % 4) == 1.0]
        assert len(kept) == (1 if len(legal) > 1 else len(legal)), (seed, ruleset, legal, kept)
        state = after[kept[0]]
        states.append(state)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_deal_played_by_the_policy_keeps_the_true_deal_at_weight_one(ruleset: str) -> None:
    for seed in range(3):
        states = policy_deal(seed, ruleset)
        assert len(states) > 40
        for state in states[::7]:
            for seat in range(4):
                assert weight_seen_by(state, seat) == 1.0


def test_a_world_is_down_one_factor_for_each_play_the_policy_would_not_make() -> None:
    """Replay a policy deal with one seat's play changed: worlds (here the true one) now carry
    one factor of ``MISMATCH`` for it, seen from any other seat, and none from its own."""
    states = policy_deal(4, "hearts")
    for k, state in enumerate(states[:-1]):
        seat = RULES.current_player(state)
        assert seat is not None
        legal = RULES.observation(state, seat).legal_actions
        played = next(a for a in legal if RULES.apply(state, a) == states[k + 1]) if len(legal) > 1 else None
        other = next((a for a in legal if a != played), None)
        if played is None or other is None:
            continue
        changed = RULES.apply(state, other)
        watcher = (seat + 2) % 4
        assert weight_seen_by(changed, watcher) == MISMATCH
        assert weight_seen_by(changed, seat) == 1.0  # its own plays are not evidence to itself
        return
    raise AssertionError("no play with a choice")


def test_the_weights_read_nothing_but_the_observation_and_the_world() -> None:
    """Two states the watcher cannot tell apart give the same weight to the same world."""
    state = policy_deal(2, "gongzhu")[20]
    seat = RULES.current_player(state)
    assert seat is not None
    obs = RULES.observation(state, seat)
    world = RULES.determinize(obs, random.Random(1))
    assert RULES.observation(world, seat) == obs
    assert model_of(obs).weight(list(world.hands)) == model_of(RULES.observation(world, seat)).weight(
        list(world.hands)
    )


def test_the_search_with_inference_is_blind_to_the_hidden_cards() -> None:
    state = policy_deal(5, "hearts")[23]
    seat = RULES.current_player(state)
    assert seat is not None
    obs = RULES.observation(state, seat)
    budget = Budget(worlds=12, plays=5_000, min_worlds=4, mismatch=MISMATCH)
    expected = search(RULES, obs, random.Random(3), budget)
    for k in range(3):
        world = RULES.determinize(obs, random.Random(100 + k))
        again = RULES.observation(world, seat)
        assert again == obs
        assert search(RULES, again, random.Random(3), budget) == expected
