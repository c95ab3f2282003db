"""The Jub Moo computer player: always legal, reads only the observation, makes the key
decisions of ../shared/rules/jubmoo.md §5.3 (dodge the pig and hearts, keep J♦ and 10♣ for
safe tricks, count cards, duck, dump the most dangerous card when void) and beats a
uniformly random player."""

from __future__ import annotations

import random

import pytest

from game.ai.jubmoo import LEVELS, choose
from game.rules.jubmoo import RULES
from tests.ai.positions import jubmoo_options
from tests.ai.positions import jubmoo_position as position

RANK_ORDER = "23456789TJQKA"


def picks(obs) -> set[str]:
    """The easy player's choices under eight rng seeds (its noise only breaks near-ties)."""
    actions = {choose(RULES, obs, "easy", random.Random(seed)) for seed in range(8)}
    assert actions <= set(obs.legal_actions)
    return actions


def pick(obs):
    """The easy player's choice, which must not depend on its noise (eight rng seeds agree)."""
    actions = picks(obs)
    assert len(actions) == 1, actions
    return actions.pop()


# --------------------------------------------------------------------------------------------
# The interface
# --------------------------------------------------------------------------------------------


def test_levels_are_all_accepted_and_unknown_levels_refused():
    obs = RULES.observation(RULES.new_match(3, {"first_leader": 0}), 0)
    for level in LEVELS:
        assert choose(RULES, obs, level, random.Random(1)) in obs.legal_actions
    assert LEVELS == ("easy", "normal", "hard")
    with pytest.raises(ValueError, match="level"):
        choose(RULES, obs, "expert", random.Random(1))


def test_a_seat_with_nothing_to_decide_is_refused():
    obs = RULES.observation(RULES.new_match(3, {"first_leader": 0}), 2)
    with pytest.raises(ValueError):
        choose(RULES, obs, "easy", random.Random(1))


def test_single_legal_action_is_returned_at_once():
    # seat 1 holds one spade and must follow with it
    obs = position({0: ["AS"], 1: ["2S"]}, ["AS"], 0, avoid={1: "S"})
    assert obs.legal_actions == ("2S",)
    assert choose(RULES, obs, "easy", random.Random(0)) == "2S"


def test_replay_choice_is_continue():
    state = RULES.new_match(4, {"replay": True})
    while state.phase == 0:
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    obs = RULES.observation(state, 0)
    assert obs.legal_actions == ("continue", "replay")
    for level in LEVELS:
        assert choose(RULES, obs, level, random.Random(5)) == "continue"


def test_same_rng_same_choice():
    state = RULES.new_match(8)
    for _ in range(13):
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    obs = RULES.observation(state, RULES.current_player(state))
    assert len({choose(RULES, obs, "easy", random.Random(4)) for _ in range(5)}) == 1


# --------------------------------------------------------------------------------------------
# Never illegal; blind to hidden cards
# --------------------------------------------------------------------------------------------


def test_never_picks_an_illegal_action_in_any_phase():
    rng = random.Random(31)
    ai_rng = random.Random(32)
    decisions = choices = 0
    for _ in range(60):
        state = RULES.new_match(rng.getrandbits(32), jubmoo_options(rng))
        while not RULES.is_over(state):
            seat = RULES.current_player(state)
            obs = RULES.observation(state, seat)
            action = choose(RULES, obs, rng.choice(LEVELS), ai_rng)
            assert action in RULES.legal_actions(state)
            decisions += 1
            choices += obs.phase == "choice"
            if rng.random() < 0.5:
                legal = RULES.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
            state = RULES.apply(state, action)
    assert decisions > 10000 and choices > 20


def test_choice_does_not_change_when_hidden_cards_are_redealt():
    rng = random.Random(41)
    checked = 0
    for _ in range(25):
        state = RULES.new_match(rng.getrandbits(32), {"target": -300})
        while not RULES.is_over(state) and checked < 400:
            seat = RULES.current_player(state)
            obs = RULES.observation(state, seat)
            if len(obs.legal_actions) > 1 and rng.random() < 0.3:
                expected = choose(RULES, obs, "easy", random.Random(99))
                for k in range(3):
                    world = RULES.determinize(obs, random.Random(k))
                    seen = RULES.observation(world, seat)
                    assert seen == obs
                    assert choose(RULES, seen, "easy", random.Random(99)) == expected
                checked += 1
            legal = RULES.legal_actions(state)
            state = RULES.apply(state, legal[rng.randrange(len(legal))])
    assert checked >= 300


# --------------------------------------------------------------------------------------------
# Key decisions (rules file §5.3 and the brief's easy heuristics)
# --------------------------------------------------------------------------------------------


def test_drops_the_pig_under_a_winning_ace_of_spades():  # §5.3.1
    obs = position({0: ["QS", "5S", "2S"], 1: ["3S"], 2: ["AS"], 3: ["4S"]}, ["3S", "AS", "4S"], 1)
    assert pick(obs) == "QS"


def test_void_dumps_the_pig_first():  # "dump the highest dangerous card when void"
    obs = position(
        {0: ["QS", "AH", "KH", "5C"], 1: ["3D"], 2: ["5D"], 3: ["7D"]}, ["3D", "5D", "7D"], 1, avoid={0: "D"}
    )
    assert pick(obs) == "QS"


def test_void_without_the_pig_dumps_the_highest_heart():
    obs = position(
        {0: ["AH", "3H", "4C", "2S"], 1: ["3D"], 2: ["5D"], 3: ["7D"]}, ["3D", "5D", "7D"], 1, avoid={0: "DS"}
    )
    assert pick(obs) == "AH"


def test_never_throws_the_jack_of_diamonds_onto_another_players_trick():  # §5.3.2
    obs = position({0: ["JD", "2D", "3S"], 1: ["3C"], 2: ["5C"], 3: ["7C"]}, ["3C", "5C", "7C"], 1, avoid={0: "CHS"})
    assert "JD" in obs.legal_actions
    assert "JD" not in picks(obs)


def test_wins_a_low_diamond_trick_with_the_jack_when_last():  # seed tip, §5.3.2
    obs = position({0: ["JD", "4D"], 1: ["5D"], 2: ["3D"], 3: ["2D"]}, ["5D", "3D", "2D"], 1, avoid={0: "D"})
    assert set(obs.legal_actions) == {"JD", "4D"}
    assert pick(obs) == "JD"


def test_leads_the_jack_of_diamonds_once_the_higher_diamonds_are_gone():  # counts cards, §5.3.2
    spec = {0: ["JD", "2D", "AC", "5S"], 1: ["AD", "2C"], 2: ["KD", "3C"], 3: ["QD", "4C"]}
    plays = ["AD", "KD", "QD", "2D", "2C", "3C", "4C", "AC"]
    obs = position(spec, plays, 1)
    assert obs.current_player == 0 == obs.seat and not obs.trick
    assert pick(obs) == "JD"


def test_ducks_with_the_highest_card_that_still_loses():
    obs = position(
        {0: ["AC", "9C", "4C", "2C"], 1: ["KC"], 2: ["5C"], 3: ["3C"]}, ["KC", "5C", "3C"], 1, avoid={0: "C"}
    )
    assert pick(obs) == "9C"


def test_wins_a_forced_clean_trick_with_its_highest_card():
    obs = position({0: ["AC", "KC", "9C"], 1: ["2C"], 2: ["3C"], 3: ["4C"]}, ["2C", "3C", "4C"], 1, avoid={0: "C"})
    assert set(obs.legal_actions) == {"AC", "KC", "9C"}
    assert pick(obs) == "AC"


def test_does_not_win_the_pig_with_the_queen():  # the pig may follow only when it loses
    obs = position({0: ["QS", "2S"], 1: ["3S"], 2: ["4S"], 3: ["5S"]}, ["3S", "4S", "5S"], 1, avoid={0: "S"})
    assert pick(obs) == "2S"


def test_does_not_lead_spades_holding_the_pig():  # §5.3.1
    obs = position({0: ["QS", "3S", "2S", "2D", "3C", "4C"]}, [], 0, avoid={0: "SH"})
    assert all(card[1] != "S" for card in picks(obs))


def test_chases_the_pig_with_low_spades():  # §5.3.1: "lead low spades early and often"
    obs = position({0: ["3S", "4S", "5H", "6H", "7H", "2D", "3D", "4D", "5D", "2C", "3C", "4C", "5C"]}, [], 0)
    assert picks(obs) <= {"3S", "4S"}


def test_dumps_the_ten_of_clubs_only_on_a_negative_pile():  # §5.3.3
    spec = {0: ["4H", "TC", "2D", "3D"], 1: ["AH", "AS"], 2: ["2H", "2S"], 3: ["3H", "3S"]}
    obs = position(spec, ["AH", "2H", "3H", "4H", "AS", "2S", "3S"], 1, avoid={0: "SH"})
    assert obs.deal_scores_so_far[1] < 0
    assert pick(obs) == "TC"
    spec = {0: ["4D", "TC", "2D", "3D"], 1: ["AD", "AS"], 2: ["5D", "2S"], 3: ["6D", "3S"]}
    obs = position(spec, ["AD", "5D", "6D", "4D", "AS", "2S", "3S"], 1, avoid={0: "SH"})
    assert obs.point_cards[1] == ()
    assert "TC" not in picks(obs)


# --------------------------------------------------------------------------------------------
# Headless benchmark: easy against uniform random (seeded, deterministic, not timed)
# --------------------------------------------------------------------------------------------


def _play_deal(state, easy_seats, rng, ai_rng):
    number = state.deal_number
    while state.phase == 0 and state.deal_number == number:
        seat = RULES.current_player(state)
        if seat in easy_seats:
            action = choose(RULES, RULES.observation(state, seat), "easy", ai_rng)
        else:
            legal = RULES.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        state = RULES.apply(state, action)
    return state


def test_easy_beats_uniform_random_per_deal():
    rng = random.Random(2024)
    ai_rng = random.Random(2025)
    easy = other = 0.0
    deals = 160
    for d in range(deals):
        seat = d % 4
        state = RULES.new_match(rng.getrandbits(32), {"target": -100000})
        summary = _play_deal(state, {seat}, rng, ai_rng).last_deal
        easy += summary.scores[seat]
        other += (sum(summary.scores) - summary.scores[seat]) / 3
    margin = (easy - other) / deals
    assert margin > 40, margin


def test_easy_is_rarely_the_pig_against_random_players():
    rng = random.Random(77)
    ai_rng = random.Random(78)
    pig = 0
    for m in range(24):
        seat = m % 4
        state = RULES.new_match(rng.getrandbits(32), {"target": -300})
        while not RULES.is_over(state):
            state = _play_deal(state, {seat}, rng, ai_rng)
        pig += seat in RULES.observation(state, 0).pigs
    assert pig <= 3, pig
