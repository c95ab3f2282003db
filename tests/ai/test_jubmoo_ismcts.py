"""The arena's information-set MCTS for Jub Moo (``game.ai.jubmoo_ismcts``): always legal, the
same from the same rng, blind to the hidden cards, and it finds the plain plays; the arena
plays it in Jub Moo only."""

from __future__ import annotations

import random

import pytest

from game.ai import jubmoo_ismcts
from game.rules.jubmoo import RULES
from game.tools import arena
from tests.ai.positions import jubmoo_options
from tests.ai.positions import jubmoo_position as position


def sample_positions(count: int, seed: int) -> list:
    """Observations with a choice from random play under random options."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = RULES.new_match(rng.getrandbits(32), jubmoo_options(rng))
        while not RULES.is_over(state) and len(found) < count:
            seat = RULES.current_player(state)
            obs = RULES.observation(state, seat)
            if len(obs.legal_actions) > 1 and rng.random() < 0.1:
                found.append(obs)
            legal = RULES.legal_actions(state)
            state = RULES.apply(state, legal[rng.randrange(len(legal))])
    return found


def test_always_legal_and_the_same_from_the_same_rng():
    for obs in sample_positions(40, 3):
        card = jubmoo_ismcts.choose(RULES, obs, random.Random(5), iterations=60)
        assert card in obs.legal_actions
        assert jubmoo_ismcts.choose(RULES, obs, random.Random(5), iterations=60) == card


def test_the_choice_does_not_change_when_the_hidden_cards_are_redealt():
    for obs in sample_positions(15, 8):
        expected = jubmoo_ismcts.choose(RULES, obs, random.Random(1), iterations=40)
        for k in range(2):
            seen = RULES.observation(RULES.determinize(obs, random.Random(k)), obs.seat)
            assert seen == obs
            assert jubmoo_ismcts.choose(RULES, seen, random.Random(1), iterations=40) == expected


def test_drops_the_pig_under_a_winning_ace_of_spades():
    obs = position({0: ["QS", "5S", "2S"], 1: ["3S"], 2: ["AS"], 3: ["4S"]}, ["3S", "AS", "4S"], 1)
    assert jubmoo_ismcts.choose(RULES, obs, random.Random(0), iterations=300) == "QS"


def test_wins_a_low_diamond_trick_with_the_jack_when_last():
    obs = position({0: ["JD", "4D"], 1: ["5D"], 2: ["3D"], 3: ["2D"]}, ["5D", "3D", "2D"], 1, avoid={0: "D"})
    assert jubmoo_ismcts.choose(RULES, obs, random.Random(0), iterations=300) == "JD"


def test_the_arena_plays_it_in_jub_moo_only(monkeypatch, capsys):
    monkeypatch.setattr(jubmoo_ismcts, "ITERATIONS", 20)
    summary = arena.run("jubmoo", "ismcts", "rule", 4, deals_only=True, jobs=1)
    assert summary.games == 4
    with pytest.raises(ValueError, match="Jub Moo only"):
        arena.run("klaberjass", "ismcts", "rule", 2, jobs=1)
    with pytest.raises(SystemExit):
        arena.main(["--game", "mus", "--a", "ismcts", "--b", "rule", "--matches", "2"])
    assert "plays Jub Moo only" in capsys.readouterr().err
