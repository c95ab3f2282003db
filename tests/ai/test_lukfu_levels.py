"""The Luk Fu levels (easy, normal, hard) and the rule bot: never illegal, blind to hidden
cards, fixed work per decision, and the key decisions of ../shared/rules/lukfu.md §6.3.

Many-decision tests run the searching levels through ``choose(..., budget=...)`` with small
budgets (the same code path as the real ones); the key decisions use the real budgets. No test
looks at the clock.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from game.ai import choose_action
from game.ai.lukfu import BUDGETS, LEVELS, choose, easy_move, view_after_own_throw
from game.ai.lukfu_rule import lukfu_rule
from game.ai.lukfu_search import DECISIONS, Budget, Objective, Search, decision_kind, policy_value
from game.rules.lukfu import RULES, LukFuObservation, LukFuState
from tests.ai.positions import lukfu_shrunk as shrunk
from tests.ai.positions import lukfu_start as start
from tests.ai.positions import lukfu_table as table
from tests.ai.positions import lukfu_to_act as to_act

S, E, W = 0, 1, 2
# Small budgets: every decision played out greedily (cheap), and hard's own playouts and
# objective with few worlds.
SMALL = Budget(
    searched={d: Search(3 if d == "call" else 2, greedy=True) for d in DECISIONS},
    hint_worlds=dict.fromkeys(DECISIONS, 2),
)
SMALL_POLICY = shrunk(BUDGETS["hard"], 2)


def picks(obs: LukFuObservation, level: str, seeds: int = 3) -> set[str]:
    actions = {choose(RULES, obs, level, random.Random(seed)) for seed in range(seeds)}
    assert actions <= set(obs.legal_actions)
    return actions


def kind(action: str) -> str:
    word = action.split()[0]
    return word if word in ("discard", "claim", "call", "pass", "continue", "replay") else "play"


class CountingRules:
    """RULES with a count of the worlds drawn."""

    name = "lukfu"

    def __init__(self) -> None:
        self.calls = 0

    def determinize(self, observation: Any, rng: random.Random) -> Any:
        self.calls += 1
        return RULES.determinize(observation, rng)

    def apply(self, state: Any, action: str) -> Any:
        return RULES.apply(state, action)


# --------------------------------------------------------------------------------------------
# The rule bot


def test_rule_bot_is_deterministic_and_legal() -> None:
    kinds: set[str] = set()
    for seed in range(40):
        state = RULES.new_match(seed, {"deals": 1})
        while not RULES.is_over(state):
            obs = to_act(state)
            action = lukfu_rule(RULES, obs, random.Random(1))
            assert action in obs.legal_actions
            assert lukfu_rule(RULES, obs, random.Random(99)) == action
            if len(obs.legal_actions) > 1:
                kinds.add(kind(action))
            state = RULES.apply(state, action)
    assert {"call", "pass", "claim", "play", "discard"} <= kinds


def test_rule_bot_claims_and_keeps_ancients() -> None:
    hands = {S: "C1 C8 S8 M2 T1 T9", E: "S9 C2 C3 C4 C5 C6", W: "M9 M8 M3 M4 M5 M6"}
    played = {S: "C9 C7 S1 S2 S3 S4", E: "S5 S6 S7 M1 M7 T2", W: "T3 T4 T5 T6 T7 T8"}
    obs = to_act(table(hands, played, caller=S, leader=S, fu=(3, 2, 1)))
    assert lukfu_rule(RULES, obs, random.Random(0)) == "claim"


# --------------------------------------------------------------------------------------------
# Every level: legal in every phase, deterministic, blind to hidden cards, fixed work


def test_levels_never_pick_an_illegal_action_in_any_phase() -> None:
    kinds: dict[str, set[str]] = {level: set() for level in LEVELS}
    for seed in range(24):
        opts = {
            "deals": 2,
            "replay": seed % 4 == 0,
            "noncaller_singles_only": seed % 5 == 1,
            "passed_master_scope": "first-lead" if seed % 3 == 2 else "deal",
            "open_hands": seed % 7 == 3,
        }
        state = RULES.new_match(seed, opts)
        rng = random.Random(seed)
        while not RULES.is_over(state):
            obs = to_act(state)
            level = LEVELS[(seed + obs.seat) % 3]
            if seed % 2 and rng.random() < 0.3:
                action = rng.choice(obs.legal_actions)  # random detours reach odd positions
            else:
                action = choose(RULES, obs, level, rng, budget=SMALL)
                assert action in obs.legal_actions
                if len(obs.legal_actions) > 1:
                    kinds[level].add(kind(action))
            state = RULES.apply(state, action)
    for level in ("normal", "hard"):
        assert {"call", "pass", "claim", "play", "discard"} <= kinds[level], (level, kinds[level])


def test_same_rng_same_choice_at_every_level() -> None:
    state = RULES.new_match(5, {"deals": 1})
    rng = random.Random(5)
    steps = 0
    while not RULES.is_over(state) and steps < 30:
        obs = to_act(state)
        for level in LEVELS:
            a = choose(RULES, obs, level, random.Random(9), budget=SMALL)
            assert choose(RULES, obs, level, random.Random(9), budget=SMALL) == a
        state = RULES.apply(state, choose(RULES, obs, "easy", rng))
        steps += 1


def test_no_cheat_same_choice_in_every_world_the_seat_cannot_tell_apart() -> None:
    checked = 0
    for seed in range(10):
        state = RULES.new_match(seed, {"deals": 1})
        rng = random.Random(seed)
        while not RULES.is_over(state):
            obs = to_act(state)
            if len(obs.legal_actions) > 1 and rng.random() < 0.3:
                level, budget = (("normal", SMALL), ("hard", SMALL_POLICY))[checked % 2]
                expected = choose(RULES, obs, level, random.Random(seed), budget=budget)
                for k in range(3):
                    world = RULES.determinize(obs, random.Random(100 + k))
                    again = RULES.observation(world, obs.seat)
                    assert again == obs
                    assert choose(RULES, again, level, random.Random(seed), budget=budget) == expected
                checked += 1
            state = RULES.apply(state, choose(RULES, obs, "easy", rng))
    assert checked >= 20


def test_two_deals_differing_only_in_hidden_cards_get_the_same_hard_choice() -> None:
    hands = {
        E: "C3 C4 C5 C6 C8 S1 S6 M2 M6 M7 T4 T6",
        W: "C7 C9 S4 S8 S9 M5 M8 M9 T2 T7 T8 T9",
        S: "C1 C2 S2 S3 S5 S7 M1 M3 M4 T1 T3 T5",
    }
    swapped = dict(hands)
    swapped[E] = hands[E].replace("C3", "C7")
    swapped[W] = hands[W].replace("C7", "C3")
    a = RULES.apply(RULES.apply(start(hands, E), "pass"), "call")
    b = RULES.apply(RULES.apply(start(swapped, E), "pass"), "call")
    # C3 and C7 trade places between E and W: S sees neither card.
    a2 = RULES.apply(RULES.apply(a, "S6 M6 T6"), "S8 M8 T8")
    b2 = RULES.apply(RULES.apply(b, "S6 M6 T6"), "S8 M8 T8")
    oa, ob = to_act(a2), to_act(b2)
    assert oa.seat == S and oa == ob
    assert choose(RULES, oa, "hard", random.Random(3)) == choose(RULES, ob, "hard", random.Random(3))


def test_search_work_is_a_fixed_number_of_worlds() -> None:
    obs = to_act(start_hands_generic())
    assert obs.phase == "call"
    for level in ("normal", "hard"):
        counting = CountingRules()
        choose(counting, obs, level, random.Random(1))
        assert counting.calls == BUDGETS[level].searched["call"].worlds
    counting = CountingRules()
    choose(counting, obs, "easy", random.Random(1))
    assert counting.calls == 0


def test_every_kind_of_decision_is_searched_with_its_own_number_of_worlds() -> None:
    worlds = {"call": 2, "lead": 3, "claim": 4, "follow": 5, "discard": 6}
    budget = Budget(searched={d: Search(n, greedy=True) for d, n in worlds.items()}, hint_worlds=worlds)
    seen: set[str] = set()
    for seed in range(30):
        if seen == set(DECISIONS):
            break
        state = RULES.new_match(seed, {"deals": 1})
        rng = random.Random(seed)
        while not RULES.is_over(state):
            obs = to_act(state)
            counting = CountingRules()
            action = choose(counting, obs, "normal", random.Random(2), budget=budget)
            assert action in obs.legal_actions
            if len(obs.legal_actions) > 1 and "continue" not in obs.legal_actions:
                decision = decision_kind(obs)
                seen.add(decision)
                assert counting.calls == worlds[decision], decision
            else:
                assert counting.calls == 0
            state = RULES.apply(state, choose(RULES, obs, "easy", rng))
    assert seen == set(DECISIONS)


def _objective(scores: tuple[int, int, int], deal_number: int, match_aware: bool = True) -> Objective:
    """The objective of seat S in a match of 8 deals, with these totals before deal ``deal_number``."""
    obs = to_act(start_hands_generic())
    obs = dataclasses.replace(obs, scores=scores, deal_number=deal_number, options=(("deals", 8),))
    return Objective(obs, match_aware=match_aware)


def test_the_default_objective_is_the_deal_points() -> None:
    objective = _objective((0, 0, 0), 1, match_aware=False)
    assert objective.value((4, -2, -2)) == 4.0
    assert objective.value((-4, 4, 0)) == -4.0
    assert objective.value((0, 0, 0)) == 0.0


def test_in_the_last_deal_only_finishing_top_counts_and_ties_share() -> None:
    objective = _objective((5, 3, -8), 8)
    assert objective.value((2, -1, -1)) == 1.0  # still on top
    assert objective.value((-2, 4, -2)) == 0.0  # E overtakes: 3 against 7
    assert objective.value((0, 2, -2)) == 0.5  # E draws level: 5 and 5
    assert objective.value((0, 0, 0)) == 1.0
    tied = _objective((3, 3, -6), 8)
    assert tied.value((0, 0, 0)) == 0.5


def test_earlier_in_the_match_the_objective_is_a_smooth_chance_of_finishing_top() -> None:
    early, late = _objective((2, 0, -2), 2), _objective((2, 0, -2), 7)
    for objective in (early, late):
        values = [objective.value((2 * s, -s, -s)) for s in range(-3, 4)]
        assert all(0.0 < v < 1.0 for v in values)
        assert values == sorted(values)
    # The same lead is worth more when fewer deals are left to lose it in.
    assert late.value((0, 0, 0)) > early.value((0, 0, 0))


def test_open_hands_search_the_true_hands_once() -> None:
    state = RULES.apply(RULES.new_match(11, {"deals": 2, "first_master": 0, "open_hands": True}), "call")
    obs = to_act(state)
    assert obs.hands is not None and len(obs.legal_actions) > 1
    counting = CountingRules()
    assert choose(counting, obs, "hard", random.Random(5)) in obs.legal_actions
    assert counting.calls == 1


def _playout_states(seeds: int) -> list[LukFuState]:
    """Play-phase states with a real choice, from easy self-play (one match in open hands)."""
    out = []
    for seed in range(seeds):
        state = RULES.new_match(seed, {"deals": 2, "open_hands": seed == 0})
        rng = random.Random(seed)
        while not RULES.is_over(state):
            obs = to_act(state)
            if obs.phase == "play" and len(obs.legal_actions) > 1:
                out.append(state)
            state = RULES.apply(state, choose(RULES, obs, "easy", rng))
    return out


def test_easy_move_is_the_easy_choice_read_from_the_seat_s_own_view() -> None:
    states = _playout_states(15)
    assert len(states) > 200
    for i, state in enumerate(states):
        obs = to_act(state)
        r1, r2 = random.Random(i), random.Random(i)
        expected = choose(RULES, obs, "easy", r1)
        assert easy_move(RULES, state, r2) == expected
        assert r1.random() == r2.random()  # the same randomness consumed
        if i % 10 == 0:  # the hidden cards do not matter to it
            world = RULES.determinize(obs, random.Random(i))
            assert easy_move(RULES, world, random.Random(i)) == expected


def test_policy_value_is_the_objective_of_the_deal_played_out_by_the_policy() -> None:
    for state in _playout_states(1)[::7]:
        obs = to_act(state)
        objective = Objective(obs)
        rng = random.Random(4)
        value = policy_value(
            RULES, state, state.deal_number, len(state.history), state.redeals, objective, easy_move, rng
        )
        rng = random.Random(4)
        end = state
        while len(end.history) == len(state.history):
            end = RULES.apply(end, easy_move(RULES, end, rng))
        assert value == end.history[-1].points[obs.seat]


def start_hands_generic() -> LukFuState:
    return RULES.new_match(11, {"deals": 1, "first_master": 0})


def test_choose_action_dispatches_every_level() -> None:
    obs = to_act(start_hands_generic())
    for level in LEVELS:
        assert choose_action(RULES, obs, level, random.Random(0)) in ("call", "pass")


# --------------------------------------------------------------------------------------------
# Key decisions (§6.3), at the searching levels with their real budgets

CASH_HANDS = {S: "C1 C8 S8 M8 T1 T9", E: "S9 C2 C3 C4 C5 C6", W: "M9 M2 M3 M4 M5 M6"}
CASH_PLAYED = {S: "C9 C7 S1 S2 S3 S4", E: "S5 S6 S7 M1 M7 T2", W: "T3 T4 T5 T6 T7 T8"}


def test_cashes_a_safe_play_before_claiming() -> None:  # §6.3.2
    """N = 7; the 8s cannot be beaten and S8, M8 are not Old: cash them, then claim 9."""
    for level in ("normal", "hard"):
        state = table(CASH_HANDS, CASH_PLAYED, caller=S, leader=S, fu=(3, 2, 1))
        obs = to_act(state)
        assert obs.can_claim and obs.claim_count == 7
        assert picks(obs, level) == {"C8 S8 M8"}
        state = RULES.apply(state, "C8 S8 M8")
        while RULES.current_player(state) != S:
            state = RULES.apply(state, choose(RULES, to_act(state), level, random.Random(0)))
        obs = to_act(state)
        assert obs.claim_count == 9 and picks(obs, level) == {"claim"}


def test_claims_before_another_player_can() -> None:  # §6.3.2
    """Nothing safe adds to the count (M8 can be beaten by W's M9): claim now."""
    hands = {S: "C1 C8 S8 M2 T1 T9", E: "S9 C2 C3 C4 C5 C6", W: "M9 M8 M3 M4 M5 M6"}
    obs = to_act(table(hands, CASH_PLAYED, caller=S, leader=S, fu=(3, 2, 1)))
    for level in ("normal", "hard"):
        assert picks(obs, level) == {"claim"}


def test_beats_cheaply_as_the_last_player() -> None:  # §6.3.4
    hands = {S: "M3 C2 C3", E: "M4 C4 C5", W: "M6 M9 C6"}
    played = {S: "C1 C7 C8 C9 S1 S2 S3 S4 S5", E: "S6 S7 S8 S9 M1 M2 M5 M7 M8", W: "T1 T2 T3 T4 T5 T6 T7 T8 T9"}
    state = RULES.apply(RULES.apply(table(hands, played, caller=S, leader=S, fu=(3, 3, 3)), "M3"), "M4")
    obs = to_act(state)
    assert obs.seat == W and obs.legal_actions == ("M6", "M9")
    for level in ("normal", "hard"):
        assert picks(obs, level) == {"M6"}


def test_middle_player_beats_out_of_reach() -> None:  # §6.3.4
    hands = {S: "M3 C2 C3 C4", E: "M5 M9 C5 C6", W: "M6 M7 M8 C7"}
    played = {S: "C1 C8 C9 S1 S2 S3 S4 S5", E: "S6 S7 S8 S9 M1 M2 M4 T9", W: "T1 T2 T3 T4 T5 T6 T7 T8"}
    obs = to_act(RULES.apply(table(hands, played, caller=S, leader=S, fu=(2, 3, 3)), "M3"))
    assert obs.seat == E and obs.legal_actions == ("M5", "M9")
    assert picks(obs, "hard") == {"M9"}


def test_leads_a_safe_big_play_rather_than_a_losing_single() -> None:  # §6.3.3
    hands = {S: "T5 T6 T7 C2 C3 M4", E: "C4 C5 C6 C7 S2 T8", W: "M5 M6 M7 M8 S4 T9"}
    played = {S: "C1 C8 C9 S1 S3 S5", E: "S6 S7 S8 S9 M1 M2", W: "M3 M9 T1 T2 T3 T4"}
    obs = to_act(table(hands, played, caller=S, leader=S, fu=(2, 2, 2)))
    for level in ("normal", "hard"):
        assert picks(obs, level) == {"T5 T6 T7"}


def test_calls_a_strong_hand_and_passes_a_weak_one() -> None:  # §6.3.1
    strong = {
        S: "C1 C9 S9 M9 T9 T8 T7 C2 C3 C4 S2 S3",
        E: "C5 C6 C7 C8 S1 S4 S5 S6 S7 S8 M1 M2",
        W: "M3 M4 M5 M6 M7 M8 T1 T2 T3 T4 T5 T6",
    }
    weak = {
        S: "C2 C4 C6 S3 S5 M2 M4 M6 T2 T3 T5 S7",
        E: "C1 C3 C5 C7 C8 C9 S1 S2 S4 S6 S8 S9",
        W: "M1 M3 M5 M7 M8 M9 T1 T4 T6 T7 T8 T9",
    }
    for level in ("normal", "hard"):
        assert picks(to_act(start(strong, S)), level) == {"call"}
        assert picks(to_act(start(weak, S)), level) == {"pass"}


def test_view_after_own_throw_is_the_true_next_view() -> None:
    """Part way through a throw of several cards face down, the seat's next view is the one the
    true deal gives, though it is built from a sampled deal: nothing of it rests on a hidden card
    (the hint names a whole throw from it)."""
    rng, seen = random.Random(7), 0
    for seed in range(40):
        state = RULES.new_match(seed, {})
        while not RULES.is_over(state) and seen < 5:
            seat = RULES.current_player(state)
            obs = RULES.observation(state, seat)
            action = rng.choice(RULES.legal_actions(state))
            after = view_after_own_throw(RULES, obs, action)
            if action.startswith("discard ") and obs.to_discard > 1:
                assert after == RULES.observation(RULES.apply(state, action), seat)
                seen += 1
            else:
                assert after is None
            state = RULES.apply(state, action)
    assert seen == 5
