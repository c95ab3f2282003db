"""The Jub Moo levels (easy, normal, hard) and the rule bot: never illegal, blind to hidden
cards, fixed work per decision, and the key decisions of ../shared/rules/jubmoo.md §5.3.

The searching levels are exercised through ``choose(..., budget=...)`` with small budgets where
many decisions are needed (the same code path as the real budgets); the key decisions use the
real ``"hard"`` and ``"normal"`` budgets. No test looks at the clock.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import game.ai.jubmoo_search as search_module
from game.ai import choose_action
from game.ai.jubmoo import BUDGETS, LEVELS, choose
from game.ai.jubmoo_rule import jubmoo_rule
from game.ai.jubmoo_search import (
    MATCH_BONUS,
    Budget,
    Context,
    playout,
    qs_suspects,
    search,
    utility,
)
from game.rules.jubmoo import CARD_INDEX, FULL, RULES, RULESETS, card_mask
from tests.ai.positions import jubmoo_options
from tests.ai.positions import jubmoo_position as position

RANK_ORDER = "23456789TJQKA"
SMALL = Budget(worlds=5, plays=2_000, min_worlds=2)


def words(text: str) -> list[str]:
    return text.split()


def picks(obs, level: str, seeds: int = 3) -> set[str]:
    """The level's choices under a few rng seeds (all legal)."""
    actions = {choose(RULES, obs, level, random.Random(seed)) for seed in range(seeds)}
    assert actions <= set(obs.legal_actions)
    return actions


class CountingRules:
    """RULES with a count of the worlds drawn (and optionally no worlds at all)."""

    def __init__(self, forbid: bool = False) -> None:
        self.name = RULES.name
        self.calls = 0
        self.forbid = forbid

    def determinize(self, observation: Any, rng: random.Random) -> Any:
        if self.forbid:
            raise AssertionError("determinize was called")
        self.calls += 1
        return RULES.determinize(observation, rng)


# --------------------------------------------------------------------------------------------
# The rule bot
# --------------------------------------------------------------------------------------------


def test_rule_bot_is_deterministic_and_legal_in_every_ruleset():
    rng = random.Random(5)
    decisions = 0
    for _ in range(40):
        state = RULES.new_match(rng.getrandbits(32), jubmoo_options(rng, targets=(-100, -200)))
        while not RULES.is_over(state):
            seat = RULES.current_player(state)
            obs = RULES.observation(state, seat)
            action = jubmoo_rule(RULES, obs, random.Random(1))
            assert action in RULES.legal_actions(state)
            assert jubmoo_rule(RULES, obs, random.Random(2)) == action
            if obs.phase == "choice":
                assert action == "continue"
            decisions += 1
            state = RULES.apply(state, action)
    assert decisions > 2500


def test_rule_bot_follows_its_written_rules():
    rule = jubmoo_rule
    r = random.Random(0)
    # Q♠ under a winning A♠
    obs = position({0: ["QS", "5S", "2S"], 1: ["3S"], 2: ["AS"], 3: ["4S"]}, ["3S", "AS", "4S"], 1)
    assert rule(RULES, obs, r) == "QS"
    # void: Q♠ first, then the highest heart, never J♦ while anything else is left
    obs = position({0: ["QS", "AH", "KH", "5C"], 1: ["3D"], 2: ["5D"], 3: ["7D"]}, ["3D", "5D", "7D"], 1, {0: "D"})
    assert rule(RULES, obs, r) == "QS"
    obs = position({0: ["AH", "3H", "4C", "2S"], 1: ["3D"], 2: ["5D"], 3: ["7D"]}, ["3D", "5D", "7D"], 1, {0: "DS"})
    assert rule(RULES, obs, r) == "AH"
    # following: the highest card that loses; J♦ kept back
    obs = position({0: ["AC", "9C", "4C", "2C"], 1: ["KC"], 2: ["5C"], 3: ["3C"]}, ["KC", "5C", "3C"], 1, {0: "C"})
    assert rule(RULES, obs, r) == "9C"
    obs = position({0: ["JD", "9D", "2D"], 1: ["QD"], 2: ["3D"], 3: ["4D"]}, ["QD", "3D", "4D"], 1, {0: "D"})
    assert rule(RULES, obs, r) == "9D"
    # every card wins: last to play takes it with the highest, earlier with the lowest
    obs = position({0: ["AC", "KC", "9C"], 1: ["2C"], 2: ["3C"], 3: ["4C"]}, ["2C", "3C", "4C"], 1, {0: "C"})
    assert rule(RULES, obs, r) == "AC"
    obs = position({0: ["AC", "KC", "9C"], 2: ["2C"], 3: ["3C"]}, ["2C", "3C"], 2, {0: "C"})
    assert rule(RULES, obs, r) == "9C"
    # leading: the lowest card of the shortest of S, D, C; no spades while holding Q♠
    hand = ["QS", "2S", "AH", "3H", "4H", "5H", "KD", "9D", "AC", "KC", "QC", "JC", "TC"]
    obs = position({0: hand}, [], 0)
    assert rule(RULES, obs, r) == "9D"


# --------------------------------------------------------------------------------------------
# Every level: never illegal, blind to hidden cards, fixed work
# --------------------------------------------------------------------------------------------


def test_never_illegal_at_any_level_in_any_phase():
    rng = random.Random(61)
    ai_rng = random.Random(62)
    seen = {level: 0 for level in LEVELS}
    for _ in range(16):
        state = RULES.new_match(rng.getrandbits(32), jubmoo_options(rng, targets=(-100, -200)))
        while not RULES.is_over(state):
            seat = RULES.current_player(state)
            obs = RULES.observation(state, seat)
            level = rng.choice(LEVELS)
            action = choose(RULES, obs, level, ai_rng, SMALL)
            assert action in RULES.legal_actions(state)
            seen[level] += len(obs.legal_actions) > 1
            state = RULES.apply(state, action)
    assert min(seen.values()) > 250


def test_the_same_hidden_information_gives_the_same_choice():
    """States that differ only in cards the seat cannot see (drawn by determinize) get the same
    action under the same rng, at every level (the first positions with the real budgets)."""
    rng = random.Random(43)
    checked = {level: 0 for level in LEVELS}
    differ = 0
    for _ in range(30):
        state = RULES.new_match(rng.getrandbits(32), {"target": -200})
        while not RULES.is_over(state) and min(checked.values()) < 4:
            seat = RULES.current_player(state)
            obs = RULES.observation(state, seat)
            if len(obs.legal_actions) > 1 and rng.random() < 0.08:
                level = min(checked, key=checked.__getitem__)
                budget = None if checked[level] < 2 else SMALL
                expected = choose(RULES, obs, level, random.Random(99), budget)
                for k in range(2):
                    world = RULES.determinize(obs, random.Random(k))
                    differ += world.hands != state.hands
                    other = RULES.observation(world, seat)
                    assert other == obs
                    assert choose(RULES, other, level, random.Random(99), budget) == expected
                checked[level] += 1
            legal = RULES.legal_actions(state)
            state = RULES.apply(state, legal[rng.randrange(len(legal))])
    assert min(checked.values()) >= 4
    assert differ >= 16  # the hidden cards really were dealt differently


def test_work_is_a_fixed_number_of_worlds():
    obs = RULES.observation(RULES.new_match(12, {"first_leader": 2}), 2)
    counting = CountingRules()
    first = search(counting, obs, random.Random(3), Budget(worlds=7, plays=10**9, min_worlds=2))
    assert counting.calls == 7
    counting.calls = 0
    assert search(counting, obs, random.Random(3), Budget(worlds=7, plays=10**9, min_worlds=2)) == first
    assert counting.calls == 7
    counting.calls = 0
    search(counting, obs, random.Random(3), Budget(worlds=50, plays=1, min_worlds=3))
    assert counting.calls == 3  # the play budget stops it once the minimum is reached
    counting.calls = 0
    search(counting, obs, random.Random(3), BUDGETS["hard"])
    assert BUDGETS["hard"].min_worlds <= counting.calls <= BUDGETS["hard"].worlds


def test_budgets_put_the_levels_in_order():
    normal, hard = BUDGETS["normal"], BUDGETS["hard"]
    assert normal.worlds < hard.worlds and normal.plays < hard.plays
    assert hard.inference


def test_one_legal_action_or_the_replay_choice_needs_no_search():
    obs = position({0: ["AS"], 1: ["2S"]}, ["AS"], 0, avoid={1: "S"})
    assert obs.legal_actions == ("2S",)
    for level in LEVELS:
        assert choose(CountingRules(forbid=True), obs, level, random.Random(0)) == "2S"
        assert choose_action(CountingRules(forbid=True), obs, level, random.Random(0)) == "2S"
    state = RULES.new_match(4, {"replay": True})
    while state.phase == 0:
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    obs = RULES.observation(state, 0)
    assert obs.legal_actions == ("continue", "replay")
    for level in LEVELS:
        assert choose(CountingRules(forbid=True), obs, level, random.Random(5)) == "continue"


def test_open_hands_searches_the_shown_deal_only():
    state = RULES.new_match(21, {"open_hands": True, "first_leader": 0})
    for _ in range(5):
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    obs = RULES.observation(state, RULES.current_player(state))
    assert obs.all_hands is not None and len(obs.legal_actions) > 1
    for level in ("normal", "hard"):
        assert choose(CountingRules(forbid=True), obs, level, random.Random(1)) in obs.legal_actions


def test_unknown_level_is_refused():
    obs = RULES.observation(RULES.new_match(3, {"first_leader": 0}), 0)
    with pytest.raises(ValueError, match="level"):
        choose(RULES, obs, "expert", random.Random(1))


# --------------------------------------------------------------------------------------------
# The pieces of the search
# --------------------------------------------------------------------------------------------


def test_playouts_finish_the_deal():
    for ruleset in RULESETS:
        ctx = Context({"ruleset": ruleset})
        for seed in range(30):
            state = RULES.new_match(seed, {"ruleset": ruleset})
            hands = list(state.hands)
            won = [0, 0, 0, 0]
            pv = [0, 0, 0, 0]
            played = playout(hands, won, pv, state.leader, [], ctx)
            assert sum(w.bit_count() for w in won) == played
            assert all(w.bit_count() % 4 == 0 for w in won)
            assert (won[0] | won[1] | won[2] | won[3] | hands[0] | hands[1] | hands[2] | hands[3]) == FULL
            if played < 52:  # stopped early: nothing left can change a score (an empty stack
                # can only under the rulesets where it scores -50 or a Big Chuan can still come)
                left = hands[0] | hands[1] | hands[2] | hands[3]
                assert (all(won) or ctx.points_decide) and not left & ctx.points_mask
            else:
                assert not any(hands)


def test_playout_policy_plays_legal_cards(monkeypatch):
    """Every card the playout policy chooses is in the hand, and of the led suit when following
    (the playout asks for a discard only when the seat holds none of it)."""
    follow, discard, lead = search_module._follow, search_module._discard, search_module._lead
    calls = [0, 0, 0]

    def checked_follow(m: int, suit: int, *rest: Any) -> int:
        card = follow(m, suit, *rest)
        assert card // 13 == suit and m >> (card % 13) & 1
        calls[0] += 1
        return card

    def checked_discard(hand: int, *rest: Any) -> int:
        card = discard(hand, *rest)
        assert hand >> card & 1
        calls[1] += 1
        return card

    def checked_lead(hand: int, *rest: Any) -> int:
        card = lead(hand, *rest)
        assert hand >> card & 1
        calls[2] += 1
        return card

    monkeypatch.setattr(search_module, "_follow", checked_follow)
    monkeypatch.setattr(search_module, "_discard", checked_discard)
    monkeypatch.setattr(search_module, "_lead", checked_lead)
    ctx = Context({})
    for seed in range(100):
        state = RULES.new_match(seed)
        playout(list(state.hands), [0, 0, 0, 0], [0, 0, 0, 0], state.leader, [], ctx)
    assert min(calls) > 300


def test_utility_is_the_margin_plus_the_match_result():
    assert utility([-100, 20, 30, 50], (0, 0, 0, 0), 1, -1000) == pytest.approx(20 - (-100 + 30 + 50) / 3)
    # the deal ends the match: the highest total wins the bonus, the lowest pays it
    assert utility([0, 0, 0, -60], (-900, -100, -500, -950), 1, -1000) == pytest.approx(20 + MATCH_BONUS)
    assert utility([0, 0, 0, -60], (-900, -100, -500, -950), 3, -1000) == pytest.approx(-60 - MATCH_BONUS)
    assert utility([0, 0, 0, -60], (-900, -100, -500, -900), 1, -1000) == pytest.approx(20)


def test_a_player_who_did_not_drop_the_pig_is_suspected_of_not_holding_it():  # §5.4 inference
    # seat 3, void in diamonds, throws a club; seats 1 and 2 follow A♠ with low spades
    spec = {0: ["9D", "AS"], 1: ["3D", "5S"], 2: ["5D", "4S"], 3: ["2C"]}
    obs = position(spec, ["3D", "5D", "2C", "9D", "AS", "5S", "4S"], 1, avoid={3: "D"})
    assert obs.seat == 3
    assert qs_suspects(obs) == [0, 1, 1, 1]


# --------------------------------------------------------------------------------------------
# Key decisions (rules file §5.3), at the real budgets
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_drops_the_pig_under_a_winning_ace_of_spades(level):  # §5.3.1
    obs = position({0: ["QS", "5S", "2S"], 1: ["3S"], 2: ["AS"], 3: ["4S"]}, ["3S", "AS", "4S"], 1)
    assert picks(obs, level) == {"QS"}


def test_void_dumps_the_pig():  # §5.3.1, §5.4 "dump the most dangerous card when void"
    obs = position({0: ["QS", "AH", "KH", "5C"], 1: ["3D"], 2: ["5D"], 3: ["7D"]}, ["3D", "5D", "7D"], 1, {0: "D"})
    assert picks(obs, "hard") == {"QS"}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_does_not_win_a_trick_with_the_pig(level):  # §5.3.1
    obs = position({0: ["QS", "2S"], 1: ["3S"], 2: ["4S"], 3: ["5S"]}, ["3S", "4S", "5S"], 1, avoid={0: "S"})
    assert picks(obs, level) == {"2S"}


def test_does_not_lead_spades_holding_the_pig():  # §5.3.1
    obs = position({0: ["QS", "3S", "2S", "2D", "3C", "4C"]}, [], 0, avoid={0: "SH"})
    assert all(card[1] != "S" for card in picks(obs, "hard"))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_never_throws_the_jack_of_diamonds_to_another_player(level):  # §5.3.2
    spec = {0: ["JD", "AD", "KD", "2S", "3S", "4H"], 1: ["3C"], 2: ["5C"], 3: ["7C"]}
    obs = position(spec, ["3C", "5C", "7C"], 1, avoid={0: "C"})
    assert "JD" in obs.legal_actions
    assert "JD" not in picks(obs, level)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_captures_the_jack_of_diamonds(level):  # §5.3.2: holders of A♦/K♦ catch it
    obs = position({0: ["KD", "2D", "5S"], 1: ["JD"], 2: ["3D"], 3: ["4D"]}, ["JD", "3D", "4D"], 1)
    assert picks(obs, level) == {"KD"}
    obs = position({0: ["AD", "2D", "5S"], 3: ["JD"], 1: ["3D"], 2: ["4D"]}, ["JD"], 3)
    assert picks(obs, level) == {"AD"}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_wins_a_low_diamond_trick_with_the_jack_when_last(level):  # the seed's tip, §5.3.2
    obs = position({0: ["JD", "4D"], 1: ["5D"], 2: ["3D"], 3: ["2D"]}, ["5D", "3D", "2D"], 1, avoid={0: "D"})
    assert picks(obs, level) == {"JD"}


def test_leads_the_jack_of_diamonds_once_the_higher_diamonds_are_gone():  # counts cards, §5.3.2
    spec = {0: ["JD", "2D", "AC", "5S"], 1: ["AD", "2C"], 2: ["KD", "3C"], 3: ["QD", "4C"]}
    obs = position(spec, ["AD", "KD", "QD", "2D", "2C", "3C", "4C", "AC"], 1)
    assert obs.seat == 0 and not obs.trick
    assert picks(obs, "hard") == {"JD"}


# A deal built so that seat 0 has won no trick after eleven tricks; in the twelfth, seat 1 leads
# 5C, 6C and 7C follow, and seat 0 holds AC and 2C while the others hold only low diamonds.
LATE_DECK = words(
    "5S QC KH JS TH AD AS 9D 4H 7H 5H QD JC 9S 4S 9H 6D KD 3H TD KC 2H QH JH 9C TS "
    "AH 8D 3S TC QS 7D 8H 7S 2S 6H 8S KS 2D 8C 4C 6S 3C JD AC 5C 6C 7C 2C 4D 5D 3D"
)
LATE_PLAYS = words(
    "AD 2D QD 6D KS AS JS 3S AH JH 4H 7H KH 9H 8H 2H QS JD 5S TS QH 6H TH KD 5H TD "
    "4C QC 4S 9D 8S 9S TC 3C 8C 9C 7S 2S 8D JC 6S 3H 7D KC 5C 6C 7C"
)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_late_with_no_trick_wins_a_harmless_trick(level):  # §5.3.5: avoid the -50
    state = RULES.new_match(1, {"first_leader": 1}, deck=LATE_DECK)
    for card in LATE_PLAYS:
        state = RULES.apply(state, card)
    obs = RULES.observation(state, 0)
    assert obs.tricks_won[0] == 0 and obs.legal_actions == ("AC", "2C")
    assert picks(obs, level) == {"AC"}  # ducking with 2C would leave it without a trick


def test_scores_with_the_active_ruleset():
    """The search scores with the engine's scorer: under all-suits every card counts."""
    hearts, all_suits = Context({}), Context({"ruleset": "all-suits"})
    assert hearts.values[CARD_INDEX["AS"]] == 0
    assert all_suits.values[CARD_INDEX["AS"]] == -50
    big = [FULL, 0, 0, 0]
    assert hearts.scores(big) == [1000, -50, -50, -50]
    assert Context({"big_chuan_others_minus_50": False}).scores(big) == [1000, 0, 0, 0]
    assert hearts.scores([card_mask(["QS", "TC"]), card_mask(["TC"]), 0, card_mask(["2H", "JD"])]) == [
        -200,
        50,
        -50,
        98,
    ]
